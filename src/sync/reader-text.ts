// What the agent reads is what a reader sees (issue 34): a page's template syntax — Hugo
// shortcodes, MkDocs/Material admonitions and tabs, MyST directives and `(label)=` lines, Liquid's
// raw and comment tags, VitePress/Docusaurus/Starlight containers, Docsify callouts —
// becomes the Markdown a reader would see rendered, before the page is synced. The rules are data
// (the tables below), read by one line-by-line pass with a stack of fences; code inside a fence is
// never touched, and what a rule does not know is left as written. Lines are kept: every source line
// gives exactly one line (possibly empty), so a finding's line in the synced page is its upstream line.
//
// What is deliberately left alone: anything the link check reads — heading `{#id}`s, links, Hugo
// `ref`/`relref` and Liquid `link`/`post_url` (reader-xrefs.ts turns the ones that resolve into the
// URL the site serves) and MyST roles that are links. An `.mdx` page's components and ESM lines are
// read first, by reader-mdx.ts (a table keyed by component name, for every generator), which keeps
// as written any component whose reading would change what the link check reads of the page.
import type { Generator } from '../links/slugs.js';
import { NO_STEPS, type StepSink } from '../core/steps.js';
import { mdxReaderText } from './reader-mdx.js';

export interface ReaderTextOptions {
  generator: Generator;
  /** MkDocs admonitions and content tabs (the site's `admonitions`). */
  admonitions?: boolean;
  /** The page is MDX: its components are read (reader-mdx.ts) and its `import`/`export` lines go. */
  mdx?: boolean;
}

/** MyST/Sphinx admonitions and the title Sphinx shows when the directive takes none. */
const MYST_ADMONITIONS: Record<string, string> = {
  note: 'Note', tip: 'Tip', hint: 'Hint', important: 'Important', warning: 'Warning', caution: 'Caution', attention: 'Attention',
  danger: 'Danger', error: 'Error', seealso: 'See also', todo: 'Todo', admonition: '', versionadded: 'New', versionchanged: 'Changed', deprecated: 'Deprecated',
};
/** MyST directives whose body is code, shown as a fenced block in the argument's language. */
const MYST_CODE = new Set(['code-block', 'code', 'sourcecode', 'code-cell']);
/** MyST directives the reader sees nothing of in the page's text (navigation, generated lists). */
const MYST_HIDDEN = new Set(['toctree', 'contents']);
/** MyST directives whose body is Markdown shown as it is (the directive itself draws a box). */
const MYST_CONTAINERS = new Set(['card', 'dropdown', 'tab-item', 'tab-set', 'grid', 'grid-item', 'grid-item-card', 'div', 'container', 'topic', 'sidebar', 'epigraph', 'rubric']);
/** Hugo shortcodes whose inner text is code, and the language of the fence they become. */
const HUGO_CODE: Record<string, string> = { code: '', 'code-toggle': 'toml', highlight: '', codeblock: '', 'code-block': '' };
/** Hugo shortcodes ctxforge leaves as written: includes (expanded at sync elsewhere) and cross-references (reader-xrefs.ts). */
const HUGO_KEEP = new Set(['include', 'readfile', 'ref', 'relref']);
/** Paired Hugo shortcodes whose argument is a label shown above their content. */
const HUGO_LABELLED = new Set(['tab', 'note', 'tip', 'warning', 'caution', 'important', 'notice', 'admonition', 'callout', 'hint', 'details']);
/** Container fences of VitePress, Docusaurus and Starlight (`::: tip Title`, `:::note[Title]`). */
const CONTAINER_SITES = new Set<Generator>(['vitepress', 'docusaurus', 'starlight']);

