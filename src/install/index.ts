// `ctxforge install`, `install` from the lock, `install --frozen` and `uninstall`: verify, plan,
// apply, record. Formats are reached only through the registry and the contract in src/format.ts
// (verifyArtifact, documents); everything after documents() works on neutral Documents.
import { lstatSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { DiagnosticError, error, fail, hasErrors, info, type Diagnostic } from '../core/diagnostics.js';
import type { Limits } from '../core/limits.js';
import { sha256Hex } from '../core/hash.js';
import { readFileSync } from 'node:fs';
import type { Documents, FormatName } from '../format.js';
import { applyChanges, interrupted, recover, symlinkOnTheWay, type ApplyResult, type FolderChange } from './apply.js';
import { type HostName, type Scope } from './hosts.js';
import { emptyLock, LOCK_NAME, RESERVED_NAMES, readLock, serializeLock, type Lock, type LockPackage, type LockSigner, type LockSource } from './lock.js';
import { planPackage, type PackagePlan } from './plan.js';
import { printable } from './portable.js';
import { acquire, acquireLocked, type Acquired } from './source.js';
import { checkArtifact, judge, loadKeyPin, lockPin, verifyReleaseSignature, type Facts, type KeyPin } from './verify.js';
import './rules.js';

export interface InstallOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Install into the home folder (lock in the user's config folder) instead of the project. */
  user?: boolean;
  hosts?: HostName[];
  key?: string;
  trust?: string;
  allowUnsigned?: boolean;
  allowUnbound?: string[];
  force?: boolean;
  dryRun?: boolean;
  limits?: Partial<Limits>;
}

export interface PackageReport {
  name: string;
  version: string | null;
  format: string;
  status: 'installed' | 'updated' | 'unchanged' | 'removed' | 'checked';
  artifact_sha256: string;
  source: string;
  signer: LockSigner;
  hosts: HostName[];
  folders: string[];
  skills: string[];
  documents: number;
}

export interface Drift { path: string; problem: string; package: string }

export interface InstallReport {
  action: 'install' | 'reinstall' | 'frozen' | 'uninstall';
  scope: Scope;
  root: string;
  lock: string;
  dry_run: boolean;
  packages: PackageReport[];
  written: string[];
  removed: string[];
  kept: string[];
  unchanged: number;
  drift: Drift[];
  diagnostics: Diagnostic[];
}

interface Ctx { scope: Scope; root: string; lockPath: string; lockLabel: string; env: NodeJS.ProcessEnv }

function realDir(p: string): string {
  try { return realpathSync(p); } catch { fail('CTXFORGE_IO', `${p}: no such directory`, { file: p }, 2); }
}

/** The project root: the git work tree around `cwd` (its top folder), else `cwd` itself. */
export function projectRoot(cwd: string): string {
  const start = realDir(cwd);
  for (let d = start; ; d = dirname(d)) {
    try { lstatSync(join(d, '.git')); return d; } catch { /* keep looking */ }
    if (dirname(d) === d) return start;
  }
}

export function context(o: Pick<InstallOptions, 'cwd' | 'env' | 'user'>): Ctx {
  const env = o.env ?? process.env;
  if (!o.user) {
    const root = projectRoot(o.cwd);
    return { scope: 'project', root, lockPath: join(root, LOCK_NAME), lockLabel: LOCK_NAME, env };
  }
  const root = realDir(env.HOME || homedir());
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(root, '.config');
  const lockPath = join(config, 'ctxforge', LOCK_NAME);
  return { scope: 'user', root, lockPath, lockLabel: lockPath, env };
}

const filesIn = <T extends { path: string }>(files: T[], folder: string) => files.filter((f) => f.path.startsWith(`${folder}/`));

function changesFor(plan: { folders: string[]; files: PackagePlan['files'] } | null, old: LockPackage | undefined): FolderChange[] {
  const out: FolderChange[] = [];
  for (const f of plan?.folders ?? []) out.push({ folder: f, files: filesIn(plan!.files, f), old: old ? filesIn(old.files, f) : [] });
  for (const f of old?.folders ?? []) if (!plan?.folders.includes(f)) out.push({ folder: f, files: null, old: filesIn(old!.files, f) });
  return out;
}

async function documentsOf(facts: Awaited<ReturnType<typeof checkArtifact>>, acq: Acquired, o: InstallOptions): Promise<Documents> {
  const m = facts.module;
  if (!m.documents) {
    fail('CTXFORGE_INSTALL_DOCUMENTS_UNAVAILABLE', `the package verifies, but this ctxforge cannot read ${m.title} packages as documents yet (format.documents() is not implemented); nothing was written`, {
      file: acq.input.label, hint: 'update ctxforge',
    }, 2);
  }
  return m.documents(acq.input, { want: { docs: true, skills: true }, limits: o.limits, env: o.env });
}

/** A package that passed verification, as neutral documents plus what the lock records about it. */
export interface VerifiedPackage {
  docs: Documents;
  format: FormatName;
  source: LockSource;
  artifact: { file: string; sha256: string; size: number };
  signer: LockSigner;
  /** Paths the signature does not bind (cartridges), as the verifier names them. */
  unbound: string[];
  diagnostics: Diagnostic[];
}

const PINNING = ['pinned', 'trusted', 'local'];

/** A key some locked package is pinned to that also verifies this artifact (its signature, or its release's). */
function pinFromLock(lock: Lock, facts: Facts, acq: Acquired): KeyPin | undefined {
  for (const p of Object.values(lock.packages)) {
    if (!PINNING.includes(p.signer.trust)) continue;
    const pin = lockPin(p.signer);
    if (!pin) continue;
    if (facts.verifiedKeys.includes(pin.key_id)) return pin;
    if (pin.raw && acq.release?.minisig && verifyReleaseSignature(pin.raw, acq.release.minisig, acq.release.sums).valid) return pin;
  }
  return undefined;
}

/**
 * Verifies an acquired artifact and reads it as documents; throws when refused. Integrity and the
 * signer are judged before the documents are read, against --key/--trust or a key the lock pins;
 * once the package's name is known, against exactly the key the lock pins for it.
 */
async function verifyPackage(acq: Acquired, ctx: Ctx, lock: Lock, o: InstallOptions, locked?: LockPackage): Promise<VerifiedPackage> {
  const optionPin: KeyPin | undefined = o.key ? loadKeyPin(o.key, ctx.env) : undefined;
  const facts = await checkArtifact(acq, { key: optionPin, trust: o.trust, env: ctx.env, limits: o.limits });
  // A package the lock records as accepted unsigned keeps that consent for exactly those bytes.
  const consentFor = (p: LockPackage | undefined) => p !== undefined && (p.signer.trust === 'unsigned' || p.signer.trust === 'unverified') && p.artifact.sha256 === acq.sha256;
  const consentAny = Object.values(lock.packages).some(consentFor);
  const early = optionPin ?? (o.trust ? undefined : pinFromLock(lock, facts, acq));
  let verdict = judge(facts, acq, { pin: early, trust: o.trust, allowUnsigned: o.allowUnsigned || consentAny });

  const docs = await documentsOf(facts, acq, o);
  const name = docs.meta.name;
  if (locked && name !== locked.name) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `this is package ${printable(name)}, but the lock records ${printable(locked.name)} for it`, { file: acq.input.label }), 1);
  }
  const old = Object.hasOwn(lock.packages, name) ? lock.packages[name] : undefined;
  const recorded = old && PINNING.includes(old.signer.trust) ? lockPin(old.signer) : undefined;
  if (optionPin && recorded && optionPin.key_id !== recorded.key_id) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_KEY_CHANGED', `ctxforge.lock pins ${printable(name)} to ${recorded.key_id}, not to the --key given (${optionPin.key_id}); nothing was written`, {
      file: acq.input.label, hint: 'if the publisher rotated its key, check the new key out of band, uninstall the package and install it with the new --key',
    }), 1);
  }
  const final = optionPin ?? (o.trust ? undefined : recorded);
  if (final?.key_id !== early?.key_id || (consentAny && !consentFor(old))) {
    verdict = judge(facts, acq, { pin: final, trust: o.trust, allowUnsigned: o.allowUnsigned || consentFor(old) });
  }
  return {
    docs, format: facts.format, source: { ...acq.source, ...(verdict.release ? { release: verdict.release } : {}) },
    artifact: { file: acq.file, sha256: acq.sha256, size: acq.size }, signer: verdict.signer, unbound: facts.unbound,
    diagnostics: [...acq.diagnostics, ...facts.diagnostics, ...verdict.diagnostics],
  };
}

