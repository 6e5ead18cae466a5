// Installing by name and SemVer range from a git registry (issue 38): the newest version in the
// range, verified against the pinned key, recorded in the lock with the registry, the range and the
// coordinate; then outdated and upgrade over the same lock, and a GitHub Release URL looked up on
// the local GitHub stand-in. Real cartridges built and signed by ctxforge, real git repositories.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, repoRoot, spawnCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { startGitHub } from '../helpers/github-server.js';
import { buildCartridge, cartridgeSource, pemFile, project } from '../install/artifacts.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
const EXAMPLE = readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8');
const NAME = 'io.github.ctxforge-examples/research-assistant';

const built = new Map<string, Promise<string>>();
const version = (v: string) => {
  if (!built.has(v)) built.set(v, buildCartridge(cartridgeSource({ 'cartridge.yaml': EXAMPLE.replace(/^version: .*$/m, `version: ${v}`) })));
  return built.get(v)!;
};

async function registry(dir: string, versions: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const v of versions) ok(await runCli(['registry', 'add', await version(v), '--registry', dir]), `add ${v}`);
}

type Lock = { packages: Record<string, { version: string; source: Record<string, string>; artifact: { sha256: string } }> };
const lockOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')) as Lock;

test('install <name>@^1 from a registry folder picks the newest 1.x, verified, and records registry, range and coordinate', async () => {
  const proj = project();
  git(proj, 'init', '-q');
  await registry(join(proj, 'vendor/registry'), ['1.2.0', '1.3.0', '2.0.0']);
  const r = await runCli(['install', `${NAME}@^1`, '--registry', 'vendor/registry', '--key', pemFile()], { cwd: proj });
  ok(r, 'install');
  assert.match(r.stdout, /installed research-assistant@1\.3\.0/);
  const p = lockOf(proj).packages['research-assistant']!;
  assert.equal(p.version, '1.3.0');
  assert.deepEqual(p.source, { type: 'registry', registry: 'vendor/registry', range: '^1', location: `cartridges/${NAME}/1.3.0/cartridge.acx` });
  assert.equal(p.artifact.sha256, execFileSync('sha256sum', [await version('1.3.0')], { encoding: 'utf8' }).split(' ')[0]);
  // The lock is read back (no longer refused as unimplemented) and its artifact checked from the registry.
  ok(await runCli(['install', '--frozen'], { cwd: proj }), 'frozen');

  // A bare id is the name where it is unique; an unknown name or an empty range says so.
  const none = await runCli(['install', 'research-assistant@^3', '--registry', 'vendor/registry', '--key', pemFile()], { cwd: proj });
  assert.equal(none.code, 1);
  assert.match(none.stderr, /CTXFORGE_REGISTRY_NOT_FOUND: .*no version of research-assistant in \^3 \(it has 1\.2\.0, 1\.3\.0, 2\.0\.0\)/);

  // A lower version than the locked one is a downgrade: refused without --allow-downgrade.
  const down = await runCli(['install', `${NAME}@1.2.0`, '--registry', 'vendor/registry', '--key', pemFile()], { cwd: proj });
  assert.equal(down.code, 1);
  assert.match(down.stderr, /CTXFORGE_INSTALL_DOWNGRADE/);
  ok(await runCli(['install', `${NAME}@1.2.0`, '--registry', 'vendor/registry', '--key', pemFile(), '--allow-downgrade'], { cwd: proj }), 'downgrade allowed');
  assert.equal(lockOf(proj).packages['research-assistant']!.version, '1.2.0');
});

test('a git URL registry: cloned, the newest in range installed; the listing is no trust root (the pinned key still decides)', async () => {
  const repo = tmpDir('reg-git-');
  git(repo, 'init', '-q', '-b', 'main');
  await registry(repo, ['1.2.0', '1.4.0']);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'registry');
  const url = pathToFileURL(repo).href;
  const proj = project();
  const r = await runCli(['install', 'research-assistant@~1.2 || ^1.4', '--registry', url, '--key', pemFile()], { cwd: proj });
  ok(r, 'install from git URL');
  assert.deepEqual(lockOf(proj).packages['research-assistant']!.source, { type: 'registry', registry: url, range: '~1.2 || ^1.4', location: `cartridges/${NAME}/1.4.0/cartridge.acx` });
  // Without a pinned key the registry's word is not enough.
  const proj2 = project();
  const unpinned = await runCli(['install', 'research-assistant@^1', '--registry', url], { cwd: proj2 });
  assert.equal(unpinned.code, 1);
  assert.match(unpinned.stderr, /CTXFORGE_INSTALL_UNVERIFIED/);
});

