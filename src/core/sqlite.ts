// One SQLite API over the engines a Node.js can have, so the cartridge code reads the same on every
// supported Node and writes the same bytes on each:
//   - node:sqlite in memory (Node ≥ 24.16, with serialize/deserialize): the default there, so the
//     bundled Action needs no native addon and installs nothing;
//   - better-sqlite3 (an optional native dependency): the default on Node 20 and 22;
//   - node:sqlite through a private temporary file (Node 22.13+, which has no serialize or
//     deserialize): used only when better-sqlite3 cannot be loaded (not installed, built for another
//     Node ABI, installed with --ignore-scripts). test/acx/backends.test.ts proves its images equal
//     the other two engines' byte for byte.
// Where none loads, every command that needs SQLite stops with CTXFORGE_SQLITE_UNAVAILABLE (exit
// 2) naming the fix, never with a verdict about the user's file. CTXFORGE_SQLITE=node|better-sqlite3
// forces one engine.
//
// All engines give the same rows: node:sqlite hands out null-prototype rows, Uint8Array blobs and
// (asked for bigints, so a hostile 2^63 integer is not a throw where better-sqlite3 reads it) BigInt
// integers; each row is turned into what better-sqlite3 returns (plain object, Buffer, number). All
// bind JS numbers as REAL, so parameters need no conversion.
import { closeSync, constants as fsc, fstatSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiagnosticError, error } from './diagnostics.js';
import { lazyRequire } from './lazy.js';
import { sweepStaleDirs, writerTag } from './stale-temps.js';

export type SqliteBackend = 'node' | 'better-sqlite3';
export type Row = Record<string, unknown>;

export interface RunResult { changes: number; lastInsertRowid: number | bigint }

export interface Statement {
  all(...params: unknown[]): Row[];
  get(...params: unknown[]): Row | undefined;
  iterate(...params: unknown[]): IterableIterator<Row>;
  run(...params: unknown[]): RunResult;
}

export interface SqliteDb {
  readonly backend: SqliteBackend;
  prepare(sql: string): Statement;
  exec(sql: string): void;
  /** `PRAGMA <source>`; with `simple`, the first column of the first row (as better-sqlite3). */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  /** Wraps `fn` so a call runs inside one transaction (a savepoint when one is already open). */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  /** The database image, as a Buffer. */
  serialize(): Buffer;
  close(): void;
}

export interface OpenOptions {
  readonly?: boolean;
  /** A file no other process changes while open (SQLite's immutable=1: no locks, no journal look-up). */
  immutable?: boolean;
}