interface Prepared { entry: LockPackage; plan: PackagePlan; old?: LockPackage; diagnostics: Diagnostic[] }

/** What installing a verified package changes, checked against the lock; throws when refused. */
function planInstall(v: VerifiedPackage, ctx: Ctx, lock: Lock, o: InstallOptions): Prepared {
  const name = v.docs.meta.name;
  if (RESERVED_NAMES.has(name) || !name.trim()) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_PATH_UNSAFE', `the package is named ${JSON.stringify(name)}, which cannot be a key of ctxforge.lock; nothing was written`), 1);
  }
  const old = Object.hasOwn(lock.packages, name) ? lock.packages[name] : undefined;
  const hosts = o.hosts?.length ? [...new Set(o.hosts)] : old?.hosts ?? ['agents'];
  const allowUnbound = o.allowUnbound ?? old?.allow_unbound ?? [];
  const plan = planPackage(v.docs, { scope: ctx.scope, hosts, unbound: v.unbound, allowUnbound });
  for (const f of plan.folders) {
    for (const [other, p] of Object.entries(lock.packages)) {
      if (other !== name && p.folders.includes(f)) {
        plan.diagnostics.push(error('CTXFORGE_INSTALL_CONFLICT', `${printable(f)} belongs to package ${printable(other)}; ${printable(name)} would install the same folder`, {
          file: f, hint: `install one of them for another --host, or uninstall ${other} first`,
        }));
      }
    }
  }
  const diagnostics = [...v.diagnostics, ...plan.diagnostics];
  if (hasErrors(diagnostics)) {
    const errs = diagnostics.filter((d) => d.severity === 'error');
    throw new DiagnosticError({ ...errs[0]!, message: `${printable(name)} is not installed: ${errs[0]!.message}` }, 1, diagnostics);
  }
  const accepted = allowUnbound.filter((u) => v.unbound.includes(u));
  const entry: LockPackage = {
    name, version: v.docs.meta.version ?? null, format: v.format, source: v.source, artifact: v.artifact,
    signer: v.signer, hosts, ...(accepted.length ? { allow_unbound: accepted } : {}),
    folders: plan.folders, files: plan.files.map(({ path, sha256, size, role }) => ({ path, sha256, size, role })),
  };
  return { entry, plan, old, diagnostics };
}

