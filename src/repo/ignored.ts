// Work-tree facts: whether a file about to hold a secret would be committed (inside a git work tree
// and not ignored), and what is not committed yet. The work tree may be a stranger's, so nothing
// here runs a command its config names: what is uncommitted is read through isomorphic-git (which
// runs no fsmonitor, hook or filter); only a linked worktree, which the library cannot read, asks
// `git status`, neutralised (src/core/git-exec.ts) and with every filter the attributes name
// turned off. check-ignore knows every ignore source (.gitignore files, info/exclude,
// core.excludesFile), so ignores are never read by hand.
import fs from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type * as Git from 'isomorphic-git';
import { warning, type Diagnostic } from '../core/diagnostics.js';
import { execGit, execGitInput, gitStatusSync } from '../core/git-exec.js';
import { lazyRequire } from '../core/lazy.js';
import { toPosix } from '../core/tree.js';
import { findRepo } from '../git/repo.js';

const gitLib = lazyRequire<typeof Git>('isomorphic-git');

/** A warning when `path` is inside a git work tree and git would not ignore it. */
export function uncommittedSecretWarning(path: string, what: string): Diagnostic | undefined {
  const dir = dirname(path);
  if (gitStatusSync(dir, ['rev-parse', '--is-inside-work-tree']) !== 0) return undefined;
  // check-ignore: 0 ignored, 1 not ignored, 128 error (e.g. outside the work tree).
  if (gitStatusSync(dir, ['check-ignore', '-q', '--no-index', '--end-of-options', path]) !== 1) return undefined;
  return warning('CTXFORGE_KEY_NOT_IGNORED', `${what} ${path} is inside a git work tree and not ignored: a \`git add -A\` would commit it`, {
    hint: 'add it (or *.key) to .gitignore, or keep keys outside the repository and pass them as env:VAR',
  });
}

/** Untracked files shown as git shows them: a folder holding no tracked file once, as `folder/`. */
function collapseUntracked(untracked: string[], tracked: Set<string>): string[] {
  const trackedDirs = new Set<string>();
  for (const t of tracked) for (let i = t.indexOf('/'); i > 0; i = t.indexOf('/', i + 1)) trackedDirs.add(t.slice(0, i));
  const out = new Set<string>();
  for (const f of untracked) {
    let shown = f;
    for (let i = f.indexOf('/'); i > 0; i = f.indexOf('/', i + 1)) {
      if (!trackedDirs.has(f.slice(0, i))) { shown = `${f.slice(0, i)}/`; break; }
    }
    out.add(shown);
  }
  return [...out];
}

/** Through the library: changed, staged, deleted and untracked paths below `prefix` ('' for all). */
async function statusByLibrary(dir: string, gitdir: string, prefix: string, cache: object): Promise<string[]> {
  const rows = await gitLib().statusMatrix({ fs, dir, gitdir, cache, ...(prefix ? { filepaths: [prefix] } : {}) });
  const tracked = new Set<string>();
  const changed: string[] = [];
  const untracked: string[] = [];
  for (const [file, head, work, stage] of rows) {
    if (head !== 0 || stage !== 0) tracked.add(file);
    if (head === 1 && work === 1 && stage === 1) continue;
    if (head === 0 && stage === 0) untracked.push(file);
    else changed.push(file);
  }
  return [...changed, ...collapseUntracked(untracked, tracked)].sort();
}

/** The filter drivers .gitattributes (and info/attributes) name for tracked files, each turned off. */
async function filtersOff(cwd: string): Promise<string[]> {
  const files = await execGit(cwd, ['ls-files', '-z', '--cached']);
  if (!files) return [];
  const out = await execGitInput(cwd, ['check-attr', '-z', '--stdin', 'filter'], files);
  const names = new Set<string>();
  const f = out.split('\0');
  for (let i = 0; i + 2 < f.length; i += 3) {
    const v = f[i + 2]!;
    if (v && v !== 'unspecified' && v !== 'unset' && v !== 'set') names.add(v);
  }
  return [...names].flatMap((n) => [`filter.${n}.clean=`, `filter.${n}.smudge=`, `filter.${n}.process=`, `filter.${n}.required=false`]);
}

/** Through `git status`, neutralised: fsmonitor, hooks, submodules and every named filter off. */
async function statusByCli(cwd: string, rel: string): Promise<string[]> {
  const out = await execGit(cwd, ['status', '--porcelain=v1', '-z', '--ignore-submodules=all', '--untracked-files=normal', '--', rel || '.'], { config: await filtersOff(cwd) });
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

/**
 * What is not committed below `rel` of the work tree at `cwd` — modified, staged, deleted,
 * untracked (a folder of untracked files once, as git shows it) — as repository-relative paths;
 * [] outside git. One reader for build's and release's "uncommitted changes" warnings.
 * `via` is for tests: force one of the two readers.
 */
export async function uncommittedPaths(cwd: string, rel = '.', o: { via?: 'library' | 'cli' } = {}): Promise<string[]> {
  const repo = await findRepo(cwd).catch(() => undefined);
  if (!repo) return [];
  const prefix = toPosix(relative(repo.dir, resolve(cwd, rel || '.')));
  if (prefix.startsWith('..')) return [];
  try {
    // A linked worktree keeps its index beside its own HEAD, which the library does not read.
    if (o.via !== 'cli' && !repo.linkedWorktree) return await statusByLibrary(repo.dir, repo.gitdir, prefix === '' ? '' : prefix, repo.cache);
    return await statusByCli(cwd, rel);
  } catch {
    return [];
  }
}
