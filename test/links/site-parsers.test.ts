// The parsers the generator profiles added — Hugo's code shortcodes and TOML frontmatter (masked),
// MyST labels, glossaries and spans, the include syntaxes, the cross-reference syntaxes (Hugo's
// ref/relref, Liquid's link/post_url, MyST's roles) — on hostile input: each stays one pass
// (steps counted, never time: doubling the input no more than doubles the work), an include
// never leaves the tree or loops, and template code never yields a link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { observeSteps } from '../helpers/steps.js';
import { maskHugo } from '../../src/links/shortcodes.js';
import { labelFacts, labelsOf } from '../../src/links/labels.js';
import { includesOf } from '../../src/links/includes.js';
import { scanMarkdown } from '../../src/links/parse.js';
import { templateXrefs } from '../../src/links/xrefs.js';
import { SiteIndex } from '../../src/links/site.js';
import { detectSite, siteFor } from '../../src/links/generators.js';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const linksOf = (t: string) => scanMarkdown(t, {}).links.map((l) => [l.target, l.line]);

const MB = 1 << 20;
const fill = (unit: string, size: number) => unit.repeat(Math.floor(size / unit.length));

const FAMILIES: [string, string][] = [
  ['unclosed Hugo code shortcodes', '{{< code-toggle file=hugo >}}\n'],
  ['Hugo openers without an end', '{{< code a'],
  ['nested braces', '{{{{<<'],
  ['TOML menus inside code-toggle', '{{< code-toggle >}}\n[[menus.main]]\nname = "a"\n{{< /code-toggle >}}\n'],
  ['MyST labels', '(a)=\n'],
  ['MyST fences and directives', '```{note}\n:name: x\n'],
  ['glossary terms', '{.glossary}\nterm\n: def\n'],
  ['spans', '[a]{#b'],
  ['include chains', '{{% include "/a/b.md" %}}\n```{include} ../x.md\n{{#include y.md}}\n<!--@include: ./z.md-->\n[e](f.md \':include\')\n'],
  ['a 1 MB line of blanks and backticks', ' `'],
  ['Hugo ref shortcodes', '[a]({{< ref "x/y.md#z" >}}) {{% relref path="p" lang="fr" %}} '],
  ['Hugo ref openers without an end', '{{< ref "x'],
  ['Liquid link and post_url tags', '[a]({% link a/b.md %}#c) {% post_url 2024-01-01-x %} '],
  ['Liquid raw blocks never closed', '{% raw %}{% link a.md %}'],
  ['MyST roles', '{ref}`a <b>` {doc}`../c` {numref}`d` '],
  ['MyST roles with long titles', '{ref}`' + '<'.repeat(50) + ' x'],
];

for (const [name, unit] of FAMILIES) {
  test(`one pass: ${name}`, () => {
    const all = (t: string) => {
      maskHugo(t);
      labelsOf('sphinx', t);
      for (const g of ['hugo', 'sphinx', 'mdbook', 'vitepress', 'docsify'] as const) includesOf(g, 'a/p.md', t, '');
      templateXrefs('hugo', t);
      templateXrefs('jekyll', t);
      scanMarkdown(t, { roles: true });
    };
    const half = observeSteps(() => all(fill(unit, MB / 2))).steps;
    const full = observeSteps(() => all(fill(unit, MB))).steps;
    assert.ok(full <= 2.2 * half && full <= 400 * MB, `${name}: ${half} steps for 512 KB, ${full} for 1 MB`);
  });
}

test('Hugo: code inside code shortcodes and TOML frontmatter is no link; lines stay where they were', () => {
  const t = '+++\ntitle = "[a](toml.md)"\n+++\n\n{{< code-toggle file=hugo >}}\n[[menus.main]]\n[b](inside.md)\n{{</ code-toggle >}}\n\n[c](outside.md)\n{{< code >}}\n![d](e.jpg)\n{{< /code >}}\n[f](after.md)\n';
  const m = maskHugo(t);
  assert.equal(m.length, t.length);
  assert.equal(m.split('\n').length, t.split('\n').length);
  assert.deepEqual(linksOf(m), [['outside.md', 10], ['after.md', 14]]);
  // An unclosed code shortcode hides the rest of the page, never more.
  assert.deepEqual(linksOf(maskHugo('[a](x.md)\n{{< highlight go >}}\n[b](y.md)\n')), [['x.md', 1]]);
});

