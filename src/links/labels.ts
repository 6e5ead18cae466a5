// Cross-reference targets that are not headings, as each generator writes them: MyST's `(label)=`
// line before a block, a `{#id}` block attribute, a directive's `:name:` option (and figure-md's
// argument), and glossary terms (Sphinx). A link to `#label` or to a bare `label` resolves to the
// page that defines it. Code fences are skipped (directive fences hold Markdown); one pass, line
// by line, with a stack of open fences.
//
// Sphinx's `{ref}` role without an explicit title needs a label with a title of its own: one right
// before a section heading, or the name of a figure or table (their caption) — the others it calls
// "undefined label". Those are the `titled` labels.
import type { Generator } from './slugs.js';

/** Directives whose `:name:` gives the label a title (their caption). */
const CAPTIONED = new Set(['figure', 'figure-md', 'table', 'list-table', 'csv-table']);

export interface LabelFacts {
  all: string[];
  /** Labels `{ref}` accepts without an explicit title. */
  titled: string[];
  /** The title of the section a `(label)=` line labels (lowercased label → the heading as a reader sees it). */
  titles: Map<string, string>;
}

/** A heading's text as a reader sees it: an explicit `{#id}` and a closing run of `#` dropped, emphasis and code marks gone. */
function headingTitle(text: string): string {
  let t = text.trimEnd();
  if (t.endsWith('}') && t.lastIndexOf('{#') >= 0) t = t.slice(0, t.lastIndexOf('{#')).trimEnd();
  // Trimmed by a loop, not a pattern that could retry every blank.
  let e = t.length;
  while (e > 0 && t[e - 1] === '#') e--;
  if (e < t.length && (e === 0 || t[e - 1] === ' ' || t[e - 1] === '\t')) t = t.slice(0, e).trimEnd();
  return t.replace(/[*_`]/g, '').trim();
}

export function labelFacts(g: Generator, body: string): LabelFacts {
  const out: LabelFacts = { all: [], titled: [], titles: new Map() };
  if (g !== 'sphinx' || !(body.includes(')=') || body.includes(':name:') || body.includes('{#') || body.includes('#') && body.includes('}{') || body.includes('){') || body.includes('{glossary}') || body.includes('{figure-md}'))) return out;
  const all = out.all;
  const stack: { ch: string; n: number; code: boolean; glossary: boolean; directive: string }[] = [];
  // After a `{.glossary}` line, a definition list's terms (lines before `: definition`) are targets.
  let dl = false;
  // `(label)=` lines waiting for the block they label: a heading makes them titled.
  let waiting: string[] = [];
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const top = stack[stack.length - 1];
    if (waiting.length && !top && line.trim() !== '' && !/^[ \t]{0,3}\([^()\s]{1,200}\)=[ \t]*$/.test(line)) {
      const h = /^[ \t]{0,3}#{1,6}[ \t]+(.*)$/.exec(line);
      if (h) {
        out.titled.push(...waiting);
        const title = line.length <= 1000 ? headingTitle(h[1]!) : '';
        if (title) for (const w of waiting) if (!out.titles.has(w.toLowerCase())) out.titles.set(w.toLowerCase(), title);
      }
      waiting = [];
    }
    const f = /^[ \t]*(`{3,}|~{3,}|:{3,})(.*)$/.exec(line);
    if (f) {
      const [ch, n, rest] = [f[1]![0]!, f[1]!.length, f[2]!.trim()];
      if (rest === '') {
        // A directive's fence ends at its first closing line, whatever fences its content opened
        // (markdown-it reads the outer fence first): the outermost fence this line closes ends here.
        const i = stack.findIndex((x) => x.ch === ch && n >= x.n);
        if (i >= 0) { stack.length = i; continue; }
      }
      if (!top?.code) {
        const d = /^\{([\w:-]+)\}\s*(\S*)/.exec(rest);
        if (d || ch !== ':') {
          stack.push({ ch, n, code: !d, glossary: d?.[1] === 'glossary', directive: d?.[1] ?? '' });
          if (d?.[1] === 'figure-md' && d[2]) { all.push(d[2]); out.titled.push(d[2]); }
          continue;
        }
      }
    }
    if (top?.code) continue;
    if (/^[ \t]{0,3}\{\.glossary\}[ \t]*$/.test(line)) { dl = true; continue; }
    if (dl) {
      if (/^#/.test(line)) dl = false;
      else if (/^[^\s:]/.test(line) && /^:[ \t]/.test(lines[i + 1] ?? '')) { all.push(line.trim().toLowerCase()); continue; }
    }
    // MyST's attrs_inline: `[span]{#id .class}`, `[link](x){#id}`, `![image](x){#id w=100px}` — the id anywhere in the braces.
    if (line.includes(']{') || line.includes('){')) for (const m of line.matchAll(/[\])]\{([^{}\n]{1,500})\}/g)) { const id = attrId(m[1]!); if (id) all.push(id); }
    if (top?.glossary && /^\S/.test(line) && !line.startsWith(':')) { all.push(line.trim().toLowerCase()); continue; }
    // A target is a block: inside a block quote too (sync writes an admonition as one).
    const label = /^[ \t]{0,3}(?:>[ \t]?){0,8}\(([^()\s]{1,200})\)=[ \t]*$/.exec(line);
    if (label) { all.push(label[1]!); if (!top) waiting.push(label[1]!); continue; }
    const l = /^[ \t]*:name:[ \t]+(\S{1,200})[ \t]*$/.exec(line);
    if (l) { all.push(l[1]!); if (top && CAPTIONED.has(top.directive)) out.titled.push(l[1]!); continue; }
    // attrs_block: a `{#id .class key=value}` line gives the next block its id.
    const b = /^[ \t]{0,3}\{([^{}\n]{1,500})\}[ \t]*$/.exec(line);
    const id = b ? attrId(b[1]!) : undefined;
    if (id) all.push(id);
  }
  return out;
}

/** The `#id` of an attribute list (`#id .class key="v"`), when it names one. */
function attrId(attrs: string): string | undefined {
  return /(?:^|[ \t])#([^\s#.{}="']{1,200})(?=[ \t]|$)/.exec(attrs)?.[1];
}

export const labelsOf = (g: Generator, body: string): string[] => labelFacts(g, body).all;
