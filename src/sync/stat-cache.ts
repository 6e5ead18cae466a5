// sync's stat cache: what this machine saw of a docs folder and a source tree when it last synced
// one into the other, so a sync with nothing changed is decided from stat() alone, without opening
// a page. It is machine-local state ($XDG_CACHE_HOME/ctxforge/sync/, keyed by the real paths of
// both folders), never in a repository — a pull request cannot plant one — and never an authority:
// an entry matches only when kind, size, mtime, ctime, inode and device are all the same (a file
// rewritten with its size and mtime restored still has a new ctime), an entry whose timestamps were
// too close to the moment it was seen for its clock tick to be trusted is checked by its hash
// instead, and a cache that is missing, unreadable, another version's, another folder's or in any
// way unexpected costs only the speed: the sync reads everything, as it would without one.
import { lstatSync, readdirSync, readlinkSync, realpathSync, unlinkSync, type BigIntStats } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { sha256Hex } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';
import { linkedComponent } from '../core/no-links.js';
import { DiskTree, hashFile } from '../core/tree.js';
import { readCached, trustedCacheDir, userCacheFolder, writeCached } from '../core/user-cache.js';

/** Bumped whenever what a record holds, or what a sync derives from its inputs, changes meaning. */
const CACHE_VERSION = 2;

/**
 * Timestamps closer than this to the moment a file was looked at are not trusted: a write in the
 * same clock tick (a jiffy on Linux file systems, 2 s on FAT) would leave them as they were.
 */
const RACY_NS = 2_000_000_000n;

/**
 * The digests of the files a sync just wrote, by path, kept for as long as their stamps can be racy
 * (RACY_NS and a second more): the tree's side is stamped right after the write, and a file too
 * fresh to trust is recorded by the digest of the bytes planned for it. Hashed as each file is
 * written, so those files are not rendered again (each page read again) to be hashed (~1.2–1.6 s of
 * a sync of 50,000 pages, of which ~30,000 were written within the last two seconds). Older
 * entries go, so a sync of any size holds a few seconds' worth.
 */
export class WrittenDigests {
  private readonly digests = new Map<string, string>();
  private readonly order: { path: string; at: number }[] = [];
  private head = 0;
  constructor(private readonly now: () => number = Date.now) {}

  readonly add = (path: string, bytes: Uint8Array): void => {
    const at = this.now();
    while (this.head < this.order.length && this.order[this.head]!.at < at - KEEP_WRITTEN_MS) this.digests.delete(this.order[this.head++]!.path);
    if (this.head > 4096 && this.head * 2 > this.order.length) {
      this.order.splice(0, this.head);
      this.head = 0;
    }
    this.digests.set(path, sha256Hex(bytes));
    this.order.push({ path, at });
  };

  /** The digest of the bytes written at `path`, if it was written within the window. */
  get(path: string): string | undefined {
    return this.digests.get(path);
  }
}
const KEEP_WRITTEN_MS = Number(RACY_NS / 1_000_000n) + 1000;

/**
 * A folder as stat() saw it: one digest of every entry's path and stamp in the order the walk met
 * them (so nothing is held per entry), their count, and the entries whose stamp is too fresh to
 * trust. (A directory read in another order only makes the digest differ: a slower sync, never a
 * wrong one.)
 */
export interface Stamps {
  digest: string;
  count: number;
  /** Racy entries: path → kind ('f' file, 'l' symbolic link, 'o' other). */
  racy: Map<string, string>;
}

/** An entry's stamp: its kind, size, mtime, ctime, inode and device (nanoseconds). */
const stampOf = (kind: string, s: BigIntStats): string => `${kind}${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`;

/** Changed too close to `seenAt` (ns) for its times to tell a later write in the same tick. */
const racyAt = (mtimeNs: bigint, ctimeNs: bigint, seenAt: bigint): boolean => ctimeNs + RACY_NS > seenAt || mtimeNs + RACY_NS > seenAt;

/**
 * Each entry below `root` (files, symbolic links and others; folders by what they hold; a `.git` at
 * the top left out, as the tree listing leaves it out), stamped with kind, size, mtime, ctime,
 * inode and device, in nanoseconds. Links are stamped, never followed.
 */
