// `--config <file>` on the commands that discover packages, as real processes: list, release, diff
// and verify --reproduce read the named file (relative to where they run) instead of the root's
// ctxforge.yaml, and a named file that does not exist is CTXFORGE_REPO_CONFIG_MISSING, exit 2 (like any missing input path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnCli } from '../helpers/cli.js';
import { git, writeTree } from '../helpers/tmp.js';
import { ALPHA, BETA, SEED, makeRepoOf, octxFiles, replaceTree } from '../action/harness.js';

const CONFIG = '.github/ctxforge.yaml';

/** guide/ and faq/ (both OCTX); the root ctxforge.yaml lists both, the one under .github/ only guide, with its own tag pattern and policy. */
function repo(): string {
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]), faq: octxFiles('0.1.0', [], '019c0000-0000-7000-8000-0000000000ff') }, {
    'ctxforge.yaml': 'packages:\n  - path: guide\n  - path: faq\n',
    [CONFIG]: 'policy:\n  document.removed: feature\npackages:\n  - path: guide\n    tag_pattern: "release-*"\n',
  });
  git(dir, ['tag', 'release-1.0.0']);
  mkdirSync(join(dir, 'guide', 'sub'), { recursive: true });
  return dir;
}

function json<T>(r: { code: number; stdout: string; stderr: string }): T {
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout) as T;
}

test('list --config: the named file decides the packages; relative to the directory the command runs in', () => {
  const dir = repo();
  type List = { config_file: string | null; packages: Array<{ path: string; tag_pattern: string; latest_tag: string | null }> };
  const root = json<List>(spawnCli(['list', '--json'], { cwd: dir }));
  assert.equal(root.config_file, 'ctxforge.yaml');
  assert.deepEqual(root.packages.map((p) => p.path), ['guide', 'faq']);
  const named = json<List>(spawnCli(['list', '--json', '--config', `../../${CONFIG}`], { cwd: join(dir, 'guide', 'sub') }));
  assert.equal(named.config_file, CONFIG);
  assert.deepEqual(named.packages.map((p) => [p.path, p.tag_pattern, p.latest_tag]), [['guide', 'release-*', 'release-1.0.0']]);
});

test('release --dry-run --config: the tag pattern comes from the named file', () => {
  const dir = repo();
  const without = spawnCli(['release', '--dry-run', '--tag', 'release-1.0.0', '--json'], { cwd: dir });
  assert.equal(without.code, 2);
  assert.match(without.stdout, /CTXFORGE_RELEASE_TAG/);
  const r = json<{ tag: string; packages: Array<{ path: string }>; artifacts: Array<{ name: string }> }>(
    spawnCli(['release', '--dry-run', '--tag', 'release-1.0.0', '--config', CONFIG, '--key', SEED, '--json', '--out', 'out'], { cwd: dir }));
  assert.equal(r.tag, 'release-1.0.0');
  assert.deepEqual(r.packages.map((p) => p.path), ['guide']);
  assert.ok(r.artifacts.some((a) => a.name === 'guide-1.0.0.octx'));
  assert.ok(existsSync(join(dir, 'out', 'SHA256SUMS.minisig')));
});

test('diff --config: the named file\'s policy judges the change', () => {
  const dir = repo();
  git(dir, ['tag', 'guide@v1.0.0']);
  replaceTree(dir, 'guide', octxFiles('1.1.0', [ALPHA]));
  type Diff = { required_bump: string; version_ok: boolean };
  const strict = json<Diff>(spawnCli(['diff', 'guide@v1.0.0', 'guide', '--json'], { cwd: dir }));
  assert.deepEqual([strict.required_bump, strict.version_ok], ['major', false]);
  const lenient = json<Diff>(spawnCli(['diff', 'guide@v1.0.0', 'guide', '--json', '--config', CONFIG], { cwd: dir }));
  assert.deepEqual([lenient.required_bump, lenient.version_ok], ['minor', true]);
});

test('a named config file that does not exist: CTXFORGE_REPO_CONFIG_MISSING, exit 2, on every command that takes --config', () => {
  const dir = repo();
  const list = spawnCli(['list', '--config', 'nope.yaml'], { cwd: dir });
  assert.equal(list.code, 2);
  assert.match(list.stderr, /error CTXFORGE_REPO_CONFIG_MISSING: .*config file nope\.yaml does not exist/);
  assert.doesNotMatch(list.stderr, /CTXFORGE_INTERNAL|at .*\.ts:\d+/, 'a diagnostic, not a stack trace');
  const asJson = spawnCli(['list', '--json', '--config', 'nope.yaml'], { cwd: dir });
  assert.equal(asJson.code, 2);
  assert.equal((JSON.parse(asJson.stdout) as { error: { code: string; file: string } }).error.code, 'CTXFORGE_REPO_CONFIG_MISSING');
  const dirGiven = spawnCli(['list', '--config', '.github'], { cwd: dir });
  assert.equal(dirGiven.code, 2);
  assert.match(dirGiven.stderr, /CTXFORGE_REPO_CONFIG_MISSING: .*\.github is not a regular file/);
  const built = spawnCli(['build', 'guide', '--out', '.', '--source-date-epoch', '1767225600'], { cwd: dir });
  assert.equal(built.code, 0, built.stderr);
  for (const args of [['release', '--dry-run'], ['diff', 'guide'], ['verify', 'guide-1.0.0.octx', '--reproduce', '--ref', 'release-1.0.0']]) {
    const r = spawnCli([...args, '--config', 'nope.yaml'], { cwd: dir });
    assert.equal(r.code, 2, `${args[0]}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout + r.stderr, /CTXFORGE_REPO_CONFIG_MISSING/, args[0]);
  }
  // An invalid named file is reported against that file, not the root's ctxforge.yaml.
  writeTree(dir, { [CONFIG]: 'packages: {}\n' });
  const bad = spawnCli(['list', '--json', '--config', CONFIG], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.deepEqual((({ code, file }) => ({ code, file }))((JSON.parse(bad.stdout) as { error: { code: string; file: string } }).error), { code: 'CTXFORGE_REPO_CONFIG_INVALID', file: CONFIG });
});
