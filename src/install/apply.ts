// Writing an install into host folders so that an interruption leaves the old state or the new:
// every folder a package owns is built complete in a staging folder beside it (with whatever the
// user put in the old one carried over), a journal names the swaps, each folder is swapped in by
// rename, and the lock is written last. A journal left by a killed process is completed by the next
// command — only if it is where no commit or download can put it (context.ts), is the user's own
// file, is bound to the lock on disk and names only folders a lock owns, since a journal that
// completes deletes folders. Nothing is ever written, moved or deleted through a symbolic link, in
// an install or in the completion of one, and nothing the lock does not record as the package's is
// overwritten or removed without --force.
import { constants, fchmodSync, lstatSync, statSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeSync, openSync, closeSync, copyFileSync, fsyncSync, unlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { makeDirs } from '../core/dirs.js';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { parseJson } from '../core/strict-json.js';
import { sweepStaleDirs, writerTag } from '../core/stale-temps.js';
import { folderProblem, parseLock, type Lock, type LockedFile } from './lock.js';
import type { PlannedFile } from './plan.js';
import type { Scope } from './hosts.js';
import { printable } from './portable.js';
import { canonicalLinkAt, type LockLink } from './layout.js';

export interface FolderChange {
  /** Root-relative folder the change is about. */
  folder: string;
  /** The package files it holds afterwards (root-relative paths), or null when no package owns it any more. */
  files: PlannedFile[] | null;
  /** The files the old lock records in it. */
  old: LockedFile[];
}

export interface ApplyOptions {
  root: string;
  scope: Scope;
  lockPath: string;
  /** Where the install journal is kept (see context.ts: never where a commit can put it). */
  journalPath: string;
  /** The lock text to write once every folder is in place (undefined: the lock is not rewritten). */
  lockText?: string;
  force?: boolean;
  dryRun?: boolean;
  /** Links of the shared layout (layout.ts) to make once the folders are in place, and recorded ones to remove before. */
  links?: { make: LockLink[]; unmake: LockLink[] };
}

export interface ApplyResult {
  written: string[];
  removed: string[];
  unchanged: number;
  /** Files and folders the user put in a package's folder, kept where they are. */
  kept: string[];
  folders: { folder: string; action: 'create' | 'update' | 'remove' | 'unchanged' }[];
  diagnostics: Diagnostic[];
}

type Kind = 'file' | 'dir' | 'symlink' | 'other';
interface Entry { rel: string; kind: Kind }

const STAGE = '.ctxforge-stage-';
const OLD = '.ctxforge-old-';

/** What is at `abs`, never following a link (null: nothing). */
export function lkind(abs: string): Kind | null {
  try {
    const st = lstatSync(abs);
    return st.isSymbolicLink() ? 'symlink' : st.isFile() ? 'file' : st.isDirectory() ? 'dir' : 'other';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw e;
  }
}

/** Every entry below `abs` (never following a link), relative to it, parents before children. */
export function walk(abs: string): Entry[] {
  const out: Entry[] = [];
  const go = (dir: string, prefix: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => compareUtf8(a.name, b.name))) {
      const rel = prefix ? `${prefix}/${d.name}` : d.name;
      const kind: Kind = d.isSymbolicLink() ? 'symlink' : d.isFile() ? 'file' : d.isDirectory() ? 'dir' : 'other';
      out.push({ rel, kind });
      if (kind === 'dir') go(join(dir, d.name), rel);
    }
  };
  go(abs, '');
  return out;
}

/** The first component from `root` down to `abs` (exclusive of root) that is a symbolic link. */
export function symlinkOnTheWay(root: string, rel: string): string | null {
  let cur = root;
  let sofar = '';
  for (const part of rel.split('/')) {
    cur = join(cur, part);
    sofar = sofar ? `${sofar}/${part}` : part;
    const k = lkind(cur);
    if (k === null) return null;
    if (k === 'symlink') return sofar;
  }
  return null;
}

