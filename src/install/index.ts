// `ctxforge install`, `install` from the lock, `install --frozen` and `uninstall`: verify, plan,
// apply, record. Formats are reached only through the registry and the contract in src/format.ts
// (verifyArtifact, documents); everything after documents() works on neutral Documents.
import { relative, sep } from 'node:path';
import { DiagnosticError, error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import type { Limits } from '../core/limits.js';
import { applyChanges, interrupted, journalFolders, lkind, recover, ROLLBACK, symlinkOnTheWay, unlinkIfSame, type ApplyResult, type FolderChange } from './apply.js';
import { context, gitDirOf, type Ctx } from './context.js';
import { checkLocked, type Drift } from './drift.js';
import { type HostName, type Scope } from './hosts.js';
import { emptyLock, folderOf, readLock, serializeLock, type Lock, type LockPackage, type LockSigner } from './lock.js';
import type { PackagePlan, PlannedFile } from './plan.js';
import { readFileSync } from 'node:fs';
import type { Doc } from '../format.js';
import { join } from 'node:path';
import { hasErrors } from '../core/diagnostics.js';
import { skillsFolder } from './hosts.js';
import { CANONICAL, canSymlink, type LockLink } from './layout.js';
import { claimFolders, sharedOf } from './ownership.js';
import { readSkillsLock } from './skills-lock.js';
import { vendorPlan, writeVendored, type VendorPlan } from './vendor.js';
import { printable } from './portable.js';
import { changesFor, planInstall, verifyPackage, type VerifiedPackage } from './prepare.js';
import { acquire, acquireLocked } from './source.js';
import { compareSemver, isSemver } from '../core/semver.js';
import { newestInRange, openRegistry, validRange, type PackageRegistry } from '../registry/resolve.js';
import { namedRegistry } from '../registry/named.js';
import './rules.js';

export { context, projectRoot } from './context.js';
export type { Ctx } from './context.js';
export type { Drift } from './drift.js';
export type { VerifiedPackage } from './prepare.js';

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
  /** Install a lower version than the one the lock records (refused without it: a rollback is a decision, never an accident). */
  allowDowngrade?: boolean;
  dryRun?: boolean;
  /** Take over skill folders another installer (npx skills) or you made, recorded in the lock as adopted. */
  adopt?: boolean;
  /** Install host skill folders as links to the canonical `.agents/skills/<name>` (one copy for every host). */
  link?: boolean;
  /** A local artifact outside the project: copied into this project folder (default .agents/artifacts) and recorded there; false: recorded where it is. */
  vendor?: string | false;
  /** uninstall: remove only these hosts of the packages (the package stays for the others). */
  uninstallHosts?: HostName[];
  /** --frozen: fetch nothing; an artifact that cannot be read is reported as not checked instead of drift. */
  offline?: boolean;
  limits?: Partial<Limits>;
}

export interface PackageReport {
  name: string;
  version: string | null;
  format: string;
  status: 'installed' | 'updated' | 'downgraded' | 'unchanged' | 'removed' | 'checked';
  /** --frozen: verified (the artifact was checked and gives exactly the lock entry), lock-only (not checked, --offline), drifted. */
  artifact_check?: 'verified' | 'lock-only' | 'drifted';
  artifact_sha256: string;
  source: string;
  signer: LockSigner;
  hosts: HostName[];
  folders: string[];
  skills: string[];
  documents: number;
  /** Knowledge files written under another name than the package gives (host configuration names; the lock's original_path). */
  renamed: number;
  /** Host skill folders that are links to the canonical folder. */
  links: string[];
  /** Folders taken over from another installer (--adopt). */
  adopted: string[];
  /** Where a vendored artifact was copied from. */
  vendored_from?: string;
}

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
  /** --frozen: what the check established, and what it cannot (said every time, so a green run is not read as more). */
  proved?: string[];
  not_proved?: string[];
  diagnostics: Diagnostic[];
}

function packageReport(p: LockPackage, status: PackageReport['status'], plan?: PackagePlan): PackageReport {
  return {
    name: p.name, version: p.version, format: p.format, status, artifact_sha256: p.artifact.sha256, source: p.source.location, signer: p.signer,
    hosts: p.hosts, folders: p.folders, skills: plan?.skills ?? [], documents: plan?.documents ?? p.files.filter((f) => f.role === 'document').length,
    renamed: p.files.filter((f) => f.original_path !== undefined).length, links: (p.links ?? []).map((l) => l.path), adopted: p.adopted ?? [],
    ...(p.source.vendored_from ? { vendored_from: p.source.vendored_from } : {}),
  };
}

