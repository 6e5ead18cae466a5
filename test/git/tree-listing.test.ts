// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// A git tree's listing as a table (issue 39): paths in the order git lists them, kinds, sizes and
// blob ids as the git CLI gives them, files read at once without being kept, a package checked
// from it as from its checkout, and a bound on what a listed tree holds a file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { git, writeTree } from '../helpers/tmp.js';
import { GitRepo, openRefPath, type GitTree } from '../../src/git/index.js';
import { DiskTree } from '../../src/core/tree.js';
import { checkPackage } from '../../src/octx/package.js';
import { commitAll, newRepo } from './fixture.js';

function freshRepo(dir: string): GitRepo {
  return new GitRepo(dir, join(dir, '.git'));
}

async function treeAt(repo: GitRepo, ref: string, path = ''): Promise<GitTree> {
  return (await openRefPath(repo, ref, path)).tree!;
}

/** `git ls-tree -r -l` of `spec`: each entry's path, kind as a Tree says it, size and object id, in git's order. */
function lsTree(dir: string, spec: string): { path: string; kind: string; size: number; oid: string }[] {
  return git(dir, ['ls-tree', '-r', '-l', '-z', spec]).split('\0').filter(Boolean).map((line) => {
    const [meta, path] = line.split('\t') as [string, string];
    const [mode, type, oid, size] = meta.split(/ +/) as [string, string, string, string];
    const kind = type === 'commit' ? 'other' : mode === '120000' ? 'symlink' : 'file';
    return { path, kind, size: kind === 'file' ? Number(size) : 0, oid };
  });
}

// Names whose order differs between "by name" and "by path": a folder sorts as its name and "/"
// ("a-b" < "a.md" < "a/…" < "a0"), a space and "!" come before "/", and a character beyond U+FFFF
// after U+E000 in UTF-8 but before it in UTF-16.
const TRICKY = [
  'a', 'a b', 'a!', 'a-b', 'a.md', 'a/x', 'a/b-c/d', 'a/b/e', 'a/b.md', 'a/b0', 'a0', 'A', 'b.txt', 'b/c',
  'ü.md', 'ü/x.md', '\u{E000}.md', '\u{1F600}.md', '\u{1F600}/y.md', 'z/a-b/c', 'z/a/b', 'z/a.b',
];

test('a git tree lists in the order git does, with kinds, sizes and blob ids as git gives them, through a table', async () => {
  const dir = newRepo();
  // "a" is a folder (a/x); the file "a" would clash with it on disk, so it is "a!" and "a b" beside.
  const files: Record<string, string> = {};
  for (const p of TRICKY.filter((n) => n !== 'a')) files[`t/${p}`] = `${p}\n`.repeat(p.length);
  writeTree(dir, files);
  mkdirSync(join(dir, 't', 'empty-on-disk'));
  symlinkSync('b.txt', join(dir, 't', 'a.link'));
  commitAll(dir, 'first');
  // A submodule's entry (a gitlink): listed, of kind 'other'.
  // Committed from the index as it is (an `add -A` would drop it: nothing is at its path on disk).
  git(dir, ['update-index', '--add', '--cacheinfo', `160000,${git(dir, ['rev-parse', 'HEAD']).trim()},t/a-sub`]);
  git(dir, ['commit', '-q', '-m', 'second']);
  for (const [spec, path] of [['HEAD:t', 't'], ['HEAD:t/a', 't/a']] as const) {
    const want = lsTree(dir, spec);
    assert.ok(want.length > 3);
    const repo = freshRepo(dir);
    const t = await treeAt(repo, 'HEAD', path);
    const listing = await t.listing();
    const got = Array.from({ length: listing.paths.length }, (_, i) => ({ path: listing.paths.at(i), kind: ['file', 'dir', 'symlink', 'other'][listing.kinds[i]!]!, size: listing.sizes[i]! }));
    assert.deepEqual(got, want.map(({ oid: _, ...e }) => e), spec);
    assert.deepEqual(await t.list(), got, 'list() is the table\'s entries');
    for (const e of want) {
      assert.deepEqual(t.entry(e.path), { path: e.path, kind: e.kind, size: e.size });
      assert.equal(await t.oidOf(e.path), e.oid);
      assert.deepEqual(await t.stat(e.path), { path: e.path, kind: e.kind, size: e.size });
    }
    assert.deepEqual([...(await t.fileOids())], want.filter((e) => e.kind === 'file').map((e) => [e.path, e.oid]));
    assert.equal(repo.blobReads, 0, 'listing inflated a blob');
  }
  const t = await treeAt(freshRepo(dir), 'HEAD', 't');
  await t.listing();
  assert.equal((await t.stat('a/b'))?.kind, 'dir');
  assert.equal(await t.stat('empty-on-disk'), undefined, 'git keeps no empty folder');
  assert.equal(t.entry('a'), undefined, 'a folder is not listed');
  assert.equal(await t.oidOf('nope'), undefined);
});

