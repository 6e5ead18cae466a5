// MDX pages as their reader sees them (issue 34): the components of Starlight, Docusaurus, Nextra and
// Mintlify become the Markdown the rendered page shows — an aside a blockquote with its title, a tab
// or card its label in bold, a link card a Markdown link, wrappers (`<Tabs>`, `<Steps>`) nothing —
// and the page's `import`/`export` statements go. The components are data (COMPONENTS, keyed by the
// component's name, whatever the generator); a component the table does not know, or one whose label
// or link is an expression (`href={base + '/x/'}`: never evaluated), stays as written.
//
// The link check reads the page as written (CommonMark, where a line holding only a tag opens an
// HTML block that runs to the next blank line, and Markdown inside it is not judged) and the synced
// tree's check reads this text: they must agree. So every page's result is checked: its links,
// headings and anchors are read from both texts, and a component whose conversion changes them (it
// would bring a link out of an HTML block, or a heading out of an indented block) is left as written
// — MDX 1 shows such text raw and MDX 2 as Markdown, and the page does not say which. Lines are kept
// one for one; code fences are never touched; the work is linear (tags are found in one pass and
// paired with a stack, nesting read to MAX_DEPTH, tags of bounded size).
import { NO_STEPS, type StepSink } from '../core/steps.js';
import { scanMarkdown, type Scan } from '../links/parse.js';

/** What a component is to a reader. */
type Kind =
  /** A box with a title (Aside, Note, Callout): a blockquote headed `**Title**`, its content inside. */
  | 'callout'
  /** Content under a label (TabItem, Card, Accordion, Step): the label in bold, or a link when the component links. */
  | 'section'
  /** A wrapper that shows only its content (Tabs, CardGrid, Steps, CodeGroup). */
  | 'wrapper'
  /** Plain text from an attribute (Badge). */
  | 'text'
  /** An entry of a file tree: a list item with its name (`folder/` for a folder). */
  | 'file' | 'folder'
  /** Shows nothing a reader reads (an icon, a generated list of child pages). */
  | 'hidden';

interface Component {
  kind: Kind;
  /** Attributes whose value is the label or title, the first one given wins. */
  label?: readonly string[];
  /** A callout's word when no title is given (`Note`)… */
  word?: string;
  /** …or the value of its `type` attribute, capitalised, this one when it has none ('' for none). */
  typed?: string;
  /** Attributes whose value is the link target (a section that links: LinkCard, Cards.Card, Mintlify Card). */
  href?: readonly string[];
  /** Attributes shown after the label in parentheses (`type`), and flags shown when present (`required`). */
  detail?: readonly string[];
  flags?: readonly string[];
  /** An attribute shown after the label or link (`— description`). */
  description?: string;
}

const callout = (word: string): Component => ({ kind: 'callout', label: ['title'], word });
const section = (label: readonly string[], more: Partial<Component> = {}): Component => ({ kind: 'section', label, ...more });
const WRAPPER: Component = { kind: 'wrapper' };
const FIELD = { detail: ['type'], flags: ['required', 'deprecated'] } as const;

/**
 * The components ctxforge reads, by name (one table for every `.mdx` page: a name several generators
 * define — Tabs, Steps, Card — means the same in each). Established from each generator's documentation and
 * checked against their own docs: withastro/starlight 0.35.0, facebook/docusaurus `website/docs`,
 * shuding/nextra `docs`, mintlify/docs (docs/sync-convert.md).
 */
