// Which site generator a docs folder is written for, told from static marker files alone
// (book.toml, .vitepress/, docusaurus.config.*, mkdocs.yml, .obsidian/, .foam/) — configuration is
// read as data where it is data (book.toml's src, mkdocs.yml's docs_dir, nav and extensions,
// SUMMARY.md, _category_ files) and never executed where it is code (.vitepress/config.*,
// sidebars.js, docusaurus.config.*): those are named as not read.
import { lstatSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative, sep } from 'node:path';
import { GENERATORS, type Generator } from './slugs.js';
import { ANCESTOR_PROFILES, MKDOCS_ROUTES, PROFILES, routeRules, type Profile, type RouteRules } from './profiles.js';
import { hugoContentDir, hugoLocales, hugoBaseUrl, mkdocsLocales, type DeclaredLocales } from './site-locales.js';
import { jekyllRoutes } from './jekyll-config.js';
import { readPlain } from './config-file.js';
import { objectModules, sphinxConf } from './sphinx-conf.js';
import { summaryNav } from './nav-files.js';
import { codeRouteSources, gitbookData, mintlifyData } from './profile-config.js';

export interface SiteConfig {
  generator: Generator;
  /** The marker file or folder that decided it ('' for the GitHub default). */
  marker: string;
  /** The folder, relative to the synced or checked root ('' or ending in '/'), that `/` of the site maps to. */
  root: string;
  /** Docusaurus: the URL path the docs are served under (`docs`), stripped from root-absolute links. */
  routeBase?: string;
  /** `[[wiki links]]` are links here (Obsidian, Foam, MkDocs with a wiki-link extension or plugin). */
  wiki: boolean;
  /** MkDocs admonitions and content tabs hold Markdown. */
  admonitions: boolean;
  /** Wiki links and names match case-insensitively (Obsidian, Foam). */
  vault: boolean;
  /** Docusaurus: frontmatter `id`/`slug` decide URLs; `_`-prefixed files are partials, not pages. */
  docIds: boolean;
  /**
   * Docusaurus: where the checked folder lies in the site's folder (the one holding
   * docusaurus.config.*, what `@site/` names) when that is above it — `docs/`, or a version's
   * `versioned_docs/version-1.0/` — checked or synced by itself. Undefined: the checked folder is
   * the site's folder.
   */
  siteDocs?: string;
  /** Navigation files that are code and were not read. */
  notRead: string[];
  /** Navigation read as data: page path (relative to the scanned root) → title and position. */
  nav: Map<string, { title?: string; order: number }>;
  /** The route rules of a generator with a profile (profiles.ts): links resolve against its route table. */
  routes?: RouteRules;
  /** The profile itself, when the generator has one. */
  profile?: Profile;
  /** Relative link paths resolve from `/` too (the site or its theme has the profile's link render hook). */
  rootFallback?: boolean;
  /** Destinations the link render hook compares literally and handles itself (`eq $u.String "g"`): not judged. */
  hookDestinations?: { file: string; names: Set<string>; byText?: Map<string, HookTextLookup> };
  /** Cross-references the configuration may resolve in other projects (Sphinx's intersphinx): why unknown labels are not judged. */
  xrefsElsewhere?: string;
  /** The locales the site's configuration declares as data (site-locales.ts), when it declares any. */
  locales?: DeclaredLocales;
  /**
   * Sphinx: top-level modules of Python object references resolved outside the docs folder — the
   * intersphinx projects and autodoc packages conf.py names as literals (sphinx-conf.ts).
   */
  objectsElsewhere?: ReadonlySet<string>;
  /** Pages the site serves that were not taken (other locales' at a sync): routes links may reach, never read. */
  unsynced?: string[];
  /** Files the site serves as pages that are no documents (Jekyll `.html` pages with a `permalink`): routes links may reach. */
  served?: string[];
  /** The docs folder of the profile whose own route rules apply (Profile.dirRoutes: Nextra 4's `app`). */
  routesDir?: string;
  /** The navigation file read as data (GitBook's `structure.summary`), by path from the checked root: navigation, never a page. */
  navFile?: string;
  /**
   * The pages the navigation lists, where the profile publishes only those (Profile.navPublishes):
   * by path from the checked root, the first page included. Another page is not served.
   */
  listed?: ReadonlySet<string>;
  /** Pages of the folder the site does not publish (not listed: `listed`): a link to one is not judged, for the profile's reason. */
  unlisted?: string[];
  /** The site's address as its configuration declares it as data (Hugo's `baseURL`), when it is an http(s) URL. */
  baseUrl?: string;
}

