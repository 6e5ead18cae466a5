// Relative links between a package's documents: validate reports a link to a missing document or
// anchor with file and line, as a warning by default and an error with --links error or `links:
// error` in ctxforge.yaml; the PR check shows a move that left links dangling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { renameSync } from 'node:fs';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree, git, initRepo } from '../helpers/tmp.js';
import { headingAnchors, markdownLinks } from '../../src/links/markdown.js';
import { runCheck } from '../../src/release/check.js';

const doc = (id: string, body: string) => `---\ntype: Reference\ntitle: T\noctx:\n  document_id: ${id}\n---\n\n${body}`;
const ID = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

function octxTree(root: string): void {
  writeTree(root, {
    'manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ID(99), name: 'Links' }, release: { version: '1.0.0' } }),
    'knowledge/index.md': '# Links\n\n- [A](a.md)\n',
    'knowledge/a.md': doc(ID(1), '# A\n\nSee [B](sub/b.md#usage), [C](sub/c.md), [top](#a), [web](https://example.com/x.md)\n\n```\n[not a link](nowhere.md)\n```\n'),
    'knowledge/sub/b.md': doc(ID(2), '# B\n\n## Usage\n\nBack to [A](../a.md#missing-anchor). Out: [x](../../../etc/passwd).\n'),
  });
}

test('markdown helpers: links outside code, GitHub anchors', () => {
  const ls = markdownLinks('a [x](y.md) `[z](q.md)`\n```\n[w](v.md)\n```\n![img](i.png "t")\n');
  assert.deepEqual(ls.map((l) => [l.target, l.line]), [['y.md', 1], ['i.png', 5]]);
  assert.deepEqual([...headingAnchors('# Hello, World!\n## Hello, World!\n### Ünïcode {#custom}\n')], ['hello-world', 'hello-world-1', 'custom']);
});