function packageReport(p: LockPackage, status: PackageReport['status'], plan?: PackagePlan): PackageReport {
  return {
    name: p.name, version: p.version, format: p.format, status, artifact_sha256: p.artifact.sha256, source: p.source.location, signer: p.signer,
    hosts: p.hosts, folders: p.folders, skills: plan?.skills ?? [], documents: plan?.documents ?? p.files.filter((f) => f.role === 'document').length,
  };
}

function report(action: InstallReport['action'], ctx: Ctx, o: InstallOptions, r: ApplyResult | undefined, packages: PackageReport[], diagnostics: Diagnostic[], drift: Drift[] = []): InstallReport {
  return {
    action, scope: ctx.scope, root: ctx.root, lock: ctx.lockLabel, dry_run: !!o.dryRun, packages,
    written: r?.written ?? [], removed: r?.removed ?? [], kept: r?.kept ?? [], unchanged: r?.unchanged ?? 0, drift,
    diagnostics: [...diagnostics, ...(r?.diagnostics ?? [])],
  };
}

function failOnErrors(r: ApplyResult, what: string): void {
  const errs = r.diagnostics.filter((d) => d.severity === 'error');
  if (errs.length) throw new DiagnosticError({ ...errs[0]!, message: `${what}: ${errs[0]!.message}` }, errs.some((d) => d.code === 'CTXFORGE_IO_SYMLINK') ? 2 : 1, r.diagnostics);
}