interface NodeSqlite {
  DatabaseSync: new (location: string | URL, options?: Record<string, unknown>) => NodeDb;
}
interface NodeStmt {
  all(...p: unknown[]): Row[];
  get(...p: unknown[]): Row | undefined;
  iterate(...p: unknown[]): IterableIterator<Row>;
  run(...p: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  setReadBigInts(on: boolean): void;
}
interface NodeDb {
  prepare(sql: string): NodeStmt;
  exec(sql: string): void;
  serialize?(): Uint8Array;
  deserialize?(bytes: Uint8Array): void;
  close(): void;
  readonly isTransaction?: boolean;
}

/** How node:sqlite can be used here: whole images in memory, through a temporary file, or not at all. */
type NodeMode = 'memory' | 'file';
let nodeProbe: { mod: NodeSqlite; mode: NodeMode } | null | undefined;

function nodeVersion(): [number, number] {
  return process.versions.node.split('.').map(Number) as [number, number];
}

/**
 * node:sqlite when this Node has what the adapter needs. process.getBuiltinModule is synchronous
 * and never resolves a file, so a bundle keeps it as is. Node 22 announces the module with an
 * ExperimentalWarning on stderr; that one warning is about ctxforge's engine, not the user's input,
 * so it is kept off their screen (any other warning passes).
 */
function nodeSqlite(): { mod: NodeSqlite; mode: NodeMode } | undefined {
  if (nodeProbe !== undefined) return nodeProbe ?? undefined;
  nodeProbe = null;
  const [maj, min] = nodeVersion();
  // Before 22.13 node:sqlite needs --experimental-sqlite; 23 is end of life.
  if (maj < 22 || (maj === 22 && min < 13) || maj === 23) return undefined;
  const emit = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    const name = warning instanceof Error ? warning.name : type;
    if ((name === 'ExperimentalWarning' || type === 'ExperimentalWarning') && /SQLite/i.test(String(warning instanceof Error ? warning.message : warning))) return;
    return (emit as (...a: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  let mod: NodeSqlite | undefined;
  try {
    mod = (process as unknown as { getBuiltinModule(id: string): NodeSqlite | undefined }).getBuiltinModule('node:sqlite');
  } catch {
    mod = undefined;
  } finally {
    process.emitWarning = emit;
  }
  if (!mod) return undefined;
  const db = mod.DatabaseSync.prototype as unknown as Record<string, unknown>;
  const st = new mod.DatabaseSync(':memory:');
  let stmtOk = false;
  try {
    const s = st.prepare('SELECT 1') as unknown as Record<string, unknown>;
    stmtOk = typeof s.iterate === 'function' && typeof s.setReadBigInts === 'function';
  } finally {
    st.close();
  }
  if (!stmtOk) return undefined;
  // Before 24.16 node:sqlite lacks what the in-memory path needs (or warns as experimental).
  const memory = (maj > 24 || (maj === 24 && min >= 16)) && typeof db.serialize === 'function' && typeof db.deserialize === 'function';
  nodeProbe = { mod, mode: memory ? 'memory' : 'file' };
  return nodeProbe;
}

type BetterCtor = new (file: string | Buffer, options?: Record<string, unknown>) => BetterDb;
interface BetterDb {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(source: string, options?: { simple?: boolean }): unknown;
  transaction<F extends (...a: never[]) => unknown>(fn: F): F;
  serialize(): Buffer;
  close(): void;
}
const betterModule = lazyRequire<BetterCtor>('better-sqlite3');
let betterProbe: { ctor?: BetterCtor; why?: string } | undefined;

/** better-sqlite3, or why it did not load (missing, or built for another Node ABI). Tried once. */
function better(): { ctor?: BetterCtor; why?: string } {
  if (betterProbe) return betterProbe;
  try {
    const ctor = betterModule();
    // The binding loads on first use: a module built for another ABI throws here, not at require.
    new ctor(':memory:').close();
    betterProbe = { ctor };
  } catch (e) {
    // The loader's message says why (another NODE_MODULE_VERSION, a missing file), over several lines.
    const m = ((e as Error).message ?? String(e)).replace(/\s+/g, ' ').trim();
    betterProbe = { why: m.length > 400 ? `${m.slice(0, 397)}...` : m };
  }
  return betterProbe;
}

function unavailable(detail: string): never {
  const [maj] = nodeVersion();
  const fix = maj >= 22
    ? 'run `npm rebuild better-sqlite3` in the ctxforge installation (it was built for another Node.js), or use Node.js 22.13 or later, whose built-in node:sqlite ctxforge uses when better-sqlite3 does not load'
    : 'run `npm rebuild better-sqlite3` in the ctxforge installation (or reinstall it without --ignore-scripts), or use Node.js 22.13 or later, whose built-in node:sqlite ctxforge uses when better-sqlite3 does not load';
  throw new DiagnosticError(error('CTXFORGE_SQLITE_UNAVAILABLE', `SQLite is not available on Node.js ${process.version}: ${detail}`, { hint: fix }), 2);
}

/** The engine this process uses (CTXFORGE_SQLITE forces one); CTXFORGE_SQLITE_UNAVAILABLE when none loads. */
export function sqliteBackend(): SqliteBackend {
  return engine().backend;
}

/** The engine in use, for people: `better-sqlite3`, `node:sqlite` or `node:sqlite (temporary file)`. */
export function sqliteEngineName(): string {
  const e = engine();
  return e.backend === 'better-sqlite3' ? 'better-sqlite3' : e.mode === 'file' ? 'node:sqlite (temporary file)' : 'node:sqlite';
}

interface Engine { backend: SqliteBackend; mode?: NodeMode }
let chosen: { key: string; engine: Engine } | undefined;

function engine(): Engine {
  const want = process.env.CTXFORGE_SQLITE ?? '';
  if (chosen?.key === want) return chosen.engine;
  const pick = (): Engine => {
    // A misspelt engine name silently meant "choose for me": the user asked for something they did not get.
    if (want !== '' && want !== 'node' && want !== 'better-sqlite3') {
      throw new DiagnosticError(error('CTXFORGE_USAGE', `CTXFORGE_SQLITE=${JSON.stringify(want)} names no SQLite engine`, { hint: 'set CTXFORGE_SQLITE to node or better-sqlite3, or unset it to let ctxforge choose' }), 2);
    }
    if (want === 'node') {
      const n = nodeSqlite();
      if (!n) unavailable(`CTXFORGE_SQLITE=node needs node:sqlite, which this Node.js lacks (22.13 or later has it)`);
      return { backend: 'node', mode: n.mode };
    }
    if (want === 'better-sqlite3') {
      const b = better();
      if (!b.ctor) unavailable(`CTXFORGE_SQLITE=better-sqlite3, and better-sqlite3 did not load (${b.why})`);
      return { backend: 'better-sqlite3' };
    }
    const n = nodeSqlite();
    if (n?.mode === 'memory') return { backend: 'node', mode: 'memory' };
    const b = better();
    if (b.ctor) return { backend: 'better-sqlite3' };
    if (n) return { backend: 'node', mode: 'file' };
    unavailable(`better-sqlite3 did not load (${b.why}) and this Node.js has no usable node:sqlite`);
  };
  chosen = { key: want, engine: pick() };
  return chosen.engine;
}

/** An empty writable in-memory database. */
export function openMemory(): SqliteDb {
  const e = engine();
  if (e.backend === 'better-sqlite3') return wrapBetter(new (better().ctor!)(':memory:'));
  if (e.mode === 'memory') return wrapNode(new (nodeSqlite()!.mod.DatabaseSync)(':memory:'));
  return fileBacked(undefined, false);
}

/** An in-memory copy of `bytes`; the caller's buffer is never written. */
export function openBytes(bytes: Uint8Array, options: OpenOptions = {}): SqliteDb {
  const e = engine();
  if (e.backend === 'better-sqlite3') return wrapBetter(new (better().ctor!)(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { readonly: !!options.readonly }));
  if (e.mode === 'file') return fileBacked(bytes, !!options.readonly);
  const db = new (nodeSqlite()!.mod.DatabaseSync)(':memory:');
  try {
    db.deserialize!(bytes);
    // node:sqlite's deserialize ignores readOnly; query_only refuses every write statement instead.
    if (options.readonly) db.exec('PRAGMA query_only = ON');
  } catch (e) {
    db.close();
    throw e;
  }
  return wrapNode(db);
}

/** A database file, opened in place (it must exist). */
export function openFile(path: string, options: OpenOptions = {}): SqliteDb {
  const readonly = !!options.readonly || !!options.immutable;
  // A URI filename's path is absolute: a relative one would name a file at the root.
  const abs = resolve(path);
  const e = engine();
  if (e.backend === 'better-sqlite3') {
    const Ctor = better().ctor!;
    // better-sqlite3 is built without URI filenames, so it has no immutable=1: a file name
    // "file:…?immutable=1" would name another file. Refused, never downgraded to a plain read-only
    // open that would look for sidecars; openSnapshot is the way to read an untrusted file there.
    if (options.immutable) throw new Error('better-sqlite3 cannot open a database file immutable (it takes no URI filenames); use node:sqlite or openSnapshot');
    return wrapBetter(new Ctor(path, { readonly, fileMustExist: true }));
  }
  const { DatabaseSync } = nodeSqlite()!.mod;
  if (options.immutable) {
    const url = new URL('file:');
    url.pathname = abs;
    url.search = 'mode=ro&immutable=1';
    return wrapNode(new DatabaseSync(url, { readOnly: true }));
  }
  return wrapNode(new DatabaseSync(path, { readOnly: readonly }));
}

/** Private folders of the file-backed databases still open, removed at exit if a caller never closed one. */
const liveFolders = new Set<string>();
let exitHook = false;

/** A scratch folder's name: `ctxforge-sqlite-<pid>-<host>-<boot>-<random>` (stale-temps.ts). */
const SCRATCH_NAME = /^ctxforge-sqlite-([1-9]\d{0,9})-([0-9a-f]{8})-([0-9a-f]{8})-[A-Za-z0-9]{6}$/;

/**
 * A private temporary folder (0700), removed when dropped or, failing that, at exit. A process
 * killed by SIGKILL removes nothing (a 50k-document serve index is 222 MB): the first folder a
 * process makes sweeps those of this host's gone processes, older than 10 minutes.
 */
function privateFolder(): { dir: string; drop(): void } {
  if (!exitHook) sweepStaleDirs(tmpdir(), SCRATCH_NAME);
  const dir = mkdtempSync(join(tmpdir(), `ctxforge-sqlite-${writerTag()}-`));
  liveFolders.add(dir);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => { for (const d of liveFolders) rmSync(d, { recursive: true, force: true }); });
  }
  return { dir, drop: () => { rmSync(dir, { recursive: true, force: true }); liveFolders.delete(dir); } };
}

/**
 * A new, empty database file in a private temporary folder (0700), written in place rather than
 * held in memory (a large index is built within SQLite's page cache, not beside it), and removed
 * with its folder when the database closes (or at exit). `path` is the file, for a copy of it.
 */
export function openScratch(): { db: SqliteDb; path: string } {
  const folder = privateFolder();
  const path = join(folder.dir, 'db.sqlite');
  let db: SqliteDb;
  try {
    const e = engine();
    db = e.backend === 'better-sqlite3' ? wrapBetter(new (better().ctor!)(path)) : wrapNode(new (nodeSqlite()!.mod.DatabaseSync)(path));
  } catch (err) {
    folder.drop();
    throw err;
  }
  return { db: { ...db, close: () => { try { db.close(); } finally { folder.drop(); } } }, path };
}

export interface SnapshotOptions {
  /** Copying stops one byte past this: `inspect` then sees a size over it. */
  maxBytes: number;
  /**
   * The original is opened without following a symbolic link, and its status (of the descriptor
   * copied from) is judged before a byte is copied: a reason here refuses it.
   */
  accept?(st: { uid: number; mode: number; isFile(): boolean }): string | undefined;
  /**
   * Sees the copy's first 100 bytes and its size before SQLite opens it; throwing refuses the file
   * (the copy is removed).
   */
  inspect?(head: Buffer, size: number): void;
}

/**
 * A read-only database over a private copy of an untrusted file, holding no image of it in memory.
 * The copy (mode 0600, created exclusively without following a link, in a fresh 0700 folder) is
 * what `inspect` and SQLite both read, so the bytes judged are the bytes copied even if the original
 * changes meanwhile; nothing is ever written beside the original, and no -wal/-journal/-shm beside
 * it is read, because SQLite never opens the original. node:sqlite opens the copy with immutable=1
 * (no locks, no sidecar look-up at all); better-sqlite3, which has no URI filenames, opens it
 * read-only in a folder where no other process can have put a sidecar. The copy is removed as
 * soon as node:sqlite has it open (its descriptor keeps it readable), else when the database closes.
 */
export function openSnapshot(path: string, options: SnapshotOptions): SqliteDb {
  const e = engine();
  const folder = privateFolder();
  let db: SqliteDb;
  try {
    const copy = join(folder.dir, 'db.sqlite');
    const { head, size } = copyInto(path, copy, options.maxBytes, options.accept);
    options.inspect?.(head, size);
    if (e.backend === 'better-sqlite3') db = wrapBetter(new (better().ctor!)(copy, { readonly: true, fileMustExist: true }));
    else {
      db = openFile(copy, { immutable: true });
      // immutable=1 never opens the file again (no journal, no locks): the open descriptor keeps
      // the copy readable, so it goes now and a process killed mid-check leaves no copy behind.
      folder.drop();
    }
  } catch (err) {
    folder.drop();
    throw err;
  }
  return { ...db, close: () => { try { db.close(); } finally { folder.drop(); } } };
}

/** Copies `src` to the new file `dest` through one 1 MiB buffer; its first 100 bytes and size. */
function copyInto(src: string, dest: string, maxBytes: number, accept?: SnapshotOptions['accept']): { head: Buffer; size: number } {
  // Non-blocking, so a FIFO put in the file's place after the caller's stat cannot hang the open.
  const from = openSync(src, fsc.O_RDONLY | fsc.O_NONBLOCK | (accept ? fsc.O_NOFOLLOW : 0));
  let to: number | undefined;
  try {
    const st = fstatSync(from);
    if (!st.isFile()) throw Object.assign(new Error(`${src} is not a regular file`), { code: 'EISDIR' });
    const why = accept?.(st);
    if (why) throw Object.assign(new Error(why), { code: 'EACCES' });
    to = openSync(dest, fsc.O_WRONLY | fsc.O_CREAT | fsc.O_EXCL | fsc.O_NOFOLLOW, 0o600);
    const buf = Buffer.allocUnsafe(1 << 20);
    const head = Buffer.alloc(100);
    let size = 0;
    for (;;) {
      const n = readSync(from, buf, 0, buf.length, null);
      if (n === 0) break;
      if (size < 100) buf.copy(head, size, 0, Math.min(n, 100 - size));
      for (let off = 0; off < n;) off += writeSync(to, buf, off, n - off);
      size += n;
      if (size > maxBytes) break;
    }
    return { head: head.subarray(0, Math.min(size, 100)), size };
  } finally {
    closeSync(from);
    if (to !== undefined) closeSync(to);
  }
}

/**
 * node:sqlite without serialize/deserialize (Node 22): the database lives in a file of a private
 * temporary folder (0700), is opened read-only when asked, and its image is the file's bytes. A
 * file database counts its write transactions in the header's change counter (offset 24), which an
 * in-memory database never does; the image of a database that started empty gets 0 there, as the
 * in-memory engines write it, so both give the same bytes. The folder goes when the database closes.
 */
function fileBacked(bytes: Uint8Array | undefined, readonly: boolean): SqliteDb {
  const { dir, drop } = privateFolder();
  const file = join(dir, 'db.sqlite');
  let db: NodeDb;
  try {
    if (bytes) writeFileSync(file, bytes, { mode: 0o600, flag: 'wx' });
    db = new (nodeSqlite()!.mod.DatabaseSync)(file, { readOnly: readonly });
  } catch (e) {
    drop();
    throw e;
  }
  const fresh = !bytes;
  const inner = wrapNode(db);
  return {
    ...inner,
    serialize: () => {
      const image = readFileSync(file);
      if (fresh && image.length >= 100) image.fill(0, 24, 28);
      return image;
    },
    close: () => {
      try { db.close(); } finally { drop(); }
    },
  };
}

function wrapBetter(db: BetterDb): SqliteDb {
  return {
    backend: 'better-sqlite3',
    prepare: (sql) => db.prepare(sql),
    exec: (sql) => { db.exec(sql); },
    pragma: (source, options) => db.pragma(source, options),
    transaction: (fn) => db.transaction(fn as never) as never,
    serialize: () => db.serialize(),
    close: () => db.close(),
  };
}

function plain(row: Row | undefined): Row | undefined {
  if (row === undefined) return undefined;
  const out: Row = {};
  for (const k of Object.keys(row)) {
    const v = row[k];
    out[k] = typeof v === 'bigint' ? Number(v) : v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength) : v;
  }
  return out;
}

