// Resolving a package by name and SemVer range in a registry: the small interface install,
// outdated and upgrade use, and its git-registry implementation (a folder, or a git URL cloned
// into a private temporary folder). A registry's listing only says which versions exist: every
// artifact it hands out is verified by install against a pinned key like any other, so the
// listing is never a trust root. An OCI registry (oci.ts) implements PackageRegistry with `acquire`;
// another kind registers its scheme with registerRegistryScheme.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { lstat, mkdir, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { execGit, neutralGit } from '../core/git-exec.js';
import { unsafePathReason } from '../core/paths.js';
import { compareSemver, isPrerelease, satisfiesRange, semverLib } from '../core/semver.js';
import { isPublicAddress, publicUrlProblem } from '../core/public-get.js';
import type { Acquired } from '../install/source.js';
import { findFiles, localeOrder, SEMVER_RE } from './layout.js';
import { parseCollectionPath } from './collections.js';
import './rules.js';

export interface RegistryVersion {
  /** The package's registry name (cartridges: `<publisherId>/<id>`). */
  name: string;
  version: string;
  /** Where the artifact is inside the registry (a git registry: its coordinate path). */
  location: string;
}

export interface PackageRegistry {
  /** The registry as the lock records it (a git URL, a path relative to the project, oci://…). */
  readonly recorded: string;
  /** Every version of `name` the registry lists (a bare id where it is unique). */
  versions(name: string): Promise<RegistryVersion[]>;
  /** A local file holding the artifact at `location` (install copies and verifies it). */
  artifactPath(location: string): Promise<string>;
  /** A registry whose artifacts are not files (OCI) acquires them itself, as install does for its own references. */
  acquire?(location: string, o: { cwd: string }): Promise<Acquired>;
  close(): Promise<void>;
}

export interface OpenOptions {
  cwd: string;
  /** The project (or home) root: a registry path inside it is recorded relative to it. */
  root: string;
  /** The registry comes from a lock (repository content): https, or a path inside the project. */
  fromLock?: boolean;
  /** The pull-request gate: https to public addresses only. */
  publicOnly?: boolean;
  scope?: 'project' | 'user';
  /** For registry credentials (Docker's config) and the like. */
  env?: NodeJS.ProcessEnv;
  /**
   * Versions only (outdated): a git registry is cloned without its artifacts' bytes where the
   * server allows (`--filter=blob:none`, as GitHub and GitLab do), and no artifact can be taken.
   */
  versionsOnly?: boolean;
}

type Opener = (spec: string, o: OpenOptions) => Promise<PackageRegistry>;
const schemes = new Map<string, Opener>();
/** Lets another registry kind (e.g. `oci://`) resolve names: install, outdated and upgrade then reach it. */
export function registerRegistryScheme(prefix: string, open: Opener): void { schemes.set(prefix, open); }

const isGitUrl = (s: string) => /^(https?|ssh|git|file):\/\//i.test(s) || /^[\w.-]+@[\w.-]+:/.test(s);

/** The newest version satisfying `range` (pre-releases only when the range names one), or undefined. */
export function newestInRange(vs: readonly RegistryVersion[], range: string): RegistryVersion | undefined {
  const ok = vs.filter((v) => satisfiesRange(v.version, range));
  return ok.sort((a, b) => compareSemver(b.version, a.version))[0];
}

/** The newest stable version (a pre-release only when there is nothing else). */
export function newest(vs: readonly RegistryVersion[]): RegistryVersion | undefined {
  const sorted = [...vs].sort((a, b) => compareSemver(b.version, a.version));
  return sorted.find((v) => !isPrerelease(v.version)) ?? sorted[0];
}

export function validRange(range: string): boolean {
  return semverLib().validRange(range) !== null;
}