async function start(ctx: Ctx, o: InstallOptions): Promise<{ lock: Lock; text?: string; exists: boolean; notes: Diagnostic[] }> {
  let notes: Diagnostic[] = [];
  if (o.dryRun) {
    if (interrupted(ctx.lockPath)) fail('CTXFORGE_INSTALL_INTERRUPTED', 'an earlier install was interrupted; run the command without --dry-run to complete it first', { file: ctx.lockLabel }, 2);
  } else {
    notes = await recover(ctx.root, ctx.scope, ctx.lockPath);
  }
  const { lock, text, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  return { lock, text, exists, notes };
}

async function commitInstall(v: VerifiedPackage, ctx: Ctx, lock: Lock, notes: Diagnostic[], o: InstallOptions): Promise<InstallReport> {
  const p = planInstall(v, ctx, lock, o);
  const next: Lock = { ...lock, packages: { ...lock.packages, [p.entry.name]: p.entry } };
  const r = await applyChanges(changesFor(p.plan, p.old), { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, lockText: serializeLock(next), force: o.force, dryRun: o.dryRun });
  failOnErrors(r, `${printable(p.entry.name)} is not installed`);
  const status = !p.old ? 'installed' : r.written.length || r.removed.length || p.old.artifact.sha256 !== p.entry.artifact.sha256 ? 'updated' : 'unchanged';
  return report('install', ctx, o, r, [packageReport(p.entry, status, p.plan)], [...notes, ...p.diagnostics]);
}

/** `ctxforge install <artifact>`: verify it, then install it (or upgrade the installed version). */
export async function installArtifact(spec: string, o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  const acq = await acquire(spec, { cwd: o.cwd, root: ctx.root });
  try {
    return await commitInstall(await verifyPackage(acq, ctx, lock, o), ctx, lock, notes, o);
  } finally {
    await acq.cleanup();
  }
}

/** Installs a package the caller verified and read as documents: the plan, write and lock half of install. */
export async function installVerified(v: VerifiedPackage, o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  return commitInstall(v, ctx, lock, notes, o);
}

/** Acquires and verifies an artifact exactly as install does, and reads it as documents; writes nothing (serve). */
export async function verifySpec(spec: string, o: InstallOptions): Promise<VerifiedPackage> {
  const ctx = context(o);
  const acq = await acquire(spec, { cwd: o.cwd, root: ctx.root });
  try {
    return await verifyPackage(acq, ctx, emptyLock(ctx.scope), o);
  } finally {
    await acq.cleanup();
  }
}

/** `ctxforge install` with no artifact: exactly the locked set again, each artifact checked against the lock. */
export async function reinstall(o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, text, exists, notes } = await start(ctx, o);
  if (!exists) fail('CTXFORGE_USAGE', `there is no ${ctx.lockLabel} to reinstall from`, { hint: 'name an artifact: ctxforge install <file, release folder or URL>' }, 2);
  const next: Lock = { ...lock, packages: { ...lock.packages } };
  const changes: FolderChange[] = [];
  const packages: PackageReport[] = [];
  const diagnostics = [...notes];
  for (const entry of Object.values(lock.packages)) {
    const acq = await acquireLocked(entry.source, { cwd: ctx.root, root: ctx.root, scope: ctx.scope });
    try {
      if (acq.sha256 !== entry.artifact.sha256) {
        throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `SHA-256 ${acq.sha256} is not the ${entry.artifact.sha256} ctxforge.lock records for ${printable(entry.name)}; nothing was written`, {
          file: acq.input.label, hint: 'the artifact at the recorded source changed since it was installed: install the new one by naming it, and review the lock diff',
        }), 1);
      }
      const ro = { ...o, hosts: entry.hosts, allowUnbound: entry.allow_unbound ?? [] };
      const p = planInstall(await verifyPackage(acq, ctx, lock, ro, entry), ctx, lock, ro);
      // The recorded source stays as recorded (a relative path is not rewritten from another cwd).
      next.packages[entry.name] = { ...p.entry, source: { ...p.entry.source, location: entry.source.location } };
      changes.push(...changesFor(p.plan, entry));
      packages.push(packageReport(p.entry, 'checked', p.plan));
      diagnostics.push(...p.diagnostics);
    } finally {
      await acq.cleanup();
    }
  }
  const newText = serializeLock(next);
  const r = await applyChanges(changes, { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, lockText: newText === text ? undefined : newText, force: o.force, dryRun: o.dryRun });
  failOnErrors(r, 'the locked packages are not reinstalled');
  for (const p of packages) p.status = r.written.some((w) => p.folders.some((f) => w.startsWith(`${f}/`))) ? 'updated' : 'unchanged';
  return report('reinstall', ctx, o, r, packages, diagnostics);
}

