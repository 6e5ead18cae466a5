// One search call's cost is bounded whatever the query, counted in steps by the search itself (never
// timed): the review's 32 long `a_a_a…` words (each an FTS5 phrase of 16–47 tokens of a word in every
// document) over a few thousand documents are searched by their first 8 tokens, within the budget,
// and answer; words that would pass the budget are not searched and the reply says so; a normal
// query is not cut (search-ranking.test.ts holds its scores equal to FTS5's bm25()).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openFile } from '../../src/core/sqlite.js';
import { servedPackage } from '../../src/serve/corpus.js';
import { MAX_PHRASE_TOKENS, MAX_QUERY_WORDS, SEARCH_STEP_BUDGET } from '../../src/serve/search-cost.js';
import { openIndex, queryTerms } from '../../src/serve/search-index.js';
import * as tools from '../../src/serve/tools.js';
import { tmpDir } from '../helpers/tmp.js';
import type { Doc } from '../../src/format.js';

const WORDS = 'the of to and in is it that for on with as release build cache tree'.split(' ');

/** `n` documents of ~300 words, about half of them "a": every document holds runs of a's. */
function corpus(n: number): Doc[] {
  let s = 11;
  const next = () => { s = (s * 1103515245 + 12345) % 2147483648; return s >> 16; };
  const words = (k: number) => Array.from({ length: k }, () => (next() % 2 ? 'a' : WORDS[next() % WORDS.length])).join(' ');
  return Array.from({ length: n }, (_, i) => ({ id: `d${String(i).padStart(4, '0')}`, path: `p/${i}.md`, title: `Note ${words(3)}`, body: `${words(300)} topic${i % 50}\n` }));
}

