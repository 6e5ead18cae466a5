// Objects read straight from .git/objects (loose, packed whole, both delta kinds, long chains) are
// the bytes and sizes git has, trees parse as `git ls-tree` lists them, and anything doubtful is
// left to isomorphic-git. Checked against the git CLI on real repositories.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { git, writeTree } from '../helpers/tmp.js';
import { GitRepo } from '../../src/git/index.js';
import { applyDelta, ObjectStore } from '../../src/git/object-store.js';
import { parseCommitObject, parseTagTarget, parseTreeObject } from '../../src/git/object-parse.js';
import { sortUtf8 } from '../../src/core/paths.js';
import { commitAll, newRepo } from './fixture.js';

const big = (v: number) => Array.from({ length: 3000 }, (_, i) => `record ${i} ${i % 500 === 0 ? v : 0} ${'x'.repeat(40)}`).join('\n');

/** Every object of the repository with its type and bytes, from one `git cat-file --batch`. */
function objects(dir: string): { oid: string; type: string; body: Buffer }[] {
  const all = execFileSync('git', ['cat-file', '--batch-all-objects', '--batch'], { cwd: dir, maxBuffer: 1 << 28 });
  const out: { oid: string; type: string; body: Buffer }[] = [];
  for (let i = 0; i < all.length;) {
    const nl = all.indexOf(10, i);
    const [oid, type, size] = all.toString('latin1', i, nl).split(' ');
    const start = nl + 1;
    out.push({ oid: oid!, type: type!, body: all.subarray(start, start + Number(size)) });
    i = start + Number(size) + 1;
  }
  return out;
}

const catFile = (dir: string, type: string, oid: string) => execFileSync('git', ['cat-file', type, oid], { cwd: dir, maxBuffer: 1 << 26 });

function packVerify(dir: string): string {
  const packs = readdirSync(join(dir, '.git', 'objects', 'pack')).filter((n) => n.endsWith('.idx')).map((n) => join('.git', 'objects', 'pack', n));
  return git(dir, ['verify-pack', '-v', ...packs]);
}

/** A history where one file changes a little in each of `n` commits, so packs hold delta chains. */
function history(n: number): string {
  const dir = newRepo();
  // `sub-notes.txt` comes before the tree `sub` in git's order ("sub/"), after it by name.
  writeTree(dir, { 'bin.dat': Buffer.from(Array.from({ length: 70000 }, (_, i) => (i * 7919) & 0xff)), 'empty.txt': '', 'sub/dir/a.txt': 'a\n', 'sub-notes.txt': 'n\n' });
  for (let v = 1; v <= n; v++) {
    writeTree(dir, { 'data.jsonl': big(v), [`sub/f${v}.txt`]: `file ${v}\n` });
    commitAll(dir, `v${v}`, 1767225600 + v * 60);
  }
  return dir;
}

async function assertAllDirect(dir: string, what: string): Promise<number> {
  const store = new ObjectStore(join(dir, '.git'));
  let n = 0;
  let trees = 0;
  for (const { oid, type, body } of objects(dir)) {
    const o = await store.read(oid);
    assert.ok(o, `${what}: ${type} ${oid} was not read directly`);
    assert.equal(o.type, type, `${what}: type of ${oid}`);
    assert.deepEqual(o.body, body, `${what}: bytes of ${type} ${oid}`);
    assert.equal(store.size(oid), body.length, `${what}: size of ${oid}`);
    // A few trees against ls-tree (each is a process); the parser is the same for all.
    if (type === 'tree' && trees++ < 6) {
      const listed = git(dir, ['ls-tree', oid]).trim().split('\n').filter(Boolean).map((l) => {
        const [meta, path] = l.split('\t');
        const [mode, kind, id] = meta!.split(' ');
        return { mode: mode!, path: path!, oid: id!, type: kind! };
      });
      assert.deepEqual(parseTreeObject(o.body), sortUtf8(listed, (e) => e.path), `${what}: entries of tree ${oid}`);
    }
    n++;
  }
  return n;
}

test('loose objects: every object, its type, bytes and size, as git has them', async () => {
  const dir = history(3);
  assert.ok(await assertAllDirect(dir, 'loose') >= 15);
});

