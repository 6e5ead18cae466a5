// The OCI client and install against a registry that misbehaves (test/oci/fake-registry.ts): retries
// on 500 and 429, an upload dropped mid-way restarted, a blob or manifest that is not what its digest
// names, hostile manifests; the Referrers API where there is one; Bearer tokens and where
// credentials go; the lock gate's public-address rule for an OCI source. Nothing is installed when a
// check fails, and the error says which.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { RegistryClient } from '../../src/oci/client.js';
import { digestOf } from '../../src/oci/manifest.js';
import { pushPackage } from '../../src/oci/package.js';
import { parseOciRef } from '../../src/oci/ref.js';
import { referrers } from '../../src/oci/store.js';
import { acquireLocked } from '../../src/install/source.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, minisignPubFile, releaseFolder, KEY } from '../install/artifacts.js';
import { fakeRegistry, listen } from './fake-registry.js';

const noWait = { backoffMs: () => 0 };
const env = () => ({ ...process.env, DOCKER_CONFIG: join(tmpDir('oci-nocfg-'), 'none') });
const code = (e: unknown) => (e as DiagnosticError).diagnostic?.code;

async function pushed(o: Parameters<typeof fakeRegistry>[0] = {}) {
  const reg = await fakeRegistry(o);
  const a = await artifacts();
  const rel = releaseFolder(a.ctxpkg, { key: KEY });
  const name = readFileSync(join(rel, 'SHA256SUMS'), 'utf8').split('  ')[1]!.trim();
  const ref = parseOciRef(`oci://${reg.host}/acme/p:1`);
  const r = await pushPackage(new RegistryClient({ host: reg.host, repository: 'acme/p', ...noWait }), ref, join(rel, name), {
    release: { sums: readFileSync(join(rel, 'SHA256SUMS')), minisig: readFileSync(join(rel, 'SHA256SUMS.minisig'), 'utf8') },
  });
  return { reg, r, rel, name };
}

async function installIn(spec: string) {
  const proj = tmpDir('oci-fault-');
  execFileSync('git', ['init', '-q'], { cwd: proj });
  const res = await runCli(['install', spec, '--key', minisignPubFile(KEY)], { cwd: proj, env: env() });
  return { res, proj, nothing: !existsSync(join(proj, 'ctxforge.lock')) && !existsSync(join(proj, '.agents')) };
}

test('500 and 429 are retried; an upload dropped in the middle starts a new session and succeeds', async () => {
  const { reg, r } = await pushed();
  assert.equal(reg.blobs.get(r.layer_digest)!.length, r.size);
  const c = new RegistryClient({ host: reg.host, repository: 'acme/q', chunkSize: 1000, ...noWait });
  const bytes = Buffer.alloc(4500, 3);
  const f = join(tmpDir('oci-b-'), 'b');
  writeFileSync(f, bytes);
  reg.faults.status = { code: 500, times: 2 };
  reg.faults.dropUploads = 1;
  assert.equal(await c.pushBlob(digestOf(bytes), bytes.length, { file: f }), 'uploaded');
  assert.deepEqual(reg.blobs.get(digestOf(bytes)), bytes);
  assert.ok(reg.log.filter((l) => l.method === 'POST').length >= 2, 'a new upload session after the drop');
  reg.faults.status = { code: 429, times: 1 };
  assert.equal(await c.hasBlob(digestOf(bytes)), true);
});

test('a registry that keeps failing or dropping: the error says which, after a bounded number of attempts', async () => {
  const reg = await fakeRegistry();
  const c = new RegistryClient({ host: reg.host, repository: 'acme/q', chunkSize: 1000, attempts: 3, ...noWait });
  const bytes = Buffer.alloc(2500, 4);
  const f = join(tmpDir('oci-b-'), 'b');
  writeFileSync(f, bytes);
  reg.faults.dropUploads = 100;
  await assert.rejects(c.pushBlob(digestOf(bytes), bytes.length, { file: f }), (e) => code(e) === 'CTXFORGE_OCI_UNREACHABLE' && /failed 3 times/.test((e as Error).message));
  reg.faults.dropUploads = 0;
  reg.faults.status = { code: 429, times: 100 };
  await assert.rejects(c.hasBlob(digestOf(bytes)), (e) => code(e) === 'CTXFORGE_OCI_HTTP' && /HTTP 429/.test((e as Error).message));
  assert.equal(reg.log.filter((l) => l.method === 'POST').length, 3, 'three upload sessions, no more');
  assert.equal(reg.log.filter((l) => l.method === 'HEAD').length, 1 + 3, 'three attempts at the HEAD answered 429, no more');
});

