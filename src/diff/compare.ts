// Format-agnostic comparison of two package versions by stable identity (kind, id): the findings,
// their policy category and fingerprint, and the SemVer verdict on the new version.
import { fail } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { bumpBetween, isPrerelease, isSemver, semverLib, type Bump } from '../core/semver.js';
import type { FormatName, Item, PackageSummary } from '../format.js';
import type { TagPatternNote } from '../repo/tag-patterns.js';
import { bumpCovers, CHANGE_TYPES, maxSeverity, requiredBump, severityOf, type ChangeType, type PolicyTable, type Severity } from './policy.js';
import './rules.js';

type AttrValue = string | number | boolean | null;

export interface Change {
  change: ChangeType;
  kind: string;
  id: string;
  /** The item's path in the new version (the old one for removals). */
  path?: string;
  /** Old value: path for moves, type for retypes, the attribute for attribute changes. */
  from?: AttrValue;
  to?: AttrValue;
  /** The attribute, for attr_changed / major_bump. */
  attr?: string;
  title?: string;
  severity: Severity;
  /** sha256 of "kind|id|change" (change with ":attr" for attribute findings): stable across runs. */
  fingerprint: string;
}

export interface VersionSide {
  version: string | null;
  name?: string;
  identity?: string;
  /** What the user named (path, artifact, `<ref>:<path>`). */
  label?: string;
  /** Git commit, when read from git. */
  commit?: string;
  /** Items per kind. */
  items?: Record<string, number>;
  /** True when only the files that differ between the sides were read: `items` counts those. */
  partial?: boolean;
}

export interface TagCheck {
  name: string;
  pattern: string;
  /** The version the tag's name carries under the pattern (null when it does not match the pattern). */
  version: string | null;
  matches: boolean;
}

export interface DiffResult {
  format: FormatName;
  old: VersionSide;
  new: VersionSide;
  /** No old version: everything is new. */
  initial: boolean;
  changes: Change[];
  /** Findings per change type. */
  counts: Record<ChangeType, number>;
  /** Findings per policy category. */
  severities: Record<Severity, number>;
  breaking: boolean;
  required_bump: Bump;
  /** The bump from old to new version (null when new is not higher). */
  actual_bump: Bump | null;
  version_ok: boolean;
  /** Why version_ok is false, in words. */
  version_message?: string;
  tag?: TagCheck;
  /**
   * How the previous release was found, when a reader must know it: the package keeps the `v*`
   * tags of a one-package past, or `v*` tags exist that no package claims (so "initial release").
   */
  tag_note?: TagPatternNote;
}

export interface CompareOptions {
  policy?: PolicyTable;
  /** Checks that this tag's name carries the new version (release jobs). */
  tag?: { name: string; pattern: string; version: string | undefined };
  oldLabel?: string;
  newLabel?: string;
  oldCommit?: string;
  newCommit?: string;
  /**
   * A changed identity: refused (two different packages; releases) or, for a pull-request check,
   * compared anyway with the change itself breaking, so renaming the identity cannot turn a failing
   * diff into a skipped one.
   */
  identityChange?: 'refuse' | 'breaking';
  /** Carried into the result (see DiffResult.tag_note). */
  tagNote?: TagPatternNote;
}

function indexItems(items: readonly Item[], side: string): Map<string, Item> {
  const m = new Map<string, Item>();
  for (const it of items) {
    const k = `${it.kind}\u0000${it.id}`;
    if (m.has(k)) fail('CTXFORGE_DIFF_DUPLICATE_ID', `${side} version has two ${it.kind} items with ID ${it.id}`, { file: it.path }, 1);
    m.set(k, it);
  }
  return m;
}

function versionMajor(v: unknown): { major: number; minor: number } | undefined {
  // Only strings spelling a full x.y.z count, so that a title like "2" never reads as a version.
  if (typeof v !== 'string' || !/\d+\.\d+\.\d+/.test(v) || !semverLib().validRange(v.trim())) return undefined;
  // Ranges like "^1.2.0" or ">=2.0.0" count by their lowest version.
  try {
    const c = semverLib().minVersion(v.trim());
    return c ? { major: c.major, minor: c.minor } : undefined;
  } catch {
    return undefined;
  }
}

