// What `ctxforge list` reports: each package of the repository with its version (from its format
// module) and its release tags.
import { resolve } from 'node:path';
import { formatByName } from '../formats.js';
import { openRefPath } from '../git/ref-spec.js';
import { releaseTags } from '../git/tags.js';
import { DiskTree, type Tree } from '../core/tree.js';
import { discoverPackages, type DiscoverOptions, type RepoPackage } from './packages.js';
import type { TagPatternNote } from './tag-patterns.js';

export interface ListedPackage {
  path: string;
  format: string | null;
  name: string;
  /** The package's own name (asset name, package name) when it could be read. */
  package_name?: string;
  version: string | null;
  tag_pattern: string;
  /** 'config', 'default', or 'kept' (the first package's `v*` tags after a second package was added). */
  tag_pattern_from: RepoPackage['tagPatternFrom'];
  /** What to know about the pattern, with the ctxforge.yaml line that makes it explicit. */
  tag_note?: TagPatternNote;
  /** Highest release tag under the pattern, and how many there are. */
  latest_tag: string | null;
  tags: number;
  source: 'config' | 'detected';
  problem?: string;
}

export interface PackageList {
  root: string;
  ref?: string;
  config: boolean;
  /** The config file that was read (repository-relative when inside the repository), or null. */
  config_file: string | null;
  packages: ListedPackage[];
}

export async function listPackages(opts: DiscoverOptions = {}): Promise<PackageList> {
  const found = await discoverPackages(opts);
  const tags = found.repo ? await found.repo.tags() : [];
  const packages: ListedPackage[] = [];
  for (const p of found.packages) {
    const rel = releaseTags(tags, p.tagPattern);
    const item: ListedPackage = {
      path: p.path, format: p.format ?? null, name: p.name, version: null, tag_pattern: p.tagPattern,
      tag_pattern_from: p.tagPatternFrom, ...(p.tagNote ? { tag_note: p.tagNote } : {}),
      latest_tag: rel[0]?.name ?? null, tags: rel.length, source: p.source,
      ...(p.problem ? { problem: p.problem } : {}),
    };
    const m = p.format ? formatByName(p.format) : undefined;
    if (m && !p.problem) {
      try {
        const tree: Tree = found.ref && found.repo
          ? (await openRefPath(found.repo, found.ref, p.path)).tree!
          : new DiskTree(resolve(found.root, p.path), p.path || '.');
        const s = await m.items(tree, {});
        item.version = s.version || null;
        item.package_name = s.name;
      } catch (e) {
        item.problem = `cannot read the package: ${(e as Error).message}`;
      }
    }
    packages.push(item);
  }
  return { root: found.root, ...(found.ref ? { ref: found.ref } : {}), config: !!found.config, config_file: found.config?.file ?? null, packages };
}
