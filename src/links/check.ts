// Links between a package's documents, judged as the site they came from would serve them: a
// link (inline, reference definition, image, wiki link, embed) to nothing the package holds, or to
// an anchor its target lacks, is reported with file and line (a warning by default; an error with
// `validate --links error` or `links: error` in ctxforge.yaml). What cannot be judged here —
// external, templated, inside HTML or JSX, a root path the docs do not serve — is counted, never
// passed over in silence. Each document is read once — by the check, or handed over by a check that
// read it already (startTreeLinks) — and a target's anchors are read once more at most.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { DiskTree, listedFiles, readRegularFile, type Tree } from '../core/tree.js';
import { error, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import { splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { scanMarkdown } from './parse.js';
import { blockIdsOf, hasAnchor, MARKDOWN_FILE, SiteIndex, type Anchors, type DocMeta } from './site.js';
import { includes, includesOf, MAX_INCLUDE_DEPTH } from './includes.js';
import { resolveXref, shownXref } from './xref-resolve.js';
import { isObjectUnder } from './sphinx-conf.js';
import { keptAnchors, linkFactsOf, scanOptions, scanSpecFor, siteBody, type DocLinkFacts, type LinkFactsSink, type LinkScanSpec } from './facts.js';
import { pushAll } from '../core/arrays.js';
import { ListedPages, tablePages, type Pages } from './pages.js';
import { routesRecordOf, siteFor, withRoutesRecord, type SiteConfig, type SiteRecord, type SiteRoutesRecord } from './generators.js';
import { GENERATORS, type Generator } from './slugs.js';
import { formatByName } from '../formats.js';
import './rules.js';

export type LinkLevel = 'off' | 'warning' | 'error';
export const LINK_LEVELS: readonly LinkLevel[] = ['off', 'warning', 'error'];

/** Where a format keeps the Markdown whose links are checked: its document root first, then its skills' folders. */
export function linkRoots(format: string): string[] {
  const m = formatByName(format);
  return m ? [...new Set([m.documentRoot, ...(m.skills ? [m.skills.root] : [])])] : [''];
}

export interface LinkCounts {
  /** Links found in the documents (reference uses not counted: their definitions are). */
  links: number;
  /** Links judged (resolved, and their anchors checked). */
  checked: number;
  broken: number;
  anchorsMissing: number;
  external: number;
  templated: number;
  /** Link-like attributes and Markdown links inside HTML or JSX blocks. */
  html: number;
  /** Root paths outside what the docs folder serves (Docusaurus pages and static files beside the docs). */
  elsewhere: number;
  /** Links to upstream assets a synced tree's format leaves out (images in OCTX and ctxpkg), as its ID map records them. */
  leftOut: number;
  /** Links to routes made by something the site's profile cannot see, by reason. */
  unseen: Record<string, number>;
}

export interface LinkReport {
  diagnostics: Diagnostic[];
  counts: LinkCounts;
  generator: Generator;
}

export interface LinkCheckOptions {
  level?: LinkLevel;
  /** Folder of the tree that `/…` links resolve against (`links.root`); default: the document root. */
  root?: string;
  /** The site's generator and layout, when known (default: what the tree's .ctxforge-sync.json recorded, else GitHub's rules). */
  site?: SiteConfig;
  /** The generator by name (`links.generator` in ctxforge.yaml), when no `site` is given. */
  generator?: string;
  /** The pages, when not every Markdown file below the document roots is one (an upstream docs folder). */
  documents?: string[];
  /** Docusaurus `id`/`slug` of pages (an upstream Docusaurus site: links by id resolve through them). */
  meta?: ReadonlyMap<string, DocMeta>;
  /** What the tree is, in messages (default "the package"). */
  holder?: string;
  /**
   * By page: text its includes took from outside the tree (a project file sync read for a snippet
   * or `readfile`): its headings are the page's anchors too, which the tree itself cannot show.
   */
  includedOutside?: ReadonlyMap<string, readonly string[]>;
  /** The site record the tree's manifest carries (`x-ctxforge` `site` of a converted tree), below an ID map's. */
  recorded?: SiteRecord;
  /**
   * Whether the tree's format drops assets. Only then is the ID map's list of upstream assets a
   * list of files left out (a sync into a format that holds assets wrote every one of them); a
   * manifest's `left_out`, written by convert from a format that dropped them, counts either way.
   */
  dropsAssets?: boolean;
  /**
   * Files the base commit's package held (the PR check): a left-out record naming one counts for
   * nothing, so a pull request cannot delete a file and call the links it breaks "left out".
   */
  heldBefore?: ReadonlySet<string>;
  /**
   * The routes record of the base commit's package (the PR check; `{}` when it recorded none): of the
   * head's recorded redirects and unjudged prefixes only those the base recorded too apply, so a pull
   * request cannot add a redirect or a prefix to hide the links it breaks.
   */
  routesBefore?: SiteRoutesRecord;
}

/**
 * The entries of a routes record that another (the base's) holds too — for entries that let a link
 * resolve or go unjudged; unserved pages only take URLs away, so those of either side apply.
 */
function routesAlsoIn(rec: SiteRoutesRecord | undefined, base: SiteRoutesRecord): SiteRoutesRecord | undefined {
  const key = (r: { from: string; to: string; file: boolean }) => `${r.from}\0${r.to}\0${r.file}`;
  const had = new Set((base.redirects ?? []).map(key));
  const unknown = new Set(base.unknown ?? []);
  const redirects = (rec?.redirects ?? []).filter((r) => had.has(key(r)));
  const kept = (rec?.unknown ?? []).filter((u) => unknown.has(u));
  const unserved = [...new Set([...(rec?.unserved ?? []), ...(base.unserved ?? [])])];
  const wasUnlisted = new Set(base.unlisted ?? []);
  const unlisted = (rec?.unlisted ?? []).filter((u) => wasUnlisted.has(u));
  const first = rec?.first !== undefined && rec.first === base.first ? rec.first : undefined;
  // The docs folder's rules decide which URLs are served and which are made at build time (not
  // judged): only as the base recorded them, like the first page.
  const dir = rec?.dir !== undefined && rec.dir === base.dir ? rec.dir : undefined;
  return redirects.length || kept.length || unserved.length || unlisted.length || first !== undefined || dir !== undefined
    ? { ...(redirects.length ? { redirects } : {}), ...(kept.length ? { unknown: kept } : {}), ...(unserved.length ? { unserved } : {}), ...(unlisted.length ? { unlisted } : {}), ...(first !== undefined ? { first } : {}), ...(dir !== undefined ? { dir } : {}) }
    : undefined;
}

/** A site as a tree records it: the generator, the folder `/` maps to, and files a format on the way left out. */
export interface RecordedSite {
  generator?: Generator;
  /** Below the document root: '' or a folder ending in '/'. */
  root: string;
  /** Upstream files the tree's format could not hold (below the document root): links to them are counted, not reported. */
  leftOut: string[];
  /** Routes only the upstream site's configuration knew (redirects, prefixes not judged), as sync recorded them. */
  routes?: SiteRoutesRecord;
}

/** A record's folder, when it is one inside the document root. */
const safeRoot = (r: unknown): string | undefined => (typeof r === 'string' && !r.split('/').includes('..') && !r.startsWith('/') ? (r === '' || r.endsWith('/') ? r : `${r}/`) : undefined);
/** Extensions a site serves as pages (and a name without one, a route): never a left-out asset. */
const PAGE_EXTENSION = /^(md|mdx|markdown|html?)$/i;
/** The extension of a path's last segment, '' when it has none. */
function extensionOf(p: string): string {
  const base = p.slice(p.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : '';
}
/** Is `p` a name an asset can have: an extension that is no page's (`.png`, `.pdf`), never a route or a page? */
export const isAssetName = (p: string): boolean => { const e = extensionOf(p); return e !== '' && !PAGE_EXTENSION.test(e); };
/**
 * Left-out files a record may name: only assets — never a page or an extensionless route, which
 * every format holds (a record naming one would silence a broken link) — and never a path that climbs out.
 */
const leftOutFiles = (a: readonly string[]) => a.filter((p) => isAssetName(p) && !p.startsWith('/') && !p.split('/').includes('..'));

/**
 * What a synced tree's .ctxforge-sync.json records: the site's generator and `/`, and the upstream
 * assets (by portable path), which its format may have left out. Undefined without an ID map.
 */
export async function recordedSite(tree: Tree): Promise<RecordedSite | undefined> {
  try {
    const st = await tree.stat('.ctxforge-sync.json');
    if (st?.kind !== 'file') return undefined;
    const v = JSON.parse((await tree.read('.ctxforge-sync.json')).toString('utf8')) as { site?: { generator?: unknown; root?: unknown; routes?: unknown }; assets?: unknown };
    const assets = v.assets && typeof v.assets === 'object' ? Object.values(v.assets as Record<string, unknown>).filter((x): x is string => typeof x === 'string') : [];
    const g = v.site?.generator;
    const routes = routesRecordOf(v.site?.routes);
    return { ...(typeof g === 'string' && GENERATORS.includes(g as Generator) ? { generator: g as Generator } : {}), root: safeRoot(v.site?.root) ?? '', leftOut: leftOutFiles(assets), ...(routes ? { routes } : {}) };
  } catch { return undefined; }
}

/** The ID map's record, else the one the manifest carries (a converted tree), else none. */
export function recordOf(idMap: RecordedSite | undefined, manifest: SiteRecord | undefined): RecordedSite {
  const fromManifest: RecordedSite | undefined = manifest ? {
    ...(GENERATORS.includes(manifest.generator as Generator) ? { generator: manifest.generator as Generator } : {}),
    root: safeRoot(manifest.root) ?? '', leftOut: leftOutFiles(manifest.leftOut ?? []),
  } : undefined;
  if (!idMap) return fromManifest ?? { root: '', leftOut: [] };
  if (!fromManifest) return idMap;
  return { ...(idMap.generator ?? fromManifest.generator ? { generator: idMap.generator ?? fromManifest.generator } : {}), root: idMap.generator ? idMap.root : fromManifest.root, leftOut: [...new Set([...idMap.leftOut, ...fromManifest.leftOut])], ...(idMap.routes ? { routes: idMap.routes } : {}) };
}

/**
 * Reads a tree's files for the check. A folder on disk is read as DiskTree reads it — no symlink is
 * followed, the file itself opened O_NOFOLLOW — but each folder's path is checked once, not once a
 * file (at 50 000 documents the per-read checks cost more than the check itself).
 */
function reader(tree: Tree): (path: string) => Buffer | undefined | Promise<Buffer | undefined> {
  if (!(tree instanceof DiskTree)) return (p) => tree.read(p).catch(() => undefined);
  const plain = new Map<string, boolean>([['', true]]);
  const folderOk = (dir: string): boolean => {
    const known = plain.get(dir);
    if (known !== undefined) return known;
    const slash = dir.lastIndexOf('/');
    let ok = folderOk(slash < 0 ? '' : dir.slice(0, slash));
    if (ok) { try { ok = !lstatSync(join(tree.root, ...dir.split('/'))).isSymbolicLink(); } catch { ok = false; } }
    plain.set(dir, ok);
    return ok;
  };
  return (p) => {
    const slash = p.lastIndexOf('/');
    if (!folderOk(slash < 0 ? '' : p.slice(0, slash))) return undefined;
    try { return readRegularFile(tree.localPath(p), p); } catch { return undefined; }
  };
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/**
 * A link check under way: documents are handed to it as another check reads them (observe, or add
 * for facts taken on another thread), and finish reads only the documents nobody handed over.
 */
export interface LinkCollector extends LinkFactsSink {
  /** Reads what was not handed over, checks the anchors, and reports. */
  finish(): Promise<LinkReport>;
}

type Pending = { from: string; line: number; anchor: string; to: string; target: string };
/** What one document's links came to: its findings, and the anchors left to check once every page is known. */
type DocResult = { diags: Diagnostic[]; pending: Pending[] };

/** Checks every link of the Markdown documents below `docRoots` in `tree`. */
export async function checkTreeLinks(tree: Tree, docRoots: string[], o: LinkCheckOptions = {}): Promise<LinkReport> {
  return (await startTreeLinks(tree, docRoots, o)).finish();
}

/**
 * Starts the link check of `tree`: the site and its pages are known from here on, so each document
 * handed over is judged at once and only its findings kept (a large package's texts are not held).
 */
export async function startTreeLinks(tree: Tree, docRoots: string[], o: LinkCheckOptions = {}): Promise<LinkCollector> {
  const level = o.level ?? 'warning';
  const counts: LinkCounts = { links: 0, checked: 0, broken: 0, anchorsMissing: 0, external: 0, templated: 0, html: 0, elsewhere: 0, leftOut: 0, unseen: {} };
  let site = o.site;
  const synced = o.site ? undefined : await recordedSite(tree);
  const rec = o.site ? { root: '', leftOut: [] as string[] } : recordOf(synced && !o.dropsAssets ? { ...synced, leftOut: [] } : synced, o.recorded);
  if (!site) {
    const named = o.generator && GENERATORS.includes(o.generator as Generator) ? o.generator as Generator : undefined;
    site = siteFor(named ?? rec.generator ?? 'github', `${docRoots[0] ?? ''}${rec.root}`);
    if (!named || named === rec.generator) site = withRoutesRecord(site, o.routesBefore ? routesAlsoIn(rec.routes, o.routesBefore) : rec.routes);
  }
  // Upstream assets a format on the way left out (sync or convert said so): links to them are not broken upstream.
  // Never a file the base commit's package held.
  const leftOut = new Set(rec.leftOut.map((a) => `${docRoots[0] ?? ''}${a}`).filter((f) => !o.heldBefore?.has(f)));
  if (o.root !== undefined) site = { ...site, root: o.root === '' || o.root.endsWith('/') ? o.root : `${o.root}/` };
  const g = site.generator;
  const spec: LinkScanSpec = scanSpecFor(site, level === 'off' ? [] : docRoots);
  if (level === 'off') {
    return { spec, observe: () => undefined, add: () => undefined, finish: async () => ({ diagnostics: [], counts, generator: g }) };
  }
  const isPage = (p: string) => MARKDOWN_FILE.test(p) && docRoots.some((r) => p.startsWith(r));
  // A tree with a listing table (a folder on disk, a git tree) answers for its own files and pages
  // through it; other trees' listings are gathered into a set.
  let files: ReadonlySet<string>;
  let docs: Pages;
  const table = tree.listing ? await tree.listing() : undefined;
  if (table && !o.documents) {
    files = listedFiles(table);
    docs = tablePages(table, isPage);
  } else {
    const own = table ? listedFiles(table) : undefined;
    const gathered = own ? undefined : new Set<string>();
    const found: string[] = [];
    if (gathered || !o.documents) {
      for (const e of await tree.list()) {
        if (e.kind !== 'file') continue;
        gathered?.add(e.path);
        if (!o.documents && isPage(e.path)) found.push(e.path);
      }
    }
    files = own ?? gathered!;
    docs = new ListedPages(o.documents ? o.documents.filter((d) => files.has(d)) : found);
  }
  const isDoc: ReadonlySet<string> = docs;
  const wanted = (p: string) => isDoc.has(p);
  // The index holds the left-out files too, so links reach them as upstream does; reaching one is counted.
  const absent = new Set([...leftOut].filter((f) => !files.has(f)));
  // The same set of pages, not a copy (at 100 000 documents each set of paths is ~2.5 MB).
  const index = new SiteIndex(absent.size ? new Set([...files, ...absent]) : files, isDoc, site, o.meta);
  const make = level === 'error' ? error : warning;
  const holder = o.holder ?? 'the package';
  // Anchors are kept per target only (a large package's texts are not held).
  const anchors = new Map<string, { a: Anchors; text: string }>();
  const read = reader(tree);
  const bodyOf = async (p: string) => {
    const t = decodeUtf8((await read(p)) ?? Buffer.alloc(0)) ?? '';
    const fm = splitFrontmatter(stripBom(t));
    return { body: fm.body, offset: fm.present ? fm.bodyLine - 1 : 0 };
  };
  // Which documents were handed over (a bit each, by position in `docs`), and what those with
  // findings came to: most documents have none, and nothing is kept of them.
  const positionOf = (p: string) => docs.position(p);
  const handed = new Uint8Array(docs.count);
  const results = new Map<string, DocResult>();
  /** Takes a handed-over document once (a path listed twice counts once): false if it is no page or was taken. */
  const take = (path: string): boolean => {
    if (!wanted(path)) return false;
    const k = positionOf(path);
    if (handed[k]) return false;
    handed[k] = 1;
    return true;
  };
  const keep = (path: string, r: DocResult | null) => { if (r) results.set(path, r); };

  const judge = (f: string, facts: DocLinkFacts | null): DocResult | null => {
    if (!facts) return null;
    counts.html += facts.html;
    if (facts.anchors) anchors.set(f, facts.anchors);
    // A `#label` alone is judged once every page is read (pending anchors): its page may come later.
    for (const l of facts.labels ?? []) if (!index.labels.has(l)) index.labels.set(l, f);
    const r: DocResult = { diags: [], pending: [] };
    const out = r.diags;
    for (const l of facts.links) {
      if (l.kind === 'reference' || l.kind === 'import') continue;
      counts.links++;
      const res = l.kind === 'xref' ? resolveXref(index, l, f) : index.resolve(l, f);
      const line = l.line + facts.offset;
      const shown = l.kind === 'wiki' || l.kind === 'embed' ? `${l.kind === 'embed' ? '!' : ''}[[${l.target}]]` : l.kind === 'xref' ? shownXref(g, l) : l.target;
      switch (res.status) {
        case 'external': counts.external++; continue;
        case 'templated': counts.templated++; continue;
        case 'elsewhere': counts.elsewhere++; continue;
        case 'skip': continue;
        case 'unseen': counts.unseen[res.reason] = (counts.unseen[res.reason] ?? 0) + 1; continue;
        case 'outside':
          counts.checked++; counts.broken++;
          out.push(make('LINK_BROKEN', `link to ${shown} points outside ${holder}`, { file: f, line, hint: 'fix the link, or add the document it names' }));
          continue;
        case 'broken':
          counts.checked++; counts.broken++;
          if (l.kind === 'xref') {
            out.push(make('LINK_BROKEN', `${shown} ${res.why ?? 'points to nothing'}${res.why && g !== 'sphinx' && /^\{/.test(shown) ? `; ${g === 'hugo' ? 'Hugo' : 'Jekyll'} fails the build on it` : ''}`, { file: f, line, hint: g === 'hugo' ? 'fix the path; in code, write {{</* ref "x" */>}} to show a shortcode without running it' : g === 'jekyll' ? 'fix the path; wrap an example in {% raw %}…{% endraw %} to show it without running it' : 'fix the target, or add the label or document it names' }));
            continue;
          }
          out.push(make('LINK_BROKEN', l.kind === 'wiki' || l.kind === 'embed'
            ? `${l.kind === 'embed' ? 'embed' : 'wiki link'} ${shown} matches no ${l.kind === 'embed' ? 'file' : 'page'} ${holder} holds`
            : `link to ${shown} points to ${res.path || '/'}, which ${holder} does not hold`, { file: f, line, hint: 'fix the link, or add the document it names' }));
          continue;
        case 'ok':
          // A left-out file stands only for a link to that asset as written, never for a page or route that resolved to it.
          if (absent.has(res.path)) {
            if (!res.document && isAssetName(l.target.split('#')[0]!.split('?')[0]!) && extensionOf(l.target.split('#')[0]!.split('?')[0]!).toLowerCase() === extensionOf(res.path).toLowerCase()) { counts.leftOut++; continue; }
            counts.checked++; counts.broken++;
            out.push(make('LINK_BROKEN', `link to ${shown} points to ${res.path}, which ${holder} does not hold`, { file: f, line, hint: 'fix the link, or add the document it names' }));
            continue;
          }
          counts.checked++;
          if (res.anchor && res.document) r.pending.push({ from: f, line, anchor: res.anchor, to: res.path, target: shown });
      }
    }
    return r.diags.length || r.pending.length ? r : null;
  };
  // A document handed over twice (a path listed twice) counts once.
  const add = (path: string, facts: DocLinkFacts | null) => { if (take(path)) keep(path, judge(path, facts)); };

  const finish = async (): Promise<LinkReport> => {
    const out: Diagnostic[] = [];
    const pending: Pending[] = [];
    for (let k = 0; k < docs.count; k++) {
      const f = docs.at(k);
      let r: DocResult | null | undefined = results.get(f);
      if (!handed[positionOf(f)]) {
        const bytes = await read(f);
        r = bytes ? judge(f, linkFactsOf(spec, f, bytes)) : null;
      }
      if (!r) continue;
      pushAll(out, r.diags);
      pushAll(pending, r.pending);
    }
    results.clear();
    // The anchors a page's includes bring (read only when a link names one the page itself lacks).
    const included = new Map<string, Set<string>>();
    const includedAnchors = async (page: string): Promise<Set<string>> => {
      const cached = included.get(page);
      if (cached) return cached;
      const ids = new Set<string>();
      included.set(page, ids);
      // The anchors of a text the page takes in, read as the page `from` would be.
      const take = (text: string, from: string) => {
        const ib = siteBody(spec, text);
        for (const id of keptAnchors(spec, scanMarkdown(ib, scanOptions(spec, from)), ib).a.ids) ids.add(id);
      };
      const seen = new Set([page]);
      let level = [page];
      for (let depth = 0; depth < MAX_INCLUDE_DEPTH && level.length; depth++) {
        const next: string[] = [];
        for (const f of level) {
          const { body } = await bodyOf(f);
          for (const inc of includesOf(g, f, siteBody(spec, body), site.root)) {
            if (seen.has(inc) || !files.has(inc)) continue;
            seen.add(inc);
            next.push(inc);
            if (inc === page) continue;
            take((await bodyOf(inc)).body, inc);
          }
        }
        level = next;
      }
      for (const t of o.includedOutside?.get(page) ?? []) take(t, page);
      return ids;
    };
    for (const p of pending) {
      let a = anchors.get(p.to);
      if (!a) {
        const body = siteBody(spec, (await bodyOf(p.to)).body);
        a = keptAnchors(spec, scanMarkdown(body, scanOptions(spec, p.to)), body);
        anchors.set(p.to, a);
      }
      const text = a.text;
      if (!hasAnchor(p.anchor, a.a, g, () => blockIdsOf(text))) {
        // A label (MyST `(label)=`) on the target page, or anywhere for a link to `#label` alone.
        const owner = index.labels.get(p.anchor) ?? index.labels.get(p.anchor.toLowerCase());
        if (owner !== undefined && (owner === p.to || p.target.startsWith('#'))) continue;
        if (includes(g) && (await includedAnchors(p.to)).has(p.anchor)) continue;
        // A Python object of a project conf.py names (intersphinx, autodoc): resolved outside the docs, like a URL.
        if (p.target.startsWith('#') && site.objectsElsewhere && isObjectUnder(p.anchor, site.objectsElsewhere)) { counts.checked--; counts.external++; continue; }
        const why = (p.target.startsWith('#') ? site.profile?.unresolvedTarget?.(p.anchor) : undefined) ?? a.a.maybe?.get(p.anchor);
        if (why) { counts.checked--; counts.unseen[why] = (counts.unseen[why] ?? 0) + 1; continue; }
        counts.anchorsMissing++;
        out.push(make('LINK_ANCHOR_MISSING', `${p.to} has no heading with anchor #${p.anchor}${g !== 'github' ? ` (anchors as ${g} writes them)` : ''}`, { file: p.from, line: p.line }));
      }
    }
    const notJudged = [
      counts.external ? `${counts.external} external` : '',
      counts.templated ? `${counts.templated} templated` : '',
      counts.html ? `${counts.html} inside HTML or JSX` : '',
      counts.elsewhere ? `${counts.elsewhere} to site pages outside the docs (${site.routeBase ? `not under /${site.routeBase}/` : 'not in the package'})` : '',
      counts.leftOut ? `${counts.leftOut} to upstream files this format leaves out (images …)` : '',
      ...Object.entries(counts.unseen).sort((x, y) => y[1] - x[1]).map(([why, k]) => `${k} to ${why}`),
    ].filter(Boolean);
    if (notJudged.length) {
      const n = counts.external + counts.templated + counts.html + counts.elsewhere + counts.leftOut + Object.values(counts.unseen).reduce((x, y) => x + y, 0);
      out.push(info('LINK_NOT_JUDGED', `${plural(n, 'link')} not judged: ${notJudged.join(', ')}; ${plural(counts.checked, 'link')} checked`, {}));
    }
    return { diagnostics: out, counts, generator: g };
  };
  return {
    spec,
    observe: (path, bytes, text) => { if (take(path)) keep(path, judge(path, linkFactsOf(spec, path, bytes, text))); },
    add,
    finish,
  };
}

/** The link check of a format's source tree (validate and the PR check): its findings and what it could not judge. */
export async function checkLinks(tree: Tree, format: string, level: LinkLevel = 'warning', o: Omit<LinkCheckOptions, 'level'> = {}): Promise<Diagnostic[]> {
  return (await (await startLinks(tree, format, level, o)).finish()).diagnostics;
}

/** checkLinks started before the format's checks read the documents, so they can hand each over (validate). */
export function startLinks(tree: Tree, format: string, level: LinkLevel = 'warning', o: Omit<LinkCheckOptions, 'level'> = {}): Promise<LinkCollector> {
  return startTreeLinks(tree, linkRoots(format), { dropsAssets: !formatByName(format)?.holdsAssets, ...o, level });
}
