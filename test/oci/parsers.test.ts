// The OCI parsers that read hostile input: manifests and indexes (size, depth, digests), the
// WWW-Authenticate challenge, references, Link pagination, and where credentials may go.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { credentialMayGo, dockerCredentials, parseChallenges } from '../../src/oci/auth.js';
import { nextLink } from '../../src/oci/client.js';
import { MAX_MANIFEST_BYTES, digestOf, emptyConfig, manifestBytes, parseIndex, parseManifest } from '../../src/oci/manifest.js';
import { EMPTY_DIGEST, PACKAGE_MEDIA } from '../../src/oci/media.js';
import { parseOciRef } from '../../src/oci/ref.js';
import { tmpDir } from '../helpers/tmp.js';

const D = 'sha256:' + 'ab'.repeat(32);
const cartridge = () => ({
  artifactType: PACKAGE_MEDIA.acx.artifactType, config: emptyConfig(),
  layers: [{ mediaType: PACKAGE_MEDIA.acx.layer, digest: D, size: 10, annotations: { 'vnd.acx.spec-version': '0.1', 'org.opencontainers.image.title': 'a.acx', 'vnd.acx.rom-manifest-hash': 'sha256:' + '00'.repeat(32) } }],
  annotations: { 'org.opencontainers.image.version': '1.0.0', 'org.opencontainers.image.created': '2026-01-01T00:00:00Z' },
});

test('a cartridge manifest is ACX SPEC §11 exactly, canonical, and the same bytes whatever the order it was given in', () => {
  const a = manifestBytes(cartridge());
  const c = cartridge();
  c.layers[0]!.annotations = Object.fromEntries(Object.entries(c.layers[0]!.annotations).reverse()) as typeof c.layers[0]['annotations'];
  c.annotations = Object.fromEntries(Object.entries(c.annotations).reverse()) as typeof c.annotations;
  assert.deepEqual(manifestBytes(c), a);
  const j = JSON.parse(a.toString());
  assert.equal(j.schemaVersion, 2);
  assert.equal(j.mediaType, 'application/vnd.oci.image.manifest.v1+json');
  assert.equal(j.artifactType, 'application/vnd.acx.cartridge.v1');
  assert.deepEqual(j.config, { mediaType: 'application/vnd.oci.empty.v1+json', digest: EMPTY_DIGEST, size: 2 });
  assert.equal(EMPTY_DIGEST, digestOf('{}'));
  assert.equal(j.layers[0].mediaType, 'application/vnd.acx.cartridge.layer.v1+sqlite');
  assert.deepEqual(Object.keys(j.layers[0].annotations), ['org.opencontainers.image.title', 'vnd.acx.rom-manifest-hash', 'vnd.acx.spec-version']);
  assert.ok(!a.toString().includes(' '), 'no whitespace');
  assert.deepEqual(parseManifest(a, 'm').layers[0]!.digest, D);
});

test('hostile manifests are refused with a message that says why', () => {
  const m = JSON.parse(manifestBytes(cartridge()).toString());
  const bad = (doc: unknown, re: RegExp) => assert.throws(() => parseManifest(Buffer.from(typeof doc === 'string' ? doc : JSON.stringify(doc)), 'm'), (e: Error) => re.test(e.message) && /CTXFORGE_OCI_MANIFEST|nothing was fetched/.test(`${(e as { diagnostic?: { code: string } }).diagnostic?.code} ${e.message}`));
  bad({ ...m, layers: [{ ...m.layers[0], digest: 'sha512:' + 'ab'.repeat(64) }] }, /not sha256/);
  bad({ ...m, layers: [{ ...m.layers[0], digest: 'sha256:' + 'AB'.repeat(32) }] }, /not sha256/);
  bad({ ...m, layers: [{ ...m.layers[0], size: -1 }] }, /size/);
  bad({ ...m, layers: [{ ...m.layers[0], size: 2 ** 60 }] }, /size/);
  bad({ ...m, artifactType: undefined }, /artifactType/);
  bad({ ...m, schemaVersion: 1 }, /schemaVersion/);
  bad('['.repeat(100_000), /nested deeper/);
  bad({ ...m, annotations: { a: { b: { c: { d: 1 } } } } }, /nested deeper|not a string/);
  bad(`{"schemaVersion":2,"schemaVersion":2}`, /strict JSON/);
  assert.throws(() => parseManifest(Buffer.alloc(MAX_MANIFEST_BYTES + 1, 32), 'm'), /larger than/);
  assert.throws(() => parseIndex(Buffer.from(JSON.stringify({ schemaVersion: 2, manifests: Array(10_001).fill(m.config) })), 'i'), /more than 10000/);
});

test('WWW-Authenticate: Bearer and Basic challenges, quoted values with commas and escapes, several challenges', () => {
  assert.deepEqual(parseChallenges('Bearer realm="https://ghcr.io/token",service="ghcr.io",scope="repository:a/b:pull"').map((c) => [c.scheme, { ...c.params }]),
    [['bearer', { realm: 'https://ghcr.io/token', service: 'ghcr.io', scope: 'repository:a/b:pull' }]]);
  assert.deepEqual(parseChallenges('Basic realm="Registry Realm"').map((c) => [c.scheme, c.params.realm]), [['basic', 'Registry Realm']]);
  const two = parseChallenges('Basic dXNlcjpwYXNz==, Bearer realm="https://a/t", scope="repository:x:pull,push", error="in\\"valid"');
  assert.deepEqual(two.map((c) => c.scheme), ['basic', 'bearer']);
  assert.equal(two[1]!.params.scope, 'repository:x:pull,push');
  assert.equal(two[1]!.params.error, 'in"valid');
  assert.deepEqual(parseChallenges('Bearer realm="unterminated'), [{ scheme: 'bearer', params: {} }].map((c) => ({ ...c, params: Object.assign(Object.create(null), c.params) })));
  assert.deepEqual(parseChallenges(''), []);
  assert.deepEqual(parseChallenges('x'.repeat(9000)), []);
});

