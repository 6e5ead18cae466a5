// `ctxforge sync`: a folder of Markdown someone else owns → an OCTX working directory, a ctxpkg
// source tree or a cartridge source tree, with identity kept in the committed ID map: unchanged and
// edited pages keep their IDs, renames and moves are found by content, new pages get new IDs, and
// a removed ID is retired for good.
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { DiagnosticError, error, fail, info, hasErrors, warning, type Diagnostic } from '../core/diagnostics.js';
import { refusedClaimWarnings, settleIdClaims } from '../core/id-claims.js';
import { checkIdMap, syncMayRemove } from './idmap-check.js';
import { uuidv7 } from '../core/uuid.js';
import { splitFrontmatter } from '../core/yaml-safe.js';
import { DiskTree } from '../core/tree.js';
import { SiteIndex } from '../links/site.js';
import { rewriteLinks } from '../links/rewrite.js';
import { BASE_URL, encodeUrlPath, safeBaseUrl } from '../links/site-address.js';
import { startTreeLinks } from '../links/check.js';
import { sameScanSpec } from '../links/facts.js';
import { readUpstream, type Skipped, type Upstream, type UpstreamDoc } from './upstream.js';
import { ID_MAP_FILE, idMapBytes, readIdMap, samePieces, type IdMap, type MapEntry } from './idmap.js';
import { portableNames, portablePath } from './names.js';
import { similarTexts } from './similarity.js';
import { readerXrefs } from './reader-xrefs.js';
import { MIN_MOVE_WORDS, movableByContent, readableWords } from './move-evidence.js';
import { formatByName } from '../formats.js';
import { contentBytes, type FormatModule } from '../format.js';
import { apply, preview, type Applied } from './apply.js';
import type { Doc, TargetFormat } from './model.js';
import { TARGET_FORMATS } from './model.js';
import './rules.js';
import { pushAll } from '../core/arrays.js';
import { noDocuments } from './no-documents.js';
import { routesRecord, siteOf, type SiteConfig, type SiteRoutesRecord } from '../links/generators.js';
import type { Generator } from '../links/slugs.js';
import { both, selection } from './selection.js';
import { localeChoice, localeSelection, type LocaleChoice } from './locale-selection.js';
import { sha256Hex } from '../core/hash.js';
import { cachedSync, fingerprint, outsideSide, recordSync, sideOf, stampFolder, WrittenDigests, type CacheOptions, type Replay, type Side } from './stat-cache.js';

export interface SyncOptions {
  format?: TargetFormat;
  dryRun?: boolean;
  /** Lowest content similarity (0–1) at which a vanished page and a new one are one page moved. Default 0.5. */
  threshold?: number;
  /** Type of every document (OKF type; a ctxpkg node type for ctxpkg). */
  type?: string;
  /** Per-folder types: [folder prefix, type], the longest matching prefix wins. */
  typeRules?: [string, string][];
  /** Refuse non-portable names instead of normalising them. */
  noRename?: boolean;
  name?: string;
  now?: number;
  /**
   * This machine's stat cache (default: in $XDG_CACHE_HOME/ctxforge/sync), or false for none: with
   * it, a sync that finds both folders as the last one left them opens no page.
   */
  cache?: false | CacheOptions;
  /** The site generator, whatever the docs folder's markers say (`sync --site`). */
  site?: Generator;
  /** Pages as written upstream, template syntax and all, instead of as a reader sees them (reader-text.ts). */
  asWritten?: boolean;
  /** Globs relative to the docs folder: only matching files are synced (`--include`). */
  include?: string[];
  /** Globs relative to the docs folder: matching files are left out (`--exclude`). */
  exclude?: string[];
  /** The locales to take (`--locales`, ctxforge.yaml `site.locales`); default the one the site's configuration declares as its default, else all. */
  locales?: string[];
  /** Where `locales` comes from, as the report names it (default `--locales`). */
  localesFrom?: string;
  /**
   * The site's address (`--base-url`, ctxforge.yaml `site.base_url`; default the one its
   * configuration declares as data): links to pages the sync does not take are written as their URL there.
   */
  baseUrl?: string;
  /**
   * Bytes of page bodies kept from the first read (default 8 MiB, upstream.ts HELD_BYTES): a page
   * whose body is kept is not read again when written; less holds less and reads more again.
   */
  heldBytes?: number;
}

export interface SyncChange { id: string; path: string; upstream: string }
/** A piece of text an include put into a synced page: the page, the include's file and line, the included file and its lines. */
export interface SyncInclude { page: string; in: string; line: number; file: string; lines: [number, number][] }
export interface SyncMove extends SyncChange { from: string; similarity: number }