function report(action: InstallReport['action'], ctx: Ctx, o: InstallOptions, r: ApplyResult | undefined, packages: PackageReport[], diagnostics: Diagnostic[], drift: Drift[] = []): InstallReport {
  return {
    action, scope: ctx.scope, root: ctx.root, lock: ctx.lockLabel, dry_run: !!o.dryRun, packages,
    written: r?.written ?? [], removed: r?.removed ?? [], kept: r?.kept ?? [], unchanged: r?.unchanged ?? 0, drift,
    diagnostics: [...diagnostics, ...(r?.diagnostics ?? [])],
  };
}

/** Fails with the apply's errors; `notes` (a journal reported, not run) go with them, so a failed command still says so. */
function failOnErrors(r: ApplyResult, what: string, notes: Diagnostic[] = []): void {
  const errs = r.diagnostics.filter((d) => d.severity === 'error');
  if (errs.length) throw new DiagnosticError({ ...errs[0]!, message: `${what}: ${errs[0]!.message}` }, errs.some((d) => d.code === 'CTXFORGE_IO_SYMLINK') ? 2 : 1, [...r.diagnostics, ...notes]);
}

/**
 * A journal in the work tree (where ctxforge.lock.journal used to be kept) is never completed — a
 * commit, a ZIP or a template can put any file there — only reported, with what it names and how
 * to roll it back by hand, in case an older ctxforge was interrupted here.
 */
function strayJournal(ctx: Ctx): Diagnostic[] {
  if (!ctx.strayJournal || lkind(ctx.strayJournal) === null) return [];
  const label = relative(ctx.root, ctx.strayJournal).split(sep).join('/');
  const names = journalFolders(ctx.strayJournal, ctx.scope);
  const named = names.length ? `; it names ${names.slice(0, 5).map(printable).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}` : '';
  const home = gitDirOf(ctx.root) ? 'the git directory' : 'your state folder';
  return [warning('CTXFORGE_INSTALL_INTERRUPTED', `this file is not read as an install journal: the journal is kept in ${home} (${ctx.journalLabel}), where no commit or download can put it, so one in the project is never completed${named}`, {
    file: label, hint: `if you did not interrupt an install here (an older ctxforge kept its journal there), delete the file and check how it got into the project; ${ROLLBACK}`,
  })];
}

async function start(ctx: Ctx, o: InstallOptions): Promise<{ lock: Lock; text?: string; exists: boolean; notes: Diagnostic[] }> {
  let notes: Diagnostic[] = [];
  if (o.dryRun) {
    if (interrupted(ctx.journalPath)) fail('CTXFORGE_INSTALL_INTERRUPTED', 'an earlier install was interrupted; run the command without --dry-run to complete it first', { file: ctx.journalLabel }, 2);
  } else {
    notes = await recover(ctx.root, ctx.scope, ctx.lockPath, ctx.journalPath);
  }
  notes.push(...strayJournal(ctx));
  const { lock, text, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  return { lock, text, exists, notes };
}

/** Is `to` a lower version than `from` (both SemVer)? */
function isDowngrade(from: string | null | undefined, to: string | null): boolean {
  return !!from && !!to && isSemver(from) && isSemver(to) && compareSemver(to, from) < 0;
}

async function commitInstall(v: VerifiedPackage, ctx: Ctx, lock: Lock, notes: Diagnostic[], o: InstallOptions, vendored?: VendorPlan): Promise<InstallReport> {
  if (o.link && !canSymlink(ctx.root)) {
    notes = [...notes, warning('CTXFORGE_INSTALL_NO_LINKS', `--link: this file system cannot hold symbolic links, so each host gets a copy instead`, { file: ctx.root })];
    o = { ...o, link: false };
  }
  const p = planInstall(v, ctx, lock, o);
  const sl = readSkillsLock(ctx.root, ctx.scope, ctx.env);
  const claim = claimFolders(p.entry.folders, p.links, p.old, sl, { root: ctx.root, adopt: o.adopt, force: o.force });
  if (hasErrors(claim.diagnostics)) {
    const errs = claim.diagnostics.filter((d) => d.severity === 'error');
    throw new DiagnosticError({ ...errs[0]!, message: `${printable(p.entry.name)} is not installed: ${errs[0]!.message}` }, 1, [...sl.diagnostics, ...claim.diagnostics]);
  }
  if (claim.adopted.length) p.entry.adopted = [...new Set([...(p.entry.adopted ?? []), ...claim.adopted])];
  p.diagnostics.push(...sl.diagnostics, ...claim.diagnostics);
  const down = isDowngrade(p.old?.version, p.entry.version);
  if (down && !o.allowDowngrade) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_DOWNGRADE', `${printable(p.entry.name)} ${p.entry.version} is older than the ${p.old!.version} ${ctx.lockLabel} records; nothing was written`, {
      file: v.source.location, hint: 'a mirror, a moved `latest/` URL or an old download can roll a package back: if you mean it, install again with --allow-downgrade and review the lock diff',
    }), 1);
  }
  const next: Lock = { ...lock, packages: { ...lock.packages, [p.entry.name]: p.entry } };
  // The vendored artifact is in place before the lock that records it.
  if (vendored?.files.length && !o.dryRun && !hasErrors(p.diagnostics)) await writeVendored(ctx.root, vendored);
  const r = await applyChanges(changesFor(p.plan, p.old), { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, journalPath: ctx.journalPath, lockText: serializeLock(next), force: o.force, dryRun: o.dryRun, links: linkChanges(p.entry, p.old) });
  failOnErrors(r, `${printable(p.entry.name)} is not installed`, notes);
  const status = !p.old ? 'installed' : down ? 'downgraded' : r.written.length || r.removed.length || p.old.artifact.sha256 !== p.entry.artifact.sha256 ? 'updated' : 'unchanged';
  return report('install', ctx, o, r, [packageReport(p.entry, status, p.plan)], [...notes, ...p.diagnostics]);
}

