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
  /** The page's source file is itself what the site serves (Docsify's browser fetches `x.md`): llms.txt links it. */
  sourceServed?: boolean;
  /**
   * Other files the generator renders as pages, besides Markdown (Eleventy's Nunjucks, Liquid,
   * HTML, WebC and 11ty.js templates): served at the same routes, their frontmatter read for the
   * URL; never documents.
   */
  templateExt?: RegExp;
  /** Frontmatter keys whose value `false` means the page is not written at all (Eleventy's `permalink: false`). */
  unwritten?: string[];
  /**
   * A folder's page is served without a trailing slash (`/guide`, Next.js' `trailingSlash: false`):
   * a reader's browser resolves its relative links from the folder above, as for any other page.
   */
  noTrailingSlash?: boolean;
  /** A page named as its folder (`a/b/b.md`) serves that folder, as an index page does (Eleventy). */
  folderNamesake?: boolean;
  /**
   * A URL set outright (`permalink`) that does not end in `/` is written as a file of exactly that
   * name (Eleventy's `permalink: /resource` is `_site/resource`): served at that path only, never
   * at `/resource/`, and its relative links resolve from its folder.
   */
  permalinkFiles?: boolean;
  /**
   * A relative link that names no file resolves against its page's URL only, never from the page's
   * folder as a URL path (MkDocs rewrites a link to a file it holds and leaves the rest as written:
   * `[x](b)` in `a.md` is `/a/b/`, whatever `b.md` beside it).
   */
  pageRelative?: boolean;
  /**
   * Only the files named as an index page (`page.mdx`, `route.ts`) are pages, each serving its
   * folder; any other Markdown file is not served (Next.js App Router: colocated files are not routes).
   */
  onlyIndex?: boolean;
  /** Folders left out of the URL of the pages below them (Next.js route groups `(group)` and parallel-route slots `@slot`). */
  groupSegment?: RegExp;
  /**
   * Folders whose name is a parameter (Next.js dynamic segments `[slug]`, `[...slug]`, `[[...slug]]`):
   * the routes below their parent's URL are made at build time and not known — not judged.
   */
  dynamicSegment?: RegExp;
  /**
   * Every page is written as a folder's index (`x/index.html`, at `/x/` only — `/x.html` is not
   * served): Jekyll's site-wide `permalink: pretty`, or a pattern ending in `/`. Unlike `pretty`,
   * `.html` URLs stay files. Set from _config.yml at detection (jekyll-config.ts).
   */
  folderUrls?: boolean;
  /** Folders below `/` (ending in '/') whose files are never pages: include-only snippets, layouts, data (Mintlify's `snippets/`, Eleventy's `_includes/`, `_data/`). */
  notPages?: string[];
  /**
   * A root link stays in the linking page's locale (Next.js i18n, Nextra 2's `page.en-US.mdx`:
   * `/about` written in a `zh-CN` page is `/zh-CN/about`), and locale suffixes keep their case.
   */
  localeRelative?: boolean;
  /**
   * URLs the configuration maps to another page, read as data at detection (GitBook's `redirects:`
   * in .gitbook.yaml, from a URL path to a file; Mintlify's `redirects` in docs.json, URL to URL).
   */
  redirects?: { from: string; to: string; file: boolean }[];
  /**
   * URL prefixes under which the site may serve routes the profile cannot see, each with why: a
   * wildcard redirect (`/beta/:slug*`), a redirect source in configuration that is code. Set at
   * detection; an unresolved link below one is not judged, never broken.
   */
  unknownRoutes?: { prefix: string; reason: string }[];
  /**
   * Pages (from `/`) the site holds but writes at no URL of their own: Hugo's headless pages that
   * its section lists (`build: {render: never, list: local}`, the Hugo docs' glossary terms), whose
   * text readers see through the section's page. Set at sync from the pages' build options; a URL
   * naming one is served by nothing, the file itself is a page to link.
   */
  unserved?: string[];
  /**
   * The page the configuration names as the site's first page, served at `/` whatever its name
   * (GitBook's `structure.readme` in .gitbook.yaml, relative to `/`). Set at detection.
   */
  firstPage?: string;
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
  /**
   * A literal in the marker's text (the `dir` group) names the docs folder, in place of `docsDirs` when present
   * (GitBook's `root: ./docs/` in .gitbook.yaml; Eleventy's `dir: { input: "src" }`, read as text, never run).
   */
  docsDirFrom?: RegExp;
}

