// The parser-free frontmatter path (core/yaml-flat.ts) answers only where it gives exactly what
// the reference YAML parser gives: on OKF-shaped frontmatter, on values chosen to be read as
// something other than a string, and on thousands of mutations of them. When unsure it must
// decline (undefined), never guess.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { parseFlatYaml } from '../../src/core/yaml-flat.js';
import { parseReference, parseYamlSafe } from '../../src/core/yaml-safe.js';
import { seeded } from '../helpers/random.js';

const OKF = 'type: Guide\ntitle: Entity deterministic guide 1500\ndescription: Voruvo spexesi the teno throughput be from the document.\ntags:\n  - api\n  - guide\noctx:\n  document_id: 019b76da-c164-74c9-bfdd-a72b8031e835\n';

function reference(text: string): { ok: true; value: unknown } | { ok: false } {
  try { return { ok: true, value: parseReference(text) }; } catch { return { ok: false }; }
}

function holds(text: string): boolean {
  const flat = parseFlatYaml(text);
  if (flat === undefined) return false;
  const ref = reference(text);
  assert.ok(ref.ok && isDeepStrictEqual(ref.value, flat), `${JSON.stringify(text)}: flat ${JSON.stringify(flat)}, reference ${JSON.stringify(ref)}`);
  // And through the public entry, with its gate in front.
  assert.deepEqual(parseYamlSafe(text), ref.value);
  return true;
}

test('OKF frontmatter is read without a parser, as the reference reads it', () => {
  assert.ok(holds(OKF));
  assert.deepEqual(parseFlatYaml(OKF), { type: 'Guide', title: 'Entity deterministic guide 1500', description: 'Voruvo spexesi the teno throughput be from the document.', tags: ['api', 'guide'], octx: { document_id: '019b76da-c164-74c9-bfdd-a72b8031e835' } });
  assert.ok(holds('okf_version: v0\n'));
  assert.ok(holds("title: It's the (new) guide, v2.1; see a/b_c+d-e\n"));
});

test('values YAML reads as anything but a string, and shapes it reads otherwise, are left to the parsers', () => {
  const declined = [
    'a: true', 'a: True', 'a: FALSE', 'a: null', 'a: Null', 'a: ~', 'a: 1', 'a: 1.5', 'a: .inf', 'a: 0x1F', 'a: 2024-01-01', 'a: 1e3', 'a: -1',
    'a:', 'a: ', 'a:  x', 'a: x ', "a: x'", "a: 'q'", 'a: "q"', 'a: x # c', 'a: x: y', 'a: [x]', 'a: {x: 1}', 'a: |', 'a: >', 'a: é', 'a: x\ta',
    'a: 019B76DA-C164-74C9-BFDD-A72B8031E835', 'true: x', 'null: x', '1: x', '-a: x', '__proto__: x', 'a: x\na: y', 'a:\n  b: x\n  b: y',
    'a:\n  - x\n  b: y', 'a:\n  b: y\n  - x', 'a:\n    - x', 'a:\n- x', 'a:\n  -x', 'a: x\n\nb: y', '# c\na: x', 'a: x\r\n', ' a: x', 'a : x', 'a:\n  b:\n    c: d', 'a: x\n  y',
  ];
  for (const t of declined) assert.equal(parseFlatYaml(t), undefined, JSON.stringify(t));
});

test('thousands of mutations of OKF frontmatter: whatever the flat path answers, the reference answers too', () => {
  const r = seeded(28);
  const inserts = [' ', '  ', ':', ': ', '#', ' #', '-', '- ', '\n', '\n  ', "'", '"', 'true', 'null', '1', '0x', '.', ',', '[', '{', '~', '|', '>', 'é', '\t', '__proto__', 'a:', '  - ', '2024-01-01',
    // What js-yaml's gate sends to the reference: the flat path runs before that gate, so it must decline these itself.
    '&', '&a ', '*', '*a', '!', '!!str ', '%', '?', '? ', ']', '}', ']:', '}:', '"#', ',#'];
  let answered = 0;
  for (let n = 0; n < 6000; n++) {
    let t = OKF;
    for (let k = 1 + r.below(3); k > 0; k--) {
      const at = r.below(t.length + 1);
      const op = r.below(3);
      if (op === 0) t = t.slice(0, at) + inserts[r.below(inserts.length)] + t.slice(at);
      else if (op === 1) t = t.slice(0, at) + t.slice(at + 1 + r.below(3));
      else { const lines = t.split('\n'); const i = r.below(lines.length); const j = r.below(lines.length); [lines[i], lines[j]] = [lines[j]!, lines[i]!]; t = lines.join('\n'); }
    }
    if (holds(t)) answered++;
  }
  // Most mutations are declined; enough are answered for the comparison to mean something.
  assert.ok(answered > 500, `answered ${answered}`);
});
