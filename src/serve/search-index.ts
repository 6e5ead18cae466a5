// Full-text search over a package's documents: SQLite FTS5 ranked with BM25, through the project's
// SQLite layer (node:sqlite or better-sqlite3). One index per artifact digest, built once in a
// private database file (index-build.ts: at serve's start in the verifier's own pass, load-served.ts)
// and cached as a copy of it in $XDG_CACHE_HOME/ctxforge/index/,
// rebuilt when the digest, the documents or INDEX_VERSION change. The index ranks, and holds the
// texts served after start: every title and snippet comes from the verified documents, and a text
// read back from the index is served only when it matches the digest of the verified document
// (served-bodies.ts), so a file someone changed can at worst reorder results or refuse a document,
// never put words in a package's mouth.
//
// Why scores are summed here rather than by one FTS5 query: FTS5's bm25() scores every row a query
// matches before ORDER BY … LIMIT keeps the best, and a common word matches nearly every document
// (~1 µs a row: 30 ms a query at 50,000 documents). bm25() is a sum over the query's phrases, each
// summand depending only on that phrase (its IDF, its weighted frequency in the row, the row's
// length), so the index stores, for every term in at least STORED_MIN_DOCS documents, its summand
// for each row (term-scores.ts computes them from FTS5's own counts and checks them against
// bm25()), and a search adds the stored summands of its words in query order: the additions FTS5
// makes, so the same scores, bit for bit. A word without stored scores (rarer, or several tokens)
// is scored by FTS5 at query time, costing only its own matches. Ties are ordered by document id.
//
// A search's cost is bounded per call (search-cost.ts): words, tokens per word and steps are capped,
// and what a cap cut is in the stats the search returns. The cache is opened defensively
// (index-cache.ts): only an image holding exactly this schema is used.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { userCacheFolder } from '../core/user-cache.js';
import { warning, type Diagnostic } from '../core/diagnostics.js';
import type { SqliteDb } from '../core/sqlite.js';
import { compareUtf8 } from '../core/paths.js';
import type { ServedPackage } from './corpus.js';
import { FtsTokens } from './fts-tokens.js';
import { IndexBuilder, SCHEMA } from './index-build.js';
import { cacheDir, copyCached, openCachedIndexFile, writeCached } from './index-cache.js';
import { capped, COMMON_INSTANCES, MAX_QUERY_WORDS, phraseSteps, SEARCH_STEP_BUDGET, type TermCount } from './search-cost.js';
import { BM25, columnsOf } from './term-scores.js';
import { topK } from './top-k.js';

/** Bump when the schema, tokenizer or what is indexed changes: every cached index is rebuilt (3: term_counts; 4: documents_sha256 over each text's digest; 5: the description in the tags column). */
export const INDEX_VERSION = 5;
/**
 * A term in at least this many documents has its scores stored at build: FTS5 would score every one
 * of those rows at each query (~1 ms a thousand), while a stored term costs a copy and an addition.
 */
export const STORED_MIN_DOCS = 1000;

export interface SearchHit { id: string; score: number }

/** What one search spent, and which words a cap cut (search-cost.ts). */
export interface SearchStats {
  /** Steps counted, never more than `budget`. */
  steps: number;
  budget: number;
  /** Phrases asked of FTS5 (the rest were stored scores, or could match nothing). */
  phrases: number;
  /** Words searched by their first MAX_PHRASE_TOKENS tokens only. */
  shortened: string[];
  /** Words not searched: over the step budget, or over the token cap within one `_`-separated piece. */
  skipped: { word: string; why: 'budget' | 'tokens' }[];
}

export interface PackageIndex {
  search(terms: string[], limit: number): SearchHit[];
  /** The same search with what it cost and what was cut. */
  searchWithStats(terms: string[], limit: number): { hits: SearchHit[]; stats: SearchStats };
  /** The rows holding a token (FTS5's count), for the ranking's second stage (rerank.ts). */
  docFreq(token: string): number;
  /** Documents indexed. */
  docCount: number;
  /** FTS5's tokens of each text (the index's own tokenizer: porter stems). */
  tokensOf(texts: string[]): string[][];
  /** Built in this run (false: opened from the cache). */
  built: boolean;
  buildMs: number;
  /** Where the index is (or, when the folder is not used, would be) cached. */
  cachePath: string;
  /** Terms whose per-document scores the index stores. */
  storedTerms: number;
  /** The row of each of the package's documents, in `docs` order (0: none). */
  rows: Int32Array;
  /** The text of row `row` as the index's file holds it now: served-bodies.ts checks it before it is served. */
  readBody(row: number): unknown;
  /** The database file the search reads: the private one built here; for an index from the cache, the cache file its private copy was made from at start; '' when in memory. */
  file: string;
  close(): void;
}

