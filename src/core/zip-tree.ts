// A ZIP archive as a Tree, opened defensively: every entry's name, type, flags, method, local
// header and data range are checked before anything is read, and reads are bounded by the limits.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { SeenStrings } from './seen-strings.js';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import { unsafePathReason, sortUtf8 } from './paths.js';
import { resolveLimits, type Limits } from './limits.js';
import type { FileHandoff, FileRange, Tree, TreeEntry } from './tree.js';
import { giveBlock, smallInt, takeBlock, TreeReadError } from './tree.js';
import { decodeUtf8 } from './utf8.js';
import { sharedPaths } from './path-table.js';

export type ZipProblemKind =
  | 'CORRUPT' | 'NAME_ENCODING' | 'PATH_UNSAFE' | 'DUPLICATE' | 'ENCRYPTED' | 'METHOD_UNSUPPORTED'
  | 'SPECIAL_FILE' | 'HEADER_MISMATCH' | 'OVERLAP' | 'LIMIT' | 'MULTI_DISK';

export interface ZipProblem {
  kind: ZipProblemKind;
  message: string;
  entry?: string;
}

export class ZipSecurityError extends Error {
  constructor(readonly problems: ZipProblem[]) {
    super(problems.map((p) => p.message).join('; '));
    this.name = 'ZipSecurityError';
  }
}

/** The files an opened archive keeps, by position (order: positions in UTF-8 order of path). */
interface KeptEntries {
  paths: string[];
  index: Map<string, number>;
  order: Int32Array;
  sizes: Float64Array;
  compressed: Float64Array;
  dataStarts: Float64Array;
  methods: Uint8Array;
}

interface ZipEntryInfo extends TreeEntry {
  compressedSize: number;
  method: number;
  /** Offset of the entry's data (after its local header). */
  dataStart: number;
}

/**
 * Positioned, synchronous reads of the archive bytes: the end records, the central directory, local
 * headers and STORED data (what ctxforge builds). A walk through yauzl's per-entry callbacks cost
 * several ticks, buffers and objects per entry (issue 7; issue 28: ~0.5 s of 50k entries), so the
 * central directory is read here too, in blocks, each record parsed in place.
 */
const BLOCK = 1 << 20;
const EMPTY = Buffer.alloc(0);

class ByteSource {
  private constructor(readonly fd: number | undefined, private readonly buf: Buffer | undefined, readonly size: number, private readonly ownsFd = true) {}
  static of(source: string | Buffer): ByteSource {
    if (typeof source !== 'string') return new ByteSource(undefined, source, source.length);
    const fd = openSync(source, 'r');
    return new ByteSource(fd, undefined, fstatSync(fd).size);
  }

  /**
   * The same bytes through a block of its own (the descriptor stays this one's): the walk of the
   * central directory at the end of the archive reads each entry's local header near its start,
   * and one shared block would be refilled twice per entry.
   */
  sibling(): ByteSource {
    return new ByteSource(this.fd, this.buf, this.size, false);
  }
  // Entries lie one after another, and ctxforge reads them in that order: reading the file in 1 MiB
  // blocks turns three small reads per entry (local header, name, data) into one read per block.
  private block: Buffer | undefined;
  private blockStart = 0;

  // One block buffer, refilled in place: a fresh 1 MiB per block was garbage outside the heap that
  // V8 collects late, tens of MB of a 1 GiB archive's peak (issue 7's 200 MB bound).
  private blockMemory: Buffer | undefined;

  /**
   * Exactly `length` bytes at `offset`; throws when the archive ends first. A short read is a view
   * of the block, valid until the next readAt: callers use it at once or copy it.
   */
  readAt(offset: number, length: number): Buffer {
    if (offset < 0 || offset + length > this.size) throw new Error(`archive ends before byte ${offset + length} (it has ${this.size})`);
    if (this.buf) return this.buf.subarray(offset, offset + length);
    if (length <= BLOCK / 4) {
      const at = this.fill(offset, length);
      return this.block!.subarray(at, at + length);
    }
    return this.pread(offset, length);
  }

  /** Has the block hold the `length` bytes at `offset` (checked to lie in the file) and returns where they start in it. */
  private fill(offset: number, length: number): number {
    if (!this.block || offset < this.blockStart || offset + length > this.blockStart + this.block.length) {
      this.blockMemory ??= Buffer.allocUnsafeSlow(BLOCK);
      this.block = undefined; // unusable if the read fails half-way
      const filled = this.pread(offset, Math.min(BLOCK, this.size - offset), this.blockMemory);
      this.blockStart = offset;
      this.block = filled;
    }
    return offset - this.blockStart;
  }

