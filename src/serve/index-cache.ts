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
import { openBytes, openMemory, openSnapshot, type SqliteDb } from '../core/sqlite.js';
import { cachedFileProblem, copyCached, readCached, trustedCacheDir, userCacheFolder, writeCached } from '../core/user-cache.js';

export { copyCached, readCached, writeCached };

/** The index folder ($XDG_CACHE_HOME/ctxforge/index), made if missing, or why it is not used (src/core/user-cache.ts). */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): { dir: string; why?: string } {
  return trustedCacheDir(userCacheFolder('index', env));
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
  let db: SqliteDb;
  try {
    // Writable in memory (a copy: nothing goes back to the file) so the search can add its temp
    // tables; query_only is set once they exist.
    db = openBytes(bytes);
  } catch {
    return undefined;
  }
  return judged(db, create, fts);
}

/**
 * openCachedIndex for the cache file at `path`, without its image in memory: a private copy of it
 * (openSnapshot: the file opened without following a link, let in only as readCached lets a file
 * in, copied block by block into a 0700 folder of this process's), read-only, judged the same way.
 * The copy, not the cache file, is what the search reads for as long as it runs.
 */
export function openCachedIndexFile(path: string, create: string, fts: string): SqliteDb | undefined {
  let db: SqliteDb;
  try {
    db = openSnapshot(path, { maxBytes: Number.MAX_SAFE_INTEGER, accept: (st) => cachedFileProblem(st, path) });
  } catch {
    return undefined;
  }
  return judged(db, create, fts);
}

function judged(db: SqliteDb, create: string, fts: string): SqliteDb | undefined {
  const want = shapeOf(create, fts);
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
