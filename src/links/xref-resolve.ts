// Cross-references resolved as their generator resolves them, against the site's pages:
// - Hugo `ref`/`relref` (hugolib's getContentNode): the path, lowercased, beside the page (a leaf
//   bundle's `index.md` looks beside its folder), then from the content root; the extension, a
//   language suffix and `/_index` or `/index` dropped; a path without `/` also by file name
//   across the site, where two pages of that name make it ambiguous. `lang="fr"` (or a page's own
//   `.fr.md`) looks among that language's pages only (no fallback to the default language's, as
//   hugo 0.111 builds it); `lang=` the default language looks among the pages without a suffix.
// - Jekyll `{% link path %}`: the file at exactly that path from the site's folder, extension
//   included; `{% post_url 2024-01-31-title %}`: a post in a `_posts/` folder of that date and title.
// - MyST `{doc}`: a document by its name, without extension, relative to the page or from the
//   source root with `/`; `{ref}`/`{numref}`: a label (lowercased, as Sphinx compares them), and for
//   `{ref}` without an explicit title one that is a section's, a figure's or a table's.
import type { Link } from './parse.js';
import { hasScheme, isTemplated, joinPath, MARKDOWN_FILE, splitAnchor, type Resolution, type SiteIndex } from './site.js';

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const LANG = /\.([a-z]{2,3}(?:-[a-z0-9]{2,8})?)$/i;

/**
 * A page key's language suffix (`about.fr`): where it starts, and the language ('' for the default
 * language served at `/`); none when the configuration declares languages and not this one.
 */
