// sync on a generated doc set of a few thousand pages, in a real git repository: sync, build, tag,
// re-copy the upstream folder (its frontmatter gone), sync again, build, and the stable-ID diff of the
// two releases shows exactly the real changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, mkdirSync, symlinkSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, git, initRepo, writeTree } from '../helpers/tmp.js';
import { version1, version2, render, writePages } from './docset.js';

const idMap = (dir: string) => JSON.parse(readFileSync(join(dir, '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string; path: string; digest: string }>; retired: string[] };

test('sync → build → tag → sync v2 → build: the diff holds exactly the real changes, no re-identification', async () => {
  const root = tmpDir();
  const up1 = join(root, 'up1'), up2 = join(root, 'up2'), repo = join(root, 'repo');
  mkdirSync(repo);
  initRepo(repo);
  const v1 = version1(2000); render(v1); writePages(up1, v1);
  const v2 = version2(v1); render(v2.pages, v2.edited); writePages(up2, v2.pages);
  // Version 2 is a fresh copy of the upstream folder that lost the frontmatter: identity must not live there.
  for (const p of v2.pages.values()) {
    const abs = join(up2, ...p.path.split('/'));
    writeFileSync(abs, readFileSync(abs, 'utf8').replace(/^---\n[\s\S]*?\n---\n\n/, `# ${p.title}\n\n`));
  }

  let r = await runCli(['sync', up1, 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  const s1 = JSON.parse(r.stdout);
  assert.equal(s1.created, true);
  assert.equal(s1.added.length, v1.size);
  // Idempotent: a second sync of the same folder writes nothing.
  r = await runCli(['sync', up1, 'pkg', '--json'], { cwd: repo });
  const again = JSON.parse(r.stdout);
  assert.deepEqual([again.added.length, again.modified.length, again.moved.length, again.removed.length, again.files.written.length], [0, 0, 0, 0, 0]);
  assert.equal(again.unchanged, v1.size);

  git(repo, ['add', '-A']); git(repo, ['commit', '-qm', 'v1']);
  r = await runCli(['build', 'pkg', '--out', '../dist1'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  git(repo, ['tag', 'v0.1.0']);
  const map1 = idMap(join(repo, 'pkg'));

  // --dry-run reports what the sync will do and changes nothing.
  r = await runCli(['sync', up2, 'pkg', '--dry-run', '--json'], { cwd: repo });
  const dry = JSON.parse(r.stdout);
  assert.equal(git(repo, ['status', '--porcelain']), '');
  r = await runCli(['sync', up2, 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  const s2 = JSON.parse(r.stdout);
  for (const k of ['added', 'modified', 'moved', 'removed']) assert.equal(dry[k].length, s2[k].length, k);
  const manifest = join(repo, 'pkg', 'manifest.json');
  writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"0.1.0"', '"0.2.0"'));
  git(repo, ['add', '-A']); git(repo, ['commit', '-qm', 'v2']);
  r = await runCli(['build', 'pkg', '--out', '../dist2'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const map2 = idMap(join(repo, 'pkg'));

  // The truth from the generator, by page key → upstream path → ID.
  const id1 = (key: string) => map1.documents[v1.get(key)!.path]!.id;
  const id2 = (key: string) => map2.documents[v2.pages.get(key)!.path]!.id;
  for (const [k] of v2.pages) if (v1.has(k)) assert.equal(id2(k), id1(k), `page ${k} kept its ID`);
  const want = { added: new Set<string>(), removed: new Set<string>(), moved: new Set<string>(), modified: new Set<string>() };
  for (const k of v2.added) want.added.add(id2(k));
  for (const k of v2.removed) want.removed.add(id1(k));
  for (const [k, p] of v2.pages) {
    const o = v1.get(k);
    if (!o) continue;
    if (o.path !== p.path) want.moved.add(id1(k));
  }
  const dist = (d: string) => join(root, d, readdirSync(join(root, d)).find((f) => f.endsWith('.octx'))!);
  r = await runCli(['diff', dist('dist1'), dist('dist2'), '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  const diff = JSON.parse(r.stdout) as { changes: { change: string; kind: string; id: string }[] };
  const got = (c: string) => new Set(diff.changes.filter((x) => x.kind === 'document' && x.change === c).map((x) => x.id));
  assert.deepEqual(got('added'), want.added);
  assert.deepEqual(got('removed'), want.removed);
  assert.deepEqual(got('moved'), want.moved);
  // Modified: exactly the pages whose packaged document changed, which sync reports too.
  const synced = new Set([...s2.modified, ...s2.moved].map((x: { id: string }) => x.id));
  for (const id of got('modified')) assert.ok(synced.has(id), `diff's modified ${id} is a page sync saw change`);
  for (const k of v2.edited) assert.ok(got('modified').has(id2(k)), `edited page ${k} is modified`);
  assert.ok(got('modified').size < v2.pages.size / 2, 'no mass modification');
  // Removed IDs are retired and never handed out again.
  for (const id of want.removed) assert.ok(map2.retired.includes(id));
  assert.equal(new Set(Object.values(map2.documents).map((d) => d.id)).size, Object.keys(map2.documents).length);

  // The tagged release still diffs against the working tree by ref.
  r = await runCli(['diff', 'v0.1.0:pkg', 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(JSON.parse(r.stdout).changes.filter((x: { kind: string; change: string }) => x.kind === 'document' && x.change === 'added').length, v2.added.size);
});

test('sync writes each format that validates; a removed ID is never reused; moves by similarity report their score', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'README.md': '# Widget Manual\n\nStart with [install](guide/install.md) and [the logo](img/logo.png).\n',
    'guide/install.md': '---\ntitle: Installing\nslug: /install\nsidebar_position: 2\ntags: [setup]\n---\n\nRun the installer, then check the version with widget --version and read the notes that come with each release of the toolkit.\n',
    'guide/index.md': '# Guide\n\nThe guide pages: [install](install.md#installing).\n',
    'Café Notes.md': '# Café\n\nNotes about the café machine and its many settings for espresso and milk.\n',
    'img/logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  for (const format of ['octx', 'ctxpkg', 'acx']) {
    const out = join(root, format);
    let r = await runCli(['sync', 'docs', format, '--format', format, '--json'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const s = JSON.parse(r.stdout);
    assert.ok(s.diagnostics.some((d: { code: string; message: string }) => d.code === 'SYNC_NAME_NORMALISED' && d.message.includes('Cafe-Notes.md')));
    assert.ok(s.diagnostics.some((d: { code: string; message: string }) => d.code === 'SYNC_FRONTMATTER_DROPPED' && d.message.includes('"slug"')));
    r = await runCli(['validate', format], { cwd: root });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(existsSync(join(out, 'knowledge', 'img', 'logo.png')), format === 'acx', 'assets only where the format packages them');
    // The link to the renamed index page still resolves.
    const guide = readFileSync(join(out, format === 'ctxpkg' ? 'nodes' : 'knowledge', 'README.md'), 'utf8');
    assert.match(guide, /\]\(guide\/install\.md\)/);
  }
  // Remove a page, sync, then bring a page back under a new name with new content: it gets a fresh ID.
  const before = idMap(join(root, 'octx'));
  const gone = before.documents['Café Notes.md']!.id;
  writeTree(join(root, 'docs'), { 'Café Notes.md': '# Unrelated\n\nA page about something else entirely, nothing shared with before at all.\n' });
  let r = await runCli(['sync', 'docs', 'octx', '--json'], { cwd: root });
  let s = JSON.parse(r.stdout);
  assert.equal(s.modified.length, 1, 'same path, new text: modified, same ID');
  // Move with small edits: found by similarity above the threshold (the page has 20 words and more:
  // fewer would be no evidence, test/sync/move-evidence.test.ts).
  const text = readFileSync(join(root, 'docs', 'guide', 'install.md'), 'utf8');
  writeTree(join(root, 'docs'), { 'setup/installing.md': text.replace('read the notes', 'read the release notes') });
  (await import('node:fs')).rmSync(join(root, 'docs', 'guide', 'install.md'));
  r = await runCli(['sync', 'docs', 'octx', '--json', '--threshold', '0.3'], { cwd: root });
  s = JSON.parse(r.stdout);
  assert.equal(s.moved.length, 1);
  assert.equal(s.moved[0].from, 'guide/install.md');
  assert.ok(s.moved[0].similarity > 0.3 && s.moved[0].similarity < 1);
  assert.equal(s.moved[0].id, before.documents['guide/install.md']!.id);
  (await import('node:fs')).rmSync(join(root, 'docs', 'Café Notes.md'));
  r = await runCli(['sync', 'docs', 'octx', '--json'], { cwd: root });
  s = JSON.parse(r.stdout);
  assert.deepEqual(s.removed.map((x: { id: string }) => x.id), [gone]);
  writeTree(join(root, 'docs'), { 'Cafe Notes 2.md': '# Café\n\nNotes about the café machine and its many settings for espresso and milk.\n' });
  r = await runCli(['sync', 'docs', 'octx', '--json'], { cwd: root });
  s = JSON.parse(r.stdout);
  assert.equal(s.added.length, 1);
  assert.notEqual(s.added[0].id, gone, 'a retired ID is never reused');
  assert.ok(idMap(join(root, 'octx')).retired.includes(gone));
});

test('sync refuses what it must: --no-rename, symlinks in the target, another format, a broken ID map', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), { 'A Page.md': '# A\n\ntext\n', 'b.md': '# B\n\ntext\n' });
  symlinkSync('/etc', join(root, 'docs', 'outside'));
  let r = await runCli(['sync', 'docs', 'out', '--no-rename'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /SYNC_NAME_NOT_PORTABLE/);
  r = await runCli(['sync', 'docs', 'out', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.ok(s.diagnostics.some((d: { code: string }) => d.code === 'SYNC_SYMLINK_SKIPPED'));
  assert.ok(!existsSync(join(root, 'out', 'knowledge', 'outside')));
  r = await runCli(['sync', 'docs', 'out', '--format', 'ctxpkg'], { cwd: root });
  assert.equal(r.code, 2);
  writeFileSync(join(root, 'out', '.ctxforge-sync.json'), '{"version": 9}');
  r = await runCli(['sync', 'docs', 'out'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /SYNC_ID_MAP_INVALID/);
  r = await runCli(['sync', 'missing', 'out2'], { cwd: root });
  assert.equal(r.code, 2);
  // A target whose knowledge/ is a symlink is never written through.
  mkdirSync(join(root, 'elsewhere'));
  mkdirSync(join(root, 'out3'));
  symlinkSync(join(root, 'elsewhere'), join(root, 'out3', 'knowledge'));
  r = await runCli(['sync', 'docs', 'out3'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /SYNC_TARGET_SYMLINK/);
  assert.deepEqual(readdirSync(join(root, 'elsewhere')), []);
  // A hand-made working directory's files are never overwritten by a first sync.
  r = await runCli(['init', 'octx', 'hand'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const index = readFileSync(join(root, 'hand', 'knowledge', 'index.md'), 'utf8');
  r = await runCli(['sync', 'docs', 'hand'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /SYNC_TARGET_CONFLICT.*knowledge\/index\.md/);
  assert.equal(readFileSync(join(root, 'hand', 'knowledge', 'index.md'), 'utf8'), index);
});

test('non-portable names: NFD, reserved characters, case collisions, device names are renamed and reported, links follow', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'Guide.md': '# Guide one\n\nSee [the other](guide.md) and [notes](e\u0301t\u00e9:notes%3F.md) and [con](con.md).\n',
    'guide.md': '# Guide two\n\nLower case.\n',
    'e\u0301t\u00e9:notes?.md': '# Été\n\nNotes.\n',
    'con.md': '# Con\n\nA device name on Windows.\n',
  });
  const r = await runCli(['sync', 'docs', 'out', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const paths = [...s.added.map((a: { path: string }) => a.path)].sort();
  assert.deepEqual(paths, ['Guide.md', 'con-page.md', 'ete-notes.md', 'guide-2.md']);
  assert.equal(s.diagnostics.filter((d: { code: string }) => d.code === 'SYNC_NAME_NORMALISED').length, 3);
  const guide = readFileSync(join(root, 'out', 'knowledge', 'Guide.md'), 'utf8');
  assert.match(guide, /\[the other\]\(guide-2\.md\)/);
  assert.match(guide, /\[notes\]\(ete-notes\.md\)/);
  assert.match(guide, /\[con\]\(con-page\.md\)/);
  const v = await runCli(['validate', 'out', '--links', 'error'], { cwd: root });
  assert.equal(v.code, 0, v.stdout);
});

for (const format of ['ctxpkg', 'acx']) {
  test(`re-sync into ${format}: the stable-ID diff of the two trees holds exactly the added, removed and moved pages`, async () => {
    const root = tmpDir();
    const v1 = version1(300); render(v1); writePages(join(root, 'up1'), v1);
    const v2 = version2(v1); render(v2.pages, v2.edited); writePages(join(root, 'up2'), v2.pages);
    let r = await runCli(['sync', 'up1', 'a', '--format', format], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    (await import('node:fs')).cpSync(join(root, 'a'), join(root, 'b'), { recursive: true });
    r = await runCli(['sync', 'up2', 'b'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const m1 = idMap(join(root, 'a')), m2 = idMap(join(root, 'b'));
    r = await runCli(['diff', 'a', 'b', '--json'], { cwd: root });
    assert.equal(r.code, 0, r.stderr);
    const kind = format === 'ctxpkg' ? 'node' : 'knowledge';
    const changes = JSON.parse(r.stdout).changes as { kind: string; change: string; id: string }[];
    const got = (c: string) => new Set(changes.filter((x) => x.kind === kind && x.change === c).map((x) => x.id));
    const id1 = (k: string) => m1.documents[v1.get(k)!.path]!.id;
    const id2 = (k: string) => m2.documents[v2.pages.get(k)!.path]!.id;
    assert.deepEqual(got('added'), new Set([...v2.added].map(id2)));
    assert.deepEqual(got('removed'), new Set([...v2.removed].map(id1)));
    assert.deepEqual(got('moved'), new Set([...v2.pages.keys()].filter((k) => v1.has(k) && v1.get(k)!.path !== v2.pages.get(k)!.path).map(id1)));
  });
}

test('types: a per-folder rule, else the page\'s own OKF type, else --type, else the format default', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'guides/a.md': '---\ntype: Concept\n---\n# A\n\ntext\n',
    'guides/deep/b.md': '# B\n\ntext\n',
    'ref/c.md': '---\ntype: Runbook\n---\n# C\n\ntext\n',
    'd.md': '# D\n\ntext\n',
  });
  const r = await runCli(['sync', 'docs', 'out', '--type', 'Note', '--type-rule', 'guides=Guide', '--type-rule', 'guides/deep=Tutorial'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const typeOf = (p: string) => /^type: (.+)$/m.exec(readFileSync(join(root, 'out', 'knowledge', p), 'utf8'))![1];
  assert.deepEqual(['guides/a.md', 'guides/deep/b.md', 'ref/c.md', 'd.md'].map(typeOf), ['Guide', 'Tutorial', 'Runbook', 'Note']);
  const r2 = await runCli(['sync', 'docs', 'pk', '--format', 'ctxpkg', '--type-rule', 'ref=procedure'], { cwd: root });
  assert.equal(r2.code, 0, r2.stderr);
  const c = readFileSync(join(root, 'pk', 'nodes', 'ref', 'c.md'), 'utf8');
  assert.match(c, /^type: procedure$/m);
  assert.match(c, /^okf_type: Runbook$/m);
  assert.match(readFileSync(join(root, 'pk', 'nodes', 'd.md'), 'utf8'), /^type: fact$/m);
  const bad = await runCli(['sync', 'docs', 'x', '--type-rule', 'nope'], { cwd: root });
  assert.equal(bad.code, 2);
});

test('site generators: Docusaurus, MkDocs and Hugo (TOML) frontmatter give titles, tags, descriptions; the rest is dropped with a note', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'docusaurus/intro.mdx': '---\nid: intro\ntitle: Introduction\nsidebar_label: Intro\nsidebar_position: 1\nslug: /\ntags: [start]\n---\n\n# Ignored heading\n\nHello.\n',
    'mkdocs/page.md': '---\ndescription: A MkDocs page.\nhide:\n  - navigation\n---\n\n# From the heading\n\nBody.\n',
    'hugo/_index.md': '+++\ntitle = "Hugo section"\nweight = 10\ndraft = false\ntags = ["a", "b"]\n+++\n\nSection text.\n',
    'plain/no-title_here.md': 'Just text, no heading.\n',
  });
  const r = await runCli(['sync', 'docs', 'out', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  const read = (p: string) => readFileSync(join(root, 'out', 'knowledge', p), 'utf8');
  const intro = read('docusaurus/intro.md');
  assert.match(intro, /^title: Introduction$/m);
  assert.match(intro, /^tags: \[start\]$/m);
  assert.doesNotMatch(intro, /sidebar|slug/);
  assert.match(read('mkdocs/page.md'), /^title: From the heading$/m);
  assert.match(read('mkdocs/page.md'), /^description: A MkDocs page\.$/m);
  const hugo = read('hugo/index-page.md');
  assert.match(hugo, /^title: Hugo section$/m);
  assert.match(hugo, /^tags: \[a, b\]$/m);
  assert.doesNotMatch(hugo, /\+\+\+/);
  assert.match(read('plain/no-title_here.md'), /^title: No title here$/m);
  const dropped = s.diagnostics.filter((d: { code: string }) => d.code === 'SYNC_FRONTMATTER_DROPPED').map((d: { message: string }) => /key "([^"]+)"/.exec(d.message)![1]).sort();
  assert.deepEqual(dropped, ['draft', 'hide', 'id', 'sidebar_label', 'sidebar_position', 'slug', 'weight']);
  assert.equal((await runCli(['validate', 'out'], { cwd: root })).code, 0);
});

test('a page that opens with a horizontal rule or broken frontmatter is taken whole, with a warning', async () => {
  const root = tmpDir();
  writeTree(join(root, 'docs'), {
    'rule.md': '---\nJust a rule, then text: that is not YAML: at all\n---\n\n# Rule\n\nKept.\n',
    'broken.md': '---\ntitle: [unclosed\n---\n\n# Broken\n\nAlso kept.\n',
  });
  const r = await runCli(['sync', 'docs', 'out', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.diagnostics.filter((d: { code: string }) => d.code === 'SYNC_FRONTMATTER_INVALID').length, 2);
  assert.match(readFileSync(join(root, 'out', 'knowledge', 'rule.md'), 'utf8'), /Just a rule[\s\S]*Kept\./);
  assert.match(readFileSync(join(root, 'out', 'knowledge', 'broken.md'), 'utf8'), /title: \[unclosed[\s\S]*Also kept\./);
  assert.equal((await runCli(['validate', 'out'], { cwd: root })).code, 0);
});
