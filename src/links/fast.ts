// The fast path of link scanning: a one-pass, line-by-line reader of the plain Markdown most pages
// are (paragraphs, lists, headings, code fences at the margin, inline code, inline links and
// images). It answers only where it is sure to find exactly the links the CommonMark parser finds,
// and gives up (undefined) on anything else — a backslash, `<` (HTML, autolinks), a reference
// definition, a footnote, a wiki link, a blockquote, indented or nested blocks, a construct that
// might cross a line — so scanMarkdown decides those. test/links/fast.test.ts holds the two
// together on generated and mutated texts.
import type { Link } from './parse.js';

/** Characters whose presence anywhere hands the text to the parser. */
const GIVE_UP = /[\\<\r\0]|\]:|\[\^|\[\[/;

/** The end of the backtick run starting at `i`, and its length. */
function run(l: string, i: number): number {
  let j = i;
  while (j < l.length && l.charCodeAt(j) === 0x60) j++;
  return j;
}

/** After the code span opened by the run [i, j): the index past its closer on this line, or -1. */
function closeSpan(l: string, i: number, j: number): number {
  const n = j - i;
  let k = j;
  while (k < l.length) {
    if (l.charCodeAt(k) !== 0x60) { k++; continue; }
    const e = run(l, k);
    if (e - k === n) return e;
    k = e;
  }
  return -1;
}

const GAVE_UP = Symbol('gave up');
type Step = { link?: { start: number; end: number }; next: number } | typeof GAVE_UP;

/** An inline link or image whose `[` is at `i`: its destination span, or where scanning goes on. */
function linkAt(l: string, i: number): Step {
  let j = i + 1;
  for (;;) {
    if (j >= l.length) return GAVE_UP;
    const c = l.charCodeAt(j);
    if (c === 0x5b) return GAVE_UP;
    if (c === 0x5d) break;
    if (c === 0x60) {
      const e = run(l, j);
      const k = closeSpan(l, j, e);
      if (k < 0) return GAVE_UP;
      j = k;
      continue;
    }
    j++;
  }
  if (l.charCodeAt(j + 1) !== 0x28) return { next: i + 1 };
  let k = j + 2;
  while (k < l.length && (l.charCodeAt(k) === 0x20 || l.charCodeAt(k) === 0x09)) k++;
  if (k >= l.length) return GAVE_UP;
  if (l.charCodeAt(k) === 0x29) return { link: { start: k, end: k }, next: k + 1 };
  const start = k;
  let level = 0;
  while (k < l.length) {
    const c = l.charCodeAt(k);
    if (c === 0x20 || c === 0x09) break;
    if (c < 0x20 || c === 0x7f) return GAVE_UP;
    if (c === 0x28) { if (++level > 32) return GAVE_UP; }
    else if (c === 0x29) { if (level === 0) break; level--; }
    k++;
  }
  if (k >= l.length) return GAVE_UP;
  if (level !== 0) return { next: i + 1 };
  const end = k;
  while (k < l.length && (l.charCodeAt(k) === 0x20 || l.charCodeAt(k) === 0x09)) k++;
  if (k >= l.length) return GAVE_UP;
  const c = l.charCodeAt(k);
  if (c === 0x29) return { link: { start, end }, next: k + 1 };
  if ((c === 0x22 || c === 0x27) && k > end) {
    const q = l.indexOf(String.fromCharCode(c), k + 1);
    if (q < 0) return GAVE_UP;
    k = q + 1;
    while (k < l.length && (l.charCodeAt(k) === 0x20 || l.charCodeAt(k) === 0x09)) k++;
    if (k >= l.length) return GAVE_UP;
    return l.charCodeAt(k) === 0x29 ? { link: { start, end }, next: k + 1 } : { next: i + 1 };
  }
  if (c === 0x28) return GAVE_UP;
  return { next: i + 1 };
}

/** The links of `text` (frontmatter removed), exactly as scanMarkdown finds them, or undefined when unsure. */
export function fastLinks(text: string): Link[] | undefined {
  if (GIVE_UP.test(text)) return undefined;
  const out: Link[] = [];
  let fence: { ch: number; n: number } | undefined;
  let off = 0;
  let lineNo = 0;
  while (off <= text.length) {
    let nl = text.indexOf('\n', off);
    if (nl < 0) nl = text.length;
    const l = text.slice(off, nl);
    lineNo++;
    const c0 = l.charCodeAt(0);
    let lead = 0;
    while (lead < l.length && l.charCodeAt(lead) === 0x20) lead++;
    const first = l.charCodeAt(lead);
    if (fence) {
      if (lead < 4 && first === fence.ch) {
        const e = lead + (run2(l, lead, fence.ch));
        if (e - lead >= fence.n && l.slice(e).trim() === '') fence = undefined;
      }
    } else if (lead === l.length) {
      // blank
    } else if (c0 === 0x09 || lead >= 4 || first === 0x09 || first === 0x3e) {
      return undefined;
    } else if (first === 0x60 || first === 0x7e) {
      const n = run2(l, lead, first);
      if (n >= 3) {
        if (lead > 0) return undefined;
        if (first === 0x60 && l.indexOf('`', n) >= 0) return undefined;
        fence = { ch: first, n };
      } else if (!scanLine(l, off, lineNo, out)) return undefined;
    } else {
      // A list item whose content opens a fence, a blockquote or an indented block is a container
      // the parser decides.
      const item = /^(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))+/.exec(l.slice(lead));
      if (item) {
        const rest = l.slice(lead + item[0].length);
        // Four spaces after a marker start an indented block inside the item.
        if (/^(?:`{3}|~{3}|>)/.test(rest) || /[ \t]{4}|\t/.test(item[0])) return undefined;
      }
      // Every line is read for code spans too: one left open would hide a link on the next line.
      if ((l.includes('[') || l.includes('`')) && !scanLine(l, off, lineNo, out)) return undefined;
    }
    off = nl + 1;
  }
  return out;
}

function run2(l: string, i: number, ch: number): number {
  let j = i;
  while (j < l.length && l.charCodeAt(j) === ch) j++;
  return j - i;
}

/** The links of one line of inline content; false when the line needs the parser. */
function scanLine(l: string, off: number, lineNo: number, out: Link[]): boolean {
  let i = 0;
  while (i < l.length) {
    const c = l.charCodeAt(i);
    if (c === 0x60) {
      const e = run(l, i);
      const k = closeSpan(l, i, e);
      if (k < 0) return false;
      i = k;
      continue;
    }
    if (c !== 0x5b) { i++; continue; }
    const s = linkAt(l, i);
    if (s === GAVE_UP) return false;
    if (s.link) {
      const kind = i > 0 && l.charCodeAt(i - 1) === 0x21 ? 'image' : 'inline';
      out.push({ kind, target: l.slice(s.link.start, s.link.end), line: lineNo, at: off + s.link.start });
    }
    i = s.next;
  }
  return true;
}

/**
 * fastLinks, or undefined when one of its links goes to a destination in `textFor`: a render hook
 * resolves those from the link's text, which only the parser keeps (ScanOptions.textFor).
 */
export function fastLinksFor(text: string, textFor: ReadonlySet<string> | undefined): Link[] | undefined {
  const links = fastLinks(text);
  return links && textFor && links.some((l) => textFor.has(l.target)) ? undefined : links;
}
