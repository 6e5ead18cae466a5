// The `href` and `src` values of a piece of raw HTML as a browser's tokenizer reads them, for a
// rename to rewrite. Only attributes of a start tag that closes count: text between tags that looks
// like `href="x.md"`, an attribute value holding such text, comments, end tags, declarations and the
// raw text of <script>, <style>, <textarea> … are never links, so a rewrite never touches them. One
// pass with no backtracking (an unclosed quote runs to the end, as it does in a browser), so hostile
// HTML stays linear.

export interface HtmlLinkValue {
  /** Offset of the value in the HTML (after its quote). */
  start: number;
  /** The value as written. */
  value: string;
}

const isBlank = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/** Elements whose content a browser reads as text up to their end tag (RAWTEXT and RCDATA). */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

/** Where the end tag `</name` of a raw-text element starts at or after `from`; -1 when it never comes. */
function rawTextEnd(html: string, name: string, from: number): number {
  for (let k = html.indexOf('</', from); k >= 0; k = html.indexOf('</', k + 2)) {
    const after = html.charCodeAt(k + 2 + name.length);
    if (html.slice(k + 2, k + 2 + name.length).toLowerCase() === name && (Number.isNaN(after) || isBlank(after) || after === 0x2f || after === 0x3e)) return k;
  }
  return -1;
}

/** The `href`/`src` values of the start tags in `html`, each with where it starts. */
export function htmlLinkValues(html: string): HtmlLinkValue[] {
  const out: HtmlLinkValue[] = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const c = html.charCodeAt(lt + 1);
    if (html.startsWith('<!--', lt)) {
      const e = html.indexOf('-->', lt + 4);
      if (e < 0) break;
      i = e + 3;
      continue;
    }
    // Declarations, processing instructions and end tags hold no links: each runs to its `>`.
    if (c === 0x21 || c === 0x3f || c === 0x2f) {
      const e = html.indexOf('>', lt + 2);
      if (e < 0) break;
      i = e + 1;
      continue;
    }
    if (!isLetter(c)) { i = lt + 1; continue; }
    let p = lt + 1;
    while (p < n && !isBlank(html.charCodeAt(p)) && html.charCodeAt(p) !== 0x2f && html.charCodeAt(p) !== 0x3e) p++;
    const name = html.slice(lt + 1, p).toLowerCase();
    // The tag's links, kept only if the tag closes (a browser drops a tag the text ends inside).
    const found: HtmlLinkValue[] = [];
    let closed = false;
    while (p < n) {
      let ch = html.charCodeAt(p);
      if (isBlank(ch) || ch === 0x2f) { p++; continue; }
      if (ch === 0x3e) { p++; closed = true; break; }
      // An attribute name (a leading `=` is part of it, as in a browser).
      const a = p++;
      while (p < n && !isBlank(ch = html.charCodeAt(p)) && ch !== 0x2f && ch !== 0x3e && ch !== 0x3d) p++;
      const attr = html.slice(a, p).toLowerCase();
      while (p < n && isBlank(html.charCodeAt(p))) p++;
      if (html.charCodeAt(p) !== 0x3d) continue;
      p++;
      while (p < n && isBlank(html.charCodeAt(p))) p++;
      const q = html.charCodeAt(p);
      let start: number, end: number;
      if (q === 0x22 || q === 0x27) {
        start = p + 1;
        end = html.indexOf(q === 0x22 ? '"' : "'", start);
        if (end < 0) { p = n; break; }
        p = end + 1;
      } else {
        start = p;
        while (p < n && !isBlank(ch = html.charCodeAt(p)) && ch !== 0x3e) p++;
        end = p;
        // `href=>` is an empty value, and the `>` ends the tag.
      }
      if (attr === 'href' || attr === 'src') found.push({ start, value: html.slice(start, end) });
    }
    if (!closed) break;
    for (const f of found) out.push(f);
    i = p;
    if (RAW_TEXT.has(name)) {
      const e = rawTextEnd(html, name, p);
      if (e < 0) break;
      i = e;
    }
  }
  return out;
}

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * An attribute value as a browser reads it: numeric character references (`&#x27;`, `&#39;`) and the
 * common named ones decoded, anything else kept as written. A link's target is judged decoded (a
 * GitBook card's `href="…Filice&#x27;s Talk.png"` names `Filice's Talk.png`); a rename still
 * rewrites the value as written.
 */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]{2,6}));/g, (m, hex: string | undefined, dec: string | undefined, name: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? m;
    const cp = parseInt(hex ?? dec!, hex !== undefined ? 16 : 10);
    return cp > 0 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? String.fromCodePoint(cp) : m;
  });
}
