// A new file written synchronously in large blocks, hashed on the way out. An archive writer emits
// two small chunks per entry (header, data); through fs.WriteStream each costs a thread-pool round
// trip, which left a 10k-document build mostly idle (issue 7's profile).
import { close, closeSync, constants, fsync, openSync, writeSync } from 'node:fs';
import { createHash, type Hash } from 'node:crypto';

const BLOCK = 1 << 20;

export class FileSink {
  private fd: number | undefined;
  // Small chunks are copied into one block, so a caller may reuse a chunk once write returns.
  private readonly block = Buffer.allocUnsafe(BLOCK);
  private fill = 0;
  private readonly hash: Hash = createHash('sha256');
  /** Bytes written so far (the offset of the next byte). */
  position = 0;

  /** Creates `path` exclusively: a temp path is never shared with another writer. */
  constructor(path: string, mode = 0o644) {
    this.fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, mode);
  }

  /** Writes (or copies) `chunk` before returning: the caller may reuse it. */
  write(chunk: Buffer): void {
    this.hash.update(chunk);
    this.position += chunk.length;
    if (chunk.length >= BLOCK) {
      this.flush();
      this.writeAll(chunk);
      return;
    }
    if (this.fill + chunk.length > BLOCK) this.flush();
    chunk.copy(this.block, this.fill);
    this.fill += chunk.length;
  }

  /**
   * Flushes, then syncs and closes on the thread pool: `durable` settles once the file is on disk,
   * and the caller renames it into place only after that. Meanwhile it may read the file back —
   * the archive check and the fsync overlap instead of adding up (~0.5 s each on a 300 MB build).
   */
  finish(): { sha256: string; size: number; durable: Promise<void> } {
    this.flush();
    const fd = this.fd!;
    this.fd = undefined;
    const durable = new Promise<void>((resolve, reject) => {
      fsync(fd, (err) => close(fd, (err2) => (err ?? err2 ? reject(err ?? err2) : resolve())));
    });
    return { sha256: this.hash.digest('hex'), size: this.position, durable };
  }

  /** Closes without finishing (after a failure; the caller removes the file). */
  close(): void {
    if (this.fd === undefined) return;
    const fd = this.fd;
    this.fd = undefined;
    closeSync(fd);
  }

  private flush(): void {
    if (!this.fill) return;
    this.writeAll(this.block.subarray(0, this.fill));
    this.fill = 0;
  }

  private writeAll(b: Buffer): void {
    let off = 0;
    while (off < b.length) off += writeSync(this.fd!, b, off, b.length - off);
  }
}
