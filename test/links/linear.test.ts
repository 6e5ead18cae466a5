// Link and heading scanning stays linear on hostile input (issue 24): a 1 MB line, and long runs of
// `[`, `(`, backticks and backslashes, are each read in one pass — measured in steps (characters
// read, see test/helpers/steps.ts), never in time. The hand-written scanner this replaces read a
// 60 KB line quadratically.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countSteps } from '../helpers/steps.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { fastLinks } from '../../src/links/fast.js';
import { markdownLinks, headingAnchors } from '../../src/links/markdown.js';

const MB = 1 << 20;
// Whole units, so both sizes end alike (a cut link would send only one of them to the parser).
const line = (unit: string, size: number) => unit.repeat(Math.floor(size / unit.length));

/** Every scanner over the text: the parser with every option, the fast path, the compatibility exports, heading anchors. */
const scanAll = (t: string) => {
  scanMarkdown(t, { wiki: true, admonitions: true, mdx: true });
  fastLinks(t);
  markdownLinks(t);
  // Headings: their anchors through VitePress's slug rules (titles use the same parse).
  headingAnchors(t, 'vitepress');
};

const UNITS: [string, string][] = [
  ['a 1 MB line of prose with links', 'See [the guide](guide/x.md#a) and `code` here. '],
  ['[', '['],
  ['(', '('],
  ['backtick', '`'],
  ['backslash', '\\'],
  ['[a](', '[a]('],
  ['![[a', '![[a'],
  ['[`', '[`'],
  ['<a', '<a'],
  ['# heading {#', '# x {#'],
];

for (const [name, unit] of UNITS) {
  test(`linear: ${name} — one pass over a 1 MB line`, () => {
    const half = countSteps(() => scanAll(line(unit, MB / 2))).steps;
    const full = countSteps(() => scanAll(line(unit, MB))).steps;
    // Twice the input costs twice the steps (a quadratic scanner would cost four times), and every
    // character is read a bounded number of times.
    assert.ok(full <= 2.2 * half, `${name}: ${half} steps for 512 KB, ${full} for 1 MB`);
    assert.ok(full <= 400 * MB, `${name}: ${full} steps for 1 MB (${(full / MB).toFixed(1)} a character)`);
  });
}

test('linear: the step counter itself sees a quadratic scan', () => {
  // A scanner that looks for a closing bracket from every opening one (the shape of the old regex).
  const quadratic = (t: string) => { let n = 0; for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) === 0x5b && t.indexOf(']', i) < 0) n++; return n; };
  const a = countSteps(() => quadratic('['.repeat(4000))).steps;
  const b = countSteps(() => quadratic('['.repeat(8000))).steps;
  assert.ok(b > 3.5 * a);
});