const symlinkRefusal = (at: string, what: string) =>
  error('CTXFORGE_IO_SYMLINK', `${printable(at)} is a symbolic link; ${what} is never written through one, nothing was written`, {
    file: at, hint: 'a committed link can point anywhere: replace it with a real folder (or remove it) and install again',
  });

interface Prepared {
  change: FolderChange;
  abs: string;
  exists: boolean;
  /** Package files to write into the new folder (paths relative to the folder). */
  write: { rel: string; bytes: Buffer; mode?: string }[];
  /** Entries of the old folder carried into the new one. */
  carry: Entry[];
  action: 'create' | 'update' | 'remove' | 'unchanged';
  written: string[];
  removed: string[];
  /** A link of the shared layout where the folder goes, replaced as a link (--force): unlinked before the swap. */
  unlink?: boolean;
}

function inspect(root: string, ch: FolderChange, force: boolean, diags: Diagnostic[]): Prepared | undefined {
  const abs = join(root, ...ch.folder.split('/'));
  const link = symlinkOnTheWay(root, ch.folder);
  // A link of the shared layout is replaced as a link with --force (never written through); any other link is refused.
  // A package folder that goes, where a link of the shared layout now is (another tool replaced the
  // folder by one): nothing of the package is left there to remove, and the link is not removed.
  if (link === ch.folder && ch.files === null && canonicalLinkAt(root, ch.folder) !== null) {
    return { change: ch, abs, exists: true, write: [], carry: [], action: 'unchanged', written: [], removed: [] };
  }
  const replaceLink = link === ch.folder && force && ch.files !== null && canonicalLinkAt(root, ch.folder) !== null;
  if (link && !replaceLink) {
    diags.push(link === ch.folder && canonicalLinkAt(root, ch.folder) !== null
      ? error('CTXFORGE_INSTALL_FOREIGN', `${printable(link)} is a link to its canonical folder ${printable(readlinkSync(abs))} (the layout npx skills makes); the package's folder is never written through it, nothing was written`, {
        file: link, hint: 'install with --link to keep that layout (one copy in .agents/skills for every host), or --force to replace the link by a folder',
      })
      : symlinkRefusal(link, 'a package folder'));
    return undefined;
  }
  const kind = replaceLink ? null : lkind(abs);
  const desired = new Map((ch.files ?? []).map((f) => [f.path.slice(ch.folder.length + 1), f]));
  const old = new Map(ch.old.map((f) => [f.path.slice(ch.folder.length + 1), f]));
  const prep: Prepared = { change: ch, abs, exists: kind !== null, write: [], carry: [], action: 'unchanged', written: [], removed: [], ...(replaceLink ? { unlink: true } : {}) };
  if (kind !== null && kind !== 'dir' && (!force || ch.files === null)) {
    diags.push(error('CTXFORGE_INSTALL_FOREIGN', `${printable(ch.folder)} is ${kind === 'file' ? 'a file' : `a ${kind}`} where the package's folder goes; it is not overwritten`, {
      file: ch.folder, hint: 'move it away, or pass --force to replace it',
    }));
    return undefined;
  }
  const entries = kind === 'dir' ? walk(abs) : [];
  const onDisk = new Map(entries.map((e) => [e.rel, e]));
  const sums = new Map<string, string>();
  const digest = (rel: string) => {
    let s = sums.get(rel);
    if (s === undefined) { s = sha256Hex(readFileSync(join(abs, ...rel.split('/')))); sums.set(rel, s); }
    return s;
  };
  // A file is the one recorded when its bytes and its mode are (a changed mode is drift, and rewritten).
  const modeOf = (rel: string) => (lstatSync(join(abs, ...rel.split('/'))).mode & 0o7777).toString(8).padStart(4, '0');
  const same = (rel: string, sha: string, mode = '0644') => onDisk.get(rel)?.kind === 'file' && digest(rel) === sha && modeOf(rel) === mode;

  // Files the package owned: an edit is the user's, never lost without --force.
  for (const [rel, f] of old) {
    const e = onDisk.get(rel);
    if (!e || same(rel, f.sha256, f.mode)) continue;
    const want = desired.get(rel);
    if (want && same(rel, want.sha256, want.mode)) continue;
    if (!force) {
      diags.push(error('CTXFORGE_INSTALL_MODIFIED', `${printable(f.path)} was ${e.kind === 'file' ? 'edited' : `replaced by a ${e.kind}`} since it was installed; it is not ${want ? 'overwritten' : 'removed'}`, {
        file: f.path, hint: 'keep your change elsewhere, or pass --force to discard it',
      }));
    }
  }
  // Everything else in the folder is the user's: carried into the new folder, unless the package
  // needs its place (refused without --force).
  const parents = new Set<string>();
  for (const r of desired.keys()) for (let i = r.indexOf('/'); i >= 0; i = r.indexOf('/', i + 1)) parents.add(r.slice(0, i));
  for (const e of entries) {
    if (old.has(e.rel)) continue;
    const want = desired.get(e.rel);
    if (e.kind === 'dir' && !want) { prep.carry.push(e); continue; }
    if (want && same(e.rel, want.sha256, want.mode)) continue;
    if (want || parents.has(e.rel)) {
      if (!force) {
        diags.push(error('CTXFORGE_INSTALL_FOREIGN', `${printable(`${ch.folder}/${e.rel}`)} is not recorded in ctxforge.lock as the package's, and the package would ${want ? 'overwrite it' : 'need a folder there'}`, {
          file: `${ch.folder}/${e.rel}`, hint: 'move it away, or pass --force to replace it',
        }));
      }
      continue;
    }
    if (e.kind === 'other') { diags.push(warning('CTXFORGE_INSTALL_FOREIGN', `${printable(`${ch.folder}/${e.rel}`)} is neither a file, a folder nor a link, and is not carried over`, { file: `${ch.folder}/${e.rel}` })); continue; }
    prep.carry.push(e);
  }
  // A user's entry under a path the package takes over with --force is not carried either.
  prep.carry = prep.carry.filter((e) => ![...desired.keys()].some((d) => e.rel.startsWith(`${d}/`)));
  // A folder that only held the package's old files goes with them; an empty folder of the user's stays.
  const oldParents = new Set<string>();
  for (const r of old.keys()) for (let i = r.indexOf('/'); i >= 0; i = r.indexOf('/', i + 1)) oldParents.add(r.slice(0, i));
  const keptFiles = prep.carry.filter((e) => e.kind !== 'dir');
  // The package's own subfolders are the package's, not yours, unless they hold something of yours.
  prep.carry = prep.carry.filter((e) => e.kind !== 'dir' || !(oldParents.has(e.rel) || parents.has(e.rel)) || keptFiles.some((c) => c.rel.startsWith(`${e.rel}/`)));
  for (const [r, f] of desired) {
    prep.write.push({ rel: r, bytes: f.bytes, mode: f.mode });
    if (!same(r, f.sha256, f.mode)) prep.written.push(f.path);
  }
  for (const [r, f] of old) if (!desired.has(r) && onDisk.has(r)) prep.removed.push(f.path);
  const changed = prep.written.length > 0 || prep.removed.length > 0 || (ch.files !== null && kind !== 'dir') || replaceLink;
  if (!changed) return prep;
  prep.action = ch.files === null ? (prep.carry.length ? 'update' : 'remove') : kind === null ? 'create' : 'update';
  return prep;
}

