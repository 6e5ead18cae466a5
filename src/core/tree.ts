// The one tree-reading abstraction: a read-only set of files addressed by safe relative POSIX paths.
// Disk directories, ZIP archives and git trees implement it, so every format loads the same way
// from a working directory, a built package or a git ref.
import { stat as fsStat } from 'node:fs/promises';
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join, sep } from 'node:path';
import { sortUtf8 } from './paths.js';
import { linkedComponent } from './no-links.js';
import { createHash } from 'node:crypto';
import { PathTable, PathTableBuilder, sharedPaths, type SharedPaths } from './path-table.js';

export type EntryKind = 'file' | 'dir' | 'symlink' | 'other';

export interface TreeEntry {
  /** Relative POSIX path inside the tree (no leading or trailing slash). */
  path: string;
  kind: EntryKind;
  /** Size in bytes of a file (0 for others). */
  size: number;
}

export interface Tree {
  /** Human-readable origin, used in messages ("working-dir-example/", "v1.2.0:knowledge/", "x.octx"). */
  readonly label: string;
  /** Every entry below the root, sorted by UTF-8 bytes of path. Directories are not listed. */
  list(): Promise<TreeEntry[]>;
  /**
   * The same entries as list(), one at a time, where the tree makes them on demand: a caller that
   * keeps few of them holds no array of all (a directory of 100 000 files: ~15 MB less).
   */
  eachEntry?(): Iterable<TreeEntry>;
  /**
   * Raw bytes of a regular file; throws for anything else. With `maxBytes`, a file larger than
   * that is not read: TreeReadError with `tooLarge` (a tree whose sizes cost a stat each checks it
   * on the read's own descriptor).
   */
  read(path: string, maxBytes?: number): Promise<Buffer>;
  /**
   * True when a listed file's size costs a stat of its own (a directory on disk: readdir gives
   * names and types, not sizes): a caller about to read the file anyway passes its limit to read()
   * instead of asking the size first, and the listing never stats it.
   */
  readonly sizeOnRead?: boolean;
  /**
   * True when read() gives a buffer nothing else holds (read from the disk or the archive each
   * time, not a tree's own or cached bytes): its caller may release it (core/release.ts).
   */
  readonly readsOwned?: boolean;
  /**
   * A file's bytes for a caller that checks them at once and keeps nothing of them: valid only
   * until the next call on this tree (a view of a reused block, no copy), so used with no await in
   * between. Undefined when the tree has no such bytes for this file (then read()).
   */
  readTransient?(path: string): Buffer | undefined;
  /** The entry at `path`, or undefined. */
  stat(path: string): Promise<TreeEntry | undefined>;
  /**
   * The listed entry at `path`, at once, once list() (or eachEntry()) has run: the tree's own
   * index, so a caller looking many paths up needs no map of its own. Undefined when the tree keeps
   * no index.
   */
  entry?(path: string): TreeEntry | undefined;
  /**
   * The listing as a table (every entry's path, kind and size by position, in list() order), where
   * the tree keeps one: ~85 bytes a file instead of an entry object, a path string and a map slot
   * (issue 39). Once it has resolved, entry() answers from it.
   */
  listing?(): Promise<TreeListing>;
  /**
   * Its regular files' paths as a set, where the tree knows them without what list() adds (a
   * directory: no stat a file; a git tree: no read of each blob's header for its size, ~0.5 s at
   * 50,000). filesOf() asks it, else list().
   */
  files?(): Promise<ReadonlySet<string>>;
  /** Path on the local disk of a file, when the tree is a disk directory. */
  localPath?(path: string): string;
  /**
   * A file's bytes in blocks, for trees that can avoid holding a large file whole. A block may be
   * reused for the next one: a caller copies what it keeps.
   */
  chunks?(path: string): AsyncIterable<Buffer>;
  /**
   * Where a file's bytes lie, as they are, in a local file: a descriptor for positioned reads (which
   * another thread may make too) and the range. Undefined when they do not lie anywhere as they are
   * (compressed, in memory, in git). `release` when done.
   */
  openRange?(path: string): FileRange | undefined;
  /** A way for another thread to read these files, when the tree has one for all of them. */
  handoff?(paths: string[]): FileHandoff | undefined;
}

/**
 * Files handed to another thread to read: from a directory by path (with the same checks as
 * read()), or from an archive on disk by byte range through an open descriptor. The paths are a
 * PathTable's shared bytes: the other thread reads them where they are, instead of a copy of
 * every path in its own heap (issue 39).
 */
