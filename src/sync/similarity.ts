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
  // How common each shingle is, counted by hash into a fixed table (a collision only makes a
  // shingle look commoner: the order stays one order, so the filter stays exact), where a map of
  // every shingle would hold millions of entries.
  const counts = new Uint32Array(BUCKETS);
  const hashed = (s: Set<string>): { tokens: string[]; hashes: Uint32Array } => {
    const tokens = [...s];
    const hashes = new Uint32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) { const h = fnv1a(tokens[i]!); hashes[i] = h; counts[h & (BUCKETS - 1)]!++; }
    return { tokens, hashes };
  };
  const l = left.map(hashed);
  const r = right.map(hashed);
  // Rare first; the hash, then the text, break ties, so the order is total.
  const prefix = ({ tokens, hashes }: { tokens: string[]; hashes: Uint32Array }): string[] => {
    const order = Array.from(tokens.keys());
    order.sort((a, b) => counts[hashes[a]! & (BUCKETS - 1)]! - counts[hashes[b]! & (BUCKETS - 1)]! || hashes[a]! - hashes[b]! || (tokens[a]! < tokens[b]! ? -1 : tokens[a]! > tokens[b]! ? 1 : 0));
    // A hair of slack, so rounding can only lengthen a prefix (a longer prefix is still exact).
    return order.slice(0, tokens.length - Math.ceil(threshold * tokens.length - 1e-9) + 1).map((i) => tokens[i]!);
  };
  const index = new Map<string, number[]>();
  const emptyRight: number[] = [];
  r.forEach((x, j) => {
    if (!x.tokens.length) { emptyRight.push(j); return; }
    for (const t of prefix(x)) {
      const at = index.get(t);
      if (at) at.push(j); else index.set(t, [j]);
    }
  });
  const out: SimilarPair[] = [];
  const seen = new Int32Array(right.length).fill(-1);
  l.forEach((x, i) => {
    const cands: number[] = [];
    if (!x.tokens.length) cands.push(...emptyRight);
    else {
      for (const t of prefix(x)) {
        for (const j of index.get(t) ?? []) {
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

const BUCKETS = 1 << 20;

/** FNV-1a over UTF-16 code units: a cheap, fixed hash (only the order of shingles depends on it). */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
