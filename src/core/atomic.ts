// Atomic outputs: write to a temp file beside the target, then rename, so a reader (or a crash)
// sees the old file or the new one, never half of one.
import { open, rename, rm, link, unlink } from 'node:fs/promises';
import { closeSync, constants, fchmodSync, fstatSync, fsync, close, lstatSync, mkdirSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { makeDirs } from './dirs.js';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DiagnosticError, error } from './diagnostics.js';
import { sweepOnce, tempPathFor } from './stale-temps.js';

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
const live = new Map<string, { made: string | undefined; target: string; dir?: boolean }>();
let handling = false;

function onSignal(signal: NodeJS.Signals): void {
  for (const [path, t] of live) {
    try { rmSync(path, { force: true, recursive: !!t.dir }); } catch { /* going away regardless */ }
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
function track(path: string, target: string, dir = false): { made: string | undefined; target: string; dir?: boolean } {
  const t = { made: undefined as string | undefined, target, ...(dir ? { dir } : {}) };
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

export { tempPathFor };

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
  sweepOnce(dirname(target), tracked.made);
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
      sweepOnce(dirname(target), this.created);
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

/**
 * A scratch file beside `target` for `fn`: created empty here (exclusively, never through a link),
 * removed when `fn` ends or the process is interrupted, and named as the temp files of writeAtomic
 * are, so one left by a run killed with SIGKILL is swept by the next run into that folder. For a
 * writer that builds its output from a larger intermediate file (a cartridge's database before its
 * VACUUM INTO the output) without holding either in memory or writing outside the output folder.
 */
export async function withScratchBeside<R>(target: string, fn: (path: string) => Promise<R>): Promise<R> {
  const path = tempPathFor(target);
  track(path, target);
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600));
    return await fn(path);
  } catch (e) {
    throw asIoError(e, target);
  } finally {
    await rm(path, { force: true }).catch(() => undefined);
    untrack(path);
  }
}

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

// ---- many files at once ----

/** Files written at once by writeFilesAtomic / writeTreeAtomic: each one's path and bytes. */
/** A file's bytes, or a render of them made when the file is written (so a writer of many files need not hold them all). */
export type Bytes = Uint8Array | (() => Uint8Array);
export interface FileToWrite { target: string; data: Bytes }

/** Writes in flight on the thread pool: enough to keep its threads and the disk busy. */
const WRITES_IN_FLIGHT = 32;

const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** Creates `path` (never there before, never through a link) holding `data`, with exactly `mode`. */
async function createFile(path: string, data: Bytes, mode: number): Promise<void> {
  // A render is made here, as its file is written: only the files in flight are held at once.
  const bytes = typeof data === 'function' ? data() : data;
  const fh = await open(path, EXCLUSIVE, mode);
  try {
    await fh.writeFile(bytes);
    await fh.chmod(mode);
  } finally {
    await fh.close();
  }
}

/**
 * Whether the files of one tree come out of open() with exactly `mode`: the umask (or a folder's
 * default ACL) can only take bits away, so when the first file kept them all the rest do too, and
 * need no fchmod (a system call a file: 50,000 of them in a sync of 50,000 pages).
 */
class ModeKept {
  private known: boolean | undefined;
  constructor(private readonly mode: number) {}
  /** After the first file is created: asked once, of that file. */
  keeps(fd: number): boolean {
    this.known ??= (fstatSync(fd).mode & 0o7777) === this.mode;
    return this.known;
  }
}

