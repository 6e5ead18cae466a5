// Nothing outside the repository is read (issue 16 §4): a package path, the `path` input or the
// config file that is, or passes through, a committed symbolic link is refused with
// CTXFORGE_PATH_OUTSIDE_REPO on disk, as reading from git already does, and nothing of the link's
// target (its bytes or its name) reaches an artifact, a report or a message. Before the fix, `kb ->
// /outside` was followed and the outside files were released; `.kb` was read as `kb`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { DiskTree } from '../../src/core/tree.js';
import { ruleFor } from '../../src/core/rules.js';
import '../../src/repo/rules.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, runAction } from '../action/harness.js';

const MARK = 'OUTSIDE-MARKER-7f3a';

/** A directory outside the repository holding a valid OCTX tree whose text carries MARK. */
function outsideTree(): string {
  const out = tmpDir(`ctxforge-${MARK}-`);
  writeTree(out, octxFiles('9.9.9', [{ ...ALPHA, title: MARK }, BETA]));
  writeTree(out, { 'ctxforge.yaml': `packages:\n  - path: ${MARK}\n` });
  return out;
}

function noMark(...texts: string[]): void {
  for (const t of texts) assert.ok(!t.includes(MARK), `the outside path or content leaked:\n${t}`);
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => join(d.parentPath, d.name));
}

test('rules: CTXFORGE_PATH_OUTSIDE_REPO is registered', () => {
  assert.ok(ruleFor('CTXFORGE_PATH_OUTSIDE_REPO'));
});

test('CLI release: a configured package path that is a committed symlink to outside is refused, nothing of it is written', async () => {
  const out = outsideTree();
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) }, { 'ctxforge.yaml': 'packages:\n  - path: kb\n' });
  symlinkSync(out, join(dir, 'kb'));
  commitAll(dir, 'link');
  assert.equal(git(dir, ['ls-files', '-s', 'kb']).slice(0, 6), '120000');
  const dist = join(tmpDir(), 'dist');
  const r = await runCli(['release', '--dry-run', '--tag', 'v9.9.9', '--out', dist], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr, /CTXFORGE_PATH_OUTSIDE_REPO/);
  noMark(r.stdout, r.stderr, ...filesUnder(dist).map((f) => readFileSync(f, 'latin1')));
});

test('CLI release: a package path passing through a symlinked folder is refused', async () => {
  const out = outsideTree();
  mkdirSync(join(out, 'deep'));
  writeTree(join(out, 'deep'), octxFiles('9.9.9', [{ ...ALPHA, title: MARK }]));
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) }, { 'ctxforge.yaml': 'packages:\n  - path: up/deep\n' });
  symlinkSync(out, join(dir, 'up'));
  commitAll(dir, 'link');
  const r = await runCli(['release', '--dry-run', '--tag', 'v9.9.9', '--out', join(tmpDir(), 'dist')], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr, /CTXFORGE_PATH_OUTSIDE_REPO: .*the symbolic link up\b/);
  noMark(r.stdout, r.stderr);
});

test('CLI release: --config through a symlink, and a symlinked ctxforge.yaml, are refused with exit 2', async () => {
  const out = outsideTree();
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) });
  symlinkSync(out, join(dir, 'conf'));
  commitAll(dir, 'link');
  const viaLink = await runCli(['release', '--dry-run', '--config', 'conf/ctxforge.yaml', '--out', join(tmpDir(), 'd')], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(viaLink.code, 2, viaLink.stdout + viaLink.stderr);
  assert.match(viaLink.stdout + viaLink.stderr, /CTXFORGE_PATH_OUTSIDE_REPO/);
  noMark(viaLink.stdout, viaLink.stderr);

  symlinkSync(join(out, 'ctxforge.yaml'), join(dir, 'ctxforge.yaml'));
  commitAll(dir, 'root config is a link');
  const root = await runCli(['release', '--dry-run', '--out', join(tmpDir(), 'd')], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(root.code, 2, root.stdout + root.stderr);
  assert.match(root.stdout + root.stderr, /CTXFORGE_PATH_OUTSIDE_REPO: .*ctxforge\.yaml is a symbolic link/);
  noMark(root.stdout, root.stderr);
});

test('paths are used as written: `.kb` is not `kb`', async () => {
  const dir = makeRepoOf({ kb: octxFiles('1.0.0', [ALPHA]), '.kb': octxFiles('2.0.0', [BETA]) }, { 'ctxforge.yaml': 'packages:\n  - path: .kb\n' });
  const r = await runCli(['list', '--json'], { cwd: dir, env: { PATH: process.env.PATH } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const listed = JSON.parse(r.stdout) as { packages: Array<{ path: string; version?: string }> };
  assert.deepEqual(listed.packages.map((p) => p.path), ['.kb']);
});

test('DiskTree: a file read through a symlinked folder inside the tree is refused', async () => {
  const out = outsideTree();
  const dir = tmpDir();
  writeTree(dir, { 'a.md': 'inside' });
  symlinkSync(out, join(dir, 'docs'));
  const t = new DiskTree(dir);
  assert.deepEqual((await t.list()).map((e) => [e.path, e.kind]), [['a.md', 'file'], ['docs', 'symlink']]);
  await assert.rejects(t.read('docs/ctxforge.yaml'), /passes through a symbolic link/);
  assert.equal((await t.read('a.md')).toString(), 'inside');
});

test('Action check and release: the `path` input naming a symlinked package is refused; nothing from outside reaches the summary', async () => {
  const out = outsideTree();
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  symlinkSync(out, join(dir, 'kb'));
  writeTree(dir, { 'ctxforge.yaml': 'packages:\n  - path: guide\n  - path: kb\n' });
  const head = commitAll(dir, 'link');
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/3/merge', sha: head,
    event: { number: 3, pull_request: { number: 3, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { PATH: 'kb' },
  });
  assert.notEqual(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr + r.summary, /CTXFORGE_PATH_OUTSIDE_REPO/);
  noMark(r.stdout, r.stderr, r.summary, JSON.stringify(r.outputs));
});