/** `<name>@<range>` as typed: the range after the last `@` that is not the first character. */
export function parseNameRange(spec: string): { name: string; range: string | undefined } {
  const at = spec.lastIndexOf('@');
  return at > 0 ? { name: spec.slice(0, at), range: spec.slice(at + 1) } : { name: spec, range: undefined };
}

function unreachable(spec: string, why: string, hint?: string): never {
  fail('CTXFORGE_REGISTRY_UNREACHABLE', `registry ${spec}: ${why}`, { file: spec, hint }, 2);
}

/** Where a registry's files are: the files of a collection as findFiles lists them, and a local copy of one artifact. */
interface RegistryFiles {
  find(collection: 'cartridges' | 'ctxpkg' | 'octx', suffix: string): Promise<Array<{ rel: string; unsafe: string | null }>>;
  /** A local file holding the artifact at `location` (a coordinate already checked). */
  local(location: string): Promise<string>;
}

/** A registry over its files: the listing is made once, from paths alone (no artifact is read). */
function registryOver(files: RegistryFiles, recorded: string, cleanup?: () => Promise<void>): PackageRegistry {
  const list = async (): Promise<RegistryVersion[]> => {
    const listing = (await files.find('cartridges', 'cartridge.acx')).flatMap((f) => {
      const m = /^cartridges\/([^/]+)\/([^/]+)\/([^/]+)\/cartridge\.acx$/.exec(f.rel);
      return !f.unsafe && m && SEMVER_RE.test(m[3]!) ? [{ name: `${m[1]}/${m[2]}`, version: m[3]!, location: f.rel }] : [];
    });
    for (const c of ['ctxpkg', 'octx'] as const) {
      for (const f of await files.find(c, `package.${c}`)) {
        const p = f.unsafe ? undefined : parseCollectionPath(f.rel);
        if (p) listing.push({ name: p.name, version: p.version, location: f.rel });
      }
    }
    return listing;
  };
  // Made once: every name asked of the registry is looked up in the same listing.
  let listing: Promise<RegistryVersion[]> | undefined;
  const all = () => (listing ??= list());
  return {
    recorded,
    async versions(name) {
      const vs = await all();
      const exact = vs.filter((v) => v.name === name);
      // A full name (a cartridge's <publisher>/<id>, a ctxpkg name, an OCTX asset id) is itself.
      if (exact.length || name.includes('/')) return exact;
      const matching = vs.filter((v) => v.location.startsWith('cartridges/') && v.name.slice(v.name.indexOf('/') + 1) === name);
      const names = [...new Set(matching.map((v) => v.name))];
      if (names.length > 1) {
        fail('CTXFORGE_REGISTRY_AMBIGUOUS', `${name} is published by ${names.length} publishers in ${recorded}: ${names.join(', ')}`, { hint: `name one: ctxforge install ${names[0]}@<range> --registry ${recorded}` }, 2);
      }
      return matching;
    },
    async artifactPath(location) {
      if (unsafePathReason(location) || !isCoordinate(location)) unreachable(recorded, `${JSON.stringify(location)} is not a coordinate of this registry`);
      return files.local(location);
    },
    close: cleanup ?? (async () => undefined),
  };
}

const isCoordinate = (p: string) => /^cartridges\/[^/]+\/[^/]+\/[^/]+\/cartridge\.acx$/.test(p) || !!parseCollectionPath(p);

/** A git registry at a folder on disk: the reference's `registry/` folder inside a repository is found too. */
async function folderRegistry(dir: string, recorded: string): Promise<PackageRegistry> {
  let root = dir;
  const has = async (p: string) => (await lstat(join(root, p)).catch(() => undefined))?.isDirectory();
  if (!(await has('cartridges')) && (await lstat(join(dir, 'registry', 'cartridges')).catch(() => undefined))?.isDirectory()) root = join(dir, 'registry');
  if ((await lstat(root).catch(() => undefined))?.isSymbolicLink()) unreachable(recorded, 'is a symbolic link; it is not followed');
  return registryOver({ find: (c, suffix) => findFiles(root, c, suffix), local: async (location) => join(root, ...location.split('/')) }, recorded);
}

