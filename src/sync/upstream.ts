// Reads a folder of Markdown someone else owns (plain files, OKF, an mdBook, VitePress, Docusaurus
// or MkDocs site, an Obsidian or Foam vault, Hugo frontmatter) into documents without IDs yet:
// title, description, tags and body, with a note for every frontmatter key the package has no place
// for. What counts as a document: every .md/.mdx/.markdown file outside the skipped folders (dot
// folders such as .git/, .github/, .vitepress/, .docusaurus/, .obsidian/, and node_modules/) —
// dot-file pages included — except a site's configuration and navigation files and Docusaurus
// `_` partials (kept as assets); every file left out is named. Symlinks are never followed.
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { DiskTree, listedKinds, type ListedKind, type Tree, type TreeEntry, type TreeListing } from '../core/tree.js';
import { firstHeading } from '../links/title.js';
import { docusaurusCategory, siteOf, type SiteConfig } from '../links/generators.js';
import type { Selection } from './selection.js';
import { labelFacts } from '../links/labels.js';
import { detachedFacts, linkFactsOf, scanSpecFor, type DocLinkFacts, type LinkScanSpec } from '../links/facts.js';
import { IncludeExpander, type IncludeRecord, type OutsideRead } from './expand-includes.js';
import type { DocMeta } from '../links/site.js';
import { fail, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { decodeUtf8, hasBom } from '../core/utf8.js';
import { parseYamlSafe, splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { sha256Hex, sha256Tagged } from '../core/hash.js';
import { isUuidV7 } from '../core/uuid.js';
import { readerText } from './reader-text.js';
import { xrefCandidate } from './reader-xrefs.js';
import { HeldBodies } from './held-bodies.js';
import { nextraMeta, nextraNav, type MetaEntry } from '../links/nav-files.js';
import { lfLineEnds } from '../core/line-ends.js';

export interface UpstreamDoc {
  /** Path inside the docs folder, as upstream names it. */
  path: string;
  digest: string;
  title: string;
  description?: string;
  tags?: string[];
  /** The page's own type (OKF frontmatter `type`). */
  type?: string;
  /** An ID the file already carries (octx.document_id, or a UUIDv7 id). */
  id?: string;
  /** The page as synced (frontmatter off, includes expanded, as a reader sees it); '' when `reread`. */
  body: string;
  /**
   * Read with `lean`: the body is not held ('' above) and `Upstream.bodyOf` gives it — from the ring
   * of bodies kept (`held`) while it is still there, else the page read again, checked against
   * `digest` (issue 39: no text is held for the whole tree).
   */
  reread?: true;
  /** Lean: the body's number in the ring of bodies kept (held-bodies.ts), when it went in. */
  held?: number;
  /** Lean: the page's size in bytes at its first read (a read again reads that and one byte more). */
  size?: number;
  /**
   * Lean: where the body starts in the page's bytes when it is all of them from there (the reader
   * steps and the frontmatter's cut changed nothing else): a page read again is only decoded from there.
   */
  plainFrom?: number;
  /**
   * Lean: where the body starts in the page's text (CRLF made LF, byte-order mark off), so a page
   * read again — the same bytes, by its digest — is not parsed for its frontmatter a second time.
   */
  bodyFrom?: number;
  /**
   * Lean: the page's link facts, taken on its first read under `Upstream.linkSpec` (null: it links
   * nowhere), so that the link check does not read and parse it again; undefined when not taken.
   * Sync drops them once the check has them.
   */
  linkFacts?: DocLinkFacts | null;
  /** Position in the site's static navigation (SUMMARY.md, mkdocs.yml nav, sidebar_position, _category_), when it has one. */
  order?: number;
  /** The pieces its includes put into the body: which file, which lines. */
  includes?: IncludeRecord[];
}

export interface Skipped {
  path: string;
  /** Why: a skipped folder, a site's configuration or navigation file, a dot-file that is no page. */
  reason: string;
}

export interface Upstream {
  docs: UpstreamDoc[];
  assets: { path: string; bytes: Buffer }[];
  /** Title of the folder's root page, for a new package's name. */
  rootTitle?: string;
  notes: Diagnostic[];
  /** Every file left out, by path, with the reason. */
  skipped: Skipped[];
  /** The site generator the folder is written for (from static marker files). */
  site: SiteConfig;
  /** Docusaurus `id`/`slug` of the pages that set them (links by id resolve through them). */
  meta: Map<string, DocMeta>;
  /**
   * The docs folder as it was read, for the link check: its listing, and every page's text as read
   * here, so a page is opened once a sync. `release()` when done, so the texts can go.
   */
  folder: Tree & { release(): void };
  /** Files outside the docs folder that includes read (below `root`, the repository), for the stat cache. */
  includeReads: { root: string; reads: OutsideRead[] };
  /** By page: the text its includes took from outside the docs folder (Expansion.outside), for the link check's anchors. */
  includedOutside?: Map<string, string[]>;
  /**
   * A page's body: the one held, or (`reread`) the page read again, its bytes checked against the
   * digest of the first read — a page changed since is an error (SYNC_PAGE_CHANGED), never mixed in.
   */
  bodyOf(doc: UpstreamDoc): string;
  /** Lean: the spec the pages' `linkFacts` were taken under (the check uses them only if its own is the same). */
  linkSpec?: LinkScanSpec;
}

/**
 * A folder already listed and read: pages answered from their texts, anything else from the disk as
 * before. Lean (no texts held), a page is read from the disk again and must have the digest of its
 * first read.
 */
class ReadFolder implements Tree {
  readonly label: string;
  constructor(private readonly disk: DiskTree, private texts: Map<string, string>, private boms: Set<string>, private digests?: Map<string, string>) { this.label = disk.label; }
  list(): Promise<TreeEntry[]> { return this.disk.list(); }
  // The folder's listing table: the link check answers for its files through it (list() stats every
  // file, ~0.4 s of a sync of 50,000 pages).
  listing(): Promise<TreeListing> { return this.disk.listing(); }
  read(path: string): Promise<Buffer> {
    const digest = this.digests?.get(path);
    if (digest !== undefined) return this.disk.read(path).then((b) => sameAsRead(path, b, digest));
    // The page's bytes again: valid UTF-8 decodes and encodes to the same bytes, with the byte-order
    // mark decoding took off put back.
    const t = this.texts.get(path);
    if (t === undefined) return this.disk.read(path);
    const bytes = Buffer.from(t, 'utf8');
    return Promise.resolve(this.boms.has(path) ? Buffer.concat([BOM, bytes]) : bytes);
  }
  stat(path: string): Promise<TreeEntry | undefined> { return this.disk.stat(path); }
  release(): void { this.texts = new Map(); this.boms = new Set(); this.digests = undefined; }
}
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A page read again: the bytes its first read saw, or an error — a sync never mixes two versions of a page. */
function sameAsRead(path: string, bytes: Buffer, digest: string): Buffer {
  if (`sha256:${sha256Hex(bytes)}` !== digest) {
    fail('SYNC_PAGE_CHANGED', `${path} changed while this sync ran (its bytes differ from its first read), so nothing was written`, { file: path, hint: 'run the sync again once the docs folder is still' });
  }
  return bytes;
}

/**
 * One buffer a sync reads its pages again into, grown to the largest page up to SCRATCH_MAX: a page
 * read again is decoded at once (bodyOf), so its bytes need not outlive the next read, and ~50,000
 * second reads leave no buffer each for the collector (issue 39). A larger page gets its own.
 */
class Scratch {
  private buf = Buffer.alloc(0);
  room(n: number): Buffer {
    if (n > SCRATCH_MAX) return Buffer.allocUnsafe(n);
    if (n > this.buf.length) this.buf = Buffer.allocUnsafeSlow(Math.min(SCRATCH_MAX, Math.max(n, 2 * this.buf.length, 64 << 10)));
    return this.buf;
  }
}
const SCRATCH_MAX = 1 << 20;

/**
 * A page's bytes read again (synchronously: a writer renders a file when it writes it), which must be
 * the `size` bytes of digest `digest` its first read saw. One open (never through a link), one read
 * of a byte more than that (a page that grew fills it) and a close: no fstat, since the size and the
 * digest decide — whatever else stands there now (a folder, a pipe) reads otherwise or fails to.
 * The bytes are `scratch`'s: decode them before the next page is read again.
 */
function readPageAgain(dir: string, path: string, size: number, digest: string, scratch: Scratch): Buffer {
  let fd: number;
  try {
    fd = openSync(join(dir, ...path.split('/')), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return fail('SYNC_PAGE_CHANGED', `${path} cannot be read again (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): it changed while this sync ran, so nothing was written`, { file: path, hint: 'run the sync again once the docs folder is still' });
  }
  const buf = scratch.room(size + 1);
  let got = 0;
  try {
    // At least one read, so that an empty page that grew is seen.
    let n: number;
    do { n = readSync(fd, buf, got, size + 1 - got, got); got += n; } while (n > 0 && got < size);
  } catch {
    got = -1;
  } finally {
    closeSync(fd);
  }
  if (got !== size) fail('SYNC_PAGE_CHANGED', `${path} is not the ${size} bytes of its first read: it changed while this sync ran, so nothing was written`, { file: path, hint: 'run the sync again once the docs folder is still' });
  return sameAsRead(path, buf.subarray(0, size), digest);
}

/**
 * A page's text split into frontmatter data and body: YAML (---) or Hugo's TOML (+++); a ---
 * block that is no YAML mapping keeps the page whole (noted when `notes` is given).
 */
function splitPage(text: string, path: string, notes?: Diagnostic[]): { data: Record<string, unknown>; body: string } {
  const toml = tomlFrontmatter(text);
  if (toml) return toml;
  const fm = splitFrontmatter(text);
  if (!fm.present) return { data: {}, body: text };
  // A page that opens with a horizontal rule is not frontmatter: only a YAML mapping is, and
  // anything else keeps the page whole.
  try {
    const v = parseYamlSafe(fm.yaml);
    if (v && typeof v === 'object' && !Array.isArray(v)) return { data: v as Record<string, unknown>, body: fm.body };
    if (v !== null && v !== undefined) {
      notes?.push(warning('SYNC_FRONTMATTER_INVALID', `${path}: the --- block is not a YAML mapping; the page is taken whole`, { file: path, line: fm.yamlLine }));
      return { data: {}, body: text };
    }
    return { data: {}, body: fm.body };
  } catch (err) {
    notes?.push(warning('SYNC_FRONTMATTER_INVALID', `${path}: frontmatter is not valid YAML (${(err as Error).message}); the page is taken whole`, { file: path, line: fm.yamlLine }));
    return { data: {}, body: text };
  }
}

const MARKDOWN = /\.(md|markdown|mdx)$/i;
/** Folders never read: version control, editors, generators' machinery and caches, installed packages. */
const SKIPPED_DIR = /(^|\/)(\.[^/]*|node_modules)\//;
/** Site configuration and navigation files: read as data where they are data, never packaged as pages or assets. */
const SITE_FILE = /(^|\/)(_category_\.json|_category_\.ya?ml|mkdocs\.ya?ml|book\.toml|sidebars\.[cm]?[jt]s|docusaurus\.config\.[cm]?[jt]s|hugo\.(toml|ya?ml)|config\.toml)$/;

/** Generators whose site is their content folder alone (Docusaurus and Starlight also serve pages beside theirs: blog/, src/pages/). */
const SERVES_CONTENT_ONLY: ReadonlySet<string> = new Set(['hugo', 'mkdocs', 'mdbook', 'zola', 'eleventy', 'gitbook']);

/** Why a path is left out, or undefined when it is read. */
function skipReason(path: string, site: SiteConfig): string | undefined {
  const d = SKIPPED_DIR.exec(path);
  if (d && !site.profile?.dotFolders?.some((f) => path.startsWith(site.root + f) && !SKIPPED_DIR.test(path.slice(site.root.length + f.length)))) return `in ${path.slice(0, d.index + d[0].length)} (a skipped folder)`;
  if (SITE_FILE.test(path)) return 'site configuration or navigation';
  // A generator that serves its content folder alone (Hugo's content, MkDocs' docs_dir, mdBook's
  // src …): a page beside it — the repository's README, Hugo's archetypes, test fixtures — is none
  // of the site's, when the folder synced is the one holding the configuration.
  if (site.root && MARKDOWN.test(path) && !path.startsWith(site.root) && SERVES_CONTENT_ONLY.has(site.generator)) return `outside ${site.root.replace(/\/$/, '')}, the content folder ${site.generator} serves: no page of the site`;
  if (site.generator === 'mdbook' && path === `${site.root}SUMMARY.md`) return 'mdBook navigation (SUMMARY.md, read for titles and order)';
  const base0 = path.slice(path.lastIndexOf('/') + 1);
  const nav = site.profile?.navFiles.find((n) => (typeof n === 'string' ? path === n || path.endsWith(`/${n}`) : n.test(base0)));
  if (nav) return `${site.generator} navigation (${typeof nav === 'string' ? nav : base0}), not a page`;
  if (site.navFile === path) return `${site.generator} navigation (${path.slice(site.root.length)}, the table of contents), not a page`;
  if (site.listed && MARKDOWN.test(path) && path.startsWith(site.root) && !site.listed.has(path) && !site.profile?.dotFolders?.some((f) => path.startsWith(site.root + f))) {
    return `not listed in ${site.navFile?.slice(site.root.length) ?? 'the table of contents'}: ${site.generator} does not publish it`;
  }
  const snippets = MARKDOWN.test(path) ? site.routes?.notPages?.find((f) => path.startsWith(site.root + f)) : undefined;
  if (snippets) return `${site.generator} include-only files (${snippets}), not pages`;
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.startsWith('.') && !MARKDOWN.test(base)) return 'a dot-file that is no page';
  return undefined;
}
const KEPT = new Set(['title', 'description', 'tags', 'octx', 'type']);
const GENERATOR_KEYS: Record<string, string> = {
  id: 'Docusaurus page id', slug: 'site URL slug', sidebar_position: 'sidebar order', sidebar_label: 'sidebar label',
  weight: 'Hugo menu order', draft: 'Hugo draft flag', date: 'page date', hide: 'MkDocs hide', nav_order: 'nav order', keywords: 'SEO keywords',
};

export function normaliseBody(body: string): string {
  let s = lfLineEnds(body).replace(/^\n+/, '');
  // trimEnd, not /\s+$/: the regular expression rescans every run of blanks from each of its blanks.
  s = s.trimEnd();
  return s === '' ? '' : `${s}\n`;
}

/** The first heading gives a page its title: the one rule every reader shares (src/links/title.ts). */
export { firstHeading };

function titleFromName(path: string): string {
  const parts = path.split('/');
  let base = parts.pop()!.replace(MARKDOWN, '');
  if (/^(index|readme|_index)$/i.test(base) && parts.length) base = parts.pop()!;
  const t = base.replace(/^\d+[-_. ]+/, '').replace(/[-_]+/g, ' ').trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : base;
}

/** Hugo's TOML frontmatter (+++): only simple `key = "value"` and `key = [..]` lines are read. */
function tomlFrontmatter(text: string): { data: Record<string, unknown>; body: string } | undefined {
  const m = /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return undefined;
  const data: Record<string, unknown> = {};
  for (const l of m[1]!.split(/\r?\n/)) {
    const kv = /^\s*([A-Za-z_][\w-]*)\s*=\s*(.+?)\s*$/.exec(l);
    if (!kv) continue;
    try { data[kv[1]!] = JSON.parse(kv[2]!.replace(/'/g, '"')); } catch { data[kv[1]!] = kv[2]!; }
  }
  return { data, body: text.slice(m[0].length) };
}

const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'bigint' ? Number(v) : undefined);

export interface ReadOptions {
  /** The site, when the caller has it already (siteOf: detected, or named by `sync --site`). */
  site?: SiteConfig;
  /** `--include` / `--exclude` (selection.ts). */
  select?: Selection;
  /** Bodies as written upstream, template syntax and all (default: as a reader sees them, reader-text.ts). */
  asWritten?: boolean;
  /**
   * Hold no page's text for the whole tree (sync): a body is kept only where it cannot be made again
   * from the page alone (includes expanded into it, cross-references readerXrefs rewrites); every
   * other body goes into a ring of `heldBytes`, and a page whose body the ring no longer has is read
   * again, checked by its digest, when its body is needed (`bodyOf`).
   */
  lean?: boolean;
  /**
   * Lean: how many bytes of bodies are kept, outside V8's heap, so that their pages are not read
   * again (default HELD_BYTES; the newest are kept: held-bodies.ts).
   */
  heldBytes?: number;
}

/**
 * Bodies kept by a lean read: 8 MiB, the last ~2,000 pages of ~4 KB. Memory for CPU: a page kept is
 * not opened, hashed and decoded again when written. Part of sync's fixed base (issue 39: a base
 * plus at most 512 B a page): 64 MiB held a third of a 50,000-page folder for ~60 MB more at the
 * peak, and the second reads it spared cost no CPU alternating runs could tell apart.
 */
export const HELD_BYTES = 8 << 20;

/** The frontmatter that sets a page's URL under the site's profile: strings, lists of strings, and `false` where it means "not written". */
function routeMetaOf(data: Record<string, unknown>, site: SiteConfig): Record<string, string | string[] | false> {
  const route: Record<string, string | string[] | false> = {};
  const r = site.routes;
  if (!r) return route;
  for (const k of [...r.frontmatter.replace, ...r.frontmatter.last, ...r.frontmatter.extra, ...(r.dated?.categoryKeys ?? []), ...(r.patternKeys ?? []), ...(r.unwritten ?? [])]) {
    const v = data[k];
    if (typeof v === 'string') route[k] = v;
    else if (Array.isArray(v)) route[k] = v.filter((x): x is string => typeof x === 'string');
    else if (v === false && r.unwritten?.includes(k)) route[k] = false;
  }
  return route;
}

/**
 * A page whose URL a template computes (Eleventy's `permalink: /tags/{{ tag }}/`): the URLs below
 * its literal part are routes not judged — recorded in the site's rules, so the synced tree's ID
 * map keeps them after the frontmatter is gone (the route table finds them on its own upstream).
 */
function templatedRoute(path: string, route: Record<string, string | string[] | false>, site: SiteConfig): void {
  for (const k of site.routes?.frontmatter.replace ?? []) {
    const v = route[k];
    const at = typeof v === 'string' ? v.search(/\{\{|\{%/) : -1;
    if (typeof v !== 'string' || at < 0) continue;
    site.routes = { ...site.routes!, unknownRoutes: [...(site.routes!.unknownRoutes ?? []), { prefix: v.slice(0, at).replace(/^\/+/, ''), reason: `routes set by templated ${k}s (${path})` }] };
  }
}

/**
 * A file that is no document but says something about the site's routes: a Jekyll `.html` page
 * whose frontmatter sets a `permalink` (served there: a route links may reach, never a document),
 * or a data file that is code and may compute its pages' routes (Profile.codeData: named, its
 * URLs not judged).
 */
function servedFile(path: string, bytes: Buffer, site: SiteConfig, meta: Map<string, DocMeta>): void {
  const cd = site.profile?.codeData;
  const inSite = path.startsWith(site.root) && !site.routes?.notPages?.some((f) => path.startsWith(site.root + f)) && !SKIPPED_DIR.test(path);
  if (cd?.file.test(path) && !site.routes?.templateExt?.test(path)) {
    const text = decodeUtf8(bytes) ?? '';
    if (!inSite || bytes.length > 4 * 1024 * 1024 || !cd.mention.test(text)) return;
    const rel = path.slice(site.root.length);
    const dir = rel.slice(0, rel.lastIndexOf('/') + 1);
    const stem = rel.slice(dir.length).replace(cd.file, '');
    // A directory data file is named as its folder; a template data file as its page.
    const prefix = dir && stem === dir.slice(0, -1).split('/').pop() ? dir : dir + stem;
    site.routes = { ...site.routes!, unknownRoutes: [...(site.routes?.unknownRoutes ?? []), { prefix, reason: `${cd.reason} (${path})` }] };
    if (/\.[cm]?[jt]s$/.test(path)) site.notRead = [...site.notRead, path];
    return;
  }
  // Eleventy renders its other templates as pages; Jekyll serves an `.html` page at its permalink.
  const template = inSite && site.routes?.templateExt?.test(path) === true;
  if (!template && (site.generator !== 'jekyll' || !/\.html?$/i.test(path))) return;
  const text = bytes.length > 4 * 1024 * 1024 ? undefined : decodeUtf8(bytes);
  if (text === undefined) return;
  let route: Record<string, string | string[] | false> = {};
  if (/^---\r?\n/.test(text)) {
    const fm = splitFrontmatter(stripBom(text));
    let data: unknown;
    try { data = fm.present ? parseYamlSafe(fm.yaml) : undefined; } catch { data = undefined; }
    if (data && typeof data === 'object' && !Array.isArray(data)) route = routeMetaOf(data as Record<string, unknown>, site);
  }
  if (!template && typeof route.permalink !== 'string') return;
  templatedRoute(path, route, site);
  if (Object.keys(route).length) meta.set(path, { ...meta.get(path), route });
  (site.served ??= []).push(path);
}

/**
 * Nextra's `_meta` files, read before the pages so that each page has its sidebar title and place:
 * JSON, or JavaScript that is an object literal of constants; any other is code, named (never run).
 */
async function readNextraNav(tree: Tree, listing: readonly ListedKind[], site: SiteConfig): Promise<void> {
  const metas = new Map<string, MetaEntry[]>();
  const navs = site.profile!.navFiles;
  for (const e of listing) {
    const base = e.path.slice(e.path.lastIndexOf('/') + 1);
    if (e.kind !== 'file' || SKIPPED_DIR.test(e.path) || !navs.some((n) => (typeof n === 'string' ? n === base : n.test(base)))) continue;
    const text = decodeUtf8(await tree.read(e.path));
    const entries = text === undefined ? undefined : nextraMeta(stripBom(text), /\.json$/i.test(base));
    if (entries === 'code') { site.notRead = [...site.notRead, e.path]; continue; }
    const dir = e.path.slice(0, e.path.length - base.length);
    if (entries && !metas.has(dir)) metas.set(dir, entries);
  }
  const pages = listing.filter((e) => e.kind === 'file' && MARKDOWN.test(e.path) && !SKIPPED_DIR.test(e.path)).map((e) => e.path);
  for (const [p, v] of nextraNav(metas, pages, site.routes?.onlyIndex ? site.routes.index[0] : 'index')) if (!site.nav.has(p)) site.nav.set(p, v);
}

export async function readUpstream(dir: string, o: ReadOptions = {}): Promise<Upstream> {
  const tree = new DiskTree(dir);
  const site = o.site ?? await siteOf(dir);
  const notes: Diagnostic[] = [];
  const docs: UpstreamDoc[] = [];
  const assets: Upstream['assets'] = [];
  const skipped: Skipped[] = [];
  const meta = new Map<string, DocMeta>();
  let includedOutside: Map<string, string[]> | undefined;
  const categories = new Map<string, { label?: string; position?: number }>();
  const dropped = new Map<string, { n: number; first: string }>();
  let rootTitle: string | undefined;
  const titled: { doc: UpstreamDoc; fromName: boolean; navTitle?: string }[] = [];
  const texts = new Map<string, string>();
  // A tag or type is held once, however many pages name it (each page's YAML makes its own string).
  const names = new Map<string, string>();
  const shared = (t: string): string => { const k = names.get(t); if (k !== undefined) return k; names.set(t, t); return t; };
  /** Lean: each page's digest (the doc's own string), for the pages read again. */
  const digests = o.lean ? new Map<string, string>() : undefined;
  // Lean: a page's link facts are taken from its first read (the upstream check's documents, below '').
  const linkSpec = o.lean ? scanSpecFor(site, ['']) : undefined;
  /**
   * Hugo section folders whose _index cascades `render: never` (a list is read in path order: the
   * _index comes first), and whether the cascade lists the pages (`list: local` or `always`).
   */
  const unrendered: { folder: string; listed: boolean }[] = [];
  /** Headless pages their section lists: documents the site writes at no URL of their own (RouteRules.unserved). */
  const headless: string[] = [];
  const boms = new Set<string>();
  const expander = new IncludeExpander(dir, site);
  // Include-only files (Hugo's _common snippets, a MyST page's {include}d part) are part of the
  // pages that include them, not pages of their own: named, not synced as documents.
  const included = new Set<string>();
  // Paths and kinds only: a page's size comes from its read (an lstat a file before it cost ~0.4 s
  // of a sync of 50,000 pages).
  const listing = listedKinds(await tree.listing());
  o.select?.prepare?.(listing.map((e) => e.path));
  // Lean: the ring is its whole budget, allocated and not filled — the pages a smaller folder does
  // not give it are never touched, so never resident. (It was sized from the folder's pages, which
  // asked every file's size; issue 39.)
  const ring = o.lean ? new HeldBodies(o.heldBytes ?? HELD_BYTES) : undefined;
  if (site.profile?.navFormat === 'nextra-meta') await readNextraNav(tree, listing, site);
  for (const e of listing) {
    const chosen = o.select?.leftOut(e.path);
    if (chosen) { skipped.push({ path: e.path, reason: chosen }); continue; }
    const why = skipReason(e.path, site);
    if (why) {
      skipped.push({ path: e.path, reason: why });
      if (e.kind === 'file' && /(^|\/)_category_\.(json|ya?ml)$/.test(e.path)) {
        const c = await docusaurusCategory((await tree.read(e.path)).toString('utf8'), e.path.endsWith('.json'));
        if (c) categories.set(e.path.slice(0, e.path.lastIndexOf('/') + 1), c);
      }
      continue;
    }
    if (e.kind === 'symlink') { notes.push(warning('SYNC_SYMLINK_SKIPPED', `${e.path} is a symbolic link; links are never followed, so it is left out`, { file: e.path })); skipped.push({ path: e.path, reason: 'a symbolic link' }); continue; }
    if (e.kind !== 'file') { skipped.push({ path: e.path, reason: 'not a regular file' }); continue; }
    const bytes = await tree.read(e.path);
    // Docusaurus partials (`_x.mdx`, or inside `_folder/`) are imported by pages, not pages themselves.
    const partial = site.docIds && /(^|\/)_[^/]*$|(^|\/)_[^/]*\//.test(e.path);
    if (!MARKDOWN.test(e.path) || partial) {
      assets.push({ path: e.path, bytes });
      if (!partial) servedFile(e.path, bytes, site, meta);
      continue;
    }
    const raw = decodeUtf8(bytes);
    if (raw === undefined) { notes.push(warning('SYNC_NOT_UTF8', `${e.path} is not valid UTF-8 and is left out`, { file: e.path })); skipped.push({ path: e.path, reason: 'not UTF-8' }); continue; }
    const digest = sha256Tagged(bytes);
    if (digests) digests.set(e.path, digest);
    else {
      texts.set(e.path, raw);
      if (hasBom(bytes)) boms.add(e.path);
    }
    const text = lfLineEnds(stripBom(raw));
    const split = splitPage(text, e.path, notes);
    const data = split.data;
    let body = split.body;
    // The body is the end of the text: where it starts is all a second read needs of the split.
    const bodyFrom = digests && text.endsWith(body) ? text.length - body.length : undefined;
    for (const k of Object.keys(data)) {
      if (KEPT.has(k)) continue;
      const d = dropped.get(k) ?? { n: 0, first: e.path };
      d.n++;
      dropped.set(k, d);
    }
    // Hugo: a page whose build options say it is never rendered (`_build: {render: never}`, its own or
    // cascaded by its section's _index) is no page of the site — unless they say it is listed too
    // (`list: local` or `always`, written out): a headless page whose section shows it (the Hugo
    // docs' glossary terms, which its `[term](g)` links reach). That one is a document a reader
    // sees, served at no URL of its own.
    const opts = (v: unknown) => { const b = v && typeof v === 'object' ? ((v as Record<string, unknown>)._build ?? (v as Record<string, unknown>).build) as Record<string, unknown> | undefined : undefined; return b && typeof b === 'object' ? b : undefined; };
    const never = (v: unknown) => { const b = opts(v); return Boolean(b && (b.render === 'never' || b.render === false)); };
    const listed = (v: unknown) => { const b = opts(v); return Boolean(b && (b.list === 'local' || b.list === 'always' || b.list === true)); };
    if (site.generator === 'hugo' && /(^|\/)_index\.md$/.test(e.path) && never(data.cascade)) unrendered.push({ folder: e.path.slice(0, e.path.lastIndexOf('/') + 1), listed: listed(data.cascade) });
    // The _index that declares the cascade follows its own build options where it writes them (the
    // glossary's `render: always`), else the cascade, as the sections of the Hugo docs expect.
    const section = site.generator === 'hugo' ? unrendered.find((u) => e.path.startsWith(u.folder) && !(e.path === `${u.folder}_index.md` && opts(data)?.render !== undefined)) : undefined;
    if (site.generator === 'hugo' && (never(data) || section)) {
      if (never(data) ? listed(data) : section!.listed && !(opts(data)?.list !== undefined && !listed(data))) headless.push(e.path);
      else {
        skipped.push({ path: e.path, reason: 'never rendered by the site (build: render: never)' });
        assets.push({ path: e.path, bytes });
        continue;
      }
    }
    body = normaliseBody(body);
    const inc = expander.expand(e.path, text, body);
    if (inc.outside) (includedOutside ??= new Map()).set(e.path, inc.outside);
    // Includes put text of other files into the body: it cannot be made again from the page alone.
    const expanded = inc.body !== body || inc.includes.length > 0 || inc.notes.length > 0 || inc.named.length > 0;
    body = inc.body;
    if (site.docIds && (typeof data.id === 'string' || typeof data.slug === 'string')) {
      meta.set(e.path, { ...(typeof data.id === 'string' ? { id: data.id } : {}), ...(typeof data.slug === 'string' ? { slug: data.slug } : {}) });
    }
    const route = routeMetaOf(data, site);
    templatedRoute(e.path, route, site);
    if (Object.keys(route).length) meta.set(e.path, { ...meta.get(e.path), route });
    const labels = labelFacts(site.generator, body);
    if (labels.all.length) meta.set(e.path, { ...meta.get(e.path), labels: labels.all, ...(labels.titled.length ? { titledLabels: labels.titled } : {}) });
    const octx = data.octx as Record<string, unknown> | undefined;
    const carriedId = octx && typeof octx === 'object' ? octx.document_id : undefined;
    const own = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : firstHeading(body, { mdx: /\.mdx$/i.test(e.path), admonitions: site.admonitions });
    const tags = Array.isArray(data.tags) ? data.tags.filter((t): t is string => typeof t === 'string').map(shared) : undefined;
    const doc: UpstreamDoc = { path: e.path, digest, title: own ?? titleFromName(e.path), body: o.asWritten ? body : readerText(body, { generator: site.generator, admonitions: site.admonitions, mdx: /\.mdx$/i.test(e.path) }) };
    // Lean: the body goes unless only it can give it (includes; cross-references readerXrefs rewrites
    // in place) — into the ring while it has room, and a page read again can be made into it.
    if (ring && !expanded && (o.asWritten || !xrefCandidate(site.generator, doc.body))) {
      // A body that ends the text as read is those bytes' end (an ASCII page: as many bytes as characters).
      if (raw.endsWith(doc.body)) doc.plainFrom = bytes.length - (raw.length === bytes.length ? doc.body.length : Buffer.byteLength(doc.body, 'utf8'));
      else if (bodyFrom !== undefined) doc.bodyFrom = bodyFrom;
      const kept = ring.keep(doc.body);
      if (kept !== undefined) doc.held = kept;
      doc.size = bytes.length;
      doc.body = '';
      doc.reread = true;
    }
    if (linkSpec) {
      // Facts that keep the page's text (block ids of Obsidian and Foam) are not kept: the check reads that page.
      const facts = linkFactsOf(linkSpec, e.path, bytes, raw);
      if (!facts?.anchors?.text) doc.linkFacts = detachedFacts(facts);
    }
    if (typeof data.description === 'string') doc.description = data.description;
    if (typeof data.type === 'string' && data.type.trim()) doc.type = shared(data.type.trim());
    if (tags?.length) doc.tags = tags;
    if (isUuidV7(carriedId)) doc.id = carriedId;
    else if (isUuidV7(data.id)) doc.id = data.id as string;
    const nav = site.nav.get(e.path);
    const position = numberOf(data.sidebar_position);
    if (nav) doc.order = nav.order;
    else if (position !== undefined) doc.order = position;
    const label = typeof data.sidebar_label === 'string' && data.sidebar_label.trim() ? data.sidebar_label.trim() : nav?.title;
    titled.push({ doc, fromName: own === undefined, ...(label ? { navTitle: label } : {}) });
    if (inc.includes.length) doc.includes = inc.includes;
    for (const n of inc.notes) notes.push(n);
    for (const f of inc.named) if (f !== e.path) included.add(f);
    docs.push(doc);
  }
  if (included.size) {
    for (let i = docs.length - 1; i >= 0; i--) {
      const d = docs[i]!;
      if (!included.has(d.path)) continue;
      docs.splice(i, 1);
      meta.delete(d.path);
      skipped.push({ path: d.path, reason: 'included by another page (a snippet, not a page)' });
    }
    for (let i = titled.length - 1; i >= 0; i--) if (included.has(titled[i]!.doc.path)) titled.splice(i, 1);
  }
  // Next.js' App Router (Nextra 4's app/): only page files are routes; other Markdown is colocated
  // (an imported partial, a note), and a private `_folder` is never routed.
  const r = site.routes;
  if (r?.onlyIndex) {
    for (let i = docs.length - 1; i >= 0; i--) {
      const d = docs[i]!;
      if (!d.path.startsWith(site.root)) continue;
      const segs = d.path.slice(site.root.length).split('/');
      const stem = segs[segs.length - 1]!.replace(MARKDOWN, '');
      const why = r.hiddenPrefix && segs.slice(0, -1).some((x) => x.startsWith(r.hiddenPrefix!)) ? `in a private folder (${r.hiddenPrefix}…): ${site.generator} routes nothing below it`
        : !r.index.includes(stem) ? `not a page: ${site.generator} serves only ${r.index.map((n) => `${n}.*`).join(', ')} files here (Next.js App Router)` : undefined;
      if (why === undefined) continue;
      docs.splice(i, 1);
      meta.delete(d.path);
      site.nav.delete(d.path);
      skipped.push({ path: d.path, reason: why });
      const t = titled.findIndex((x) => x.doc === d);
      if (t >= 0) titled.splice(t, 1);
    }
    // The routes below a dynamic segment are made at build time: recorded, so the synced tree does not judge them either.
    for (const e of listing) {
      if (e.kind !== 'file' || !e.path.startsWith(site.root) || !r.dynamicSegment) continue;
      const segs = e.path.slice(site.root.length).split('/');
      const stem = segs[segs.length - 1]!.replace(/\.[^.]*$/, '');
      if (!r.index.includes(stem) || segs.slice(0, -1).some((x) => r.hiddenPrefix !== undefined && x.startsWith(r.hiddenPrefix))) continue;
      const kept: string[] = [];
      for (const seg of segs.slice(0, -1)) {
        if (r.dynamicSegment.test(seg)) {
          const prefix = kept.length ? `${kept.join('/')}/` : '';
          if (!site.routes!.unknownRoutes?.some((u) => u.prefix === prefix)) site.routes = { ...site.routes!, unknownRoutes: [...(site.routes!.unknownRoutes ?? []), { prefix, reason: `routes a dynamic segment makes (${[...kept, seg].join('/')})` }] };
          break;
        }
        if (!r.groupSegment?.test(seg)) kept.push(seg);
      }
    }
  }
  // Static navigation names a page that has no title of its own; a folder's _category_ names its index page.
  for (const t of titled) {
    if (!t.fromName) continue;
    const folder = t.doc.path.slice(0, t.doc.path.lastIndexOf('/') + 1);
    const isIndex = /(^|\/)(index|readme|_index)\.(md|mdx|markdown)$/i.test(t.doc.path);
    const cat = isIndex ? categories.get(folder) : undefined;
    const nav = t.navTitle ?? cat?.label;
    if (nav) t.doc.title = nav;
  }
  for (const t of titled) {
    if (t.doc.order !== undefined) continue;
    const folder = t.doc.path.slice(0, t.doc.path.lastIndexOf('/') + 1);
    const cat = categories.get(folder);
    if (cat?.position !== undefined && /(^|\/)(index|readme)\.(md|mdx)$/i.test(t.doc.path)) t.doc.order = cat.position;
  }
  for (const d of docs) if (/^(index|readme|_index)\.(md|mdx|markdown)$/i.test(d.path.slice(site.root.length)) && d.path.startsWith(site.root)) rootTitle ??= d.title;
  for (const [k, d] of [...dropped].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    notes.push(info('SYNC_FRONTMATTER_DROPPED', `frontmatter key ${JSON.stringify(k)}${GENERATOR_KEYS[k] ? ` (${GENERATOR_KEYS[k]})` : ''} dropped from ${d.n} page${d.n === 1 ? '' : 's'}: the package keeps title, description and tags, and the ID map keeps identity`, { file: d.first }));
  }
  if (site.marker) notes.push(info('SYNC_SITE_DETECTED', `${site.generator} site (${site.marker}): links resolve and anchors are checked as ${site.generator} serves them${site.nav.size ? `; ${site.nav.size} pages have titles and order from its static navigation` : ''}`, {}));
  for (const f of site.notRead) notes.push(info('SYNC_NAV_NOT_READ', `${f} is code, not data: ctxforge never executes upstream configuration, so its navigation was not read (titles come from the pages)`, { file: f }));
  // Pages the table of contents does not list are not published: links to them are not judged.
  if (site.listed) {
    const unlisted = skipped.filter((x) => x.reason.startsWith('not listed in ')).map((x) => x.path);
    if (unlisted.length) site.unlisted = unlisted;
  }
  // Every file left out is named: one note a reason, listing the files (all of them are in --json).
  const byReason = new Map<string, string[]>();
  for (const x of skipped) byReason.set(x.reason, [...(byReason.get(x.reason) ?? []), x.path]);
  for (const [reason, paths] of byReason) {
    const shown = paths.slice(0, 20).join(', ');
    notes.push(info('SYNC_SKIPPED', `${paths.length} file${paths.length === 1 ? '' : 's'} left out, ${reason}: ${shown}${paths.length > 20 ? `, … (${paths.length - 20} more; --json lists every one)` : ''}`, { file: paths[0] }));
  }
  const held = new Set(docs.map((d) => d.path));
  const unserved = headless.filter((p) => p.startsWith(site.root) && held.has(p)).map((p) => p.slice(site.root.length));
  if (unserved.length && site.routes) site.routes = { ...site.routes, unserved };
  // A page read again is made into its body by the steps above that depend on the page alone.
  const remade = (path: string, bytes: Buffer, from: number | undefined): string => {
    const text = lfLineEnds(stripBom(decodeUtf8(bytes)!));
    const body = normaliseBody(from !== undefined ? text.slice(from) : splitPage(text, path).body);
    return o.asWritten ? body : readerText(body, { generator: site.generator, admonitions: site.admonitions, mdx: /\.mdx$/i.test(path) });
  };
  const scratch = new Scratch();
  const bodyOf = (d: UpstreamDoc): string => {
    if (!d.reread) return d.body;
    const kept = d.held !== undefined ? ring!.body(d.held) : undefined;
    if (kept !== undefined) return kept;
    const bytes = readPageAgain(dir, d.path, d.size!, d.digest, scratch);
    // The same bytes as the first read (the digest says so), which were UTF-8 then.
    return d.plainFrom !== undefined ? bytes.toString('utf8', d.plainFrom) : remade(d.path, bytes, d.bodyFrom);
  };
  return { docs, assets, rootTitle, notes, skipped, site, meta, folder: new ReadFolder(tree, texts, boms, digests), includeReads: expander.outsideReads(), bodyOf, ...(linkSpec ? { linkSpec } : {}), ...(includedOutside ? { includedOutside } : {}) };
}
