// The pull-request check: validate every package at the head, diff each against the base commit
// read from git, and decide pass/fail by the `fail-on` policy. Rendering lives in check-report.ts.
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import type { Bump } from '../core/semver.js';
import { diffPackage, maxBump, type DiffSummary } from './collab.js';
import { commitOf, ensureCommit } from './gitcli.js';
import { repoOf, treeAt } from './collab.js';
import { discoverPackages } from './packages.js';
import { discoverPackages as repoPackages } from '../repo/packages.js';
import { trustedPlan, type ConfigChange } from './trusted.js';
import { recordedSite, recordOf, startLinks } from '../links/check.js';
import type { SiteRoutesRecord } from '../links/generators.js';
import { manifestSite } from '../doc-model.js';
import { linkSettingsFor } from '../repo/config.js';
import { DiskTree, filesOf, type Tree } from '../core/tree.js';
import { checkIdMap, compareIdMaps } from '../sync/idmap-check.js';
import { tagNoteDiagnostic } from '../repo/tag-patterns.js';
import './rules.js';
import { pushAll } from '../core/arrays.js';
import { loosenedLockPolicy, reviewLock, type LockReview } from '../install/review.js';
import { checkRegistry, registryRoot } from '../registry/check.js';
import { lkind } from '../install/apply.js';
import { join } from 'node:path';

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
  /** The lock gate: ctxforge.lock and the managed host folders at the head, judged against the base (null: neither has a lock nor managed folders). */
  lock: LockReview | null;
}

