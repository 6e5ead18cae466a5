// A deterministic STORED ZIP/ZIP64 archive laid out before any byte is written: the exact bytes
// yazl 3 writes for addBuffer entries with OCTX's options (notes-octx.md: compress false,
// forceZip64Format on payload entries, forceDosTimestamp, mode 0100644, 1980-01-01 00:00), which
// test/core/zip-layout.test.ts checks against yazl itself. A STORED entry's place depends only on
// the names and sizes before it, so every entry's offset is known from the listing: each thread
// that reads a file during validation writes it straight into place (issue 7: a build reads every
// file once). yazl itself finds the next entry by scanning every entry from the first (quadratic:
// seconds at 50k entries) and keeps every added buffer until the archive ends.
import { LONE_SURROGATE } from './jcs.js';

export interface ZipEntrySpec {
  path: string;
  size: number;
  /** ZIP64 extended information in the central directory even when sizes and offsets fit. */
  zip64: boolean;
}

/** Entries read by position (no object an entry: issue 39), or a list of specs. */
export type ZipEntrySpecs = readonly ZipEntrySpec[] | { readonly length: number; path(i: number): string; size(i: number): number; zip64(i: number): boolean };

export interface PlacedEntry {
  /** The name's UTF-8 bytes: [nameAt, nameAt + nameLength) of the layout's `names`. */
  nameAt: number;
  nameLength: number;
  size: number;
  zip64: boolean;
  /** Offset of the local header; the data follows it at dataAt. */
  headerAt: number;
  dataAt: number;
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

// Sizes that do not fit 32 bits go in a ZIP64 extra field of the local header as well.
const bigLocal = (size: number) => size >= MAX32;

export function localHeaderLength(nameLength: number, size: number): number {
  return 30 + nameLength + (bigLocal(size) ? 20 : 0);
}

/** The local header of a STORED entry (pure: any thread may build it once it has the CRC). */
export function localHeader(name: Buffer, size: number, crc: number): Buffer {
  const h = Buffer.alloc(localHeaderLength(name.length, size));
  writeLocalHeader(h, name, 0, name.length, size, crc);
  return h;
}

/**
 * Writes the local header of a STORED entry named by bytes [nameAt, nameAt + nameLength) of
 * `names` into the start of `h` (long enough; a reused buffer when a thread checks 50 000 of them)
 * and returns its length.
 */
export function writeLocalHeader(h: Buffer, names: Buffer, nameAt: number, nameLength: number, size: number, crc: number): number {
  const big = bigLocal(size);
  const length = localHeaderLength(nameLength, size);
  h.fill(0, 0, length);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(big ? 45 : 20, 4);
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(0, 8);
  h.writeUInt16LE(DOS_TIME_1980, 10);
  h.writeUInt16LE(DOS_DATE_1980, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(big ? MAX32 : size, 18);
  h.writeUInt32LE(big ? MAX32 : size, 22);
  h.writeUInt16LE(nameLength, 26);
  h.writeUInt16LE(big ? 20 : 0, 28);
  names.copy(h, 30, nameAt, nameAt + nameLength);
  if (big) {
    const x = 30 + nameLength;
    h.writeUInt16LE(1, x);
    h.writeUInt16LE(16, x + 2);
    u64(h, size, x + 4);
    u64(h, size, x + 12);
  }
  return length;
}

export class ZipLayout {
  // Each entry's fields in typed arrays (an object an entry was ~60 bytes of V8's heap, 6 MB at
  // 100 000 documents, alive through the build's end: issue 39).
  private readonly nameAts: Float64Array;
  private readonly nameLengths: Uint16Array;
  private readonly sizes: Float64Array;
  private readonly zip64s: Uint8Array;
  private readonly headerAts: Float64Array;
  private readonly dataAts: Float64Array;
  private byPath: Map<string, number> | undefined;
  // The paths whose UTF-8 does not read back as themselves (a lone surrogate), by entry: every
  // other path is read from `names` when asked, so the layout holds no string an entry (~60 bytes
  // each, alive through a build: issue 39).
  private readonly odd: Map<number, string> | undefined;
  /** Every entry's name, one after another, NUL-separated (one buffer, not 50 000 of them). */
  readonly names: Buffer;
  /** Where the central directory starts: the end of the last entry's data. */
  readonly centralAt: number;
  /** How many entries. */
  readonly count: number;

  /** Entries in archive order. */
  constructor(specs: ZipEntrySpecs) {
    const list = Array.isArray(specs) ? (specs as readonly ZipEntrySpec[]) : undefined;
    const src = specs as Exclude<ZipEntrySpecs, readonly ZipEntrySpec[]>;
    const pathOf = (i: number) => (list ? list[i]!.path : src.path(i));
    const count = specs.length;
    this.count = count;
    let odd: Map<number, string> | undefined;
    this.nameAts = new Float64Array(count);
    this.nameLengths = new Uint16Array(count);
    this.sizes = new Float64Array(count);
    this.zip64s = new Uint8Array(count);
    this.headerAts = new Float64Array(count);
    this.dataAts = new Float64Array(count);
    let at = 0;
    let nameAt = 0;
    for (let i = 0; i < count; i++) {
      const path = pathOf(i);
      const size = list ? list[i]!.size : src.size(i);
      const nameLength = Buffer.byteLength(path, 'utf8');
      if (nameLength > 0xffff) throw new Error(`entry name longer than 65535 bytes: ${path}`);
      if (LONE_SURROGATE.test(path)) (odd ??= new Map()).set(i, path);
      const zip64 = (list ? list[i]!.zip64 : src.zip64(i)) || size > 0xfffffffe || at > 0xfffffffe;
      const dataAt = at + localHeaderLength(nameLength, size);
      this.nameAts[i] = nameAt;
      this.nameLengths[i] = nameLength;
      this.sizes[i] = size;
      this.zip64s[i] = zip64 ? 1 : 0;
      this.headerAts[i] = at;
      this.dataAts[i] = dataAt;
      nameAt += nameLength + 1;
      at = dataAt + size;
    }
    this.centralAt = at;
    // The names in a second pass, into a buffer of their exact length: no string of them all, and
    // no buffer grown by doubling (a thread handed the names is handed its whole memory, and each
    // large buffer freed raises glibc's threshold for mapping the next one apart).
    const names = Buffer.allocUnsafeSlow(Math.max(nameAt - 1, 0));
    for (let i = 0; i < count; i++) {
      // Each name encoded on its own, a NUL after it: no two names' lone surrogates pair up.
      const start = this.nameAts[i]!;
      names.write(pathOf(i), start, 'utf8');
      if (i + 1 < count) names[start + this.nameLengths[i]!] = 0;
    }
    this.names = names;
    this.odd = odd;
  }

  /** Entry i's path, as given (a new string each call). */
  path(i: number): string {
    return this.odd?.get(i) ?? this.names.toString('utf8', this.nameAts[i]!, this.nameAts[i]! + this.nameLengths[i]!);
  }

  /** Entry i as an object (made on demand), or undefined past the end. */
  entry(i: number): PlacedEntry | undefined {
    if (!(i >= 0 && i < this.count)) return undefined;
    return { nameAt: this.nameAts[i]!, nameLength: this.nameLengths[i]!, size: this.sizes[i]!, zip64: this.zip64s[i] === 1, headerAt: this.headerAts[i]!, dataAt: this.dataAts[i]! };
  }

  has(i: number): boolean {
    return i >= 0 && i < this.count;
  }

  size(i: number): number {
    return this.sizes[i]!;
  }

  headerAt(i: number): number {
    return this.headerAts[i]!;
  }

  dataAt(i: number): number {
    return this.dataAts[i]!;
  }

  /** The index of the entry for `path` (callers that know their files' order pass indexes instead). */
  indexOf(path: string): number | undefined {
    this.byPath ??= new Map(Array.from({ length: this.count }, (_, i) => [this.path(i), i]));
    return this.byPath.get(path);
  }

  /** Entry i's name (a view of `names`). */
  name(i: number): Buffer {
    const at = this.nameAts[i]!;
    return this.names.subarray(at, at + this.nameLengths[i]!);
  }

  /** What the read-back needs of every entry, in typed arrays (views, not copies). */
  plan(): { headerAt: Float64Array; dataAt: Float64Array; sizes: Float64Array; nameAt: Float64Array; nameLength: Uint16Array } {
    return { headerAt: this.headerAts, dataAt: this.dataAts, sizes: this.sizes, nameAt: this.nameAts, nameLength: this.nameLengths };
  }

  /** The central directory and end records, from each entry's CRC-32 (in entry order), in one buffer. */
  tail(crcs: ArrayLike<number>): Buffer {
    return Buffer.concat([...this.tailPieces(crcs)]);
  }

  /**
   * The central directory and end records in pieces of about `piece` bytes, each a fresh buffer
   * (a writer may keep it until written): the central directory of 100 000 entries is ~11 MB, which
   * whole was alive at the build's peak (issue 39).
   */
  *tailPieces(crcs: ArrayLike<number>, piece = 256 * 1024): Generator<Buffer> {
    const count = this.count;
    let cdSize = 0;
    for (let i = 0; i < count; i++) cdSize += centralRecordLength(this.nameLengths[i]!, this.zip64s[i] === 1);
    const cdStart = this.centralAt;
    const big = count >= 0xffff || cdSize >= MAX32 || cdStart >= MAX32;
    let out = Buffer.alloc(piece);
    let at = 0;
    for (let i = 0; i < count; i++) {
      const length = centralRecordLength(this.nameLengths[i]!, this.zip64s[i] === 1);
      if (at + length > out.length) {
        if (at) yield out.subarray(0, at);
        out = Buffer.alloc(Math.max(piece, length));
        at = 0;
      }
      at = writeCentralRecord(out, at, this.entry(i)!, crcs[i]!, this.names);
    }
    if (at) yield out.subarray(0, at);
    if (big) {
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
      u64(loc, cdStart + cdSize, 8);
      loc.writeUInt32LE(1, 16);
      yield r;
      yield loc;
    }
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(count >= 0xffff ? 0xffff : count, 8);
    eocd.writeUInt16LE(count >= 0xffff ? 0xffff : count, 10);
    eocd.writeUInt32LE(cdSize >= MAX32 ? MAX32 : cdSize, 12);
    eocd.writeUInt32LE(cdStart >= MAX32 ? MAX32 : cdStart, 16);
    yield eocd;
  }
}

const centralRecordLength = (nameLength: number, zip64: boolean) => 46 + nameLength + (zip64 ? 28 : 0);

/** Writes entry e's central-directory record into `out` at `start` (zero-filled); returns where it ends. */
function writeCentralRecord(out: Buffer, start: number, e: PlacedEntry, crc: number, names: Buffer): number {
  const r = out.subarray(start, start + centralRecordLength(e.nameLength, e.zip64));
  r.writeUInt32LE(0x02014b50, 0);
  r.writeUInt16LE(MADE_BY_UNIX_63, 4);
  r.writeUInt16LE(e.zip64 ? 45 : 20, 6);
  r.writeUInt16LE(UTF8, 8);
  r.writeUInt16LE(0, 10);
  r.writeUInt16LE(DOS_TIME_1980, 12);
  r.writeUInt16LE(DOS_DATE_1980, 14);
  r.writeUInt32LE(crc, 16);
  r.writeUInt32LE(e.zip64 ? MAX32 : e.size, 20);
  r.writeUInt32LE(e.zip64 ? MAX32 : e.size, 24);
  r.writeUInt16LE(e.nameLength, 28);
  r.writeUInt16LE(e.zip64 ? 28 : 0, 30);
  r.writeUInt32LE(MODE_FILE_644, 38);
  r.writeUInt32LE(e.zip64 ? MAX32 : e.headerAt, 42);
  names.copy(r, 46, e.nameAt, e.nameAt + e.nameLength);
  if (e.zip64) {
    const x = 46 + e.nameLength;
    r.writeUInt16LE(1, x);
    r.writeUInt16LE(24, x + 2);
    u64(r, e.size, x + 4);
    u64(r, e.size, x + 12);
    u64(r, e.headerAt, x + 20);
  }
  return start + r.length;
}
