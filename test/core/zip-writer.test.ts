// The ZIP writer is checked against yazl (the writer notes-octx.md prescribes) byte for byte, and
// its large-archive paths against stock readers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import yazl from 'yazl';
import fc from 'fast-check';
import { ZipWriter } from '../../src/core/zip-writer.js';
import { FileSink } from '../../src/core/file-sink.js';
import { ZipTree } from '../../src/core/zip-tree.js';
import { tmpDir } from '../helpers/tmp.js';

type File = { path: string; data: Buffer };

/** The reference: yazl with the options of notes-octx.md. */
async function viaYazl(out: string, files: File[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const opts = { compress: false, forceDosTimestamp: true, mode: 0o100644, mtime: new Date(1980, 0, 1, 0, 0, 0) };
  files.forEach((f, i) => zip.addBuffer(f.data, f.path, { ...opts, forceZip64Format: i > 0 }));
  zip.end();
  await new Promise<void>((resolve, reject) => zip.outputStream.pipe(createWriteStream(out)).on('close', resolve).on('error', reject));
  return readFileSync(out);
}

async function viaWriter(out: string, files: File[], streamed = false): Promise<{ bytes: Buffer; sha256: string; size: number }> {
  const sink = new FileSink(out);
  const zip = new ZipWriter(sink);
  for (const [i, f] of files.entries()) {
    if (streamed && i > 0) await zip.addStream(f.path, f.data.length, () => Readable.from([f.data.subarray(0, 3), f.data.subarray(3)], { objectMode: false }), { zip64: true });
    else zip.addBuffer(f.path, f.data, { zip64: i > 0 });
  }
  zip.end();
  const { sha256, size, durable } = sink.finish();
  await durable;
  return { bytes: readFileSync(out), sha256, size };
}

const sample: File[] = [
  { path: 'manifest.json', data: Buffer.from('{"format":"octx"}\n') },
  { path: 'knowledge/a.md', data: Buffer.from('---\ntype: X\n---\n# A\n') },
  { path: 'knowledge/é/ünïcode ☃.md', data: Buffer.from('x') },
  { path: 'extensions/org.example/1.0/empty.bin', data: Buffer.alloc(0) },
  { path: 'vectors/chunks.arrow', data: Buffer.from(Array.from({ length: 70000 }, (_, i) => (i * 31) & 0xff)) },
];

test('the writer gives yazl\'s bytes, buffered or streamed, and reports the digest of what it wrote', async () => {
  const dir = tmpDir();
  const ref = await viaYazl(join(dir, 'yazl.zip'), sample);
  const mine = await viaWriter(join(dir, 'mine.zip'), sample);
  assert.ok(ref.equals(mine.bytes), 'buffered entries differ from yazl');
  assert.equal(mine.sha256, createHash('sha256').update(ref).digest('hex'));
  assert.equal(mine.size, ref.length);
  const streamed = await viaWriter(join(dir, 'streamed.zip'), sample, true);
  assert.ok(ref.equals(streamed.bytes), 'streamed entries differ from yazl');
  const t = spawnSync('unzip', ['-tq', join(dir, 'mine.zip')], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);
});

test('generated file sets: byte-identical to yazl', async () => {
  const dir = tmpDir();
  const file = fc.record({ path: fc.stringMatching(/^[a-z0-9é☃]{1,12}(\/[a-z0-9]{1,8}){0,3}$/), data: fc.uint8Array({ maxLength: 300 }).map((u) => Buffer.from(u)) });
  let n = 0;
  await fc.assert(fc.asyncProperty(fc.uniqueArray(file, { selector: (f) => f.path, minLength: 1, maxLength: 25 }), async (files) => {
    n++;
    const ref = await viaYazl(join(dir, `y${n}.zip`), files);
    const mine = await viaWriter(join(dir, `m${n}.zip`), files);
    assert.ok(ref.equals(mine.bytes));
  }), { numRuns: 40 });
});

test('65 536 entries: ZIP64 end records that unzip, Python and our reader accept', async () => {
  const dir = tmpDir();
  const out = join(dir, 'many.zip');
  const sink = new FileSink(out);
  const zip = new ZipWriter(sink);
  zip.addBuffer('manifest.json', Buffer.from('{}'), { zip64: false });
  for (let i = 0; i < 65536; i++) zip.addBuffer(`f/${i}.txt`, Buffer.from(String(i)), { zip64: true });
  zip.end();
  await sink.finish().durable;
  const bytes = readFileSync(out);
  assert.equal(bytes.readUInt32LE(bytes.length - 22), 0x06054b50);
  assert.equal(bytes.readUInt16LE(bytes.length - 22 + 10), 0xffff, 'EOCD entry count saturates');
  assert.equal(bytes.readUInt32LE(bytes.length - 22 - 20), 0x07064b50, 'ZIP64 locator precedes the EOCD');
  const t = spawnSync('unzip', ['-tq', out], { encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(t.status, 0, t.stderr);
  const py = spawnSync('python3', ['-c', 'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(len(z.namelist()))', out], { encoding: 'utf8' });
  assert.equal(py.stdout.trim(), '65537', py.stderr);
  const tree = await ZipTree.open(out, { limits: { maxEntries: 100000 } });
  try {
    assert.equal((await tree.read('f/65535.txt')).toString(), '65535');
  } finally {
    tree.close();
  }
});

test('a file that changes between the CRC pass and the copy is refused, not archived wrong', async () => {
  const dir = tmpDir();
  const sink = new FileSink(join(dir, 'x.zip'));
  const zip = new ZipWriter(sink);
  let calls = 0;
  await assert.rejects(zip.addStream('a.bin', 4, () => Readable.from([Buffer.from(calls++ === 0 ? 'abcd' : 'abce')], { objectMode: false }), { zip64: true }), /changed while/);
  sink.close();
});

test('FileSink copies what it keeps: one buffer reused for every chunk still writes every byte', async () => {
  const dir = tmpDir();
  const out = join(dir, 'reuse.bin');
  const sink = new FileSink(out);
  const block = Buffer.alloc(300_000);
  const expected: Buffer[] = [];
  // Chunk sizes below, at and above the sink's 1 MiB block, each written from the same buffer.
  for (const [i, n] of [1000, 300_000, 5, 299_999, 1, 300_000, 300_000, 300_000, 2].entries()) {
    const chunk = block.subarray(0, n);
    chunk.fill(65 + i);
    expected.push(Buffer.from(chunk));
    sink.write(chunk);
  }
  const big = Buffer.alloc(3 << 20, 0x7a);
  sink.write(big);
  expected.push(Buffer.from(big));
  big.fill(0);
  const { sha256, size, durable } = sink.finish();
  await durable;
  const want = Buffer.concat(expected);
  const got = readFileSync(out);
  assert.equal(size, want.length);
  assert.ok(got.equals(want), 'the file holds each chunk as it was when written');
  assert.equal(sha256, createHash('sha256').update(want).digest('hex'));
});
