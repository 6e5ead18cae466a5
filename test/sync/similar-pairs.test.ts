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