export interface SyncResult {
  format: TargetFormat;
  created: boolean;
  dryRun: boolean;
  added: SyncChange[];
  modified: SyncChange[];
  moved: SyncMove[];
  removed: SyncChange[];
  unchanged: number;
  files: Applied;
  /** Every upstream file left out, with the reason (skipped folders, site configuration, dot-files that are no pages …). */
  skipped: Skipped[];
  /** The site generator the upstream folder was read as, and what of its navigation was code and not read. */
  site: { generator: string; marker: string; notRead: string[]; locales?: LocaleChoice };
  /** Links rewritten because the file they point at was renamed (or reached through an id the package does not keep). */
  linksRewritten: number;
  /** Every piece of text an include put into a page (paths relative to the docs folder; `../` outside it). */
  includes: SyncInclude[];
  diagnostics: Diagnostic[];
}

/** The format module sync writes through: its documents model is the one place its layout is known. */
const moduleOf = (f: TargetFormat): FormatModule => formatByName(f)!;

/** The upstream page a synced document whose body is read when written came from (its readBody reads it). */
const PAGE = Symbol('page');

function detectFormat(dir: string): TargetFormat | undefined {
  return TARGET_FORMATS.find((f) => existsSync(join(dir, moduleOf(f).manifestFile)));
}

/** A per-folder rule first, then the page's own type, then the default. */
function typeFor(path: string, own: string | undefined, o: SyncOptions): string | undefined {
  let best: [string, string] | undefined;
  for (const r of o.typeRules ?? []) {
    const pre = r[0].replace(/^\.?\/+|\/+$/g, '');
    if ((path === pre || path.startsWith(`${pre}/`)) && (!best || pre.length > best[0].length)) best = [pre, r[1]];
  }
  return best?.[1] ?? own ?? o.type;
}

/** The body the previous sync wrote for a document, for similarity (the upstream copy is gone). */
function previousBody(target: string, format: TargetFormat, e: MapEntry): string {
  try { return splitFrontmatter(readFileSync(join(target, moduleOf(format).documentRoot, ...e.path.split('/')), 'utf8')).body; } catch { return ''; }
}

/** IDs the old map gives to pages still present, unless the page now claims another one itself. */
function heldIds(old: IdMap, docs: readonly UpstreamDoc[]): Map<string, string> {
  const claim = new Map(docs.map((d) => [d.path, d.id]));
  const held = new Map<string, string>();
  for (const [p, e] of Object.entries(old.documents)) {
    if (!claim.has(p)) continue;
    const own = claim.get(p);
    if (own !== undefined && own !== e.id) continue;
    held.set(e.id, p);
  }
  return held;
}

