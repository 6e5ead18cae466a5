// Where the text markdown-it hands a leaf block came from in the source. markdown-it cuts the lines
// of a paragraph, a setext heading or an HTML block out of the source with their container prefixes
// taken off (`>` with or without its space, list markers, the indent of a list item, a tab half used
// as indent turned into spaces: its `getLines`), and a block keeps only its first line number — so
// inside a quote or a list an offset in the block's text is not an offset in the source. Each
// getLines call is recorded (where every line's kept part starts in the source and how many spaces
// were put before it), and a block's text is placed through its record: exactly, in any container
// at any depth, or not at all.

/** The parts of markdown-it's StateBlock that getLines reads. */
export interface BlockLines {
  src: string;
  bMarks: number[];
  eMarks: number[];
  tShift: number[];
  bsCount: number[];
}

/** One getLines call: for each line from `begin`, the source span kept and the spaces put before it. */
export interface LinesRecord {
  begin: number;
  end: number;
  from: number[];
  to: number[];
  pad: number[];
}

const isSpace = (c: number) => c === 0x20 || c === 0x09;
const isTrimmable = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/** Offsets where each line of `text` starts. */
export function lineStarts(text: string): number[] {
  const out = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
  return out;
}

/** Binary search: the index of the last start at or before `offset`. */
export function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/**
 * What `s.getLines(begin, end, indent, keepLastLF)` keeps of each line, worked out as markdown-it
 * works it out (columns of blanks and of a list marker up to `indent` dropped, a tab that reaches
 * past it leaving spaces). Whether this matches the text markdown-it made is checked when a block
 * is placed (placeLines), never assumed.
 */
export function recordLines(s: BlockLines, begin: number, end: number, indent: number, keepLastLF: boolean): LinesRecord {
  const rec: LinesRecord = { begin, end, from: [], to: [], pad: [] };
  for (let line = begin; line < end; line++) {
    const lineStart = s.bMarks[line]!;
    let first = lineStart;
    let lineIndent = 0;
    const last = Math.min(line + 1 < end || keepLastLF ? s.eMarks[line]! + 1 : s.eMarks[line]!, s.src.length);
    while (first < last && lineIndent < indent) {
      const ch = s.src.charCodeAt(first);
      if (isSpace(ch)) lineIndent += ch === 0x09 ? 4 - ((lineIndent + s.bsCount[line]!) % 4) : 1;
      else if (first - lineStart < s.tShift[line]!) lineIndent++;
      else break;
      first++;
    }
    rec.from.push(first);
    rec.to.push(last);
    rec.pad.push(lineIndent > indent ? lineIndent - indent : 0);
  }
  return rec;
}

/**
 * Maps offsets in a block's text (`content`) to offsets in `src`, when the text is exactly what the
 * record says markdown-it cut out — the lines as kept, or (a paragraph, a setext heading) those with
 * ASCII blanks trimmed off both ends. An offset in the spaces a tab left maps to -1; so does every
 * offset when the text is not the record's (undefined is returned then).
 */
export function placeLines(rec: LinesRecord, src: string, content: string): ((offset: number) => number) | undefined {
  const rawStart: number[] = [];
  const pieces: string[] = [];
  let at = 0;
  for (let i = 0; i < rec.from.length; i++) {
    rawStart.push(at);
    pieces.push(' '.repeat(rec.pad[i]!) + src.slice(rec.from[i]!, rec.to[i]!));
    at += rec.pad[i]! + rec.to[i]! - rec.from[i]!;
  }
  const raw = pieces.join('');
  let o = 0;
  if (raw !== content) {
    while (o < raw.length && isTrimmable(raw.charCodeAt(o))) o++;
    if (!raw.startsWith(content, o)) return undefined;
    for (let k = o + content.length; k < raw.length; k++) if (!isTrimmable(raw.charCodeAt(k))) return undefined;
  }
  return (j) => {
    if (j < 0 || j > content.length) return -1;
    const r = j + o;
    const li = lineOf(rawStart, r);
    const k = r - rawStart[li]! - rec.pad[li]!;
    return k < 0 ? -1 : rec.from[li]! + k;
  };
}
