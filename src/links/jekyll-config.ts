// The routes a Jekyll site's _config.yml adds to its profile, read as data (never Ruby): its
// collections (`collections:` with `output: true` and a `permalink:` pattern, in `_<name>/` folders
// below `collections_dir`), the `posts` collection's permalink, and the `defaults:` whose values set
// a `permalink` for a scope (`path`, `type`), and the site-wide `permalink:` style that also writes
// plain pages as folders. Each rule below was observed with Debian's jekyll 4.3
// (test/interop/sites/jekyll.test.ts builds a site that has them) — but the pages' style, read
// from jekyll's source (lib/jekyll/page.rb, utils.rb), is checked only on sites shaped by hand.
import { parseYamlSafe } from '../core/yaml-safe.js';
import type { RouteRules } from './profiles.js';

export interface Collection {
  name: string;
  /** The collection's folder from the site's folder, ending in '/' (`_docs/`, `my_collections/_docs/`). */
  folder: string;
  /** Its documents are pages of the site (`output: true`); otherwise they are data only, served nowhere. */
  output: boolean;
  /** The permalink pattern of its documents (Jekyll's default `/:collection/:path:output_ext`). */
  permalink: string;
}

export interface PermalinkDefault {
  /** The scope's path from the site's folder ('' for every file), without slashes at the ends. */
  path: string;
  /** The scope's type: a collection's name, `pages` or `posts`. */
  type?: string;
  permalink: string;
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const LIMIT = 1000;
const pattern = (v: unknown): string | undefined => (typeof v === 'string' && v.length <= 1000 && v.trim() ? v.trim() : undefined);
const folderOf = (p: unknown): string => (typeof p === 'string' ? p.replace(/^\.?\/+|\/+$/g, '') : '');

/** Jekyll's built-in permalink styles, as `permalink:` may name them for posts. */
const STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/** The route rules _config.yml's text adds to Jekyll's profile: collections, the posts' permalink, permalink defaults. */
export function jekyllRoutes(configText: string, base: RouteRules): RouteRules {
  let data: unknown;
  try { data = parseYamlSafe(configText, { maxDepth: 40 }); } catch { return base; }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return base;
  const c = data as Record<string, unknown>;
  const dir = folderOf(c.collections_dir);
  const prefix = dir ? `${dir}/` : '';
  const collections: Collection[] = [];
  const raw = c.collections;
  // `collections: [a, b]` names collections that are not written; a mapping gives each its settings.
  const entries: [string, unknown][] = Array.isArray(raw) ? raw.filter((n): n is string => typeof n === 'string').map((n) => [n, {}]) : raw && typeof raw === 'object' ? Object.entries(raw) : [];
  let posts: string | undefined;
  for (const [name, v] of entries.slice(0, LIMIT)) {
    if (!NAME.test(name)) continue;
    const o = v && typeof v === 'object' ? v as Record<string, unknown> : {};
    if (name === 'posts') { posts = pattern(o.permalink); continue; }
    collections.push({ name, folder: `${prefix}_${name}/`, output: o.output === true, permalink: pattern(o.permalink) ?? '/:collection/:path:output_ext' });
  }
  // A site-wide `permalink:` (a style or a pattern) is the posts' when their collection sets none.
  const site = pattern(c.permalink);
  posts ??= site ? STYLES[site] ?? site : undefined;
  const defaults: PermalinkDefault[] = [];
  if (Array.isArray(c.defaults)) {
    for (const d of c.defaults.slice(0, LIMIT)) {
      if (!d || typeof d !== 'object') continue;
      const values = (d as Record<string, unknown>).values;
      const p = values && typeof values === 'object' ? pattern((values as Record<string, unknown>).permalink) : undefined;
      if (!p) continue;
      const scope = (d as Record<string, unknown>).scope;
      const s = scope && typeof scope === 'object' ? scope as Record<string, unknown> : {};
      defaults.push({ path: folderOf(s.path), ...(typeof s.type === 'string' ? { type: s.type } : {}), permalink: p });
    }
  }
  const out: RouteRules = { ...base };
  // Pages follow the site-wide style too (Jekyll's Page#template, Utils.add_permalink_suffix):
  // `pretty`, or a pattern ending in `/`, writes each page as `/:path/:basename/` (its index.html).
  if (site && (site === 'pretty' || (!STYLES[site] && site.endsWith('/')))) out.folderUrls = true;
  if (collections.length) out.collections = collections;
  if (defaults.length) out.permalinkDefaults = defaults;
  if (posts && base.dated) {
    const postsFolder = prefix ? `${prefix}_posts` : base.dated.folder;
    out.dated = { ...base.dated, folder: postsFolder, url: posts.replace(/:output_ext/g, '.html') };
  }
  return out;
}

/** Jekyll's slugify (its default mode): runs of anything but letters, marks and digits to `-`, lowercased. */
export function jekyllSlug(s: string): string {
  return s.replace(/[^\p{M}\p{L}\p{Nd}]+/gu, '-').replace(/^-+|-+$/g, '').toLowerCase();
}

/** Jekyll's `pretty` slugify with case kept (its `:title`): only what a URL path cannot hold becomes `-`. */
function prettySlug(s: string): string {
  return s.replace(/[^\p{M}\p{L}\p{Nd}._~!$&'()+,;=@]+/gu, '-').replace(/^-+|-+$/g, '');
}

/**
 * A collection document's URL: its permalink pattern (the default whose scope is the most specific,
 * else the collection's) with Jekyll's placeholders filled in; undefined when the pattern holds one
 * this model does not know (the page's route is then unknown, never guessed).
 * @param rel the file's path from the site's folder
 * @param slug the document's frontmatter `slug`, when it has one
 */
export function collectionUrl(rules: RouteRules, c: Collection, rel: string, slug: string | undefined): string | undefined {
  const inside = rel.slice(c.folder.length).replace(/\.(md|mdx|markdown)$/i, '');
  const base = inside.slice(inside.lastIndexOf('/') + 1);
  const p = defaultPermalink(rules, rel, c.name) ?? c.permalink;
  const values: Record<string, string> = {
    collection: c.name, path: inside, name: jekyllSlug(base), title: prettySlug(slug ?? base),
    slug: jekyllSlug(slug ?? base), output_ext: '.html',
  };
  let unknown = false;
  const url = p.replace(/:([a-z_]+)/g, (m, k: string) => { const v = values[k]; if (v === undefined) { unknown = true; return m; } return v; });
  return unknown ? undefined : url.replace(/\/{2,}/g, '/');
}

/** The permalink the most specific matching `defaults:` scope sets for a file (later ones win a tie, as Jekyll's do). */
export function defaultPermalink(rules: RouteRules, rel: string, type: string): string | undefined {
  let best: PermalinkDefault | undefined;
  for (const d of rules.permalinkDefaults ?? []) {
    if (d.type !== undefined && d.type !== type) continue;
    if (d.path && rel !== d.path && !rel.startsWith(`${d.path}/`)) continue;
    if (!best || d.path.length >= best.path.length) best = d;
  }
  return best?.permalink;
}
