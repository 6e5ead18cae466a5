// Renames never break links: every rename sync makes (portable names, a reserved index.md, dot-file
// pages) rewrites every link form that points at the renamed file — inline, reference definitions,
// wiki links, embeds — and the synced tree's link check finds nothing ctxforge broke. Names given
// once are kept when upstream later adds a colliding name. Every file left out is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { DiskTree } from '../../src/core/tree.js';
import { checkLinks } from '../../src/links/check.js';
import { syncDocs } from '../../src/sync/index.js';

/** A synced page without the frontmatter sync gives it. */
const bodyOf = (file: string) => readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n\n/, '');
const linkFindings = async (pkg: string, format: string) => (await checkLinks(new DiskTree(pkg), format, 'error')).filter((d) => d.code !== 'LINK_NOT_JUDGED');

test('a vault of names with spaces: wiki links, embeds, Markdown links and reference definitions all follow the renames', async () => {
  const root = tmpDir();
  const up = join(root, 'vault');
  writeTree(up, {
    '.obsidian/app.json': '{}',
    'Team Notes/Weekly Sync.md': '# Weekly Sync\n\n## Action Items\n\nSee [[Road Map]], [[Road Map#Q1 Goals|the goals]], ![[Board Photo.png]], [[Team Notes/Retro Notes]] and [the map](../Road%20Map.md#q1-goals).\n\n[ref map]: <../Road Map.md>\n\nAnd [ref map].\n',
    'Team Notes/Retro Notes.md': '# Retro\n\nBack to [[Weekly Sync#Action Items]].\n',
    'Road Map.md': '# Road Map\n\n## Q1 Goals\n\n[[weekly sync]] · ![[Board Photo.png|200]]\n',
    'Board Photo.png': Buffer.from('png'),
  });
  for (const format of ['acx', 'octx'] as const) {
    const pkg = join(root, `pkg-${format}`);
    const r = await syncDocs(up, pkg, { format, now: 1_760_000_000_000 });
    assert.ok(!r.diagnostics.some((d) => d.severity !== 'info'), JSON.stringify(r.diagnostics));
    assert.ok(r.linksRewritten >= 8, String(r.linksRewritten));
    const weekly = readFileSync(join(pkg, 'knowledge/Team-Notes/Weekly-Sync.md'), 'utf8');
    assert.match(weekly, /See \[\[Road-Map\|Road Map\]\], \[\[Road-Map#Q1 Goals\|the goals\]\], !\[\[Board-Photo\.png\]\], \[\[Team-Notes\/Retro-Notes\|Team Notes\/Retro Notes\]\] and \[the map\]\(\.\.\/Road-Map\.md#q1-goals\)\./);
    assert.match(weekly, /^\[ref map\]: <\.\.\/Road-Map\.md>$/m);
    assert.match(readFileSync(join(pkg, 'knowledge/Road-Map.md'), 'utf8'), /\[\[Weekly-Sync\|weekly sync\]\] · !\[\[Board-Photo\.png\|200\]\]/);
    // The synced tree's own check: nothing ctxforge broke (OCTX leaves the image out, which the check counts).
    assert.deepEqual(await linkFindings(pkg, format), []);
    if (format === 'octx') assert.match((await checkLinks(new DiskTree(pkg), format, 'error')).find((d) => d.code === 'LINK_NOT_JUDGED')!.message, /2 to upstream files this format leaves out/);
  }
});

test('a site with nested index.md pages: folder, extensionless, .html and root-absolute links follow index.md → index-page.md', async () => {
  const root = tmpDir();
  const up = join(root, 'site');
  writeTree(up, {
    'index.md': '# Home\n\n[Guide](guide/) · [Deep](/guide/deep/) · [Guide html](guide/index.html) · [Guide file](./guide/index.md)\n',
    'guide/index.md': '# Guide\n\n[Home](../) · [Deep](deep/) · [Sibling](page) · [Deep index](deep/index)\n',
    'guide/page.md': '# Page\n\n[Up](./) · [Home](/)\n',
    'guide/deep/index.md': '# Deep\n\n[Guide](../) · [Home](../../index.md)\n',
  });
  for (const format of ['octx', 'ctxpkg', 'acx'] as const) {
    const pkg = join(root, `pkg-${format}`);
    const r = await syncDocs(up, pkg, { format, now: 1_760_000_000_000 });
    assert.ok(!r.diagnostics.some((d) => d.severity !== 'info'), JSON.stringify(r.diagnostics));
    const dir = format === 'ctxpkg' ? 'nodes' : 'knowledge';
    assert.match(readFileSync(join(pkg, dir, 'index-page.md'), 'utf8'), /\[Guide\]\(guide\/index-page\) · \[Deep\]\(\/guide\/deep\/index-page\) · \[Guide html\]\(guide\/index-page\.html\) · \[Guide file\]\(\.\/guide\/index-page\.md\)/);
    assert.match(readFileSync(join(pkg, dir, 'guide/page.md'), 'utf8'), /\[Up\]\(\.\/index-page\) · \[Home\]\(\/index-page\)/);
    assert.deepEqual((await linkFindings(pkg, format)).map((d) => `${d.file}:${d.line} ${d.message}`), []);
  }
});

test('normalised names are stable: a page renamed for portability keeps its name when upstream adds a colliding one', async () => {
  const root = tmpDir();
  const up = join(root, 'docs');
  const pkg = join(root, 'pkg');
  // A vault: wiki links are links only there (or where a package says so).
  writeTree(up, { '.obsidian/app.json': '{}\n', 'My Note.md': '# Mine\n\nText of mine.\n', 'other.md': '# Other\n\n[mine](My%20Note.md) [[My Note]]\n' });
  const s1 = await syncDocs(up, pkg, { now: 1_760_000_000_000 });
  const map1 = JSON.parse(readFileSync(join(pkg, '.ctxforge-sync.json'), 'utf8'));
  assert.equal(map1.documents['My Note.md'].path, 'My-Note.md');
  assert.equal(s1.added.length, 2);
  // Upstream adds a page whose name is the old page's normalised name.
  writeTree(up, { 'My-Note.md': '# Newcomer\n\nA different page.\n', 'other.md': '# Other\n\n[mine](My%20Note.md) [[My Note]] [new](My-Note.md)\n' });
  const s2 = await syncDocs(up, pkg, { now: 1_760_000_000_000 });
  const map2 = JSON.parse(readFileSync(join(pkg, '.ctxforge-sync.json'), 'utf8'));
  assert.equal(map2.documents['My Note.md'].path, 'My-Note.md');
  assert.equal(map2.documents['My Note.md'].id, map1.documents['My Note.md'].id);
  assert.equal(map2.documents['My-Note.md'].path, 'My-Note-2.md');
  assert.ok(s2.diagnostics.some((d) => d.code === 'SYNC_NAME_NORMALISED' && d.message === 'My-Note.md → My-Note-2.md'));
  assert.deepEqual(s2.moved, []);
  assert.match(readFileSync(join(pkg, 'knowledge/other.md'), 'utf8'), /\[mine\]\(My-Note\.md\) \[\[My-Note\|My Note\]\] \[new\]\(My-Note-2\.md\)/);
  assert.deepEqual(await linkFindings(pkg, 'octx'), []);
});

test('dot-file pages are documents, renamed and reported; every file sync leaves out is named, and counted in --json', async () => {
  const root = tmpDir();
  const up = join(root, 'docs');
  writeTree(up, {
    'README.md': '# Docs\n\n[dots](..md) · [hidden](.hidden.md)\n',
    '..md': '# Two dots\n',
    '.hidden.md': '# Hidden page\n',
    '.gitignore': 'x\n',
    '.github/workflows/ci.yml': 'on: push\n',
    '.vitepress/config.ts': 'throw 1\n',
    'node_modules/pkg/README.md': '# not a page\n',
    'guide/_category_.json': '{"label": "Guide"}',
    'guide/a.md': '# A\n',
  });
  const pkg = join(root, 'pkg');
  const r = await runCli(['sync', up, pkg, '--format', 'acx', '--json']);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { skipped: { path: string; reason: string }[]; added: { upstream: string; path: string }[]; diagnostics: { code: string; message: string }[] };
  assert.deepEqual(out.skipped.map((x) => x.path).sort(), ['.github/workflows/ci.yml', '.gitignore', '.vitepress/config.ts', 'guide/_category_.json', 'node_modules/pkg/README.md']);
  assert.deepEqual(out.added.map((a) => [a.upstream, a.path]).sort(), [['..md', 'x.md'], ['.hidden.md', 'hidden.md'], ['README.md', 'README.md'], ['guide/a.md', 'guide/a.md']]);
  assert.ok(out.diagnostics.some((d) => d.code === 'SYNC_NAME_NORMALISED' && d.message === '.hidden.md → hidden.md'));
  assert.match(readFileSync(join(pkg, 'knowledge/README.md'), 'utf8'), /\[dots\]\(x\.md\) · \[hidden\]\(hidden\.md\)/);
  // The text report names them too.
  rmSync(pkg, { recursive: true });
  const t = await runCli(['sync', up, pkg, '--format', 'acx']);
  assert.match(t.stdout + t.stderr, /SYNC_SKIPPED: .*in \.github\/ \(a skipped folder\): \.github\/workflows\/ci\.yml/);
  for (const f of ['.gitignore', '.vitepress/config.ts', 'guide/_category_.json', 'node_modules/pkg/README.md']) assert.ok((t.stdout + t.stderr).includes(f), f);
  assert.match(t.stdout, /skipped: 5 files left out \(each named above; --json lists them\)/);
  assert.equal((await runCli(['validate', pkg, '--links', 'error'])).code, 0);
});

test('links.root in ctxforge.yaml: root-absolute links resolve against the folder a package names', async () => {
  const root = initRepo(tmpDir());
  const doc = (id: string, body: string) => `---\ntype: Reference\ntitle: T\noctx:\n  document_id: ${id}\n---\n\n${body}`;
  writeTree(root, {
    'pkg/manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019a0000-0000-7000-8000-000000000099', name: 'L' }, release: { version: '1.0.0' } }),
    'pkg/knowledge/index.md': '# L\n\n- [A](site/a.md)\n',
    'pkg/knowledge/site/a.md': doc('019a0000-0000-7000-8000-000000000001', '# A\n\n[b](/guide/b) [gone](/guide/gone)\n'),
    'pkg/knowledge/site/guide/b.md': doc('019a0000-0000-7000-8000-000000000002', '# B\n'),
  });
  const found = async () => JSON.parse((await runCli(['validate', 'pkg', '--json'], { cwd: root })).stdout).results[0].diagnostics.filter((d: { code: string }) => d.code === 'LINK_BROKEN').map((d: { message: string }) => d.message);
  // Without a root, `/` is the document root: both links are broken.
  assert.equal((await found()).length, 2);
  writeTree(root, { 'ctxforge.yaml': 'packages:\n  - path: pkg\n    links: {level: error, root: knowledge/site}\n' });
  assert.deepEqual(await found(), ['link to /guide/gone points to knowledge/site/guide/gone, which the package does not hold']);
  assert.equal((await runCli(['validate', 'pkg'], { cwd: root })).code, 1);
  writeTree(root, { 'ctxforge.yaml': 'links: {level: warning, root: ../outside}\npackages:\n  - path: pkg\n' });
  const bad = await runCli(['list'], { cwd: root });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr + bad.stdout, /links\.root/);
});