export type FileHandoff =
  | { kind: 'disk'; root: string; paths: SharedPaths; pick?: Int32Array; maxBytes?: number }
  | { kind: 'ranges'; fd: number; offsets: number[]; sizes: number[]; paths: SharedPaths; pick?: Int32Array };

/**
 * The paths of a hand-off, by file: file `k` is path `pick[k]` of the shared table when the
 * hand-off picks from a table made for something else (a directory's listing), else path `k`.
 */
export function handoffPaths(h: FileHandoff): { count: number; at(k: number): string } {
  const table = PathTable.fromShared(h.paths);
  const pick = h.pick;
  return pick ? { count: pick.length, at: (k) => table.at(pick[k]!) } : { count: table.length, at: (k) => table.at(k) };
}

/** Reads file `k` of a hand-off, whose path is `path` (on whichever thread holds it). */
export function readHandoff(h: FileHandoff, k: number, path: string): Buffer {
  if (h.kind === 'disk') return readRegularFile(join(h.root, ...path.split('/')), path, h.maxBytes);
  try {
    return readExactly(h.fd, h.offsets[k]!, h.sizes[k]!);
  } catch {
    throw new TreeReadError(`${path}: the archive ends inside it`, path);
  }
}

/**
 * The sizes of a directory's hand-off files, claimed in batches from `counter` (Int32 slot 0) by
 * each thread that takes part, into `out` by file (a regular file's size, else 0 — as a listing's
 * size(i) gives it: an lstat, never following a link).
 */
export function statHandoff(h: FileHandoff & { kind: 'disk' }, counter: Int32Array, batch: number, out: Float64Array): void {
  const files = handoffPaths(h);
  for (let start; (start = Atomics.add(counter, 0, batch)) < files.count;) {
    for (let k = start; k < Math.min(start + batch, files.count); k++) out[k] = lstatSize(join(h.root, ...files.at(k).split('/')));
  }
}

/** A regular file's size by lstat, 0 for anything else or gone. */
function lstatSize(abs: string): number {
  try {
    const st = lstatSync(abs);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}

const BLOCK = 1 << 20;
const spareBlocks: Buffer[] = [];

/**
 * A 1 MiB block for reading one large file, given back with giveBlock when that reading ends.
 * A fresh block a file is freed only when V8 next collects, so a package of many large files left
 * up to one dead block a file in RSS (4 GiB of 100 MiB files: ~35 MB more than 1 GiB, issue 39).
 * Files read at the same time each hold a block of their own.
 */
export function takeBlock(): Buffer {
  return spareBlocks.pop() ?? Buffer.allocUnsafeSlow(BLOCK);
}

/**
 * Returns a block of takeBlock once nothing reads from it. As many are kept as files are read at
 * once (the package checks read 16 at a time, interleaved at each block), so a package of many
 * large files allocates that many and no more.
 */
export function giveBlock(b: Buffer): void {
  if (b.length === BLOCK && spareBlocks.length < SPARE_BLOCKS) spareBlocks.push(b);
}
const SPARE_BLOCKS = 16;

/**
 * The bytes [offset, offset + size) of an open file in blocks of up to 1 MiB, through one reused
 * buffer (a caller copies what it keeps); stops early if the file ends first.
 */
export function* readBlocks(fd: number, offset: number, size: number): Generator<Buffer> {
  const pooled = size >= BLOCK;
  const buf = pooled ? takeBlock() : Buffer.allocUnsafe(size || 1);
  try {
    for (let done = 0; done < size;) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, size - done), offset + done);
      if (n === 0) return;
      done += n;
      yield buf.subarray(0, n);
    }
  } finally {
    if (pooled) giveBlock(buf);
  }
}

/** Exactly `size` bytes at `offset` of an open file (positioned reads); throws when it ends first. */
export function readExactly(fd: number, offset: number, size: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  for (let done = 0; done < size;) {
    const n = readSync(fd, out, done, size - done, offset + done);
    if (n === 0) throw new Error(`ends after ${done} of ${size} bytes`);
    done += n;
  }
  return out;
}

