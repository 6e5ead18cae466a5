// ctxforge's temp file names, and the removal of those a killed process left behind: a SIGKILL (the
// OOM killer, a runner's hard timeout) gives no chance to remove the temp file an output was being
// written to, and a 1 GiB build would leave 1 GiB in the output folder for good.
//
// A name says who wrote it: `.<name>.ctxforge-tmp-<pid>-<host>-<boot>-<random>`. `host` is a short
// hash of the host name, the machine id and the PID namespace (a pid means something only in its
// namespace: two containers on one kernel share the boot id, not their pids), `boot` one of the
// kernel's boot id (after a reboot every pid of the previous boot is gone, and pids are handed out
// again). A name is judged only where `host` is this process's own: a folder on NFS or a volume
// shared with another container holds others' temp files, whose pids say nothing here.
import { readdirSync, readFileSync, readlinkSync, lstatSync, rmSync, unlinkSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from './hash.js';

/** A temp file younger than this is never removed: it may be a write whose process we misjudge. */
export const STALE_AFTER_MS = 10 * 60_000;

/** What the boot tag is where the boot id cannot be read: "unknown", never judged as another boot. */
const UNKNOWN_BOOT = '00000000';

const MARK = '.ctxforge-tmp-';
const PATTERN = /^\.(.+)\.ctxforge-tmp-([1-9][0-9]{0,9})-([0-9a-f]{8})-([0-9a-f]{8})-[0-9a-f]{8}$/;

let tags: { host: string; boot: string } | undefined;

/** This process's host and boot tags, read once (a few µs: a readlink and a small file). */
export function ownTags(): { host: string; boot: string } {
  if (tags) return tags;
  let pidNamespace = '';
  try { pidNamespace = readlinkSync('/proc/self/ns/pid'); } catch { /* not Linux: the host name alone */ }
  // Every host's initial PID namespace has the same inode: two machines of one host name (an NFS
  // folder shared by two `runner`s) are told apart by their machine id.
  let machine = '';
  for (const f of ['/etc/machine-id', '/var/lib/dbus/machine-id']) {
    try { machine = readFileSync(f, 'utf8').trim(); break; } catch { /* none there */ }
  }
  let boot = UNKNOWN_BOOT;
  try {
    const id = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    if (id) boot = sha256Hex(id).slice(0, 8);
    if (boot === UNKNOWN_BOOT) boot = '00000001'; // a real boot id never reads as "unknown"
  } catch { /* no boot id: pids are judged by the process table alone */ }
  tags = { host: sha256Hex(`${hostname()}\0${machine}\0${pidNamespace}`).slice(0, 8), boot };
  return tags;
}

/** The `<pid>-<host>-<boot>` part of a name: who wrote it, as `writerGone` judges it. */
export function writerTag(): string {
  const { host, boot } = ownTags();
  return `${process.pid}-${host}-${boot}`;
}

/** The temp path beside `target` that an atomic write of it goes through. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}${MARK}${writerTag()}-${randomBytes(4).toString('hex')}`);
}

/** The writer of a temp file named `name`, or undefined when the name is not exactly one of ours. */
export function parseTempName(name: string): { target: string; pid: number; host: string; boot: string } | undefined {
  const m = PATTERN.exec(name);
  if (!m) return undefined;
  return { target: m[1]!, pid: Number(m[2]), host: m[3]!, boot: m[4]! };
}

/**
 * Is the process that wrote a temp file of this host certainly gone? When unsure: no. `mtimeMs`:
 * the file's last change, `now` the time of the sweep.
 */
export function writerGone(pid: number, boot: string, mtimeMs: number, now: number): boolean {
  const own = ownTags();
  // Another boot of this host: every process of it is gone, whatever now holds that pid — when the
  // file was last written before this boot began, as a file of a previous boot must have been (a
  // host tag shared by mistake with a running machine would show a later write).
  if (boot !== own.boot && boot !== UNKNOWN_BOOT && own.boot !== UNKNOWN_BOOT) return mtimeMs < now - uptime() * 1000;
  if (boot !== own.boot) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // EPERM: it exists, as another user's process.
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** What one sweep did: the temp files removed (names, bytes), and any it could not remove. */
export interface SweepResult { removed: { name: string; bytes: number }[]; failed: { name: string; code: string }[] }

/**
 * Removes from `dir` (not below it) ctxforge's own temp files that a process left which is gone on
 * this host, older than STALE_AFTER_MS, regular files of this user. One readdir; a name not exactly
 * of our pattern, a symlink, another host's or user's file, a live writer's file is left alone.
 * Never throws: cleaning up is not what the command was asked to do.
 */
export function sweepStaleTemps(dir: string, now = Date.now()): SweepResult {
  const result: SweepResult = { removed: [], failed: [] };
  let names: string[];
  try { names = readdirSync(dir); } catch { return result; }
  const own = ownTags();
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  for (const name of names) {
    if (!name.includes(MARK)) continue;
    const t = parseTempName(name);
    if (!t || t.host !== own.host) continue;
    const path = join(dir, name);
    try {
      const st = lstatSync(path);
      if (!st.isFile() || (uid !== undefined && st.uid !== uid) || now - st.mtimeMs < STALE_AFTER_MS) continue;
      if (!writerGone(t.pid, t.boot, st.mtimeMs, now)) continue;
      // unlink removes the name only, never what a link points at (the lstat above is not relied on).
      unlinkSync(path);
      result.removed.push({ name, bytes: st.size });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? 'unknown';
      if (code !== 'ENOENT') result.failed.push({ name, code });
    }
  }
  return result;
}

/**
 * Removes from `parent` the folders a gone process of this host left: names `pattern` matches with
 * the writer's pid, host tag and boot tag as its groups 1–3 (`writerTag()`), this host's tag, a
 * writer `writerGone` judges gone, last changed over STALE_AFTER_MS ago, a real folder (never a
 * link) of this user. Never throws. Install's staging folders and SQLite's scratch folders are
 * swept this way.
 */
export function sweepStaleDirs(parent: string, pattern: RegExp, now = Date.now()): void {
  let names: string[];
  try { names = readdirSync(parent); } catch { return; }
  const { host } = ownTags();
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  for (const n of names) {
    const m = pattern.exec(n);
    if (!m || m[2] !== host) continue;
    const abs = join(parent, n);
    try {
      const st = lstatSync(abs);
      if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || now - st.mtimeMs < STALE_AFTER_MS) continue;
      if (writerGone(Number(m[1]), m[3]!, st.mtimeMs, now)) rmSync(abs, { recursive: true, force: true });
    } catch { /* cleaning up is not what the command was asked to do */ }
  }
}

// Folders already swept (or made) by this process: each is swept once per run, whatever number of
// outputs go into it.
const swept = new Set<string>();
const log: SweepResult = { removed: [], failed: [] };

/**
 * Sweeps `dir` the first time this process writes into it. `made`: set when the writer has just
 * created `dir` (or a parent of it), which then holds nothing to sweep.
 */
export function sweepOnce(dir: string, made?: string): void {
  const key = resolve(dir);
  if (swept.has(key)) return;
  swept.add(key);
  if (made !== undefined) return;
  const r = sweepStaleTemps(key);
  for (const x of r.removed) log.removed.push({ name: join(key, x.name), bytes: x.bytes });
  for (const x of r.failed) log.failed.push({ name: join(key, x.name), code: x.code });
}

/** Every temp file this process's sweeps removed or failed to remove so far (paths absolute). */
export function sweptSoFar(): SweepResult {
  return { removed: [...log.removed], failed: [...log.failed] };
}
