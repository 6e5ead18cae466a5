// A folder with no Markdown (an Antora site's AsciiDoc) used to sync "0 added" and exit 0: it is
// SYNC_NO_DOCUMENTS, exit 1, naming what the folder holds, and nothing is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

test('sync of a folder of AsciiDoc: SYNC_NO_DOCUMENTS names it, exit 1, nothing written', async () => {
  const repo = tmpDir('ctxforge-nodocs-');
  initRepo(repo);
  writeTree(repo, { 'antora/modules/ROOT/pages/index.adoc': '= Home\n', 'antora/modules/ROOT/pages/guide.adoc': '= Guide\n', 'antora/antora.yml': 'name: x\n', 'antora/notes.rst': 'Notes\n=====\n' });
  const r = await runCli(['sync', 'antora', 'pkg', '--json'], { cwd: repo });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr, /SYNC_NO_DOCUMENTS/);
  assert.match(r.stdout + r.stderr, /2 AsciiDoc files, 1 reStructuredText file/);
  assert.equal(existsSync(join(repo, 'pkg')), false);
});
