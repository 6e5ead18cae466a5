// Includes are expanded at sync (issue 34): each syntax's text lands in the synced page, with the
// file and lines it came from recorded (the upstream read, the sync result, the ID map); what cannot
// be expanded — outside the repository, through a symbolic link, a cycle, too deep, too large, a
// file that is not there — is named with its file and line and kept as written; included text is
// secret-scanned at its own file and line; and a page is synced again when only its include changed.
// Real folders in real git repositories (made with the git CLI), never mocks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readUpstream, type Upstream } from '../../src/sync/upstream.js';
import { syncDocs } from '../../src/sync/index.js';
import { includeRefs } from '../../src/links/includes.js';
import { takeLines } from '../../src/sync/include-lines.js';
import { idMapText, parseIdMap } from '../../src/sync/idmap.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

/** A git repository holding `files`, committed (symbolic links made by the caller first are committed too). */
function repo(files: Record<string, string | Uint8Array>, links: [string, string][] = []): string {
  const root = initRepo(tmpDir('ctxforge-incl-'));
  writeTree(root, files);
  for (const [at, to] of links) symlinkSync(to, join(root, at));
  git(root, ['add', '-A']);
  git(root, ['commit', '-q', '-m', 'docs']);
  return root;
}

const doc = (up: Upstream, path: string) => {
  const d = up.docs.find((x) => x.path === path);
  assert.ok(d, `${path} is a document: ${up.docs.map((x) => x.path).join(', ')}`);
  return d;
};
const codes = (up: Upstream, code: string) => up.notes.filter((n) => n.code === code);

test('Hugo include (frontmatter dropped) and readfile (from the project folder, both notations) are expanded with their lines', async () => {
  const root = repo({
    'hugo.toml': 'title = "x"\n',
    'content/en/_common/note.md': '---\n_build: {render: never}\n---\n\nShared **note**.\nSecond line.\n',
    'content/en/guide.md': '---\ntitle: Guide\n---\n\n# Guide\n\n{{% include "/_common/note.md" %}}\n\n{{< readfile file="data/snippet.txt" >}}\n\n{{% readfile "/data/snippet.txt" %}}\n',
    'data/snippet.txt': 'from the project folder\n',
  });
  const up = await readUpstream(join(root, 'content/en'));
  const g = doc(up, 'guide.md');
  assert.equal(g.body, '# Guide\n\nShared **note**.\nSecond line.\n\nfrom the project folder\n\nfrom the project folder\n');
  assert.deepEqual(g.includes!.map((i) => [i.in, i.line, i.file, i.lines]), [
    ['guide.md', 7, '_common/note.md', [[5, 6]]],
    ['guide.md', 9, '../../data/snippet.txt', [[1, 1]]],
    ['guide.md', 11, '../../data/snippet.txt', [[1, 1]]],
  ]);
  assert.ok(!up.docs.some((d) => d.path.startsWith('_common/')), 'the snippet is no document');
  assert.deepEqual(up.notes.filter((n) => n.severity === 'warning'), []);
});

