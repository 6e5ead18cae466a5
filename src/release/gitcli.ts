// The few git facts release and check need (tag commit, commit time, tags, a Tree at a ref), read
// through the git CLI. A bridge: src/git owns git access, and collab.ts prefers it when present.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Tree, TreeEntry } from '../core/tree.js';
import { TreeReadError } from '../core/tree.js';
import { sortUtf8 } from '../core/paths.js';

const run = promisify(execFile);

export async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' });
  return stdout;
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
  return tryGit(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
}

export async function commitTime(cwd: string, commit: string): Promise<number | null> {
  const s = await tryGit(cwd, ['show', '-s', '--format=%ct', commit]);
  return s ? Number(s) : null;
}

/** Tags pointing exactly at HEAD. */
export async function tagsAtHead(cwd: string): Promise<string[]> {
  const s = await tryGit(cwd, ['tag', '--points-at', 'HEAD']);
  return s ? s.split('\n').filter(Boolean).sort() : [];
}

/** Tags reachable from `ref`. */
export async function mergedTags(cwd: string, ref: string): Promise<string[]> {
  const s = await tryGit(cwd, ['tag', '--merged', ref]);
  return s ? s.split('\n').filter(Boolean) : [];
}

/** Files changed in the work tree below `rel` (uncommitted edits make a release unreproducible). */
export async function dirtyFiles(cwd: string, rel: string): Promise<string[]> {
  const s = await tryGit(cwd, ['status', '--porcelain', '--', rel || '.']);
  return s ? s.split('\n').filter(Boolean) : [];
}

/** A read-only Tree of `prefix` at `ref`, read from the object database (no checkout). */
export class GitCliTree implements Tree {
  readonly label: string;
  private entries: Map<string, { oid: string; entry: TreeEntry }> | undefined;
  constructor(private readonly cwd: string, private readonly ref: string, private readonly prefix: string) {
    this.label = `${ref.length === 40 ? ref.slice(0, 12) : ref}:${prefix}`;
  }
  private async load(): Promise<Map<string, { oid: string; entry: TreeEntry }>> {
    if (this.entries) return this.entries;
    const pre = this.prefix ? `${this.prefix.replace(/\/+$/, '')}/` : '';
    const out = await git(this.cwd, ['ls-tree', '-r', '-z', '-l', '--full-tree', this.ref, ...(pre ? ['--', pre] : [])]);
    const m = new Map<string, { oid: string; entry: TreeEntry }>();
    for (const rec of out.split('\0')) {
      if (!rec) continue;
      const tab = rec.indexOf('\t');
      const [mode, type, oid, size] = rec.slice(0, tab).trim().split(/\s+/);
      const full = rec.slice(tab + 1);
      if (!full.startsWith(pre)) continue;
      const path = full.slice(pre.length);
      const kind = type === 'blob' ? (mode === '120000' ? 'symlink' : 'file') : 'other';
      m.set(path, { oid: oid!, entry: { path, kind, size: kind === 'file' ? Number(size) : 0 } });
    }
    this.entries = m;
    return m;
  }
  async exists(): Promise<boolean> {
    return (await this.load()).size > 0;
  }
  async list(): Promise<TreeEntry[]> {
    return sortUtf8([...(await this.load()).values()].map((v) => v.entry), (e) => e.path);
  }
  async read(path: string): Promise<Buffer> {
    const e = (await this.load()).get(path);
    if (!e) throw new TreeReadError(`${path}: no such file at ${this.ref}`, path);
    if (e.entry.kind !== 'file') throw new TreeReadError(`${path}: not a regular file`, path);
    const { stdout } = await run('git', ['cat-file', 'blob', e.oid], { cwd: this.cwd, encoding: 'buffer', maxBuffer: 1 << 30 });
    return stdout as Buffer;
  }
  async stat(path: string): Promise<TreeEntry | undefined> {
    return (await this.load()).get(path)?.entry;
  }
}
