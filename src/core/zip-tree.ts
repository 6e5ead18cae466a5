// A ZIP archive as a Tree, opened defensively: every entry's name, type, flags, method, local
// header and data range are checked before anything is read, and reads are bounded by the limits.
import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { unsafePathReason, sortUtf8 } from './paths.js';
import { resolveLimits, type Limits } from './limits.js';
import type { Tree, TreeEntry } from './tree.js';
import { TreeReadError } from './tree.js';

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
  raw: yauzl.Entry;
  method: number;
}

type YZip = yauzl.ZipFile & {
  readLocalFileHeader(e: yauzl.Entry, cb: (err: Error | null, h: LocalHeader) => void): void;
};
interface LocalHeader {
  fileDataStart: number;
  generalPurposeBitFlag: number;
  compressionMethod: number;
  fileName: Buffer;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

function openZip(source: string | Buffer): Promise<YZip> {
  // Sizes are validated by read() itself: yauzl's own check rejects encrypted entries with a
  // misleading size message before the encryption flag can be reported.
  const opts = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false, strictFileNames: false };
  return new Promise((resolve, reject) => {
    const cb = (err: Error | null, zf?: yauzl.ZipFile) => (err || !zf ? reject(err ?? new Error('cannot open ZIP')) : resolve(zf as YZip));
    if (typeof source === 'string') yauzl.open(source, opts, cb);
    else yauzl.fromBuffer(source, opts, cb);
  });
}

function decodeName(buf: Buffer, flags: number): string | null {
  if (flags & 0x800) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      return null;
    }
  }
  for (const b of buf) if (b >= 0x80) return null;
  return buf.toString('latin1');
}

export class ZipTree implements Tree {
  private constructor(
    readonly label: string,
    private readonly zip: YZip,
    private readonly entries: ZipEntryInfo[],
    private readonly byPath: Map<string, ZipEntryInfo>,
    private readonly limits: Limits,
  ) {}

