// Git objects read straight from `.git/objects` with node's zlib: loose objects, whole pack
// entries and delta chains (both delta kinds), plus object sizes from headers alone. isomorphic-git
// inflates with pure-JS pako and parses trees through generic code, which dominated diffs of large
// repositories (issue 7). Every object read here is checked against its id (SHA-1 of "<type>
// <size>\0" + bytes), so any doubt — an unknown index version, a corrupt entry, a chain too deep —
// gives undefined and the caller asks isomorphic-git, which is always right, just slower.
//
// Reads are synchronous: they are small positioned reads of files in the page cache, where a
// thread-pool round trip costs more than the read. Large inflations go to the thread pool instead,
// so the two sides of a diff inflate their record files on both cores.
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { inflate, inflateSync, constants as zc } from 'node:zlib';
import { readExactly } from '../core/tree.js';
import { OID } from './object-parse.js';
import { KeptUnderBudget } from '../core/kept.js';

export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag';

export interface GitObject {
  type: ObjectType;
  body: Buffer;
}

const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Larger objects take the library path (which applies its own limits). */
const MAX_OBJECT = 512 * 1024 * 1024;
/** Compressed entries above this are inflated on the thread pool. */
const ASYNC_ABOVE = 1024 * 1024;
/** git's own default chain limit is 50; repacks with --depth can go further. */
const MAX_CHAIN = 4095;
/** Delta bases kept for the other deltas of the same chain. */
const BASE_CACHE_BYTES = 16 * 1024 * 1024;
const HEAD_BYTES = 512;
const HEAD_READ = 8192;
/** git follows alternates this many directories deep. */
const MAX_ALTERNATE_DEPTH = 5;

const inflateAsync = promisify(inflate);

class Unsure extends Error {}

function unsure(): never {
  throw new Unsure('not simply readable');
}

/**
 * Inflates a stream whose output must be exactly `size` bytes, into one output chunk of that size
 * instead of zlib's 16 KiB chunks joined at the end (2–4× faster on a 20 MB record file).
 */
async function inflateExact(data: Buffer, size: number): Promise<Buffer> {
  if (data.length <= ASYNC_ABOVE) return inflateExactNow(data, size);
  const out = await inflateAsync(data, exactly(size));
  if (out.length !== size) unsure();
  return out;
}

/** inflateExact on this thread, at once. */
function inflateExactNow(data: Buffer, size: number): Buffer {
  const out = inflateSync(data, exactly(size));
  if (out.length !== size) unsure();
  return out;
}

const exactly = (size: number) => ({ maxOutputLength: size + 1, chunkSize: Math.max(64, size + 1) });

/** One inflation an object's reading needs: `data` inflated to exactly `size` bytes. */
interface Inflation {
  data: Buffer;
  size: number;
}

/**
 * An object's reading, written once as a generator that yields each inflation it needs and is
 * given its result, and run two ways: at once on this thread (objectNow), or with the large
 * inflations on the thread pool (objectLater).
 */
type Reading<T> = Generator<Inflation, T, Buffer>;

/** A reading run at once; undefined when it needs an inflation for the thread pool. */
function objectNow<T>(reading: Reading<T>): T | undefined {
  for (let r = reading.next(); ; ) {
    if (r.done) return r.value;
    if (r.value.data.length > ASYNC_ABOVE) return undefined;
    r = reading.next(inflateExactNow(r.value.data, r.value.size));
  }
}

/**
 * A reading run with each inflation's promise awaited. A small one is inflated when asked (before
 * the reading goes on to read anything else into the store's shared buffer), a large one on the
 * thread pool from a buffer of its own.
 */
async function objectLater<T>(reading: Reading<T>): Promise<T> {
  for (let r = reading.next(); ; ) {
    if (r.done) return r.value;
    r = reading.next(await inflateExact(r.value.data, r.value.size));
  }
}

/** Inflates as much of a truncated zlib stream as the bytes allow (a header needs only a few). */
function inflatePrefix(buf: Buffer): Buffer | undefined {
  try {
    // Small output chunks: a header is a few bytes, and zlib's default 16 KiB chunk an object was
    // garbage outside V8's heap (a tree's listing asks every blob's size).
    return inflateSync(buf, { finishFlush: zc.Z_SYNC_FLUSH, chunkSize: 1024 });
  } catch {
    return undefined;
  }
}