test('WWW-Authenticate parsing is a single pass: hostile headers at the size limit are read whole, each character a bounded number of times', () => {
  // Shapes that make backtracking parsers quadratic: long runs of quotes, escapes, commas, "=" and spaces.
  for (const h of ['Bearer realm="' + '\\"'.repeat(4000), 'Bearer ' + 'a='.repeat(4000), 'Bearer ' + ','.repeat(8000), 'Basic ' + '='.repeat(8000), 'B ' + ' '.repeat(8000), 'Bearer ' + 'a="b",'.repeat(1300)]) {
    const s = h.slice(0, 8192);
    const meter = { steps: 0 };
    const r = parseChallenges(s, meter);
    assert.ok(meter.steps <= 4 * s.length + 8, `${meter.steps} steps for ${s.length} characters`);
    for (const c of r) assert.ok(Object.keys(c.params).length <= 32, 'at most 32 params are kept');
  }
});

test('OCI references: registry, repository grammar, tag, digest, layouts', () => {
  assert.deepEqual(parseOciRef('oci://127.0.0.1:5000/acme/handbook:1.2.0'), { kind: 'registry', host: '127.0.0.1:5000', repository: 'acme/handbook', tag: '1.2.0' });
  assert.deepEqual(parseOciRef(`oci://GHCR.io/a/b@${D}`), { kind: 'registry', host: 'ghcr.io', repository: 'a/b', digest: D });
  assert.deepEqual(parseOciRef('oci-layout:./out/lay:v1'), { kind: 'layout', dir: './out/lay', tag: 'v1' });
  assert.deepEqual(parseOciRef(`oci-layout:lay@${D}`), { kind: 'layout', dir: 'lay', digest: D });
  for (const bad of ['oci://host', 'oci://host/UPPER', 'oci://host/a//b', 'oci://host/a:b:c', 'oci://host/a@sha256:short', 'https://host/a', 'oci://ho st/a', `oci://host/${'a-'.repeat(5000)}a`, 'oci://host/a--b_' + '_'.repeat(3000) + '!']) {
    assert.throws(() => parseOciRef(bad), /CTXFORGE_OCI_REFERENCE|is not an OCI reference/, bad);
  }
});

test('Link pagination follows rel="next" on the same registry only', () => {
  const base = new URL('http://127.0.0.1:5000');
  const cur = new URL('http://127.0.0.1:5000/v2/a/tags/list?n=2');
  assert.equal(nextLink('</v2/a/tags/list?last=b&n=2>; rel="next"', cur, base)?.href, 'http://127.0.0.1:5000/v2/a/tags/list?last=b&n=2');
  assert.equal(nextLink('<https://evil.example/v2/a/tags/list>; rel="next"', cur, base), undefined);
  assert.equal(nextLink('</v2/a/tags/list?last=b>; rel="prev"', cur, base), undefined);
  assert.equal(nextLink(null, cur, base), undefined);
});

test('credentials go to their own registry and its https realm only, never over plain http to another machine', () => {
  assert.ok(credentialMayGo('ghcr.io', new URL('https://ghcr.io/token')));
  assert.ok(!credentialMayGo('ghcr.io', new URL('https://evil.example/token')));
  assert.ok(!credentialMayGo('ghcr.io', new URL('http://ghcr.io/token')));
  assert.ok(!credentialMayGo('ghcr.io', new URL('https://ghcr.io.evil.example/token')));
  assert.ok(credentialMayGo('127.0.0.1:5000', new URL('http://127.0.0.1:5000/v2/')));
  assert.ok(!credentialMayGo('10.0.0.5:5000', new URL('http://10.0.0.5:5000/v2/')));
  assert.ok(credentialMayGo('docker.io', new URL('https://auth.docker.io/token')));
});

test("Docker's config.json: the entry for exactly this host, a credential helper, none for a look-alike", async () => {
  const dir = tmpDir('oci-dockercfg-');
  mkdirSync(join(dir, 'd'));
  const auth = (u: string, p: string) => Buffer.from(`${u}:${p}`).toString('base64');
  writeFileSync(join(dir, 'd', 'config.json'), JSON.stringify({
    auths: { 'https://ghcr.io': { auth: auth('me', 'pa:ss') }, 'evil-ghcr.io': { auth: auth('x', 'y') }, '127.0.0.1:5000': { auth: auth('local', 'pw') } },
    credHelpers: { 'registry.example': 'fake' },
  }));
  const env = { DOCKER_CONFIG: join(dir, 'd') };
  assert.deepEqual(await dockerCredentials('ghcr.io', { env }), { username: 'me', password: 'pa:ss', from: join(dir, 'd', 'config.json') });
  assert.equal((await dockerCredentials('127.0.0.1:5000', { env }))?.username, 'local');
  assert.equal(await dockerCredentials('io', { env }), undefined);
  assert.equal(await dockerCredentials('ghcr.io.evil.example', { env }), undefined);
  const asked: string[] = [];
  const helper = async (name: string, host: string) => { asked.push(`${name} ${host}`); return JSON.stringify({ Username: 'h', Secret: 's' }); };
  assert.deepEqual(await dockerCredentials('registry.example', { env, helper }), { username: 'h', password: 's', from: 'docker-credential-fake' });
  assert.deepEqual(asked, ['fake registry.example']);
  assert.equal(await dockerCredentials('ghcr.io', { env: { DOCKER_CONFIG: join(dir, 'none') } }), undefined);
});
