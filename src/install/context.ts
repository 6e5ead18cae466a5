// Where an install happens: the scope's root, its lock, and its install journal. The journal is
// what a killed install leaves for the next command to complete, and completing it moves and
// deletes folders, so it is kept where neither a commit nor a download can put it: inside the git
// directory of a project that has one (git never checks out a path named .git), in the user's
// state folder for a project without git (a ZIP or a template can ship any file of its folder,
// ctxforge.lock.journal included), beside the lock in the user's config folder for --user.
import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import type { Scope } from './hosts.js';
import { LOCK_NAME } from './lock-file.js';

export interface Ctx {
  scope: Scope;
  root: string;
  lockPath: string;
  lockLabel: string;
  journalPath: string;
  /** The journal's path as messages name it. */
  journalLabel: string;
  /** Where a project's journal used to be, beside its lock (in the work tree): never read as one, only reported. */
  strayJournal?: string;
  env: NodeJS.ProcessEnv;
}

export const JOURNAL_NAME = 'ctxforge-install.journal';

function realDir(p: string): string {
  try { return realpathSync(p); } catch { fail('CTXFORGE_IO', `${p}: no such directory`, { file: p }, 2); }
}

/** The project root: the git work tree around `cwd` (its top folder), else `cwd` itself. */
export function projectRoot(cwd: string): string {
  const start = realDir(cwd);
  for (let d = start; ; d = dirname(d)) {
    try { lstatSync(join(d, '.git')); return d; } catch { /* keep looking */ }
    if (dirname(d) === d) return start;
  }
}

/** The git directory of a work tree root: `.git` itself, or where a `.git` file (worktree, submodule) points. */
export function gitDirOf(root: string): string | undefined {
  const dotgit = join(root, '.git');
  let st;
  try { st = lstatSync(dotgit); } catch { return undefined; }
  if (st.isDirectory()) return dotgit;
  if (!st.isFile() || st.size > 4096) return undefined;
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotgit, 'utf8'));
  if (!m) return undefined;
  const gd = isAbsolute(m[1]!) ? m[1]! : resolve(root, m[1]!);
  try { return lstatSync(gd).isDirectory() ? gd : undefined; } catch { return undefined; }
}

/**
 * The install journal of a project without git: in the user's state folder ($XDG_STATE_HOME, else
 * ~/.local/state), named by the SHA-256 of the project's real path, so that nothing in the project
 * folder can name, plant or replace it.
 */
export function stateJournal(root: string, env: NodeJS.ProcessEnv): string {
  const state = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(env.HOME || homedir(), '.local', 'state');
  return join(state, 'ctxforge', 'journals', `${sha256Hex(root)}.json`);
}

export function context(o: { cwd: string; env?: NodeJS.ProcessEnv; user?: boolean }): Ctx {
  const env = o.env ?? process.env;
  if (!o.user) {
    const root = projectRoot(o.cwd);
    const lockPath = join(root, LOCK_NAME);
    const git = gitDirOf(root);
    const journalPath = git ? join(git, JOURNAL_NAME) : stateJournal(root, env);
    return { scope: 'project', root, lockPath, lockLabel: LOCK_NAME, journalPath, journalLabel: journalPath, strayJournal: `${lockPath}.journal`, env };
  }
  const root = realDir(env.HOME || homedir());
  const config = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(root, '.config');
  const lockPath = join(config, 'ctxforge', LOCK_NAME);
  return { scope: 'user', root, lockPath, lockLabel: lockPath, journalPath: `${lockPath}.journal`, journalLabel: `${lockPath}.journal`, env };
}
