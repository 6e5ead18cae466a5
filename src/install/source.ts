// Getting the artifact to verify: a local file, a release folder (the package file SHA256SUMS
// names), or the same over http(s). Either way the artifact is copied once into a private temporary
// folder outside the project, and that copy is what is hashed, checked against the release's
// SHA256SUMS, verified and read as documents: a file changed on disk meanwhile changes nothing.
import { constants, createWriteStream } from 'node:fs';
import { lstat, mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { DiagnosticError, error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { createHash } from 'node:crypto';
import { sha256File, sha256Hex } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';
import type { ArtifactInput } from '../format.js';
import { allFormats } from '../formats.js';
import type { LockSource } from './lock.js';
import type { Scope } from './hosts.js';
import { symlinkOnTheWay } from './apply.js';
import { printable } from './portable.js';
import { publicGet, publicUrlProblem } from '../core/public-get.js';
import { isOciSpec } from '../oci/ref.js';
import { openRegistry } from '../registry/resolve.js';

export const CHECKSUMS_FILE = 'SHA256SUMS';
export const CHECKSUMS_SIGNATURE = 'SHA256SUMS.minisig';
const SMALL_MAX = 1 << 20;
const DEFAULT_MAX = 4 * 2 ** 30;

export interface ReleaseFiles {
  /** SHA256SUMS as published. */
  sums: Buffer;
  /** SHA256SUMS.minisig, when the release has one. */
  minisig?: string;
}

export interface Acquired {
  input: ArtifactInput;
  /** The artifact's file name. */
  file: string;
  sha256: string;
  size: number;
  /** What the lock records as the source (the release part is added once it is verified). */
  source: LockSource;
  release?: ReleaseFiles;
  diagnostics: Diagnostic[];
  cleanup(): Promise<void>;
}

/**
 * Which URLs a download may reach, checked for the first URL and again at every redirect: why `url`
 * is refused, or null. `from` is the URL that redirected there (null for the first).
 */
export type UrlPolicy = (url: URL, from: URL | null) => string | null;

export interface AcquireOptions {
  cwd: string;
  /** The scope's root: a path inside it is recorded relative to it. */
  root: string;
  maxBytes?: number;
  /** Default: http or https, and never from https down to http. */
  urlPolicy?: UrlPolicy;
  /**
   * The pull-request lock gate: a URL is fetched only over https from a public address (checked at
   * every hop and where the connection is made), within GATE_TIMEOUT_MS a download.
   */
  publicOnly?: boolean;
  /** For registry credentials (DOCKER_CONFIG, HOME). */
  env?: NodeJS.ProcessEnv;
}

/** How the lock gate downloads: what it may reach, how it connects, how long it waits. */
interface Getter { policy: UrlPolicy; get: (url: string, signal: AbortSignal) => Promise<Response>; timeoutMs: number }

const GATE_TIMEOUT_MS = 2 * 60_000;
const plainGet = (url: string, signal: AbortSignal) => fetch(url, { redirect: 'manual', signal });

const MAX_REDIRECTS = 5;
const isLoopback = (u: URL) => /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(u.hostname);

/** A URL named on the command line: http(s), and a redirect never leaves https for plain http. */
export const commandLinePolicy: UrlPolicy = (u, from) => {
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `${u.protocol} is neither https nor http`;
  if (u.username || u.password) return 'it has credentials in it';
  if (from?.protocol === 'https:' && u.protocol === 'http:') return 'it leaves https for plain http';
  return null;
};

/** A URL a lock recorded (repository content): https, or http only to this machine — at every hop. */
export const lockPolicy: UrlPolicy = (u, from) => {
  const why = commandLinePolicy(u, from);
  if (why) return why;
  return u.protocol === 'https:' || isLoopback(u) ? null : 'a lock never makes ctxforge fetch plain http from another machine';
};

const isUrl = (s: string) => /^https?:\/\//i.test(s);
const isArtifactName = (n: string) => allFormats().some((m) => n.endsWith(m.extension));

/** SHA256SUMS lines (`<hex>  <name>`, text or binary mode): name → sha256. */
export function parseSums(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.replace(/\r$/, ''));
    if (m && !m[2]!.includes('/') && !m[2]!.includes('\\')) out.set(m[2]!, m[1]!);
  }
  return out;
}

function pickPackage(sums: Map<string, string>, where: string): string {
  const names = [...sums.keys()].filter(isArtifactName);
  if (names.length === 1) return names[0]!;
  if (!names.length) fail('CTXFORGE_USAGE', `${where}: ${CHECKSUMS_FILE} lists no .acx, .ctxpkg or .octx file`, { file: where }, 2);
  fail('CTXFORGE_USAGE', `${where} holds ${names.length} packages (${names.map(printable).join(', ')}); name the one to install`, { file: where, hint: `e.g. ctxforge install ${join(where, names[0]!)}` }, 2);
}