test('MkDocs snippets (pymdownx.snippets) from the folder holding mkdocs.yml, a line range, the escape; the synced tree finds the included heading, and `page.md/#x` is page.md\'s #x (MkDocs 1.6)', async () => {
  const root = repo({
    'mkdocs.yml': 'site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets\n',
    'CONTRIBUTING.md': '# Contributing\n\n## Installing for development\n\nRun it.\n',
    'docs/index.md': '# Home\n\nSee [installing](about/contributing.md#installing-for-development) and [again](about/contributing.md/#installing-for-development).\n',
    'docs/about/contributing.md': '--8<-- "CONTRIBUTING.md"\n\n---8<--- \'CONTRIBUTING.md:5:5\'\n\n;--8<-- "not-read.md"\n\n--8<-- "CONTRIBUTING.md:section"\n',
  });
  const up = await readUpstream(join(root, 'docs'));
  const c = doc(up, 'about/contributing.md');
  assert.equal(c.body, '# Contributing\n\n## Installing for development\n\nRun it.\n\nRun it.\n\n;--8<-- "not-read.md"\n\n--8<-- "CONTRIBUTING.md:section"\n');
  assert.deepEqual(c.includes!.map((i) => [i.line, i.file, i.lines]), [[1, '../CONTRIBUTING.md', [[1, 5]]], [3, '../CONTRIBUTING.md', [[5, 5]]]]);
  assert.ok(up.notes.some((n) => n.code.startsWith('SYNC_INCLUDE') && /section/.test(n.message)), JSON.stringify(up.notes));
  const r = await runCli(['sync', join(root, 'docs'), join(root, 'pkg'), '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  // Sync's own report of the docs folder finds the anchor the project file brings (it was reported missing), and still a missing one.
  writeFileSync(join(root, 'docs', 'other.md'), '# Other\n\n[nope](about/contributing.md#not-there), [there](about/contributing.md#contributing)\n');
  const again = JSON.parse((await runCli(['sync', join(root, 'docs'), join(root, 'pkg2'), '--json'], { cwd: root })).stdout) as { diagnostics: { code: string; file?: string; message: string }[] };
  assert.deepEqual(again.diagnostics.filter((d) => d.code.startsWith('LINK_') && d.code !== 'LINK_NOT_JUDGED').map((d) => `${d.file} ${d.code} ${/#(\S+?)[ ,]/.exec(d.message)?.[1]}`), ['other.md LINK_ANCHOR_MISSING not-there']);
  rmSync(join(root, 'docs', 'other.md'));
  const v = await runCli(['validate', join(root, 'pkg'), '--links', 'error', '--json'], { cwd: root });
  assert.equal(v.code, 0, v.stdout);
  // Synced from the folder holding mkdocs.yml: MkDocs serves docs/ alone, so CONTRIBUTING.md beside it is no page.
  const whole = await readUpstream(root);
  assert.deepEqual(whole.docs.map((d) => d.path).sort(), ['docs/about/contributing.md', 'docs/index.md']);
  assert.match(whole.skipped.find((x) => x.path === 'CONTRIBUTING.md')?.reason ?? '', /outside docs, the content folder mkdocs serves/);
});

test('Hugo include finds its page as Page.GetPage does: beside the page first, then from the content root, `.md` optional', async () => {
  const root = repo({
    'hugo.toml': 'title = "x"\n',
    'content/en/functions/js/_common/options.md': 'Options beside the page.\n',
    'content/en/_common/options.md': 'Options at the root.\n',
    'content/en/functions/js/Batch.md': '# Batch\n\n{{% include "./_common/options.md" %}}\n\n{{% include "functions/js/_common/options" %}}\n\n{{% include "/_common/options.md" %}}\n',
  });
  const up = await readUpstream(join(root, 'content/en'));
  const b = doc(up, 'functions/js/Batch.md');
  assert.equal(b.body, '# Batch\n\nOptions beside the page.\n\nOptions beside the page.\n\nOptions at the root.\n');
  assert.deepEqual(b.includes!.map((i) => i.file), ['functions/js/_common/options.md', 'functions/js/_common/options.md', '_common/options.md']);
});

test('MyST {include} with markers and {literalinclude} with :lines: and :language: (a fenced block); an include in a code fence is code', async () => {
  const root = repo({
    'README.md': '# Project\n\n<!-- start -->\nThe intro paragraph.\n<!-- end -->\nrest\n',
    'docs/conf.py': 'project = "x"\n',
    'docs/code.py': 'import os\n\ndef main():\n    return 1\n',
    'docs/index.md': [
      '# Home', '',
      '```{include} ../README.md', ':start-after: <!-- start -->', ':end-before: <!-- end -->', '```', '',
      '```{literalinclude} code.py', ':lines: 3-4', ':language: python', '```', '',
      '````markdown', '```{include} ../README.md', '```', '````', '',
      ':::{note}', '```{literalinclude} code.py', ':lines: 1', '```', ':::', '',
    ].join('\n'),
  });
  // The expansion as such (reader text, which turns the note into a quote, is tested on its own).
  const up = await readUpstream(join(root, 'docs'), { asWritten: true });
  const d = doc(up, 'index.md');
  assert.equal(d.body, [
    '# Home', '', 'The intro paragraph.', '',
    '```python', 'def main():', '    return 1', '```', '',
    '````markdown', '```{include} ../README.md', '```', '````', '',
    ':::{note}', '```python', 'import os', '```', ':::', '',
  ].join('\n'));
  assert.deepEqual(d.includes!.map((i) => [i.line, i.file, i.lines]), [[3, '../README.md', [[4, 4]]], [8, 'code.py', [[3, 4]]], [19, 'code.py', [[1, 1]]]]);
  // What sync writes: the included code inside the note, which reader text makes a quote.
  assert.match(doc(await readUpstream(join(root, 'docs')), 'index.md').body, /> \*\*Note\*\*\n> ```python\n> import os\n> ```\n/);
  // An option that changes the text in a way not applied is named, never guessed.
  assert.equal(includeRefs('sphinx', 'p.md', '```{literalinclude} a.py\n:pyobject: Main\n:caption: c\n```\n')[0]!.unsupported, ':pyobject:');
  assert.deepEqual(includeRefs('sphinx', 'p.md', ':::{include} a.md\n:start-line: -2\n:::\n')[0]!.range, { slice: { start: -2 } });
  // A YAML block of options; a fence left open takes no text after its options with it.
  assert.deepEqual(includeRefs('sphinx', 'p.md', '```{include} a.md\n---\nstart-after: "x y"\nend-line: 4\n---\n```\n')[0]!.range, { startAfter: 'x y', slice: { end: 4 } });
  const open = '```{include} a.md\n:start-line: 1\nThe rest of the page.\n\n```\n';
  const r = includeRefs('sphinx', 'p.md', open)[0]!;
  assert.equal(open.slice(r.start, r.end), '```{include} a.md\n:start-line: 1');
});

test('MyST {include} :relative-docs: and :relative-images: re-aim the included file\'s links at the including page, as MyST-Parser renders them, so the synced tree\'s check agrees with the site', async () => {
  const root = repo({
    'CHANGELOG.md': '# Changes\n\nSee [the guide](docs/syntax/guide.md#roles), [ref][g], [other](other/x.md), [a site](https://example.org/docs/x) and [here](#changes).\n\n![logo](docs/_static/logo.png) ![remote](https://example.org/x.png)\n\n[g]: docs/syntax/guide.md\n',
    'docs/conf.py': 'project = "x"\nextensions = ["myst_parser"]\n',
    'docs/_static/logo.png': 'png',
    'docs/syntax/guide.md': '# Guide\n\n## Roles\n\nText.\n',
    'docs/develop/changelog.md': '```{include} ../../CHANGELOG.md\n:relative-docs: docs/\n:relative-images:\n```\n',
    'docs/develop/plain.md': '```{include} ../../CHANGELOG.md\n```\n',
  });
  const d = doc(await readUpstream(join(root, 'docs'), { asWritten: true }), 'develop/changelog.md');
  // docs/… is relative to the included file's folder (the repository root), made relative to the page; other links as written.
  assert.match(d.body, /\[the guide\]\(\.\.\/syntax\/guide\.md#roles\), \[ref\]\[g\], \[other\]\(other\/x\.md\), \[a site\]\(https:\/\/example\.org\/docs\/x\) and \[here\]\(#changes\)/);
  assert.match(d.body, /^\[g\]: \.\.\/syntax\/guide\.md$/m);
  assert.match(d.body, /!\[logo\]\(\.\.\/_static\/logo\.png\) !\[remote\]\(https:\/\/example\.org\/x\.png\)/);
  // Without the options MyST leaves them alone, and so does sync.
  assert.match(doc(await readUpstream(join(root, 'docs'), { asWritten: true }), 'develop/plain.md').body, /\[the guide\]\(docs\/syntax\/guide\.md#roles\)/);
  // The synced tree's own check finds only the link MyST leaves broken too (other/x.md from the page: there is none).
  const r = await runCli(['sync', 'docs', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const v = await runCli(['validate', 'pkg', '--links', 'error', '--json'], { cwd: root });
  const found = (JSON.parse(v.stdout) as { results: { diagnostics: { code: string; file?: string; message: string }[] }[] }).results[0]!.diagnostics.filter((x) => x.code === 'LINK_BROKEN' || x.code === 'LINK_ANCHOR_MISSING');
  assert.deepEqual(found.map((x) => `${x.file} ${/link to (\S+)/.exec(x.message)?.[1]}`).sort(), ['knowledge/develop/changelog.md other/x.md', 'knowledge/develop/plain.md docs/_static/logo.png', 'knowledge/develop/plain.md docs/syntax/guide.md#roles', 'knowledge/develop/plain.md docs/syntax/guide.md', 'knowledge/develop/plain.md other/x.md'].sort());
});

test('mdBook {{#include}} line ranges and anchors; VitePress @include ranges and regions', async () => {
  const book = repo({
    'book.toml': '[book]\ntitle = "x"\n',
    'src/SUMMARY.md': '- [Ch](ch.md)\n',
    'src/code.rs': 'l1\nl2\nl3\n// ANCHOR: main\nfn main() {}\n// ANCHOR: inner\ninner\n// ANCHOR_END: inner\n// ANCHOR_END: main\n',
    'src/ch.md': '# Ch\n\n{{#include code.rs:2:3}}\n\n{{#include code.rs:2}}\n\n{{#include code.rs::1}}\n\n{{#include code.rs:main}}\n\n\\{{#include code.rs}}\n',
  });
  const b = doc(await readUpstream(book), 'src/ch.md');
  assert.equal(b.body, '# Ch\n\nl2\nl3\n\nl2\n\nl1\n\nfn main() {}\ninner\n\n\\{{#include code.rs}}\n');
  assert.deepEqual(b.includes!.map((i) => i.lines), [[[2, 3]], [[2, 2]], [[1, 1]], [[5, 5], [7, 7]]]);

  const vp = repo({
    '.vitepress/config.mjs': 'export default {}\n',
    'parts/a.md': 'one\ntwo\nthree\nfour\n',
    'parts/r.md': 'x\n<!-- #region usage -->\ninside\n<!-- #endregion usage -->\ny\n',
    'guide.md': '# G\n\n<!--@include: ./parts/a.md{2,3}-->\n\n<!-- @include: @/parts/a.md{,1} -->\n\n<!--@include: ./parts/r.md#usage-->\n',
  });
  const v = doc(await readUpstream(vp), 'guide.md');
  assert.equal(v.body, '# G\n\ntwo\nthree\n\none\n\ninside\n');
  assert.deepEqual(v.includes!.map((i) => [i.line, i.file, i.lines]), [[3, 'parts/a.md', [[2, 3]]], [5, 'parts/a.md', [[1, 1]]], [7, 'parts/r.md', [[3, 3]]]]);
});

test('Docsify :include embeds (Markdown, and code with a fragment), MDX partials (Docusaurus, Starlight) and GitBook include', async () => {
  const docsify = repo({
    'index.html': '<script>window.$docsify = {}</script>\n',
    '_media/part.md': '---\ntitle: p\n---\nEmbedded **text**.\n',
    '_media/ex.js': 'a()\n/// [demo]\nshown()\n/// [demo]\nb()\n',
    'README.md': '# Home\n\n[part](_media/part.md \':include\')\n\n[ex](_media/ex.js \':include :type=code :fragment=demo\')\n\n```\n[no](_media/part.md \':include\')\n```\n',
  });
  const ds = doc(await readUpstream(docsify), 'README.md');
  assert.equal(ds.body, '# Home\n\nEmbedded **text**.\n\n```javascript\nshown()\n```\n\n```\n[no](_media/part.md \':include\')\n```\n');
  assert.deepEqual(ds.includes!.map((i) => [i.line, i.file, i.lines]), [[3, '_media/part.md', [[4, 4]]], [5, '_media/ex.js', [[3, 3]]]]);

  const docus = repo({
    'site/docusaurus.config.js': 'module.exports = {}\n',
    'site/docs/_part.mdx': '---\nsidebar_label: no\n---\nPartial text.\n',
    'site/docs/page.mdx': "---\ntitle: Page\n---\nimport Part from './_part.mdx';\n\n# Page\n\n<Part />\n\n```jsx\n<Part />\n```\n",
  });
  const dp = doc(await readUpstream(join(docus, 'site')), 'docs/page.mdx');
  // The partial is expanded where `<Part />` stood; the import line, which a reader never sees, is blank (reader-mdx.ts).
  assert.equal(dp.body, "\n\n# Page\n\nPartial text.\n\n```jsx\n<Part />\n```\n");
  assert.deepEqual(dp.includes!.map((i) => [i.line, i.file, i.lines]), [[8, 'docs/_part.mdx', [[4, 4]]]]);

  const star = repo({
    'astro.config.mjs': 'export default {}\n',
    'src/content/docs/_shared.mdx': 'Shared by Starlight pages.\n',
    // (A fence before the import: a tag in it is code, however the page is scanned.)
    'src/content/docs/a.mdx': "```mdx\n<Shared/>\n```\n\nimport Shared from \"./_shared.mdx\"\n\n# A\n\n<Shared/>\n",
  });
  const sa = doc(await readUpstream(join(star, 'src/content/docs')), 'a.mdx');
  assert.equal(sa.body, '```mdx\n<Shared/>\n```\n\n\n\n# A\n\nShared by Starlight pages.\n');

  const gitbook = repo({
    'SUMMARY.md': '* [A](a.md)\n',
    '.gitbook/includes/reuse.md': '---\ntitle: Reuse\n---\n\nReusable block.\n',
    'a.md': '# A\n\n{% include "./.gitbook/includes/reuse.md" %}\n',
  });
  const ga = doc(await readUpstream(gitbook), 'a.md');
  assert.equal(ga.body, '# A\n\nReusable block.\n');
  assert.deepEqual(ga.includes!.map((i) => [i.file, i.lines]), [['.gitbook/includes/reuse.md', [[5, 5]]]]);
});

test('every refusal is named with its file and line, and the include is kept as written', async () => {
  const root = repo({
    'book.toml': '[book]\ntitle = "x"\n',
    'src/SUMMARY.md': '- [P](p.md)\n',
    'outside/secret.md': 'private\n',
    'src/a.md': 'a start\n{{#include b.md}}\n',
    'src/b.md': 'b start\n{{#include a.md}}\n',
    'src/bin.dat': Buffer.from([0xff, 0xfe, 0x00, 0x80]),
    'src/p.md': [
      '# P',
      '{{#include ../../../etc/passwd}}',
      '{{#include /etc/passwd}}',
      '{{#include https://example.com/x.md}}',
      '{{#include ../.git/config}}',
      '{{#include linked/secret.md}}',
      '{{#include file-link.md}}',
      '{{#include nowhere.md}}',
      '{{#include a.md}}',
      '{{#include bin.dat}}',
      '{{#include b.md:no_such_anchor}}',
      '',
    ].join('\n'),
  }, [['src/linked', '../outside'], ['src/file-link.md', '../outside/secret.md']]);
  const up = await readUpstream(root);
  const p = doc(up, 'src/p.md');
  const at = (code: string) => codes(up, code).map((n) => `${n.file}:${n.line}`).sort();
  assert.deepEqual(at('SYNC_INCLUDE_OUTSIDE'), ['src/p.md:2', 'src/p.md:3', 'src/p.md:4', 'src/p.md:5']);
  assert.deepEqual(at('SYNC_INCLUDE_SYMLINK'), ['src/p.md:6', 'src/p.md:7']);
  assert.deepEqual(at('SYNC_INCLUDE_NOT_FOUND'), ['src/p.md:8']);
  // Read from p.md, and from a.md and b.md as pages of their own before they are found to be snippets.
  assert.deepEqual(at('SYNC_INCLUDE_CYCLE'), ['src/a.md:2', 'src/b.md:2']);
  assert.deepEqual(at('SYNC_INCLUDE_NOT_TEXT'), ['src/p.md:10']);
  assert.deepEqual(at('SYNC_INCLUDE_RANGE'), ['src/p.md:11']);
  assert.ok(codes(up, 'SYNC_INCLUDE_CYCLE').some((n) => /src\/a\.md → src\/b\.md → src\/a\.md/.test(n.message)));
  for (const n of up.notes.filter((x) => x.code.startsWith('SYNC_INCLUDE_'))) assert.equal(n.severity, 'warning');
  // Kept as written; the cycle's text up to where it closes is there; nothing from outside.
  for (const l of ['{{#include ../../../etc/passwd}}', '{{#include /etc/passwd}}', '{{#include linked/secret.md}}', '{{#include nowhere.md}}', '{{#include bin.dat}}']) assert.ok(p.body.includes(l), l);
  assert.ok(p.body.includes('a start\nb start\n{{#include a.md}}'), p.body);
  assert.ok(!p.body.includes('private'), 'nothing is read through a link');
});

test('depth 9 is refused at the eighth file\'s line; a 10× bomb is refused once, naming the first include', async () => {
  const chain: Record<string, string> = { 'p.md': '# P\n\n{{#include f1.md}}\n' };
  for (let i = 1; i <= 9; i++) chain[`f${i}.md`] = `level ${i}\n${i < 9 ? `{{#include f${i + 1}.md}}\n` : ''}`;
  const root = repo({ 'book.toml': '[book]\ntitle = "x"\n', ...Object.fromEntries(Object.entries(chain).map(([k, v]) => [`src/${k}`, v])), 'src/SUMMARY.md': '- [P](p.md)\n' });
  const up = await readUpstream(root);
  const deep = codes(up, 'SYNC_INCLUDE_TOO_DEEP');
  assert.deepEqual(deep.map((n) => `${n.file}:${n.line}`), ['src/f8.md:2']);
  const p = doc(up, 'src/p.md');
  assert.ok(p.body.includes('level 8\n{{#include f9.md}}'), p.body);
  assert.equal(p.includes!.length, 8);

  // Ten includes a level, six levels: a million copies of a line if nothing stopped it.
  const bomb: Record<string, string> = { 'src/SUMMARY.md': '- [B](bomb.md)\n', 'src/bomb.md': '# Bomb\n\n{{#include l1.md}}\n' };
  for (let i = 1; i <= 6; i++) bomb[`src/l${i}.md`] = i < 6 ? `${`{{#include l${i + 1}.md}}\n`.repeat(10)}` : 'x'.repeat(200) + '\n';
  const b = await readUpstream(repo({ 'book.toml': '[book]\ntitle = "x"\n', ...bomb }));
  // The snippets are read as pages too before they are found to be snippets: the bomb's own warning is one.
  const large = codes(b, 'SYNC_INCLUDE_TOO_LARGE').filter((n) => n.message.startsWith('src/bomb.md '));
  assert.equal(large.length, 1);
  assert.equal(`${large[0]!.file}:${large[0]!.line}`.startsWith('src/l'), true);
  assert.match(large[0]!.message, /and \d+ more/);
  assert.ok(doc(b, 'src/bomb.md').body.length <= 64 * 1024 + 200, 'the page stays within its budget');
});

test('a secret inside an included file is found at the included file and line', async () => {
  const root = repo({
    'conf.py': '',
    'index.md': '# Home\n\n```{include} notes/creds.md\n```\n',
    'notes/creds.md': 'safe line\nanother\ntoken ghp_abcdefghijklmnopqrstuvwxyz0123456789\n',
  });
  const up = await readUpstream(root);
  const s = codes(up, 'CTXFORGE_SECRET_FOUND');
  assert.deepEqual(s.map((n) => [n.file, n.line]), [['notes/creds.md', 3]]);
  assert.match(s[0]!.message, /included by index\.md:3/);
});

test('a re-sync after editing only the included file (outside the docs folder) changes the page, through the stat cache', async () => {
  const root = repo({
    'shared/part.md': 'Version one.\n',
    'docs/conf.py': '',
    'docs/guide.md': '# Guide\n\n```{include} ../shared/part.md\n```\n',
    'docs/other.md': '# Other\n',
  });
  const docs = join(root, 'docs');
  const target = join(root, 'tree');
  const cache = { folder: join(root, 'cache'), clock: () => Date.now() + 60_000 };
  const first = await syncDocs(docs, target, { cache, now: 1767225600000 });
  assert.deepEqual(first.includes, [{ page: 'guide.md', in: 'guide.md', line: 3, file: '../shared/part.md', lines: [[1, 1]] }]);
  const map = JSON.parse(readFileSync(join(target, '.ctxforge-sync.json'), 'utf8'));
  assert.deepEqual(map.documents['guide.md'].includes.map((p: { file: string; lines: number[][] }) => [p.file, p.lines]), [['../shared/part.md', [[1, 1]]]]);
  const page = () => readFileSync(join(target, 'knowledge', map.documents['guide.md'].path), 'utf8');
  assert.match(page(), /Version one\./);
  // Nothing changed: the cache answers (the result replays, includes and all).
  const again = await syncDocs(docs, target, { cache });
  assert.equal(again.unchanged, 2);
  assert.deepEqual(again.includes, first.includes);
  writeFileSync(join(root, 'shared/part.md'), 'Version two, longer.\n');
  const edited = await syncDocs(docs, target, { cache });
  assert.deepEqual(edited.modified.map((m) => m.upstream), ['guide.md']);
  assert.match(page(), /Version two, longer\./);
  assert.doesNotMatch(page(), /Version one/);
  // An include edited inside the docs folder, without the cache.
  writeTree(docs, { 'inner.md': 'inner one\n', 'guide.md': '# Guide\n\n```{include} ../shared/part.md\n```\n\n```{include} inner.md\n```\n' });
  await syncDocs(docs, target, { cache: false });
  writeFileSync(join(docs, 'inner.md'), 'inner two\n');
  const inner = await syncDocs(docs, target, { cache: false });
  assert.deepEqual(inner.modified.map((m) => m.upstream), ['guide.md']);
  assert.match(page(), /inner two/);
});

test('include syntaxes are read in linear time on hostile pages (sizes a quadratic pattern would never finish)', () => {
  const n = 200_000;
  const hostile: [Parameters<typeof includeRefs>[0], string, string][] = [
    ['hugo', 'p.md', '{{% include "'.repeat(n)],
    ['hugo', 'p.md', `{{< readfile ${' '.repeat(n)}`],
    ['mdbook', 'p.md', '{{#include '.repeat(n)],
    ['mdbook', 'p.md', `{{#include ${'a'.repeat(n)}`],
    ['vitepress', 'p.md', '<!--@include: '.repeat(n)],
    ['docsify', 'p.md', `${'['.repeat(n)}](x.md ':include'`],
    ['docsify', 'p.md', "](x.md ':include :a".repeat(n / 10)],
    ['sphinx', 'p.md', '```{include} x.md\n'.repeat(n / 10)],
    ['sphinx', 'p.md', `\`\`\`{include} x.md\n:${' '.repeat(n)}x\n`],
    ['sphinx', 'p.md', '```{note}\n'.repeat(n / 10) + '```{include} x\n```\n'],
    ['docusaurus', 'p.mdx', "import A from './a.mdx'\n" + '<A '.repeat(n)],
    ['github', 'p.md', '{% include "'.repeat(n)],
  ];
  for (const [g, page, body] of hostile) {
    const refs = includeRefs(g, page, body);
    assert.ok(refs.length <= body.length, g);
  }
  // Markers and ranges over a long file: each line read a fixed number of times.
  const file = 'x\n'.repeat(n);
  assert.equal(typeof takeLines(file, { startAfter: 'nowhere' }, 1), 'string');
  assert.equal(typeof takeLines(file, { anchor: { kind: 'mdbook', name: 'nothing' } }, 1), 'string');
  const t = takeLines(file, { lines: [{ from: 2, to: n }] }, 1);
  assert.ok(typeof t !== 'string' && t.lines[0]![1] === n);
});

test('a hostile include chain expands in linear time: thousands of includes of one file, each read once', async () => {
  const lines = 20_000;
  const root = repo({
    'book.toml': '[book]\ntitle = "x"\n',
    'src/SUMMARY.md': '- [P](p.md)\n',
    'src/one.md': 'y\n',
    'src/p.md': `# P\n${'{{#include one.md}}\n'.repeat(lines)}`,
  });
  const up = await readUpstream(root);
  const p = doc(up, 'src/p.md');
  assert.equal(p.includes!.length, lines);
  assert.equal(p.body, `# P\n${'y\n'.repeat(lines)}`);
});

test('the ID map keeps each page\'s included pieces, and refuses a malformed record of them', () => {
  const entry = (includes: unknown) => JSON.stringify({ version: 1, format: 'octx', documents: { 'a.md': { id: 'x', digest: 'sha256:0', path: 'a.md', includes } }, assets: {}, files: [], retired: [] });
  const ok = parseIdMap(entry([{ file: '../shared/n.md', lines: [[3, 9]], digest: 'sha256:1' }]));
  assert.deepEqual(ok.documents['a.md']!.includes, [{ file: '../shared/n.md', lines: [[3, 9]], digest: 'sha256:1' }]);
  assert.match(idMapText(ok), /"includes": \[/);
  for (const bad of ['x', [{ file: 'n.md', lines: [[9, 3]], digest: 'd' }], [{ file: 1, lines: [], digest: 'd' }], [{ file: 'n.md', lines: [[0, 1]], digest: 'd' }]]) {
    assert.throws(() => parseIdMap(entry(bad)), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'SYNC_ID_MAP_INVALID' && e.exitCode === 2, JSON.stringify(bad));
  }
});

test('the CLI reports the expanded includes and names a refused one with its file and line (exit 0: warnings)', async () => {
  const root = repo({
    'book.toml': '[book]\ntitle = "x"\n',
    'src/SUMMARY.md': '- [P](p.md)\n',
    'src/part.md': 'Part.\n',
    'src/p.md': '# P\n\n{{#include part.md}}\n\n{{#include ../../x.md}}\n',
  });
  const out = tmpDir('ctxforge-incl-out-');
  const r = await runCli(['sync', root, join(out, 'a'), '--no-cache']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /includes: 1 expanded into 1 page from 1 file/);
  assert.match(r.stdout + r.stderr, /SYNC_INCLUDE_OUTSIDE: src\/p\.md:5: the mdBook include of "\.\.\/\.\.\/x\.md" is not expanded/);
  const j = JSON.parse((await runCli(['sync', root, join(out, 'b'), '--no-cache', '--json'])).stdout);
  assert.deepEqual(j.includes, [{ page: 'src/p.md', in: 'src/p.md', line: 3, file: 'src/part.md', lines: [[1, 1]] }]);
});