// Staging and backup folders carry who made them (pid, host and boot tags, as temp files do:
// stale-temps.ts) and the apply's random token, which the journal records: a journal only ever
// moves folders named with its own token, and a sweep only removes those whose writer is gone on
// this host.
function sibling(abs: string, tag: string, token: string): string {
  return join(dirname(abs), `.${basename(abs)}${tag}${writerTag()}-${token}`);
}

function writeNew(path: string, bytes: Buffer, mode = '0644'): void {
  makeDirs(dirname(path));
  const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  try {
    // The recorded mode exactly, whatever the umask: --frozen compares it.
    fchmodSync(fd, parseInt(mode, 8));
    for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
  } finally {
    closeSync(fd);
  }
}

/**
 * Builds the folder's new content in a staging folder beside it; returns the staging path. The
 * files are not yet durable: `flushStaged` makes every staging folder durable before any is swapped in.
 */
function stage(p: Prepared, token: string, files: string[]): string {
  const dir = sibling(p.abs, STAGE, token);
  mkdirSync(dir);
  for (const w of p.write) {
    const to = join(dir, ...w.rel.split('/'));
    writeNew(to, w.bytes, w.mode);
    files.push(to);
  }
  for (const e of p.carry) {
    const from = join(p.abs, ...e.rel.split('/'));
    const to = join(dir, ...e.rel.split('/'));
    if (e.kind === 'dir') makeDirs(to);
    else {
      makeDirs(dirname(to));
      if (e.kind === 'symlink') symlinkSync(readlinkSync(from), to);
      else { copyFileSync(from, to, constants.COPYFILE_EXCL); files.push(to); }
    }
  }
  return dir;
}

