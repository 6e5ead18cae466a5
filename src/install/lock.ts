// ctxforge.lock: its shape, where it lives, reading it (a committed lock is repository content, so
// strict JSON, the schema, and every path checked to stay inside a folder install owns) and writing
// it sorted and stable, so a reviewer's diff shows only what changed.
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { DiagnosticError, error, fail } from '../core/diagnostics.js';
import { parseJson } from '../core/strict-json.js';
import { compareUtf8, foldedKey } from '../core/paths.js';
import { semverLib } from '../core/semver.js';
import type { FormatName } from '../format.js';
import { HOST_NAMES, KNOWLEDGE_FOLDER, skillsFolder, type HostName, type Scope } from './hosts.js';
import { LOCK_SCHEMA_ID } from './lock-schema.js';
import { CANONICAL, linkTarget, splitFolder, type LockLink } from './layout.js';
import { validateLock } from './lock-validator.js';
import { portablePathProblem, printable } from './portable.js';
import { readLockText } from './lock-file.js';
import './rules.js';

export { LOCK_NAME } from './lock-file.js';

/** Names that are properties of every JavaScript object: never a package's key. */
export const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export type FileRole = 'skill' | 'document' | 'asset' | 'index';
export type TrustLevel = 'trusted' | 'local' | 'pinned' | 'unverified' | 'unsigned';

export interface LockedFile {
  path: string;
  sha256: string;
  size: number;
  role: FileRole;
  /** The path the package gave the file, where install wrote it under another name (a host configuration name). */
  original_path?: string;
  /** The file's mode as written (absent: 0644). Only a mode a package's signature binds is ever taken from it, and no format binds one today. */
  mode?: string;
}

export interface LockRelease {
  checksums_sha256: string;
  signature: 'verified' | 'unverified' | 'unsigned';
  key_id?: string;
  tag?: string;
}

/**
 * Where an artifact came from. Version 2 of the schema also names vendoring; this ctxforge refuses
 * a lock whose source fields do not fit its type (see `sourceProblems`), so after parseLock the source is
 * a path, a URL, an OCI registry or image layout (`registry`: `oci://host/repo` or `oci-layout:DIR`,
 * `manifest_digest`: what a reinstall fetches, by digest; `range`, from an oci:// registry only, when it was named by range), or a git registry (`registry`: the
 * registry as recorded, `location`: the artifact's coordinate in it, `range`: the SemVer range asked for).
 */
export interface LockSource { type: 'path' | 'url' | 'oci' | 'registry'; location: string; registry?: string; manifest_digest?: string; range?: string; release?: LockRelease; /** A vendored artifact: where it was copied from (informational, never read). */ vendored_from?: string }

export interface LockSigner {
  method: 'acx-dsse' | 'ctxpkg-ed25519' | 'release-minisign' | 'none';
  key_id: string | null;
  public_key: string | null;
  trust: TrustLevel;
  verdict: string;
}

export interface LockPackage {
  name: string;
  version: string | null;
  format: FormatName;
  source: LockSource;
  artifact: { file: string; sha256: string; size: number };
  signer: LockSigner;
  hosts: HostName[];
  allow_unbound?: string[];
  /** Host skill folders installed as a link to the canonical `.agents/skills/<name>` (layout.ts). */
  links?: LockLink[];
  /** Folders another installer wrote that were taken over with --adopt (each also in `folders`). */
  adopted?: string[];
  folders: string[];
  files: LockedFile[];
}

/** The lockfile_version ctxforge writes; version 1 is read and written back as this. */
export const LOCKFILE_VERSION = 2;

export interface Lock {
  $schema?: string;
  lockfile_version: typeof LOCKFILE_VERSION;
  scope: Scope;
  packages: Record<string, LockPackage>;
}

export function emptyLock(scope: Scope): Lock {
  return { $schema: LOCK_SCHEMA_ID, lockfile_version: LOCKFILE_VERSION, scope, packages: {} };
}

/** The folders a package may own in a scope: `<skills folder>/<name>` or `<knowledge folder>/<name>`. */
function ownableParent(scope: Scope): Set<string> {
  return new Set([...HOST_NAMES.map((h) => skillsFolder(h, scope)), KNOWLEDGE_FOLDER]);
}

/** Why a folder named in a lock (or planned) is not one install may own, or null. */
export function folderProblem(folder: string, scope: Scope): string | null {
  const p = portablePathProblem(folder);
  if (p) return p;
  const i = folder.lastIndexOf('/');
  const parent = folder.slice(0, i);
  const name = folder.slice(i + 1);
  if (i < 0 || !ownableParent(scope).has(parent) || name.startsWith('.')) {
    return `"${printable(folder)}" is not a skill or knowledge folder install owns (<host skills folder>/<name> or ${KNOWLEDGE_FOLDER}/<name>)`;
  }
  return null;
}