  /** Opens and checks the archive; throws ZipSecurityError listing every problem found. */
  static async open(source: string | Buffer, opts: { label?: string; limits?: Partial<Limits> } = {}): Promise<ZipTree> {
    const limits = resolveLimits(opts.limits);
    const label = opts.label ?? (typeof source === 'string' ? source : '(zip)');
    let zip: YZip;
    try {
      zip = await openZip(source);
    } catch (e) {
      throw new ZipSecurityError([{ kind: 'CORRUPT', message: `not a readable ZIP archive: ${(e as Error).message}` }]);
    }
    const problems: ZipProblem[] = [];
    try {
      if (zip.entryCount > limits.maxEntries) {
        throw new ZipSecurityError([{ kind: 'LIMIT', message: `archive has ${zip.entryCount} entries, more than the limit of ${limits.maxEntries} (--max-entries)` }]);
      }
      const raws = await readAllEntries(zip);
      const files: ZipEntryInfo[] = [];
      const names = new Set<string>();
      const dirs = new Set<string>();
      const ranges: { start: number; end: number; name: string }[] = [];
      let total = 0;
      for (const e of raws) {
        const flags = e.generalPurposeBitFlag;
        const name = decodeName(e.fileName as unknown as Buffer, flags);
        const shown = name ?? (e.fileName as unknown as Buffer).toString('latin1');
        if (name === null) {
          problems.push({ kind: 'NAME_ENCODING', entry: shown, message: `entry name ${JSON.stringify(shown)} is not valid UTF-8 or lacks the UTF-8 flag (bit 11)` });
          continue;
        }
        const isDir = name.endsWith('/');
        const path = isDir ? name.replace(/\/+$/, '') : name;
        const why = unsafePathReason(path);
        if (why) { problems.push({ kind: 'PATH_UNSAFE', entry: name, message: `unsafe entry name ${JSON.stringify(name)}: ${why}` }); continue; }
        if (flags & 0x1) problems.push({ kind: 'ENCRYPTED', entry: name, message: `entry ${JSON.stringify(name)} is encrypted` });
        if (e.compressionMethod !== 0 && e.compressionMethod !== 8) {
          problems.push({ kind: 'METHOD_UNSUPPORTED', entry: name, message: `entry ${JSON.stringify(name)} uses compression method ${e.compressionMethod}; only STORE (0) and DEFLATE (8) are allowed` });
        }
        const system = e.versionMadeBy >> 8;
        const type = (e.externalFileAttributes >>> 16) & S_IFMT;
        if (system === 3 && type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
          problems.push({ kind: 'SPECIAL_FILE', entry: name, message: `entry ${JSON.stringify(name)} is a ${type === S_IFLNK ? 'symbolic link' : 'special file'}; only regular files are allowed` });
          continue;
        }
        if (system === 3 && isDir !== (type === S_IFDIR) && type !== 0) {
          problems.push({ kind: 'SPECIAL_FILE', entry: name, message: `entry ${JSON.stringify(name)} has a name and a file type that disagree` });
          continue;
        }
        if (isDir) { dirs.add(path); continue; }
        if (names.has(path)) { problems.push({ kind: 'DUPLICATE', entry: name, message: `duplicate entry ${JSON.stringify(name)}` }); continue; }
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
          local = await new Promise<LocalHeader>((res, rej) => zip.readLocalFileHeader(e, (err, h) => (err ? rej(err) : res(h))));
        } catch (err) {
          problems.push({ kind: 'CORRUPT', entry: name, message: `entry ${JSON.stringify(name)}: bad local header (${(err as Error).message})` });
          continue;
        }
        if (local.generalPurposeBitFlag !== flags || local.compressionMethod !== e.compressionMethod || !local.fileName.equals(e.fileName as unknown as Buffer)) {
          problems.push({ kind: 'HEADER_MISMATCH', entry: name, message: `entry ${JSON.stringify(name)}: local and central headers disagree on flags, method or name` });
          continue;
        }
        ranges.push({ start: e.relativeOffsetOfLocalHeader, end: local.fileDataStart + e.compressedSize, name });
        files.push({ path, kind: 'file', size: e.uncompressedSize, raw: e, method: e.compressionMethod });
      }
      if (total > limits.maxTotalBytes) {
        problems.push({ kind: 'LIMIT', message: `archive expands to ${total} bytes, over the total limit of ${limits.maxTotalBytes} (--max-total-bytes)` });
      }
      for (const d of dirs) if (names.has(d)) problems.push({ kind: 'DUPLICATE', entry: d, message: `${JSON.stringify(d)} is both a file and a directory` });
      ranges.sort((a, b) => a.start - b.start);
      for (let i = 1; i < ranges.length; i++) {
        if (ranges[i]!.start < ranges[i - 1]!.end) {
          problems.push({ kind: 'OVERLAP', entry: ranges[i]!.name, message: `entries ${JSON.stringify(ranges[i - 1]!.name)} and ${JSON.stringify(ranges[i]!.name)} overlap in the archive` });
        }
      }
      if (problems.length) throw new ZipSecurityError(problems);
      const sorted = sortUtf8(files, (f) => f.path);
      return new ZipTree(label, zip, sorted, new Map(sorted.map((f) => [f.path, f])), limits);
    } catch (e) {
      zip.close();
      if (e instanceof ZipSecurityError) throw e;
      throw new ZipSecurityError([{ kind: 'CORRUPT', message: `corrupt ZIP archive: ${(e as Error).message}` }]);
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
    return e ? { method: e.method, compressedSize: e.raw.compressedSize } : undefined;
  }

  private openStream(path: string): Promise<Readable> {
    const e = this.byPath.get(path);
    if (!e) return Promise.reject(new TreeReadError(`${path}: no such entry`, path));
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(e.raw, (err, s) => (err || !s ? reject(new TreeReadError(`${path}: ${err?.message ?? 'cannot read'}`, path)) : resolve(s))));
  }

  async read(path: string): Promise<Buffer> {
    const declared = this.byPath.get(path)?.size ?? 0;
    const s = await this.openStream(path);
    const chunks: Buffer[] = [];
    let n = 0;
    try {
      for await (const c of s) {
        n += (c as Buffer).length;
        // A lying declared size must not be trusted: stop as soon as the data passes it.
        if (n > declared) throw new TreeReadError(`${path}: expands past its declared size of ${declared} bytes`, path);
        if (n > this.limits.maxFileBytes) throw new TreeReadError(`${path}: expands past the per-file limit`, path);
        chunks.push(c as Buffer);
      }
      if (n !== declared) throw new TreeReadError(`${path}: holds ${n} bytes but declares ${declared}`, path);
    } catch (e) {
      s.destroy();
      if (e instanceof TreeReadError) throw e;
      throw new TreeReadError(`${path}: ${(e as Error).message}`, path);
    }
    return Buffer.concat(chunks, n);
  }

  close(): void {
    this.zip.close();
  }
}

function readAllEntries(zip: YZip): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => { out.push(e); zip.readEntry(); });
    zip.on('end', () => resolve(out));
    zip.on('error', reject);
    zip.readEntry();
  });
}
