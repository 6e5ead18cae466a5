// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// The archive layout is checked against yazl (the writer notes-octx.md prescribes) byte for byte,
// written in place in any order, and its large-archive paths against stock readers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, createWriteStream, openSync, closeSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import yazl from 'yazl';
import fc from 'fast-check';
import { ZipPlacement } from '../../src/core/zip-placement.js';
import { ZipLayout } from '../../src/core/zip-layout.js';
import { PlacedWrites } from '../../src/core/placed-writes.js';
import { ZipTree, layoutProblems } from '../../src/core/zip-tree.js';
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

/**
 * Lays the files out (the first without ZIP64 information, as OCTX's manifest) and writes them in
 * `order` (indexes), each whole or, when `streamed`, in blocks through one reused buffer.
 */
async function viaPlacement(out: string, files: File[], order = files.map((_, i) => i), streamed = false): Promise<{ bytes: Buffer; sha256: string; size: number }> {
  const fd = openSync(out, 'wx+');
  try {
    const p = new ZipPlacement(fd, out, files.map((f, i) => ({ path: f.path, size: f.data.length, zip64: i > 0 })));
    const block = Buffer.alloc(3);
    for (const i of order) {
      const f = files[i]!;
      if (!streamed) { assert.ok(p.put(i, Buffer.from(f.data))); continue; }
      const s = p.stream(i)!;
      for (let at = 0; at < f.data.length; at += block.length) {
        const n = f.data.copy(block, 0, at, at + block.length);
        s.push(block.subarray(0, n));
        block.fill(0x55); // the block is reused: what was pushed must already be written
      }
      assert.ok(s.end());
    }
    assert.deepEqual(p.unwritten(), []);
    const size = p.finish();
    const { sha256 } = await p.verify(size);
    return { bytes: readFileSync(out), sha256, size };
  } finally {
    closeSync(fd);
  }
}
const sample: File[] = [
  { path: 'manifest.json', data: Buffer.from('{"format":"octx"}\n') },
  { path: 'knowledge/a.md', data: Buffer.from('---\ntype: X\n---\n# A\n') },
  { path: 'knowledge/é/ünïcode ☃.md', data: Buffer.from('x') },
  { path: 'extensions/org.example/1.0/empty.bin', data: Buffer.alloc(0) },
  { path: 'vectors/chunks.arrow', data: Buffer.from(Array.from({ length: 70000 }, (_, i) => (i * 31) & 0xff)) },
];

test('the layout gives yazl\'s bytes whatever order the entries are written in, whole or streamed, and reports the digest of what it wrote', async () => {
  const dir = tmpDir();
  const ref = await viaYazl(join(dir, 'yazl.zip'), sample);
  const mine = await viaPlacement(join(dir, 'mine.zip'), sample);
  assert.ok(ref.equals(mine.bytes), 'entries in order differ from yazl');
  assert.equal(mine.sha256, createHash('sha256').update(ref).digest('hex'));
  assert.equal(mine.size, ref.length);
  const backwards = await viaPlacement(join(dir, 'backwards.zip'), sample, sample.map((_, i) => sample.length - 1 - i));
  assert.ok(ref.equals(backwards.bytes), 'entries written last to first differ from yazl');
  const streamed = await viaPlacement(join(dir, 'streamed.zip'), sample, undefined, true);
  assert.ok(ref.equals(streamed.bytes), 'streamed entries differ from yazl');
  const t = spawnSync('unzip', ['-tq', join(dir, 'mine.zip')], { encoding: 'utf8' });
  assert.equal(t.status, 0, t.stdout + t.stderr);
});

test('generated file sets in generated write orders: byte-identical to yazl', async () => {
  const dir = tmpDir();
  const file = fc.record({ path: fc.stringMatching(/^[a-z0-9é☃]{1,12}(\/[a-z0-9]{1,8}){0,3}$/), data: fc.uint8Array({ maxLength: 300 }).map((u) => Buffer.from(u)) });
  const files = fc.uniqueArray(file, { selector: (f) => f.path, minLength: 1, maxLength: 25 });
  let n = 0;
  await fc.assert(fc.asyncProperty(files.chain((fs) => fc.tuple(fc.constant(fs), fc.shuffledSubarray(fs.map((_, i) => i), { minLength: fs.length }))), async ([fs, order]) => {
    n++;
    const ref = await viaYazl(join(dir, `y${n}.zip`), fs);
    const mine = await viaPlacement(join(dir, `m${n}.zip`), fs, order);
    assert.ok(ref.equals(mine.bytes));
  }), { numRuns: 40 });
});

