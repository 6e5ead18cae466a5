// Positioned writes into one file, gathered and issued as few system calls: pieces that follow one
// another on disk go out in one pwritev. Threads that each write their own files of one archive
// (zip-layout.ts) each use their own; positioned writes to disjoint ranges need no coordination.
import { writeSync, writevSync } from 'node:fs';

const FLUSH_BYTES = 1 << 20;
const FLUSH_PIECES = 512; // below IOV_MAX (1024) per call

interface Piece { at: number; bytes: Buffer }

export class PlacedWrites {
  private pieces: Piece[] = [];
  private bytes = 0;

  constructor(private readonly fd: number) {}

  /**
   * Queues `bytes` for offset `at`. The buffer is written as it is at the next flush, so the caller
   * must not reuse it before then (write() is the way for a reused buffer).
   */
  add(at: number, bytes: Buffer): void {
    if (!bytes.length) return;
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