export interface Profile {
  name: Generator;
  markers: Marker[];
  routes: RouteRules;
  /**
   * Route rules of one of the marker's docs folders that differ from `routes` (Nextra 4's `app/`
   * folder is Next.js' App Router: `page.mdx` files, route groups, dynamic segments), by docs folder.
   */
  dirRoutes?: Record<string, Partial<RouteRules>>;
  /**
   * Components that write an anchor into the page (Mintlify's `<Accordion>`, `<Tab>`, `<Step>`,
   * `<Update>`): each attribute of `id` is the anchor as written, each of `text` gives one by the
   * generator's heading rule (an Accordion's `title`, an Update's `label`).
   */
  componentAnchors?: {
    tags: string[]; id: string[]; text: string[];
    /**
     * Components whose anchors the generator does not document (Mintlify's `<ParamField>`,
     * `<ResponseField>`): an anchor their `text` attributes would give by the heading rule is not
     * judged, for `reason`, never reported missing — nor taken as present.
     */
    maybe?: { tags: string[]; text: string[]; reason: string };
  };
  /** `[[wiki links]]` are links (vaults). */
  wiki: boolean;
  vault: boolean;
  /** Files that are the site's navigation, not pages: they give titles and order (a name, or a pattern of names: Nextra's `_meta.en-US.json`). */
  navFiles: (string | RegExp)[];
  /**
   * How the navigation files are read (nav-files.ts): `summary` a SUMMARY.md at `/` (GitBook),
   * `mintlify` the `navigation` of the JSON marker, `nextra-meta` one `_meta` file per folder.
   */
  navFormat?: 'summary' | 'mintlify' | 'nextra-meta';
  /**
   * The navigation file, when there is one, lists every page the site publishes (GitBook's Git
   * Sync imports only the pages SUMMARY.md lists): a page it does not list is not served, never a
   * document — and where a link to one leads is not documented, so such a link is not judged, for
   * this reason.
   */
  navPublishes?: string;
  /** Dot folders below `/` that hold the site's own files, read like any other (GitBook's `.gitbook/assets/`, `.gitbook/includes/`); every other dot folder is skipped. */
  dotFolders?: string[];
  /**
   * Redirect sources written as literals in a code marker (Next.js `source: '/old/:path*'` in
   * next.config.*, read as text, never run): routes the site serves that no page makes — an
   * unresolved link below one's literal prefix is not judged, for this reason.
   */
  routeSources?: { pattern: RegExp; reason: string };
  /**
   * Data files beside the pages that, where their text mentions `mention`, may set the routes of
   * their pages in a way the profile cannot follow (Eleventy's `*.11tydata.js` computing a
   * `permalink`, code read as text and never run; `blog/blog.json` naming a templated one): a
   * directory data file (`docs/docs.11tydata.js`, `blog/blog.json`) its folder's routes, a template
   * data file (`docs/page.11tydata.js`) its page's — an unresolved link below those URLs is not judged.
   */
  codeData?: { file: RegExp; mention: RegExp; reason: string };
  /**
   * Configuration of the site that is code and may make routes the profile cannot see (Docsify's
   * `alias` in `window.$docsify`): an unresolved root path there is not judged, with this reason.
   */
  routesFromCode?: string;
  /** Root paths to files of these kinds are served from a folder beside the docs (Hugo's `static/`). */
  staticBeside?: string;
  /**
   * Files that are no pages may be copied to any URL by configuration that is code (Eleventy's
   * `addPassthroughCopy`): a root path to a missing file with an extension is not judged, for this reason.
   */
  filesFromCode?: string;
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
/**
 * Next.js' App Router, as Nextra 4 serves its `app/` folder (nextjs.org: "Project Organization",
 * "Route Groups", "Dynamic Routes"; Nextra: "page.mdx File"): `a/b/page.mdx` serves `/a/b` and
 * `page.tsx`/`route.ts` (code, never documents) their folder too; no other file is a route; `_folder`
 * is private (not routed), `(group)` and `@slot` folders are left out of the URL, `[param]` folders
 * make routes not known.
 */
const APP_ROUTER: Partial<RouteRules> = {
  index: ['page', 'route'], onlyIndex: true, hiddenPrefix: '_', templateExt: /\.[cm]?[jt]sx?$/,
  groupSegment: /^(?:\([^/()]{1,200}\)|@[^/]{1,200})$/, dynamicSegment: /^\[[^/]{1,200}\]$/,
};
const PLAIN: RouteRules = { pretty: false, html: false, index: ['index', 'README'], caseFold: false, frontmatter: NONE, localeFolders: false, localeFallback: false, localeSuffix: false };

/**
 * MkDocs' URLs (its detection reads mkdocs.yml in generators.ts, not by marker): `a/b.md` at `/a/b/`
 * with `use_directory_urls` (the default), `index.md` or `README.md` serving the folder. MkDocs
 * rewrites a Markdown link to a file of the docs folder; anything else — raw HTML (`<a href>`,
 * `<img src>`), a link to a URL — it leaves as written, for the reader's browser to resolve against
 * the page's URL: the route table resolves those.
 */
export const MKDOCS_ROUTES: RouteRules = { ...PLAIN, pretty: true, pageRelative: true };

export const PROFILES: Record<'hugo' | 'jekyll' | 'starlight' | 'docsify' | 'sphinx' | 'zola' | 'nextra' | 'mintlify' | 'gitbook' | 'eleventy', Profile> = {
  hugo: {
    name: 'hugo',
    markers: [
      ...['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml'].map((path) => ({ path, docsDirs: ['content'] })),
      // A configuration folder (Docsy's site: config/_default/hugo.yaml), in any of Hugo's formats.
      ...['hugo', 'config'].flatMap((n) => ['toml', 'yaml', 'yml', 'json'].map((e) => ({ path: `config/_default/${n}.${e}`, docsDirs: ['content'] }))),
      // The older root names in YAML and JSON are common words: taken when they set a key only Hugo reads.
      ...['config.yaml', 'config.yml', 'config.json'].map((path) => ({ path, docsDirs: ['content'], contains: /^[ \t]*"?(?:baseURL|languageCode|defaultContentLanguage|contentDir)"?[ \t]*:/im })),
    ],
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
    routes: { ...PLAIN, pretty: false, index: ['README'], sourceServed: true },
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
  // Nextra (shuding/nextra): a Next.js site — `next.config.*` naming nextra, or `theme.config.*`
  // (both code) beside `pages/` (Nextra 2 and 3) or `content/` (Nextra 4's content directory);
  // `a/b.mdx` at `/a/b` (Next.js writes no trailing slash), `index.mdx` serves its folder, case as
  // written; `_meta` files are the sidebar (titles and order); Nextra 2's i18n suffixes every page
  // (`index.en-US.mdx`) and Next.js keeps a root link in the page's locale; Nextra 3 and 4 use
  // locale folders (`pages/en/`, `content/en/`). Redirects in next.config are code: their literal
  // sources are routes not judged.
  nextra: {
    name: 'nextra',
    markers: [
      ...['js', 'mjs', 'cjs', 'ts', 'mts'].map((e) => ({ path: `next.config.${e}`, docsDirs: ['pages', 'content', 'src/pages', 'src/content', 'app', 'src/app'], contains: /\bnextra\b/, code: true })),
      ...['tsx', 'jsx', 'ts', 'js'].map((e) => ({ path: `theme.config.${e}`, docsDirs: ['pages', 'content', 'src/pages', 'src/content'], code: true })),
    ],
    dirRoutes: { app: APP_ROUTER, 'src/app': APP_ROUTER },
    routes: { pretty: false, html: false, index: ['index'], caseFold: false, frontmatter: NONE, localeFolders: true, localeFallback: false, localeSuffix: true, localeRelative: true, noTrailingSlash: true },
    wiki: false, vault: false,
    navFiles: [/^_meta(?:\.[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?|\.global)?\.(?:json|[cm]?[jt]sx?)$/], navFormat: 'nextra-meta', staticBeside: 'public/',
    routeSources: { pattern: /\bsource\s*:\s*(["'])(\/[^"'\n]{0,500})\1/g, reason: 'redirects and rewrites in next.config (code)' },
  },
  // Mintlify (mintlify/docs): `docs.json` (or the older `mint.json`) at the docs root, JSON with a
  // `navigation`; `a/b.mdx` at `/a/b`, `index` serves its folder; the navigation gives the order
  // (titles are the pages' frontmatter); `redirects` are routes (wildcards not judged);
  // `snippets/` holds include-only snippets, imported by pages from `/` or relatively.
  mintlify: {
    name: 'mintlify',
    markers: ['docs.json', 'mint.json'].map((path) => ({ path, docsDirs: [''], contains: /"navigation"\s*:/ })),
    routes: { pretty: false, html: false, index: ['index'], caseFold: false, frontmatter: NONE, localeFolders: true, localeFallback: false, localeSuffix: false, notPages: ['snippets/'] },
    wiki: false, vault: false, navFiles: ['docs.json', 'mint.json'], navFormat: 'mintlify',
    // mintlify/docs `components/accordions.mdx`, `tabs.mdx` (`id`: "used for anchor linking … defaults to
    // the same value as `title`"), `steps.mdx` (`id`, `noAnchor`), `update.mdx` (`label` "creates an anchor
    // link using the same automatic anchor ID rules as headings").
    // `<ParamField>` and `<ResponseField>` are not documented to write anchors, though mintlify/docs links
    // them by their names (`#api-params` for `<ResponseField name="api.params">`): not judged.
    componentAnchors: {
      tags: ['Accordion', 'Tab', 'Step', 'Update'], id: ['id'], text: ['title', 'label'],
      maybe: { tags: ['ParamField', 'ResponseField'], text: ['name', 'path', 'query', 'body', 'header'], reason: 'anchors <ParamField>/<ResponseField> may write (not documented)' },
    },
  },
  // GitBook (Git Sync): `.gitbook.yaml` (its `root:` names the docs folder), `SUMMARY.md` the table
  // of contents, `README.md` a folder's page; `a/b.md` at `/a/b`; `redirects:` map a URL path to a
  // file; `.gitbook/assets/` holds the images.
  gitbook: {
    name: 'gitbook',
    markers: [{ path: '.gitbook.yaml', docsDirs: [''], docsDirFrom: /^root[ \t]*:[ \t]*["']?(?:\.\/)?(?<dir>[^"'\s#]*)/m }],
    routes: { pretty: false, html: false, index: ['README'], caseFold: false, frontmatter: NONE, localeFolders: false, localeFallback: false, localeSuffix: false },
    wiki: false, vault: false, navFiles: ['SUMMARY.md'], navFormat: 'summary', dotFolders: ['.gitbook/assets/', '.gitbook/includes/'],
    navPublishes: 'pages the table of contents does not list (GitBook publishes only those it lists)',
  },
  // Eleventy (11ty/11ty-website): `.eleventy.js` or `eleventy.config.*` (code: named, never run; its
  // `dir: { input: "src" }` read as a literal); `a/b.md` at `/a/b/`, `index.md` and `a/b/b.md` serve
  // their folder; `permalink` sets the URL, `permalink: false` writes nothing, a templated one
  // (`/{{ page.fileSlug }}/`) is not judged below its literal prefix; `_includes/` and `_data/`
  // are no pages; `*.11tydata.js` may compute routes.
  eleventy: {
    name: 'eleventy',
    markers: ['.eleventy.js', 'eleventy.config.js', 'eleventy.config.mjs', 'eleventy.config.cjs', 'eleventy.config.ts', 'eleventy.config.mts'].map((path) => ({ path, docsDirs: [''], code: true, docsDirFrom: /\binput[ \t]*:[ \t]*(["'])(?:\.\/)?(?<dir>[^"'\n]{0,200})\1/ })),
    routes: { pretty: true, html: false, index: ['index'], caseFold: false, frontmatter: { replace: ['permalink'], last: [], extra: [] }, localeFolders: false, localeFallback: false, localeSuffix: false, unwritten: ['permalink'], folderNamesake: true, permalinkFiles: true, notPages: ['_includes/', '_data/'], templateExt: /\.(?:njk|liquid|html|webc|11ty\.[cm]?js|hbs|mustache|ejs|haml|pug)$/i },
    wiki: false, vault: false, navFiles: [], filesFromCode: 'passthrough copies the configuration makes (code)',
    codeData: { file: /(?:\.11tydata)?\.(?:[cm]?js|ts|json)$/, mention: /\bpermalink\b/, reason: 'routes a data file sets' },
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
export const ANCESTOR_PROFILES: readonly Profile[] = [PROFILES.zola, PROFILES.hugo, PROFILES.starlight, PROFILES.docsify, PROFILES.nextra, PROFILES.mintlify, PROFILES.gitbook, PROFILES.eleventy, PROFILES.sphinx, PROFILES.jekyll];

/** The URL rules of a generator: its profile's, or MkDocs' (detected from mkdocs.yml, not by a profile). */
export function routeRules(g: Generator): RouteRules | undefined {
  return (PROFILES as Record<string, Profile>)[g]?.routes ?? (g === 'mkdocs' ? MKDOCS_ROUTES : undefined);
}