test('packs with offset deltas and long chains: every object read directly, bytes and sizes exact', async () => {
  const dir = history(30);
  git(dir, ['repack', '-a', '-d', '-f', '--depth=50', '--window=50', '-q']);
  const deltas = packVerify(dir).split('\n').filter((l) => /^[0-9a-f]{40} (blob|tree)\s+\d+\s+\d+\s+\d+\s+(\d+)/.test(l));
  const depths = deltas.map((l) => Number(l.trim().split(/\s+/)[5]));
  assert.ok(Math.max(...depths) >= 3, `expected a delta chain of depth 3 or more, got ${Math.max(...depths)}`);
  await assertAllDirect(dir, 'packed');
});

test('every object read at once, deltas and bases interleaved: the same bytes (one read buffer is shared)', async () => {
  const dir = history(30);
  git(dir, ['repack', '-a', '-d', '-f', '--depth=50', '--window=50', '-q']);
  const all = objects(dir);
  const store = new ObjectStore(join(dir, '.git'));
  // Every read in flight together: a delta's base is read between its own read and its inflation.
  const read = await Promise.all(all.map(({ oid }) => store.read(oid)));
  all.forEach(({ oid, type, body }, i) => {
    assert.equal(read[i]?.type, type, `type of ${oid}`);
    assert.deepEqual(read[i]!.body, body, `bytes of ${type} ${oid}`);
  });
});

test('readNow: every object of packs with delta chains and of loose files, at once, as read() gives it; a corrupt one undefined', async () => {
  const dir = history(12);
  for (const packed of [false, true]) {
    if (packed) git(dir, ['repack', '-a', '-d', '-f', '--depth=50', '--window=50', '-q']);
    const all = objects(dir);
    const store = new ObjectStore(join(dir, '.git'));
    // Interleaved with asynchronous reads of the same objects (one read buffer is shared).
    const later = all.map(({ oid }) => store.read(oid));
    for (const { oid, type, body } of all) {
      const o = store.readNow(oid);
      assert.equal(o?.type, type, `${packed ? 'packed' : 'loose'}: type of ${oid}`);
      assert.deepEqual(o!.body, body, `bytes of ${type} ${oid}`);
    }
    (await Promise.all(later)).forEach((o, i) => assert.deepEqual(o?.body, all[i]!.body));
  }
  const gitdir = join(dir, '.git');
  writeTree(dir, { 'c.txt': 'corrupt me\n' });
  commitAll(dir, 'c', 1767999600);
  const oid = git(dir, ['rev-parse', 'HEAD:c.txt']).trim();
  const path = join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  chmodSync(path, 0o644);
  writeFileSync(path, deflateSync(Buffer.from('blob 11\0CORRUPT ME\n')));
  assert.equal(new ObjectStore(gitdir).readNow(oid), undefined);
  assert.equal(new ObjectStore(gitdir).readNow('not an id'), undefined);
});

test('reference deltas (a pack written without offset deltas) read the same', async () => {
  const dir = history(6);
  git(dir, ['-c', 'repack.useDeltaBaseOffset=false', 'repack', '-a', '-d', '-f', '-q']);
  const pack = readdirSync(join(dir, '.git', 'objects', 'pack')).find((n) => n.endsWith('.pack'))!;
  // verify-pack prints the base's id for every delta; REF_DELTA entries are what this pack holds.
  assert.match(packVerify(dir), /\d+ [0-9a-f]{40}\n/, `no delta in ${pack}`);
  await assertAllDirect(dir, 'ref deltas');
});

test('GitRepo reads blobs and trees through the store, once each, and falls back for what it cannot read', async () => {
  const dir = history(2);
  const repo = new GitRepo(dir, join(dir, '.git'));
  const oid = git(dir, ['rev-parse', 'HEAD:data.jsonl']).trim();
  assert.deepEqual(await repo.readBlob(oid), catFile(dir, 'blob', oid));
  const tree = git(dir, ['rev-parse', 'HEAD^{tree}']).trim();
  // By name, as the library orders them (package discovery walks trees in this order).
  assert.deepEqual((await repo.readTreeEntries(tree)).map((e) => e.path), ['bin.dat', 'data.jsonl', 'empty.txt', 'sub', 'sub-notes.txt']);
  assert.deepEqual(git(dir, ['ls-tree', '--name-only', tree]).trim().split('\n'), ['bin.dat', 'data.jsonl', 'empty.txt', 'sub-notes.txt', 'sub'], "git's own order differs");
});

