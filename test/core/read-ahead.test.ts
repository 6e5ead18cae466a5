// Files read ahead on a worker thread (core/read-ahead.ts): in order, each with its SHA-256 and
// CRC-32, from a directory or from an archive's byte ranges, never more than a window ahead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ReadAhead } from '../../src/core/read-ahead.js';
import { DiskTree, TreeReadError } from '../../src/core/tree.js';
import { ZipTree } from '../../src/core/zip-tree.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const files: Record<string, Buffer> = {};
for (let i = 0; i < 300; i++) files[`d/f-${String(i).padStart(3, '0')}.txt`] = Buffer.from(`${i}:`.padEnd(100 + 37 * (i % 50), String.fromCharCode(97 + (i % 26))));
files['d/empty.txt'] = Buffer.alloc(0);
const paths = Object.keys(files).sort();

async function takeAll(ra: ReadAhead): Promise<void> {
  for (const p of paths) {
    const got = await ra.take(p);
    assert.ok(got.bytes.equals(files[p]!), p);
    assert.equal(got.sha256, createHash('sha256').update(files[p]!).digest('hex'), p);
    assert.equal(got.crc32, crc32(files[p]!), p);
  }
}

test('read-ahead from a directory and from a STORED archive: every file in order, with its digests, through a window smaller than one file', async () => {
  const dir = tmpDir();
  writeTree(join(dir, 'src'), files);
  const tree = new DiskTree(join(dir, 'src'));
  // A 1 KB window: the worker waits for the taker after almost every file.
  const fromDisk = new ReadAhead(tree.handoff(paths), { windowBytes: 1000 });
  try { await takeAll(fromDisk); } finally { fromDisk.close(); }

  execFileSync('zip', ['-0', '-X', '-r', '-q', join(dir, 'a.zip'), 'd'], { cwd: join(dir, 'src') });
  const zip = await ZipTree.open(join(dir, 'a.zip'));
  try {
    const handoff = zip.handoff(paths);
    assert.equal(handoff?.kind, 'ranges');
    const fromZip = new ReadAhead(handoff!, { windowBytes: 1000 });
    try { await takeAll(fromZip); } finally { fromZip.close(); }
  } finally {
    zip.close();
  }
});

test('read-ahead: a file gone by its turn fails at its take, as a read would; taking out of order is refused', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'a.txt': 'a', 'c.txt': 'c' });
  const tree = new DiskTree(dir);
  const ra = new ReadAhead(tree.handoff(['a.txt', 'b.txt', 'c.txt']));
  try {
    assert.equal((await ra.take('a.txt')).bytes.toString(), 'a');
    await assert.rejects(ra.take('c.txt'), /c\.txt asked for where b\.txt comes next/);
    await assert.rejects(ra.take('b.txt'), (e: Error) => e instanceof TreeReadError && /b\.txt: no such file/.test(e.message));
    assert.equal((await ra.take('c.txt')).bytes.toString(), 'c');
  } finally {
    ra.close();
  }
});
