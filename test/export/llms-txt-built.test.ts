// llms.txt of a built .ctxpkg, which holds no file paths: its links are made from node IDs, and the
// export says so (EXPORT_URLS_FROM_IDS on standard error, in --json); a source tree or a built
// package that keeps its paths exports without it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

test('export llms-txt of a built .ctxpkg warns that its links are made from IDs (was silent); its source tree does not', async () => {
  const root = tmpDir();
  const src = join(repoRoot, 'working-dir-example', 'ctxpkg');
  let r = await runCli(['build', src, '--out', 'dist', '--source-date-epoch', '1767225600'], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  const art = join(root, 'dist', readdirSync(join(root, 'dist'))[0]!);
  r = await runCli(['export', 'llms-txt', art], { cwd: root });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /warning EXPORT_URLS_FROM_IDS|EXPORT_URLS_FROM_IDS/);
  assert.doesNotMatch(r.stdout, /EXPORT_URLS_FROM_IDS/, 'the index on standard output stays clean');
  r = await runCli(['export', 'llms-txt', art, '--json'], { cwd: root });
  assert.deepEqual(JSON.parse(r.stdout).diagnostics.map((d: { code: string; severity: string }) => `${d.severity} ${d.code}`), ['warning EXPORT_URLS_FROM_IDS']);
  r = await runCli(['export', 'llms-txt', src, '--json'], { cwd: root });
  assert.deepEqual(JSON.parse(r.stdout).diagnostics, []);
  r = await runCli(['build', join(repoRoot, 'working-dir-example', 'octx'), '--out', 'dist-octx', '--source-date-epoch', '1767225600'], { cwd: root });
  r = await runCli(['export', 'llms-txt', join(root, 'dist-octx', readdirSync(join(root, 'dist-octx'))[0]!), '--json'], { cwd: root });
  assert.deepEqual(JSON.parse(r.stdout).diagnostics, []);
});
