// ctxforge's own collections in a git registry (issue 38): .ctxpkg and .octx releases at immutable
// coordinates of the reference's shape, indexed in ctxforge-index.json; the same gate (append-only
// against the base, the index a fresh build) and install by name and range. Real artifacts, real git.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, EPOCH, pemFile, project, SEED } from '../install/artifacts.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
const PKG = 'ctxpkg/@acme/payments-service/1.3.0/package.ctxpkg';

async function ctxpkg14(): Promise<string> {
  const src = join(tmpDir('coll-src-'), 'pkg');
  cpSync(join(repoRoot, 'working-dir-example/ctxpkg'), src, { recursive: true });
  writeFileSync(join(src, 'ctxpkg.yaml'), readFileSync(join(src, 'ctxpkg.yaml'), 'utf8').replace(/^version: .*$/m, 'version: 1.4.0'));
  const out = tmpDir('coll-out-');
  ok(await runCli(['build', src, '--out', out, '--source-date-epoch', EPOCH, '--key', SEED]), 'build 1.4.0');
  return join(out, 'acme-payments-service-1.4.0.ctxpkg');
}

test('.ctxpkg and .octx releases: placed at their coordinates, indexed, gated, installed by name and range', async () => {
  const a = await artifacts();
  const dir = tmpDir('coll-reg-');
  git(dir, 'init', '-q', '-b', 'main');
  ok(await runCli(['registry', 'add', a.ctxpkg, '--registry', dir]), 'add ctxpkg');
  ok(await runCli(['registry', 'add', a.octx, '--registry', dir]), 'add octx');
  const idx = JSON.parse(readFileSync(join(dir, 'ctxforge-index.json'), 'utf8')) as { schemaVersion: string; ctxpkg: Array<{ path: string; signed: boolean }>; octx: Array<{ path: string }> };
  assert.equal(idx.schemaVersion, 'ctxforge.registry-index/1');
  assert.deepEqual(idx.ctxpkg.map((e) => [e.path, e.signed]), [[PKG, true]]);
  assert.match(idx.octx[0]!.path, /^octx\/[0-9a-f-]{36}\/1\.1\.0\/package\.octx$/);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  const base = git(dir, 'rev-parse', 'HEAD');
  ok(await runCli(['registry', 'add', await ctxpkg14(), '--registry', dir]), 'add 1.4.0');
  ok(await runCli(['registry', 'check', '--registry', dir, '--base', base]), 'an addition passes');

  // Install by name and range: the newest in range, verified with the pinned key.
  const proj = project();
  ok(await runCli(['install', '@acme/payments-service@~1.3', '--registry', dir, '--key', pemFile()], { cwd: proj }), 'install ~1.3');
  const lock = JSON.parse(readFileSync(join(proj, 'ctxforge.lock'), 'utf8')) as { packages: Record<string, { version: string; source: Record<string, string> }> };
  assert.equal(lock.packages['@acme/payments-service']!.version, '1.3.0');
  assert.equal(lock.packages['@acme/payments-service']!.source.location, PKG);

  // A hand-edited ctxforge-index.json, and a replaced coordinate, fail.
  const p = join(dir, 'ctxforge-index.json');
  const text = readFileSync(p, 'utf8');
  writeFileSync(p, text.replace('"signed": true', '"signed": false'));
  const edited = await runCli(['registry', 'check', '--registry', dir]);
  assert.equal(edited.code, 1);
  assert.match(edited.stderr, /CTXFORGE_REGISTRY_INDEX_STALE: ctxforge-index\.json: ctxforge-index\.json is not what a fresh build writes/);
  writeFileSync(p, text);
  copyFileSync(a.ctxpkgUnsigned, join(dir, PKG));
  ok(await runCli(['registry', 'index', '--registry', dir]), 'reindex');
  const replaced = await runCli(['registry', 'check', '--registry', dir, '--base', base]);
  assert.equal(replaced.code, 1);
  assert.match(replaced.stderr, /CTXFORGE_REGISTRY_IMMUTABLE: ctxpkg\/@acme\/payments-service\/1\.3\.0\/package\.ctxpkg/);
});
