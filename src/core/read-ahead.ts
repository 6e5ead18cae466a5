// Files read ahead on a worker thread: each file of a hand-off read, hashed (SHA-256) and CRC-32'd
// there, in order, and passed back in batches whose memory moves between threads without a copy.
// The consumer (an archive writer) then only writes: at 50 000 files, reading and hashing them
// again is more than half of the write (issue 7's profile), and the other core is free by then.
// The worker stays at most `windowBytes` ahead of what was taken, so memory stays bounded.
import type { Worker } from 'node:worker_threads';
import { TreeReadError, type FileHandoff } from './tree.js';
import { startWorker } from './worker.js';

export interface ReadAheadFile {
  bytes: Buffer;
  sha256: string;
  crc32: number;
}

/** What the worker sends for one file: its bytes' place in the batch buffer, or why it could not be read. */
export type ReadAheadEntry = { offset: number; length: number; sha256: string; crc32: number } | { error: string };

export type ReadAheadMessage = { handoff: FileHandoff; taken: SharedArrayBuffer; windowBytes: number; batchBytes: number };
export type ReadAheadReply = { start: number; entries: ReadAheadEntry[]; buffer: ArrayBuffer } | { failed: string };

const WINDOW = 32 * 1024 * 1024;
const BATCH = 256 * 1024;

export class ReadAhead {
  private readonly worker: Worker;
  private readonly taken = new SharedArrayBuffer(4);
  private readonly takenCount = new Int32Array(this.taken);
  private readonly ready = new Map<number, ReadAheadFile | Error>();
  private next = 0;
  private waiter: { k: number; resolve: () => void } | undefined;
  private failure: Error | undefined;

  constructor(private readonly handoff: FileHandoff, opts: { windowBytes?: number } = {}) {
    // Its garbage is small and short-lived (the bytes live outside its heap): a small young generation
    // keeps the process's peak down (issue 7's 200 MB bound on 1 GiB).
    this.worker = startWorker(import.meta.url, 'read-ahead-worker', { resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    this.worker.unref();
    this.worker.on('message', (m: ReadAheadReply) => {
      if ('failed' in m) return this.fail(new Error(m.failed));
      m.entries.forEach((e, i) => {
        const k = m.start + i;
        this.ready.set(k, 'error' in e ? new TreeReadError(e.error, handoff.paths[k]!) : { bytes: Buffer.from(m.buffer, e.offset, e.length), sha256: e.sha256, crc32: e.crc32 });
      });
      this.wake();
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => { if (this.next < handoff.paths.length) this.fail(new Error(`the read-ahead worker stopped (exit code ${code})`)); });
    this.worker.postMessage({ handoff, taken: this.taken, windowBytes: opts.windowBytes ?? WINDOW, batchBytes: BATCH } satisfies ReadAheadMessage);
  }

  /** The next file, which must be `path` (files are taken in the hand-off's order). */
  async take(path: string): Promise<ReadAheadFile> {
    const k = this.next;
    if (this.handoff.paths[k] !== path) throw new Error(`read-ahead: ${path} asked for where ${this.handoff.paths[k] ?? 'nothing'} comes next`);
    while (!this.ready.has(k)) {
      if (this.failure) throw this.failure;
      this.worker.ref();
      await new Promise<void>((resolve) => { this.waiter = { k, resolve }; });
      this.worker.unref();
    }
    const got = this.ready.get(k)!;
    this.ready.delete(k);
    this.next = k + 1;
    // Tells the worker it may read further: it waits on this counter when it is a window ahead.
    Atomics.store(this.takenCount, 0, this.next);
    Atomics.notify(this.takenCount, 0);
    if (got instanceof Error) throw got;
    return got;
  }

  close(): void {
    this.ready.clear();
    void this.worker.terminate();
  }

  private wake(): void {
    const w = this.waiter;
    if (w && (this.ready.has(w.k) || this.failure)) {
      this.waiter = undefined;
      w.resolve();
    }
  }

  private fail(e: Error): void {
    this.failure ??= e;
    this.wake();
  }
}