test('outdated lists wanted (in range) and latest; upgrade installs the newest in range and keeps the range', async () => {
  const proj = project();
  git(proj, 'init', '-q');
  const reg = join(proj, 'reg');
  await registry(reg, ['1.2.0']);
  ok(await runCli(['install', 'research-assistant@^1', '--registry', 'reg', '--key', pemFile()], { cwd: proj }), 'install');
  await registry(reg, ['1.3.0', '2.0.0']);
  const o = await runCli(['outdated', '--json'], { cwd: proj });
  ok(o, 'outdated');
  assert.deepEqual(JSON.parse(o.stdout).packages, [{ name: 'research-assistant', current: '1.2.0', wanted: '1.3.0', latest: '2.0.0', range: '^1', source: 'registry', from: 'reg', status: 'outdated' }]);
  const u = await runCli(['upgrade', '--json'], { cwd: proj });
  ok(u, 'upgrade');
  const p = lockOf(proj).packages['research-assistant']!;
  assert.equal(p.version, '1.3.0');
  assert.equal(p.source.range, '^1');
  const again = await runCli(['upgrade', 'research-assistant'], { cwd: proj });
  ok(again, 'upgrade again');
  assert.match(again.stdout, /1\.3\.0 is the newest in \^1 \(2\.0\.0 is outside the range\)/);
});

test('outdated over a git registry: one clone for every package it lists, and no artifact read out of it', async () => {
  // Two packages from one git URL registry (the user scope's lock may name a file:// registry).
  const other = (v: string) => buildCartridge(cartridgeSource({
    'cartridge.yaml': EXAMPLE.replace(/^artifact: .*$/m, 'artifact: second-assistant').replace(/^version: .*$/m, `version: ${v}`).replace(/^uuid: .*$/m, 'uuid: 6f1c2a9e-4b7d-4e21-9c3a-000000000002'),
    skills: null,
  }));
  const repo = tmpDir('reg-git-od-');
  git(repo, 'init', '-q', '-b', 'main');
  await registry(repo, ['1.2.0', '1.3.0']);
  for (const v of ['1.0.0', '1.1.0']) ok(await runCli(['registry', 'add', await other(v), '--registry', repo]), `add second ${v}`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'registry');
  const url = pathToFileURL(repo).href;
  const home = tmpDir('reg-home-');
  const env = { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, 'cfg'), XDG_STATE_HOME: join(home, 'state') };
  const proj = project();
  ok(await runCli(['install', 'research-assistant@~1.2', '--registry', url, '--key', pemFile(), '--user'], { cwd: proj, env }), 'install first');
  ok(await runCli(['install', 'second-assistant@~1.0', '--registry', url, '--key', pemFile(), '--user'], { cwd: proj, env }), 'install second');
  // A server that does not filter (git's default) and one that does (as GitHub and GitLab do): the
  // same versions; the one that filters is asked for no blob, so the artifacts never cross the wire.
  for (const filters of [false, true]) {
    git(repo, 'config', 'uploadpack.allowFilter', String(filters));
    const trace = join(tmpDir('reg-trace-'), 'git.trace');
    const o = spawnCli(['outdated', '--user', '--json'], { cwd: proj, env: { ...env, GIT_TRACE: trace } });
    ok(o, 'outdated');
    assert.deepEqual(JSON.parse(o.stdout).packages.map((r: { name: string; current: string; wanted: string; latest: string }) => [r.name, r.current, r.wanted, r.latest]),
      [['research-assistant', '1.2.0', '1.2.0', '1.3.0'], ['second-assistant', '1.0.0', '1.0.0', '1.1.0']]);
    // What git was asked to do: the listing comes from the tree, so no blob is written out of the clone.
    const calls = readFileSync(trace, 'utf8').split('\n').filter((l) => /trace: (?:built-in|run_command): git /.test(l));
    assert.equal(calls.filter((l) => /built-in: git clone .*--filter=blob:none/.test(l)).length, 1, calls.join('\n'));
    assert.equal(calls.filter((l) => / git cat-file /.test(l)).length, 0, calls.join('\n'));
    // upload-pack (run here for file://) packs with the filter only when the server allows it.
    assert.equal(calls.some((l) => /git pack-objects .*--filter=blob:none/.test(l)), filters, calls.join('\n'));
  }
  // The clone starts before the lock is checked (it runs while the lock is): a lock found invalid
  // still fails as such, and what was cloned for it is removed.
  const lockPath = join(home, 'cfg', 'ctxforge', 'ctxforge.lock');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  lock.packages['second-assistant'].source.range = 'not a range';
  writeFileSync(lockPath, JSON.stringify(lock, null, 2));
  const tmp = tmpDir('reg-tmp-');
  const trace = join(tmpDir('reg-trace-'), 'git.trace');
  const bad = spawnCli(['outdated', '--user'], { cwd: proj, env: { ...env, TMPDIR: tmp, GIT_TRACE: trace } });
  assert.equal(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /CTXFORGE_LOCK_INVALID/);
  assert.match(readFileSync(trace, 'utf8'), /built-in: git clone /);
  assert.deepEqual(readdirSync(tmp), []);
});