export interface IndexOptions {
  /** STORED_MIN_DOCS unless set (tests use small packages). */
  storedMinDocs?: number;
}

const WORD = /[\p{L}\p{N}_]+/gu;

/**
 * Query words: letters, digits and "_" runs (NFKC), each quoted, so no input is FTS5 syntax; the
 * first MAX_QUERY_WORDS distinct ones, and how many more there were.
 */
export function parseQuery(query: string): { terms: string[]; dropped: number } {
  const all = [...new Set((query.normalize('NFKC').toLowerCase().match(WORD) ?? []))];
  return { terms: all.slice(0, MAX_QUERY_WORDS), dropped: Math.max(0, all.length - MAX_QUERY_WORDS) };
}

export const queryTerms = (query: string): string[] => parseQuery(query).terms;

const phraseOf = (word: string) => `"${word.replace(/"/g, '""')}"`;

const metaOf = (pkg: ServedPackage, min: number): Record<string, string> => ({
  index_version: String(INDEX_VERSION), artifact_sha256: pkg.sha256, documents_sha256: pkg.digest, documents: String(pkg.docs.length), stored_min_docs: String(min),
});

/** The keys of `meta` a cached index must hold before the documents are known (serve checks them before verifying). */
const ARTIFACT_KEYS = ['index_version', 'artifact_sha256', 'stored_min_docs'];

/**
 * The cached index at `path` when it was built by this INDEX_VERSION for the artifact `sha256` with
 * `min` (index-cache.ts's checks first): whether it holds exactly the verified documents is decided
 * by cachedFor once they are known.
 */
export function cachedCandidate(path: string, sha256: string, min: number): SqliteDb | undefined {
  const db = openCachedIndexFile(path, SCHEMA, 'docs');
  if (!db) return undefined;
  try {
    const got = metaRows(db);
    const want: Record<string, string> = { index_version: String(INDEX_VERSION), artifact_sha256: sha256, stored_min_docs: String(min) };
    if (ARTIFACT_KEYS.every((k) => got[k] === want[k])) return db;
  } catch { /* a damaged or foreign file is rebuilt */ }
  db.close();
  return undefined;
}

const metaRows = (db: SqliteDb): Record<string, string> => Object.fromEntries((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));

/** Does a cached index hold exactly `pkg`'s documents (its meta, and one row for each document)? */
function cachedFor(db: SqliteDb, pkg: ServedPackage, min: number): boolean {
  try {
    const got = metaRows(db);
    const want = metaOf(pkg, min);
    // FTS5's content table itself (the schema is checked to be exactly FTS5's): a scan of the
    // virtual table would read every row's text to count them. Rows need not be 1..n (a build that
    // dropped a twice-met id has a gap); each document's row is found by its id (wrap).
    const size = db.prepare('SELECT count(*) AS n FROM docs_content').get() as { n: number };
    db.prepare('SELECT count(*) AS n FROM term_scores').get();
    if (!Object.keys(want).every((k) => got[k] === want[k]) || Number(size.n) !== pkg.docs.length) return false;
    const ids = new Set(db.prepare('SELECT c0 AS id FROM docs_content').all().map((x) => String(x.id)));
    return pkg.docs.every((d) => ids.has(d.id));
  } catch {
    return false;
  }
}

function fromCache(path: string, pkg: ServedPackage, min: number): SqliteDb | undefined {
  const db = cachedCandidate(path, pkg.sha256, min);
  if (db && cachedFor(db, pkg, min)) return db;
  db?.close();
  return undefined;
}

/**
 * A stored blob as a typed array: a view of the blob's own memory when SQLite's copy of it is
 * aligned for one (a blob read alone is its own buffer), else a copy (a blob's bytes need not be).
 */
