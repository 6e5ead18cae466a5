// The pull-request check: validate every package at the head, diff each against the base commit
// read from git, and decide pass/fail by the `fail-on` policy. Rendering lives in check-report.ts.
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import type { Bump } from '../core/semver.js';
import { diffPackage, maxBump, type DiffSummary } from './collab.js';
import { commitOf, git } from './gitcli.js';
import { repoOf, treeAt } from './collab.js';
import { discoverPackages } from './packages.js';
import { trustedPlan, type ConfigChange } from './trusted.js';
import { checkLinks } from '../links/check.js';
import { repoConfig } from '../repo/config.js';
import { DiskTree } from '../core/tree.js';
import { tagNoteDiagnostic } from '../repo/tag-patterns.js';
import './rules.js';

/**
 * What fails the check, besides nothing: `error` invalid packages, `version` a bump too small for
 * the changes, `breaking` any breaking change, `warning` any warning, `config` a PR whose
 * ctxforge.yaml weakens the gate (drops a package, changes its format, relaxes the policy).
 */
export type FailOn = 'error' | 'version' | 'breaking' | 'warning' | 'config';
export const FAIL_ON_VALUES: readonly FailOn[] = ['error', 'version', 'breaking', 'warning', 'config'];
export const DEFAULT_FAIL_ON: readonly FailOn[] = ['error', 'version', 'config'];

export function parseFailOn(s: string | undefined): FailOn[] {
  const t = (s ?? '').trim();
  if (!t) return [...DEFAULT_FAIL_ON];
  if (t === 'none' || t === 'never') return [];
  const out: FailOn[] = [];
  for (const part of t.split(/[\s,]+/).filter(Boolean)) {
    if (!(FAIL_ON_VALUES as readonly string[]).includes(part)) throw new Error(`fail-on: unknown value ${JSON.stringify(part)} (use ${FAIL_ON_VALUES.join(', ')} or none)`);
    out.push(part as FailOn);
  }
  return out;
}

export interface CheckOptions {
  cwd: string;
  /** Base commit of the PR (a sha or ref), or null to skip the diff. */
  base: string | null;
  path?: string;
  /** Config file instead of the root's ctxforge.yaml (relative to cwd); it must exist. */
  config?: string;
  failOn?: FailOn[];
  env?: NodeJS.ProcessEnv;
}

export interface PackageCheck {
  name: string;
  path: string;
  format: string;
  version: string;
  valid: boolean;
  diagnostics: Diagnostic[];
  diff: DiffSummary | null;
  /** Why this package fails the check (empty = passes). */
  findings: string[];
}

export interface CheckResult {
  valid: boolean;
  failed: boolean;
  base: string | null;
  required_bump: Bump;
  packages: PackageCheck[];
  failOn: FailOn[];
  notes: Diagnostic[];
  /** What the head's config changes against the base's (which decided the check). */
  configChanges: ConfigChange[];
}

async function ensureCommit(cwd: string, ref: string): Promise<string | null> {
  const have = await commitOf(cwd, ref);
  if (have) return have;
  // A shallow checkout may lack the base: fetch just that commit (actions/checkout leaves credentials).
  await git(cwd, ['fetch', '--no-tags', '--depth=1', '--end-of-options', 'origin', ref]).catch(() => undefined);
  return commitOf(cwd, ref);
}

export async function runCheck(o: CheckOptions): Promise<CheckResult> {
  const failOn = o.failOn ?? [...DEFAULT_FAIL_ON];
  const notes: Diagnostic[] = [];
  const { root, configFile, packages: headPkgs } = await discoverPackages({ cwd: o.cwd, path: o.path, config: o.config });
  // How the head's packages will be tagged once merged: said, never silently changed.
  for (const p of headPkgs) if (p.tagNote) notes.push(tagNoteDiagnostic(p.tagNote, configFile));
  const base = o.base ? await ensureCommit(root, o.base) : null;
  if (o.base && !base) notes.push(warning('CTXFORGE_CHECK_NO_BASE', `base commit ${o.base} is not in the clone; packages were validated but not diffed`, { hint: 'use actions/checkout with fetch-depth: 0' }));
  // The base's config decides what is checked and how: the PR cannot edit its own gate.
  const plan = base ? await trustedPlan(root, base, headPkgs, { cwd: o.cwd, path: o.path, config: o.config }) : undefined;
  const pkgs = plan?.packages ?? headPkgs;
  const configChanges = plan?.changes ?? [];
  for (const c of configChanges) notes.push(warning('CTXFORGE_CHECK_CONFIG_CHANGED', c.message, { file: o.config ?? 'ctxforge.yaml' }));
  const repo = base ? await repoOf(root) : undefined;
  const head = await commitOf(root, 'HEAD');
  const out: PackageCheck[] = [];
  let required: Bump = 'none';
  // A move that leaves links dangling shows up here, as a warning or (links: error) an error.
  const linkLevel = plan ? plan.links ?? 'warning' : (await repoConfig(new DiskTree(root), { file: o.config, cwd: o.cwd, root }).catch(() => undefined))?.links ?? 'warning';
  for (const p of pkgs) {
    const v = await p.module.validateSource(p.tree, { env: o.env });
    const links = await checkLinks(p.tree, p.format, linkLevel);
    if (links.length) {
      v.diagnostics.push(...links);
      if (links.some((d) => d.severity === 'error')) v.valid = false;
    }
    let diff: DiffSummary | null = null;
    if (base && repo) {
      try {
        const oldTree = await treeAt(repo, base, p.relPath);
        diff = await diffPackage({
          module: p.module, name: p.name, relPath: p.relPath, policy: p.policy, oldTree, oldLabel: base.slice(0, 12), oldCommit: base,
          newTree: p.tree, ...(head ? { newCommit: head } : {}), opts: { env: o.env }, identityChange: 'breaking',
        });
        required = maxBump(required, diff.result.required_bump);
      } catch (e) {
        // An invalid package may not yield items; its diagnostics already say why.
        notes.push(warning('CTXFORGE_CHECK_DIFF', `${p.relPath || '.'}: not diffed against the base (${(e as Error).message})`));
      }
    }
    const findings: string[] = [];
    if (!v.valid && failOn.includes('error')) findings.push('invalid package');
    if (failOn.includes('warning') && v.diagnostics.some((d) => d.severity === 'warning')) findings.push('warnings');
    if (diff && !diff.result.initial) {
      if (failOn.includes('version') && !diff.result.version_ok) findings.push(diff.result.version_message ?? `version ${diff.result.old.version} → ${diff.result.new.version} does not cover a ${diff.result.required_bump} bump`);
      if (failOn.includes('breaking') && diff.result.breaking) findings.push('breaking changes');
    }
    out.push({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version, valid: v.valid, diagnostics: v.diagnostics, diff, findings });
  }
  for (const g of plan?.gone ?? []) {
    const d = error('CTXFORGE_CHECK_PACKAGE_GONE', `${g.path}: a package at the base, not checkable at the head: ${g.why}`, { file: g.path });
    out.push({ name: g.name, path: g.path, format: g.format, version: '', valid: false, diagnostics: [d], diff: null, findings: failOn.includes('error') ? ['package gone at the head'] : [] });
  }
  const configFails = failOn.includes('config') && configChanges.some((c) => c.loosening);
  return {
    valid: out.every((p) => p.valid), failed: configFails || out.some((p) => p.findings.length > 0),
    base, required_bump: required, packages: out, failOn, notes, configChanges,
  };
}
