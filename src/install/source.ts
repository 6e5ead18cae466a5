// Getting the artifact to verify: a local file, a release folder (the package file SHA256SUMS
// names), or the same over http(s). A file's SHA-256 is checked against the release's SHA256SUMS
// here, before anything else reads it; downloads go to a temporary folder outside the project.
import { createWriteStream } from 'node:fs';
import { lstat, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable, Transform } from 'node:stream';
import { DiagnosticError, error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256File, sha256Hex } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';
import type { ArtifactInput } from '../format.js';
import { allFormats } from '../formats.js';
import type { LockSource } from './lock.js';
import type { Scope } from './hosts.js';
import { symlinkOnTheWay } from './apply.js';
import { printable } from './portable.js';

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

export interface AcquireOptions {
  cwd: string;
  /** The scope's root: a path inside it is recorded relative to it. */
  root: string;
  maxBytes?: number;
}

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
  const fst = await lstat(file).catch(() => undefined);
  if (!fst?.isFile()) fail('CTXFORGE_IO', `${file} is not a regular file`, { file }, 2);
  const { sha256, size } = await sha256File(file);
  if (release) checkListed(basename(file), sha256, release.sums, file);
  return {
    input: { label: file === abs ? spec : join(spec, basename(file)), path: file }, file: basename(file), sha256, size,
    source: { type: 'path', location: recordedPath(file, o.root) }, release, diagnostics: [], cleanup: async () => undefined,
  };
}

async function download(url: string, dest: string, max: number): Promise<boolean> {
  // A stalled server ends the download; the timer never keeps the process alive by itself.
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(new Error('no answer within 10 minutes')), 10 * 60_000);
  timer.unref();
  try {
    return await downloadWith(url, dest, max, ac.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function downloadWith(url: string, dest: string, max: number, signal: AbortSignal): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', signal });
  } catch (e) {
    fail('CTXFORGE_IO', `cannot download ${url}: ${(e as Error).message}${(e as { cause?: Error }).cause ? ` (${(e as { cause: Error }).cause.message})` : ''}`, { file: url }, 2);
  }
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
  try { url = new URL(spec); } catch { fail('CTXFORGE_USAGE', `${spec} is not a URL`, {}, 2); }
  if (url.username || url.password) fail('CTXFORGE_USAGE', 'a URL with credentials in it is not accepted (it would be recorded in ctxforge.lock)', { hint: 'serve the release without credentials in the URL' }, 2);
  url.hash = '';
  const diagnostics: Diagnostic[] = [];
  if (url.protocol === 'http:') diagnostics.push(warning('CTXFORGE_INSTALL_INSECURE_URL', `${url.href} is plain http: anyone on the way can change it, so only its verification protects it`, { file: url.href }));
  const dir = await mkdtemp(join(tmpdir(), 'ctxforge-install-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const max = o.maxBytes ?? DEFAULT_MAX;
    const folder = new URL('.', url);
    const fetchSmall = async (name: string) => (await download(new URL(name, folder).href, join(dir, name), SMALL_MAX)) ? readFile(join(dir, name)) : undefined;
    let name = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf('/') + 1));
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
    if (!(await download(url.href, path, max))) fail('CTXFORGE_IO', `cannot download ${url.href}: HTTP 404`, { file: url.href }, 2);
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
  return isUrl(spec) ? remote(spec, o) : local(spec, o);
}

/**
 * The artifact a lock entry names. A committed lock is repository content: in a project it may only
 * make ctxforge read a path inside the project (no link on the way) or an https URL (http only to
 * this machine), never a file elsewhere or a host of its choosing inside the network.
 */
export async function acquireLocked(src: LockSource, o: AcquireOptions & { scope: Scope }): Promise<Acquired> {
  if (src.type === 'url') {
    let u: URL;
    try { u = new URL(src.location); } catch { fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)} is not a URL`, {}, 2); }
    const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(u.hostname);
    if (!(u.protocol === 'https:' || (u.protocol === 'http:' && loopback))) {
      fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)} is not an https URL; a lock never makes ctxforge fetch from plain http`, { hint: 'install from an https URL' }, 2);
    }
    return remote(u.href, o);
  }
  if (isAbsolute(src.location)) {
    if (o.scope === 'project') {
      fail('CTXFORGE_USAGE', `the recorded source ${printable(src.location)} is outside the project; a committed lock never makes ctxforge read there`, {
        hint: `install it again by naming it (ctxforge install ${src.location}), or install from a release URL or a path inside the project`,
      }, 2);
    }
    return local(src.location, o);
  }
  const why = unsafePathReason(src.location);
  if (why) fail('CTXFORGE_LOCK_INVALID', `the recorded source ${printable(src.location)}: ${why}`, {}, 2);
  const link = symlinkOnTheWay(o.root, src.location);
  if (link) fail('CTXFORGE_IO_SYMLINK', `the recorded source passes through ${printable(link)}, a symbolic link; it is not followed`, { file: link }, 2);
  return local(join(o.root, ...src.location.split('/')), { ...o, cwd: o.root });
}

export { sha256Hex };
