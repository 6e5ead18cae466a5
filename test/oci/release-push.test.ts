// The release pipeline's "oci" step: with `oci:` in ctxforge.yaml, a tagged release pushes each
// package to the repository (tag = version) with SHA256SUMS, its signature and the provenance as
// referrers; the same release pushed again gives the same manifest digest. Without `oci:` or on a
// dry run, nothing is pushed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runRelease } from '../../src/release/index.js';
import { parseIndex, parseManifest } from '../../src/oci/manifest.js';
import { ALPHA, SEED, makeRepoOf, octxFiles } from '../action/harness.js';
import { git } from '../helpers/tmp.js';
import { fakeRegistry } from './fake-registry.js';

test('a tagged release pushes its package to the oci repository ctxforge.yaml names, twice to the same digest', async () => {
  const reg = await fakeRegistry();
  const repo = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) }, { 'ctxforge.yaml': `oci:\n  repository: oci://${reg.host}/acme/{name}\n` });
  git(repo, ['tag', 'v1.0.0']);
  const env = { ...process.env, DOCKER_CONFIG: join(repo, 'no-docker') };
  const r1 = await runRelease({ cwd: repo, keySpec: SEED, env });
  assert.deepEqual(r1.steps.find((s) => s.name === 'oci'), { name: 'oci', status: 'ran' });
  const m = reg.manifests.get('1.0.0');
  assert.ok(m, 'tagged with the version');
  const manifest = parseManifest(m.bytes, 'm');
  assert.equal(manifest.artifactType, 'application/vnd.octx.package.v0');
  assert.equal(manifest.annotations?.['org.opencontainers.image.version'], '1.0.0');
  assert.equal(manifest.annotations?.['org.opencontainers.image.created'], '2026-01-01T00:00:00Z', 'the build epoch, never the clock');
  assert.match(manifest.annotations?.['org.opencontainers.image.revision'] ?? '', /^[0-9a-f]{40}$/);
  const pkg = r1.artifacts.find((a) => a.kind === 'package')!;
  assert.deepEqual(reg.blobs.get(manifest.layers[0]!.digest), readFileSync(pkg.path), 'the layer is the release asset');
  const digest = `sha256:${(await import('node:crypto')).createHash('sha256').update(m.bytes).digest('hex')}`;
  const idx = parseIndex(reg.manifests.get(digest.replace(':', '-'))!.bytes, 'i');
  assert.deepEqual(idx.manifests.map((d) => d.artifactType).sort(), ['application/vnd.ctxforge.release.checksums.v1', 'application/vnd.in-toto+json']);
  const before = m.bytes;
  await runRelease({ cwd: repo, keySpec: SEED, env, outDir: 'dist2' });
  assert.deepEqual(reg.manifests.get('1.0.0')!.bytes, before, 'the same manifest on every push');
});

test('a dry run, or a repository without oci:, pushes nothing', async () => {
  const reg = await fakeRegistry();
  const repo = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) }, { 'ctxforge.yaml': `oci:\n  repository: oci://${reg.host}/acme/{name}\n` });
  git(repo, ['tag', 'v1.0.0']);
  const r = await runRelease({ cwd: repo, dryRun: true, keySpec: SEED });
  assert.deepEqual(r.steps.find((s) => s.name === 'oci'), { name: 'oci', status: 'skipped', reason: 'dry run' });
  const plain = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) });
  git(plain, ['tag', 'v1.0.0']);
  const p = await runRelease({ cwd: plain, keySpec: SEED });
  assert.deepEqual(p.steps.find((s) => s.name === 'oci'), { name: 'oci', status: 'skipped', reason: 'ctxforge.yaml names no oci repository' });
  assert.equal(reg.log.length, 0);
});

test('the release job\'s registry credentials go to their own host only', async () => {
  const reg = await fakeRegistry({ bearer: { realm: (self) => `${self}/token`, token: 't0k', user: 'actor', pass: 'job-token' } });
  const repo = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA]) }, { 'ctxforge.yaml': `oci:\n  repository: oci://${reg.host}/acme/{name}\n` });
  git(repo, ['tag', 'v1.0.0']);
  const env = { ...process.env, DOCKER_CONFIG: join(repo, 'no-docker') };
  // Credentials meant for ghcr.io are not handed to this registry: it refuses the anonymous token request.
  await assert.rejects(runRelease({ cwd: repo, keySpec: SEED, env, ociCredentials: { host: 'ghcr.io', username: 'actor', password: 'job-token' } }), /CTXFORGE_OCI_AUTH|refused an anonymous token/);
  assert.ok(reg.log.every((l) => !l.authorization?.startsWith('Basic ')), 'no request carried them');
  const r = await runRelease({ cwd: repo, keySpec: SEED, env, outDir: 'dist2', ociCredentials: { host: reg.host, username: 'actor', password: 'job-token' } });
  assert.deepEqual(r.steps.find((s) => s.name === 'oci'), { name: 'oci', status: 'ran' });
  assert.ok(reg.log.some((l) => l.url.startsWith('/token') && l.authorization === `Basic ${Buffer.from('actor:job-token').toString('base64')}`));
});
