// The secret scan of a file read block by block (issue 28: a build scans each file on the thread
// that reads it, as it is hashed and written, instead of reading the built archive back): whatever
// the blocks, its findings are scanSecretBytes' over the whole file, in UTF-8, latin1 (a file that
// is not UTF-8, found out late) and UTF-16, with lines joined across the segments it cuts.
// Fails on the code before: there was no SecretStream.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { scanSecretBytes } from '../../src/core/secrets.js';
import * as stream from '../../src/core/secret-stream.js';

type Ctor = new (file: string, where: string, allow?: boolean, segmentBytes?: number) => { push(c: Uint8Array): void; end(): unknown[] };
const SecretStream = (stream as unknown as { SecretStream?: Ctor }).SecretStream;

function streamed(bytes: Buffer, cuts: number[], segmentBytes: number, allow = false): unknown[] {
  assert.ok(SecretStream, 'SecretStream is missing');
  const s = new SecretStream('f.txt', 'f.txt', allow, segmentBytes);
  let at = 0;
  for (const c of cuts) {
    const n = Math.min(c, bytes.length - at);
    // The caller reuses its block: the stream must copy what it keeps.
    const block = Buffer.from(bytes.subarray(at, at + n));
    s.push(block);
    block.fill(0x41);
    at += n;
  }
  if (at < bytes.length) s.push(bytes.subarray(at));
  return s.end();
}

const PIECES = ['AKIAIOSFODNN7EXAMPLE', 'AKIAIOSF\\\n  ODNN7EXAMPLE', 'AKI\nAIOSFODNN7EXAMPLE', 'token = "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"', 'my_sec\nret: Zx9Qw8Er7Ty6Ui5Op4As3', '\\u0041KIAIOSFODNN7EXAMPLE',
  ' plain prose of the release pipeline ', '\n', '\n', '\r\n', 'é', '\u00a0', '\ufeff', '日本語', "''", '\n\ufeffAKIAIOSFODNN7EXAMPLE x\n', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N', 'ghp_aB3dE6gH9jaB3dE6gH9jaB3dE6gH9jk2M4n6'];

test('a file pushed in blocks gives exactly scanSecretBytes of the whole file', () => {
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(
    fc.array(piece, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 400 }), fc.array(fc.integer({ min: 1, max: 9000 }), { maxLength: 60 }),
    fc.constantFrom('utf8', 'bom', 'latin1-late', 'latin1-early'), fc.integer({ min: 256, max: 8192 }),
    (parts, repeat, cuts, how, segment) => {
      let bytes = Buffer.from(parts.join('').repeat(repeat), 'utf8');
      if (how === 'bom') bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
      // A byte that is not UTF-8, late in the file (after segments were read as UTF-8) or early.
      if (how === 'latin1-late') bytes = Buffer.concat([bytes, Buffer.from([0x0a, 0xff, 0x41, 0x0a])]);
      if (how === 'latin1-early') bytes = Buffer.concat([Buffer.from([0xc3, 0x28, 0x0a]), bytes]);
      for (const allow of [false, true]) {
        assert.deepEqual(streamed(bytes, cuts, segment, allow), scanSecretBytes(bytes, 'f.txt', 'f.txt', allow), `${how} ${bytes.length} bytes`);
      }
    }), { numRuns: 300, seed: 281 });
});

test('UTF-16 files (BOM, or NUL-interleaved in the first 64 KiB) and small files are scanned as a whole', () => {
  const text = `# deploy.ps1\r\n$env:AWS_KEY = "AKIAIOSFODNN7EXAMPLE"\r\n${'filler line\r\n'.repeat(8000)}`;
  for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), Buffer.from(text, 'utf16le'), Buffer.from('x AKIAIOSFODNN7EXAMPLE\n')]) {
    const want = scanSecretBytes(bytes, 'f.txt', 'f.txt');
    assert.ok(want.length > 0);
    assert.deepEqual(streamed(bytes, [1000, 3, 70000, 5], 4096), want);
  }
  // Binary data: no finding, and never held whole (segments are cut at its newlines).
  const bin = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919 + (i >> 7)) % 256));
  assert.deepEqual(streamed(bin, Array(40).fill(8192), 16384), scanSecretBytes(bin, 'f.txt', 'f.txt'));
});

test('the buffers a stream gathers in are released once it lets them go (issue 39), and the findings stay the whole file\'s', () => {
  // 1 MiB blocks of lines with a key in the second block and one split across the third and fourth.
  const key = 'AKIAIOSFODNN7EXAMPLE';
  const line = 'x'.repeat(99) + '\n';
  const block = (k: number) => {
    const b = Buffer.from(line.repeat(Math.ceil((1 << 20) / line.length))).subarray(0, 1 << 20);
    if (k === 1) b.write(` ${key} `, 5000);
    if (k === 2) b.write(`\n${key.slice(0, 10)}`, b.length - 11);
    if (k === 3) b.write(`${key.slice(10)} `, 0);
    return Buffer.from(b);
  };
  const blocks = [0, 1, 2, 3].map(block);
  const s = new stream.SecretStream('f.bin', 'f.bin');
  const held = () => (s as unknown as { pending: Buffer | undefined }).pending;
  s.push(blocks[0]!);
  const first = held()!;
  assert.ok(first.length >= 1 << 20, 'the probe gathered the first block');
  s.push(blocks[1]!);
  assert.equal(first.length, 0, 'the first block\'s copy was released');
  s.push(blocks[2]!);
  s.push(blocks[3]!);
  const last = held();
  const found = s.end();
  assert.deepEqual(found, scanSecretBytes(Buffer.concat(blocks), 'f.bin', 'f.bin'));
  assert.equal(found.length, 2);
  if (last && last.buffer.byteLength >= 1 << 20) assert.equal(last.length, 0);
});
