// Positioned writes into one file, gathered and issued as few system calls: pieces that follow one
// another on disk go out in one pwritev. Threads that each write their own files of one archive
// (zip-layout.ts) each use their own; positioned writes to disjoint ranges need no coordination.
import { writeSync, writevSync } from 'node:fs';

const FLUSH_BYTES = 1 << 20;
const FLUSH_PIECES = 512; // below IOV_MAX (1024) per call

// A piece this small is copied into the staging buffer rather than kept until the flush.
const STAGE_PIECE = 64 * 1024;

interface Piece { at: number; bytes: Buffer }

export class PlacedWrites {
  private pieces: Piece[] = [];
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
    if (bytes.length <= STAGE_PIECE) {
      if (this.staged + bytes.length > FLUSH_BYTES) this.flush();
      this.stage ??= Buffer.allocUnsafe(FLUSH_BYTES);
      bytes.copy(this.stage, this.staged);
      bytes = this.stage.subarray(this.staged, this.staged + bytes.length);
      this.staged += bytes.length;
    }
    this.pieces.push({ at, bytes });
    this.bytes += bytes.length;
    if (this.bytes >= FLUSH_BYTES || this.pieces.length >= FLUSH_PIECES) this.flush();
  }

  /** Writes `bytes` at `at` now (with whatever is queued): the caller may reuse the buffer after. */
  write(at: number, bytes: Buffer): void {
    this.flush();
    writeAt(this.fd, bytes, at);
  }

  flush(): void {
    if (!this.pieces.length) return;
    const pieces = this.pieces.sort((a, b) => a.at - b.at);
    this.pieces = [];
    this.bytes = 0;
    // Written below before anything is staged again.
    this.staged = 0;
    for (let i = 0; i < pieces.length;) {
      const at = pieces[i]!.at;
      const run: Buffer[] = [];
      let end = at;
      while (i < pieces.length && pieces[i]!.at === end) {
        run.push(pieces[i]!.bytes);
        end += pieces[i]!.bytes.length;
        i++;
      }
      writeAllAt(this.fd, run, at);
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
