// OCI transfer floor: push and pull of one large blob with ctxforge's registry client against curl
// moving the same bytes to and from the same registry (Debian's docker-registry on 127.0.0.1, started
// here), with the client's peak RSS. The goal (issue 37): within 1.5x of curl, at most 200 MB.
// Prints a table and one JSON line; exits 1 when a goal is missed (--no-judge only reports).
//
// Usage: node bench/oci-transfer.mjs [--size-mib 1024] [--runs 3] [--no-judge]
// Needs docker-registry and curl on PATH (scripts/ci-oci.sh installs the registry).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import { startRegistry, curlPullArgv, curlPushArgv } from './oci-registry.mjs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };

if (args[0] === '--child') {
  // One transfer in a process of its own, so its peak RSS is the client's alone.
  const [, mode, file, host, repo, digest, size] = args;
  const lib = join(root, 'lib', 'src', 'oci', 'client.js');
  const { RegistryClient } = await import(existsSync(lib) ? pathToFileURL(lib).href : pathToFileURL(join(root, 'src', 'oci', 'client.ts')).href);
  const c = new RegistryClient({ host, repository: repo });
  const t0 = performance.now();
  if (mode === 'push') await c.pushBlob(digest, Number(size), { file });
  else await c.getBlob(digest, Number(size), file);
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, rss_mb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const sizeMiB = Number(opt('--size-mib', '1024'));
const runs = Number(opt('--runs', '3'));
const judge = !args.includes('--no-judge');
const dir = mkdtempSync(join(tmpdir(), 'ctxforge-oci-bench-'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
let reg;
try {
  reg = await startRegistry();
  const { host } = reg;
  // Random (incompressible) bytes, written and hashed in 16 MiB steps.
  const file = join(dir, 'blob');
  const fd = openSync(file, 'w');
  const h = createHash('sha256');
  for (let left = sizeMiB * 1024 * 1024; left > 0;) {
    const n = Math.min(left, 16 * 1024 * 1024);
    const chunk = randomFillSync(Buffer.alloc(n));
    writeSync(fd, chunk);
    h.update(chunk);
    left -= n;
  }
  closeSync(fd);
  const size = sizeMiB * 1024 * 1024;
  const digest = `sha256:${h.digest('hex')}`;
  const del = (repo) => fetch(`http://${host}/v2/${repo}/blobs/${digest}`, { method: 'DELETE' }).then((r) => r.body?.cancel());
  const timed = (argv) => {
    const t0 = performance.now();
    execFileSync(argv[0], argv.slice(1));
    return performance.now() - t0;
  };
  const curlPush = (repo) => timed(curlPushArgv(host, repo, file, digest));
  const curlPull = (repo) => {
    const ms = timed(curlPullArgv(host, repo, digest, join(dir, 'curl-out')));
    rmSync(join(dir, 'curl-out'));
    return ms;
  };
  const child = (mode, target, repo) => {
    const p = spawnSync(process.execPath, [...(existsSync(join(root, 'lib', 'src', 'oci', 'client.js')) ? [] : ['--import', 'tsx']), fileURLToPath(import.meta.url), '--child', mode, target, host, repo, digest, String(size)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (p.status !== 0) throw new Error(`${mode} failed: ${p.stderr}`);
    return JSON.parse(p.stdout);
  };
  const rows = { curlPush: [], curlPull: [], push: [], pull: [], pushRss: [], pullRss: [] };
  for (let r = 0; r < runs; r++) {
    // Each push is to a fresh repository, so no run finds the blob already there.
    rows.curlPush.push(curlPush(`bench/curl${r}`));
    rows.curlPull.push(curlPull(`bench/curl${r}`));
    const p = child('push', file, `bench/ctx${r}`);
    rows.push.push(p.ms); rows.pushRss.push(p.rss_mb);
    const out = join(dir, `pulled${r}`);
    const q = child('pull', out, `bench/ctx${r}`);
    rmSync(out);
    rows.pull.push(q.ms); rows.pullRss.push(q.rss_mb);
    await del(`bench/curl${r}`); await del(`bench/ctx${r}`);
  }
  const res = {
    size_mib: sizeMiB, runs,
    push_ms: median(rows.push), curl_push_ms: median(rows.curlPush), push_ratio: median(rows.push) / median(rows.curlPush), push_rss_mb: Math.max(...rows.pushRss),
    pull_ms: median(rows.pull), curl_pull_ms: median(rows.curlPull), pull_ratio: median(rows.pull) / median(rows.curlPull), pull_rss_mb: Math.max(...rows.pullRss),
  };
  console.log(`| case | size | ctxforge ms | curl ms | ratio (goal ≤ 1.5) | ctxforge peak RSS (goal ≤ 200 MB) |`);
  console.log(`|---|---|---|---|---|---|`);
  console.log(`| oci push (blob upload) | ${sizeMiB} MiB | ${res.push_ms.toFixed(0)} | ${res.curl_push_ms.toFixed(0)} | ${res.push_ratio.toFixed(2)} | ${res.push_rss_mb.toFixed(0)} MB |`);
  console.log(`| oci pull (blob download, digest checked) | ${sizeMiB} MiB | ${res.pull_ms.toFixed(0)} | ${res.curl_pull_ms.toFixed(0)} | ${res.pull_ratio.toFixed(2)} | ${res.pull_rss_mb.toFixed(0)} MB |`);
  console.log(JSON.stringify(res));
  if (judge && (res.push_ratio > 1.5 || res.pull_ratio > 1.5 || res.push_rss_mb > 200 || res.pull_rss_mb > 200)) process.exitCode = 1;
} finally {
  reg?.stop();
  rmSync(dir, { recursive: true, force: true });
}