export async function syncDocs(docsDir: string, targetDir: string, o: SyncOptions = {}): Promise<SyncResult> {
  const docsAbs = resolve(docsDir);
  const target = resolve(targetDir);
  let st;
  try { st = lstatSync(docsAbs); } catch { fail('CTXFORGE_IO', `${docsDir} does not exist`, { file: docsDir }, 2); }
  if (!st.isDirectory()) fail('CTXFORGE_USAGE', `${docsDir} is not a directory of Markdown`, { file: docsDir }, 2);
  if (target === docsAbs || target.startsWith(`${docsAbs}/`)) fail('CTXFORGE_USAGE', 'the source tree must not lie inside the docs folder it is synced from', {}, 2);
  if (existsSync(target) && lstatSync(target).isSymbolicLink()) fail('SYNC_TARGET_SYMLINK', `${targetDir} is a symbolic link; ctxforge never writes through one`, {}, 2);

  // Nothing either folder holds has changed since the last sync on this machine, with the same
  // options and the same site: its result stands, and no page is opened (stat-cache.ts).
  const cache: CacheOptions = o.cache === false ? { folder: false } : o.cache ?? {};
  // The site is told once: it is part of what the stat cache compares, and what the pages are read as.
  const detected = await siteOf(docsAbs, o.site);
  const locales = localeChoice(detected, o.locales, o.localesFrom ?? '--locales');
  const select = both(selection(o.include, o.exclude), locales ? localeSelection(detected, locales) : undefined);
  const inputs = fingerprint({ version: 1, format: o.format ?? null, threshold: o.threshold ?? 0.5, type: o.type ?? null, typeRules: o.typeRules ?? [], noRename: !!o.noRename, name: o.name ?? null, site: detected, siteLocales: detected.locales ? { ...detected.locales, folders: [...detected.locales.folders] } : null, locales: locales ?? null, include: o.include ?? [], exclude: o.exclude ?? [], asWritten: !!o.asWritten, ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}) });
  if (existsSync(target)) {
    const hit = await cachedSync(docsAbs, target, inputs, cache);
    if (hit) {
      if (!o.dryRun) await hit.refresh?.();
      return replayed(hit.replay, !!o.dryRun);
    }
  }
  // Stamped before anything is read: a page changed while this sync runs has a newer stamp than the one recorded.
  // (A racy page is read here, so its recorded hash is of what the stamp saw.)
  let upSide: Side | undefined;
  const readFrom = (cache.clock ?? Date.now)();
  try { upSide = !o.dryRun && o.cache !== false ? await sideOf(stampFolder(docsAbs, cache.clock), docsAbs) : undefined; } catch { /* not recorded: the listing below reports what cannot be read */ }

  const read = await readIdMap(target);
  const map = read?.map;
  // A map that contradicts the tree (edited by hand, or by a pull request) is not obeyed.
  if (map && existsSync(join(target, moduleOf(map.format).manifestFile))) {
    const wrong = (await checkIdMap(new DiskTree(target, targetDir), moduleOf(map.format), read)).filter((d) => d.severity === 'error');
    if (wrong.length) {
      const first = { ...wrong[0]!, message: `${ID_MAP_FILE} contradicts the source tree, so it is not used: ${wrong[0]!.message}`, hint: `restore ${ID_MAP_FILE} from git; nothing was written` };
      throw new DiagnosticError(first, 1, [first, ...wrong.slice(1)]);
    }
  }
  const present = existsSync(target) ? detectFormat(target) : undefined;
  const format = o.format ?? map?.format ?? present ?? 'octx';
  if (map && map.format !== format) fail('CTXFORGE_USAGE', `${targetDir} was synced as ${map.format}; convert it with \`ctxforge convert\` instead of syncing it as ${format}`, { file: ID_MAP_FILE }, 2);
  if (present && present !== format) fail('CTXFORGE_USAGE', `${targetDir} is a ${present} source tree, not ${format}`, { file: moduleOf(present).manifestFile }, 2);
  const threshold = o.threshold ?? 0.5;
  if (!(threshold > 0 && threshold <= 1)) fail('CTXFORGE_USAGE', '--threshold must be a number above 0 and at most 1', {}, 2);

  // Lean: no page's text is held for the whole tree; a body past the ring of bodies kept is read
  // again (checked by its digest) when needed.
  const up = await readUpstream(docsAbs, { site: detected, lean: true, ...(o.heldBytes !== undefined ? { heldBytes: o.heldBytes } : {}), ...(select ? { select } : {}), ...(o.asWritten ? { asWritten: true } : {}) });
  if (!up.docs.length) throw new DiagnosticError(noDocuments(docsDir, up.assets.map((a) => a.path)), 1, [...up.notes]);
  // Cross-references that resolve are written as the site shows them (the URL it serves, a {doc} as a link).
  if (!o.asWritten) await readerXrefs(up.docs, up.assets.map((a) => a.path), up.site, up.meta, async (p) => (await up.folder.read(p)).toString('utf8'));
  const diagnostics: Diagnostic[] = [...up.notes];
  // Pages of the locales not taken are still served by the site: links to them reach a page.
  if (locales) up.site = { ...up.site, unsynced: up.skipped.filter((x) => x.reason.startsWith('locale ') && /\.(md|mdx|markdown)$/i.test(x.path)).map((x) => x.path) };
  const siteInfo = { generator: up.site.generator, marker: up.site.marker, notRead: up.site.notRead, ...(locales ? { locales } : {}) };
  const old: IdMap = map ?? { version: 1, format, documents: {}, assets: {}, files: [], retired: [] };
  // Names given by the last sync are kept: a newcomer that collides gets the suffix.
  const previous = new Map<string, string>([...Object.entries(old.documents).map(([p, e]) => [p, e.path] as [string, string]), ...Object.entries(old.assets)]);
  const names = portableNames([...up.docs.map((d) => ({ path: d.path, markdown: true })), ...up.assets.map((a) => ({ path: a.path, markdown: false }))], !!o.noRename, previous);
  pushAll(diagnostics, names.diagnostics);
  if (hasErrors(names.diagnostics)) return empty(format, !!o.dryRun, diagnostics, up.skipped, siteInfo);

  // Links are resolved as the upstream site serves them, and rewritten where a rename (or an id the
  // package does not keep) would break them; the renamed tree is the judge of every rewrite.
  // One locale taken whose pages are a folder the site serves at `/` (Hugo's default language in its
  // contentDir): that folder is the synced tree's `/`, which its record can say ({generator, root}),
  // so the tree's own link check resolves `/guide/` there as the site does.
  const soleDir = locales?.locales.length === 1 ? soleLocaleDir(up.site, detected.locales?.folders, locales.locales[0]!) : undefined;
  const root = soleDir !== undefined ? portableRoot(soleDir) : up.site.root ? portableRoot(up.site.root) : '';
  // Nothing renamed, the same root and no page ids the package drops: every link reaches in the
  // renamed tree what it reached upstream, so no page is read for its links, and the two sites'
  // indexes a rewrite consults (two sets of every path) are not made (issue 39).
  const unheldPages = new Set(up.site.unsynced ?? []);
  const unchanged = !up.site.docIds && !up.site.rootFallback && !up.site.hookDestinations?.byText?.size && root === up.site.root && !unheldPages.size && [...names.map].every(([from, to]) => from === to);
  let rewriteOf = unchanged ? undefined : linkRewriter(up, names.map, root, soleDir, unheldPages, o.baseUrl);
  // Pages whose links the rename changes: their body is rewritten again when written (nothing held).
  const rewrote = new Set<string>();
  let linksRewritten = 0;
  for (const d of rewriteOf ? up.docs : []) {
    const body = up.bodyOf(d);
    const r = rewriteOf!(d, body);
    if (r.text !== body) rewrote.add(d.path);
    linksRewritten += r.rewritten;
    for (const f of r.xrefsKept) {
      diagnostics.push(warning('SYNC_XREF_NOT_REWRITTEN', `${d.path}: the cross-reference to ${f.target} is kept as written: after the rename its page is ${f.to}, which the generator's syntax cannot name in the synced tree`, { file: d.path, line: f.line, hint: 'write it as a Markdown link to the page, or keep the folder name upstream portable' }));
    }
    for (const f of r.unheld) {
      diagnostics.push(warning('SYNC_LINK_UNSYNCED_PAGE', `${d.path}: the link to ${f.target} reaches ${f.to}, a page this sync does not take (another locale), and is kept as written: the synced tree does not hold it, so its link check will report it`, { file: d.path, line: f.line, hint: 'name the site\'s address (sync --base-url, or site.base_url in ctxforge.yaml) to write such links as the page\'s URL on the site, or sync that locale too (--locales)' }));
    }
    for (const f of r.failures) {
      diagnostics.push(error('SYNC_LINK_NOT_REWRITTEN', `${d.path}: the link to ${f.target} cannot be rewritten to reach ${f.to} after the rename, so nothing was written`, { file: d.path, line: f.line, hint: 'rename the file upstream to a portable name, or write the link as a plain relative path' }));
    }
  }
  if (hasErrors(diagnostics)) return empty(format, !!o.dryRun, diagnostics, up.skipped, siteInfo);
  // The sites' indexes are needed from here only to render pages whose links changed.
  if (!rewrote.size) rewriteOf = undefined;
  pushAll(diagnostics, await upstreamLinks(up));

  const result: SyncResult = { format, created: !present, dryRun: !!o.dryRun, added: [], modified: [], moved: [], removed: [], unchanged: 0, files: { written: [], removed: [], unchanged: 0 }, skipped: up.skipped, site: siteInfo, linksRewritten, includes: [], diagnostics };
  // Identities, then the documents: each step's tables of every page (ids by path, ids in use,
  // moves) live only in its own call, not through the write (issue 39).
  const newMap: IdMap = { version: 1, format, documents: {}, assets: {}, files: [], retired: [...new Set(old.retired)], ...(up.site.marker ? { site: { generator: up.site.generator, root, ...siteRoutes(up.site, root, names.map) } } : {}) };
  const docs = documentsOf(up, old, assignIds(up, old, { now: o.now, threshold, target, format }, diagnostics), { format, o, names: names.map, rewrote, readBody: bodyReader(up, rewrote, rewriteOf) }, newMap, result);

  const name = o.name ?? up.rootTitle ?? basename(docsAbs);
  // A new tree's identity is its own (a fresh seed), never one derived from a name another doc set may share.
  // The site travels with the package (its manifest's x-ctxforge), so a build or a conversion of it judges links as the site does.
  const site = newMap.site ? { site: newMap.site } : {};
  const r = moduleOf(format).writeSource!({ format, meta: { name, version: '0.1.0', ...site }, docs, assets: renamedAssets(up.assets, names.map), skills: [], notes: [] }, { identitySeed: uuidv7() });
  pushAll(diagnostics, r.notes);
  newMap.files = [...r.files.keys()];
  const managed = r.files.size;
  // Files a previous sync did not write are someone's work: never overwritten.
  const mine = new Set(old.files);
  // (No target folder yet, nothing to clash with: no file is looked for, one by one.)
  const targetThere = existsSync(target);
  const clash = targetThere ? newMap.files.filter((f) => !mine.has(f) && existsSync(join(target, ...f.split('/'))) && !readFileSync(join(target, ...f.split('/'))).equals(contentBytes(r.files.get(f)!))) : [];
  if (clash.length) {
    fail('SYNC_TARGET_CONFLICT', `${clash.length} file${clash.length === 1 ? '' : 's'} in ${targetDir} would be overwritten but were not written by an earlier sync: ${clash.slice(0, 5).join(', ')}${clash.length > 5 ? ', …' : ''}`, {
      file: clash[0], hint: 'sync into a new directory, or move those files away first',
    }, 2);
  }
  // Only what a sync could have written is removed: the map's `files` is committed, reviewable
  // input, and a hand-added manifest, map or path outside the document root is never deleted.
  const remove = old.files.filter((f) => !r.files.has(f) && syncMayRemove(f, moduleOf(format)));
  // The writer's files are the plan, the manifest and the ID map added to them: no second map of every file.
  const write = r.files;
  if (!existsSync(join(target, r.manifest.path))) write.set(r.manifest.path, Buffer.from(r.manifest.text, 'utf8'));
  // Rendered when written, after the pages: its bytes (~300 a page) never live beside their writes.
  // Its documents' entries are made from the pages and documents as it is rendered (idmap.ts DocumentList).
  write.set(ID_MAP_FILE, () => idMapBytes(newMap, { length: docs.length, key: (i) => up.docs[i]!.path, entry: (i) => mapEntry(up.docs[i]!, docs[i]!) }));
  const plan = { write, remove };
  const written = upSide ? new WrittenDigests(cache.clock) : undefined;
  result.files = o.dryRun ? preview(target, plan) : await apply(target, plan, written?.add);
  if (upSide && !hasErrors(diagnostics) && replayable(result)) {
    // The tree as this sync left it, stamped after the writes; a racy file is known by the bytes planned for it.
    let treeSide: Side | undefined;
    try { treeSide = await sideOf(stampFolder(target, cache.clock), target, (p) => { const b = write.get(p); return b && (written?.get(p) ?? sha256Hex(contentBytes(b))); }); } catch { /* not recorded */ }
    const outside = up.includeReads.reads.length ? outsideSide(up.includeReads.root, up.includeReads.reads, readFrom) : undefined;
    if (treeSide) await recordSync(docsAbs, target, inputs, upSide, treeSide, replayOf(result, managed + 1), cache, outside);
  }
  return result;
}

