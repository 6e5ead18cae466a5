// A document's title, by one rule for every reader in ctxforge — sync reading an upstream page,
// each format's documents reader, OCTX validation: frontmatter `title`, else the first heading of
// any level (ATX, setext or an HTML <h1>…<h6>) as a CommonMark parser finds it — never inside an
// HTML comment, a code block or an MDX import line — with an explicit `{#id}` suffix stripped.
import { scanMarkdown, type ScanOptions } from './parse.js';

export type TitleOptions = Pick<ScanOptions, 'mdx' | 'admonitions'>;

/** Characters after which a heading's text is not what a reader sees: markup, entities, attributes. */
const MARKUP = /[\\`*_<>&[\]!{}~|#$]/;
/** A line that may open an ATX heading (up to three spaces, one to six `#`, then a blank or the end). */
const ATX_START = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * Most pages open with a plain `# Title` line: its text is the title, no parser needed. Undefined
 * when the page opens otherwise, or the heading holds anything markup might change.
 */
function plainOpening(body: string): string | undefined {
  let at = 0;
  for (;;) {
    const end = body.indexOf('\n', at);
    const line = end < 0 ? body.slice(at) : body.slice(at, end);
    if (line.trim() !== '') {
      let n = 0;
      while (n < line.length && line.charCodeAt(n) === 0x23) n++;
      if (n < 1 || n > 6 || (line[n] !== ' ' && line[n] !== '\t')) return undefined;
      const text = line.slice(n).trim();
      return text && !MARKUP.test(text) ? text.replace(/\s+/g, ' ') : undefined;
    }
    if (end < 0) return undefined;
    at = end + 1;
  }
}

const firstOf = (text: string, opts: TitleOptions): string | undefined => {
  for (const h of scanMarkdown(text, opts).headings) {
    const t = h.text.replace(/\s+/g, ' ').trim();
    if (t) return t;
  }
  return undefined;
};

/** The first heading of a body (frontmatter removed), as a reader of the rendered page sees it. */
export function firstHeading(body: string, opts: TitleOptions = {}): string | undefined {
  const plain = plainOpening(body);
  if (plain !== undefined) return plain;
  // The lines up to the first that may open an ATX heading parse as they do in the whole text (a
  // block's meaning depends only on the lines before it), so a heading found there is the first.
  for (let at = 0; at < body.length;) {
    const end = body.indexOf('\n', at);
    const stop = end < 0 ? body.length : end;
    if (ATX_START.test(body.slice(at, Math.min(stop, at + 12)))) {
      const found = firstOf(body.slice(0, stop), opts);
      if (found !== undefined || stop === body.length) return found;
      break;
    }
    at = stop + 1;
  }
  return firstOf(body, opts);
}

/** Whether a frontmatter `title` is the title by itself: a non-blank string (else the first heading is). */
export const ownsTitle = (frontmatterTitle: unknown): frontmatterTitle is string => typeof frontmatterTitle === 'string' && frontmatterTitle.trim() !== '';

/** A document's title: its frontmatter `title` when that is a non-blank string, else its first heading. */
export function titleOf(frontmatterTitle: unknown, body: string, opts: TitleOptions = {}): string | undefined {
  return ownsTitle(frontmatterTitle) ? frontmatterTitle : firstHeading(body, opts);
}