function* plainRows(it: Iterable<Row>): Generator<Row> {
  for (const r of it) yield plain(r)!;
}

function wrapNode(db: NodeDb): SqliteDb {
  const prepare = (sql: string): Statement => {
    const st = db.prepare(sql);
    st.setReadBigInts(true);
    return {
      // Row by row: node:sqlite's own rows are dropped as each is converted, never two arrays of them at once.
      all: (...p) => { const out: Row[] = []; for (const r of st.iterate(...p)) out.push(plain(r)!); return out; },
      get: (...p) => plain(st.get(...p)),
      iterate: (...p) => plainRows(st.iterate(...p)),
      run: (...p) => {
        const r = st.run(...p);
        return { changes: Number(r.changes), lastInsertRowid: r.lastInsertRowid };
      },
    };
  };
  let depth = 0;
  return {
    backend: 'node',
    prepare,
    exec: (sql) => db.exec(sql),
    pragma: (source, options) => {
      const rows = prepare(`PRAGMA ${source}`).all();
      if (!options?.simple) return rows;
      const first = rows[0];
      return first ? Object.values(first)[0] : undefined;
    },
    transaction: (fn) => (...args) => {
      const name = `ctxforge_${depth}`;
      const open = () => db.isTransaction ?? depth > 0;
      const nested = open();
      db.exec(nested ? `SAVEPOINT ${name}` : 'BEGIN');
      depth++;
      try {
        const r = fn(...args);
        db.exec(nested ? `RELEASE ${name}` : 'COMMIT');
        return r;
      } catch (e) {
        if (nested) db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        else if (db.isTransaction ?? true) { try { db.exec('ROLLBACK'); } catch { /* already rolled back */ } }
        throw e;
      } finally {
        depth--;
      }
    },
    serialize: () => {
      const b = db.serialize!();
      return Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    },
    close: () => db.close(),
  };
}

