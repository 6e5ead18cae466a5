// run-tests: alone — measures this process's array buffers while the index is finished; another file's leftovers would count.
// The stored terms' scores are computed one term at a time as they are stored (issue 39): before,
// every stored term's row ids, frequencies and scores were made at once and then stored — at
// 100,000 documents, ~100 MB more at the end of serve's start for the bench's 63 stored terms.
// Fails on that code: every term's arrays are alive at the first store. And the search keeps at
// most 16 MiB of stored terms decoded (64 before), decoding a term again when it is asked for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IndexBuilder } from '../../src/serve/index-build.js';
import { FtsTokens } from '../../src/serve/fts-tokens.js';
import type { SqliteDb } from '../../src/core/sqlite.js';
import { PackageIntake } from '../../src/serve/corpus.js';
import { finishIndex } from '../../src/serve/search-index.js';
import { tmpDir } from '../helpers/tmp.js';

const WORDS = Array.from({ length: 40 }, (_, i) => `common${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);

/** A builder of `rows` documents whose every store of a term's scores calls `onStore` first. */
function builderWithStores(rows: number, onStore: () => void): { builder: IndexBuilder; tokens: FtsTokens } {
  const tokens = new FtsTokens();
  const builder = new IndexBuilder(tokens);
  for (let i = 0; i < rows; i++) builder.add(`doc-${i}`, [`Title ${i}`, '', `${WORDS.join(' ')} unique${i} ${WORDS[i % 40]}`]);
  const db = (builder as unknown as { db: SqliteDb }).db;
  const prepare = db.prepare.bind(db);
  (db as { prepare: SqliteDb['prepare'] }).prepare = (sql: string) => {
    const st = prepare(sql);
    if (!/INSERT INTO term_scores/.test(sql)) return st;
    const run = st.run.bind(st);
    return Object.assign(Object.create(st) as typeof st, { run: (...a: unknown[]) => { onStore(); return run(...a); } });
  };
  return { builder, tokens };
}

test('the stored terms\' scores are made and stored one term at a time, the same scores either way', () => {
  setFlagsFromString('--expose-gc');
  // Array buffers are otherwise swept on another thread after a collection: counted when freed, not when dead.
  setFlagsFromString('--no-concurrent-array-buffer-sweeping');
  const gc = runInNewContext('gc') as () => void;
  const rows = 20_000;
  let peak = 0;
  let stores = 0;
  const { builder, tokens } = builderWithStores(rows, () => { gc(); peak = Math.max(peak, process.memoryUsage().arrayBuffers); stores++; });
  gc();
  const before = process.memoryUsage().arrayBuffers;
  const { db: done } = builder.finish({}, 1000);
  assert.equal(stores, 41, 'each common word is stored, and "title"');
  // One term's arrays: 20,000 rows × (4 + 8) bytes = 240 KB; all of them at once: 9.8 MB.
  const held = peak - before;
  assert.ok(held < 2 * 1024 * 1024, `${(held / 1048576).toFixed(1)} MB of arrays alive while storing`);
  // The stored scores are bm25()'s own: checked on one term against FTS5, every row.
  const stored = done.prepare('SELECT rowids, scores FROM term_scores WHERE term = ?').get(WORDS[7]!) as { rowids: Uint8Array; scores: Uint8Array };
  const ids = new Int32Array(new Uint8Array(stored.rowids).buffer);
  const scores = new Float64Array(new Uint8Array(stored.scores).buffer);
  assert.equal(ids.length, rows);
  const want = new Map((done.prepare(`SELECT rowid AS r, bm25(docs, 0.0, 10, 5, 1) AS s FROM docs WHERE docs MATCH ?`).all(WORDS[7]!) as Array<{ r: number; s: number }>).map((r) => [Number(r.r), -Number(r.s)]));
  for (let j = 0; j < ids.length; j++) assert.equal(scores[j], want.get(ids[j]!));
  done.close();
  tokens.close();
});

test('the opened search keeps at most 16 MiB of stored terms decoded, and answers a term it let go the same', async () => {
  setFlagsFromString('--expose-gc');
  setFlagsFromString('--no-concurrent-array-buffer-sweeping');
  const gc = runInNewContext('gc') as () => void;
  const tokens = new FtsTokens();
  const builder = new IndexBuilder(tokens);
  const intake = new PackageIntake(builder, false);
  // 41 stored terms in 45,000 rows: 22 MB of row ids and scores in all.
  for (let i = 0; i < 45_000; i++) intake.add({ id: `d${i}`, path: `p/${i}.md`, title: `Title ${i}`, body: `${WORDS.join(' ')} unique${i} ${WORDS[i % 40]}` });
  const pkg = intake.finish({ name: 'kb', version: '1.0.0', format: 'acx', sha256: 'e'.repeat(64), source: 'kb.acx', signer: { key_id: null, trust: 'pinned' } }, []);
  gc();
  const before = process.memoryUsage().arrayBuffers;
  const index = await finishIndex(pkg, builder, tokens, { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cap-') }, [], { storedMinDocs: 1000 });
  try {
    assert.equal(index.storedTerms, 41);
    gc();
    const held = process.memoryUsage().arrayBuffers - before;
    assert.ok(held < 18 * 1024 * 1024, `${(held / 1048576).toFixed(1)} MB held by the opened search`);
    // Every stored term asked for in turn (each evicting another), then the first again: the same answer.
    const first = index.search([WORDS[0]!, WORDS[1]!], 10);
    for (const w of WORDS) assert.equal(index.search([w], 5).length, 5);
    assert.deepEqual(index.search([WORDS[0]!, WORDS[1]!], 10), first);
    assert.equal(first.length, 10);
  } finally {
    index.close();
  }
});

// And each one's memory goes as soon as it is stored, not at V8's next collection: with no
// collection at all, what is alive at each store stays within about one term's arrays (before,
// every term computed so far was still there: 41 terms of 20,000 rows, ~10 MB and the check's
// copies besides; at 100,000 documents +46 MB outside the heap at the end of serve's start).
test('each stored term\'s arrays are freed once stored: no collection needed to keep them from piling up', () => {
  let most = 0;
  let stores = 0;
  let base = 0;
  const { builder, tokens } = builderWithStores(20_000, () => { most = Math.max(most, process.memoryUsage().arrayBuffers - base); stores++; });
  base = process.memoryUsage().arrayBuffers;
  const { db: done } = builder.finish({}, 1000);
  assert.equal(stores, 41);
  assert.ok(most < 2 * 1024 * 1024, `${(most / 1048576).toFixed(1)} MB of arrays alive at a store, no collection asked for`);
  done.close();
  tokens.close();
});

// The opened search reads each row's id once, into two arrays, and matches rows to documents by
// merging two orders by id (issue 39): before, an object a row and a map of every id were alive
// together at the top of serve's start (~27 MB of heap at 100,000 documents). Counted with
// v8.queryObjects (a full collection first) between the ids' read and the stored terms' warm-up
// that follows it; fails on that code (20,000 objects a row alive), and every document keeps its row.
test('the opened search orders its rows without an object a row, and finds every document\'s row', async () => {
  const { queryObjects } = await import('node:v8');
  const count = () => queryObjects(Object, { format: 'count' }) as unknown as number;
  const tokens = new FtsTokens();
  const builder = new IndexBuilder(tokens);
  const intake = new PackageIntake(builder, false);
  const rows = 20_000;
  // Ids out of path order, so the two orders differ.
  for (let i = 0; i < rows; i++) intake.add({ id: `d${(i * 7919) % rows}`, path: `p/${i}.md`, title: `Title ${i}`, body: `${WORDS.slice(0, 5).join(' ')} unique${i}` });
  const pkg = intake.finish({ name: 'kb', version: '1.0.0', format: 'acx', sha256: 'f'.repeat(64), source: 'kb.acx', signer: { key_id: null, trust: 'pinned' } }, []);
  const db = (builder as unknown as { db: SqliteDb }).db;
  const prepare = db.prepare.bind(db);
  const seen: number[] = [];
  (db as { prepare: SqliteDb['prepare'] }).prepare = (sql: string) => {
    if (/FROM docs_content$/.test(sql) || /^SELECT term FROM term_scores ORDER BY/.test(sql)) seen.push(count());
    return prepare(sql);
  };
  const index = await finishIndex(pkg, builder, tokens, { ...process.env, XDG_CACHE_HOME: tmpDir('serve-rows-') }, [], { storedMinDocs: 1000 });
  try {
    assert.equal(seen.length, 2, 'the ids are read, then the stored terms warmed up');
    assert.ok(seen[1]! - seen[0]! < 2_000, `${seen[1]! - seen[0]!} more objects alive after the rows were ordered (${rows} rows)`);
    assert.equal(index.docCount, rows);
    // Each document's row holds that document: its text read back by the row is the document's.
    for (const i of [0, 1, 777, rows - 1]) assert.match(index.readBody(index.rows[i]!)!, new RegExp(`unique${pkg.docs[i]!.path.slice(2, -3)}$`));
    // The best of equal scores is the smallest id (their order): d0, d1, d10 … for a word every row holds.
    assert.deepEqual(index.search([WORDS[0]!], 3).map((h) => h.id), ['d0', 'd1', 'd10']);
  } finally {
    index.close();
  }
});
