// Markdown scanned as a CommonMark parser reads it: every link form a doc site writes (inline,
// reference definitions and uses, images, autolinks, wiki links and embeds, MDX imports) with the
// exact offset of its target for rewriting, every heading with its explicit {#id}, HTML ids and
// footnotes — nothing inside code. markdown-it does the parsing (linear on hostile input, and
// several times faster than micromark, which is quadratic on runs of `[a](`: see docs/sync-convert.md).
import type MarkdownItClass from 'markdown-it';
import type { MarkdownIt } from 'markdown-it';
import type { StateBlock, StateInline, Token } from 'markdown-it';
import { lazyRequire } from '../core/lazy.js';
import { htmlLinkValues } from './html-links.js';
import { lineOf, lineStarts, placeLines, recordLines, type LinesRecord } from './source-lines.js';
import type { XrefSyntax } from './xrefs.js';
import { lfLineEnds } from '../core/line-ends.js';

const markdownIt = lazyRequire<typeof MarkdownItClass>('markdown-it');

export type LinkKind = 'inline' | 'image' | 'definition' | 'reference' | 'autolink' | 'wiki' | 'embed' | 'import' | 'xref';

export interface Link {
  kind: LinkKind;
  /**
   * The target as written: a destination without its `<>` and title; for a wiki link or embed the
   * part before `|` (note and `#heading`); '' for a reference use (its definition holds the target).
   */
  target: string;
  /** 1-based line of the target (of `[[` for a wiki link). */
  line: number;
  /** Offset of `target` in the (line-ending normalised) text; -1 when it cannot be placed exactly. */
  at: number;
  /** Reference use and definition: the normalised label. */
  label?: string;
  /** Wiki link: the text after `|`. */
  alias?: string;
  /** The link's text as written, kept only for a destination a render hook resolves from it (ScanOptions.textFor). */
  text?: string;
  /** A cross-reference (`xref`): the generator's syntax — Hugo `ref`/`relref`, Jekyll `link`/`post_url`, MyST `doc`/`ref`/`numref`. */
  syntax?: XrefSyntax;
  /** Hugo `ref … lang="fr"`: the language whose pages the path names. */
  lang?: string;
  /** A MyST role with an explicit title (`{ref}`text <label>``): Sphinx then accepts any label, not only a section's. */
  titled?: boolean;
}

export interface Heading {
  level: number;
  /** The heading's text as a reader sees it (markup gone, an explicit `{#id}` suffix stripped). */
  text: string;
  /** An explicit id: `{#id}`, `{ #id }`, `{ id="x" }`, `{: #id }`. */
  id?: string;
  line: number;
}

export interface Scan {
  links: Link[];
  headings: Heading[];
  /** `id`/`name` attributes of HTML in the text (explicit anchors). */
  htmlIds: string[];
  /** Footnote labels defined in the text (`[^label]: …`). */
  footnotes: string[];
  /** Link-like attributes (`href`, `src`, `to`) and Markdown links swallowed by HTML or JSX blocks: not judged. */
  inHtml: number;
  /**
   * The `href` and `src` values of raw HTML (attributes of tags in blocks and inline; never text,
   * comments or code), for a rename to rewrite: `at` is the value's exact offset in the text, in
   * quotes and lists too, or -1 where that cannot be proved.
   */
  htmlLinks: { target: string; line: number; at: number }[];
}

export interface ScanOptions {
  /** Recognise `[[wiki links]]` and `![[embeds]]` (Obsidian, Foam, MkDocs roamlinks). */
  wiki?: boolean;
  /** MkDocs: the indented bodies of `!!!`/`???` admonitions and `===` content tabs are Markdown. */
  admonitions?: boolean;
  /** MDX: `import … from '…'` lines are read as imports. */
  mdx?: boolean;
  /** MyST: the cross-reference roles `{doc}`, `{ref}` and `{numref}` (a role name, then a code span) are links. */
  roles?: boolean;
  /** Destinations a link render hook resolves from the link's text (`[page resource](g)`): their text is kept. */
  textFor?: ReadonlySet<string>;
}

/** What the wrapped rules record while markdown-it parses one text (parsing is synchronous). */
interface Raw { kind: LinkKind | 'html'; start: number; end: number; label?: string; alias?: string; text?: string; syntax?: XrefSyntax; titled?: boolean }
/**
 * `lines`: each getLines call by the line it began at (source-lines.ts); null where two began at one
 * line, which markdown-it never does — such blocks are then not placed at all.
 */
