// Real git repositories holding OCTX working directories, written with the git CLI.
import { rmSync, renameSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';

export interface Doc {
  path: string;
  id: string;
  type?: string;
  title?: string;
  body?: string;
}

export const ASSET = '019c0000-0000-7000-8000-000000000001';
export const docId = (n: number): string => `019c1234-5678-7abc-8def-${n.toString(16).padStart(12, '0')}`;

export function docText(d: Doc): string {
  return `---\ntype: ${d.type ?? 'Reference'}\ntitle: ${d.title ?? 'Doc'}\noctx:\n  document_id: ${d.id}\n---\n\n# ${d.title ?? 'Doc'}\n\n${d.body ?? 'Body.'}\n`;
}

/** Writes (replacing) an OCTX working directory at `dir`. */
export function writeOctx(dir: string, o: { version: string; name?: string; asset?: string; docs: Doc[] }): void {
  rmSync(join(dir, 'knowledge'), { recursive: true, force: true });
  const files: Record<string, string> = {
    'manifest.json': `${JSON.stringify({
      format: 'octx', format_version: '0.1', asset: { id: o.asset ?? ASSET, name: o.name ?? 'Guide' },
      release: { version: o.version, created_at: '2026-01-01T00:00:00Z' },
    }, null, 2)}\n`,
  };
  for (const d of o.docs) files[`knowledge/${d.path}`] = docText(d);
  writeTree(dir, files);
}

export function newRepo(): string {
  return initRepo(tmpDir('ctxforge-git-'));
}

/** Commits everything at a fixed date (seconds since 1970) and returns the commit id. */
export function commitAll(repo: string, msg: string, epoch = 1767225600): string {
  const date = new Date(epoch * 1000).toISOString();
  const env = { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
  git(repo, ['add', '-A'], env);
  git(repo, ['commit', '-q', '--allow-empty', '-m', msg], env);
  return git(repo, ['rev-parse', 'HEAD']).trim();
}

export function tag(repo: string, name: string, annotated = false): void {
  if (annotated) git(repo, ['tag', '-a', name, '-m', `release ${name}`]);
  else git(repo, ['tag', name]);
}

export function move(root: string, from: string, to: string): void {
  mkdirSync(dirname(join(root, to)), { recursive: true });
  renameSync(join(root, from), join(root, to));
}
