// The include syntaxes of each generator, as data, and where an include's path points: Hugo's
// `include` (a logical path from the content root) and `readfile` (from the project folder)
// shortcodes, MyST/Sphinx `{include}` and `{literalinclude}`, mdBook `{{#include}}`, VitePress
// `<!--@include: -->`, Docsify `':include'` embeds, MDX partial imports (`import X from
// './_x.mdx'` and `<X />`: Docusaurus, Starlight) and GitBook's `{% include "x.md" %}` (a folder no
// generator was detected for). The link check reads a page's anchors through its includes; sync
// expands them (src/sync/expand-includes.ts). Every pattern is bounded and anchored on a literal,
// so a page of any shape is read in linear time; includes inside code fences are code where the
// generator parses Markdown first (MyST, Docsify, MDX) and text where it substitutes before
// (Hugo, mdBook, VitePress, GitBook).
import { joinPath } from './site.js';
import type { Generator } from './slugs.js';

/** Which lines of the included file: every field optional, applied in the order the generator applies them. */
export interface IncludeRange {
  /** 1-based inclusive line ranges (`to` undefined: to the end). */
  lines?: { from: number; to?: number }[];
  /** docutils `:start-line:`/`:end-line:`: Python slice indexes, negative from the end. */
  slice?: { start?: number; end?: number };
  /** Text markers: the lines after the first line holding `startAfter` (or from the one holding `startAt`) … */
  startAfter?: string;
  startAt?: string;
  endBefore?: string;
  endAt?: string;
  /** mdBook `ANCHOR: name` … `ANCHOR_END: name`, VitePress `#region name` … `#endregion name`, Docsify `[name]` … `[name]`. */
  anchor?: { kind: 'mdbook' | 'region' | 'fragment'; name: string };
}

export interface IncludeRef {
  /** Offsets in the body of the text the include stands for (replaced by what it includes). */
  start: number;
  end: number;
  /** The path as written. */
  raw: string;
  /** Relative paths are from the including file's folder, the site's `/` folder, or the project folder (Hugo's readFile). */
  base: 'page' | 'root' | 'project';
  /** Where a path starting with `/` (or VitePress's `@/`) points: the site's `/`, the project folder, or nowhere (refused). */
  rooted: 'root' | 'project' | 'refuse';
  /** Inserted as a fenced code block in this language ('' for none) instead of as Markdown. */
  literal?: string;
  range?: IncludeRange;
  /** An option that changes the text which ctxforge cannot apply (`:pyobject:`): the include is not expanded. */
  unsupported?: string;
  /** The included file's own frontmatter is not part of the text (Markdown partials). */
  dropFrontmatter: boolean;
  /** The syntax, for messages ("Hugo include"). */
  form: string;
  /**
   * Hugo's Page.GetPage: a path not starting with `/` is looked for beside the page first, then from
   * the content root, and a logical path may leave out `.md` (or name a folder's `index.md`/`_index.md`).
   */
  getPage?: boolean;
  /** MyST `:relative-docs: <prefix>` and `:relative-images:`: the included file's links re-aimed at the including page (src/sync/include-relative.ts). */
  relative?: { docs?: string; images?: boolean };
}

interface Form {
  /** Any page of the generator (or only MDX files, or Docusaurus's .md and .mdx). */
  pages?: 'mdx' | 'docusaurus';
  /** Includes inside code fences are code, not includes. */
  fencesAreCode: boolean;
  /** A literal every include of the form holds, to skip pages without one at once. */
  literal: string;
  find(body: string, skip: (at: number) => boolean): IncludeRef[];
}