const served = (() => {
  let s: Promise<tools.Served> | undefined;
  return () => (s ??= (async () => {
    const pkg = servedPackage({ name: 'big', version: '1.0.0', format: 'octx', sha256: 'b'.repeat(64), source: 'big.octx', signer: { key_id: null, trust: 'pinned' } }, corpus(3000), []);
    return { pkg, index: await openIndex(pkg, { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cost-') }, [], { storedMinDocs: 1000 }) };
  })());
})();

const along = (n: number, tail = '') => `${Array.from({ length: n }, () => 'a').join('_')}${tail}`;

test('the review\'s 32 long a_a_a… words over 3,000 documents: searched by their first 8 tokens, within the step budget, with results and a note', async () => {
  const s = await served();
  const query = Array.from({ length: 32 }, (_, i) => along(16 + i)).join(' ');
  const { hits, stats } = s.index.searchWithStats(queryTerms(query), 10);
  assert.equal(stats.budget, SEARCH_STEP_BUDGET);
  assert.ok(stats.steps > 0 && stats.steps <= stats.budget, `${stats.steps} steps`);
  assert.equal(stats.shortened.length, 32, 'every word is over the token cap');
  // All 32 cut to the same 8 a's: one phrase asked of FTS5, not 32.
  assert.equal(stats.phrases, 1);
  assert.deepEqual(stats.skipped, []);
  assert.equal(hits.length, 10, 'the search answers');
  // Whole-phrase steps (8 × the instances of "a", more than the 3,000 rows): FTS5 read those lists once.
  assert.ok(stats.steps > 8 * 3000);
  const r = tools.search([s], { query });
  assert.equal(r.results.length, 10);
  assert.ok(r.notes?.some((n) => n.includes(`more than ${MAX_PHRASE_TOKENS} tokens`) && n.includes(`first ${MAX_PHRASE_TOKENS}`)), JSON.stringify(r.notes));
});

test('words whose matching would pass the budget are not searched; the others are, and the reply names what was cut', async () => {
  const s = await served();
  // 16 different phrases of 7 a's and a common word: each costs millions of steps, together far over the budget.
  const words = WORDS.map((w) => along(7, `_${w}`));
  const { hits, stats } = s.index.searchWithStats(words, 10);
  assert.ok(stats.steps <= stats.budget, `${stats.steps} steps`);
  assert.ok(stats.phrases >= 1, 'some are searched');
  assert.ok(stats.skipped.length >= 1 && stats.skipped.every((x) => x.why === 'budget'), JSON.stringify(stats.skipped));
  assert.equal(stats.phrases + stats.skipped.length, words.length);
  assert.ok(hits.length > 0, 'results of the words searched');
  const r = tools.search([s], { query: words.join(' ') });
  assert.ok(r.results.length > 0);
  assert.ok(r.notes?.some((n) => /not searched in big: matching (it|them) would pass the search budget/.test(n)), JSON.stringify(r.notes));
  const c = tools.context([s], { query: words.join(' '), max_tokens: 2000 });
  assert.ok(c.notes?.some((n) => /search budget/.test(n)), 'context says so too');
});

test('more than 32 words: the first 32 are searched, and the reply says so', async () => {
  const s = await served();
  const query = Array.from({ length: 40 }, (_, i) => `topic${i}`).join(' ');
  assert.equal(queryTerms(query).length, MAX_QUERY_WORDS);
  const r = tools.search([s], { query, limit: 100 });
  assert.ok(r.notes?.some((n) => n === `the query has 40 distinct words: only the first ${MAX_QUERY_WORDS} were searched`), JSON.stringify(r.notes));
  assert.ok(r.results.every((x) => Number(x.id.slice(1)) % 50 < 32), 'no document found only by a word after the 32nd');
});

test('a normal query is not cut and says nothing; steps count what was done (a stored word: one step a row)', async () => {
  const s = await served();
  const r = tools.search([s], { query: 'release cache tree' });
  assert.equal(r.notes, undefined);
  assert.equal(r.results.length, 10);
  const one = s.index.searchWithStats(['a'], 5).stats;
  // "a" is in every document, so its scores are stored: 3,000 additions, no FTS5 phrase.
  assert.deepEqual({ steps: one.steps, phrases: one.phrases, shortened: one.shortened, skipped: one.skipped }, { steps: 3000, phrases: 0, shortened: [], skipped: [] });
  // A word in no document costs the look-up of its counts, and FTS5 is not asked.
  const none = s.index.searchWithStats(['zzzz'], 5);
  assert.deepEqual([none.hits, none.stats.phrases, none.stats.steps], [[], 0, 1]);
  // A rare word: its counts looked up, then one phrase.
  const rare = s.index.searchWithStats(['topic7'], 100);
  assert.equal(rare.stats.phrases, 1);
  assert.equal(rare.hits.length, 60);
});

test('token counts from a cache someone edited never make a word cost less than nothing: it is not searched, and the budget holds', async () => {
  const docs: Doc[] = Array.from({ length: 20 }, (_, i) => ({ id: `e${i}`, path: `e${i}.md`, title: `E ${i}`, body: `${'a '.repeat(100)}end\n` }));
  const pkg = servedPackage({ name: 'edited', version: '1.0.0', format: 'octx', sha256: 'e'.repeat(64), source: 'e.octx', signer: { key_id: null, trust: 'pinned' } }, docs, []);
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cost-') };
  const first = await openIndex(pkg, env, []);
  const honest = first.searchWithStats(['a_a'], 5);
  assert.ok(honest.stats.phrases === 1 && honest.stats.steps >= 2 * 2000, JSON.stringify(honest.stats));
  first.close();
  const db = openFile(first.cachePath);
  assert.equal(db.prepare("UPDATE term_counts SET instances = -1000000000 WHERE term = 'a'").run().changes, 1, 'the common token\'s counts are stored');
  db.close();
  const again = await openIndex(pkg, env, []);
  assert.equal(again.built, false, 'the edited cache is used');
  const r = again.searchWithStats(['a_a', 'end'], 5);
  assert.ok(r.stats.steps >= 0 && r.stats.steps <= r.stats.budget, JSON.stringify(r.stats));
  assert.deepEqual(r.stats.skipped, [{ word: 'a_a', why: 'budget' }]);
  assert.equal(r.hits.length, 5, 'the other word still answers');
  again.close();
});
