// A doc site's pages, indexed once, and every link resolved to the page the site would serve:
// relative and root-absolute paths, extensionless and `.html` targets, folders served by their
// index or README, Docusaurus ids and slugs, and wiki links by name across the vault (shortest
// unique match, case-insensitively where Obsidian and Foam are).
import type MarkdownItClass from 'markdown-it';
import { lazyRequire } from '../core/lazy.js';
import type { Link } from './parse.js';
import type { HookTextLookup, SiteConfig } from './generators.js';
import { docutilsSlug, eleventyAnchorSlugs, footnoteAnchors, gitbookAnchorSlugs, headingKey, headingSlugs, mintlifyAnchorSlugs, type Generator } from './slugs.js';
import { RouteTable, type RouteMeta } from './routes.js';
import { isObjectUnder } from './sphinx-conf.js';
import type { Scan } from './parse.js';

export const MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;
const INDEX_NAMES = ['index.md', 'README.md', 'readme.md', 'index.mdx', 'README.mdx', '_index.md', 'index.markdown', 'Readme.md'];
const PAGE_EXTENSIONS = ['.md', '.mdx', '.markdown'];
// VitePress makes pages of `**/*.md` only, and a folder's page is its index.md (a README.md is a page
// at /dir/README): checked by building sites with vitepress 1.6.4.
const VITEPRESS_INDEX = ['index.md'];
const VITEPRESS_PAGES = ['.md'];
// markdown-it loaded on first use (its entity table costs every start of the CLI ~80 ms otherwise).
const markdownIt = lazyRequire<typeof MarkdownItClass>('markdown-it');
let unescapeAll: ((s: string) => string) | undefined;
const unescape = (s: string): string => (unescapeAll ??= new (markdownIt())().utils.unescapeAll)(s);

export type Resolution =
  /** A file of the site (a page or an asset); `anchor` still to be checked against the page. */
  | { status: 'ok'; path: string; document: boolean; anchor?: string }
  /** Points inside the site at nothing it holds. */
  | { status: 'broken'; path: string; anchor?: string; why?: string }
  /** Climbs out of the site's folder. */
  | { status: 'outside' }
  /** Not judged: another site (a scheme, `//host`), a template, or a root path the docs folder does not serve. */
  | { status: 'external' | 'templated' | 'elsewhere' }
  /** Judged elsewhere: a reference use (by its definition), an MDX import (code). */
  | { status: 'skip' }
  /** Not judged: a route made by something the site's profile cannot see (configuration that is code, a folder beside the docs). */
  | { status: 'unseen'; reason: string };

export interface DocMeta {
  /** Docusaurus frontmatter `id` and `slug`. */
  id?: string;
  slug?: string;
  /** Frontmatter that sets a page's URL under a generator's profile (`url`, `slug`, `permalink`, `aliases` …). */
  route?: RouteMeta;
  /** Cross-reference labels the page defines (MyST `(label)=`, `:name:`). */
  labels?: string[];
  /** Those of them Sphinx's `{ref}` accepts without an explicit title (before a heading, a figure's or table's name). */
  titledLabels?: string[];
}