export const COMPONENTS: Readonly<Record<string, Component>> = {
  // Starlight (@astrojs/starlight/components)
  Aside: { kind: 'callout', label: ['title'], typed: 'note' },
  Tabs: WRAPPER,
  TabItem: section(['label', 'value']),
  Card: section(['title'], { href: ['href'] }),
  CardGrid: WRAPPER,
  LinkCard: section(['title'], { href: ['href'], description: 'description' }),
  LinkButton: section([], { href: ['href'] }),
  Steps: WRAPPER,
  FileTree: WRAPPER,
  Badge: { kind: 'text', label: ['text'] },
  Icon: { kind: 'hidden' },
  // Docusaurus (@theme/…; `<details>`/`<summary>` are HTML it styles)
  Admonition: { kind: 'callout', label: ['title'], typed: 'note' },
  details: WRAPPER,
  summary: section([]),
  Details: section(['summary']),
  DocCardList: { kind: 'hidden' },
  // Nextra (nextra/components)
  Callout: { kind: 'callout', label: ['title'], typed: '' },
  'Tabs.Tab': section(['title', 'label']),
  Cards: WRAPPER,
  'Cards.Card': section(['title'], { href: ['href'] }),
  'FileTree.Folder': { kind: 'folder', label: ['name'] },
  'FileTree.File': { kind: 'file', label: ['name'] },
  Bleed: WRAPPER,
  // Mintlify
  Note: callout('Note'),
  Tip: callout('Tip'),
  Warning: callout('Warning'),
  Info: callout('Info'),
  Check: callout('Check'),
  Danger: callout('Danger'),
  CodeGroup: WRAPPER,
  Accordion: section(['title']),
  AccordionGroup: WRAPPER,
  CardGroup: WRAPPER,
  Columns: WRAPPER,
  Step: section(['title']),
  Tab: section(['title', 'label']),
  ParamField: section(['path', 'query', 'body', 'header', 'param'], FIELD),
  ResponseField: section(['name'], FIELD),
  Expandable: section(['title']),
  Frame: section(['caption']),
  Update: section(['label'], { description: 'description' }),
  Tree: WRAPPER,
  'Tree.Folder': { kind: 'folder', label: ['name'] },
  'Tree.File': { kind: 'file', label: ['name'] },
};

/** Deepest nesting of components read (deeper ones are left as written). */
const MAX_DEPTH = 16;
/** Longest line read for a tag, and the most lines and characters one tag may span. */
const MAX_LINE = 1000;
const MAX_TAG_LINES = 12;
const MAX_TAG_CHARS = 2000;
/** Longest ESM statement read (a longer one stays as written). */
const MAX_ESM_CHARS = 20_000;
/** Rounds of leaving components as written before the page is kept whole. */
const ROUNDS = 4;

type Value = { text: string; line: number } | { expr: true; line: number };
interface Tag {
  /** First and last line of the tag (a tag's attributes may run over lines). */
  start: number;
  end: number;
  name: string;
  form: 'open' | 'close' | 'self' | 'inline';
  attrs: Map<string, Value | true>;
  /** An inline tag's content (`<X>content</X>` on one line). */
  inner?: string;
  /** The opening tag's partner (index into tags), for a paired open or close. */
  pair?: number;
}