/** `ctxforge install --frozen`: writes nothing; names every installed file that differs from the lock. */
export async function frozen(o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const drift: Drift[] = [];
  const diagnostics: Diagnostic[] = [];
  if (interrupted(ctx.lockPath)) drift.push({ path: relative(ctx.root, `${ctx.lockPath}.journal`).split(sep).join('/'), problem: 'an install was interrupted here and is not complete', package: '' });
  const { lock, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  if (!exists) fail('CTXFORGE_INSTALL_DRIFT', `${ctx.lockLabel} does not exist: there is nothing to check`, { file: ctx.lockLabel, hint: 'install the packages and commit ctxforge.lock' }, 1);
  const packages: PackageReport[] = [];
  for (const entry of Object.values(lock.packages)) {
    for (const f of entry.files) {
      const link = symlinkOnTheWay(ctx.root, f.path);
      const abs = join(ctx.root, ...f.path.split('/'));
      let problem: string | null = null;
      if (link) problem = `${link} is a symbolic link`;
      else {
        let st;
        try { st = lstatSync(abs); } catch { st = undefined; }
        if (!st) problem = 'missing';
        else if (!st.isFile()) problem = 'not a regular file';
        else if (sha256Hex(readFileSync(abs)) !== f.sha256) problem = 'modified since install';
      }
      if (problem) drift.push({ path: f.path, problem, package: entry.name });
    }
    // Where the artifact can be reached, it must still be the one recorded and still verify.
    let acq: Acquired | undefined;
    try {
      acq = await acquireLocked(entry.source, { cwd: ctx.root, root: ctx.root, scope: ctx.scope });
    } catch (e) {
      if (!(e instanceof DiagnosticError) || e.exitCode !== 2) throw e;
      diagnostics.push(info('CTXFORGE_INSTALL_DRIFT', `${printable(entry.name)}: the artifact was not checked (${e.diagnostic.message})`, { file: entry.source.location }));
    }
    if (acq) {
      try {
        if (acq.sha256 !== entry.artifact.sha256) drift.push({ path: entry.source.location, problem: `the artifact's SHA-256 is ${acq.sha256}, not the recorded ${entry.artifact.sha256}`, package: entry.name });
        else {
          const pin = ['pinned', 'trusted', 'local'].includes(entry.signer.trust) ? lockPin(entry.signer) : undefined;
          const facts = await checkArtifact(acq, { key: pin, trust: o.trust, env: ctx.env, limits: o.limits });
          judge(facts, acq, { pin, trust: o.trust, allowUnsigned: entry.signer.trust === 'unsigned' || entry.signer.trust === 'unverified' });
        }
      } catch (e) {
        if (!(e instanceof DiagnosticError)) throw e;
        drift.push({ path: entry.source.location, problem: `the artifact no longer verifies: ${e.diagnostic.message}`, package: entry.name });
      } finally {
        await acq.cleanup();
      }
    }
    packages.push(packageReport(entry, 'checked'));
  }
  for (const d of drift) diagnostics.push(error('CTXFORGE_INSTALL_DRIFT', `${printable(d.path)}: ${d.problem}${d.package ? ` (package ${printable(d.package)})` : ''}`, { file: d.path }));
  return report('frozen', ctx, { ...o, dryRun: true }, undefined, packages, diagnostics, drift);
}

/** `ctxforge uninstall <name…>`: removes exactly the files the lock records, nothing beside them. */
export async function uninstall(names: string[], o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  const missing = names.filter((n) => !Object.hasOwn(lock.packages, n));
  if (missing.length) {
    const known = Object.keys(lock.packages);
    fail('CTXFORGE_INSTALL_NOT_INSTALLED', `${missing.map(printable).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not in ${ctx.lockLabel}`, {
      file: ctx.lockLabel, hint: known.length ? `installed: ${known.map(printable).join(', ')}` : 'nothing is installed',
    }, 1);
  }
  const next: Lock = { ...lock, packages: { ...lock.packages } };
  const changes: FolderChange[] = [];
  for (const n of new Set(names)) {
    changes.push(...changesFor(null, lock.packages[n]));
    delete next.packages[n];
  }
  const r = await applyChanges(changes, { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, lockText: serializeLock(next), force: o.force, dryRun: o.dryRun });
  failOnErrors(r, 'nothing was uninstalled');
  return report('uninstall', ctx, o, r, [...new Set(names)].map((n) => packageReport(lock.packages[n]!, 'removed')), notes);
}
