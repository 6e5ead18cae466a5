// Against a real registry: Debian's docker-registry (CNCF distribution 2.8, no Referrers API, so the
// fallback tag carries the referrers), started here on 127.0.0.1, anonymous and behind htpasswd;
// every manifest cross-checked with skopeo (inspect --raw byte for byte, copy to an OCI layout).
// Run by scripts/ci-oci.sh, which installs docker-registry, skopeo and apache2-utils.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { runCli, repoRoot } from '../../helpers/cli.js';
import { tmpDir } from '../../helpers/tmp.js';
import { artifacts, minisignPubFile, releaseFolder, KEY, OTHER } from '../../install/artifacts.js';

const free = () => new Promise<number>((res) => { const s = createServer(); s.listen(0, '127.0.0.1', () => { const p = (s.address() as { port: number }).port; s.close(() => res(p)); }); });
const procs: ChildProcess[] = [];
after(() => { for (const p of procs) p.kill(); });

async function registry(htpasswd?: string): Promise<string> {
  const port = await free();
  const dir = tmpDir('oci-reg-');
  const auth = htpasswd ? `auth:\n  htpasswd:\n    realm: test\n    path: ${htpasswd}\n` : '';
  writeFileSync(join(dir, 'config.yml'), `version: 0.1\nlog:\n  level: error\nstorage:\n  filesystem:\n    rootdirectory: ${join(dir, 'data')}\nhttp:\n  addr: 127.0.0.1:${port}\n${auth}`);
  const p = spawn('docker-registry', ['serve', join(dir, 'config.yml')], { stdio: 'ignore' });
  procs.push(p);
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/v2/`).then((r) => r.status === 200 || r.status === 401, () => false);
    if (ok) return `127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('docker-registry did not start');
}

const skopeo = (args: string[], env?: NodeJS.ProcessEnv) => execFileSync('skopeo', args, { env: { ...process.env, ...env } });
const env = (extra: NodeJS.ProcessEnv = {}) => ({ ...process.env, SOURCE_DATE_EPOCH: '1767225600', DOCKER_CONFIG: join(tmpDir('oci-nocfg-'), 'none'), ...extra });

let host = '';
before(async () => { host = await registry(); });

test('each format pushes as one layer; pushing twice gives the same digests; skopeo reads the same bytes and copies it to a layout', async () => {
  const a = await artifacts();
  for (const [name, file, type] of [['acx', a.acx, 'application/vnd.acx.cartridge.v1'], ['ctxpkg', a.ctxpkg, 'application/vnd.ctxpkg.package.v2'], ['octx', a.octx, 'application/vnd.octx.package.v0']] as const) {
    const rel = releaseFolder(file, { key: KEY });
    const target = `oci://${host}/acme/${name}:1.0.0`;
    const one = await runCli(['push', rel, target, '--json'], { env: env() });
    assert.equal(one.code, 0, one.stderr);
    const two = await runCli(['push', rel, target, '--json'], { env: env() });
    const r1 = JSON.parse(one.stdout);
    const r2 = JSON.parse(two.stdout);
    assert.equal(r2.manifest_digest, r1.manifest_digest, 'the same manifest digest on every push');
    assert.deepEqual(r2.referrers, r1.referrers);
    assert.equal(r2.uploaded, 0, 'nothing is uploaded twice');
    const raw = skopeo(['inspect', '--tls-verify=false', '--raw', `docker://${host}/acme/${name}:1.0.0`]);
    assert.equal(`sha256:${execFileSync('sha256sum', { input: raw }).toString().slice(0, 64)}`, r1.manifest_digest, 'skopeo reads the manifest byte for byte');
    assert.equal(JSON.parse(raw.toString()).artifactType, type);
    const lay = join(tmpDir('oci-skopeo-'), 'lay');
    skopeo(['copy', '--src-tls-verify=false', `docker://${host}/acme/${name}:1.0.0`, `oci:${lay}:x`]);
    const layer = JSON.parse(raw.toString()).layers[0].digest.slice(7);
    assert.deepEqual(readFileSync(join(lay, 'blobs', 'sha256', layer)), readFileSync(file), 'the layer is the package file');
    // The referrers live under the fallback tag (distribution 2.8 has no Referrers API), which skopeo reads too.
    const idx = JSON.parse(skopeo(['inspect', '--tls-verify=false', '--raw', `docker://${host}/acme/${name}:${r1.manifest_digest.replace(':', '-')}`]).toString());
    const types = idx.manifests.map((m: { artifactType: string }) => m.artifactType).sort();
    // §11: a cartridge's DSSE envelope is a referrer of its own, its one layer application/vnd.dsse.envelope.v1+json.
    assert.deepEqual(types, name === 'acx' ? ['application/vnd.ctxforge.release.checksums.v1', 'application/vnd.dsse.envelope.v1+json'] : ['application/vnd.ctxforge.release.checksums.v1']);
    if (name === 'acx') {
      const dsse = idx.manifests.find((m: { artifactType: string }) => m.artifactType === 'application/vnd.dsse.envelope.v1+json');
      const rm = JSON.parse(skopeo(['inspect', '--tls-verify=false', '--raw', `docker://${host}/acme/${name}@${dsse.digest}`]).toString());
      assert.equal(rm.subject.digest, r1.manifest_digest);
      assert.equal(rm.layers[0].mediaType, 'application/vnd.dsse.envelope.v1+json');
    }
  }
});