let cur: { opts: ScanOptions; inline: Map<Token[], Raw[]>; defs: { start: number; end: number; label: string }[]; footnotes: string[]; lines: Map<number, LinesRecord | null>; capture?: { start: number; end: number } } | undefined;

// Built on first use: markdown-it (with its entity table) costs ~80 ms to load, which every start
// of the CLI paid, though a plain document's links are read without it (links/fast.ts).
let built: MarkdownIt | undefined;
const parser = (): MarkdownIt => (built ??= makeParser());

function makeParser(): MarkdownIt {
  const md: MarkdownIt = new (markdownIt())('commonmark', { html: true });
  // Every destination is a link here (`javascript:` too: it is external, and counted), kept as written.
  md.validateLink = () => true;
  md.normalizeLink = (s) => s;
  md.normalizeLinkText = (s) => s;
  // Where each leaf block's lines come from in the source, container prefixes and all.
  const Base = md.block.State;
  md.block.State = class extends Base {
    override getLines(begin: number, end: number, indent: number, keepLastLF: boolean): string {
      if (cur && begin < end) cur.lines.set(begin, cur.lines.has(begin) ? null : recordLines(this, begin, end, indent, keepLastLF));
      return super.getLines(begin, end, indent, keepLastLF);
    }
  };
  const parseDest = md.helpers.parseLinkDestination;
  md.helpers.parseLinkDestination = (str, start, max) => {
    const r = parseDest(str, start, max);
    if (cur?.capture && r.ok) { cur.capture.start = start; cur.capture.end = r.pos; }
    return r;
  };

  const record = (state: StateInline, r: Raw) => {
    if (!cur) return;
    let list = cur.inline.get(state.tokens);
    if (!list) cur.inline.set(state.tokens, (list = []));
    list.push(r);
  };

  const isWs = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a;

  function wrapLink(name: 'link' | 'image'): void {
    const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (s: StateInline, silent: boolean) => boolean }[] }).__rules__;
    const orig = rules.find((r) => r.name === name)!.fn;
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (silent || !cur) return true;
      const src = state.src;
      const end = state.pos;
      const open = name === 'image' ? start + 1 : start;
      const labelEnd = md.helpers.parseLinkLabel(state, open, name === 'link');
      if (labelEnd < 0) return true;
      const kind: LinkKind = name === 'image' ? 'image' : 'inline';
      if (src.charCodeAt(labelEnd + 1) === 0x28 && src.charCodeAt(end - 1) === 0x29) {
        let p = labelEnd + 2;
        while (p < end && isWs(src.charCodeAt(p))) p++;
        const d = src.charCodeAt(p) === 0x29 ? undefined : parseDest(src, p, state.posMax);
        if (!d?.ok) { record(state, { kind, start: p, end: p }); return true; }
        const pointy = src.charCodeAt(p) === 0x3c;
        const [ts, te] = [pointy ? p + 1 : p, pointy ? d.pos - 1 : d.pos];
        const keep = kind === 'inline' && cur.opts.textFor?.has(src.slice(ts, te));
        record(state, { kind, start: ts, end: te, ...(keep ? { text: src.slice(open + 1, labelEnd) } : {}) });
        return true;
      }
      // A reference: full `[text][label]`, collapsed `[text][]` or shortcut `[text]`.
      let label = end > labelEnd + 1 && src.charCodeAt(labelEnd + 1) === 0x5b ? src.slice(labelEnd + 2, end - 1) : '';
      if (!label) label = src.slice(open + 1, labelEnd);
      const norm = md.utils.normalizeReference(label);
      if (!norm.startsWith('^')) record(state, { kind: 'reference', start: -1, end: -1, label: norm });
      return true;
    });
  }
  wrapLink('link');
  wrapLink('image');

  {
    const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (s: StateInline, silent: boolean) => boolean }[] }).__rules__;
    const orig = rules.find((r) => r.name === 'autolink')!.fn;
    md.inline.ruler.at('autolink', (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (!silent) record(state, { kind: 'autolink', start: start + 1, end: state.pos - 1 });
      return true;
    });
  }


  {
    // MyST roles: `{doc}`, `{ref}` or `{numref}` right before a code span makes the span's text a
    // cross-reference (`target` or `title <target>`). A code span inside a fence is no span at all.
    const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (s: StateInline, silent: boolean) => boolean }[] }).__rules__;
    const orig = rules.find((r) => r.name === 'backticks')!.fn;
    md.inline.ruler.at('backticks', (state, silent) => {
      const start = state.pos;
      const n0 = state.tokens.length;
      if (!orig(state, silent)) return false;
      // (Pending text before the span is pushed first: the span is the last token when there is one.)
      if (silent || !cur?.opts.roles || state.tokens.length === n0 || state.tokens[state.tokens.length - 1]!.type !== 'code_inline') return true;
      const role = /\{(?:std:)?(doc|ref|numref)\}$/.exec(state.src.slice(Math.max(0, start - 12), start));
      if (!role) return true;
      let n = 0;
      while (state.src.charCodeAt(start + n) === 0x60) n++;
      const inner = state.src.slice(start + n, state.pos - n);
      // The title form's `<target>` ends the span: only its last 600 characters are searched (linear on a long span).
      const tailFrom = Math.max(0, inner.length - 600);
      const t = /<([^<>\n]{1,500})>[ \t]*$/.exec(inner.slice(tailFrom));
      const lead = t ? 0 : inner.length - inner.trimStart().length;
      const from = t ? start + n + tailFrom + t.index + 1 : start + n + lead;
      const to = t ? from + t[1]!.length : from + inner.trim().length;
      record(state, { kind: 'xref', start: from, end: to, syntax: role[1] as XrefSyntax, titled: Boolean(t) });
      return true;
    });
  }

  {
    // Inline HTML: where its link attributes are, so a rename can rewrite them.
    const rules = (md.inline.ruler as unknown as { __rules__: { name: string; fn: (s: StateInline, silent: boolean) => boolean }[] }).__rules__;
    const orig = rules.find((r) => r.name === 'html_inline')!.fn;
    md.inline.ruler.at('html_inline', (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (silent || !cur || state.src.startsWith('<!--', start)) return true;
      for (const v of htmlLinkValues(state.src.slice(start, state.pos))) record(state, { kind: 'html', start: start + v.start, end: start + v.start + v.value.length });
      return true;
    });
  }

  /**
   * `[[note#heading|alias]]` and `![[file]]`: the target holds no `[`, `]` or line ending, so each
   * attempt stops at the next bracket and the rule stays linear on runs of brackets.
   */
  function wiki(state: StateInline, silent: boolean): boolean {
    if (!cur?.opts.wiki) return false;
    const src = state.src;
    let p = state.pos;
    const embed = src.charCodeAt(p) === 0x21;
    if (embed) p++;
    if (src.charCodeAt(p) !== 0x5b || src.charCodeAt(p + 1) !== 0x5b) return false;
    const from = p + 2;
    let q = from;
    const max = state.posMax;
    while (q < max) {
      const c = src.charCodeAt(q);
      if (c === 0x5b || c === 0x0a) return false;
      if (c === 0x5d) break;
      q++;
    }
    if (q + 1 >= max || src.charCodeAt(q + 1) !== 0x5d || q === from) return false;
    const inner = src.slice(from, q);
    const bar = inner.indexOf('|');
    const target = bar < 0 ? inner : inner.slice(0, bar);
    // `[[toc]]` and GitLab's `[[_TOC_]]` are table-of-contents markers, not links.
    if (!embed && /^\s*(toc|_toc_)\s*$/i.test(inner)) return false;
    if (!silent) {
      record(state, { kind: embed ? 'embed' : 'wiki', start: from, end: from + target.length, alias: bar < 0 ? undefined : inner.slice(bar + 1) });
      const t = state.push('text', '', 0);
      t.content = bar < 0 ? target.replace(/#/g, ' ') : inner.slice(bar + 1);
    }
    state.pos = q + 2;
    return true;
  }
  md.inline.ruler.before('link', 'wiki', wiki);

  {
    const rules = (md.block.ruler as unknown as { __rules__: { name: string; fn: (s: StateBlock, a: number, b: number, silent: boolean) => boolean }[] }).__rules__;
    const orig = rules.find((r) => r.name === 'reference')!.fn;
    md.block.ruler.at('reference', (state, startLine, endLine, silent) => {
      if (!cur) return orig(state, startLine, endLine, silent);
      if (silent) {
        // A silent call (the next line tested as a terminator) must not capture the outer definition's destination.
        const saved = cur.capture;
        cur.capture = undefined;
        try { return orig(state, startLine, endLine, silent); } finally { cur.capture = saved; }
      }
      cur.capture = { start: -1, end: -1 };
      const n = state.tokens.length;
      let ok = false;
      try { ok = orig(state, startLine, endLine, silent); } finally {
        const c = cur.capture;
        cur.capture = undefined;
        const tok = state.tokens[n];
        if (ok && tok && c.start >= 0) {
          const label = (tok.meta as { label: string }).label;
          if (label.startsWith('^')) {
            // The label as written (the normalised one is upper-cased; footnote anchors keep its case).
            const open = state.bMarks[startLine]! + state.tShift[startLine]!;
            const close = state.src.indexOf(']', open);
            cur.footnotes.push(close > open ? state.src.slice(open + 2, close) : label.slice(1));
          }
          else {
            const pointy = state.src.charCodeAt(c.start) === 0x3c;
            cur.defs.push({ start: pointy ? c.start + 1 : c.start, end: pointy ? c.end - 1 : c.end, label });
          }
        }
      }
      return ok;
    });
    // Registered as stock markdown-it registers `reference`: with no `alt`. Listed as a terminator of
    // paragraphs and of itself, a definition line would interrupt a paragraph (CommonMark says it
    // cannot) and each definition's look-ahead would call the rule again, one stack frame a line.
  }

  // The core rule that parses inline content, written out so each block's children are known by their array.
  md.core.ruler.at('inline', (state) => {
    for (const tok of state.tokens) if (tok.type === 'inline') state.md.inline.parse(tok.content, state.md, state.env, tok.children!);
  });
  return md;
}

