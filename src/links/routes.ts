// The route table of a site: for each page, the URLs the generator serves it at, made from the
// profile's rules alone (pretty URLs, index pages, `.html`, case folding, frontmatter that moves a
// page, locale suffixes) — and the lookup a link's URL goes through, with the locale fallback of
// generators that serve the default locale's page where a translation is missing. One pass over
// the pages to build, one map lookup (two with the fallback) per link.
import type { RouteRules } from './profiles.js';
import { collectionUrl, type Collection } from './jekyll-config.js';

/** Frontmatter that can set a page's URL, as read from the page (strings or lists of strings only). */
export type RouteMeta = Record<string, string | string[] | false>;

const EXT = /\.(md|mdx|markdown)$/i;
const LOCALE = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;

/**
 * The top-level folders below `root` that are locales (`fr`, `pt-br`): a folder whose name is a
 * language tag and which holds a page mirroring one beside it (`fr/guides/…` beside `guides/…`, or
 * `fr/index` beside `index`).
 */
export function localeFolders(pages: readonly string[], root: string): string[] {
  const list = pages.filter((p) => p.startsWith(root));
  const top = new Set(list.map((p) => p.slice(root.length)).filter((r) => !r.includes('/')).map((r) => r.replace(EXT, '').toLowerCase()));
  const firsts = new Set<string>();
  for (const p of list) { const r = p.slice(root.length); const i = r.indexOf('/'); if (i > 0) firsts.add(r.slice(0, i)); }
  const folders = new Set([...firsts].map((f) => f.toLowerCase()));
  const out: string[] = [];
  for (const f of firsts) {
    if (!LOCALE.test(f)) continue;
    const mirrors = list.some((p) => { const r = p.slice(root.length); if (!r.startsWith(`${f}/`)) return false; const rest = r.slice(f.length + 1); const head = rest.includes('/') ? rest.slice(0, rest.indexOf('/')).toLowerCase() : rest.replace(EXT, '').toLowerCase(); return folders.has(head) || top.has(head); });
    if (mirrors) out.push(f);
  }
  return out;
}

export class RouteTable {
  private readonly byUrl = new Map<string, string>();
  private readonly urlOfPage = new Map<string, string>();
  /** Pages served at a folder's URL (`/about/`, an index page) where URLs are not pretty. */
  private readonly folderPages = new Set<string>();
  /** Pages written as a file of their URL's name (RouteRules.permalinkFiles), and those URLs as keyed: never served with a trailing slash. */
  private readonly filePages = new Set<string>();
  private readonly fileKeys = new Set<string>();
  /** Pages by logical path (the file's path, index pages as their folder), whatever frontmatter moved them to. */
  private readonly byLogical = new Map<string, string>();
  /** Top-level folders below `/` that are locales (`fr`, `pt-br`), when the rules have locale folders. */
  readonly locales = new Set<string>();
  /** The locale prefix of pages a suffix gives one (`en-US/`), where root links stay in the page's locale. */
  private readonly pageLocale = new Map<string, string>();
  /** URL prefixes whose routes the profile cannot see (RouteRules.unknownRoutes, templated permalinks), with why. */
  private readonly unknown: { prefix: string; reason: string }[] = [];
  /** RouteRules.unserved, from `/`. */
  private readonly unserved: ReadonlySet<string>;

  /**
   * @param pages the site's pages, by path from the checked tree's root
   * @param root the folder `/` maps to ('' or ending in '/')
   */
  constructor(pages: Iterable<string>, readonly root: string, readonly rules: RouteRules, meta?: ReadonlyMap<string, RouteMeta>) {
    this.unserved = new Set(rules.unserved ?? []);
    const list = [...pages].filter((p) => p.startsWith(root));
    // The App Router's pages are all `page` files: no folder mirrors another by its pages' names (its locales are a `[lang]` segment).
    if (rules.localeFolders && !rules.onlyIndex) for (const f of localeFolders(list, root)) this.locales.add(rules.caseFold ? f.toLowerCase() : f);
    for (const d of rules.localeDirs ?? []) if (d.url) this.locales.add(d.url.replace(/\/$/, ''));
    for (const p of list) {
      for (const u of this.urlsOf(p, meta?.get(p)).flatMap((x) => this.served(x))) {
        const k = this.key(u);
        if (k !== undefined && !this.byUrl.has(k)) this.byUrl.set(k, p);
      }
    }
    // The first page the configuration names is the site's `/` (GitBook's `structure.readme`), whatever else is there.
    const first = rules.firstPage !== undefined ? root + rules.firstPage : undefined;
    if (first !== undefined && this.urlOfPage.has(first)) this.byUrl.set('', first);
    for (const r of rules.redirects ?? []) {
      // A redirect serves its source URL with the page it names (a file from `/`, or a page's URL).
      const to = r.file ? (this.urlOfPage.has(root + r.to) ? root + r.to : undefined) : this.byUrl.get(this.key(r.to) ?? '\0');
      const k = this.key(r.from);
      if (to !== undefined && k !== undefined && !this.byUrl.has(k)) this.byUrl.set(k, to);
    }
    for (const u of rules.unknownRoutes ?? []) this.addUnknown(u.prefix, u.reason);
    if (rules.autoSections) {
      // A top-level folder without an index page is still served: the generator lists its pages there.
      for (const p of list) {
        const r = p.slice(root.length);
        const i = r.indexOf('/');
        if (i <= 0) continue;
        const k = this.key(r.slice(0, i));
        if (k !== undefined && !this.byUrl.has(k)) this.byUrl.set(k, `${root}${r.slice(0, i + 1)}`);
      }
    }
  }

