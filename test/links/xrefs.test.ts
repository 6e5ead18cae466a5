// Cross-references in a generator's own syntax, resolved through the site's pages as the generator
// resolves them (the rules test/interop/sites holds against hugo 0.111, jekyll 4.3 and Sphinx 5.3
// with myst-parser 0.18): each case is a real tree checked by checkTreeLinks, and says which lines
// are broken — and that nothing else is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import { detectSite } from '../../src/links/generators.js';
import { checkTreeLinks } from '../../src/links/check.js';
import { readUpstream } from '../../src/sync/upstream.js';
import { templateXrefs } from '../../src/links/xrefs.js';
import { scanMarkdown } from '../../src/links/parse.js';

async function check(files: Record<string, string>, docs: string) {
  const root = tmpDir('ctxforge-xrefs-');
  writeTree(root, files);
  git(root, ['init', '-q']);
  const dir = join(root, docs);
  const site = await detectSite(dir);
  const up = await readUpstream(dir);
  const r = await checkTreeLinks(new DiskTree(dir), [''], { site, documents: up.docs.map((d) => d.path), meta: up.meta, level: 'error' });
  return {
    site,
    found: r.diagnostics.filter((d) => d.code === 'LINK_BROKEN' || d.code === 'LINK_ANCHOR_MISSING').map((d) => `${d.file}:${d.line}:${d.code}`).sort(),
    messages: r.diagnostics.map((d) => d.message),
    counts: r.counts,
  };
}

test('Hugo ref/relref: beside the page, from the content root, by name, any case, with or without extension; bundles look beside their folder', async () => {
  const r = await check({
    'hugo.toml': 'baseURL = "/"\n',
    'content/_index.md': '---\ntitle: Home\n---\n\n[n]({{< ref "intro" >}})\n',
    'content/docs/_index.md': '---\ntitle: Docs\n---\n[a]({{< ref "page" >}}) [b]({{< ref "Page.md" >}}) [c]({{< relref "../_index.md" >}}) [d]({{< ref "/docs" >}})\n',
    'content/docs/page.md': '---\ntitle: Page\n---\n## Part\n[e]({{< ref "#part" >}}) [f]({{< ref "bundle" >}}) [g]({{< relref "/docs/page.md#part" >}}) [h]({{< ref "docs/bundle/index.md" >}})\n',
    'content/docs/bundle/index.md': '---\ntitle: Bundle\n---\n[i]({{< ref "page.md" >}}) [j]({{< ref "../page.md" >}}) [k]({{% relref "DOCS/PAGE" %}})\n',
    // Line 4: missing page; line 6: missing anchor; line 8: `intro` beside the page is the page itself.
    'content/guide/intro.md': '---\ntitle: Intro\n---\n[l]({{< ref "nowhere" >}})\n\n[m]({{< ref "/docs/page#nope" >}})\n\n[n]({{< ref "intro" >}})\n',
    'content/other/intro.md': '---\ntitle: Other intro\n---\n',
  }, 'content');
  assert.equal(r.site.generator, 'hugo');
  // From the home page `intro` is found by name only, and two pages have it: ambiguous.
  assert.deepEqual(r.found, ['_index.md:5:LINK_BROKEN', 'guide/intro.md:4:LINK_BROKEN', 'guide/intro.md:6:LINK_ANCHOR_MISSING']);
  assert.ok(r.messages.some((m) => /ref "intro" >\}\} is ambiguous: 2 pages/.test(m)), r.messages.join('\n'));
  assert.ok(r.messages.some((m) => /ref "nowhere" >\}\} finds no page .*Hugo fails the build on it/.test(m)), r.messages.join('\n'));
});

test('Hugo: a ref in code still runs (Hugo evaluates shortcodes before Markdown); {{</* */>}} only shows one', async () => {
  const r = await check({
    'hugo.toml': 'baseURL = "/"\n',
    'content/a.md': '---\ntitle: A\n---\n`{{< ref "gone-span" >}}`\n\n```\n{{< ref "gone-fence" >}}\n```\n\n{{</* ref "shown" */>}} and `{{</* relref "shown" */>}}`\n',
  }, 'content');
  assert.deepEqual(r.found, ['a.md:4:LINK_BROKEN', 'a.md:7:LINK_BROKEN']);
});

test('Hugo: lang="xx" and page.xx.md look among that language\'s pages; a language with no pages here is not judged', async () => {
  const r = await check({
    'hugo.toml': 'baseURL = "/"\n',
    'content/a.md': '---\ntitle: A\n---\n[fr]({{< ref path="b" lang="fr" >}}) [de]({{< ref path="b" lang="de" >}})\n',
    'content/b.md': '---\ntitle: B\n---\n',
    'content/b.fr.md': '---\ntitle: B (fr)\n---\n[en only]({{< ref "a" >}}) [here]({{< ref "b" >}})\n',
  }, 'content');
  // a.fr.md does not exist: the French site has no page `a`.
  assert.deepEqual(r.found, ['b.fr.md:4:LINK_BROKEN']);
  assert.equal(r.counts.unseen['refs to another language\'s pages (lang="de": none of its pages is in the docs folder)'], 1);
});

