// run-tests: alone — measures this process's array buffers while the index is finished; another file's leftovers would count.
// The stored terms' scores are computed one term at a time as they are stored (issue 39): before,
// every stored term's row ids, frequencies and scores were made at once and then stored — at
// 100,000 documents, ~100 MB more at the end of serve's start for the bench's 63 stored terms.
// Fails on that code: every term's arrays are alive at the first store.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IndexBuilder } from '../../src/serve/index-build.js';
import { FtsTokens } from '../../src/serve/fts-tokens.js';
import type { SqliteDb } from '../../src/core/sqlite.js';

const WORDS = Array.from({ length: 40 }, (_, i) => `common${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);

test('the stored terms\' scores are made and stored one term at a time, the same scores either way', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const tokens = new FtsTokens();
  const builder = new IndexBuilder(tokens);
  const rows = 20_000;
  for (let i = 0; i < rows; i++) builder.add(`doc-${i}`, [`Title ${i}`, '', `${WORDS.join(' ')} unique${i} ${WORDS[i % 40]}`]);
  const db = (builder as unknown as { db: SqliteDb }).db;
  const prepare = db.prepare.bind(db);
  let peak = 0;
  let stores = 0;
  (db as { prepare: SqliteDb['prepare'] }).prepare = (sql: string) => {
    const st = prepare(sql);
    if (!/INSERT INTO term_scores/.test(sql)) return st;
    const run = st.run.bind(st);
    return Object.assign(Object.create(st) as typeof st, { run: (...a: unknown[]) => { gc(); peak = Math.max(peak, process.memoryUsage().arrayBuffers); stores++; return run(...a); } });
  };
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
