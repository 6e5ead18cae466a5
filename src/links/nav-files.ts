// Navigation files read as data, each giving pages their titles and their order: a SUMMARY.md
// (mdBook, GitBook: `[Title](path.md)` list items), Mintlify's `navigation` in docs.json/mint.json
// (page paths without extension, in groups, tabs, anchors, languages …), and Nextra's `_meta`
// files (one per folder: keys are the folder's pages and subfolders in order, values their titles;
// `_meta.json`, or `_meta.js`/`.ts` only as an object literal of constants — js-literal.ts — and
// otherwise named as not read). Never run, bounded walks.
import { jsDefaultExport, type JsConstant } from '../core/js-literal.js';

export type Nav = Map<string, { title?: string; order: number }>;

const MAX_ENTRIES = 100_000;

/**
 * A SUMMARY.md: `[Title](path.md)` entries, in order (mdBook's drafts, with an empty target, have
 * no page; GitBook's optional link title after the path, `(page.md "Sidebar title")`, is allowed).
 */
export function summaryNav(text: string, out: Nav): void {
  for (const l of text.split('\n')) {
    const m = /^\s*(?:[-*+]\s+)?\[([^\]\n]{1,500})\]\(([^)\s]{1,1000})(?:\s+"[^"\n]{0,500}")?\)\s*$/.exec(l);
    if (!m) continue;
    let p: string;
    try { p = decodeURIComponent(m[2]!); } catch { p = m[2]!; }
    p = p.replace(/^\.\//, '');
    if (!out.has(p) && out.size < MAX_ENTRIES) out.set(p, { title: m[1]!.trim(), order: out.size });
  }
}

/**
 * Mintlify's `navigation` (docs.json) or the `navigation` array of groups (mint.json): every string
 * in a `pages` list, and a group's `root`, is a page path from the docs root without extension
 * (`guides/intro` for `guides/intro.mdx` or `.md`); OpenAPI operations (`GET /users`) are not files.
 */
export function mintlifyNav(navigation: unknown, out: Nav): void {
  let budget = MAX_ENTRIES;
  const add = (p: string) => {
    const s = p.trim().replace(/^\/+/, '');
    if (!s || /\s/.test(s) || /^[a-z][a-z0-9+.-]*:/i.test(s)) return;
    for (const ext of ['.mdx', '.md']) if (!out.has(s + ext)) out.set(s + ext, { order: out.size });
  };
  const walk = (v: unknown, depth: number, inPages: boolean) => {
    if (depth > 40 || --budget < 0) return;
    if (typeof v === 'string') { if (inPages) add(v); return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1, inPages); return; }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.root === 'string') add(o.root);
      for (const [k, x] of Object.entries(o)) if (typeof x === 'object' && x !== null) walk(x, depth + 1, k === 'pages');
    }
  };
  // mint.json's navigation is itself an array of groups; docs.json's an object of tabs, groups, languages …
  walk(navigation, 0, false);
}

/** One `_meta` file's entries in order: a key and the title its value gives (a string, or an object's `title`). */
export interface MetaEntry { key: string; title?: string }

/**
 * A Nextra `_meta` file: its entries, or 'code' when it is JavaScript that is not an object literal
 * of constants (never run), or undefined when it is no mapping at all (JSON that does not parse).
 */
export function nextraMeta(text: string, json: boolean): MetaEntry[] | 'code' | undefined {
  let data: unknown;
  if (json) { try { data = JSON.parse(text); } catch { return undefined; } } else { data = jsDefaultExport(text); if (data === undefined) return 'code'; }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const out: MetaEntry[] = [];
  for (const [key, v] of Object.entries(data as Record<string, JsConstant>).slice(0, MAX_ENTRIES)) {
    // Separators (`---`), links elsewhere (`href`) and the `*` defaults are no pages.
    if (key === '*' || /^-+/.test(key)) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && (v.type === 'separator' || typeof v.href === 'string')) continue;
    const title = typeof v === 'string' ? v : v && typeof v === 'object' && !Array.isArray(v) && typeof v.title === 'string' ? v.title : undefined;
    out.push({ key, ...(title !== undefined && title.trim() ? { title: title.trim() } : {}) });
  }
  return out;
}

const PAGE = /\.(md|mdx)$/i;

/**
 * The pages of a Nextra site in the order its sidebar shows them: each folder's `_meta` keys first,
 * in order, then its other pages and folders by name (`index` first), depth first — as Nextra's
 * page map orders them. A key names the page `key.mdx`/`key.md` of the folder and the folder `key/`
 * (whose `index` page takes the key's title when it has no page of its own).
 * @param indexName the stem of a folder's own page (`index`; `page` in Next.js' App Router)
 * @param metas the `_meta` entries by folder ('' or ending in '/')
 * @param pages every page, by path
 */
export function nextraNav(metas: ReadonlyMap<string, MetaEntry[]>, pages: readonly string[], indexName = 'index'): Nav {
  const out: Nav = new Map();
  const children = new Map<string, { pages: Map<string, string>; dirs: Set<string> }>();
  const node = (d: string) => { let n = children.get(d); if (!n) { n = { pages: new Map(), dirs: new Set() }; children.set(d, n); } return n; };
  for (const p of pages) {
    if (!PAGE.test(p)) continue;
    const i = p.lastIndexOf('/');
    const dir = p.slice(0, i + 1);
    node(dir).pages.set(p.slice(i + 1).replace(PAGE, '').replace(/\.[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/, ''), p);
    // Every ancestor folder is a child of its parent.
    for (let d = dir; d; ) { const j = d.slice(0, -1).lastIndexOf('/'); const parent = d.slice(0, j + 1); node(parent).dirs.add(d.slice(j + 1, -1)); d = parent; }
  }
  const visit = (dir: string, depth: number) => {
    const n = children.get(dir);
    if (!n || depth > 64) return;
    const entries = metas.get(dir) ?? [];
    const seen = new Set<string>();
    const put = (key: string, title?: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const page = n.pages.get(key);
      if (page && !out.has(page)) out.set(page, { ...(title ? { title } : {}), order: out.size });
      if (n.dirs.has(key)) {
        const index = children.get(`${dir}${key}/`)?.pages.get(indexName);
        if (!page && index && !out.has(index)) out.set(index, { ...(title ? { title } : {}), order: out.size });
        visit(`${dir}${key}/`, depth + 1);
      }
    };
    for (const e of entries) put(e.key, e.title);
    const rest = [...new Set([...n.pages.keys(), ...n.dirs])].sort((a, b) => Number(b === indexName) - Number(a === indexName) || (a < b ? -1 : a > b ? 1 : 0));
    for (const k of rest) put(k);
  };
  visit('', 0);
  return out;
}
