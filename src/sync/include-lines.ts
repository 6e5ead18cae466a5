// The lines an include takes from its file: line ranges, Python slices (docutils' `:start-line:`),
// text markers (`:start-after:` …), mdBook anchors, VitePress regions and Docsify fragments —
// applied the way the generators apply them, over an index of the file's lines (each line is read
// a fixed number of times, whatever the markers say).
import type { IncludeRange } from '../links/includes.js';

export interface Taken {
  text: string;
  /** 1-based inclusive ranges of the file's lines the text came from. */
  lines: [number, number][];
}

/**
 * The part of `text` a range takes, `first` being the file line of text's first line; a string
 * saying why when the range cannot be applied (a marker the file lacks, lines it does not have).
 */
export function takeLines(text: string, range: IncludeRange | undefined, first: number): Taken | string {
  const all = text.split('\n');
  if (all.length > 1 && all[all.length - 1] === '') all.pop();
  let idx: number[] = all.map((_l, i) => i);
  if (range) {
    const a = range.anchor;
    if (a) {
      const r = anchored(all, a);
      if (typeof r === 'string') return r;
      idx = r;
    }
    if (range.slice) {
      const n = idx.length;
      const at = (v: number | undefined, dflt: number) => (v === undefined ? dflt : v < 0 ? Math.max(0, n + v) : Math.min(n, v));
      idx = idx.slice(at(range.slice.start, 0), at(range.slice.end, n));
    }
    const find = (s: string, from: number) => { for (let i = from; i < idx.length; i++) if (all[idx[i]!]!.includes(s)) return i; return -1; };
    if (range.startAfter !== undefined || range.startAt !== undefined) {
      const s = (range.startAfter ?? range.startAt)!;
      const i = find(s, 0);
      if (i < 0) return `no line holds the start marker ${JSON.stringify(s)}`;
      idx = idx.slice(range.startAfter !== undefined ? i + 1 : i);
    }
    if (range.endBefore !== undefined || range.endAt !== undefined) {
      const s = (range.endBefore ?? range.endAt)!;
      const i = find(s, 0);
      if (i < 0) return `no line holds the end marker ${JSON.stringify(s)}`;
      idx = idx.slice(0, range.endBefore !== undefined ? i : i + 1);
    }
    if (range.lines) {
      const n = idx.length;
      const picked: number[] = [];
      for (const l of range.lines) {
        if (l.from < 1 || l.from > n || (l.to !== undefined && l.to < l.from)) return `lines ${l.from}${l.to === undefined ? '-' : l.to === l.from ? '' : `-${l.to}`} are not in the ${n} line${n === 1 ? '' : 's'} it has`;
        const to = Math.min(n, l.to ?? n);
        for (let i = l.from - 1; i < to; i++) picked.push(idx[i]!);
      }
      idx = picked;
    }
  }
  const lines: [number, number][] = [];
  for (const i of idx) {
    const line = i + first;
    const last = lines[lines.length - 1];
    if (last && last[1] === line - 1) last[1] = line;
    else lines.push([line, line]);
  }
  return { text: idx.length ? `${idx.map((i) => all[i]).join('\n')}\n` : '', lines };
}

/** The indexes between an anchor's markers (the marker lines left out), or why there are none. */
function anchored(all: string[], a: NonNullable<IncludeRange['anchor']>): number[] | string {
  const name = a.name;
  const marks = a.kind === 'mdbook'
    ? { open: (l: string) => markerName(l, 'ANCHOR:') === name, close: (l: string) => markerName(l, 'ANCHOR_END:') === name, drop: (l: string) => l.includes('ANCHOR:') || l.includes('ANCHOR_END:'), what: `ANCHOR: ${name}` }
    : a.kind === 'region'
      ? { open: (l: string) => markerName(l, '#region') === name, close: (l: string) => l.includes('#endregion') && (markerName(l, '#endregion') ?? name) === name, drop: () => false, what: `#region ${name}` }
      : { open: (l: string) => l.includes(`[${name}]`), close: (l: string) => l.includes(`[${name}]`), drop: () => false, what: `[${name}]` };
  const start = all.findIndex(marks.open);
  if (start < 0) return `no ${marks.what} marker`;
  const out: number[] = [];
  for (let i = start + 1; i < all.length; i++) {
    if (marks.close(all[i]!)) return out;
    if (!marks.drop(all[i]!)) out.push(i);
  }
  // mdBook and VitePress take an unclosed anchor to the end of the file.
  return out;
}

/** The word after a marker on a line (`// ANCHOR: main` → main), or undefined. */
function markerName(line: string, marker: string): string | undefined {
  const at = line.indexOf(marker);
  if (at < 0) return undefined;
  return /^[ \t]*([\w-]{1,200})/.exec(line.slice(at + marker.length, at + marker.length + 220))?.[1];
}