test('MyST labels: (label)=, :name:, figure-md, glossary terms and spans count; code fences do not', () => {
  const t = '(top)=\n# T\n\n```{tip}\n:name: tip-1\n```\n\n:::{figure-md} fig-1\n:::\n\n```python\n(code)=\n:name: code-name\n```\n\n{.glossary}\nMy Term\n: def\n\nA [span]{#s-1}.\n';
  assert.deepEqual(labelsOf('sphinx', t).sort(), ['fig-1', 'my term', 's-1', 'tip-1', 'top']);
  assert.deepEqual(labelsOf('hugo', t), []);
});

test('includes: relative paths inside the tree only — schemes, climbing out and the root of the disk are never followed', () => {
  // Hugo's Page.GetPage: beside the page first, then from the content root (a logical path may leave out `.md`).
  assert.deepEqual(includesOf('hugo', 'a/p.md', '{{% include "/x/_common/y.md" %}} {{< include "z.md" >}}', ''), ['x/_common/y.md', 'a/z.md', 'z.md']);
  assert.deepEqual(includesOf('hugo', 'p.md', '{{% include "_common/y" %}}', ''), ['_common/y', '_common/y.md', '_common/y/index.md', '_common/y/_index.md']);
  assert.deepEqual(includesOf('sphinx', 'a/p.md', '```{include} ../../../etc/passwd\n```\n```{literalinclude} ../b.py\n```\n```{include} https://x/y.md\n```\n', ''), ['b.py']);
  assert.deepEqual(includesOf('mdbook', 'src/p.md', '{{#include ../../outside.rs}} {{#include ./code.rs:2:5}}', ''), ['src/code.rs']);
  assert.deepEqual(includesOf('vitepress', 'docs/p.md', '<!--@include: ./parts/a.md-->', ''), ['docs/parts/a.md']);
  assert.deepEqual(includesOf('docsify', 'p.md', "[x](_media/a.md ':include')", ''), ['_media/a.md']);
  assert.deepEqual(includesOf('github', 'p.md', '{{% include "/x.md" %}}', ''), []);
});

test('MyST labels: a directive fence ends at its first closing line, whatever fences its content opened', () => {
  // (MyST-Parser's docs/syntax/reference.md: list-tables in five-backtick fences with code fences inside.)
  const t = '`````{list-table}\n* - ```md\n    x\n    ```\n`````\n\n(after)=\n### After\n\n(para)=\nText.\n';
  assert.deepEqual(labelFacts('sphinx', t), { all: ['after', 'para'], titled: ['after'], titles: new Map([['after', 'After']]) });
});

test('VitePress pages as vitepress 1.6.4 builds them: index.md serves its folder at `dir/` only, `.md` files only, `/x` is public/x.html', () => {
  const files = ['index.md', 'guide/index.md', 'notes/README.md', 'c.mdx', 'b.markdown', 'public/pure.html', 'public/logo.png'];
  const docs = files.filter((f) => /\.(md|mdx|markdown)$/.test(f));
  const vp = new SiteIndex(files, docs, siteFor('vitepress', ''));
  const gh = new SiteIndex(files, docs, siteFor('github', ''));
  const at = (s: SiteIndex, target: string) => { const r = s.resolve({ kind: 'inline', target }, 'index.md'); return r.status === 'ok' ? r.path : r.status; };
  assert.deepEqual(['./guide/', './guide', './notes/', './notes/README', './c', './b', '/pure', '/pure.html', '/logo.png'].map((t) => at(vp, t)),
    ['guide/index.md', 'broken', 'broken', 'notes/README.md', 'broken', 'broken', 'public/pure.html', 'public/pure.html', 'public/logo.png']);
  // Elsewhere the folder's README and the other Markdown extensions still serve (GitHub renders them).
  assert.deepEqual(['./guide', './notes/', './c', './b'].map((t) => at(gh, t)), ['guide/index.md', 'notes/README.md', 'c.mdx', 'b.markdown']);
});

