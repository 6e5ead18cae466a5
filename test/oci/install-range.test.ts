// `install <name>@<range> --registry oci://…` (issue 38's OCI half): the repository's tags, read page
// by page, are its versions; the newest in the range is fetched by the digest its tag names and
// verified against the pinned key; the lock records an oci source with the range; outdated and
// upgrade then work over it, and a lower version stays a downgrade. Real cartridges built and signed
// by ctxforge, pushed to the in-process registry on 127.0.0.1 (test/oci/fake-registry.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RegistryClient } from '../../src/oci/client.js';
import { pushPackage } from '../../src/oci/package.js';
import { parseOciRef } from '../../src/oci/ref.js';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildCartridge, cartridgeSource, pemFile, project } from '../install/artifacts.js';
import { fakeRegistry, type FakeRegistry } from './fake-registry.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const env = () => ({ ...process.env, DOCKER_CONFIG: join(tmpDir('oci-nocfg-'), 'none') });
const EXAMPLE = readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8');
const REPO = 'acme/research-assistant';

const built = new Map<string, Promise<string>>();
const version = (v: string) => {
  if (!built.has(v)) built.set(v, buildCartridge(cartridgeSource({ 'cartridge.yaml': EXAMPLE.replace(/^version: .*$/m, `version: ${v}`) })));
  return built.get(v)!;
};

async function push(reg: FakeRegistry, tag: string, v = tag): Promise<string> {
  const client = new RegistryClient({ host: reg.host, repository: REPO, backoffMs: () => 0 });
  return (await pushPackage(client, parseOciRef(`oci://${reg.host}/${REPO}:${tag}`), await version(v), {})).manifest_digest;
}

type Lock = { packages: Record<string, { version: string; source: Record<string, string> }> };
const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')) as Lock;

test('install <name>@^1 --registry oci://host/ns: the newest 1.x from the paginated tags, by digest, verified; outdated and upgrade follow', async () => {
  // Two tags a page: the versions are spread over pages only the Link header leads to.
  const reg = await fakeRegistry({ tagPage: 2 });
  for (const v of ['1.2.0', '1.3.0', '2.0.0']) await push(reg, v);
  await push(reg, 'latest', '2.0.0');
  const d13 = await push(reg, '1.3.0');
  const proj = project();
  execFileSync('git', ['init', '-q'], { cwd: proj });
  const r = await runCli(['install', 'research-assistant@^1', '--registry', `oci://${reg.host}/acme`, '--key', pemFile()], { cwd: proj, env: env() });
  ok(r, 'install');
  assert.match(r.stdout, /installed research-assistant@1\.3\.0/);
  assert.ok(reg.log.some((l) => /tags\/list\?n=\d+&last=/.test(l.url)), 'a second page of tags was read');
  assert.ok(reg.log.some((l) => l.url === `/v2/${REPO}/manifests/${d13}`), 'the manifest was fetched by digest');
  const at = `oci://${reg.host}/${REPO}`;
  assert.deepEqual(lockOf(proj).packages['research-assistant']!.source, { type: 'oci', location: `${at}@${d13}`, registry: at, manifest_digest: d13, range: '^1' });
  ok(await runCli(['install', '--frozen'], { cwd: proj, env: env() }), 'frozen reinstall by digest');

  // A newer 1.x appears: outdated sees it from the tags, upgrade installs it within the range.
  await push(reg, '1.4.0');
  const out = await runCli(['outdated', '--json'], { cwd: proj, env: env() });
  const row = (JSON.parse(out.stdout) as { packages: Array<Record<string, unknown>> }).packages[0]!;
  assert.deepEqual({ current: row.current, wanted: row.wanted, latest: row.latest, status: row.status, from: row.from }, { current: '1.3.0', wanted: '1.4.0', latest: '2.0.0', status: 'outdated', from: at });
  ok(await runCli(['upgrade'], { cwd: proj, env: env() }), 'upgrade');
  const p = lockOf(proj).packages['research-assistant']!;
  assert.equal(p.version, '1.4.0');
  assert.equal(p.source.range, '^1');

  // Lower than the locked version: a downgrade, refused without --allow-downgrade.
  const down = await runCli(['install', 'research-assistant@1.2.0', '--registry', at, '--key', pemFile()], { cwd: proj, env: env() });
  assert.equal(down.code, 1, down.stdout + down.stderr);
  assert.match(down.stderr, /CTXFORGE_INSTALL_DOWNGRADE/);
  assert.equal(lockOf(proj).packages['research-assistant']!.version, '1.4.0');
  ok(await runCli(['install', 'research-assistant@1.2.0', '--registry', at, '--key', pemFile(), '--allow-downgrade'], { cwd: proj, env: env() }), 'downgrade allowed');
  assert.equal(lockOf(proj).packages['research-assistant']!.version, '1.2.0');
});