/** Up to `size` bytes from the start of an open file: fewer if it ends first (a file that shrank). */
export function readUpTo(fd: number, size: number): Buffer {
  const buf = Buffer.allocUnsafe(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return off === size ? buf : buf.subarray(0, off);
}

export interface FileRange {
  fd: number;
  offset: number;
  size: number;
  release(): void;
}

/** A file's bytes in blocks: the tree's own when it has them, else the whole file as one. */
export async function* fileChunks(tree: Tree, path: string): AsyncGenerator<Buffer> {
  if (tree.chunks) yield* tree.chunks(path);
  else yield await tree.read(path);
}

/** SHA-256 (hex) of a file, read in blocks where the tree can. */
export async function hashFile(tree: Tree, path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const c of fileChunks(tree, path)) h.update(c);
  return h.digest('hex');
}

export class TreeReadError extends Error {
  /** `tooLarge`: the file is larger than the read's `maxBytes`, and was not read. */
  constructor(message: string, readonly path: string, readonly tooLarge = false) {
    super(message);
    this.name = 'TreeReadError';
  }
}

/** A directory on disk. `.git` is never part of it; symlinks and special files are reported, not followed. */
export class DiskTree implements Tree {
  readonly label: string;
  readonly sizeOnRead = true;
  // The listing as a table of paths with each one's kind and size (~60 bytes a file instead of
  // ~180 for an entry object, its path and a map slot: issue 39); entries are made on demand.
  private table: TreeListing | undefined;
  // Folders the listing entered as real directories (readdir's own type, which never follows a
  // link): a file below one needs no lstat of each of its parents on every read (issue 28's
  // profile: three lstats per document of a two-level knowledge tree).
  private realDirs: Set<string> | undefined;
  constructor(readonly root: string, label?: string, private readonly skip: (relPath: string) => boolean = () => false) {
    this.label = label ?? root;
  }

  // Synchronous on purpose: for the many small files of a knowledge base a blocking syscall costs
  // a few µs, a promise round trip through libuv's thread pool ~10× that (issue 7's profile).
  // Entries are made anew each call: a caller that keeps few of them walks with eachEntry() instead.
  async list(): Promise<TreeEntry[]> {
    return [...this.eachEntry()];
  }

  /** The listing's entries one at a time: each gone once the caller lets go of it. */
  eachEntry(): Generator<TreeEntry> {
    return listedEntries(this.walked());
  }

  /** The listing: every entry's path, kind and size by position, in UTF-8 order of path. */
  async listing(): Promise<TreeListing> {
    return this.walked();
  }

  private walked(): TreeListing {
    if (this.table) return this.table;
    const paths = new PathTableBuilder();
    let kinds = new Uint8Array(1024);
    let sizes = new Float64Array(1024);
    const add = (path: string, kind: EntryKind, size: number) => {
      const i = paths.count;
      if (i === kinds.length) {
        const k = new Uint8Array(i * 2); k.set(kinds); kinds = k;
        const s = new Float64Array(i * 2); s.set(sizes); sizes = s;
      }
      paths.add(path);
      kinds[i] = KINDS.indexOf(kind);
      sizes[i] = size;
    };
    const dirs = new Set<string>();
    // A file's size is not asked here: a stat a file was the walk's whole cost (~0.4 s at 50 000
    // files, where readdir takes 0.04 s), and validate reads each document anyway, its size then
    // coming from the read's own fstat (sizeOnRead). It is asked on first use (the listing's size(i)).
    const walk = (abs: string, rel: string): void => {
      if (rel) dirs.add(rel);
      // Each folder's entries in the UTF-8 order of their names, a folder's name with its "/"
      // after it: walked so, the whole tree comes in UTF-8 order of path ("a-b" < "a.md" < "a/x"),
      // and no entry is held to be sorted at the end (at 100 000 files, ~20 MB V8 kept as garbage).
      const here = sortUtf8(readdirSync(abs, { withFileTypes: true }), (d) => (d.isDirectory() ? `${d.name}/` : d.name));
      for (const d of here) {
        const r = rel ? `${rel}/${d.name}` : d.name;
        if (d.name === '.git' && !rel) continue;
        if (this.skip(r)) continue;
        if (d.isDirectory()) walk(join(abs, d.name), r);
        else if (d.isFile()) add(r, 'file', UNKNOWN_SIZE);
        else if (d.isSymbolicLink()) add(r, 'symlink', 0);
        else add(r, 'other', 0);
      }
    };
    walk(this.root, '');
    const n = paths.count;
    const done = paths.done();
    const kept = sizes.slice(0, n);
    this.table = {
      paths: done,
      kinds: kinds.slice(0, n),
      sizes: kept,
      size: (i) => {
        const known = kept[i]!;
        if (known === known) return known;
        // Gone or changed since the walk: its read says so; until then it counts as empty.
        return (kept[i] = lstatSize(this.localPath(done.at(i))));
      },
    };
    this.realDirs = dirs;
    return this.table;
  }