/** A versioned attribute crossing a compatibility line (major, or minor below 1.0.0). */
function isMajorBump(from: AttrValue | undefined, to: AttrValue | undefined): boolean {
  const a = versionMajor(from);
  const b = versionMajor(to);
  if (!a || !b) return false;
  return b.major > a.major || (a.major === 0 && b.major === 0 && b.minor > a.minor);
}

type Raw = Omit<Change, 'severity' | 'fingerprint'>;

function titleOf(it: Item): string | undefined {
  return it.title ?? undefined;
}

/** The raw findings between two item lists, unclassified, in a stable order. */
export function compareItems(oldItems: readonly Item[], newItems: readonly Item[]): Raw[] {
  const before = indexItems(oldItems, 'the old');
  const after = indexItems(newItems, 'the new');
  const out: Raw[] = [];
  const base = (it: Item) => ({ kind: it.kind, id: it.id, ...(it.path !== undefined ? { path: it.path } : {}), ...(titleOf(it) ? { title: titleOf(it) } : {}) });
  for (const [k, n] of after) {
    const o = before.get(k);
    if (!o) {
      out.push({ change: 'added', ...base(n) });
      continue;
    }
    if (o.digest !== n.digest) out.push({ change: 'modified', ...base(n) });
    if ((o.path ?? null) !== (n.path ?? null)) out.push({ change: 'moved', ...base(n), from: o.path ?? null, to: n.path ?? null });
    const oa = o.attrs ?? {};
    const na = n.attrs ?? {};
    for (const attr of [...new Set([...Object.keys(oa), ...Object.keys(na)])].sort(compareUtf8)) {
      const from = oa[attr] ?? null;
      const to = na[attr] ?? null;
      if (from === to) continue;
      if (attr === 'type') out.push({ change: 'retyped', ...base(n), from, to });
      else if (isMajorBump(from, to)) out.push({ change: 'major_bump', ...base(n), attr, from, to });
      else out.push({ change: 'attr_changed', ...base(n), attr, from, to });
    }
  }
  for (const [k, o] of before) if (!after.has(k)) out.push({ change: 'removed', ...base(o) });
  const order = new Map(CHANGE_TYPES.map((c, i) => [c, i]));
  return out.sort((a, b) => compareUtf8(a.kind, b.kind) || compareUtf8(a.id, b.id) ||
    order.get(a.change)! - order.get(b.change)! || compareUtf8(a.attr ?? '', b.attr ?? ''));
}

export function fingerprint(kind: string, id: string, change: string, attr?: string): string {
  return sha256Hex(`${kind}|${id}|${attr ? `${change}:${attr}` : change}`);
}

function countKinds(items: readonly Item[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const it of items) out[it.kind] = (out[it.kind] ?? 0) + 1;
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => compareUtf8(a, b)));
}

/** Is `to` an acceptable successor of `from` for changes needing `required`? */
function versionVerdict(from: string, to: string, required: Bump): { actual: Bump | null; ok: boolean; message?: string } {
  if (!isSemver(from) || !isSemver(to)) return { actual: null, ok: false, message: `versions must be SemVer (got ${from} → ${to})` };
  const actual = bumpBetween(from, to);
  if (actual === null) return { actual, ok: false, message: `${to} is lower than ${from}` };
  if (required === 'none') return { actual, ok: true };
  if (actual === 'none') return { actual, ok: false, message: `content changed but the version stayed ${to}: a ${required} bump is required` };
  // A prerelease promises no compatibility (SemVer §9), and moving along one release's
  // prereleases or to that release itself already carries the bump announced by its core version.
  const sameCore = semverLib().major(from) === semverLib().major(to) && semverLib().minor(from) === semverLib().minor(to) && semverLib().patch(from) === semverLib().patch(to);
  if (isPrerelease(from) && sameCore) return { actual, ok: true };
  if (bumpCovers(actual, required)) return { actual, ok: true };
  return { actual, ok: false, message: `the changes require a ${required} bump from ${from}, but ${to} is a ${actual} bump` };
}