/** "<type> <size>\0" from the first bytes of a loose object. */
function looseHeader(start: Buffer): { type: ObjectType; size: number; headerLength: number } | undefined {
  const text = start.length ? inflatePrefix(start)?.toString('latin1') : undefined;
  const m = text ? /^(blob|tree|commit|tag) (\d{1,15})\0/.exec(text) : null;
  return m ? { type: m[1] as ObjectType, size: Number(m[2]), headerLength: m[0].length } : undefined;
}

function varint(buf: Buffer, pos: number): { value: number; next: number } {
  let value = 0;
  let mul = 1;
  for (let i = pos; i < buf.length && i < pos + 8; i++) {
    const c = buf[i]!;
    value += (c & 0x7f) * mul;
    mul *= 128;
    if (!(c & 0x80)) return { value, next: i + 1 };
  }
  unsure();
}

/** A pack entry's header: object type (1–4 whole, 6/7 deltas), size, and where its data starts. */
function packEntryHeader(head: Buffer): { type: number; size: number; dataStart: number } | undefined {
  let i = 0;
  let c = head[i++];
  if (c === undefined) return undefined;
  const type = (c >> 4) & 7;
  let size = c & 15;
  let mul = 16;
  while (c & 0x80) {
    c = head[i++];
    if (c === undefined || i > 10) return undefined;
    size += (c & 0x7f) * mul;
    mul *= 128;
  }
  return { type, size, dataStart: i };
}

/** Applies a git delta (base size, result size, then copy and insert instructions) to `base`. */
export function applyDelta(base: Buffer, delta: Buffer): Buffer {
  const b = varint(delta, 0);
  const r = varint(delta, b.next);
  if (b.value !== base.length || r.value > MAX_OBJECT) unsure();
  const out = Buffer.allocUnsafe(r.value);
  let o = 0;
  let i = r.next;
  while (i < delta.length) {
    const op = delta[i++]!;
    if (op & 0x80) {
      let off = 0;
      let len = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) off |= delta[i++]! << (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) len |= delta[i++]! << (8 * bit);
      off >>>= 0;
      if (len === 0) len = 0x10000;
      if (i > delta.length || off + len > base.length || o + len > out.length) unsure();
      base.copy(out, o, off, off + len);
      o += len;
    } else if (op) {
      if (i + op > delta.length || o + op > out.length) unsure();
      delta.copy(out, o, i, i + op);
      o += op;
      i += op;
    } else {
      unsure(); // reserved instruction
    }
  }
  if (o !== out.length) unsure();
  return out;
}