export function stampFolder(root: string, clock: () => number = Date.now): Stamps {
  const h = createHash('sha256');
  const racy = new Map<string, string>();
  let count = 0;
  const seenAt = BigInt(Math.floor(clock())) * 1_000_000n;
  const walk = (abs: string, rel: string): void => {
    for (const d of readdirSync(abs, { withFileTypes: true })) {
      if (d.name === '.git' && !rel) continue;
      const r = rel ? `${rel}/${d.name}` : d.name;
      const a = join(abs, d.name);
      if (d.isDirectory()) { walk(a, r); continue; }
      const s = lstatSync(a, { bigint: true });
      if (s.isDirectory()) { walk(a, r); continue; }
      const kind = s.isFile() ? 'f' : s.isSymbolicLink() ? 'l' : 'o';
      // A path holds no NUL, so one entry cannot be read as two.
      h.update(`${r}\0${stampOf(kind, s)}\0`);
      count++;
      if (racyAt(s.mtimeNs, s.ctimeNs, seenAt)) racy.set(r, kind);
    }
  };
  walk(root, '');
  return { digest: h.digest('hex'), count, racy };
}

/** A file outside the docs folder as lstat saw it (an include sync read): its stamp, and the times that make it racy. */
export interface FileStamp { path: string; stamp: string; mtimeNs: bigint; ctimeNs: bigint }

/**
 * One file below `root` (a repository path), stamped like stampFolder's entries without following
 * a link at any component: `-` when it is not there, `l` and the linked prefix when a component is a link.
 */
export function stampFile(root: string, rel: string): FileStamp {
  const link = linkedComponent(root, rel);
  if (link !== undefined) return { path: rel, stamp: `l${link}`, mtimeNs: 0n, ctimeNs: 0n };
  let s;
  try { s = lstatSync(join(root, ...rel.split('/')), { bigint: true }); } catch { return { path: rel, stamp: '-', mtimeNs: 0n, ctimeNs: 0n }; }
  const kind = s.isFile() ? 'f' : s.isDirectory() ? 'd' : 'o';
  return { path: rel, stamp: stampOf(kind, s), mtimeNs: s.mtimeNs, ctimeNs: s.ctimeNs };
}

/** Files outside the docs folder a sync read for its includes: the folder they are below, their paths and their side. */
export interface Outside { root: string; paths: string[]; side: Side }

const outsideDigest = (stamps: readonly FileStamp[]): string => {
  const h = createHash('sha256');
  for (const s of stamps) h.update(`${s.path}\0${s.stamp}\0`);
  return h.digest('hex');
};

/**
 * The side a record keeps of the files outside the docs folder that includes read, stamped before
 * each was read: a file stamped too close to `seenAtMs` (the moment the sync began reading) is
 * checked by the hash of the bytes the sync used.
 */
export function outsideSide(root: string, reads: readonly (FileStamp & { hash?: string })[], seenAtMs: number): Outside {
  const sorted = [...reads].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const seenAt = BigInt(Math.floor(seenAtMs)) * 1_000_000n;
  const hashes: Record<string, string | null> = {};
  for (const r of sorted) {
    if (!r.stamp.startsWith('f')) continue;
    if (racyAt(r.mtimeNs, r.ctimeNs, seenAt)) hashes[r.path] = r.hash ? `f${r.hash}` : null;
  }
  return { root, paths: sorted.map((r) => r.path), side: { digest: outsideDigest(sorted), count: sorted.length, hashes } };
}

/** Are the files outside the docs folder as the record saw them? */
async function sameOutside(o: Outside): Promise<boolean> {
  const now = o.paths.map((p) => stampFile(o.root, p));
  if (now.length !== o.side.count || outsideDigest(now) !== o.side.digest) return false;
  const tree = new DiskTree(o.root);
  for (const [p, hash] of Object.entries(o.side.hashes)) {
    if (hash === null || await entryHash(tree, p, 'f') !== hash) return false;
  }
  return true;
}

/** What a sync that found everything as planned reports (the parts of SyncResult a record keeps). */
export interface Replay {
  format: string;
  unchanged: number;
  filesUnchanged: number;
  skipped: unknown[];
  site: unknown;
  linksRewritten: number;
  diagnostics: unknown[];
  /** The included pieces the sync recorded. */
  includes?: unknown[];
}

/** One folder's side of a record: its stamps' digest and count, and the SHA-256 of each racy file (null: not known, so never a match). */
export interface Side { digest: string; count: number; hashes: Record<string, string | null> }

interface Record_ {
  cache: 'ctxforge-sync';
  version: number;
  code: string;
  docs: string;
  target: string;
  inputs: string;
  upstream: Side;
  tree: Side;
  /** Files outside the docs folder that the pages' includes read. */
  outside?: Outside;
  replay: Replay;
}

