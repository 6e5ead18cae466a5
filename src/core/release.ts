// Giving a buffer's memory back when its reader is done with it, not when V8 next collects. A
// buffer's bytes live outside V8's heap and are freed with the ArrayBuffer that owns them: a young
// one at the next scavenge, a promoted one only at a mark-compact. A read that makes a buffer a row
// (a cartridge's 100,000 blobs) leaves tens of MB of them dead between scavenges, which V8 starts
// only once that external memory has piled up; a validate of an archive runs its last mark-compact
// early, so a 15 MB manifest stayed resident to the end (issue 39).
//
// `ArrayBuffer.prototype.transfer(0)` detaches an ArrayBuffer and frees its memory at once (ES2024;
// Node 21 and later). Node 20's V8 (11.3) has the same builtin behind its staging flag
// `--harmony-rab-gsab-transfer`, installed in contexts made after the flag is set: the builtin is
// taken from one such context, once, and called on this realm's buffers (it checks its receiver,
// not its realm). Where neither is there, a transfer by `structuredClone` hands the memory to an
// ArrayBuffer nothing holds, which the next young collection frees.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Below this a transfer by structuredClone is not worth its cost (a detaching one always is). */
const WORTH = 1 << 20;

type Transfer = (this: ArrayBuffer, length: number) => ArrayBuffer;
let detach: Transfer | null | undefined;

function detacher(): Transfer | null {
  if (detach !== undefined) return detach;
  const native = (ArrayBuffer.prototype as { transfer?: Transfer }).transfer;
  detach = typeof native === 'function' ? native : null;
  if (!detach && process.versions.v8.startsWith('11.3.')) {
    try {
      setFlagsFromString('--harmony-rab-gsab-transfer');
      const staged = runInNewContext('ArrayBuffer.prototype.transfer') as unknown;
      if (typeof staged === 'function') detach = staged as Transfer;
    } catch {
      // Left to the collector, as before.
    }
  }
  return detach;
}

/** The caller's buffer owns all of its memory (not a view of part of a block or of Node's pool). */
function ownsAll(bytes: ArrayBufferView): bytes is ArrayBufferView & { buffer: ArrayBuffer } {
  const memory = bytes.buffer;
  return memory instanceof ArrayBuffer && bytes.byteOffset === 0 && memory.byteLength === bytes.byteLength && memory.byteLength > 0;
}

/**
 * Frees `bytes`' memory now, when this Node can detach a buffer and the buffer owns all of its
 * memory; true when it did. Only for a buffer its caller owns and is done with: every view of the
 * same memory reads as empty afterwards.
 */
export function freeBytes(bytes: ArrayBufferView): boolean {
  const transfer = detacher();
  if (!transfer || !ownsAll(bytes)) return false;
  try {
    transfer.call(bytes.buffer, 0);
    return true;
  } catch {
    return false; // not detachable (Node marks some buffers so)
  }
}

/**
 * Frees `bytes`' memory now where this Node can (freeBytes), else at the next young collection if it
 * is large. Only for a buffer its caller owns: every view of the same memory reads as empty
 * afterwards. Does nothing for a view of part of its memory (a pool's, a block's) or for shared memory.
 */
export function releaseBytes(bytes: ArrayBufferView): void {
  if (freeBytes(bytes) || !ownsAll(bytes) || bytes.buffer.byteLength < WORTH) return;
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch {
    // Not transferable: it is left to the collector, as before.
  }
}
