// Builds a package's search index as its documents arrive, one at a time, in a database file of a
// private folder: SQLite's page cache, not the corpus, bounds what is in memory. Each block of
// documents (BLOCK, or fewer when their texts reach BLOCK_CHARS) is inserted into FTS5 and tallied for the stored terms' frequencies while it is at
// hand (term-scores.ts), all in one transaction, so a text is never held or read again once its block
// is in. The documents can come straight from the verifier (serve's start, issue 39): the build is
// then the verification's own pass, and a package that does not verify in the end has its
// unfinished index discarded (discard()). In memory only when no file can be made.
import { freeBytes } from '../core/release.js';
import { openMemory, openScratch, type SqliteDb } from '../core/sqlite.js';
import { TOKENIZER, type FtsTokens } from './fts-tokens.js';
import { COMMON_INSTANCES } from './search-cost.js';
import { TermTally, termScores } from './term-scores.js';

/** Everything an index holds: a cached image with any other object is not used. */
export const SCHEMA = `CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, tags, body, tokenize = '${TOKENIZER}');
    CREATE TABLE term_scores(term TEXT PRIMARY KEY, rowids BLOB NOT NULL, scores BLOB NOT NULL) WITHOUT ROWID;
    CREATE TABLE term_counts(term TEXT PRIMARY KEY, docs INTEGER NOT NULL, instances INTEGER NOT NULL) WITHOUT ROWID;`;

/**
 * Rows inserted, then their texts tallied, a block at a time: at most BLOCK rows and BLOCK_CHARS
 * characters of text. A block's texts stay in memory until it is flushed, long enough for V8 to
 * move them to the old generation, where they wait for a full collection as garbage and grow the
 * heap with them (issue 39: 256 rows of 4 KB texts, flushed by count only, took the start's peak
 * from ~260 to ~350 MB at 50,000 documents); the tally's batch of new pieces is what a larger
 * block saves, and it saves little past a few dozen texts.
 */
const BLOCK = 256;
const BLOCK_CHARS = 128 * 1024;

export class IndexBuilder {
  private readonly db: SqliteDb;
  /** The database file ('' when in memory). */
  readonly file: string;
  private readonly tally: TermTally;
  private readonly insert: ReturnType<SqliteDb['prepare']>;
  private readonly remove: ReturnType<SqliteDb['prepare']>;
  private block: { row: number; id: string; cols: [string, string, string] }[] = [];
  private blockChars = 0;
  private next = 1;
  private state: 'open' | 'finished' | 'discarded' = 'open';
  /** Wall time spent in the build's own steps, in ms (what `serve` reports as the index build). */
  ms = 0;

  constructor(private readonly tokens: FtsTokens) {
    const t0 = performance.now();
    let db: SqliteDb;
    let file = '';
    try {
      ({ db, path: file } = openScratch());
      // Nothing to recover: a build that fails is thrown away with its folder.
      // SQLite's default page cache (2 MiB), not better-sqlite3's 16: pages past it go to the file.
      db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -2000');
    } catch {
      db = openMemory();
      file = '';
    }
    try {
      db.exec(SCHEMA);
      db.exec('BEGIN');
      this.insert = db.prepare('INSERT INTO docs(rowid, id, title, tags, body) VALUES (?, ?, ?, ?, ?)');
      this.remove = db.prepare('DELETE FROM docs WHERE rowid = ?');
    } catch (e) {
      db.close();
      throw e;
    }
    this.db = db;
    this.file = file;
    this.tally = new TermTally(tokens);
    this.ms += performance.now() - t0;
  }

  /** A document's row: its columns (columnsOf) go into the index with the next block. */
  add(id: string, cols: [string, string, string]): number {
    const row = this.next++;
    this.block.push({ row, id, cols });
    this.blockChars += cols[0].length + cols[1].length + cols[2].length;
    if (this.block.length >= BLOCK || this.blockChars >= BLOCK_CHARS) this.flush();
    return row;
  }

  /** Takes a row added earlier out of the index again (a document id met twice: the later path is not served). */
  drop(row: number): void {
    this.flush();
    const t0 = performance.now();
    this.remove.run(row);
    this.tally.drop(row);
    this.ms += performance.now() - t0;
  }

  private flush(): void {
    if (this.state !== 'open') throw new Error('the index is no longer being built');
    if (!this.block.length) return;
    const t0 = performance.now();
    const block = this.block;
    this.block = [];
    this.blockChars = 0;
    for (const b of block) this.insert.run(b.row, b.id, ...b.cols);
    this.tally.addBlock(block.map((b) => b.cols));
    this.ms += performance.now() - t0;
  }

  /**
   * The finished index: FTS5 merged, the stored terms' scores and the common terms' counts
   * (search-cost.ts) computed from the tally, `meta` written. Terms in at least `min` documents have
   * their scores stored.
   */
  finish(meta: Record<string, string>, min: number): { db: SqliteDb; file: string } {
    this.flush();
    const t0 = performance.now();
    const { db } = this;
    try {
      db.exec('COMMIT');
      this.state = 'finished';
      db.exec("INSERT INTO docs(docs) VALUES ('optimize')");
      // One pass over the vocabulary: the terms whose scores are stored, and the common terms' counts
      // a search's budget is reckoned from (search-cost.ts).
      db.exec('CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, docs, row)');
      const vocab = db.prepare('SELECT term, doc, cnt FROM temp.vocab WHERE doc >= ? OR cnt >= ? ORDER BY term').all(min, COMMON_INSTANCES)
        .map((r) => ({ term: String(r.term), doc: Number(r.doc), cnt: Number(r.cnt) }));
      db.exec('DROP TABLE temp.vocab');
      db.transaction(() => {
        const counts = db.prepare('INSERT INTO term_counts(term, docs, instances) VALUES (?, ?, ?)');
        for (const v of vocab) if (v.cnt >= COMMON_INSTANCES) counts.run(v.term, v.doc, v.cnt);
        const store = db.prepare('INSERT INTO term_scores(term, rowids, scores) VALUES (?, ?, ?)');
        const all = termScores(db, this.tally, vocab.filter((v) => v.doc >= min), this.tokens);
        for (const t of all) {
          store.run(t.term, Buffer.from(t.rowids.buffer, t.rowids.byteOffset, t.rowids.byteLength), Buffer.from(t.scores.buffer, t.scores.byteOffset, t.scores.byteLength));
          // SQLite has its copy: the arrays' memory goes now, not when V8 next collects.
          freeBytes(t.rowids);
          freeBytes(t.scores);
        }
      })();
      const put = db.prepare('INSERT INTO meta(key, value) VALUES (?, ?)');
      for (const [k, v] of Object.entries(meta)) put.run(k, v);
      this.ms += performance.now() - t0;
      return { db, file: this.file };
    } catch (e) {
      this.discard();
      throw e;
    }
  }

  /** The unfinished (or failed) index and its private folder, gone. */
  discard(): void {
    if (this.state === 'discarded') return;
    this.state = 'discarded';
    this.block = [];
    this.db.close();
  }
}
