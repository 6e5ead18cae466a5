// Runs the CLI for tests: in-process (fast) or as a real process from source.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { builtCli, builtMain } from './built.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// The public vectors live in the repository (test/vectors, copied from the project's shared set; its
// README says where each set comes from), so a clone with nothing beside it runs the whole suite.
export const vectorsDir = join(repoRoot, 'test', 'vectors');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ctxforge args…` in this process. */
export async function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  // Loaded on first use, from the bundle of the current sources (helpers/built.ts): the whole CLI
  // from source through tsx cost ~1.5 s of CPU a file. CTXFORGE_TEST_FROM_SOURCE=1 loads the sources.
  const main = builtMain() ?? (await import('../../cli/main.js')).main;
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'ctxforge', ...args], {
    out: (s) => { stdout += s.endsWith('\n') ? s : `${s}\n`; },
    err: (s) => { stderr += s.endsWith('\n') ? s : `${s}\n`; },
    cwd: opts.cwd ?? process.cwd(),
    env: opts.env ?? process.env,
  });
  return { code, stdout, stderr };
}

/** Runs ctxforge as a child process, built from the sources as they are (helpers/built.ts, never a stale build). */
export function spawnCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [builtCli(), ...args], {
    cwd: opts.cwd ?? repoRoot,
    env: { ...(opts.env ?? process.env), CTXFORGE_FROM_SOURCE: '1' },
    encoding: 'utf8',
    input: opts.input,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Runs bin/ctxforge.js itself as a child process, from source through tsx (the bin's own test). */
export function spawnBin(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const r = spawnSync(process.execPath, [join(repoRoot, 'bin', 'ctxforge.js'), ...args], {
    cwd: opts.cwd ?? repoRoot,
    env: { ...(opts.env ?? process.env), CTXFORGE_FROM_SOURCE: '1' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
