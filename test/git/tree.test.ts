// The git Tree, refs and tags on real repositories: loose and packed objects, deltas, both tag kinds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, writeTree } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { GitRepo, openRefPath, parseRefSpec, resolveRefSpec } from '../../src/git/index.js';
import { commitAll, docId, newRepo, tag, writeOctx } from './fixture.js';

function freshRepo(dir: string): GitRepo {
  // A new instance per assertion group, so that caches cannot hide what is on disk.
  return new GitRepo(dir, join(dir, '.git'));
}

function bigText(seed: number, lines = 400): string {
  return Array.from({ length: lines }, (_, i) => `line ${i} of a long document, variant ${i === 200 ? seed : 0}`).join('\n');
}

function makeHistory(): string {
  const dir = newRepo();
  writeTree(dir, { 'a/one.txt': bigText(1), 'a/two.txt': 'two\n', 'b/c/three.bin': Buffer.from([0, 1, 2, 255]), 'root.txt': '' });
  symlinkSync('root.txt', join(dir, 'link'));
  commitAll(dir, 'first', 1767225600);
  tag(dir, 'v1.0.0');
  writeTree(dir, { 'a/one.txt': bigText(2), 'a/new.txt': 'new\n' });
  commitAll(dir, 'second', 1767312000);
  tag(dir, 'v1.1.0', true);
  return dir;
}

async function checkSizesAndBytes(dir: string, ref: string): Promise<void> {
  const repo = freshRepo(dir);
  const t = (await openRefPath(repo, ref, '')).tree!;
  const list = await t.list();
  const files = list.filter((e) => e.kind === 'file').map((e) => e.path);
  assert.deepEqual(files, git(dir, ['ls-tree', '-r', '--name-only', ref]).trim().split('\n').filter((p) => p !== 'link'));
  // Sizes came from loose headers or pack entry headers (deltas included), not from inflating blobs.
  assert.equal(repo.blobReads, 0, 'listing inflated a blob');
  for (const e of list.filter((x) => x.kind === 'file')) {
    const expected = Buffer.from(git(dir, ['cat-file', 'blob', `${ref}:${e.path}`], {}), 'utf8');
    const bytes = await t.read(e.path);
    assert.equal(e.size, Number(git(dir, ['cat-file', '-s', `${ref}:${e.path}`]).trim()), `size of ${e.path} at ${ref}`);
    assert.equal(bytes.length, e.size);
    if (!e.path.endsWith('.bin')) assert.equal(bytes.toString('utf8'), expected.toString('utf8'));
  }
  assert.equal(list.find((e) => e.path === 'link')?.kind, 'symlink');
  await assert.rejects(t.read('link'), /not a regular file/);
}

test('loose objects: listing, sizes from headers, bytes, symlinks, directories', async () => {
  const dir = makeHistory();
  assert.ok(!existsSync(join(dir, '.git', 'packed-refs')));
  await checkSizesAndBytes(dir, 'v1.0.0');
  await checkSizesAndBytes(dir, 'v1.1.0');
  const repo = freshRepo(dir);
  const t = (await openRefPath(repo, 'v1.1.0', 'a')).tree!;
  assert.deepEqual((await t.list()).map((e) => e.path), ['new.txt', 'one.txt', 'two.txt']);
  assert.equal((await t.stat('two.txt'))?.size, 4);
  assert.equal(await t.stat('missing.txt'), undefined);
  assert.equal(t.label, 'v1.1.0:a/');
  const root = (await openRefPath(repo, 'v1.1.0', '')).tree!;
  assert.equal((await root.stat('b/c'))?.kind, 'dir');
  // Listing reads tree objects and object headers only: no blob was inflated.
  assert.equal(repo.blobReads, 0);
});

test('packed objects and refs after git gc, with deltas: same listing, sizes and bytes', async () => {
  const dir = makeHistory();
  git(dir, ['gc', '-q', '--aggressive']);
  assert.ok(existsSync(join(dir, '.git', 'packed-refs')));
  assert.deepEqual(readdirSync(join(dir, '.git', 'refs', 'tags')), []);
  assert.ok(readdirSync(join(dir, '.git', 'objects', 'pack')).some((n) => n.endsWith('.pack')));
  // one.txt's two versions differ in one line: git stores one as a delta of the other.
  const verify = git(dir, ['verify-pack', '-v', ...readdirSync(join(dir, '.git', 'objects', 'pack')).filter((n) => n.endsWith('.idx')).map((n) => join('.git', 'objects', 'pack', n))]);
  assert.match(verify, /blob\s+\d+\s+\d+\s+\d+\s+1\s+[0-9a-f]{40}/, 'expected at least one delta blob');
  await checkSizesAndBytes(dir, 'v1.0.0');
  await checkSizesAndBytes(dir, 'v1.1.0');
});