  async read(path: string, maxBytes?: number): Promise<Buffer> {
    return readRegularFile(this.checkedPath(path), path, maxBytes);
  }

  entry(path: string): TreeEntry | undefined {
    const l = this.table;
    if (!l) return undefined;
    const i = l.paths.find(path);
    // The caller's own string is the entry's path: an equal one from the table would be a copy.
    return i < 0 ? undefined : listedEntry(l, i, path);
  }

  /**
   * The regular files of the listing as a set, read through the listing's table (a set of its
   * own would cost ~25 bytes a path: the link check's, at 100 000 documents, 2.5 MB).
   */
  async files(): Promise<ReadonlySet<string>> {
    return listedFiles(this.walked());
  }

  async stat(path: string): Promise<TreeEntry | undefined> {
    if (this.table) return this.entry(path);
    let s;
    try { s = lstatSync(this.localPath(path)); } catch { return undefined; }
    const kind: EntryKind = s.isFile() ? 'file' : s.isDirectory() ? 'dir' : s.isSymbolicLink() ? 'symlink' : 'other';
    return { path, kind, size: s.isFile() ? s.size : 0 };
  }

  // The listing's own table, and each file's position in it, when every path is listed (no copy
  // of the paths: ~5 MB at 100 000 documents).
  handoff(paths: string[]): FileHandoff | undefined {
    const table = this.table?.paths;
    if (table) {
      const pick = new Int32Array(new SharedArrayBuffer(Math.max(paths.length, 1) * 4), 0, paths.length);
      let all = true;
      for (let k = 0; k < paths.length && all; k++) all = (pick[k] = table.find(paths[k]!)) >= 0;
      if (all) return { kind: 'disk', root: this.root, paths: table.shared, pick };
    }
    const shared = sharedPaths(paths);
    return shared && { kind: 'disk', root: this.root, paths: shared };
  }

  /**
   * Asks every listed file's size not known yet, on this thread and on `helper` (another thread
   * running statHandoff on the hand-off it is given) together: a build needs every size before its
   * first write, an lstat each (~0.4 s at 50,000 files on this machine).
   */
  async sizeAll(helper: (h: FileHandoff & { kind: 'disk' }, counter: SharedArrayBuffer, batch: number, out: SharedArrayBuffer) => Promise<void>): Promise<void> {
    const l = this.walked();
    const unknown: number[] = [];
    for (let i = 0; i < l.paths.length; i++) if (l.kinds[i] === FILE && l.sizes[i] !== l.sizes[i]) unknown.push(i);
    if (!unknown.length) return;
    const h = this.handoffListed(unknown) as FileHandoff & { kind: 'disk' };
    const counter = new SharedArrayBuffer(4);
    const out = new SharedArrayBuffer(unknown.length * 8);
    const sizes = new Float64Array(out).fill(UNKNOWN_SIZE);
    const theirs = helper(h, counter, SIZE_BATCH, out);
    statHandoff(h, new Int32Array(counter), SIZE_BATCH, sizes);
    await theirs;
    // A size the helper claimed but never wrote (it stopped) stays unknown: size(i) asks it.
    for (let k = 0; k < unknown.length; k++) l.sizes[unknown[k]!] = sizes[k]!;
  }

  /** handoff() of listed files given by their positions in the listing (no path looked up). */
  handoffListed(positions: ArrayLike<number>): FileHandoff {
    const pick = new Int32Array(new SharedArrayBuffer(Math.max(positions.length, 1) * 4), 0, positions.length);
    pick.set(positions);
    return { kind: 'disk', root: this.root, paths: this.walked().paths.shared, pick };
  }

  openRange(path: string): FileRange {
    const { fd, size } = openRegularFile(this.checkedPath(path), path);
    return { fd, offset: 0, size, release: () => closeSync(fd) };
  }

  // Blocks are read synchronously through the same checked descriptor as read().
  async *chunks(path: string): AsyncGenerator<Buffer> {
    const { fd, size } = openRegularFile(this.checkedPath(path), path);
    try {
      yield* readBlocks(fd, 0, size);
    } finally {
      closeSync(fd);
    }
  }

