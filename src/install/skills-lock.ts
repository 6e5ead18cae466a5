// The other installer in the same folders: `npx skills` (the npm package `skills`) writes
// `.agents/skills/<name>/`, links host folders to it, and records each skill by name in the
// project's `skills-lock.json` with a `computedHash` of the folder. ctxforge reads that file only to
// know which skill folders are that tool's (never to decide what is trusted: it is repository
// content like any other), and computes the same hash to tell whether a folder is still what the
// other tool wrote before taking it over with --adopt.
import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { warning, type Diagnostic } from '../core/diagnostics.js';
import { createHash } from 'node:crypto';
import type { Scope } from './hosts.js';

export const SKILLS_LOCK = 'skills-lock.json';
const MAX = 16 << 20;

export interface SkillsLock {
  /** The file as messages name it: skills-lock.json in a project, the global lock's path for --user. */
  label: string;
  /** Skill names the file lists, with the computedHash it records for each (when it is a SHA-256). */
  skills: Map<string, { computedHash?: string }>;
  diagnostics: Diagnostic[];
}

/**
 * Where npx skills records what it installed: the project's skills-lock.json, or for --user (its
 * `-g`) its global lock, $XDG_STATE_HOME/skills/.skill-lock.json else ~/.agents/.skill-lock.json
 * (skills 1.7.4, getSkillLockPath).
 */
export function skillsLockPath(root: string, scope: Scope, env: NodeJS.ProcessEnv): string {
  if (scope === 'project') return join(root, SKILLS_LOCK);
  return env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? join(env.XDG_STATE_HOME, 'skills', '.skill-lock.json') : join(root, '.agents', '.skill-lock.json');
}

/**
 * npx skills' lock for the scope, or an empty one (none, or unreadable — said in a warning: a file
 * ctxforge cannot read cannot name folders, so nothing is taken for the other tool's). A link is
 * never followed.
 */
export function readSkillsLock(root: string, scope: Scope, env: NodeJS.ProcessEnv = process.env): SkillsLock {
  const path = skillsLockPath(root, scope, env);
  const label = scope === 'project' ? SKILLS_LOCK : path;
  const out: SkillsLock = { label, skills: new Map(), diagnostics: [] };
  const unreadable = (why: string) => {
    out.diagnostics.push(warning('CTXFORGE_INSTALL_SHARED', `${label} is not read (${why}): the skill folders npx skills installed cannot be told from others`, { file: label }));
    return out;
  };
  let st;
  try { st = lstatSync(path); } catch { return out; }
  if (!st.isFile()) return unreadable(st.isSymbolicLink() ? 'it is a symbolic link, never followed' : 'it is not a regular file');
  if (st.size > MAX) return unreadable('it is larger than 16 MiB');
  let doc: unknown;
  try { doc = JSON.parse(readFileSync(path, 'utf8')); } catch (e) { return unreadable(`not JSON: ${(e as Error).message}`); }
  const skills = (doc as { skills?: unknown } | null)?.skills;
  if (!skills || typeof skills !== 'object' || Array.isArray(skills)) return unreadable('it has no "skills" object');
  for (const [name, entry] of Object.entries(skills as Record<string, unknown>)) {
    const h = (entry as { computedHash?: unknown } | null)?.computedHash;
    out.skills.set(name, typeof h === 'string' && /^[0-9a-f]{64}$/.test(h) ? { computedHash: h } : {});
  }
  return out;
}

/**
 * The `computedHash` npx skills records for a skill folder (skills 1.7.4, computeSkillFolderHash):
 * SHA-256 over every regular file below it, sorted by relative path with String.localeCompare, each
 * as its "/"-separated relative path then its bytes; folders named .git or node_modules skipped, and
 * links skipped (that tool lists them as neither file nor folder), so none is ever followed here.
 * File modes are not part of it.
 */
export function skillFolderHash(abs: string): string {
  const files: { rel: string; abs: string }[] = [];
  const go = (dir: string, prefix: string) => {
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${d.name}` : d.name;
      if (d.isDirectory()) { if (d.name !== '.git' && d.name !== 'node_modules') go(join(dir, d.name), rel); } else if (d.isFile()) files.push({ rel, abs: join(dir, d.name) });
    }
  };
  go(abs, '');
  files.sort((a, b) => a.rel.localeCompare(b.rel));
  const h = createHash('sha256');
  for (const f of files) { h.update(f.rel); h.update(readFileSync(f.abs)); }
  return h.digest('hex');
}
