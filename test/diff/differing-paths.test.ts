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

test('a diff of two refs reads no tree object of a folder that changed: git printed each file\'s blob id', async () => {
  const repo = tmpDir('differing-known-');
  const pkg = join(repo, 'p');
  const files: Record<string, string> = {
    'manifest.json': '{"format": "octx", "format_version": "0.1", "asset": {"id": "019b0000-0000-7000-8000-0000000000a1", "name": "X"}, "release": {"version": "1.0.0"}}\n',
  };
  for (const dir of ['one', 'two', 'three']) for (let i = 0; i < 20; i++) files[`knowledge/${dir}/d${i}.md`] = `---\nid: 019b0000-0000-7000-8000-${String(i).padStart(12, '0')}\n---\n# ${dir} ${i}\n`;
  writeTree(pkg, files);
  git(repo, ['init', '-q']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-qm', 'one']);
  git(repo, ['tag', 'v1']);
  writeFileSync(join(pkg, 'knowledge/one/d3.md'), `${files['knowledge/one/d3.md']}edited\n`);
  writeFileSync(join(pkg, 'knowledge/two/d4.md'), `${files['knowledge/two/d4.md']}edited\n`);
  git(repo, ['commit', '-qam', 'two']);
  git(repo, ['tag', 'v2']);
  const tree = async (spec: string) => (await resolveInput(spec, { cwd: repo, format: 'octx' }) as unknown as { tree: GitTree }).tree;
  const [ta, tb] = [await tree('v1:p'), await tree('v2:p')];
  const changed = await changedByGitCli(ta, tb);
  assert.deepEqual([...changed!].sort(), ['knowledge/one/d3.md', 'knowledge/two/d4.md']);
  const before = ta.repo.treeReads;
  // Read as a diff reads them: stat, then the bytes — the same bytes as git's own.
  for (const t of [ta, tb]) {
    for (const p of changed!) {
      assert.equal((await t.stat(p))?.kind, 'file');
      assert.equal((await t.read(p)).toString(), git(repo, ['show', `${t === ta ? 'v1' : 'v2'}:p/${p}`]));
    }
  }
  assert.equal(ta.repo.treeReads, before, 'a changed file was found by reading its folders');
  // What was not printed is still looked up, and found as before.
  assert.equal((await ta.stat('knowledge/three/d1.md'))?.kind, 'file');
  assert.ok(ta.repo.treeReads > before);
});

test('know() takes only what a tree read would give without the library', () => {
  const t = new GitTree({} as never, 'c'.repeat(40), 'a'.repeat(40), '', 'x');
  const oid = 'b'.repeat(40);
  assert.equal(t.know('knowledge/a.md', '100644', oid), true);
  assert.equal(t.know('knowledge/run.sh', '100755', oid), true);
  assert.equal(t.know('knowledge/link.md', '120000', oid), true);
  assert.equal(t.know('knowledge/sub', '160000', oid), true);
  // Names git's verify_path() refuses or that need folding, a folder, an odd mode, a short or SHA-256 id for a SHA-1 tree.
  for (const [p, m, o] of [['.git/config', '100644', oid], ['knowledge/.GIT/x', '100644', oid], ['a/GIT~1/x', '100644', oid], ['a\\b.md', '100644', oid],
    ['a/b:c.md', '100644', oid], ['a/b\u200c.md', '100644', oid], ['a/.git. ', '100644', oid], ['a//b.md', '100644', oid], ['a/', '100644', oid],
    ['knowledge', '040000', oid], ['x.md', '100664', oid], ['x.md', '100644', 'b'.repeat(39)], ['x.md', '100644', 'b'.repeat(64)], ['x.md', '100644', 'B'.repeat(40)]] as const) {
    assert.equal(t.know(p, m, o), false, `${p} ${m} ${o}`);
  }
});