function typed<T extends Int32Array | Float64Array>(blob: unknown, Kind: { new(b: ArrayBuffer, offset?: number, length?: number): T; BYTES_PER_ELEMENT: number }): T | undefined {
  if (!(blob instanceof Uint8Array) || blob.byteLength % Kind.BYTES_PER_ELEMENT) return undefined;
  const n = blob.byteLength / Kind.BYTES_PER_ELEMENT;
  if (blob.buffer instanceof ArrayBuffer && blob.byteOffset % Kind.BYTES_PER_ELEMENT === 0) return new Kind(blob.buffer, blob.byteOffset, n);
  return new Kind(new Uint8Array(blob).buffer);
}

interface Stored { rowids: Int32Array; scores: Float64Array }
// 16 MiB: a fixed part of serve's memory whatever the package's size (64 MiB before, 45 MB of it
// used at 100,000 documents; issue 39). A stored term not kept is decoded again from the index file
// when a search asks for it (~1 ms at 100,000 documents).
const STORED_CACHE_BYTES = 16 << 20;

/** The rows one search has touched and their running sums (plain loops: fast from the first call). */
class Sums {
  readonly acc: Float64Array;
  readonly touched: Int32Array;
  private readonly stamp: Uint32Array;
  private epoch = 0;
  n = 0;
  constructor(readonly max: number) {
    this.acc = new Float64Array(max + 1);
    this.stamp = new Uint32Array(max + 1);
    this.touched = new Int32Array(max + 1);
  }
  reset() {
    if (++this.epoch === 0xffffffff) { this.stamp.fill(0); this.epoch = 1; }
    this.n = 0;
  }
  /** acc starts at 0 and takes each word's term in query order: FTS5's own additions. */
  add(r: number, s: number) {
    if (!(r >= 1 && r <= this.max)) return;
    if (this.stamp[r] !== this.epoch) { this.stamp[r] = this.epoch; this.acc[r] = 0; this.touched[this.n++] = r; }
    this.acc[r] += s;
  }
  addAll(rowids: Int32Array, scores: Float64Array) {
    const { acc, stamp, touched, epoch, max } = this;
    let n = this.n;
    for (let i = 0; i < rowids.length; i++) {
      const r = rowids[i]!;
      if (!(r >= 1 && r <= max)) continue;
      if (stamp[r] !== epoch) { stamp[r] = epoch; acc[r] = 0; touched[n++] = r; }
      acc[r] += scores[i]!;
    }
    this.n = n;
  }
}

/**
 * The index's rows in id order: each row's id (the served document's own string where it is one: not a
 * second copy of every id for the server's life), its rank in that order (equal scores are ordered by
 * it), and each document's row. Read as two parallel arrays, not an object a row, and matched to the
 * documents by merging two orders by id rather than through a map of every id (issue 39: ~27 MB of
 * heap at 100,000 rows, at the top of serve's start); in a function of its own, so that nothing it
 * sorts with lives on in the search's closures.
 */
function rowOrder(db: SqliteDb, pkg: ServedPackage): { ids: string[]; rank: Int32Array; docRows: Int32Array; count: number; max: number } {
  // The ids from FTS5's content table (c0 is the id column): not the text of every row, as a scan of the virtual table would.
  const rowIds: number[] = [];
  const rowKeys: string[] = [];
  for (const x of db.prepare('SELECT id AS r, c0 AS id FROM docs_content').iterate()) {
    const id = String(x.id);
    rowIds.push(Number(x.r));
    rowKeys.push(pkg.byId.get(id)?.id ?? id);
  }
  const count = rowIds.length;
  const max = rowIds.reduce((m, r) => Math.max(m, r), 0);
  const ids: string[] = new Array(max + 1).fill('');
  const rank = new Int32Array(max + 1);
  const byId = Array.from({ length: count }, (_, i) => i).sort((a, b) => compareUtf8(rowKeys[a]!, rowKeys[b]!) || rowIds[a]! - rowIds[b]!);
  byId.forEach((j, i) => { ids[rowIds[j]!] = rowKeys[j]!; rank[rowIds[j]!] = i; });
  // Each document's row, by its id (ids are unique in a package: corpus.ts keeps one document an id):
  // the documents in id order walked beside the rows in id order.
  const docRows = new Int32Array(pkg.docs.length);
  const docsById = Array.from({ length: pkg.docs.length }, (_, i) => i).sort((a, b) => compareUtf8(pkg.docs[a]!.id, pkg.docs[b]!.id));
  for (let i = 0, j = 0; i < docsById.length; i++) {
    const id = pkg.docs[docsById[i]!]!.id;
    while (j < count && compareUtf8(rowKeys[byId[j]!]!, id) < 0) j++;
    if (j < count && rowKeys[byId[j]!] === id) {
      // An id in more than one row (a cache someone edited) is served from its last, as before.
      let k = j;
      while (k + 1 < count && rowKeys[byId[k + 1]!] === id) k++;
      docRows[docsById[i]!] = rowIds[byId[k]!]!;
    }
  }
  return { ids, rank, docRows, count, max };
}

