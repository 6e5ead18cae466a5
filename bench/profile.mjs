// Profiles one ctxforge command with `node --cpu-prof` and prints where the time goes: top
// functions by self time, and self time per package / source file (issue 7: "the profile that
// shows where the time goes").
//
// Usage: node bench/profile.mjs [--top 25] -- validate bench/out/octx-10000
//        node bench/profile.mjs --summarise FILE.cpuprofile
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');

let top = 25;
let file = null;
let cmd = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--top') top = Number(argv[++i]);
  else if (argv[i] === '--summarise') file = argv[++i];
  else if (argv[i] === '--') {
    cmd = argv.slice(i + 1);
    break;
  } else cmd.push(argv[i]);
}

if (!file) {
  const dir = join(benchDir, 'out', 'profiles');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const t0 = Date.now();
  // Profile the compiled CLI, as users run it; a high sampling rate keeps short runs meaningful.
  const p = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '500', join(root, 'bin', 'ctxforge.js'), ...cmd], { stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`ctxforge ${cmd.join(' ')}: exit ${p.status}, ${((Date.now() - t0) / 1000).toFixed(2)} s wall`);
  file = join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile')));
}

const prof = JSON.parse(readFileSync(file, 'utf8'));
// Self time per node = samples hitting it × their time deltas.
const self = new Map();
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
for (let i = 0; i < prof.samples.length; i++) {
  const id = prof.samples[i];
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (cf) => {
  if (!cf.url) return '(native/vm)';
  const u = cf.url.replace(/^file:\/\//, '');
  const nm = u.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = u.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (u.startsWith('node:')) return u;
  return relative(root, u);
};

const fnAgg = new Map();
const fileAgg = new Map();
for (const [id, us] of self) {
  const cf = byId.get(id).callFrame;
  const key = `${cf.functionName || '(anonymous)'}  ${where(cf)}${cf.url ? ':' + (cf.lineNumber + 1) : ''}`;
  fnAgg.set(key, (fnAgg.get(key) ?? 0) + us);
  const f = where(cf);
  fileAgg.set(f, (fileAgg.get(f) ?? 0) + us);
}
const pct = (us) => `${(us / 1000).toFixed(0).padStart(7)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%`;
console.log(`profile ${relative(process.cwd(), file)}: ${(total / 1e6).toFixed(2)} s sampled`);
console.log(`\ntop ${top} functions by self time:`);
for (const [k, us] of [...fnAgg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
console.log(`\nself time by package / file:`);
for (const [k, us] of [...fileAgg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
