// A clone made with `git clone --shared` or `--reference` keeps no objects of its own: they stay in
// the directories its objects/info/alternates names (CI systems keep such reference clones to save
// the download). Read through those as git reads them, a diff, the pull-request check and a
// release's notes in such a clone say what they say in a full clone; before, every object was
// "not found" and a release's notes said "Initial release." (the previous tag's commit unreadable).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { git, tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { ALPHA, BETA, commitAll, makeRepo, octxFiles, replaceTree } from '../action/harness.js';
import { runCheck } from '../../src/release/check.js';

/** A repository whose `guide` package went from Alpha and Beta at 1.0.0 to Alpha edited at 2.0.0, tagged v1.0.0 and v2.0.0, packed as a fetch leaves it. */
function upstream(): string {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  replaceTree(dir, 'guide', octxFiles('2.0.0', [{ ...ALPHA, text: 'Edited.' }]));
  commitAll(dir, 'v2');
  git(dir, ['tag', 'v2.0.0']);
  git(dir, ['gc', '-q']);
  return dir;
}

const diffJson = async (cwd: string) => {
  const r = await runCli(['diff', 'v1.0.0:guide', 'v2.0.0:guide', '--json'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  const d = JSON.parse(r.stdout) as { changes: { change: string; id: string }[]; required_bump: string };
  return { changes: d.changes.map((c) => `${c.change} ${c.id}`).sort(), bump: d.required_bump };
};

test('a --shared clone, a --reference clone and a chain of two alternates, one of them relative: the same diff, check and release notes as the full clone', async () => {
  const full = upstream();
  const root = tmpDir();
  const shared = join(root, 'shared');
  git(root, ['clone', '-q', '--shared', full, shared]);
  const referenced = join(root, 'referenced');
  git(root, ['clone', '-q', '--reference', full, full, referenced]);
  // A clone of the shared clone, itself shared: its objects are two alternates away, the second
  // line written relative to the objects directory that names it, as git allows.
  const chained = join(root, 'chained');
  git(root, ['clone', '-q', '--shared', shared, chained]);
  const alternates = join(chained, '.git', 'objects', 'info', 'alternates');
  const target = readFileSync(alternates, 'utf8').trim();
  writeFileSync(alternates, `# lent by the shared clone\n${relative(join(chained, '.git', 'objects'), target)}\n`);
  for (const dir of [shared, referenced, chained]) {
    assert.equal(git(dir, ['count-objects']).trim(), '0 objects, 0 kilobytes', `${dir} holds no objects of its own`);
    git(dir, ['fsck', '--no-progress']);
  }

  const want = await diffJson(full);
  assert.deepEqual(want.changes, [`modified ${ALPHA.id}`, `removed ${BETA.id}`]);
  for (const dir of [shared, referenced, chained]) {
    assert.deepEqual(await diffJson(dir), want, dir);
    git(dir, ['checkout', '-q', 'v2.0.0']);
    const r = await runCheck({ cwd: dir, base: 'v1.0.0', failOn: ['breaking'] });
    assert.deepEqual(r.packages[0]!.diff!.result.changes.map((c) => `${c.change} ${c.id}`).sort(), want.changes, dir);
    assert.equal(r.failed, true, 'Beta removed: breaking');
    const out = join(tmpDir(), 'dist');
    const rel = await runCli(['release', '--dry-run', '--tag', 'v2.0.0', '--out', out], { cwd: dir });
    assert.equal(rel.code, 0, rel.stderr);
    const notes = readFileSync(join(out, 'RELEASE_NOTES.md'), 'utf8');
    assert.match(notes, /Changes since v1\.0\.0\./, notes.slice(0, 300));
    assert.doesNotMatch(notes, /Initial release/);
  }
});