/**
 * The docs folder's broken links, as the site would serve them (the synced tree keeps them as
 * written): the pages' link facts as readUpstream took them on its one read (handed over in the
 * check's order, which is the documents'); a page without them is read from the folder, checked by
 * its digest. The check and its site index live only in this call.
 */
async function upstreamLinks(up: Upstream): Promise<Diagnostic[]> {
  const check = await startTreeLinks(up.folder, [''], { level: 'warning', site: up.site, documents: up.docs.map((d) => d.path), meta: up.meta, holder: 'the docs folder', ...(up.includedOutside ? { includedOutside: up.includedOutside } : {}) });
  const handOver = up.linkSpec !== undefined && sameScanSpec(check.spec, up.linkSpec);
  for (const d of up.docs) {
    if (d.linkFacts === undefined) continue;
    if (handOver) check.add(d.path, d.linkFacts);
    d.linkFacts = undefined;
  }
  const found = await check.finish();
  up.folder.release();
  return found.diagnostics;
}

type Rewrite = (d: UpstreamDoc, body: string) => ReturnType<typeof rewriteLinks>;

/**
 * The link rewrite of a renamed tree: each page's links resolved as the upstream site serves them
 * and rewritten where the rename (or an id the package does not keep) would break them, the
 * renamed tree being the judge. Made only when a link may change; its two sites' indexes live as
 * long as it does.
 */
