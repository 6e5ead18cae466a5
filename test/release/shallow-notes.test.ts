// A release from a shallow clone (actions/checkout's default depth 1) finds no earlier tag: its
// notes say "Initial release." of a package released before. The release says why, as a warning;
// a full clone of the same repository finds the previous tag and gives no such warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { git, tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { ALPHA, BETA, commitAll, makeRepo, octxFiles, replaceTree } from '../action/harness.js';

test('a shallow clone: the notes\' "Initial release." comes with CTXFORGE_RELEASE_SHALLOW; a full clone compares with v1.0.0 and warns of nothing', async () => {
  const full = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(full, ['tag', 'v1.0.0']);
  replaceTree(full, 'guide', octxFiles('1.1.0', [ALPHA, { ...BETA, text: 'Edited.' }]));
  commitAll(full, 'v1.1.0');
  git(full, ['tag', 'v1.1.0']);
  const shallow = join(tmpDir(), 'shallow');
  git(full, ['clone', '-q', '--depth', '1', '--branch', 'v1.1.0', pathToFileURL(full).href, shallow]);
  assert.equal(git(shallow, ['rev-parse', '--is-shallow-repository']).trim(), 'true');
  for (const [dir, shallowClone] of [[shallow, true], [full, false]] as const) {
    const out = join(tmpDir(), 'dist');
    const r = await runCli(['release', '--dry-run', '--tag', 'v1.1.0', '--out', out, '--json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const codes = (JSON.parse(r.stdout) as { warnings: { code: string }[] }).warnings.map((w) => w.code);
    const notes = readFileSync(join(out, 'RELEASE_NOTES.md'), 'utf8');
    if (shallowClone) {
      assert.match(notes, /Initial release\./);
      assert.ok(codes.includes('CTXFORGE_RELEASE_SHALLOW'), codes.join(', '));
    } else {
      assert.match(notes, /Changes since v1\.0\.0\./);
      assert.ok(!codes.includes('CTXFORGE_RELEASE_SHALLOW'), codes.join(', '));
    }
  }
});