/**
 * A destination the link render hook resolves from the link's text: the page under `base` named by
 * the text made a URL segment (Hugo's `urlize`), its singular, or what the hook's own table maps the
 * text to (`[page resource](g)` → `/quick-reference/glossary/page-resource/` on the Hugo docs).
 */
export interface HookTextLookup { base: string; aliases: Map<string, string> }

/**
 * The doc site a package's documents were written for (sync records the generator it detected), so
 * that links are resolved and anchors checked as that site serves them after any conversion.
 */
export interface SiteRecord {
  /** The generator whose rules apply: mdbook, vitepress, docusaurus, mkdocs, obsidian, foam, github. */
  generator: string;
  /** The folder below the document root that `/` of the site maps to ('' or ending in '/'). */
  root: string;
  /**
   * Files of the site (below the document root) that a format on the way could not hold — images in
   * an OCTX or ctxpkg package: a link to one is counted as not judged, never reported broken.
   */
  leftOut?: string[];
}

/**
 * The routes of a site that only its configuration knew (RouteRules.redirects and unknownRoutes),
 * as a synced tree's ID map records them, so the tree's own check judges those links as the
 * upstream check did: redirects whose target is a page, and URL prefixes not judged. A record
 * comes with the tree (a pull request may edit it): a prefix that is empty or climbs out is
 * refused, and the reason shown is ctxforge's own, never the record's text.
 */
export interface SiteRoutesRecord {
  redirects?: { from: string; to: string; file: boolean }[];
  unknown?: string[];
  /** RouteRules.unserved: pages held that the site writes at no URL of their own. */
  unserved?: string[];
  /** The page served at `/` whatever its name (RouteRules.firstPage), below the site's root. */
  first?: string;
  /** Pages of the upstream folder its site does not publish (SiteConfig.unlisted), below the root: links to them are not judged. */
  unlisted?: string[];
  /** The docs folder whose route rules the profile gives (SiteConfig.routesDir): only a name the profile knows applies. */
  dir?: string;
}

const RECORD_LIMIT = 10_000;
const recordPath = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 1000 && !v.startsWith('/') && !v.split('/').includes('..');

/** A recorded routes object, or undefined when it is none (anything else in it is dropped). */
export function routesRecordOf(v: unknown): SiteRoutesRecord | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const redirects = (Array.isArray(o.redirects) ? o.redirects.slice(0, RECORD_LIMIT) : []).flatMap((r) => {
    if (!r || typeof r !== 'object') return [];
    const x = r as Record<string, unknown>;
    return recordPath(x.from) && (recordPath(x.to) || (x.to === '' && x.file !== true)) && typeof x.file === 'boolean' ? [{ from: x.from, to: x.to as string, file: x.file }] : [];
  });
  const unknown = (Array.isArray(o.unknown) ? o.unknown.slice(0, RECORD_LIMIT) : []).filter(recordPath);
  const unserved = (Array.isArray(o.unserved) ? o.unserved.slice(0, RECORD_LIMIT) : []).filter(recordPath);
  const first = recordPath(o.first) && /\.(md|mdx|markdown)$/i.test(o.first) ? o.first : undefined;
  const dir = typeof o.dir === 'string' && /^[a-z][a-z/]{0,40}$/.test(o.dir) ? o.dir : undefined;
  const unlisted = (Array.isArray(o.unlisted) ? o.unlisted.slice(0, RECORD_LIMIT) : []).filter((p): p is string => recordPath(p) && /\.(md|mdx|markdown)$/i.test(p));
  return redirects.length || unknown.length || unserved.length || first !== undefined || unlisted.length || dir !== undefined
    ? { ...(redirects.length ? { redirects } : {}), ...(unknown.length ? { unknown } : {}), ...(unserved.length ? { unserved } : {}), ...(first !== undefined ? { first } : {}), ...(unlisted.length ? { unlisted } : {}), ...(dir !== undefined ? { dir } : {}) }
    : undefined;
}

