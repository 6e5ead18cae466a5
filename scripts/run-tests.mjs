// Runs every test file under test/ (found explicitly, never by a shell glob that could match nothing)
// with node:test through tsx. Fails when no test file exists.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
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
// Files run in groups. Each test process spends ~1 s of CPU before its first test (tsx's loader
// thread, then ~150 TypeScript modules transformed and compiled one by one, issue 39); one process
// for a group of small files loads what they share once — 24 small files: 43 s of CPU alone, 23 s
// as one group, the same 137 tests passing. A file whose first lines hold `// run-tests: alone`
// (with its reason) gets a process of its own: it measures the process's heap, listens to its
// warnings, or relies on something done once a process.
// Groups are filled longest-first to about GROUP_SECONDS of expected time each, from
// scripts/test-weights.txt, a CTXFORGE_TEST_TIMES file (below) of an earlier run: only its
// `file<TAB>seconds` lines are read, so refreshing it is one run with
// CTXFORGE_TEST_TIMES=scripts/test-weights.txt. A file not listed there (a new one) runs alone
// and first, so it cannot end up alone at the end; grouping never changes what runs.
// CTXFORGE_TEST_GROUPS=0 runs every file in a process of its own, as node --test does by itself.
// ~90 s a group: ten processes fewer than at ~45 s (21 units, the files marked alone among them),
// each ~1.1 s of CPU (12 small files: 24 s of CPU as 12 processes, 12 s as one). Two runs on the
// same code and weights: 358 s (665 s of CPU) at ~45 s, 330 s (634 s) at ~90 s (load 3-6); a later
// pair at load ~2.7: 346 s at ~45 s, 353 s at ~90 s — the wall time within the spread, the CPU
// spared. The longest groups still start first, so the files alone (the shortest units) fill the
// end on both cores.
const GROUP_SECONDS = 90;
// CTXFORGE_TEST_WEIGHTS=<file> reads another weights file (test/packaging/run-tests-groups.test.ts).
const weightsFile = process.env.CTXFORGE_TEST_WEIGHTS ?? new URL('./test-weights.txt', import.meta.url);
const weight = new Map();
if (existsSync(weightsFile)) {
  for (const line of readFileSync(weightsFile, 'utf8').split('\n')) {
    const [file, seconds, extra] = line.split('\t');
    if (extra === undefined && file?.endsWith('.test.ts') && Number.isFinite(Number(seconds))) weight.set(file, Number(seconds));
  }
}
const w = (f) => weight.get(relative(process.cwd(), resolve(f)).split(sep).join('/')) ?? Infinity;
const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
files.sort((a, b) => w(b) - w(a) || byName(a, b));
const alone = (f) => /^\/\/ run-tests: alone\b/m.test(readFileSync(f, 'utf8').slice(0, 4096));
const grouping = process.env.CTXFORGE_TEST_GROUPS !== '0';
const units = []; // { files, seconds }
const bins = [];
for (const f of files) {
  // A file not in the weights counts as the longest: alone, and first.
  if (!grouping || w(f) >= GROUP_SECONDS || alone(f)) { units.push({ files: [f], seconds: w(f) }); continue; }
  bins.push(f);
}
// Longest processing time first: each file to the group with the least expected time so far.
// At least one group when there is a file to put in it (files recorded at 0 s add up to no group).
const groups = Array.from({ length: Math.max(bins.length ? 1 : 0, Math.ceil(bins.reduce((t, f) => t + w(f), 0) / GROUP_SECONDS)) }, () => ({ files: [], seconds: 0 }));
for (const f of bins) { const g = groups.reduce((a, b) => (b.seconds < a.seconds ? b : a)); g.files.push(f); g.seconds += w(f); }
units.push(...groups.filter((g) => g.files.length > 0));
// Longest first, two at a time: a long unit that starts near the end would leave one core idle.
units.sort((a, b) => b.seconds - a.seconds || byName(a.files[0], b.files[0]));
const groupDir = units.some((u) => u.files.length > 1) ? mkdtempSync(join(tmpdir(), 'ctxforge-test-groups-')) : null;
const args = units.map((u, i) => {
  if (u.files.length === 1) return u.files[0];
  // A group is a module importing its files (static imports: every file's top level runs before the
  // first test, as each would in its own process, and the tests then run one after another).
  const name = join(groupDir, `group-${String(i).padStart(3, '0')}.test.mjs`);
  writeFileSync(name, u.files.sort(byName).map((f) => `import ${JSON.stringify(pathToFileURL(resolve(f)).href)};\n`).join(''));
  console.log(`# run-tests: ${name} runs ${u.files.join(', ')}`);
  return name;
});
// TAP on every Node: 20 and 22 default to it when not on a terminal, 24 to the spec reporter, and
// CI reads the `# tests N` line. CTXFORGE_TEST_TIMES=<file> also writes each file's wall time and
// the slowest tests there (scripts/test-times.mjs), to find where a run's minutes go.
const reporters = ['--test-reporter=tap', '--test-reporter-destination=stdout'];
if (process.env.CTXFORGE_TEST_TIMES) reporters.push(`--test-reporter=${new URL('./test-times.mjs', import.meta.url).href}`, `--test-reporter-destination=${process.env.CTXFORGE_TEST_TIMES}`);
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...reporters, '--test-concurrency=2', ...args], { stdio: 'inherit' });
if (groupDir) rmSync(groupDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
