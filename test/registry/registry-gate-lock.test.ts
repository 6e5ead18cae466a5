// A registry-sourced package in the pull-request lock gate (issue 38): the head's lock entry is
// checked by fetching the recorded coordinate from the recorded registry and comparing the recorded
// digest, against the base's pin; a lower version than the base's is a downgrade. Real git repos.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { buildCartridge, cartridgeSource, pemFile } from '../install/artifacts.js';
import type { LockReview } from '../../src/install/review.js';

type Cli = { code: number; stdout: string; stderr: string };
const ok = (r: Cli, what: string) => assert.equal(r.code, 0, `${what}: ${r.stdout}${r.stderr}`);
const git = (dir: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' }).trim();
const EXAMPLE = readFileSync(join(repoRoot, 'working-dir-example/acx/cartridge.yaml'), 'utf8');
const version = (v: string) => buildCartridge(cartridgeSource({ 'cartridge.yaml': EXAMPLE.replace(/^version: .*$/m, `version: ${v}`) }));

async function base(): Promise<{ dir: string; base: string }> {
  const dir = join(tmpDir('gate-reg-'), 'repo');
  mkdirSync(join(dir, 'reg'), { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  for (const v of ['1.2.0', '1.3.0']) ok(await runCli(['registry', 'add', await version(v), '--registry', join(dir, 'reg')]), `add ${v}`);
  ok(await runCli(['install', 'research-assistant@1.3.0', '--registry', 'reg', '--key', pemFile()], { cwd: dir }), 'base install');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'base');
  return { dir, base: git(dir, 'rev-parse', 'HEAD') };
}

async function check(dir: string, b: string): Promise<{ r: Cli; lock: LockReview }> {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'pr', '--allow-empty');
  const r = await runCli(['check', '--base', b, '--json'], { cwd: dir });
  return { r, lock: (JSON.parse(r.stdout) as { lock: LockReview }).lock };
}

test('the gate checks a registry-sourced package by its recorded coordinate and digest', async () => {
  const { dir, base: b } = await base();
  const clean = await check(dir, b);
  assert.equal(clean.lock.failed, false, JSON.stringify(clean.lock.findings));

  // A downgrade through the registry is a downgrade.
  const down = join(tmpDir('gate-reg-pr-'), 'repo');
  cpSync(dir, down, { recursive: true });
  ok(await runCli(['install', 'research-assistant@1.2.0', '--registry', 'reg', '--allow-downgrade'], { cwd: down }), 'downgrade');
  const d = await check(down, b);
  assert.deepEqual(d.lock.findings.filter((f) => f.fails).map((f) => f.kind), ['downgrade']);

  // Other bytes at the recorded coordinate are drift: the recorded digest is what counts.
  const swapped = join(tmpDir('gate-reg-pr-'), 'repo');
  cpSync(dir, swapped, { recursive: true });
  const coord = join(swapped, 'reg/cartridges/io.github.ctxforge-examples/research-assistant/1.3.0/cartridge.acx');
  writeFileSync(coord, readFileSync(join(swapped, 'reg/cartridges/io.github.ctxforge-examples/research-assistant/1.2.0/cartridge.acx')));
  const s = await check(swapped, b);
  const drift = s.lock.findings.filter((f) => f.kind === 'drift');
  assert.ok(drift.some((f) => /SHA-256 .* not the .* the lock records/.test(f.message)), JSON.stringify(s.lock.findings));
  assert.equal(s.r.code, 1);
});