/**
 * The routes record of a site's rules (what sync writes into the ID map), with file targets through
 * `rename`; `unlisted` the pages the site does not publish, by path below its root (the tree holds none of them).
 */
export function routesRecord(rules: RouteRules | undefined, rename: (file: string) => string | undefined, unlisted: readonly string[] = [], dir?: string): SiteRoutesRecord | undefined {
  if (!rules) return undefined;
  const redirects = (rules.redirects ?? []).flatMap((r) => { const to = r.file ? rename(r.to) : r.to; return to === undefined ? [] : [{ ...r, to }]; });
  const unserved = (rules.unserved ?? []).flatMap((f) => rename(f) ?? []);
  const first = rules.firstPage !== undefined ? rename(rules.firstPage) : undefined;
  return routesRecordOf({ redirects, unknown: (rules.unknownRoutes ?? []).map((u) => u.prefix), unserved, ...(first !== undefined ? { first } : {}), unlisted, ...(dir !== undefined ? { dir } : {}) });
}

/** The site with the routes a record names added to its rules. */
export function withRoutesRecord(site: SiteConfig, rec: SiteRoutesRecord | undefined): SiteConfig {
  if (!rec || !site.routes) return site;
  const reason = 'routes the upstream site\'s configuration makes (recorded by sync)';
  // A docs folder's own rules, only where the generator's profile names that folder.
  const own = rec.dir !== undefined ? site.profile?.dirRoutes?.[rec.dir] : undefined;
  return {
    ...site,
    ...(own ? { routesDir: rec.dir } : {}),
    routes: { ...site.routes, ...own, ...(rec.redirects ? { redirects: rec.redirects } : {}), ...(rec.unknown ? { unknownRoutes: rec.unknown.map((prefix) => ({ prefix, reason })) } : {}), ...(rec.unserved ? { unserved: rec.unserved } : {}), ...(rec.first !== undefined ? { firstPage: rec.first } : {}) },
    ...(rec.unlisted ? { unlisted: rec.unlisted.map((p) => site.root + p) } : {}),
  };
}

export function defaultSite(): SiteConfig {
  return { generator: 'github', marker: '', root: '', wiki: false, admonitions: false, vault: false, docIds: false, notRead: [], nav: new Map() };
}

const isDir = (abs: string) => { try { return lstatSync(abs).isDirectory(); } catch { return false; } };
const isFile = (abs: string) => { try { return lstatSync(abs).isFile(); } catch { return false; } };

/** `key = "value"` in one `[section]` of a TOML file (book.toml is read as data for `src` only). */
function tomlValue(text: string, section: string, key: string): string | undefined {
  let inSection = false;
  for (const l of text.split('\n')) {
    const s = /^\s*\[([^\]]+)\]\s*$/.exec(l);
    if (s) { inSection = s[1]!.trim() === section; continue; }
    if (!inSection) continue;
    const m = new RegExp(`^\\s*${key}\\s*=\\s*["']([^"'\\n]*)["']`).exec(l);
    if (m) return m[1];
  }
  return undefined;
}

