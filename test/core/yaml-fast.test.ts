// The fast YAML path must never change a verdict or a value: every input gives what the reference
// parser gives (same value, or the same error), on hand-picked edge cases and on generated documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { dump } from 'js-yaml';
import { stringify } from 'yaml';
import { parseYamlSafe, parseReference } from '../../src/core/yaml-safe.js';

const samples = [
  "'': [.:]#]\n", "'': [{(:,: '0o17'}]\n", 'a: {x: 1, : 2}', ': x', '- : x', 'a: [: x]', 'a: [x]#c', 'a: {b: 1}#c', 'a: "q"#c', "a: 'q'#c", 'a: [x,#c]', 'a: C# and F#', 'a: [x] #c', '', 'a: 1', 'a: 1\nb: [1, 2, x]\nc:\n  d: e\n', 'a: 0o17\nb: 0x1F\nc: -0x1F\nd: +12\ne: 1_000\nf: 0b11\ng: 017\nh: 1e3\ni: .5\nj: 1.\nk: .inf\nl: -.Inf\nm: .NaN\nn: 1.0e+3\n',
  'a: yes\nb: no\nc: on\nd: True\ne: FALSE\nf: ~\ng: Null\nh:\ni: null\n', 'a: "1"\nb: \'true\'\nc: "x\\ty"', 'a: 12345678901234567890\n',
  'a: b: c', 'a: 1\na: 2', 'x:\n\t- a', 'list:\n- a\n- b\n', 'a: |\n  line1\n  line2\nb: >\n  folded\n  text\n', '- a\n- b', 'just a string', '123', '"q"',
  'a: [1, [2, 3]]', 'a: {b: 1}', 'a: x # comment\n# c\nb: y', 'a: "unterminated', 'a:\n  - b: 1\n    c: 2\n  - d\n', 'k: v\n  bad: indent', '1: a\n"1": b', 'a: 2001-12-14', 'a: 1:2', 'a: :x', 'a: -', 'a: - b',
  'a: "\\u00e9"', "a: 'it''s'", 'a: "\\x41"', 'a: 3.14\nb: -0\nc: +0.0\nd: 00\ne: -012', 'a:   spaced   ', 'a: [a, b,]', 'a: [,]', 'a: {', 'a\nb', 'a:\n  b:\n    c:\n      d: 1', 'key with spaces: v', '"quoted key": v', '? a\n: b', 'a: &x 1', 'a: *x', 'a: !!str 1', 'a: !custom x', '%YAML 1.2\n---\na: 1', 'a: 1\n---\nb: 2', 'a: 1\n...\n', '<<: {a: 1}', '__proto__: {polluted: 1}', 'constructor: x', 'a: @x', 'a: `x`', 'a: "multi\n  line"', 'a: plain\n  continued\n', 'a: 0x', 'a: 0o8', 'a: 1e', 'a: .', 'a: -.5e-3', 'a: 9007199254740993',
];

function outcome(f: () => unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  try { return { ok: true, value: f() }; } catch (e) { return { ok: false, message: (e as Error).message }; }
}

function agree(text: string, intAsBigInt: boolean): void {
  const ref = outcome(() => parseReference(text, { intAsBigInt, lineOffset: 1 }));
  const got = outcome(() => parseYamlSafe(text, { intAsBigInt, lineOffset: 1 }));
  assert.ok(isDeepStrictEqual(ref, got), `${JSON.stringify(text)} (bigint ${intAsBigInt}): reference ${JSON.stringify(ref, (_k, v) => typeof v === 'bigint' ? `${v}n` : v)}, got ${JSON.stringify(got, (_k, v) => typeof v === 'bigint' ? `${v}n` : v)}`);
}

test('edge cases: the fast path and the reference agree on value or error', () => {
  for (const intAsBigInt of [false, true]) for (const s of samples) agree(s, intAsBigInt);
});

test('safety rules hold on the fast path: anchors, aliases, custom tags and duplicate keys are rejected with a line', () => {
  for (const [text, re] of [['a: &x 1\nb: 2', /anchors/], ['a: 1\nb: *x', /alias/i], ['a: !custom x', /tag/], ['a: 1\nb: 2\na: 3', /unique|duplicate/i]] as const) {
    assert.throws(() => parseYamlSafe(text, { lineOffset: 1 }), (e: Error & { line?: number }) => re.test(e.message) && typeof e.line === 'number');
  }
});

test('aliases allowed only when asked (site configuration), expanded up to the bound: a billion laughs is refused', () => {
  assert.deepEqual(parseYamlSafe('v: &v 1\ns: &s { m: [a, b] }\nx: *v\ny: [*s, *s]\n', { aliases: 100 }), { v: 1, s: { m: ['a', 'b'] }, x: 1, y: [{ m: ['a', 'b'] }, { m: ['a', 'b'] }] });
  assert.throws(() => parseYamlSafe('v: &v 1\nx: *v\n'), /anchors are not allowed/);
  const lol = ['a: &a [l, l, l, l, l, l, l, l, l]'];
  for (let i = 1; i < 9; i++) lol.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(', ')}]`);
  assert.throws(() => parseYamlSafe(lol.join('\n'), { aliases: 1000 }), /aliases expand beyond 1000/);
});

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }), fc.integer(), fc.double({ noDefaultInfinity: false }), fc.boolean(), fc.constant(null),
  fc.constantFrom('0o17', '0x1F', '1_000', '0b11', 'yes', 'No', '~', 'NULL', '1e3', '.5', '-.inf', '.NaN', '2001-12-14', 'a: b', '- x', '#x', "it's", '"q"', 'tab\there', 'é ☃ 𝄞', ' lead', 'trail '),
);
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, scalar, fc.array(tie('node'), { maxLength: 4 }), fc.dictionary(fc.string({ maxLength: 8 }), tie('node'), { maxKeys: 4 })),
})).node;

test('generated documents, written by two different YAML writers, parse the same on both paths', () => {
  fc.assert(fc.property(value, fc.boolean(), (v, bigint) => {
    for (const text of [dump(v, { lineWidth: -1 }), stringify(v), dump(v, { flowLevel: 1 })]) agree(text, bigint);
  }), { numRuns: 300 });
});