test('a blob that is not what its digest names: nothing is installed, and the error names the digest', async () => {
  const { reg, r } = await pushed();
  reg.faults.blobOverride = new Map([[r.layer_digest, Buffer.from('not the package')]]);
  const { res, nothing } = await installIn(`oci://${reg.host}/acme/p:1`);
  assert.equal(res.code, 1, res.stderr);
  assert.match(res.stderr, /CTXFORGE_OCI_DIGEST/);
  assert.match(res.stderr, new RegExp(r.layer_digest));
  assert.ok(nothing);
  // More bytes than the descriptor names: cut off as they arrive; a local file in the way is an I/O error, not the registry's.
  const c = new RegistryClient({ host: reg.host, repository: 'acme/p', ...noWait });
  reg.faults.blobOverride = new Map([[r.layer_digest, Buffer.alloc(r.size + 1)]]);
  await assert.rejects(c.getBlob(r.layer_digest, r.size, join(tmpDir('oci-g-'), 'x')), (e) => code(e) === 'CTXFORGE_OCI_DIGEST' && /more than the/.test((e as Error).message));
  reg.faults.blobOverride = undefined;
  const taken = join(tmpDir('oci-g-'), 'taken');
  writeFileSync(taken, 'mine');
  await assert.rejects(c.getBlob(r.layer_digest, r.size, taken), (e) => code(e) === 'CTXFORGE_IO');
  assert.equal(readFileSync(taken, 'utf8'), 'mine');
});

test('hostile manifests: huge, deeply nested, a layer digest that is not sha256, a tag whose digest is not the one asked for', async () => {
  const { reg, r } = await pushed();
  const good = JSON.parse(reg.manifests.get('1')!.bytes.toString());
  const cases: [Buffer, RegExp][] = [
    [Buffer.from(JSON.stringify({ ...good, annotations: { x: 'y'.repeat(5 * 1024 * 1024) } })), /more than the 4194304/],
    [Buffer.from('{"a":'.repeat(50_000) + '1' + '}'.repeat(50_000)), /nested deeper/],
    [Buffer.from(JSON.stringify({ ...good, layers: [{ ...good.layers[0], digest: 'md5:' + '0'.repeat(32) }] })), /not sha256/],
  ];
  for (const [bytes, re] of cases) {
    reg.faults.manifestOverride = new Map([['1', bytes]]);
    const { res, nothing } = await installIn(`oci://${reg.host}/acme/p:1`);
    assert.equal(res.code, 1, res.stderr);
    assert.match(res.stderr, /CTXFORGE_OCI_MANIFEST/);
    assert.match(res.stderr, re);
    assert.ok(nothing);
  }
  reg.faults.manifestOverride = new Map([[r.manifest_digest, Buffer.from(JSON.stringify({ ...good, annotations: { other: 'x' } }))]]);
  const { res } = await installIn(`oci://${reg.host}/acme/p@${r.manifest_digest}`);
  assert.equal(res.code, 1);
  assert.match(res.stderr, /CTXFORGE_OCI_DIGEST/);
});

test('where the registry has the Referrers API, referrers go there (no fallback tag) and are read back from it', async () => {
  const { reg, r } = await pushed({ referrersApi: true });
  assert.equal(reg.manifests.has(r.manifest_digest.replace(':', '-')), false, 'no fallback tag');
  const list = await referrers(new RegistryClient({ host: reg.host, repository: 'acme/p' }), r.manifest_digest);
  assert.deepEqual(list.map((d) => d.artifactType), ['application/vnd.ctxforge.release.checksums.v1']);
  const { res } = await installIn(`oci://${reg.host}/acme/p:1`);
  assert.equal(res.code, 0, res.stderr);
  // Without the API the same push writes the fallback tag.
  const plain = await pushed();
  assert.ok(plain.reg.manifests.has(plain.r.manifest_digest.replace(':', '-')));
});