async function yamlData(text: string): Promise<Record<string, unknown> | undefined> {
  const YAML = await import('yaml');
  try {
    // mkdocs.yml uses Python tags (!!python/name:…, !ENV): as data they are plain scalars here.
    const v = YAML.parse(text, { logLevel: 'silent', uniqueKeys: false, maxAliasCount: 100, customTags: [] });
    return v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : undefined;
  } catch { return undefined; }
}

function mkdocsNav(nav: unknown, out: Map<string, { title?: string; order: number }>): void {
  const walk = (v: unknown, title?: string) => {
    if (typeof v === 'string') { if (/\.(md|markdown)$/i.test(v) && !out.has(v)) out.set(v.replace(/^\.\//, ''), { title, order: out.size }); return; }
    if (Array.isArray(v)) { for (const x of v) walk(x); return; }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, typeof x === 'string' ? k : undefined);
  };
  walk(nav);
}

/**
 * The generator of the docs folder `dir` on disk. Markers are looked for in the folder itself and,
 * when the folder is a generator's docs folder (mdBook's `src`, MkDocs' `docs_dir`, Docusaurus'
 * `docs`), in the folder above it.
 */
export async function detectSite(dir: string): Promise<SiteConfig> {
  const site = defaultSite();
  const parent = dirname(dir);
  const name = basename(dir);
  const here = (f: string) => join(dir, f);
  const up = (f: string) => join(parent, f);
  const configs = (base: (f: string) => string, stem: string) => ['js', 'ts', 'mjs', 'cjs', 'mts'].map((e) => `${stem}.${e}`).filter((f) => isFile(base(f)));

  const book = readPlain(here('book.toml')) ?? undefined;
  const bookUp = book === undefined ? readPlain(up('book.toml')) : undefined;
  if (book !== undefined || (bookUp !== undefined && (tomlValue(bookUp, 'book', 'src') ?? 'src') === name)) {
    site.generator = 'mdbook'; site.marker = 'book.toml'; site.wiki = false;
    const src = book !== undefined ? (tomlValue(book, 'book', 'src') ?? 'src').replace(/^\.\/|\/+$/g, '') : '';
    site.root = src ? `${src}/` : '';
    const summary = readPlain(join(dir, site.root, 'SUMMARY.md'));
    if (summary !== undefined) {
      const nav = new Map<string, { title?: string; order: number }>();
      summaryNav(summary, nav);
      for (const [p, v] of nav) site.nav.set(site.root + p, v);
    }
    return site;
  }
  if (isDir(here('.vitepress'))) {
    site.generator = 'vitepress'; site.marker = '.vitepress/'; site.wiki = false;
    // VitePress reads .vitepress/config/index.* before .vitepress/config.* (both code, never run).
    site.notRead = ['config/index.js', 'config/index.ts', 'config/index.mjs', 'config/index.mts', 'config', 'config.js', 'config.ts', 'config.mjs', 'config.mts'].map((f) => `.vitepress/${f}`).filter((f) => isFile(here(f)));
    return site;
  }
  // Docusaurus: its configuration files, the way from this folder to the site's, and the marker as named.
  const docusaurus = (found: string[], base: (f: string) => string, prefix: string, marker: string): SiteConfig => {
    site.generator = 'docusaurus'; site.marker = marker; site.wiki = false; site.docIds = true; site.routeBase = 'docs';
    site.notRead = [...found, ...configs(base, 'sidebars')].map((f) => prefix + f);
    return site;
  };
  const docusaurusHere = configs(here, 'docusaurus.config');
  if (docusaurusHere.length) {
    site.root = isDir(here('docs')) ? 'docs/' : '';
    return docusaurus(docusaurusHere, here, '', docusaurusHere[0]!);
  }
  const docusaurusUp = name === 'docs' ? configs(up, 'docusaurus.config') : [];
  if (docusaurusUp.length) {
    site.siteDocs = 'docs/';
    return docusaurus(docusaurusUp, up, '../', docusaurusUp[0]!);
  }
  // A version of the docs (versioned_docs/version-1.0, what `docs:version` wrote): served under
  // /docs/1.0/, or /docs/ for the latest version — the first of versions.json, read as data (a
  // `lastVersion` in the configuration, which is code, is not seen).
  const version = /^version-(.+)$/.exec(name)?.[1];
  const siteDir = (f: string) => join(dirname(parent), f);
  const docusaurusVersion = version !== undefined && basename(parent) === 'versioned_docs' ? configs(siteDir, 'docusaurus.config') : [];
  if (docusaurusVersion.length) {
    docusaurus(docusaurusVersion, siteDir, '../../', `../../${docusaurusVersion[0]}`);
    site.siteDocs = `versioned_docs/${name}/`;
    const versions = readPlain(siteDir('versions.json'));
    let latest: unknown;
    try { latest = versions === undefined ? undefined : (JSON.parse(versions) as unknown[])?.[0]; } catch { latest = undefined; }
    if (latest !== version) site.routeBase = `docs/${version}`;
    return site;
  }
  const mk = readPlain(here('mkdocs.yml')) ?? readPlain(here('mkdocs.yaml'));
  const mkUp = mk === undefined ? readPlain(up('mkdocs.yml')) ?? readPlain(up('mkdocs.yaml')) : undefined;
  const mkText = mk ?? mkUp;
  if (mkText !== undefined) {
    const data = await yamlData(mkText) ?? {};
    const docsDir = (typeof data.docs_dir === 'string' ? data.docs_dir : 'docs').replace(/^\.\/|\/+$/g, '');
    if (mk !== undefined || docsDir === name) {
      site.generator = 'mkdocs'; site.marker = mk !== undefined ? 'mkdocs.yml' : '../mkdocs.yml'; site.admonitions = true;
      // use_directory_urls: false writes `a/b.md` at `/a/b.html`.
      site.routes = data.use_directory_urls === false ? { ...MKDOCS_ROUTES, pretty: false, html: true } : MKDOCS_ROUTES;
      site.root = mk !== undefined ? `${docsDir}/` : '';
      const exts = JSON.stringify([data.markdown_extensions ?? [], data.plugins ?? []]);
      site.wiki = /wikilinks|roamlinks|ezlinks|autolinks/.test(exts);
      const nav = new Map<string, { title?: string; order: number }>();
      mkdocsNav(data.nav, nav);
      for (const [p, v] of nav) site.nav.set(site.root + p, v);
      const locales = mkdocsLocales(data.plugins, site.marker);
      if (locales) site.locales = locales;
      return site;
    }
  }
  if (isDir(here('.obsidian'))) { site.generator = 'obsidian'; site.marker = '.obsidian/'; site.vault = true; site.wiki = true; return site; }
  if (isDir(here('.foam')) || isFile(here('.vscode/foam.json'))) { site.generator = 'foam'; site.marker = isDir(here('.foam')) ? '.foam/' : '.vscode/foam.json'; site.vault = true; site.wiki = true; return site; }
  return detectByProfile(dir) ?? site;
}

/**
 * The folders markers are looked for in: the docs folder and its ancestors up to the repository
 * root (the nearest one holding `.git`), never beyond it and never through a symbolic link; without
 * a repository, the folder and its parent only.
 */
export function markerFolders(dir: string): string[] {
  const chain: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try { if (lstatSync(d).isSymbolicLink()) break; } catch { break; }
    chain.push(d);
    try { lstatSync(join(d, '.git')); return chain; } catch { /* not the repository root */ }
    if (dirname(d) === d) break;
  }
  return chain.slice(0, 2);
}

const posix = (p: string) => p.split(sep).join('/');

/**
 * Does the site at `siteDir` (or a theme or module it holds) have a render hook of this name in
 * a `_markup/` folder of its layouts? A bounded walk of layouts/, themes/ and _vendor/, no links followed.
 */
function findHook(siteDir: string, name: string): string | undefined {
  let budget = 20000;
  const walk = (d: string, depth: number): string | undefined => {
    if (depth > 10 || budget <= 0) return undefined;
    let names: string[];
    try { names = readdirSync(d).sort(); } catch { return undefined; }
    for (const n of names) {
      if (--budget <= 0) return undefined;
      const abs = join(d, n);
      let st;
      try { st = lstatSync(abs); } catch { continue; }
      if (st.isDirectory()) { const f = walk(abs, depth + 1); if (f) return f; } else if (st.isFile() && n === name && basename(d) === '_markup') return abs;
    }
    return undefined;
  };
  // The site's own layouts win over a theme's or a module's.
  for (const f of ['layouts', 'themes', '_vendor']) { const hit = isDir(join(siteDir, f)) ? walk(join(siteDir, f), 0) : undefined; if (hit) return hit; }
  return undefined;
}

/** Destinations a render hook template compares literally (`eq $u.String "g"`, `eq .Destination "x"`): read as text, never run. */
/**
 * The hook's page lookups by link text, read as data from the template (never run): a constant path
 * (`$p := "/quick-reference/glossary"`) joined with the text made a URL segment
 * (`site.GetPage (urls.JoinPath $p ($t | urlize))`), and the hook's string tables (`dict "a" "b"`).
 * Tied to a literal destination only when the hook has exactly one literal and one such lookup:
 * anything less certain stays not judged.
 */
export function hookTextLookups(text: string, literals: Set<string>): Map<string, HookTextLookup> {
  const out = new Map<string, HookTextLookup>();
  const bases = new Set<string>();
  for (const m of text.matchAll(/site\.GetPage\s*\(\s*(?:urls\.JoinPath|path\.Join)\s+\$(\w{1,60})\s+\([^()\n]{0,200}\|\s*urlize\s*\)/g)) {
    const def = new RegExp(`\\$${m[1]}\\s*:=\\s*"(/[^"\\n]{1,200})"`).exec(text);
    if (def) bases.add(def[1]!.replace(/\/+$/, ''));
  }
  if (literals.size !== 1 || bases.size !== 1) return out;
  const aliases = new Map<string, string>();
  for (const m of text.matchAll(/\bdict((?:\s+"[^"\n]{0,100}"\s+"[^"\n]{0,100}"){1,200})/g)) {
    for (const p of m[1]!.matchAll(/"([^"\n]{0,100})"\s+"([^"\n]{0,100})"/g)) aliases.set(p[1]!, p[2]!);
  }
  out.set([...literals][0]!, { base: [...bases][0]!, aliases });
  return out;
}

function hookLiterals(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/\beq\s+\$?[\w.]{0,60}(?:Destination|String|Path)\s+"([^"\n]{1,100})"/g)) out.add(m[1]!);
  return out;
}