const unplaced = () => -1;

/**
 * Offsets in a block token's content → offsets in the text (-1 where one cannot be proved). An ATX
 * heading's one line follows its `#` run (no container prefix holds a `#`); every other block's
 * lines are placed through markdown-it's own cut of them (source-lines.ts), so quotes, lists,
 * lazy lines and tabs at any depth are one case.
 */
function placeBlock(text: string, starts: number[], lines: Map<number, LinesRecord | null>, tok: Token, atx: boolean): (offset: number) => number {
  if (!tok.map) return unplaced;
  if (atx) {
    const s0 = starts[tok.map[0]];
    if (s0 === undefined || tok.content.includes('\n')) return unplaced;
    const sEnd = tok.map[0] + 1 < starts.length ? starts[tok.map[0] + 1]! - 1 : text.length;
    const s = text.slice(s0, sEnd);
    let p = s.indexOf('#');
    if (p < 0) return unplaced;
    while (s.charCodeAt(p) === 0x23) p++;
    while (p < s.length && (s.charCodeAt(p) === 0x20 || s.charCodeAt(p) === 0x09)) p++;
    return s.startsWith(tok.content, p) ? (j) => s0 + p + j : unplaced;
  }
  const rec = lines.get(tok.map[0]);
  const place = rec && rec.end === tok.map[1] ? placeLines(rec, text, tok.content) : undefined;
  return place ?? unplaced;
}

