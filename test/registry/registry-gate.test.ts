// The git registry (issue 38): ctxforge writes the ACX reference's layout and index byte for byte,
// and `registry check --base` is the reference's gate — append-only coordinates against the base
// commit, and a committed index that equals a fresh build. Real cartridges built and signed by
// ctxforge, real git repositories. reference-index.json is what the ACX reference's builder
// (tools/build-registry-index.mjs at lboel/acx 85f1358) wrote for a registry holding exactly the
// example cartridge built below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildCartridge, cartridgeSource, OTHER_SEED, EPOCH } from '../install/artifacts.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
const EXAMPLE = readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8');
const COORD = 'cartridges/io.github.ctxforge-examples/research-assistant/1.2.0/cartridge.acx';

const version = (v: string, seed?: string) => (async () => {
  const src = cartridgeSource({ 'cartridge.yaml': EXAMPLE.replace(/^version: .*$/m, `version: ${v}`) });
  if (!seed) return buildCartridge(src);
  const out = tmpDir('reg-build-');
  ok(await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--key', seed]), 'build');
  return join(out, `research-assistant-${v}.acx`);
})();

async function registryRepo(): Promise<{ dir: string; base: string }> {
  const dir = tmpDir('reg-repo-');
  git(dir, 'init', '-q', '-b', 'main');
  ok(await runCli(['registry', 'add', await version('1.2.0'), '--registry', dir]), 'add 1.2.0');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'publish 1.2.0');
  return { dir, base: git(dir, 'rev-parse', 'HEAD') };
}

test('registry add writes the coordinate and the index the ACX reference builder writes, byte for byte', async () => {
  const { dir } = await registryRepo();
  assert.equal(readFileSync(join(dir, 'index.json'), 'utf8'), readFileSync(join(repoRoot, 'test/registry/reference-index.json'), 'utf8'));
  const r = await runCli(['registry', 'check', '--registry', dir]);
  ok(r, 'check');
  assert.match(r.stdout, /index\.json equals a fresh build/);
});

test('a new version is an addition: check --base passes, and the index marks the newer one latest', async () => {
  const { dir, base } = await registryRepo();
  ok(await runCli(['registry', 'add', await version('1.3.0'), '--registry', dir]), 'add 1.3.0');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'publish 1.3.0');
  const r = await runCli(['registry', 'check', '--registry', dir, '--base', base, '--json']);
  ok(r, 'check --base');
  const idx = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { cartridges: Array<{ version: string; latest: boolean }> };
  assert.deepEqual(idx.cartridges.map((c) => [c.version, c.latest]), [['1.3.0', true], ['1.2.0', false]]);
});

test('a replaced coordinate fails check --base, and registry add refuses to replace one', async () => {
  const { dir, base } = await registryRepo();
  const other = await version('1.2.0', OTHER_SEED);
  const add = await runCli(['registry', 'add', other, '--registry', dir]);
  assert.equal(add.code, 1, add.stdout + add.stderr);
  assert.match(add.stderr, /CTXFORGE_REGISTRY_EXISTS/);
  copyFileSync(other, join(dir, COORD));
  ok(await runCli(['registry', 'index', '--registry', dir]), 'reindex');
  git(dir, 'commit', '-q', '-am', 'republish 1.2.0');
  const r = await runCli(['registry', 'check', '--registry', dir, '--base', base]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, new RegExp(`CTXFORGE_REGISTRY_IMMUTABLE: ${COORD.replaceAll('.', '\\.')}: .* was modified`));
  // Without --base the same registry is consistent: only the history shows the replacement.
  ok(await runCli(['registry', 'check', '--registry', dir]), 'check without --base');
});

test('a deleted coordinate fails check --base', async () => {
  const { dir, base } = await registryRepo();
  rmSync(join(dir, COORD));
  ok(await runCli(['registry', 'index', '--registry', dir]), 'reindex');
  git(dir, 'commit', '-q', '-am', 'unpublish');
  const r = await runCli(['registry', 'check', '--registry', dir, '--base', base, '--json']);
  assert.equal(r.code, 1);
  const rep = JSON.parse(r.stdout) as { changed_coordinates: Array<{ status: string; path: string }> };
  assert.deepEqual(rep.changed_coordinates, [{ status: 'D', path: COORD }]);
});