function wrap(db: SqliteDb, pkg: ServedPackage, tokens: FtsTokens, built: boolean, buildMs: number, cachePath: string, file: string): PackageIndex {
  // SQLite's default page cache (2 MiB), not better-sqlite3's 16: the index file's pages stay in
  // the system's cache, which a search reads through as fast (issue 39).
  db.exec('PRAGMA cache_size = -2000');
  const phrase = db.prepare(`SELECT rowid AS r, ${BM25} AS s FROM docs WHERE docs MATCH ?`);
  // From FTS5's content table itself (c3 is the body column; the schema is checked): a plain row lookup.
  const body = db.prepare('SELECT c3 AS body FROM docs_content WHERE id = ?');
  const stored = db.prepare('SELECT rowids, scores FROM term_scores WHERE term = ?');
  const storedTerms = Number((db.prepare('SELECT count(*) AS n FROM term_scores').get() as { n: number }).n);
  const { ids, rank, docRows, count, max } = rowOrder(db, pkg);
  const sums = new Sums(max);
  // Decoded stored terms, the most recently used kept up to STORED_CACHE_BYTES: a repeated word
  // costs no copy, and a search allocates nothing large.
  const decoded = new Map<string, Stored | null>();
  let decodedBytes = 0;
  const storedScores = (term: string): Stored | undefined => {
    let v = decoded.get(term);
    if (v === undefined) {
      const row = stored.get(term);
      const rowids = row && typed(row.rowids, Int32Array);
      const scores = row && typed(row.scores, Float64Array);
      // A cache file someone edited can reorder results, never break them: no NaN or infinity is summed.
      v = rowids && scores && rowids.length === scores.length && scores.every(Number.isFinite) ? { rowids, scores } : null;
      decodedBytes += v ? v.rowids.byteLength + v.scores.byteLength : 0;
      for (const [k, old] of decoded) {
        if (decodedBytes <= STORED_CACHE_BYTES) break;
        decoded.delete(k);
        decodedBytes -= old ? old.rowids.byteLength + old.scores.byteLength : 0;
      }
    } else decoded.delete(term);
    decoded.set(term, v);
    return v ?? undefined;
  };
  // FTS5's counts of each token (rows, instances), known before a phrase is asked: a common
  // token's stored at build (term_counts), a rare one's counted by FTS5 when a search needs it
  // (fewer than COMMON_INSTANCES instances to count). The temp table is this connection's, never the file's.
  db.exec('CREATE VIRTUAL TABLE temp.vocab_rows USING fts5vocab(main, docs, row)');
  const common = db.prepare('SELECT docs, instances FROM term_counts WHERE term = ?');
  const rare = db.prepare('SELECT doc, cnt FROM temp.vocab_rows WHERE term = ?');
  // A copy in memory, nothing goes back to the file: from here no statement may write (index-cache.ts).
  db.exec('PRAGMA query_only = ON');
  const searchWithStats = (terms: string[], limit: number) => {
    const stats: SearchStats = { steps: 0, budget: SEARCH_STEP_BUDGET, phrases: 0, shortened: [], skipped: [] };
    const fits = (n: number) => stats.steps + n <= stats.budget;
    sums.reset();
    const asked = new Set<string>();
    const counted = new Map<string, TermCount>();
    /** A token's counts, or undefined when counting it could pass the budget. */
    const countOf = (t: string): TermCount | undefined => {
      const known = counted.get(t);
      if (known) return known;
      const stored = common.get(t);
      if (stored) {
        // Counts from a cache someone edited can only make a word cost the whole budget, never less than nothing.
        const ok = (x: unknown) => Number.isSafeInteger(Number(x)) && Number(x) >= 0;
        const v = ok(stored.docs) && ok(stored.instances) ? { doc: Number(stored.docs), cnt: Number(stored.instances) } : { doc: stats.budget, cnt: stats.budget };
        counted.set(t, v);
        return v;
      }
      if (!fits(COMMON_INSTANCES)) return undefined;
      const r = rare.get(t);
      const c = { doc: Number(r?.doc ?? 0), cnt: Number(r?.cnt ?? 0) };
      stats.steps += c.cnt + 1;
      counted.set(t, c);
      return c;
    };
    for (const t of terms) {
      const w = capped(t, tokens);
      if (!w) { stats.skipped.push({ word: t, why: 'tokens' }); continue; }
      if (w.cut) stats.shortened.push(t);
      // Two long words cut to the same prefix are one phrase.
      if (asked.has(w.text)) continue;
      asked.add(w.text);
      const k = w.tokens;
      // A word FTS5 makes no token of is a phrase that matches and scores nothing.
      if (!k.length) continue;
      const v = k.length === 1 ? storedScores(k[0]!) : undefined;
      if (v) {
        if (!fits(v.rowids.length)) { stats.skipped.push({ word: t, why: 'budget' }); continue; }
        stats.steps += v.rowids.length;
        sums.addAll(v.rowids, v.scores);
        continue;
      }
      const counts: TermCount[] = [];
      for (const x of k) {
        const c = countOf(x);
        if (!c) break;
        counts.push(c);
      }
      if (counts.length < k.length) { stats.skipped.push({ word: t, why: 'budget' }); continue; }
      // A token in no row: the phrase matches nothing, and FTS5 need not be asked.
      if (counts.some((c) => c.doc === 0)) continue;
      const cost = phraseSteps(counts);
      if (!fits(cost)) { stats.skipped.push({ word: t, why: 'budget' }); continue; }
      stats.steps += cost;
      stats.phrases++;
      for (const x of phrase.iterate(phraseOf(w.text))) sums.add(Number(x.r), -Number(x.s));
    }
    const hits = topK(sums.touched, sums.n, sums.acc, rank, limit).map((r) => ({ id: ids[r]!, score: sums.acc[r]! }));
    return { hits, stats };
  };
  const docFreq = (t: string) => {
    const c = common.get(t);
    if (c) return Number.isSafeInteger(Number(c.docs)) ? Math.max(0, Number(c.docs)) : 0;
    return Number(rare.get(t)?.doc ?? 0);
  };
  const index: PackageIndex = {
    built, buildMs, cachePath, storedTerms, docFreq, docCount: count, file, rows: docRows,
    readBody: (row) => body.get(row)?.body,
    tokensOf: (texts) => tokens.many(texts),
    searchWithStats,
    search: (terms, limit) => (terms.length ? searchWithStats(terms, limit).hits : []),
    close: () => { db.close(); tokens.close(); },
  };
  // Paid at start rather than by the first searches: the stored terms decoded (as many as the
  // decoded cache holds, most documents first) and the search's loops compiled by a few runs.
  const all = db.prepare('SELECT term FROM term_scores ORDER BY length(rowids) DESC, term').all().map((r) => String(r.term));
  for (const t of all) { storedScores(t); if (decodedBytes >= STORED_CACHE_BYTES) break; }
  for (let i = 0; i < 3; i++) index.search(all.slice(i, i + 3), 10);
  return index;
}

