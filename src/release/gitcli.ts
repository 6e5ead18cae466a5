// The few work-tree facts src/git does not offer (tags at HEAD, fetching a
// missing base commit), read through the git CLI that a checkout always has.
import { execGit } from '../core/git-exec.js';

// Every call that carries a ref, commit or path from the repository or the event puts it after
// `--end-of-options` (or `--` for paths), so a value starting with "-" is never read as an option;
// and every call is neutralised (src/core/git-exec.ts): no command the repository's config names runs.

export async function git(cwd: string, args: string[]): Promise<string> {
  return execGit(cwd, args);
}

export async function tryGit(cwd: string, args: string[]): Promise<string | null> {
  try {
    return (await git(cwd, args)).trim();
  } catch {
    return null;
  }
}

export async function isGitRepo(cwd: string): Promise<boolean> {
  return (await tryGit(cwd, ['rev-parse', '--is-inside-work-tree'])) === 'true';
}

/** The commit a ref points to (peeling annotated tags), or null. */
export async function commitOf(cwd: string, ref: string): Promise<string | null> {
  return tryGit(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
}

/**
 * The commit `ref` names, fetching just that commit when a shallow checkout lacks it (the PR's base;
 * actions/checkout leaves credentials unless told not to), or null when it cannot be had.
 */
export async function ensureCommit(cwd: string, ref: string): Promise<string | null> {
  const have = await commitOf(cwd, ref);
  if (have) return have;
  // --upload-pack: a remote.origin.uploadpack in the repository's config cannot be overridden by -c (git takes the first one given).
  await git(cwd, ['fetch', '--upload-pack=git-upload-pack', '--no-tags', '--no-recurse-submodules', '--no-write-fetch-head', '--depth=1', '--end-of-options', 'origin', ref]).catch(() => undefined);
  return commitOf(cwd, ref);
}

export async function commitTime(cwd: string, commit: string): Promise<number | null> {
  const s = await tryGit(cwd, ['show', '-s', '--no-show-signature', '--format=%ct', '--end-of-options', commit]);
  return s ? Number(s) : null;
}

/** Tags pointing exactly at HEAD. */
export async function tagsAtHead(cwd: string): Promise<string[]> {
  const s = await tryGit(cwd, ['tag', '--points-at', 'HEAD']);
  return s ? s.split('\n').filter(Boolean).sort() : [];
}

