// What the pull-request check is decided by: the packages and change policy of the base commit's
// ctxforge.yaml, which the pull request cannot edit. Head-only packages are checked too; what the
// head's config changes (a package dropped, a policy loosened) is reported, and the loosening kind
// is a `config` finding.
import { existsSync, lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { linkedComponent } from '../core/no-links.js';
import { loosenedKeys } from '../diff/policy.js';
import { formatByName } from '../formats.js';
import { discoverPackages as repoPackages, type RepoPackage } from '../repo/packages.js';
import { policyOf } from './collab.js';
import type { ReleasePackage } from './context.js';
import type { LinksConfig, RepoConfig } from '../repo/config.js';

export interface ConfigChange {
  message: string;
  /** The change weakens the gate (a package dropped, its path or format changed, a policy relaxed). */
  loosening: boolean;
}

export interface TrustedPlan {
  packages: ReleasePackage[];
  /** Base packages that cannot be opened at the head (gone, a symlink, no longer a source tree). */
  gone: Array<{ path: string; name: string; format: string; why: string }>;
  changes: ConfigChange[];
  /** `links:` of the base config. */
  links?: LinksConfig;
  /** The base config itself (per-package link settings come from it). */
  config?: RepoConfig;
}

function under(path: string, want: string | undefined): boolean {
  const w = (want ?? '').replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
  return w === '' || path === w || path.startsWith(`${w}/`);
}

async function openAtHead(root: string, bp: RepoPackage): Promise<ReleasePackage | string> {
  const module = bp.format ? formatByName(bp.format) : undefined;
  if (!module) return `format ${bp.format ?? '(none)'} is not available`;
  if (linkedComponent(root, bp.path)) return 'it is, or passes through, a symbolic link at the head, which is not followed';
  const dir = resolve(root, bp.path);
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return 'its folder is gone at the head';
  const tree = new DiskTree(dir, bp.path || '.');
  try {
    const summary = await module.items(tree, {});
    return { name: bp.name, relPath: bp.path, dir, format: module.name, version: summary.version, module, tree, tagPattern: bp.tagPattern, policy: policyOf(bp), ...(bp.tagNote ? { tagNote: bp.tagNote } : {}) };
  } catch (e) {
    return `it cannot be read at the head: ${(e as Error).message}`;
  }
}

/** The packages to check: the base's (with the base's policy) at the head, then head-only ones. */
export async function trustedPlan(root: string, base: string, head: ReleasePackage[], o: { cwd: string; path?: string; config?: string; headPaths?: Set<string> }): Promise<TrustedPlan> {
  const found = await repoPackages({ cwd: root, ref: base, config: o.config ? resolve(o.cwd, o.config) : undefined, configAtRef: true });
  const basePkgs = found.packages.filter((p) => !p.problem && under(p.path, o.path));
  const byPath = new Map(head.map((p) => [p.relPath, p]));
  const packages: ReleasePackage[] = [];
  const gone: TrustedPlan['gone'] = [];
  const changes: ConfigChange[] = [];
  const shown = (p: string): string => p || '.';
  // A check limited to one path (a matrix entry) still reports every base package the head's config
  // dropped: if the matrix was built from the head's config, the dropped package has no entry of its
  // own, and this finding is what turns the aggregate red.
  if (o.path !== undefined && o.path !== '') {
    const headAll = o.headPaths ?? new Set(head.map((p) => p.relPath));
    for (const bp of found.packages) {
      if (bp.problem || under(bp.path, o.path) || headAll.has(bp.path)) continue;
      changes.push({ loosening: true, message: `${shown(bp.path)} is a package at the base but not in the head's config (outside this check's path ${o.path}; the check of its own path checks it)` });
    }
  }
  for (const bp of basePkgs) {
    const hp = byPath.get(bp.path);
    const basePolicy = policyOf(bp);
    if (!hp) changes.push({ loosening: true, message: `${shown(bp.path)} is a package at the base but not at the head's config; it is still checked` });
    else {
      if (hp.format !== bp.format) changes.push({ loosening: true, message: `${shown(bp.path)}: format ${bp.format} at the base, ${hp.format} at the head; checked as ${bp.format}` });
      const loose = loosenedKeys(basePolicy, hp.policy);
      if (loose.length) changes.push({ loosening: true, message: `${shown(bp.path)}: the head's config relaxes the change policy (${loose.join(', ')}); the base's policy applies` });
      else if (JSON.stringify(basePolicy) !== JSON.stringify(hp.policy)) changes.push({ loosening: false, message: `${shown(bp.path)}: the head's config changes the change policy; the base's policy applies` });
    }
    if (hp && hp.format === bp.format) {
      const { tagNote: _headNote, ...rest } = hp;
      void _headNote;
      packages.push({ ...rest, name: bp.name, tagPattern: bp.tagPattern, policy: basePolicy, ...(bp.tagNote ? { tagNote: bp.tagNote } : {}) });
      continue;
    }
    const opened = await openAtHead(root, bp);
    if (typeof opened === 'string') gone.push({ path: shown(bp.path), name: bp.name, format: bp.format ?? '', why: opened });
    else packages.push(opened);
  }
  const basePaths = new Set(basePkgs.map((p) => p.path));
  for (const hp of head) {
    if (basePaths.has(hp.relPath)) continue;
    changes.push({ loosening: false, message: `${shown(hp.relPath)} is a new package in the head's config` });
    packages.push(hp);
  }
  return { packages, gone, changes, ...(found.config?.links ? { links: found.config.links } : {}), ...(found.config ? { config: found.config } : {}) };
}