test('Jekyll link and post_url: paths from the site folder with the extension; posts by date and title; raw and comment hide a tag', async () => {
  const r = await check({
    'site/_config.yml': 'title: S\n',
    'site/index.md': '---\n---\n[a]({% link docs/x.md %}) [b]({% link /assets/logo.png %}) [c]({%- link docs/x.md -%}#top)\n[d]({% link x.md %})\n[e]({% post_url 2024-01-31-hello %}) [f]({% post_url blog/2024-02-01-news %}) [g]({% post_url 2024-2-1-news %})\n[h]({% post_url 2024-01-30-hello %})\n{% raw %}{% link gone.md %}{% endraw %} {% comment %}{% link gone.md %}{% endcomment %} [i]({% link {{ page.x }} %})\n',
    'site/docs/x.md': '---\n---\n# Top\n',
    'site/assets/logo.png': 'png',
    'site/_posts/2024-01-31-hello.md': '---\n---\n',
    'site/blog/_posts/2024-02-01-news.md': '---\n---\n',
  }, 'site');
  assert.equal(r.site.generator, 'jekyll');
  // Line 4: no x.md at the site's root; line 6: no post of that date.
  assert.deepEqual(r.found, ['index.md:4:LINK_BROKEN', 'index.md:6:LINK_BROKEN']);
  assert.equal(r.counts.templated, 1);
});

test('MyST roles: {doc} by document name, {ref}/{numref} by label; never in code; a paragraph\'s label needs a title', async () => {
  const r = await check({
    'docs/conf.py': 'extensions = ["myst_parser"]\n',
    'docs/index.md': '# Home\n\n(para)=\nA paragraph.\n\n{doc}`guide/a` {doc}`/guide/a` {doc}`A <guide/a>` {ref}`sec` {ref}`SEC` {numref}`fig` {ref}`t <para>`\n\n`{doc}`code`` and\n\n```\n{ref}`fenced`\n```\n\n{doc}`guide/a.md`\n\n{ref}`para`\n\n{ref}`none`\n',
    'docs/guide/a.md': '# A\n\n(sec)=\n## Section\n\n```{figure} x.png\n:name: fig\n\nCaption.\n```\n\n{doc}`../index` {doc}`../../index` {doc}`b`\n',
  }, 'docs');
  assert.equal(r.site.generator, 'sphinx');
  assert.deepEqual(r.found, ['guide/a.md:12:LINK_BROKEN', 'index.md:14:LINK_BROKEN', 'index.md:16:LINK_BROKEN', 'index.md:18:LINK_BROKEN']);
  assert.ok(r.messages.some((m) => m.includes('named without its extension')), r.messages.join('\n'));
});

test('MyST: where conf.py names intersphinx, a label no page defines is not judged (another project may define it); one named for a project is a link out', async () => {
  const r = await check({
    'docs/conf.py': 'extensions = ["myst_parser", "sphinx.ext.intersphinx"]\n',
    'docs/index.md': '# Home\n\n{ref}`python:tut-intro` {ref}`elsewhere` {doc}`sphinx:usage/index`\n',
  }, 'docs');
  assert.deepEqual(r.found, []);
  assert.equal(r.counts.unseen['labels of other projects (conf.py names intersphinx)'], 1);
  assert.equal(r.counts.external, 2);
});

test('templateXrefs: targets, lines and exact offsets; other generators have none', () => {
  const body = 'x\n[a]({{< ref "p/q.md" >}}#s) {{% relref path="r" lang="fr" %}}\n{% link a.md %}\n';
  const h = templateXrefs('hugo', body);
  assert.deepEqual(h.map((l) => [l.syntax, l.target, l.line, l.lang]), [['ref', 'p/q.md#s', 2, undefined], ['relref', 'r', 2, 'fr']]);
  for (const l of h) assert.ok(body.startsWith(l.target.split('#')[0]!, l.at));
  const j = templateXrefs('jekyll', body);
  assert.deepEqual(j.map((l) => [l.syntax, l.target, l.line]), [['link', 'a.md', 3]]);
  assert.ok(body.startsWith('a.md', j[0]!.at));
  assert.deepEqual(templateXrefs('mkdocs', body), []);
  // Roles only where asked for, at the target's offset (the title form too).
  const t = 'See {ref}`a title <lab>` and {doc}` spaced `.\n';
  assert.deepEqual(scanMarkdown(t, {}).links, []);
  const roles = scanMarkdown(t, { roles: true }).links;
  assert.deepEqual(roles.map((l) => [l.syntax, l.target, l.titled, t.slice(l.at, l.at + l.target.length)]), [['ref', 'lab', true, 'lab'], ['doc', 'spaced', false, 'spaced']]);
});