  localPath(path: string): string {
    return join(this.root, ...path.split('/'));
  }

  // O_NOFOLLOW guards only the last component: a folder of the path that is a symlink (a manifest
  // naming `docs/x.md` with `docs -> /etc`) would still lead outside the tree, so parents are checked:
  // by the listing, which entered only real directories, or else one by one here.
  private checkedPath(path: string): string {
    const slash = path.lastIndexOf('/');
    if (slash > 0 && !this.realDirs?.has(path.slice(0, slash)) && linkedComponent(this.root, path.slice(0, slash))) {
      throw new TreeReadError(`${path} passes through a symbolic link, which is not followed`, path);
    }
    return this.localPath(path);
  }
}

/**
 * A size as stat gives it (a double, which an object holds in a box of its own, 16 bytes a file)
 * made a small integer where it is one, held in the object itself.
 */
export const smallInt = (n: number): number => (n >= 0 && n <= 0x3fffffff ? n | 0 : n);

/**
 * A tree's listing: entry `i` is the path at `i` in `paths`, of kind KINDS[kinds[i]] and size
 * size(i). A directory's walk stats no file: its sizes[i] is NaN until size(i) first asks.
 */
export interface TreeListing {
  paths: PathTable;
  kinds: Uint8Array;
  sizes: Float64Array;
  size(i: number): number;
}

/** A listed file whose size is not known yet (the walk does not stat files). */
export const UNKNOWN_SIZE = Number.NaN;

/** Files a thread claims at once when two ask a listing's sizes together (DiskTree.sizeAll). */
const SIZE_BATCH = 512;

/**
 * Entry `i` of a listing, its size asked (a stat) if not known yet: a caller that needs only a
 * file's kind asks the listing's kinds instead. (Not a getter: an object literal with an accessor
 * gets a hidden class of its own in V8, kept for the run — 25 MB more at 50 000 documents.)
 */
export function listedEntry(l: TreeListing, i: number, path: string): TreeEntry {
  return { path, kind: KINDS[l.kinds[i]!]!, size: smallInt(l.size(i)) };
}

/** The kinds of a TreeListing, by their number in it. */
export const KINDS: readonly EntryKind[] = ['file', 'dir', 'symlink', 'other'];
const FILE = 0;

/** A listing's entries one at a time, each made as it is reached and gone once the caller lets go of it. */
export function* listedEntries(l: TreeListing): Generator<TreeEntry> {
  for (let i = 0; i < l.paths.length; i++) yield listedEntry(l, i, l.paths.at(i));
}

/** A listed entry's path and kind, for a caller that reads what it keeps and needs no size (so stats nothing). */
export type ListedKind = Pick<TreeEntry, 'path' | 'kind'>;

/** A listing's paths and kinds, in its order: no file is statted (listedEntries asks every size). */
export function listedKinds(l: TreeListing): ListedKind[] {
  return Array.from({ length: l.paths.length }, (_, i) => ({ path: l.paths.at(i), kind: KINDS[l.kinds[i]!]! }));
}

/** A tree's regular files' paths: its own files() where it has one, else from list(). */
export async function filesOf(tree: Tree): Promise<ReadonlySet<string>> {
  return tree.files ? tree.files() : new Set((await tree.list()).filter((e) => e.kind === 'file').map((e) => e.path));
}

/** A listing's regular files as a read-only set, answered through its table. */
export function listedFiles(l: TreeListing): ReadonlySet<string> {
  return new ListedFiles(l, (i) => l.kinds[i] === FILE);
}

/** Some entries of a listing as a read-only set of paths: membership by a lookup in its table. */
/**
 * A read-only set of paths held some other way than a Set (a table, a sorted list): a subclass
 * says `size`, has() and the iteration; the rest of ReadonlySet follows from them.
 */
export abstract class PathSet implements ReadonlySet<string> {
  abstract readonly size: number;
  abstract has(path: string): boolean;
  abstract [Symbol.iterator](): SetIterator<string>;
  keys(): SetIterator<string> { return this[Symbol.iterator](); }
  values(): SetIterator<string> { return this[Symbol.iterator](); }
  *entries(): SetIterator<[string, string]> { for (const p of this) yield [p, p]; }
  forEach(cb: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const p of this) cb.call(thisArg, p, p, this);
  }
}

