// `mode: list`: the repository's packages as JSON for a `strategy.matrix`, so a repository with many
// packages checks (or releases) each on its own runner through the `path` input.
import { discoverPackages, type DiscoverOptions } from './packages.js';

export interface ListedPackage {
  name: string;
  /** Repository-relative; '.' for the root. Feed it to the `path` input. */
  path: string;
  format: string;
  version: string;
}

export async function listPackages(o: DiscoverOptions): Promise<ListedPackage[]> {
  const { packages } = await discoverPackages(o);
  return packages.map((p) => ({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