const TEMPLATE = /\{\{|\{%|\$\{|<%|^\{/;
export const isTemplated = (t: string) => TEMPLATE.test(t);
/** A path Docusaurus takes as a file (its transformLinks' asset-like extension): not Markdown, not `.html`. */
const ASSET_LIKE = /\.(?!(?:mdx?|html?)$)[A-Za-z0-9]{1,8}$/i;
/** A scheme (`https:`, `mailto:` …) or a protocol-relative `//host`: another site. */
export const hasScheme = (t: string) => /^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('//');

function decode(p: string): string {
  if (!/[\\&%]/.test(p)) return p;
  let s = unescape(p);
  try { s = decodeURIComponent(s); } catch { /* keep as written */ }
  return s;
}

/** Joins `rel` onto folder `base` ('' or ending in '/'); undefined when it climbs out. */
export function joinPath(base: string, rel: string): string | undefined {
  // Most links name a file beside or below their page: nothing to resolve.
  if (!/(^|\/)\.{1,2}(\/|$)|\/\/|^\//.test(rel)) return base + rel;
  const parts = base ? base.replace(/\/$/, '').split('/') : [];
  const segs = rel.split('/');
  for (let i = 0; i < segs.length; i++) {
    const seg = segs[i]!;
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (!parts.length) return undefined; parts.pop(); } else parts.push(seg);
  }
  return parts.join('/') + (rel.endsWith('/') && parts.length ? '/' : '');
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
const stripNumber = (seg: string) => seg.replace(/^\d+\s*[-_.]+\s*(?=[^-_.\s])/, '');

export function splitAnchor(target: string): { path: string; anchor?: string } {
  const h = target.indexOf('#');
  const noQuery = (s: string) => { const q = s.indexOf('?'); return q < 0 ? s : s.slice(0, q); };
  return h < 0 ? { path: noQuery(target) } : { path: noQuery(target.slice(0, h)), anchor: target.slice(h + 1) };
}

/** A set already (a Set, or a tree's view of its files), so it is used as it is, not copied. */
const isSet = (x: Iterable<string>): x is ReadonlySet<string> => x instanceof Set || (typeof (x as ReadonlySet<string>).has === 'function' && typeof (x as ReadonlySet<string>).size === 'number');

export class SiteIndex {
  readonly files: ReadonlySet<string>;
  readonly documents: ReadonlySet<string>;
  readonly dirs: Set<string> = new Set();
  private byName?: Map<string, string[]>;
  private lower?: Map<string, string>;
  private readonly byUrl = new Map<string, string>();
  /** Docusaurus: each page's URL below the route base, ending in `/` where it is served so (a folder's index, a slug that ends so). */
  private readonly pageUrls = new Map<string, string>();
  /** The URLs the site serves its pages at, when its generator has a profile. */
  readonly routes?: RouteTable;
  /** Cross-reference labels → the page defining each. */
  readonly labels = new Map<string, string>();
  /** Labels `{ref}` accepts without an explicit title, lowercased as Sphinx compares them. */
  readonly titledLabels = new Set<string>();
  /** Pages the site does not publish (SiteConfig.unlisted), and the URLs they would have: reached, they are not judged. */
  private readonly unlisted?: { files: ReadonlySet<string>; routes?: RouteTable; reason: string };

  /**
   * @param files every file of the tree, by path from its root
   * @param documents the pages among them
   * @param meta Docusaurus `id`/`slug` of pages that have them (when the site's pages are read with their frontmatter)
   */
  constructor(files: Iterable<string> | ReadonlySet<string>, documents: Iterable<string> | ReadonlySet<string>, readonly site: SiteConfig, meta?: ReadonlyMap<string, DocMeta>) {
    this.files = isSet(files) ? files : new Set(files);
    this.documents = isSet(documents) ? documents : new Set(documents);
    for (const f of this.files) for (let i = f.indexOf('/'); i > 0; i = f.indexOf('/', i + 1)) this.dirs.add(f.slice(0, i));
    if (meta) for (const [k, v] of meta) { for (const l of v.labels ?? []) if (!this.labels.has(l)) this.labels.set(l, k); for (const l of v.titledLabels ?? []) this.titledLabels.add(l.toLowerCase()); }
    if (site.routes) {
      const routeMeta = new Map<string, RouteMeta>();
      if (meta) for (const [k, v] of meta) if (v.route) routeMeta.set(k, v.route);
      const extra = [...(site.unsynced ?? []), ...(site.served ?? [])];
      this.routes = new RouteTable(extra.length ? [...this.documents, ...extra] : this.documents, site.root, site.routes, routeMeta);
    }
    if (site.unlisted?.length) {
      // A page held as a document is judged as one, whatever a record says.
      const files = new Set(site.unlisted.filter((p) => !this.documents.has(p)));
      const reason = site.profile?.navPublishes ?? 'pages the site does not publish';
      this.unlisted = { files, reason, ...(site.routes ? { routes: new RouteTable(files, site.root, { ...site.routes, redirects: [], unknownRoutes: [], firstPage: undefined }) } : {}) };
    }
    if (site.docIds) {
      for (const d of this.documents) {
        if (!d.startsWith(site.root)) continue;
        const m = meta?.get(d);
        const rel = d.slice(site.root.length);
        const dir = dirOf(rel).split('/').filter(Boolean).map(stripNumber).join('/');
        const stem = stripNumber(rel.slice(dirOf(rel).length).replace(MARKDOWN_FILE, ''));
        const parent = dir.split('/').pop() ?? '';
        const id = m?.id ?? stem;
        const folderPage = /^(index|readme)$/i.test(stem) || (stem === parent && !m?.id);
        let url = folderPage ? dir : dir ? `${dir}/${id}` : id;
        let slash = folderPage;
        if (m?.slug) {
          url = m.slug.startsWith('/') ? m.slug.replace(/^\/+|\/+$/g, '') : (dir ? `${dir}/${m.slug}` : m.slug).replace(/\/+$/, '');
          slash = m.slug.endsWith('/');
        }
        if (!this.byUrl.has(url)) this.byUrl.set(url, d);
        this.pageUrls.set(d, url && slash ? `${url}/` : url);
      }
    }
  }

  get generator(): Generator { return this.site.generator; }

  /** Docusaurus: the URL a page is served at below the route base (from its id or slug), or undefined. */
  docUrl(page: string): string | undefined {
    return this.pageUrls.get(page)?.replace(/\/$/, '');
  }

  /** The page a folder serves: its index or README. */
  private indexOf(dir: string): string | undefined {
    const d = dir.replace(/\/$/, '');
    // The first page the configuration names serves `/` (GitBook's `structure.readme`).
    const first = this.site.routes?.firstPage;
    if (first !== undefined && d === this.site.root.replace(/\/$/, '') && this.files.has(this.site.root + first)) return this.site.root + first;
    for (const n of this.site.generator === 'vitepress' ? VITEPRESS_INDEX : INDEX_NAMES) { const p = d ? `${d}/${n}` : n; if (this.files.has(p)) return p; }
    if (this.site.docIds && d) { const own = `${d}/${d.split('/').pop()}.md`; if (this.files.has(own)) return own; }
    return undefined;
  }

  /** What a site serves at a path: the file, the page behind an extensionless or `.html` path, or a folder's index. */
  lookup(p: string): string | undefined {
    if (p !== '' && !p.endsWith('/') && this.files.has(p)) return p;
    // VitePress serves a folder's index.md at `dir/` only: `./guide` is a dead link (its build fails on it).
    const vitepress = this.site.generator === 'vitepress';
    if (p === '' || p.endsWith('/') || (!vitepress && this.dirs.has(p))) { const i = this.indexOf(p); if (i) return i; }
    if (p.endsWith('/')) return undefined;
    const html = /\.html?$/i.exec(p);
    const stem = html ? p.slice(0, html.index) : p;
    if (html && /(^|\/)index$/.test(stem)) { const i = this.indexOf(stem.replace(/(^|\/)index$/, '')); if (i) return i; }
    // Where every page is written as a folder (Jekyll's `permalink: pretty`), no `x.html` serves `x.md`.
    if (html && this.site.routes?.folderUrls) return undefined;
    // Docusaurus serves a page at its id or slug, never at its file's name (`01-install` with `id: setup`
    // is `/docs/setup`): a URL finds it by byUrl alone. Where a link that names no file is the
    // browser's (RouteRules.pageRelative, MkDocs), `[x](b)` from `a.md` is `/a/b`, not `b.md`.
    if (!this.site.docIds && !this.site.routes?.pageRelative) for (const ext of vitepress ? VITEPRESS_PAGES : PAGE_EXTENSIONS) if (this.files.has(stem + ext)) return stem + ext;
    if (this.site.docIds && p.startsWith(this.site.root)) {
      const url = p.slice(this.site.root.length).split('/').map(stripNumber).join('/').replace(/\/+$/, '');
      const hit = this.byUrl.get(url) ?? this.byUrl.get(url.replace(/\.html?$/i, ''));
      if (hit) return hit;
    }
    if (this.site.vault) {
      this.lower ??= new Map([...this.files].map((f) => [f.toLowerCase(), f]));
      const hit = this.lower.get(p.toLowerCase()) ?? this.lower.get(`${p.toLowerCase()}.md`);
      if (hit) return hit;
    }
    return undefined;
  }

  /** Resolves `link`, written in the page `from`, to the file the site would serve. */
  /**
   * The page a render hook's text lookup finds (generators.ts, HookTextLookup): the text as plain
   * words, lowercased, made a URL segment as Hugo's urlize makes it, then its singular forms and the
   * hook's own table. Never a finding when none matches: the hook's rules may reach further.
   */
  private pageByText(l: HookTextLookup, text: string): string | undefined {
    const plain = text.replace(/[`*_[\]]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
    const tried = [plain, ...singulars(plain)];
    const alias = l.aliases.get(plain);
    if (alias !== undefined) tried.push(alias);
    const base = l.base.replace(/^\/+/, '');
    for (const t of tried) {
      const seg = urlize(t);
      if (!seg) continue;
      // Hugo's GetPage finds a page that is never rendered too (the Hugo docs' glossary terms are): its file is enough.
      const hit = this.routes?.lookup(`${base}/${seg}/`) ?? this.routes?.logical(`${base}/${seg}`) ?? this.lookup(`${this.site.root}${base}/${seg}`);
      if (hit) return hit;
    }
    return undefined;
  }

  resolve(link: Pick<Link, 'kind' | 'target'> & { text?: string }, from: string): Resolution {
    if (link.kind === 'reference' || link.kind === 'import') return { status: 'skip' };
    if (link.kind === 'wiki' || link.kind === 'embed') return this.resolveWiki(link.target, from, link.kind === 'embed');
    const t = link.target.trim();
    // VitePress renders a Markdown link's destination as written (Vue reads `{{ }}` in text, never in
    // an attribute): its build names `/{{base}}/x.md` a dead link.
    if (isTemplated(t) && this.site.generator !== 'vitepress') return { status: 'templated' };
    if (link.kind === 'autolink' || hasScheme(t)) return { status: 'external' };
    const { path: rawPath, anchor } = splitAnchor(t);
    const a = anchor === undefined ? {} : { anchor: decode(anchor) };
    if (rawPath === '') return { status: 'ok', path: from, document: this.documents.has(from), ...a };
    // MkDocs 1.6 normalises a link's path before it looks the file up: `page.md/#x` is page.md's #x.
    const path = this.site.generator === 'mkdocs' && /\.md\/+$/i.test(rawPath) ? decode(rawPath).replace(/\/+$/, '') : decode(rawPath);
    if (this.site.generator === 'docusaurus') {
      const r = this.docusaurusFile(path, from);
      if (r) return r.status === 'ok' || r.status === 'broken' ? { ...r, ...a } : r;
    }
    let p: string | undefined;
    let url: string | undefined;
    const filePrefix = this.site.profile?.filePrefix;
    if (filePrefix && path.startsWith(filePrefix)) {
      // A source file from the content root, never a URL: the file or nothing.
      const f = joinPath(this.site.root, path.slice(filePrefix.length));
      if (f === undefined) return { status: 'outside' };
      const hit = this.lookup(f);
      return hit ? { status: 'ok', path: hit, document: this.documents.has(hit), ...a } : { status: 'broken', path: f, ...a };
    }
    if (path.startsWith('/')) {
      let rest = path.replace(/^\/+/, '');
      if (this.site.routeBase) {
        const rb = this.site.routeBase;
        if (rest === rb || rest.startsWith(`${rb}/`)) rest = rest.slice(rb.length + 1);
        else return { status: 'elsewhere' };
      }
      p = joinPath(this.site.root, rest || './');
      url = rest;
      if (p !== undefined && !this.lookup(p) && this.site.generator === 'vitepress') {
        // VitePress serves public/ at the site root; `/pure` is public/pure.html too (its link check looks for it).
        const pub = joinPath(`${this.site.root}public/`, rest);
        if (pub !== undefined && this.files.has(pub)) return { status: 'ok', path: pub, document: false, ...a };
        if (pub !== undefined && !pub.endsWith('/') && this.files.has(`${pub}.html`)) return { status: 'ok', path: `${pub}.html`, document: false, ...a };
      }
    } else {
      // Docusaurus leaves a link that names no file to the browser, against the page's URL (a slug
      // moves it: `./props` on `guides/sizing.md` with `slug: /sizing` is /docs/props); a file (an
      // image) it takes from the page's folder.
      const pageUrl = this.site.docIds && !ASSET_LIKE.test(path) ? this.pageUrls.get(from) : undefined;
      if (pageUrl !== undefined) {
        const base = pageUrl === '' || pageUrl.endsWith('/') ? pageUrl : dirOf(pageUrl);
        const rel = joinPath(base, path);
        if (rel === undefined) return { status: 'elsewhere' };
        p = this.site.root + rel;
      } else p = joinPath(dirOf(from), path);
    }
    if (p === undefined && !this.routes) return { status: 'outside' };
    let hit = p === undefined ? undefined : this.lookup(p);
    if (hit && this.unlisted?.files.has(hit)) return { status: 'unseen', reason: this.unlisted.reason };
    // Where only page files are routes (Next.js' App Router), a Markdown file that is no page is not served at its path.
    if (hit && this.routes?.rules.onlyIndex && MARKDOWN_FILE.test(hit) && !this.documents.has(hit) && this.routes.urlOf(hit) === undefined) hit = undefined;
    if (hit) return { status: 'ok', path: hit, document: this.documents.has(hit), ...a };
    if (p !== undefined && this.unlisted && this.unlistedFile(p)) return { status: 'unseen', reason: this.unlisted.reason };
    if (this.routes) {
      // As the reader's browser resolves it: against the URL the page is served at, then as a URL path.
      const base = this.routes.baseOf(from);
      const asUrl = url ?? (base === undefined ? undefined : joinPath(base, path));
      const viaFile = p === undefined || (url === undefined && this.routes.rules.pageRelative) ? undefined : p.startsWith(this.site.root) ? p.slice(this.site.root.length) : undefined;
      // Next.js keeps a root link in the linking page's locale (`/about` from a `zh-CN` page).
      const locale = url !== undefined ? this.routes.localeOf(from) : undefined;
      const r = (locale !== undefined ? this.routes.lookup(locale + url) : undefined) ?? (asUrl !== undefined ? this.routes.lookup(asUrl) : undefined) ?? (viaFile !== undefined ? this.routes.lookup(viaFile) : undefined)
        // Hugo's GetPage: a logical path (the file's, never a slug or url) from the content root.
        ?? (this.site.rootFallback && url === undefined ? this.lookup(joinPath(this.site.root, path.replace(/\/+$/, '')) ?? '\0') ?? this.routes.logical(path) : undefined);
      if (r) return { status: 'ok', path: r, document: this.documents.has(r), ...a };
      // A file the site copies as it is (an image beside the pages) is at its path: a relative link resolved against the page's URL reaches it there.
      const asFile = url === undefined && asUrl !== undefined && /\.[A-Za-z0-9]{1,8}$/.test(asUrl) && !MARKDOWN_FILE.test(asUrl) ? joinPath(this.site.root, asUrl) : undefined;
      if (asFile !== undefined && !this.documents.has(asFile) && this.files.has(asFile) && !this.hiddenFile(asFile)) return { status: 'ok', path: asFile, document: false, ...a };
      // MyST: a bare target that names a label is a cross-reference to the page defining it.
      const label = anchor === undefined ? this.labels.get(path) : undefined;
      if (label) return { status: 'ok', path: label, document: true };
      const prof = this.site.profile;
      const hook = this.site.hookDestinations;
      if (hook?.names.has(rawPath)) {
        const byText = hook.byText?.get(rawPath);
        const page = byText && link.text !== undefined ? this.pageByText(byText, link.text) : undefined;
        if (page) return { status: 'ok', path: page, document: this.documents.has(page) };
        return { status: 'unseen', reason: byText ? `link texts the render hook maps to no page ctxforge finds (${hook.file})` : `destinations the link render hook handles itself (${hook.file})` };
      }
      if (url === undefined && anchor === undefined && this.site.objectsElsewhere && isObjectUnder(path, this.site.objectsElsewhere)) return { status: 'external' };
      if (prof?.unresolvedBare && url === undefined && anchor === undefined && !/\.[A-Za-z0-9]{1,8}$/.test(path)) return { status: 'unseen', reason: prof.unresolvedBare };
      if (prof?.routesFromCode && (url !== undefined || !/\.[A-Za-z0-9]{1,8}$/.test(path) || MARKDOWN_FILE.test(path)) && this.site.notRead.length) return { status: 'unseen', reason: `routes made by ${prof.routesFromCode}` };
      if (url !== undefined && prof?.staticBeside && /\.[A-Za-z0-9]{1,8}$/.test(url) && !MARKDOWN_FILE.test(url)) return { status: 'unseen', reason: `files in ${prof.staticBeside} beside the docs` };
      if (url !== undefined && prof?.filesFromCode && /\.[A-Za-z0-9]{1,8}$/.test(url) && !MARKDOWN_FILE.test(url)) return { status: 'unseen', reason: prof.filesFromCode };
      const unknown = asUrl !== undefined ? this.routes.unknownRoute(asUrl) : undefined;
      if (unknown) return { status: 'unseen', reason: unknown };
      // The URL a page the site does not publish would have (`/guide/draft` for guide/draft.md).
      if (this.unlisted?.routes && ((asUrl !== undefined && this.unlisted.routes.lookup(asUrl)) || (viaFile !== undefined && this.unlisted.routes.lookup(viaFile)))) return { status: 'unseen', reason: this.unlisted.reason };
      if (p === undefined) return asUrl === undefined ? { status: 'outside' } : { status: 'broken', path: `/${asUrl}`, ...a };
      // Left to the browser (MkDocs): named by the URL it reaches, which no file beside the page explains.
      if (this.routes.rules.pageRelative && url === undefined && asUrl !== undefined && !MARKDOWN_FILE.test(path)) return { status: 'broken', path: `/${asUrl}`, ...a };
    }
    if (p === undefined) return { status: 'outside' };
    if (this.site.vault && !path.includes('/')) {
      const w = this.byNameLookup(path.replace(/\.md$/i, ''), from, /\.md$/i.test(path) || !/\.[A-Za-z0-9]{1,8}$/.test(path));
      if (w) return { status: 'ok', path: w, document: this.documents.has(w), ...a };
    }
    return { status: 'broken', path: p, ...a };
  }

  /**
   * Docusaurus' own resolution of a link that names a file rather than a URL: `@site/…` from the
   * site's folder, and a Markdown file (`.md`, `.mdx`) — `./x.md` from the page's folder only,
   * `/x.md` from the docs folder then the site's, a bare `x.md` from the page's folder, then the
   * docs folder, then the site's (its resolveMarkdownLinkPathname). A Markdown file must be a page
   * of the docs plugin: one elsewhere in the site's folder (blog/, src/pages/) is never found.
   * Undefined for a URL link.
   */
  private docusaurusFile(path: string, from: string): Resolution | undefined {
    const site = path.startsWith('@site/');
    const markdown = /\.mdx?$/i.test(path);
    if (!site && !markdown) return undefined;
    // Candidates are paths of the site's folder. It is this tree, or the folder above the docs folder
    // (`siteDocs`: `docs/`, a version's), which is this tree's `root` (the tree itself, or a synced
    // tree's document root).
    const docs = this.site.siteDocs;
    const root = this.site.root;
    const docsRoot = docs ?? root;
    const pageDir = docs !== undefined ? docs + (dirOf(from).startsWith(root) ? dirOf(from).slice(root.length) : dirOf(from)) : dirOf(from);
    const rest = path.replace(/^\/+/, '');
    // Each made by joinPath: one that climbs out of the site's folder is none.
    const tried = site ? [joinPath('', path.slice('@site/'.length))]
      : path.startsWith('/') ? [joinPath(docsRoot, rest), joinPath('', rest)]
        : /^\.\.?\//.test(path) ? [joinPath(pageDir, path)]
          : [joinPath(pageDir, path), joinPath(docsRoot, path), joinPath('', path)];
    const inTree = (c: string | undefined) => (c === undefined ? undefined : docs === undefined ? joinPath('', c) : c.startsWith(docs) ? joinPath(root, c.slice(docs.length)) : undefined);
    for (const c of tried) {
      const t = inTree(c);
      if (t !== undefined && t !== '' && !t.endsWith('/') && this.files.has(t)) return { status: 'ok', path: t, document: this.documents.has(t) };
    }
    const first = tried.find((c) => c !== undefined);
    if (first === undefined) return { status: 'outside' };
    const outside = tried.filter((c): c is string => c !== undefined && inTree(c) === undefined);
    // Not read: a file of the site's folder outside the docs folder (static/ …), or the docs plugin's
    // pages of another version or locale (docs/, versioned_docs/, i18n/ beside the folder checked).
    if (outside.length && (!markdown || outside.some((c) => /^(docs|versioned_docs|i18n)\//.test(c)))) return { status: 'unseen', reason: 'files of the Docusaurus site outside its docs folder' };
    return { status: 'broken', path: inTree(first) ?? `../${first}` };
  }

  /** Does a path name a page the site does not publish: the file, or the page behind an extensionless path or a folder? */
  private unlistedFile(p: string): boolean {
    const f = this.unlisted!.files;
    const d = p.replace(/\/+$/, '');
    return f.has(p) || ['.md', '.mdx', '.markdown', '/README.md', '/index.md'].some((x) => f.has(d + x)) || (!d && f.has('README.md'));
  }

  /** A file the generator does not copy to the site (Jekyll: below a `_` folder). */
  private hiddenFile(p: string): boolean {
    const h = this.site.routes?.hiddenPrefix;
    return h !== undefined && p.slice(this.site.root.length).split('/').slice(0, -1).some((s) => s.startsWith(h));
  }

  private names(): Map<string, string[]> {
    if (!this.byName) {
      this.byName = new Map();
      for (const f of this.files) {
        const base = f.slice(f.lastIndexOf('/') + 1).toLowerCase();
        const keys = MARKDOWN_FILE.test(base) ? [base.replace(MARKDOWN_FILE, ''), base] : [base];
        for (const k of keys) { const l = this.byName.get(k); if (l) l.push(f); else this.byName.set(k, [f]); }
      }
    }
    return this.byName;
  }

  /** By name across the vault: the same folder first, then the shortest path; a path suffix narrows it (Foam). */
  private byNameLookup(name: string, from: string, note: boolean): string | undefined {
    const n = name.toLowerCase();
    const slash = n.lastIndexOf('/');
    const base = n.slice(slash + 1);
    let cands = (this.names().get(base) ?? []).filter((f) => !note || MARKDOWN_FILE.test(f) || !/\.[A-Za-z0-9]{1,8}$/.test(base));
    if (slash >= 0) {
      const suffix = n.replace(/^\.?\//, '');
      cands = cands.filter((f) => { const k = f.toLowerCase().replace(MARKDOWN_FILE, ''); const s = suffix.replace(MARKDOWN_FILE, ''); return k === s || k.endsWith(`/${s}`); });
    }
    if (!cands.length) return undefined;
    const wanted = name.slice(name.lastIndexOf('/') + 1).replace(MARKDOWN_FILE, '');
    const exact = cands.filter((f) => f.slice(f.lastIndexOf('/') + 1).replace(MARKDOWN_FILE, '') === wanted);
    const pool = exact.length ? exact : cands;
    const here = dirOf(from);
    // The first in that order, found in one pass: sorting the candidates at every lookup cost a vault
    // of many same-named notes n log n comparisons per link (each splitting two paths).
    let best: string | undefined;
    let bestAway = 0;
    let bestDepth = 0;
    for (const f of pool) {
      const away = dirOf(f) === here ? 0 : 1;
      const depth = f.split('/').length;
      if (best === undefined || away < bestAway || (away === bestAway && (depth < bestDepth || (depth === bestDepth && f < best)))) {
        best = f;
        bestAway = away;
        bestDepth = depth;
      }
    }
    return best;
  }

  /** `[[note#heading|alias]]`, `![[file]]`: relative or vault paths first, then by name. */
  resolveWiki(target: string, from: string, embed: boolean): Resolution {
    const h = target.indexOf('#');
    const name = (h < 0 ? target : target.slice(0, h)).trim();
    const a = h < 0 ? {} : { anchor: target.slice(h + 1).trim() };
    if (name === '') return { status: 'ok', path: from, document: true, ...a };
    const note = !embed || MARKDOWN_FILE.test(name) || !/\.[A-Za-z0-9]{1,8}$/.test(name);
    const tryPath = (p: string | undefined) => {
      if (p === undefined) return undefined;
      if (this.files.has(p)) return p;
      if (note && this.files.has(`${p}.md`)) return `${p}.md`;
      return undefined;
    };
    let hit: string | undefined;
    if (name.startsWith('./') || name.startsWith('../')) hit = tryPath(joinPath(dirOf(from), name));
    else if (name.includes('/')) hit = tryPath(joinPath(this.site.root, name.replace(/^\/+/, '')));
    hit ??= this.byNameLookup(name, from, note);
    if (hit) return { status: 'ok', path: hit, document: this.documents.has(hit), ...a };
    return { status: 'broken', path: name, ...a };
  }
}

/** The anchors a page offers: heading slugs by the generator's rules, explicit ids, HTML ids, footnotes. */
export interface Anchors {
  ids: Set<string>;
  /**
   * Anchors a component on the page may write, by ids the generator does not document
   * (Profile.componentAnchors.maybe), each with why: a link to one is not judged.
   */
  maybe?: Map<string, string>;
  /** Heading texts as Obsidian and Foam compare them. */
  keys: Set<string>;
}

export function anchorsOf(scan: Pick<Scan, 'headings' | 'htmlIds' | 'footnotes'>, g: Generator): Anchors {
  const ids = new Set<string>([...headingSlugs(scan.headings, g), ...scan.htmlIds, ...footnoteAnchors(scan.footnotes)]);
  if (g === 'obsidian' || g === 'foam') for (const s of headingSlugs(scan.headings, 'github')) ids.add(s);
  // Sphinx sections get docutils ids; MyST's heading anchors (myst_heading_anchors) the GitHub slug.
  if (g === 'sphinx') for (const h of scan.headings) { ids.add(docutilsSlug(h.text)); for (const s of headingSlugs([h], 'github')) ids.add(s); }
  if (g === 'eleventy') for (const h of scan.headings) for (const s of eleventyAnchorSlugs(h.text)) ids.add(s);
  if (g === 'mintlify') {
    // Mintlify's own ids, a repeat numbered `-2`, `-3` across the page (GitHub's, numbered `-1`, stay accepted).
    const seen = new Map<string, number>();
    for (const h of scan.headings) {
      if (h.id !== undefined) continue;
      for (const base of mintlifyAnchorSlugs(h.text)) {
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        ids.add(n === 1 ? base : `${base}-${n}`);
      }
    }
  }
  if (g === 'gitbook') {
    for (const h of scan.headings) for (const s of gitbookAnchorSlugs(h.text)) ids.add(s);
    // GitBook's editor writes an id into each heading (`<a href="#x" id="x">`) and numbers the repeats
    // of one it serves (`x`, `x-1`, `x-2`…), as links it writes to them show.
    const seen = new Map<string, number>();
    for (const id of scan.htmlIds) { const n = seen.get(id) ?? 0; if (n) ids.add(`${id}-${n}`); seen.set(id, n + 1); }
  }
  return { ids, keys: new Set(scan.headings.map((x) => headingKey(x.text))) };
}

/** Does the page with these anchors have `anchor`? Block references (`^id`) are checked against `blockIds`. */
export function hasAnchor(anchor: string, a: Anchors, g: Generator, blockIds?: () => Set<string>): boolean {
  if (anchor === '' || a.ids.has(anchor)) return true;
  if (g === 'obsidian' || g === 'foam') {
    if (anchor.startsWith('^')) return blockIds ? blockIds().has(anchor.slice(1)) : true;
    return a.keys.has(headingKey(anchor)) || a.ids.has(anchor.toLowerCase());
  }
  // GitHub matches anchors whatever their case.
  if (g === 'github') return a.ids.has(anchor.toLowerCase());
  return false;
}

/** Obsidian block ids (` ^id` at a line's end) of a text. */
export function blockIdsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[ \t]\^([A-Za-z0-9-]{1,64})[ \t]*$/gm)) out.add(m[1]!);
  return out;
}

/** Hugo's urlize, as far as a page name needs it: spaces to hyphens, only letters, digits, `-`, `_`, `.` kept. */
function urlize(s: string): string {
  return s.normalize('NFC').replace(/\s+/g, '-').replace(/[^\p{L}\p{N}\-_.]/gu, '');
}

/** English singulars a plural may have (`entries` → `entry`, `boxes` → `box`, `pages` → `page`). */
function singulars(s: string): string[] {
  const out: string[] = [];
  if (/ies$/.test(s)) out.push(`${s.slice(0, -3)}y`);
  if (/(?:s|x|z|ch|sh)es$/.test(s)) out.push(s.slice(0, -2));
  if (/[^s]s$/.test(s)) out.push(s.slice(0, -1));
  return out;
}
