// Work-tree facts asked of the git CLI: whether a file about to hold a secret would be committed
// (inside a git work tree and not ignored), and what is not committed yet.
// (check-ignore knows every ignore source: .gitignore files, info/exclude,
// core.excludesFile), never by reading .gitignore ourselves.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { dirname } from 'node:path';
import { warning, type Diagnostic } from '../core/diagnostics.js';

const run = promisify(execFile);

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

/**
 * The entries of `git status` below `rel` of the work tree at `cwd` — modified, staged, deleted,
 * untracked (a folder of untracked files once, as git shows it) — as paths; [] outside git. One
 * reader for build's and release's "uncommitted changes" warnings.
 */
export async function uncommittedPaths(cwd: string, rel = '.'): Promise<string[]> {
  let out: string;
  try {
    ({ stdout: out } = await run('git', ['status', '--porcelain=v1', '-z', '--', rel || '.'], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }));
  } catch {
    return [];
  }
  // -z: "XY path" fields, and after a rename or copy one more field with its old path.
  const fields = out.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const e = fields[i]!;
    if (e.length < 4) continue;
    paths.push(e.slice(3));
    if (/[RC]/.test(e.slice(0, 2))) i++;
  }
  return paths;
}
