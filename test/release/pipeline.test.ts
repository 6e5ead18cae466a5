// The release pipeline as a library and as `ctxforge release`: what it writes, that it is
// reproducible, how tags pick packages, and that failures stop before anything is built.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runRelease, pipeline, ReleaseFailure } from '../../src/release/index.js';
import { sha256sums } from '../../src/release/checksums.js';
import { runCli } from '../helpers/cli.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { ALPHA, BETA, SEED, makeRepo, octxFiles } from '../action/harness.js';

test('the pipeline is the documented ordered list', () => {
  assert.deepEqual(pipeline.map((s) => s.name), ['detect', 'validate', 'build', 'provenance', 'checksums', 'sign', 'notes', 'artifacts-file', 'publish', 'oci']);
});

test('SHA256SUMS is GNU format, sorted by byte order of names', () => {
  assert.equal(sha256sums([{ name: 'b', sha256: '2'.repeat(64) }, { name: 'B', sha256: '1'.repeat(64) }, { name: 'a', sha256: '3'.repeat(64) }]),
    `${'1'.repeat(64)}  B\n${'3'.repeat(64)}  a\n${'2'.repeat(64)}  b\n`);
});

test('dry run writes artifacts, SHA256SUMS(.minisig), provenance and notes; byte-identical across clones and time zones', async () => {
  const a = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(a, ['tag', 'v1.0.0']);
  const b = tmpDir('ctxforge-clone-');
  git(b, ['clone', '-q', a, 'x']);
  const clone = join(b, 'x');
  const r1 = await runRelease({ cwd: a, dryRun: true, keySpec: SEED, env: { ...process.env, TZ: 'UTC' } });
  process.env.TZ = 'Pacific/Kiritimati';
  const r2 = await runRelease({ cwd: clone, dryRun: true, keySpec: SEED, outDir: 'out', env: { ...process.env } });
  delete process.env.TZ;
  assert.equal(r1.tag, 'v1.0.0');
  assert.equal(r1.epoch, 1767225600, 'the epoch is the tag commit time');
  assert.deepEqual(r1.steps.find((s) => s.name === 'publish'), { name: 'publish', status: 'skipped', reason: 'dry run' });
  const names = readdirSync(join(a, 'dist')).sort();
  assert.deepEqual(names, ['RELEASE_NOTES.md', 'SHA256SUMS', 'SHA256SUMS.minisig', 'guide-1.0.0.octx', 'minisign.pub', 'provenance.intoto.json']);
  for (const n of names) assert.ok(readFileSync(join(a, 'dist', n)).equals(readFileSync(join(clone, 'out', n))), `${n} differs between builds`);
  assert.deepEqual(r1.artifacts.map((x) => x.sha256), r2.artifacts.map((x) => x.sha256));
  assert.match(execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: join(a, 'dist'), encoding: 'utf8' }), /guide-1\.0\.0\.octx: OK/);
  execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: join(a, 'dist'), stdio: 'pipe' });
  assert.match(readFileSync(join(a, 'dist', 'RELEASE_NOTES.md'), 'utf8'), /Initial release\./);
  // The built package is itself valid.
  const v = await runCli(['validate', join(a, 'dist', 'guide-1.0.0.octx')]);
  assert.equal(v.code, 0, v.stdout + v.stderr);
});

test('without a key the release is unsigned (warned), with no .minisig', async () => {
  const a = makeRepo(octxFiles('1.0.0', [ALPHA]));
  const r = await runRelease({ cwd: a, dryRun: true });
  assert.equal(r.tag, 'v1.0.0', 'rehearsal before tagging derives the tag from the version');
  assert.ok(r.warnings.some((w) => w.code === 'CTXFORGE_RELEASE_UNSIGNED'));
  assert.equal(existsSync(join(a, 'dist', 'SHA256SUMS.minisig')), false);
  assert.deepEqual(r.steps.find((s) => s.name === 'sign'), { name: 'sign', status: 'skipped', reason: 'no signing key' });
});

test('multi-package repository: <name>@v tags pick one package; an unprefixed tag matches none', async () => {
  const dir = initRepo(tmpDir());
  writeTree(dir, Object.fromEntries(Object.entries(octxFiles('1.0.0', [ALPHA])).map(([p, c]) => [`guide/${p}`, c])));
  writeTree(dir, Object.fromEntries(Object.entries(octxFiles('0.2.0-beta.1', [BETA], '019c0000-0000-7000-8000-0000000000ff')).map(([p, c]) => [`faq/${p}`, c])));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-qm', 'two']);
  git(dir, ['tag', 'faq@v0.2.0-beta.1']);
  git(dir, ['tag', 'v1.0.0']);
  const r = await runRelease({ cwd: dir, tag: 'faq@v0.2.0-beta.1', dryRun: true });
  assert.deepEqual(r.packages.map((p) => p.path), ['faq']);
  assert.equal(r.prerelease, true);
  assert.deepEqual(r.artifacts.filter((a) => a.kind === 'package').map((a) => a.name), ['guide-0.2.0-beta.1.octx']);
  await assert.rejects(runRelease({ cwd: dir, tag: 'v1.0.0', dryRun: true }), (e: unknown) => e instanceof ReleaseFailure && e.diagnostic.code === 'CTXFORGE_RELEASE_TAG' && /guide@v\*/.test(e.diagnostic.hint ?? ''));
});

test('an invalid package stops the release before anything is built; a work tree off the tag is refused', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, { id: 'nope', title: 'Beta' }]));
  git(dir, ['tag', 'v1.0.0']);
  await assert.rejects(runRelease({ cwd: dir, dryRun: true }), (e: unknown) => {
    assert.ok(e instanceof ReleaseFailure);
    assert.equal(e.step, 'validate');
    assert.equal(e.diagnostic.code, 'CTXFORGE_RELEASE_INVALID');
    assert.ok(e.validation[0]!.diagnostics.some((d) => d.file === 'knowledge/beta.md' && d.line === 5));
    return true;
  });
  assert.equal(existsSync(join(dir, 'dist', 'guide-1.0.0.octx')), false);

  const ok = makeRepo(octxFiles('1.0.0', [ALPHA]));
  git(ok, ['tag', 'v1.0.0']);
  writeTree(ok, { 'other.txt': 'x' });
  git(ok, ['add', '-A']);
  git(ok, ['commit', '-qm', 'later']);
  await assert.rejects(runRelease({ cwd: ok, tag: 'v1.0.0', github: { token: 't', repository: 'a/b', apiUrl: 'http://127.0.0.1:9' } }), /CTXFORGE_RELEASE_NOT_AT_TAG|work tree is at/);
});

test('ctxforge release --dry-run --json prints the result; validation failures list diagnostics', async () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA]));
  const r = await runCli(['release', '--dry-run', '--json', '--key', SEED, '--out', 'rel'], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout);
  assert.equal(j.tag, 'v1.0.0');
  assert.ok(j.artifacts.some((a: { name: string }) => a.name === 'SHA256SUMS.minisig'));
  assert.ok(existsSync(join(dir, 'rel', 'provenance.intoto.json')));
  assert.ok(!r.stdout.includes(SEED) && !r.stderr.includes(SEED));
  const bad = makeRepo(octxFiles('1.0.0', [{ id: 'nope', title: 'Beta' }]));
  const b = await runCli(['release', '--dry-run'], { cwd: bad });
  assert.equal(b.code, 1);
  assert.match(b.stderr, /OCTX_DOCUMENT_ID_INVALID/);
  assert.match(b.stderr, /CTXFORGE_RELEASE_INVALID/);
});