function objectId(type: ObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

interface Pack {
  idx: Buffer;
  count: number;
  pack: string;
}

/**
 * Where a delta entry's data starts (relative to the entry) and what its base is: a distance back
 * in the same pack (OFS_DELTA, in git's own varint flavour: each continuation adds one) or an
 * object id (REF_DELTA). Undefined for a whole object or when the header bytes run out.
 */
function deltaBase(head: Buffer, h: { type: number; dataStart: number }): { start: number; back?: number; id?: string } | undefined {
  let i = h.dataStart;
  if (h.type === REF_DELTA) return i + 20 <= head.length ? { start: i + 20, id: head.toString('hex', i, i + 20) } : undefined;
  if (h.type !== OFS_DELTA) return undefined;
  let c = head[i++];
  if (c === undefined) return undefined;
  let back = c & 0x7f;
  while (c & 0x80) {
    c = head[i++];
    if (c === undefined) return undefined;
    back = (back + 1) * 128 + (c & 0x7f);
  }
  return { start: i, back };
}

/** Deflate never grows data by more than a few bytes per 16 KiB block. */
const deflatedBound = (size: number) => size + (size >> 10) + 1024;

/** A loose object up to this size is inflated whole when its size is asked, and kept for its read. */
const SIZED_KEEP = 64 * 1024;
const SIZED_KEEP_BYTES = 8 * 1024 * 1024;

/** Objects kept under a byte budget (their bodies' lengths). */
class KeptObjects extends KeptUnderBudget<GitObject> {
  constructor(budget: number) { super(budget, (o) => o.body.length); }
}

/** One repository's object database, read directly. Every method returns undefined when unsure. */
export class ObjectStore {
  private packs: Pack[] | undefined;
  private dirs: string[] | undefined;
  private readonly bases = new KeptObjects(BASE_CACHE_BYTES);
  // Pack files stay open for the store's life: a diff reads ~1,400 entries of one pack, and an
  // open, fstat and close around each read was most of their cost (issue 28). A pack file is never
  // rewritten under its name (git writes a new one), so its size is read once.
  private readonly packFiles = new Map<string, { fd: number; size: number }>();
  private readonly scratch = Buffer.allocUnsafe(HEAD_READ);
  // Loose objects whose size was asked (a tree's stat or listing): inflated then, whole, and kept
  // for the read that usually follows, instead of a second open and inflation of the same file.
  private readonly sized = new KeptObjects(SIZED_KEEP_BYTES);

  constructor(private readonly gitdir: string) {}

  /** Closes the pack files (a store is used again after this only by reopening them). */
  close(): void {
    for (const f of this.packFiles.values()) closeSync(f.fd);
    this.packFiles.clear();
    this.sized.clear();
  }

  /**
   * The first HEAD_READ bytes at `position` in one buffer reused by every read: an entry's header
   * and, for most entries, all of their data, valid only until the next read. A fresh 8 KiB buffer
   * an object was garbage outside V8's heap that lived until the next collection: reading a 10,000-file
   * tree raised the peak by ~40 MB.
   */
  private packHead(pack: string, position: number): Buffer {
    const f = this.packFile(pack);
    const want = Math.max(0, Math.min(HEAD_READ, f.size - position));
    for (let done = 0; done < want;) {
      const n = readSync(f.fd, this.scratch, done, want - done, position + done);
      if (n === 0) throw new Error(`ends after ${done} of ${want} bytes`);
      done += n;
    }
    return this.scratch.subarray(0, want);
  }

  /** The positioned bytes of a pack file; fewer at its end. */
  private packRead(pack: string, position: number, length: number): Buffer {
    const f = this.packFile(pack);
    return readExactly(f.fd, position, Math.max(0, Math.min(length, f.size - position)));
  }

  private packFile(pack: string): { fd: number; size: number } {
    let f = this.packFiles.get(pack);
    if (!f) {
      const fd = openSync(pack, 'r');
      try {
        f = { fd, size: fstatSync(fd).size };
      } catch (e) {
        closeSync(fd);
        throw e;
      }
      this.packFiles.set(pack, f);
    }
    return f;
  }

  /** The object `oid`, checked against its id, or undefined when it is not simply readable here. */
  async read(oid: string): Promise<GitObject | undefined> {
    if (!OID.test(oid)) return undefined;
    // Checked against its id when it was kept.
    const kept = this.sized.take(oid);
    if (kept) return kept;
    try {
      return await objectLater(this.object(oid));
    } catch {
      // Unsure, a zlib error, a short file: the library decides (and names the problem).
      return undefined;
    }
  }

  /**
   * read() done at once, with no promise: undefined also when the object needs an inflation on the
   * thread pool (over ASYNC_ABOVE compressed), which read() then does.
   */
  readNow(oid: string): GitObject | undefined {
    if (!OID.test(oid)) return undefined;
    const kept = this.sized.take(oid);
    if (kept) return kept;
    try {
      return objectNow(this.object(oid));
    } catch {
      return undefined;
    }
  }

  private *object(oid: string): Reading<GitObject | undefined> {
    const at = this.locate(oid);
    const o = at ? yield* this.entry(at.pack, at.offset, 0) : yield* this.loose(oid);
    return o && objectId(o.type, o.body) === oid ? o : undefined;
  }

  /** The size of the object `oid` from its header (a delta's from the start of its data). */
  size(oid: string): number | undefined {
    if (!OID.test(oid)) return undefined;
    try {
      const at = this.locate(oid);
      return at ? this.packedSize(at.pack, at.offset) : this.looseSize(oid);
    } catch {
      return undefined;
    }
  }

  /**
   * The object directories: the repository's own, then those its `objects/info/alternates` lends
   * (where a `git clone --shared` or `--reference` finds its objects), as git reads that file: a
   * directory a line, relative to the objects directory naming it, `#` comments, chains followed
   * five deep. A C-quoted line is not read here (the library path then says what is missing). The
   * file is the clone's own configuration, never a repository's content.
   */
  private objectDirs(): string[] {
    if (this.dirs) return this.dirs;
    const dirs: string[] = [];
    const add = (dir: string, depth: number): void => {
      if (dirs.includes(dir)) return;
      dirs.push(dir);
      if (depth === MAX_ALTERNATE_DEPTH) return;
      let text: string;
      try { text = readFileSync(join(dir, 'info', 'alternates'), 'utf8'); } catch { return; }
      for (const line of text.split('\n')) {
        if (line === '' || line.startsWith('#') || line.startsWith('"')) continue;
        add(resolve(dir, line), depth + 1);
      }
    };
    add(resolve(this.gitdir, 'objects'), 0);
    this.dirs = dirs;
    return dirs;
  }

  /** A loose object's file, opened, from the first object directory that holds it. */
  private openLoose(oid: string): number | undefined {
    const rel = join(oid.slice(0, 2), oid.slice(2));
    for (const dir of this.objectDirs()) {
      try {
        return openSync(join(dir, rel), 'r');
      } catch {
        // Not in this one.
      }
    }
    return undefined;
  }

  private *loose(oid: string): Reading<GitObject | undefined> {
    let raw: Buffer;
    const fd = this.openLoose(oid);
    if (fd === undefined) return undefined;
    try {
      raw = readExactly(fd, 0, fstatSync(fd).size);
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
    const h = looseHeader(raw.subarray(0, HEAD_BYTES));
    if (!h || h.size > MAX_OBJECT) return undefined;
    const all = yield { data: raw, size: h.headerLength + h.size };
    if (all.toString('latin1', 0, h.headerLength) !== `${h.type} ${h.size}\0`) return undefined;
    return { type: h.type, body: all.subarray(h.headerLength) };
  }

  private looseSize(oid: string): number | undefined {
    let raw: Buffer;
    try {
      // A small file whole (the object is then kept), else only its head.
      const fd = this.openLoose(oid);
      if (fd === undefined) return undefined;
      try {
        const size = fstatSync(fd).size;
        raw = readExactly(fd, 0, size <= SIZED_KEEP ? size : Math.min(size, HEAD_BYTES));
      } finally {
        closeSync(fd);
      }
    } catch {
      return undefined;
    }
    if (raw.length <= SIZED_KEEP) {
      // Small: inflated once, whole, checked against its id, and kept for the read that follows.
      const o = this.inflateLoose(oid, raw);
      if (o) return o.body.length;
    }
    return looseHeader(raw.subarray(0, HEAD_BYTES))?.size;
  }

  /** A whole small loose object, inflated and checked against its id (undefined when unsure). */
  private inflateLoose(oid: string, raw: Buffer): GitObject | undefined {
    let all: Buffer;
    try {
      all = inflateSync(raw, { maxOutputLength: SIZED_KEEP + 64 });
    } catch {
      return undefined;
    }
    const m = /^(blob|tree|commit|tag) (\d{1,15})\0/.exec(all.toString('latin1', 0, 32));
    if (!m || all.length !== m[0].length + Number(m[2])) return undefined;
    const o = { type: m[1] as ObjectType, body: all.subarray(m[0].length) };
    if (objectId(o.type, o.body) !== oid) return undefined;
    this.sized.keep(oid, o);
    return o;
  }

  private loadPacks(): Pack[] {
    if (this.packs) return this.packs;
    this.packs = [];
    for (const objects of this.objectDirs()) this.loadPacksOf(join(objects, 'pack'));
    return this.packs;
  }

  private loadPacksOf(dir: string): void {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    for (const name of names.filter((n) => n.endsWith('.idx')).sort()) {
      const idx = readFileSync(join(dir, name));
      // Only version 2 indexes (git's default since 1.5.2) are read; objects in others go to the library.
      if (idx.length < 8 + 1024 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) continue;
      const count = idx.readUInt32BE(8 + 255 * 4);
      if (idx.length < 8 + 1024 + count * 28) continue;
      this.packs!.push({ idx, count, pack: join(dir, name.replace(/\.idx$/, '.pack')) });
    }
  }

  /** Where `oid` is packed: a binary search of each index's sorted ids, inside its fan-out bucket. */
  private locate(oid: string): { pack: string; offset: number } | undefined {
    if (!OID.test(oid)) return undefined;
    const want = Buffer.from(oid, 'hex');
    for (const p of this.loadPacks()) {
      const first = want[0]!;
      let lo = first === 0 ? 0 : p.idx.readUInt32BE(8 + (first - 1) * 4);
      let hi = p.idx.readUInt32BE(8 + first * 4);
      const ids = 8 + 1024;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const c = p.idx.compare(want, 0, 20, ids + mid * 20, ids + mid * 20 + 20);
        if (c === 0) {
          const offsets = ids + p.count * 24;
          let off = p.idx.readUInt32BE(offsets + mid * 4);
          if (off & 0x80000000) off = Number(p.idx.readBigUInt64BE(offsets + p.count * 4 + (off & 0x7fffffff) * 8));
          return { pack: p.pack, offset: off };
        }
        if (c < 0) lo = mid + 1;
        else hi = mid;
      }
    }
    return undefined;
  }

  private *entry(pack: string, offset: number, depth: number): Reading<GitObject> {
    if (depth > MAX_CHAIN) unsure();
    const key = `${offset}:${pack}`;
    const cached = this.bases.get(key);
    if (cached) return cached;
    // One read covers the header and, for most entries, all of their data. `head` is the shared
    // buffer: whatever is inflated from it is inflated when yielded, before the reading goes on
    // (a larger entry is read into a buffer of its own).
    const head = this.packHead(pack, offset);
    const h = packEntryHeader(head) ?? unsure();
    if (h.size > MAX_OBJECT) unsure();
    const data = (start: number) => {
      const rel = start - offset;
      const want = deflatedBound(h.size);
      return rel + want <= head.length || head.length < HEAD_READ ? head.subarray(rel) : this.packRead(pack, start, want);
    };
    const type = TYPES[h.type];
    if (type) {
      const out = { type, body: yield { data: data(offset + h.dataStart), size: h.size } };
      if (depth > 0) this.keepBase(key, out);
      return out;
    }
    const d = deltaBase(head, h) ?? unsure();
    // The delta first, while `head` holds it; then its base, which reads into the same buffer.
    const delta = yield { data: data(offset + d.start), size: h.size };
    let base: GitObject;
    if (d.id !== undefined) {
      const at = this.locate(d.id) ?? unsure();
      base = yield* this.entry(at.pack, at.offset, depth + 1);
    } else {
      if (!(d.back! > 0 && d.back! <= offset)) unsure();
      base = yield* this.entry(pack, offset - d.back!, depth + 1);
    }
    const out = { type: base.type, body: applyDelta(base.body, delta) };
    if (depth > 0) this.keepBase(key, out);
    return out;
  }

  /** Objects read as a delta's base are kept (up to a budget): the chain's next delta starts from them. */
  private keepBase(key: string, o: GitObject): void {
    if (o.body.length <= BASE_CACHE_BYTES / 4) this.bases.keep(key, o);
  }

  private packedSize(pack: string, offset: number): number | undefined {
    const head = this.packHead(pack, offset).subarray(0, HEAD_BYTES);
    const h = packEntryHeader(head);
    if (!h) return undefined;
    if (TYPES[h.type]) return h.size;
    const d = deltaBase(head, h);
    if (!d || d.start >= head.length) return undefined;
    const delta = inflatePrefix(head.subarray(d.start));
    if (!delta) return undefined;
    // A delta starts with the base size, then the size of the object it produces.
    return varint(delta, varint(delta, 0).next).value;
  }
}