  /**
   * Makes the `length` bytes at `offset` (at most a quarter block) readable in `bytes` and returns
   * where they start there: the central directory's records and the local headers are parsed in
   * place, without a view made of each (50,000 entries made ~300,000 views: issue 39's profile).
   * Valid until the next read of this source.
   */
  window(offset: number, length: number): number {
    if (offset < 0 || offset + length > this.size) throw new Error(`archive ends before byte ${offset + length} (it has ${this.size})`);
    return this.buf ? offset : this.fill(offset, length);
  }

  /** What window() positions are in: the in-memory archive or the block. */
  get bytes(): Buffer {
    return this.buf ?? this.block ?? EMPTY;
  }

  /** `length` bytes at `offset` in `into` (reused by the caller, so a large entry needs no fresh memory per block). */
  readInto(offset: number, length: number, into: Buffer): Buffer {
    if (offset < 0 || offset + length > this.size) throw new Error(`archive ends before byte ${offset + length} (it has ${this.size})`);
    if (this.buf) return this.buf.subarray(offset, offset + length);
    return this.pread(offset, length, into);
  }

  private pread(offset: number, length: number, into?: Buffer): Buffer {
    const out = into ? into.subarray(0, length) : Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd!, out, done, length - done, offset + done);
      if (n === 0) throw new Error(`archive ends before byte ${offset + length}`);
      done += n;
    }
    return out;
  }

  close(): void {
    if (this.fd !== undefined && this.ownsFd) closeSync(this.fd);
  }
}

/**
 * Where the entry's data starts, from its local header (the fixed part and the name the central
 * directory expects, in one read from the block), or -1 when the two headers disagree on flags,
 * method or name. Throws when the header is not there.
 */
function localDataStart(src: ByteSource, e: CentralEntry): number {
  const expected = e.nameLength;
  const p = src.window(e.localOffset, 30 + expected);
  const h = src.bytes;
  const signature = h.readUInt32LE(p);
  if (signature !== 0x04034b50) throw new Error(`invalid local file header signature: 0x${signature.toString(16)}`);
  const nameLen = h.readUInt16LE(p + 26);
  const start = e.localOffset + 30 + nameLen + h.readUInt16LE(p + 28);
  // A name of another length is read all the same: one that runs past the archive's end is a
  // corrupt header, not a disagreement.
  if (nameLen !== expected) { src.window(e.localOffset + 30, nameLen); return -1; }
  const agree = h.readUInt16LE(p + 6) === e.flags && h.readUInt16LE(p + 8) === e.method
    && h.compare(e.names, e.nameAt, e.nameAt + expected, p + 30, p + 30 + expected) === 0;
  return agree ? start : -1;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/**
 * `length` bytes of the end records or the central directory at `offset`. Their messages are those
 * yauzl gave when it read them (an in-memory archive that ends early: "unexpected EOF").
 */
function readMeta(src: ByteSource, offset: number, length: number): Buffer {
  if (src.fd === undefined && offset + length > src.size) throw new Error('unexpected EOF');
  return src.readAt(offset, length);
}

/** readMeta's bytes as a position in `src.bytes` (no view made). */
function metaWindow(src: ByteSource, offset: number, length: number): number {
  if (src.fd === undefined && offset + length > src.size) throw new Error('unexpected EOF');
  return src.window(offset, length);
}

const readUInt64LE = (b: Buffer, at: number): number => b.readUInt32LE(at + 4) * 0x100000000 + b.readUInt32LE(at);

/**
 * Where the central directory starts and how many entries it holds, from the end of central
 * directory record (searched backwards over the longest comment) and, when a ZIP64 locator stands
 * before it, the ZIP64 end record — what yauzl 3 reads, with its checks and messages.
 */
function findCentralDirectory(src: ByteSource): { offset: number; count: number } {
  const bufferSize = Math.min(20 + 22 + 0xffff, src.size);
  // A copy: the search and the ZIP64 record's read must not share a block.
  const tail = Buffer.from(readMeta(src, src.size - bufferSize, bufferSize));
  for (let i = bufferSize - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== 0x06054b50) continue;
    const expected = bufferSize - i - 22;
    const commentLength = tail.readUInt16LE(i + 20);
    if (commentLength !== expected) {
      throw new Error(`Invalid comment length. Expected: ${expected}. Found: ${commentLength}. Are there extra bytes at the end of the file? Or is the end of central dir signature \`PK\u263a\u263b\` in the comment?`);
    }
    if (i - 20 >= 0 && tail.readUInt32LE(i - 20) === 0x07064b50) {
      const z = readMeta(src, readUInt64LE(tail, i - 20 + 8), 56);
      if (z.readUInt32LE(0) !== 0x06064b50) throw new Error('invalid zip64 end of central directory record signature');
      const disk = z.readUInt32LE(16);
      if (disk !== 0) throw new Error(`multi-disk zip files are not supported: found disk number: ${disk}`);
      return { offset: readUInt64LE(z, 48), count: readUInt64LE(z, 32) };
    }
    const disk = tail.readUInt16LE(i + 4);
    if (disk !== 0) throw new Error(`multi-disk zip files are not supported: found disk number: ${disk}`);
    return { offset: tail.readUInt32LE(i + 16), count: tail.readUInt16LE(i + 10) };
  }
  throw new Error('End of central directory record signature not found. Either not a zip file, or file is truncated.');
}

