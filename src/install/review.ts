// The lock gate of a pull request: what it changes in ctxforge.lock and in the host folders ctxforge
// manages, reviewed like a dependency change. The head's lock is the pull request's own words, so
// it is evidence, never a trust root: every head artifact is fetched (public https only) and must
// install exactly what the head's lock records, and whether its signer, version and trust are
// acceptable is decided against the base commit — its lock's pins and its ctxforge.yaml `lock:`.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { gitBlobId } from '../git/blob-id.js';
import type { GitRepo } from '../git/index.js';
import { compareSemver, isSemver } from '../core/semver.js';
import { compareUtf8 } from '../core/paths.js';
import { sha256Hex } from '../core/hash.js';
import { diffLines, splitLines, unifiedHunks } from '../core/line-diff.js';
import { decodeUtf8 } from '../core/utf8.js';
import { LOCK_FINDINGS, type LockFindingKind, type LockGateConfig } from '../repo/config.js';
import { lkind, symlinkOnTheWay, walk } from './apply.js';
import type { Ctx } from './context.js';
import { checkLocked } from './drift.js';
import { readSkillsLock } from './skills-lock.js';
import { HOST_NAMES, KNOWLEDGE_FOLDER, skillsFolder } from './hosts.js';
import { LOCK_NAME, parseLock, readLock, type Lock, type LockPackage } from './lock.js';
import { printable } from './portable.js';
import type { Limits } from '../core/limits.js';
import './rules.js';

/** The code each kind of finding is reported under (annotations, SARIF). */
export const FINDING_CODES: Record<ReviewFindingKind, string> = {
  unsigned: 'CTXFORGE_LOCK_UNSIGNED', 'new-signer': 'CTXFORGE_LOCK_NEW_SIGNER', 'key-change': 'CTXFORGE_LOCK_KEY_CHANGE',
  downgrade: 'CTXFORGE_LOCK_DOWNGRADE', republish: 'CTXFORGE_LOCK_REPUBLISH', 'unlocked-files': 'CTXFORGE_LOCK_UNLOCKED_FILES',
  drift: 'CTXFORGE_LOCK_DRIFT', 'lock-invalid': 'CTXFORGE_LOCK_INVALID',
};

/** What a finding is: one of the policy's six, or a failure the gate never lets pass. */
export type ReviewFindingKind = LockFindingKind | 'drift' | 'lock-invalid';

export interface ReviewFinding {
  kind: ReviewFindingKind;
  package?: string;
  path?: string;
  message: string;
  /** Whether it fails the check: policy kinds when the base's `lock.fail_on` names them; drift and an invalid lock always. */
  fails: boolean;
}

export interface ReviewSide {
  version: string | null;
  sha256: string;
  format: string;
  source: string;
  signer: string | null;
  trust: string;
  hosts: string[];
}

export type PackageChangeKind = 'added' | 'removed' | 'upgraded' | 'downgraded' | 'republished' | 'changed' | 'unchanged';

export interface ReviewPackage {
  name: string;
  change: PackageChangeKind;
  from: ReviewSide | null;
  to: ReviewSide | null;
  /** What else changed, in words: signer, trust, hosts. */
  notes: string[];
  /** The head artifact: verified to install exactly the head's entry, or not (drift findings say why). */
  artifact_check: 'verified' | 'drifted' | null;
}

export interface UnclaimedEntry {
  path: string;
  kind: 'file' | 'dir' | 'symlink' | 'other';
  /** A symbolic link's target, as written (never followed). */
  target?: string;
  /** Another installer's record of it (`npx skills`). */
  claimed_by?: 'skills-lock.json';
  /** Not as it was at the base (added or edited by the pull request). */
  changed: boolean;
}

export interface SkillFileDiff {
  package: string;
  path: string;
  status: 'added' | 'removed' | 'modified';
  /** Unified-diff lines (whole; the comment shows at most MAX_DIFF_LINES of each file). */
  lines: string[];
  /** Set for a file that is not UTF-8 text: shown by hash and size. */
  binary?: { from: { sha256: string; size: number } | null; to: { sha256: string; size: number } | null };
}

export interface LockReview {
  base_lock: boolean;
  head_lock: boolean;
  policy: { fail_on: LockFindingKind[]; signers: string[]; from: 'base' | 'default' };
  packages: ReviewPackage[];
  unclaimed: UnclaimedEntry[];
  skill_diffs: SkillFileDiff[];
  findings: ReviewFinding[];
  failed: boolean;
}