/**
 * The SQLite release that wrote a database goes into its header (offset 96, SQLITE_VERSION_NUMBER,
 * with offset 92 the change counter it is valid for), so two engines would write different bytes for
 * the same rows. SQLite only reports these fields and rewrites them on its next write; a fixed valid
 * version, valid for the image's own change counter (offset 24, which keeps the in-header page count
 * trusted), makes the image depend on its content alone.
 */
export const STAMPED_SQLITE_VERSION = 3_037_000;
export function stampLibraryVersion(image: Buffer): Buffer {
  if (image.length < 100) return image;
  image.copy(image, 92, 24, 28);
  image.writeUInt32BE(STAMPED_SQLITE_VERSION, 96);
  return image;
}

/** SQLite's primary result code of an error either engine threw (SQLITE_FULL is 13, SQLITE_IOERR 10), or undefined. */
function primaryCode(e: unknown): number | undefined {
  const x = e as { code?: unknown; errcode?: unknown } | undefined;
  if (typeof x?.errcode === 'number') return x.errcode & 0xff; // node:sqlite: the extended code
  if (typeof x?.code !== 'string' || !x.code.startsWith('SQLITE_')) return undefined; // better-sqlite3: its name
  return x.code.startsWith('SQLITE_FULL') ? 13 : x.code.startsWith('SQLITE_IOERR') ? 10 : -1;
}

