// The search's first stage (the candidates the second, rerank.ts, orders by fields: its own tests
// are in tools.test.ts and bench/relevance) is FTS5's BM25 over title, tags and text with their
// column weights, bit for bit, whether a word's scores were stored at build or asked of FTS5 at
// query time; ties are ordered by document id, never by the engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openFile } from '../../src/core/sqlite.js';
import { servedPackage } from '../../src/serve/corpus.js';
import { openIndex, queryTerms } from '../../src/serve/search-index.js';
import { tmpDir } from '../helpers/tmp.js';
import type { Doc } from '../../src/format.js';

const WORDS = 'release released releases build builder cache caching tree trees graph index indexes vault key keys signature signing policy policies agent'.split(' ');

/** A seeded corpus whose small vocabulary puts most words in most documents. */
function corpus(n: number): Doc[] {
  let s = 7;
  const next = () => { s = (s * 1103515245 + 12345) % 2147483648; return s; };
  const words = (k: number) => Array.from({ length: k }, () => WORDS[(next() >> 16) % WORDS.length]).join(' ');
  return Array.from({ length: n }, (_, i) => ({
    id: `doc-${String((i * 37) % n).padStart(4, '0')}`, path: `p/${String(i).padStart(4, '0')}.md`,
    title: `${words(3)} ${i}`, body: `# ${words(2)}\n\n${words(20 + ((next() >> 16) % 60))}. tree_cache, Caching!\n`, ...(i % 3 ? { tags: [WORDS[i % WORDS.length]!] } : {}),
  }));
}

async function indexed(docs: Doc[], storedMinDocs: number) {
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-rank-') };
  const pkg = servedPackage({ name: 'k', version: '1.0.0', format: 'octx', sha256: 'd'.repeat(64), source: 'k.octx', signer: { key_id: null, trust: 'pinned' } }, docs, []);
  return { pkg, index: await openIndex(pkg, env, [], { storedMinDocs }) };
}

test('stored scores and FTS5 query-time scores give the same ranking as one FTS5 bm25() OR query, to the bit', async () => {
  const docs = corpus(400);
  const { index } = await indexed(docs, 50);
  assert.ok(index.storedTerms >= 10, `stored ${index.storedTerms} terms`);
  const db = openFile(index.cachePath, { readonly: true });
  const stored = new Set(db.prepare('SELECT term FROM term_scores').all().map((r) => String(r.term)));
  assert.ok(stored.has('releas'), 'a stem that is not its own word is stored too');
  const fts = db.prepare('SELECT id, bm25(docs, 0.0, 10, 5, 1) AS s FROM docs WHERE docs MATCH ? ORDER BY s, id LIMIT ?');
  const queries = ['release', 'released releases', 'tree_cache', 'caching builder graph', 'nothing here', 'vault keys signing', '0 12 release', 'policies agent index trees key'];
  for (const q of queries) {
    const terms = queryTerms(q);
    // FTS5 orders ties by id here too, so both lists must be equal entry for entry.
    const want = fts.all(terms.map((t) => `"${t}"`).join(' OR '), 400).map((r) => `${r.id} ${-Number(r.s)}`);
    const got = index.search(terms, 400).map((h) => `${h.id} ${h.score}`);
    assert.deepEqual(got, want, q);
    assert.deepEqual(index.search(terms, 7).map((h) => `${h.id} ${h.score}`), want.slice(0, 7), `${q}, limit 7`);
  }
  db.close();
  index.close();
  // Nothing stored: every word asked of FTS5 at query time, the same answers.
  const live = await indexed(docs, 100000);
  assert.equal(live.index.storedTerms, 0);
  const again = await indexed(docs, 50);
  for (const q of queries) assert.deepEqual(live.index.search(queryTerms(q), 25), again.index.search(queryTerms(q), 25), q);
  live.index.close();
  again.index.close();
});

test('equal scores are ordered by document id, not by the order documents were indexed in', async () => {
  // Identical documents whose ids run against their paths (the order they are indexed in).
  const docs: Doc[] = Array.from({ length: 30 }, (_, i) => ({ id: `d${999 - i}`, path: `p${String(i).padStart(3, '0')}.md`, title: 'Same', body: 'the same release text\n' }));
  const { index } = await indexed(docs, 1000);
  const hits = index.search(['release'], 5);
  assert.deepEqual(hits.map((h) => h.id), ['d970', 'd971', 'd972', 'd973', 'd974']);
  assert.equal(new Set(hits.map((h) => h.score)).size, 1);
  index.close();
});

test('stored scores someone changed in the cache reorder at worst: a NaN is never summed, the word is asked of FTS5', async () => {
  const docs = corpus(200);
  const first = await indexed(docs, 20);
  const path = first.index.cachePath;
  first.index.close();
  const db = openFile(path);
  const row = db.prepare("SELECT scores FROM term_scores WHERE term = 'releas'").get();
  assert.ok(row, 'releas is stored');
  db.prepare("UPDATE term_scores SET scores = ? WHERE term = 'releas'").run(Buffer.from(new Float64Array((row.scores as Buffer).length / 8).fill(Number.NaN).buffer));
  db.close();
  const env = { ...process.env, XDG_CACHE_HOME: path.split('/ctxforge/index/')[0]! };
  const pkg = servedPackage({ name: 'k', version: '1.0.0', format: 'octx', sha256: 'd'.repeat(64), source: 'k.octx', signer: { key_id: null, trust: 'pinned' } }, docs, []);
  const again = await openIndex(pkg, env, [], { storedMinDocs: 20 });
  assert.equal(again.built, false, 'the edited cache is used');
  const hits = again.search(['release', 'tree'], 10);
  assert.equal(hits.length, 10);
  assert.ok(hits.every((h) => Number.isFinite(h.score)), JSON.stringify(hits));
  again.close();
});
