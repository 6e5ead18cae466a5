// Frontmatter is scanned in one pass (issue 24): splitting the `---` block off a document, and
// finding the line of each key in it (ctxpkg node frontmatter). Before, the key finder was the
// regular expression /^("?)([^\s:"#][^:"]*)\1\s*:/, which backtracks quadratically over a long line
// without a colon (a 20 000-character line took a quarter of a second, 1 MB about ten minutes).
// Both now read each character a fixed number of times (steps counted, never timed) and decide
// exactly what the expressions they replace decided.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as yamlSafe from '../../src/core/yaml-safe.js';
import * as ctxpkgSource from '../../src/ctxpkg/source.js';
import { assertOnePass, PATHOLOGICAL, repeatTo } from '../helpers/steps.js';

/** The first round's splitter, as the specification. */
function oracleSplit(text: string) {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return { yaml: '', yamlLine: 1, body: text, bodyLine: 1, present: false };
  const rest = text.slice(open[0].length);
  const m = /(^|\n)((?:---|\.\.\.)[ \t]*)(\r?\n|$)/.exec(rest);
  const idx = m ? m.index + m[1]!.length : -1;
  const fenceLen = m ? m[2]!.length + m[3]!.length : 0;
  if (idx < 0) return { yaml: '', yamlLine: 2, body: text, bodyLine: 1, present: false };
  const yaml = rest.slice(0, idx);
  const yamlLines = yaml.split('\n').length - (yaml.endsWith('\n') || yaml === '' ? 1 : 0);
  return { yaml, yamlLine: 2, body: rest.slice(idx + fenceLen), bodyLine: 2 + yamlLines + 1, present: true };
}

const oracleKey = (l: string) => /^("?)([^\s:"#][^:"]*)\1\s*:/.exec(l)?.[2];

const split = (text: string, steps?: (n: number) => void) => (yamlSafe.splitFrontmatter as (t: string, s?: (n: number) => void) => ReturnType<typeof oracleSplit>)(text, steps);
const lineKey = (l: string): string | undefined => {
  const f = (ctxpkgSource as Record<string, unknown>).lineKey as ((l: string) => string | undefined) | undefined;
  if (!f) throw new Error('lineKey is missing');
  return f(l);
};

test('the one-pass splitter and key finder decide what the expressions decided', () => {
  const piece = fc.constantFrom('---', '...', '-', '.', ' ', '\t', '\r', '\n', '\r\n', 'a', 'title: x', ':', '"', '#', 'k', '\u00a0');
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
    const t = parts.join('');
    assert.deepEqual(split(t), oracleSplit(t), JSON.stringify(t));
    for (const l of t.split('\n')) assert.equal(lineKey(l), oracleKey(l), JSON.stringify(l));
  }), { numRuns: 5000, seed: 24 });
});

test('one pass: frontmatter of any shape, and a 1 MB line without a colon', () => {
  const families = {
    ...PATHOLOGICAL,
    'an open fence and no close': (n: number) => `---\n${repeatTo('a: b\n', n - 4)}`,
    'fences of spaces': (n: number) => `---\n${repeatTo('---  \t x\n', n - 4)}`,
    'one long key line': (n: number) => `---\na${' '.repeat(n - 8)}x\n---\n`,
  };
  assertOnePass('splitFrontmatter', (s, steps) => split(s, steps), families, { perChar: 3 });
  // The key finder on the line the old expression spent minutes on: counted by hand (it is a loop).
  const line = `a${' '.repeat(1 << 20)}x`;
  assert.equal(lineKey(line), undefined);
  assert.equal(lineKey(`"${'k'.repeat(1 << 20)}"   : v`), 'k'.repeat(1 << 20));
});
