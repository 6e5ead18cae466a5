// Content similarity for rename and move detection: Jaccard similarity of word 3-shingles, and the
// pairs of pages at least that similar, found without comparing every pair.
import { randomBytes } from 'node:crypto';

const WORD_SPLIT = /[^\p{L}\p{N}]+/u;

const wordsOf = (text: string): string[] => text.toLowerCase().split(WORD_SPLIT).filter(Boolean);

export function shingles(text: string): Set<string> {
  const words = wordsOf(text);
  const out = new Set<string>();
  if (words.length < 3) { if (words.length) out.add(words.join(' ')); return out; }
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const s of small) if (big.has(s)) both++;
  return both / (a.size + b.size - both);
}

/** A pair of sets at least as similar as asked: their indexes (left, right) and their Jaccard similarity. */
export interface SimilarPair { left: number; right: number; similarity: number }

/**
 * A set of shingles as 32-bit hashes, sorted and distinct (4 bytes a shingle, where a Set of strings
 * costs some 80). `exact` when no two different shingles of the set share a hash: then the hashed
 * set has the set's size, and two exact hashed sets share at least the hashes of the shingles they
 * share — so their hashed similarity is never below their true one, and the filter on hashes misses
 * no pair. A set that is not exact (a collision inside it, about one page in 20,000) is compared,
 * by its strings, with every set of the other side.
 */
export interface Hashed { h: Uint32Array; exact: boolean }

/**
 * Every pair (a of `left`, b of `right`) with jaccard(a, b) ≥ `threshold` (0 < threshold ≤ 1), in
 * the order of a nested loop over left then right, each similarity as jaccard gives it — what
 * comparing every pair finds, without comparing every pair (a sync that moves 5,000 pages would
 * make 25 million comparisons).
 */
export function similarPairs(left: readonly Set<string>[], right: readonly Set<string>[], threshold: number): SimilarPair[] {
  return pairsOf(left.map(hashSet), right.map(hashSet), threshold, (i) => { const a = left[i]!; return (j) => jaccard(a, right[j]!); });
}

/**
 * similarPairs(left.map(shingles), right.map(shingles), threshold), exactly — without holding any
 * page's shingles as strings: each page is held as its sorted hashes only, and a pair the hashes
 * find similar enough is confirmed by shingling the two texts again (so the similarity is the one
 * jaccard gives). For sync's move detection, where 5,000 moved pages held as Sets of strings took
 * over a gigabyte.
 */
export function similarTexts(left: readonly string[], right: readonly string[], threshold: number): SimilarPair[] {
  return pairsOf(left.map(shingleHashes), right.map(shingleHashes), threshold, (i) => {
    const a = shingles(left[i]!);
    return (j) => jaccard(a, shingles(right[j]!));
  });
}

function hashSet(s: Set<string>): Hashed {
  const h = new Uint32Array(s.size);
  let k = 0;
  for (const t of s) h[k++] = fnv1a(t);
  h.sort();
  let exact = true;
  for (let i = 1; i < h.length; i++) if (h[i] === h[i - 1]) { exact = false; break; }
  return { h: exact ? h : new Uint32Array(0), exact };
}

/** Positions are packed beside the hash in a double: up to 2^21 words a page hashed, longer pages compared by their strings. */
const POSITION_BITS = 2 ** 21;

/** The shingles of `text` (as shingles() makes them) as hashes, without making their strings (exported for its tests). */
export function shingleHashes(text: string): Hashed {
  const words = wordsOf(text);
  if (words.length < 3) return { h: words.length ? Uint32Array.of(fnv1a(words.join(' '))) : new Uint32Array(0), exact: true };
  const n = words.length - 2;
  if (n >= POSITION_BITS) return { h: new Uint32Array(0), exact: false };
  const wh = new Uint32Array(words.length);
  for (let i = 0; i < words.length; i++) wh[i] = fnv1a(words[i]!);
  // hash · 2^21 + position, sorted: equal hashes side by side, each with a position to tell a
  // repeated shingle (the same three words) from a collision (other words, the same hash).
  const keyed = new Float64Array(n);
  for (let i = 0; i < n; i++) keyed[i] = triple(wh[i]!, wh[i + 1]!, wh[i + 2]!) * POSITION_BITS + i;
  keyed.sort();
  const h = new Uint32Array(n);
  let m = 0;
  let first = -1;
  for (let k = 0; k < n; k++) {
    const v = Math.floor(keyed[k]! / POSITION_BITS);
    const at = keyed[k]! - v * POSITION_BITS;
    if (m && h[m - 1] === v) {
      if (words[at] !== words[first] || words[at + 1] !== words[first + 1] || words[at + 2] !== words[first + 2]) return { h: new Uint32Array(0), exact: false };
      continue;
    }
    h[m++] = v;
    first = at;
  }
  return { h: h.slice(0, m), exact: true };
}

/**
 * The pairs, by prefix filtering on the hashed sets, which is exact: J(a, b) ≥ t means a and b share
 * o ≥ t·|a| (and ≥ t·|b|) elements, since |a| + |b| − o ≥ |a|. With every set's elements in one global
 * order, the first shared element lies among the first |x| − o + 1 of each set x, hence among its
 * first |x| − ⌈t·|x|⌉ + 1: only pairs whose prefixes meet are compared. The order puts rare hashes
 * first (counted in a fixed table; a bucket collision only makes a hash look commoner, the order
 * stays one total order), so prefixes meet rarely. A pair is then measured on its hashes — never
 * below its true similarity for exact sets, so one below the threshold is dropped — and the rest
 * confirmed by `confirm` (the true similarity). Empty sets are similar only to each other.
 */