/** The heading text a reader sees: text and code, links by their text, images and HTML dropped. */
function plainText(children: Token[]): string {
  let out = '';
  for (const c of children) {
    if (c.type === 'text' || c.type === 'code_inline') out += c.content;
    else if (c.type === 'softbreak' || c.type === 'hardbreak') out += ' ';
  }
  return out;
}

/** The `#id` of an attribute list; a dot or colon is part of it (`{#v0.7.0}`: goldmark, kramdown and attr_list all give id="v0.7.0"). */
const ATTR_ID = /(?:^|[ \t])#([^\s#{}="']+)/;
/** The inline elements attr_list gives attributes to when `{…}` follows them at once. */
const INLINE_ATTR_AFTER = /^(?:em_close|strong_close|link_close|s_close|code_inline|image)$/;

// No leading `[ \t]*`: from every blank of a long run it would scan the run again (quadratic).
const ATTRS = /\{[ \t]*:?([^{}\n]*)\}[ \t]*$/;
/** An explicit id at the end of a heading: `{#id}`, `{ #id .class }`, `{ id="x" }`, `{: #id }`. */
export function headingAttrs(text: string): { text: string; id?: string } {
  const m = ATTRS.exec(text);
  if (!m) return { text };
  const body = m[1]!;
  const hash = ATTR_ID.exec(body);
  const kv = /(?:^|[ \t])id[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(body);
  const id = hash?.[1] ?? kv?.[1] ?? kv?.[2] ?? kv?.[3];
  // Braces holding no id and no class are the heading's own text.
  if (id === undefined && !/(?:^|[ \t])\.[A-Za-z_-]/.test(body)) return { text };
  return { text: text.slice(0, m.index).trimEnd(), id };
}

const HTML_ID = /\b(?:id|name)[ \t]*=[ \t]*(?:"([^"\n]{1,200})"|'([^'\n]{1,200})'|([^\s"'>]{1,200}))/g;
const HTML_LINK = /\b(?:href|src|to)[ \t]*=/g;
const count = (re: RegExp, s: string) => { re.lastIndex = 0; let n = 0; while (re.exec(s)) n++; return n; };

