// The tag a release names (GITHUB_REF from the workflow, or --tag) is checked as git checks ref
// names before it is used: a hostile value never reaches git, the log, or a release name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, runCli } from '../helpers/cli.js';
import { git, initRepo, tmpDir } from '../helpers/tmp.js';

function repo(): string {
  const dir = tmpDir();
  initRepo(dir);
  cpSync(join(repoRoot, 'working-dir-example', 'octx'), join(dir, 'kb'), { recursive: true });
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-qm', 'kb']);
  return dir;
}

test('release: a GITHUB_REF or --tag that is not a valid tag name exits 2 with CTXFORGE_EVENT_REF_INVALID and is not echoed', async () => {
  const dir = repo();
  for (const bad of ['v1.1.0\n::error::pwned', '--upload-pack=touch /tmp/x', 'v1..1', 'v1.1.0~1', 'v1 1', 'v1.1.0.lock', 'a//b']) {
    const viaEnv = await runCli(['release', '--dry-run', '--out', join(dir, 'dist')], { cwd: dir, env: { ...process.env, GITHUB_REF: `refs/tags/${bad}` } });
    assert.equal(viaEnv.code, 2, `${JSON.stringify(bad)}: ${viaEnv.stdout}${viaEnv.stderr}`);
    assert.match(viaEnv.stderr + viaEnv.stdout, /CTXFORGE_EVENT_REF_INVALID/);
    assert.ok(!(viaEnv.stdout + viaEnv.stderr).includes(bad), 'the value is not echoed');
    const viaArg = await runCli(['release', '--dry-run', '--tag', bad, '--out', join(dir, 'dist')], { cwd: dir, env: { ...process.env, GITHUB_REF: '' } });
    assert.equal(viaArg.code, 2, viaArg.stdout + viaArg.stderr);
    assert.match(viaArg.stderr + viaArg.stdout, /CTXFORGE_EVENT_REF_INVALID/);
  }
  const ok = await runCli(['release', '--dry-run', '--tag', 'v1.1.0', '--out', join(dir, 'dist')], { cwd: dir, env: { ...process.env, GITHUB_REF: '', SOURCE_DATE_EPOCH: '1767225600' } });
  assert.doesNotMatch(ok.stdout + ok.stderr, /CTXFORGE_EVENT_REF_INVALID/, ok.stdout + ok.stderr);
});
