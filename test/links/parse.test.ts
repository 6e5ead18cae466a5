// Links, headings and anchors as a CommonMark parser and each site generator read them: every link
// form with the exact offset of its target, nothing inside code (fenced, indented, in blockquotes,
// in MkDocs admonitions), footnotes that are not links, heading attributes, generator slugs, wiki
// links resolved by name as Obsidian and Foam resolve them, and titles from the first heading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanMarkdown } from '../../src/links/parse.js';
import { headingAnchors, markdownLinks } from '../../src/links/markdown.js';
import { headingSlugs, slugify } from '../../src/links/slugs.js';
import { SiteIndex } from '../../src/links/site.js';
import { siteFor } from '../../src/links/generators.js';
import { rewriteLinks } from '../../src/links/rewrite.js';
import { firstHeading } from '../../src/sync/upstream.js';

const TEXT = `# Title {#custom}

Some [inline](a.md#x "t") and ![img](<i m.png>) and [ref][r] and [short] and [coll][].
> quote [q](q.md)
> more [q2](
>   q2.md)

- item [li](li.md)
    \`\`\`
    [code](no.md)
    \`\`\`

\`[span](no2.md)\`  <https://x.y> [[Wiki Note#Head|alias]] ![[emb.png]]

[r]: ./r.md
[short]: <s p.md> "t"
[coll]:
  coll.md
[^1]: foot [not](a-link-either.md)

    [indented](no3.md)

> \`\`\`
> [fenced in a quote](no4.md)
> \`\`\`

Setext [h](h.md)
---
`;

test('every link form, its kind and the exact offset of its target; nothing inside code', () => {
  const s = scanMarkdown(TEXT, { wiki: true });
  const got = s.links.map((l) => [l.kind, l.target, l.line, l.at >= 0 ? TEXT.slice(l.at, l.at + l.target.length) === l.target : 'unplaced', l.label ?? l.alias ?? '']);
  assert.deepEqual(got, [
    ['reference', '', 3, 'unplaced', 'R'], ['reference', '', 3, 'unplaced', 'SHORT'], ['reference', '', 3, 'unplaced', 'COLL'],
    ['inline', 'a.md#x', 3, true, ''], ['image', 'i m.png', 3, true, ''],
    ['inline', 'q.md', 4, true, ''], ['inline', 'q2.md', 6, true, ''], ['inline', 'li.md', 8, true, ''],
    ['autolink', 'https://x.y', 13, true, ''], ['wiki', 'Wiki Note#Head', 13, true, 'alias'], ['embed', 'emb.png', 13, true, ''],
    ['definition', './r.md', 15, true, 'R'], ['definition', 's p.md', 16, true, 'SHORT'], ['definition', 'coll.md', 18, true, 'COLL'],
    ['inline', 'a-link-either.md', 19, true, ''],
    ['inline', 'h.md', 27, true, ''],
  ]);
  assert.deepEqual(s.footnotes, ['1']);
  assert.deepEqual(s.headings.map((h) => [h.level, h.text, h.id, h.line]), [[1, 'Title', 'custom', 1], [2, 'Setext h', undefined, 27]]);
  // The compatibility export: reference uses left out, kinds given.
  assert.deepEqual(markdownLinks('a [x](y.md) `[z](q.md)`\n```\n[w](v.md)\n```\n![img](i.png "t")\n').map((l) => [l.kind, l.target, l.line]), [['inline', 'y.md', 1], ['image', 'i.png', 5]]);
});

test('MkDocs admonitions and tabs hold Markdown (their code stays code); without the option they are code', () => {
  const t = '!!! note "Heads up"\n    Read [API](api.md).\n\n    ```python\n    x = "[not](a.md)"\n    ```\n\n=== "Tab"\n\n    [tab](t.md)\n\n!!! warning\n\n    [in admonition](w.md)\n';
  const on = scanMarkdown(t, { admonitions: true }).links;
  assert.deepEqual(on.map((l) => [l.target, l.line, t.slice(l.at, l.at + l.target.length)]), [['api.md', 2, 'api.md'], ['t.md', 10, 't.md'], ['w.md', 14, 'w.md']]);
  assert.deepEqual(scanMarkdown(t).links.map((l) => l.target), ['api.md']);
});

