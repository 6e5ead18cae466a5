// Opens the repository's packages (as src/repo lists them) for release and check: format module,
// Tree on disk, name, version and tag pattern.
import { resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { fail } from '../core/diagnostics.js';
import { formatByName } from '../formats.js';
import { discoverPackages as repoPackages } from '../repo/packages.js';
import type { RepoConfig } from '../repo/config.js';
import '../repo/git-inputs.js';
import { policyOf } from './collab.js';
import type { ReleasePackage } from './context.js';

export interface DiscoverOptions {
  cwd: string;
  /** Only packages at or below this repository path. */
  path?: string;
  /** Config file instead of the root's ctxforge.yaml (relative to cwd); it must exist. */
  config?: string;
  /** No package (at `path`) is an empty list, not a failure: the PR check, whose base may still have one there. */
  allowNone?: boolean;
}

export async function discoverPackages(o: DiscoverOptions): Promise<{ root: string; packages: ReleasePackage[]; config?: RepoConfig }> {
  const found = await repoPackages({ cwd: o.cwd, config: o.config });
  let list = found.packages;
  if (o.path !== undefined && o.path !== '') {
    // Only a leading "./" goes: `.kb` is not `kb`.
    const want = o.path.replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
    list = list.filter((p) => want === '' || p.path === want || p.path.startsWith(`${want}/`));
    if (!list.length && !o.allowNone) fail('CTXFORGE_RELEASE_NO_PACKAGES', `${o.path} is not a package of this repository`, { hint: `packages: ${found.packages.map((p) => p.path || '.').join(', ') || 'none'}` }, 2);
  }
  if (!list.length && !o.allowNone) fail('CTXFORGE_RELEASE_NO_PACKAGES', `no packages found in ${found.root}`, { hint: `list them under \`packages:\` in ${found.config?.file ?? 'ctxforge.yaml'}` }, 1);
  const out: ReleasePackage[] = [];
  for (const p of list) {
    if (p.problem) fail(p.problemCode ?? 'CTXFORGE_RELEASE_PACKAGE_UNUSABLE', `${p.path || '.'}: ${p.problem}`, { file: found.config?.file ?? 'ctxforge.yaml' }, 1);
    const module = p.format ? formatByName(p.format) : undefined;
    if (!module) fail('CTXFORGE_FORMAT_UNKNOWN', `${p.path || '.'}: format ${p.format ?? '(none)'} is not available`, {}, 1);
    const dir = resolve(found.root, p.path);
    const tree = new DiskTree(dir, p.path || '.');
    // The version is the manifest's: the items of no file (`only` empty) read the manifest alone,
    // in every format (a manifest that names no package: the whole read, which says why). Every
    // release and pull-request check read the whole package here once more: ~2 s at 50,000.
    const summary = await module.items(tree, { only: new Set() });
    out.push({
      name: p.name, relPath: p.path, dir, format: module.name, version: summary.version, module, tree,
      tagPattern: p.tagPattern, policy: policyOf(p), ...(p.tagNote ? { tagNote: p.tagNote } : {}),
    });
  }
  return { root: found.root, packages: out, ...(found.config ? { config: found.config } : {}) };
}