function checkListed(file: string, sha256: string, sums: Buffer, label: string): void {
  const want = parseSums(sums.toString('utf8')).get(file);
  if (want !== undefined && want !== sha256) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `SHA-256 ${sha256} is not the ${want} that ${CHECKSUMS_FILE} lists for ${printable(file)}; nothing was written`, {
      file: label, hint: 'the file was changed or damaged after the release was made: download it again from the release',
    }), 1);
  }
}

async function readSmall(path: string): Promise<Buffer | undefined> {
  const st = await lstat(path).catch(() => undefined);
  if (!st) return undefined;
  if (!st.isFile()) fail('CTXFORGE_IO', `${path} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; it is not read`, { file: path }, 2);
  if (st.size > SMALL_MAX) fail('CTXFORGE_IO', `${path} is larger than ${SMALL_MAX} bytes`, { file: path }, 2);
  return readFile(path);
}

/** Records a local path as the lock holds it: relative to the root when inside it, else absolute. */
export function recordedPath(abs: string, root: string): string {
  const rel = relative(root, abs);
  return rel && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel) ? rel.split(sep).join('/') : abs;
}

async function local(spec: string, o: AcquireOptions): Promise<Acquired> {
  const abs = resolve(o.cwd, spec);
  const st = await lstat(abs).catch(() => undefined);
  if (!st) fail('CTXFORGE_IO', `${spec}: no such file or directory`, { file: spec }, 2);
  let file = abs;
  let release: ReleaseFiles | undefined;
  if (st.isDirectory()) {
    const sums = await readSmall(join(abs, CHECKSUMS_FILE));
    if (!sums) fail('CTXFORGE_USAGE', `${spec} is a folder without ${CHECKSUMS_FILE}: name the package file, or a release folder`, { file: spec }, 2);
    file = join(abs, pickPackage(parseSums(sums.toString('utf8')), spec));
    release = { sums, minisig: (await readSmall(join(abs, CHECKSUMS_SIGNATURE)))?.toString('utf8') };
  } else if (!st.isFile()) {
    fail('CTXFORGE_IO', `${spec} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; it is not read`, { file: spec }, 2);
  } else {
    // A package file downloaded with its release: the release's checksum and signature apply too.
    const sums = await readSmall(join(dirname(abs), CHECKSUMS_FILE)).catch(() => undefined);
    if (sums && parseSums(sums.toString('utf8')).has(basename(abs))) {
      release = { sums, minisig: (await readSmall(join(dirname(abs), CHECKSUMS_SIGNATURE)).catch(() => undefined))?.toString('utf8') };
    }
  }
  const label = file === abs ? spec : join(spec, basename(file));
  const dir = await mkdtemp(join(tmpdir(), 'ctxforge-install-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const { path, sha256, size } = await privateCopy(file, join(dir, 'artifact'), o.maxBytes ?? DEFAULT_MAX);
    if (release) checkListed(basename(file), sha256, release.sums, file);
    return {
      input: { label, path }, file: basename(file), sha256, size,
      source: { type: 'path', location: recordedPath(file, o.root) }, release, diagnostics: [], cleanup,
    };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * Copies a local artifact into `dest` (mode 0600, in a folder only this user reads), hashing the
 * bytes as they are copied. The source is opened without following a link and must be a regular
 * file; from here on only the copy is read, so what was hashed is what is verified and installed.
 */
async function privateCopy(src: string, dest: string, max: number): Promise<{ path: string; sha256: string; size: number }> {
  let fh;
  try {
    fh = await open(src, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    fail('CTXFORGE_IO', `${src} ${code === 'ELOOP' ? 'is a symbolic link; it is not read' : `cannot be read (${code ?? (e as Error).message})`}`, { file: src }, 2);
  }
  try {
    if (!(await fh.stat()).isFile()) fail('CTXFORGE_IO', `${src} is not a regular file`, { file: src }, 2);
    const h = createHash('sha256');
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _e, cb) {
        size += chunk.length;
        h.update(chunk);
        cb(size > max ? new Error(`larger than ${max} bytes`) : null, chunk);
      },
    });
    try {
      await pipeline(fh.createReadStream({ autoClose: false, highWaterMark: 1 << 20 }), tap, createWriteStream(dest, { flags: 'wx', mode: 0o600 }));
    } catch (e) {
      fail('CTXFORGE_IO', `cannot read ${src}: ${(e as Error).message}`, { file: src }, 2);
    }
    return { path: dest, sha256: h.digest('hex'), size };
  } finally {
    await fh.close();
  }
}

async function download(url: string, dest: string, max: number, g: Getter): Promise<boolean> {
  // A stalled server ends the download; the timer never keeps the process alive by itself.
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error(`no answer within ${g.timeoutMs / 60_000} minutes`)), g.timeoutMs);
  timer.unref();
  try {
    return await downloadWith(url, dest, max, g, ac.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** GETs `url`, following at most MAX_REDIRECTS redirects by hand, each target checked by `policy` before it is asked. */
async function fetchChecked(url: string, g: Getter, signal: AbortSignal): Promise<Response> {
  let cur = new URL(url);
  let from: URL | null = null;
  for (let hop = 0; ; hop++) {
    const why = g.policy(cur, from);
    if (why) {
      throw new DiagnosticError(error('CTXFORGE_INSTALL_REDIRECT', from ? `${printable(from.href)} redirects to ${printable(cur.href)}, which is not followed: ${why}` : `${printable(cur.href)} is not fetched: ${why}`, {
        file: url, hint: 'download the release by hand and install the file, or ask the publisher for a direct https URL',
      }), 2);
    }
    let res: Response;
    try {
      res = await g.get(cur.href, signal);
    } catch (e) {
      fail('CTXFORGE_IO', `cannot download ${printable(cur.href)}: ${(e as Error).message}${(e as { cause?: Error }).cause ? ` (${(e as { cause: Error }).cause.message})` : ''}`, { file: url }, 2);
    }
    if (![301, 302, 303, 307, 308].includes(res.status)) return res;
    await res.body?.cancel().catch(() => undefined);
    const location = res.headers.get('location');
    let next: URL | undefined;
    try { next = location ? new URL(location, cur) : undefined; } catch { next = undefined; }
    if (!next) fail('CTXFORGE_IO', `cannot download ${printable(cur.href)}: HTTP ${res.status} without a usable Location`, { file: url }, 2);
    if (hop >= MAX_REDIRECTS) fail('CTXFORGE_IO', `cannot download ${printable(url)}: more than ${MAX_REDIRECTS} redirects`, { file: url }, 2);
    next.hash = '';
    from = cur;
    cur = next;
  }
}

async function downloadWith(url: string, dest: string, max: number, g: Getter, signal: AbortSignal): Promise<boolean> {
  const res = await fetchChecked(url, g, signal);
  if (!res.ok || !res.body) {
    // An unread body holds its connection open.
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 404) return false;
    fail('CTXFORGE_IO', `cannot download ${url}: HTTP ${res.status}`, { file: url }, 2);
  }
  let n = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _e, cb) {
      n += chunk.length;
      cb(n > max ? new Error(`larger than ${max} bytes`) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(res.body as never), cap, createWriteStream(dest, { flags: 'wx', mode: 0o600 }));
  } catch (e) {
    fail('CTXFORGE_IO', `cannot download ${url}: ${(e as Error).message}`, { file: url }, 2);
  }
  return true;
}

