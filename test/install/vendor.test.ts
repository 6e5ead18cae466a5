// The README's recipe on the natural first install: `install` of a local artifact from outside the
// project, then `install --frozen` and `serve --lock` (the .mcp.json command) — on a real signed
// cartridge. A lock-recorded path outside the project is never read, so the artifact is vendored
// into the project by default; with --no-vendor the install says those commands will need --offline,
// and serve names the real cause (unreachable, never "tampered").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../src/core/hash.js';
import { builtCli } from '../helpers/built.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, pemFile, project, serveFolder } from './artifacts.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
// serve as a process runs the test bundle of the current sources (helpers/built.ts), as bin/ctxforge.js
// would run them: from source (tsx) each such process cost ~2 s of CPU more.
const serve = (dir: string) => spawnSync(process.execPath, [builtCli(), 'serve', '--lock'], {
  cwd: dir, env: { ...process.env, XDG_CACHE_HOME: tmpDir('vendor-cache-'), CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8',
  input: `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
});

test('the README recipe verbatim: a local artifact outside the project is vendored into .agents/artifacts/, a URL is not; --frozen and serve --lock work after either', async () => {
  const a = await artifacts();
  const outside = join(tmpDir('vendor-outside-'), 'ra.acx');
  copyFileSync(a.acx, outside);
  const dir = project();
  ok(await runCli(['install', outside, '--key', pemFile()], { cwd: dir }), 'install');
  const p = Object.values(JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')).packages)[0] as { source: { location: string; vendored_from: string }; artifact: { sha256: string } };
  assert.equal(p.source.location, '.agents/artifacts/ra.acx');
  assert.equal(p.source.vendored_from, outside);
  assert.equal(sha256Hex(readFileSync(join(dir, '.agents/artifacts/ra.acx'))), p.artifact.sha256);
  const f = await runCli(['install', '--frozen'], { cwd: dir });
  ok(f, 'frozen');
  assert.match(f.stdout, /every locked artifact verifies/);
  const s = serve(dir);
  assert.equal(s.status, 0, s.stderr);
  assert.match(s.stdout, /"serverInfo"/);
  // Uninstall removes the vendored artifact with the package that recorded it.
  const un = await runCli(['uninstall', 'research-assistant', '--json'], { cwd: dir });
  ok(un, 'uninstall');
  assert.ok(JSON.parse(un.stdout).removed.includes('.agents/artifacts/ra.acx'));
  assert.ok(!existsSync(join(dir, '.agents/artifacts/ra.acx')));
  // After a URL install the same lines work, and nothing is vendored.
  const rel = tmpDir('vendor-rel-');
  copyFileSync(a.acx, join(rel, 'ra.acx'));
  const url = `${await serveFolder(rel)}ra.acx`;
  const dir2 = project();
  ok(await runCli(['install', url, '--key', pemFile()], { cwd: dir2 }), 'install URL');
  assert.ok(!existsSync(join(dir2, '.agents/artifacts')));
  ok(await runCli(['install', '--frozen'], { cwd: dir2 }), 'frozen');
  // Asynchronously: the download server runs in this process.
  const child = spawn(process.execPath, [builtCli(), 'serve', '--lock'], { cwd: dir2, env: { ...process.env, XDG_CACHE_HOME: tmpDir('vendor-cache-'), CTXFORGE_FROM_SOURCE: '1' } });
  let out = '';
  let err = '';
  child.stdout.on('data', (b) => { out += b; });
  child.stderr.on('data', (b) => { err += b; });
  child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
  const code = await new Promise<number | null>((r) => child.on('close', r));
  assert.equal(code, 0, err);
  assert.match(out, /"serverInfo"/);
});

test('--no-vendor warns at install time; serve --lock then refuses naming the real cause, and --offline serves', async () => {
  const a = await artifacts();
  const outside = join(tmpDir('vendor-outside-'), 'ra.acx');
  copyFileSync(a.acx, outside);
  const dir = project();
  const r = await runCli(['install', outside, '--key', pemFile(), '--no-vendor'], { cwd: dir });
  ok(r, 'install --no-vendor');
  assert.match(r.stderr + r.stdout, /CTXFORGE_INSTALL_SOURCE_OUTSIDE/);
  assert.ok(!existsSync(join(dir, '.agents/artifacts')));
  const s = serve(dir);
  assert.equal(s.status, 1, s.stderr);
  assert.match(s.stderr, /CTXFORGE_SERVE_UNREACHABLE/);
  assert.doesNotMatch(s.stderr, /TAMPERED|tampered/);
  const off = spawnSync(process.execPath, [builtCli(), 'serve', '--lock', '--offline'], { cwd: dir, env: { ...process.env, XDG_CACHE_HOME: tmpDir('vendor-cache-'), CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', input: '' });
  assert.equal(off.status, 0, off.stderr);
});

test('verify --key: a signer pinned with --key is not warned about as missing from a trust registry', async () => {
  const a = await artifacts();
  const pinned = await runCli(['verify', a.acx, '--key', pemFile(), '--json'], { cwd: tmpDir('vendor-verify-') });
  ok(pinned, 'verify --key');
  const portable = (text: string) => {
    const out: { severity: string; message: string }[] = [];
    const walk = (x: unknown): void => {
      if (Array.isArray(x)) x.forEach(walk);
      else if (x && typeof x === 'object') {
        const o = x as Record<string, unknown>;
        if (o.code === 'ACX_TRUST_PORTABLE') out.push(o as unknown as { severity: string; message: string });
        Object.values(o).forEach(walk);
      }
    };
    walk(JSON.parse(text));
    return out;
  };
  const p = portable(pinned.stdout);
  assert.ok(p.length > 0 && p.every((d) => d.severity === 'info' && /verifies with the pinned key/.test(d.message)), JSON.stringify(p));
  const unpinned = portable((await runCli(['verify', a.acx, '--json'], { cwd: tmpDir('vendor-verify-') })).stdout);
  assert.ok(unpinned.some((d) => d.severity === 'warning' && /not in a trust registry/.test(d.message)), JSON.stringify(unpinned));
});

test('serve --help shows the installed ctxforge as the MCP command, never npx', async () => {
  const h = await runCli(['serve', '--help']);
  assert.match(h.stdout, /"command": "ctxforge", "args": \["serve", "--lock"\]/);
  assert.doesNotMatch(h.stdout, /"npx"/);
});