test('links in raw HTML follow the renames too: href and src in HTML blocks and inline HTML are rewritten, comments and code left alone (review 2, finding 7)', async () => {
  const root = tmpDir();
  const up = join(root, 'docs');
  writeTree(up, {
    'index.md': [
      '# Home', '',
      '<p align="center">', '  <a href="My Note.md#part-two"><img src="my pic.png" alt="pic"></a>', '</p>', '',
      'Inline: <a href=\'./My%20Note.md\'>the note</a> and <img src=my%20pic.png>.', '',
      '<!-- <a href="My Note.md">kept in a comment</a> -->', '',
      '`<a href="My Note.md">code</a>`', '',
      '<a href="https://example.com/My Note.md">external</a>', '',
    ].join('\n'),
    'My Note.md': '# My Note\n\n## Part two\n',
    'my pic.png': Buffer.from('png'),
  });
  const pkg = join(root, 'pkg');
  const r = await syncDocs(up, pkg, { format: 'acx', now: 1_760_000_000_000 });
  assert.ok(!r.diagnostics.some((d) => d.severity === 'error'), JSON.stringify(r.diagnostics));
  const text = readFileSync(join(pkg, 'knowledge/index-page.md'), 'utf8');
  assert.match(text, /<a href="My-Note\.md#part-two"><img src="my-pic\.png" alt="pic"><\/a>/);
  assert.match(text, /Inline: <a href='\.\/My-Note\.md'>the note<\/a> and <img src=my-pic\.png>\./);
  assert.match(text, /<!-- <a href="My Note\.md">kept in a comment<\/a> -->/);
  assert.match(text, /`<a href="My Note\.md">code<\/a>`/);
  assert.match(text, /<a href="https:\/\/example\.com\/My Note\.md">external<\/a>/);
  assert.equal(r.linksRewritten, 4);
  // HTML inside a quote or a list is placed exactly in the text and rewritten (issue 33, finding 5).
  writeTree(up, { 'quoted.md': '# Quoted\n\n> <div>\n> <a href="My Note.md">note</a>\n> </div>\n\n- item\n\n  <p>\n  <img src="my pic.png">\n  </p>\n' });
  const q = await syncDocs(up, join(root, 'pkg2'), { format: 'acx', now: 1_760_000_000_000 });
  assert.ok(!q.diagnostics.some((x) => x.severity === 'error'), JSON.stringify(q.diagnostics));
  assert.equal(bodyOf(join(root, 'pkg2/knowledge/quoted.md')), '# Quoted\n\n> <div>\n> <a href="My-Note.md">note</a>\n> </div>\n\n- item\n\n  <p>\n  <img src="my-pic.png">\n  </p>\n');
  assert.equal(q.linksRewritten, 6);
  // A value that cannot be placed exactly (it spans lines, and the quote's `> ` is inside it in the
  // text) is never left broken nor rewritten over something else: the sync refuses, naming it.
  const odd = join(root, 'odd');
  writeTree(odd, { 'index.md': '# Home\n\n> <p>\n> <a href="My\n> Note.md">x</a>\n> </p>\n', 'My\nNote.md': '# N\n' });
  const o = await syncDocs(odd, join(root, 'pkg3'), { format: 'acx', now: 1_760_000_000_000 });
  const d = o.diagnostics.find((x) => x.code === 'SYNC_LINK_NOT_REWRITTEN');
  assert.ok(d && d.severity === 'error' && d.file === 'index.md' && d.line === 4 && d.message.includes('My\nNote.md'), JSON.stringify(o.diagnostics));
  assert.equal(o.linksRewritten, 0);
  assert.ok(!existsSync(join(root, 'pkg3')));
});