async function remote(spec: string, o: AcquireOptions): Promise<Acquired> {
  let url: URL;
  try { url = new URL(spec); } catch { fail('CTXFORGE_USAGE', `${printable(spec)} is not a URL`, {}, 2); }
  if (url.username || url.password) fail('CTXFORGE_USAGE', 'a URL with credentials in it is not accepted (it would be recorded in ctxforge.lock)', { hint: 'serve the release without credentials in the URL' }, 2);
  url.hash = '';
  const policy = o.urlPolicy ?? commandLinePolicy;
  const getter: Getter = o.publicOnly
    ? { policy: (u, from) => policy(u, from) ?? publicUrlProblem(u), get: publicGet, timeoutMs: GATE_TIMEOUT_MS }
    : { policy, get: plainGet, timeoutMs: 10 * 60_000 };
  const diagnostics: Diagnostic[] = [];
  if (url.protocol === 'http:') diagnostics.push(warning('CTXFORGE_INSTALL_INSECURE_URL', `${url.href} is plain http: anyone on the way can change it, so only its verification protects it`, { file: url.href }));
  const dir = await mkdtemp(join(tmpdir(), 'ctxforge-install-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const max = o.maxBytes ?? DEFAULT_MAX;
    const folder = new URL('.', url);
    const fetchSmall = async (name: string) => (await download(new URL(name, folder).href, join(dir, name), SMALL_MAX, getter)) ? readFile(join(dir, name)) : undefined;
    let name: string;
    try {
      name = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
    } catch {
      fail('CTXFORGE_USAGE', `${printable(url.href)} does not name a package file (its last segment is not valid percent-encoding)`, { file: url.href }, 2);
    }
    const sums = await fetchSmall(CHECKSUMS_FILE);
    if (!name) {
      if (!sums) fail('CTXFORGE_USAGE', `${url.href} has no ${CHECKSUMS_FILE}: name the package file's URL`, { file: url.href }, 2);
      name = pickPackage(parseSums(sums.toString('utf8')), url.href);
      url = new URL(encodeURIComponent(name), folder);
    }
    if (!name || name.includes('/') || unsafePathReason(name)) fail('CTXFORGE_USAGE', `${url.href} does not name a package file`, { file: url.href }, 2);
    const listed = sums !== undefined && parseSums(sums.toString('utf8')).has(name);
    const release = listed ? { sums: sums!, minisig: (await fetchSmall(CHECKSUMS_SIGNATURE))?.toString('utf8') } : undefined;
    const path = join(dir, 'artifact');
    if (!(await download(url.href, path, max, getter))) fail('CTXFORGE_IO', `cannot download ${url.href}: HTTP 404`, { file: url.href }, 2);
    const { sha256, size } = await sha256File(path);
    if (release) checkListed(name, sha256, release.sums, url.href);
    return { input: { label: url.href, path }, file: name, sha256, size, source: { type: 'url', location: url.href }, release, diagnostics, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** Fetches (when remote) and checksums an artifact named on the command line. */
export async function acquire(spec: string, o: AcquireOptions): Promise<Acquired> {
  if (isOciSpec(spec)) {
    const { acquireOci } = await import('./oci-source.js');
    return acquireOci(spec, { cwd: o.cwd, root: o.root, env: o.env, record: (abs) => recordedPath(abs, o.root) });
  }
  return isUrl(spec) ? remote(spec, o) : local(spec, o);
}

/**
 * The artifact a lock entry names. A committed lock is repository content: in a project it may only
 * make ctxforge read a path inside the project (no link on the way) or an https URL (http only to
 * this machine), never a file elsewhere or a host of its choosing inside the network.
 */
export async function acquireLocked(src: LockSource, o: AcquireOptions & { scope: Scope }): Promise<Acquired> {
  if (src.type === 'oci') {
    const { acquireLockedOci } = await import('./oci-source.js');
    return acquireLockedOci(src, { cwd: o.root, root: o.root, env: o.env, scope: o.scope, publicOnly: o.publicOnly, checkLayoutDir: (dir) => lockedLocalPath(dir, o) });
  }
  if (src.type === 'registry') return fromRegistry(src, o);
  if (src.type === 'url') {
    let u: URL;
    try { u = new URL(src.location); } catch { fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)} is not a URL`, {}, 2); }
    if (lockPolicy(u, null)) {
      fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)} is not an https URL; a lock never makes ctxforge fetch from plain http`, { hint: 'install from an https URL' }, 2);
    }
    const inside = o.publicOnly ? publicUrlProblem(u) : null;
    if (inside) fail('CTXFORGE_INSTALL_REDIRECT', `the recorded source ${printable(src.location)} is not fetched: ${inside}`, { file: src.location, hint: 'vendor the artifact into the repository, or record a public https URL' }, 2);
    return remote(u.href, { ...o, urlPolicy: lockPolicy });
  }
  const path = lockedLocalPath(src.location, o);
  return local(path, isAbsolute(src.location) ? o : { ...o, cwd: o.root });
}

/** A path a lock records, as it may be read: inside the project (no link on the way), or anywhere for a user's own lock. */
function lockedLocalPath(location: string, o: AcquireOptions & { scope: Scope }): string {
  if (isAbsolute(location)) {
    if (o.scope === 'project') {
      fail('CTXFORGE_USAGE', `the recorded source ${printable(location)} is outside the project; a committed lock never makes ctxforge read there`, {
        hint: `install it again by naming it (ctxforge install ${location}), or install from a release URL or a path inside the project`,
      }, 2);
    }
    return location;
  }
  const why = unsafePathReason(location);
  if (why) fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(location)}: ${why}`, {}, 2);
  const link = symlinkOnTheWay(o.root, location);
  if (link) fail('CTXFORGE_IO_SYMLINK', `the recorded source passes through ${printable(link)}, a symbolic link; it is not followed`, { file: link }, 2);
  return join(o.root, ...location.split('/'));
}

/**
 * The artifact at a git registry coordinate a lock records: the registry opened under the lock's
 * rules (https, or a path inside the project; public addresses only in the gate), the artifact
 * copied privately like any local file. The caller checks the recorded SHA-256 and the pinned key.
 */
async function fromRegistry(src: LockSource, o: AcquireOptions & { scope: Scope }): Promise<Acquired> {
  if (!src.registry) fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)} names no registry`, {}, 2);
  const reg = await openRegistry(src.registry, { cwd: o.root, root: o.root, fromLock: true, publicOnly: o.publicOnly, scope: o.scope });
  try {
    const acq = await local(await reg.artifactPath(src.location), { ...o, cwd: o.root });
    return { ...acq, input: { ...acq.input, label: `${src.registry}:${src.location}` }, source: { ...src } };
  } finally {
    await reg.close();
  }
}

export { sha256Hex };