export async function runCheck(o: CheckOptions): Promise<CheckResult> {
  const failOn = o.failOn ?? [...DEFAULT_FAIL_ON];
  const notes: Diagnostic[] = [];
  // With a base, a path the head's config no longer lists is still checked: the base may have a package there.
  // A registry repository holds artifacts, not package sources: it has none to find, and that is not an error.
  const { root, packages: headPkgs, config: headConfig } = await discoverPackages({ cwd: o.cwd, path: o.path, config: o.config, allowNone: !!o.base || (!o.path && (await registryRoot(o.cwd)) !== undefined) });
  // How the head's packages will be tagged once merged: said, never silently changed.
  for (const p of headPkgs) if (p.tagNote) notes.push(tagNoteDiagnostic(p.tagNote, headConfig?.file));
  const base = o.base ? await ensureCommit(root, o.base) : null;
  // Without a diff, version and breaking changes cannot be judged: when they decide the check, it
  // fails closed (a PR that made the diff throw would otherwise drop those findings and pass).
  const judgesDiff = failOn.includes('version') || failOn.includes('breaking');
  const undiffed = judgesDiff ? error : warning;
  if (o.base && !base) notes.push(undiffed('CTXFORGE_CHECK_NO_BASE', `base commit ${o.base} is not in the clone; packages were validated but not diffed${judgesDiff ? ', so version and breaking changes are not judged and the check fails' : ''}`, { hint: 'use actions/checkout with fetch-depth: 0' }));
  // The base's config decides what is checked and how: the PR cannot edit its own gate.
  let baseConfigInvalid = false;
  // Every package path of the head's config, not only those under `path`: what it dropped is reported in every matrix entry.
  const headPaths = base && o.path ? new Set((await repoPackages({ cwd: o.cwd, config: o.config })).packages.map((p) => p.path)) : undefined;
  const plan = base ? await trustedPlan(root, base, headPkgs, { cwd: o.cwd, path: o.path, config: o.config, headPaths }).catch((e: unknown) => {
    // The gate's own rules are unreadable: the check fails (whatever fail-on says) until they are fixed.
    if (!(e instanceof DiagnosticError) || e.diagnostic.code !== 'CTXFORGE_REPO_CONFIG_INVALID') throw e;
    baseConfigInvalid = true;
    for (const d of e.all) notes.push({ ...d, message: `the base commit's config is invalid, so nothing decides this check: ${d.message}` });
    return undefined;
  }) : undefined;
  const pkgs = plan?.packages ?? headPkgs;
  const repo = base ? await repoOf(root) : undefined;
  // A repository that consumes packages (a lock, host folders) and builds none is checked for its lock alone.
  const consumer = !o.path && (lkind(join(root, 'ctxforge.lock')) !== null || (repo && base ? (await repo.lookup(base, 'ctxforge.lock')) !== undefined : false));
  // A git registry in the repository (index.json of acx.registry-index/1 at the root or in registry/): its gate runs too.
  const registryDir = o.path ? undefined : await registryRoot(root);
  // Nothing at the path at the head nor at the base (a mistyped `path` input): that is an error, never a pass.
  if (!pkgs.length && !plan?.gone.length && !consumer && !registryDir) await discoverPackages({ cwd: o.cwd, path: o.path, config: o.config });
  const configChanges = plan?.changes ?? [];
  // The lock gate's policy is the base's `lock:` (a pull request cannot relax its own gate); without a base, the config at hand.
  const lockPolicy = plan ? plan.config?.lock : headConfig?.lock;
  if (plan) {
    const loose = loosenedLockPolicy(plan.config?.lock, headConfig?.lock);
    if (loose.length) configChanges.push({ loosening: true, message: `the head's config relaxes the lock gate (${loose.join('; ')}); the base's lock policy applies` });
    else if (JSON.stringify(plan.config?.lock ?? null) !== JSON.stringify(headConfig?.lock ?? null)) configChanges.push({ loosening: false, message: 'the head\'s config changes the lock gate; the base\'s lock policy applies' });
  }
  for (const c of configChanges) notes.push(warning('CTXFORGE_CHECK_CONFIG_CHANGED', c.message, { file: o.config ?? 'ctxforge.yaml' }));
  const head = await commitOf(root, 'HEAD');
  const out: PackageCheck[] = [];
  let required: Bump = 'none';
  // A move that leaves links dangling shows up here, as a warning or (links: error) an error.
  // Link settings come from the base's config when there is a base (the PR cannot loosen its own check).
  const linkConfig = plan ? plan.config : headConfig;
  const linkLevel = linkConfig?.links?.level ?? 'warning';
  for (const p of pkgs) {
    // As `ctxforge validate` does: what the format's check will want started early first, then the
    // link check, so the check hands it each document it reads (one read a document, not two).
    await p.module.prepareSource?.(p.tree, { env: o.env });
    const ls = linkSettingsFor(linkConfig, p.relPath);
    const level = ls.level ?? linkLevel;
    let oldTree: Tree | null = null;
    let unread: unknown;
    if (base && repo) { try { oldTree = await treeAt(repo, base, p.relPath); } catch (e) { unread = e; } }
    const recorded = level === 'off' ? undefined : await manifestSite(p.module, p.tree);
    // The site rules a package's links are judged by are the base commit's when it had the package:
    // a pull request cannot change them (its ID map's or manifest's generator) for its own check.
    // What a format left out comes from the head (a re-sync adds images), but never names a page
    // nor a file the base's package held (deleting a file does not make links to it "left out").
    let rules: { generator?: string; root?: string } = {};
    let heldBefore: ReadonlySet<string> | undefined;
    // Routes only the upstream site's configuration knew (sync's record) count as far as the base recorded them.
    let routesBefore: SiteRoutesRecord | undefined;
    if (oldTree && level !== 'off') {
      const was = recordOf(await recordedSite(oldTree), await manifestSite(p.module, oldTree));
      rules = { generator: was.generator ?? 'github', root: `${p.module.documentRoot}${was.root}` };
      heldBefore = await filesOf(oldTree);
      routesBefore = was.routes ?? {};
    }
    const generator = ls.generator ?? rules.generator;
    const root = ls.root ?? rules.root;
    const linkCheck = await startLinks(p.tree, p.format, level, { ...(root !== undefined ? { root } : {}), ...(generator ? { generator } : {}), ...(recorded ? { recorded } : {}), ...(heldBefore ? { heldBefore } : {}), ...(routesBefore ? { routesBefore } : {}) });
    const v = await p.module.validateSource(p.tree, level === 'off' ? { env: o.env } : { env: o.env, linkFacts: linkCheck });
    const links = (await linkCheck.finish()).diagnostics;
    if (links.length) {
      pushAll(v.diagnostics, links);
      if (links.some((d) => d.severity === 'error')) v.valid = false;
    }
    let diff: DiffSummary | null = null;
    let diffFailed = false;
    // The committed ID map against the documents, and against the base's map (changes shown in the summary).
    const idMap = [...await checkIdMap(p.tree, p.module), ...await compareIdMaps(oldTree, p.tree, p.module)];
    if (idMap.length) {
      pushAll(v.diagnostics, idMap);
      if (idMap.some((d) => d.severity === 'error')) v.valid = false;
    }
    if (base && repo) {
      try {
        if (unread) throw unread;
        diff = await diffPackage({
          module: p.module, name: p.name, relPath: p.relPath, policy: p.policy, oldTree, oldLabel: base.slice(0, 12), oldCommit: base,
          newTree: p.tree, ...(head ? { newCommit: head } : {}), opts: { env: o.env }, identityChange: 'breaking',
        });
        required = maxBump(required, diff.result.required_bump);
      } catch (e) {
        // An invalid package may not yield items (its diagnostics say why); either way nothing here
        // judged its version or breaking changes, so when those decide the check it fails.
        notes.push(undiffed('CTXFORGE_CHECK_DIFF', `${p.relPath || '.'}: not diffed against the base (${(e as Error).message})${judgesDiff ? '; version and breaking changes could not be judged' : ''}`));
        diffFailed = true;
      }
    }
    const findings: string[] = [];
    if (judgesDiff && (diffFailed || (o.base && !base))) findings.push('not diffed against the base: version and breaking changes not judged');
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
  const configFails = baseConfigInvalid || (failOn.includes('config') && configChanges.some((c) => c.loosening));
  // The lock gate is the whole repository's: every check runs it, a matrix entry too (none can skip it).
  const lock = await reviewLock({ root, repo, base, policy: lockPolicy, env: o.env });
  const lockMatters = lock && (lock.base_lock || lock.head_lock || lock.unclaimed.length > 0);
  let registryFails = false;
  if (registryDir) {
    // Append-only coordinates against the base, every artifact verified, the index a fresh build: the registry's own gate, whatever fail-on says.
    const r = await checkRegistry(registryDir, { base: base ?? undefined });
    notes.push(...r.diagnostics);
    registryFails = r.diagnostics.some((d) => d.severity === 'error');
  }
  return {
    valid: out.every((p) => p.valid), failed: configFails || registryFails || out.some((p) => p.findings.length > 0) || (!!lockMatters && lock.failed && failOn.length > 0),
    base, required_bump: required, packages: out, failOn, notes, configChanges, lock: lockMatters ? lock : null,
  };
}