/** A page's body as its reader sees it: its components read, its ESM lines blank; the same number of lines. */
export function mdxReaderText(body: string, o: { admonitions?: boolean } = {}, steps: StepSink = NO_STEPS): string {
  if (!body.includes('<') && !/^(?:import|export)[\s{*]/m.test(body) && !body.includes('{/*')) return body;
  const lines = body.split('\n');
  steps(body.length);
  const page = readTags(lines, steps);
  if (!page.tags.length && !page.blank.size && !page.esm.length) return body;
  let want: Signature | undefined;
  const off = new Set<number>();
  const offEsm = new Set<number>();
  for (let round = 0; round <= ROUNDS; round++) {
    const r = render(lines, page, off, offEsm, steps);
    const text = r.lines.join('\n');
    // Nothing read (every component unknown): nothing to check.
    if (text === body) return body;
    steps(text.length * 2);
    want ??= signature(scanMarkdown(body, { mdx: true, admonitions: !!o.admonitions }));
    const diff = differing(want, signature(scanMarkdown(text, { admonitions: !!o.admonitions })));
    if (!diff.lines.size && !diff.ids.size && !diff.other) return text;
    if (diff.other) break;
    // What changed is put back: the components standing in the run of lines where a link or heading
    // is read differently (one of their lines ended or began an HTML block there), and the one whose
    // content holds it (its indent taken off); an anchor lost, the component whose attribute it was,
    // and those standing in its run of lines.
    const before = off.size + offEsm.size;
    for (const id of diff.ids) for (const k of page.byId.get(id) ?? []) { off.add(k); diff.lines.add(page.tags[k]!.start); }
    // A line no component and no statement explains: a statement before it reached further
    // (CommonMark read a fence opening inside its template literal and took the rest for code).
    const unexplained = [...diff.lines].filter((line) => !page.byChunk.has(page.chunkStart[line]!) && r.inside[line]! < 0 && page.esmAt[line]! < 0);
    if (unexplained.length) {
      const last = Math.max(...unexplained.slice(0, 1000));
      page.esm.forEach(([from], k) => { if (from < last) offEsm.add(k); });
    }
    if (off.size + offEsm.size === before) {
      const runs = new Set<number>();
      for (const line of diff.lines) {
        // (Each run's components once, however many of its lines differ.)
        const run = page.chunkStart[line]!;
        steps(1);
        if (!runs.has(run)) {
          runs.add(run);
          const ks = page.byChunk.get(run) ?? [];
          steps(ks.length);
          for (const k of ks) off.add(page.tags[k]!.form === 'close' ? page.tags[k]!.pair ?? k : k);
        }
        if (r.inside[line]! >= 0) off.add(r.inside[line]!);
        // A statement CommonMark read as Markdown (a heading inside a template literal): kept.
        if (page.esmAt[line]! >= 0) offEsm.add(page.esmAt[line]!);
      }
    }
    if (off.size + offEsm.size === before) break;
  }
  return body;
}

interface Page {
  tags: Tag[];
  /** Lines a reader sees nothing of: MDX comments (`{/* … *\/}`). */
  blank: Set<number>;
  /** ESM statements (first and last line), and the one each line is in (-1: none). */
  esm: [number, number][];
  esmAt: Int32Array;
  /** Where each line's run of non-blank lines starts (a CommonMark HTML block runs to the end of its run). */
  chunkStart: number[];
  /** The tags starting in each run, by the run's first line. */
  byChunk: Map<number, number[]>;
  /** The tags whose `id` or `name` attribute the link check takes for an anchor, by value. */
  byId: Map<string, number[]>;
}

/** The tags of a page (outside code fences), paired with a stack; and the lines a reader sees nothing of. */
function readTags(lines: string[], steps: StepSink): Page {
  const tags: Tag[] = [];
  const blank = new Set<number>();
  const esm: [number, number][] = [];
  const esmAt = new Int32Array(lines.length).fill(-1);
  let esmScanned = 0;
  const stack: number[] = [];
  let fence: { ch: string; n: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    steps(Math.min(l.length, MAX_LINE) + 1);
    if (l.length > MAX_LINE) continue;
    // MDX has no indented code: a fence may be indented as deep as the JSX around it.
    const f = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(l);
    if (fence) { if (f && f[1]![0] === fence.ch && f[1]!.length >= fence.n && f[2]!.trim() === '') fence = undefined; continue; }
    if (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) { fence = { ch: f[1]![0]!, n: f[1]!.length }; continue; }
    // ESM: `import … from '…'` / `export const …` at the margin after a blank line, running to the
    // next blank line where its JavaScript is complete (MDX reads it as JavaScript, a reader sees
    // nothing). Tags are no containers to MDX's parser, so a statement between a component's tags is
    // at the top level too.
    // (A statement left unclosed is not read again from a later line its scan already passed: linear.)
    if (i >= esmScanned && (i === 0 || lines[i - 1]!.trim() === '') && /^(?:import|export)[\s{*'"]/.test(l)) {
      let j = i;
      let text = '';
      const js = new JsBalance();
      for (; j < lines.length && text.length <= MAX_ESM_CHARS && (lines[j]!.trim() !== '' || js.open()); j++) { text += `${lines[j]!}\n`; js.read(lines[j]!); steps(lines[j]!.length + 1); }
      esmScanned = j;
      if (!js.open() && (/^import\s*['"]/.test(text) || (/^import[\s{*]/.test(text) && /\bfrom\s*['"]/.test(text))
        || /^export\s+(?:const|let|var|function|async|class|default)\b|^export\s*[{*]/.test(text))) {
        for (let k = i; k < j; k++) esmAt[k] = esm.length;
        esm.push([i, j - 1]);
        i = j - 1;
        continue;
      }
    }
    if (/^[ \t]*\{\/\*.*\*\/\}[ \t]*$/.test(l) && !l.slice(l.indexOf('/*') + 2, l.lastIndexOf('*/')).includes('*/')) { blank.add(i); continue; }
    const t = tagAt(lines, i, steps);
    if (!t) continue;
    const k = tags.length;
    tags.push(t);
    i = t.end;
    if (t.form === 'open') { if (stack.length < MAX_DEPTH) stack.push(k); }
    else if (t.form === 'close') {
      // A closer pairs with the nearest opener of its name; the openers above it are left unclosed
      // (never read). A closer with no opener is left as written.
      let d = stack.length - 1;
      while (d >= 0 && tags[stack[d]!]!.name !== t.name) d--;
      if (d >= 0) { const top = stack[d]!; stack.length = d; tags[top]!.pair = k; t.pair = top; }
    }
  }
  const chunkStart: number[] = new Array<number>(lines.length);
  for (let i = 0, s = 0; i < lines.length; i++) { if (lines[i]!.trim() === '') s = i + 1; chunkStart[i] = s; }
  const byChunk = new Map<number, number[]>();
  const byId = new Map<string, number[]>();
  tags.forEach((t, k) => {
    const c = chunkStart[t.start]!;
    const inChunk = byChunk.get(c);
    if (inChunk) inChunk.push(k); else byChunk.set(c, [k]);
    for (const a of ['id', 'name']) {
      const v = t.attrs.get(a);
      if (typeof v !== 'object' || !('text' in v)) continue;
      const same = byId.get(v.text);
      if (same) same.push(k); else byId.set(v.text, [k]);
    }
  });
  return { tags, blank, esm, esmAt, chunkStart, byChunk, byId };
}

/**
 * Whether JavaScript read line by line is still open: brackets not closed, or inside a template
 * literal or a block comment. Strings and line comments are skipped; it never parses more.
 */
class JsBalance {
  private depth = 0;
  private in: '' | '`' | '*' = '';
  open(): boolean { return this.depth > 0 || this.in !== ''; }
  read(line: string): void {
    for (let p = 0; p < line.length; p++) {
      const c = line[p]!;
      if (this.in === '`') { if (c === '\\') p++; else if (c === '`') this.in = ''; continue; }
      if (this.in === '*') { if (c === '*' && line[p + 1] === '/') { this.in = ''; p++; } continue; }
      if (c === '`') this.in = '`';
      else if (c === '/' && line[p + 1] === '*') { this.in = '*'; p++; }
      else if (c === '/' && line[p + 1] === '/') return;
      else if (c === '"' || c === "'") { const e = line.indexOf(c, p + 1); if (e < 0) return; p = e; }
      else if (c === '{' || c === '(' || c === '[') this.depth++;
      else if ((c === '}' || c === ')' || c === ']') && this.depth > 0) this.depth--;
    }
  }
}

const NAME = /^[ \t]*<(\/?)([A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)?|details|summary)(?=[\s/>]|$)/;

/** The tag standing alone at line i (its attributes may run over the next lines), or undefined. */
function tagAt(lines: string[], i: number, steps: StepSink): Tag | undefined {
  const m = NAME.exec(lines[i]!);
  if (!m) return undefined;
  const name = m[2]!;
  if (m[1]) return /^[ \t]*>[ \t]*$/.test(lines[i]!.slice(m[0].length)) ? { start: i, end: i, name, form: 'close', attrs: new Map() } : undefined;
  // The attributes, read character by character over at most MAX_TAG_LINES lines.
  const attrs = new Map<string, Value | true>();
  let line = i;
  let s = lines[i]!;
  let p = m[0].length;
  let used = s.length;
  const next = (): boolean => {
    if (line + 1 >= lines.length || line + 1 - i >= MAX_TAG_LINES) return false;
    line++;
    s = lines[line]!;
    used += s.length;
    steps(s.length + 1);
    if (used > MAX_TAG_CHARS || s.length > MAX_LINE) return false;
    p = 0;
    return true;
  };
  for (;;) {
    while (p < s.length && (s[p] === ' ' || s[p] === '\t')) p++;
    if (p >= s.length) { if (!next()) return undefined; continue; }
    if (s.startsWith('/>', p) || s[p] === '>') {
      const self = s[p] === '/';
      const rest = s.slice(p + (self ? 2 : 1));
      if (rest.trim() === '') return { start: i, end: line, name, form: self ? 'self' : 'open', attrs };
      // `<X …>content</X>` on one line: the content is inline Markdown.
      const close = `</${name}>`;
      if (self || !rest.trimEnd().endsWith(close)) return undefined;
      const inner = rest.trimEnd().slice(0, -close.length);
      if (inner.includes(`<${name}`) || inner.includes(close)) return undefined;
      return { start: i, end: line, name, form: 'inline', attrs, inner };
    }
    const a = /^[A-Za-z_][\w:.-]{0,100}/.exec(s.slice(p, p + 101));
    if (!a) return undefined;
    const key = a[0];
    p += key.length;
    while (p < s.length && (s[p] === ' ' || s[p] === '\t')) p++;
    if (s[p] !== '=') { attrs.set(key, true); continue; }
    p++;
    while (p < s.length && (s[p] === ' ' || s[p] === '\t')) p++;
    const q = s[p];
    if (q === '"' || q === "'") {
      const e = s.indexOf(q, p + 1);
      if (e < 0) return undefined;
      attrs.set(key, { text: s.slice(p + 1, e), line });
      p = e + 1;
    } else if (q === '{') {
      // An expression: skipped by its braces (never read), over lines if it must.
      let depth = 0;
      const at = line;
      for (;;) {
        for (; p < s.length; p++) { if (s[p] === '{') depth++; else if (s[p] === '}' && --depth === 0) break; }
        if (depth === 0 && p < s.length) { p++; break; }
        if (!next()) return undefined;
      }
      attrs.set(key, { expr: true, line: at });
    } else return undefined;
  }
}

/**
 * The text of each line, the components read (those not in `off`) as a reader sees them; and for
 * each line, the innermost component read whose content holds it (-1: none).
 */
function render(lines: string[], page: Page, off: ReadonlySet<number>, offEsm: ReadonlySet<number>, steps: StepSink): { lines: string[]; inside: Int32Array } {
  const { tags, blank } = page;
  const hidden = (i: number) => blank.has(i) || (page.esmAt[i]! >= 0 && !offEsm.has(page.esmAt[i]!));
  // Which tags are read, and what each shows.
  const shown = new Map<number, Shown>();
  tags.forEach((t, k) => {
    if (off.has(k) || t.form === 'close') return;
    if (t.form === 'open' && t.pair === undefined) return;
    const s = show(t, t.form === 'open' ? soleLine(lines, t.end + 1, tags[t.pair!]!.start) : undefined);
    if (s) shown.set(k, s);
  });
  const taken = new Set<number>();
  for (const v of shown.values()) if (v.takes !== undefined) taken.add(v.takes);
  const byStart = new Map<number, number>();
  tags.forEach((t, k) => { if (shown.has(k) || (t.form === 'close' && t.pair !== undefined && shown.has(t.pair))) byStart.set(t.start, k); });
  // How far each container's content is indented (the least of its lines): MDX takes it off.
  const indent = new Map<number, number>();
  {
    const open: number[] = [];
    for (let i = 0; i < lines.length; i++) {
      const k = byStart.get(i);
      if (k !== undefined) {
        const t = tags[k]!;
        if (t.form === 'open') { open.push(k); indent.set(k, Infinity); }
        else if (t.form === 'close') open.pop();
        i = t.end;
        continue;
      }
      const l = lines[i]!;
      if (l.trim() === '' || hidden(i)) continue;
      const ws = l.length - l.trimStart().length;
      steps(open.length + 1);
      for (const o of open) if (ws < indent.get(o)!) indent.set(o, ws);
    }
  }
  const out: string[] = [];
  const inside = new Int32Array(lines.length).fill(-1);
  const open: number[] = [];
  const quotes = () => open.reduce((n, o) => n + (shown.get(o)!.quote ? 1 : 0), 0);
  const prefix = (q: number, l: string) => (q ? (l ? `${'> '.repeat(q)}${l}` : '> '.repeat(q).trimEnd()) : l);
  for (let i = 0; i < lines.length; i++) {
    if (hidden(i) || taken.has(i)) { out.push(prefix(quotes(), '')); continue; }
    const k = byStart.get(i);
    if (k !== undefined) {
      const t = tags[k]!;
      if (t.form === 'close') {
        open.pop();
        out.push(prefix(quotes(), ''));
        continue;
      }
      const s = shown.get(k)!;
      const q = quotes();
      for (let j = t.start; j <= t.end; j++) out.push(j === s.line ? prefix(q, s.text) : prefix(q + (s.quote && j > s.line ? 1 : 0), ''));
      if (t.form === 'open') open.push(k);
      i = t.end;
      continue;
    }
    const l = lines[i]!;
    if (open.length) inside[i] = open[open.length - 1]!;
    const inner = open.length ? indent.get(open[open.length - 1]!)! : 0;
    const ws = l.length - l.trimStart().length;
    out.push(prefix(quotes(), l.slice(Math.min(ws, Number.isFinite(inner) ? inner : 0))));
  }
  return { lines: out, inside };
}

interface Shown {
  text: string;
  line: number;
  quote: boolean;
  /** A content line the tag's text took in (a link button's words): shown empty. */
  takes?: number;
}

/** What a tag shows (its text and the line it goes on), or undefined to leave it as written. */
function show(t: Tag, sole?: { line: number; text: string }): Shown | undefined {
  const c = Object.hasOwn(COMPONENTS, t.name) ? COMPONENTS[t.name]! : undefined;
  if (!c) return undefined;
  // An attribute the rule reads must be a plain string: an expression is never evaluated.
  const read = (names: readonly string[] | undefined): { text: string; line: number } | undefined | null => {
    for (const n of names ?? []) {
      const v = t.attrs.get(n);
      if (v === undefined) continue;
      if (v === true || 'expr' in v) return null;
      return v;
    }
    return undefined;
  };
  const label = read(c.label);
  const href = read(c.href);
  const description = c.description ? read([c.description]) : undefined;
  if (label === null || href === null || description === null) return undefined;
  const inner = t.inner?.trim();
  const at = t.start;
  switch (c.kind) {
    case 'hidden': return t.form === 'self' ? { text: '', line: at, quote: false } : undefined;
    case 'wrapper': return { text: inner ?? '', line: at, quote: false };
    case 'text': return t.form === 'self' && label ? { text: escapeText(label.text), line: label.line, quote: false } : undefined;
    case 'file': case 'folder': {
      if (!label || (c.kind === 'file' && t.form !== 'self')) return undefined;
      return { text: `- ${escapeText(label.text)}${c.kind === 'folder' ? '/' : ''}`, line: label.line, quote: false };
    }
    case 'callout': {
      const given = c.typed !== undefined ? typeValue(t) : undefined;
      if (given === null) return undefined;
      const type = given ?? c.typed ?? c.word;
      const title = label ? escapeText(label.text) : type ? cap(type === 'default' ? '' : type) : '';
      const head = title ? `> **${title}**` : '>';
      return { text: inner ? `${head} ${inner}` : head, line: at, quote: true };
    }
    case 'section': {
      let text = label ? `**${escapeText(label.text)}**` : '';
      const details = (c.detail ?? []).map((d) => t.attrs.get(d)).filter((v): v is { text: string; line: number } => typeof v === 'object' && 'text' in v).map((v) => escapeText(v.text));
      for (const f of c.flags ?? []) if (t.attrs.get(f) === true) details.push(f);
      if (details.length) text += `${text ? ' ' : ''}(${details.join(', ')})`;
      let line = label?.line ?? at;
      if (href) {
        const dest = destination(href.text);
        if (dest === undefined) return undefined;
        // The link's text: the label, else the inline content; the link goes on its target's line, where the check finds it upstream.
        // (A button's words may stand on a line of their own between its tags: they become the link's text.)
        const words = label ? escapeText(label.text) : inner ?? sole?.text;
        if (!words) return undefined;
        text = `[${words}](${dest})`;
        line = href.line;
        if (!label && inner === undefined && sole) return { text, line, quote: false, takes: sole.line };
      } else if (inner !== undefined) text = text ? `${text} ${inner}` : t.name === 'summary' ? `**${inner}**` : inner;
      if (description?.text.trim()) text += `${text ? ' — ' : ''}${escapeText(description.text)}`;
      if (href && inner !== undefined && label) text += ` ${inner}`;
      return { text, line, quote: false };
    }
  }
}

/** The one non-blank line between two lines, when it is plain words (no markup a link's text cannot hold). */
function soleLine(lines: string[], from: number, to: number): { line: number; text: string } | undefined {
  let found: { line: number; text: string } | undefined;
  // Only a short content is read: a button's words, not a section.
  if (to - from > 3) return undefined;
  for (let i = from; i < to; i++) {
    const t = lines[i]!.trim();
    if (!t) continue;
    if (found || /[[\]<>{}`*_\\|]/.test(t) || t.length > 200) return undefined;
    found = { line: i, text: t };
  }
  return found;
}

/** A callout's `type` as written; null when it is an expression. */
function typeValue(t: Tag): string | undefined | null {
  const v = t.attrs.get('type');
  if (v === undefined) return undefined;
  if (v === true || 'expr' in v) return null;
  return v.text;
}

/**
 * A Markdown link destination for an attribute's value (`<…>` around one with blanks or
 * parentheses); undefined when none can hold it, or when its scheme is not a page's (a
 * `javascript:` href stays the attribute it was, never a link ctxforge writes).
 */
function destination(href: string): string | undefined {
  if (!href.trim() || /[<>\n\\]/.test(href)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !/^(?:https?|mailto):/i.test(href)) return undefined;
  return /[\s()]/.test(href) ? `<${href}>` : href;
}

/**
 * An attribute's value as text in Markdown: the page's own words, so every character a Markdown
 * reader would take for markup (emphasis, a link, raw HTML, an entity) is backslash-escaped. Not
 * core's mdText: that one also breaks mentions and entities for GitHub's renderer.
 */
function escapeText(s: string): string {
  return s.replace(/[\\`*_[\]<>&{}|#!~]/g, '\\$&');
}

const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

interface Signature { lines: Map<string, number>; ids: Map<string, number>; other: Map<string, number> }

/** What the link check reads of a text: its links and link attributes (by line and target), headings, anchors and footnotes. */
function signature(s: Scan): Signature {
  const out: Signature = { lines: new Map(), ids: new Map(), other: new Map() };
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  // (An external link is never judged, so one more or fewer of them changes no verdict.)
  for (const l of s.links) if (l.kind !== 'import' && !EXTERNAL.test(l.target)) add(out.lines, `${l.line}\tlink\t${l.target}\t${l.label ?? ''}`);
  for (const h of s.htmlLinks) if (!EXTERNAL.test(h.target)) add(out.lines, `${h.line}\tlink\t${h.target}\t`);
  for (const h of s.headings) add(out.lines, `${h.line}\theading\t${h.level}\t${h.id ?? ''}\t${h.text}`);
  for (const id of s.htmlIds) add(out.ids, id);
  for (const f of s.footnotes) add(out.other, f);
  return out;
}

/** Where two signatures differ: the (0-based) lines, the anchors, and whether anything else (a footnote) does. */
function differing(a: Signature, b: Signature): { lines: Set<number>; ids: Set<string>; other: boolean } {
  const lines = new Set<number>();
  const ids = new Set<string>();
  const apart = (x: Map<string, number>, y: Map<string, number>, each: (k: string) => void) => {
    for (const [k, n] of x) if (y.get(k) !== n) each(k);
    for (const [k, n] of y) if (x.get(k) !== n) each(k);
  };
  apart(a.lines, b.lines, (k) => lines.add(Number(k.slice(0, k.indexOf('\t'))) - 1));
  apart(a.ids, b.ids, (k) => ids.add(k));
  let other = false;
  apart(a.other, b.other, () => { other = true; });
  return { lines, ids, other };
}