/** The real path of `p`, or of its parent with its name when `p` does not exist yet. */
function realOf(p: string): string {
  try { return realpathSync(p); } catch { /* not there yet */ }
  try { return join(realpathSync(dirname(p)), basename(p)); } catch { return p; }
}

/** The running code: a rebuilt or upgraded ctxforge derives things anew. */
function codeStamp(): string {
  let here = '';
  try {
    const s = lstatSync(fileURLToPath(import.meta.url), { bigint: true });
    here = `${s.size}:${s.mtimeNs}:${s.ino}`;
  } catch { /* no file to stamp (a bundle in memory): the version alone */ }
  return `${CACHE_VERSION}:${here}`;
}

/** Where a (docs, target) pair's record lives, or undefined when the cache folder cannot be trusted. */
function recordPath(docs: string, target: string, folder: string): { dir: string; file: string } | undefined {
  const { dir, why } = trustedCacheDir(folder);
  if (why) return undefined;
  return { dir, file: join(dir, `${sha256Hex(`${realOf(docs)}\0${realOf(target)}`)}.json`) };
}

export interface CacheOptions {
  /** The folder records live in (default $XDG_CACHE_HOME/ctxforge/sync); false: no cache. */
  folder?: string | false;
  /** The time (ms) stamps are judged racy against (tests move it on instead of waiting). */
  clock?: () => number;
}

const folderOf = (o: CacheOptions): string | undefined => (o.folder === false ? undefined : o.folder ?? userCacheFolder('sync'));

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSide = (v: unknown): v is Side => isPlain(v) && typeof v.digest === 'string' && typeof v.count === 'number' && isPlain(v.hashes)
  && Object.values(v.hashes).every((x) => x === null || typeof x === 'string');

/** A record read back, when it is exactly one this code writes for this pair and these inputs; anything else is no record. */
function readRecord(file: string, docs: string, target: string, inputs: string): Record_ | undefined {
  const bytes = readCached(file);
  if (!bytes) return undefined;
  let v: unknown;
  try { v = JSON.parse(bytes.toString('utf8')); } catch { return undefined; }
  if (!isPlain(v) || v.cache !== 'ctxforge-sync' || v.version !== CACHE_VERSION || v.code !== codeStamp()) return undefined;
  if (v.docs !== realOf(docs) || v.target !== realOf(target) || v.inputs !== inputs) return undefined;
  if (!isSide(v.upstream) || !isSide(v.tree) || !isPlain(v.replay)) return undefined;
  if (v.outside !== undefined && !(isPlain(v.outside) && typeof v.outside.root === 'string' && Array.isArray(v.outside.paths)
    && v.outside.paths.every((p) => typeof p === 'string' && !unsafePathReason(p)) && isSide(v.outside.side))) return undefined;
  const r = v.replay;
  if (typeof r.format !== 'string' || typeof r.unchanged !== 'number' || typeof r.filesUnchanged !== 'number' || typeof r.linksRewritten !== 'number'
    || !Array.isArray(r.skipped) || !Array.isArray(r.diagnostics) || !isPlain(r.site) || (r.includes !== undefined && !Array.isArray(r.includes))) return undefined;
  return v as unknown as Record_;
}

/**
 * What an entry holds, as a record keeps it: a file's bytes or a link's target, hashed (`f`/`l`
 * before the hex); undefined for anything else, or when it cannot be read as that kind.
 */
async function entryHash(root: DiskTree, path: string, kind: string): Promise<string | undefined> {
  if (unsafePathReason(path)) return undefined;
  try {
    // In blocks, never through a link (at the name or a folder above it): a large asset is not held.
    if (kind === 'f') return `f${await hashFile(root, path)}`;
    if (kind === 'l') return `l${sha256Hex(readlinkSync(root.localPath(path)))}`;
  } catch { /* gone, or no longer that kind */ }
  return undefined;
}

/**
 * The side a record keeps of a folder: its stamps' digest and count, and what each racy entry
 * holds — `known` answers for a file whose bytes the caller has (a file sync planned), anything
 * else is read now (so the hash is of what the stamp saw, not of what a later read may see).
 */
export async function sideOf(s: Stamps, root: string, known: (path: string) => string | undefined = () => undefined): Promise<Side> {
  const hashes: Record<string, string | null> = {};
  const tree = new DiskTree(root);
  for (const [p, kind] of s.racy) {
    const k = kind === 'f' ? known(p) : undefined;
    hashes[p] = k !== undefined ? `f${k}` : await entryHash(tree, p, kind) ?? null;
  }
  return { digest: s.digest, count: s.count, hashes };
}