// LOCK_SCHEMA compiled ahead of time (scripts/gen-validators.mjs, from schemas/ctxforge.lock.schema.json,
// which a test holds equal to it): no process loads ajv or compiles the schema to read a lock.
const validator = validateLock as ValidateFunction;
function validate(doc: unknown): string[] {
  if (validator(doc)) return [];
  return (validator.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

/** The folder of `folders` that holds `path` (found by its parent folders, not by trying every folder). */
export function folderOf(path: string, folders: ReadonlySet<string>): string | undefined {
  for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) {
    const f = path.slice(0, i);
    if (folders.has(f)) return f;
  }
  return undefined;
}

/** `files` grouped by the folder of `folders` each is in (every folder present, files outside any left out). */
export function filesByFolder<T extends { path: string }>(files: readonly T[], folders: readonly string[]): Map<string, T[]> {
  const set = new Set(folders);
  const out = new Map<string, T[]>(folders.map((f) => [f, []]));
  for (const f of files) {
    const owner = folderOf(f.path, set);
    if (owner !== undefined) out.get(owner)!.push(f);
  }
  return out;
}

/**
 * Everything the schema cannot say: file paths inside the package's own folders, no folder listed
 * twice or owned twice — also not in another case or Unicode form, which is one folder on macOS and
 * Windows. Linear in the size of the lock: a hostile one is as cheap to refuse as a good one to read.
 */
function semanticProblems(lock: Lock): string[] {
  const out: string[] = [];
  const owner = new Map<string, { key: string; folder: string }>();
  for (const [key, p] of Object.entries(lock.packages)) {
    if (out.length > 100) break;
    if (RESERVED_NAMES.has(key)) out.push(`${printable(key)} is not a package name ctxforge writes`);
    if (p.name !== key) out.push(`packages.${printable(key)}.name is ${JSON.stringify(p.name)}, not its key`);
    for (const f of p.folders) {
      const why = folderProblem(f, lock.scope);
      if (why) out.push(`package ${printable(key)}: ${why}`);
      const k = foldedKey(f);
      const prev = owner.get(k);
      if (prev !== undefined) {
        out.push(prev.key === key && prev.folder === f ? `package ${printable(key)}: folder ${printable(f)} is listed twice`
          : `folder ${printable(f)} is owned by both ${printable(prev.key)}${prev.folder !== f ? ` (as ${printable(prev.folder)})` : ''} and ${printable(key)}`);
      }
      owner.set(k, { key, folder: f });
    }
    for (const why of sourceProblems(p)) out.push(`package ${printable(key)}: ${why}`);
    const folders = new Set(p.folders);
    for (const a of p.adopted ?? []) if (!folders.has(a)) out.push(`package ${printable(key)}: adopted folder ${printable(a)} is not one of its folders`);
    for (const l of p.links ?? []) {
      // A lock names only links of the shared layout: a link elsewhere is never made from a lock's word.
      const why = folderProblem(l.path, lock.scope);
      if (why) out.push(`package ${printable(key)}: link ${why}`);
      else if (splitFolder(l.path).parent === CANONICAL || l.target !== linkTarget(l.path)) out.push(`package ${printable(key)}: link ${printable(l.path)} -> ${printable(l.target)} is not a link to its canonical folder (${linkTarget(l.path)})`);
      else if (!folders.has(`${CANONICAL}/${splitFolder(l.path).name}`)) out.push(`package ${printable(key)}: link ${printable(l.path)} points to ${CANONICAL}/${printable(splitFolder(l.path).name)}, which is not one of its folders`);
      const k = foldedKey(l.path);
      const prev = owner.get(k);
      if (prev !== undefined) out.push(`${printable(l.path)} is both a link of ${printable(key)} and a folder of ${printable(prev.key)}`);
      owner.set(k, { key, folder: l.path });
    }
    const seen = new Set<string>();
    for (const file of p.files) {
      const why = portablePathProblem(file.path);
      if (why) out.push(`package ${printable(key)}: file ${printable(file.path)}: ${why}`);
      else if (folderOf(file.path, folders) === undefined) out.push(`package ${printable(key)}: file ${printable(file.path)} is outside the package's folders`);
      if (seen.has(file.path)) out.push(`package ${printable(key)}: file ${printable(file.path)} is listed twice`);
      seen.add(file.path);
    }
  }
  return out.slice(0, 100);
}

/**
 * What the schema cannot say about a source: which fields belong to which source type. A field on
 * the wrong type would be ignored by every reader of that type — reading the lock as if it were
 * absent would check less than the lock says — so it is refused: the gate fails closed.
 */
function sourceProblems(p: LockPackage): string[] {
  const out: string[] = [];
  const raw = p as LockPackage & { source: { type: string; registry?: unknown; range?: unknown; manifest_digest?: unknown } };
  const type = raw.source.type;
  const oci = type === 'oci';
  const reg = type === 'registry';
  if (type !== 'path' && type !== 'url' && !oci && !reg) out.push(`source type ${JSON.stringify(type)} is not supported by this ctxforge`);
  // An OCI source is fetched by digest and needs both; a git registry's source names its registry.
  if (oci) for (const f of ['registry', 'manifest_digest'] as const) if (raw.source[f] === undefined) out.push(`an oci source needs source.${f}`);
  if (oci && typeof raw.source.registry === 'string' && !/^(oci:\/\/|oci-layout:)/.test(raw.source.registry)) out.push('an oci source\'s registry starts with oci:// or oci-layout:');
  if (reg && raw.source.registry === undefined) out.push('source type "registry" without source.registry');
  if (!oci && !reg && raw.source.registry !== undefined) out.push(`source.registry belongs to an oci or registry source, not a ${JSON.stringify(type)} one`);
  if (!oci && raw.source.manifest_digest !== undefined) out.push(`source.manifest_digest belongs to an oci source, not a ${JSON.stringify(type)} one`);
  // A range is what outdated and upgrade resolve in: a git registry, or an OCI registry's repository
  // (an oci source named by `<name>@<range>`, still fetched by its digest). An image layout lists no versions.
  const ociRepo = oci && typeof raw.source.registry === 'string' && raw.source.registry.startsWith('oci://');
  if (!reg && !ociRepo && raw.source.range !== undefined) out.push(`source.range applies only to a source of type "registry" or an oci source from an oci:// registry, not ${oci ? 'an image layout' : `a ${JSON.stringify(type)} one`}`);
  if (raw.source.range !== undefined && (typeof raw.source.range !== 'string' || semverLib().validRange(raw.source.range) === null)) out.push(`source.range ${JSON.stringify(printable(String(raw.source.range)))} is not a SemVer range`);
  return out;
}

/** Parses and checks lock text; throws CTXFORGE_LOCK_INVALID (exit 2) naming what is wrong. */
export function parseLock(text: string, label: string, scope: Scope): Lock {
  let doc: unknown;
  try {
    doc = parseJson(text.replace(/^\ufeff/, ''));
  } catch (e) {
    fail('CTXFORGE_LOCK_INVALID', `${label} is not valid JSON: ${(e as Error).message}`, { file: label, hint: 'restore it from version control, or delete it and install again' }, 2);
  }
  const problems = validate(doc);
  const lock = doc as Lock;
  if (!problems.length) problems.push(...semanticProblems(lock));
  if (!problems.length && lock.scope !== scope) problems.push(`it records a ${lock.scope} install, not a ${scope} one`);
  if (problems.length) {
    const diags = problems.map((p) => error('CTXFORGE_LOCK_INVALID', `${label}: ${p}`, { file: label }));
    throw new DiagnosticError({ ...diags[0]!, hint: 'ctxforge writes this file; restore it from version control, or delete it and install again' }, 2, diags);
  }
  // Version 1 is version 2 without its optional fields: read as 2, written back as 2.
  return { ...lock, lockfile_version: LOCKFILE_VERSION };
}

/** The lock at `path`, or an empty one when there is none. A symlink is never read. */
export async function readLock(path: string, label: string, scope: Scope): Promise<{ lock: Lock; exists: boolean; text?: string }> {
  const text = await readLockText(path, label);
  if (text === undefined) return { lock: emptyLock(scope), exists: false };
  return { lock: parseLock(text, label, scope), exists: true, text };
}

/** JSON with object keys in code-point order and two-space indents: one text for one lock. */
export function stableJson(v: unknown): string {
  const sortKeys = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sortKeys);
    if (x && typeof x === 'object') {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(x).sort(compareUtf8)) {
        const val = (x as Record<string, unknown>)[k];
        if (val !== undefined) o[k] = sortKeys(val);
      }
      return o;
    }
    return x;
  };
  return `${JSON.stringify(sortKeys(v), null, 2)}\n`;
}

/** The lock as written: sets sorted (files and folders by path, hosts by name), keys sorted. */
export function serializeLock(lock: Lock): string {
  const packages: Record<string, LockPackage> = {};
  for (const name of Object.keys(lock.packages).sort(compareUtf8)) {
    const p = lock.packages[name]!;
    packages[name] = {
      ...p,
      hosts: [...new Set(p.hosts)].sort(compareUtf8),
      ...(p.allow_unbound?.length ? { allow_unbound: [...new Set(p.allow_unbound)].sort(compareUtf8) } : { allow_unbound: undefined }),
      ...(p.links?.length ? { links: [...p.links].sort((a, b) => compareUtf8(a.path, b.path)) } : { links: undefined }),
      ...(p.adopted?.length ? { adopted: [...new Set(p.adopted)].sort(compareUtf8) } : { adopted: undefined }),
      folders: [...new Set(p.folders)].sort(compareUtf8),
      files: [...p.files].sort((a, b) => compareUtf8(a.path, b.path)),
    };
  }
  return stableJson({ $schema: LOCK_SCHEMA_ID, lockfile_version: LOCKFILE_VERSION, scope: lock.scope, packages });
}