test('65 536 entries: ZIP64 end records that unzip, Python and our reader accept', async () => {
  const dir = tmpDir();
  const out = join(dir, 'many.zip');
  const files = [{ path: 'manifest.json', data: Buffer.from('{}') }, ...Array.from({ length: 65536 }, (_, i) => ({ path: `f/${i}.txt`, data: Buffer.from(String(i)) }))];
  const { bytes } = await viaPlacement(out, files);
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

test('a file that is not the size laid out is refused and left unwritten; finishing then fails', () => {
  const dir = tmpDir();
  const out = join(dir, 'x.zip');
  const fd = openSync(out, 'wx+');
  try {
    const p = new ZipPlacement(fd, out, [{ path: 'a.bin', size: 4, zip64: false }, { path: 'b.bin', size: 4, zip64: true }]);
    assert.equal(p.put(0, Buffer.from('abcde')), false, 'one byte too many');
    const s = p.stream(1)!;
    s.push(Buffer.from('abc'));
    assert.equal(s.end(), false, 'one byte short');
    assert.deepEqual(p.unwritten(), ['a.bin', 'b.bin']);
    assert.throws(() => p.finish(), /unwritten entries/);
    assert.ok(p.put(0, Buffer.from('abcd')));
    assert.equal(p.put(0, Buffer.from('abcd')), false, 'an entry is written once');
    assert.equal(p.layout.indexOf('b.bin'), 1);
  } finally {
    closeSync(fd);
  }
});

test('reading back finds an entry whose bytes are not the ones written for it, small or over 16 MiB', async () => {
  const dir = tmpDir();
  // A small archive and one over 16 MiB (several of the read-back's blocks).
  for (const big of [false, true]) {
    const out = join(dir, `bad-${big}.zip`);
    const fd = openSync(out, 'wx+');
    try {
      const files = [{ path: 'a.txt', data: Buffer.from('first') }, { path: 'big.bin', data: Buffer.alloc(big ? 17 << 20 : 1000, 1) }, { path: 'z.txt', data: Buffer.from('last') }];
      const p = new ZipPlacement(fd, out, files.map((f) => ({ path: f.path, size: f.data.length, zip64: true })));
      files.forEach((f, i) => assert.ok(p.put(i, f.data)));
      const size = p.finish();
      assert.equal((await p.verify(size)).size, size);
      // One byte of big.bin's data overwritten, as a write to the wrong offset would.
      writeSync(fd, Buffer.from([2]), 0, 1, p.layout.dataAt(1) + 500);
      await assert.rejects(p.verify(size), /entry big\.bin does not hold the bytes written for it/);
    } finally {
      closeSync(fd);
    }
  }
});

test('reading back checks every byte that is not entry data against the layout: a local header, the central directory, the end record (issue 28)', async () => {
  const dir = tmpDir();
  const files = [{ path: 'manifest.json', data: Buffer.from('{}') }, { path: 'knowledge/a.md', data: Buffer.from('# A\n') }, { path: 'knowledge/empty.md', data: Buffer.alloc(0) }, { path: 'knowledge/z.md', data: Buffer.from('# Z\n') }];
  // Each place a byte is flipped, with the data's CRC-32 unchanged: a name byte in a local header, a
  // header's CRC field, a name byte in the central directory, the end record's entry count.
  const places: { name: string; at: (p: ZipPlacement, size: number) => number; why: RegExp }[] = [
    { name: 'local name', at: (p) => p.layout.headerAt(1) + 31, why: /entry knowledge\/a\.md: its local header is not the one laid out/ },
    { name: 'local crc', at: (p) => p.layout.headerAt(3) + 14, why: /entry knowledge\/z\.md: its local header is not the one laid out/ },
    { name: 'central name', at: (p) => p.layout.centralAt + 46 + 3, why: /the central directory is not the one laid out/ },
    { name: 'end record', at: (_p, size) => size - 22 + 8, why: /the central directory is not the one laid out/ },
  ];
  for (const place of places) {
    const out = join(dir, `${place.name.replace(' ', '-')}.zip`);
    const fd = openSync(out, 'wx+');
    try {
      const p = new ZipPlacement(fd, out, files.map((f, i) => ({ path: f.path, size: f.data.length, zip64: i > 0 })));
      files.forEach((f, i) => assert.ok(p.put(i, f.data)));
      const size = p.finish();
      const good = await p.verify(size);
      assert.equal(good.sha256, createHash('sha256').update(readFileSync(out)).digest('hex'));
      const at = place.at(p, size);
      const was = readFileSync(out)[at]!;
      writeSync(fd, Buffer.from([was ^ 0x20]), 0, 1, at);
      await assert.rejects(p.verify(size), place.why, place.name);
      // A byte past the end (the archive longer than laid out) is refused too.
      writeSync(fd, Buffer.from([was]), 0, 1, at);
      assert.equal((await p.verify(size)).sha256, good.sha256);
      await assert.rejects(p.verify(size + 1), /the archive is \d+ bytes, its layout \d+/);
    } finally {
      closeSync(fd);
    }
  }
});

test('the central directory is made in pieces of whole records, whatever the piece size the same bytes (checked against yazl above), ZIP64 end records past 65 535 entries included (issue 39)', () => {
  for (const count of [0, 3, 70000]) {
    const layout = new ZipLayout(Array.from({ length: count }, (_, i) => ({ path: `knowledge/${i % 7 ? 'ü' : 'a'}/${i}.md`, size: i * 13, zip64: i > 0 })));
    const crcs = Uint32Array.from({ length: count }, (_, i) => (i * 2654435761) >>> 0);
    const pieces = [...layout.tailPieces(crcs, 4096)];
    assert.ok(Buffer.concat(pieces).equals(Buffer.concat([...layout.tailPieces(crcs, 1 << 24)])));
    for (const p of pieces) assert.ok(p.length <= 4096, `a piece of ${p.length} bytes`);
    if (count === 70000) assert.ok(pieces.length > 1000, `${pieces.length} pieces`);
  }
});

test('layoutProblems refuses what ZipTree.open refuses, on the list of entries before it is written', () => {
  const files = [{ path: 'manifest.json', size: 2 }, { path: 'knowledge/a.md', size: 10 }, { path: 'knowledge/b.md', size: 10 }];
  assert.deepEqual(layoutProblems(files), []);
  const kinds = (entries: { path: string; size: number }[], limits = {}) => layoutProblems(entries, limits).map((p) => `${p.kind} ${p.entry ?? ''}`.trim());
  assert.deepEqual(kinds(files, { maxEntries: 2 }), ['LIMIT']);
  assert.deepEqual(kinds(files, { maxFileBytes: 9 }), ['LIMIT knowledge/a.md', 'LIMIT knowledge/b.md']);
  assert.deepEqual(kinds(files, { maxTotalBytes: 21 }), ['LIMIT']);
  assert.deepEqual(kinds([...files, { path: 'knowledge/a.md', size: 1 }]), ['DUPLICATE knowledge/a.md']);
  assert.deepEqual(kinds([...files, { path: 'knowledge/a.md/x.md', size: 1 }]), ['DUPLICATE knowledge/a.md']);
  assert.deepEqual(kinds([{ path: '../x.md', size: 1 }]), ['PATH_UNSAFE ../x.md']);
  assert.deepEqual(kinds([{ path: 'knowledge/\ud800.md', size: 1 }]), ['NAME_ENCODING knowledge/\ud800.md']);
});

test('PlacedWrites copies a small piece when queued, so the caller\'s buffer is not held until the flush (issue 39); a large one is kept', () => {
  const dir = tmpDir();
  const out = join(dir, 'staged.bin');
  const fd = openSync(out, 'wx+');
  try {
    const w = new PlacedWrites(fd);
    // Enough 4 KiB documents to fill the staging buffer more than twice: each is overwritten right
    // after it is queued, as a buffer given back and reused would be.
    const doc = Buffer.alloc(4096);
    const count = 600;
    for (let i = 0; i < count; i++) { doc.fill(i % 251); w.add(i * 4096, doc); doc.fill(0xff); }
    const big = Buffer.alloc(100 * 1024, 7);
    w.add(count * 4096, big);
    w.flush();
    const got = readFileSync(out);
    for (let i = 0; i < count; i++) assert.ok(got.subarray(i * 4096, (i + 1) * 4096).equals(Buffer.alloc(4096, i % 251)), `document ${i}`);
    assert.ok(got.subarray(count * 4096).equals(big));
  } finally {
    closeSync(fd);
  }
});

test('PlacedWrites holds no object a queued piece until the flush: its queue is typed arrays (issue 39)', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
  const dir = tmpDir();
  const fd = openSync(join(dir, 'queued.bin'), 'wx+');
  try {
    const w = new PlacedWrites(fd);
    const piece = Buffer.alloc(100, 1);
    // 500 pieces (a local header and a document each for 250 documents) stay queued: under both
    // flush thresholds (512 pieces, 1 MiB).
    const count = 500;
    w.add(0, piece);
    w.flush();
    // What the queue holds, least of three readings (other garbage dying in between only adds).
    let held = Infinity;
    for (let trial = 0; trial < 3; trial++) {
      const before = used();
      for (let i = 0; i < count; i++) w.add((trial * count + i) * 100, piece);
      held = Math.min(held, used() - before);
      w.flush();
    }
    // Before: an object and a buffer view a piece (~150 bytes: 75 KB for 500).
    assert.ok(held < 16 * 1024, `the queue held ${held} bytes of V8's heap for ${count} pieces`);
  } finally {
    closeSync(fd);
  }
});

test('PlacedWrites: pieces out of order, some adjacent, with gaps between; write() for a buffer reused at once', () => {
  const dir = tmpDir();
  const out = join(dir, 'placed.bin');
  const fd = openSync(out, 'wx+');
  try {
    const w = new PlacedWrites(fd);
    const want = Buffer.alloc(3000, 0x2e);
    const put = (at: number, text: string) => { w.add(at, Buffer.from(text)); want.write(text, at); };
    put(2000, 'later');
    put(10, 'abc');
    put(13, 'def');
    put(0, 'zero');
    put(2995, 'end!!');
    const reused = Buffer.from('RRRR');
    w.write(100, reused);
    want.write('RRRR', 100);
    reused.fill(0);
    // Over 512 pieces: flushed on the way, still every byte in place.
    for (let i = 0; i < 600; i++) put(200 + i, String.fromCharCode(65 + (i % 26)));
    w.flush();
    const got = readFileSync(out);
    // Bytes never written read as zero; the expectation's fill stands for them only where written.
    for (let i = 0; i < want.length; i++) if (got[i] !== 0) assert.equal(got[i], want[i], `byte ${i}`);
    assert.equal(got.subarray(0, 16).toString('latin1'), 'zero\0\0\0\0\0\0abcdef');
    assert.equal(got.subarray(100, 104).toString(), 'RRRR');
    assert.equal(got.subarray(2995, 3000).toString(), 'end!!');
    assert.equal(got.subarray(200, 800).toString(), Array.from({ length: 600 }, (_, i) => String.fromCharCode(65 + (i % 26))).join(''));
  } finally {
    closeSync(fd);
  }
});

test('the layout keeps no path string an entry: each path is read back from its names, a path with a lone surrogate as given (issue 39)', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const odd = ['a\ud800.md', 'b/é ☃ 😀.md', '', 'c\udc00'];
  const small = new ZipLayout(odd.map((path) => ({ path, size: 1, zip64: false })));
  assert.deepEqual(odd.map((_, i) => small.path(i)), odd, 'every path as given');
  assert.ok(small.names.equals(Buffer.from(odd.join('\0'), 'utf8')), 'names: each path\'s UTF-8, NUL between');
  assert.equal(small.indexOf('b/é ☃ 😀.md'), 1);
  // 50 000 entries whose paths are made as asked: the layout holds the names' bytes (outside V8's
  // heap), not the strings (~60 bytes each, 3 MB of heap here).
  const count = 50_000;
  const used = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
  const before = used();
  const big = new ZipLayout({ length: count, path: (i) => `knowledge/section-${i % 100}/page-${String(i).padStart(6, '0')}.md`, size: () => 10, zip64: () => true });
  const held = used() - before;
  assert.equal(big.path(12_345), 'knowledge/section-45/page-012345.md');
  assert.ok(held < 8 * count, `the layout holds ${held} bytes of V8's heap for ${count} entries`);
});
