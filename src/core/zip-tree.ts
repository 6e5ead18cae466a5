// A ZIP archive as a Tree, opened defensively: every entry's name, type, flags, method, local
// header and data range are checked before anything is read, and reads are bounded by the limits.
import type yauzl from 'yauzl';
import { lazyRequire } from './lazy.js';

const yauzlLib = lazyRequire<typeof yauzl>('yauzl');
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { Readable } from 'node:stream';
import { unsafePathReason, sortUtf8 } from './paths.js';
import { resolveLimits, type Limits } from './limits.js';
import type { FileHandoff, FileRange, Tree, TreeEntry } from './tree.js';
import { TreeReadError } from './tree.js';
import { decodeUtf8 } from './utf8.js';

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

interface ZipEntryInfo extends TreeEntry {
  /**
   * yauzl's entry, kept only for a compressed one (its stream needs it): 50k entries kept alive
   * for nothing made the young-generation collections copy them all (~0.1 s of a 50k open).
   */
  raw?: yauzl.Entry;
  compressedSize: number;
  method: number;
  /** Offset of the entry's data (after its local header). */
  dataStart: number;
}

type YZip = yauzl.ZipFile;
interface LocalHeader {
  fileDataStart: number;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  /** The name's bytes, a view into the read block (compared at once, not kept). */
  fileName: Buffer;
}

/**
 * Positioned, synchronous reads of the archive bytes. yauzl parses the central directory; local
 * headers and STORED data (what ctxforge builds) are read here directly, because yauzl's
 * per-entry callbacks and streams cost several thread-pool round trips per file (issue 7).
 */
const BLOCK = 1 << 20;

class ByteSource {
  private constructor(readonly fd: number | undefined, private readonly buf: Buffer | undefined, readonly size: number, private readonly ownsFd = true) {}
  static of(source: string | Buffer): ByteSource {
    if (typeof source !== 'string') return new ByteSource(undefined, source, source.length);
    const fd = openSync(source, 'r');
    return new ByteSource(fd, undefined, fstatSync(fd).size);
  }

  /**
   * The same bytes through a block of its own (the descriptor stays this one's): yauzl walks the
   * central directory at the end of the archive while each entry's local header is read near its
   * start, and one shared block would be refilled twice per entry.
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
      if (!this.block || offset < this.blockStart || offset + length > this.blockStart + this.block.length) {
        this.blockMemory ??= Buffer.allocUnsafeSlow(BLOCK);
        this.block = undefined; // unusable if the read fails half-way
        const filled = this.pread(offset, Math.min(BLOCK, this.size - offset), this.blockMemory);
        this.blockStart = offset;
        this.block = filled;
      }
      return this.block.subarray(offset - this.blockStart, offset - this.blockStart + length);
    }
    return this.pread(offset, length);
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

function readLocalHeader(src: ByteSource, offset: number, expectedNameLength: number): LocalHeader {
  // The fixed header and the name the central directory expects, in one read from the block.
  const h = src.readAt(offset, 30 + expectedNameLength);
  if (h.readUInt32LE(0) !== 0x04034b50) throw new Error(`invalid local file header signature: 0x${h.readUInt32LE(0).toString(16)}`);
  const nameLen = h.readUInt16LE(26);
  const extraLen = h.readUInt16LE(28);
  return {
    generalPurposeBitFlag: h.readUInt16LE(6),
    compressionMethod: h.readUInt16LE(8),
    fileName: nameLen === expectedNameLength ? h.subarray(30) : src.readAt(offset + 30, nameLen),
    fileDataStart: offset + 30 + nameLen + extraLen,
  };
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

function openZip(source: Buffer | ByteSource): Promise<YZip> {
  // Sizes are validated by read() itself: yauzl's own check rejects encrypted entries with a
  // misleading size message before the encryption flag can be reported.
  const opts = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const cb = (err: Error | null, zf?: yauzl.ZipFile) => (err || !zf ? reject(err ?? new Error('cannot open ZIP')) : resolve(zf as YZip));
    if (Buffer.isBuffer(source)) yauzlLib().fromBuffer(source, opts, cb);
    else yauzlLib().fromRandomAccessReader(readerOver(source.sibling()), source.size, opts, cb);
  });
}

/**
 * yauzl reading through the same block cache. Its default `read` builds a stream pair per call,
 * and it reads every central-directory record with such calls: for 50 000 entries that was
 * seconds of stream machinery and garbage (issue 7's profile). `read` here copies the bytes
 * directly and answers on the next tick, as an asynchronous read would.
 */
function readerOver(src: ByteSource): yauzl.RandomAccessReader {
  const Base = yauzlLib().RandomAccessReader as unknown as new () => yauzl.RandomAccessReader;
  class BlockReader extends Base {
    override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null, bytesRead?: number) => void): void {
      let err: Error | null = null;
      try {
        for (let done = 0; done < length;) {
          const n = Math.min(1 << 18, length - done);
          src.readAt(position + done, n).copy(buffer, offset + done);
          done += n;
        }
      } catch (e) {
        err = e as Error;
      }
      process.nextTick(() => (err ? callback(err) : callback(null, length)));
    }

