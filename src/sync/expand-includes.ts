// Includes expanded at sync: the synced page holds the text its reader sees, not the include line.
// Each include (src/links/includes.ts) is resolved inside the repository only — a relative path,
// never a URL, an absolute path the syntax does not root in the site, a path that climbs out, the
// repository's .git, or a path through a symbolic link (every component is lstat'ed; the read is
// O_NOFOLLOW) — at most 8 deep, never in a cycle, and never beyond 10× the page's own size (at
// least 64 KiB; a sync's included text at most 64 MiB beyond 10× its pages). An include that
// cannot be resolved is named (a warning with its file and line) and kept as written. Each piece
// is recorded (the file, its lines, the digest of the text) and its text is secret-scanned, so a
// credential is reported at the included file's own line.
import { existsSync, fstatSync, lstatSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { DiskTree, readExactly } from '../core/tree.js';
import { linkedComponent } from '../core/no-links.js';
import { unsafePathReason } from '../core/paths.js';
import { decodeUtf8 } from '../core/utf8.js';
import { sha256Hex } from '../core/hash.js';
import { splitFrontmatter } from '../core/yaml-safe.js';
import { mdCodeBlock } from '../core/markdown-safe.js';
import { findSecrets } from '../core/secrets.js';
import { warning, type Diagnostic } from '../core/diagnostics.js';
import { includeBases, includeCandidates, includeRefs, isRemote, MAX_INCLUDE_DEPTH, mayInclude, type IncludeRef } from '../links/includes.js';
import { joinPath } from '../links/site.js';
import { markerFolders, type SiteConfig } from '../links/generators.js';
import { takeLines, type Taken } from './include-lines.js';
import { relativeIncludeLinks } from './include-relative.js';
import { stampFile, type FileStamp } from './stat-cache.js';
import { lfLineEnds } from '../core/line-ends.js';

/** One piece of text an include put into a page. */
export interface IncludeRecord {
  /** The file holding the include (the page, or an included file) and the include's line there. */
  in: string;
  line: number;
  /** The included file, relative to the docs folder (`../x.md` when outside it, inside the repository). */
  file: string;
  /** The file's lines the text came from (1-based, inclusive). */
  lines: [number, number][];
  /** SHA-256 of the text taken from the file (the page is re-synced when it changes). */
  digest: string;
}

export interface Expansion {
  body: string;
  includes: IncludeRecord[];
  /** Files inside the docs folder the page's includes name (resolved or not), relative to it: snippets, not pages. */
  named: string[];
  notes: Diagnostic[];
  /**
   * The text the page took from files outside the docs folder (a project file a snippet or
   * `readfile` names), as taken: the headings it brings are the page's anchors, which the docs
   * folder's own link check cannot read.
   */
  outside?: string[];
}

/** A file outside the docs folder read for an include (or looked for), stamped before it was read. */
export interface OutsideRead extends FileStamp {
  /** SHA-256 (hex) of the bytes read, when it was read. */
  hash?: string;
}

export const MAX_EXPANSION_RATIO = 10;
export const MIN_EXPANSION_BYTES = 64 * 1024;
export const SYNC_EXPANSION_BYTES = 64 * 1024 * 1024;
/** A file larger than this is never read for an include, whatever range it names. */
export const MAX_INCLUDED_FILE_BYTES = 16 * 1024 * 1024;

type Read = { text: string; hash: string } | { code: string; why: string };
const NONE: never[] = [];

const posix = (p: string) => p.split(sep).join('/');
const countLines = (s: string, from: number, to: number) => { let n = 0; for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++; return n; };
const LANG = /^[\w+#.-]{1,40}$/;

/** The file's text without its frontmatter (YAML `---` or TOML `+++`) and the blank lines after it, and the file line it starts on. */
function withoutFrontmatter(text: string): { text: string; first: number } {
  let body = text;
  let first = 1;
  if (text.startsWith('---')) {
    const fm = splitFrontmatter(text);
    if (fm.present) { body = fm.body; first = fm.bodyLine; }
  } else if (/^\+\+\+[ \t]*\n/.test(text)) {
    const rest = text.slice(text.indexOf('\n') + 1);
    const m = /^\+\+\+[ \t]*$/m.exec(rest);
    if (m) {
      const after = Math.min(rest.length, m.index + m[0].length + 1);
      body = rest.slice(after);
      first = 2 + countLines(rest, 0, after);
    }
  }
  if (body === text) return { text, first: 1 };
  let i = 0;
  while (body.charCodeAt(i) === 10) i++;
  return { text: body.slice(i), first: first + i };
}

/** The file line of the k-th (0-based) line of a taken text. */
function lineOfTaken(lines: [number, number][], k: number): number {
  for (const [a, b] of lines) { if (k <= b - a) return a + k; k -= b - a + 1; }
  return lines[lines.length - 1]?.[1] ?? 1;
}

/** Expands the includes of a docs folder's pages, sharing the files it reads across them. */
export class IncludeExpander {
  private readonly repo: string;
  private readonly inRepo: boolean;
  /** The docs folder relative to the repository ('' or ending in '/'). */
  private readonly docs: string;
  private readonly siteRoot: string;
  private readonly project: string;
  private readonly tree: DiskTree;
  private readonly reads = new Map<string, Read>();
  private readonly outside = new Map<string, OutsideRead>();
  private readonly reported = new Set<string>();
  private readonly scanned = new Set<string>();
  private syncBudget = SYNC_EXPANSION_BYTES;

  constructor(docsAbs: string, private readonly site: SiteConfig) {
    const chain = markerFolders(docsAbs);
    const top = chain[chain.length - 1]!;
    // Inside the repository only; with none, inside the docs folder.
    this.inRepo = existsSync(join(top, '.git'));
    this.repo = this.inRepo ? top : docsAbs;
    const rel = posix(relative(this.repo, docsAbs));
    this.docs = rel ? `${rel}/` : '';
    this.siteRoot = this.docs + site.root;
    // The project folder (Hugo's readFile, Docusaurus's @site/): the folder the marker stands in.
    const up = /^((?:\.\.\/)*)/.exec(site.marker)![1]!;
    let project = joinPath(this.docs, up) ?? this.docs;
    if (site.generator === 'docusaurus' && !up && site.marker && !existsSync(join(docsAbs, site.marker))) project = joinPath(this.docs, '../') ?? this.docs;
    this.project = project === '' || project.endsWith('/') ? project : `${project}/`;
    this.tree = new DiskTree(this.repo);
  }

  /** Files outside the docs folder the includes read or looked for, stamped before reading (for the stat cache). */
  outsideReads(): { root: string; reads: OutsideRead[] } {
    return { root: this.repo, reads: [...this.outside.values()] };
  }

  /** A repository path as sync names files: relative to the docs folder. */
  private shown(repoPath: string): string {
    if (repoPath.startsWith(this.docs)) return repoPath.slice(this.docs.length);
    const ups = this.docs ? this.docs.split('/').length - 1 : 0;
    return `${'../'.repeat(ups)}${repoPath}`;
  }

  /**
   * `body` (the page's text after its frontmatter, as normaliseBody left it) with its includes
   * expanded; `text` is the page's whole text, for the lines the include lines stand on.
   */
  expand(page: string, text: string, body: string): Expansion {
    // Most pages have no include: nothing allocated for them, and their body not even read (mayInclude).
    const refs = mayInclude(this.site.generator, text) ? includeRefs(this.site.generator, page, body) : NONE;
    if (!refs.length) return { body, includes: NONE, named: NONE, notes: NONE };
    const out: Expansion = { body, includes: [], named: [], notes: [] };
    const core = body.endsWith('\n') ? body.slice(0, -1) : body;
    const trimmed = text.trimEnd();
    const offset = countLines(trimmed, 0, trimmed.length - core.length);
    const own = Buffer.byteLength(body);
    this.syncBudget += MAX_EXPANSION_RATIO * own;
    const state: PageState = { out, budget: Math.max(MAX_EXPANSION_RATIO * own, MIN_EXPANSION_BYTES) - own, refused: [] };
    const pagePath = this.docs + page;
    const expanded = this.expandText(body, pagePath, (k) => offset + 1 + k, [pagePath], state, refs);
    if (state.refused.length) {
      const [first, ...more] = state.refused;
      out.notes.push(warning('SYNC_INCLUDE_TOO_LARGE', `${page} would grow beyond ${MAX_EXPANSION_RATIO}× its own size (at least ${MIN_EXPANSION_BYTES / 1024} KiB) with the include of ${first!.raw}${more.length ? ` and ${more.length} more` : ''}; kept as written`, { file: first!.in, line: first!.line, hint: 'include fewer or smaller parts, or sync the included file as a page of its own' }));
    }
    out.body = expanded === body ? body : `${expanded.trimEnd()}\n`;
    return out;
  }

  /** The text with its includes expanded; `lineOf(k)` is the file line of its k-th line. */
  private expandText(text: string, file: string, lineOf: (k: number) => number, stack: string[], state: PageState, refs = includeRefs(this.site.generator, file, text)): string {
    if (!refs.length) return text;
    let result = '';
    let last = 0;
    let k = 0;
    let counted = 0;
    for (const r of refs) {
      k += countLines(text, counted, r.start);
      counted = r.start;
      const line = lineOf(k);
      const piece = this.piece(r, file, line, stack, state);
      result += text.slice(last, r.start) + (piece ?? text.slice(r.start, r.end));
      last = r.end;
    }
    return result + text.slice(last);
  }

  /** The text one include stands for, or undefined when it is kept as written (and named). */
  private piece(r: IncludeRef, file: string, line: number, stack: string[], state: PageState): string | undefined {
    const where = this.shown(file);
    const refuse = (code: string, why: string, hint?: string): undefined => {
      const key = `${code}\0${where}\0${line}`;
      if (!this.reported.has(key)) {
        this.reported.add(key);
        state.out.notes.push(warning(code, `the ${r.form} of ${JSON.stringify(r.raw)} is not expanded: ${why}; kept as written`, { file: where, line, ...(hint ? { hint } : {}) }));
      }
      return undefined;
    };
    const candidates = this.resolve(r, file);
    if (!Array.isArray(candidates)) return refuse('SYNC_INCLUDE_OUTSIDE', candidates.why, 'includes are read only from the repository, by a relative path');
    // The first candidate that is there (Hugo's GetPage looks in more than one place); else the first, to name.
    let target = candidates[0]!;
    let read: Read | undefined;
    for (const c of candidates) {
      const got = this.read(c);
      if (!('code' in got) || got.code !== 'SYNC_INCLUDE_NOT_FOUND') { target = c; read = got; break; }
    }
    read ??= this.read(target);
    if (target.startsWith(this.docs)) state.out.named.push(target.slice(this.docs.length));
    if (r.unsupported) return refuse('SYNC_INCLUDE_RANGE', `its option ${r.unsupported} changes the text in a way ctxforge does not apply`);
    if (stack.includes(target)) return refuse('SYNC_INCLUDE_CYCLE', `it includes itself through ${[...stack.slice(stack.indexOf(target)), target].map((p) => this.shown(p)).join(' → ')}`);
    if (stack.length > MAX_INCLUDE_DEPTH) return refuse('SYNC_INCLUDE_TOO_DEEP', `it is include number ${stack.length} in a chain (${stack.map((p) => this.shown(p)).join(' → ')}); includes are followed ${MAX_INCLUDE_DEPTH} deep`);
    if (state.refused.length) { state.refused.push({ in: where, line, raw: r.raw }); return undefined; }
    if ('code' in read) return refuse(read.code, read.why);
    const own = r.dropFrontmatter && /\.(md|mdx|markdown)$/i.test(target) ? withoutFrontmatter(read.text) : { text: read.text, first: 1 };
    const taken: Taken | string = takeLines(own.text, r.range, own.first);
    if (typeof taken === 'string') return refuse('SYNC_INCLUDE_RANGE', `${this.shown(target)} has ${taken}`);
    const size = Buffer.byteLength(taken.text);
    if (size > state.budget || size > this.syncBudget) { state.refused.push({ in: where, line, raw: r.raw }); return undefined; }
    state.budget -= size;
    this.syncBudget -= size;
    const shownTarget = this.shown(target);
    state.out.includes.push({ in: where, line, file: shownTarget, lines: taken.lines, digest: `sha256:${sha256Hex(taken.text)}` });
    this.scan(taken, shownTarget, where, line, state);
    const body = taken.text.endsWith('\n') ? taken.text.slice(0, -1) : taken.text;
    if (r.literal !== undefined) return mdCodeBlock(body.split('\n'), LANG.test(r.literal) ? r.literal : '').join('\n');
    const aimed = r.relative ? relativeIncludeLinks(body, target, file, r.relative) : body;
    if (!target.startsWith(this.docs)) (state.out.outside ??= []).push(aimed);
    return this.expandText(aimed, target, (k) => lineOfTaken(taken.lines, k), [...stack, target], state);
  }

  /** Credentials in included text, reported at the included file's line (once a line, however many pages include it). */
  private scan(taken: Taken, file: string, includedBy: string, at: number, state: PageState): void {
    const key = `${file}\0${JSON.stringify(taken.lines)}`;
    if (this.scanned.has(key)) return;
    this.scanned.add(key);
    for (const f of findSecrets(taken.text)) {
      // Findings are counted in the taken text's lines: each is put back on its file line.
      state.out.notes.push(warning('CTXFORGE_SECRET_FOUND', `${file} (included by ${includedBy}:${at}) holds what looks like a ${f.kind}: the synced page carries it, and build refuses to package credentials`, {
        file, line: lineOfTaken(taken.lines, f.line - 1), column: f.column, hint: 'remove it from the included file',
      }));
    }
  }

  /** The repository paths an include may name, in the order they are looked for, or why it names none. */
  private resolve(r: IncludeRef, file: string): string[] | { why: string } {
    const raw = r.raw;
    if (isRemote(raw)) return { why: 'a URL or another scheme is never fetched' };
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    // With the project folder given, only a path from `/` its syntax refuses has no base.
    const bases = includeBases(r, dir, this.siteRoot, this.project);
    if (!bases) return { why: 'an absolute path' };
    const out: string[] = [];
    let why: string | undefined;
    for (const base of bases) {
      const p = joinPath(base, raw.replace(/^\/+/, ''));
      const unsafe = p === undefined || p === '' ? `it climbs out of the ${this.inRepo ? 'repository' : 'docs folder (no repository above it)'}` : unsafePathReason(p) ? `its path is not a plain relative one (${unsafePathReason(p)})` : p === '.git' || p.startsWith('.git/') ? 'it is in the repository\'s .git folder' : undefined;
      if (unsafe) { why ??= unsafe; continue; }
      out.push(...includeCandidates(r, p!));
    }
    return out.length ? out : { why: why! };
  }

  /** A file's text, read once a sync: never through a link, never a file that is not a regular one. */
  private read(path: string): Read {
    const cached = this.reads.get(path);
    if (cached) return cached;
    const inDocs = path.startsWith(this.docs);
    const stamp = inDocs ? undefined : stampFile(this.repo, path);
    const r = this.readNow(path);
    if (stamp) this.outside.set(path, { ...stamp, ...('hash' in r ? { hash: r.hash } : {}) });
    this.reads.set(path, r);
    return r;
  }

  private readNow(path: string): Read {
    const link = linkedComponent(this.repo, path);
    if (link !== undefined) return { code: 'SYNC_INCLUDE_SYMLINK', why: `${this.shown(link)} is a symbolic link, which is never followed` };
    let st;
    try { st = lstatSync(this.tree.localPath(path)); } catch { return { code: 'SYNC_INCLUDE_NOT_FOUND', why: `${this.shown(path)} does not exist` }; }
    if (!st.isFile()) return { code: 'SYNC_INCLUDE_NOT_FOUND', why: `${this.shown(path)} is not a regular file` };
    if (st.size > MAX_INCLUDED_FILE_BYTES) return { code: 'SYNC_INCLUDE_TOO_LARGE', why: `${this.shown(path)} is ${Math.round(st.size / 1048576)} MiB; included files are read up to ${MAX_INCLUDED_FILE_BYTES / 1048576} MiB` };
    let bytes: Buffer;
    try {
      // Through the descriptor the checks opened (O_NOFOLLOW): a file swapped for a link meanwhile is refused.
      const f = this.tree.openRange(path);
      try {
        const size = fstatSync(f.fd).size;
        if (size > MAX_INCLUDED_FILE_BYTES) return { code: 'SYNC_INCLUDE_TOO_LARGE', why: `${this.shown(path)} grew beyond ${MAX_INCLUDED_FILE_BYTES / 1048576} MiB` };
        bytes = readExactly(f.fd, 0, size);
      } finally { f.release(); }
    } catch (e) {
      return { code: 'SYNC_INCLUDE_NOT_FOUND', why: (e as Error).message };
    }
    const text = decodeUtf8(bytes);
    if (text === undefined) return { code: 'SYNC_INCLUDE_NOT_TEXT', why: `${this.shown(path)} is not UTF-8 text` };
    return { text: lfLineEnds(text), hash: sha256Hex(bytes) };
  }
}

interface PageState {
  out: Expansion;
  /** Bytes the page may still take in. */
  budget: number;
  /** Includes refused once the budget ran out (one warning names the first and counts the rest). */
  refused: { in: string; line: number; raw: string }[];
}
