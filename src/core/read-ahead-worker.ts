// The worker thread of read-ahead.ts: reads the hand-off's files in order into batch buffers,
// hashes each, and sends each batch when it is full, waiting while it is a window ahead of the taker.
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { sha256Hex } from './hash.js';
import { readHandoff } from './tree.js';
import type { ReadAheadEntry, ReadAheadMessage, ReadAheadReply } from './read-ahead.js';

parentPort!.once('message', (m: ReadAheadMessage) => {
  try {
    run(m);
  } catch (e) {
    parentPort!.postMessage({ failed: (e as Error).message } satisfies ReadAheadReply);
  }
});

function run({ handoff, taken, windowBytes, batchBytes }: ReadAheadMessage): void {
  const takenCount = new Int32Array(taken);
  // ends[k]: bytes sent up to and including file k, to know how far ahead of the taker this thread is.
  const ends = new Float64Array(handoff.paths.length);
  let sentBytes = 0;
  let files: Buffer[] = [];
  let entries: ReadAheadEntry[] = [];
  let start = 0;
  let batchSize = 0;
  const send = () => {
    if (!entries.length) return;
    // One buffer per batch, handed over (not copied) to the taker.
    const buffer = new ArrayBuffer(batchSize);
    const view = Buffer.from(buffer);
    let at = 0;
    for (const [i, e] of entries.entries()) {
      if ('error' in e) continue;
      e.offset = at;
      files[i]!.copy(view, at);
      at += e.length;
    }
    parentPort!.postMessage({ start, entries, buffer } satisfies ReadAheadReply, [buffer]);
    start += entries.length;
    files = [];
    entries = [];
    batchSize = 0;
  };
  for (let k = 0; k < handoff.paths.length; k++) {
    // A window ahead: wait until the taker has taken enough (it wakes this thread at each take).
    for (;;) {
      const t = Atomics.load(takenCount, 0);
      if (t >= k || sentBytes + batchSize - (t > 0 ? ends[t - 1]! : 0) <= windowBytes) break;
      // What the taker waits for may still be in the batch being filled: send it before waiting.
      if (entries.length) { sentBytes += batchSize; send(); continue; }
      Atomics.wait(takenCount, 0, t, 100);
    }
    let bytes: Buffer;
    try {
      bytes = readHandoff(handoff, k);
    } catch (e) {
      entries.push({ error: (e as Error).message });
      files.push(Buffer.alloc(0));
      ends[k] = sentBytes + batchSize;
      continue;
    }
    entries.push({ offset: 0, length: bytes.length, sha256: sha256Hex(bytes), crc32: crc32(bytes) });
    files.push(bytes);
    batchSize += bytes.length;
    ends[k] = sentBytes + batchSize;
    if (batchSize >= batchBytes) {
      sentBytes += batchSize;
      send();
    }
  }
  sentBytes += batchSize;
  send();
}