    override _readStreamForRange(start: number, end: number): Readable {
      let at = start;
      return new Readable({
        read() {
          if (at >= end) { this.push(null); return; }
          const n = Math.min(1 << 20, end - at);
          try {
            this.push(Buffer.from(src.readAt(at, n)));
          } catch (e) {
            this.destroy(e as Error);
            return;
          }
          at += n;
          if (at >= end) this.push(null);
        },
      });
    }
  }
  return new BlockReader();
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

function earlyRanges(bytes: ByteSource, early: EarlyRanges): (e: yauzl.Entry) => void {
  const wanted = new Map(early.paths.map((p) => [Buffer.from(p, 'utf8').toString('latin1'), p]));
  return (e) => {
    const raw = e.fileName as unknown as Buffer;
    const key = raw.toString('latin1');
    const path = wanted.get(key);
    if (path === undefined || e.compressionMethod !== 0 || e.compressedSize !== e.uncompressedSize || bytes.fd === undefined) return;
    wanted.delete(key);
    try {
      const local = readLocalHeader(bytes, e.relativeOffsetOfLocalHeader, raw.length);
      if (local.compressionMethod !== 0 || !local.fileName.equals(raw)) return;
      early.onRange(path, { fd: bytes.fd, offset: local.fileDataStart, size: e.uncompressedSize, release: () => undefined });
    } catch {
      // Reported by the checks of open() itself.
    }
  };
}

function decodeName(buf: Buffer, flags: number): string | null {
  // Most names are ASCII: decoded in place, without the view decodeUtf8 makes of any Uint8Array.
  if (isAscii(buf)) return buf.toString('latin1');
  return flags & 0x800 ? decodeUtf8(buf) ?? null : null;
}

/**
 * A name that is both a file and a directory, named or implied (a file `a` next to `a/b` cannot be
 * extracted as both). Each directory is checked once, walking up from a file's until one already
 * seen (whose own parents then were too), so the cost follows the directories, not files × depth.
 */
