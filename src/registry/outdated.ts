// `ctxforge outdated` and `ctxforge upgrade`: for each locked package, the newest version its source
// offers — a registry's listing (a git registry, or the tags of the OCI repository a package named
// by range came from), or for a GitHub Release download URL the releases API — and the
// newest within the range the lock records. Upgrade installs that one through install, so the key
// the lock pins, the downgrade rule and the lock's record apply unchanged. A listing only says
// what exists: what is installed is verified as always.
import { resolve } from 'node:path';
import { DiagnosticError, fail, type Diagnostic } from '../core/diagnostics.js';
import { compareSemver, isSemver } from '../core/semver.js';
import { context } from '../install/context.js';
import type { InstallOptions, InstallReport } from '../install/index.js';
import { readLockText } from '../install/lock-file.js';
import type { LockPackage, LockSource } from '../install/lock.js';
import { parseCollectionPath } from './collections.js';
import { newest, newestInRange, openRegistry, type PackageRegistry, type RegistryVersion } from './resolve.js';
import './rules.js';

export interface OutdatedRow {
  name: string;
  current: string | null;
  /** The newest version within the recorded range (registry sources), else null. */
  wanted: string | null;
  latest: string | null;
  range: string | null;
  source: 'registry' | 'github-release' | 'other';
  /** Where the versions were looked up. */
  from: string;
  status: 'up-to-date' | 'outdated' | 'unknown';
  /** Why the status is unknown. */
  reason?: string;
}

export interface OutdatedReport { lock: string; packages: OutdatedRow[] }

/** The registry name of a git-registry coordinate (`cartridges/<publisher>/<id>/<version>/…` → `<publisher>/<id>`). */
export function registryName(location: string): string | undefined {
  const m = /^cartridges\/([^/]+)\/([^/]+)\/[^/]+\/cartridge\.acx$/.exec(location);
  return m ? `${m[1]}/${m[2]}` : parseCollectionPath(location)?.name;
}

/**
 * The name a locked registry package is resolved by again: its git-registry coordinate's name, or
 * for an oci source named by range the repository's last component (the repository being the registry).
 */
function lockedName(src: LockSource): string | undefined {
  if (src.type === 'oci') return src.registry?.startsWith('oci://') ? src.registry.slice(src.registry.lastIndexOf('/') + 1) : undefined;
  return registryName(src.location);
}

/** owner, repo and tag of a GitHub Release download URL (github.com, or the API host of GITHUB_API_URL, which serves them too). */
function githubRelease(location: string, env: NodeJS.ProcessEnv): { owner: string; repo: string; tag: string; api: string } | undefined {
  let u: URL;
  try { u = new URL(location); } catch { return undefined; }
  const api = (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const onGithub = u.hostname === 'github.com' && u.protocol === 'https:';
  if (!onGithub && !location.startsWith(`${api}/`)) return undefined;
  const m = /^\/([^/]+)\/([^/]+)\/releases\/download\/([^/]+)\/[^/]+$/.exec(u.pathname);
  return m ? { owner: decodeURIComponent(m[1]!), repo: decodeURIComponent(m[2]!), tag: decodeURIComponent(m[3]!), api } : undefined;
}

const tagVersion = (tag: string) => (isSemver(tag.replace(/^v/, '')) ? tag.replace(/^v/, '') : undefined);

async function releaseVersions(r: { owner: string; repo: string; api: string }, env: NodeJS.ProcessEnv): Promise<string[]> {
  const headers: Record<string, string> = { accept: 'application/vnd.github+json', 'user-agent': 'ctxforge-outdated' };
  if (env.GITHUB_TOKEN) headers.authorization = `Bearer ${env.GITHUB_TOKEN}`;
  const out: string[] = [];
  let url: string | undefined = `${r.api}/repos/${encodeURIComponent(r.owner)}/${encodeURIComponent(r.repo)}/releases?per_page=100`;
  for (let page = 0; url && page < 10; page++) {
    const res: Response = await fetch(url, { headers, redirect: 'error', signal: AbortSignal.timeout(60_000) });
    if (!res.ok) { await res.body?.cancel(); throw new Error(`the releases API answered HTTP ${res.status}`); }
    const list = (await res.json()) as Array<{ tag_name?: unknown; draft?: unknown }>;
    for (const x of Array.isArray(list) ? list : []) if (typeof x.tag_name === 'string' && x.draft !== true) { const v = tagVersion(x.tag_name); if (v) out.push(v); }
    url = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1];
  }
  return out;
}