test('outdated: a GitHub Release URL is looked up with the releases API; a local file is unknown with the reason', async () => {
  const gh = await startGitHub();
  try {
    const proj = project();
    git(proj, 'init', '-q');
    const reg = join(proj, 'reg');
    await registry(reg, ['1.2.0']);
    ok(await runCli(['install', 'research-assistant@^1', '--registry', 'reg', '--key', pemFile()], { cwd: proj }), 'install');
    // The same package as if installed from a release download URL.
    const lock = lockOf(proj);
    lock.packages['research-assistant']!.source = { type: 'url', location: `${gh.apiUrl}/acme/knowledge/releases/download/v1.2.0/research-assistant-1.2.0.acx` };
    writeFileSync(join(proj, 'ctxforge.lock'), `${JSON.stringify(lock, null, 2)}\n`);
    for (const [id, tag, draft] of [[1, 'v1.2.0', false], [2, 'v1.5.0', false], [3, 'v9.0.0', true], [4, 'nightly', false]] as const) {
      gh.releases.push({ id, tag_name: tag, target_commitish: 'main', name: tag, body: null, draft, prerelease: false, immutable: false, created_at: '2026-01-01T00:00:00Z', published_at: '2026-01-01T00:00:00Z', assets: [] });
    }
    const env = { ...process.env, GITHUB_API_URL: gh.apiUrl, GITHUB_TOKEN: 'ghs_testtoken' };
    const o = await runCli(['outdated', '--json'], { cwd: proj, env });
    ok(o, 'outdated');
    assert.deepEqual(JSON.parse(o.stdout).packages[0], { name: 'research-assistant', current: '1.2.0', wanted: null, latest: '1.5.0', range: null, source: 'github-release', from: 'acme/knowledge', status: 'outdated' });
    assert.ok(gh.log.some((l) => l.path === '/repos/acme/knowledge/releases' && l.status === 200));
    lock.packages['research-assistant']!.source = { type: 'path', location: 'dist/research-assistant-1.2.0.acx' };
    writeFileSync(join(proj, 'ctxforge.lock'), `${JSON.stringify(lock, null, 2)}\n`);
    const f = JSON.parse((await runCli(['outdated', '--json'], { cwd: proj, env })).stdout).packages[0];
    assert.equal(f.status, 'unknown');
    assert.match(f.reason, /a local file: nothing lists its versions/);
  } finally {
    await gh.close();
  }
});

test('a registry named in ctxforge.yaml: install --registry <name> resolves it, and the lock records what it stood for', async () => {
  const proj = project();
  git(proj, 'init', '-q');
  await registry(join(proj, 'vendor/registry'), ['1.2.0']);
  writeFileSync(join(proj, 'ctxforge.yaml'), 'registries:\n  team: vendor/registry\n');
  ok(await runCli(['install', 'research-assistant@^1', '--registry', 'team', '--key', pemFile()], { cwd: proj }), 'install by registry name');
  assert.equal(lockOf(proj).packages['research-assistant']!.source.registry, 'vendor/registry');
  writeFileSync(join(proj, 'ctxforge.yaml'), 'registries:\n  Team!: vendor/registry\n');
  const bad = await runCli(['install', 'research-assistant@^1', '--registry', 'team', '--key', pemFile()], { cwd: proj });
  assert.equal(bad.code, 2, bad.stdout + bad.stderr);
  assert.match(bad.stderr, /CTXFORGE_REPO_CONFIG_INVALID/);
});