const HUGO_INCLUDE = /\{\{([%<])[ \t]{0,20}include[ \t]{1,20}"([^"\n]{1,500})"[ \t]{0,20}[%>]\}\}/g;
const HUGO_READFILE = /\{\{([%<])[ \t]{0,20}readfile[ \t]{1,20}([^%>\n]{1,600})[%>]\}\}/g;
const MDBOOK = /\{\{#(include|rustdoc_include)[ \t]{1,20}([^\s}]{1,500})[ \t]{0,20}\}\}/g;
const VITEPRESS = /<!--[ \t]{0,20}@include:[ \t]{0,20}([^\s#{>]{1,500})(?:#([\w-]{1,200}))?(?:\{(\d{0,9})(,?)(\d{0,9})\})?[ \t]{0,20}-->/g;
const DOCSIFY = /\]\(([^)\s'"]{1,500})[ \t]{1,20}(['"]):include((?:[ \t]{1,20}:[\w-]{1,40}(?:=[^\s'")]{1,200})?){0,10})[ \t]{0,20}\2[ \t]{0,20}\)/g;
const GITBOOK = /\{%-?[ \t]{0,20}include[ \t]{1,20}(["'])([^"'\n]{1,500})\1[ \t]{0,20}-?%\}/g;
const MDX_IMPORT = /^import[ \t]{1,20}([A-Z][\w$]{0,100})[ \t]{1,20}from[ \t]{1,20}(["'])([^"'\n]{1,500}\.mdx?)\2[ \t]{0,20};?[ \t]*$/gm;
const MDX_TAG = /<([A-Z][\w$]{0,100})(?:[ \t][^<>\n]{0,500})?\/>/g;

/** Matches of a global pattern outside the skipped stretches. */
function* matches(re: RegExp, body: string, skip: (at: number) => boolean): IterableIterator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) if (!skip(m.index)) yield m;
}

const hugo: Form[] = [
  {
    fencesAreCode: false, literal: 'include',
    find: (body, skip) => [...matches(HUGO_INCLUDE, body, skip)].map((m) => ({ start: m.index, end: m.index + m[0].length, raw: m[2]!, base: 'root', rooted: 'root', dropFrontmatter: true, form: 'Hugo include', getPage: true })),
  },
  {
    fencesAreCode: false, literal: 'readfile',
    find: (body, skip) => {
      const out: IncludeRef[] = [];
      for (const m of matches(HUGO_READFILE, body, skip)) {
        const args = m[2]!;
        const file = /(?:^|[ \t])file[ \t]{0,20}=[ \t]{0,20}"([^"\n]{1,500})"/.exec(args)?.[1] ?? /^[ \t]*"([^"\n]{1,500})"/.exec(args)?.[1];
        if (file) out.push({ start: m.index, end: m.index + m[0].length, raw: file, base: 'project', rooted: 'project', dropFrontmatter: false, form: 'Hugo readfile' });
      }
      return out;
    },
  },
];

function mdbookRange(spec: string): { range?: IncludeRange } {
  if (spec === '') return {};
  const parts = spec.split(':');
  const num = (s: string | undefined) => (s !== undefined && /^\d{1,9}$/.test(s) ? Number(s) : undefined);
  if (parts.length === 1) {
    const n = num(parts[0]);
    return n !== undefined ? { range: { lines: [{ from: n, to: n }] } } : { range: { anchor: { kind: 'mdbook', name: parts[0]! } } };
  }
  // `:a:b`, `:a:`, `::b` (mdBook's ranges are 1-based and inclusive).
  return { range: { lines: [{ from: num(parts[0]) ?? 1, ...(num(parts[1]) !== undefined ? { to: num(parts[1]) } : {}) }] } };
}

const mdbook: Form[] = [{
  fencesAreCode: false, literal: '{{#',
  find: (body, skip) => {
    const out: IncludeRef[] = [];
    for (const m of matches(MDBOOK, body, skip)) {
      if (body[m.index - 1] === '\\') continue; // mdBook's escape: shown as written.
      const spec = m[2]!;
      // A URL is named as one (and refused), not read as a file `https` with a range.
      const colon = /^[a-z][a-z0-9+.-]{0,30}:\/\//i.test(spec) ? -1 : spec.indexOf(':');
      const raw = colon < 0 ? spec : spec.slice(0, colon);
      out.push({ start: m.index, end: m.index + m[0].length, raw, base: 'page', rooted: 'refuse', dropFrontmatter: false, form: `mdBook ${m[1]}`, ...mdbookRange(colon < 0 ? '' : spec.slice(colon + 1)) });
    }
    return out;
  },
}];

const vitepress: Form[] = [{
  fencesAreCode: false, literal: '@include',
  find: (body, skip) => [...matches(VITEPRESS, body, skip)].map((m) => {
    const range: IncludeRange = {};
    if (m[2]) range.anchor = { kind: 'region', name: m[2] };
    if (m[3] !== undefined && (m[3] || m[5])) {
      // `{3,5}`, `{3,}`, `{,5}`; `{3}` is that line.
      const from = m[3] ? Number(m[3]) : 1;
      range.lines = [m[4] ? { from, ...(m[5] ? { to: Number(m[5]) } : {}) } : { from, to: from }];
    }
    const raw = m[1]!;
    return { start: m.index, end: m.index + m[0].length, raw: raw.startsWith('@/') ? raw.slice(1) : raw, base: 'page' as const, rooted: raw.startsWith('@/') ? 'root' as const : 'refuse' as const, dropFrontmatter: true, form: 'VitePress @include', ...(range.anchor || range.lines ? { range } : {}) };
  }),
}];

const CODE_EXT: Record<string, string> = { py: 'python', js: 'javascript', ts: 'typescript', rs: 'rust', sh: 'bash', yml: 'yaml', rb: 'ruby', md: 'markdown' };
const langOf = (path: string): string => {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(path)?.[1]?.toLowerCase() ?? '';
  return CODE_EXT[ext] ?? ext;
};

const docsify: Form[] = [{
  fencesAreCode: true, literal: ':include',
  find: (body, skip) => {
    const out: IncludeRef[] = [];
    let after = 0;
    for (const m of matches(DOCSIFY, body, skip)) {
      // The link's `[`: the last one before `](` on its line, after the previous embed.
      const lineStart = body.lastIndexOf('\n', m.index) + 1;
      const open = body.lastIndexOf('[', m.index);
      if (open < Math.max(lineStart, after)) continue;
      after = m.index + m[0].length;
      const opts = new Map<string, string>();
      for (const o of m[3]!.matchAll(/:([\w-]{1,40})(?:=([^\s'")]{1,200}))?/g)) opts.set(o[1]!, o[2] ?? '');
      const raw = m[1]!;
      const type = opts.get('type') ?? (/\.(md|markdown)$/i.test(raw) ? 'markdown' : /\.html?$/i.test(raw) ? 'html' : /\.(mp3|mp4|ogg|webm|wav|m4a|mov)$/i.test(raw) ? 'media' : 'code');
      // Media and iframes are not text: left as written, as no include.
      if (type !== 'markdown' && type !== 'code') continue;
      const fragment = opts.get('fragment');
      out.push({
        start: open, end: after, raw, base: 'page', rooted: 'root', dropFrontmatter: type === 'markdown', form: 'Docsify :include',
        ...(type === 'code' ? { literal: langOf(raw) } : {}), ...(fragment ? { range: { anchor: { kind: 'fragment', name: fragment } } } : {}),
      });
    }
    return out;
  },
}];

const gitbook: Form[] = [{
  // ("include" is an English word: a plain folder's pages are searched for the tag's opening instead.)
  fencesAreCode: false, literal: '{%',
  // (`{{% include "x" %}}` is Hugo's, not GitBook's.)
  find: (body, skip) => [...matches(GITBOOK, body, skip)].filter((m) => body[m.index - 1] !== '{').map((m) => ({ start: m.index, end: m.index + m[0].length, raw: m[2]!, base: 'page', rooted: 'root', dropFrontmatter: true, form: 'GitBook include' })),
}];

/** @param rooted where an import path starting with `/` points: nowhere (refused), or the site's `/` (Mintlify: "imports from the root of your project"). */
const mdx = (pages: 'mdx' | 'docusaurus', rooted: 'refuse' | 'root' = 'refuse'): Form => ({
  pages, fencesAreCode: true, literal: 'import',
  find: (body, skip) => {
    const imports = new Map<string, string>();
    for (const m of matches(MDX_IMPORT, body, skip)) imports.set(m[1]!, m[3]!);
    if (!imports.size) return [];
    const out: IncludeRef[] = [];
    for (const m of matches(MDX_TAG, body, skip)) {
      const raw = imports.get(m[1]!);
      // A bare specifier (`@components/x.mdx`, `pkg/x.mdx`) is a module the bundler resolves by its
      // configuration (tsconfig `paths`, packages: code): not a file beside the page, never guessed.
      if (raw !== undefined && !/^(?:\.{1,2}\/|\/|@site\/)/.test(raw)) continue;
      if (raw !== undefined) out.push({ start: m.index, end: m.index + m[0].length, raw: raw.startsWith('@site/') ? raw.slice('@site/'.length) : raw, base: raw.startsWith('@site/') ? 'project' : 'page', rooted, dropFrontmatter: true, form: 'MDX partial' });
    }
    return out;
  },
});

/** MyST directive options that change nothing ctxforge writes (numbering, captions, HTML classes), or that it applies itself (relative links: `relative`). */
const IGNORED_OPTIONS = new Set(['caption', 'name', 'class', 'linenos', 'lineno-start', 'lineno-match', 'emphasize-lines', 'force', 'encoding', 'tab-width', 'heading-offset', 'relative-docs', 'relative-images', 'parser', 'number-lines', 'literal']);

/** MyST's `{include}` and `{literalinclude}` directives: a fence, option lines, the closing fence. */
function mystDirectives(body: string, skip: (at: number) => boolean): IncludeRef[] {
  const out: IncludeRef[] = [];
  const open = /^[ \t]{0,40}(`{3,}|:{3,})\{(include|literalinclude)\}[ \t]+(\S{1,500})[ \t]*$/gm;
  for (let m = open.exec(body); m; m = open.exec(body)) {
    if (skip(m.index)) continue;
    const fence = m[1]!;
    const literal = m[2] === 'literalinclude';
    const options = new Map<string, string>();
    let at = m.index + m[0].length;
    // Option lines, blank lines, then the closing fence (a fence of the same character at least as
    // long). Anything else means the fence was left open: only the opening and option lines are the
    // include, so no text after it is ever replaced.
    let end = at;
    // MyST's other way of writing options: a `---` block of `key: value` lines right after the opening line.
    let yaml = false;
    for (let inOptions = true; at < body.length;) {
      const from = at + 1;
      const nl = body.indexOf('\n', from);
      const lineEnd = nl < 0 ? body.length : nl;
      const line = body.slice(from, lineEnd);
      if (inOptions && /^[ \t]*---[ \t]*$/.test(line) && (yaml || end === m.index + m[0].length)) { yaml = !yaml; inOptions = yaml; end = lineEnd; at = lineEnd; if (nl < 0) break; continue; }
      const opt = inOptions ? (yaml ? /^[ \t]*()([\w-]{1,60}):(?:[ \t]+(.*))?$/ : /^[ \t]*:()([\w-]{1,60}):(?:[ \t]+(.*))?$/).exec(line) : null;
      if (opt) { options.set(opt[2]!, (opt[3] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2')); end = lineEnd; } else {
        inOptions = false;
        const close = /^[ \t]{0,40}(`{3,}|:{3,})[ \t]*$/.exec(line);
        if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length) { end = lineEnd; break; }
        if (line.trim() !== '') break;
      }
      at = lineEnd;
      if (nl < 0) break;
    }
    open.lastIndex = Math.max(open.lastIndex, end);
    const range: IncludeRange = {};
    let unsupported: string | undefined;
    for (const [k, v] of options) {
      const int = /^-?\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined;
      if (k === 'start-line' && int !== undefined) range.slice = { ...range.slice, start: int };
      else if (k === 'end-line' && int !== undefined) range.slice = { ...range.slice, end: int };
      else if (k === 'start-after' && v) range.startAfter = v;
      else if (k === 'end-before' && v) range.endBefore = v;
      else if (k === 'start-at' && v) range.startAt = v;
      else if (k === 'end-at' && v) range.endAt = v;
      else if (k === 'lines' && literal) {
        const lines = linesOption(v);
        if (lines) range.lines = lines; else unsupported ??= `:lines: ${v}`;
      } else if (k === 'language' || k === 'code') continue;
      else if (!IGNORED_OPTIONS.has(k)) unsupported ??= `:${k}:`;
    }
    // `{include}` with `:literal:` or `:code: lang` inserts the file as a literal block too.
    const lang = options.get('language') ?? options.get('code');
    const asLiteral = literal || options.has('literal') || options.has('code');
    const raw = m[3]!;
    const relative = { ...(options.get('relative-docs') ? { docs: options.get('relative-docs')! } : {}), ...(options.has('relative-images') ? { images: true } : {}) };
    out.push({
      start: m.index, end, raw: raw.replace(/^\/+/, '/'), base: 'page', rooted: 'root', dropFrontmatter: false, form: `MyST {${m[2]}}`,
      ...(asLiteral ? { literal: lang?.trim() || langOf(raw) } : {}), ...(Object.keys(range).length ? { range } : {}), ...(unsupported ? { unsupported } : {}),
      ...(!asLiteral && Object.keys(relative).length ? { relative } : {}),
    });
  }
  return out;
}

/** Sphinx's `:lines: 1,3,5-10,20-`, or undefined when it is not that. */
function linesOption(v: string): IncludeRange['lines'] {
  const out: { from: number; to?: number }[] = [];
  for (const part of v.split(',').slice(0, 200)) {
    const m = /^[ \t]*(\d{1,9})?(?:[ \t]*(-)[ \t]*(\d{1,9})?)?[ \t]*$/.exec(part);
    if (!m || (!m[1] && !m[3])) return undefined;
    const from = m[1] ? Number(m[1]) : 1;
    out.push(m[2] ? { from, ...(m[3] ? { to: Number(m[3]) } : {}) } : { from, to: from });
  }
  return out.length ? out : undefined;
}

const sphinx: Form[] = [{ fencesAreCode: true, literal: 'include}', find: mystDirectives }];

// pymdownx.snippets (MkDocs): a line `--8<-- "file"` (scissors of any length; `;--8<--` is the
// escape), the file from the folder MkDocs runs in (its `base_path` default, the project folder
// holding mkdocs.yml), `file:3:9` a range of lines. A preprocessor: inside a code fence too. A
// section (`file:name`) is named, not expanded; the block form (`--8<--` lines around a list of
// files) is not read.
const SNIPPET = /^[ \t]{0,20}-{1,20}8<-{1,20}[ \t]{1,20}(["'])([^"'\n]{1,500})\1[ \t]*$/gm;
const mkdocs: Form[] = [{
  fencesAreCode: false, literal: '8<-',
  find: (body, skip) => [...matches(SNIPPET, body, skip)].map((m) => {
    const spec = m[2]!;
    const lines = /^(.*?):(\d{0,9}):(\d{0,9})$/.exec(spec);
    const section = lines ? undefined : /^(.*?\.[A-Za-z0-9]{1,10}):([\w-]{1,100})$/.exec(spec);
    const raw = lines?.[1] ?? section?.[1] ?? spec;
    const range = lines ? { range: { lines: [{ from: lines[2] ? Number(lines[2]) : 1, ...(lines[3] ? { to: Number(lines[3]) } : {}) }] } } : {};
    return { start: m.index, end: m.index + m[0].length, raw, base: 'project' as const, rooted: 'project' as const, dropFrontmatter: false, form: 'MkDocs snippet', ...range, ...(section ? { unsupported: `the section ${section[2]}` } : {}) };
  }),
}];

const FORMS: Partial<Record<Generator, Form[]>> = {
  hugo, sphinx, mdbook, vitepress, docsify, mkdocs,
  docusaurus: [mdx('docusaurus')],
  starlight: [mdx('mdx')],
  nextra: [mdx('mdx')],
  mintlify: [mdx('mdx', 'root')],
  gitbook,
  // GitBook's form is also read where no generator was detected (a folder without .gitbook.yaml),
  // where `{% include "…" %}` is the syntax of nothing else.
  github: gitbook,
};

export const MAX_INCLUDE_DEPTH = 8;

/**
 * Does the link check follow the generator's includes for anchors? Not in a folder no generator was
 * detected for: sync expands GitBook's includes there, but a plain folder's anchors are its own.
 */
export const includes = (g: Generator): boolean => g !== 'github' && FORMS[g] !== undefined;

/**
 * The starts and ends of the code fences of a body (``` and ~~~ fences, and MyST directive fences
 * of code), in one pass: an include there is code where the generator parses Markdown first.
 */
function codeFences(body: string): [number, number][] {
  const out: [number, number][] = [];
  const fence = /^[ \t]{0,40}(`{3,}|~{3,})[ \t]*([^\n]*)$/gm;
  // Open directive fences (```{note}): their content is Markdown, read on; a bare fence closes the innermost that it can.
  const open: { ch: string; n: number }[] = [];
  for (let m = fence.exec(body); m; m = fence.exec(body)) {
    const info = m[2]!.trim();
    const ch = m[1]![0]!;
    const n = m[1]!.length;
    const top = open[open.length - 1];
    if (info === '' && top && top.ch === ch && n >= top.n) { open.pop(); continue; }
    const directive = /^\{([\w:-]{1,60})\}/.exec(info)?.[1];
    if (directive !== undefined && !/^(code|code-block|code-cell|sourcecode|eval-rst|mermaid|math)$/.test(directive)) {
      open.push({ ch, n });
      continue;
    }
    // A code fence: to its closing fence, or to the end of the page when it has none (searched once: the scan goes on after it).
    const close = new RegExp(`^[ \\t]{0,40}${ch === '`' ? '`' : '~'}{${n},}[ \\t]*$`, 'gm');
    close.lastIndex = m.index + m[0].length;
    const c = close.exec(body);
    const end = c ? c.index + c[0].length : body.length;
    out.push([m.index, end]);
    fence.lastIndex = end;
  }
  return out;
}

/**
 * Can the text hold an include of the generator at all (one of its forms' literals)? A caller that
 * holds the page's whole text asks this first: searching a body cut from it would flatten the body
 * into a copy of its own (V8), a page's worth of memory per page held.
 */
export function mayInclude(g: Generator, text: string): boolean {
  return FORMS[g]?.some((f) => text.includes(f.literal)) ?? false;
}

/** Every include of a page, in the order they appear (overlapping ones: the first wins). */
export function includeRefs(g: Generator, page: string, body: string): IncludeRef[] {
  const forms = FORMS[g];
  if (!forms) return [];
  const out: IncludeRef[] = [];
  let fences: [number, number][] | undefined;
  for (const f of forms) {
    if (!body.includes(f.literal)) continue;
    if (f.pages === 'mdx' && !/\.mdx$/i.test(page)) continue;
    if (f.pages === 'docusaurus' && !/\.mdx?$/i.test(page)) continue;
    let skip = (_at: number) => false;
    if (f.fencesAreCode) {
      fences ??= codeFences(body);
      const fs = fences;
      // A form may scan the page more than once (MDX: imports, then tags): a binary search, no cursor.
      skip = (at) => {
        let lo = 0;
        let hi = fs.length - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >> 1;
          if (fs[mid]![1] <= at) lo = mid + 1;
          else if (fs[mid]![0] > at) hi = mid - 1;
          else return true;
        }
        return false;
      };
    }
    for (const r of f.find(body, skip)) out.push(r);
  }
  out.sort((a, b) => a.start - b.start);
  const kept: IncludeRef[] = [];
  for (const r of out) if (!kept.length || r.start >= kept[kept.length - 1]!.end) kept.push(r);
  return kept;
}

/** Is the path a URL or protocol-relative (`https:`, `//host`)? Those are never read. */
export const isRemote = (raw: string): boolean => /^[a-z][a-z0-9+.-]{0,30}:|^\/\//i.test(raw);

/**
 * The folders an include's path is taken from, in the order they are looked in: the including
 * file's folder (`pageDir`), the site's `/` folder, the project folder. Undefined when its syntax
 * refuses a path from `/`, or when it needs the project folder and none is given.
 */
export function includeBases(r: IncludeRef, pageDir: string, siteRoot: string, project?: string): string[] | undefined {
  const base = r.raw.startsWith('/') ? (r.rooted === 'refuse' ? undefined : r.rooted) : r.getPage ? 'getPage' : r.base;
  if (base === undefined) return undefined;
  if (base === 'getPage') return [pageDir, siteRoot];
  if (base === 'project') return project === undefined ? undefined : [project];
  return [base === 'root' ? siteRoot : pageDir];
}

/** The files a resolved include path may be: Hugo's GetPage also takes a logical path without `.md`, or a folder's index page. */
export const includeCandidates = (r: IncludeRef, p: string): string[] => (r.getPage && !/\.[A-Za-z0-9]{1,10}$/.test(p) ? [p, `${p}.md`, `${p}/index.md`, `${p}/_index.md`] : [p]);

/** The files a page includes, as paths from the tree's root (never one outside it). */
export function includesOf(g: Generator, page: string, body: string, siteRoot: string): string[] {
  const out: string[] = [];
  if (!includes(g)) return out;
  const seen = new Set<string>();
  const dir = page.includes('/') ? page.slice(0, page.lastIndexOf('/') + 1) : '';
  for (const r of includeRefs(g, page, body)) {
    if (isRemote(r.raw) || r.unsupported) continue;
    // The project folder is outside the tree the check reads: those includes are not followed.
    for (const base of includeBases(r, dir, siteRoot) ?? []) {
      const p = joinPath(base, r.raw.replace(/^\/+/, ''));
      if (p === undefined || p === '') continue;
      for (const c of includeCandidates(r, p)) if (!seen.has(c)) { seen.add(c); out.push(c); }
    }
  }
  return out;
}