export interface ReviewOptions {
  /** The head's work tree (the project root). */
  root: string;
  repo?: GitRepo;
  /** The base commit; null without one (the defaults apply, nothing is compared). */
  base: string | null;
  /** `lock:` of the base commit's ctxforge.yaml. */
  policy?: LockGateConfig;
  env?: NodeJS.ProcessEnv;
  limits?: Partial<Limits>;
}

/** What the comment shows of one file's diff, and of all of them. */
export const MAX_DIFF_LINES = 200;
const PINNING = new Set(['pinned', 'trusted', 'local']);

const side = (p: LockPackage): ReviewSide => ({
  version: p.version, sha256: p.artifact.sha256, format: p.format, source: p.source.location, signer: p.signer.key_id, trust: p.signer.trust, hosts: [...p.hosts].sort(compareUtf8),
});
const isUnsigned = (p: LockPackage) => p.signer.trust === 'unsigned' || p.signer.trust === 'unverified';
const signerOf = (p: LockPackage) => (PINNING.has(p.signer.trust) ? p.signer.key_id : null);

/** The base commit's lock, or null when it has none; a lock the gate cannot read fails closed. */
async function baseLock(o: ReviewOptions, findings: ReviewFinding[]): Promise<Lock | null> {
  if (!o.repo || !o.base) return null;
  const t = await o.repo.lookup(o.base, LOCK_NAME);
  if (!t) return null;
  const label = `${LOCK_NAME} at the base`;
  if (t.type !== 'blob' || t.mode === '120000') {
    findings.push({ kind: 'lock-invalid', path: LOCK_NAME, message: `${label} is not a regular file; the gate cannot judge against it`, fails: true });
    return null;
  }
  try {
    return parseLock((await o.repo.readBlob(t.oid)).toString('utf8'), label, 'project');
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    findings.push({ kind: 'lock-invalid', path: LOCK_NAME, message: `${e.diagnostic.message} — the gate cannot judge against the base's lock`, fails: true });
    return null;
  }
}

/** The `.agents/skills`-style folders and the knowledge folder: where only a lock may put things. */
function managedParents(): string[] {
  return [...new Set([...HOST_NAMES.map((h) => skillsFolder(h, 'project')), KNOWLEDGE_FOLDER])].sort(compareUtf8);
}

/** The git blob ids below a base tree path, by relative path (symlinks by their target's blob). */
async function baseListing(repo: GitRepo, base: string, path: string): Promise<Map<string, string> | null> {
  const t = await repo.lookup(base, path);
  if (!t) return null;
  const out = new Map<string, string>();
  if (t.type !== 'tree') { out.set('', `${t.mode}:${t.oid}`); return out; }
  const go = async (oid: string, prefix: string) => {
    for (const e of await repo.readTreeEntries(oid)) {
      const rel = prefix ? `${prefix}/${e.path}` : e.path;
      if (e.type === 'tree') await go(e.oid, rel);
      else out.set(rel, `${e.mode === '120000' ? '120000' : 'blob'}:${e.oid}`);
    }
  };
  await go(t.oid, '');
  return out;
}

/** The same listing of what is on disk now (links never followed; a link as git stores it). */
function diskListing(root: string, path: string): Map<string, string> {
  const abs = join(root, ...path.split('/'));
  const out = new Map<string, string>();
  const k = lkind(abs);
  const one = (file: string, kind: string | null) => {
    if (kind === 'symlink') return `120000:${gitBlobId(Buffer.from(readlinkSync(file)))}`;
    if (kind === 'file') return `blob:${gitBlobId(readFileSync(file))}`;
    return `other:${kind}`;
  };
  if (k !== 'dir') { out.set('', one(abs, k)); return out; }
  for (const e of walk(abs)) if (e.kind !== 'dir') out.set(e.rel, one(join(abs, ...e.rel.split('/')), e.kind));
  return out;
}

function sameListing(a: Map<string, string> | null, b: Map<string, string>): boolean {
  if (!a || a.size !== b.size) return false;
  for (const [k, v] of b) if (a.get(k) !== v && !(v.startsWith('blob:') && a.get(k) === `blob:${v.slice(5)}`)) return false;
  return true;
}