test('an index edited by hand fails, naming the line', async () => {
  const { dir } = await registryRepo();
  const p = join(dir, 'index.json');
  writeFileSync(p, readFileSync(p, 'utf8').replace('"Research Assistant"', '"Research Assistant PRO"'));
  const r = await runCli(['registry', 'check', '--registry', dir]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /CTXFORGE_REGISTRY_INDEX_STALE: index\.json: index\.json is not what a fresh build writes \(line \d+: committed "\\"name\\": \\"Research Assistant PRO\\",/);
});

test('an artifact the reference builder refuses is rejected, and the index is not written', async () => {
  const { dir } = await registryRepo();
  // The right bytes at the wrong coordinate: the signed identity says 1.2.0.
  copyFileSync(join(dir, COORD), join(dir, 'x.acx'));
  execFileSync('mkdir', ['-p', join(dir, 'cartridges/io.github.ctxforge-examples/research-assistant/9.9.9')]);
  copyFileSync(join(dir, COORD), join(dir, 'cartridges/io.github.ctxforge-examples/research-assistant/9.9.9/cartridge.acx'));
  const r = await runCli(['registry', 'index', '--registry', dir]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /CTXFORGE_REGISTRY_REJECTED: .*9\.9\.9\/cartridge\.acx: \[agent\] non-canonical cartridge path/);
  const c = await runCli(['registry', 'check', '--registry', dir]);
  assert.equal(c.code, 1);
});

test('a cartridge with SAVE data is refused: a public registry holds ROM-only cartridges', async () => {
  const { openBytes } = await import('../../src/core/sqlite.js');
  const { createHash } = await import('node:crypto');
  const { jcs } = await import('../../src/core/jcs.js');
  const { artifactFingerprint } = await import('../../src/acx/memory.js');
  const db = openBytes(readFileSync(await version('1.5.0')));
  // A well-formed SAVE record (what an agent learns at run time): valid, but never for a public registry.
  const cbf = `cbf1_${'a'.repeat(40)}`;
  const rec: Record<string, unknown> = { id: 'm-save', title: 'learned', summary: 'at runtime', portable: false, zone: 'save', codebaseFingerprint: cbf, repoId: 'r' };
  rec.artifactFingerprint = artifactFingerprint(rec);
  const payload = jcs(rec);
  db.prepare("INSERT INTO memory(id, zone, artifact_fingerprint, codebase_fingerprint, payload, oid, created_at) VALUES ('m-save', 'save', ?, ?, ?, ?, '2026-01-01T00:00:00Z')")
    .run(rec.artifactFingerprint, cbf, payload, `sha256:${createHash('sha256').update(payload).digest('hex')}`);
  const file = join(tmpDir('reg-save-'), 'research-assistant-1.5.0.acx');
  writeFileSync(file, db.serialize());
  db.close();
  const dir = tmpDir('reg-save-dir-');
  const r = await runCli(['registry', 'add', file, '--registry', dir]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /CTXFORGE_REGISTRY_REJECTED: .*SAVE zone contains data \(memory=1\); nothing was written/);
});

test('ctxforge check (the Action\'s check mode) runs the registry gate in a registry repository', async () => {
  const { dir, base } = await registryRepo();
  const noBase = await runCli(['check'], { cwd: dir });
  ok(noBase, 'check without a base');
  ok(await runCli(['registry', 'add', await version('1.3.0'), '--registry', dir]), 'add 1.3.0');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'publish 1.3.0');
  ok(await runCli(['check', '--base', base], { cwd: dir }), 'an addition passes');
  rmSync(join(dir, COORD));
  ok(await runCli(['registry', 'index', '--registry', dir]), 'reindex');
  git(dir, 'commit', '-q', '-am', 'unpublish 1.2.0');
  const r = await runCli(['check', '--base', base, '--json'], { cwd: dir });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /CTXFORGE_REGISTRY_IMMUTABLE/);
});

test('a private key or a symbolic link anywhere in the registry fails the gate, as in the reference', async () => {
  const { dir } = await registryRepo();
  // The marker split across the 1 MiB read boundary is still found.
  writeFileSync(join(dir, 'notes.txt'), Buffer.concat([Buffer.alloc((1 << 20) - 10, 'a'), Buffer.from('-----BEGIN OPENSSH PRIVATE KEY-----\n')]));
  writeFileSync(join(dir, 'publisher.key.pem'), 'public only\n');
  execFileSync('ln', ['-s', '/etc/passwd', join(dir, 'cartridges', 'link.acx')]);
  const r = await runCli(['registry', 'check', '--registry', dir, '--json']);
  assert.equal(r.code, 1);
  const reasons = (JSON.parse(r.stdout) as { rejected: Array<{ reason: string }> }).rejected.map((x) => x.reason).sort();
  assert.deepEqual(reasons, [
    'cartridges/link.acx: symbolic links are forbidden in the registry',
    'notes.txt: private key material is forbidden',
    'publisher.key.pem: secret-bearing filename is forbidden',
    'symbolic links are forbidden',
  ]);
});