test('a corrupted loose object is not trusted: the id check fails and the library reports it', async () => {
  const dir = newRepo();
  writeTree(dir, { 'a.txt': 'hello\n' });
  commitAll(dir, 'one', 1767225600);
  const oid = git(dir, ['rev-parse', 'HEAD:a.txt']).trim();
  const gitdir = join(dir, '.git');
  const path = join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
  chmodSync(path, 0o644);
  writeFileSync(path, deflateSync(Buffer.from('blob 6\0HELLO\n')));
  assert.equal(await new ObjectStore(gitdir).read(oid), undefined);
  await assert.rejects(new GitRepo(dir, gitdir).readBlob(oid));
});

test('tree entries the library must judge are not parsed here', () => {
  const entry = (mode: string, name: string) => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.alloc(20, 0xab)]);
  assert.deepEqual(parseTreeObject(entry('100644', 'ok.md')), [{ mode: '100644', path: 'ok.md', oid: 'ab'.repeat(20), type: 'blob' }]);
  assert.deepEqual(parseTreeObject(entry('40000', 'dir')), [{ mode: '040000', path: 'dir', oid: 'ab'.repeat(20), type: 'tree' }]);
  for (const name of ['..', '.', '.git', '.GIT', '.git.', 'git~1', 'a\\b', 'a:b', 'x\u200cy', '. .']) {
    assert.equal(parseTreeObject(entry('100644', name)), undefined, JSON.stringify(name));
  }
  assert.equal(parseTreeObject(entry('100600', 'odd-mode')), undefined);
  assert.equal(parseTreeObject(Buffer.concat([Buffer.from('100644 a\0'), Buffer.alloc(5)])), undefined, 'truncated id');
  assert.equal(parseTreeObject(Buffer.concat([Buffer.from('100644 \xff\0', 'latin1'), Buffer.alloc(20)])), undefined, 'not UTF-8');
});

test('applyDelta: copies and inserts; a delta that does not fit its base is refused', () => {
  const base = Buffer.from('hello, world');
  // base size 12, result 11: copy "hello" (offset 0, length 5), insert " git ", copy "d" (offset 11).
  const delta = Buffer.from([12, 11, 0x90, 5, 5, ...Buffer.from(' git '), 0x91, 11, 1]);
  assert.equal(applyDelta(base, delta).toString(), 'hello git d');
  assert.throws(() => applyDelta(Buffer.from('short'), delta));
  assert.throws(() => applyDelta(base, Buffer.from([12, 11, 0x90, 20])), 'copy beyond the result');
  assert.throws(() => applyDelta(base, Buffer.from([12, 1, 0])), 'reserved instruction');
});

test('commits and annotated tags parse as git reads them, multi-line headers included', async () => {
  const dir = history(3);
  git(dir, ['tag', '-a', 'v1', '-m', 'release one\n\nobject 0000000000000000000000000000000000000000']);
  const store = new ObjectStore(join(dir, '.git'));
  for (const rev of ['HEAD', 'HEAD~1', 'HEAD~2']) {
    const oid = git(dir, ['rev-parse', rev]).trim();
    const [tree, parents, time] = git(dir, ['log', '-1', '--format=%T|%P|%ct', oid]).trim().split('|');
    const c = parseCommitObject((await store.read(oid))!.body);
    assert.deepEqual(c, { tree, parent: parents ? parents.split(' ') : [], committer: { timestamp: Number(time) } }, rev);
  }
  const tagOid = git(dir, ['rev-parse', 'refs/tags/v1']).trim();
  assert.equal(parseTagTarget((await store.read(tagOid))!.body), git(dir, ['rev-parse', 'v1^{commit}']).trim(), 'the header, not the message');
  // A signed-looking commit: a multi-line header between committer and message.
  const head = catFile(dir, 'commit', git(dir, ['rev-parse', 'HEAD']).trim()).toString();
  const signed = head.replace('\n\n', '\ngpgsig -----BEGIN PGP SIGNATURE-----\n parent 1111111111111111111111111111111111111111\n -----END PGP SIGNATURE-----\n\n');
  const oid = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], { cwd: dir, input: signed, encoding: 'utf8' }).trim();
  const parsed = parseCommitObject((await store.read(oid))!.body)!;
  assert.deepEqual(parsed.parent, [git(dir, ['rev-parse', 'HEAD~1']).trim()]);
  assert.equal(await new GitRepo(dir, join(dir, '.git')).commitTime(oid), Number(git(dir, ['log', '-1', '--format=%ct', oid]).trim()));
  assert.equal(parseCommitObject(Buffer.from('tree nope\n\nmsg')), undefined);
});
