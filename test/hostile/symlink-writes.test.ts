// Outputs are never written through a symlink: a repository (a pull request's checkout) commits
// `ctxforge.sarif -> /target`, `dist -> /elsewhere`, `dist/<artifact> -> /victim`, and the Action,
// `release`, `build` and `keygen` refuse with CTXFORGE_IO_SYMLINK, leaving every target as it was.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync, lstatSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, runAction } from '../action/harness.js';

/** A file outside the repository that a symlink points at, with content that must survive. */
function victim(): { dir: string; file: string } {
  const dir = tmpDir('ctxforge-victim-');
  const file = join(dir, 'target');
  writeFileSync(file, 'keep me\n');
  return { dir, file };
}

function repoWithLink(link: string, to: string): string {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  mkdirSync(join(dir, link, '..'), { recursive: true });
  symlinkSync(to, join(dir, link));
  commitAll(dir, `commit a symlink ${link}`);
  assert.equal(git(dir, ['ls-files', '-s', link]).slice(0, 6), '120000');
  return dir;
}

test('Action check: a committed ctxforge.sarif symlink is refused and its target left untouched', async () => {
  const v = victim();
  const dir = repoWithLink('ctxforge.sarif', v.file);
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: head, ref: 'main' }, head: { sha: head } } },
    inputs: { SARIF: 'ctxforge.sarif' },
  });
  assert.notEqual(r.code, 0, r.stdout);
  assert.match(r.stdout, /CTXFORGE_IO_SYMLINK/);
  assert.equal(readFileSync(v.file, 'utf8'), 'keep me\n');
  assert.ok(lstatSync(join(dir, 'ctxforge.sarif')).isSymbolicLink(), 'the link itself stays as committed');
});

test('release --dry-run: a committed dist -> elsewhere is refused (exit 2), nothing lands elsewhere', async () => {
  const v = victim();
  const dir = repoWithLink('dist', v.dir);
  const r = await runCli(['release', '--dry-run', '--tag', 'v1.0.0'], { cwd: dir });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.match(r.stderr, /CTXFORGE_IO_SYMLINK/);
  assert.deepEqual(readdirSync(v.dir), ['target']);
});

test('release --dry-run: artifact, notes and checksum names committed as symlinks in dist/ are refused', async () => {
  for (const name of ['guide-1.0.0.octx', 'RELEASE_NOTES.md', 'SHA256SUMS', 'provenance.intoto.json']) {
    const v = victim();
    const dir = repoWithLink(`dist/${name}`, v.file);
    const r = await runCli(['release', '--dry-run', '--tag', 'v1.0.0'], { cwd: dir });
    assert.equal(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /CTXFORGE_IO_SYMLINK/, name);
    assert.equal(readFileSync(v.file, 'utf8'), 'keep me\n', name);
    assert.deepEqual(readdirSync(v.dir), ['target'], name);
  }
});

test('build --out through a symlinked folder, and keygen onto a symlinked key path, are refused', async () => {
  const v = victim();
  const dir = repoWithLink('out', v.dir);
  const b = await runCli(['build', 'guide', '--out', 'out'], { cwd: dir });
  assert.equal(b.code, 2, b.stdout + b.stderr);
  assert.match(b.stderr, /CTXFORGE_IO_SYMLINK/);
  assert.deepEqual(readdirSync(v.dir), ['target']);

  const k = tmpDir('ctxforge-keys-');
  symlinkSync(v.dir, join(k, 'keys'));
  const g = await runCli(['keygen', '--out', join(k, 'keys', 'ci')], { cwd: k });
  assert.equal(g.code, 2, g.stdout + g.stderr);
  assert.match(g.stderr, /CTXFORGE_IO_SYMLINK/);
  assert.deepEqual(readdirSync(v.dir), ['target']);
});
