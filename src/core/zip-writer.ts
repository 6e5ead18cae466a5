// A deterministic STORED ZIP/ZIP64 writer: the exact bytes yazl 3 writes for addBuffer entries
// with OCTX's options (notes-octx.md: compress false, forceZip64Format on payload entries,
// forceDosTimestamp, mode 0100644, 1980-01-01 00:00), which test/core/zip-writer.test.ts checks
// against yazl itself. It exists because yazl finds the next entry to write by scanning every
// entry from the first (quadratic: seconds at 50k entries), keeps every added buffer until the
// archive ends, and computes CRC-32 in JavaScript (issue 7). Here entries are written in order
// as they arrive, one file in memory at a time, with zlib's native CRC-32.
import { crc32 } from 'node:zlib';
import { createHash } from 'node:crypto';

export interface ZipOutput {
  readonly position: number;
  write(chunk: Buffer): void;
}

export interface EntryOptions {
  /** ZIP64 extended information in the central directory even when sizes and offsets fit. */
  zip64: boolean;
}

interface Written {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  zip64: boolean;
}

const UTF8 = 1 << 11;
const MADE_BY_UNIX_63 = (3 << 8) | 63;
const MODE_FILE_644 = (0o100644 << 16) >>> 0;
const DOS_TIME_1980 = 0;
const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1;
const MAX32 = 0xffffffff;

function u64(buf: Buffer, value: number, at: number): void {
  buf.writeUInt32LE(value % 0x100000000, at);
  buf.writeUInt32LE(Math.floor(value / 0x100000000), at + 4);
}

export class ZipWriter {
  private readonly entries: Written[] = [];
  constructor(private readonly out: ZipOutput) {}

  /** Adds a file whose bytes are in memory (and whose CRC-32 another thread may have computed already). */
  addBuffer(path: string, data: Buffer, opts: EntryOptions, knownCrc32?: number): void {
    const name = Buffer.from(path, 'utf8');
    const entry = this.begin(name, data.length, knownCrc32 ?? crc32(data), opts);
    this.out.write(data);
    this.entries.push(entry);
  }

  /**
   * Adds a large file without holding it: `open` is called twice, once to compute the CRC the
   * local header needs up front (unless the caller knows it already), once to copy the bytes,
   * which must give that CRC. Returns the SHA-256 of the bytes copied.
   */
  async addStream(path: string, size: number, open: () => AsyncIterable<Buffer>, opts: EntryOptions, knownCrc32?: number): Promise<string> {
    let crc = knownCrc32 ?? 0;
    if (knownCrc32 === undefined) {
      let n = 0;
      for await (const c of open()) { crc = crc32(c, crc); n += c.length; }
      if (n !== size) throw new Error(`${path} holds ${n} bytes, ${size} were expected`);
    }
    const entry = this.begin(Buffer.from(path, 'utf8'), size, crc, opts);
    let m = 0;
    let check = 0;
    const h = createHash('sha256');
    for await (const c of open()) { this.out.write(c); check = crc32(c, check); h.update(c); m += c.length; }
    if (m !== size || check !== crc) throw new Error(`${path} changed while it was being archived`);
    this.entries.push(entry);
    return h.digest('hex');
  }

  /** Writes the central directory and end records. */
  end(): void {
    const cdStart = this.out.position;
    for (const e of this.entries) this.out.write(this.centralRecord(e));
    const cdSize = this.out.position - cdStart;
    const count = this.entries.length;
    const zip64 = count >= 0xffff || cdSize >= MAX32 || cdStart >= MAX32;
    if (zip64) {
      const eocd64At = this.out.position;
      const r = Buffer.alloc(56);
      r.writeUInt32LE(0x06064b50, 0);
      u64(r, 56 - 12, 4);
      r.writeUInt16LE(MADE_BY_UNIX_63, 12);
      r.writeUInt16LE(45, 14);
      u64(r, count, 24);
      u64(r, count, 32);
      u64(r, cdSize, 40);
      u64(r, cdStart, 48);
      const loc = Buffer.alloc(20);
      loc.writeUInt32LE(0x07064b50, 0);
      u64(loc, eocd64At, 8);
      loc.writeUInt32LE(1, 16);
      this.out.write(r);
      this.out.write(loc);
    }
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(count >= 0xffff ? 0xffff : count, 8);
    eocd.writeUInt16LE(count >= 0xffff ? 0xffff : count, 10);
    eocd.writeUInt32LE(cdSize >= MAX32 ? MAX32 : cdSize, 12);
    eocd.writeUInt32LE(cdStart >= MAX32 ? MAX32 : cdStart, 16);
    this.out.write(eocd);
  }

  private begin(name: Buffer, size: number, crc: number, opts: EntryOptions): Written {
    if (name.length > 0xffff) throw new Error('entry name longer than 65535 bytes');
    const offset = this.out.position;
    const zip64 = opts.zip64 || size > 0xfffffffe || offset > 0xfffffffe;
    // Sizes that do not fit 32 bits go in a ZIP64 extra field of the local header as well.
    const bigLocal = size >= MAX32;
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(bigLocal ? 45 : 20, 4);
    h.writeUInt16LE(UTF8, 6);
    h.writeUInt16LE(0, 8);
    h.writeUInt16LE(DOS_TIME_1980, 10);
    h.writeUInt16LE(DOS_DATE_1980, 12);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(bigLocal ? MAX32 : size, 18);
    h.writeUInt32LE(bigLocal ? MAX32 : size, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(bigLocal ? 20 : 0, 28);
    this.out.write(h);
    this.out.write(name);
    if (bigLocal) {
      const x = Buffer.alloc(20);
      x.writeUInt16LE(1, 0);
      x.writeUInt16LE(16, 2);
      u64(x, size, 4);
      u64(x, size, 12);
      this.out.write(x);
    }
    return { name, crc, size, offset, zip64 };
  }

  private centralRecord(e: Written): Buffer {
    const r = Buffer.alloc(46 + e.name.length + (e.zip64 ? 28 : 0));
    r.writeUInt32LE(0x02014b50, 0);
    r.writeUInt16LE(MADE_BY_UNIX_63, 4);
    r.writeUInt16LE(e.zip64 ? 45 : 20, 6);
    r.writeUInt16LE(UTF8, 8);
    r.writeUInt16LE(0, 10);
    r.writeUInt16LE(DOS_TIME_1980, 12);
    r.writeUInt16LE(DOS_DATE_1980, 14);
    r.writeUInt32LE(e.crc, 16);
    r.writeUInt32LE(e.zip64 ? MAX32 : e.size, 20);
    r.writeUInt32LE(e.zip64 ? MAX32 : e.size, 24);
    r.writeUInt16LE(e.name.length, 28);
    r.writeUInt16LE(e.zip64 ? 28 : 0, 30);
    r.writeUInt32LE(MODE_FILE_644, 38);
    r.writeUInt32LE(e.zip64 ? MAX32 : e.offset, 42);
    e.name.copy(r, 46);
    if (e.zip64) {
      const x = 46 + e.name.length;
      r.writeUInt16LE(1, x);
      r.writeUInt16LE(24, x + 2);
      u64(r, e.size, x + 4);
      u64(r, e.size, x + 12);
      u64(r, e.offset, x + 20);
    }
    return r;
  }
}