test('Docusaurus 3.10 links that name files: `@site/` from the site folder; `.md` from the page folder, then the docs folder, then the site folder; `./x.md` from the page folder only; a URL finds a page by its id, never by its file name', () => {
  // The site folder checked (docs/ inside it), and the docs folder checked alone (the site folder above it).
  const siteFiles = ['docs/intro.md', 'docs/a/01-first.md', 'docs/a/b/deep.md', 'static/img/logo.png', 'blog/post.md'];
  const siteDocs = siteFiles.filter((f) => f.endsWith('.md'));
  const here = new SiteIndex(siteFiles, siteDocs, { ...siteFor('docusaurus', 'docs/'), docIds: true, siteDocs: undefined },
    new Map([['docs/a/01-first.md', { id: 'one' }]]));
  const docsFiles = ['intro.md', 'a/01-first.md', 'a/b/deep.md'];
  const above = new SiteIndex(docsFiles, docsFiles, { ...siteFor('docusaurus', ''), docIds: true }, new Map([['a/01-first.md', { id: 'one' }]]));
  const at = (s: SiteIndex, target: string, from: string) => { const r = s.resolve({ kind: 'inline', target }, from); return r.status === 'ok' ? r.path : r.status; };
  // From a page of the folder a/: its folder first, then the docs folder, then the site folder.
  assert.deepEqual(['intro.md', 'b/deep.md', 'a/b/deep.md', 'docs/intro.md', './intro.md', '../intro.md', '/intro.md', '/docs/intro.md', 'nope.md'].map((t) => at(here, t, 'docs/a/01-first.md')),
    ['docs/intro.md', 'docs/a/b/deep.md', 'docs/a/b/deep.md', 'docs/intro.md', 'broken', 'docs/intro.md', 'docs/intro.md', 'docs/intro.md', 'broken']);
  // A Markdown file must be a page of the docs: one in the blog never resolves; another version's is not read.
  assert.deepEqual(['intro.md', 'b/deep.md', './intro.md', '/intro.md', '/docs/intro.md', 'nope.md', 'blog/post.md', '../../blog/post.md'].map((t) => at(above, t, 'a/01-first.md')),
    ['intro.md', 'a/b/deep.md', 'broken', 'intro.md', 'intro.md', 'broken', 'broken', 'broken']);
  // Out of the docs folder and back in (the site folder is above it), or into another version's docs.
  assert.deepEqual(['../docs/a/b/deep.md', '../versioned_docs/version-1.0/intro.md', '../../outside.md'].map((t) => at(above, t, 'intro.md')), ['a/b/deep.md', 'unseen', 'outside']);
  // `@site/`: from the site folder — inside the tree when it is the site folder, only `docs/` when it is the docs folder.
  assert.deepEqual(['@site/docs/a/b/deep.md', '@site/static/img/logo.png', '@site/static/img/gone.png', '@site/docs/gone.md'].map((t) => at(here, t, 'docs/intro.md')),
    ['docs/a/b/deep.md', 'static/img/logo.png', 'broken', 'broken']);
  assert.deepEqual(['@site/docs/a/b/deep.md', '@site/static/img/logo.png', '@site/docs/gone.md', '@site/../../etc/passwd', '/../../x.md'].map((t) => at(above, t, 'intro.md')), ['a/b/deep.md', 'unseen', 'broken', 'outside', 'outside']);
  // URLs: the page with `id: one` is /docs/a/one, never /docs/a/01-first; a page without an id is at its name.
  assert.deepEqual(['/docs/a/one', '/docs/a/01-first', '/docs/a/first', 'a/one', '/docs/a/b/deep'].map((t) => at(above, t, 'intro.md')),
    ['a/01-first.md', 'broken', 'broken', 'a/01-first.md', 'a/b/deep.md']);
  // A URL link is resolved against the page's URL, which a slug moves (`/moved` is /docs/moved; `/api/` ends in a slash);
  // a file (an image) is still taken from the page's folder.
  const slugged = ['intro.md', 'a/01-first.md', 'a/b/deep.md', 'a/b/pic.png', 'a/b/api.md'];
  const sl = new SiteIndex(slugged, slugged.filter((f) => f.endsWith('.md')), { ...siteFor('docusaurus', ''), docIds: true },
    new Map([['a/b/deep.md', { slug: '/moved' }], ['a/b/api.md', { slug: '/api/' }], ['a/01-first.md', { id: 'one' }]]));
  assert.deepEqual(['./intro', './a/one', './one', './pic.png', '../intro'].map((t) => at(sl, t, 'a/b/deep.md')), ['intro.md', 'a/01-first.md', 'broken', 'a/b/pic.png', 'elsewhere']);
  assert.deepEqual(['./x', '../intro', '../moved'].map((t) => at(sl, t, 'a/b/api.md')), ['broken', 'intro.md', 'a/b/deep.md']);
});

