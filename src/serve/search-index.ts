// Full-text search over a package's documents: SQLite FTS5 ranked with BM25, through the project's
// SQLite layer (node:sqlite or better-sqlite3). One index per artifact digest, built once and
// cached as a database image in $XDG_CACHE_HOME/ctxforge/index/, rebuilt when the digest, the
// documents or INDEX_VERSION change. The index only ranks: every title, snippet and text a client
// receives comes from the verified documents in memory, so a cache file someone changed can at
// worst reorder results, never put words in a package's mouth.
import { lstatSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { warning, type Diagnostic } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/atomic.js';
import { openBytes, openMemory, type SqliteDb } from '../core/sqlite.js';
import type { ServedPackage } from './corpus.js';

/** Bump when the schema, tokenizer or what is indexed changes: every cached index is rebuilt. */
export const INDEX_VERSION = 1;
const WEIGHTS = { title: 10, tags: 5, body: 1 };

export interface SearchHit { id: string; score: number }

export interface PackageIndex {
  search(terms: string[], limit: number): SearchHit[];
  /** Built in this run (false: opened from the cache). */
  built: boolean;
  buildMs: number;
  cachePath: string;
  close(): void;
}

export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(base, 'ctxforge', 'index');
}

/** Query words: letters, digits and "_" runs (NFKC), each quoted, so no input is FTS5 syntax. */
export function queryTerms(query: string): string[] {
  return [...new Set((query.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []))].slice(0, 32);
}

function build(pkg: ServedPackage): SqliteDb {
  const db = openMemory();
  db.exec(`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, tags, body, tokenize = 'porter unicode61 remove_diacritics 2');`);
  const insert = db.prepare('INSERT INTO docs(id, title, tags, body) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (const d of pkg.docs) insert.run(d.id, d.title, (d.tags ?? []).join(' '), d.body);
  })();
  db.exec("INSERT INTO docs(docs) VALUES ('optimize')");
  const meta = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?)');
  for (const [k, v] of Object.entries(metaOf(pkg))) meta.run(k, v);
  return db;
}

const metaOf = (pkg: ServedPackage): Record<string, string> => ({
  index_version: String(INDEX_VERSION), artifact_sha256: pkg.sha256, documents_sha256: pkg.digest, documents: String(pkg.docs.length),
});

function fromCache(path: string, pkg: ServedPackage): SqliteDb | undefined {
  try {
    const st = lstatSync(path);
    if (!st.isFile()) return undefined;
    const db = openBytes(readFileSync(path), { readonly: true });
    try {
      const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
      const got = Object.fromEntries(rows.map((r) => [r.key, r.value]));
      const want = metaOf(pkg);
      if (Object.keys(want).every((k) => got[k] === want[k])) {
        db.prepare('SELECT count(*) AS n FROM docs').get();
        return db;
      }
    } catch { /* a damaged or foreign file is rebuilt */ }
    db.close();
  } catch { /* none, or unreadable: rebuilt */ }
  return undefined;
}

function wrap(db: SqliteDb, built: boolean, buildMs: number, cachePath: string): PackageIndex {
  const stmt = db.prepare(`SELECT id, bm25(docs, 0.0, ${WEIGHTS.title}, ${WEIGHTS.tags}, ${WEIGHTS.body}) AS score FROM docs WHERE docs MATCH ? ORDER BY score LIMIT ?`);
  return {
    built, buildMs, cachePath,
    search(terms, limit) {
      if (!terms.length) return [];
      const match = terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
      // bm25() is lower for better matches; report it as a positive relevance.
      return (stmt.all(match, limit) as { id: string; score: number }[]).map((r) => ({ id: String(r.id), score: -Number(r.score) }));
    },
    close: () => db.close(),
  };
}

/** The package's index: from the cache when it was built for exactly these documents, else built and cached. */
export async function openIndex(pkg: ServedPackage, env: NodeJS.ProcessEnv, notes: Diagnostic[]): Promise<PackageIndex> {
  const dir = cacheFolder(env);
  const path = join(dir, `${pkg.sha256}-v${INDEX_VERSION}.sqlite`);
  const cached = fromCache(path, pkg);
  if (cached) return wrap(cached, false, 0, path);
  const t0 = performance.now();
  const db = build(pkg);
  const ms = performance.now() - t0;
  try {
    await writeFileAtomic(path, db.serialize(), 0o600, dir);
  } catch (e) {
    notes.push(warning('CTXFORGE_SERVE_INDEX_CACHE', `the search index of ${pkg.name} was not cached (${(e as Error).message}); it is rebuilt at every start`, { file: path }));
  }
  return wrap(db, true, ms, path);
}