const FENCE = /^([ \t]{0,3})(`{3,}|~{3,}|:{3,})(.*)$/;
const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
/** Deepest nesting of admonitions and directives read (deeper ones are left as written). */
const MAX_DEPTH = 8;
/**
 * Longest line read as an admonition, directive, container or component line: their markers are
 * short, and a bound keeps every per-line pattern's work constant whatever a hostile line holds.
 */
const MAX_MARKER_LINE = 1000;

/** The page body as a reader sees it (frontmatter already removed); the same number of lines. */
export function readerText(input: string, o: ReaderTextOptions, steps: StepSink = NO_STEPS): string {
  const body = o.mdx ? mdxReaderText(input, { admonitions: !!o.admonitions }, steps) : input;
  const quick = o.generator === 'hugo' ? body.includes('{{') : o.generator === 'jekyll' ? body.includes('{%')
    : o.generator === 'sphinx' ? body.includes('{') || body.includes(')=')
      : o.admonitions ? body.includes('!!!') || body.includes('???') || body.includes('===')
        : CONTAINER_SITES.has(o.generator) ? body.includes(':::')
          : o.generator === 'docsify' ? body.includes('!>') || body.includes('?>') : false;
  if (!quick) return body;
  let lines = body.split('\n');
  if (o.generator === 'hugo') lines = hugoShortcodes(lines, steps);
  if (o.generator === 'jekyll') lines = liquid(lines, steps);
  lines = blocks(lines, o, 0, steps);
  return lines.join('\n');
}

/** Whether the line is inside a code fence: tracks fences (not directive fences) line by line. */
class Fences {
  private open: { ch: string; n: number } | undefined;
  /** `directives`: a fence opening with `{name}` is a MyST directive (its content is read), not code. */
  constructor(private readonly directives = false) {}
  /** True when `line` is code (an opening or closing fence line counts as code). */
  code(line: string): boolean {
    const f = line.length <= MAX_MARKER_LINE ? FENCE.exec(line) : null;
    if (this.open) {
      if (f && f[2]![0] === this.open.ch && f[2]!.length >= this.open.n && f[3]!.trim() === '') this.open = undefined;
      return true;
    }
    if (f && f[2]![0] !== ':' && !(this.directives && f[3]!.trimStart().startsWith('{'))) { this.open = { ch: f[2]![0]!, n: f[2]!.length }; return true; }
    return false;
  }
}

/**
 * A MkDocs admonition (`!!! type "Title"`, `??? type inline end`, `???+ type`) or content tab
 * (`=== "Tab"`) line, read piecewise: no pattern with two runs that could take the same blanks.
 * [indent, marker, type (undefined for a tab), title (undefined when not given)].
 */
function admonitionLine(line: string): [string, string, string | undefined, string | undefined] | undefined {
  const m = /^( {0,3})(!!!|\?\?\?\+?|===\+?)[ \t]/.exec(line);
  if (!m) return undefined;
  const rest = line.slice(m[0].length).trim();
  const q = rest.indexOf('"');
  const title = q >= 0 && rest.length > q + 1 && rest.endsWith('"') ? rest.slice(q + 1, -1) : undefined;
  if (title !== undefined && title.includes('"')) return undefined;
  const head = q >= 0 ? rest.slice(0, q) : rest;
  if (q >= 0 && title === undefined) return undefined;
  if (m[2]!.startsWith('=')) return head.trim() === '' && title !== undefined ? [m[1]!, m[2]!, undefined, title] : undefined;
  const type = /^[\w-]+/.exec(head)?.[0];
  // After the type, only CSS classes (`inline end`): words and blanks.
  if (!type || !/^[\w \t-]*$/.test(head.slice(type.length))) return undefined;
  return [m[1]!, m[2]!, type, title];
}

/** Block constructs, line by line: MkDocs admonitions and tabs, MyST directives and labels, containers, Docsify callouts. */
function blocks(lines: string[], o: ReaderTextOptions, depth: number, steps: StepSink): string[] {
  const out: string[] = [];
  const fences = new Fences(o.generator === 'sphinx');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    steps(line.length + 1);
    if (fences.code(line)) { out.push(line); continue; }
    if (line.length > MAX_MARKER_LINE) { out.push(line); continue; }
    if (depth < MAX_DEPTH && o.admonitions) {
      const a = admonitionLine(line);
      if (a) {
        const [lead, marker, type, given] = a;
        const indent = lead.length + 4;
        let j = i + 1;
        // The block is every following line indented past the marker, blank lines between them included.
        for (let k = j; k < lines.length; k++) {
          const l = lines[k]!;
          if (l.trim() === '') continue;
          if (l.length - l.trimStart().length >= indent) j = k + 1; else break;
        }
        const inner = blocks(lines.slice(i + 1, j).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length))), o, depth + 1, steps);
        const tab = marker.startsWith('=');
        const title = given ?? cap(type ?? '');
        if (tab) { out.push(title ? `**${title}**` : ''); pushAll(out, inner); }
        else { out.push(title ? `> **${title}**` : '>'); for (const l of inner) out.push(l ? `> ${l}` : '>'); }
        i = j - 1;
        continue;
      }
    }
    if (o.generator === 'sphinx') {
      // A `(label)=` line stays: it is a target, as a heading's `{#id}` is, and the synced tree's own
      // `{ref}`s and `#label` links resolve through it (blanked, they were broken there).
      if (/^[ \t]{0,3}\([^()\s]{1,200}\)=[ \t]*$/.test(line)) { out.push(line); continue; }
      const d = depth < MAX_DEPTH ? /^([ \t]{0,3})(`{3,}|:{3,})[ \t]*\{([\w:-]+)\}[ \t]*(.*)$/.exec(line) : null;
      if (d) {
        const end = closing(lines, i + 1, d[2]!, steps);
        const r = directive(d[3]!, d[4]!.trim(), d[2]!, lines.slice(i + 1, end), o, depth, steps);
        if (!r) { for (let k = i; k < end && k < lines.length; k++) out.push(lines[k]!); if (end < lines.length) out.push(lines[end]!); }
        else { pushAll(out, r.lines); if (end < lines.length) out.push(r.close); }
        i = end;
        continue;
      }
    }
    if (CONTAINER_SITES.has(o.generator) && depth < MAX_DEPTH) {
      const c = /^[ \t]{0,3}(:{3,})[ \t]*([a-z]+)(?:\[([^\]\n]{0,300})\])?(?:[ \t](.*))?$/i.exec(line);
      if (c && /^(note|tip|info|warning|danger|caution|important|details|success|secondary)$/i.test(c[2]!)) {
        const end = closing(lines, i + 1, c[1]!, steps);
        const inner = blocks(lines.slice(i + 1, end), o, depth + 1, steps);
        const title = c[3] ?? (c[4]?.trim() || undefined) ?? (c[2]!.toLowerCase() === 'details' ? 'Details' : cap(c[2]!.toLowerCase()));
        out.push(`> **${title}**`);
        for (const l of inner) out.push(l ? `> ${l}` : '>');
        if (end < lines.length) out.push('');
        i = end;
        continue;
      }
    }
    if (o.generator === 'docsify') {
      const c = /^([!?])>[ \t]?(.*)$/.exec(line);
      if (c) { out.push(`> ${c[2]}`); continue; }
    }
    out.push(line);
  }
  return out;
}

/** The index of the line closing a fence opened with `marker` (its char, at least its length), or lines.length. */
function closing(lines: string[], from: number, marker: string, steps: StepSink): number {
  for (let k = from; k < lines.length; k++) {
    const l = lines[k]!;
    steps(l.length + 1);
    const f = l.length <= MAX_MARKER_LINE ? FENCE.exec(l) : null;
    if (f && f[2]![0] === marker[0] && f[2]!.length >= marker.length && f[3]!.trim() === '') return k;
  }
  return lines.length;
}

/** A MyST directive as a reader sees it: its opening and body lines (as many), and its closing line; undefined to leave it as written. */
function directive(name: string, arg: string, marker: string, body: string[], o: ReaderTextOptions, depth: number, steps: StepSink): { lines: string[]; close: string } | undefined {
  // Options: `:key: value` lines first (or a `---` YAML block); blank in the result.
  let k = 0;
  if (body[0]?.trim() === '---') { const e = body.indexOf('---', 1); if (e > 0) k = e + 1; }
  while (k < body.length && /^[ \t]*:[\w-]+:/.test(body[k]!)) k++;
  const opts = Array<string>(k).fill('');
  const rest = body.slice(k);
  const quote = (ls: string[]) => ls.map((l) => (l ? `> ${l}` : '>'));
  if (name in MYST_ADMONITIONS) {
    const title = name === 'admonition' ? arg : MYST_ADMONITIONS[name]!;
    // A directive that takes no title reads its argument as the first line of its content: on the title's line.
    const head = name !== 'admonition' && arg ? `> **${title}** ${arg}` : title ? `> **${title}**` : '>';
    return { lines: [head, ...opts.map(() => '>'), ...quote(blocks(rest, o, depth + 1, steps))], close: '' };
  }
  if (MYST_CODE.has(name)) {
    const fence = marker[0] === '`' ? marker : '````';
    return { lines: [`${fence}${arg.split(/\s/)[0] ?? ''}`, ...opts, ...rest], close: fence };
  }
  if (MYST_HIDDEN.has(name)) return { lines: ['', ...body.map(() => '')], close: '' };
  if (name === 'figure' || name === 'image') return { lines: [arg ? `![](${/[\s()<>]/.test(arg) ? `<${arg}>` : arg})` : '', ...opts, ...blocks(rest, o, depth + 1, steps)], close: '' };
  if (MYST_CONTAINERS.has(name)) return { lines: [arg, ...opts, ...blocks(rest, o, depth + 1, steps)], close: '' };
  return undefined;
}

function pushAll(out: string[], xs: string[]): void { for (const x of xs) out.push(x); }

/** A Hugo shortcode tag: `{{< name args >}}`, `{{% /name %}}`, `{{< name />}}`. Bounded: no backtracking past a line. */
// (The arguments run lazily to the closer, and can hold neither brace: each attempt stops at the
// next `{{`, and no two runs can take the same characters, so a hostile line is read about once.)
const SHORTCODE = /\{\{([<%])[ \t]*(\/?)[ \t]*([A-Za-z][\w.-]{0,100})((?:[ \t][^\n{}]{0,500}?)?)([>%])\}\}/g;

interface Tag { line: number; start: number; end: number; name: string; close: boolean; self: boolean; args: string }

/**
 * Hugo shortcodes: a paired one keeps its inner text (its tags dropped, a tab's or admonition's
 * label shown), a code one becomes a fenced block, the rest are left as written. Tags are found
 * once (outside code fences) and paired with a stack a name, so the work is linear.
 */
function hugoShortcodes(lines: string[], steps: StepSink): string[] {
  const tags: Tag[] = [];
  const fences = new Fences();
  const code = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    steps(l.length + 1);
    if (fences.code(l)) { code.add(i); continue; }
    if (!l.includes('{{')) continue;
    SHORTCODE.lastIndex = 0;
    for (let m = SHORTCODE.exec(l); m; m = SHORTCODE.exec(l)) {
      if ((m[1] === '<') !== (m[5] === '>')) continue;
      const args = m[4]!.trim();
      const self = args.endsWith('/');
      tags.push({ line: i, start: m.index, end: m.index + m[0].length, name: m[3]!, close: m[2] === '/', self, args: self ? args.slice(0, -1).trimEnd() : args });
    }
  }
  if (!tags.length) return lines;
  // Pair each closing tag with the nearest open tag of its name.
  const open = new Map<string, number[]>();
  const pair = new Map<number, number>();
  tags.forEach((t, i) => {
    if (t.self) return;
    if (!t.close) { const s = open.get(t.name) ?? []; s.push(i); open.set(t.name, s); return; }
    const o = open.get(t.name)?.pop();
    if (o !== undefined) { pair.set(o, i); pair.set(i, o); }
  });
  const edits = new Map<number, { start: number; end: number; text: string }[]>();
  const edit = (t: Tag, text: string) => { const e = edits.get(t.line) ?? []; e.push({ start: t.start, end: t.end, text }); edits.set(t.line, e); };
  const alone = (t: Tag) => lines[t.line]!.slice(0, t.start).trim() === '' && lines[t.line]!.slice(t.end).trim() === '';
  const quoted = (args: string) => /^(?:(?:name|title|header)[ \t]*=[ \t]*)?"([^"]*)"/.exec(args)?.[1] ?? /(?:^|[ \t])(?:name|title|header)[ \t]*=[ \t]*"([^"]*)"/.exec(args)?.[1];
  tags.forEach((t, i) => {
    const p = pair.get(i);
    if (p === undefined || t.close || HUGO_KEEP.has(t.name)) return;
    const c = tags[p]!;
    if (t.name in HUGO_CODE) {
      // Only a block whose tags stand on lines of their own can be a fence; the code between them is untouched.
      if (!alone(t) || !alone(c) || c.line === t.line) return;
      const lang = /(?:^|[ \t])lang[ \t]*=[ \t]*"?([\w+-]{1,40})/.exec(t.args)?.[1] ?? /(?:^|[ \t])file[ \t]*=[ \t]*"?[^\s"]*\.(\w{1,10})"?/.exec(t.args)?.[1]
        ?? (t.name === 'highlight' ? /^"?([\w+-]{1,40})/.exec(t.args)?.[1] : undefined) ?? HUGO_CODE[t.name]!;
      edit(t, `\`\`\`\`${lang}`);
      edit(c, '````');
      for (let k = t.line + 1; k < c.line; k++) code.add(k);
      return;
    }
    const label = HUGO_LABELLED.has(t.name) ? quoted(t.args) : undefined;
    edit(t, label ? `**${label}**` : '');
    edit(c, '');
  });
  return lines.map((l, i) => {
    const e = edits.get(i);
    if (!e || code.has(i)) return l;
    e.sort((a, b) => a.start - b.start);
    let s = '';
    let at = 0;
    for (const x of e) { s += l.slice(at, x.start) + x.text; at = x.end; }
    s += l.slice(at);
    return s.trim() === '' ? '' : s;
  });
}

const LIQUID_BLOCK = /\{%-?[ \t]*(raw|endraw|comment|endcomment)[ \t]*-?%\}/g;

/**
 * Liquid's raw and comment tags (Jekyll): `{% comment %}…{% endcomment %}` is removed, lines kept;
 * `{% raw %}` and `{% endraw %}` become HTML comments — a reader sees neither, and the link check
 * still finds the tags between them shown, not run.
 */
function liquid(lines: string[], steps: StepSink): string[] {
  const out: string[] = [];
  const fences = new Fences();
  let inComment = false;
  for (const l of lines) {
    steps(l.length + 1);
    if (!inComment && fences.code(l)) { out.push(l); continue; }
    if (!inComment && !l.includes('{%')) { out.push(l); continue; }
    let s = '';
    let at = 0;
    // Backticks before the tag on the line, counted as the scan moves on (each character once).
    let ticks = 0;
    let counted = 0;
    LIQUID_BLOCK.lastIndex = 0;
    for (let m = LIQUID_BLOCK.exec(l); m; m = LIQUID_BLOCK.exec(l)) {
      const tag = m[1]!;
      for (; counted < m.index; counted++) if (l.charCodeAt(counted) === 0x60) ticks++;
      if (inComment) { if (tag === 'endcomment') { inComment = false; at = LIQUID_BLOCK.lastIndex; } continue; }
      // Inside a code span a tag is shown as written (an odd number of backticks before it on the line).
      if (ticks % 2 === 1) continue;
      s += l.slice(at, m.index);
      if (tag === 'comment') inComment = true;
      else if (tag === 'raw' || tag === 'endraw') s += `<!-- {% ${tag} %} -->`;
      at = LIQUID_BLOCK.lastIndex;
    }
    if (!inComment) s += l.slice(at);
    out.push(s.trim() === '' && l.trim() !== '' ? '' : s);
  }
  return out;
}
