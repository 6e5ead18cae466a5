// Atomic outputs: write to a temp file beside the target, then rename, so a reader (or a crash)
// sees the old file or the new one, never half of one.
import { open, rename, rm, link, unlink } from 'node:fs/promises';
import { closeSync, constants, fsync, close, lstatSync, openSync, rmSync, rmdirSync } from 'node:fs';
import { makeDirs } from './dirs.js';
import { dirname, basename, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DiagnosticError, error } from './diagnostics.js';

const WHY: Record<string, string> = {
  ENOSPC: 'no space left on the device', EDQUOT: 'the disk quota is exhausted', EFBIG: 'the file is larger than this process may write (file size limit)',
  EACCES: 'permission denied', EPERM: 'operation not permitted', EROFS: 'the file system is read-only', ENOTDIR: 'a parent of the path is not a directory',
  EISDIR: 'the path is a directory', ENAMETOOLONG: 'the path is too long', EIO: 'an I/O error occurred', EEXIST: 'the path already exists',
};

/** A failed write as the CLI reports it (CTXFORGE_IO, exit 2), not as an internal error with a stack. */
function asIoError(e: unknown, target: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (e instanceof DiagnosticError || typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return e;
  return new DiagnosticError(error('CTXFORGE_IO', `cannot write this file: ${WHY[code] ?? (e as Error).message} (${code}); nothing was written`,
    { file: target, hint: code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG' ? 'free space or choose another --out directory' : 'choose a writable --out directory' }), 2);
}

/**
 * Refuses to write at `target` when it, or a directory on the way to it, is a symbolic link: a
 * repository can commit `ctxforge.sarif -> ~/.bashrc` or `dist -> /elsewhere`, and a write that
 * followed it would land outside its place. Checked from `base` (the directory the path was given
 * relative to; default the working directory) down, each component with lstat; a target outside
 * `base` has its own directory and itself checked. Components that do not exist yet are made by us.
 */
export function refuseSymlinks(target: string, base: string = process.cwd()): void {
  const abs = resolve(target);
  const b = resolve(base);
  const rel = relative(b, abs);
  const inside = rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
  let cur = inside ? b : dirname(dirname(abs));
  for (const part of relative(cur, abs).split(sep).filter(Boolean)) {
    cur = join(cur, part);
    let link: boolean;
    try {
      link = lstatSync(cur).isSymbolicLink();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return;
      throw asIoError(e, target);
    }
    if (link) {
      throw new DiagnosticError(error('CTXFORGE_IO_SYMLINK', `refusing to write ${target}: ${cur === abs ? 'it is' : `${relative(b, cur) || cur} is`} a symbolic link; nothing was written`,
        { file: target, hint: 'outputs are never written through a symlink (a repository can commit one pointing anywhere): remove the link or choose another path' }), 2);
    }
  }
}

// Temp files still being written, removed if the process is interrupted (Ctrl-C, a CI job
// cancelled): a build of 50k files holds its temp file for seconds, and an interrupt must not leave
// it in the output directory. The signal is then re-raised, so the exit status still says so.
const live = new Map<string, { made: string | undefined; target: string }>();
let handling = false;

function onSignal(signal: NodeJS.Signals): void {
  for (const [path, t] of live) {
    try { rmSync(path, { force: true }); } catch { /* going away regardless */ }
    removeMadeDirs(t.made, t.target);
  }
  live.clear();
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
  process.kill(process.pid, signal);
}

/**
 * Tracked before the temp file or its directories exist, its record completed as they are made:
 * Node installs a signal's handler only when its first listener is added, so a signal landing
 * between a file's creation and the listener would kill the process with the file left behind.
 */
function track(path: string, target: string): { made: string | undefined; target: string } {
  const t = { made: undefined as string | undefined, target };
  live.set(path, t);
  if (!handling) {
    handling = true;
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  }
  return t;
}

function untrack(path: string): void {
  live.delete(path);
  if (live.size || !handling) return;
  handling = false;
  process.removeListener('SIGINT', onSignal);
  process.removeListener('SIGTERM', onSignal);
}

export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.ctxforge-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/**
 * Writes through a temp file: `produce` writes to the temp path, `check` (optional) may inspect it,
 * then it is renamed over `target`. On any failure the temp file is removed.
 */
export async function writeAtomic(
  target: string,
  produce: (tmpPath: string) => Promise<void>,
  opts: { mode?: number; check?: (tmpPath: string) => Promise<void>; base?: string } = {},
): Promise<void> {
  refuseSymlinks(target, opts.base);
  const tmp = tempPathFor(target);
  const tracked = track(tmp, target);
  try {
    // Synchronous, so that an interrupt is handled only once what it made is recorded.
    tracked.made = makeDirs(dirname(target));
  } catch (e) {
    untrack(tmp);
    throw asIoError(e, target);
  }
  try {
    await produce(tmp);
    if (opts.check) await opts.check(tmp);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => undefined);
    removeMadeDirs(tracked.made, target);
    throw asIoError(e, target);
  } finally {
    untrack(tmp);
  }
}

/**
 * A temp file beside `target`, open for positioned writes from any thread, for a writer that does
 * not write front to back (an archive written while it is validated). Published by commit() only;
 * discard() removes it, and the output directory too when this made it and it is still empty.
 */
export class TempOutput {
  readonly path: string;
  private fdOpen: number | undefined;
  private readonly created: string | undefined;

  constructor(readonly target: string, mode = 0o644, base?: string) {
    refuseSymlinks(target, base);
    this.path = tempPathFor(target);
    const tracked = track(this.path, target);
    try {
      this.created = tracked.made = makeDirs(dirname(target));
      this.fdOpen = openSync(this.path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    } catch (e) {
      untrack(this.path);
      removeMadeDirs(this.created, target);
      throw asIoError(e, target);
    }
  }

  get fd(): number {
    if (this.fdOpen === undefined) throw new Error('the temp output is closed');
    return this.fdOpen;
  }

  /** Syncs and closes on the thread pool: settles once the bytes are on disk (reads may overlap it). */
  durable(): Promise<void> {
    const fd = this.fd;
    this.fdOpen = undefined;
    return new Promise<void>((resolve, reject) => {
      fsync(fd, (err) => close(fd, (err2) => (err ?? err2 ? reject(asIoError(err ?? err2, this.target)) : resolve())));
    });
  }

  /** Renames the (synced, closed) temp file over the target. */
  async commit(): Promise<void> {
    try {
      await rename(this.path, this.target);
      untrack(this.path);
    } catch (e) {
      this.discard();
      throw asIoError(e, this.target);
    }
  }

  discard(): void {
    if (this.fdOpen !== undefined) {
      try { closeSync(this.fdOpen); } catch { /* closing is all that is left to do */ }
      this.fdOpen = undefined;
    }
    rmSync(this.path, { force: true });
    removeMadeDirs(this.created, this.target);
    untrack(this.path);
  }
}

/**
 * After a failure, the directories made for `target` (`made`: the first one mkdir made), innermost
 * first, each only if it is empty: a failed build leaves no trace, and never removes what another
 * writer put there meanwhile.
 */
function removeMadeDirs(made: string | undefined, target: string): void {
  if (!made) return;
  for (let dir = dirname(target); ; dir = dirname(dir)) {
    try { rmdirSync(dir); } catch { return; }
    if (dir === made || dirname(dir) === dir) return;
  }
}

export { asIoError };

export async function writeFileAtomic(target: string, data: Uint8Array | string, mode = 0o644, base?: string): Promise<void> {
  await writeAtomic(target, async (tmp) => {
    // A fresh name, created here: O_EXCL never opens what is there already, O_NOFOLLOW never a link.
    const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
    try {
      await fh.writeFile(data);
      await fh.chmod(mode);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }, base ? { base } : {});
}

/** Publishes `tmp` at `target` only if `target` does not exist (no overwrite, no race). */
export async function publishNoOverwrite(tmp: string, target: string): Promise<void> {
  await link(tmp, target);
  await unlink(tmp);
}
