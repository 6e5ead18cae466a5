// DiskTree's fast path (issue 28): after list(), a read below a folder the listing entered skips
// the per-parent lstat. Every read it refused before must still be refused, with the same reason,
// and every read it allowed must return the same bytes as on a tree that was never listed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, symlinkSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';

async function outcome(t: DiskTree, path: string): Promise<string> {
  try {
    return `ok:${(await t.read(path)).toString()}`;
  } catch (e) {
    return `refused:${(e as Error).message}`;
  }
}

function hostileTree(): { dir: string; outside: string } {
  const outside = tmpDir();
  writeTree(outside, { 'secret.md': 'outside', 'sub/deep.md': 'outside deep' });
  const dir = tmpDir();
  writeTree(dir, { 'a/b/c.md': 'inside', 'a/x.md': 'x', 'top.md': 'top' });
  symlinkSync(outside, join(dir, 'a', 'link'));
  symlinkSync(join(outside, 'sub'), join(dir, 'a', 'b', 'sublink'));
  symlinkSync(join(outside, 'secret.md'), join(dir, 'a', 'file-link.md'));
  execFileSync('mkfifo', [join(dir, 'a', 'b', 'pipe.md')]);
  return { dir, outside };
}

const PATHS = ['a/b/c.md', 'a/x.md', 'top.md', 'a/link/secret.md', 'a/link/sub/deep.md', 'a/b/sublink/deep.md',
  'a/file-link.md', 'a/b/pipe.md', 'a/b/../link/secret.md', 'a//link/secret.md', 'a/missing/x.md', 'a/b/missing.md'];

test('DiskTree: reads after list() give what reads without a listing give (symlinked folders, linked files, FIFOs, odd paths)', async () => {
  const { dir } = hostileTree();
  const listed = new DiskTree(dir);
  await listed.list();
  const fresh = new DiskTree(dir);
  for (const p of PATHS) assert.equal(await outcome(listed, p), await outcome(fresh, p), p);
  // And the refusals are refusals, not reads of the outside.
  for (const p of ['a/link/secret.md', 'a/b/sublink/deep.md', 'a/file-link.md', 'a/b/pipe.md', 'a/b/../link/secret.md', 'a//link/secret.md']) {
    assert.match(await outcome(listed, p), /^refused:/, p);
  }
  assert.equal(await outcome(listed, 'a/b/c.md'), 'ok:inside');
});

test('DiskTree: a folder the listing skipped (a symlink) is checked on read even though its name looks like a listed one', async () => {
  const { dir } = hostileTree();
  const t = new DiskTree(dir, undefined, (rel) => rel === 'a/b');
  await t.list();
  // a/b was skipped, so it is not known as a real folder: the read checks it one by one and still works.
  assert.equal(await outcome(t, 'a/b/c.md'), 'ok:inside');
  // A committed symlink where a folder was is refused.
  rmSync(join(dir, 'a', 'b'), { recursive: true });
  const outside = tmpDir();
  writeTree(outside, { 'c.md': 'outside' });
  symlinkSync(outside, join(dir, 'a', 'b'));
  const again = new DiskTree(dir);
  await again.list();
  assert.match(await outcome(again, 'a/b/c.md'), /passes through a symbolic link/);
});

