// ctxforge's folders in the user's cache ($XDG_CACHE_HOME/ctxforge/<name>, else ~/.cache/…), and how
// a file in them is let back in. A cache file is something anything running as this user could
// have written, so it is data to check, never an authority: folders ctxforge makes are 0700 and an
// existing one is used only when it is a real directory (no symbolic link followed), owned by this
// user and writable by no one else; a file is read only when it is a regular file (opened
// O_NOFOLLOW) of this user's that no one else can write, and written 0600 through a fresh temp file
// renamed over it. (serve's search indexes and sync's stat cache live here.)
import { closeSync, constants as fsc, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { copyFile, open } from 'node:fs/promises';
import { writeAtomic, writeFileAtomic } from './atomic.js';
import { makeDirs } from './dirs.js';

/** $XDG_CACHE_HOME/ctxforge/<name> (an absolute XDG_CACHE_HOME only), else ~/.cache/ctxforge/<name>. */
export function userCacheFolder(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache');
  return join(base, 'ctxforge', name);
}

const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;

/** Why a folder or file at `path` (lstat'ed) cannot be trusted, or undefined. */
function distrust(st: { uid: number; mode: number }, what: string): string | undefined {
  // No owner or mode bits to judge where there is no uid (Windows).
  if (uid === undefined) return undefined;
  if (st.uid !== uid) return `${what} is owned by another user (uid ${st.uid})`;
  if (st.mode & 0o022) return `${what} is writable by ${st.mode & 0o020 ? 'its group' : 'others'} (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')})`;
  return undefined;
}

/**
 * The folder `dir` (ctxforge's own folder in the user's cache, e.g. userCacheFolder('index')), made
 * if missing (each folder ctxforge makes 0700), or why it is not used: a symbolic link, not a
 * directory, another user's, or writable by group or others. The folder above ctxforge's own
 * ($XDG_CACHE_HOME or ~/.cache) is the user's choice and is followed.
 */
export function trustedCacheDir(dir: string): { dir: string; why?: string } {
  const own = dirname(dir);
  try {
    makeDirs(dirname(own), 0o700);
  } catch (e) {
    return { dir, why: `${dirname(own)} cannot be made (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
  }
  for (const d of [own, dir]) {
    let st;
    try {
      st = lstatSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return { dir, why: `${d} cannot be read (${(e as NodeJS.ErrnoException).code})` };
      try { mkdirSync(d, 0o700); } catch (e2) { if ((e2 as NodeJS.ErrnoException).code !== 'EEXIST') return { dir, why: `${d} cannot be made (${(e2 as NodeJS.ErrnoException).code})` }; }
      st = lstatSync(d);
    }
    if (st.isSymbolicLink()) return { dir, why: `${d} is a symbolic link` };
    if (!st.isDirectory()) return { dir, why: `${d} is not a directory` };
    const bad = distrust(st, d);
    if (bad) return { dir, why: bad };
  }
  return { dir };
}

/** The cached file at `path`: a regular file (never through a link) of this user's that no one else can write, else undefined. */
export function readCached(path: string): Buffer | undefined {
  let fd: number;
  try {
    // Non-blocking: a FIFO in the file's place cannot hang the open.
    fd = openSync(path, fsc.O_RDONLY | fsc.O_NOFOLLOW | fsc.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || distrust(st, path)) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** Why the cached file with this status (of an open descriptor) is not let in, or undefined (readCached's rule). */
export function cachedFileProblem(st: { uid: number; mode: number; isFile(): boolean }, path: string): string | undefined {
  return st.isFile() ? distrust(st, path) : `${path} is not a regular file`;
}

/**
 * The file `from` copied to `path` as writeCached writes bytes (0600, a fresh temp file renamed over
 * it, in `dir` only), block by block: a cached file as large as a search index is never in memory.
 */
export async function copyCached(path: string, from: string, dir: string): Promise<void> {
  try { if (lstatSync(path).isSymbolicLink()) unlinkSync(path); } catch { /* none there */ }
  await writeAtomic(path, async (tmp) => {
    // COPYFILE_EXCL: the fresh name is created, never opened through a link or over a file.
    await copyFile(from, tmp, fsc.COPYFILE_EXCL);
    const fh = await open(tmp, fsc.O_RDONLY | fsc.O_NOFOLLOW);
    try {
      await fh.chmod(0o600);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }, { base: dir });
}

/** Written 0600 through a fresh temp file (O_EXCL, O_NOFOLLOW) renamed over `path`, in `dir` only. */
export async function writeCached(path: string, bytes: Uint8Array, dir: string): Promise<void> {
  // A link in the file's place (in a folder only this user can write) is removed, never written through.
  try { if (lstatSync(path).isSymbolicLink()) unlinkSync(path); } catch { /* none there */ }
  await writeFileAtomic(path, bytes, 0o600, dir);
}
