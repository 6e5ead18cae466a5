// Text from repository content placed into Markdown that GitHub renders (PR comment, job summary,
// release notes and body): it must stay text. No raw HTML (an unclosed `<details>` or a `</details>`
// would swallow or end ours), no code span it can close, no table cell it can end, no `@name` that
// notifies anyone, no `#123` that links or cross-references an issue.

const NEWLINES = /\r\n|\r|\n|\u2028|\u2029/g;

/** Breaks what GitHub would turn into a mention or a reference, with a zero-width space entity. */
function unlink(s: string): string {
  // `#` first: the entity it inserts holds a `#` and digits of its own.
  return s.replace(/#(?=\d)/g, '#&#8203;').replace(/\b(GH)-(?=\d)/gi, '$1-&#8203;').replace(/@/g, '@&#8203;');
}

/**
 * Inline text, inert anywhere in a line and inside a table cell: one line, HTML as entities,
 * Markdown punctuation backslash-escaped (so `|` cannot end a cell), mentions and references broken.
 */
export function mdText(value: unknown): string {
  const s = String(value ?? '').replace(NEWLINES, ' ');
  const escaped = s
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]{}()~|!]/g, '\\$&');
  return unlink(escaped);
}

/**
 * A code span no value can close: the fence is one backtick longer than the longest run in the
 * value, padded with spaces when the value touches a backtick. In a table cell `|` is written `\|`
 * (GFM splits cells before it parses code spans, and unescapes `\|` inside them).
 */
export function mdCode(value: unknown, opts: { cell?: boolean } = {}): string {
  let s = String(value ?? '').replace(NEWLINES, ' ');
  if (opts.cell) s = s.replace(/\|/g, '\\|');
  if (s === '') return '` `';
  const fence = '`'.repeat(longestBacktickRun(s) + 1);
  const pad = s.startsWith('`') || s.endsWith('`') || (s.startsWith(' ') && s.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

// Counted in one pass, never spread into Math.max: content can hold more runs than a call has arguments.
function longestBacktickRun(s: string, longest = 0): number {
  for (let i = 0, run = 0; i < s.length; i++) {
    run = s.charCodeAt(i) === 0x60 ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * A fenced code block no line can close: its fence is one backtick longer than the longest run in
 * any line (at least three). Lines are shown as written — nothing in a fence renders, links or pings.
 */
export function mdCodeBlock(lines: readonly string[], info = ''): string[] {
  let longest = 2;
  for (const l of lines) longest = longestBacktickRun(l, longest);
  const fence = '`'.repeat(longest + 1);
  return [`${fence}${info}`, ...lines, fence];
}

/** A code span for a table cell. */
export function mdCodeCell(value: unknown): string {
  return mdCode(value, { cell: true });
}

export interface Truncation {
  /** Largest size, in UTF-16 code units (`chars`, GitHub's comment limit) or UTF-8 bytes (the job summary limit). */
  limit: number;
  unit: 'chars' | 'bytes';
  /** Where the reader finds what was cut, e.g. "the job summary of this run". */
  fullReportAt: string;
}

function sizeOf(s: string, unit: Truncation['unit']): number {
  return unit === 'bytes' ? Buffer.byteLength(s) : s.length;
}

/**
 * Cuts `md` to fit, at a line boundary, keeping its beginning (the verdict comes first), closing
 * any `<details>` left open, and ending with a line that says where the full report is.
 */
export function truncateMarkdown(md: string, t: Truncation): string {
  if (sizeOf(md, t.unit) <= t.limit) return md;
  const tail = (open: number) => `${'\n</details>\n'.repeat(open)}\n\n**… truncated:** this report is longer than GitHub accepts here; the full report is in ${t.fullReportAt}.\n`;
  const lines = md.split('\n');
  const kept: string[] = [];
  let size = 0;
  let open = 0;
  // Room for the closing tags of every open block and the notice, counted as we go.
  for (const line of lines) {
    const add = sizeOf(line, t.unit) + 1;
    // Ours start their lines; a `<details>` inside a code span from content is text, not a block.
    const opens = /^<details\b/.test(line) ? 1 : /^<\/details>/.test(line) ? -1 : 0;
    if (size + add + sizeOf(tail(Math.max(0, open + opens)), t.unit) > t.limit) break;
    kept.push(line);
    size += add;
    open = Math.max(0, open + opens);
  }
  // A table cut mid-way stays a table; a blank line ends it before the notice.
  return `${kept.join('\n')}${tail(open)}`;
}
