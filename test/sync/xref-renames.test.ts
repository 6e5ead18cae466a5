// Cross-references follow a rename like Markdown links do: when sync (pages as written: by default
// sync writes a resolved reference as the link the site shows, reader-xrefs.ts) or convert gives a page a portable name,
// Hugo's `ref`/`relref` paths, Jekyll's `{% link %}` paths and MyST's `{doc}` names that reached it
// are rewritten in the style they were written in (from the root or beside the page, with or without
// the extension, an anchor inside kept), and the renamed tree's check resolves each to the same page.
// Labels (`{ref}`) name no file and stay. What the syntax cannot name after the rename (a
// `{% post_url %}` once `_posts/` is `posts/`) is kept as written and named (SYNC_XREF_NOT_REWRITTEN).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { SiteIndex } from '../../src/links/site.js';
import { siteFor } from '../../src/links/generators.js';
import { rewriteLinks } from '../../src/links/rewrite.js';
import { syncDocs } from '../../src/sync/index.js';

interface Out { linksRewritten: number; diagnostics: { code: string; message: string; line?: number }[] }
const body = (f: string) => readFileSync(f, 'utf8');

test('Hugo: ref and relref paths follow a renamed page, in their style, the anchor inside or after kept', async () => {
  const root = tmpDir('xref-renames-hugo-');
  execFileSync('git', ['init', '-q', root]);
  writeTree(root, {
    'hugo.toml': 'baseURL = "https://x.example/"\n',
    'content/_index.md': '---\ntitle: Home\n---\n\nHome.\n',
    'content/My Page.md': '---\ntitle: My page\n---\n\n## Part\n\nText.\n',
    'content/guide/_index.md': '---\ntitle: Guide\n---\n\nGuide.\n',
    'content/guide/refs.md': '---\ntitle: Refs\n---\n\n'
      + '[a]({{< ref "/My Page.md" >}}), [b]({{< relref "/My Page" >}}), [c]({{< ref "/My Page.md#part" >}}), [d]({{% relref path="../My Page.md" %}}#part),\n'
      + '[section]({{< ref "/guide" >}}) and [untouched]({{< ref "/_index.md" >}}).\n',
  });
  const j = await syncDocs(join(root, 'content'), join(root, 'pkg'), { asWritten: true, cache: false }) as unknown as Out;
  const t = body(join(root, 'pkg/knowledge/guide/refs.md'));
  assert.ok(t.includes('{{< ref "/My-Page.md" >}}'), t);
  assert.ok(t.includes('{{< relref "/My-Page" >}}'), t);
  assert.ok(t.includes('{{< ref "/My-Page.md#part" >}}'), t);
  assert.ok(t.includes('{{% relref path="../My-Page.md" %}}#part'), t);
  // OCTX keeps index.md for its navigation: `_index.md` is `index-page.md` there, and the section's ref follows it.
  assert.ok(t.includes('{{< ref "/guide/index-page" >}}') && t.includes('{{< ref "/index-page.md" >}}'), t);
  assert.ok(j.linksRewritten >= 4, String(j.linksRewritten));
  assert.ok(!j.diagnostics.some((d) => /REWRITTEN|LINK_BROKEN|LINK_ANCHOR/.test(d.code)), JSON.stringify(j.diagnostics));
  // The synced tree's own check (the site record says hugo) finds every ref.
  const v = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
  assert.equal(v.code, 0, v.stdout + v.stderr);
  // As a reader sees them (the default), the refs are the site's links, and they follow the rename too.
  const d = await runCli(['sync', 'content', 'pkg2', '--json'], { cwd: root });
  assert.equal(d.code, 0, d.stderr);
  assert.ok(!(JSON.parse(d.stdout) as Out).diagnostics.some((x) => /REWRITTEN|LINK_BROKEN|LINK_ANCHOR/.test(x.code)), d.stdout);
  assert.equal((await runCli(['validate', 'pkg2', '--links', 'error'], { cwd: root })).code, 0);
});

test('Jekyll: {% link %} follows a renamed page and collection folder; post_url the renamed tree cannot name is kept and named', async () => {
  const root = tmpDir('xref-renames-jekyll-');
  execFileSync('git', ['init', '-q', root]);
  writeTree(root, {
    'site/_config.yml': 'collections:\n  notes:\n    output: true\n',
    'site/index.md': '---\ntitle: Home\n---\n\n[Notes]({% link my notes.md %}#top), [a note]({% link _notes/first.md %}), [a post]({% post_url 2024-01-31-hello %}).\n',
    'site/my notes.md': '---\ntitle: Notes\n---\n\n## Top\n\nText.\n',
    'site/_notes/first.md': '---\ntitle: First\n---\n\nFirst.\n',
    'site/_posts/2024-01-31-hello.md': '---\ntitle: Hello\n---\n\nHello.\n',
  });
  const j = await syncDocs(join(root, 'site'), join(root, 'pkg'), { asWritten: true, cache: false }) as unknown as Out;
  const t = body(join(root, 'pkg/knowledge/index-page.md'));
  assert.ok(t.includes('{% link my-notes.md %}#top'), t);
  assert.ok(t.includes('{% link notes/first.md %}'), t);
  assert.ok(t.includes('{% post_url 2024-01-31-hello %}'), t);
  const kept = j.diagnostics.filter((d) => d.code === 'SYNC_XREF_NOT_REWRITTEN');
  assert.equal(kept.length, 1, JSON.stringify(j.diagnostics));
  assert.match(kept[0]!.message, /2024-01-31-hello is kept as written: after the rename its page is posts\/2024-01-31-hello\.md/);
});

test('MyST: {doc} names follow a renamed page (relative, from the root, with a title); {ref} labels stay', () => {
  const site = siteFor('sphinx', '');
  const moves = new Map([['guide/Old Name.md', 'guide/Old-Name.md']]);
  const files = ['index.md', 'guide/Old Name.md', 'guide/other.md'];
  const before = new SiteIndex(files, files, site, new Map([['guide/Old Name.md', { labels: ['old-name'], titledLabels: ['old-name'] }]]));
  const after = new SiteIndex(files.map((f) => moves.get(f) ?? f), files.map((f) => moves.get(f) ?? f), site);
  const text = '# Home\n\n{doc}`guide/Old Name`, {doc}`/guide/Old Name`, {doc}`the page <guide/Old Name>`, {ref}`old-name`, {doc}`guide/other` and `{doc}`guide/Old Name`` in code.\n';
  const r = rewriteLinks(text, 'index.md', 'index.md', { before, after, moves });
  assert.equal(r.text, '# Home\n\n{doc}`guide/Old-Name`, {doc}`/guide/Old-Name`, {doc}`the page <guide/Old-Name>`, {ref}`old-name`, {doc}`guide/other` and `{doc}`guide/Old Name`` in code.\n');
  assert.equal(r.rewritten, 3);
  assert.deepEqual([r.failures, r.xrefsKept], [[], []]);
  // From a page in the same folder, the name beside it.
  const r2 = rewriteLinks('See {doc}`Old Name`.\n', 'guide/other.md', 'guide/other.md', { before, after, moves });
  assert.equal(r2.text, 'See {doc}`Old-Name`.\n');
});