/** Why the gate does not clone `url`: not https, or a host that resolves to anything but public addresses. */
async function publicGitProblem(url: string): Promise<string | null> {
  let u: URL;
  try { u = new URL(url); } catch { return 'it is not a URL'; }
  const why = publicUrlProblem(u);
  if (why) return why;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const { lookup } = await import('node:dns/promises');
  const addrs = await lookup(host, { all: true }).catch(() => []);
  if (!addrs.length) return `${host} does not resolve`;
  const inside = addrs.find((a) => !isPublicAddress(a.address));
  return inside ? `${host} resolves to ${inside.address}, not a public address` : null;
}

async function gitRegistry(url: string, o: OpenOptions): Promise<PackageRegistry> {
  if (/^[\w.-]+@[\w.-]+:/.test(url) || /^(ssh|git):/i.test(url)) {
    if (o.fromLock) unreachable(url, 'a lock names git registries by https URL only');
  } else {
    let u: URL;
    try { u = new URL(url); } catch { unreachable(url, 'is not a URL'); }
    if (u.username || u.password) unreachable(url, 'a URL with credentials in it is never recorded in ctxforge.lock');
    if (o.fromLock && u.protocol !== 'https:' && !(u.protocol === 'http:' && /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(u.hostname)) && !(u.protocol === 'file:' && o.scope === 'user')) {
      unreachable(url, 'a lock names git registries by https URL (or a path inside the project)');
    }
  }
  if (o.publicOnly) {
    const why = await publicGitProblem(url);
    if (why) unreachable(url, `not cloned by the lock gate: ${why}`, 'the lock gate reaches registries over https on public addresses only');
  }
  // No await from here to the clone's spawn: the clone is running when this returns its promise, so a
  // caller's work in the meantime (outdated checking the lock) overlaps it.
  const dir = mkdtempSync(join(tmpdir(), 'ctxforge-registry-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    // A bare clone: nothing is checked out, so no smudge or process filter a repository's
    // .gitattributes names (and a machine's git config defines) ever runs on its content.
    // Versions need the tree alone: without the blobs a registry of many artifacts is a few KB to
    // fetch. A server that does not filter sends everything (git warns and goes on).
    const filter = o.versionsOnly ? ['--filter=blob:none'] : [];
    const cloning = execGit(dir, ['clone', '--quiet', '--bare', '--depth', '1', '--no-tags', ...filter, '--', url, 'r.git'], { timeout: 5 * 60_000, config: ['http.followRedirects=false'] });
    // The listing's sort needs the collator next: made while git clones, not after.
    localeOrder('', '');
    await cloning;
  } catch (e) {
    await cleanup();
    unreachable(url, `cannot be cloned: ${String((e as { stderr?: string }).stderr ?? (e as Error).message).trim().split('\n').at(-1)}`);
  }
  try {
    return registryOver(await cloneFiles(join(dir, 'r.git'), join(dir, 'artifacts'), url, !o.versionsOnly), url, cleanup);
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** Names compared one folder level at a time in the reference's order: the order findFiles walks a folder in. */
function referenceOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const c = localeOrder(x[i]!, y[i]!);
    if (c) return c;
  }
  return x.length - y.length;
}

/**
 * A bare clone's artifacts as registry files, listed from its HEAD's tree alone (`git ls-tree`:
 * outdated needs only the coordinates, so no artifact is written for it). The files are what a
 * checkout of the registry would offer: regular files at a coordinate (a link in the tree is never
 * listed, so never followed), under `registry/` when the top holds no cartridges. An artifact is
 * written out of the clone when install asks for it, once; a clone made for versions alone has no
 * artifact to give (asking for one would make git fetch it behind our back).
 */
async function cloneFiles(bare: string, dest: string, recorded: string, artifacts: boolean): Promise<RegistryFiles> {
  const list = await execGit(bare, ['ls-tree', '-r', '-z', '--full-tree', 'HEAD']);
  const blobs = new Map<string, string>();
  for (const rec of list.split('\0')) {
    const m = /^(?:100644|100755) blob ([0-9a-f]{40,64})\t((?:registry\/)?(?:cartridges|ctxpkg|octx)\/.+)$/.exec(rec);
    if (!m || unsafePathReason(m[2]!) || !isCoordinate(m[2]!.replace(/^registry\//, ''))) continue;
    blobs.set(m[2]!, m[1]!);
  }
  const paths = [...blobs.keys()];
  const prefix = !paths.some((p) => p.startsWith('cartridges/')) && paths.some((p) => p.startsWith('registry/cartridges/')) ? 'registry/' : '';
  const written = new Map<string, Promise<string>>();
  const write = async (path: string, oid: string): Promise<string> => {
    const target = join(dest, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    const n = neutralGit(['cat-file', 'blob', oid]);
    const child = spawn('git', n.args, { cwd: bare, env: n.env, stdio: ['ignore', 'pipe', 'ignore'] });
    const done = new Promise<number | null>((res, rej) => { child.on('error', rej); child.on('close', res); });
    await pipeline(child.stdout, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    if ((await done) !== 0) unreachable(recorded, `cannot read ${path} from the clone`);
    return target;
  };
  return {
    async find(collection, suffix) {
      const under = `${prefix}${collection}/`;
      return paths.filter((p) => p.startsWith(under) && p.endsWith(suffix)).map((p) => p.slice(prefix.length)).sort(referenceOrder).map((rel) => ({ rel, unsafe: null }));
    },
    local(location) {
      if (!artifacts) throw new Error(`internal: ${location} asked of a registry opened for versions only`);
      const path = prefix + location;
      const oid = blobs.get(path);
      // Not in the clone: a path where nothing is, as a folder registry answers (install says the file is missing).
      if (!oid) return Promise.resolve(join(dest, ...path.split('/')));
      let w = written.get(path);
      if (!w) written.set(path, (w = write(path, oid)));
      return w;
    },
  };
}

/** Opens the registry `spec` names: a folder, a git URL, or a scheme another module registered (oci://). */
export async function openRegistry(spec: string, o: OpenOptions): Promise<PackageRegistry> {
  for (const [prefix, open] of schemes) if (spec.startsWith(prefix)) return open(spec, o);
  if (/^oci:\/\//i.test(spec)) return (await import('./oci.js')).openOciRegistry(spec, o);
  if (isGitUrl(spec)) return gitRegistry(spec, o);
  if (o.fromLock) {
    if (isAbsolute(spec) && o.scope !== 'user') unreachable(spec, 'is outside the project; a committed lock never makes ctxforge read there');
    const why = isAbsolute(spec) ? null : unsafePathReason(spec);
    if (why) unreachable(spec, why);
    if (o.publicOnly || !isAbsolute(spec)) {
      // A path the lock records is read inside the project only, with no link on the way.
      const abs = resolve(o.root, spec);
      let cur = o.root;
      for (const part of relative(o.root, abs).split(sep)) {
        cur = join(cur, part);
        if ((await lstat(cur).catch(() => undefined))?.isSymbolicLink()) unreachable(spec, `${relative(o.root, cur)} is a symbolic link; it is not followed`);
      }
      return folderRegistry(abs, spec);
    }
  }
  const abs = resolve(o.cwd, spec);
  const st = await lstat(abs).catch(() => undefined);
  if (!st?.isDirectory()) unreachable(spec, st?.isSymbolicLink() ? 'is a symbolic link; it is not followed' : 'is neither a folder nor a git URL');
  const rel = relative(o.root, abs);
  const recorded = rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel) ? rel.split(sep).join('/') : abs;
  return folderRegistry(abs, recorded);
}