/**
 * Makes the staged files durable before the journal swaps any folder in. An fsync a file costs a
 * journal commit each (3,000 files of 1,000 skills: most of an install's time); on Linux one
 * `sync -f` (syncfs) of each file system that holds a staging folder flushes them all at once, at
 * about the cost of writing the data. Where `sync -f` is not there or fails, each file is synced.
 */
function flushStaged(stagingDirs: readonly string[], files: readonly string[]): void {
  if (!files.length) return;
  if (process.platform === 'linux') {
    // Staging folders are siblings of the folders they replace: their parents name every file system involved.
    const parents = [...new Set(stagingDirs.map((d) => dirname(d)))];
    if (parents.every((d) => spawnSync('sync', ['-f', d], { stdio: 'ignore', timeout: 10 * 60_000 }).status === 0)) return;
  }
  for (const f of files) {
    const fd = openSync(f, constants.O_RDONLY | constants.O_NOFOLLOW);
    try { fsyncSync(fd); } finally { closeSync(fd); }
  }
}

interface Swap { folder: string; staged: string | null; backup: string }
interface Journal {
  journal_version: 2;
  scope: Scope;
  /** The random value every staging and backup folder name of this apply ends with. */
  token: string;
  /** SHA-256 of the lock file when the journal was written (null: there was none). */
  from: string | null;
  lock?: string;
  swaps: Swap[];
}

const lockDigest = (lockPath: string): string | null => (lkind(lockPath) === 'file' ? sha256Hex(readFileSync(lockPath)) : null);

// Signals that land while folders are swapped wait until the lock matches them.
function deferSignals(): () => void {
  let pending: NodeJS.Signals | null = null;
  const hold = (s: NodeJS.Signals) => { pending ??= s; };
  process.on('SIGINT', hold);
  process.on('SIGTERM', hold);
  return () => {
    process.removeListener('SIGINT', hold);
    process.removeListener('SIGTERM', hold);
    if (pending) process.kill(process.pid, pending);
  };
}

function rel(root: string, abs: string): string {
  return abs.slice(root.length + 1).split(/[\\/]/).join('/');
}

/** What a person does with a journal ctxforge will not complete: the names its folders carry, and how to roll back. */
export const ROLLBACK = 'to undo the interrupted install by hand: beside each folder it names, `.<name>.ctxforge-stage-<pid>-<host>-<boot>-<token>` holds the new content '
  + 'that was not swapped in yet (delete it) and `.<name>.ctxforge-old-<pid>-<host>-<boot>-<token>` the folder as it was before (put it back as `<name>`, after moving away '
  + 'what is there now); then delete the journal and run `ctxforge install --frozen` to see what still differs from the lock';