test('Bearer: credentials go to a realm on the registry host only; Authorization never follows a redirect', async () => {
  const elsewhere: { authorization?: string }[] = [];
  const other = await listen((req, res) => {
    elsewhere.push({ authorization: req.headers.authorization });
    if (req.url?.startsWith('/token')) { res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"t0k"}'); return; }
    res.writeHead(404).end();
  });
  const reg = await fakeRegistry({ bearer: { realm: (self) => `${self}/token`, token: 't0k', user: 'me', pass: 'pw' } });
  const creds = { username: 'me', password: 'pw', from: 'test' };
  const c = new RegistryClient({ host: reg.host, repository: 'acme/b', credentials: creds, ...noWait });
  assert.equal(await c.pushBlob(digestOf(Buffer.from('x')), 1, { bytes: Buffer.from('x') }), 'uploaded');
  assert.ok(reg.log.some((l) => l.url.startsWith('/token') && l.authorization?.startsWith('Basic ')), 'the same-host realm gets the credentials');
  // Blobs redirected to storage elsewhere: no Authorization arrives there.
  reg.faults.redirectBlobsTo = `http://${other}`;
  await assert.rejects(c.getBlob(digestOf(Buffer.from('x')), 1, join(tmpDir('oci-r-'), 'x')));
  assert.ok(elsewhere.length > 0 && elsewhere.every((h) => h.authorization === undefined));
  // A realm on another host gets a token request without the credentials.
  elsewhere.length = 0;
  const reg2 = await fakeRegistry({ bearer: { realm: () => `http://${other}/token`, token: 't0k' } });
  const c2 = new RegistryClient({ host: reg2.host, repository: 'acme/b', credentials: creds, ...noWait });
  assert.equal(await c2.hasBlob(digestOf(Buffer.from('y'))), false);
  assert.ok(elsewhere.length === 1 && elsewhere[0]!.authorization === undefined, 'credentials never go to another host');
});

test('the lock gate never fetches an OCI source from this machine; a frozen install of a layout works offline of any registry', async () => {
  const digest = 'sha256:' + 'ab'.repeat(32);
  await assert.rejects(acquireLocked({ type: 'oci', location: `oci://127.0.0.1:5000/a@${digest}`, registry: 'oci://127.0.0.1:5000/a', manifest_digest: digest }, { cwd: '/', root: '/', scope: 'project', publicOnly: true }),
    (e) => code(e) === 'CTXFORGE_INSTALL_REDIRECT' && /not fetched/.test((e as Error).message));
  const a = await artifacts();
  const proj = tmpDir('oci-layout-');
  execFileSync('git', ['init', '-q'], { cwd: proj });
  mkdirSync(join(proj, 'vendor'));
  const p = await runCli(['push', releaseFolder(a.acx, { key: KEY }), 'oci-layout:vendor/oci:1.0', '--json'], { cwd: proj, env: env() });
  assert.equal(p.code, 0, p.stderr);
  const i = await runCli(['install', 'oci-layout:vendor/oci:1.0', '--key', minisignPubFile(KEY)], { cwd: proj, env: env() });
  assert.equal(i.code, 0, i.stderr + i.stdout);
  const lock = JSON.parse(readFileSync(join(proj, 'ctxforge.lock'), 'utf8'));
  const src = (Object.values(lock.packages)[0] as { source: Record<string, string> }).source;
  assert.deepEqual([src.type, src.registry, src.manifest_digest], ['oci', 'oci-layout:vendor/oci', JSON.parse(p.stdout).manifest_digest]);
  const f = await runCli(['install', '--frozen'], { cwd: proj, env: env() });
  assert.equal(f.code, 0, f.stderr + f.stdout);
  // The layout's blob changed: the frozen check fails.
  const blob = join(proj, 'vendor', 'oci', 'blobs', 'sha256', JSON.parse(p.stdout).layer_digest.slice(7));
  writeFileSync(blob, Buffer.concat([readFileSync(blob), Buffer.from('x')]));
  const g = await runCli(['install', '--frozen'], { cwd: proj, env: env() });
  assert.equal(g.code, 1);
  assert.match(g.stdout + g.stderr, /CTXFORGE_OCI_DIGEST|drift/);
});
