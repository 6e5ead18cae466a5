// Runs every test file under test/ (found explicitly, never by a shell glob that could match nothing)
// with node:test through tsx. Fails when no test file exists.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function walk(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'fixtures' && name !== 'corpus' && p !== join('test', 'vectors')) walk(p, out); }
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
const only = process.argv.slice(2);
const files = only.length ? only : walk('test', []);
if (files.length === 0) { console.error('run-tests: no test files found under test/'); process.exit(1); }
// TAP on every Node: 20 and 22 default to it when not on a terminal, 24 to the spec reporter, and
// CI reads the `# tests N` line. CTXFORGE_TEST_TIMES=<file> also writes each file's wall time and
// the slowest tests there (scripts/test-times.mjs), to find where a run's minutes go.
const reporters = ['--test-reporter=tap', '--test-reporter-destination=stdout'];
if (process.env.CTXFORGE_TEST_TIMES) reporters.push(`--test-reporter=${new URL('./test-times.mjs', import.meta.url).href}`, `--test-reporter-destination=${process.env.CTXFORGE_TEST_TIMES}`);
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...reporters, '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