/** `ctxforge install <artifact>`: verify it, then install it (or upgrade the installed version). */
export async function installArtifact(spec: string, o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  const acq = await acquire(spec, { cwd: o.cwd, root: ctx.root, env: ctx.env });
  try {
    const v = await verifyPackage(acq, ctx, lock, o);
    const recorded = new Set(Object.values(lock.packages).flatMap((x) => (x.source.type === 'path' ? [x.source.location] : [])));
    const vendored = vendorPlan(acq, v.source, ctx, o.vendor, recorded, !!o.force);
    return await commitInstall({ ...v, source: vendored.source, diagnostics: [...v.diagnostics, ...vendored.diagnostics] }, ctx, lock, notes, o, vendored);
  } finally {
    await acq.cleanup();
  }
}

/**
 * `ctxforge install <name>@<range> --registry <spec>`: the newest version in the range, fetched
 * from the registry and then verified, planned and recorded exactly as a named artifact is — the
 * registry only says where the bytes are. The lock records the registry, the range (the one asked
 * for, else ^<resolved>), the coordinate and the digests.
 */
export async function installFromRegistry(name: string, range: string | undefined, registry: string, o: InstallOptions): Promise<InstallReport> {
  if (range !== undefined && !validRange(range)) fail('CTXFORGE_USAGE', `${printable(range)} is not a SemVer range`, { hint: 'e.g. ^1.2, ~1.2.3, 1.x, >=1 <2, or an exact version' }, 2);
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  const spec = ctx.scope === 'project' ? await namedRegistry(registry, { cwd: o.cwd, root: ctx.root }) : registry;
  const reg: PackageRegistry = await openRegistry(spec, { cwd: o.cwd, root: ctx.root, scope: ctx.scope, env: ctx.env });
  try {
    const versions = await reg.versions(name);
    if (!versions.length) fail('CTXFORGE_REGISTRY_NOT_FOUND', `${reg.recorded} has no package named ${printable(name)}`, { hint: 'cartridges are named <publisherId>/<id> (a bare <id> where it is unique)' }, 1);
    const pick = newestInRange(versions, range ?? '*');
    if (!pick) fail('CTXFORGE_REGISTRY_NOT_FOUND', `${reg.recorded} has no version of ${printable(name)} in ${printable(range ?? '*')} (it has ${versions.map((v) => v.version).join(', ')})`, {}, 1);
    const acq = reg.acquire ? await reg.acquire(pick.location, { cwd: o.cwd }) : await acquire(await reg.artifactPath(pick.location), { cwd: o.cwd, root: ctx.root });
    // An OCI registry's package is an oci source (fetched again by its manifest digest) that also keeps the range.
    acq.source = acq.source.type === 'oci' ? { ...acq.source, range: range ?? `^${pick.version}` } : { type: 'registry', registry: reg.recorded, location: pick.location, range: range ?? `^${pick.version}` };
    try {
      const v = await verifyPackage(acq, ctx, lock, o);
      // The path is the registry's word; the version the package's signed identity states is what counts.
      if (v.docs.meta.version !== pick.version) {
        fail('CTXFORGE_REGISTRY_NOT_FOUND', `${reg.recorded}: ${pick.location} holds version ${printable(String(v.docs.meta.version))}, not the ${pick.version} its coordinate says; nothing was written`, { file: pick.location, hint: 'the registry is inconsistent: run ctxforge registry check on it' }, 1);
      }
      return await commitInstall(v, ctx, lock, notes, o);
    } finally {
      await acq.cleanup();
    }
  } finally {
    await reg.close();
  }
}

