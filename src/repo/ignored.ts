// Whether a file about to hold a secret would be committed: inside a git work tree and not ignored.
// Asked of the git CLI (check-ignore knows every ignore source: .gitignore files, info/exclude,
// core.excludesFile), never by reading .gitignore ourselves.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { warning, type Diagnostic } from '../core/diagnostics.js';

function git(cwd: string, args: string[]): number | null {
  const r = spawnSync('git', args, { cwd, stdio: 'ignore', timeout: 10_000 });
  return r.error ? null : r.status;
}

/** A warning when `path` is inside a git work tree and git would not ignore it. */
export function uncommittedSecretWarning(path: string, what: string): Diagnostic | undefined {
  const dir = dirname(path);
  if (git(dir, ['rev-parse', '--is-inside-work-tree']) !== 0) return undefined;
  // check-ignore: 0 ignored, 1 not ignored, 128 error (e.g. outside the work tree).
  if (git(dir, ['check-ignore', '-q', '--no-index', '--end-of-options', path]) !== 1) return undefined;
  return warning('CTXFORGE_KEY_NOT_IGNORED', `${what} ${path} is inside a git work tree and not ignored: a \`git add -A\` would commit it`, {
    hint: 'add it (or *.key) to .gitignore, or keep keys outside the repository and pass them as env:VAR',
  });
}

/** Paths under `dir` that differ from HEAD (modified, staged, untracked, deleted), or null outside git. */
export function uncommittedPaths(dir: string): string[] | null {
  const r = spawnSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.'], { cwd: dir, encoding: 'buffer', timeout: 30_000, maxBuffer: 64 * 1024 * 1024 });
  if (r.error || r.status !== 0) return null;
  return r.stdout.toString('utf8').split('\0').filter((e) => e.length > 3).map((e) => e.slice(3));
}
