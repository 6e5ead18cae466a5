// What a profile's marker says as data, read at detection (never run): GitBook's .gitbook.yaml
// (`structure.summary`, `redirects:` from a URL path to a file), Mintlify's docs.json or mint.json
// (`navigation`, `redirects`; `{"$ref": "./x.json"}` followed inside the site's folder only),
// and the literal redirect sources a code marker names (Next.js `source: '/old/:path*'`). Each
// yields navigation (nav-files.ts), redirects and the URL prefixes whose routes are unknown.
import { lstatSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { readPlain } from './config-file.js';
import { mintlifyNav, summaryNav, type Nav } from './nav-files.js';
import type { RouteRules } from './profiles.js';

export interface MarkerData {
  nav: Nav;
  redirects: NonNullable<RouteRules['redirects']>;
  unknownRoutes: NonNullable<RouteRules['unknownRoutes']>;
  /** The navigation file that was read (below the docs folder), when one was. */
  navFile?: string;
  /** The first page the configuration names (GitBook's `structure.readme`, below the docs folder). */
  first?: string;
}

const LIMIT = 10_000;
const empty = (): MarkerData => ({ nav: new Map(), redirects: [], unknownRoutes: [] });
/** A URL path as written in configuration: no slashes at the ends, no query or anchor. */
const urlPath = (s: string) => s.split('#')[0]!.split('?')[0]!.replace(/^\/+|\/+$/g, '');
/** The literal part of a redirect source before its first placeholder (`:slug*`, `*`, `(…)`), or undefined when it has none. */
const literalPrefix = (s: string): string | undefined => { const i = s.search(/[:*(]/); return i < 0 ? undefined : s.slice(0, i); };

/** A path below the docs folder as configuration writes it (`./product/SUMMARY.md`), or undefined when it is none or climbs out. */
function filePath(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const p = v.trim().replace(/^(?:\.\/)+/, '');
  return p && p.length <= 1000 && !p.startsWith('/') && !p.split('/').includes('..') && !p.includes('\\') ? p : undefined;
}

/** Is `abs` a path below `top` reached through no symbolic link? */
function insideWithoutLinks(top: string, abs: string): boolean {
  const rel = relative(top, abs);
  if (!rel || rel.startsWith('..') || rel.split(sep).includes('..')) return false;
  let d = top;
  for (const seg of rel.split(sep)) { d = join(d, seg); try { if (lstatSync(d).isSymbolicLink()) return false; } catch { return false; } }
  return true;
}

/**
 * GitBook's .gitbook.yaml: the table of contents (`structure.summary`, default SUMMARY.md, below the
 * docs folder) read for titles and order, and `redirects:` (`old/path: new/page.md`, relative to the root).
 * @param docs the docs folder on disk (GitBook's `root`)
 */
export function gitbookData(text: string, docs: string): MarkerData {
  const out = empty();
  let data: unknown;
  try { data = parseYamlSafe(text, { maxDepth: 20 }); } catch { data = undefined; }
  const o = data && typeof data === 'object' && !Array.isArray(data) ? data as Record<string, unknown> : {};
  const structure = o.structure && typeof o.structure === 'object' ? o.structure as Record<string, unknown> : {};
  const summaryPath = filePath(structure.summary) ?? 'SUMMARY.md';
  const abs = join(docs, summaryPath);
  const summary = insideWithoutLinks(docs, abs) ? readPlain(abs) : undefined;
  if (summary !== undefined) {
    const nav: Nav = new Map();
    summaryNav(summary, nav);
    // Entries are relative to the summary's own folder; an entry may point into its page (`x.md#part`).
    const base = summaryPath.includes('/') ? summaryPath.slice(0, summaryPath.lastIndexOf('/') + 1) : '';
    for (const [p, v] of nav) {
      const page = p.split('#')[0]!;
      if (!page || /^[a-z][a-z0-9+.-]*:|^\//i.test(page)) continue;
      const at = posix.normalize(base + page);
      if (at !== '..' && !at.startsWith('../') && !out.nav.has(at)) out.nav.set(at, v);
    }
    out.navFile = summaryPath;
  }
  // The first page (default README.md), served at `/`.
  const first = filePath(structure.readme);
  if (first !== undefined) out.first = first;
  const redirects = o.redirects && typeof o.redirects === 'object' && !Array.isArray(o.redirects) ? Object.entries(o.redirects as Record<string, unknown>) : [];
  for (const [from, to] of redirects.slice(0, LIMIT)) if (typeof to === 'string' && urlPath(from)) out.redirects.push({ from: urlPath(from), to: to.replace(/^\.?\/+/, ''), file: true });
  return out;
}

/**
 * Mintlify's docs.json / mint.json: `navigation` for the order of pages, `redirects` (`{source,
 * destination}`) as routes — a wildcard source (`/beta/:slug*`, `/articles/concepts-*`), and one
 * redirected to another site, make routes below their literal prefix that are not judged.
 * @param file the marker on disk; `$ref`s are followed below `top` only, never through a link
 */
export function mintlifyData(text: string, file: string, top: string): MarkerData {
  const out = empty();
  let budget = 100;
  const resolve = (v: unknown, from: string, depth: number): unknown => {
    if (depth > 8 || !v || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.slice(0, LIMIT).map((x) => resolve(x, from, depth + 1));
    const o = v as Record<string, unknown>;
    if (typeof o.$ref === 'string' && Object.keys(o).length === 1) {
      if (--budget < 0 || /^[a-z][a-z0-9+.-]*:/i.test(o.$ref)) return undefined;
      const abs = join(dirname(from), o.$ref);
      const t = insideWithoutLinks(top, abs) ? readPlain(abs) : undefined;
      if (t === undefined) return undefined;
      try { return resolve(JSON.parse(t), abs, depth + 1); } catch { return undefined; }
    }
    return Object.fromEntries(Object.entries(o).slice(0, LIMIT).map(([k, x]) => [k, resolve(x, from, depth + 1)]));
  };
  let data: unknown;
  try { data = resolve(JSON.parse(text), file, 0); } catch { return out; }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return out;
  const o = data as Record<string, unknown>;
  mintlifyNav(o.navigation, out.nav);
  for (const r of Array.isArray(o.redirects) ? o.redirects.slice(0, LIMIT) : []) {
    if (!r || typeof r !== 'object') continue;
    const { source, destination } = r as Record<string, unknown>;
    if (typeof source !== 'string' || typeof destination !== 'string') continue;
    const prefix = literalPrefix(source);
    if (prefix !== undefined) out.unknownRoutes.push({ prefix: urlPath(prefix), reason: 'wildcard redirects in docs.json' });
    else if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(destination)) out.unknownRoutes.push({ prefix: urlPath(source), reason: 'redirects to other sites in docs.json' });
    else out.redirects.push({ from: urlPath(source), to: urlPath(destination), file: false });
  }
  return out;
}

/** The routes a code marker's literal redirect sources make (never run): each source's literal prefix, not judged. */
export function codeRouteSources(text: string, pattern: RegExp, reason: string): MarkerData['unknownRoutes'] {
  const out: MarkerData['unknownRoutes'] = [];
  const g = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (const m of text.matchAll(g)) {
    if (out.length >= LIMIT) break;
    const src = m[2] ?? m[1]!;
    const prefix = literalPrefix(src) ?? src;
    out.push({ prefix: urlPath(prefix), reason });
  }
  return out;
}
