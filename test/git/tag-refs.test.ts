// The tag list from packed-refs (read once, peel lines used) and loose refs, checked against what
// git itself says, and with thousands of tags: one read of packed-refs, no per-tag re-parse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, initRepo, tmpDir, writeTree } from '../helpers/tmp.js';
import { GitRepo } from '../../src/git/repo.js';
import { parsePackedTags } from '../../src/git/tag-refs.js';

function gitTags(repo: string): string[] {
  // name, and the commit it peels to (annotated: *objectname; lightweight: objectname).
  return git(repo, ['for-each-ref', 'refs/tags', '--format=%(refname:strip=2) %(*objectname) %(objectname) %(objecttype)']).trim().split('\n').filter(Boolean)
    .map((l) => { const [n, peeled, oid, type] = l.split(' '); return `${n} ${type === 'tag' ? peeled : oid} ${type === 'tag'}`; }).sort();
}

test('tags: packed (with peel lines) and loose, nested names, a loose tag overriding its packed entry — as git lists them', async () => {
  const repo = tmpDir();
  initRepo(repo);
  writeTree(repo, { 'a.txt': '1\n' });
  git(repo, ['add', '-A']); git(repo, ['commit', '-qm', 'one']);
  git(repo, ['tag', 'v1.0.0']);
  git(repo, ['tag', '-a', 'v1.1.0', '-m', 'annotated']);
  git(repo, ['tag', '-a', 'guide/v2.0.0', '-m', 'nested']);
  git(repo, ['pack-refs', '--all']);
  writeFileSync(join(repo, 'a.txt'), '2\n');
  git(repo, ['commit', '-qam', 'two']);
  git(repo, ['tag', '-f', 'v1.0.0']); // loose now, packed entry still in packed-refs
  git(repo, ['tag', '-a', 'v1.2.0', '-m', 'loose annotated']);
  const r = new GitRepo(repo, join(repo, '.git'));
  const mine = (await r.tags()).map((t) => `${t.name} ${t.commit} ${t.annotated}`).sort();
  assert.deepEqual(mine, gitTags(repo));
  assert.equal(r.packedRefsReads, 1);
});

test('packed-refs: peel lines belong to the entry above them; other refs and junk are ignored', () => {
  const a = 'a'.repeat(40), b = 'b'.repeat(40), c = 'c'.repeat(40);
  const m = parsePackedTags(`# pack-refs with: peeled fully-peeled sorted \n${a} refs/heads/main\n^${c}\n${b} refs/tags/v1\n^${c}\n${a} refs/tags/v2\nnot a line\n`);
  assert.deepEqual([...m.values()], [{ name: 'v1', oid: b, peeled: c }, { name: 'v2', oid: a }]);
});

test('thousands of tags: packed-refs is read once, every tag listed', async () => {
  const repo = tmpDir();
  initRepo(repo);
  writeTree(repo, { 'a.txt': '1\n' });
  git(repo, ['add', '-A']); git(repo, ['commit', '-qm', 'one']);
  const head = git(repo, ['rev-parse', 'HEAD']).trim();
  const N = 3000;
  let text = '# pack-refs with: peeled fully-peeled sorted \n';
  for (let i = 0; i < N; i++) text += `${head} refs/tags/v0.0.${i}\n`;
  appendFileSync(join(repo, '.git', 'packed-refs'), text);
  const r = new GitRepo(repo, join(repo, '.git'));
  const tags = await r.tags();
  assert.equal(tags.length, N);
  assert.ok(tags.every((t) => t.commit === head));
  await r.tags();
  assert.equal(r.packedRefsReads, 1);
});