test('a decoy before an HTML link in a quote stays as written; the link itself follows the rename (issue 33, finding 5)', async () => {
  const root = tmpDir();
  const up = join(root, 'docs');
  // The href on the 16th line of the quoted block (k = 15) was looked for 2·(k+1) = 32 characters
  // early, where the visible `<code>href="My Note.md"</code>` of the line before holds the same name:
  // that text was rewritten, the link left pointing at a file the sync renamed, and sync said 1 rewritten.
  const quoted = [
    '# Page', '',
    '> Write <code>href="My Note.md"</code> to link the note.', '>',
    '> <div>', ...Array.from({ length: 13 }, (_, k) => `> <p>${k + 1}</p>`),
    '> <code>href="My Note.md"</code>..',
    '> <a href="My Note.md">the note</a>',
    '> </div>', '',
  ].join('\n');
  const at = quoted.indexOf('<a href="My Note.md">') + '<a href="'.length;
  assert.equal(at - quoted.lastIndexOf('My Note.md', at - 1), 32);
  writeTree(up, { 'page.md': quoted, 'My Note.md': '# My Note\n' });
  const pkg = join(root, 'pkg');
  const r = await syncDocs(up, pkg, { format: 'acx', now: 1_760_000_000_000 });
  assert.ok(!r.diagnostics.some((d) => d.severity !== 'info'), JSON.stringify(r.diagnostics));
  assert.equal(r.linksRewritten, 1);
  // Byte for byte the page as it was, but for the link's own value.
  assert.equal(bodyOf(join(pkg, 'knowledge/page.md')), `${quoted.slice(0, at)}My-Note.md${quoted.slice(at + 'My Note.md'.length)}`);
  assert.deepEqual(await linkFindings(pkg, 'acx'), []);
});