/** The site a profile's marker makes of `dir`, when one stands in `dir` or an ancestor and covers it. */
function detectByProfile(dir: string): SiteConfig | undefined {
  const folders = markerFolders(dir);
  for (const p of ANCESTOR_PROFILES) {
    for (const a of folders) {
      const rel = posix(relative(a, dir));
      for (const m of p.markers) {
        const file = join(a, m.path);
        if (!isFile(file)) continue;
        if (m.contains) { const t = readPlain(file); if (t === undefined || !m.contains.test(t)) continue; }
        // Hugo's content may be mounted from another folder (hugoDocs: content/en), or named by contentDir.
        const named = m.docsDirFrom ? m.docsDirFrom.exec(readPlain(file) ?? '')?.groups?.dir : p.name === 'hugo' ? hugoContentDir(file) : undefined;
        const docsDirs = named !== undefined ? [named.replace(/^(?:\.?\/)+|\/+$/g, '').replace(/^\.$/, '')].filter((d) => !d.split('/').includes('..')) : m.docsDirs;
        for (const d of docsDirs) {
          let root: string; let routeBase: string; let langDir: string | undefined;
          if (d === '') { root = ''; routeBase = rel; }
          else if (rel === d) { root = ''; routeBase = ''; }
          else if (rel.startsWith(`${d}/`)) {
            // content/en (one language's content folder) serves `/`; anything deeper is a section below it.
            const below = rel.slice(d.length + 1);
            const [first, ...rest] = below.split('/');
            if (p.routes.localeFolders && /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i.test(first!)) { routeBase = rest.join('/'); langDir = first; } else routeBase = below;
            root = '';
          } else if (rel === '' && isDir(join(dir, d))) { root = `${d}/`; routeBase = ''; }
          else continue;
          const marker = rel === '' ? m.path : `${rel.split('/').map(() => '..').join('/')}/${m.path}`;
          const site = siteFor(p.name, root);
          site.marker = marker;
          // The docs folder's own URL rules (Nextra 4's `app/`: Next.js' App Router).
          const own = p.dirRoutes?.[d];
          if (own) { site.routes = { ...site.routes!, ...own }; site.routesDir = d; }
          if (routeBase) site.routeBase = routeBase;
          if (m.code) site.notRead = [marker];
          // Jekyll's collections and permalink defaults are data in _config.yml.
          if (p.name === 'jekyll') site.routes = jekyllRoutes(readPlain(file) ?? '', p.routes);
          const baseUrl = p.name === 'hugo' ? hugoBaseUrl(file) : undefined;
          if (baseUrl) site.baseUrl = baseUrl;
          const locales = p.name === 'hugo' ? hugoLocales(file, dir) : undefined;
          if (locales) {
            site.locales = locales;
            // Hugo serves a language other than the default under its name (`content/fr` at /fr/), the default at `/`.
            const prefix = (l: string) => (l.toLowerCase() === (locales.default ?? 'en').toLowerCase() && !locales.inSubdir ? '' : `${l.toLowerCase()}/`);
            if (langDir && locales.locales.some((l) => l.toLowerCase() === langDir!.toLowerCase()) && prefix(langDir)) site.routeBase = (prefix(langDir) + routeBase).replace(/\/+$/, '');
            if (locales.folders.size) site.routes = { ...site.routes!, localeDirs: [...locales.folders].map(([l, f]) => ({ folder: root + f, url: prefix(l) })) };
            const known = locales.locales.map((l) => l.toLowerCase());
            const unprefixed = known.find((l) => prefix(l) === '');
            if (known.length) site.routes = { ...site.routes!, suffixLocales: { known, ...(unprefixed ? { unprefixed } : {}) } };
          }
          if (p.xrefsElsewhere && p.xrefsElsewhere.mention.test(readPlain(file) ?? '')) site.xrefsElsewhere = p.xrefsElsewhere.reason;
          profileData(p, site, file, a, join(a, d));
          if (p.name === 'sphinx') {
            const mods = objectModules(sphinxConf(readPlain(file) ?? ''));
            if (mods.size) site.objectsElsewhere = mods;
          }
          const hook = p.rootFallbackHook ? findHook(a, p.rootFallbackHook) : undefined;
          if (hook) {
            site.rootFallback = true;
            const t = readPlain(hook) ?? '';
            const names = hookLiterals(t);
            const byText = hookTextLookups(t, names);
            if (names.size) site.hookDestinations = { file: posix(relative(a, hook)), names, ...(byText.size ? { byText } : {}) };
          }
          return site;
        }
      }
    }
  }
  return undefined;
}