/**
 * MkDocs admonitions (`!!! note`, `??? tip`, `???+ tip`) and content tabs (`=== "Tab"`) hold their
 * body indented by four spaces: the body is Markdown, so it is dedented before parsing (outside code
 * fences), and the removed columns are remembered per line so offsets still point into the text.
 */
function dedentAdmonitions(text: string): { text: string; shift: number[] } | undefined {
  if (!/^[ \t]*(?:!!!|\?\?\?\+?|===)[ \t]/m.test(text)) return undefined;
  const lines = text.split('\n');
  const shift: number[] = new Array(lines.length).fill(0);
  const stack: number[] = [];
  let fence: { ch: string; n: number; indent: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const indent = l.length - l.replace(/^ +/, '').length;
    const blank = l.trim() === '';
    if (!blank) while (stack.length && indent < stack[stack.length - 1]!) stack.pop();
    const remove = blank ? Math.min(indent, (stack.length ? stack[stack.length - 1]! : 0)) : (stack.length ? stack[stack.length - 1]! : 0);
    const rest = l.slice(remove);
    lines[i] = rest;
    shift[i] = remove;
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(rest);
    if (fence) { if (f && f[1]![0] === fence.ch && f[1]!.length >= fence.n && rest.slice(f[0].length).trim() === '') fence = undefined; continue; }
    if (f) { fence = { ch: f[1]![0]!, n: f[1]!.length, indent }; continue; }
    if (/^(?:!!!|\?\?\?\+?|===)[ \t]+\S/.test(rest)) stack.push(remove + 4);
  }
  return { text: lines.join('\n'), shift };
}

/** HTML with its comments taken out (one pass: an unclosed comment runs to the end). */
function withoutComments(html: string): string {
  if (!html.includes('<!--')) return html;
  let out = '';
  let i = 0;
  for (;;) {
    const a = html.indexOf('<!--', i);
    if (a < 0) return out + html.slice(i);
    out += html.slice(i, a);
    const b = html.indexOf('-->', a + 4);
    if (b < 0) return out;
    i = b + 3;
  }
}

