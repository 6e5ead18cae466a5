// One package from acquired artifact to planned install: verified (integrity, then the signer against
// --key, --trust, or exactly the key the lock pins for that package's name), read as neutral
// documents through its format module, and planned against the lock. Shared by install, reinstall,
// --frozen and serve, so each judges a package the same way.
import { DiagnosticError, error, fail, hasErrors, warning, type Diagnostic } from '../core/diagnostics.js';
import { foldedKey } from '../core/paths.js';
import type { Documents, DocumentsOptions, FormatName } from '../format.js';
import type { FolderChange } from './apply.js';
import type { Ctx } from './context.js';
import type { HostName } from './hosts.js';
import { filesByFolder, RESERVED_NAMES, type Lock, type LockPackage, type LockSigner, type LockSource } from './lock.js';
import { planPackage, type PackagePlan } from './plan.js';
import { canonicalLinkAt, linkLayout, type LockLink } from './layout.js';
import { KNOWLEDGE_FOLDER, skillsFolder } from './hosts.js';
import { printable } from './portable.js';
import type { Acquired } from './source.js';
import { checkArtifact, judge, loadKeyPin, lockPin, type Facts, type KeyPin } from './verify.js';
import type { Limits } from '../core/limits.js';

/** What verifying and planning need of the command's options. */
export interface PrepareOptions {
  env?: NodeJS.ProcessEnv;
  hosts?: HostName[];
  key?: string;
  trust?: string;
  allowUnsigned?: boolean;
  allowUnbound?: string[];
  limits?: Partial<Limits>;
  /** --link: host skill folders as links to the canonical `.agents/skills/<name>` (layout.ts). */
  link?: boolean;
  /** --force: a link of the shared layout already there is replaced by a folder unless --link. */
  force?: boolean;
  /** Reinstall and checks: the layout is exactly the lock entry's (its links), whatever the disk holds. */
  layoutFromLock?: boolean;
  /**
   * Serve: each document handed over as it is read and checked, not kept (DocumentsOptions.documentSink);
   * VerifiedPackage.docs.docs then holds only what the format did not hand over.
   */
  documentSink?: DocumentsOptions['documentSink'];
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

/**
 * The key a lock entry pins, if it says it pins one. An entry that claims a pin it cannot state
 * (no usable key) pins a key nothing verifies with: it is never read as "no pin".
 */
export function recordedPin(p: LockPackage): KeyPin | undefined {
  if (!PINNING.includes(p.signer.trust)) return undefined;
  return lockPin(p.signer) ?? { key_id: p.signer.key_id ?? 'no usable key', from: 'lock' };
}

async function documentsOf(facts: Facts, acq: Acquired, o: PrepareOptions): Promise<Documents> {
  const m = facts.module;
  if (!m.documents) {
    fail('CTXFORGE_INSTALL_DOCUMENTS_UNAVAILABLE', `the package verifies, but this ctxforge cannot read ${m.title} packages as documents yet (format.documents() is not implemented); nothing was written`, {
      file: acq.input.label, hint: 'update ctxforge',
    }, 2);
  }
  // Read in the verifier's pass when the format offers it: the package is read once, not twice.
  return facts.documents ? facts.documents() : m.documents(acq.input, { want: { docs: true, skills: true }, limits: o.limits, env: o.env, ...(o.documentSink ? { documentSink: o.documentSink } : {}) });
}

const keyChanged = (name: string, recorded: KeyPin, given: KeyPin, label: string) =>
  new DiagnosticError(error('CTXFORGE_INSTALL_KEY_CHANGED', `ctxforge.lock pins ${printable(name)} to ${recorded.key_id}, not to the --key given (${given.key_id}); nothing was written`, {
    file: label, hint: 'if the publisher rotated its key, check the new key out of band, uninstall the package and install it with the new --key',
  }), 1);

/**
 * Verifies an acquired artifact and reads it as documents; throws when refused. Tampering is refused
 * first; the documents then name the package, and the signer is judged against the key the lock
 * pins for exactly that name (whatever --allow-unsigned or --trust say), else --key or --trust.
 * `locked` is the lock entry a reinstall or check starts from: the package must carry its name.
 */
export async function verifyPackage(acq: Acquired, ctx: Ctx, lock: Lock, o: PrepareOptions, locked?: LockPackage): Promise<VerifiedPackage> {
  const optionPin: KeyPin | undefined = o.key ? loadKeyPin(o.key, ctx.env) : undefined;
  const lockedPin = locked ? recordedPin(locked) : undefined;
  if (locked && optionPin && lockedPin && optionPin.key_id !== lockedPin.key_id) throw keyChanged(locked.name, lockedPin, optionPin, acq.input.label);
  const checkedWith = lockedPin?.raw ? lockedPin : optionPin;
  let facts = await checkArtifact(acq, { key: checkedWith, trust: o.trust, env: ctx.env, limits: o.limits, documentSink: o.documentSink });

  const docs = await documentsOf(facts, acq, o);
  const name = docs.meta.name;
  // The name decides which lock entry, pin and folders the package takes: a signed package's name
  // must be the signer's word, not metadata added beside the signature (a genuine package of the
  // same signer renamed would otherwise replace a locked one).
  if (facts.signed && facts.metaUnsigned && facts.signedName !== name) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_UNSIGNED_META', `the package calls itself ${printable(name)}, but ${facts.signedName !== undefined ? `its signature covers the name ${printable(facts.signedName)}` : 'part of its metadata, where its name and description can come from, is not covered by its signature'}; nothing was written`, {
      file: acq.input.label, hint: 'metadata added or changed after signing is never taken as the package\'s identity: get the package again from its publisher',
    }), 1);
  }
  if (locked && name !== locked.name) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_CHECKSUM', `this is package ${printable(name)}, but the lock records ${printable(locked.name)} for it`, { file: acq.input.label }), 1);
  }
  const old = Object.hasOwn(lock.packages, name) ? lock.packages[name] : undefined;
  const recorded = old ? recordedPin(old) : undefined;
  if (optionPin && recorded && optionPin.key_id !== recorded.key_id) throw keyChanged(name, recorded, optionPin, acq.input.label);
  const pin: KeyPin | undefined = recorded ? { ...recorded, raw: recorded.raw ?? optionPin?.raw } : optionPin;
  // A cartridge signature row without a key of its own is checked against the pin: again, with the pin now known.
  if (facts.format === 'acx' && pin?.raw && pin.key_id !== checkedWith?.key_id && !facts.verifiedKeys.includes(pin.key_id)) {
    facts = await checkArtifact(acq, { key: pin, trust: o.trust, env: ctx.env, limits: o.limits });
  }
  // A package the lock records as accepted unsigned keeps that consent for exactly those bytes.
  const consent = old !== undefined && (old.signer.trust === 'unsigned' || old.signer.trust === 'unverified') && old.artifact.sha256 === acq.sha256;
  const verdict = judge(facts, acq, { pin, trust: o.trust, allowUnsigned: o.allowUnsigned || consent });
  return {
    docs, format: facts.format, source: { ...acq.source, ...(verdict.release ? { release: verdict.release } : {}) },
    artifact: { file: acq.file, sha256: acq.sha256, size: acq.size }, signer: verdict.signer, unbound: facts.unbound,
    diagnostics: [...acq.diagnostics, ...facts.diagnostics, ...verdict.diagnostics],
  };
}

