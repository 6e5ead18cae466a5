// A site generator as data: the marker files that tell it, the rules by which it maps a source
// file to the URLs it serves, the frontmatter keys that move a page, its locales, its navigation
// files and the configuration that is code (never executed, named instead). A new generator is a
// new entry here, not a new code path: the route table (routes.ts) and detection
// (generators.ts) read nothing else.
import type { Generator } from './slugs.js';
import type { Collection, PermalinkDefault } from './jekyll-config.js';

export interface RouteRules {
  /** A page `a/b.md` is served at `/a/b/` (and `/a/b`): pretty URLs. */
  pretty: boolean;
  /** A page is also served at `/a/b.html`. */
  html: boolean;
  /** Stems of pages that serve their folder (`index`, `_index`, `README`), compared case-insensitively. */
  index: string[];
  /** The generator lowercases every URL it writes, so links match whatever their case (Hugo). */
  caseFold: boolean;
  /** Frontmatter that moves a page: `replace` keys set the whole path, `last` keys its last segment, `extra` keys add URLs. */
  frontmatter: { replace: string[]; last: string[]; extra: string[] };
  /** Locales live in top-level folders (`fr/`, `pt-br/`) below `/` (Starlight's, Hugo's `contentDir` per language). */
  localeFolders: boolean;
  /**
   * A page missing from a locale is served from the default locale's (Starlight): a link to it
   * resolves. Hugo 0.111 writes nothing there (checked by building a site with it), so not Hugo.
   */
  localeFallback: boolean;
  /**
   * Folders below `/` that hold one language's pages (Hugo's `contentDir` inside the docs folder),
   * each with the URL prefix its pages are served under ('' for the default language, else `fr/`).
   * Set from the configuration at detection (generators.ts), never by the profile itself.
   */
  localeDirs?: { folder: string; url: string }[];
  /** Hugo: `page.fr.md` is the French translation of `page.md`, served under `/fr/`. */
  localeSuffix: boolean;
  /**
   * The languages the configuration declares (lowercase), set at detection: only their suffixes
   * are languages (hugo 0.111 writes an undeclared `page.de.md` at `/page.de/`), and `unprefixed`,
   * the default language unless it is served in a subfolder, is served at `/` (`about.en.md` at `/about/`).
   */
  suffixLocales?: { known: string[]; unprefixed?: string };
  /** Every top-level folder below `/` is served as a generated list page (Hugo's sections). */
  autoSections?: boolean;
  /**
   * Dated posts (Jekyll): a file `YYYY-MM-DD-title.md` in a `folder` (`_posts`) is served at `url`,
   * where `:categories` are the folders above it and the `categoryKeys` of its frontmatter.
   */
  dated?: { folder: string; url: string; categoryKeys: string[] };
  /** Files below a folder whose name starts with this are not served (Jekyll's `_layouts`, `_drafts`), the dated folder aside. */
  hiddenPrefix?: string;
  /** Jekyll collections the site's _config.yml declares (jekyll-config.ts): their documents' routes. */
  collections?: Collection[];
  /** Jekyll `defaults:` that set a permalink for a scope. */
  permalinkDefaults?: PermalinkDefault[];
  /** Frontmatter a URL pattern reads besides the keys above (Jekyll's `slug` for `:title`). */
  patternKeys?: string[];
}

export interface Marker {
  /** A path relative to the folder it is looked for in: a file, or a folder when it ends in `/`. */
  path: string;
  /** The marker's folder holds the docs in one of these subfolders (`content`, `src/content/docs`); '' for the folder itself. */
  docsDirs: string[];
  /** The marker file must contain this (Docsify's `index.html` names `$docsify` or loads docsify). */
  contains?: RegExp;
  /** The marker is code: named as not read (SYNC_NAV_NOT_READ). */
  code?: boolean;
}

export interface Profile {
  name: Generator;
  markers: Marker[];
  routes: RouteRules;
  /** `[[wiki links]]` are links (vaults). */
  wiki: boolean;
  vault: boolean;
  /** Files that are the site's navigation, not pages: they give titles and order. */
  navFiles: string[];
  /**
   * Configuration of the site that is code and may make routes the profile cannot see (Docsify's
   * `alias` in `window.$docsify`): an unresolved root path there is not judged, with this reason.
   */
  routesFromCode?: string;
  /** Root paths to files of these kinds are served from a folder beside the docs (Hugo's `static/`). */
  staticBeside?: string;
  /** A bare target (no extension, no anchor) that is no page or label may still be resolved by the generator: why. */
  unresolvedBare?: string;
  /**
   * A `#target` of the page itself that is no heading or label, but may be resolved by what the
   * profile cannot see (Sphinx's domains and intersphinx for `#pkg.Class`, `#other/label`): why, or undefined to judge it.
   */
  unresolvedTarget?: (target: string) => string | undefined;
  /**
   * A render hook file that, where the site or its theme has one, resolves relative link paths
   * from the content root as well as from the page (Hugo's link render hooks call GetPage).
   */
  rootFallbackHook?: string;
  /**
   * Cross-references the site may resolve elsewhere when its configuration (code, read as text,
   * never run) names this: `{ref}` labels no page defines are then not judged, for this reason.
   */
  xrefsElsewhere?: { mention: RegExp; reason: string };
  /**
   * A destination that starts with this names a source file from the content root, whatever page
   * links it (Zola's `@/blog/post.md#anchor`): resolved as that file, never as a URL.
   */
  filePrefix?: string;
}

