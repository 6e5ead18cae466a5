// Work-tree facts: whether a file about to hold a secret would be committed (inside a git work tree
// and not ignored), and what is not committed yet. The work tree may be a stranger's, so nothing
// here runs a command its config names: what is uncommitted is asked of `git status`, neutralised
// (src/core/git-exec.ts: no fsmonitor, hook, pager or submodule recursion) and with every filter
// driver the configuration defines turned off, so no clean or process filter runs on a file whose
// stat changed. isomorphic-git (which runs nothing) is the fallback where git cannot be run or a
// filter's name cannot be turned off on a command line; it is not the first choice because it reads
// whole pack files and every index entry in JavaScript (a clean 50,000-file repository: 11–25 s
// and 550–870 MB, against git's 0.2 s). check-ignore knows every ignore source (.gitignore files,
// info/exclude, core.excludesFile), so ignores are never read by hand.
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

/** A filter's name that a `-c filter.<name>.<key>=` setting names unambiguously. */
const PLAIN_FILTER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Every filter driver the configuration defines (all scopes, includes followed: a filter runs only
 * if one of them names its command), each turned off; undefined when a name could not be turned off
 * on a command line. Names come from the machine's and the repository's local config, never from
 * committed files (.gitattributes can only name a filter, not define one).
 */
async function filtersOff(cwd: string): Promise<string[] | undefined> {
  let out: string;
  try {
    out = await execGit(cwd, ['config', '-z', '--get-regexp', '^filter\\.']);
  } catch (e) {
    // Exit 1: no such key, so no filter is defined; anything else is not known to be safe.
    if ((e as { code?: unknown }).code === 1) return [];
    throw e;
  }
  const names = new Set<string>();
  for (const rec of out.split('\0')) {
    if (!rec) continue;
    const key = rec.split('\n', 1)[0]!;
    const name = key.slice('filter.'.length, key.lastIndexOf('.'));
    if (!PLAIN_FILTER_NAME.test(name)) return undefined;
    names.add(name);
  }
  return [...names].flatMap((n) => [`filter.${n}.clean=`, `filter.${n}.smudge=`, `filter.${n}.process=`, `filter.${n}.required=false`]);
}

/** Through `git status`, neutralised: fsmonitor, hooks, submodules and every defined filter off; undefined when a filter could not be turned off. */
async function statusByCli(cwd: string, rel: string): Promise<string[] | undefined> {
  const config = await filtersOff(cwd);
  if (!config) return undefined;
  const out = await execGit(cwd, ['status', '--porcelain=v1', '-z', '--ignore-submodules=all', '--untracked-files=normal', '--', rel || '.'], { config });
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
 * `via` is for tests: force one of the two readers (git's, the default, or the library's).
 */
export async function uncommittedPaths(cwd: string, rel = '.', o: { via?: 'library' | 'cli' } = {}): Promise<string[]> {
  const repo = await findRepo(cwd).catch(() => undefined);
  if (!repo) return [];
  const prefix = toPosix(relative(repo.dir, resolve(cwd, rel || '.')));
  if (prefix.startsWith('..')) return [];
  const byLibrary = () => statusByLibrary(repo.dir, repo.gitdir, prefix === '' ? '' : prefix, repo.cache);
  try {
    if (o.via === 'library') return await byLibrary();
    let cli: string[] | undefined;
    try {
      cli = await statusByCli(cwd, rel);
    } catch (e) {
      // git is not there: the library reads the same (a linked worktree, whose index sits beside its own HEAD, it cannot).
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || repo.linkedWorktree) throw e;
    }
    return cli ?? (repo.linkedWorktree ? [] : await byLibrary());
  } catch {
    return [];
  }
}
