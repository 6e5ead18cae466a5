// The object store keeps each pack file open while it is used (issue 28: an open, fstat and close
// around each of a diff's ~1,400 pack reads was most of their cost), one descriptor per pack
// however many objects are read, closed by clearRepoCache; and a small loose object whose size was
// asked is read once for its size and its bytes, which are still git's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { git, writeTree } from '../helpers/tmp.js';
import { clearRepoCache, findRepo } from '../../src/git/index.js';
import { ObjectStore } from '../../src/git/object-store.js';
import { join } from 'node:path';
import { commitAll, newRepo } from './fixture.js';

/** Descriptors this process holds on the pack files of the repository in `dir` (other descriptors come
 *  and go with child processes, and a test file sharing this process may hold packs of its own). */
const openPacks = (dir: string) => {
  const inside = `${realpathSync(dir)}/`;
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      return target.startsWith(inside) && target.endsWith('.pack') ? [`${fd} → ${target}`] : [];
    } catch { return []; }
  });
};

test('pack files: one descriptor per pack while objects are read, none after clearRepoCache', { skip: process.platform !== 'linux' && 'reads /proc/self/fd' }, async () => {
  const dir = newRepo();
  writeTree(dir, Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`d/f${i}.md`, `# ${i}\n${'text '.repeat(i + 1)}\n`])));
  commitAll(dir, 'one');
  git(dir, ['repack', '-a', '-d', '-q']);
  const blobs = execFileSync('git', ['ls-tree', '-r', '--format=%(objectname)', 'HEAD'], { cwd: dir }).toString().trim().split('\n');
  const repo = (await findRepo(dir))!;
  for (const oid of blobs) {
    assert.equal((await repo.objects.read(oid))?.body.toString(), execFileSync('git', ['cat-file', 'blob', oid], { cwd: dir }).toString());
    assert.equal(repo.objects.size(oid), Number(execFileSync('git', ['cat-file', '-s', oid], { cwd: dir }).toString()));
  }
  const open = openPacks(dir);
  assert.equal(open.length, 1, `the one pack stays open, once: ${open.join(', ')}`);
  clearRepoCache();
  assert.deepEqual(openPacks(dir), []);
});

test('loose objects: the size read keeps the object for its read, which is git\'s bytes', async () => {
  const dir = newRepo();
  writeTree(dir, { 'a.md': '# a\nsome text\n', 'b.md': '# b\n' });
  commitAll(dir, 'loose');
  const store = new ObjectStore(join(dir, '.git'));
  for (const name of ['a.md', 'b.md']) {
    const oid = execFileSync('git', ['rev-parse', `HEAD:${name}`], { cwd: dir }).toString().trim();
    assert.equal(store.size(oid), Number(execFileSync('git', ['cat-file', '-s', oid], { cwd: dir }).toString()));
    const o = await store.read(oid);
    assert.equal(o?.type, 'blob');
    assert.deepEqual(o?.body, execFileSync('git', ['cat-file', 'blob', oid], { cwd: dir }));
  }
  store.close();
});