const NONE = { replace: [], last: [], extra: [] };
const PLAIN: RouteRules = { pretty: false, html: false, index: ['index', 'README'], caseFold: false, frontmatter: NONE, localeFolders: false, localeFallback: false, localeSuffix: false };

export const PROFILES: Record<'hugo' | 'jekyll' | 'starlight' | 'docsify' | 'sphinx' | 'zola', Profile> = {
  hugo: {
    name: 'hugo',
    markers: ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config/_default/hugo.toml', 'config/_default/config.toml'].map((path) => ({ path, docsDirs: ['content'] })),
    routes: { pretty: true, html: false, index: ['_index', 'index'], caseFold: true, frontmatter: { replace: ['url'], last: ['slug'], extra: ['aliases'] }, localeFolders: true, localeFallback: false, localeSuffix: true, autoSections: true },
    wiki: false, vault: false, navFiles: [], staticBeside: 'static/', rootFallbackHook: 'render-link.html',
  },
  jekyll: {
    name: 'jekyll',
    markers: [{ path: '_config.yml', docsDirs: [''] }, { path: '_config.yaml', docsDirs: [''] }],
    routes: { ...PLAIN, html: true, index: ['index', 'README'], frontmatter: { replace: ['permalink'], last: [], extra: ['redirect_from'] }, dated: { folder: '_posts', url: ':categories/:year/:month/:day/:title.html', categoryKeys: ['categories', 'category'] }, hiddenPrefix: '_', patternKeys: ['slug'] },
    wiki: false, vault: false, navFiles: [],
  },
  starlight: {
    name: 'starlight',
    markers: ['astro.config.mjs', 'astro.config.ts', 'astro.config.js', 'astro.config.mts'].map((path) => ({ path, docsDirs: ['src/content/docs'], code: true })),
    routes: { pretty: true, html: false, index: ['index'], caseFold: true, frontmatter: { replace: ['slug'], last: [], extra: [] }, localeFolders: true, localeFallback: true, localeSuffix: false },
    wiki: false, vault: false, navFiles: [],
  },
  docsify: {
    name: 'docsify',
    markers: [{ path: 'index.html', docsDirs: [''], contains: /\$docsify|docsify(?:@\d[^"']*)?(?:\/lib)?\/docsify(?:\.min)?\.js/, code: true }],
    routes: { ...PLAIN, pretty: false, index: ['README'] },
    wiki: false, vault: false, navFiles: ['_sidebar.md', '_navbar.md', '_coverpage.md'],
    routesFromCode: 'index.html (window.$docsify alias routes are code)',
  },
  // Zola: `config.toml` (with Zola's required `base_url`, which Hugo spells `baseURL`) beside
  // `content/`; `a/b.md` at `/a/b/`, `_index.md` a section, `index.md` a page bundle's page; paths
  // slugified (lowercase); `path` and `slug` move a page, `aliases` add URLs; `page.fr.md` a
  // translation; `@/a/b.md` an internal link by file.
  zola: {
    name: 'zola',
    markers: [{ path: 'config.toml', docsDirs: ['content'], contains: /^[ \t]*base_url[ \t]*=/m }],
    routes: { pretty: true, html: false, index: ['_index', 'index'], caseFold: true, frontmatter: { replace: ['path'], last: ['slug'], extra: ['aliases'] }, localeFolders: false, localeFallback: false, localeSuffix: true },
    wiki: false, vault: false, navFiles: [], staticBeside: 'static/', filePrefix: '@/',
  },
  sphinx: {
    name: 'sphinx',
    markers: [{ path: 'conf.py', docsDirs: [''], code: true }],
    routes: { ...PLAIN, html: true, index: ['index'] },
    wiki: false, vault: false, navFiles: [],
    unresolvedBare: 'references Sphinx resolves through intersphinx inventories or extensions (conf.py is code)',
    unresolvedTarget: (t) => (/[./]/.test(t) ? 'references Sphinx resolves through intersphinx inventories or extensions (conf.py is code)' : undefined),
    xrefsElsewhere: { mention: /intersphinx/, reason: 'labels of other projects (conf.py names intersphinx)' },
  },
};

/** The profiles detection tries, after the generators whose markers sit beside their docs (generators.ts). */
export const ANCESTOR_PROFILES: readonly Profile[] = [PROFILES.zola, PROFILES.hugo, PROFILES.starlight, PROFILES.docsify, PROFILES.sphinx, PROFILES.jekyll];

/**
 * The URLs of generators whose links resolve by file (site.ts), for what needs a page's URL rather
 * than its file (the build comparison of test/interop/sites): MkDocs' `use_directory_urls` (its default).
 */
const FILE_SITE_URLS: Partial<Record<Generator, RouteRules>> = { mkdocs: { ...PLAIN, pretty: true } };

/** The URL rules of a generator: its profile's, else those above. */
export function routeRules(g: Generator): RouteRules | undefined {
  return (PROFILES as Record<string, Profile>)[g]?.routes ?? FILE_SITE_URLS[g];
}
