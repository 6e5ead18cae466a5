// What differs between a locked package, the artifact it came from and the files on disk: the
// check behind `install --frozen` and `serve --lock`. A lock is repository content, so it is never
// its own evidence: the recorded artifact is fetched, verified against the recorded key and planned
// again, and the lock entry must be exactly what installing it would record; the disk must then
// hold exactly the entry's files in the entry's folders, nothing more.
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticError, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { lkind, symlinkOnTheWay, walk } from './apply.js';
import { canonicalLinkAt, linkTarget } from './layout.js';
import type { Ctx } from './context.js';
import { filesByFolder, stableJson, type Lock, type LockedFile, type LockPackage } from './lock.js';
import { planInstall, verifyPackage, type PrepareOptions, type VerifiedPackage } from './prepare.js';
import { printable } from './portable.js';
import { acquireLocked, type Acquired } from './source.js';

export interface Drift {
  path: string;
  problem: string;
  package: string;
  /** unreachable: the artifact could not be read or fetched (nothing says it was changed). */
  cause?: 'unreachable';
}

export interface CheckLockedOptions extends PrepareOptions {
  /** Check no artifact that needs the network, and count an artifact that cannot be read as not checked rather than drift. */
  offline?: boolean;
  /** Only these of the package's folders are compared with the disk (default: all). */
  folders?: (folder: string) => boolean;
  /** The pull-request lock gate: URLs only over https to public addresses (see src/core/public-get.ts). */
  publicOnly?: boolean;
}

export interface LockedCheck {
  drift: Drift[];
  /** verified: the artifact verified and planned to exactly the lock entry; lock-only: not checked (--offline); drifted: it did not. */
  artifact: 'verified' | 'lock-only' | 'drifted';
  /** The verified package, when `artifact` is verified. */
  verified?: VerifiedPackage;
  diagnostics: Diagnostic[];
}

const what = (k: string) => (k === 'dir' ? 'a folder' : k === 'symlink' ? 'a symbolic link' : k === 'file' ? 'a file' : 'a special file');