/** Installs a package the caller verified and read as documents: the plan, write and lock half of install. */
export async function installVerified(v: VerifiedPackage, o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const { lock, notes } = await start(ctx, o);
  return commitInstall(v, ctx, lock, notes, o);
}

/**
 * Acquires and verifies an artifact exactly as install does, and reads it as documents; writes
 * nothing (serve). `sinkFor`, given the artifact's SHA-256 before it is verified, may return where
 * each document goes as it is read (DocumentsOptions.documentSink) instead of being returned.
 */
export async function verifySpec(spec: string, o: InstallOptions, sinkFor?: (sha256: string) => ((doc: Doc) => void) | undefined): Promise<VerifiedPackage> {
  const ctx = context(o);
  const acq = await acquire(spec, { cwd: o.cwd, root: ctx.root, env: ctx.env });
  try {
    const documentSink = sinkFor?.(acq.sha256);
    return await verifyPackage(acq, ctx, emptyLock(ctx.scope), documentSink ? { ...o, documentSink } : o);
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
  const links: { make: LockLink[]; unmake: LockLink[] } = { make: [], unmake: [] };
  const packages: PackageReport[] = [];
  const sl = readSkillsLock(ctx.root, ctx.scope, ctx.env);
  const diagnostics = [...notes, ...sl.diagnostics];
  for (const entry of Object.values(lock.packages)) {
    const acq = await acquireLocked(entry.source, { cwd: ctx.root, root: ctx.root, scope: ctx.scope, env: ctx.env });
    try {
      if (acq.sha256 !== entry.artifact.sha256) {
        throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `SHA-256 ${acq.sha256} is not the ${entry.artifact.sha256} ctxforge.lock records for ${printable(entry.name)}; nothing was written`, {
          file: acq.input.label, hint: 'the artifact at the recorded source changed since it was installed: install the new one by naming it, and review the lock diff',
        }), 1);
      }
      // The layout the lock records, and a link of the shared layout another tool put where a folder was (taken as that layout).
      const ro = { ...o, hosts: entry.hosts, allowUnbound: entry.allow_unbound ?? [] };
      const p = planInstall(await verifyPackage(acq, ctx, lock, ro, entry), ctx, lock, ro);
      const claim = claimFolders(p.entry.folders, p.links, entry, sl, { root: ctx.root, adopt: o.adopt, force: o.force });
      if (hasErrors(claim.diagnostics)) {
        const errs = claim.diagnostics.filter((d) => d.severity === 'error');
        throw new DiagnosticError({ ...errs[0]!, message: `the locked packages are not reinstalled: ${errs[0]!.message}` }, 1, [...sl.diagnostics, ...claim.diagnostics]);
      }
      if (claim.adopted.length) p.entry.adopted = [...new Set([...(p.entry.adopted ?? []), ...claim.adopted])];
      diagnostics.push(...claim.diagnostics);
      // The recorded source stays as recorded (a relative path is not rewritten from another cwd).
      next.packages[entry.name] = { ...p.entry, source: { ...p.entry.source, location: entry.source.location, ...(entry.source.vendored_from ? { vendored_from: entry.source.vendored_from } : {}) } };
      changes.push(...changesFor(p.plan, entry));
      links.make.push(...(p.entry.links ?? []));
      links.unmake.push(...linkChanges(p.entry, entry).unmake);
      packages.push(packageReport(p.entry, 'checked', p.plan));
      diagnostics.push(...p.diagnostics);
    } finally {
      await acq.cleanup();
    }
  }
  const newText = serializeLock(next);
  const r = await applyChanges(changes, { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, journalPath: ctx.journalPath, lockText: newText === text ? undefined : newText, force: o.force, dryRun: o.dryRun, links });
  failOnErrors(r, 'the locked packages are not reinstalled', notes);
  for (const p of packages) p.status = r.written.some((w) => p.folders.some((f) => w.startsWith(`${f}/`))) ? 'updated' : 'unchanged';
  return report('reinstall', ctx, o, r, packages, diagnostics);
}