function pairsOf(l: Hashed[], r: Hashed[], threshold: number, confirm: (i: number) => (j: number) => number): SimilarPair[] {
  // Buckets for twice the hashes there are, up to BUCKETS: a table of a fixed 4 MiB was zeroed for
  // every call, a few pages or 50,000. Any table size gives one total order, so the same pairs.
  let hashes = 0;
  for (const x of [l, r]) for (const s of x) hashes += s.h.length;
  let size = 1024;
  while (size < 2 * hashes && size < BUCKETS) size *= 2;
  const mask = size - 1;
  const counts = new Uint32Array(size);
  for (const x of [l, r]) for (const s of x) for (let k = 0; k < s.h.length; k++) counts[s.h[k]! & mask]!++;
  // Rare first, then by hash: one total order on hashes (a count is capped so the key stays exact in a double).
  const prefix = (h: Uint32Array): Float64Array => {
    const keyed = new Float64Array(h.length);
    for (let k = 0; k < h.length; k++) keyed[k] = Math.min(counts[h[k]! & mask]!, COUNT_CAP) * 2 ** 32 + h[k]!;
    keyed.sort();
    // A hair of slack, so rounding can only lengthen a prefix (a longer prefix is still exact).
    const len = h.length - Math.ceil(threshold * h.length - 1e-9) + 1;
    const out = keyed.subarray(0, len);
    for (let k = 0; k < out.length; k++) out[k] = out[k]! % 2 ** 32;
    return out;
  };
  // The right side's prefixes as one sorted array of hash · R + index: an inverted index with no
  // object per entry.
  const R = Math.max(r.length, 1);
  if (R >= POSITION_BITS) throw new RangeError('similarPairs: more than 2^21 sets on one side');
  const emptyRight: number[] = [];
  const inexactRight: number[] = [];
  const parts: Float64Array[] = [];
  let total = 0;
  r.forEach((x, j) => {
    if (!x.exact) { inexactRight.push(j); return; }
    if (!x.h.length) { emptyRight.push(j); return; }
    const p = prefix(x.h);
    for (let k = 0; k < p.length; k++) p[k] = p[k]! * R + j;
    parts.push(p);
    total += p.length;
  });
  const index = new Float64Array(total);
  let at = 0;
  for (const p of parts) { index.set(p, at); at += p.length; }
  parts.length = 0;
  index.sort();
  const lowerBound = (key: number): number => {
    let lo = 0;
    let hi = index.length;
    while (lo < hi) { const mid = (lo + hi) >>> 1; if (index[mid]! < key) lo = mid + 1; else hi = mid; }
    return lo;
  };
  const out: SimilarPair[] = [];
  const seen = new Int32Array(r.length).fill(-1);
  const every = Array.from(r.keys());
  for (let i = 0; i < l.length; i++) {
    const x = l[i]!;
    let cands: number[];
    if (!x.exact) cands = every;
    else if (!x.h.length) cands = [...emptyRight, ...inexactRight];
    else {
      cands = [...inexactRight];
      for (const j of inexactRight) seen[j] = i;
      const p = prefix(x.h);
      for (let k = 0; k < p.length; k++) {
        const base = p[k]! * R;
        for (let q = lowerBound(base); q < index.length && index[q]! < base + R; q++) {
          const j = index[q]! - base;
          if (seen[j] === i) continue;
          seen[j] = i;
          cands.push(j);
        }
      }
      cands.sort((a, b) => a - b);
    }
    let exactly: ((j: number) => number) | undefined;
    for (const j of cands) {
      const y = r[j]!;
      if (x.exact && y.exact && hashedSimilarity(x.h, y.h) < threshold) continue;
      exactly ??= confirm(i);
      const s = exactly(j);
      if (s >= threshold) out.push({ left: i, right: j, similarity: s });
    }
    // This page is decided: its hashes are not needed again.
    l[i] = DONE;
  }
  return out;
}

const DONE: Hashed = { h: new Uint32Array(0), exact: true };

/** Jaccard similarity of two sorted, distinct hash arrays (computed as jaccard() computes it). */
function hashedSimilarity(a: Uint32Array, b: Uint32Array): number {
  if (!a.length && !b.length) return 1;
  let both = 0;
  for (let p = 0, q = 0; p < a.length && q < b.length;) {
    if (a[p] === b[q]) { both++; p++; q++; } else if (a[p]! < b[q]!) p++; else q++;
  }
  return both / (a.length + b.length - both);
}

const BUCKETS = 1 << 20;
const COUNT_CAP = 2 ** 20;

/**
 * The hash's starting value: random a process, so pages cannot be written to collide on purpose
 * (a page with a collision inside it is compared with every page of the other side — exact, but
 * slow if every page had one). The pairs found never depend on it.
 */
let seed = randomBytes(4).readUInt32LE(0);

/** Tests only: hash from `s` (the FNV-1a offset basis 0x811c9dc5 makes plain FNV-1a), or from a random seed again. */
export function useHashSeed(s?: number): void {
  seed = s ?? randomBytes(4).readUInt32LE(0);
}

/** FNV-1a over UTF-16 code units from the seed: cheap (only the order and grouping of shingles depend on it). */
function fnv1a(s: string): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** One 32-bit hash of three word hashes, order-sensitive (a collision costs a comparison, never a pair). */
function triple(a: number, b: number, c: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul((h ^ (h >>> 15)) ^ b, 0xc2b2ae35);
  h = Math.imul((h ^ (h >>> 13)) ^ c, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}
