// The fast path of link scanning finds exactly the links the CommonMark parser finds, or gives the
// text to the parser: compared on generated texts built from the pieces that make links hard
// (brackets, parentheses, code spans and fences, titles, list markers, indentation, HTML, escapes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fastLinks } from '../../src/links/fast.js';
import { scanMarkdown } from '../../src/links/parse.js';

const PIECES = [
  'word', ' ', ' ', '\n', '\n\n', '[', ']', '(', ')', '![', '`', '``', '"', "'", '#', '# ', '## ', '- ', '* ', '1. ', '  ', '    ', '\t',
  '```', '```js', '~~~', '>', '> ', '*', '_', '<', '<b>', '\\', '&amp;', ']:', '[^1]', '[[x]]', '---', '===',
  '[x](y.md)', '[a](b.md#c "t")', "[a](b 't')", '[a]( b )', '[a](<b c>)', '[a](b(c))', '[a](b(c)', '`[x](y)`', '[`a]`](b)',
  '![i](p.png)', '[a][b]', '[a]', '[]()', '[a]()', '[ ](x)', '[a](b c)', '[a] (b)', '- [ ] task', '[a](\n', '\n```\n[q](r)\n```\n',
  '+ ', '1) ', '   ', '***', '~~~js', '````', '[a](b "c" )', '[a](b\t"c")', '[a](b "c"x)', '[a](b "c\nd")', '  - ', '| ', 'é', '[a](b)c](d)', '[a]((b)', '[a](b))', '!', '[!', '`` ` ``', '[a``](b)',
];

const doc = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((a) => a.join(''));

test('fast path: where it answers, the same links (kind, target, line, offset) as the parser', () => {
  let answered = 0;
  let withLinks = 0;
  fc.assert(fc.property(doc, (t) => {
    const fast = fastLinks(t);
    if (fast === undefined) return true;
    answered++;
    if (fast.length) withLinks++;
    const full = scanMarkdown(t).links;
    assert.deepEqual(fast, full, JSON.stringify(t));
    return true;
  }), { numRuns: 4000, seed: 424242 });
  // The comparison means something only if the fast path answers often, links included.
  assert.ok(answered > 800 && withLinks > 300, `${answered} answered, ${withLinks} with links`);
});

test('fast path: plain pages of a doc set are answered without the parser', () => {
  const page = '# Title\n\nSome text with [a link](../a/b.md#usage) and `code` and **bold**.\n\n- item [two](two.md)\n- [ ] task\n\n```sh\n[not](a-link.md)\n```\n\n## Usage\n\nMore [x](y.md "title").\n';
  const fast = fastLinks(page);
  assert.ok(fast);
  assert.deepEqual(fast.map((l) => [l.kind, l.target, l.line]), [['inline', '../a/b.md#usage', 3], ['inline', 'two.md', 5], ['inline', 'y.md', 14]]);
  assert.deepEqual(fast, scanMarkdown(page).links);
  // What it cannot be sure of goes to the parser.
  for (const t of ['a\\[b](c)', '<https://x>', '[a]: b', 'x [^1]', '[[w]]', '> [q](r)', '    [c](d)', '- ```\n  [x](y)\n  ```', 'a `b\n[c](d)`']) assert.equal(fastLinks(t), undefined, t);
});
