// One SQLite API over two engines: node:sqlite (built into Node ≥ 24.16, so the bundled Action needs
// no native addon and installs nothing) and better-sqlite3 (an optional dependency, for the CLI on
// Node 20 and 22). The surface is the better-sqlite3 subset the cartridge code uses, so call sites
// read the same on either engine. CTXFORGE_SQLITE=node|better-sqlite3 forces one; the default is
// node:sqlite where Node has it.
//
// Both engines must give the same rows: node:sqlite hands out null-prototype rows, Uint8Array blobs
// and (asked for bigints, so a hostile 2^63 integer is not a throw where better-sqlite3 reads it)
// BigInt integers; each row is turned into what better-sqlite3 returns (plain object, Buffer,
// number). Both engines bind JS numbers as REAL, so parameters need no conversion.
import { lazyRequire } from './lazy.js';

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

// process.getBuiltinModule is synchronous and never resolves a file, so a bundle keeps it as is.
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
  serialize(): Uint8Array;
  deserialize(bytes: Uint8Array): void;
  close(): void;
  readonly isTransaction: boolean;
}

let nodeModule: NodeSqlite | null | undefined;
function nodeSqlite(): NodeSqlite | undefined {
  if (nodeModule === undefined) {
    nodeModule = null;
    const [maj, min] = process.versions.node.split('.').map(Number) as [number, number];
    // Before 24.16 node:sqlite lacks what the cartridge rules need (or warns as experimental).
    if (maj > 24 || (maj === 24 && min >= 16)) {
      try {
        nodeModule = (process as unknown as { getBuiltinModule(id: string): NodeSqlite }).getBuiltinModule('node:sqlite') ?? null;
      } catch { nodeModule = null; }
    }
  }
  return nodeModule ?? undefined;
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
const better = lazyRequire<BetterCtor>('better-sqlite3');

export function sqliteBackend(): SqliteBackend {
  const want = process.env.CTXFORGE_SQLITE;
  if (want === 'node') {
    if (!nodeSqlite()) throw new Error(`CTXFORGE_SQLITE=node needs Node.js 24.16 or later with node:sqlite (this is ${process.version})`);
    return 'node';
  }
  if (want === 'better-sqlite3') return 'better-sqlite3';
  return nodeSqlite() ? 'node' : 'better-sqlite3';
}

function loadBetter(): BetterCtor {
  try {
    return better();
  } catch (e) {
    throw new Error(`SQLite is not available: this Node.js (${process.version}) has no node:sqlite (24.16 or later) and the optional dependency better-sqlite3 did not load (${(e as Error).message})`);
  }
}

/** An empty writable in-memory database. */
export function openMemory(): SqliteDb {
  return sqliteBackend() === 'node' ? wrapNode(new (nodeSqlite()!.DatabaseSync)(':memory:')) : wrapBetter(new (loadBetter())(':memory:'));
}

/** An in-memory copy of `bytes`; the caller's buffer is never written. */
export function openBytes(bytes: Uint8Array, options: OpenOptions = {}): SqliteDb {
  if (sqliteBackend() === 'better-sqlite3') return wrapBetter(new (loadBetter())(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { readonly: !!options.readonly }));
  const db = new (nodeSqlite()!.DatabaseSync)(':memory:');
  try {
    db.deserialize(bytes);
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
  if (sqliteBackend() === 'better-sqlite3') {
    const Ctor = loadBetter();
    if (options.immutable) {
      const url = new URL('file:');
      url.pathname = path;
      return wrapBetter(new Ctor(`${url.href}?mode=ro&immutable=1`, { readonly: true, fileMustExist: true }));
    }
    return wrapBetter(new Ctor(path, { readonly, fileMustExist: true }));
  }
  const { DatabaseSync } = nodeSqlite()!;
  if (options.immutable) {
    const url = new URL('file:');
    url.pathname = path;
    url.search = 'mode=ro&immutable=1';
    return wrapNode(new DatabaseSync(url, { readOnly: true }));
  }
  return wrapNode(new DatabaseSync(path, { readOnly: readonly }));
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
      all: (...p) => st.all(...p).map((r) => plain(r)!),
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
      const nested = db.isTransaction;
      db.exec(nested ? `SAVEPOINT ${name}` : 'BEGIN');
      depth++;
      try {
        const r = fn(...args);
        db.exec(nested ? `RELEASE ${name}` : 'COMMIT');
        return r;
      } catch (e) {
        if (nested) db.exec(`ROLLBACK TO ${name}; RELEASE ${name}`);
        else if (db.isTransaction) db.exec('ROLLBACK');
        throw e;
      } finally {
        depth--;
      }
    },
    serialize: () => {
      const b = db.serialize();
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