const MDX_IMPORT = /^import\s+[^'"\n;]*?\bfrom\s*(['"])([^'"\n]{1,1000})\1|^import\s*(['"])([^'"\n]{1,1000})\3/;

/** Links, headings, HTML ids and footnotes of a Markdown text (its frontmatter already removed). */
export function scanMarkdown(input: string, opts: ScanOptions = {}): Scan {
  const text = lfLineEnds(input);
  const dd = opts.admonitions ? dedentAdmonitions(text) : undefined;
  const src = dd ? dd.text : text;
  cur = { opts, inline: new Map(), defs: [], footnotes: [], lines: new Map() };
  let tokens: Token[];
  const state = cur;
  try { tokens = parser().parse(src, {}); } finally { cur = undefined; }
  const starts = lineStarts(src);
  // The text markdown-it cut the blocks from: NUL read as U+FFFD (one code unit for one, so offsets hold).
  const mdSrc = src.includes('\0') ? src.replace(/\0/g, '\uFFFD') : src;
  const origStarts = dd ? lineStarts(text) : starts;
  // An offset in the parsed text → an offset in the text given (admonition bodies were dedented).
  const toText = (off: number) => {
    if (!dd || off < 0) return off;
    const L = lineOf(starts, off);
    return origStarts[L]! + dd.shift[L]! + (off - starts[L]!);
  };
  const out: Scan = { links: [], headings: [], htmlIds: [], footnotes: state.footnotes, inHtml: 0, htmlLinks: [] };
  const pushHtml = (at: number, target: string, line: number) => {
    const t = toText(at);
    out.htmlLinks.push({ target, line: t >= 0 ? lineOf(origStarts, t) + 1 : line, at: t >= 0 && text.startsWith(target, t) ? t : -1 });
  };
  const push = (kind: LinkKind, at: number, target: string, extra: Partial<Link> = {}) => {
    const t = toText(at);
    const ok = t >= 0 && text.startsWith(target, t);
    out.links.push({ kind, target, line: lineOf(origStarts, Math.max(0, t)) + 1, at: ok ? t : -1, ...extra });
  };
  for (const d of state.defs) push('definition', d.start, src.slice(d.start, d.end), { label: d.label });
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    if (tok.type === 'html_block') {
      const html = withoutComments(tok.content);
      for (const m of html.matchAll(HTML_ID)) out.htmlIds.push(m[1] ?? m[2] ?? m[3]!);
      out.inHtml += count(HTML_LINK, html) + count(/\]\(/g, html);
      const values = tok.map ? htmlLinkValues(tok.content) : [];
      if (values.length) {
        const toDoc = placeBlock(mdSrc, starts, state.lines, tok, false);
        const cl = lineStarts(tok.content);
        // A value spanning lines has the next line's container prefix inside it in the text: never placed.
        for (const v of values) pushHtml(v.value.includes('\n') ? -1 : toDoc(v.start), v.value, tok.map![0] + 1 + lineOf(cl, v.start));
      }
      const h = /<h[1-6][^>\n]{0,500}>([^<]{0,1000})</i.exec(html);
      if (h && tok.map) out.headings.push({ level: Number(/<h([1-6])/i.exec(h[0])![1]), text: h[1]!.trim(), line: tok.map[0] + 1, ...(/\bid\s*=\s*["']([^"']+)["']/i.exec(h[0]) ? { id: /\bid\s*=\s*["']([^"']+)["']/i.exec(h[0])![1] } : {}) });
      continue;
    }
    if (tok.type !== 'inline') continue;
    const prev = tokens[i - 1];
    const atx = prev?.type === 'heading_open' && prev.markup.startsWith('#');
    const raws = state.inline.get(tok.children!) ?? [];
    for (const c of tok.children!) {
      if (c.type === 'html_inline' && !c.content.startsWith('<!--')) {
        for (const m of c.content.matchAll(HTML_ID)) out.htmlIds.push(m[1] ?? m[2] ?? m[3]!);
        out.inHtml += count(HTML_LINK, c.content);
      }
    }
    // MkDocs' attr_list on an inline element: `**term**{ #id }` gives the <strong> that id.
    if (opts.admonitions) {
      const kids = tok.children!;
      for (let k = 1; k < kids.length; k++) {
        const c = kids[k]!;
        if (c.type !== 'text' || c.content.charCodeAt(0) !== 0x7b || !INLINE_ATTR_AFTER.test(kids[k - 1]!.type)) continue;
        const m = /^\{:?([^{}\n]*)\}/.exec(c.content);
        const id = m ? ATTR_ID.exec(m[1]!)?.[1] : undefined;
        if (id !== undefined) out.htmlIds.push(id);
      }
    }
    if (prev?.type === 'heading_open' && tok.map) {
      const a = headingAttrs(plainText(tok.children!).trim());
      out.headings.push({ level: Number(prev.tag.slice(1)), text: a.text, line: tok.map[0] + 1, ...(a.id !== undefined ? { id: a.id } : {}) });
    } else if (prev?.type === 'paragraph_open') {
      const fn = /^\[\^([^\]\s]+)\]:/.exec(tok.content);
      if (fn) out.footnotes.push(fn[1]!);
    }
    const mdxImport = !!opts.mdx && prev?.type === 'paragraph_open' && /^import\b/m.test(tok.content);
    if (!raws.length && !mdxImport) continue;
    const toDoc = placeBlock(mdSrc, starts, state.lines, tok, atx);
    for (const r of raws) {
      if (r.kind === 'html') { pushHtml(toDoc(r.start), tok.content.slice(r.start, r.end), (tok.map?.[0] ?? 0) + 1); continue; }
      if (r.kind === 'reference') { out.links.push({ kind: 'reference', target: '', line: (tok.map?.[0] ?? 0) + 1, at: -1, label: r.label }); continue; }
      push(r.kind, toDoc(r.start), tok.content.slice(r.start, r.end), r.alias !== undefined ? { alias: r.alias } : r.syntax ? { syntax: r.syntax, titled: Boolean(r.titled) } : r.text !== undefined ? { text: r.text } : {});
    }
    if (mdxImport) {
      let off = 0;
      for (const l of tok.content.split('\n')) {
        const m = MDX_IMPORT.exec(l);
        if (m) {
          const spec = m[2] ?? m[4]!;
          push('import', toDoc(off + m[0].lastIndexOf(spec)), spec);
        }
        off += l.length + 1;
      }
    }
  }
  out.links.sort((a, b) => a.line - b.line || a.at - b.at);
  return out;
}