/**
 * `ctxforge install --frozen`: writes nothing. Each locked package's artifact is fetched, verified
 * and planned again, and must give exactly the lock's entry; the disk must hold exactly the entry's
 * files in its folders. Every difference is named.
 */
export async function frozen(o: InstallOptions): Promise<InstallReport> {
  const ctx = context(o);
  const drift: Drift[] = [];
  const diagnostics: Diagnostic[] = strayJournal(ctx);
  if (interrupted(ctx.journalPath)) drift.push({ path: ctx.journalLabel, problem: 'an install was interrupted here and is not complete', package: '' });
  const { lock, exists } = await readLock(ctx.lockPath, ctx.lockLabel, ctx.scope);
  if (!exists) fail('CTXFORGE_INSTALL_DRIFT', `${ctx.lockLabel} does not exist: there is nothing to check`, { file: ctx.lockLabel, hint: 'install the packages and commit ctxforge.lock' }, 1);
  const packages: PackageReport[] = [];
  for (const entry of Object.values(lock.packages)) {
    const c = await checkLocked(entry, ctx, lock, o);
    drift.push(...c.drift);
    diagnostics.push(...c.diagnostics);
    packages.push({ ...packageReport(entry, 'checked'), artifact_check: c.artifact });
  }
  for (const d of drift) diagnostics.push(error('CTXFORGE_INSTALL_DRIFT', `${d.problem}${d.package ? ` (package ${printable(d.package)})` : ''}`, { file: d.path }));
  const checked = packages.filter((p) => p.artifact_check === 'verified').length;
  return {
    ...report('frozen', ctx, { ...o, dryRun: true }, undefined, packages, diagnostics, drift),
    proved: drift.length ? [] : [
      `every installed file in the locked packages' folders is exactly what ${ctx.lockLabel} records`,
      ...(checked ? [`${checked} locked artifact${checked === 1 ? '' : 's'} verif${checked === 1 ? 'ies' : 'y'} with the key the lock records and install${checked === 1 ? 's' : ''} exactly what it records`] : []),
    ],
    not_proved: [
      `that the keys, versions and trust levels ${ctx.lockLabel} records are ones you accept: the lock is checked against itself, so whoever edits it chooses them (an unsigned package, another key, an older version); in a pull request, ctxforge check --base (the Action's check mode) judges them against the base commit`,
      'anything about skill folders no lock entry names (the lock gate reports those)',
      ...(packages.length - checked > 0 && !drift.length ? [`${packages.length - checked} artifact${packages.length - checked === 1 ? ' was' : 's were'} not checked (--offline)`] : []),
    ],
  };
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
  const links: { make: LockLink[]; unmake: LockLink[] } = { make: [], unmake: [] };
  const sl = readSkillsLock(ctx.root, ctx.scope, ctx.env);
  const left: Diagnostic[] = [...sl.diagnostics];
  const reports: PackageReport[] = [];
  for (const n of new Set(names)) {
    const old = lock.packages[n]!;
    const keep = o.uninstallHosts?.length ? withoutHosts(old, o.uninstallHosts, ctx.scope) : null;
    if (keep && !keep.folders.length) fail('CTXFORGE_USAGE', `removing ${o.uninstallHosts!.join(', ')} would leave ${printable(n)} with nothing installed`, { hint: `uninstall the package: ctxforge uninstall ${n}` }, 2);
    // What the other tool also lists stays where it is: ctxforge drops only its record of it.
    const shared = sharedOf(old, sl);
    const gone = (f: string) => !keep || (!keep.folders.includes(f) && !(keep.links ?? []).some((l) => l.path === f));
    for (const f of shared) {
      if (!gone(f)) continue;
      left.push(error('CTXFORGE_INSTALL_SHARED', `${printable(f)} is left in place: ${sl.label} (npx skills) also lists ${printable(f.slice(f.lastIndexOf('/') + 1))}; ctxforge.lock no longer records it`, {
        file: f, hint: `remove it with \`npx skills remove ${f.slice(f.lastIndexOf('/') + 1)}\` if neither tool should keep it`,
      }));
    }
    const drop = (p: LockPackage): LockPackage => ({ ...p, folders: p.folders.filter((f) => !shared.has(f) || !gone(f)), files: p.files.filter((x) => { const f = folderOf(x.path, new Set(p.folders)); return !f || !shared.has(f) || !gone(f); }), links: (p.links ?? []).filter((l) => !shared.has(l.path) || !gone(l.path)) });
    changes.push(...changesFor(keep ? { folders: keep.folders, files: keep.files.map((f) => plannedFrom(ctx.root, f)) } : null, drop(old)));
    links.unmake.push(...drop(old).links!.filter((l) => gone(l.path)));
    if (keep) next.packages[n] = keep;
    else delete next.packages[n];
    // The report names what was removed; what stays is named in the CTXFORGE_INSTALL_SHARED errors.
    reports.push(packageReport(keep ?? drop(old), keep ? 'updated' : 'removed'));
  }
  const r = await applyChanges(changes, { root: ctx.root, scope: ctx.scope, lockPath: ctx.lockPath, journalPath: ctx.journalPath, lockText: serializeLock(next), force: o.force, dryRun: o.dryRun, links });
  failOnErrors(r, 'nothing was uninstalled', notes);
  // A vendored artifact goes with the last package that records it, while it is still the one recorded.
  const still = new Set(Object.values(next.packages).map((p) => p.source.location));
  for (const n of new Set(names)) {
    const src = lock.packages[n]!.source;
    if (next.packages[n] || !src.vendored_from || src.type !== 'path' || still.has(src.location) || symlinkOnTheWay(ctx.root, src.location)) continue;
    if (o.dryRun ? lkind(join(ctx.root, ...src.location.split('/'))) === 'file' : unlinkIfSame(join(ctx.root, ...src.location.split('/')), lock.packages[n]!.artifact.sha256)) r.removed.push(src.location);
  }
  return report('uninstall', ctx, o, r, reports, [...notes, ...left]);
}