const crossesLink = (journalPath: string, at: string) => new DiagnosticError(error('CTXFORGE_IO_SYMLINK', `${printable(at)} is a symbolic link, and the install journal ${journalPath} would move or delete a folder through it or as it; a journal is never completed through a link, nothing was moved`, {
  file: at, hint: `check where the link came from; ${ROLLBACK}`,
}), 2);

/**
 * The paths a journal renames or deletes (each swap's folder, staging and backup folder) and every
 * folder on the way to them, checked as install checks its own: the first that is a link, or null.
 */
function linkInSwaps(root: string, j: Journal): string | null {
  for (const s of j.swaps) {
    for (const p of [s.folder, s.staged, s.backup]) {
      const link = p === null ? null : symlinkOnTheWay(root, p);
      if (link) return link;
    }
  }
  return null;
}

/** Renames one root-relative path to another, neither of them a link nor below one. */
function renameIn(root: string, journalPath: string, from: string, to: string): void {
  for (const p of [from, to]) { const link = symlinkOnTheWay(root, p); if (link) throw crossesLink(journalPath, link); }
  renameSync(join(root, ...from.split('/')), join(root, ...to.split('/')));
}

/** Deletes a root-relative path never below a link; a link there would go as a link (rm never follows one). */
function removeIn(root: string, journalPath: string, path: string): void {
  const link = symlinkOnTheWay(root, dirname(path));
  if (link) throw crossesLink(journalPath, link);
  rmSync(join(root, ...path.split('/')), { recursive: true, force: true });
}

/**
 * Runs the swaps a journal names and writes its lock; each step is safe to repeat. Nothing is done
 * when any path the journal moves or deletes is, or lies below, a link — and each step checks its
 * paths again.
 */
async function rollForward(root: string, lockPath: string, journalPath: string, j: Journal): Promise<void> {
  const link = linkInSwaps(root, j);
  if (link) throw crossesLink(journalPath, link);
  for (const s of j.swaps) {
    const at = (p: string | null) => (p === null ? null : lkind(join(root, ...p.split('/'))));
    // A staging folder is swapped in only while it is a real folder (once swapped, it is gone).
    if (s.staged ? at(s.staged) === 'dir' : true) {
      if (at(s.folder) !== null && at(s.backup) === null) renameIn(root, journalPath, s.folder, s.backup);
      if (s.staged) renameIn(root, journalPath, s.staged, s.folder);
    }
  }
  if (j.lock !== undefined) await writeFileAtomic(lockPath, j.lock, 0o644, root);
  for (const s of j.swaps) removeIn(root, journalPath, s.backup);
  rmSync(journalPath, { force: true });
}

const TOKEN = /^[0-9a-f]{16}$/;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The journal's shape: swaps of folders install may own, each beside itself and named with the journal's token. */
function checkJournal(j: unknown, scope: Scope): Journal | undefined {
  if (!j || typeof j !== 'object') return undefined;
  const x = j as Journal;
  if (x.journal_version !== 2 || x.scope !== scope || typeof x.token !== 'string' || !TOKEN.test(x.token) || !(x.from === null || (typeof x.from === 'string' && /^[0-9a-f]{64}$/.test(x.from)))) return undefined;
  if (!Array.isArray(x.swaps) || (x.lock !== undefined && typeof x.lock !== 'string')) return undefined;
  for (const s of x.swaps) {
    if (!s || typeof s.folder !== 'string' || folderProblem(s.folder, scope)) return undefined;
    const dir = s.folder.slice(0, s.folder.lastIndexOf('/'));
    const base = s.folder.slice(s.folder.lastIndexOf('/') + 1);
    // `<pid>-` (journals written before the host and boot tags) or `<pid>-<host>-<boot>-`.
    const ok = (p: unknown, tag: string) => typeof p === 'string' && new RegExp(`^${escapeRe(`${dir}/.${base}${tag}`)}\\d+-(?:[0-9a-f]{8}-[0-9a-f]{8}-)?${x.token}$`).test(p);
    if (!ok(s.backup, OLD) || !(s.staged === null || ok(s.staged, STAGE))) return undefined;
  }
  return x;
}

