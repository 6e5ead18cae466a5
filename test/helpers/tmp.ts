// Temporary directories and real git repositories for tests.
import { appendFileSync, mkdtempSync, readdirSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { execFileSync } from 'node:child_process';
import { after } from 'node:test';

const made: string[] = [];
after(() => { for (const d of made) rmSync(d, { recursive: true, force: true }); });

export function tmpDir(prefix = 'ctxforge-test-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [p, c] of Object.entries(files)) {
    const abs = join(root, ...p.split('/'));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, c);
  }
}

/** Runs git with a fixed identity and dates so commits are reproducible. */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test', GIT_AUTHOR_EMAIL: 'test@example.com', GIT_COMMITTER_NAME: 'Test', GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z', GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
      GIT_CONFIG_NOSYSTEM: '1', HOME: cwd,
      ...env,
    },
  });
}

export function initRepo(dir: string): string {
  git(dir, ['init', '-q', '-b', 'main']);
  // What `git config commit.gpgsign false` writes, without a second git process per repository.
  appendFileSync(join(dir, '.git', 'config'), '[commit]\n\tgpgsign = false\n');
  return dir;
}

/** Every file below `dir` (links and all: nothing is followed), as paths relative to it. */
export function filesBelow(dir: string, pre = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = pre ? `${pre}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...filesBelow(join(dir, e.name), rel));
    else out.push(rel);
  }
  return out;
}