export class ListedFiles extends PathSet {
  readonly size: number;
  constructor(private readonly listing: TreeListing, private readonly member: (i: number) => boolean) {
    super();
    let n = 0;
    for (let i = 0; i < listing.paths.length; i++) if (member(i)) n++;
    this.size = n;
  }
  has(path: string): boolean {
    const i = this.listing.paths.find(path);
    return i >= 0 && this.member(i);
  }
  *[Symbol.iterator](): SetIterator<string> {
    for (let i = 0; i < this.listing.paths.length; i++) if (this.member(i)) yield this.listing.paths.at(i);
  }
}

/**
 * Reads a regular file without following a symlink (O_NOFOLLOW) and checks it through the open
 * descriptor, so a file swapped for a link or a FIFO between listing and reading is refused.
 */
export function readRegularFile(abs: string, label: string, maxBytes = Infinity): Buffer {
  return withRegularFile(abs, label, (fd, size) => {
    if (size > maxBytes) throw new TreeReadError(`${label} is larger than ${maxBytes} bytes`, label, true);
    return readUpTo(fd, size);
  });
}

function withRegularFile<T>(abs: string, label: string, use: (fd: number, size: number) => T): T {
  const { fd, size } = openRegularFile(abs, label);
  try {
    return use(fd, size);
  } finally {
    closeSync(fd);
  }
}

// One fstat per file, for its type and its size: at 50 000 files a second one cost ~0.1 s (issue 7).
function openRegularFile(abs: string, label: string): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new TreeReadError(code === 'ENOENT' ? `${label}: no such file` : code === 'ELOOP' ? `${label}: not a regular file` : `${label}: ${(e as Error).message}`, label);
  }
  let ok = false;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new TreeReadError(`${label}: not a regular file`, label);
    ok = true;
    return { fd, size: st.size };
  } finally {
    if (!ok) closeSync(fd);
  }
}

/** An in-memory tree (tests, generated packages, merged results). */
export class MemoryTree implements Tree {
  private readonly byPath: Map<string, Buffer>;
  /** Files by path; text is stored as its UTF-8 bytes (an artifact's importer gives text and bytes alike). */
  constructor(files: Record<string, string | Uint8Array> | ReadonlyMap<string, string | Uint8Array>, readonly label = '(memory)') {
    const asBuffer = (v: string | Uint8Array): Buffer => (Buffer.isBuffer(v) ? v : typeof v === 'string' ? Buffer.from(v, 'utf8') : Buffer.from(v));
    this.byPath = files instanceof Map ? new Map([...files].map(([k, v]) => [k, asBuffer(v)])) : new Map(Object.entries(files).map(([k, v]) => [k, asBuffer(v)]));
  }
  async list(): Promise<TreeEntry[]> {
    return sortUtf8([...this.byPath].map(([path, b]) => ({ path, kind: 'file' as const, size: b.length })), (e) => e.path);
  }
  async read(path: string): Promise<Buffer> {
    const b = this.byPath.get(path);
    if (!b) throw new TreeReadError(`${path}: no such file`, path);
    return b;
  }
  async stat(path: string): Promise<TreeEntry | undefined> {
    const b = this.byPath.get(path);
    return b ? { path, kind: 'file', size: b.length } : undefined;
  }
}

/** A view of `base` below `prefix` (e.g. one package folder inside a repository tree). */
export class SubTree implements Tree {
  readonly label: string;
  private readonly p: string;
  constructor(private readonly base: Tree, prefix: string) {
    this.p = prefix.replace(/\/+$/, '');
    this.label = this.p ? `${base.label.replace(/\/$/, '')}/${this.p}` : base.label;
  }
  async list(): Promise<TreeEntry[]> {
    if (!this.p) return this.base.list();
    const pre = `${this.p}/`;
    return (await this.base.list()).filter((e) => e.path.startsWith(pre)).map((e) => ({ ...e, path: e.path.slice(pre.length) }));
  }
  read(path: string): Promise<Buffer> { return this.base.read(this.p ? `${this.p}/${path}` : path); }
  async stat(path: string): Promise<TreeEntry | undefined> {
    const e = await this.base.stat(this.p ? `${this.p}/${path}` : path);
    return e ? { ...e, path } : undefined;
  }
}

export async function isDirectory(p: string): Promise<boolean> {
  return (await fsStat(p).catch(() => undefined))?.isDirectory() ?? false;
}

export function toPosix(p: string): string {
  return sep === '/' ? p : p.split(sep).join('/');
}
