// Blobs read with zlib (loose objects, whole packed objects) are the bytes git has; deltas and
// anything unusual go to isomorphic-git. Checked against `git cat-file` on a real repository.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { git, writeTree } from '../helpers/tmp.js';
import { GitRepo } from '../../src/git/index.js';
import { readBlobDirect } from '../../src/git/blob-read.js';
import { PackIndex } from '../../src/git/object-size.js';
import { commitAll, newRepo } from './fixture.js';

const big = (v: number) => Array.from({ length: 3000 }, (_, i) => `record ${i} ${i === 1500 ? v : 0} ${'x'.repeat(40)}`).join('\n');

function blobs(dir: string): string[] {
  return git(dir, ['rev-list', '--objects', '--all']).trim().split('\n').map((l) => l.split(' ')[0]!)
    .filter((oid) => git(dir, ['cat-file', '-t', oid]).trim() === 'blob');
}

const catFile = (dir: string, oid: string) => execFileSync('git', ['cat-file', 'blob', oid], { cwd: dir, maxBuffer: 1 << 26 });

test('loose, packed and deltified blobs all read as git has them; whole objects skip the library', async () => {
  const dir = newRepo();
  writeTree(dir, { 'data.jsonl': big(1), 'bin.dat': Buffer.from(Array.from({ length: 70000 }, (_, i) => (i * 7919) & 0xff)), 'empty.txt': '' });
  commitAll(dir, 'one', 1767225600);
  writeTree(dir, { 'data.jsonl': big(2) });
  commitAll(dir, 'two', 1767312000);
  const oids = blobs(dir);
  assert.ok(oids.length >= 4);
  const gitdir = join(dir, '.git');
  // Loose objects: every one is read directly.
  for (const oid of oids) assert.deepEqual(await readBlobDirect(gitdir, new PackIndex(gitdir), oid), catFile(dir, oid), `loose ${oid}`);
  git(dir, ['gc', '--aggressive', '--quiet']);
  const deltas = git(dir, ['verify-pack', '-v', ...execFileSync('sh', ['-c', 'ls .git/objects/pack/*.idx'], { cwd: dir, encoding: 'utf8' }).trim().split('\n')])
    .split('\n').filter((l) => / blob /.test(l) && l.trim().split(/\s+/).length >= 7).map((l) => l.split(' ')[0]!);
  assert.ok(deltas.length >= 1, 'the two versions of data.jsonl are stored as a delta');
  let direct = 0;
  for (const oid of oids) {
    const d = await readBlobDirect(gitdir, new PackIndex(gitdir), oid);
    if (deltas.includes(oid)) assert.equal(d, undefined, 'a delta is left to the library');
    else { assert.deepEqual(d, catFile(dir, oid), `packed ${oid}`); direct++; }
    assert.deepEqual(await new GitRepo(dir, gitdir).readBlob(oid), catFile(dir, oid), `readBlob ${oid}`);
  }
  assert.ok(direct >= 3);
});

test('a corrupted loose object is not trusted: the id check fails and the library reports it', async () => {
  const dir = newRepo();
  writeTree(dir, { 'a.txt': 'hello\n' });
  commitAll(dir, 'one', 1767225600);
  const oid = git(dir, ['rev-parse', 'HEAD:a.txt']).trim();
  const gitdir = join(dir, '.git');
  const path = join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  const { deflateSync } = await import('node:zlib');
  const { chmodSync, writeFileSync } = await import('node:fs');
  chmodSync(path, 0o644);
  writeFileSync(path, deflateSync(Buffer.from('blob 6\0HELLO\n')));
  assert.equal(await readBlobDirect(gitdir, new PackIndex(gitdir), oid), undefined);
});