/** The links to make and remove from an old lock entry to a new one. */
function linkChanges(entry: LockPackage, old: LockPackage | undefined): { make: LockLink[]; unmake: LockLink[] } {
  const now = new Set((entry.links ?? []).map((l) => l.path));
  return { make: entry.links ?? [], unmake: (old?.links ?? []).filter((l) => !now.has(l.path)) };
}

/**
 * A package's lock entry without some hosts (`uninstall --host`): their skill folders and links go,
 * unless a remaining host reads the same folder; the canonical folder stays while a link needs it.
 */
export function withoutHosts(p: LockPackage, drop: HostName[], scope: Scope): LockPackage {
  const hosts = p.hosts.filter((h) => !drop.includes(h));
  const keepParents = new Set(hosts.map((h) => skillsFolder(h, scope)));
  const links = (p.links ?? []).filter((l) => keepParents.has(l.path.slice(0, l.path.lastIndexOf('/'))));
  const needed = new Set(links.map((l) => `${CANONICAL}/${l.path.slice(l.path.lastIndexOf('/') + 1)}`));
  const isSkill = (f: string) => f.slice(0, f.lastIndexOf('/')).endsWith('/skills');
  const folders = p.folders.filter((f) => !isSkill(f) || keepParents.has(f.slice(0, f.lastIndexOf('/'))) || needed.has(f));
  const fs = new Set(folders);
  return {
    ...p, hosts, folders, files: p.files.filter((f) => folderOf(f.path, fs) !== undefined),
    ...(links.length ? { links } : { links: undefined }),
    ...(p.adopted ? { adopted: p.adopted.filter((a) => fs.has(a)) } : {}),
  };
}

/** A locked file as a planned one, its bytes read back from disk (uninstall --host keeps files already in place). */
function plannedFrom(root: string, f: LockPackage['files'][number]): PlannedFile {
  let bytes: Buffer;
  try { bytes = readFileSync(join(root, ...f.path.split('/'))); } catch { bytes = Buffer.alloc(0); }
  return { ...f, bytes };
}