test('each blob is inflated once per run, shared across refs', async () => {
  const dir = makeHistory();
  const repo = freshRepo(dir);
  const a = (await openRefPath(repo, 'v1.0.0', 'a')).tree!;
  const b = (await openRefPath(repo, 'v1.1.0', 'a')).tree!;
  await a.read('two.txt');
  await a.read('two.txt');
  await b.read('two.txt'); // same blob at both tags
  assert.equal(repo.blobReads, 1);
  await b.read('one.txt'); // changed between the tags: a different blob
  assert.equal(repo.blobReads, 2);
});

test('inflated blobs are kept under a budget: reading a large tree does not keep its content', async () => {
  const dir = newRepo();
  // 24 blobs of 512 KiB (12 MiB): more than the 8 MiB a repository keeps.
  const files: Record<string, Buffer> = {};
  for (let i = 0; i < 24; i++) files[`f${String(i).padStart(2, '0')}.bin`] = Buffer.alloc(512 * 1024, i + 1);
  writeTree(dir, files);
  commitAll(dir, 'v1', 1767225600);
  const repo = freshRepo(dir);
  const t = (await openRefPath(repo, 'HEAD', '')).tree!;
  // Asked twice at once: inflated once.
  const [a, b] = await Promise.all([t.read('f00.bin'), t.read('f00.bin')]);
  assert.equal(repo.blobReads, 1);
  assert.deepEqual(a, b);
  for (const name of Object.keys(files)) assert.deepEqual(await t.read(name), files[name]);
  assert.equal(repo.blobReads, 24);
  // The last ones read are still kept; the first went when the budget was passed.
  await t.read('f23.bin');
  assert.equal(repo.blobReads, 24);
  assert.deepEqual(await t.read('f00.bin'), files['f00.bin']);
  assert.equal(repo.blobReads, 25);
});

test('refs: lightweight and annotated tags, branches, HEAD~N, abbreviated oids, commit times', async () => {
  const dir = makeHistory();
  for (const packed of [false, true]) {
    if (packed) git(dir, ['pack-refs', '--all']);
    const repo = freshRepo(dir);
    for (const ref of ['v1.0.0', 'v1.1.0', 'main', 'HEAD', 'HEAD~1', 'HEAD^', 'refs/tags/v1.1.0']) {
      assert.equal(await repo.resolveCommit(ref), git(dir, ['rev-parse', `${ref}^{commit}`]).trim(), ref);
    }
    const head = git(dir, ['rev-parse', 'HEAD']).trim();
    assert.equal(await repo.resolveCommit(head.slice(0, 8)), head);
    assert.equal(await repo.commitTime(await repo.resolveCommit('v1.0.0')), 1767225600);
    assert.equal(await repo.commitTime(head), 1767312000);
    const tags = await repo.tags();
    assert.deepEqual(tags.map((t) => [t.name, t.annotated, t.commit]), [
      ['v1.0.0', false, git(dir, ['rev-parse', 'v1.0.0^{commit}']).trim()],
      ['v1.1.0', true, head],
    ]);
  }
});