test('heading attributes, HTML ids, footnote anchors, and slugs as each generator writes them', () => {
  const t = '# A {#one}\n## B { #two }\n## C { id="three" }\n## D {: #four .cls }\n## E {not an id}\n## v1.2 Options\n## Café Options\n## Dup\n## Dup\n<a id="five"></a>\n<!-- <h1 id="no">x</h1> -->\n\n<!-- <a id="nor"></a> -->\n\nText[^n].\n\n[^n]: note\n';
  const gh = headingAnchors(t);
  for (const a of ['one', 'two', 'three', 'four', 'e-not-an-id', 'v12-options', 'café-options', 'dup', 'dup-1', 'five', 'user-content-fn-n', 'fn:n', 'fn1']) assert.ok(gh.has(a), a);
  assert.ok(!gh.has('no') && !gh.has('nor'));
  const vp = headingAnchors(t, 'vitepress');
  assert.ok(vp.has('v1-2-options') && vp.has('cafe-options') && vp.has('dup-1'));
  const mk = headingAnchors(t, 'mkdocs');
  assert.ok(mk.has('cafe-options') && mk.has('dup_1') && mk.has('v12-options'));
  // A dot or colon continues an explicit id, as hugo, jekyll (kramdown) and mkdocs (attr_list) each write it.
  const dotted = headingAnchors('## v0.7.0 {#v0.7.0}\n## Ns {#a.b:c}\n## Class { #id .cls }\n', 'hugo');
  for (const a of ['v0.7.0', 'a.b:c', 'id']) assert.ok(dotted.has(a), a);
  assert.ok(!dotted.has('v0') && !dotted.has('a'));
  assert.equal(slugify('1. Install', 'vitepress'), '_1-install');
  assert.equal(slugify('Hello, World!', 'mdbook'), 'hello-world');
  assert.deepEqual(headingSlugs([{ text: 'x' }, { text: 'x' }, { text: 'x-1' }], 'github'), ['x', 'x-1', 'x-1-1']);
});

test('titles: the first heading of any level outside comments, code and MDX imports, {#id} stripped', () => {
  assert.equal(firstHeading('<!-- # Draft -->\n\n```\n# code\n```\n\n## Real title {#real}\n\n# Later\n'), 'Real title');
  assert.equal(firstHeading('Setext title\n============\n'), 'Setext title');
  assert.equal(firstHeading('<h1 class="x">HTML title</h1>\n\n# Later\n'), 'HTML title');
  assert.equal(firstHeading("import X from './_x.mdx';\n\n### The `api` page\n", { mdx: true }), 'The api page');
  assert.equal(firstHeading('No heading here.\n'), undefined);
});

test('wiki links resolve by name across the vault: case-insensitive, same folder first, then the shortest path; a path suffix narrows', () => {
  const files = ['Note.md', 'a/Note.md', 'a/b/Other.md', 'c/Other.md', 'img/pic one.png', 'Deep/Only Here.md'];
  const idx = new SiteIndex(files, files.filter((f) => f.endsWith('.md')), siteFor('obsidian', ''));
  const r = (t: string, from: string, embed = false) => { const x = idx.resolveWiki(t, from, embed); return x.status === 'ok' ? x.path : x.status; };
  assert.equal(r('note', 'x.md'), 'Note.md');
  assert.equal(r('Note', 'a/y.md'), 'a/Note.md');
  assert.equal(r('other', 'z.md'), 'c/Other.md');
  assert.equal(r('b/Other', 'z.md'), 'a/b/Other.md');
  assert.equal(r('c/other', 'z.md'), 'c/Other.md');
  assert.equal(r('only here', 'a/y.md'), 'Deep/Only Here.md');
  assert.equal(r('pic one.png', 'x.md', true), 'img/pic one.png');
  assert.equal(r('Missing', 'x.md'), 'broken');
  // Markdown links in a vault fall back to the name too.
  const m = idx.resolve({ kind: 'inline', target: 'Only%20Here.md' }, 'x.md');
  assert.equal(m.status === 'ok' && m.path, 'Deep/Only Here.md');
});

