// A cartridge ROM file copied to a new path after signing, on a real cartridge built and signed by
// ctxforge and changed with stock sqlite3: its bytes verify (they are signed under the old path),
// its path does not. install refuses it unless the path is named with --allow-unbound (and then
// --frozen accepts exactly that); serve never serves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtCli } from '../helpers/built.js';
import { repoRoot, runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import type { Lock } from '../../src/install/lock.js';
import { artifacts, pemFile, project } from './artifacts.js';

/** The signed example cartridge with `from` copied to `to` inside its SQLite archive, by the stock sqlite3 CLI. */
async function copiedRom(from: string, to: string): Promise<string> {
  const a = await artifacts();
  const f = join(tmpDir('inst-unbound-'), 'copied.acx');
  copyFileSync(a.acx, f);
  execFileSync('sqlite3', [f, `INSERT INTO sqlar SELECT '${to}', mode, mtime, sz, data FROM sqlar WHERE name = '${from}'`]);
  assert.equal(execFileSync('sqlite3', [f, `SELECT count(*) FROM sqlar WHERE name = '${to}'`], { encoding: 'utf8' }).trim(), '1');
  return f;
}

test('install: a skill file copied to a new path with sqlite3 is refused unless named with --allow-unbound; --frozen then accepts exactly that', async () => {
  const unbound = 'rom/skills/citation-check/scripts/run.sh';
  const acx = await copiedRom('rom/skills/citation-check/scripts/extract-dois.sh', unbound);
  const dir = project();
  copyFileSync(acx, join(dir, 'vendor.acx'));
  const r = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'claude', '--json'], { cwd: dir });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout) as { error: { code: string }; diagnostics: { code: string; file?: string }[] };
  assert.equal(out.error.code, 'CTXFORGE_INSTALL_UNBOUND');
  assert.ok(out.diagnostics.some((d) => d.code === 'CTXFORGE_INSTALL_UNBOUND' && d.file === unbound), 'the unbound path is named');
  assert.deepEqual(readdirSync(dir), ['vendor.acx'], 'nothing was written');

  const ok = await runCli(['install', 'vendor.acx', '--key', pemFile(), '--host', 'claude', '--allow-unbound', unbound], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(readFileSync(join(dir, '.claude/skills/citation-check/scripts/run.sh')), readFileSync(join(repoRoot, 'working-dir-example/acx/skills/citation-check/scripts/extract-dois.sh')));
  const lock = JSON.parse(readFileSync(join(dir, 'ctxforge.lock'), 'utf8')) as Lock;
  assert.deepEqual(Object.values(lock.packages)[0]!.allow_unbound, [unbound]);
  const fr = await runCli(['install', '--frozen'], { cwd: dir });
  assert.equal(fr.code, 0, fr.stdout + fr.stderr);
});

test('serve: a knowledge document copied to a new path with sqlite3 is never served', async () => {
  const acx = await copiedRom('rom/knowledge/methods/screening.md', 'rom/knowledge/aaa/screening-copy.md');
  const env = { ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-'), CTXFORGE_FROM_SOURCE: '1' };
  const r = spawnSync(process.execPath, [builtCli(), 'serve', acx, '--key', pemFile()], { cwd: tmpDir(), env, encoding: 'utf8', input: '' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /CTXFORGE_INSTALL_UNBOUND/);
  assert.match(r.stderr, /rom\/knowledge\/aaa\/screening-copy\.md/);
  assert.equal(r.stdout, '', 'nothing on the protocol channel');
  assert.ok(!existsSync(join(env.XDG_CACHE_HOME, 'ctxforge')), 'no index was built');
});