/** Everything in the managed folders that no package of the head's lock claims. */
async function unclaimedEntries(o: ReviewOptions, head: Lock | null): Promise<UnclaimedEntry[]> {
  const claimed = new Set(Object.values(head?.packages ?? {}).flatMap((p) => p.folders));
  // A recorded link of the shared layout is the package's only while it is exactly that link.
  const links = new Map(Object.values(head?.packages ?? {}).flatMap((p) => (p.links ?? []).map((l) => [l.path, l.target] as const)));
  const npx = readSkillsLock(o.root, 'project', o.env).skills;
  const out: UnclaimedEntry[] = [];
  const changedSinceBase = async (path: string) => !(o.repo && o.base) || !sameListing(await baseListing(o.repo, o.base, path), diskListing(o.root, path));
  for (const parent of managedParents()) {
    const link = symlinkOnTheWay(o.root, parent);
    if (link) {
      if (!out.some((e) => e.path === link)) out.push({ path: link, kind: 'symlink', target: readlinkSync(join(o.root, ...link.split('/'))), changed: await changedSinceBase(link) });
      continue;
    }
    const abs = join(o.root, ...parent.split('/'));
    if (lkind(abs) !== 'dir') continue;
    // Only the parent's own entries: a claimed folder's content is the drift check's.
    for (const name of readdirSync(abs).sort(compareUtf8)) {
      const path = `${parent}/${name}`;
      if (claimed.has(path)) continue;
      const kind = lkind(join(abs, name)) ?? 'other';
      // A link the lock records (the shared layout) is the package's while its text is unchanged.
      if (kind === 'symlink' && links.has(path) && readlinkSync(join(abs, name)) === links.get(path)) continue;
      const entry: UnclaimedEntry = { path, kind, changed: await changedSinceBase(path) };
      if (kind === 'symlink') entry.target = readlinkSync(join(abs, name));
      if (parent.endsWith('/skills') && npx.has(name)) entry.claimed_by = 'skills-lock.json';
      out.push(entry);
    }
  }
  return out;
}

/** A file's bytes at the base (by the lock's path), or null. */
async function baseBytes(o: ReviewOptions, path: string): Promise<Buffer | null> {
  if (!o.repo || !o.base) return null;
  const t = await o.repo.lookup(o.base, path);
  return t && t.type === 'blob' && t.mode !== '120000' ? o.repo.readBlob(t.oid) : null;
}

function headBytes(root: string, path: string): Buffer | null {
  if (symlinkOnTheWay(root, path)) return null;
  const abs = join(root, ...path.split('/'));
  return lkind(abs) === 'file' ? readFileSync(abs) : null;
}

/** The regular files at or below `path` on disk (never through a link), as repository paths. */
function filesBelow(root: string, path: string): string[] {
  if (symlinkOnTheWay(root, path)) return [];
  const abs = join(root, ...path.split('/'));
  const k = lkind(abs);
  if (k === 'file') return [path];
  return k === 'dir' ? walk(abs).filter((e) => e.kind === 'file').map((e) => `${path}/${e.rel}`) : [];
}

const isText = (b: Buffer) => !b.includes(0) && decodeUtf8(b) !== undefined;

/** One file's change as a reviewer reads it: unified-diff lines, or, for what is not UTF-8 text, hash and size. */
function contentDiff(pkg: string, path: string, old: Buffer | null, now: Buffer | null): SkillFileDiff {
  const status = old === null ? 'added' : now === null ? 'removed' : 'modified';
  if ((old && !isText(old)) || (now && !isText(now))) {
    const hs = (b: Buffer | null) => (b ? { sha256: sha256Hex(b), size: b.length } : null);
    return { package: pkg, path, status, lines: [], binary: { from: hs(old), to: hs(now) } };
  }
  return { package: pkg, path, status, lines: unifiedHunks(diffLines(splitLines(old?.toString('utf8') ?? ''), splitLines(now?.toString('utf8') ?? ''))) };
}

/** The content diff of every skill file a package change touches (knowledge documents are not instructions). */
async function skillDiffs(o: ReviewOptions, name: string, from: LockPackage | undefined, to: LockPackage | undefined): Promise<SkillFileDiff[]> {
  const skillFiles = (p: LockPackage | undefined) => new Map((p?.files ?? []).filter((f) => !f.path.startsWith(`${KNOWLEDGE_FOLDER}/`)).map((f) => [f.path, f]));
  const a = skillFiles(from);
  const b = skillFiles(to);
  const out: SkillFileDiff[] = [];
  for (const path of [...new Set([...a.keys(), ...b.keys()])].sort(compareUtf8)) {
    const fa = a.get(path);
    const fb = b.get(path);
    if (fa && fb && fa.sha256 === fb.sha256) continue;
    const old = fa ? await baseBytes(o, path) : null;
    const now = fb ? headBytes(o.root, path) : null;
    // A side the gate could not read as the lock records it is shown by the lock's hash (drift findings say why).
    const oldOk = !fa || (old !== null && sha256Hex(old) === fa.sha256);
    const nowOk = !fb || (now !== null && sha256Hex(now) === fb.sha256);
    if (!oldOk || !nowOk) {
      out.push({ package: name, path, status: !fa ? 'added' : !fb ? 'removed' : 'modified', lines: [], binary: { from: fa ? { sha256: fa.sha256, size: fa.size } : null, to: fb ? { sha256: fb.sha256, size: fb.size } : null } });
      continue;
    }
    out.push(contentDiff(name, path, old, now));
  }
  return out;
}