function linkRewriter(up: Upstream, renamed: ReadonlyMap<string, string>, root: string, soleDir: string | undefined, unheldPages: ReadonlySet<string>, baseUrl: string | undefined): Rewrite {
  const upFiles = [...up.docs.map((d) => d.path), ...up.assets.map((a) => a.path)];
  const before = new SiteIndex(upFiles, up.docs.map((d) => d.path), up.site, up.meta);
  let afterRoutes = soleDir !== undefined && up.site.routes ? { ...up.site.routes, localeDirs: undefined } : up.site.routes;
  // The first page the configuration names keeps serving `/` under its new name.
  const firstAfter = afterRoutes?.firstPage !== undefined ? renamed.get(up.site.root + afterRoutes.firstPage) : undefined;
  if (afterRoutes?.firstPage !== undefined) afterRoutes = { ...afterRoutes, firstPage: firstAfter?.startsWith(root) ? firstAfter.slice(root.length) : undefined };
  // The synced tree's record names its generator and root, not the site's render hook: a link only
  // the hook resolves — by its lookup from the content root (Hugo's `[x](about/security/)` on a page
  // elsewhere) or by the link's text (the Hugo docs' `[page resource](g)`, a glossary term's page) —
  // is rewritten to a path that resolves without it, so the tree's own check agrees.
  const after = new SiteIndex(upFiles.map((f) => renamed.get(f)!), up.docs.map((d) => renamed.get(d.path)!), { ...up.site, hookDestinations: undefined, root, ...(afterRoutes ? { routes: afterRoutes } : {}), rootFallback: false, docIds: false, nav: new Map() });
  const textFor = up.site.hookDestinations?.byText?.size ? new Set(up.site.hookDestinations.byText.keys()) : undefined;
  const scanOpts = (p: string) => ({ wiki: up.site.wiki, admonitions: up.site.admonitions, mdx: /\.mdx$/i.test(p), ...(textFor ? { textFor } : {}) });
  // Pages of the locales not taken are the site's, not the tree's: a link to one becomes its address on the site.
  const base = baseUrl ?? up.site.baseUrl;
  const siteBase = base !== undefined && BASE_URL.test(base) ? safeBaseUrl(base) : undefined;
  const elsewhere = unheldPages.size ? { pages: unheldPages, url: (p: string) => { const at = before.routes?.servedPath(p); return siteBase !== undefined && at !== undefined ? siteBase + encodeUrlPath(at) : undefined; } } : undefined;
  return (d, body) => rewriteLinks(body, d.path, renamed.get(d.path)!, { before, after, moves: renamed, ...(elsewhere ? { elsewhere } : {}) }, scanOpts(d.path));
}

