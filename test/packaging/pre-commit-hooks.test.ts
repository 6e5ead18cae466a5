// .pre-commit-hooks.yaml (issue 25) in the unit suite: what the hooks run exists and behaves —
// `ctxforge validate` with no paths validates the repository's packages, `ctxforge check` is the
// pull-request check on this machine — and `npm pack` prints the tarball's name alone, which is
// how pre-commit's `language: node` finds what to install. pre-commit itself runs the hooks in
// the `.ci/run` stage scripts/test-pre-commit.mjs (minutes: it installs this repository with npm).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { repoRoot, runCli } from '../helpers/cli.js';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { commitAll, docId, newRepo, writeOctx } from '../git/fixture.js';
import { parseYamlSafe } from '../../src/core/yaml-safe.js';

interface Hook { id: string; name: string; entry: string; language: string; pass_filenames?: boolean; always_run?: boolean; args?: string[]; require_serial?: boolean }
const hooks = parseYamlSafe(readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

/** kb/ and faq/ (OCTX), listed in ctxforge.yaml and committed. */
function twoPackages(): string {
  const dir = newRepo();
  writeOctx(join(dir, 'kb'), { version: '1.0.0', docs: [{ path: 'a.md', id: docId(1), title: 'Alpha' }] });
  writeOctx(join(dir, 'faq'), { version: '1.0.0', name: 'FAQ', asset: '019c0000-0000-7000-8000-0000000000aa', docs: [{ path: 'q.md', id: docId(9), title: 'Question' }] });
  writeFileSync(join(dir, 'ctxforge.yaml'), 'packages:\n  - path: kb\n  - path: faq\n');
  commitAll(dir, 'two packages');
  return dir;
}

test('.pre-commit-hooks.yaml: ctxforge-validate and ctxforge-check, language node, run on the repository as a whole', async () => {
  assert.deepEqual(hooks.map((h) => h.id), ['ctxforge-validate', 'ctxforge-check']);
  for (const h of hooks) {
    assert.equal(h.language, 'node');
    assert.equal(h.pass_filenames, false, `${h.id}: the commands take packages, not the files pre-commit would pass`);
    assert.equal(h.require_serial, true);
    // The entry is the installed bin, and the command (with the hook's default args) exists.
    const [bin, ...cmd] = h.entry.split(' ');
    assert.equal(bin, 'ctxforge');
    const help = await runCli([...cmd, ...(h.args ?? []), '--help']);
    assert.equal(help.code, 0, `${h.entry} ${(h.args ?? []).join(' ')}: ${help.stderr}`);
  }
  const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  assert.equal(pkg.bin.ctxforge, 'bin/ctxforge.js', 'npm install -g of the packed repository puts ctxforge on the hook\'s PATH');
});

test('ctxforge validate with no paths validates every package of the repository', async () => {
  const dir = twoPackages();
  const ok = await runCli(['validate'], { cwd: join(dir, 'kb') });
  assert.equal(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /✓ valid {2}\. \(octx\)\n✓ valid {2}\.\.\/faq \(octx\)/);
  writeFileSync(join(dir, 'faq', 'knowledge', 'q.md'), readFileSync(join(dir, 'faq', 'knowledge', 'q.md'), 'utf8').replace(/document_id: .*/, 'document_id: nope'));
  const bad = await runCli(['validate', '--json'], { cwd: dir });
  assert.equal(bad.code, 1);
  const results = JSON.parse(bad.stdout).results as Array<{ path: string; valid: boolean }>;
  assert.deepEqual(results.map((r) => [r.path, r.valid]), [['kb', true], ['faq', false]]);
  const none = tmpDir();
  const empty = await runCli(['validate'], { cwd: none });
  assert.equal(empty.code, 2);
  assert.match(empty.stderr, /no packages found/);
});

test('ctxforge check: the pull-request check on the working tree against --base, failing by --fail-on', async () => {
  const dir = twoPackages();
  const clean = await runCli(['check'], { cwd: dir });
  assert.equal(clean.code, 0, clean.stdout + clean.stderr);
  assert.match(clean.stdout, /check passed \(base [0-9a-f]{12}; failing on: error, version, config\)/);
  // Content changed without a version bump: the version gate fails, the hook's commit-time default does not.
  writeOctx(join(dir, 'kb'), { version: '1.0.0', docs: [{ path: 'a.md', id: docId(1), title: 'Alpha', body: 'Edited.' }] });
  const version = await runCli(['check'], { cwd: dir });
  assert.equal(version.code, 1);
  assert.match(version.stdout, /kb: 1 change since the base, required bump patch; version 1\.0\.0 → 1\.0\.0 NOT ok/);
  assert.match(version.stdout, /check FAILED/);
  const hookArgs = hooks.find((h) => h.id === 'ctxforge-check')!.args!;
  assert.equal((await runCli(['check', ...hookArgs], { cwd: dir })).code, 0);
  // A ctxforge.yaml that drops a package: only the check sees it (the base's config decides).
  writeFileSync(join(dir, 'ctxforge.yaml'), 'packages:\n  - path: kb\n');
  assert.equal((await runCli(['validate'], { cwd: dir })).code, 0);
  const dropped = await runCli(['check', ...hookArgs, '--json'], { cwd: dir });
  assert.equal(dropped.code, 1);
  const j = JSON.parse(dropped.stdout) as { failed: boolean; configChanges: Array<{ message: string; loosening: boolean }>; packages: Array<{ path: string; diff: { required_bump: string } | null }> };
  assert.equal(j.failed, true);
  assert.ok(j.configChanges.some((c) => c.loosening && /faq is a package at the base but not at the head's config/.test(c.message)));
  assert.equal(j.packages.find((p) => p.path === 'kb')!.diff!.required_bump, 'patch');
  const md = await runCli(['check', '--format', 'md', '--base', 'HEAD'], { cwd: dir });
  assert.match(md.stdout, /^## ctxforge check: ❌ failed/);
  const usage = await runCli(['check', '--fail-on', 'sometimes'], { cwd: dir });
  assert.equal(usage.code, 2);
  git(dir, ['checkout', '-q', '--', '.']);
});

test('npm pack prints only the tarball name, even with a noisy prepack (the .npmrc pre-commit relies on)', () => {
  const dir = tmpDir('npmrc-pack-');
  writeTree(dir, {
    'package.json': JSON.stringify({ name: 'noisy', version: '1.0.0', scripts: { prepack: 'node -e "console.log(\'built everything\')"' }, files: ['index.js'] }),
    'index.js': 'export {};\n',
  });
  const bare = spawnSync('npm', ['pack'], { cwd: dir, encoding: 'utf8' });
  assert.equal(bare.status, 0, bare.stderr);
  assert.notEqual(bare.stdout.trim(), 'noisy-1.0.0.tgz', 'without the .npmrc, the script\'s output comes first (this is what the .npmrc fixes)');
  copyFileSync(join(repoRoot, '.npmrc'), join(dir, '.npmrc'));
  const r = spawnSync('npm', ['pack'], { cwd: dir, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'noisy-1.0.0.tgz');
});
