// Positioned writes into one file, gathered and issued as few system calls: pieces that follow one
// another on disk go out in one pwritev. Threads that each write their own files of one archive
// (zip-layout.ts) each use their own; positioned writes to disjoint ranges need no coordination.
import { writeSync, writevSync } from 'node:fs';

const FLUSH_BYTES = 1 << 20;
const FLUSH_PIECES = 512; // below IOV_MAX (1024) per call

// A piece this small is copied into the staging buffer rather than kept until the flush.
const STAGE_PIECE = 64 * 1024;

export class PlacedWrites {
  /**
   * The queued pieces by position: where each goes, and where its bytes are — in the staging
   * buffer (`from` ≥ 0), or a large one held as given (`held[-1 - from]`). Typed arrays reused
   * from flush to flush, not an object and a buffer view a piece: those lived from queueing to the
   * flush, ~250 documents later, and so outlived V8's young generation by the hundreds on each
   * thread, every collection (issue 39).
   */
  private readonly at = new Float64Array(FLUSH_PIECES);
  private readonly from = new Int32Array(FLUSH_PIECES);
  private readonly length = new Int32Array(FLUSH_PIECES);
  private readonly order = new Int32Array(FLUSH_PIECES);
  private held: Buffer[] = [];
  private count = 0;
  private bytes = 0;
  /**
   * Small pieces (a document, a local header) are copied here, so that the caller's buffer can go
   * at once: kept until the flush, ~250 documents later, each buffer outlived V8's young generation,
   * and its memory (outside V8's heap) waited for the next full collection (issue 39).
   */
  private stage: Buffer | undefined;
  private staged = 0;

  constructor(private readonly fd: number) {}

  /**
   * Queues `bytes` for offset `at`. A large buffer is written as it is at the next flush, so the
   * caller must not reuse it before then (write() is the way for a reused buffer).
   */
  add(at: number, bytes: Buffer): void {
    if (!bytes.length) return;
    let from: number;
    if (bytes.length <= STAGE_PIECE) {
      if (this.staged + bytes.length > FLUSH_BYTES) this.flush();
      this.stage ??= Buffer.allocUnsafe(FLUSH_BYTES);
      bytes.copy(this.stage, this.staged);
      from = this.staged;
      this.staged += bytes.length;
    } else {
      from = -1 - this.held.length;
      this.held.push(bytes);
    }
    const k = this.count++;
    this.at[k] = at;
    this.from[k] = from;
    this.length[k] = bytes.length;
    this.bytes += bytes.length;
    if (this.bytes >= FLUSH_BYTES || this.count >= FLUSH_PIECES) this.flush();
  }

  /** Writes `bytes` at `at` now (with whatever is queued): the caller may reuse the buffer after. */
  write(at: number, bytes: Buffer): void {
    this.flush();
    writeAt(this.fd, bytes, at);
  }

  flush(): void {
    const n = this.count;
    if (!n) return;
    const { at, from, length } = this;
    // In offset order, pieces queued for one offset in the order queued.
    const order = this.order.subarray(0, n);
    for (let k = 0; k < n; k++) order[k] = k;
    order.sort((a, b) => at[a]! - at[b]! || a - b);
    const held = this.held;
    this.held = [];
    this.count = 0;
    this.bytes = 0;
    // Written below before anything is staged again.
    this.staged = 0;
    for (let i = 0; i < n;) {
      const start = at[order[i]!]!;
      const run: Buffer[] = [];
      let end = start;
      while (i < n && at[order[i]!] === end) {
        const k = order[i]!;
        const f = from[k]!;
        run.push(f >= 0 ? this.stage!.subarray(f, f + length[k]!) : held[-1 - f]!);
        end += length[k]!;
        i++;
      }
      writeAllAt(this.fd, run, start);
    }
  }
}

/** Writes all of `bytes` at offset `at` of `fd`, now. */
export function writeAt(fd: number, bytes: Buffer, at: number): void {
  writeAllAt(fd, [bytes], at);
}

/** pwritev until every byte is written (a regular file writes short only when it is nearly full). */
function writeAllAt(fd: number, buffers: Buffer[], at: number): void {
  const total = buffers.reduce((n, b) => n + b.length, 0);
  const n = writevSync(fd, buffers, at);
  if (n === total) return;
  const rest = Buffer.concat(buffers).subarray(n);
  for (let off = 0; off < rest.length;) off += writeSync(fd, rest, off, rest.length - off, at + n + off);
}