/**
 * The body as synced (links rewritten for the rename), made when the writer writes a document's
 * file: one function for every document, which finds its page in a slot of the document (no
 * closure and context a page: ~100 bytes each at 100,000 pages, issue 39), made here so that it
 * holds the pages and the rewrite, not the tables of the sync that made it.
 */
function bodyReader(up: Upstream, rewrote: ReadonlySet<string>, rewrite: Rewrite | undefined): (this: Doc) => string {
  return function (this: Doc): string {
    const d = (this as Doc & { [PAGE]: UpstreamDoc })[PAGE];
    const b = up.bodyOf(d);
    return rewrite && rewrote.has(d.path) ? rewrite(d, b).text : b;
  };
}

interface Identities {
  /** Each page's ID, by upstream path. */
  idOf: Map<string, string>;
  /** Every ID given (the old map's IDs not among them are retired). */
  used: Set<string>;
  movedFrom: Map<string, { from: string; similarity: number }>;
}

/**
 * Each upstream page's ID: the one it carries, the one its path had, a vanished page's when it moved
 * (the same content, or similar enough), else a new one — never one retired or in use.
 */
function assignIds(up: Upstream, old: IdMap, o: { now?: number; threshold: number; target: string; format: TargetFormat }, diagnostics: Diagnostic[]): Identities {
  const { threshold, target, format } = o;
  const retired = new Set(old.retired);
  const used = new Set<string>();
  const idOf = new Map<string, string>();
  const byId = new Map(Object.entries(old.documents).map(([p, e]) => [e.id, p]));
  const claimed = new Set<string>();

  // 1. IDs the pages carry — never one retired, never one another present page holds (the shared
  //    rule of src/core/id-claims.ts) — then pages still at their path.
  const claims = up.docs.filter((d) => d.id !== undefined && !retired.has(d.id)).map((d) => ({ path: d.path, id: d.id! }));
  for (const d of up.docs) if (d.id !== undefined && retired.has(d.id)) diagnostics.push(warning('SYNC_ID_CLAIMED', `${d.path} claims the ID ${d.id}, which ${ID_MAP_FILE} retired: it gets another ID`, { file: d.path }));
  const settled = settleIdClaims(claims, heldIds(old, up.docs));
  pushAll(diagnostics, refusedClaimWarnings(settled.refused, 'SYNC_ID_CLAIMED'));
  for (const [path, id] of settled.granted) { idOf.set(path, id); used.add(id); const was = byId.get(id); if (was) claimed.add(was); }
  for (const d of up.docs) {
    if (idOf.has(d.path)) continue;
    const e = old.documents[d.path];
    if (e && !used.has(e.id) && !claimed.has(d.path)) { idOf.set(d.path, e.id); used.add(e.id); claimed.add(d.path); }
  }
  // 2. Pages that vanished from their path and pages with no ID yet: one page moved when the
  //    content is the same, or similar enough.
  const vanished = Object.entries(old.documents).filter(([p, e]) => !claimed.has(p) && !used.has(e.id));
  const fresh = up.docs.filter((d) => !idOf.has(d.path));
  const movedFrom = new Map<string, { from: string; similarity: number }>();
  if (vanished.length && fresh.length) {
    const byDigest = new Map<string, [string, MapEntry][]>();
    for (const v of vanished) byDigest.set(v[1].digest, [...(byDigest.get(v[1].digest) ?? []), v]);
    const left: UpstreamDoc[] = [];
    for (const d of fresh) {
      // A body not held is made (or read again) once for all the candidates, not once each.
      let body: string | undefined;
      const cands = byDigest.get(d.digest)?.filter(([from, e]) => !used.has(e.id) && movableByContent(body ??= up.bodyOf(d), from, d.path));
      if (cands?.length) {
        const [from, e] = cands.sort((a, b) => (basename(a[0]) === basename(d.path) ? -1 : 0) - (basename(b[0]) === basename(d.path) ? -1 : 0))[0]!;
        idOf.set(d.path, e.id); used.add(e.id); movedFrom.set(d.path, { from, similarity: 1 });
      } else left.push(d);
    }
    const rest = vanished.filter(([, e]) => !used.has(e.id));
    // A page with too few words of its own is no evidence by similarity (move-evidence.ts). The bodies
    // are made once, and only when a vanished page is left to compare them with.
    const wordy: UpstreamDoc[] = [];
    const wordyBodies: string[] = [];
    if (rest.length) {
      for (const d of left) {
        const body = up.bodyOf(d);
        if (readableWords(body) >= MIN_MOVE_WORDS) { wordy.push(d); wordyBodies.push(body); }
      }
    }
    if (wordy.length && rest.length) {
      // Every pair at least `threshold` similar, found without comparing every pair (similarPairs).
      // Pages are held as sorted shingle hashes, not Sets of strings (similarTexts finds the same pairs).
      const found = similarTexts(wordyBodies, rest.map(([, e]) => previousBody(target, format, e)), threshold);
      const pairs = found.map((x) => ({ d: wordy[x.left]!, p: rest[x.right]![0], e: rest[x.right]![1], s: x.similarity }));
      pairs.sort((a, b) => b.s - a.s || (a.d.path < b.d.path ? -1 : 1));
      for (const x of pairs) {
        if (idOf.has(x.d.path) || used.has(x.e.id)) continue;
        idOf.set(x.d.path, x.e.id); used.add(x.e.id); movedFrom.set(x.d.path, { from: x.p, similarity: Math.round(x.s * 1000) / 1000 });
      }
    }
  }
  // 3. New IDs for the rest; never one retired or in use.
  let tick = o.now ?? Date.now();
  for (const d of up.docs) {
    if (idOf.has(d.path)) continue;
    let id: string;
    do id = uuidv7(tick++); while (used.has(id) || retired.has(id));
    idOf.set(d.path, id); used.add(id);
  }
  return { idOf, used, movedFrom };
}

