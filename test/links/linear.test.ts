// Link and heading scanning stays linear on hostile input (issue 24): a 1 MB line, and long runs of
// `[`, `(`, backticks and backslashes, are each read in one pass — measured in steps (characters
// read, see test/helpers/steps.ts), never in time. The hand-written scanner this replaces read a
// 60 KB line quadratically.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { observeSteps } from '../helpers/steps.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { fastLinks } from '../../src/links/fast.js';
import { anchorsOf } from '../../src/links/site.js';
import { markdownLinks } from '../../src/links/markdown.js';
import { firstHeading, normaliseBody } from '../../src/sync/upstream.js';

const MB = 1 << 20;
// Whole units, so both sizes end alike (a cut link would send only one of them to the parser).
const line = (unit: string, size: number) => unit.repeat(Math.floor(size / unit.length));

/**
 * Every scanner over the text: the parser with every option (markdownLinks and headingAnchors are
 * this parse, or the fast path), heading anchors through the generators' slug rules, the fast path.
 */
const scanAll = (t: string) => {
  const s = scanMarkdown(t, { wiki: true, admonitions: true, mdx: true });
  for (const g of ['github', 'vitepress', 'mkdocs', 'mdbook'] as const) anchorsOf(s, g);
  fastLinks(t);
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
    const half = observeSteps(() => scanAll(line(unit, MB / 2))).steps;
    const full = observeSteps(() => scanAll(line(unit, MB))).steps;
    // Twice the input costs twice the steps (a quadratic scanner would cost four times), and every
    // character is read a bounded number of times.
    assert.ok(full <= 2.2 * half, `${name}: ${half} steps for 512 KB, ${full} for 1 MB`);
    assert.ok(full <= 400 * MB, `${name}: ${full} steps for 1 MB (${(full / MB).toFixed(1)} a character)`);
  });
}

// Long runs of blanks inside a line: a pattern that starts with a blank quantifier rescans the run
// from each of its blanks (a trailing-blank regex and the heading-attribute one did).
const BLANKS: [string, (n: number) => string][] = [
  ['a heading with a 1 MB run of blanks', (n) => `# a${' '.repeat(n)}b {#x}\n`],
  ['a paragraph with a 1 MB run of blanks', (n) => `a${' '.repeat(n)}b\n\ntext`],
];
for (const [name, make] of BLANKS) {
  test(`linear: ${name} (titles and bodies as sync reads them too)`, () => {
    const all = (t: string) => { scanAll(t); firstHeading(t); normaliseBody(t); markdownLinks(t); };
    const half = observeSteps(() => all(make(MB / 2))).steps;
    const full = observeSteps(() => all(make(MB))).steps;
    assert.ok(full <= 2.2 * half && full <= 400 * MB, `${name}: ${half} steps for 512 KB, ${full} for 1 MB`);
  });
}

test('linear: the step counter itself sees a quadratic scan', () => {
  // A scanner that looks for a closing bracket from every opening one (the shape of the old regex).
  const quadratic = (t: string) => { let n = 0; for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) === 0x5b && t.indexOf(']', i) < 0) n++; return n; };
  const a = observeSteps(() => quadratic('['.repeat(4000))).steps;
  const b = observeSteps(() => quadratic('['.repeat(8000))).steps;
  assert.ok(b > 3.5 * a);
});