  /**
   * Where pages are written as `.html` files (not pretty): a page URL `x` is the file `x.html`, served
   * at both (as GitHub Pages serves it); a folder URL `x/` (an index page, a permalink ending in `/`)
   * is `x/index.html`, never `x.html`.
   */
  private served(u: string): string[] {
    if (!this.rules.html || this.rules.pretty || u === '' || u.endsWith('/')) return [u];
    return /\.html?$/i.test(u) ? [u, u.replace(/\.html?$/i, '')] : [u, `${u}.html`];
  }

  /** A URL path as the table keys it: no slashes at the ends, no `.html` or `index.html`, folded where the generator folds. */
  key(url: string): string | undefined {
    let u = url.split('#')[0]!.split('?')[0]!.replace(/^\/+|\/+$/g, '');
    if (this.rules.html || this.rules.pretty) u = u.replace(/(^|\/)index\.html?$/i, '');
    // With pretty URLs `x.html` is `x/`; where pages are files (Jekyll, Sphinx) `x.html` is only what served() registers.
    if (this.rules.pretty) u = u.replace(/\.html?$/i, '');
    u = u.replace(/\/+$/, '');
    if (u.split('/').some((s) => s === '..' || s === '.')) return undefined;
    return this.rules.caseFold ? u.toLowerCase() : u;
  }