/**
 * The documents the format writes, the new map's retired IDs and assets, and the result's lists:
 * added, moved, modified, removed.
 */
function documentsOf(up: Upstream, old: IdMap, ids: Identities, w: { format: TargetFormat; o: SyncOptions; names: ReadonlyMap<string, string>; rewrote: ReadonlySet<string>; readBody: (this: Doc) => string }, newMap: IdMap, result: SyncResult): Doc[] {
  const { idOf, used, movedFrom } = ids;
  const { format, o, names, rewrote, readBody } = w;
  const { diagnostics } = result;
  const docs: Doc[] = [];
  for (const d of up.docs) {
    const path = names.get(d.path)!;
    const id = idOf.get(d.path)!;
    let doc: Doc;
    if (d.reread || rewrote.has(d.path)) {
      doc = { id, path, title: d.title, body: '', readBody, [PAGE]: d } as Doc;
    } else doc = { id, path, title: d.title, body: d.body };
    // For ctxpkg the rule names the node type; the page's own (OKF) type rides along as okf_type.
    if (format === 'ctxpkg') {
      const nodeType = typeFor(d.path, undefined, o);
      if (nodeType) doc.carried = { ctxpkg: { type: nodeType } };
      if (d.type) doc.type = d.type;
    } else {
      const type = typeFor(d.path, d.type, o);
      if (type) doc.type = type;
    }
    if (d.description) doc.description = d.description;
    if (d.tags) doc.tags = d.tags;
    if (d.order !== undefined) doc.order = d.order;
    docs.push(doc);
    for (const p of d.includes ?? []) result.includes.push({ page: d.path, in: p.in, line: p.line, file: p.file, lines: p.lines });
    const before = old.documents[d.path];
    const mv = movedFrom.get(d.path);
    const ch = { id, path, upstream: d.path };
    if (mv) {
      result.moved.push({ ...ch, from: mv.from, similarity: mv.similarity });
      diagnostics.push(info('SYNC_MOVED', `${mv.from} → ${d.path} (same document ${id}, similarity ${mv.similarity})`, { file: d.path }));
    } else if (!before || before.id !== id) result.added.push(ch);
    else if (before.digest !== d.digest || before.path !== path || !samePieces(before.includes, mapEntry(d, doc).includes)) result.modified.push(ch);
    else result.unchanged++;
  }
  for (const [p, e] of Object.entries(old.documents)) {
    if (used.has(e.id)) continue;
    result.removed.push({ id: e.id, path: e.path, upstream: p });
    newMap.retired.push(e.id);
  }
  for (const a of up.assets) newMap.assets[a.path] = names.get(a.path)!;
  return docs;
}