/** Every way the package's folders on disk differ from its lock entry: missing, changed, linked, or extra. */
export function diskDrift(entry: LockPackage, root: string, only?: (folder: string) => boolean): Drift[] {
  const out: Drift[] = [];
  const add = (path: string, problem: string) => out.push({ path, problem, package: entry.name });
  const byFolder = filesByFolder(entry.files, entry.folders);
  for (const folder of entry.folders) {
    if (only && !only(folder)) continue;
    const files = byFolder.get(folder) ?? [];
    const link = symlinkOnTheWay(root, folder);
    if (link) {
      add(link, link === folder && canonicalLinkAt(root, folder) !== null
        ? `a link to its canonical folder ${linkTarget(folder)} (the layout npx skills makes) where the lock records a folder (never followed): \`ctxforge install\` records it as that layout`
        : 'a symbolic link where the package\'s folder goes (never followed)');
      continue;
    }
    const abs = join(root, ...folder.split('/'));
    const kind = lkind(abs);
    if (kind === null) { for (const f of files) add(f.path, 'missing'); continue; }
    if (kind !== 'dir') { add(folder, `${what(kind)} where the package's folder goes`); continue; }
    const onDisk = new Map(walk(abs).map((e) => [e.rel, e.kind]));
    const recorded = new Map(files.map((f) => [f.path.slice(folder.length + 1), f]));
    const parents = new Set<string>();
    for (const r of recorded.keys()) for (let i = r.indexOf('/'); i >= 0; i = r.indexOf('/', i + 1)) parents.add(r.slice(0, i));
    for (const [rel, f] of recorded) {
      const k = onDisk.get(rel);
      if (k === undefined) {
        const l = symlinkOnTheWay(root, f.path);
        add(f.path, l ? `${printable(l)} is a symbolic link on the way (never followed)` : 'missing');
      } else if (k !== 'file') add(f.path, `${what(k)}, not the file installed`);
      else if (sha256Hex(readFileSync(join(abs, ...rel.split('/')))) !== f.sha256) add(f.path, 'modified since install');
      else {
        const mode = (lstatSync(join(abs, ...rel.split('/'))).mode & 0o7777).toString(8).padStart(4, '0');
        if (mode !== (f.mode ?? '0644')) add(f.path, `mode ${mode}, but the lock records ${f.mode ?? '0644'}`);
      }
    }
    // Anything else in a package's folder: reported once, at its top (walk lists a folder's
    // whole content right after it).
    let extraDir: string | undefined;
    for (const [rel, k] of onDisk) {
      if (extraDir !== undefined && rel.startsWith(`${extraDir}/`)) continue;
      extraDir = undefined;
      if (recorded.has(rel) || (k === 'dir' && parents.has(rel))) continue;
      if (k === 'dir') extraDir = rel;
      add(`${folder}/${rel}`, `${what(k)} the lock does not record in the package's folder`);
    }
  }
  // Links of the shared layout: each still a link with exactly the recorded text (never followed).
  for (const l of entry.links ?? []) {
    if (only && !only(l.path)) continue;
    const via = symlinkOnTheWay(root, l.path.slice(0, l.path.lastIndexOf('/')));
    if (via) { add(l.path, `${printable(via)} is a symbolic link on the way (never followed)`); continue; }
    const abs = join(root, ...l.path.split('/'));
    const kind = lkind(abs);
    if (kind === null) add(l.path, `missing (the lock records a link to ${printable(l.target)})`);
    else if (kind !== 'symlink') add(l.path, `${what(kind)}, not the link to ${printable(l.target)} the lock records`);
    else if (readlinkSync(abs) !== l.target) add(l.path, `a link to ${printable(readlinkSync(abs))}, not to ${printable(l.target)} as the lock records`);
  }
  return out;
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const fileText = (f: LockedFile) => `${f.role} ${f.sha256.slice(0, 12)}… (${f.size} bytes)`;

/** Where the lock entry differs from the entry installing the verified artifact would record. */
export function entryDrift(locked: LockPackage, computed: LockPackage, lockLabel: string): Drift[] {
  const out: Drift[] = [];
  const add = (path: string, problem: string) => out.push({ path, problem, package: locked.name });
  const field = (name: string, a: unknown, b: unknown) => {
    // Compared as the lock writes them (keys sorted): a freshly judged release lists its keys in another order.
    if (stableJson(a ?? null) !== stableJson(b ?? null)) add(lockLabel, `${name} is ${show(a)} in the lock, but the verified artifact gives ${show(b)}`);
  };
  field('version', locked.version, computed.version);
  field('format', locked.format, computed.format);
  field('artifact.file', locked.artifact.file, computed.artifact.file);
  field('artifact.size', locked.artifact.size, computed.artifact.size);
  field('signer.method', locked.signer.method, computed.signer.method);
  field('signer.key_id', locked.signer.key_id, computed.signer.key_id);
  if (locked.signer.public_key !== null || computed.signer.public_key !== null) field('signer.public_key', locked.signer.public_key, computed.signer.public_key);
  field('source.release', locked.source.release, computed.source.release);
  field('allow_unbound', [...(locked.allow_unbound ?? [])].sort(compareUtf8), [...(computed.allow_unbound ?? [])].sort(compareUtf8));
  field('links', [...(locked.links ?? [])].sort((a, b) => compareUtf8(a.path, b.path)), [...(computed.links ?? [])].sort((a, b) => compareUtf8(a.path, b.path)));
  const lf = new Set(locked.folders);
  const cf = new Set(computed.folders);
  for (const f of locked.folders) if (!cf.has(f)) add(f, 'the lock records this folder, but the verified artifact installs nothing there');
  for (const f of computed.folders) if (!lf.has(f)) add(f, 'the verified artifact installs this folder, but the lock does not record it');
  const mine = new Map(locked.files.map((f) => [f.path, f]));
  const theirs = new Map(computed.files.map((f) => [f.path, f]));
  for (const [p, f] of mine) {
    const g = theirs.get(p);
    if (!g) add(p, 'the lock records this file, but the verified artifact does not install it');
    else if (f.sha256 !== g.sha256 || f.size !== g.size || f.role !== g.role) add(p, `the lock records ${fileText(f)}, but the verified artifact installs ${fileText(g)}`);
    else if ((f.mode ?? '0644') !== (g.mode ?? '0644')) add(p, `the lock records mode ${f.mode ?? '0644'}, but installing the verified artifact writes ${g.mode ?? '0644'} (no format's signature binds a mode)`);
    else if (f.original_path !== g.original_path) add(p, `the lock records the package's path for this file as ${show(f.original_path)}, but the verified artifact gives ${show(g.original_path)}`);
  }
  for (const p of theirs.keys()) if (!mine.has(p)) add(p, 'the verified artifact installs this file, but the lock does not record it');
  return out;
}

/**
 * The whole check of one locked package: its folders on disk against the entry, and its artifact —
 * fetched from the recorded source, the recorded SHA-256, verified against the recorded key, and
 * planned for the recorded hosts — against the entry. An artifact that cannot be reached is drift,
 * unless `offline`, when it is reported as not checked ("lock-only").
 */
export async function checkLocked(entry: LockPackage, ctx: Ctx, lock: Lock, o: CheckLockedOptions): Promise<LockedCheck> {
  const drift = diskDrift(entry, ctx.root, o.folders);
  const diagnostics: Diagnostic[] = [];
  const at = entry.source.location;
  const add = (problem: string) => drift.push({ path: at, problem, package: entry.name });
  const notChecked = (why: string): LockedCheck => {
    if (o.offline) {
      diagnostics.push(warning('CTXFORGE_INSTALL_LOCK_ONLY', `${printable(entry.name)}: the artifact was not checked (${why}); only the installed files were compared with the lock (--offline)`, { file: at }));
      return { drift, artifact: 'lock-only', diagnostics };
    }
    drift.push({ path: at, problem: `the artifact cannot be reached or checked: ${why} (with --offline only the installed files are compared with the lock)`, package: entry.name, cause: 'unreachable' });
    return { drift, artifact: 'drifted', diagnostics };
  };
  if (o.offline && (entry.source.type === 'url' || entry.source.type === 'oci' || (entry.source.type === 'registry' && /^[a-z]+:\/\/|^[\w.-]+@[\w.-]+:/i.test(entry.source.registry ?? '')))) return notChecked('--offline: nothing is downloaded');
  let acq: Acquired;
  try {
    acq = await acquireLocked(entry.source, { cwd: ctx.root, root: ctx.root, scope: ctx.scope, publicOnly: o.publicOnly, env: ctx.env });
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    if (e.exitCode === 2) return notChecked(e.diagnostic.message);
    add(`the artifact does not verify: ${e.diagnostic.message}`);
    return { drift, artifact: 'drifted', diagnostics };
  }
  try {
    if (acq.sha256 !== entry.artifact.sha256) {
      add(`the artifact's SHA-256 is ${acq.sha256}, not the ${entry.artifact.sha256} the lock records`);
      return { drift, artifact: 'drifted', diagnostics };
    }
    const ro: PrepareOptions = { ...o, hosts: entry.hosts, allowUnbound: entry.allow_unbound ?? [], layoutFromLock: true };
    let v: VerifiedPackage;
    let computed: LockPackage;
    try {
      v = await verifyPackage(acq, ctx, lock, ro, entry);
      computed = planInstall(v, ctx, lock, ro).entry;
    } catch (e) {
      if (!(e instanceof DiagnosticError)) throw e;
      add(`the artifact does not verify as the lock records it: ${e.diagnostic.message}`);
      return { drift, artifact: 'drifted', diagnostics };
    }
    const differs = entryDrift(entry, computed, ctx.lockLabel);
    drift.push(...differs);
    return differs.length ? { drift, artifact: 'drifted', diagnostics } : { drift, artifact: 'verified', verified: v, diagnostics };
  } finally {
    await acq.cleanup();
  }
}
