// `<ref>:<path>` as an input: parses the spec and opens the tree (or blob) it names, the way
// `git show v1.2.0:knowledge/` does — path relative to the repository root, or to the current
// directory when it starts with `./` or `../`.
import { relative, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { toPosix, type Tree } from '../core/tree.js';
import { GitTree } from './git-tree.js';
import { findRepo, type GitRepo } from './repo.js';
import './rules.js';

export interface RefSpec {
  ref: string;
  /** As written after the colon. */
  path: string;
}

/** Splits `<ref>:<path>`; undefined for anything else (plain paths, Windows drive letters, URLs). */
export function parseRefSpec(spec: string): RefSpec | undefined {
  if (/^[A-Za-z]:[\\/]/.test(spec) || /^[a-z][a-z0-9+.-]*:\/\//i.test(spec)) return undefined;
  const i = spec.indexOf(':');
  if (i <= 0) return undefined;
  const ref = spec.slice(0, i);
  // Characters git forbids in ref names (check-ref-format), so a path with a colon is not taken for a ref.
  if (/[\s\\?*[]|\.\.|@\{/.test(ref)) return undefined;
  return { ref, path: spec.slice(i + 1) };
}

/** The repository-relative POSIX path of a spec path, as git would read it. */
export function repoPath(repo: GitRepo, path: string, cwd: string): string {
  if (path === '.' || path.startsWith('./') || path.startsWith('../')) {
    const rel = toPosix(relative(repo.dir, resolve(cwd, path)));
    if (rel === '..' || rel.startsWith('../')) fail('CTXFORGE_GIT_PATH_MISSING', `${path} is outside the repository at ${repo.dir}`, {}, 2);
    return rel;
  }
  return path.replace(/^\/+|\/+$/g, '').replace(/\/{2,}/g, '/');
}

export interface RefTarget {
  repo: GitRepo;
  ref: string;
  commit: string;
  /** Repository-relative path ('' for the root). */
  path: string;
  tree?: GitTree;
  blob?: { oid: string; bytes: Buffer };
  label: string;
}

/** Opens what `<ref>:<path>` names in `repo`; fails with an actionable message when it names nothing. */
export async function openRefPath(repo: GitRepo, ref: string, path: string): Promise<RefTarget> {
  const commit = await repo.resolveCommit(ref);
  const target = await repo.lookup(commit, path);
  if (!target) {
    fail('CTXFORGE_GIT_PATH_MISSING', `${path || '/'} does not exist at ${ref} (commit ${commit.slice(0, 12)})`, {
      hint: `paths after the colon are relative to the repository root (${repo.dir}); start with ./ for the current directory`,
    }, 2);
  }
  if (target.type === 'blob') {
    const bytes = await repo.readBlob(target.oid);
    return { repo, ref, commit, path, blob: { oid: target.oid, bytes }, label: `${ref}:${path}` };
  }
  if (target.type !== 'tree') fail('CTXFORGE_GIT_PATH_MISSING', `${path} at ${ref} is a submodule, not part of this repository`, {}, 2);
  const label = `${ref}:${path ? `${path}/` : ''}`;
  return { repo, ref, commit, path, tree: new GitTree(repo, commit, target.oid, path, label), label };
}

/**
 * The resolver `src/inputs.ts` calls for `<ref>:<path>` (installed by src/repo/git-inputs.ts):
 * null when the spec is not one or there is no repository, so the caller's own error applies.
 */
export async function resolveRefSpec(spec: string, cwd: string): Promise<{ tree: Tree; blob?: Buffer; label: string; time?: () => Promise<number | null> } | null> {
  const rs = parseRefSpec(spec);
  if (!rs) return null;
  const repo = await findRepo(cwd);
  if (!repo) return null;
  const t = await openRefPath(repo, rs.ref, repoPath(repo, rs.path, cwd));
  if (t.blob) {
    const parent = t.path.includes('/') ? t.path.slice(0, t.path.lastIndexOf('/')) : '';
    const dir = await openRefPath(repo, rs.ref, parent);
    return { tree: dir.tree!, blob: t.blob.bytes, label: t.label };
  }
  // As for a checked-out directory (`git log -1 -- .`): the last commit at or before the ref that changed it.
  return { tree: t.tree!, label: t.label, time: () => repo.lastChangeTime(t.commit, t.path) };
}