export interface Prepared { entry: LockPackage; plan: PackagePlan; old?: LockPackage; links: LockLink[]; diagnostics: Diagnostic[] }

/** What installing a verified package changes, checked against the lock; throws when refused. */
export function planInstall(v: VerifiedPackage, ctx: Ctx, lock: Lock, o: PrepareOptions): Prepared {
  const name = v.docs.meta.name;
  if (RESERVED_NAMES.has(name) || !name.trim()) {
    throw new DiagnosticError(error('CTXFORGE_INSTALL_PATH_UNSAFE', `the package is named ${JSON.stringify(name)}, which cannot be a key of ctxforge.lock; nothing was written`), 1);
  }
  const old = Object.hasOwn(lock.packages, name) ? lock.packages[name] : undefined;
  // --host adds hosts to the ones the lock records; removing one is `uninstall --host`.
  const hosts = o.hosts?.length ? [...new Set([...(old?.hosts ?? []), ...o.hosts])] : old?.hosts ?? ['agents'];
  const allowUnbound = o.allowUnbound ?? old?.allow_unbound ?? [];
  const plan = planPackage(v.docs, { scope: ctx.scope, hosts, unbound: v.unbound, allowUnbound });
  const recordedLinks = new Set((old?.links ?? []).map((l) => l.path));
  const links = linkLayout(plan, (f) => (o.layoutFromLock ? recordedLinks.has(f) : !!o.link || recordedLinks.has(f) || (!o.force && canonicalLinkAt(ctx.root, f) !== null)));
  if (!v.docs.skills.length && !o.layoutFromLock) {
    const named = (o.hosts ?? []).filter((h) => h !== 'agents');
    if (named.length) {
      plan.diagnostics.push(warning('CTXFORGE_INSTALL_NO_SKILLS', `${printable(name)} has no skills, so ${named.join(', ')} ${named.length === 1 ? 'gets' : 'get'} nothing in ${[...new Set(named.map((h) => skillsFolder(h, ctx.scope)))].join(', ')}; its knowledge documents are in ${KNOWLEDGE_FOLDER}/ (what serve --lock reads)`, {
        file: name, hint: 'point the host at the knowledge through an MCP client (ctxforge serve --lock), or install a package with skills',
      }));
    }
  }
  // Folders compared as macOS and Windows see them: `Pdf` and `pdf` are one folder there.
  const owners = new Map<string, { pkg: string; folder: string }>();
  for (const [other, p] of Object.entries(lock.packages)) if (other !== name) for (const f of p.folders) owners.set(foldedKey(f), { pkg: other, folder: f });
  for (const f of plan.folders) {
    const o2 = owners.get(foldedKey(f));
    if (o2) {
      plan.diagnostics.push(error('CTXFORGE_INSTALL_CONFLICT', `${printable(o2.folder)} belongs to package ${printable(o2.pkg)}; ${printable(name)} would install ${o2.folder === f ? 'the same folder' : `${printable(f)}, the same folder where case does not count (macOS, Windows)`}`, {
        file: f, hint: `install one of them for another --host, or uninstall ${o2.pkg} first`,
      }));
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
    ...(links.length ? { links } : {}),
    // Folders adopted earlier stay adopted while the package keeps them.
    ...(old?.adopted?.some((a) => plan.folders.includes(a)) ? { adopted: old.adopted.filter((a) => plan.folders.includes(a)) } : {}),
    folders: plan.folders, files: plan.files.map(({ path, sha256, size, role, original_path, mode }) => ({ path, sha256, size, role, ...(original_path !== undefined ? { original_path } : {}), ...(mode !== undefined && mode !== '0644' ? { mode } : {}) })),
  };
  return { entry, plan, old, links, diagnostics };
}

/** The folder changes from an old lock entry to a plan (null: the package goes). */
export function changesFor(plan: { folders: string[]; files: PackagePlan['files'] } | null, old: LockPackage | undefined): FolderChange[] {
  const out: FolderChange[] = [];
  const newFiles = plan ? filesByFolder(plan.files, plan.folders) : new Map<string, PackagePlan['files']>();
  const oldFiles = old ? filesByFolder(old.files, old.folders) : new Map<string, LockPackage['files']>();
  for (const f of plan?.folders ?? []) out.push({ folder: f, files: newFiles.get(f) ?? [], old: oldFiles.get(f) ?? [] });
  const planned = new Set(plan?.folders ?? []);
  for (const f of old?.folders ?? []) if (!planned.has(f)) out.push({ folder: f, files: null, old: oldFiles.get(f) ?? [] });
  return out;
}