test('pull verifies the release signature from the referrer against the pinned key; the wrong key is refused and nothing is written', async () => {
  const a = await artifacts();
  const rel = releaseFolder(a.octx, { key: KEY });
  const r = await runCli(['push', rel, `oci://${host}/acme/pull:1`], { env: env() });
  assert.equal(r.code, 0, r.stderr);
  const out = join(tmpDir('oci-pull-'), 'out');
  const ok = await runCli(['pull', `oci://${host}/acme/pull:1`, '--out', out, '--key', minisignPubFile(KEY), '--json'], { env: env() });
  assert.equal(ok.code, 0, ok.stderr + ok.stdout);
  assert.equal(JSON.parse(ok.stdout).signer.trust, 'pinned');
  const name = readdirSync(rel).find((n) => n.endsWith('.octx'))!;
  assert.deepEqual(readFileSync(join(out, name)), readFileSync(join(rel, name)), 'byte for byte the release asset');
  assert.deepEqual(readFileSync(join(out, 'SHA256SUMS')), readFileSync(join(rel, 'SHA256SUMS')));
  const out2 = join(tmpDir('oci-pull-'), 'out');
  const bad = await runCli(['pull', `oci://${host}/acme/pull:1`, '--out', out2, '--key', minisignPubFile(OTHER)], { env: env() });
  assert.equal(bad.code, 1, bad.stderr);
  assert.throws(() => readdirSync(out2));
});

test('install oci://…:tag records the registry and manifest digest; --frozen fetches by digest even after the tag moves', async () => {
  const a = await artifacts();
  const rel = releaseFolder(a.ctxpkg, { key: KEY });
  const pushed = JSON.parse((await runCli(['push', rel, `oci://${host}/acme/inst:1`, '--json'], { env: env() })).stdout);
  const proj = tmpDir('oci-inst-');
  execFileSync('git', ['init', '-q'], { cwd: proj });
  const inst = await runCli(['install', `oci://${host}/acme/inst:1`, '--key', minisignPubFile(KEY), '--json'], { cwd: proj, env: env() });
  assert.equal(inst.code, 0, inst.stderr + inst.stdout);
  const lock = JSON.parse(readFileSync(join(proj, 'ctxforge.lock'), 'utf8'));
  const p = Object.values(lock.packages)[0] as { source: Record<string, string>; artifact: { sha256: string } };
  assert.deepEqual([p.source.type, p.source.registry, p.source.manifest_digest], ['oci', `oci://${host}/acme/inst`, pushed.manifest_digest]);
  assert.equal(`sha256:${p.artifact.sha256}`, pushed.layer_digest);
  // The tag now names another package: a frozen check still fetches the locked digest.
  await runCli(['push', releaseFolder(a.octx, { key: KEY }), `oci://${host}/acme/inst:1`], { env: env() });
  const frozen = await runCli(['install', '--frozen', '--json'], { cwd: proj, env: env() });
  assert.equal(frozen.code, 0, frozen.stderr + frozen.stdout);
});

test('behind htpasswd: credentials from Docker config.json for exactly that registry; none is refused with a message', async () => {
  const dir = tmpDir('oci-auth-');
  execFileSync('htpasswd', ['-Bbc', join(dir, 'htpasswd'), 'me', 's3cret']);
  const h = await registry(join(dir, 'htpasswd'));
  const a = await artifacts();
  const anon = await runCli(['push', a.acx, `oci://${h}/acme/auth:1`], { env: env() });
  assert.equal(anon.code, 2);
  assert.match(anon.stderr, /CTXFORGE_OCI_AUTH/);
  mkdirSync(join(dir, 'docker'));
  writeFileSync(join(dir, 'docker', 'config.json'), JSON.stringify({ auths: { [h]: { auth: Buffer.from('me:s3cret').toString('base64') } } }));
  const authed = await runCli(['push', a.acx, `oci://${h}/acme/auth:1`, '--json'], { env: env({ DOCKER_CONFIG: join(dir, 'docker') }) });
  assert.equal(authed.code, 0, authed.stderr);
  const raw = skopeo(['inspect', '--tls-verify=false', '--creds', 'me:s3cret', '--raw', `docker://${h}/acme/auth:1`]);
  assert.equal(JSON.parse(raw.toString()).artifactType, 'application/vnd.acx.cartridge.v1');
  const out = join(tmpDir('oci-pull-'), 'o');
  const pulled = await runCli(['pull', `oci://${h}/acme/auth@${JSON.parse(authed.stdout).manifest_digest}`, '--out', out, '--allow-unsigned'], { env: env({ DOCKER_CONFIG: join(dir, 'docker') }) });
  assert.equal(pulled.code, 0, pulled.stderr);
});