/** Where `pkg`'s index is cached ($XDG_CACHE_HOME/ctxforge/index/<artifact sha256>-v<INDEX_VERSION>.sqlite), or why the folder is not used. */
export function indexCachePath(sha256: string, env: NodeJS.ProcessEnv): { dir: string; path: string; why?: string } {
  const { dir, why } = cacheDir(env);
  return { dir, path: join(dir, `${sha256}-v${INDEX_VERSION}.sqlite`), ...(why ? { why } : {}) };
}

/**
 * The cached index of the artifact `sha256`, opened before its documents are known (cachedCandidate),
 * when there is one; nothing is made on the way (the cache folders are made only when an index is
 * written: a package refused at start leaves no trace in the cache).
 */
export function cachedCandidateOf(sha256: string, env: NodeJS.ProcessEnv, min: number): SqliteDb | undefined {
  if (!existsSync(join(userCacheFolder('index', env), `${sha256}-v${INDEX_VERSION}.sqlite`))) return undefined;
  const { path, why } = indexCachePath(sha256, env);
  return why ? undefined : cachedCandidate(path, sha256, min);
}

export const storedMinOf = (o: IndexOptions): number => Math.max(1, Math.floor(o.storedMinDocs ?? STORED_MIN_DOCS));

/**
 * The package's index: from the cache when it was built for exactly these documents (and the cache
 * passes index-cache.ts's checks), else built from `pkg.docs` (their texts in memory) and cached;
 * kept for the run only, with a warning, when the cache folder is not one to trust or cannot be written.
 */
