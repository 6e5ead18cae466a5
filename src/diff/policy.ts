// The change policy: which kind of change is breaking, a feature or a fix (buf-breaking-style
// categories), overridable per repository, and the SemVer bump those categories demand.
import { fail } from '../core/diagnostics.js';
import { isSemver, type Bump } from '../core/semver.js';
import './rules.js';

export const CHANGE_TYPES = ['added', 'removed', 'modified', 'moved', 'retyped', 'attr_changed', 'major_bump'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

export const SEVERITIES = ['breaking', 'feature', 'fix', 'none'] as const;
export type Severity = (typeof SEVERITIES)[number];

/**
 * Keys are `<kind>.<change>` or `<kind>.<change>.<attr>`, with `*` for any kind; a bare `<change>`
 * means `*.<change>`. The most specific key wins: kind+attr, kind, any+attr, any.
 */
export type PolicyTable = Record<string, Severity>;

/**
 * Defaults. A move keeps the stable ID (consumers keyed by ID are unaffected), but the visible
 * layout changes, so it counts as a feature rather than a fix. A major bump of a versioned
 * attribute (a dependency's version) is breaking; other attribute changes are fixes.
 */
export const DEFAULT_POLICY: Readonly<PolicyTable> = Object.freeze({
  '*.added': 'feature',
  '*.removed': 'breaking',
  '*.modified': 'fix',
  '*.moved': 'feature',
  '*.retyped': 'breaking',
  '*.attr_changed': 'fix',
  '*.major_bump': 'breaking',
});

const RANK: Record<Severity, number> = { none: 0, fix: 1, feature: 2, breaking: 3 };

export function maxSeverity(a: Severity, b: Severity): Severity {
  return RANK[a] >= RANK[b] ? a : b;
}

function normalKey(key: string): string {
  return (CHANGE_TYPES as readonly string[]).includes(key) ? `*.${key}` : key;
}

/** Checks user overrides (from ctxforge.yaml or options); `where` names the source in errors. */
export function checkPolicy(overrides: unknown, where: string): PolicyTable {
  if (overrides === undefined || overrides === null) return {};
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    fail('CTXFORGE_DIFF_POLICY_INVALID', `${where}: policy must be a mapping of "<kind>.<change>" to breaking|feature|fix|none`, {}, 2);
  }
  const out: PolicyTable = {};
  for (const [rawKey, v] of Object.entries(overrides as Record<string, unknown>)) {
    const key = normalKey(rawKey);
    const parts = key.split('.');
    if (parts.length < 2 || parts.length > 3 || !parts.every(Boolean) || !(CHANGE_TYPES as readonly string[]).includes(parts[1]!)) {
      fail('CTXFORGE_DIFF_POLICY_INVALID', `${where}: policy key ${JSON.stringify(rawKey)} is not "<kind>.<change>[.<attr>]" with change one of ${CHANGE_TYPES.join(', ')}`, {
        hint: 'examples: "document.moved: fix", "*.removed: breaking", "node.attr_changed.activation: feature"',
      }, 2);
    }
    if (typeof v !== 'string' || !(SEVERITIES as readonly string[]).includes(v)) {
      fail('CTXFORGE_DIFF_POLICY_INVALID', `${where}: policy ${JSON.stringify(rawKey)} must be one of ${SEVERITIES.join(', ')}, got ${JSON.stringify(v)}`, {}, 2);
    }
    out[key] = v as Severity;
  }
  return out;
}

/** Later tables override earlier ones key by key. */
export function mergePolicy(...tables: Array<PolicyTable | undefined>): PolicyTable {
  const out: PolicyTable = {};
  for (const t of tables) if (t) for (const [k, v] of Object.entries(t)) out[normalKey(k)] = v;
  return out;
}

export function severityOf(policy: PolicyTable, kind: string, change: ChangeType, attr?: string): Severity {
  const keys = attr
    ? [`${kind}.${change}.${attr}`, `${kind}.${change}`, `*.${change}.${attr}`, `*.${change}`]
    : [`${kind}.${change}`, `*.${change}`];
  for (const k of keys) {
    const s = policy[k] ?? DEFAULT_POLICY[k];
    if (s) return s;
  }
  return 'fix';
}

/**
 * The bump a set of findings requires. In 0.y.z (SemVer §4: anything may change) we follow Cargo's
 * convention: breaking changes need a minor bump, features and fixes a patch; 1.0.0 and later are
 * plain SemVer.
 */
export function requiredBump(worst: Severity, oldVersion: string | null): Bump {
  if (worst === 'none') return 'none';
  const zero = oldVersion !== null && isSemver(oldVersion) && oldVersion.startsWith('0.');
  if (worst === 'breaking') return zero ? 'minor' : 'major';
  if (worst === 'feature') return zero ? 'patch' : 'minor';
  return 'patch';
}

const BUMP_RANK: Record<Bump, number> = { none: 0, patch: 1, minor: 2, major: 3 };

export function bumpCovers(actual: Bump, required: Bump): boolean {
  return BUMP_RANK[actual] >= BUMP_RANK[required];
}

const STRENGTH: Record<Severity, number> = { none: 0, fix: 1, feature: 2, breaking: 3 };

/** The keys (of either table) whose effective severity is weaker under `after` than under `before`. */
export function loosenedKeys(before: PolicyTable, after: PolicyTable): string[] {
  const out: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [kind, change, attr] = key.split('.') as [string, ChangeType, string | undefined];
    if (STRENGTH[severityOf(after, kind, change, attr)] < STRENGTH[severityOf(before, kind, change, attr)]) out.push(key);
  }
  return out.sort();
}
