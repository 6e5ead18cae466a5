// The k best of many scored rows without sorting them all: the order search answers in (higher score
// first; equal scores by the document's rank in id order, so ties never depend on the engine).
// A bounded heap whose root is the worst row kept: O(n log k) for n candidates.

/** Rows `rows[0..n)` with `score[row]` and `rank[row]`; the best `k`, best first. */
export function topK(rows: Int32Array, n: number, score: Float64Array, rank: Int32Array, k: number): number[] {
  if (k <= 0 || n <= 0) return [];
  // worse(a, b): a ranks after b.
  const worse = (a: number, b: number) => score[a]! < score[b]! || (score[a] === score[b] && rank[a]! > rank[b]!);
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let w = i;
      if (l < heap.length && worse(heap[l]!, heap[w]!)) w = l;
      if (r < heap.length && worse(heap[r]!, heap[w]!)) w = r;
      if (w === i) return;
      [heap[i], heap[w]] = [heap[w]!, heap[i]!];
      i = w;
    }
  };
  for (let j = 0; j < n; j++) {
    const row = rows[j]!;
    if (heap.length < k) {
      heap.push(row);
      for (let i = heap.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
    } else if (worse(heap[0]!, row)) {
      heap[0] = row;
      down(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
