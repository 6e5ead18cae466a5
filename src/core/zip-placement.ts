// An archive written in place while its files are read for validation: every entry's offset is
// fixed by the layout (zip-layout.ts), so whichever thread holds a file's bytes writes its header
// and data there, in any order, and no file is read a second time for the write. What each entry
// holds is tracked here; the archive is complete once every entry is written and the tail is.
import { crc32 } from 'node:zlib';
import { closeSync, openSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { ZipLayout, localHeader, localHeaderLength, writeLocalHeader, type ZipEntrySpecs } from './zip-layout.js';
import { PlacedWrites } from './placed-writes.js';
import { readBlocks } from './tree.js';

/** What another thread needs to write some entries itself: the file, and each one's header offset and size. */
export interface PlacedSlots {
  path: string;
  /** Header offset of each file, or -1 when it has no entry (typed arrays: outside V8's heap in both threads). */
  at: Float64Array;
  sizes: Float64Array;
}

const PENDING = 0;
const DONE = 1;

/**
 * Queues a whole file's entry, its local header then its data, at `headerAt` (either thread's way
 * to write an entry whose bytes it holds); returns the CRC-32 the header carries.
 */
export function queueEntry(out: PlacedWrites, headerAt: number, name: Buffer, bytes: Buffer): number {
  const crc = crc32(bytes);
  const header = localHeader(name, bytes.length, crc);
  out.add(headerAt, header);
  out.add(headerAt + header.length, bytes);
  return crc;
}

export class ZipPlacement {
  readonly layout: ZipLayout;
  private readonly crcs: Uint32Array;
  private readonly state: Uint8Array;
  private readonly out: PlacedWrites;
  /**
   * The first write that failed (a full disk, an I/O error), here or on another thread: the build
   * fails with it, so what is left is not written at all.
   */
  writeError: Error | undefined;

  /** `fd` is open for writing at `path` (which other threads open for themselves). */
  constructor(readonly fd: number, readonly path: string, specs: ZipEntrySpecs) {
    this.layout = new ZipLayout(specs);
    this.crcs = new Uint32Array(specs.length);
    this.state = new Uint8Array(specs.length);
    this.out = new PlacedWrites(fd);
  }

  /**
   * A whole file's bytes (kept unchanged until the next flush): its header and data go in place.
   * False when the bytes are not the size the layout was made with (the file changed since it was
   * listed); the entry then stays unwritten.
   */
  put(i: number, bytes: Buffer): boolean {
    const l = this.layout;
    if (!l.has(i)) return false;
    if (bytes.length !== l.size(i) || this.state[i] !== PENDING) return false;
    this.crcs[i] = crc32(bytes);
    this.state[i] = DONE;
    this.writing(() => { queueEntry(this.out, l.headerAt(i), l.name(i), bytes); });
    return true;
  }

  /**
   * A file written block by block as it is read here (a block may be reused once push returns).
   * end() says whether it came to exactly the size laid out, and writes the header then.
   */
  stream(i: number): { push(c: Buffer): void; end(): boolean } | undefined {
    const l = this.layout;
    if (!l.has(i) || this.state[i] !== PENDING) return undefined;
    const size = l.size(i);
    const dataAt = l.dataAt(i);
    let n = 0;
    let crc = 0;
    return {
      push: (c) => {
        if (n + c.length <= size) this.writing(() => this.out.write(dataAt + n, c));
        n += c.length;
        crc = crc32(c, crc);
      },
      end: () => n === size && this.dataDone(i, crc),
    };
  }

  /**
   * Where another thread is to write these entries (each must then be reported by wrote or
   * wroteData). In shared memory: the other thread reads them where they are, not a copy (16 bytes
   * an entry on each side: issue 39).
   */
  slots(entries: ArrayLike<number>): PlacedSlots {
    const l = this.layout;
    const n = entries.length;
    const at = new Float64Array(new SharedArrayBuffer(Math.max(n, 1) * 8), 0, n);
    const sizes = new Float64Array(new SharedArrayBuffer(Math.max(n, 1) * 8), 0, n);
    for (let k = 0; k < n; k++) {
      const i = entries[k]!;
      at[k] = l.has(i) ? l.headerAt(i) : -1;
      sizes[k] = l.has(i) ? l.size(i) : 0;
    }
    return { path: this.path, at, sizes };
  }

  /** Another thread wrote entry i's header and data. */
  wrote(i: number, crc: number): void {
    if (!this.layout.has(i)) return;
    this.crcs[i] = crc >>> 0;
    this.state[i] = DONE;
  }

  /** Entry i's data is in place (written by another thread): its header goes in now. */
  wroteData(i: number, crc: number): boolean {
    return this.dataDone(i, crc);
  }

  /** Entry i's data is in place (written here or by another thread): its header goes in now. */
  private dataDone(i: number, crc: number): boolean {
    const l = this.layout;
    if (!l.has(i) || this.state[i] === DONE) return false;
    this.crcs[i] = crc >>> 0;
    this.state[i] = DONE;
    this.writing(() => this.out.add(l.headerAt(i), localHeader(l.name(i), l.size(i), this.crcs[i]!)));
    return true;
  }

  /** A write on another thread failed. */
  failed(e: Error): void {
    this.writeError ??= e;
  }

  flush(): void {
    this.writing(() => this.out.flush());
  }

  /** The paths of the entries not written (their files changed since the listing). */
  unwritten(): string[] {
    const left: string[] = [];
    this.state.forEach((s, i) => { if (s !== DONE) left.push(this.layout.name(i).toString('utf8')); });
    return left;
  }

  /**
   * Writes the central directory and end records and returns the archive's size. Every entry must
   * be written, and no write may have failed (the failure is thrown).
   */
  finish(): number {
    this.flush();
    if (this.writeError) throw this.writeError;
    if (this.unwritten().length) throw new Error('the archive has unwritten entries');
    // Written piece by piece (the central directory of 100 000 entries is ~11 MB), its digest kept
    // for the read-back.
    const h = createHash('sha256');
    let at = this.layout.centralAt;
    for (const piece of this.layout.tailPieces(this.crcs)) {
      this.out.write(at, piece);
      h.update(piece);
      at += piece.length;
    }
    this.tailDigest = { length: at - this.layout.centralAt, sha256: h.digest() };
    return at;
  }

  // After one failed write nothing more is written: the build fails with the first error.
  private writing(write: () => void): void {
    if (this.writeError) return;
    try {
      write();
    } catch (e) {
      this.writeError = e as Error;
    }
  }

  /**
   * Reads the finished archive back front to back: its SHA-256, and every byte of it against the
   * archive laid out — each local header and the central directory and end records byte for byte
   * (rebuilt from the names, sizes and CRC-32s), each entry's data against the CRC-32 it was
   * written with — which catches any write to the wrong place, short or torn. Rejects with the
   * first part that does not hold what was written. It is read on this thread: a build has
   * nothing else to do meanwhile but make the archive durable, which the thread pool does (a
   * thread of its own saved no time and cost ~30 MB, issue 28). The tail is checked against the
   * length and SHA-256 of what finish() wrote after the data.
   */
  async verify(size: number): Promise<{ sha256: string; size: number }> {
    const plan: ReadBackPlan = {
      path: this.path,
      size,
      ...this.layout.plan(),
      crcs: this.crcs,
      names: this.layout.names,
      tail: this.tailDigest ?? { length: 0, sha256: createHash('sha256').digest() },
    };
    const failed = (i: number | undefined, message: string) =>
      new Error(i === undefined ? message : message === 'crc' ? `entry ${this.layout.name(i).toString('utf8')} does not hold the bytes written for it` : `entry ${this.layout.name(i).toString('utf8')}: ${message}`);
    const r = readBack(plan);
    if ('error' in r) throw failed(r.entry, r.error);
    return { sha256: r.sha256, size };
  }

  /** The length and SHA-256 of the central directory and end records as finish() wrote them. */
  private tailDigest: { length: number; sha256: Buffer } | undefined;
}

// Any size: a header's length depends on it only through whether it needs ZIP64 (the longest case).
const MAX_SIZE = 2 ** 53 - 1;

export interface ReadBackPlan {
  path: string;
  size: number;
  /** Each entry's header and data offset, size, CRC-32 and name (a view of `names`), in archive order. */
  headerAt: Float64Array;
  dataAt: Float64Array;
  sizes: Float64Array;
  crcs: Uint32Array;
  names: Uint8Array;
  nameAt: Float64Array;
  nameLength: ArrayLike<number>;
  /** The bytes after the last entry's data (the central directory and end records): their length and SHA-256. */
  tail: { length: number; sha256: Uint8Array };
}
export type ReadBackResult = { sha256: string } | { error: string; entry?: number };

/**
 * The archive's SHA-256, read back in blocks, every byte checked against the layout: the archive is
 * its entries one after another from offset 0 (each a local header, then its data), then the tail.
 * Headers are compared byte for byte, data through its CRC-32 and the tail through its SHA-256
 * (one pass, no copy kept).
 */
export function readBack(plan: ReadBackPlan): ReadBackResult {
  const { path, size, headerAt, dataAt, sizes, crcs, names, nameAt, nameLength, tail } = plan;
  const count = dataAt.length;
  const centralAt = count ? dataAt[count - 1]! + sizes[count - 1]! : 0;
  if (centralAt + tail.length !== size) return { error: `the archive is ${size} bytes, its layout ${centralAt + tail.length}` };
  // The parts in order: entry 0's header, its data, entry 1's header, …, then the tail. Part p is
  // entry p >> 1's header (p even) or data (p odd); part 2 × count is the tail.
  let part = -1;
  let start = 0;
  let end = 0;
  // What a header part must hold, built into one reused buffer (no allocation per entry: the
  // read-back ends the build); the tail's bytes go into a hash compared at the end.
  const nameBytes = Buffer.from(names.buffer, names.byteOffset, names.byteLength);
  const tailHash = createHash('sha256');
  let longestName = 0;
  for (let i = 0; i < count; i++) longestName = Math.max(longestName, nameLength[i]!);
  const header = Buffer.allocUnsafe(localHeaderLength(longestName, MAX_SIZE));
  let expected: Buffer = header;
  let crc = 0;
  /** Closes the part just read (a data part: its CRC-32) and opens the next one that has bytes. */
  const next = (): ReadBackResult | undefined => {
    for (;;) {
      if (part >= 0 && (part & 1) === 1 && crc >>> 0 !== crcs[part >> 1]) return { error: 'crc', entry: part >> 1 };
      part++;
      start = end;
      if (part === 2 * count) {
        end = size;
        return undefined;
      }
      const i = part >> 1;
      if ((part & 1) === 0) {
        if (headerAt[i] !== start) return { error: 'the archive is not laid out entry after entry', entry: i };
        expected = header;
        end = start + writeLocalHeader(header, nameBytes, nameAt[i]!, nameLength[i]!, sizes[i]!, crcs[i]!);
        if (end !== dataAt[i]) return { error: 'its local header is not the length laid out', entry: i };
        return undefined;
      }
      crc = 0;
      end = start + sizes[i]!;
      if (end > start) return undefined;
    }
  };
  const fd = openSync(path, 'r');
  try {
    const h = createHash('sha256');
    let pos = 0;
    let failure = next();
    if (failure) return failure;
    for (const block of readBlocks(fd, 0, size)) {
      const n = block.length;
      h.update(block);
      for (let at = pos; at < pos + n;) {
        const to = Math.min(end, pos + n);
        if (part === 2 * count) tailHash.update(block.subarray(at - pos, to - pos));
        else if ((part & 1) === 1) crc = crc32(block.subarray(at - pos, to - pos), crc);
        else if (block.compare(expected, at - start, to - start, at - pos, to - pos) !== 0) {
          return { error: 'its local header is not the one laid out', entry: part >> 1 };
        }
        at = to;
        if (at === end && part < 2 * count) {
          failure = next();
          if (failure) return failure;
        }
      }
      pos += n;
    }
    if (pos < size) return { error: `the archive ends after ${pos} of ${size} bytes` };
    if (!tailHash.digest().equals(tail.sha256)) return { error: 'the central directory is not the one laid out' };
    return { sha256: h.digest('hex') };
  } finally {
    closeSync(fd);
  }
}
