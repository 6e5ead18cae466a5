// Which files differ between two refs: git's own diff-tree (the fast path) and the comparison of tree
// objects here (the fallback when git cannot run or prints a name that is not UTF-8) must give the
// same set, on every kind of change a tree can hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, tmpDir, writeTree } from '../helpers/tmp.js';
import { resolveInput } from '../../src/inputs.js';
import { changedByGitCli, differingPaths } from '../../src/diff/unchanged.js';
import { GitTree } from '../../src/git/git-tree.js';
import '../../src/repo/git-inputs.js'; // registers the <ref>:<path> resolver
import type { Tree } from '../../src/core/tree.js';

async function both(repo: string, a: string, b: string): Promise<{ cli: string[]; here: string[] }> {
  const tree = async (spec: string) => (await resolveInput(spec, { cwd: repo, format: 'octx' }) as unknown as { tree: Tree }).tree;
  const [ta, tb] = [await tree(a), await tree(b)];
  // The fast path answered (git ran), and it is what differingPaths gives.
  assert.ok(ta instanceof GitTree && tb instanceof GitTree);
  const byGit = await changedByGitCli(ta, tb);
  assert.ok(byGit, 'git diff-tree ran');
  const cli = [...(await differingPaths(ta, tb))!].sort();
  assert.deepEqual([...byGit].sort(), cli);
  // Without git on PATH the comparison is made here.
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    const here = [...(await differingPaths(await tree(a), await tree(b)))!].sort();
    return { cli, here };
  } finally { process.env.PATH = path; }
}

test('git diff-tree and the tree comparison here agree on edits, additions, removals, modes, links, a file become a folder', async () => {
  const repo = tmpDir('differing-');
  const pkg = join(repo, 'p');
  writeTree(pkg, {
    'manifest.json': '{"format": "octx", "format_version": "0.1", "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "X"}, "release": {"version": "1.0.0"}}\n',
    'knowledge/a.md': '# A\n', 'knowledge/same/b.md': '# B\n', 'knowledge/gone.md': '# Gone\n', 'knowledge/was-file': 'x', 'knowledge/run.sh': 'echo\n',
    'knowledge/deep/er/c.md': '# C\n',
  });
  git(repo, ['init', '-q']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'one']);
  git(repo, ['tag', 'v1']);
  writeFileSync(join(pkg, 'knowledge/a.md'), '# A edited\n');
  rmSync(join(pkg, 'knowledge/gone.md'));
  rmSync(join(pkg, 'knowledge/was-file'));
  mkdirSync(join(pkg, 'knowledge/was-file'));
  writeFileSync(join(pkg, 'knowledge/was-file/inside.md'), '# Inside\n');
  chmodSync(join(pkg, 'knowledge/run.sh'), 0o755);
  symlinkSync('a.md', join(pkg, 'knowledge/link.md'));
  writeFileSync(join(pkg, 'knowledge/new file é.md'), '# New\n');
  renameSync(join(pkg, 'knowledge/deep/er/c.md'), join(pkg, 'knowledge/deep/er/d.md'));
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'two']);
  git(repo, ['tag', 'v2']);
  const { cli, here } = await both(repo, 'v1:p', 'v2:p');
  assert.deepEqual(cli, here);
  assert.deepEqual(cli, ['knowledge/a.md', 'knowledge/deep/er/c.md', 'knowledge/deep/er/d.md', 'knowledge/gone.md', 'knowledge/link.md', 'knowledge/new file é.md', 'knowledge/run.sh', 'knowledge/was-file', 'knowledge/was-file/inside.md'].sort());
  // Unchanged refs: nothing differs, either way.
  const same = await both(repo, 'v2:p', 'v2:p');
  assert.deepEqual(same, { cli: [], here: [] });
});
