// `npm start`'s main job: every format built, signed, verified, checksummed; a diff against the
// previous release inside a git checkout, "initial release" outside one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot, spawnCli } from '../helpers/cli.js';
import { tmpDir, git, initRepo } from '../helpers/tmp.js';

const example = join(repoRoot, 'working-dir-example');

test('demo outside git: builds all three formats, verifies them, signs SHA256SUMS (minisign -V)', () => {
  const dir = tmpDir();
  cpSync(example, join(dir, 'working-dir-example'), { recursive: true });
  const r = spawnCli(['demo', 'working-dir-example', '--out', 'dist'], { cwd: dir, env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  for (const f of ['.octx', '.ctxpkg', '.acx']) assert.match(r.stdout, new RegExp(`build {4}dist/\\S+\\${f}`), f);
  assert.equal((r.stdout.match(/verify {3}ok/g) ?? []).length, 3);
  assert.match(r.stdout, /coverage manifest/);
  assert.match(r.stdout, /trust portable/);
  assert.equal((r.stdout.match(/initial release/g) ?? []).length, 3);
  assert.match(r.stdout, /fixed epoch/);
  const dist = join(dir, 'dist');
  const v = spawnSync('minisign', ['-Vm', join(dist, 'SHA256SUMS'), '-p', join(dist, 'minisign.pub')], { encoding: 'utf8' });
  assert.equal(v.status, 0, v.stderr + v.stdout);
  const c = spawnSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dist, encoding: 'utf8' });
  assert.equal(c.status, 0, c.stdout);
  assert.equal(readFileSync(join(dist, 'SHA256SUMS'), 'utf8').trim().split('\n').length, 3);
});

test('demo inside a git checkout prints the diff against the previous release tag', () => {
  const repo = tmpDir();
  initRepo(repo);
  const wd = join(repo, 'working-dir-example');
  cpSync(example, wd, { recursive: true });
  // Version 1.0.0: no cutting-a-release guide yet, and a different semantic-versioning text.
  const manifestPath = join(wd, 'octx', 'manifest.json');
  const manifest = readFileSync(manifestPath, 'utf8');
  writeFileSync(manifestPath, manifest.replace('"version": "1.1.0"', '"version": "1.0.0"'));
  const guide = join(wd, 'octx', 'knowledge', 'guides', 'cutting-a-release.md');
  rmSync(guide);
  // Records that point at the guide go too, so version 1.0.0 is valid on its own.
  const strip = (p: string, drop: (o: Record<string, unknown>) => boolean) => {
    const f = join(wd, 'octx', p);
    writeFileSync(f, readFileSync(f, 'utf8').trim().split('\n').filter((l) => !drop(JSON.parse(l))).map((l) => `${l}\n`).join(''));
  };
  const C5 = '019a0000-0000-7000-8000-00000000c005';
  const E5 = '019a0000-0000-7000-8000-00000000e005';
  const N4 = '019a0000-0000-7000-8000-00000000f004';
  strip('data/chunks.jsonl', (o) => o.id === C5);
  strip('data/events.jsonl', (o) => o.id === E5);
  strip('data/entities.jsonl', (o) => o.id === N4);
  strip('relations/chunk-events.jsonl', (o) => o.chunk_id === C5);
  strip('relations/event-entities.jsonl', (o) => o.event_id === E5);
  rmSync(join(wd, 'octx', 'vectors'), { recursive: true });
  writeFileSync(manifestPath, readFileSync(manifestPath, 'utf8').replace(/,\n    "vectors": \{\n      "version": "0.1"\n    \}/, ''));
  rmSync(join(wd, 'octx', 'extensions'), { recursive: true });
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'handbook 1.0.0']);
  git(repo, ['tag', 'octx@v1.0.0']);
  // Version 1.1.0: the example as shipped.
  rmSync(wd, { recursive: true });
  cpSync(example, wd, { recursive: true });
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'handbook 1.1.0'], { GIT_COMMITTER_DATE: '2026-02-01T00:00:00Z' });
  const pre = spawnCli(['validate', 'octx@v1.0.0:working-dir-example/octx'], { cwd: repo });
  assert.equal(pre.code, 0, `the tagged version is valid: ${pre.stdout}${pre.stderr}`);
  const r = spawnCli(['demo', 'working-dir-example', '--out', 'dist'], { cwd: repo });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /diff {5}against octx@v1\.0\.0: \d+ changes, required bump minor, version ok/);
  assert.equal((r.stdout.match(/initial release/g) ?? []).length, 2, 'ctxpkg and acx have no tags yet');
});