test('a Docusaurus version folder (versioned_docs/version-X, docs:version) synced by itself: its site two folders up, served under /docs/X/, or /docs/ when versions.json names it first', async () => {
  const root = tmpDir('ctxforge-docusaurus-versions-');
  writeTree(root, {
    'docusaurus.config.js': 'process.exit(1);\n', 'versions.json': '["2.0", "1.0"]\n',
    'docs/intro.md': '# Next\n',
    'versioned_docs/version-1.0/intro.md': '# One\n\n[two](@site/versioned_docs/version-1.0/b.md), [next](@site/docs/intro.md), [self](/docs/1.0/b), [latest](/docs/b)\n',
    'versioned_docs/version-1.0/b.md': '# B\n',
    'versioned_docs/version-2.0/intro.md': '# Two\n',
  });
  const one = await detectSite(join(root, 'versioned_docs', 'version-1.0'));
  assert.deepEqual([one.generator, one.routeBase, one.siteDocs, one.marker, one.notRead], ['docusaurus', 'docs/1.0', 'versioned_docs/version-1.0/', '../../docusaurus.config.js', ['../../docusaurus.config.js']]);
  assert.equal((await detectSite(join(root, 'versioned_docs', 'version-2.0'))).routeBase, 'docs');
  const ix = new SiteIndex(['intro.md', 'b.md'], ['intro.md', 'b.md'], one);
  const at = (target: string) => { const r = ix.resolve({ kind: 'inline', target }, 'intro.md'); return r.status === 'ok' ? r.path : r.status; };
  // Its own pages by @site/ and by URL; the current docs' pages are not read; another version's URL is not this folder's.
  assert.deepEqual(['@site/versioned_docs/version-1.0/b.md', '@site/docs/intro.md', '/docs/1.0/b', '/docs/b'].map(at), ['b.md', 'unseen', 'b.md', 'elsewhere']);
  // A folder named version-x elsewhere is nobody's version.
  writeTree(root, { 'other/version-3/a.md': '# A\n' });
  assert.equal((await detectSite(join(root, 'other', 'version-3'))).generator, 'github');
});

test('a VitePress configuration folder (.vitepress/config/index.ts, which VitePress reads first) is named as not read, as .vitepress/config.ts is', async () => {
  const root = tmpDir('ctxforge-vitepress-config-');
  writeTree(root, { 'docs/.vitepress/config/index.ts': 'throw new Error("never run");\n', 'docs/.vitepress/config/en.ts': 'export {}\n', 'docs/index.md': '# Home\n' });
  const site = await detectSite(join(root, 'docs'));
  assert.deepEqual([site.generator, site.notRead], ['vitepress', ['.vitepress/config/index.ts']]);
});