test('rewriteLinks: every form follows a rename in its own style, and a rewrite that cannot reach the file is returned, not written', () => {
  const files = ['My Note.md', 'guide/index.md', 'guide/x.md', 'img/a b.png'];
  const moves = new Map([['My Note.md', 'My-Note.md'], ['guide/index.md', 'guide/index-page.md'], ['img/a b.png', 'img/a-b.png']]);
  const site = siteFor('github', '');
  const before = new SiteIndex(files, files.filter((f) => f.endsWith('.md')), site);
  const newFiles = files.map((f) => moves.get(f) ?? f);
  const after = new SiteIndex(newFiles, newFiles.filter((f) => f.endsWith('.md')), site);
  const text = '[n](../My%20Note.md#top) [g](./) [abs](/guide/) [ext](index) ![i](../img/a%20b.png)\n[[My Note]] [[My Note#Sec|shown]] [d]\n\n[d]: <../My Note.md>\n';
  const r = rewriteLinks(text, 'guide/x.md', 'guide/x.md', { before, after, moves }, { wiki: true });
  assert.deepEqual(r.failures, []);
  assert.equal(r.text, '[n](../My-Note.md#top) [g](./index-page) [abs](/guide/index-page) [ext](index-page) ![i](../img/a-b.png)\n[[My-Note|My Note]] [[My-Note#Sec|shown]] [d]\n\n[d]: <../My-Note.md>\n');
  // A move to a file the renamed tree does not hold cannot be rewritten: it is returned.
  const bad = rewriteLinks('[n](../My%20Note.md)\n', 'guide/x.md', 'guide/x.md', { before, after, moves: new Map([['My Note.md', 'gone/My-Note.md']]) });
  assert.deepEqual(bad.failures.map((f) => [f.line, f.target, f.to]), [[1, '../My%20Note.md', 'gone/My-Note.md']]);
});

test('reference definitions as stock markdown-it reads them: 50,000 in a row, 5,000 footnotes, none interrupting a paragraph (review 2, finding 1)', async () => {
  const MarkdownIt = (await import('markdown-it')).default;
  const stock = new MarkdownIt('commonmark');
  const defined = (text: string) => { const env: { references?: Record<string, unknown> } = {}; stock.parse(text, env); return Object.keys(env.references ?? {}).length; };
  // Before the fix the rule was its own terminator: each definition's look-ahead recursed, and
  // about 3,000 definitions in a row overflowed the stack.
  const defs = `# L\n\n${Array.from({ length: 50_000 }, (_, i) => `[r${i}]: ./index.md\n`).join('')}`;
  const s = scanMarkdown(defs);
  assert.equal(s.links.filter((l) => l.kind === 'definition').length, 50_000);
  assert.equal(defined(defs), 50_000);
  assert.equal(s.links[49_999]!.line, 50_002);
  const notes = `# F\n\nText.[^1]\n\n${Array.from({ length: 5_000 }, (_, i) => `[^n${i}]: note-${i}\n`).join('')}`;
  assert.equal(scanMarkdown(notes).footnotes.length, 5_000);
  // A definition line cannot interrupt a paragraph: it is the paragraph's text, and links nowhere.
  const para = 'Some text\n[a]: ./missing.md\n';
  assert.deepEqual(scanMarkdown(para).links, []);
  assert.equal(defined(para), 0);
  // After a blank line it is a definition, as stock markdown-it has it.
  const after = 'Some text\n\n[a]: ./there.md\n';
  assert.deepEqual(scanMarkdown(after).links.map((l) => [l.kind, l.target, l.line]), [['definition', './there.md', 3]]);
  assert.equal(defined(after), 1);
});