test('a large blob goes up in chunks and comes back identical; an OCI layout is a target and a source', async () => {
  const { RegistryClient } = await import('../../../src/oci/client.js');
  const big = Buffer.alloc(5 * 1024 * 1024 + 17, 7);
  const f = join(tmpDir('oci-big-'), 'b');
  writeFileSync(f, big);
  const digest = `sha256:${execFileSync('sha256sum', [f]).toString().slice(0, 64)}`;
  const c = new RegistryClient({ host, repository: 'acme/big', chunkSize: 1024 * 1024 });
  assert.equal(await c.pushBlob(digest, big.length, { file: f }), 'uploaded');
  assert.equal(await c.pushBlob(digest, big.length, { file: f }), 'exists');
  const back = join(tmpDir('oci-big-'), 'back');
  await c.getBlob(digest, big.length, back);
  assert.deepEqual(readFileSync(back), big);
  const a = await artifacts();
  const lay = join(tmpDir('oci-lay-'), 'lay');
  const pushed = await runCli(['push', releaseFolder(a.acx, { key: KEY }), `oci-layout:${lay}:1.0`, '--json'], { env: env() });
  assert.equal(pushed.code, 0, pushed.stderr);
  skopeo(['copy', `oci:${lay}:1.0`, `docker://${host}/acme/fromlayout:1.0`, '--dest-tls-verify=false']);
  const raw = skopeo(['inspect', '--tls-verify=false', '--raw', `docker://${host}/acme/fromlayout:1.0`]);
  assert.equal(`sha256:${execFileSync('sha256sum', { input: raw }).toString().slice(0, 64)}`, JSON.parse(pushed.stdout).manifest_digest);
});

test('tag lists are read page by page', async () => {
  const { RegistryClient } = await import('../../../src/oci/client.js');
  const a = await artifacts();
  for (const t of ['t1', 't2', 't3', 't4', 't5']) await runCli(['push', a.octx, `oci://${host}/acme/tags:${t}`], { env: env() });
  const c = new RegistryClient({ host, repository: 'acme/tags' });
  assert.deepEqual((await c.listTags(2)).sort(), ['t1', 't2', 't3', 't4', 't5']);
});

test('install <name>@^1 --registry oci://host/ns picks the newest 1.x from the tags; outdated and upgrade follow', async () => {
  const { buildCartridge, cartridgeSource, pemFile } = await import('../../install/artifacts.js');
  const example = readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8');
  const push = async (v: string) => {
    const file = await buildCartridge(cartridgeSource({ 'cartridge.yaml': example.replace(/^version: .*$/m, `version: ${v}`) }));
    const r = await runCli(['push', file, `oci://${host}/acme/research-assistant:${v}`, '--json'], { env: env() });
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).manifest_digest as string;
  };
  await push('1.0.0');
  const d11 = await push('1.1.0');
  await push('2.0.0');
  const proj = tmpDir('oci-range-');
  execFileSync('git', ['init', '-q'], { cwd: proj });
  const inst = await runCli(['install', 'research-assistant@^1', '--registry', `oci://${host}/acme`, '--key', pemFile()], { cwd: proj, env: env() });
  assert.equal(inst.code, 0, inst.stderr + inst.stdout);
  const lockOf = () => Object.values(JSON.parse(readFileSync(join(proj, 'ctxforge.lock'), 'utf8')).packages)[0] as { version: string; source: Record<string, string> };
  assert.deepEqual([lockOf().version, lockOf().source.type, lockOf().source.manifest_digest, lockOf().source.range], ['1.1.0', 'oci', d11, '^1']);
  await push('1.2.0');
  const out = JSON.parse((await runCli(['outdated', '--json'], { cwd: proj, env: env() })).stdout);
  assert.deepEqual([out.packages[0].wanted, out.packages[0].latest, out.packages[0].status], ['1.2.0', '2.0.0', 'outdated']);
  const up = await runCli(['upgrade'], { cwd: proj, env: env() });
  assert.equal(up.code, 0, up.stderr + up.stdout);
  assert.equal(lockOf().version, '1.2.0');
});