const notOurs = (jp: string, why: string) => new DiagnosticError(error('CTXFORGE_INSTALL_INTERRUPTED', `${jp} is not an install journal of this lock (${why}); nothing was done`, {
  file: jp, hint: 'remove it, then run `ctxforge install` to restore the locked files',
}), 2);

const ownedBy = (lock: Lock) => new Set(Object.values(lock.packages).flatMap((p) => p.folders));

/**
 * Completes an install a killed process left half done; says so (a warning: folders were moved),
 * or nothing when there was none. The journal must belong to the lock on disk (the lock it was
 * written beside, or the one it was about to write), and every folder it swaps must be owned by
 * that lock or by the journal's own.
 */
export async function recover(root: string, scope: Scope, lockPath: string, journalPath: string): Promise<Diagnostic[]> {
  const jp = journalPath;
  const k = lkind(jp);
  if (k === null) return [];
  if (k !== 'file') throw new DiagnosticError(symlinkRefusal(jp, 'the install journal'), 2);
  // ctxforge writes its journal 0600 as the user who runs it: another owner's, or one others may write, is not one it wrote.
  const st = lstatSync(jp);
  if (typeof process.getuid === 'function' && (st.uid !== process.getuid() || (st.mode & 0o022) !== 0)) throw notOurs(jp, 'it belongs to another user, or others may write it');
  let j: Journal | undefined;
  try { j = checkJournal(parseJson(readFileSync(jp, 'utf8')), scope); } catch { j = undefined; }
  if (!j) throw notOurs(jp, 'it is not one ctxforge wrote');
  const next = j.lock !== undefined ? parseLock(j.lock, 'the lock in the install journal', scope) : undefined;
  const now = lockDigest(lockPath);
  if (now !== j.from && !(j.lock !== undefined && now === sha256Hex(j.lock))) throw notOurs(jp, `${basename(lockPath)} is neither the lock it was written beside nor the one it would write`);
  const owned = new Set([...(now !== null ? ownedBy(parseLock(readFileSync(lockPath, 'utf8'), lockPath, scope)) : []), ...(next ? ownedBy(next) : [])]);
  const stray = j.swaps.find((s) => !owned.has(s.folder));
  if (stray) throw notOurs(jp, `it would move ${printable(stray.folder)}, which no lock owns`);
  await rollForward(root, lockPath, jp, j);
  return [warning('CTXFORGE_INSTALL_INTERRUPTED', `an interrupted install was completed: ${j.swaps.length} folder${j.swaps.length === 1 ? '' : 's'} swapped in${j.lock !== undefined ? ', the lock written' : ''}`, { file: jp })];
}

/** Is an install journal waiting at `journalPath` (an install was interrupted)? */
export function interrupted(journalPath: string): boolean {
  return lkind(journalPath) !== null;
}

/** The folders a journal ctxforge will not complete says it swaps, to name in its report (none when it is not a journal). */
export function journalFolders(path: string, scope: Scope): string[] {
  try {
    if (lkind(path) !== 'file' || lstatSync(path).size > 16 << 20) return [];
    return checkJournal(parseJson(readFileSync(path, 'utf8')), scope)?.swaps.map((s) => s.folder) ?? [];
  } catch {
    return [];
  }
}

/** A staging or backup folder's name: `.<name>.ctxforge-stage|old-<pid>-<host>-<boot>-<token>`. */
const STALE_NAME = /^\..+\.ctxforge-(?:stage|old)-([1-9]\d{0,9})-([0-9a-f]{8})-([0-9a-f]{8})-[0-9a-f]{16}$/;