export async function openIndex(pkg: ServedPackage, env: NodeJS.ProcessEnv, notes: Diagnostic[], o: IndexOptions = {}): Promise<PackageIndex> {
  const min = storedMinOf(o);
  const where = indexCachePath(pkg.sha256, env);
  const tokens = new FtsTokens();
  const cached = where.why ? undefined : fromCache(where.path, pkg, min);
  if (cached) return wrap(cached, pkg, tokens, false, 0, where.path, where.path);
  const builder = new IndexBuilder(tokens);
  try {
    for (const d of pkg.docs) builder.add(d.id, columnsOf(d));
  } catch (e) {
    builder.discard();
    tokens.close();
    throw e;
  }
  return finishIndex(pkg, builder, tokens, env, notes, o);
}

/**
 * An index whose documents were all given to `builder` (serve gives them as the verifier reads
 * them: load-served.ts), finished for the verified package `pkg` and copied to the cache.
 */
export async function finishIndex(pkg: ServedPackage, builder: IndexBuilder, tokens: FtsTokens, env: NodeJS.ProcessEnv, notes: Diagnostic[], o: IndexOptions = {}): Promise<PackageIndex> {
  const min = storedMinOf(o);
  const { dir, path, why } = indexCachePath(pkg.sha256, env);
  let db: SqliteDb;
  let file: string;
  try {
    ({ db, file } = builder.finish(metaOf(pkg, min), min));
  } catch (e) {
    tokens.close();
    throw e;
  }
  const ms = builder.ms;
  if (why) {
    // One warning for the folder, however many packages are served.
    const message = `the search index cache is not used: ${why}; search indexes are built for each run only, in a private temporary folder`;
    if (!notes.some((n) => n.code === 'CTXFORGE_SERVE_INDEX_CACHE' && n.message === message)) {
      notes.push(warning('CTXFORGE_SERVE_INDEX_CACHE', message, { file: dir, hint: 'make the folder yours and private (chmod 700), or remove it (serve makes it again), or set XDG_CACHE_HOME to a private folder' }));
    }
    return wrap(db, pkg, tokens, true, ms, path, file);
  }
  try {
    // A copy of the built file goes to the cache; the search goes on reading its own.
    if (file) await copyCached(path, file, dir);
    else await writeCached(path, db.serialize(), dir);
  } catch (e) {
    notes.push(warning('CTXFORGE_SERVE_INDEX_CACHE', `the search index of ${pkg.name} was not cached (${(e as Error).message}); it is rebuilt at every start`, { file: path }));
  }
  return wrap(db, pkg, tokens, true, ms, path, file);
}

/**
 * A cached index opened before the documents were known (cachedCandidate), when it holds exactly
 * `pkg`'s documents; undefined (and closed) otherwise.
 */
export function openCandidate(db: SqliteDb, pkg: ServedPackage, env: NodeJS.ProcessEnv, o: IndexOptions = {}): PackageIndex | undefined {
  const min = storedMinOf(o);
  if (!cachedFor(db, pkg, min)) { db.close(); return undefined; }
  const { path } = indexCachePath(pkg.sha256, env);
  return wrap(db, pkg, new FtsTokens(), false, 0, path, path);
}
