// A line diff for reviewers (the lock gate shows what a pull request changes in a skill). Myers'
// O(ND) algorithm with the edit distance capped: content comes from a pull request, so a pair of
// files that differ everywhere costs at most MAX_EDITS diagonals before the whole old text is shown
// as removed and the new as added — still a correct diff, only a longer one.

export type LineOp = { op: ' ' | '-' | '+'; line: string };

/** Edits Myers explores before giving up on a minimal diff (time and memory O(MAX_EDITS²) beyond the prefix and suffix). */
export const MAX_EDITS = 2000;

/** The lines of a text: split on \n, a final \n ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The operations turning `a` into `b`: unchanged, removed and added lines, in order. */
export function diffLines(a: readonly string[], b: readonly string[], maxEdits = MAX_EDITS): LineOp[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const A = a.slice(pre, a.length - suf);
  const B = b.slice(pre, b.length - suf);
  const middle = myers(A, B, maxEdits) ?? [...A.map((line) => ({ op: '-' as const, line })), ...B.map((line) => ({ op: '+' as const, line }))];
  return [
    ...a.slice(0, pre).map((line) => ({ op: ' ' as const, line })),
    ...middle,
    ...a.slice(a.length - suf).map((line) => ({ op: ' ' as const, line })),
  ];
}

function myers(a: readonly string[], b: readonly string[], maxEdits: number): LineOp[] | undefined {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((line) => ({ op: '+' as const, line }));
  if (m === 0) return a.map((line) => ({ op: '-' as const, line }));
  const max = Math.min(n + m, maxEdits);
  // trace[d] holds V for k in [-d, d] (index k + d) after step d.
  const trace: Int32Array[] = [];
  let prev = new Int32Array(0);
  for (let d = 0; d <= max; d++) {
    const cur = new Int32Array(2 * d + 1);
    for (let k = -d; k <= d; k += 2) {
      const get = (kk: number) => (d === 0 ? 0 : prev[kk + (d - 1)]!);
      let x: number;
      if (d === 0) x = 0;
      else if (k === -d || (k !== d && get(k - 1) < get(k + 1))) x = get(k + 1);
      else x = get(k - 1) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) { x++; y++; }
      cur[k + d] = x;
      if (x >= n && y >= m) {
        trace.push(cur);
        return backtrack(trace, a, b);
      }
    }
    trace.push(cur);
    prev = cur;
  }
  return undefined;
}

function backtrack(trace: Int32Array[], a: readonly string[], b: readonly string[]): LineOp[] {
  const out: LineOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d - 1]!;
    const k = x - y;
    const get = (kk: number) => prev[kk + (d - 1)]!;
    const down = k === -d || (k !== d && get(k - 1) < get(k + 1));
    const pk = down ? k + 1 : k - 1;
    const px = get(pk);
    const py = px - pk;
    while (x > px + (down ? 0 : 1) && y > py + (down ? 1 : 0)) { out.push({ op: ' ', line: a[x - 1]! }); x--; y--; }
    if (down) { out.push({ op: '+', line: b[y - 1]! }); y--; }
    else { out.push({ op: '-', line: a[x - 1]! }); x--; }
  }
  while (x > 0 && y > 0) { out.push({ op: ' ', line: a[x - 1]! }); x--; y--; }
  return out.reverse();
}

/** Unified-diff hunks (`@@ -a,n +b,m @@`, then the lines) with `context` unchanged lines around each change. */
export function unifiedHunks(ops: readonly LineOp[], context = 3): string[] {
  const out: string[] = [];
  const changed = ops.map((o) => o.op !== ' ');
  let i = 0;
  const oldAt: number[] = [];
  const newAt: number[] = [];
  let oa = 1;
  let nb = 1;
  for (const o of ops) { oldAt.push(oa); newAt.push(nb); if (o.op !== '+') oa++; if (o.op !== '-') nb++; }
  while (i < ops.length) {
    if (!changed[i]) { i++; continue; }
    let start = Math.max(0, i - context);
    let end = i;
    // Extend while the next change is within 2 × context unchanged lines.
    for (let j = i; j < ops.length; j++) {
      if (changed[j]) end = j;
      else if (j - end > 2 * context) break;
    }
    const stop = Math.min(ops.length, end + context + 1);
    const slice = ops.slice(start, stop);
    const oldCount = slice.filter((o) => o.op !== '+').length;
    const newCount = slice.filter((o) => o.op !== '-').length;
    out.push(`@@ -${oldCount ? oldAt[start] : oldAt[start]! - 1},${oldCount} +${newCount ? newAt[start] : newAt[start]! - 1},${newCount} @@`);
    for (const o of slice) out.push(`${o.op}${o.line}`);
    i = stop;
    start = stop;
  }
  return out;
}