/** Compares two versions of one package (old null: an initial release). */
export function diffSummaries(old: PackageSummary | null, neu: PackageSummary, opts: CompareOptions = {}): DiffResult {
  if (old && old.format !== neu.format) {
    fail('CTXFORGE_DIFF_FORMAT_MISMATCH', `cannot compare a ${old.format} package with a ${neu.format} package`, {}, 1);
  }
  const identityChanged = !!old && old.identity !== neu.identity;
  if (identityChanged && opts.identityChange !== 'breaking') {
    fail('CTXFORGE_DIFF_IDENTITY_CHANGED', `the package identity changed (${old.identity} → ${neu.identity}): these are different packages, not two versions of one`, {
      hint: 'a package keeps its identity (OCTX asset.id, ctxpkg name, acx id) across releases; a copy with a new identity is a new package and starts with an initial release',
    }, 1);
  }
  const policy = opts.policy ?? {};
  const raw = compareItems(old?.items ?? [], neu.items);
  if (old && old.name !== neu.name) raw.unshift({ change: 'attr_changed', kind: 'package', id: neu.identity, attr: 'name', from: old.name, to: neu.name, title: neu.name });
  const changes: Change[] = raw.map((r) => ({
    ...r,
    severity: old ? severityOf(policy, r.kind, r.change, r.attr) : 'feature',
    fingerprint: fingerprint(r.kind, r.id, r.change, r.attr),
  }));
  // Breaking whatever the policy says: the policy is not what may relax this.
  if (identityChanged) {
    changes.unshift({
      change: 'attr_changed', kind: 'package', id: neu.identity, attr: 'identity', from: old!.identity, to: neu.identity, title: neu.name,
      severity: 'breaking', fingerprint: fingerprint('package', neu.identity, 'attr_changed', 'identity'),
    });
  }
  const counts = Object.fromEntries(CHANGE_TYPES.map((c) => [c, 0])) as Record<ChangeType, number>;
  const severities: Record<Severity, number> = { breaking: 0, feature: 0, fix: 0, none: 0 };
  let worst: Severity = 'none';
  for (const c of changes) {
    counts[c.change]++;
    severities[c.severity]++;
    worst = maxSeverity(worst, c.severity);
  }
  let required: Bump = 'none';
  let actual: Bump | null = null;
  let ok = isSemver(neu.version);
  let message: string | undefined = ok ? undefined : `${neu.version} is not a SemVer version`;
  if (old) {
    required = requiredBump(worst, old.version);
    const v = versionVerdict(old.version, neu.version, required);
    actual = v.actual;
    ok = v.ok;
    message = v.message;
  }
  const side = (s: PackageSummary, label?: string, commit?: string): VersionSide => ({
    version: s.version, name: s.name, identity: s.identity,
    ...(label ? { label } : {}), ...(commit ? { commit } : {}), items: countKinds(s.items),
    ...(s.partial ? { partial: true } : {}),
  });
  const result: DiffResult = {
    format: neu.format,
    old: old ? side(old, opts.oldLabel, opts.oldCommit) : { version: null },
    new: side(neu, opts.newLabel, opts.newCommit),
    initial: !old,
    changes,
    counts,
    severities,
    breaking: !!old && severities.breaking > 0,
    required_bump: required,
    actual_bump: actual,
    version_ok: ok,
    ...(message ? { version_message: message } : {}),
    ...(opts.tagNote ? { tag_note: opts.tagNote } : {}),
  };
  if (opts.tag) {
    const tv = opts.tag.version ?? null;
    result.tag = { name: opts.tag.name, pattern: opts.tag.pattern, version: tv, matches: tv !== null && tv === neu.version };
  }
  return result;
}

/** Findings that `--fail-on` counts: breaking ones, or any at all. */
export function failingFindings(r: DiffResult, on: 'breaking' | 'any'): Change[] {
  return on === 'breaking' ? r.changes.filter((c) => c.severity === 'breaking') : r.changes.filter((c) => c.severity !== 'none');
}