test('readTransient: a listed file\'s bytes at once, not kept for the next reader; a large one is left to read()', async () => {
  const dir = newRepo();
  // Random bytes do not compress: 1.5 MiB is above what is inflated at once (1 MiB compressed).
  const large = randomBytes(1536 * 1024);
  writeTree(dir, { 'k/a.md': 'alpha\n', 'k/b.md': 'beta\n', 'large.bin': large });
  symlinkSync('k/a.md', join(dir, 'link.md'));
  commitAll(dir, 'v1');
  for (const gc of [false, true]) {
    if (gc) git(dir, ['gc', '-q']);
    const repo = freshRepo(dir);
    const t = await treeAt(repo, 'HEAD');
    assert.equal(t.readTransient('k/a.md'), undefined, 'nothing before the walk');
    await t.listing();
    assert.equal(t.readTransient('k/a.md')?.toString(), 'alpha\n');
    assert.equal(repo.blobReads, 1);
    // Not kept: read() inflates it again.
    assert.equal((await t.read('k/a.md')).toString(), 'alpha\n');
    assert.equal(repo.blobReads, 2);
    // Kept by read(): given as it is, no inflation.
    assert.equal(t.readTransient('k/a.md')?.toString(), 'alpha\n');
    assert.equal(repo.blobReads, 2);
    assert.equal(t.readTransient('link.md'), undefined, 'a symlink is read()\'s to refuse');
    assert.equal(t.readTransient('k'), undefined);
    assert.equal(t.readTransient('nope.md'), undefined);
    assert.equal(t.readTransient('large.bin'), undefined, gc ? 'packed' : 'loose');
    assert.deepEqual(await t.read('large.bin'), large);
  }
});

test('a package checked from a git tree gives the report of its checkout; a listed tree holds under 90 bytes a file (issue 39)', async () => {
  const dir = newRepo();
  const asset = '01890a5d-ac96-774b-bcce-b302099a8057';
  const doc = (i: number) => `---\ntype: Guide\ntitle: Page ${i}\noctx:\n  document_id: 01890a5d-ac96-774b-bcce-${(0xb30209000000 + (i % 3000)).toString(16)}\n---\n# Page ${i}\n\n[next](page-${String(i + 1).padStart(5, '0')}.md) [gone](missing.md)\n`;
  const count = 4000;
  const files: Record<string, string> = {
    'p/manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: asset, name: 'Listed' }, release: { version: '1.0.0' } }),
    'p/notes.txt': 'not payload', 'p/extensions/bad/x.bin': 'x', 'p/knowledge/no-id.md': '---\ntype: Guide\n---\n# No id\n',
  };
  for (let i = 0; i < count; i++) files[`p/knowledge/section-${i % 20}/page-${String(i).padStart(5, '0')}.md`] = doc(i);
  writeTree(dir, files);
  symlinkSync('notes.txt', join(dir, 'p', 'knowledge', 'link.md'));
  commitAll(dir, 'v1');
  git(dir, ['gc', '-q']);
  const fromGit = await checkPackage(await treeAt(freshRepo(dir), 'HEAD', 'p'), { workdir: true, documents: 'ids' });
  const fromDisk = await checkPackage(new DiskTree(join(dir, 'p')), { workdir: true, documents: 'ids' });
  const codes = (r: typeof fromGit) => r.diagnostics.map((d) => `${d.code} ${d.file} ${d.message}`);
  assert.deepEqual(codes(fromGit), codes(fromDisk));
  assert.ok(codes(fromGit).some((c) => c.startsWith('OCTX_ID_DUPLICATE')), 'duplicates found');
  assert.ok(codes(fromGit).some((c) => c.startsWith('OCTX_FILE_NOT_REGULAR knowledge/link.md')));
  assert.deepEqual(fromGit.files, fromDisk.files);
  assert.deepEqual(fromGit.documents, fromDisk.documents);
  assert.equal(fromGit.package_digest, fromDisk.package_digest);

  // What listed trees hold, on V8's heap and in array buffers (their tables; memoryUsage() counts
  // the path table's SharedArrayBuffer there, not in `external`): three of them
  // held at once, after a first one has made the repository read what it keeps (pack index,
  // caches), so that only the trees are counted; garbage is collected before each reading.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
  const repo = freshRepo(dir);
  const listedTree = async () => {
    const t = await treeAt(repo, 'HEAD', 'p');
    assert.equal((await t.list()).length, count + 5);
    assert.equal(t.entry('knowledge/section-3/page-00003.md')?.kind, 'file');
    return t;
  };
  await listedTree();
  const before = used();
  const trees = [await listedTree(), await listedTree(), await listedTree()];
  const held = (used() - before) / trees.length;
  // Used after the reading, so that the trees are alive during it.
  assert.deepEqual(trees.map((t) => t.label), ['HEAD:p/', 'HEAD:p/', 'HEAD:p/']);
  // Measured here (pointer compression): before, ~130 bytes a file (a node object a file in a map
  // by path, its id as 40 hex characters, and the listed entries kept); now ~50 (the table: a
  // path's bytes and end, its lookup slot, its kind, size and id's 20 bytes).
  assert.ok(held / count < 90, `${Math.round(held / count)} bytes a file held by a listed git tree`);
});