/**
 * What the marker of a profile says as data (profile-config.ts): navigation, redirects and routes
 * not judged, put into the site; the marker's code is read as text for literals only, never run.
 * @param siteDir the folder `/` of the site is (the marker's docs folder)
 */
function profileData(p: Profile, site: SiteConfig, file: string, markerDir: string, siteDir: string): void {
  const text = readPlain(file) ?? '';
  const data = p.navFormat === 'summary' && p.name === 'gitbook' ? gitbookData(text, siteDir)
    : p.navFormat === 'mintlify' ? mintlifyData(text, file, markerDir) : undefined;
  const unknown = [...(data?.unknownRoutes ?? []), ...(p.routeSources ? codeRouteSources(text, p.routeSources.pattern, p.routeSources.reason) : [])];
  if (data?.redirects.length || unknown.length) site.routes = { ...site.routes!, ...(data?.redirects.length ? { redirects: data.redirects } : {}), ...(unknown.length ? { unknownRoutes: unknown } : {}) };
  // Only when the synced folder is the site's `/` do the navigation's paths name its files.
  if (data && !site.routeBase) {
    for (const [path, v] of data.nav) site.nav.set(site.root + path, v);
    if (data.navFile !== undefined) site.navFile = site.root + data.navFile;
    if (data.first !== undefined) site.routes = { ...site.routes!, firstPage: data.first };
    // A table of contents that lists pages is the list of pages the site publishes (GitBook); without one, every page is.
    if (p.navPublishes && data.navFile !== undefined && data.nav.size) site.listed = new Set([...[...data.nav.keys()].map((k) => site.root + k), site.root + (data.first ?? 'README.md')]);
  }
  // Nextra 4 serves the content directory under `contentDirBasePath` when next.config names one as a literal.
  const base = p.name === 'nextra' ? /\bcontentDirBasePath\s*:\s*(["'])\/([^"'\n]{0,200})\1/.exec(text)?.[2]?.replace(/\/+$/, '') : undefined;
  if (base) site.routeBase = site.routeBase ? `${base}/${site.routeBase}` : base;
}

/** Docusaurus `_category_.json` / `_category_.yml` of a folder: its label and position, as data. */
export async function docusaurusCategory(text: string, json: boolean): Promise<{ label?: string; position?: number } | undefined> {
  let v: unknown;
  if (json) { try { v = JSON.parse(text); } catch { return undefined; } } else v = await yamlData(text);
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  return { ...(typeof o.label === 'string' ? { label: o.label } : {}), ...(typeof o.position === 'number' ? { position: o.position } : {}) };
}

/**
 * The site of a docs folder: detected from its markers, or the generator named explicitly (`sync
 * --site`) — with what detection read when it found that same generator, else that generator's rules
 * with `/` at the folder (marker `--site`).
 */
export async function siteOf(dir: string, named?: Generator): Promise<SiteConfig> {
  const found = await detectSite(dir);
  if (!named || found.generator === named) return found;
  const s = siteFor(named, '');
  s.marker = '--site';
  return s;
}

/** The site rules of a generator named by a record (a synced tree's .ctxforge-sync.json), with `/` at `root`. */
export function siteFor(generator: Generator, root: string): SiteConfig {
  const s = defaultSite();
  s.generator = generator;
  s.root = root === '' || root.endsWith('/') ? root : `${root}/`;
  s.wiki = generator === 'obsidian' || generator === 'foam';
  s.vault = generator === 'obsidian' || generator === 'foam';
  s.admonitions = generator === 'mkdocs';
  // A synced tree holds the docs folder alone.
  if (generator === 'docusaurus') { s.routeBase = 'docs'; s.siteDocs = 'docs/'; }
  const routes = routeRules(generator);
  if (routes) s.routes = routes;
  const profile = (PROFILES as Record<string, Profile | undefined>)[generator];
  if (profile) { s.profile = profile; s.wiki = profile.wiki; s.vault = profile.vault; }
  return s;
}

/**
 * The site rules a record names (a package's `x-ctxforge` site, a synced tree's ID map): GitHub's
 * when it names none or a generator ctxforge does not know, and `/` at the document root when its
 * folder would climb out.
 */
export function siteRules(record: { generator: string; root: string } | undefined): SiteConfig {
  const g = record && GENERATORS.includes(record.generator as Generator) ? record.generator as Generator : 'github';
  const root = record && !record.root.split('/').includes('..') && !record.root.startsWith('/') ? record.root : '';
  return siteFor(g, root);
}
