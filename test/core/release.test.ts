// freeBytes frees a buffer's memory at once, releaseBytes at once or at the next young collection
// (issue 39): the buffer its owner let go reads as empty afterwards. Both must leave alone what they
// cannot own whole: a view of part of a larger memory (a block, Node's pool), shared memory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { freeBytes, releaseBytes } from '../../src/core/release.js';
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

test('what is not owned whole or is shared is left as it is', () => {
  const big = Buffer.alloc(4 * MiB, 1);
  const part = big.subarray(MiB);
  releaseBytes(part);
  assert.equal(freeBytes(part), false);
  assert.equal(part.length, 3 * MiB);
  assert.equal(big.length, 4 * MiB);
  const shared = new Uint8Array(new SharedArrayBuffer(2 * MiB));
  releaseBytes(shared);
  assert.equal(freeBytes(shared), false);
  assert.equal(shared.length, 2 * MiB);
  const pooled = Buffer.from('a pooled buffer');
  releaseBytes(pooled);
  assert.equal(freeBytes(pooled), false);
  assert.equal(pooled.toString(), 'a pooled buffer');
});

// Every Node this project runs on can detach a buffer: 20 through V8 11.3's staged builtin, 22 and
// 24 natively. The memory is gone before any collection: V8's count of array buffer memory drops at
// once, where a transfer by structuredClone (or letting go) leaves it counted until a scavenge.
test('freeBytes frees a buffer of its own at once, small or large, on every supported Node', () => {
  for (const size of [2100, 8 * MiB]) {
    const b = Buffer.alloc(size, 3);
    const view = new Uint8Array(b.buffer);
    // Counted from the moment the buffer is held: before its allocation, a collection that the
    // allocation itself starts may free other files' garbage (this file shares a process with
    // others), so "before + size" said nothing. Nothing runs between these two readings but the
    // free, and a collection would only lower the second.
    const held = process.memoryUsage().arrayBuffers;
    assert.equal(freeBytes(b), true, `Node ${process.version} frees a buffer`);
    const after = process.memoryUsage().arrayBuffers;
    assert.equal(b.length, 0);
    assert.equal(view.length, 0, 'every view of the same memory is empty');
    assert.ok(after <= held - size, `${size} bytes no longer counted (${held} → ${after})`);
  }
  const small = Buffer.alloc(MiB - 1);
  releaseBytes(small);
  assert.equal(small.length, 0, 'releaseBytes frees a small buffer too where it can free at once');
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
