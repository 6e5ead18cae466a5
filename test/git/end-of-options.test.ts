// Every git CLI call puts user-derived refs after `--end-of-options` (issue 16 §7): a ref spelled
// like an option resolves to nothing instead of changing what git does. Before the fix git read
// them as options and commitOf returned something other than null.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commitOf, commitTime } from '../../src/release/gitcli.js';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { repoRoot } from '../helpers/cli.js';

test('commitOf / commitTime: an option-shaped ref is a ref, never an option', async () => {
  const dir = initRepo(tmpDir());
  writeTree(dir, { 'a.txt': 'a' });
  git(dir, ['add', '-A']); git(dir, ['commit', '-qm', 'a']);
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  assert.equal(await commitOf(dir, 'HEAD'), head);
  for (const bad of ['--all', '--branches', '-q', '--since=1']) assert.equal(await commitOf(dir, bad), null, bad);
  assert.equal(await commitTime(dir, '--all'), null);
});

test('source: every git CLI argument list in src/release/gitcli.ts and check.ts with a ref uses --end-of-options', () => {
  for (const f of ['src/release/gitcli.ts', 'src/release/check.ts']) {
    const text = readFileSync(join(repoRoot, f), 'utf8');
    for (const m of text.matchAll(/git\(cwd, \[([^\]]*)\]/g)) {
      const args = m[1]!;
      if (/ref|commit/.test(args)) assert.match(args, /'--end-of-options'/, `${f}: ${args}`);
    }
  }
});
