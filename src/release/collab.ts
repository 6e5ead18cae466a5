// The seam to the versioning modules (src/repo config, src/diff engine): use them when they are
// present, else a deliberately small stand-in, so release and check work before and after they land.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tree } from '../core/tree.js';
import type { CommonOptions, FormatModule, Item } from '../format.js';
import { bumpBetween, type Bump } from '../core/semver.js';

export interface DiffChange {
  kind: string;
  id: string;
  change: 'added' | 'removed' | 'modified' | 'moved' | string;
  category?: 'breaking' | 'feature' | 'fix' | string;
  title?: string;
  path?: string;
}

/** The JSON shape of the diff engine (`{"format","old","new","changes","breaking","required_bump","version_ok"}`). */
export interface DiffResultLike {
  format: string;
  old: { version: string } | null;
  new: { version: string };
  changes: DiffChange[];
  breaking: boolean;
  required_bump: Bump;
  version_ok: boolean;
}

export interface DiffSummary {
  package: string;
  relPath: string;
  result: DiffResultLike;
  markdown: string;
  /** Which implementation produced it; 'fallback' until src/diff exists. */
  engine: 'src/diff' | 'fallback';
}

type Loaded = Record<string, unknown> | null;
const cache = new Map<string, Promise<Loaded>>();

/** Imports a sibling module by path when its file exists; a missing module is not an error. */
function optionalModule(rel: string): Promise<Loaded> {
  let p = cache.get(rel);
  if (!p) {
    const url = new URL(rel, import.meta.url);
    const path = fileURLToPath(url);
    const present = existsSync(path) || existsSync(path.replace(/\.js$/, '.ts'));
    // A computed specifier keeps tsc from requiring the module at compile time.
    p = present ? (import(url.href) as Promise<Record<string, unknown>>).catch(() => null) : Promise.resolve(null);
    cache.set(rel, p);
  }
  return p;
}

async function findExport<T>(candidates: string[], name: string): Promise<T | null> {
  for (const c of candidates) {
    const m = await optionalModule(c);
    if (m && typeof m[name] === 'function') return m[name] as T;
  }
  return null;
}

export interface ConfiguredPackage {
  path: string;
  name?: string;
}

/** Packages from the repository config via src/repo, or null when that module is absent. */
export async function configuredPackages(cwd: string, config?: string): Promise<ConfiguredPackage[] | null> {
  const load = await findExport<(o: { cwd: string; config?: string }) => Promise<unknown>>(['../repo/index.js', '../repo/config.js'], 'loadRepoConfig');
  if (!load) return null;
  const cfg = (await load({ cwd, config })) as { packages?: Array<{ path: string; name?: string }> } | null;
  return cfg?.packages?.map((p) => ({ path: p.path, name: p.name })) ?? null;
}

type DiffInputs = (oldSpec: string | null, newSpec: string, opts: Record<string, unknown>) => Promise<DiffResultLike>;
type RenderMd = (r: DiffResultLike) => string;

export interface DiffRequest {
  cwd: string;
  module: FormatModule;
  name: string;
  relPath: string;
  /** Git ref of the old version, or null for a first release. */
  oldRef: string | null;
  oldTree: Tree | null;
  newTree: Tree;
  newDir: string;
  opts?: CommonOptions;
}

export async function diffPackage(req: DiffRequest): Promise<DiffSummary> {
  const diffInputs = await findExport<DiffInputs>(['../diff/index.js', '../diff/diff.js'], 'diffInputs');
  const render = await findExport<RenderMd>(['../diff/index.js', '../diff/render.js', '../diff/markdown.js'], 'renderDiffMarkdown');
  if (diffInputs && render) {
    const oldSpec = req.oldRef && req.oldTree ? `${req.oldRef}:${req.relPath || '.'}` : null;
    const result = await diffInputs(oldSpec, req.newDir, { cwd: req.cwd });
    return { package: req.name, relPath: req.relPath, result, markdown: render(result), engine: 'src/diff' };
  }
  const result = await fallbackDiff(req);
  return { package: req.name, relPath: req.relPath, result, markdown: fallbackMarkdown(req.name, result), engine: 'fallback' };
}

const BUMP_ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];
export function maxBump(a: Bump, b: Bump): Bump {
  return BUMP_ORDER.indexOf(a) >= BUMP_ORDER.indexOf(b) ? a : b;
}

/** Items compared by (kind, id): removed → breaking, added → feature, changed → fix. */
async function fallbackDiff(req: DiffRequest): Promise<DiffResultLike> {
  const now = await req.module.items(req.newTree, req.opts ?? {});
  const before = req.oldTree ? await req.module.items(req.oldTree, req.opts ?? {}).catch(() => null) : null;
  if (!before) {
    return { format: req.module.name, old: null, new: { version: now.version }, changes: [], breaking: false, required_bump: 'none', version_ok: true };
  }
  const key = (i: Item) => `${i.kind}\u0000${i.id}`;
  const oldMap = new Map(before.items.map((i) => [key(i), i]));
  const newMap = new Map(now.items.map((i) => [key(i), i]));
  const changes: DiffChange[] = [];
  for (const [k, o] of oldMap) if (!newMap.has(k)) changes.push({ kind: o.kind, id: o.id, change: 'removed', category: 'breaking', title: o.title, path: o.path });
  for (const [k, n] of newMap) {
    const o = oldMap.get(k);
    if (!o) changes.push({ kind: n.kind, id: n.id, change: 'added', category: 'feature', title: n.title, path: n.path });
    else if (o.digest !== n.digest) changes.push({ kind: n.kind, id: n.id, change: 'modified', category: 'fix', title: n.title, path: n.path });
    else if ((o.path ?? '') !== (n.path ?? '')) changes.push({ kind: n.kind, id: n.id, change: 'moved', category: 'fix', title: n.title, path: n.path });
  }
  changes.sort((a, b) => a.kind.localeCompare(b.kind) || a.id.localeCompare(b.id));
  let required: Bump = 'none';
  for (const c of changes) required = maxBump(required, c.category === 'breaking' ? 'major' : c.category === 'feature' ? 'minor' : 'patch');
  const actual = bumpBetween(before.version, now.version);
  // Below 1.0.0 SemVer lets a minor bump carry breaking changes.
  const zero = before.version.startsWith('0.');
  const effective: Bump | null = zero && actual === 'minor' ? 'major' : actual;
  const versionOk = effective !== null && BUMP_ORDER.indexOf(effective) >= BUMP_ORDER.indexOf(required);
  return { format: req.module.name, old: { version: before.version }, new: { version: now.version }, changes, breaking: required === 'major', required_bump: required, version_ok: versionOk };
}

function fallbackMarkdown(name: string, r: DiffResultLike): string {
  if (!r.old) return `### ${name} ${r.new.version}\n\nInitial release.\n`;
  const lines = [`### ${name} ${r.old.version} → ${r.new.version}`, ''];
  if (!r.changes.length) lines.push('No item changes.');
  else {
    lines.push('| change | kind | id | title |', '|---|---|---|---|');
    for (const c of r.changes) lines.push(`| ${c.change}${c.category === 'breaking' ? ' (breaking)' : ''} | ${c.kind} | \`${c.id}\` | ${(c.title ?? '').replace(/\|/g, '\\|')} |`);
  }
  lines.push('', `Required bump: **${r.required_bump}**; version ${r.version_ok ? 'OK' : `**too small** (${r.old.version} → ${r.new.version})`}.`);
  return `${lines.join('\n')}\n`;
}
