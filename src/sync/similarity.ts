// Content similarity for rename and move detection: Jaccard similarity of word 3-shingles.
export function shingles(text: string): Set<string> {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
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
 * Every pair (a of `left`, b of `right`) with jaccard(a, b) ≥ `threshold` (0 < threshold ≤ 1), in
 * the order of a nested loop over left then right, each similarity as jaccard gives it — what
 * comparing every pair finds, without comparing every pair (a sync that moves 5,000 pages would
 * make 25 million comparisons).
 *
 * Prefix filtering, which is exact: J(a, b) ≥ t means a and b share o ≥ t·|a| (and ≥ t·|b|)
 * shingles, since |a| + |b| − o ≥ |a|. With every set's shingles in one global order, the first
 * shared shingle lies among the first |x| − o + 1 of each set x, hence among its first
 * |x| − ⌈t·|x|⌉ + 1: only pairs whose prefixes meet are compared. The order puts rare shingles
 * first, so prefixes meet rarely. Empty sets (pages of fewer than one word) are similar only to
 * each other.
 */
export function similarPairs(left: readonly Set<string>[], right: readonly Set<string>[], threshold: number): SimilarPair[] {
  const ids = new Map<string, number>();
  const freq: number[] = [];
  const toIds = (s: Set<string>): number[] => {
    const out: number[] = [];
    for (const x of s) {
      let id = ids.get(x);
      if (id === undefined) { id = freq.length; ids.set(x, id); freq.push(0); }
      freq[id]!++;
      out.push(id);
    }
    return out;
  };
  const l = left.map(toIds);
  const r = right.map(toIds);
  // Rare first; the id breaks ties, so the order is total.
  const byRarity = (a: number, b: number) => freq[a]! - freq[b]! || a - b;
  // A hair of slack, so rounding can only lengthen a prefix (a longer prefix is still exact).
  const prefix = (x: number[]) => x.sort(byRarity).slice(0, x.length - Math.ceil(threshold * x.length - 1e-9) + 1);
  const index = new Map<number, number[]>();
  const emptyRight: number[] = [];
  r.forEach((x, j) => {
    if (!x.length) { emptyRight.push(j); return; }
    for (const id of prefix(x)) {
      const at = index.get(id);
      if (at) at.push(j); else index.set(id, [j]);
    }
  });
  const out: SimilarPair[] = [];
  const seen = new Int32Array(right.length).fill(-1);
  l.forEach((x, i) => {
    const cands: number[] = [];
    if (!x.length) cands.push(...emptyRight);
    else {
      for (const id of prefix(x)) {
        for (const j of index.get(id) ?? []) {
          if (seen[j] === i) continue;
          seen[j] = i;
          cands.push(j);
        }
      }
    }
    cands.sort((a, b) => a - b);
    for (const j of cands) {
      const s = jaccard(left[i]!, right[j]!);
      if (s >= threshold) out.push({ left: i, right: j, similarity: s });
    }
  });
  return out;
}