/**
 * Removes staging and backup folders left beside `folders` by processes gone on this host
 * (`sweepStaleDirs`). A folder of another host (a shared volume), of a live or unknown writer, or
 * named the way installs before the host tag named them, is left alone.
 */
function sweepStale(root: string, folders: string[]): void {
  for (const parent of new Set(folders.map((f) => dirname(join(root, ...f.split('/')))))) sweepStaleDirs(parent, STALE_NAME);
}

/** Makes the journal's folder before anything is staged: a new one (ctxforge/journals in the user's state folder) is private, 0700. */
function journalFolder(journalPath: string): void {
  const dir = dirname(journalPath);
  try {
    makeDirs(dirname(dir));
    try { mkdirSync(dir, 0o700); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e; }
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
  } catch (e) {
    throw new DiagnosticError(error('CTXFORGE_IO', `cannot make ${dir}, where the install journal is kept (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}); nothing was written`, {
      file: dir, hint: 'make it writable (for a project without git it is in the state folder: XDG_STATE_HOME, else ~/.local/state)',
    }), 2);
  }
}

export async function applyChanges(changes: FolderChange[], o: ApplyOptions): Promise<ApplyResult> {
  const diags: Diagnostic[] = [];
  const preps: Prepared[] = [];
  for (const ch of [...changes].sort((a, b) => compareUtf8(a.folder, b.folder))) {
    const p = inspect(o.root, ch, !!o.force, diags);
    if (p) preps.push(p);
  }
  const result: ApplyResult = {
    written: preps.flatMap((p) => (p.action === 'unchanged' ? [] : p.written)).sort(compareUtf8),
    removed: preps.flatMap((p) => (p.action === 'unchanged' ? [] : p.removed)).sort(compareUtf8),
    unchanged: preps.reduce((n, p) => n + (p.change.files?.length ?? 0), 0) - preps.reduce((n, p) => n + (p.action === 'unchanged' ? 0 : p.written.length), 0),
    kept: preps.flatMap((p) => p.carry.map((e) => `${p.change.folder}/${e.rel}`)).sort(compareUtf8),
    folders: preps.map((p) => ({ folder: p.change.folder, action: p.action })),
    diagnostics: diags,
  };
  const links = planLinks(o, preps, diags);
  result.written = [...result.written, ...links.make.map((l) => l.path)].sort(compareUtf8);
  result.removed = [...result.removed, ...links.unmake.map((l) => l.path)].sort(compareUtf8);
  if (diags.some((d) => d.severity === 'error') || o.dryRun) return result;

  sweepStale(o.root, preps.map((p) => p.change.folder));
  const todo = preps.filter((p) => p.action !== 'unchanged');
  if (todo.length || o.lockText !== undefined) journalFolder(o.journalPath);
  const swaps: Swap[] = [];
  const made: string[] = [];
  const token = randomBytes(8).toString('hex');
  try {
    const files: string[] = [];
    const stagingDirs: string[] = [];
    for (const p of todo) {
      const first = makeDirs(dirname(p.abs));
      if (first) made.push(first);
      const staged = p.action === 'remove' ? null : stage(p, token, files);
      if (staged) stagingDirs.push(staged);
      swaps.push({ folder: p.change.folder, staged: staged ? rel(o.root, staged) : null, backup: rel(o.root, sibling(p.abs, OLD, token)) });
    }
    flushStaged(stagingDirs, files);
  } catch (e) {
    for (const s of swaps) if (s.staged) rmSync(join(o.root, ...s.staged.split('/')), { recursive: true, force: true });
    for (const m of made.reverse()) rmSync(m, { recursive: true, force: true });
    throw e;
  }
  // A link holds no data: links that go (and links of the shared layout replaced by a folder) are
  // removed as links before the swaps, links that come are made once their folder is in place.
  for (const l of [...links.unmake, ...todo.filter((p) => p.unlink).map((p) => ({ path: p.change.folder }))]) unlinkLink(o.root, l.path);
  if (swaps.length || o.lockText !== undefined) {
    const release = deferSignals();
    try {
      const journal: Journal = { journal_version: 2, scope: o.scope, token, from: lockDigest(o.lockPath), ...(o.lockText !== undefined ? { lock: o.lockText } : {}), swaps };
      await writeFileAtomic(o.journalPath, JSON.stringify(journal), 0o600, o.root);
      if (process.env.CTXFORGE_INSTALL_FAULT === 'after-journal') process.kill(process.pid, 'SIGKILL');
      await rollForward(o.root, o.lockPath, o.journalPath, journal);
    } finally {
      release();
    }
  }
  for (const l of links.make) makeLink(o.root, l);
  return result;
}

