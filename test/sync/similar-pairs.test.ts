// Move detection without comparing every pair (issue 28: a sync that moves 5,000 pages compared
// 25 million pairs): similarPairs finds exactly the pairs, in the order and with the similarities,
// that comparing every vanished page with every new one finds — on generated sets (small
// alphabets, so that sets overlap a lot, empty sets, duplicates, every threshold) and on shingled
// pages edited a little and a lot.
// Fails on the code before: there was no similarPairs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as similarity from '../../src/sync/similarity.js';

type Pair = { left: number; right: number; similarity: number };
const { shingles, jaccard } = similarity;
const similarPairs = (similarity as unknown as { similarPairs?: (l: Set<string>[], r: Set<string>[], t: number) => Pair[] }).similarPairs;

function everyPair(left: Set<string>[], right: Set<string>[], t: number): Pair[] {
  const out: Pair[] = [];
  left.forEach((a, i) => right.forEach((b, j) => { const s = jaccard(a, b); if (s >= t) out.push({ left: i, right: j, similarity: s }); }));
  return out;
}

test('similarPairs = comparing every pair, on generated sets and thresholds', () => {
  assert.ok(similarPairs, 'similarPairs is missing');
  const set = fc.array(fc.integer({ min: 0, max: 24 }), { maxLength: 30 }).map((xs) => new Set(xs.map((x) => `w${x}`)));
  const threshold = fc.oneof(fc.constantFrom(1, 0.5, 1 / 3, 0.1, 0.7), fc.double({ min: 0.01, max: 1, noNaN: true }));
  fc.assert(fc.property(fc.array(set, { maxLength: 14 }), fc.array(set, { maxLength: 14 }), threshold, (l, r, t) => {
    assert.deepEqual(similarPairs(l, r, t), everyPair(l, r, t));
  }), { numRuns: 3000, seed: 28 });
});

test('similarPairs = comparing every pair, on pages moved and edited', () => {
  assert.ok(similarPairs, 'similarPairs is missing');
  let seed = 7;
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const words = Array.from({ length: 300 }, (_, i) => `word${i}`);
  const page = () => Array.from({ length: 40 + rand(200) }, () => words[rand(words.length)]).join(' ');
  const old = Array.from({ length: 120 }, page);
  old.push('', 'one', 'two words');
  const edited = old.map((p, i) => {
    const w = p.split(' ');
    for (let k = 0; k < (i % 6) * w.length / 10; k++) w[rand(w.length)] = words[rand(words.length)]!;
    return w.join(' ');
  });
  edited.push('', 'one', page());
  const l = edited.map(shingles);
  const r = old.map(shingles);
  for (const t of [0.2, 0.5, 0.8, 1]) {
    const got = similarPairs(l, r, t);
    assert.deepEqual(got, everyPair(l, r, t), `threshold ${t}`);
    if (t === 0.5) assert.ok(got.length > 40, 'the case finds moves');
  }
});

// similarTexts holds pages as sorted 32-bit shingle hashes instead of Sets of strings (sync's move
// detection: 5,000 moved pages took 1.5 GB). It must find what shingling every page and comparing
// every pair finds. Fails on the code before: there was no similarTexts.
const similarTexts = (similarity as unknown as { similarTexts?: (l: string[], r: string[], t: number) => Pair[] }).similarTexts;
const shingleHashes = (similarity as unknown as { shingleHashes?: (t: string) => { h: Uint32Array; exact: boolean } }).shingleHashes;
const byText = (l: string[], r: string[], t: number) => everyPair(l.map(shingles), r.map(shingles), t);

test('similarTexts = shingling and comparing every pair, on pages moved and edited', () => {
  assert.ok(similarTexts, 'similarTexts is missing');
  let seed = 11;
  const rand = (n: number) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  const words = Array.from({ length: 400 }, (_, i) => (i % 7 ? `word${i}` : `Wörd-${i}`));
  const page = () => Array.from({ length: 3 + rand(260) }, () => words[rand(words.length)]).join(rand(3) ? ' ' : ',\n');
  const old = Array.from({ length: 150 }, page);
  old.push('', 'one', 'two words', '!!!', old[3]!, 'a b c a b c a b c');
  const edited = old.map((p, i) => {
    const w = p.split(' ');
    for (let k = 0; k < (i % 7) * w.length / 10; k++) w[rand(w.length)] = words[rand(words.length)]!;
    return w.join(' ');
  });
  edited.push('', 'One', page(), 'TWO words', 'c a b c a b');
  for (const t of [0.1, 0.3, 0.5, 0.8, 1]) {
    const got = similarTexts(edited, old, t);
    assert.deepEqual(got, byText(edited, old, t), `threshold ${t}`);
    if (t === 0.3) assert.ok(got.length > 40, `the case finds moves (${got.length})`);
  }
});

test('similarTexts = comparing every pair, when shingle hashes collide', () => {
  assert.ok(similarTexts && shingleHashes, 'similarTexts is missing');
  // Two words with the same 32-bit FNV-1a hash (found by search): every shingle that differs only
  // in them has one hash. A page holding both is compared by its strings; two pages that differ
  // only in them look alike to the hashes and must not to the result.
  const [a, b] = ['q15wzx', 'q1c6cd'];
  const base = Array.from({ length: 40 }, (_, i) => `w${i}`);
  const withWord = (w: string) => [...base.slice(0, 20), w, ...base.slice(20)].join(' ');
  const both = `${withWord(a)} ${a} x y ${b} x y`;
  assert.equal(shingleHashes(both).exact, false, 'the page with both words has a hash collision inside it');
  assert.equal(shingleHashes(withWord(a)).exact, true);
  const left = [withWord(a), both, withWord(b), `${a} x y`, base.join(' ')];
  const right = [withWord(b), `${b} x y`, both, withWord(a), base.join(' '), `${a} x y`];
  for (const t of [0.05, 0.5, 0.9, 0.95, 1]) assert.deepEqual(similarTexts(left, right, t), byText(left, right, t), `threshold ${t}`);
  // Hashes alone would call these two pages identical; their shingles are not.
  assert.deepEqual(similarTexts([`${a} x y`], [`${b} x y`], 1), []);
});

test('similarPairs = comparing every pair, when strings of one set share a hash', () => {
  assert.ok(similarPairs);
  const [a, b] = ['q15wzx', 'q1c6cd'];
  const l = [new Set([a, b, 'c']), new Set([a, 'c']), new Set([b]), new Set<string>()];
  const r = [new Set([a, 'c']), new Set([b, 'c']), new Set([a, b, 'c']), new Set([b]), new Set<string>()];
  for (const t of [0.1, 0.5, 2 / 3, 1]) assert.deepEqual(similarPairs(l, r, t), everyPair(l, r, t), `threshold ${t}`);
});
