// Where `serve` keeps its search indexes between starts, and how a cached one is let back in. The
// cache is a file anything running as the user could have written, so it is data to check, never
// code to run: SQLite runs what a schema says (a view named like a table, a trigger), so a `meta`
// table replaced by a recursive view once held every start at full CPU. Here:
//   - the folders ctxforge makes ($XDG_CACHE_HOME/ctxforge and its index/) are made 0700, and an
//     existing one is used only when it is a real directory (no symbolic link followed), owned by
//     this user and writable by no one else; otherwise the index lives in memory for the run;
//   - a cache file is read only when it is a regular file (opened O_NOFOLLOW), owned by this user
//     and writable by no one else, and written 0600 through a fresh temp file renamed over it;
//   - its database is opened with trusted_schema off (read back: both engines honour it) and
//     accepted only when sqlite_schema holds exactly the objects ctxforge creates (names, types and
//     SQL, FTS5's shadow tables included: no view, trigger or other virtual table) and FTS5's config
//     is exactly its own; anything else is discarded, and the index rebuilt and written again.
import { closeSync, constants as fsc, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../core/atomic.js';
import { makeDirs } from '../core/dirs.js';
import { openBytes, openMemory, type SqliteDb } from '../core/sqlite.js';

function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(base, 'ctxforge', 'index');
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Why a folder or file at `path` (lstat'ed) cannot be trusted, or undefined. */
function distrust(st: { uid: number; mode: number }, what: string): string | undefined {
  // No owner or mode bits to judge where there is no uid (Windows).
  if (uid === undefined) return undefined;
  if (st.uid !== uid) return `${what} is owned by another user (uid ${st.uid})`;
  if (st.mode & 0o022) return `${what} is writable by ${st.mode & 0o020 ? 'its group' : 'others'} (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

/**
 * The index folder, made if missing (each folder ctxforge makes 0700), or why it is not used: a
 * symbolic link, not a directory, another user's, or writable by group or others. The folder
 * above ctxforge's own ($XDG_CACHE_HOME or ~/.cache) is the user's choice and is followed.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): { dir: string; why?: string } {
  const dir = cacheFolder(env);
  const own = dirname(dir);
  try {
    makeDirs(dirname(own), 0o700);
  } catch (e) {
    return { dir, why: `${dirname(own)} cannot be made (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  for (const d of [own, dir]) {
    let st;
    try {
      st = lstatSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { dir, why: `${d} cannot be read (${(e as NodeJS.ErrnoException).code})` };
      try { mkdirSync(d, 0o700); } catch (e2) { if ((e2 as NodeJS.ErrnoException).code !== 'EEXIST') return { dir, why: `${d} cannot be made (${(e2 as NodeJS.ErrnoException).code})` }; }
      st = lstatSync(d);
    }
    if (st.isSymbolicLink()) return { dir, why: `${d} is a symbolic link` };
    if (!st.isDirectory()) return { dir, why: `${d} is not a directory` };
    const bad = distrust(st, d);
    if (bad) return { dir, why: bad };
  }
  return { dir };
}

/** The cached image at `path`: a regular file (never through a link) of this user's that no one else can write, else undefined. */
export function readCached(path: string): Buffer | undefined {
  let fd: number;
  try {
    // Non-blocking: a FIFO in the file's place cannot hang the open.
    fd = openSync(path, fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || distrust(st, path)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Written 0600 through a fresh temp file (O_EXCL, O_NOFOLLOW) renamed over `path`, in `dir` only. */
export async function writeCached(path: string, bytes: Uint8Array, dir: string): Promise<void> {
  // A link in the file's place (in a folder only this user can write) is removed, never written through.
  try { if (lstatSync(path).isSymbolicLink()) unlinkSync(path); } catch { /* none there */ }
  await writeFileAtomic(path, bytes, 0o600, dir);
}

interface Shape { schema: string; config: string }
const shapes = new Map<string, Shape>();

const schemaOf = (db: SqliteDb) => JSON.stringify(db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all().map((r) => [r.type, r.name, r.tbl_name, r.sql]));
const configOf = (db: SqliteDb, fts: string) => JSON.stringify(db.prepare(`SELECT k, v FROM "${fts}_config" ORDER BY k`).all().map((r) => [r.k, r.v]));

/** The objects and FTS5 config an index made by `create` has, from an empty database made by it with this engine. */
function shapeOf(create: string, fts: string): Shape {
  let s = shapes.get(create);
  if (!s) {
    const db = openMemory();
    try {
      db.exec(create);
      s = { schema: schemaOf(db), config: configOf(db, fts) };
    } finally {
      db.close();
    }
    shapes.set(create, s);
  }
  return s;
}

/**
 * An index image as a database, when it holds exactly what `create` makes (the FTS5 table `fts`
 * with its shadow tables and config, and nothing else), opened with trusted_schema off (the caller
 * makes it query-only once its temp tables exist); undefined when it is anything else, or when
 * trusted_schema cannot be turned off. Nothing in the image is read before its schema is judged.
 */
export function openCachedIndex(bytes: Uint8Array, create: string, fts: string): SqliteDb | undefined {
  const want = shapeOf(create, fts);
  let db: SqliteDb;
  try {
    // Writable in memory (a copy: nothing goes back to the file) so the search can add its temp
    // tables; query_only is set once they exist.
    db = openBytes(bytes);
  } catch {
    return undefined;
  }
  try {
    db.exec('PRAGMA trusted_schema = OFF; PRAGMA cell_size_check = ON');
    if (Number(db.pragma('trusted_schema', { simple: true })) !== 0) throw new Error('trusted_schema stays on');
    if (schemaOf(db) !== want.schema) throw new Error('not the schema ctxforge creates');
    if (configOf(db, fts) !== want.config) throw new Error('not the FTS5 config ctxforge creates');
    return db;
  } catch {
    db.close();
    return undefined;
  }
}
