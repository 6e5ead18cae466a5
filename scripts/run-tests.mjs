// Runs every test file under test/ (found explicitly, never by a shell glob that could match nothing)
// with node:test through tsx. Fails when no test file exists.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { spawnSync } from 'node:child_process';

function walk(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    // test/interop/<topic>/ needs a real outside program (a docs generator, a registry, another
    // installer): its own .ci/run stage (scripts/ci-<topic>.sh) installs that program and runs it.
    if (statSync(p).isDirectory()) { if (name !== 'fixtures' && name !== 'corpus' && p !== join('test', 'vectors') && p !== join('test', 'interop')) walk(p, out); }
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
const only = process.argv.slice(2);
const files = only.length ? only : existsSync('test') ? walk('test', []) : [];
if (files.length === 0) { console.error('run-tests: no test files found under test/'); process.exit(1); }
// Longest first. Two files run at a time, taken in list order; in path order a long file that
// starts near the end leaves one core idle for its whole length. The expected seconds come from
// scripts/test-weights.txt, a CTXFORGE_TEST_TIMES file (below) of an earlier run: only its
// `file<TAB>seconds` lines are read, so refreshing it is one run with
// CTXFORGE_TEST_TIMES=scripts/test-weights.txt. A file not listed there (a new one) counts as the
// longest, so it still runs and cannot end up alone at the end; the order never changes what runs.
const weightsFile = new URL('./test-weights.txt', import.meta.url);
const weight = new Map();
if (existsSync(weightsFile)) {
  for (const line of readFileSync(weightsFile, 'utf8').split('\n')) {
    const [file, seconds, extra] = line.split('\t');
    if (extra === undefined && file?.endsWith('.test.ts') && Number.isFinite(Number(seconds))) weight.set(file, Number(seconds));
  }
}
const w = (f) => weight.get(relative(process.cwd(), resolve(f)).split(sep).join('/')) ?? Infinity;
files.sort((a, b) => w(b) - w(a) || (a < b ? -1 : a > b ? 1 : 0));
// TAP on every Node: 20 and 22 default to it when not on a terminal, 24 to the spec reporter, and
// CI reads the `# tests N` line. CTXFORGE_TEST_TIMES=<file> also writes each file's wall time and
// the slowest tests there (scripts/test-times.mjs), to find where a run's minutes go.
const reporters = ['--test-reporter=tap', '--test-reporter-destination=stdout'];
if (process.env.CTXFORGE_TEST_TIMES) reporters.push(`--test-reporter=${new URL('./test-times.mjs', import.meta.url).href}`, `--test-reporter-destination=${process.env.CTXFORGE_TEST_TIMES}`);
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...reporters, '--test-concurrency=2', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