test('validate: broken links and anchors are warnings with file and line; --links error makes them errors; off silences', async () => {
  const root = tmpDir();
  octxTree(join(root, 'pkg'));
  let r = await runCli(['validate', 'pkg', '--json'], { cwd: root });
  assert.equal(r.code, 0, r.stdout);
  const diags = JSON.parse(r.stdout).results[0].diagnostics as { code: string; severity: string; file: string; line: number; message: string }[];
  const links = diags.filter((d) => d.code.startsWith('LINK_')).map((d) => [d.code, d.severity, d.file, d.line]);
  links.sort((a, b) => String(a[2]).localeCompare(String(b[2])) || String(a[0]).localeCompare(String(b[0])));
  assert.deepEqual(links, [
    ['LINK_BROKEN', 'warning', 'knowledge/a.md', 10],
    ['LINK_ANCHOR_MISSING', 'warning', 'knowledge/sub/b.md', 12],
    ['LINK_BROKEN', 'warning', 'knowledge/sub/b.md', 12],
    // What it could not judge is counted, not passed over: the https link.
    ['LINK_NOT_JUDGED', 'info', undefined, undefined],
  ]);
  assert.match(diags.find((d) => d.code === 'LINK_NOT_JUDGED')!.message as string, /1 link not judged: 1 external; 6 links checked/);
  r = await runCli(['validate', 'pkg', '--links', 'error'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout + r.stderr, /knowledge\/a\.md:10/);
  r = await runCli(['validate', 'pkg', '--links', 'off', '--json'], { cwd: root });
  assert.ok(!JSON.parse(r.stdout).results[0].diagnostics.some((d: { code: string }) => d.code.startsWith('LINK_')));
  r = await runCli(['validate', 'pkg', '--links', 'loud'], { cwd: root });
  assert.equal(r.code, 2);
});

test('ctxforge.yaml links: error fails validate and the PR check after a move that leaves links dangling', async () => {
  const root = initRepo(tmpDir());
  octxTree(join(root, 'pkg'));
  // Start from a tree whose links all resolve.
  writeTree(join(root, 'pkg'), {
    'knowledge/a.md': doc(ID(1), '# A\n\nSee [B](sub/b.md#usage).\n'),
    'knowledge/sub/b.md': doc(ID(2), '# B\n\n## Usage\n\nBack to [A](../a.md#a).\n'),
    'ctxforge.yaml': '',
  });
  writeTree(root, { 'ctxforge.yaml': 'links: error\npackages:\n  - path: pkg\n' });
  git(root, ['add', '-A']); git(root, ['commit', '-qm', 'base']);
  let r = await runCli(['validate', 'pkg'], { cwd: root });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const base = git(root, ['rev-parse', 'HEAD']).trim();
  renameSync(join(root, 'pkg', 'knowledge', 'sub', 'b.md'), join(root, 'pkg', 'knowledge', 'b2.md'));
  git(root, ['add', '-A']); git(root, ['commit', '-qm', 'move b']);
  r = await runCli(['validate', 'pkg'], { cwd: root });
  assert.equal(r.code, 1);
  assert.match(r.stdout + r.stderr, /LINK_BROKEN/);
  const check = await runCheck({ cwd: root, base, failOn: ['error'] });
  assert.equal(check.failed, true);
  const d = check.packages[0]!.diagnostics.filter((x) => x.code.startsWith('LINK_'));
  assert.ok(d.some((x) => x.file === 'knowledge/a.md' && x.line === 10 && x.severity === 'error'), JSON.stringify(d));
  // The config the check is told to use (the Action's `config` input) sets the level too.
  // The base commit's config decides the check (issue 16 §5): dropping `links: error` in the PR's
  // working tree does not relax it.
  writeTree(root, { 'ctxforge.yaml': 'packages:\n  - path: pkg\n', 'ci/strict.yaml': 'links: error\npackages:\n  - path: pkg\n' });
  assert.equal((await runCheck({ cwd: root, base, failOn: ['error'] })).failed, true);
  assert.equal((await runCheck({ cwd: root, base, config: 'ci/strict.yaml', failOn: ['error'] })).failed, true);
  // A bad value in the config is the config's error.
  writeTree(root, { 'ctxforge.yaml': 'links: sometimes\n' });
  r = await runCli(['list'], { cwd: root });
  assert.equal(r.code, 2);
  assert.match(r.stderr + r.stdout, /links must be off, warning or error/);
});

test('a pull request cannot change the site rules its own links are judged by (its ID map or its manifest record)', async () => {
  const root = initRepo(tmpDir());
  octxTree(join(root, 'pkg'));
  writeTree(join(root, 'pkg'), {
    'knowledge/a.md': doc(ID(1), '# A\n\nSee [B](sub/b.md#usage).\n'),
    'knowledge/sub/b.md': doc(ID(2), '# B\n\n## Usage\n'),
  });
  writeTree(root, { 'ctxforge.yaml': 'links: error\npackages:\n  - path: pkg\n' });
  git(root, ['add', '-A']); git(root, ['commit', '-qm', 'base']);
  const base = git(root, ['rev-parse', 'HEAD']).trim();
  // The head breaks the link by GitHub's rules (a name's case, a heading's text as the anchor) and
  // names a site whose rules would pass it: Obsidian's, case-insensitive.
  const manifest = JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ID(99), name: 'Links' }, release: { version: '1.0.0' }, 'x-ctxforge': { site: { generator: 'obsidian', root: '' } } });
  writeTree(join(root, 'pkg'), { 'manifest.json': manifest, 'knowledge/a.md': doc(ID(1), '# A\n\nSee [B](Sub/B.md#Usage).\n') });
  git(root, ['add', '-A']); git(root, ['commit', '-qm', 'weaken']);
  // The record is the tree's own: validate judges the head by it.
  const v = await runCli(['validate', 'pkg'], { cwd: root });
  assert.equal(v.code, 0, v.stdout + v.stderr);
  // The PR check judges it by the base's rules, and fails; so it does when the ID map names the site.
  const broken = async () => (await runCheck({ cwd: root, base, failOn: ['error'] })).packages[0]!.diagnostics.filter((x) => x.code === 'LINK_BROKEN' && x.severity === 'error');
  assert.equal((await broken()).length, 1);
  writeTree(join(root, 'pkg'), { '.ctxforge-sync.json': JSON.stringify({ version: 1, format: 'octx', documents: {}, assets: {}, files: [], retired: [], site: { generator: 'obsidian', root: '' } }) });
  git(root, ['add', '-A']); git(root, ['commit', '-qm', 'id map']);
  assert.equal((await runCli(['validate', 'pkg'], { cwd: root })).code, 0);
  assert.equal((await broken()).length, 1);
});