function fileDirClashes(files: readonly { path: string }[], names: ReadonlySet<string>, dirs: ReadonlySet<string>, problems: ZipProblem[]): void {
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
export function layoutProblems(entries: readonly { path: string; size: number }[], limits?: Partial<Limits>): ZipProblem[] {
  const l = resolveLimits(limits);
  const problems: ZipProblem[] = [];
  if (entries.length > l.maxEntries) problems.push({ kind: 'LIMIT', message: `archive has ${entries.length} entries, more than the limit of ${l.maxEntries} (--max-entries)` });
  const names = new Set<string>();
  let total = 0;
  for (const e of entries) {
    // A lone surrogate is written as U+FFFD: the entry would not carry this name.
    if (LONE_SURROGATE.test(e.path)) { problems.push({ kind: 'NAME_ENCODING', entry: e.path, message: `entry name ${JSON.stringify(e.path)} is not valid UTF-8` }); continue; }
    const why = unsafePathReason(e.path);
    if (why) { problems.push({ kind: 'PATH_UNSAFE', entry: e.path, message: `unsafe entry name ${JSON.stringify(e.path)}: ${why}` }); continue; }
    if (names.has(e.path)) { problems.push({ kind: 'DUPLICATE', entry: e.path, message: `duplicate entry ${JSON.stringify(e.path)}` }); continue; }
    names.add(e.path);
    if (e.size > l.maxFileBytes) problems.push({ kind: 'LIMIT', entry: e.path, message: `entry ${JSON.stringify(e.path)} expands to ${e.size} bytes, over the per-file limit of ${l.maxFileBytes} (--max-file-bytes)` });
    total += e.size;
  }
  if (total > l.maxTotalBytes) problems.push({ kind: 'LIMIT', message: `archive expands to ${total} bytes, over the total limit of ${l.maxTotalBytes} (--max-total-bytes)` });
  fileDirClashes(entries, names, new Set(), problems);
  return problems;
}

export class ZipTree implements Tree {
  private constructor(
    readonly label: string,
    private readonly zip: YZip,
    private readonly bytes: ByteSource,
    private readonly entries: ZipEntryInfo[],
    private readonly byPath: Map<string, ZipEntryInfo>,
    private readonly limits: Limits,
  ) {}

  /** Opens and checks the archive; throws ZipSecurityError listing every problem found. */
  static async open(source: string | Buffer, opts: { label?: string; limits?: Partial<Limits>; early?: EarlyRanges } = {}): Promise<ZipTree> {
    const limits = resolveLimits(opts.limits);
    const label = opts.label ?? (typeof source === 'string' ? source : '(zip)');
    let zip: YZip;
    let bytes: ByteSource | undefined;
    try {
      if (typeof source === 'string') bytes = ByteSource.of(source);
      zip = await openZip(bytes ?? (source as Buffer));
    } catch (e) {
      bytes?.close();
      throw new ZipSecurityError([{ kind: readerErrorKind(e), message: `not a readable ZIP archive: ${(e as Error).message}` }]);
    }
    const problems: ZipProblem[] = [];
    try {
      bytes ??= ByteSource.of(source);
      if (zip.entryCount > limits.maxEntries) {
        throw new ZipSecurityError([{ kind: 'LIMIT', message: `archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries} (--max-entries)` }]);
      }
      const files: ZipEntryInfo[] = [];
      const names = new Set<string>();
      const dirs = new Set<string>();
      const ranges: { start: number; end: number; name: string }[] = [];
      let total = 0;
      const src = bytes;
      // Each entry is checked as yauzl reads it and only what is needed is kept, so 50k yauzl
      // entries die young instead of surviving to the end of the walk.
      const take = (e: yauzl.Entry): void => {
        const flags = e.generalPurposeBitFlag;
        const name = decodeName(e.fileName as unknown as Buffer, flags);
        const shown = name ?? (e.fileName as unknown as Buffer).toString('latin1');
        if (name === null) {
          problems.push({ kind: 'NAME_ENCODING', entry: shown, message: `entry name ${JSON.stringify(shown)} is not valid UTF-8 or lacks the UTF-8 flag (bit 11)` });
          return;
        }
        const isDir = name.endsWith('/');
        const path = isDir ? name.replace(/\/+$/, '') : name;
        const why = unsafePathReason(path);
        if (why) { problems.push({ kind: 'PATH_UNSAFE', entry: name, message: `unsafe entry name ${JSON.stringify(name)}: ${why}` }); return; }
        const alias = unicodePathName(e);
        if (alias !== null && alias !== name) {
          problems.push({ kind: 'PATH_UNSAFE', entry: name, message: `entry ${JSON.stringify(name)} carries an Info-ZIP Unicode Path field naming ${JSON.stringify(alias)}; extractors that honour it would write there` });
          return;
        }
        if (flags & 0x1) problems.push({ kind: 'ENCRYPTED', entry: name, message: `entry ${JSON.stringify(name)} is encrypted` });
        if (e.compressionMethod !== 0 && e.compressionMethod !== 8) {
          problems.push({ kind: 'METHOD_UNSUPPORTED', entry: name, message: `entry ${JSON.stringify(name)} uses compression method ${e.compressionMethod}; only STORE (0) and DEFLATE (8) are allowed` });
        }
        const system = e.versionMadeBy >> 8;
        const type = (e.externalFileAttributes >>> 16) & S_IFMT;
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
        if (isDir) { dirs.add(path); return; }
        if (names.has(path)) { problems.push({ kind: 'DUPLICATE', entry: name, message: `duplicate entry ${JSON.stringify(name)}` }); return; }
        names.add(path);
        if (e.uncompressedSize > limits.maxFileBytes) {
          problems.push({ kind: 'LIMIT', entry: name, message: `entry ${JSON.stringify(name)} expands to ${e.uncompressedSize} bytes, over the per-file limit of ${limits.maxFileBytes} (--max-file-bytes)` });
        }
        total += e.uncompressedSize;
        if (e.compressionMethod === 0 && e.compressedSize !== e.uncompressedSize) {
          problems.push({ kind: 'CORRUPT', entry: name, message: `stored entry ${JSON.stringify(name)} declares different compressed and uncompressed sizes` });
        }
        if (e.compressionMethod === 8 && e.uncompressedSize > 0 && e.uncompressedSize / Math.max(1, e.compressedSize) > limits.maxRatio) {
          problems.push({ kind: 'LIMIT', entry: name, message: `entry ${JSON.stringify(name)} has a compression ratio over ${limits.maxRatio} (--max-ratio): a possible zip bomb` });
        }
        let local: LocalHeader;
        try {
          local = readLocalHeader(src, e.relativeOffsetOfLocalHeader, (e.fileName as unknown as Buffer).length);
        } catch (err) {
          problems.push({ kind: 'CORRUPT', entry: name, message: `entry ${JSON.stringify(name)}: bad local header (${(err as Error).message})` });
          return;
        }
        if (local.generalPurposeBitFlag !== flags || local.compressionMethod !== e.compressionMethod || !local.fileName.equals(e.fileName as unknown as Buffer)) {
          problems.push({ kind: 'HEADER_MISMATCH', entry: name, message: `entry ${JSON.stringify(name)}: local and central headers disagree on flags, method or name` });
          return;
        }
        ranges.push({ start: e.relativeOffsetOfLocalHeader, end: local.fileDataStart + e.compressedSize, name });
        files.push({ path, kind: 'file', size: e.uncompressedSize, raw: e.compressionMethod === 0 ? undefined : e, compressedSize: e.compressedSize, method: e.compressionMethod, dataStart: local.fileDataStart });
      };
      const early = opts.early ? earlyRanges(bytes, opts.early) : undefined;
      await readAllEntries(zip, (e) => { early?.(e); take(e); });
      if (total > limits.maxTotalBytes) {
        problems.push({ kind: 'LIMIT', message: `archive expands to ${total} bytes, over the total limit of ${limits.maxTotalBytes} (--max-total-bytes)` });
      }
      fileDirClashes(files, names, dirs, problems);
      ranges.sort((a, b) => a.start - b.start);
      for (let i = 1; i < ranges.length; i++) {
        if (ranges[i]!.start < ranges[i - 1]!.end) {
          problems.push({ kind: 'OVERLAP', entry: ranges[i]!.name, message: `entries ${JSON.stringify(ranges[i - 1]!.name)} and ${JSON.stringify(ranges[i]!.name)} overlap in the archive` });
        }
      }
      if (problems.length) throw new ZipSecurityError(problems);
      const sorted = sortUtf8(files, (f) => f.path);
      return new ZipTree(label, zip, bytes, sorted, new Map(sorted.map((f) => [f.path, f])), limits);
    } catch (e) {
      zip.close();
      bytes?.close();
      if (e instanceof ZipSecurityError) throw e;
      throw new ZipSecurityError([{ kind: readerErrorKind(e), message: `corrupt ZIP archive: ${(e as Error).message}` }]);
    }
  }

  async list(): Promise<TreeEntry[]> {
    return this.entries.map(({ path, kind, size }) => ({ path, kind, size }));
  }

  async stat(path: string): Promise<TreeEntry | undefined> {
    const e = this.byPath.get(path);
    return e ? { path: e.path, kind: e.kind, size: e.size } : undefined;
  }

  /** Entry metadata for tests and inspect: method and offsets. */
  entryInfo(path: string): { method: number; compressedSize: number } | undefined {
    const e = this.byPath.get(path);
    return e ? { method: e.method, compressedSize: e.compressedSize } : undefined;
  }

  private openStream(path: string): Promise<Readable> {
    const e = this.byPath.get(path);
    if (!e?.raw) return Promise.reject(new TreeReadError(`${path}: no such compressed entry`, path));
    const raw = e.raw;
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(raw, (err, s) => (err || !s ? reject(new TreeReadError(`${path}: ${err?.message ?? 'cannot read'}`, path)) : resolve(s))));
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
    return { kind: 'ranges', fd: this.bytes.fd, offsets, sizes, paths };
  }

  /** A STORED entry of an archive on disk lies as it is in the archive (sizes checked equal at open). */
  openRange(path: string): FileRange | undefined {
    const entry = this.byPath.get(path);
    if (!entry || entry.kind !== 'file' || entry.method !== 0 || this.bytes.fd === undefined) return undefined;
    this.checkLimit(entry);
    return { fd: this.bytes.fd, offset: entry.dataStart, size: entry.size, release: () => undefined };
  }

  async read(path: string): Promise<Buffer> {
    const entry = this.byPath.get(path);
    if (entry && entry.method === 0) {
      // STORED: the declared sizes were checked equal at open, so the data is exactly this range.
      this.checkLimit(entry);
      try {
        // A copy: a view would pin the whole read block for as long as the caller keeps the bytes.
        return Buffer.from(this.bytes.readAt(entry.dataStart, entry.size));
      } catch (e) {
        throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
      }
    }
    const chunks: Buffer[] = [];
    let n = 0;
    for await (const c of this.chunks(path)) { chunks.push(c); n += c.length; }
    return Buffer.concat(chunks, n);
  }

  private checkLimit(entry: ZipEntryInfo): void {
    if (entry.size > this.limits.maxFileBytes) throw new TreeReadError(`${entry.path}: expands past the per-file limit`, entry.path);
  }

  /** An entry's bytes in chunks, never trusting the declared size of compressed data. */
  async *chunks(path: string): AsyncGenerator<Buffer> {
    const entry = this.byPath.get(path);
    if (!entry) throw new TreeReadError(`${path}: no such entry`, path);
    this.checkLimit(entry);
    if (entry.method === 0) {
      const step = 1 << 20;
      const block = Buffer.allocUnsafe(Math.min(step, entry.size) || 1);
      for (let off = 0; off < entry.size; off += step) {
        try {
          yield this.bytes.readInto(entry.dataStart + off, Math.min(step, entry.size - off), block);
        } catch (e) {
          throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
        }
      }
      return;
    }
    const declared = entry.size;
    const s = await this.openStream(path);
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
    this.zip.close();
    this.bytes.close();
  }
}

/** Walks the central directory, handing each entry to `onEntry` as it is read. */
function readAllEntries(zip: YZip, onEntry: (e: yauzl.Entry) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let failed = false;
    zip.on('entry', (e: yauzl.Entry) => {
      if (failed) return;
      try {
        onEntry(e);
      } catch (err) {
        failed = true;
        reject(err);
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** yauzl refuses some archives outright; keep the specific code for the ones the rules name. */
function readerErrorKind(e: unknown): ZipProblemKind {
  const m = (e as Error)?.message ?? '';
  if (/multi-disk/.test(m)) return 'MULTI_DISK';
  if (/encrypt/.test(m)) return 'ENCRYPTED';
  return 'CORRUPT';
}

/** The name in an Info-ZIP Unicode Path extra field (0x7075), or null when there is none. */
function unicodePathName(e: yauzl.Entry): string | null {
  for (const f of e.extraFields ?? []) {
    if (f.id !== 0x7075) continue;
    return decodeUtf8(f.data.subarray(5)) ?? '';
  }
  return null;
}