/** This process's soft limit on the size of a file it writes (RLIMIT_FSIZE), when one is set (Linux). */
function fileSizeLimit(): number | undefined {
  let limits: string;
  try { limits = readFileSync('/proc/self/limits', 'utf8'); } catch { return undefined; }
  const soft = /^Max file size\s+(\d+)\s/m.exec(limits)?.[1];
  return soft === undefined ? undefined : Number(soft);
}

/**
 * An error SQLite gave while writing `files`, as the error a write of ours would give, with its
 * errno, so that it is reported as an I/O failure (CTXFORGE_IO, exit 2) and not as a bug. SQLite
 * reports a full disk as SQLITE_FULL (ENOSPC) and hides the errno of any other failed write in
 * SQLITE_IOERR: one byte appended to each file asks the file system for it (the files are temp
 * files, deleted after); when that write succeeds, a file-size limit in force (RLIMIT_FSIZE, which
 * refuses a write past it, not one below) is taken as the cause (EFBIG), else EIO. Any other error
 * is returned as it is.
 */
export function asWriteErrno(e: unknown, files: readonly string[]): unknown {
  const code = primaryCode(e);
  if (code !== 13 && code !== 10) return e;
  const why = (e as Error).message;
  const errno = (name: string) => Object.assign(new Error(`SQLite: ${why}`), { code: name });
  if (code === 13) return errno('ENOSPC');
  for (const f of files) {
    let fd: number | undefined;
    try {
      fd = openSync(f, fsc.O_WRONLY | fsc.O_APPEND | fsc.O_NOFOLLOW);
      writeSync(fd, Buffer.of(0));
    } catch (probe) {
      const c = (probe as NodeJS.ErrnoException).code;
      if (typeof c === 'string' && c !== 'ENOENT') return errno(c);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
  return errno(fileSizeLimit() !== undefined ? 'EFBIG' : 'EIO');
}

/**
 * A database header's change counter set to `counters.change` and, when given, its schema cookie to
 * `counters.cookie`, then its library version stamped (stampLibraryVersion): a fresh image's counter is
 * 0, as an in-memory image's is (fileBacked's serialize does the same), and a rewrite keeps its
 * input's.
 */
export function stampHeader(head: Buffer, counters: { change: number; cookie?: number }): Buffer {
  if (head.length < 100) return head;
  head.writeUInt32BE(counters.change, 24);
  if (counters.cookie !== undefined) head.writeUInt32BE(counters.cookie, 40);
  return stampLibraryVersion(head);
}

/** stampHeader on a database file SQLite just wrote (VACUUM INTO), in place. */
export function stampFile(fd: number, counters: { change: number; cookie?: number }): void {
  const head = Buffer.alloc(100);
  if (readSync(fd, head, 0, 100, 0) < 100) return;
  writeSync(fd, stampHeader(head, counters), 0, 100, 0);
}