interface RowContext {
  cwd: string;
  root: string;
  scope: 'project' | 'user';
  env: NodeJS.ProcessEnv;
  /** Each registry opened once a run, however many locked packages came from it (a git registry is a clone). */
  open: (spec: string) => Promise<PackageRegistry>;
}

async function rowFor(p: LockPackage, o: RowContext): Promise<OutdatedRow> {
  const base = { name: p.name, current: p.version, range: p.source.range ?? null };
  const unknown = (source: OutdatedRow['source'], from: string, reason: string): OutdatedRow => ({ ...base, wanted: null, latest: null, source, from, status: 'unknown', reason });
  const judge = (row: Omit<OutdatedRow, 'status'>): OutdatedRow => {
    const ahead = (v: string | null) => !!v && !!p.version && isSemver(p.version) && compareSemver(v, p.version) > 0;
    return { ...row, status: ahead(row.wanted) || (row.source !== 'registry' && ahead(row.latest)) ? 'outdated' : 'up-to-date' };
  };
  const ociRange = p.source.type === 'oci' && p.source.range !== undefined;
  if (p.source.type === 'registry' || ociRange) {
    const name = lockedName(p.source);
    if (!name || !p.source.registry) return unknown('registry', p.source.registry ?? '', `the recorded coordinate ${p.source.location} is not a coordinate of a git registry`);
    let vs: RegistryVersion[];
    try {
      vs = await (await o.open(p.source.registry)).versions(name);
    } catch (e) {
      if (e instanceof DiagnosticError) return unknown('registry', p.source.registry, e.diagnostic.message);
      throw e;
    }
    return judge({ ...base, wanted: newestInRange(vs, p.source.range ?? '*')?.version ?? null, latest: newest(vs)?.version ?? null, source: 'registry', from: p.source.registry });
  }
  if (p.source.type === 'url') {
    const r = githubRelease(p.source.location, o.env);
    if (!r) return unknown('other', p.source.location, 'not a registry or a GitHub Release download URL: nothing lists its versions');
    try {
      const vs = (await releaseVersions(r, o.env)).map((version) => ({ name: p.name, version, location: '' }));
      return judge({ ...base, wanted: null, latest: newest(vs)?.version ?? null, source: 'github-release', from: `${r.owner}/${r.repo}` });
    } catch (e) {
      return unknown('github-release', `${r.owner}/${r.repo}`, `cannot list releases: ${(e as Error).message}`);
    }
  }
  const type = String(p.source.type);
  if (type === 'oci') return unknown('other', p.source.location, 'installed by OCI tag or digest, not by range: install it as <name>@<range> --registry oci://… for outdated to follow its tags');
  return unknown('other', p.source.location, type === 'path' ? 'a local file: nothing lists its versions' : `a ${type} source: listing its versions awaits that registry's resolver (registerRegistryScheme)`);
}

const EARLY_OPENS = 4;

/** The registries a lock's text names for its registry packages, read before the lock is checked (so unchecked: only ever opened by open's own rules). */
function registriesNamed(text: string): string[] {
  let doc: unknown;
  try { doc = JSON.parse(text.replace(/^\ufeff/, '')); } catch { return []; }
  const packages = (doc as { packages?: unknown })?.packages;
  const specs = new Set<string>();
  for (const p of packages && typeof packages === 'object' ? Object.values(packages) : []) {
    const src = (p as { source?: Partial<LockSource> } | null)?.source;
    if (src?.type === 'registry' && typeof src.registry === 'string' && src.registry.length <= 8192 && typeof src.location === 'string' && registryName(src.location)) specs.add(src.registry);
    // A few at once: a lock naming a thousand registries gets them cloned one after another, as its rows need them.
    if (specs.size === EARLY_OPENS) break;
  }
  return [...specs];
}