/**
 * Does `now` show exactly the entries `side` recorded? Every path with the same stamp, no more and
 * no fewer (one digest), and each racy entry with the same bytes, read now.
 */
async function sameSide(side: Side, now: Stamps, root: string): Promise<boolean> {
  if (now.digest !== side.digest || now.count !== side.count) return false;
  const tree = new DiskTree(root);
  for (const [p, hash] of Object.entries(side.hashes)) {
    if (hash === null || await entryHash(tree, p, hash.slice(0, 1)) !== hash) return false;
  }
  return true;
}

export interface Hit {
  replay: Replay;
  /** Racy entries opened to be checked by their bytes. */
  opened: number;
  /** The record again with today's stamps, when racy entries were checked (they may no longer be racy). */
  refresh?: () => Promise<void>;
}

/**
 * The replay of the last sync of `docs` into `target` when nothing either folder holds has changed
 * since (and the inputs — options, site — are the same), else undefined. Opens only racy entries.
 */
export async function cachedSync(docs: string, target: string, inputs: string, o: CacheOptions = {}): Promise<Hit | undefined> {
  const folder = folderOf(o);
  if (!folder) return undefined;
  const where = recordPath(docs, target, folder);
  if (!where) return undefined;
  const rec = readRecord(where.file, docs, target, inputs);
  if (!rec) return undefined;
  let up: Stamps, tree: Stamps;
  try {
    up = stampFolder(docs, o.clock);
    if (!await sameSide(rec.upstream, up, docs)) return undefined;
    tree = stampFolder(target, o.clock);
    if (!await sameSide(rec.tree, tree, target)) return undefined;
    // An include's file outside the docs folder changed: its pages change too.
    if (rec.outside && !await sameOutside(rec.outside)) return undefined;
  } catch {
    return undefined;
  }
  const opened = Object.keys(rec.upstream.hashes).length + Object.keys(rec.tree.hashes).length;
  // Entries checked by their bytes are as recorded: their hashes stand for them while they stay racy.
  const again = (side: Side, now: Stamps): Side => ({ digest: now.digest, count: now.count, hashes: Object.fromEntries([...now.racy.keys()].map((p) => [p, side.hashes[p] ?? null])) });
  return { replay: rec.replay, opened, ...(opened ? { refresh: () => recordSync(docs, target, inputs, again(rec.upstream, up), again(rec.tree, tree), rec.replay, o, rec.outside) } : {}) };
}

/** A record no sync has written or refreshed for this long is for folders long gone: removed. */
const STALE_MS = 30 * 24 * 3600 * 1000;
const RECORD_NAME = /^[0-9a-f]{64}\.json$/;
const swept = new Set<string>();

/** Removes this folder's stale records, once a process: one readdir, an lstat a record; never fails. */
function sweep(dir: string, now: number): void {
  if (swept.has(dir)) return;
  swept.add(dir);
  let names: string[];
  try { names = readdirSync(dir); } catch { return; }
  for (const n of names) {
    if (!RECORD_NAME.test(n)) continue;
    try {
      const st = lstatSync(join(dir, n));
      if (st.isFile() && now - st.mtimeMs > STALE_MS) unlinkSync(join(dir, n));
    } catch { /* gone meanwhile */ }
  }
}

/** Records a sync; a cache that cannot be written is only a slower next sync. */
export async function recordSync(docs: string, target: string, inputs: string, upstream: Side, tree: Side, replay: Replay, o: CacheOptions = {}, outside?: Outside): Promise<void> {
  const folder = folderOf(o);
  if (!folder) return;
  const where = recordPath(docs, target, folder);
  if (!where) return;
  const rec: Record_ = { cache: 'ctxforge-sync', version: CACHE_VERSION, code: codeStamp(), docs: realOf(docs), target: realOf(target), inputs, upstream, tree, ...(outside ? { outside } : {}), replay };
  try { await writeCached(where.file, Buffer.from(JSON.stringify(rec), 'utf8'), where.dir); } catch { /* the next sync reads everything */ }
  sweep(where.dir, Date.now());
}

/** A stable text of any JSON-like value with Maps, Sets and RegExps (the site a folder was read as, the options). */
export function fingerprint(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) => {
    if (x instanceof Map) return { map: [...x.entries()].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)) };
    if (x instanceof Set) return { set: [...x].map(String).sort() };
    if (x instanceof RegExp) return { re: x.toString() };
    if (typeof x === 'bigint') return `${x}n`;
    if (typeof x === 'function') return `fn:${x.toString().length}`;
    return x;
  });
}
