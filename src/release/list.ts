// `mode: list`: the repository's packages as JSON for a `strategy.matrix`, so a repository with many
// packages checks (or releases) each on its own runner through the `path` input. On a pull request
// the list is decided as the single-job check decides what it checks: the base commit's packages
// (its config read from git, which the PR cannot edit), wherever the head's config put them or not,
// plus the packages only the head adds. Without the base commit it fails closed: a list from the
// head's config alone would let the PR leave a failing package out of the matrix.
import { fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { discoverPackages, type DiscoverOptions } from './packages.js';
import { discoverPackages as repoPackages } from '../repo/packages.js';
import { ensureCommit } from './gitcli.js';
import { trustedPlan } from './trusted.js';
import './rules.js';

export interface ListedPackage {
  name: string;
  /** Repository-relative; '.' for the root. Feed it to the `path` input. */
  path: string;
  format: string;
  /** The head's version; '' for a base package that cannot be opened at the head (its check reports why). */
  version: string;
}

export interface ListOptions extends DiscoverOptions {
  /** The commit whose config decides the list (a PR's base, a push's `before`). */
  base?: string | null;
  /** A base that is not in the clone fails the list (a pull request) or, false, is a note and the head decides (a push). Default true. */
  requireBase?: boolean;
}

export interface PackageListing {
  packages: ListedPackage[];
  /** The base commit that decided the list, or null. */
  base: string | null;
  notes: Diagnostic[];
}

const byPath = (a: ListedPackage, b: ListedPackage) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

export async function listPackages(o: ListOptions): Promise<PackageListing> {
  const notes: Diagnostic[] = [];
  const { root, packages: head } = await discoverPackages({ ...o, allowNone: !!o.base });
  const base = o.base ? await ensureCommit(root, o.base) : null;
  if (o.base && !base) {
    if (o.requireBase ?? true) {
      fail('CTXFORGE_LIST_NO_BASE', `the base commit ${o.base} is not in the clone, so the packages to check cannot be decided: a list from the pull request's own config could leave a package out`, {
        hint: 'check out with history (actions/checkout with fetch-depth: 0) in the job that runs mode: list',
      }, 1);
    }
    notes.push(warning('CTXFORGE_LIST_NO_BASE', `the base commit ${o.base} is not in the clone; the working tree's config decides the list`, { hint: 'use actions/checkout with fetch-depth: 0' }));
  }
  if (!base) {
    if (!head.length) await discoverPackages(o);
    return { packages: head.map((p) => ({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version })).sort(byPath), base: null, notes };
  }
  const headPaths = o.path ? new Set((await repoPackages({ cwd: o.cwd, config: o.config })).packages.map((p) => p.path)) : undefined;
  const plan = await trustedPlan(root, base, head, { cwd: o.cwd, path: o.path, config: o.config, headPaths });
  const out: ListedPackage[] = plan.packages.map((p) => ({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version }));
  // A base package gone at the head still gets its matrix entry: its check reports CTXFORGE_CHECK_PACKAGE_GONE.
  for (const g of plan.gone) out.push({ name: g.name, path: g.path, format: g.format, version: '' });
  for (const c of plan.changes) notes.push(warning('CTXFORGE_CHECK_CONFIG_CHANGED', c.message, { file: o.config ?? 'ctxforge.yaml' }));
  if (!out.length) fail('CTXFORGE_RELEASE_NO_PACKAGES', `no packages at the base commit or the head${o.path ? ` under ${o.path}` : ''}`, {}, 1);
  return { packages: out.sort(byPath), base, notes };
}