/** Removes the link at a root-relative path as a link (never below another link, never a folder). */
function unlinkLink(root: string, path: string): void {
  if (symlinkOnTheWay(root, dirname(path))) return;
  const abs = join(root, ...path.split('/'));
  if (lkind(abs) === 'symlink') unlinkSync(abs);
}

function makeLink(root: string, l: LockLink): void {
  const abs = join(root, ...l.path.split('/'));
  if (lkind(abs) === 'symlink') {
    if (readlinkSync(abs) === l.target) return;
    unlinkSync(abs);
  }
  makeDirs(dirname(abs));
  symlinkSync(l.target, abs);
}

/**
 * Which links of the shared layout to make and remove: a link already there with the same text is
 * left as it is; a link of the layout with other text is replaced; anything else where a link goes
 * is refused (a folder the same apply removes excepted). A recorded link that is no longer the one
 * recorded is left where it is.
 */
function planLinks(o: ApplyOptions, preps: Prepared[], diags: Diagnostic[]): { make: LockLink[]; unmake: LockLink[] } {
  const out = { make: [] as LockLink[], unmake: [] as LockLink[] };
  if (!o.links) return out;
  const going = new Set(preps.filter((p) => p.change.files === null).map((p) => p.change.folder));
  const making = new Set(o.links.make.map((l) => l.path));
  for (const l of o.links.make) {
    const parent = dirname(l.path);
    const via = parent === '.' ? null : symlinkOnTheWay(o.root, parent);
    if (via) { diags.push(symlinkRefusal(via, 'a link of the package')); continue; }
    const abs = join(o.root, ...l.path.split('/'));
    const kind = lkind(abs);
    if (kind === 'symlink' && readlinkSync(abs) === l.target) continue;
    if (kind === null || going.has(l.path) || (kind === 'symlink' && (canonicalLinkAt(o.root, l.path) !== null || o.force))) { out.make.push(l); continue; }
    diags.push(error('CTXFORGE_INSTALL_FOREIGN', `${printable(l.path)} is ${kind === 'dir' ? 'a folder' : kind === 'symlink' ? `a link to ${printable(readlinkSync(abs))}` : 'a file'} where the package's link to ${printable(l.target)} goes; it is not replaced`, {
      file: l.path, hint: kind === 'symlink' ? 'remove the link, or pass --force to replace it' : 'move it away, or install without --link',
    }));
  }
  for (const l of o.links.unmake) {
    if (making.has(l.path)) continue;
    const abs = join(o.root, ...l.path.split('/'));
    if (symlinkOnTheWay(o.root, dirname(l.path))) continue;
    if (lkind(abs) === 'symlink' && readlinkSync(abs) === l.target) out.unmake.push(l);
    else if (lkind(abs) !== null) diags.push(warning('CTXFORGE_INSTALL_FOREIGN', `${printable(l.path)} is no longer the link ctxforge.lock records (to ${printable(l.target)}); it is left where it is`, { file: l.path }));
  }
  return out;
}

/** Removes a file the lock names, when it is still what was installed (uninstall of a single file). */
export function unlinkIfSame(abs: string, sha256: string): boolean {
  if (lkind(abs) !== 'file' || sha256Hex(readFileSync(abs)) !== sha256) return false;
  unlinkSync(abs);
  return true;
}