/**
 * One central-directory record, as far as the checks need it. One object serves every record of a
 * walk: its fields, and the name's bytes (`names` from `nameAt`), are valid until the next record.
 */
interface CentralEntry {
  versionMadeBy: number;
  flags: number;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  externalAttributes: number;
  localOffset: number;
  names: Buffer;
  nameAt: number;
  nameLength: number;
  /** The name of an Info-ZIP Unicode Path extra field (0x7075), or null when there is none. */
  unicodePath: string | null;
}

/**
 * Hands each of the `count` records of the central directory at `offset` to `onEntry`, in order,
 * with the checks yauzl made as it read them (signature, strong encryption, extra fields, ZIP64
 * sizes and offset), thrown with its messages. The directory is read through `src`'s blocks and
 * parsed where it lies in them.
 */
function walkCentralDirectory(src: ByteSource, offset: number, count: number, onEntry: (e: CentralEntry) => void): void {
  let at = offset;
  const e: CentralEntry = {
    versionMadeBy: 0, flags: 0, method: 0, compressedSize: 0, uncompressedSize: 0, externalAttributes: 0,
    localOffset: 0, names: EMPTY, nameAt: 0, nameLength: 0, unicodePath: null,
  };
  for (let k = 0; k < count; k++) {
    let p = metaWindow(src, at, 46);
    let h = src.bytes;
    const signature = h.readUInt32LE(p);
    if (signature !== 0x02014b50) throw new Error(`invalid central directory file header signature: 0x${signature.toString(16)}`);
    const flags = h.readUInt16LE(p + 8);
    const nameLength = h.readUInt16LE(p + 28);
    const extraLength = h.readUInt16LE(p + 30);
    const commentLength = h.readUInt16LE(p + 32);
    e.versionMadeBy = h.readUInt16LE(p + 4);
    e.flags = flags;
    e.method = h.readUInt16LE(p + 10);
    e.compressedSize = h.readUInt32LE(p + 20);
    e.uncompressedSize = h.readUInt32LE(p + 24);
    e.externalAttributes = h.readUInt32LE(p + 38);
    e.localOffset = h.readUInt32LE(p + 42);
    e.unicodePath = null;
    if (flags & 0x40) throw new Error('strong encryption is not supported');
    at += 46;
    // The fixed part's position dies here: the next read may refill the block.
    const rest = nameLength + extraLength + commentLength;
    p = metaWindow(src, at, rest);
    h = src.bytes;
    at += rest;
    e.names = h;
    e.nameAt = p;
    e.nameLength = nameLength;
    const x0 = p + nameLength;
    const x1 = x0 + extraLength;
    let zip64 = -1;
    let zip64End = -1;
    for (let i = x0; i < x1 - 3;) {
      const id = h.readUInt16LE(i);
      const end = i + 4 + h.readUInt16LE(i + 2);
      if (end > x1) throw new Error('extra field length exceeds extra field buffer size');
      if (id === 0x0001 && zip64 < 0) { zip64 = i + 4; zip64End = end; }
      else if (id === 0x7075 && e.unicodePath === null) e.unicodePath = decodeUtf8(h.subarray(i + 4 + 5, end)) ?? '';
      i = end;
    }
    if (zip64 >= 0) {
      let x = zip64;
      const field = (what: string): number => {
        if (x + 8 > zip64End) throw new Error(`zip64 extended information extra field does not include ${what}`);
        x += 8;
        return readUInt64LE(h, x - 8);
      };
      if (e.uncompressedSize === 0xffffffff) e.uncompressedSize = field('uncompressed size');
      if (e.compressedSize === 0xffffffff) e.compressedSize = field('compressed size');
      if (e.localOffset === 0xffffffff) e.localOffset = field('relative header offset');
    }
    onEntry(e);
  }
}

