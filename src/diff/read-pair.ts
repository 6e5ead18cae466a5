// How two versions of one package are read for a comparison — by `ctxforge diff` (inputs.ts), the
// pull-request check and the release notes (release/collab.ts) alike. The files that differ are
// found by git object ids (unchanged.ts); the old side reads only those, and the new side covers
// exactly the files the old one covered: partially only when the old side's module honoured `only`
// (a module may ignore it and read everything, and a comparison of a whole side against a part of
// the other would report every unread item as removed or added).
import type { Tree } from '../core/tree.js';
import type { PackageSummary } from '../format.js';
import { differingPaths } from './unchanged.js';

/** Reads one side: `only` the files to read (undefined: all); the caller names the other side to its module. */
export type SideReader = (only: ReadonlySet<string> | undefined) => Promise<PackageSummary>;

/**
 * Both summaries of a comparison of `oldTree` (read by `readOld`) and `newTree` (by `readNew`);
 * trees whose differing files cannot be found (not git, not a tree against a checkout) are read whole.
 */
export async function readPair(oldTree: Tree | undefined, newTree: Tree | undefined, readOld: SideReader, readNew: SideReader): Promise<{ old: PackageSummary; neu: PackageSummary; readWith?: ReadonlySet<string> }> {
  const only = oldTree && newTree ? await differingPaths(oldTree, newTree) : undefined;
  const old = await readOld(only);
  const readWith = old.partial ? only : undefined;
  return { old, neu: await readNew(readWith), ...(readWith ? { readWith } : {}) };
}
