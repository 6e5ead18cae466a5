// Runs ctxforge side by side with the tool a user would otherwise reach for, on the same generated
// inputs, alternating A B A B, and reports whole-process wall time and peak RSS (issue 7); then
// `install` of a cartridge of 1,000 skills against copying the folder by hand, and `serve` over the
// largest cartridge: index build time and search latency p50/p99 on a fixed set of 100 queries (issue 27).
// Issue 39: the link check on a generated Hugo site (route model), `outdated` over a git registry
// on 127.0.0.1, and OCI push and pull through the CLI against a docker-registry started here.
//
// Usage: node bench/run.mjs [--smoke] [--sizes 1000,10000] [--runs 3] [--diff-size 10000] [--flat 50000] [--seed 42]
//                           [--memory | --no-memory] [--memory-runs 1]
// --smoke: 200 documents, 1 run each, no warm-up, no memory case: checks that every command works
// (CI), not speed.
// --memory (default in a full run): validate / build / validate-the-build of a ~1 GiB working
// directory, for peak RSS against the 200 MB target; needs ~3 GiB in bench/out, skipped below 4 GiB free.
// Exits 1 if any command failed (wrong exit code) and 0 otherwise; it never judges timings.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync, readdirSync, statSync, mkdtempSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join, dirname, resolve, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, totalmem, tmpdir, loadavg } from 'node:os';
import { generateAll, generateSkillsCartridge, MEMORY_DEFAULTS } from './generate.mjs';
import { curlPullArgv, curlPushArgv, startRegistry } from './oci-registry.mjs';
import { createPrivateKey, createPublicKey } from 'node:crypto';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(benchDir, '..');
const outDir = join(benchDir, 'out');
const cli = join(root, 'bin', 'ctxforge.js');
const TIME = '/usr/bin/time';

// ---------- arguments ----------

const opts = { smoke: false, sizes: null, runs: null, diffSize: null, flat: null, seed: 42, memory: null, memoryRuns: 1 };
for (let i = 2; i < process.argv.length; i++) {
  const a = process.argv[i];
  if (a === '--smoke') opts.smoke = true;
  else if (a === '--sizes') opts.sizes = process.argv[++i].split(',').map(Number);
  else if (a === '--runs') opts.runs = Number(process.argv[++i]);
  else if (a === '--diff-size') opts.diffSize = Number(process.argv[++i]);
  else if (a === '--flat') opts.flat = Number(process.argv[++i]);
  else if (a === '--seed') opts.seed = Number(process.argv[++i]);
  else if (a === '--memory') opts.memory = true;
  else if (a === '--no-memory') opts.memory = false;
  else if (a === '--memory-runs') opts.memoryRuns = Number(process.argv[++i]);
  else {
    console.error(`unknown argument ${a}`);
    process.exit(2);
  }
}
opts.sizes ??= opts.smoke ? [200] : [1000, 10000, 50000];
opts.runs ??= opts.smoke ? 1 : 3;
opts.diffSize ??= opts.smoke ? 200 : 10000;
// The no-records shape of issue 28 (0 leaves it out).
opts.flat ??= opts.smoke ? 200 : 50000;
// The smoke run is CI's quick check; ~3 GiB of I/O has no place there, even when asked for.
if (opts.smoke && opts.memory) console.error('note: --memory is ignored with --smoke');
opts.memory = opts.smoke ? false : opts.memory ?? true;
const warmup = !opts.smoke;

// Targets from issue 7 (ratio ctxforge / peer, judged on the 50k cases). Reported, never asserted.
const TARGETS = {
  build: 1.0, 'validate .octx': 2.0, 'validate dir': 1.0, 'ctxpkg verify': 2.0,
  // Issue 39's table (round three), on the no-records shape; issue 28's goals before it were looser.
  'no-records: build': 1.3, 'no-records: validate .octx': 1.5, 'no-records: validate dir': 1.5, 'no-records: validate --links error': 1.1,
  'no-records: sync': 1.5, 'no-records: sync again': 0.5, 'no-records: diff': 0.1,
  // Issue 39 ("Keep it honest"): the link check on a generated site, outdated, OCI push and pull.
  'site (hugo): validate --links error': 1.1, outdated: 1.5, 'oci push': 1.5, 'oci pull': 1.5,
};
// Issue 7: validating or building a 1 GiB package keeps peak RSS ≤ 200 MB. Reported, never asserted.
const MEMORY_TARGET_KIB = 200 * 1024;
// Room for the input (~1 GiB), the built .octx and zip's copy (~1 GiB each), with slack.
const MEMORY_MIN_FREE = 4 * 2 ** 30;

// ---------- measuring ----------

const haveTime = existsSync(TIME);
if (!haveTime) console.error(`warning: ${TIME} is missing (apt-get install -y time); peak RSS is not reported`);
if (!existsSync(join(root, 'lib', 'cli', 'main.js'))) {
  console.error('warning: lib/ is not built, so ctxforge runs from source through tsx (slower start-up); run `npm run build` first');
}

