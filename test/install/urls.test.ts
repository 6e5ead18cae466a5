// URLs are input too (security review 1, findings 13 and 14): a malformed percent-encoding is a
// usage error with a message, never a stack; and a download follows redirects only where its source
// may go — a URL a lock recorded reaches https or plain http on this machine only, at every hop, so
// a committed lock cannot steer GETs to another address through a redirect. Real local HTTP servers
// on 127.0.0.1 stand in for the release host.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Lock } from '../../src/install/lock.js';
import { builtCli } from '../helpers/built.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, pemFile, project } from './artifacts.js';

type Cli = { code: number; stdout: string; stderr: string };
const lockOf = (dir: string): Lock => JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8'));
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const noStack = (r: { stderr: string; stdout: string }, what: string) => {
  assert.doesNotMatch(r.stderr + r.stdout, /CTXFORGE_INTERNAL|URIError|\n\s+at /, `${what}: ${r.stderr}${r.stdout}`);
};

const servers: Server[] = [];
after(() => { for (const s of servers) { s.closeAllConnections(); s.close(); } });

async function listen(handler: Parameters<typeof createServer>[1]): Promise<number> {
  const s = createServer(handler);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  s.unref();
  servers.push(s);
  const a = s.address();
  return typeof a === 'object' && a ? a.port : 0;
}

test('finding 13: a URL with bad percent-encoding is a usage error, for install, serve, a reinstall and --frozen from a lock', async () => {
  const bad = 'https://127.0.0.1:1/%zz.acx';
  const dir = project();
  const r = await runCli(['install', bad, '--json'], { cwd: dir });
  assert.equal(r.code, 2, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, 'CTXFORGE_USAGE');
  noStack(r, 'install');
  const s = spawnSync(process.execPath, [builtCli(), 'serve', bad], { cwd: dir, env: { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-'), CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', input: '' });
  assert.equal(s.status, 2, s.stderr);
  assert.match(s.stderr, /CTXFORGE_USAGE/);
  noStack(s, 'serve');

  // A lock recording such a URL (a real install's lock, its source changed).
  const a = await artifacts();
  const pdir = project();
  writeFileSync(join(pdir, 'vendor.acx'), readFileSync(a.acx));
  ok(await runCli(['install', 'vendor.acx', '--key', pemFile()], { cwd: pdir }), 'install');
  const lock = lockOf(pdir);
  Object.values(lock.packages)[0]!.source = { type: 'url', location: bad };
  writeFileSync(join(pdir, 'ctxforge.lock'), JSON.stringify(lock, null, 2));
  const re = await runCli(['install', '--json'], { cwd: pdir });
  assert.equal(re.code, 2, re.stdout + re.stderr);
  assert.equal(JSON.parse(re.stdout).error.code, 'CTXFORGE_USAGE');
  noStack(re, 'reinstall');
  const fr = await runCli(['install', '--frozen', '--json'], { cwd: pdir });
  assert.equal(fr.code, 1, fr.stdout + fr.stderr);
  assert.ok((JSON.parse(fr.stdout).drift as { path: string }[]).some((d) => d.path === bad));
  noStack(fr, '--frozen');
});

test('finding 14: a lock\'s URL that redirects to another address is not followed (reinstall, --frozen); a redirect on this machine is', async () => {
  const a = await artifacts();
  const bytes = readFileSync(a.acx);
  const hosts: string[] = [];
  // The release host: serves the cartridge, and records the Host each request was sent to.
  const release = await listen((req, res) => {
    hosts.push(req.headers.host ?? '');
    if (!req.url?.endsWith('/vendor.acx')) { res.writeHead(404); res.end(); return; }
    res.writeHead(200, { 'content-length': bytes.length });
    res.end(bytes);
  });
  // Redirects every request to the same path at `to`.
  const redirector = async (to: string) => listen((req, res) => { res.writeHead(302, { location: `${to}${req.url}` }); res.end(); });
  // 0.0.0.0 reaches this machine on Linux, but it is no loopback name: a lock may not send ctxforge there.
  const offsite = await redirector(`http://0.0.0.0:${release}`);
  const onsite = await redirector(`http://localhost:${release}`);

  const dir = project();
  ok(await runCli(['install', `http://127.0.0.1:${release}/rel/vendor.acx`, '--key', pemFile()], { cwd: dir }), 'install from the release host');
  const good = lockOf(dir);
  const at = (port: number) => {
    const lock = structuredClone(good);
    Object.values(lock.packages)[0]!.source = { type: 'url', location: `http://127.0.0.1:${port}/rel/vendor.acx` };
    writeFileSync(join(dir, 'ctxforge.lock'), JSON.stringify(lock, null, 2));
  };

  at(offsite);
  hosts.length = 0;
  const re = await runCli(['install', '--json'], { cwd: dir });
  assert.equal(re.code, 2, re.stdout + re.stderr);
  assert.equal(JSON.parse(re.stdout).error.code, 'CTXFORGE_INSTALL_REDIRECT');
  const fr = await runCli(['install', '--frozen', '--json'], { cwd: dir });
  assert.equal(fr.code, 1, fr.stdout + fr.stderr);
  assert.ok((JSON.parse(fr.stdout).drift as { problem: string }[]).some((d) => /not followed/.test(d.problem)), fr.stdout);
  assert.deepEqual(hosts.filter((h) => h.startsWith('0.0.0.0')), [], 'no request reached the redirect target');

  at(onsite);
  ok(await runCli(['install'], { cwd: dir }), 'a redirect to localhost is followed');
  ok(await runCli(['install', '--frozen'], { cwd: dir }), '--frozen through the redirect on this machine');
  assert.ok(hosts.some((h) => h.startsWith('localhost:')));
});