/** createFile's synchronous twin, for the many small files of a tree (writeTreeAtomic): the bytes it wrote. */
function createFileSync(path: string, data: Bytes, mode: number, kept: ModeKept): Uint8Array {
  const bytes = typeof data === 'function' ? data() : data;
  const fd = openSync(path, EXCLUSIVE, mode);
  try {
    for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
    if (!kept.keeps(fd)) fchmodSync(fd, mode);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** `fn` on each item, WRITES_IN_FLIGHT at a time; the items are taken one by one from any iterable (no list of them is made). */
async function eachLimited<T>(items: Iterable<T>, fn: (x: T) => Promise<void>): Promise<void> {
  const it = items[Symbol.iterator]();
  let failed: unknown;
  const lane = async () => {
    while (failed === undefined) {
      const n = it.next();
      if (n.done) return;
      try { await fn(n.value); } catch (e) { failed ??= e; }
    }
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, lane));
  if (failed !== undefined) throw failed;
}

/**
 * Makes what was just written below `dir` durable: the file system holding it is flushed once
 * (`sync -f`, Linux's syncfs), which costs about what writing the data costs, where an fsync a
 * file costs a journal commit each (~1 ms a file: 50 s for 50 000 small files). Where `sync -f`
 * is not there, each file is synced, on the thread pool.
 */
async function makeDurable(dir: string, files: () => Iterable<string>): Promise<void> {
  if (process.platform === 'linux') {
    const r = spawnSync('sync', ['-f', dir], { stdio: 'ignore', timeout: 10 * 60_000 });
    if (r.status === 0) return;
  }
  await eachLimited(files(), async (f) => {
    const fh = await open(f, constants.O_RDONLY | constants.O_NOFOLLOW);
    try { await fh.sync(); } finally { await fh.close(); }
  });
}

/**
 * Writes many files, each atomically as writeFileAtomic does (a temp file beside it, renamed over
 * it: a reader sees the old file or the new one), for a writer of thousands of small files: the
 * temp files are written in parallel on the thread pool, made durable together (one flush of the
 * file system, not a journal commit each), then renamed into place. Every target is checked for
 * symlinks from `base` (each folder once), and its folders made. On a failure nothing more is
 * renamed and every temp file is removed (files already renamed stay: each is whole).
 */
export async function writeFilesAtomic(files: readonly FileToWrite[], mode = 0o644, base: string = process.cwd()): Promise<void> {
  if (!files.length) return;
  const checked = new Set<string>();
  const temps: { tmp: string; target: string }[] = [];
  const made: { made: string; target: string }[] = [];
  try {
    for (const f of files) {
      const dir = dirname(f.target);
      if (!checked.has(dir)) {
        refuseSymlinks(dir, base);
        const m = makeDirs(dir);
        if (m) made.push({ made: m, target: f.target });
        sweepOnce(dir, m);
        checked.add(dir);
      }
      // The target itself: never written through a link.
      refuseLinkAt(f.target, base);
      const tmp = tempPathFor(f.target);
      track(tmp, f.target);
      temps.push({ tmp, target: f.target });
    }
    await eachLimited(temps.map((t, i) => ({ ...t, data: files[i]!.data })), (t) => createFile(t.tmp, t.data, mode));
    await makeDurable(commonDir(files.map((f) => f.target)), () => temps.map((t) => t.tmp));
    for (const t of temps) {
      await rename(t.tmp, t.target);
      untrack(t.tmp);
    }
  } catch (e) {
    for (const t of temps) {
      if (!live.has(t.tmp)) continue;
      rmSync(t.tmp, { force: true });
      untrack(t.tmp);
    }
    for (const m of made.reverse()) removeMadeDirs(m.made, m.target);
    throw asIoError(e, files[0]!.target);
  }
}

/** lstat of the target itself: a symlink there is refused as refuseSymlinks refuses one. */
function refuseLinkAt(target: string, base: string): void {
  let link = false;
  try { link = lstatSync(target).isSymbolicLink(); } catch { return; }
  if (link) refuseSymlinks(target, base);
}

/** The deepest directory holding every path. */
function commonDir(paths: readonly string[]): string {
  let d = dirname(resolve(paths[0]!));
  for (const p of paths) {
    const r = resolve(p);
    while (d !== dirname(d) && !r.startsWith(d.endsWith(sep) ? d : `${d}${sep}`)) d = dirname(d);
  }
  return d;
}

/**
 * Writes a new directory tree whole: every file into a temp directory beside `target` (one after
 * another on this thread, made durable together), which is then renamed to `target`, so the tree
 * appears complete or not at all. `target` must not exist (or be an empty directory, which the
 * rename replaces). `files` maps paths inside the tree (checked safe by the caller) to their bytes.
 * A file's place on disk is made as its write starts: nothing a file is listed besides `files`
 * (a sync of 50k pages held a list of every temp path, issue 39). `onWritten` is told each file's
 * path in the tree and bytes once they are written (in the temp directory).
 */
export async function writeTreeAtomic(target: string, files: ReadonlyMap<string, Bytes>, mode = 0o644, onWritten?: (rel: string, bytes: Uint8Array) => void): Promise<void> {
  refuseSymlinks(target, dirname(resolve(target)));
  const tmp = tempPathFor(target);
  const tracked = track(tmp, target, true);
  try {
    tracked.made = makeDirs(dirname(target));
    sweepOnce(dirname(target), tracked.made);
    mkdirSync(tmp);
    const dirs = new Set<string>();
    // A file's folders are made (synchronously: no two lanes make one) before its open.
    const placed = (rel: string): string => {
      for (let i = rel.indexOf('/'); i >= 0; i = rel.indexOf('/', i + 1)) {
        const d = rel.slice(0, i);
        if (!dirs.has(d)) { mkdirSync(join(tmp, ...d.split('/'))); dirs.add(d); }
      }
      return join(tmp, ...rel.split('/'));
    };
    // Written here, one file after another: a tree's files are small and many, and four pool threads
    // creating files in one folder spend their time waiting on the folder's lock and on each other
    // (sync of 50,000 pages into tmpfs: 11.1–11.7 s on the pool, 9.5–9.8 s here; issue 39).
    const keeps = new ModeKept(mode);
    for (const [rel, data] of files) {
      const bytes = createFileSync(placed(rel), data, mode, keeps);
      onWritten?.(rel, bytes);
    }
    await makeDurable(tmp, () => [...files.keys()].map((rel) => join(tmp, ...rel.split('/'))));
    await rename(tmp, target);
    untrack(tmp);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    removeMadeDirs(tracked.made, target);
    untrack(tmp);
    throw asIoError(e, target);
  }
}