function declaredSuffix(index: SiteIndex, k: string): { at: number; lang: string } | null {
  const m = LANG.exec(k);
  if (!m) return null;
  const l = m[1]!.toLowerCase();
  const sl = index.site.routes?.suffixLocales;
  if (sl && !sl.known.includes(l)) return null;
  return { at: m.index, lang: sl?.unprefixed === l ? '' : l };
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a generator's lookups need of a site, built once per index. */
interface Lookups {
  /** Hugo: logical path (lowercased, no extension, `_index`/`index` as their folder, language first) → page or section folder. */
  logical: Map<string, string>;
  /** Hugo: the last segment of each logical path → its pages (more than one: ambiguous). */
  byBase: Map<string, string[]>;
  /** Languages that have pages of their own here (`page.fr.md`). */
  langs: Set<string>;
  /** Jekyll: files inside a `_posts/` folder, by path from the site's folder. */
  posts: string[];
  /** Sphinx: labels lowercased → the page defining each. */
  labels: Map<string, string>;
}
const cache = new WeakMap<SiteIndex, Lookups>();

function lookups(index: SiteIndex): Lookups {
  let l = cache.get(index);
  if (l) return l;
  l = { logical: new Map(), byBase: new Map(), langs: new Set(), posts: [], labels: new Map() };
  const root = index.site.root;
  const suffixes = Boolean(index.site.routes?.localeSuffix);
  if (index.site.generator === 'hugo') {
    for (const d of index.documents) {
      if (!d.startsWith(root)) continue;
      let k = d.slice(root.length).replace(MARKDOWN_FILE, '').toLowerCase();
      let lang = '';
      // A language's own content folder (contentDir): its pages are that language's, by their path inside it.
      const dir = langDir(index, d);
      if (dir) { k = k.slice(dir.folder.length - root.length); lang = dir.url; if (lang) l.langs.add(lang.slice(0, -1)); }
      const m = suffixes ? declaredSuffix(index, k) : null;
      if (m) { if (m.lang) { lang = `${m.lang}/`; l.langs.add(m.lang); } k = k.slice(0, m.at); }
      k = k.replace(/(^|\/)_?index$/, '');
      if (!l.logical.has(lang + k)) l.logical.set(lang + k, d);
      const b = `${lang}${baseName(k)}`;
      const list = l.byBase.get(b);
      if (!list) l.byBase.set(b, [d]); else if (!list.includes(d)) list.push(d);
    }
    // Every top-level folder is a section, with an _index page or without.
    for (const dir of index.dirs) {
      if (!dir.startsWith(root) || dir.length <= root.length) continue;
      const rel = dir.slice(root.length);
      if (!rel.includes('/') && !l.logical.has(rel.toLowerCase())) l.logical.set(rel.toLowerCase(), `${dir}/`);
    }
  }
  if (index.site.generator === 'jekyll') for (const f of index.files) if (f.startsWith(root) && /(^|\/)_posts\//.test(f)) l.posts.push(f);
  for (const [k, v] of index.labels) if (!l.labels.has(k.toLowerCase())) l.labels.set(k.toLowerCase(), v);
  cache.set(index, l);
  return l;
}

const found = (index: SiteIndex, path: string, anchor?: string): Resolution =>
  ({ status: 'ok', path, document: index.documents.has(path), ...(anchor !== undefined ? { anchor } : {}) });

/** The language content folder (Hugo's contentDir inside the docs folder) a page is in, if any. */
const langDir = (index: SiteIndex, page: string) => index.site.routes?.localeDirs?.find((x) => page.startsWith(x.folder));

/** Hugo's PathNoExt, language suffix and bundle names dropped: the key a path is looked up by. */
function hugoKey(p: string, lang: string): string {
  let k = p.replace(/^\/+|\/+$/g, '');
  const last = baseName(k);
  const dot = last.lastIndexOf('.');
  if (dot > 0) k = k.slice(0, k.length - last.length + dot);
  if (lang && k.endsWith(`.${lang}`)) k = k.slice(0, -lang.length - 1);
  return k.replace(/(^|\/)_?index$/, '');
}

function hugoRef(index: SiteIndex, l: Pick<Link, 'target' | 'lang'>, from: string): Resolution {
  const { path: raw, anchor } = splitAnchor(l.target.trim());
  if (raw === '') return found(index, from, anchor);
  const L = lookups(index);
  const root = index.site.root;
  const inDir = langDir(index, from);
  const pageRel = inDir ? from.slice(inDir.folder.length) : from.startsWith(root) ? from.slice(root.length) : from;
  const own = (inDir?.url ? inDir.url.slice(0, -1) : undefined) ?? (index.site.routes?.localeSuffix ? declaredSuffix(index, pageRel.replace(MARKDOWN_FILE, '').toLowerCase())?.lang || undefined : undefined);
  // The default language's pages carry no suffix (hugo 0.111 resolves `lang="en"` to `about.md`);
  // Hugo's defaultContentLanguage is `en` where the configuration names none.
  const dflt = (index.site.locales?.default ?? 'en').toLowerCase();
  const named = l.lang?.toLowerCase();
  const lang = named === dflt ? undefined : named ?? own;
  if (named && named !== dflt && !L.langs.has(lang!)) return { status: 'unseen', reason: `refs to another language's pages (lang="${l.lang}": none of its pages is in the docs folder)` };
  const prefix = lang && L.langs.has(lang) ? `${lang}/` : '';
  const ref = raw.toLowerCase();
  const get = (p: string | undefined) => (p === undefined ? undefined : L.logical.get(prefix + hugoKey(p, lang ?? '')));
  let hit: string | undefined;
  if (!ref.startsWith('/')) {
    let base = dirOf(pageRel).toLowerCase();
    // A leaf bundle (`x/index.md`) is stored by its folder: it looks beside that folder, unless the path climbs.
    if (/^index\.(md|mdx|markdown)$/i.test(baseName(pageRel)) && !ref.startsWith('..')) base = dirOf(base.replace(/\/$/, ''));
    hit = get(joinPath(base, ref));
    hit ??= get(ref);
  } else hit = get(ref);
  if (hit === undefined && !raw.includes('/')) {
    const byName = L.byBase.get(prefix + baseName(hugoKey(ref, lang ?? '')));
    if (byName && byName.length > 1) return { status: 'broken', path: raw, why: `is ambiguous: ${byName.length} pages are named so (${byName.slice(0, 3).join(', ')}); give the path` };
    hit = byName?.[0];
  }
  if (hit !== undefined) return found(index, hit, anchor);
  return { status: 'broken', path: raw, why: 'finds no page (Hugo looks beside the page, then from the content root, then by file name)' };
}

function jekyllLink(index: SiteIndex, target: string): Resolution {
  const { path: p, anchor } = splitAnchor(target.trim());
  if (isTemplated(p)) return { status: 'templated' };
  const site = index.site;
  let rel = p;
  // `/x.png`: Jekyll's static files carry a leading slash; the path is still from the site's folder.
  if (rel.startsWith('/')) rel = rel.replace(/^\/+/, '');
  if (site.routeBase) {
    if (!rel.startsWith(`${site.routeBase}/`)) return { status: 'elsewhere' };
    rel = rel.slice(site.routeBase.length + 1);
  }
  const file = joinPath(site.root, rel);
  if (file !== undefined && index.files.has(file)) return found(index, file, anchor);
  return { status: 'broken', path: p, why: "names no file (Jekyll's path is from the site's folder, extension included)" };
}

function jekyllPost(index: SiteIndex, target: string): Resolution {
  const { path, anchor } = splitAnchor(target.trim());
  const name = path.replace(/^\//, '');
  if (isTemplated(name)) return { status: 'templated' };
  const m = /^((?:[^/]+\/)*)(\d+-\d+-\d+)-(.+)$/.exec(name);
  if (!m) return { status: 'broken', path: name, why: 'is no post name (YYYY-MM-DD-title)' };
  const [, dir, date, slug] = m as unknown as [string, string, string, string];
  const site = index.site;
  const siteRel = (f: string) => `${site.routeBase ? `${site.routeBase}/` : ''}${f.slice(site.root.length)}`;
  const tail = `${escape(date)}-${escape(slug)}\\.[^.]+$`;
  const exact = new RegExp(`^_posts/${escape(dir)}${tail}|^${escape(dir)}_posts/?${tail}`);
  const posts = lookups(index).posts;
  let hit = posts.find((f) => exact.test(siteRel(f)));
  // Jekyll's older match, still accepted with a deprecation warning: any post of that date and title.
  const ymd = (d: string) => d.split('-').map(Number).join('-');
  hit ??= posts.find((f) => { const b = /^(\d+-\d+-\d+)-(.+)\.[^.]+$/.exec(baseName(f)); return b !== null && b[2] === slug && ymd(b[1]!) === ymd(date); });
  if (hit) return found(index, hit, anchor);
  return { status: 'broken', path: name, why: 'finds no post of that date and title in a _posts/ folder' };
}

/** Sphinx's docname_join: a normalised POSIX path from `/`, where `..` stops at the source root. */
function docnameJoin(dir: string, target: string): string {
  const parts: string[] = [];
  for (const seg of `${dir}${target}`.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop(); else parts.push(seg);
  }
  return parts.join('/');
}

function mystDoc(index: SiteIndex, target: string, from: string): Resolution {
  const t = target.trim();
  const root = index.site.root;
  // `project:name`: a document of another project's site (intersphinx) — a link out, like a URL.
  if (/^[\w.-]+:/.test(t)) return { status: 'external' };
  const pageRel = from.startsWith(root) ? from.slice(root.length) : from;
  const docname = docnameJoin(t.startsWith('/') ? '' : dirOf(pageRel), t);
  if (docname !== '' && !/[#?]/.test(docname)) {
    // A document's name has no extension: `{doc}` to `intro.md` names no document.
    for (const ext of ['.md', '.rst', '.ipynb', '.markdown']) if (index.files.has(`${root}${docname}${ext}`)) return found(index, `${root}${docname}${ext}`);
  }
  return { status: 'broken', path: t, why: `names no document${/\.(md|rst|ipynb)$/i.test(t) ? ' (a document is named without its extension)' : ''}` };
}

function mystRef(index: SiteIndex, l: Pick<Link, 'target' | 'syntax' | 'titled'>): Resolution {
  const label = l.target.trim().toLowerCase();
  const owner = lookups(index).labels.get(label);
  if (owner === undefined) {
    // Named for another project (`python:label`): a link out. A bare unknown label where conf.py names
    // intersphinx may be another project's too: not judged.
    if (/^[\w.-]+:/.test(label)) return { status: 'external' };
    if (index.site.xrefsElsewhere) return { status: 'unseen', reason: index.site.xrefsElsewhere };
    return { status: 'broken', path: l.target.trim(), why: 'is no label any page defines' };
  }
  if (l.syntax === 'ref' && !l.titled && !index.titledLabels.has(label)) {
    return { status: 'broken', path: l.target.trim(), why: 'labels no section, figure or table, so Sphinx has no title for it: give one ({ref}`text <label>`)' };
  }
  return found(index, owner);
}

/** Resolves a cross-reference (`kind: 'xref'`) written in the page `from`. */
export function resolveXref(index: SiteIndex, l: Pick<Link, 'target' | 'syntax' | 'lang' | 'titled'>, from: string): Resolution {
  const t = l.target.trim();
  const hugo = index.site.generator === 'hugo';
  switch (l.syntax) {
    case 'ref': case 'relref':
      // (A MyST `python:label` names another project's label, not a URL scheme.)
      return hugo ? (isTemplated(t) ? { status: 'templated' } : hasScheme(t) ? { status: 'external' } : hugoRef(index, l, from)) : mystRef(index, l);
    case 'link': return jekyllLink(index, t);
    case 'post_url': return jekyllPost(index, t);
    case 'doc': return mystDoc(index, t, from);
    case 'numref': return mystRef(index, l);
    default: return { status: 'skip' };
  }
}

/** An xref as its page writes it, for messages. */
export function shownXref(g: string, l: Pick<Link, 'target' | 'syntax'>): string {
  switch (l.syntax) {
    case 'ref': case 'relref': if (g === 'hugo') return `{{< ${l.syntax} "${l.target}" >}}`; break;
    case 'link': case 'post_url': { const h = l.target.indexOf('#'); return h < 0 ? `{% ${l.syntax} ${l.target} %}` : `{% ${l.syntax} ${l.target.slice(0, h)} %}${l.target.slice(h)}`; }
    default: break;
  }
  return `{${l.syntax ?? 'ref'}}\`${l.target}\``;
}