/**
 * What the pull request did to files outside what the head's lock vouches for — a skill file edited
 * in place, files dropped into a managed folder: the base's bytes against the disk's, so a reviewer
 * reads the instructions that were slipped in, not only their names.
 */
async function diskDiffs(o: ReviewOptions, pkg: string, paths: readonly string[]): Promise<SkillFileDiff[]> {
  const out: SkillFileDiff[] = [];
  for (const path of paths) {
    if (path.startsWith(`${KNOWLEDGE_FOLDER}/`)) continue;
    const old = await baseBytes(o, path);
    const now = headBytes(o.root, path);
    if (old === null && now === null) continue;
    if (old && now && old.equals(now)) continue;
    out.push(contentDiff(pkg, path, old, now));
  }
  return out;
}

function comparePackages(name: string, from: LockPackage | undefined, to: LockPackage | undefined, known: Set<string>, push: (kind: ReviewFindingKind, message: string, path?: string) => void): { change: PackageChangeKind; notes: string[] } {
  const n = printable(name);
  const notes: string[] = [];
  if (!to) return { change: 'removed', notes };
  const kt = signerOf(to);
  if (!from) {
    if (isUnsigned(to)) push('unsigned', `${n} is added ${to.signer.trust === 'unverified' ? 'with a signature no key was pinned for' : 'unsigned'}: nothing proves who made it`);
    else if (kt && !known.has(kt)) push('new-signer', `${n} is added, signed by ${kt}, a signer the base neither pins nor lists in lock.signers`);
    return { change: 'added', notes };
  }
  let change: PackageChangeKind;
  const sameBytes = from.artifact.sha256 === to.artifact.sha256;
  if (from.version !== null && to.version !== null && isSemver(from.version) && isSemver(to.version)) {
    const c = compareSemver(to.version, from.version);
    change = c > 0 ? 'upgraded' : c < 0 ? 'downgraded' : sameBytes ? 'unchanged' : 'republished';
  } else change = from.version === to.version ? (sameBytes ? 'unchanged' : 'republished') : 'changed';
  if (change === 'downgraded') push('downgrade', `${n} goes down from ${from.version} to ${to.version}`);
  if (change === 'republished') push('republish', `${n} ${to.version ?? '(no version)'} is the same version with other bytes (${from.artifact.sha256.slice(0, 12)}… → ${to.artifact.sha256.slice(0, 12)}…)`);
  const kf = signerOf(from);
  if (kf && kt && kf !== kt) push('key-change', `${n} is re-pinned from ${kf} to ${kt}`);
  if (kf && !kt) push('unsigned', `${n}'s trust is lowered from ${from.signer.trust} (${kf}) to ${to.signer.trust}`);
  if (!kf && kt) {
    notes.push(`signer added: ${kt}`);
    if (!known.has(kt)) push('new-signer', `${n} is now signed by ${kt}, a signer the base neither pins nor lists in lock.signers`);
  }
  if (!kf && !kt && isUnsigned(to) && !sameBytes) push('unsigned', `${n} changes to other bytes that are not signed (${to.signer.trust})`);
  if (from.signer.trust !== to.signer.trust) notes.push(`trust ${from.signer.trust} → ${to.signer.trust}`);
  const hf = [...from.hosts].sort(compareUtf8).join(', ');
  const ht = [...to.hosts].sort(compareUtf8).join(', ');
  if (hf !== ht) notes.push(`hosts ${hf || '(none)'} → ${ht || '(none)'}`);
  if (change === 'unchanged' && notes.length) change = 'changed';
  return { change, notes };
}