test('unknown refs and paths fail with git codes and exit 2', async () => {
  const dir = makeHistory();
  const repo = freshRepo(dir);
  await assert.rejects(repo.resolveCommit('v9.9.9'), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_GIT_REF_UNKNOWN' && e.exitCode === 2);
  await assert.rejects(openRefPath(repo, 'v1.0.0', 'a/new.txt'), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_GIT_PATH_MISSING');
  await assert.rejects(repo.resolveCommit('HEAD~5'), (e: unknown) => e instanceof DiagnosticError && /no parent/.test(e.message));
});

test('<ref>:<path> parsing leaves paths, drive letters and URLs alone', () => {
  assert.deepEqual(parseRefSpec('v1.2.0:knowledge/'), { ref: 'v1.2.0', path: 'knowledge/' });
  assert.deepEqual(parseRefSpec('HEAD~1:'), { ref: 'HEAD~1', path: '' });
  assert.deepEqual(parseRefSpec('guide@v1.0.0:packs/guide'), { ref: 'guide@v1.0.0', path: 'packs/guide' });
  assert.equal(parseRefSpec('C:\\x\\y'), undefined);
  assert.equal(parseRefSpec('https://example.com/a'), undefined);
  assert.equal(parseRefSpec('knowledge'), undefined);
  assert.equal(parseRefSpec(':x'), undefined);
});

test('resolveRefSpec: a directory gives a tree, a committed file gives its blob; ./ is relative to cwd', async () => {
  const dir = makeHistory();
  const t = await resolveRefSpec('v1.0.0:a/', dir);
  assert.ok(t && !t.blob);
  assert.equal(t.label, 'v1.0.0:a/');
  const f = await resolveRefSpec('v1.0.0:b/c/three.bin', dir);
  assert.deepEqual(f?.blob, Buffer.from([0, 1, 2, 255]));
  assert.equal(f?.label, 'v1.0.0:b/c/three.bin');
  const rel = await resolveRefSpec('v1.1.0:./new.txt', join(dir, 'a'));
  assert.equal(rel?.blob?.toString(), 'new\n');
  assert.equal(await resolveRefSpec('not-a-spec', dir), null);
});

test('ctxforge validate <ref>:<path> reads an OCTX working directory from git without a checkout', async () => {
  const dir = newRepo();
  writeOctx(join(dir, 'pack'), { version: '1.0.0', docs: [{ path: 'guide.md', id: docId(1), title: 'Guide' }] });
  commitAll(dir, 'v1');
  tag(dir, 'v1.0.0', true);
  // Break the working tree: validation must read the tag, not the disk.
  writeFileSync(join(dir, 'pack', 'manifest.json'), '{ not json');
  const ok = await runCli(['validate', 'v1.0.0:pack/'], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr + ok.stdout);
  assert.match(ok.stdout, /✓ valid\s+v1\.0\.0:pack\/ \(octx\)/);
  const bad = await runCli(['validate', 'pack'], { cwd: dir });
  assert.equal(bad.code, 1);
  const missing = await runCli(['validate', 'v1.0.0:nope/'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /CTXFORGE_GIT_PATH_MISSING/);
});

test('a committed artifact is validated from its blob', async () => {
  const dir = newRepo();
  writeOctx(join(dir, 'pack'), { version: '1.0.0', docs: [{ path: 'guide.md', id: docId(1), title: 'Guide' }] });
  commitAll(dir, 'src');
  const built = await runCli(['build', 'pack', '--out', 'dist', '--source-date-epoch', '1767225600', '--json'], { cwd: dir });
  assert.equal(built.code, 0, built.stderr);
  const name = (JSON.parse(built.stdout) as { artifacts: Array<{ path: string }> }).artifacts[0]!.path.split('/').pop()!;
  commitAll(dir, 'artifact');
  tag(dir, 'v1.0.0');
  writeFileSync(join(dir, 'dist', name), 'garbage');
  const r = await runCli(['validate', `v1.0.0:dist/${name}`, '--json'], { cwd: dir });
  assert.equal(r.code, 0, r.stdout);
  assert.equal((JSON.parse(r.stdout) as { results: Array<{ kind: string; path: string }> }).results[0]!.kind, 'artifact');
  assert.ok(readFileSync(join(dir, 'dist', name), 'utf8') === 'garbage');
});

test('build <ref>:<path> takes its build time from git, as a build of that directory checked out does', async () => {
  const dir = newRepo();
  writeOctx(join(dir, 'pack'), { version: '1.0.0', docs: [{ path: 'guide.md', id: docId(1), title: 'Guide' }] });
  commitAll(dir, 'pack', 1767225600);
  writeFileSync(join(dir, 'other.txt'), 'a later commit that does not touch pack/\n');
  commitAll(dir, 'other', 1767312000);
  tag(dir, 'v1.0.0', true);
  // The working tree moves on, so the ref build cannot be reading the disk.
  writeFileSync(join(dir, 'pack', 'knowledge', 'guide.md'), 'changed on disk\n');
  const fromRef = await runCli(['build', 'v1.0.0:pack', '--out', 'from-ref', '--json'], { cwd: dir, env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(fromRef.code, 0, fromRef.stderr + fromRef.stdout);
  git(dir, ['checkout', '-q', '--', 'pack']);
  const fromDir = await runCli(['build', 'pack', '--out', 'from-dir', '--json'], { cwd: dir, env: { ...process.env, SOURCE_DATE_EPOCH: '' } });
  assert.equal(fromDir.code, 0, fromDir.stderr);
  const sha = (r: { stdout: string }) => (JSON.parse(r.stdout) as { artifacts: Array<{ sha256: string; path: string }> }).artifacts[0]!;
  assert.equal(sha(fromRef).sha256, sha(fromDir).sha256, 'the same bytes as the checked-out build');
  const unzipped = readFileSync(sha(fromRef).path);
  assert.ok(unzipped.includes(Buffer.from('"created_at": "2026-01-01T00:00:00Z"')), 'created_at is the last commit that changed pack/, not the tag');
});