test('the tag list is no trust root: unpinned refused, a tag whose package says another version refused, no version in range said', async () => {
  const reg = await fakeRegistry();
  await push(reg, '1.0.0');
  await push(reg, '1.9.0', '1.0.0'); // the tag claims 1.9.0; the signed package is 1.0.0
  const base = `oci://${reg.host}/acme`;
  const unpinned = await runCli(['install', 'research-assistant@1.0.0', '--registry', base], { cwd: project(), env: env() });
  assert.equal(unpinned.code, 1);
  assert.match(unpinned.stderr, /CTXFORGE_INSTALL_UNVERIFIED/);
  const lying = await runCli(['install', 'research-assistant@^1', '--registry', base, '--key', pemFile()], { cwd: project(), env: env() });
  assert.equal(lying.code, 1);
  assert.match(lying.stderr, /holds version 1\.0\.0, not the 1\.9\.0/);
  const none = await runCli(['install', 'research-assistant@^3', '--registry', base, '--key', pemFile()], { cwd: project(), env: env() });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /CTXFORGE_REGISTRY_NOT_FOUND: .*no version of research-assistant in \^3 \(it has 1\.0\.0, 1\.9\.0\)/);
  const missing = await runCli(['install', 'nothing-here@^1', '--registry', base, '--key', pemFile()], { cwd: project(), env: env() });
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /CTXFORGE_REGISTRY_NOT_FOUND: .*no package named nothing-here/);
  // Installed by tag, not by range: outdated has no range to follow and says how to get one.
  const byTag = project();
  ok(await runCli(['install', `oci://${reg.host}/${REPO}:1.0.0`, '--key', pemFile()], { cwd: byTag, env: env() }), 'install by tag');
  const row = (JSON.parse((await runCli(['outdated', '--json'], { cwd: byTag, env: env() })).stdout) as { packages: Array<Record<string, string>> }).packages[0]!;
  assert.equal(row.status, 'unknown');
  assert.match(row.reason!, /installed by OCI tag or digest, not by range/);
});

test('the lock keeps range strict: on an oci:// source it is read, on an image layout or as a non-range it is refused', async () => {
  const reg = await fakeRegistry();
  await push(reg, '1.0.0');
  const proj = project();
  ok(await runCli(['install', 'research-assistant@^1', '--registry', `oci://${reg.host}/${REPO}`, '--key', pemFile()], { cwd: proj, env: env() }), 'install by the repository itself');
  const text = readFileSync(join(proj, 'ctxforge.lock'), 'utf8');
  const layout = text.replace(`"registry": "oci://${reg.host}/${REPO}"`, '"registry": "oci-layout:layout"');
  assert.notEqual(layout, text);
  writeFileSync(join(proj, 'ctxforge.lock'), layout);
  const r1 = await runCli(['install', '--frozen'], { cwd: proj, env: env() });
  assert.equal(r1.code, 2);
  assert.match(r1.stderr, /CTXFORGE_LOCK_INVALID: .*source\.range applies only to .* not an image layout/);
  writeFileSync(join(proj, 'ctxforge.lock'), text.replace('"range": "^1"', '"range": "not a range"'));
  const r2 = await runCli(['install', '--frozen'], { cwd: proj, env: env() });
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /CTXFORGE_LOCK_INVALID: .*source\.range "not a range" is not a SemVer range/);
});
