// "Did you mean …?" for a value that is not one of a known few: the closest allowed value by edit
// distance (a letter dropped, doubled, swapped or mistyped), or none when nothing is close.

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The allowed value `got` most likely meant, or undefined. Case is ignored; long inputs are not compared. */
export function didYouMean(got: string, allowed: readonly string[]): string | undefined {
  if (got.length > 64) return undefined;
  const g = got.toLowerCase();
  let best: { value: string; d: number } | undefined;
  for (const value of allowed) {
    const d = distance(g, value.toLowerCase());
    // One edit for short words, about a third of the word for longer ones.
    if (d <= Math.max(1, Math.floor(value.length / 3)) && (!best || d < best.d)) best = { value, d };
  }
  return best?.value;
}

/** `; did you mean "x"?` or nothing. */
export function didYouMeanText(got: unknown, allowed: readonly string[]): string {
  const s = typeof got === 'string' ? didYouMean(got, allowed) : undefined;
  return s === undefined ? '' : `; did you mean ${JSON.stringify(s)}?`;
}