  /** The URLs a page is served at (without slashes at the ends). */
  private urlsOf(page: string, meta: RouteMeta | undefined): string[] {
    let rel = page.slice(this.root.length);
    if (this.rules.notPages?.some((f) => rel.startsWith(f))) return [];
    const d = this.rules.dated;
    const dated = d ? new RegExp(`^((?:[^/]+/)*?)${d.folder}/(?:[^/]+/)*(\\d{4})-(\\d{2})-(\\d{2})-([^/]+)\\.(?:md|mdx|markdown)$`, 'i').exec(rel) : null;
    const coll = !dated ? this.rules.collections?.find((c) => rel.startsWith(c.folder)) : undefined;
    if (coll) return this.collectionUrls(page, coll, rel, meta);
    if (this.rules.hiddenPrefix && !dated && rel.split('/').slice(0, -1).some((s) => s.startsWith(this.rules.hiddenPrefix!))) return [];
    if (d && dated) return [this.datedUrl(page, d, dated, meta)];
    let lang = '';
    // A language's own content folder (Hugo's contentDir): its pages are served under its prefix, the folder's name dropped.
    const own = this.rules.localeDirs?.find((d) => rel.startsWith(d.folder));
    if (own) { rel = rel.slice(own.folder.length); lang = own.url; }
    if (this.rules.localeSuffix) {
      const m = /\.([a-z]{2,3}(?:-[a-z0-9]{2,8})?)(\.(?:md|mdx|markdown))$/i.exec(rel);
      const l = m?.[1]!.toLowerCase();
      const sl = this.rules.suffixLocales;
      if (m && l && (!sl || sl.known.includes(l))) {
        // Next.js writes a locale as configured (`en-US`); Hugo and Zola lowercase it.
        lang = sl?.unprefixed === l ? '' : `${this.rules.localeRelative ? m[1] : l}/`;
        rel = rel.slice(0, m.index) + m[2];
        if (this.rules.localeRelative && lang) this.pageLocale.set(page, lang);
      }
    }
    let stem = rel.replace(EXT, '').replace(this.rules.templateExt ?? /$^/, '');
    if (this.rules.groupSegment || this.rules.dynamicSegment) {
      // Next.js: a route group's folder is not in the URL; below a dynamic segment the routes are not known.
      const segs = stem.split('/');
      const kept: string[] = [];
      for (const seg of segs.slice(0, -1)) {
        if (this.rules.dynamicSegment?.test(seg)) {
          this.addUnknown(kept.length ? `${kept.join('/')}/` : '', `routes a dynamic segment makes (${[...kept, seg].join('/')})`);
          return [];
        }
        if (!this.rules.groupSegment?.test(seg)) kept.push(seg);
      }
      stem = [...kept, segs[segs.length - 1]!].join('/');
    }
    const slash = stem.lastIndexOf('/');
    const dir = slash < 0 ? '' : stem.slice(0, slash);
    const last = stem.slice(slash + 1);
    const isIndex = this.rules.index.some((n) => n.toLowerCase() === last.toLowerCase())
      || (this.rules.folderNamesake === true && dir !== '' && last === dir.slice(dir.lastIndexOf('/') + 1));
    // Next.js' App Router: a file that is no page file is not a route (a colocated component, an imported partial).
    if (this.rules.onlyIndex && !isIndex) return [];
    let url = isIndex ? dir : stem;
    const logical = this.key(lang + url);
    if (logical !== undefined && !this.byLogical.has(logical)) this.byLogical.set(logical, page);
    // `permalink: false` (Eleventy), a headless page (RouteRules.unserved): the page is not written anywhere.
    if (this.rules.unwritten?.some((k) => meta?.[k] === false) || this.unserved.has(page.slice(this.root.length))) return [];
    const templated = (k: string) => { const v = meta?.[k]; return typeof v === 'string' && /\{\{|\{%/.test(v) ? v : undefined; };
    for (const k of this.rules.frontmatter.replace) {
      const t = templated(k);
      // A URL a template computes is not known: links below its literal part are not judged.
      if (t !== undefined) { this.addUnknown(t.slice(0, t.search(/\{\{|\{%/)).replace(/^\/+/, ''), `routes set by templated ${k}s (${page})`); return []; }
    }
    const one = (k: string): string | undefined => { const v = meta?.[k]; return typeof v === 'string' && v.trim() && !v.includes(':') ? v.trim() : undefined; };
    for (const k of this.rules.frontmatter.last) { const v = one(k); if (v && !isIndex) url = dir ? `${dir}/${v}` : v; }
    // A URL set outright names the whole path, its locale included.
    let whole = false;
    for (const k of this.rules.frontmatter.replace) { const v = one(k); if (v) { url = v; whole = true; } }
    if (whole && this.rules.permalinkFiles && !url.endsWith('/')) {
      const k = this.key(url);
      if (k !== undefined && k !== '') { this.filePages.add(page); this.fileKeys.add(k); }
    }
    // An index page's URL is a folder's; so is every page's where pages are written as folders.
    const folder = !whole && url !== '' && (isIndex || this.rules.folderUrls === true);
    const out = [(whole ? '' : lang) + url.replace(/^\/+/, '') + (folder ? '/' : '')];
    for (const k of this.rules.frontmatter.extra) {
      const v = meta?.[k];
      for (const a of typeof v === 'string' ? [v] : Array.isArray(v) ? v : []) {
        if (typeof a !== 'string' || !a.trim() || a.includes(':')) continue;
        out.push(a.startsWith('/') ? a : `${dir ? `${dir}/` : ''}${a}`);
      }
    }
    // The URL as the generator writes it: lowercased where it folds case (Hugo writes `Store.md` at /store/).
    this.remember(page, out[0]!);
    return out;
  }

  /**
   * A collection document's URL (Jekyll): its own `permalink` when it sets one without placeholders,
   * else the pattern of its scope's defaults or of its collection; none when the collection is not
   * written (`output` unset) or the pattern is not understood.
   */
  private collectionUrls(page: string, c: Collection, rel: string, meta: RouteMeta | undefined): string[] {
    const logical = this.key(rel.replace(EXT, ''));
    if (logical !== undefined && !this.byLogical.has(logical)) this.byLogical.set(logical, page);
    if (!c.output) return [];
    const own = meta?.permalink;
    const slug = typeof meta?.slug === 'string' ? meta.slug : undefined;
    const url = typeof own === 'string' && own.trim() && !own.includes(':') ? own.trim() : collectionUrl(this.rules, c, rel, slug);
    if (url === undefined) return [];
    const out = [url.replace(/^\/+/, '')];
    for (const k of this.rules.frontmatter.extra) {
      const v = meta?.[k];
      for (const a of typeof v === 'string' ? [v] : Array.isArray(v) ? v : []) if (typeof a === 'string' && a.trim() && !a.includes(':') && a.startsWith('/')) out.push(a);
    }
    this.remember(page, out[0]!);
    return out;
  }

  /** The URL a page is linked at, and whether it is a folder's (`x/`: its relative links resolve inside it). */
  private remember(page: string, url: string): void {
    const u = url.replace(/^\/+|\/+$/g, '');
    this.urlOfPage.set(page, this.rules.caseFold ? u.toLowerCase() : u);
    if (url.endsWith('/') && u && !this.rules.noTrailingSlash) this.folderPages.add(page);
  }

  /** A dated post's URL: its permalink when the frontmatter sets one, else the rule's pattern. */
  private datedUrl(page: string, d: NonNullable<RouteRules['dated']>, m: RegExpExecArray, meta: RouteMeta | undefined): string {
    const cats = m[1]!.split('/').filter(Boolean);
    for (const k of d.categoryKeys) {
      const v = meta?.[k];
      for (const c of typeof v === 'string' ? v.split(/\s+/) : Array.isArray(v) ? v : []) if (c && !cats.includes(c)) cats.push(c);
    }
    let url = d.url.replace(':categories', cats.join('/')).replace(':year', m[2]!).replace(':month', m[3]!).replace(':day', m[4]!).replace(':title', m[5]!);
    for (const k of this.rules.frontmatter.replace) { const v = meta?.[k]; if (typeof v === 'string' && v.trim() && !v.includes(':')) url = v.trim(); }
    url = url.replace(/^\/+/, '').replace(/\/{2,}/g, '/');
    const logical = this.key(page.slice(this.root.length).replace(EXT, ''));
    if (logical !== undefined && !this.byLogical.has(logical)) this.byLogical.set(logical, page);
    this.remember(page, url);
    return url;
  }

  /** The folder a page's relative links resolve against: its URL as a folder with pretty URLs, else its URL's folder. */
  baseOf(page: string): string | undefined {
    const u = this.urlOfPage.get(page);
    if (u === undefined) return undefined;
    if (this.rules.pretty || this.folderPages.has(page)) return u ? `${u}/` : '';
    const i = u.lastIndexOf('/');
    return i < 0 ? '' : u.slice(0, i + 1);
  }

  /** The page served at a URL path below `/`, or at the default locale's URL when a locale lacks it and the generator falls back. */
  lookup(url: string): string | undefined {
    const k = this.key(url);
    if (k === undefined) return undefined;
    const hit = this.byUrl.get(k);
    // A page written as a file is no folder: `/resource/` finds nothing there.
    if (hit !== undefined && this.fileKeys.has(k) && /\/$/.test(url.split(/[#?]/)[0]!)) return undefined;
    if (hit !== undefined) return hit;
    const i = k.indexOf('/');
    const first = i < 0 ? k : k.slice(0, i);
    if (this.rules.localeFallback && this.locales.has(first)) return this.byUrl.get(i < 0 ? '' : k.slice(i + 1));
    return undefined;
  }

  /** The page at a logical path (Hugo's GetPage: the file's path from the content root, folded as URLs are). */
  logical(path: string): string | undefined {
    const k = this.key(path);
    return k === undefined ? undefined : this.byLogical.get(k);
  }

  /** Is the page served at a folder's URL (`/about/`: its permalink ends in `/`, or an index page)? */
  isFolder(page: string): boolean { return (this.rules.pretty && !this.filePages.has(page)) || this.folderPages.has(page); }

  /** The locale prefix (`en-US/`) a root link from this page stays in, where the rules keep links in the page's locale. */
  localeOf(page: string): string | undefined { return this.pageLocale.get(page); }

  private addUnknown(prefix: string, reason: string): void {
    if (this.unknown.length < 10_000) this.unknown.push({ prefix: this.rules.caseFold ? prefix.toLowerCase() : prefix, reason });
  }

  /**
   * Why a URL the table does not serve may still be served (a route the profile cannot see below
   * one of the unknown prefixes), or undefined when nothing could serve it.
   */
  unknownRoute(url: string): string | undefined {
    if (!this.unknown.length) return undefined;
    const u = url.split('#')[0]!.split('?')[0]!.replace(/^\/+/, '');
    const k = this.rules.caseFold ? u.toLowerCase() : u;
    return this.unknown.find((x) => k.startsWith(x.prefix) || `${k}/` === x.prefix)?.reason;
  }

  /** Every URL a page is served at first (the one llms.txt links). */
  urlOf(page: string): string | undefined { return this.urlOfPage.get(page); }

  /**
   * The path below the site's address a reader's browser shows for a page, as the generator writes it:
   * `about/` (pretty), `guide.html` or `guide/` (an index) where pages are `.html` files, a Jekyll
   * post's whole `…/title.html`; lowercased where the generator folds. Undefined for no page of the table.
   */
  servedPath(page: string): string | undefined {
    const raw = this.urlOfPage.get(page);
    if (raw === undefined) return undefined;
    if (this.rules.pretty) return raw ? `${raw}/` : '';
    if (/\.html?$/i.test(raw)) return raw;
    // Docsify fetches the page's own file; Next.js, Mintlify and GitBook serve `/a/b`, no extension.
    if (!this.rules.html) return this.rules.sourceServed ? page.slice(this.root.length) : raw;
    return this.isFolder(page) || raw === '' ? (raw ? `${raw}/` : '') : `${raw}.html`;
  }
}
