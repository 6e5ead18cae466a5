// The seam to the versioning modules: repository packages and tag patterns (src/repo), trees at refs
// and previous tags (src/git), and the diff engine (src/diff), in the shapes release and check use.
import type { Tree } from '../core/tree.js';
import type { CommonOptions, FormatModule } from '../format.js';
import type { Bump } from '../core/semver.js';
import { findRepo, openRefPath, previousReleaseTag, type GitRepo } from '../git/index.js';
import { diffSummaries, type DiffResult } from '../diff/compare.js';
import { renderDiffMarkdown } from '../diff/markdown.js';
import { readPair } from '../diff/read-pair.js';
import { checkPolicy, mergePolicy, type PolicyTable } from '../diff/policy.js';
import type { RepoPackage } from '../repo/packages.js';
import type { TagPatternNote } from '../repo/tag-patterns.js';

export type { DiffResult };

export interface DiffSummary {
  package: string;
  relPath: string;
  result: DiffResult;
  markdown: string;
}

const BUMP_ORDER: Bump[] = ['none', 'patch', 'minor', 'major'];
export function maxBump(a: Bump, b: Bump): Bump {
  return BUMP_ORDER.indexOf(a) >= BUMP_ORDER.indexOf(b) ? a : b;
}

export function policyOf(pkg: Pick<RepoPackage, 'policy'>): PolicyTable {
  return mergePolicy(...pkg.policy.map((p) => checkPolicy(p.table, p.where)));
}

export async function repoOf(cwd: string): Promise<GitRepo | undefined> {
  return findRepo(cwd);
}

/** The package's tree at `ref`, or null when the package did not exist there. */
export async function treeAt(repo: GitRepo, ref: string, relPath: string): Promise<Tree | null> {
  const commit = await repo.resolveCommit(ref);
  const t = await repo.lookup(commit, relPath);
  if (!t || t.type !== 'tree') return null;
  return (await openRefPath(repo, commit, relPath)).tree ?? null;
}

export async function previousTagOf(repo: GitRepo, pattern: string, version: string, excludeCommit: string | null): Promise<string | null> {
  const prev = previousReleaseTag(await repo.tags(), { pattern, version, ...(excludeCommit ? { excludeCommit } : {}) });
  return prev?.name ?? null;
}

export interface DiffRequest {
  module: FormatModule;
  name: string;
  relPath: string;
  policy: PolicyTable;
  oldTree: Tree | null;
  oldLabel?: string;
  oldCommit?: string;
  newTree: Tree;
  newCommit?: string;
  tag?: { name: string; pattern: string; version: string | undefined };
  opts?: CommonOptions;
  /** Heading level of the Markdown section. */
  level?: number;
  /** See CompareOptions.identityChange. */
  identityChange?: 'refuse' | 'breaking';
  /** How the previous release was found, when the reader must know (see DiffResult.tag_note). */
  tagNote?: TagPatternNote;
}

/**
 * One package against its previous version, as `ctxforge diff` compares two trees: the files that
 * differ are found by git object ids (a tree at a ref against the checkout's files), and each side's
 * items are read from those files only — a pull request or a release that touches 1% of a package
 * reads 1% of each side, not both whole (two full checks at 50,000 documents, on top of the
 * validate before it), by the rule `ctxforge diff` follows (`readPair`).
 */
export async function diffPackage(req: DiffRequest): Promise<DiffSummary> {
  const opts = req.opts ?? {};
  const { module, oldTree, newTree } = req;
  const { old, neu } = oldTree
    ? await readPair(oldTree, newTree,
      (only) => module.items(oldTree, only ? { ...opts, only, other: newTree } : opts),
      (only) => module.items(newTree, only ? { ...opts, only, other: oldTree } : opts))
    : { old: null, neu: await module.items(newTree, opts) };
  const result = diffSummaries(old, neu, {
    policy: req.policy, ...(req.tag ? { tag: req.tag } : {}),
    ...(req.oldLabel ? { oldLabel: req.oldLabel } : {}), ...(req.oldCommit ? { oldCommit: req.oldCommit } : {}),
    ...(req.newCommit ? { newCommit: req.newCommit } : {}),
    ...(req.identityChange ? { identityChange: req.identityChange } : {}),
    ...(req.tagNote ? { tagNote: req.tagNote } : {}),
  });
  return { package: req.name, relPath: req.relPath, result, markdown: renderDiffMarkdown(result, { level: req.level ?? 3 }) };
}