/**
 * Entries whose bytes a caller wants to start on before the whole archive is checked (the record
 * files of a large .octx: their worker then reads while the rest of the central directory is):
 * each STORED one is offered as soon as its central and local headers agree. Speculative: the
 * archive may still fail its checks, so a caller uses what it did with a range only if open()
 * succeeds and openRange() gives the same range.
 */
export interface EarlyRanges {
  paths: readonly string[];
  onRange(path: string, range: FileRange): void;
}

function earlyRanges(bytes: ByteSource, early: EarlyRanges): (e: CentralEntry) => void {
  const wanted = new Map(early.paths.map((p) => [Buffer.from(p, 'utf8').toString('latin1'), p]));
  return (e) => {
    if (!wanted.size) return;
    const key = e.names.toString('latin1', e.nameAt, e.nameAt + e.nameLength);
    const path = wanted.get(key);
    if (path === undefined || e.method !== 0 || e.compressedSize !== e.uncompressedSize || bytes.fd === undefined) return;
    wanted.delete(key);
    try {
      const start = localDataStart(bytes, e);
      if (start < 0) return;
      early.onRange(path, { fd: bytes.fd, offset: start, size: e.uncompressedSize, release: () => undefined });
    } catch {
      // Reported by the checks of open() itself.
    }
  };
}

const NOT_ASCII = /[^\x00-\x7f]/;

function decodeName(e: CentralEntry): string | null {
  // Most names are ASCII: taken as they are, without a view made of the name's bytes.
  const latin1 = e.names.toString('latin1', e.nameAt, e.nameAt + e.nameLength);
  if (!NOT_ASCII.test(latin1)) return latin1;
  return e.flags & 0x800 ? decodeUtf8(e.names.subarray(e.nameAt, e.nameAt + e.nameLength)) ?? null : null;
}

// Each problem that both ZipTree.open and layoutProblems find is worded here, once.
const tooManyEntries = (count: number, limit: number): ZipProblem => ({ kind: 'LIMIT', message: `archive has ${count} entries, more than the limit of ${limit} (--max-entries)` });
const unsafeName = (name: string, why: string): ZipProblem => ({ kind: 'PATH_UNSAFE', entry: name, message: `unsafe entry name ${JSON.stringify(name)}: ${why}` });
const duplicateEntry = (name: string): ZipProblem => ({ kind: 'DUPLICATE', entry: name, message: `duplicate entry ${JSON.stringify(name)}` });
const entryTooLarge = (name: string, size: number, limit: number): ZipProblem => ({
  kind: 'LIMIT', entry: name, message: `entry ${JSON.stringify(name)} expands to ${size} bytes, over the per-file limit of ${limit} (--max-file-bytes)`,
});
const archiveTooLarge = (total: number, limit: number): ZipProblem => ({ kind: 'LIMIT', message: `archive expands to ${total} bytes, over the total limit of ${limit} (--max-total-bytes)` });

/**
 * A name that is both a file and a directory, named or implied (a file `a` next to `a/b` cannot be
 * extracted as both). Each directory is checked once, walking up from a file's until one already
 * seen (whose own parents then were too), so the cost follows the directories, not files × depth.
 */