/** A page's entry in the new ID map: its document's ID and path, the page's digest and its includes' pieces. */
function mapEntry(d: UpstreamDoc, doc: Doc): MapEntry {
  return { id: doc.id, digest: d.digest, path: doc.path, ...(d.includes ? { includes: d.includes.map((p) => ({ file: p.file, lines: p.lines, digest: p.digest })) } : {}) };
}

function renamedAssets(assets: Upstream['assets'], renamed: ReadonlyMap<string, string>): { path: string; bytes: Buffer }[] {
  return assets.map((a) => ({ path: renamed.get(a.path)!, bytes: a.bytes }));
}

/**
 * Can the next sync of the same folders report this one's outcome as "nothing changed"? Its map is
 * the one a next sync would write, unless an ID claim was refused while IDs moved (the next sync
 * names the holder differently): then only a sync that changed nothing is recorded.
 */
function replayable(r: SyncResult): boolean {
  const still = !r.added.length && !r.moved.length && !r.removed.length && !r.files.written.length && !r.files.removed.length;
  return still || !r.diagnostics.some((d) => d.code === 'SYNC_ID_CLAIMED');
}

/** What the next sync reports when it finds both folders as this one left them. */
function replayOf(r: SyncResult, planned: number): Replay {
  return {
    format: r.format, unchanged: r.added.length + r.modified.length + r.moved.length + r.unchanged, filesUnchanged: planned,
    skipped: r.skipped, site: r.site, linksRewritten: r.linksRewritten, includes: r.includes,
    diagnostics: r.diagnostics.filter((d) => d.code !== 'SYNC_MOVED'),
  };
}

function replayed(p: Replay, dryRun: boolean): SyncResult {
  return {
    format: p.format as TargetFormat, created: false, dryRun, added: [], modified: [], moved: [], removed: [], unchanged: p.unchanged,
    files: { written: [], removed: [], unchanged: p.filesUnchanged }, skipped: p.skipped as Skipped[], site: p.site as SyncResult['site'],
    linksRewritten: p.linksRewritten, includes: (p.includes ?? []) as SyncInclude[], diagnostics: p.diagnostics as Diagnostic[],
  };
}

function empty(format: TargetFormat, dryRun: boolean, diagnostics: Diagnostic[], skipped: Skipped[], site: SyncResult['site']): SyncResult {
  return { format, created: false, dryRun, added: [], modified: [], moved: [], removed: [], unchanged: 0, files: { written: [], removed: [], unchanged: 0 }, skipped, site, linksRewritten: 0, includes: [], diagnostics };
}

/** The folder of the one locale taken when the site serves it at `/` (a locale folder with no URL prefix), else undefined. */
function soleLocaleDir(site: SiteConfig, folders: ReadonlyMap<string, string> | undefined, locale: string): string | undefined {
  const own = [...folders ?? []].find(([l]) => l.toLowerCase() === locale.toLowerCase())?.[1];
  const dir = own === undefined ? undefined : site.routes?.localeDirs?.find((d) => d.folder === `${site.root}${own}`);
  return dir?.url === '' ? dir.folder : undefined;
}

/** The portable form of the site's root folder (`src/`, `docs/`), as the renamed tree has it. */
function portableRoot(root: string): string {
  return `${portablePath(`${root}x.md`, true).slice(0, -'x.md'.length)}`;
}

/**
 * The pages the site does not publish, below the tree's root: as written upstream and as a renamed
 * folder would name them (a link to one is kept as written, and resolves from where its page now is).
 */
function unlistedRecord(site: SiteConfig, root: string): string[] {
  const out = new Set<string>();
  for (const p of site.unlisted ?? []) {
    if (!p.startsWith(site.root)) continue;
    const rel = p.slice(site.root.length);
    out.add(rel);
    const portable = portablePath(p, true);
    if (portable.startsWith(root)) out.add(portable.slice(root.length));
  }
  return [...out];
}

/** The routes only the upstream site's configuration knew, as the ID map records them (redirects to a page follow its rename). */
function siteRoutes(site: SiteConfig, root: string, renamed: ReadonlyMap<string, string>): { routes?: SiteRoutesRecord } {
  const rec = routesRecord(site.routes, (file) => {
    const to = renamed.get(site.root + file);
    return to !== undefined && to.startsWith(root) ? to.slice(root.length) : undefined;
  }, unlistedRecord(site, root), site.routesDir);
  return rec ? { routes: rec } : {};
}