/** The lock review of a pull request (or, without a base, of the head alone against the defaults). */
export async function reviewLock(o: ReviewOptions): Promise<LockReview> {
  const findings: ReviewFinding[] = [];
  const failOn = new Set<LockFindingKind>(o.policy?.fail_on ?? LOCK_FINDINGS);
  const push = (kind: ReviewFindingKind, message: string, pkg?: string, path?: string) => {
    findings.push({ kind, message, fails: kind === 'drift' || kind === 'lock-invalid' || failOn.has(kind as LockFindingKind), ...(pkg !== undefined ? { package: pkg } : {}), ...(path !== undefined ? { path } : {}) });
  };
  const base = await baseLock(o, findings);
  let head: Lock | null = null;
  let headExists = false;
  try {
    const r = await readLock(join(o.root, LOCK_NAME), LOCK_NAME, 'project');
    head = r.exists ? r.lock : null;
    headExists = r.exists;
  } catch (e) {
    if (!(e instanceof DiagnosticError)) throw e;
    headExists = true;
    for (const d of e.all.length ? e.all : [e.diagnostic]) push('lock-invalid', d.message, undefined, LOCK_NAME);
  }
  const known = new Set<string>(o.policy?.signers ?? []);
  for (const p of Object.values(base?.packages ?? {})) { const k = signerOf(p); if (k) known.add(k); }

  const packages: ReviewPackage[] = [];
  const diffs: SkillFileDiff[] = [];
  const drifted: Array<{ pkg: string; path: string }> = [];
  const ctx: Ctx = { scope: 'project', root: o.root, lockPath: join(o.root, LOCK_NAME), lockLabel: LOCK_NAME, journalPath: '', journalLabel: '', env: o.env ?? process.env };
  const names = [...new Set([...Object.keys(base?.packages ?? {}), ...Object.keys(head?.packages ?? {})])].sort(compareUtf8);
  for (const name of names) {
    const from = base && Object.hasOwn(base.packages, name) ? base.packages[name] : undefined;
    const to = head && Object.hasOwn(head.packages, name) ? head.packages[name] : undefined;
    let artifact: ReviewPackage['artifact_check'] = null;
    if (to && head) {
      // The head entry must be exactly what its artifact installs, and the disk exactly the entry.
      const c = await checkLocked(to, ctx, head, { env: o.env, limits: o.limits, publicOnly: true });
      artifact = c.artifact === 'verified' ? 'verified' : 'drifted';
      for (const d of c.drift) push('drift', `${printable(name)}: ${printable(d.path)}: ${d.problem}`, name, d.path);
      drifted.push(...c.drift.filter((d) => /^modified since install$|the lock does not record/.test(d.problem)).map((d) => ({ pkg: name, path: d.path })));
    }
    const { change, notes } = comparePackages(name, from, to, known, (kind, message, path) => push(kind, message, name, path));
    packages.push({ name, change, from: from ? side(from) : null, to: to ? side(to) : null, notes, artifact_check: artifact });
    if (change !== 'unchanged') diffs.push(...await skillDiffs(o, name, from, to));
  }
  for (const d of drifted) diffs.push(...await diskDiffs(o, d.pkg, filesBelow(o.root, d.path)));
  const unclaimed = head === null && headExists ? [] : await unclaimedEntries(o, head);
  for (const u of unclaimed) if (u.changed && u.kind !== 'symlink') diffs.push(...await diskDiffs(o, '', filesBelow(o.root, u.path)));
  for (const u of unclaimed) {
    if (!u.changed) continue;
    const what = u.kind === 'symlink' ? `a symbolic link to ${printable(u.target ?? '')}` : u.kind === 'dir' ? 'a folder' : u.kind === 'file' ? 'a file' : 'a special file';
    if (u.claimed_by) push('unsigned', `${printable(u.path)} is ${what} only skills-lock.json (npx skills) records: nothing verified it`, undefined, u.path);
    else push('unlocked-files', `${printable(u.path)} is ${what} in a managed host folder that ${LOCK_NAME} does not record`, undefined, u.path);
  }
  return {
    base_lock: base !== null, head_lock: headExists,
    policy: { fail_on: [...failOn].sort(compareUtf8), signers: [...(o.policy?.signers ?? [])], from: o.policy ? 'base' : 'default' },
    packages, unclaimed, skill_diffs: diffs, findings, failed: findings.some((f) => f.fails),
  };
}

/** What a head `lock:` relaxes against the base's: fail_on kinds dropped, signers added. */
export function loosenedLockPolicy(base: LockGateConfig | undefined, head: LockGateConfig | undefined): string[] {
  const bf = new Set(base?.fail_on ?? LOCK_FINDINGS);
  const hf = new Set(head?.fail_on ?? LOCK_FINDINGS);
  const bs = new Set(base?.signers ?? []);
  return [...[...bf].filter((k) => !hf.has(k)).map((k) => `fail_on drops ${k}`), ...(head?.signers ?? []).filter((s) => !bs.has(s)).map((s) => `signers adds ${s}`)];
}

/** The review's findings as diagnostics: an error where the finding fails the check, else a warning. */
export function lockDiagnostics(r: LockReview): Diagnostic[] {
  return r.findings.map((f) => (f.fails ? error : warning)(FINDING_CODES[f.kind], f.message, { file: f.path ?? LOCK_NAME }));
}
