// The bundled Action's start-up (issue 19): from process start to the first line of the check's
// report, and to exit, on working-dir-example (a git repository made from it), under Node 24 as
// `runs.using: node24` runs it — action.yml and dist-action/ copied alone into an empty folder.
// Reported, never asserted. Usage: node bench/action-startup.mjs [--runs 5]
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

const locate = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./test/helpers/node-versions.ts').then((m) => process.stdout.write(m.node24()))"], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (locate.status !== 0 || !locate.stdout) { console.error('action-startup: no Node 24 binary'); process.exit(1); }
const node24 = locate.stdout;

const work = mkdtempSync(join(tmpdir(), 'ctxforge-bench-action-'));
const action = join(work, 'action');
mkdirSync(action);
cpSync(join(root, 'action.yml'), join(action, 'action.yml'));
cpSync(join(root, 'dist-action'), join(action, 'dist-action'), { recursive: true });
const repo = join(work, 'repo');
cpSync(join(root, 'working-dir-example'), repo, { recursive: true });
const git = (...a) => spawnSync('git', a, { cwd: repo, stdio: 'ignore', env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@example.com', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@example.com' } });
git('init', '-q', '-b', 'main'); git('add', '-A'); git('commit', '-q', '-m', 'example');
const sha = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repo, encoding: 'utf8' }).stdout.trim();
const event = join(work, 'event.json');
writeFileSync(event, JSON.stringify({ ref: 'refs/heads/main', after: sha }));
writeFileSync(join(work, 'summary.md'), '');

function once() {
  const out = join(work, `out-${Math.random()}`);
  writeFileSync(out, '');
  const env = { PATH: process.env.PATH, HOME: work, CI: 'true', GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: event, GITHUB_REF: 'refs/heads/main', GITHUB_SHA: sha, GITHUB_WORKSPACE: repo, GITHUB_REPOSITORY: 'acme/example', GITHUB_OUTPUT: out, GITHUB_STEP_SUMMARY: join(work, 'summary.md'), RUNNER_TEMP: work, 'INPUT_FAIL-ON': 'none', 'INPUT_GITHUB-TOKEN': '' };
  return new Promise((res) => {
    const t0 = performance.now();
    let first;
    let text = '';
    const child = spawn(node24, [join(action, 'dist-action', 'index.js')], { cwd: repo, env });
    // The report's first line is the first package verdict (the banner before it is not a result).
    child.stdout.on('data', (c) => { text += c; if (first === undefined && /^(✓|✗|::error|::warning)/m.test(text)) first = performance.now() - t0; });
    child.stderr.on('data', (c) => { text += c; });
    child.on('close', (code) => { if (code !== 0) process.stderr.write(text.slice(-2000)); res({ first: first ?? NaN, total: performance.now() - t0, code }); });
  });
}

const results = [];
await once(); // warm the page cache
for (let i = 0; i < runs; i++) results.push(await once());
rmSync(work, { recursive: true, force: true });
const med = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`bundled Action, check of working-dir-example on Node ${spawnSync(node24, ['-v'], { encoding: 'utf8' }).stdout.trim()} (${runs} runs, exit ${results.map((r) => r.code).join(',')}):`);
console.log(`  process start → first report line: median ${fmt(med(results.map((r) => r.first)))} (min ${fmt(Math.min(...results.map((r) => r.first)))}, max ${fmt(Math.max(...results.map((r) => r.first)))})`);
console.log(`  process start → exit:              median ${fmt(med(results.map((r) => r.total)))}`);