function fileDirClashes(files: Iterable<{ path: string }>, names: { has(path: string): boolean }, dirs: ReadonlySet<string>, problems: ZipProblem[]): void {
  for (const d of dirs) if (names.has(d)) problems.push({ kind: 'DUPLICATE', entry: d, message: `${JSON.stringify(d)} is both a file and a directory` });
  const seenDirs = new Set<string>();
  for (const f of files) {
    for (let i = f.path.lastIndexOf('/'); i > 0; i = f.path.lastIndexOf('/', i - 1)) {
      const parent = f.path.slice(0, i);
      if (seenDirs.has(parent)) break;
      seenDirs.add(parent);
      if (names.has(parent) && !dirs.has(parent)) problems.push({ kind: 'DUPLICATE', entry: parent, message: `${JSON.stringify(parent)} is both a file and the directory of ${JSON.stringify(f.path)}` });
    }
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * What ZipTree.open would refuse in an archive of these STORED file entries (names as written,
 * UTF-8), judged on the list itself: a build that writes the archive from this list and reads
 * every byte of it back against the list (zip-placement.ts) need not parse it again to know.
 */
export function layoutProblems(list: readonly { path: string; size: number }[] | { readonly length: number; path(i: number): string; size(i: number): number }, limits?: Partial<Limits>): ZipProblem[] {
  // Entries one at a time, from a list or read by position (a build's layout: no object an entry).
  const src = Array.isArray(list) ? undefined : list as { readonly length: number; path(i: number): string; size(i: number): number };
  const pathAt = (i: number) => (src ? src.path(i) : (list as readonly { path: string }[])[i]!.path);
  const sizeAt = (i: number) => (src ? src.size(i) : (list as readonly { size: number }[])[i]!.size);
  const entries: Iterable<{ path: string }> = src ? { *[Symbol.iterator]() { for (let i = 0; i < src.length; i++) yield { path: src.path(i) }; } } : list as readonly { path: string }[];
  const l = resolveLimits(limits);
  const problems: ZipProblem[] = [];
  if (list.length > l.maxEntries) problems.push(tooManyEntries(list.length, l.maxEntries));
  // The names kept so far, as positions in the list (not a set of every name: issue 39).
  const names = new SeenStrings(list.length, pathAt);
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    const path = pathAt(i);
    // A lone surrogate is written as U+FFFD: the entry would not carry this name.
    if (LONE_SURROGATE.test(path)) { problems.push({ kind: 'NAME_ENCODING', entry: path, message: `entry name ${JSON.stringify(path)} is not valid UTF-8` }); continue; }
    const why = unsafePathReason(path);
    if (why) { problems.push(unsafeName(path, why)); continue; }
    if (names.has(path)) { problems.push(duplicateEntry(path)); continue; }
    names.add(i, path);
    const size = sizeAt(i);
    if (size > l.maxFileBytes) problems.push(entryTooLarge(path, size, l.maxFileBytes));
    total += size;
  }
  if (total > l.maxTotalBytes) problems.push(archiveTooLarge(total, l.maxTotalBytes));
  fileDirClashes(entries, names, new Set(), problems);
  return problems;
}

export class ZipTree implements Tree {
  private constructor(
    readonly label: string,
    private readonly bytes: ByteSource,
    private readonly kept: KeptEntries,
    private readonly limits: Limits,
  ) {}

  /**
   * The entry at `path`, made from the kept arrays: an object an entry held for the archive's life
   * was ~80 bytes of V8's heap a file (issue 39); callers hold what they are given only briefly.
   */
  private info(path: string): ZipEntryInfo | undefined {
    const k = this.kept.index.get(path);
    if (k === undefined) return undefined;
    const t = this.kept;
    return { path: t.paths[k]!, kind: 'file', size: smallInt(t.sizes[k]!), compressedSize: smallInt(t.compressed[k]!), method: t.methods[k]!, dataStart: smallInt(t.dataStarts[k]!) };
  }

  /** Opens and checks the archive; throws ZipSecurityError listing every problem found. */
  static async open(source: string | Buffer, opts: { label?: string; limits?: Partial<Limits>; early?: EarlyRanges } = {}): Promise<ZipTree> {
    const limits = resolveLimits(opts.limits);
    const label = opts.label ?? (typeof source === 'string' ? source : '(zip)');
    let bytes: ByteSource | undefined;
    let directory: { offset: number; count: number };
    try {
      bytes = ByteSource.of(source);
      directory = findCentralDirectory(bytes);
    } catch (e) {
      bytes?.close();
      throw new ZipSecurityError([{ kind: readerErrorKind(e), message: `not a readable ZIP archive: ${(e as Error).message}` }]);
    }
    const problems: ZipProblem[] = [];
    try {
      if (directory.count > limits.maxEntries) throw new ZipSecurityError([tooManyEntries(directory.count, limits.maxEntries)]);
      // Each kept file's fields by position, and the names seen, each with its position once it is
      // kept (-1 until then): the duplicate check's set and the tree's index in one map (a set and
      // a map of every name were ~6 MB at 100 000 entries).
      // Typed arrays of the directory's count (the most that can be kept): arrays grown an entry at a
      // time left their outgrown stores, and then themselves, to V8's next full collection, and that
      // garbage set the peak of a validate (issue 39). A count the archive's bytes cannot hold
      // allocates no more than they can: the walk reads the directory's entries one after another,
      // 46 bytes each at the least, and stops at the first that is not there.
      const count = Math.min(directory.count, Math.floor(bytes.size / 46));
      const paths: string[] = [];
      const sizes = new Float64Array(count);
      const compressed = new Float64Array(count);
      const dataStarts = new Float64Array(count);
      const methods = new Uint8Array(count);
      const names = new Map<string, number>();
      const dirs = new Set<string>();
      // Where each kept file's bytes start and end in the archive (its local header to its data's
      // end), by its index in `paths`: numbers, not an object an entry.
      const starts = new Float64Array(count);
      const ends = new Float64Array(count);
      let total = 0;
      const src = bytes;
      // Each entry is checked as it is read, and only what is needed is kept.
      const take = (e: CentralEntry): void => {
        const flags = e.flags;
        const name = decodeName(e);
        const shown = name ?? e.names.toString('latin1', e.nameAt, e.nameAt + e.nameLength);
        if (name === null) {
          problems.push({ kind: 'NAME_ENCODING', entry: shown, message: `entry name ${JSON.stringify(shown)} is not valid UTF-8 or lacks the UTF-8 flag (bit 11)` });
          return;
        }
        const isDir = name.endsWith('/');
        const path = isDir ? name.replace(/\/+$/, '') : name;
        const why = unsafePathReason(path);
        if (why) { problems.push(unsafeName(name, why)); return; }
        const alias = e.unicodePath;
        if (alias !== null && alias !== name) {
          problems.push({ kind: 'PATH_UNSAFE', entry: name, message: `entry ${JSON.stringify(name)} carries an Info-ZIP Unicode Path field naming ${JSON.stringify(alias)}; extractors that honour it would write there` });
          return;
        }
        if (flags & 0x1) problems.push({ kind: 'ENCRYPTED', entry: name, message: `entry ${JSON.stringify(name)} is encrypted` });
        if (e.method !== 0 && e.method !== 8) {
          problems.push({ kind: 'METHOD_UNSUPPORTED', entry: name, message: `entry ${JSON.stringify(name)} uses compression method ${e.method}; only STORE (0) and DEFLATE (8) are allowed` });
        }
        const system = e.versionMadeBy >> 8;
        const type = (e.externalAttributes >>> 16) & S_IFMT;
        // Unix file types are honoured by extractors for more hosts than 3 (macOS writes 19, 7-Zip
        // sets them on Windows too), so a non-regular type is refused whatever the host says.
        if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
          problems.push({ kind: 'SPECIAL_FILE', entry: name, message: `entry ${JSON.stringify(name)} is a ${type === S_IFLNK ? 'symbolic link' : 'special file'}; only regular files are allowed` });
          return;
        }
        if ((system === 3 || system === 19) && isDir !== (type === S_IFDIR) && type !== 0) {
          problems.push({ kind: 'SPECIAL_FILE', entry: name, message: `entry ${JSON.stringify(name)} has a name and a file type that disagree` });
          return;
        }
        // Checked before a folder entry is set aside: yauzl refused the archive whatever the entry's kind.
        if (e.method === 0 && e.compressedSize !== e.uncompressedSize) {
          problems.push({ kind: 'CORRUPT', entry: name, message: `stored entry ${JSON.stringify(name)} declares different compressed and uncompressed sizes` });
        }
        if (isDir) { dirs.add(path); return; }
        if (names.has(path)) { problems.push(duplicateEntry(name)); return; }
        names.set(path, -1);
        if (e.uncompressedSize > limits.maxFileBytes) problems.push(entryTooLarge(name, e.uncompressedSize, limits.maxFileBytes));
        total += e.uncompressedSize;
        if (e.method === 8 && e.uncompressedSize > 0 && e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio) {
          problems.push({ kind: 'LIMIT', entry: name, message: `entry ${JSON.stringify(name)} has a compression ratio over ${limits.maxRatio} (--max-ratio): a possible zip bomb` });
        }
        let dataStart: number;
        try {
          dataStart = localDataStart(src, e);
        } catch (err) {
          problems.push({ kind: 'CORRUPT', entry: name, message: `entry ${JSON.stringify(name)}: bad local header (${(err as Error).message})` });
          return;
        }
        if (dataStart < 0) {
          problems.push({ kind: 'HEADER_MISMATCH', entry: name, message: `entry ${JSON.stringify(name)}: local and central headers disagree on flags, method or name` });
          return;
        }
        const k = paths.length;
        starts[k] = e.localOffset;
        ends[k] = dataStart + e.compressedSize;
        names.set(path, k);
        paths.push(path);
        sizes[k] = e.uncompressedSize;
        compressed[k] = e.compressedSize;
        dataStarts[k] = dataStart;
        methods[k] = e.method;
      };
      const early = opts.early ? earlyRanges(bytes, opts.early) : undefined;
      // The directory through a block of its own, the local headers through the source's.
      walkCentralDirectory(bytes.sibling(), directory.offset, directory.count, (e) => { early?.(e); take(e); });
      if (total > limits.maxTotalBytes) problems.push(archiveTooLarge(total, limits.maxTotalBytes));
      fileDirClashes({ *[Symbol.iterator]() { for (const path of paths) yield { path }; } }, names, dirs, problems);
      const kept = paths.length;
      // A written archive lists its entries in the order of their data, so the sort is most often
      // not needed; the overlap check is the same either way.
      let byStart: Int32Array | undefined;
      for (let k = 1; k < kept && !byStart; k++) if (starts[k]! < starts[k - 1]!) byStart = new Int32Array(kept).map((_, j) => j).sort((a, b) => starts[a]! - starts[b]!);
      for (let i = 1; i < kept; i++) {
        const prev = byStart ? byStart[i - 1]! : i - 1;
        const cur = byStart ? byStart[i]! : i;
        if (starts[cur]! < ends[prev]!) {
          problems.push({ kind: 'OVERLAP', entry: paths[cur]!, message: `entries ${JSON.stringify(paths[prev]!)} and ${JSON.stringify(paths[cur]!)} overlap in the archive` });
        }
      }
      if (problems.length) throw new ZipSecurityError(problems);
      const order = Int32Array.from(sortUtf8(paths.map((_, k) => k), (k) => paths[k]!));
      // Without problems, every name seen is a file kept.
      return new ZipTree(label, bytes, {
        paths, index: names, order, methods: methods.subarray(0, kept),
        sizes: sizes.subarray(0, kept), compressed: compressed.subarray(0, kept), dataStarts: dataStarts.subarray(0, kept),
      }, limits);
    } catch (e) {
      bytes.close();
      if (e instanceof ZipSecurityError) throw e;
      throw new ZipSecurityError([{ kind: readerErrorKind(e), message: `corrupt ZIP archive: ${(e as Error).message}` }]);
    }
  }

  async list(): Promise<TreeEntry[]> {
    const t = this.kept;
    return Array.from(t.order, (k) => ({ path: t.paths[k]!, kind: 'file' as const, size: smallInt(t.sizes[k]!) }));
  }

  // Its extra members (offsets, method) are read by no caller.
  entry(path: string): TreeEntry | undefined {
    return this.info(path);
  }

  async stat(path: string): Promise<TreeEntry | undefined> {
    const e = this.info(path);
    return e ? { path: e.path, kind: e.kind, size: e.size } : undefined;
  }

  /** Entry metadata for tests and inspect: method and offsets. */
  entryInfo(path: string): { method: number; compressedSize: number } | undefined {
    const e = this.info(path);
    return e ? { method: e.method, compressedSize: e.compressedSize } : undefined;
  }

  /**
   * A DEFLATE entry's inflated bytes (sizes are checked by chunks()). Its local header was checked
   * at open; its data must lie inside the archive, as yauzl's stream required.
   */
  private openStream(path: string): Readable {
    const e = this.info(path);
    if (!e || e.method !== 8) throw new TreeReadError(`${path}: no such compressed entry`, path);
    const end = e.dataStart + e.compressedSize;
    if (end > this.bytes.size) throw new TreeReadError(`${path}: file data overflows file bounds: ${e.dataStart} + ${e.compressedSize} > ${this.bytes.size}`, path);
    const src = this.bytes;
    let at = e.dataStart;
    const raw = new Readable({
      read() {
        if (at >= end) { this.push(null); return; }
        const n = Math.min(1 << 20, end - at);
        try {
          this.push(Buffer.from(src.readAt(at, n)));
        } catch (err) {
          this.destroy(err as Error);
          return;
        }
        at += n;
        if (at >= end) this.push(null);
      },
    });
    const inflate = createInflateRaw();
    raw.on('error', (err) => inflate.destroy(err));
    inflate.on('close', () => raw.destroy());
    return raw.pipe(inflate);
  }

  handoff(paths: string[]): FileHandoff | undefined {
    if (this.bytes.fd === undefined) return undefined;
    const offsets: number[] = [];
    const sizes: number[] = [];
    for (const p of paths) {
      let r: FileRange | undefined;
      try { r = this.openRange(p); } catch { return undefined; } // over the limit: read (and reported) here
      if (!r) return undefined;
      offsets.push(r.offset);
      sizes.push(r.size);
    }
    const shared = sharedPaths(paths);
    return shared && { kind: 'ranges', fd: this.bytes.fd, offsets, sizes, paths: shared };
  }

  /** A STORED entry of an archive on disk lies as it is in the archive (sizes checked equal at open). */
  openRange(path: string): FileRange | undefined {
    const entry = this.info(path);
    if (!entry || entry.kind !== 'file' || entry.method !== 0 || this.bytes.fd === undefined) return undefined;
    this.checkLimit(entry);
    return { fd: this.bytes.fd, offset: entry.dataStart, size: entry.size, release: () => undefined };
  }

  /** A STORED entry is read into a buffer of its own or copied out of the block; a DEFLATE one is joined anew. */
  readonly readsOwned = true;

  async read(path: string): Promise<Buffer> {
    const entry = this.info(path);
    if (entry && entry.method === 0) {
      // STORED: the declared sizes were checked equal at open, so the data is exactly this range.
      this.checkLimit(entry);
      try {
        // A copy of a block's view (which would pin the whole block for as long as the caller keeps
        // the bytes); a large entry is read into a buffer of its own already.
        const b = this.bytes.readAt(entry.dataStart, entry.size);
        return entry.size > BLOCK / 4 && this.bytes.fd !== undefined ? b : Buffer.from(b);
      } catch (e) {
        throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
      }
    }
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const c of this.chunks(path)) { chunks.push(c); n += c.length; }
    return Buffer.concat(chunks, n);
  }

  /**
   * A STORED entry as a view of the block it was read in, valid until the next read (checking 50k
   * documents, a copy each was ~10% of validate's time); a DEFLATE one is left to read().
   */
  readTransient(path: string): Buffer | undefined {
    const entry = this.info(path);
    if (!entry || entry.method !== 0) return undefined;
    this.checkLimit(entry);
    try {
      return this.bytes.readAt(entry.dataStart, entry.size);
    } catch (e) {
      throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
    }
  }

  private checkLimit(entry: ZipEntryInfo): void {
    if (entry.size > this.limits.maxFileBytes) throw new TreeReadError(`${entry.path}: expands past the per-file limit`, entry.path);
  }

  /** An entry's bytes in chunks, never trusting the declared size of compressed data. */
  async *chunks(path: string): AsyncGenerator<Buffer> {
    const entry = this.info(path);
    if (!entry) throw new TreeReadError(`${path}: no such entry`, path);
    this.checkLimit(entry);
    if (entry.method === 0) {
      const step = 1 << 20;
      // A large entry reads through a reused block (tree.ts takeBlock), not a fresh one an entry.
      const pooled = entry.size >= step;
      const block = pooled ? takeBlock() : Buffer.allocUnsafe(entry.size || 1);
      try {
        for (let off = 0; off < entry.size; off += step) {
          try {
            yield this.bytes.readInto(entry.dataStart + off, Math.min(step, entry.size - off), block);
          } catch (e) {
            throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
          }
        }
      } finally {
        if (pooled) giveBlock(block);
      }
      return;
    }
    const declared = entry.size;
    const s = this.openStream(path);
    let n = 0;
    try {
      for await (const c of s) {
        n += (c as Buffer).length;
        // A lying declared size must not be trusted: stop as soon as the data passes it.
        if (n > declared) throw new TreeReadError(`${path}: expands past its declared size of ${declared} bytes`, path);
        if (n > this.limits.maxFileBytes) throw new TreeReadError(`${path}: expands past the per-file limit`, path);
        yield c as Buffer;
      }
      if (n !== declared) throw new TreeReadError(`${path}: holds ${n} bytes but declares ${declared}`, path);
    } catch (e) {
      s.destroy();
      if (e instanceof TreeReadError) throw e;
      throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
    }
  }

  close(): void {
    this.bytes.close();
  }
}

/** Some archives are refused outright; keep the specific code for the ones the rules name. */
function readerErrorKind(e: unknown): ZipProblemKind {
  const m = (e as Error)?.message ?? '';
  if (/multi-disk/.test(m)) return 'MULTI_DISK';
  if (/encrypt/.test(m)) return 'ENCRYPTED';
  return 'CORRUPT';
}