export async function outdated(o: InstallOptions): Promise<OutdatedReport> {
  const ctx = context(o);
  const env = o.env ?? process.env;
  const packages: OutdatedRow[] = [];
  const opened = new Map<string, Promise<PackageRegistry>>();
  const open = (spec: string): Promise<PackageRegistry> => {
    let reg = opened.get(spec);
    if (!reg) opened.set(spec, (reg = openRegistry(spec, { cwd: ctx.root, root: ctx.root, fromLock: true, scope: ctx.scope, env, versionsOnly: true })));
    return reg;
  };
  try {
    const text = await readLockText(ctx.lockPath, ctx.lockLabel);
    // A git registry's clone is most of this command's time: each one starts (under the same rules
    // as always, a lock's registry being repository content) before the lock is checked, and runs
    // while it is. A lock found invalid stops here; the finally removes what was cloned.
    if (text !== undefined) for (const spec of registriesNamed(text)) open(spec).catch(() => undefined);
    const { emptyLock, parseLock } = await import('../install/lock.js');
    const lock = text === undefined ? emptyLock(ctx.scope) : parseLock(text, ctx.lockLabel, ctx.scope);
    for (const p of Object.values(lock.packages)) packages.push(await rowFor(p, { cwd: o.cwd, root: ctx.root, scope: ctx.scope, env, open }));
  } finally {
    for (const r of opened.values()) await r.then((reg) => reg.close(), () => undefined);
  }
  return { lock: ctx.lockLabel, packages };
}

export interface UpgradeReport { lock: string; upgraded: InstallReport[]; skipped: Array<{ name: string; reason: string }>; diagnostics: Diagnostic[] }

/**
 * Installs, for each registry package (or the ones named), the newest version within its recorded
 * range. The range is the pin: nothing outside it is installed; GitHub Release and file sources are
 * listed as skipped with the reason (install the new release by naming it).
 */
export async function upgrade(names: string[], o: InstallOptions): Promise<UpgradeReport> {
  const ctx = context(o);
  const { readLock } = await import('../install/lock.js');
  const { lock } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  const missing = names.filter((n) => !Object.hasOwn(lock.packages, n));
  if (missing.length) fail('CTXFORGE_INSTALL_NOT_INSTALLED', `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in ${ctx.lockLabel}`, { file: ctx.lockLabel }, 1);
  const report: UpgradeReport = { lock: ctx.lockLabel, upgraded: [], skipped: [], diagnostics: [] };
  const { packages } = await outdated(o);
  for (const row of packages) {
    if (names.length && !names.includes(row.name)) continue;
    const p = lock.packages[row.name]!;
    if (row.source !== 'registry') { report.skipped.push({ name: row.name, reason: row.reason ?? `a ${row.source} source has no range to upgrade within: install the new version by naming it` }); continue; }
    if (row.status === 'unknown') { report.skipped.push({ name: row.name, reason: row.reason ?? 'unknown' }); continue; }
    if (row.status === 'up-to-date') { report.skipped.push({ name: row.name, reason: `${row.current} is the newest in ${row.range}${row.latest && row.latest !== row.wanted ? ` (${row.latest} is outside the range)` : ''}` }); continue; }
    // A recorded path is relative to the project root, wherever the command runs.
    const spec = /^[a-z]+:\/\/|^[\w.-]+@[\w.-]+:/i.test(p.source.registry!) ? p.source.registry! : resolve(ctx.root, p.source.registry!);
    const { installFromRegistry } = await import('../install/index.js');
    const r = await installFromRegistry(lockedName(p.source)!, p.source.range, spec, { ...o, hosts: p.hosts, allowUnbound: p.allow_unbound });
    report.upgraded.push(r);
    report.diagnostics.push(...r.diagnostics);
  }
  return report;
}