/** Runs argv once; wall time from hrtime around the whole process, peak RSS from GNU time -v. */
function measure(argv, cwd, expectCode = 0, env = undefined) {
  const full = haveTime ? [TIME, '-v', ...argv] : argv;
  const t0 = process.hrtime.bigint();
  const p = spawnSync(full[0], full.slice(1), { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const err = p.stderr ? p.stderr.toString() : '';
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  const ok = p.status === expectCode;
  return {
    ms,
    rssKiB: rss ? Number(rss[1]) : null,
    code: p.status,
    ok,
    // Keep the tool's own stderr (minus time's report) for the failure message.
    stderr: ok ? undefined : err.replace(/\n\tCommand being timed:[\s\S]*$/, '').slice(-2000),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const summary = (samples) => ({
  median_ms: median(samples.map((s) => s.ms)),
  min_ms: Math.min(...samples.map((s) => s.ms)),
  max_ms: Math.max(...samples.map((s) => s.ms)),
  rss_median_kib: samples.every((s) => s.rssKiB != null) ? median(samples.map((s) => s.rssKiB)) : null,
  rss_max_kib: samples.every((s) => s.rssKiB != null) ? Math.max(...samples.map((s) => s.rssKiB)) : null,
});

const failures = [];

/**
 * One case: `a` (ctxforge) and `b` (peer) are {argv, cwd, before?}; `before` runs untimed ahead of
 * each sample (e.g. removing the previous output, so every build starts from the same state).
 */
function runCase(name, size, a, b, extra = {}, { runs = opts.runs, warm = warmup } = {}) {
  const samples = { ctxforge: [], peer: [] };
  const one = (side, spec) => {
    spec.before?.();
    const s = measure(spec.argv, spec.cwd, spec.expect ?? 0, spec.env);
    if (!s.ok) failures.push({ case: name, size, side, argv: spec.argv, code: s.code, stderr: s.stderr });
    return s;
  };
  if (warm) {
    // Untimed first pass: fills the page cache for both sides alike, so neither pays cold reads.
    one('ctxforge', a);
    one('peer', b);
  }
  for (let i = 0; i < runs; i++) {
    samples.ctxforge.push(one('ctxforge', a));
    samples.peer.push(one('peer', b));
  }
  const res = {
    case: name,
    size,
    ctxforge: { argv: a.argv, ...summary(samples.ctxforge), samples: samples.ctxforge },
    peer: { argv: b.argv, ...summary(samples.peer), samples: samples.peer },
    ...extra,
  };
  res.ratio = res.ctxforge.median_ms / res.peer.median_ms;
  res.target_ratio = TARGETS[name] ?? null;
  // Cost per document: flat (or falling, as start-up amortises) across sizes means linear growth.
  res.us_per_doc = extra.memory || extra.pathological ? null : (res.ctxforge.median_ms * 1000) / size;
  res.ok = [...samples.ctxforge, ...samples.peer].every((s) => s.ok);
  process.stderr.write(`  ${name} ${size}: ctxforge ${res.ctxforge.median_ms.toFixed(0)} ms, peer ${res.peer.median_ms.toFixed(0)} ms${res.ok ? '' : '  FAILED'}\n`);
  return res;
}

/** Untimed setup step (building the artifact a case then reads); a failure is a harness failure. */
function setup(what, argv, cwd, env = undefined, { quiet = false } = {}) {
  const t0 = Date.now();
  const p = spawnSync(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
  if (p.status !== 0) {
    failures.push({ case: `setup: ${what}`, argv, code: p.status, stderr: p.stderr.toString().slice(-2000) });
    return null;
  }
  if (!quiet) process.stderr.write(`  setup ${what}: ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  return p.stdout.toString();
}

function treeStats(dir) {
  let files = 0;
  let bytes = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        files++;
        bytes += statSync(p).size;
      }
    }
  };
  walk(dir);
  return { files, bytes };
}

/** Does `ctxforge init <format>` produce something ctxforge itself validates? Decides ctxpkg/acx cases. */
function formatWorks(format) {
  const d = mkdtempSync(join(tmpdir(), `ctxforge-bench-init-${format}-`));
  try {
    const init = spawnSync(process.execPath, [cli, 'init', format, join(d, 'src')], { stdio: 'ignore' });
    if (init.status !== 0) return `init ${format} exited ${init.status}`;
    const v = spawnSync(process.execPath, [cli, 'validate', join(d, 'src')], { stdio: 'ignore' });
    if (v.status !== 0) return `validate of init ${format} exited ${v.status}`;
    return null;
  } finally {
    rmSync(d, { recursive: true, force: true });
  }
}

// ---------- cases ----------

// Fixed epoch and signing seed: builds are reproducible and identical across runs and machines.
const EPOCH = '1767225600';
const SIGN_SEED = '42'.repeat(32);
const node = process.execPath;

// Load average at start and end: other processes on the machine make the timings noisy.
const loadStart = loadavg();
const t0 = Date.now();
/** Free bytes on the file system holding `dir`, from POSIX `df -Pk` (null if df is unavailable). */
function freeBytes(dir) {
  try {
    const out = execFileSync('df', ['-Pk', dir], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim().split('\n');
    return Number(out[out.length - 1].split(/\s+/)[3]) * 1024;
  } catch {
    return null;
  }
}
let memorySkip = null;
if (opts.memory) {
  mkdirSync(outDir, { recursive: true });
  const free = freeBytes(outDir);
  if (free == null) memorySkip = 'cannot read free disk space (df failed)';
  else if (free < MEMORY_MIN_FREE) memorySkip = `only ${(free / 2 ** 30).toFixed(1)} GiB free in ${relative(root, outDir)}/, the memory case needs ≥ ${MEMORY_MIN_FREE / 2 ** 30} GiB`;
  if (memorySkip) process.stderr.write(`skipping the memory case: ${memorySkip}\n`);
} else {
  memorySkip = opts.smoke ? 'smoke run' : '--no-memory';
}
process.stderr.write(`generating inputs (sizes ${opts.sizes.join(', ')}; diff ${opts.diffSize}; no-records ${opts.flat}) under ${relative(root, outDir)}/\n`);
const inputs = generateAll({ sizes: opts.sizes, diffSize: opts.diffSize, flat: opts.flat, memory: memorySkip ? false : MEMORY_DEFAULTS, seed: opts.seed, out: outDir });
const generateSeconds = (Date.now() - t0) / 1000;

const skipped = [];
const skipCtxpkg = formatWorks('ctxpkg');
const skipAcx = formatWorks('acx');
if (skipCtxpkg) skipped.push({ case: 'ctxpkg verify', reason: skipCtxpkg });
if (skipAcx) skipped.push({ case: 'acx verify', reason: skipAcx });
if (memorySkip && opts.memory) skipped.push({ case: 'memory', reason: memorySkip });

const results = [];
const acxArtifacts = {};
const work = join(outDir, 'artifacts');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

for (const n of opts.sizes) {
  const wd = inputs.octx[n];
  const st = treeStats(wd);
  const info = { files: st.files, bytes: st.bytes };
  process.stderr.write(`size ${n}: ${st.files} files, ${(st.bytes / 1048576).toFixed(1)} MiB\n`);

  // build: ctxforge also validates before publishing; zip -0 only stores. Same tree, fresh output each run.
  const buildOut = join(work, `build-${n}`);
  const zipOut = join(work, `zip-${n}.zip`);
  results.push(runCase('build', n,
    { argv: [node, cli, 'build', wd, '--out', buildOut, '--source-date-epoch', EPOCH], before: () => rmSync(buildOut, { recursive: true, force: true }) },
    { argv: ['zip', '-0', '-X', '-r', '-q', zipOut, '.'], cwd: wd, before: () => rmSync(zipOut, { force: true }) },
    info));

  // validate a built .octx: the artifact of the last build run.
  const octx = existsSync(buildOut) ? readdirSync(buildOut).find((f) => f.endsWith('.octx')) : undefined;
  if (octx) {
    const file = join(buildOut, octx);
    results.push(runCase('validate .octx', n,
      { argv: [node, cli, 'validate', file] },
      { argv: ['unzip', '-tq', file] },
      { ...info, artifact_bytes: statSync(file).size }));
  } else {
    failures.push({ case: 'validate .octx', size: n, reason: 'build produced no .octx' });
  }

  // validate the working directory vs hashing every file of it.
  results.push(runCase('validate dir', n,
    { argv: [node, cli, 'validate', wd] },
    { argv: ['sh', '-c', 'find . -type f -print0 | xargs -0 sha256sum > /dev/null'], cwd: wd },
    info));

  // ctxpkg validate + verify of a signed package vs JSON.parse + SHA-256 of the same file.
  if (!skipCtxpkg) {
    const src = inputs.ctxpkg[n];
    const out = join(work, `ctxpkg-${n}`);
    const json = setup(`ctxpkg build ${n}`, [node, cli, 'build', src, '--out', out, '--source-date-epoch', EPOCH, '--key', SIGN_SEED, '--json']);
    if (json) {
      const file = JSON.parse(json).artifacts[0].path;
      const floor = `const b=require('fs').readFileSync(process.argv[1]);JSON.parse(b);require('crypto').createHash('sha256').update(b).digest('hex')`;
      results.push(runCase('ctxpkg verify', n,
        { argv: [node, cli, 'verify', file] },
        { argv: [node, '-e', floor, file] },
        { nodes: 2 * n, edges: 6 * n, artifact_bytes: statSync(file).size }));
    }
  }

  // cartridge verify of a signed .acx vs listing its sqlar with sqlite3 and hashing the file.
  if (!skipAcx) {
    const src = inputs.acx[n];
    const out = join(work, `acx-${n}`);
    const json = setup(`acx build ${n}`, [node, cli, 'build', src, '--out', out, '--source-date-epoch', EPOCH, '--key', SIGN_SEED, '--json']);
    if (json) {
      // The build itself, into a fresh folder each run, against sqlite3 packing the same tree into
      // an sqlar archive (`-Ac`, which also deflates each file where that makes it smaller).
      const again = join(work, `acx-build-${n}`);
      const peerOut = join(work, `acx-build-${n}.sqlar`);
      results.push(runCase('acx build', n,
        { argv: [node, cli, 'build', src, '--out', again, '--source-date-epoch', EPOCH, '--key', SIGN_SEED], before: () => rmSync(again, { recursive: true, force: true }) },
        { argv: ['sh', '-c', 'cd "$2" && sqlite3 "$1" -Ac .', 'sh', peerOut, src], before: () => rmSync(peerOut, { force: true }) },
        { knowledge_files: n }));
      rmSync(again, { recursive: true, force: true });
      rmSync(peerOut, { force: true });
      const file = JSON.parse(json).artifacts[0].path;
      acxArtifacts[n] = file;
      results.push(runCase('acx verify', n,
        { argv: [node, cli, 'verify', file] },
        { argv: ['sh', '-c', 'sqlite3 "$1" -Atv > /dev/null && sha256sum "$1" > /dev/null', 'sh', file] },
        { knowledge_files: n, artifact_bytes: statSync(file).size }));
    }
  }
}

// diff of two tags (1% of documents changed, 30% of those moved) vs git's own name-status diff.
if (inputs.git) {
  const changed = JSON.parse(readFileSync(join(inputs.git, '.git', 'bench-changed.json'), 'utf8')).changed;
  results.push(runCase('diff', opts.diffSize,
    { argv: [node, cli, 'diff', 'v1.0.0:.', 'v1.1.0:.'], cwd: inputs.git },
    { argv: ['git', 'diff', '--name-status', 'v1.0.0', 'v1.1.0'], cwd: inputs.git },
    { changed_documents: changed }));
}

// git in a repository the bench makes itself (the release clone, the many-tags one), with a fixed
// identity and date.
const gitIn = (cwd) => (args, input) => execFileSync('git', args, { cwd, input, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 28, env: { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@x', GIT_AUTHOR_DATE: '1767225600 +0000', GIT_COMMITTER_DATE: '1767225600 +0000' } });

// The no-records shape (issue 28): N Markdown pages of ~4 KB in 200 folders, OKF frontmatter, one
// root-absolute link each, no records — the per-document costs show here, not the bytes. The same
// pages as a docs folder (no ids) for sync, once more with every tenth page moved and edited (the
// move detection), and as a git repository with two tags, 1% of the pages edited, for diff.
if (inputs.flat) {
  const f = inputs.flat;
  const n = f.n;
  const st = treeStats(f.octx);
  const info = { flat: true, files: st.files, bytes: st.bytes };
  process.stderr.write(`no-records ${n}: ${st.files} files, ${(st.bytes / 1048576).toFixed(1)} MiB\n`);
  const buildOut = join(work, `flat-build-${n}`);
  const zipOut = join(work, `flat-zip-${n}.zip`);
  results.push(runCase('no-records: build', n,
    { argv: [node, cli, 'build', f.octx, '--out', buildOut, '--source-date-epoch', EPOCH], before: () => rmSync(buildOut, { recursive: true, force: true }) },
    { argv: ['zip', '-0', '-X', '-r', '-q', zipOut, '.'], cwd: f.octx, before: () => rmSync(zipOut, { force: true }) },
    info));
  // The same pages committed in a git repository (the diff's input, checked out clean): what a user
  // builds, and where build asks git what is uncommitted for its reproducibility warning.
  const committedOut = join(work, `flat-build-committed-${n}`);
  results.push(runCase('no-records: build, committed tree', n,
    { argv: [node, cli, 'build', f.git, '--out', committedOut, '--source-date-epoch', EPOCH], before: () => rmSync(committedOut, { recursive: true, force: true }) },
    { argv: ['zip', '-0', '-X', '-r', '-q', zipOut, '.', '-x', '.git/*'], cwd: f.git, before: () => rmSync(zipOut, { force: true }) },
    info));
  rmSync(committedOut, { recursive: true, force: true });
  rmSync(zipOut, { force: true });
  const octx = existsSync(buildOut) ? readdirSync(buildOut).find((x) => x.endsWith('.octx')) : undefined;
  if (octx) {
    const file = join(buildOut, octx);
    results.push(runCase('no-records: validate .octx', n,
      { argv: [node, cli, 'validate', file] },
      { argv: ['unzip', '-tq', file] },
      { ...info, artifact_bytes: statSync(file).size }));
  } else {
    failures.push({ case: 'no-records: validate .octx', size: n, reason: 'build produced no .octx' });
  }
  results.push(runCase('no-records: validate dir', n,
    { argv: [node, cli, 'validate', f.octx] },
    { argv: ['sh', '-c', 'find . -type f -print0 | xargs -0 sha256sum > /dev/null'], cwd: f.octx },
    info));
  // The link check against validate without it: the peer is ctxforge itself.
  results.push(runCase('no-records: validate --links error', n,
    { argv: [node, cli, 'validate', f.octx, '--links', 'error'] },
    { argv: [node, cli, 'validate', f.octx] },
    info));
  // The same check on a generated site (issue 39): the pages as a Hugo site, synced (untimed) into
  // an OCTX tree that records the generator, so every link — pretty URLs, slugs, aliases, heading
  // anchors — is resolved through the route model, none by file name. Peer: validate without it.
  const hugoTree = join(work, `flat-hugo-synced-${n}`);
  if (setup(`sync of the Hugo site ${n}`, [node, cli, 'sync', join(f.hugo, 'content'), hugoTree])) {
    results.push(runCase('site (hugo): validate --links error', n,
      { argv: [node, cli, 'validate', hugoTree, '--links', 'error'] },
      { argv: [node, cli, 'validate', hugoTree] },
      { ...info, generator: 'hugo' }));
  }
  // sync into a new tree against copying the folder and hashing every file of the copy.
  const synced = join(work, `flat-synced-${n}`);
  const copied = join(work, `flat-copied-${n}`);
  const copyAndHash = (from) => ['sh', '-c', 'cp -r "$1" "$2" && find "$2" -type f -print0 | xargs -0 sha256sum > /dev/null', 'sh', from, copied];
  const noCopy = () => rmSync(copied, { recursive: true, force: true });
  results.push(runCase('no-records: sync', n,
    { argv: [node, cli, 'sync', f.docs, synced], before: () => rmSync(synced, { recursive: true, force: true }) },
    { argv: copyAndHash(f.docs), before: noCopy },
    info));
  // Again, nothing changed: decided from this machine's stat cache, no page opened (issue 39).
  results.push(runCase('no-records: sync again', n,
    { argv: [node, cli, 'sync', f.docs, synced] },
    { argv: copyAndHash(f.docs), before: noCopy },
    info));
  // The same without the cache: the full path, which every sync that finds a change still takes.
  results.push(runCase('no-records: sync again --no-cache', n,
    { argv: [node, cli, 'sync', f.docs, synced, '--no-cache'] },
    { argv: copyAndHash(f.docs), before: noCopy },
    info));
  // A reorganised docs folder: every tenth page moved to another folder and edited, found again by
  // similarity. Each run starts from the tree the first sync wrote.
  const movedTarget = join(work, `flat-moved-${n}`);
  const fromSynced = () => { rmSync(movedTarget, { recursive: true, force: true }); execFileSync('cp', ['-r', synced, movedTarget]); };
  results.push(runCase('no-records: sync moved and edited', n,
    { argv: [node, cli, 'sync', f.moved, movedTarget], before: fromSynced },
    { argv: copyAndHash(f.moved), before: noCopy },
    { ...info, moved_pages: f.movedPages }));
  rmSync(movedTarget, { recursive: true, force: true });
  noCopy();
  // diff of two tags (1% of the pages edited) against validating the tree at one of them.
  const changed = JSON.parse(readFileSync(join(f.git, '.git', 'bench-changed.json'), 'utf8')).changed;
  results.push(runCase('no-records: diff', n,
    { argv: [node, cli, 'diff', 'v1.0.0:.', 'v1.1.0:.'], cwd: f.git },
    { argv: [node, cli, 'validate', '.'], cwd: f.git },
    { ...info, changed_documents: changed }));
  // The Action's two jobs on the same change: the pull-request check (validate with the link check,
  // the ID map, the diff against the base, the lock gate) against validate alone; and the release of
  // the next version (validate, build, provenance, checksums, the notes' diff against the previous
  // tag) against build alone — in a clone whose v1.1.0 declares 1.1.0, as a release's tag must.
  results.push(runCase('no-records: check of a pull request', n,
    { argv: [node, cli, 'check', '--base', 'v1.0.0', '--fail-on', 'none'], cwd: f.git },
    { argv: [node, cli, 'validate', '.'], cwd: f.git },
    { ...info, changed_documents: changed }));
  const relRepo = join(work, `release-repo-${n}`);
  rmSync(relRepo, { recursive: true, force: true });
  const rg = gitIn(relRepo);
  execFileSync('git', ['clone', '-q', f.git, relRepo]);
  rg(['checkout', '-q', 'v1.1.0']);
  rg(['tag', '-d', 'v1.1.0']);
  const relManifest = join(relRepo, 'manifest.json');
  const relText = readFileSync(relManifest, 'utf8');
  if (!relText.includes('"version": "1.0.0"')) throw new Error(`${relManifest}: no "version": "1.0.0" to bump`);
  writeFileSync(relManifest, relText.replace('"version": "1.0.0"', '"version": "1.1.0"'));
  rg(['-c', 'commit.gpgsign=false', 'commit', '-q', '-am', '1.1.0']);
  rg(['tag', 'v1.1.0']);
  const relOut = join(work, `release-out-${n}`);
  const relBuilt = join(work, `release-build-${n}`);
  results.push(runCase('no-records: release --dry-run', n,
    { argv: [node, cli, 'release', '--dry-run', '--tag', 'v1.1.0', '--out', relOut], cwd: relRepo, before: () => rmSync(relOut, { recursive: true, force: true }) },
    { argv: [node, cli, 'build', '.', '--out', relBuilt, '--source-date-epoch', EPOCH], cwd: relRepo, before: () => rmSync(relBuilt, { recursive: true, force: true }) },
    { ...info, changed_documents: changed }));
  for (const d of [relRepo, relOut, relBuilt]) rmSync(d, { recursive: true, force: true });
}

// Many tags (issue 16 §7): a package in a repository with 16,000 annotated release tags, packed as
// `git gc` leaves them. ctxforge's diff against the previous release lists the tags and picks the
// predecessor; the peer is git's own listing of them. Before packed-refs was read once, this was
// quadratic in the number of tags.
{
  const nTags = opts.smoke ? 500 : 16000;
  const repo = join(outDir, 'tags-repo');
  rmSync(repo, { recursive: true, force: true });
  mkdirSync(repo, { recursive: true });
  const g = gitIn(repo);
  g(['init', '-q', '-b', 'main']);
  execFileSync('cp', ['-r', join(root, 'working-dir-example', 'octx'), join(repo, 'kb')]);
  g(['add', '-A']);
  g(['commit', '-qm', 'kb']);
  const head = g(['rev-parse', 'HEAD']).toString().trim();
  let stream = '';
  for (let i = 0; i < nTags; i++) stream += `tag v0.${Math.floor(i / 100)}.${i % 100}\nfrom ${head}\ntagger b <b@x> 1767225600 +0000\ndata 4\ntag\n\n`;
  g(['fast-import', '--quiet'], stream);
  g(['pack-refs', '--all']);
  results.push(runCase('tags: diff with previous release', nTags,
    { argv: [node, cli, 'diff', 'kb', '--json'], cwd: repo },
    { argv: ['git', 'for-each-ref', '--sort=-v:refname', '--count=1', 'refs/tags'], cwd: repo },
    { tags: nTags }));
}

// Pathological content (issue 24): documents whose one line is megabytes of `[`, `(`, backticks,
// backslashes, `[a](` or `a-` — what makes a backtracking scanner quadratic. `validate` (front-
// matter, links, headings, secrets on the way) and `sync` (reading, link rewriting) must stay linear
// in the bytes: the one-pass tests count steps (test/helpers/steps.ts); this case shows the time.
// The smoke run uses 16 KiB lines, which even a quadratic scanner gets through.
{
  const lineBytes = opts.smoke ? 16 * 1024 : 4 * 1024 * 1024;
  const families = { brackets: '[', parens: '(', backticks: '`', backslashes: '\\', 'open-links': '[a](', 'angle-links': '![x](<', dashes: 'a-' };
  const base = join(outDir, 'pathological');
  rmSync(base, { recursive: true, force: true });
  const wd = join(base, 'octx');
  const up = join(base, 'upstream');
  mkdirSync(join(wd, 'knowledge'), { recursive: true });
  mkdirSync(up, { recursive: true });
  writeFileSync(join(wd, 'manifest.json'), `${JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019c0000-0000-7000-8000-00000000b001', name: 'Pathological' }, release: { version: '1.0.0' } }, null, 2)}\n`);
  let i = 0;
  for (const [name, unit] of Object.entries(families)) {
    const line = unit.repeat(Math.ceil(lineBytes / unit.length)).slice(0, lineBytes);
    const id = `019c0000-0000-7000-8000-${(0xb100 + i++).toString(16).padStart(12, '0')}`;
    writeFileSync(join(wd, 'knowledge', `${name}.md`), `---\ntype: Reference\ntitle: ${name}\noctx:\n  document_id: ${id}\n---\n\n# ${name}\n\n${line}\n`);
    writeFileSync(join(up, `${name}.md`), `# ${name}\n\n${line}\n`);
  }
  const mib = Number(((lineBytes * Object.keys(families).length) / 2 ** 20).toFixed(2));
  const info = { pathological: true, line_bytes: lineBytes, families: Object.keys(families) };
  const synced = join(base, 'synced');
  const copied = join(base, 'copied');
  results.push(runCase('pathological lines: validate', mib,
    { argv: [node, cli, 'validate', wd] },
    { argv: ['sh', '-c', 'cat knowledge/*.md | wc -l > /dev/null'], cwd: wd },
    info));
  results.push(runCase('pathological lines: sync', mib,
    { argv: [node, cli, 'sync', up, synced], before: () => rmSync(synced, { recursive: true, force: true }) },
    { argv: ['cp', '-r', up, copied], before: () => rmSync(copied, { recursive: true, force: true }) },
    info));
}

// install and serve (issue 27). Never skipped: a command that cannot read a cartridge is a failure.
const SIGN_PUB = createPublicKey(createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(SIGN_SEED, 'hex')]), format: 'der', type: 'pkcs8' }))
  .export({ type: 'spki', format: 'der' }).subarray(12).toString('hex');
let serveReport = null;
if (skipAcx) failures.push({ case: 'install skills, serve search', reason: `no cartridge to install or serve: ${skipAcx}` });
else {
  // A signed cartridge of many skills installed into a fresh project, against copying the same skills folder by hand.
  const nSkills = opts.smoke ? 20 : 1000;
  const src = generateSkillsCartridge(outDir, nSkills, opts.seed).dir;
  const json = setup(`skills cartridge build ${nSkills}`, [node, cli, 'build', src, '--out', join(work, 'skills-acx'), '--source-date-epoch', EPOCH, '--key', SIGN_SEED, '--json']);
  if (json) {
    const file = JSON.parse(json).artifacts[0].path;
    const proj = join(work, 'install-project');
    const peer = join(work, 'install-peer');
    const fresh = (d) => () => { rmSync(d, { recursive: true, force: true }); mkdirSync(d, { recursive: true }); };
    // A project of its own: install writes at the top of the git work tree around it, which would
    // otherwise be this repository.
    const freshProject = () => { fresh(proj)(); execFileSync('git', ['init', '-q', proj]); };
    freshProject();
    const probe = spawnSync(node, [cli, 'install', file, '--key', SIGN_PUB, '--dry-run'], { cwd: proj, stdio: ['ignore', 'pipe', 'pipe'] });
    if (probe.status !== 0) failures.push({ case: 'install skills (dry run)', size: nSkills, argv: ['install', file, '--dry-run'], code: probe.status, stderr: probe.stderr.toString().slice(-2000) });
    results.push(runCase('install skills', nSkills,
      { argv: [node, cli, 'install', file, '--key', SIGN_PUB, '--host', 'agents'], cwd: proj, before: freshProject },
      { argv: ['cp', '-r', join(src, 'skills'), join(peer, 'skills')], cwd: peer, before: fresh(peer) },
      { skills: nSkills, artifact_bytes: statSync(file).size }));
  }
  // serve: search latency (p50/p99 over a fixed set of 100 queries) and index build time on the largest cartridge.
  const biggest = Math.max(...opts.sizes);
  const file = acxArtifacts[biggest];
  if (file) {
    const t = Date.now();
    const p = spawnSync(node, [join(benchDir, 'serve-search.mjs'), file, '--key', SIGN_PUB, '--queries', '100', '--seed', String(opts.seed)], { stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 26 });
    if (p.status === 0) {
      serveReport = { package: `acx-${biggest}`, documents: biggest, ...JSON.parse(p.stdout.toString()) };
      process.stderr.write(`  serve ${biggest}: index build ${serveReport.index_build_ms?.toFixed(0)} ms, search p50 ${serveReport.search_p50_ms.toFixed(1)} ms, p99 ${serveReport.search_p99_ms.toFixed(1)} ms (${((Date.now() - t) / 1000).toFixed(1)} s)\n`);
    } else {
      failures.push({ case: 'serve search', size: biggest, argv: ['serve-search.mjs', file], code: p.status, stderr: p.stderr.toString().slice(-2000) });
    }
  }
}

// OCI push and pull through the CLI (issue 39), against a docker-registry started here on
// 127.0.0.1. push: the signed cartridge of the largest size (layer, config, manifest, its DSSE
// referrer) to a fresh repository each run, against curl uploading the same layer blob (POST +
// PUT). pull: with the pinned key (downloaded, digest-checked, verified, written), against curl
// downloading the layer blob. The client alone at the blob level: bench/oci-transfer.mjs.
{
  const size = Math.max(...opts.sizes);
  const file = acxArtifacts[size];
  let reg = null;
  try {
    if (!file) throw new Error(skipAcx ? `no cartridge to push: ${skipAcx}` : 'no cartridge was built');
    reg = await startRegistry();
    const { host } = reg;
    // Anonymous: never the user's registry credentials.
    const env = { ...process.env, DOCKER_CONFIG: join(work, 'no-docker-config') };
    const digest = `sha256:${execFileSync('sha256sum', [file]).toString().split(' ')[0]}`;
    const info = { single: true, documents: size, artifact_bytes: statSync(file).size };
    let k = 0;
    const push = { argv: [node, cli, 'push', file, ''], env, before: () => { push.argv[4] = `oci://${host}/bench/push-${++k}:1.0.0`; } };
    const curlPush = { argv: curlPushArgv(host, '', file, digest), before: () => { curlPush.argv[5] = `bench/curl-${++k}`; } };
    results.push(runCase('oci push', size, push, curlPush, info));
    const ref = `oci://${host}/bench/pull:1.0.0`;
    if (setup('oci push for the pull', [node, cli, 'push', file, ref], undefined, env)) {
      const pulled = join(work, 'oci-pulled');
      const curled = join(work, 'oci-curl-pulled');
      results.push(runCase('oci pull', size,
        { argv: [node, cli, 'pull', ref, '--out', pulled, '--key', SIGN_PUB], env, before: () => rmSync(pulled, { recursive: true, force: true }) },
        { argv: curlPullArgv(host, 'bench/pull', digest, curled), before: () => rmSync(curled, { force: true }) },
        info));
    }
  } catch (e) {
    failures.push({ case: 'oci push, oci pull', reason: e.message });
  } finally {
    reg?.stop();
  }
}

// outdated (issue 39) over a git registry served by git's smart HTTP on 127.0.0.1 (bench/git-http.mjs):
// a project that installed N signed cartridges by range (`~1.0`) from a registry holding three
// versions of each, against the floor of reading that registry's versions: a shallow bare clone and
// the list of its coordinates (ls-tree). One clone gives every package's versions. The server allows
// partial clone, as GitHub and GitLab do (outdated asks for the tree without the artifacts); the
// second row serves the same registry as git's own default does, without it.
{
  // The smoke run keeps its setup to six CLI processes (one package, two versions).
  const nPkgs = opts.smoke ? 1 : 20;
  const versions = opts.smoke ? ['1.0.0', '1.1.0'] : ['1.0.0', '1.1.0', '2.0.0'];
  const base = join(work, 'outdated');
  const tpl = join(base, 'template');
  const regWork = join(base, 'registry-work');
  const served = join(base, 'served');
  const quiet = { quiet: true };
  const servers = [];
  const serve = async (...flags) => {
    const server = spawn(node, [join(benchDir, 'git-http.mjs'), served, ...flags], { stdio: ['ignore', 'pipe', 'ignore'] });
    servers.push(server);
    const port = await new Promise((res, rej) => {
      server.on('error', rej);
      server.on('exit', (c) => rej(new Error(`git-http.mjs exited ${c}`)));
      createInterface({ input: server.stdout }).once('line', (l) => res(Number(l.split(' ')[1])));
    });
    return `http://127.0.0.1:${port}/registry.git`;
  };
  try {
    mkdirSync(base, { recursive: true });
    if (!setup('init acx (outdated)', [node, cli, 'init', 'acx', tpl], undefined, undefined, quiet)) throw new Error('init acx failed');
    rmSync(join(tpl, 'memory'), { recursive: true, force: true });
    execFileSync('git', ['init', '-q', '-b', 'main', regWork]);
    const yaml = readFileSync(join(tpl, 'cartridge.yaml'), 'utf8');
    const t = Date.now();
    for (let p = 1; p <= nPkgs; p++) {
      for (const v of versions) {
        const src = join(base, `src-${p}-${v}`);
        cpSync(tpl, src, { recursive: true });
        // A skill folder of its own per package: two packages may not install the same folder.
        execFileSync('mv', [join(src, 'skills', 'hello-world'), join(src, 'skills', `bench-${p}`)]);
        writeFileSync(join(src, 'skills', `bench-${p}`, 'SKILL.md'), readFileSync(join(src, 'skills', `bench-${p}`, 'SKILL.md'), 'utf8').replace(/^name: .*$/m, `name: bench-${p}`));
        writeFileSync(join(src, 'cartridge.yaml'), yaml.replace(/^artifact: .*$/m, `artifact: bench-${p}`).replace(/^version: .*$/m, `version: ${v}`)
          .replace(/^uuid: .*$/m, `uuid: 8d5fb6c9-e4e8-41d1-8e84-${String(p).padStart(12, '0')}`));
        const json = setup(`build bench-${p} ${v}`, [node, cli, 'build', src, '--out', join(base, 'dist'), '--source-date-epoch', EPOCH, '--key', SIGN_SEED, '--json'], undefined, undefined, quiet);
        if (!json) throw new Error(`build of bench-${p} ${v} failed`);
        if (!setup(`registry add bench-${p} ${v}`, [node, cli, 'registry', 'add', JSON.parse(json).artifacts[0].path, '--registry', regWork], undefined, undefined, quiet)) throw new Error('registry add failed');
      }
    }
    const g = (args, cwd) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@x', '-c', 'commit.gpgsign=false', ...args], { cwd, stdio: 'ignore' });
    g(['add', '-A'], regWork);
    g(['commit', '-q', '-m', 'registry'], regWork);
    g(['clone', '-q', '--bare', regWork, join(served, 'registry.git')], base);
    const url = await serve();
    const proj = join(base, 'project');
    mkdirSync(proj, { recursive: true });
    execFileSync('git', ['init', '-q', proj]);
    for (let p = 1; p <= nPkgs; p++) {
      if (!setup(`install bench-${p}`, [node, cli, 'install', `io.github.example/bench-${p}@~1.0`, '--registry', url, '--key', SIGN_PUB], proj, undefined, quiet)) throw new Error(`install of bench-${p} failed`);
    }
    process.stderr.write(`  setup outdated: ${nPkgs} package${nPkgs === 1 ? "" : "s"} × ${versions.length} versions built, added, installed in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
    const clone = join(base, 'peer-clone');
    const peerOf = (u) => ({ argv: ['sh', '-c', 'git clone -q --bare --depth 1 --no-tags "$1" "$2" && git -C "$2" ls-tree -r --name-only HEAD > /dev/null', 'sh', u, clone], before: () => rmSync(clone, { recursive: true, force: true }) });
    results.push(runCase('outdated', nPkgs,
      { argv: [node, cli, 'outdated'], cwd: proj },
      peerOf(url),
      { single: true, packages: nPkgs, versions_each: versions.length }));
    // The same project and registry, the lock naming the server without partial clone.
    const plainUrl = await serve('--no-filter');
    const plainProj = join(base, 'project-no-filter');
    cpSync(proj, plainProj, { recursive: true });
    writeFileSync(join(plainProj, 'ctxforge.lock'), readFileSync(join(plainProj, 'ctxforge.lock'), 'utf8').replaceAll(url, plainUrl));
    results.push(runCase('outdated, server without partial clone', nPkgs,
      { argv: [node, cli, 'outdated'], cwd: plainProj },
      peerOf(plainUrl),
      { single: true, packages: nPkgs, versions_each: versions.length }));
  } catch (e) {
    failures.push({ case: 'outdated', reason: e.message });
  } finally {
    for (const server of servers) server.kill();
  }
}

// Memory: a ~1 GiB working directory (documents, records, vectors, large extension blobs), where
// anything that holds whole files or the whole package shows up in peak RSS. Each side runs
// `--memory-runs` times without warm-up: RSS barely varies, and the input was just read or written.
let memoryInfo = null;
if (inputs.memory) {
  const wd = inputs.memory;
  const st = treeStats(wd);
  memoryInfo = { dir: relative(root, wd), documents: MEMORY_DEFAULTS.docs, files: st.files, bytes: st.bytes };
  process.stderr.write(`memory case: ${st.files} files, ${(st.bytes / 2 ** 30).toFixed(2)} GiB\n`);
  const info = { memory: true, files: st.files, bytes: st.bytes };
  const mopts = { runs: opts.memoryRuns, warm: false };
  const buildOut = join(work, 'mem-build');
  const zipOut = join(work, 'mem-zip.zip');
  results.push(runCase('memory: validate dir', MEMORY_DEFAULTS.docs,
    { argv: [node, cli, 'validate', wd] },
    { argv: ['sh', '-c', 'find . -type f -print0 | xargs -0 sha256sum > /dev/null'], cwd: wd },
    info, mopts));
  results.push(runCase('memory: build', MEMORY_DEFAULTS.docs,
    { argv: [node, cli, 'build', wd, '--out', buildOut, '--source-date-epoch', EPOCH], before: () => rmSync(buildOut, { recursive: true, force: true }) },
    { argv: ['zip', '-0', '-X', '-r', '-q', zipOut, '.'], cwd: wd, before: () => rmSync(zipOut, { force: true }) },
    info, mopts));
  rmSync(zipOut, { force: true }); // free its GiB before anything else reads the disk
  const octx = existsSync(buildOut) ? readdirSync(buildOut).find((f) => f.endsWith('.octx')) : undefined;
  if (octx) {
    const file = join(buildOut, octx);
    results.push(runCase('memory: validate .octx', MEMORY_DEFAULTS.docs,
      { argv: [node, cli, 'validate', file] },
      { argv: ['unzip', '-tq', file] },
      { ...info, artifact_bytes: statSync(file).size }, mopts));
  } else {
    failures.push({ case: 'memory: validate .octx', size: MEMORY_DEFAULTS.docs, reason: 'build produced no .octx' });
  }
  rmSync(buildOut, { recursive: true, force: true });
}

// ---------- report ----------

const PEER_LABELS = {
  build: 'zip -0 -X -r',
  'validate .octx': 'unzip -tq',
  'validate dir': 'find | xargs -0 sha256sum',
  'ctxpkg verify': 'node -e JSON.parse + sha256',
  'acx verify': 'sqlite3 -Atv + sha256sum',
  'acx build': 'sqlite3 -Ac (sqlar, deflated)',
  'install skills': 'cp -r skills/',
  diff: 'git diff --name-status',
  'memory: build': 'zip -0 -X -r',
  'memory: validate .octx': 'unzip -tq',
  'memory: validate dir': 'find | xargs -0 sha256sum',
  'pathological lines: validate': 'cat, wc -l',
  'pathological lines: sync': 'cp -r',
  'no-records: build': 'zip -0 -X -r',
  'no-records: build, committed tree': 'zip -0 -X -r (without .git)',
  'no-records: validate .octx': 'unzip -tq',
  'no-records: validate dir': 'find | xargs -0 sha256sum',
  'no-records: validate --links error': 'ctxforge validate',
  'site (hugo): validate --links error': 'ctxforge validate',
  outdated: 'git clone --bare --depth 1 + ls-tree',
  'outdated, server without partial clone': 'git clone --bare --depth 1 + ls-tree',
  'oci push': 'curl POST + PUT of the layer blob',
  'oci pull': 'curl GET of the layer blob',
  'no-records: sync': 'cp -r + sha256sum',
  'no-records: sync again': 'cp -r + sha256sum',
  'no-records: sync again --no-cache': 'cp -r + sha256sum',
  'no-records: sync moved and edited': 'cp -r + sha256sum',
  'no-records: diff': 'ctxforge validate (one ref)',
  'no-records: check of a pull request': 'ctxforge validate',
  'no-records: release --dry-run': 'ctxforge build',
};

const fmtMs = (s) => `${s.median_ms.toFixed(0)} (${s.min_ms.toFixed(0)}–${s.max_ms.toFixed(0)})`;
const fmtRss = (kib) => (kib == null ? 'n/a' : `${(kib / 1024).toFixed(0)} MB`);
const fmtUs = (us) => (us == null ? '' : us >= 100 ? us.toFixed(0) : us.toFixed(1));
const fmtGiB = (bytes) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;
const memPass = (r) => (r.ok && r.ctxforge.rss_max_kib != null ? r.ctxforge.rss_max_kib <= MEMORY_TARGET_KIB : null);
const rows = [['case', 'size', 'ctxforge ms median (min–max)', 'µs/doc', 'peer ms median (min–max)', 'ratio', 'target', 'ctxforge RSS', 'peer RSS', 'peer']];
for (const r of results) {
  rows.push([
    r.ok ? r.case : `${r.case} FAILED`, r.memory ? fmtGiB(r.bytes) : r.pathological ? `${r.size} MiB` : String(r.size), fmtMs(r.ctxforge), fmtUs(r.us_per_doc), fmtMs(r.peer),
    r.ratio.toFixed(2) + '×',
    r.memory ? `RSS ≤ ${MEMORY_TARGET_KIB / 1024} MB` : r.target_ratio == null ? '' : `≤ ${r.target_ratio}×`,
    fmtRss(r.ctxforge.rss_max_kib) + (r.memory ? (memPass(r) === true ? ' ok' : memPass(r) === false ? ' OVER' : '') : ''),
    fmtRss(r.peer.rss_max_kib), PEER_LABELS[r.case] ?? '',
  ]);
}
// The reason goes last, where a long text does not widen the timing columns.
for (const s of skipped) rows.push([`${s.case} SKIPPED`, '', '', '', '', '', '', '', '', s.reason]);
const printTable = (t) => {
  const widths = t[0].map((_, i) => Math.max(...t.map((r) => [...r[i]].length)));
  const line = (r) => '| ' + r.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ') + ' |';
  console.log(line(t[0]));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const r of t.slice(1)) console.log(line(r));
};
printTable(rows);

// Cost growth per case across sizes. The marginal cost (Δ time / Δ documents between neighbouring
// sizes) cancels start-up, so linear growth shows as a flat marginal column and quadratic work as
// a rising one.
const growth = [];
for (const name of [...new Set(results.filter((r) => !r.memory && !r.pathological && !r.flat && !r.single && r.case !== 'diff').map((r) => r.case))]) {
  const pts = results.filter((r) => r.case === name && !r.memory).sort((a, b) => a.size - b.size)
    .map((r) => ({ size: r.size, median_ms: r.ctxforge.median_ms, us_per_doc: r.us_per_doc, peer_us_per_doc: (r.peer.median_ms * 1000) / r.size }));
  const marginal = pts.slice(1).map((p, i) => ({ from: pts[i].size, to: p.size, us_per_doc: ((p.median_ms - pts[i].median_ms) * 1000) / (p.size - pts[i].size) }));
  growth.push({ case: name, points: pts, marginal });
}
const sizesSorted = [...opts.sizes].sort((a, b) => a - b);
// One size has nothing to compare; the µs/doc column above already shows it.
if (growth.length && sizesSorted.length > 1) {
  const steps = sizesSorted.slice(1).map((s, i) => `${sizesSorted[i]}→${s}`);
  const g = [['cost growth (ctxforge µs/doc)', ...sizesSorted.map(String), ...steps.map((s) => `marginal ${s}`)]];
  for (const c of growth) {
    g.push([c.case, ...sizesSorted.map((n) => fmtUs(c.points.find((p) => p.size === n)?.us_per_doc)),
      ...sizesSorted.slice(1).map((n) => fmtUs(c.marginal.find((m) => m.to === n)?.us_per_doc))]);
  }
  console.log('');
  printTable(g);
}

const memory = {
  target_rss_kib: MEMORY_TARGET_KIB,
  target: `peak RSS ≤ ${MEMORY_TARGET_KIB / 1024} MB`,
  input: memoryInfo,
  skipped: memorySkip,
  cases: results.filter((r) => r.memory).map((r) => ({
    case: r.case,
    bytes: r.artifact_bytes ?? r.bytes,
    ctxforge_rss_max_kib: r.ctxforge.rss_max_kib,
    peer_rss_max_kib: r.peer.rss_max_kib,
    ctxforge_median_ms: r.ctxforge.median_ms,
    peer_median_ms: r.peer.median_ms,
    pass: memPass(r),
  })),
};
if (memory.cases.length) {
  const m = [['memory case', 'bytes', 'ctxforge peak RSS', 'peer peak RSS', 'target', 'result']];
  for (const c of memory.cases) {
    m.push([c.case, fmtGiB(c.bytes), fmtRss(c.ctxforge_rss_max_kib), fmtRss(c.peer_rss_max_kib), memory.target,
      c.pass === true ? 'pass' : c.pass === false ? `FAIL (${(c.ctxforge_rss_max_kib / MEMORY_TARGET_KIB).toFixed(1)}× the target)` : 'n/a']);
  }
  console.log('');
  printTable(m);
} else if (opts.memory) {
  console.log(`\nmemory case skipped: ${memorySkip}`);
}

// Issue 7's diff target compares diff with validating the whole tree of the same size.
const diffRes = results.find((r) => r.case === 'diff');
const vdir = results.find((r) => r.case === 'validate dir' && r.size === opts.diffSize);
const diffVsValidate = diffRes && vdir ? diffRes.ctxforge.median_ms / vdir.ctxforge.median_ms : null;
console.log(`\nmachine: ${cpus().length} × ${cpus()[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}; load average ${loadStart.map((x) => x.toFixed(1)).join(' ')} → ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
if (serveReport) console.log(`\nserve over ${serveReport.package} (${serveReport.documents} documents): index build ${serveReport.index_build_ms == null ? 'n/a' : `${serveReport.index_build_ms.toFixed(0)} ms`}, cold start ${serveReport.cold_start_ms.toFixed(0)} ms, warm start ${serveReport.warm_start_ms.toFixed(0)} ms; search over ${serveReport.queries} queries: p50 ${serveReport.search_p50_ms.toFixed(1)} ms, p99 ${serveReport.search_p99_ms.toFixed(1)} ms`);
if (diffVsValidate != null) console.log(`\ndiff / validate dir at ${opts.diffSize}: ${diffVsValidate.toFixed(2)}× (target ≤ 0.2×)`);

const gitRev = (() => {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return null;
  }
})();
const report = {
  generated_at: new Date().toISOString(),
  mode: opts.smoke ? 'smoke' : 'full',
  params: { sizes: opts.sizes, runs: opts.runs, warmup, diff_size: opts.diffSize, seed: opts.seed, memory: opts.memory, memory_runs: opts.memoryRuns },
  machine: {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? null,
    mem_total_bytes: totalmem(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    ctxforge_from: existsSync(join(root, 'lib', 'cli', 'main.js')) && !process.env.CTXFORGE_FROM_SOURCE ? 'lib' : 'source (tsx)',
    git_head: gitRev,
    loadavg_start: loadStart,
    loadavg_end: loadavg(),
  },
  generate_seconds: generateSeconds,
  results,
  skipped,
  growth,
  memory,
  diff_vs_validate_dir: diffVsValidate,
  serve: serveReport,
  failures,
  ok: failures.length === 0,
};
// A smoke run must not overwrite the committed results of a real run.
const resultsPath = opts.smoke ? join(outDir, 'results-smoke.json') : join(benchDir, 'results.json');
writeFileSync(resultsPath, JSON.stringify(report, null, 2) + '\n');
console.log(`\nwrote ${relative(root, resultsPath)} (${results.length} cases, ${skipped.length} skipped, ${failures.length} failures)`);
if (failures.length) {
  for (const f of failures) console.error(`FAILED ${f.case} ${f.size ?? ''} ${f.side ?? ''}: exit ${f.code ?? '-'} ${f.reason ?? ''}\n${f.stderr ?? ''}`);
  process.exitCode = 1;
}
