// releaseBytes hands a large buffer's memory over to be freed at the next young collection (issue
// 39): the buffer its owner let go reads as empty afterwards. It must leave alone what it cannot
// own whole: a view of part of a larger memory (a block, Node's pool), shared memory, a small buffer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { releaseBytes } from '../../src/core/release.js';
import { DigestArray } from '../../src/core/digest-array.js';

const MiB = 1 << 20;

test('a large buffer of its own is released: its memory is no longer its own', () => {
  const b = Buffer.alloc(2 * MiB, 7);
  const other = new Uint8Array(b.buffer);
  releaseBytes(b);
  assert.equal(b.length, 0);
  assert.equal(b.buffer.byteLength, 0);
  assert.equal(other.length, 0, 'every view of the same memory is empty');
  const t = new Float64Array(MiB / 4);
  releaseBytes(t);
  assert.equal(t.length, 0);
});

test('what is not owned whole, shared, or small is left as it is', () => {
  const big = Buffer.alloc(4 * MiB, 1);
  const part = big.subarray(MiB);
  releaseBytes(part);
  assert.equal(part.length, 3 * MiB);
  assert.equal(big.length, 4 * MiB);
  const shared = new Uint8Array(new SharedArrayBuffer(2 * MiB));
  releaseBytes(shared);
  assert.equal(shared.length, 2 * MiB);
  const small = Buffer.alloc(MiB - 1);
  releaseBytes(small);
  assert.equal(small.length, MiB - 1);
  const pooled = Buffer.from('a pooled buffer');
  releaseBytes(pooled);
  assert.equal(pooled.toString(), 'a pooled buffer');
});

test('a DigestArray spent by first() gives its memory back; the copy holds the digests', () => {
  const room = new DigestArray(70_000);
  const hex = 'ab'.repeat(32);
  room.set(0, hex);
  room.set(1, 'cd'.repeat(32));
  const kept = room.first(2);
  assert.equal(kept.hex(0), hex);
  assert.equal(kept.hex(1), 'cd'.repeat(32));
  assert.equal((room as unknown as { bytes: Buffer }).bytes.length, 0);
});
