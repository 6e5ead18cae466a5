// The compact tables of issue 39's memory round: paths as one UTF-8 slab (PathTable), digests as
// 32 bytes (DigestArray), document ids as 16 bytes (DocIds). Each must give back exactly what it
// was given — hostile and non-ASCII names included — and find what a Map or Set would find.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { PathTable, sharedPaths } from '../../src/core/path-table.js';
import { DigestArray } from '../../src/core/digest-array.js';
import { DocIds } from '../../src/octx/doc-ids.js';
import { sortUtf8 } from '../../src/core/paths.js';
import { DiskTree } from '../../src/core/tree.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { createHash } from 'node:crypto';

const HOSTILE = [
  'knowledge/a.md', 'knowledge/a b.md', 'knowledge/ünï/cödé.md', 'knowledge/日本語/ページ.md', 'knowledge/emoji-😀.md',
  'knowledge/\uE000-private.md', 'knowledge/\uFFFD.md', '../escape.md', 'a\nb::set-output name=x::y.md', '<script>alert(1)</script>.md',
  'knowledge/%2e%2e/x.md', '', 'x', 'knowledge/a.md\u0000', 'C:\\windows\\path.md', 'knowledge/' + 'long/'.repeat(200) + 'deep.md',
];

test('PathTable: every path reads back as itself, in the order given', () => {
  const t = PathTable.of(HOSTILE);
  assert.equal(t.length, HOSTILE.length);
  assert.deepEqual([...t], HOSTILE);
  HOSTILE.forEach((p, i) => { assert.equal(t.at(i), p); assert.equal(t.byteLength(i), Buffer.byteLength(p)); });
});

test('PathTable: find gives each path its position, and -1 for what is not there', () => {
  const t = PathTable.of(HOSTILE);
  HOSTILE.forEach((p, i) => assert.equal(t.find(p), i, JSON.stringify(p)));
  for (const absent of ['knowledge/A.md', 'knowledge/a.m', 'knowledge/a.mdx', 'knowledge/ünï/code.md', 'knowledge/emoji-😁.md', 'y', 'knowledge/\uD800.md']) {
    assert.equal(t.find(absent), -1, JSON.stringify(absent));
  }
});

test('PathTable: among equal paths find answers the last, as a Map made from the list does', () => {
  const paths = ['a', 'b', 'a', 'c', 'a'];
  const t = PathTable.of(paths);
  const m = new Map(paths.map((p, i) => [p, i]));
  for (const p of ['a', 'b', 'c']) assert.equal(t.find(p), m.get(p));
});

test('PathTable: a lone surrogate is refused (it has no UTF-8 form), and sharedPaths says so with undefined', () => {
  assert.throws(() => PathTable.of(['ok', 'bad\uD800']), RangeError);
  assert.equal(sharedPaths(['bad\uDC00x']), undefined);
  assert.ok(sharedPaths(['ok']));
});

test('PathTable: 200 000 paths, each found at its place, the table far smaller than the strings', () => {
  const paths: string[] = [];
  for (let i = 0; i < 200_000; i++) paths.push(`knowledge/section-${String(i % 997).padStart(3, '0')}/page-${String(i).padStart(6, '0')}${i % 7 === 0 ? '-ü' : ''}.md`);
  const sorted = sortUtf8(paths, (p) => p);
  const t = PathTable.of(sorted);
  for (let k = 0; k < sorted.length; k += 997) assert.equal(t.find(sorted[k]!), k);
  assert.equal(t.find('knowledge/section-000/page-999999.md'), -1);
  const shared = t.shared;
  assert.ok(shared.bytes.byteLength < 200_000 * 45, `${shared.bytes.byteLength} bytes of paths`);
  assert.equal(shared.ends.byteLength, 200_000 * 4);
});

test('PathTable: another thread reads the same shared bytes', async () => {
  const t = PathTable.of(HOSTILE);
  const code = `const { parentPort, workerData } = require('node:worker_threads');
    const b = Buffer.from(workerData.bytes); const ends = new Uint32Array(workerData.ends, 0, workerData.count);
    const out = []; let s = 0; for (let i = 0; i < workerData.count; i++) { out.push(b.toString('utf8', s, ends[i])); s = ends[i]; }
    parentPort.postMessage(out);`;
  const got = await new Promise<string[]>((resolve, reject) => {
    const w = new Worker(code, { eval: true, workerData: t.shared });
    w.once('message', resolve);
    w.once('error', reject);
  });
  assert.deepEqual(got, HOSTILE);
});

test('DiskTree: entry, stat and files() answer from the table as the listing does', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'knowledge/ünï.md': 'a', 'knowledge/b c.md': 'bb', 'knowledge/sub/d.md': 'ccc', 'manifest.json': '{}' });
  const t = new DiskTree(dir);
  const listed = await t.list();
  assert.deepEqual(listed.map((e) => [e.path, e.kind, e.size]), [['knowledge/b c.md', 'file', 2], ['knowledge/sub/d.md', 'file', 3], ['knowledge/ünï.md', 'file', 1], ['manifest.json', 'file', 2]]);
  for (const e of listed) assert.deepEqual(t.entry(e.path), e);
  assert.equal(t.entry('knowledge/sub'), undefined, 'folders are not listed');
  assert.equal(await t.stat('knowledge/none.md'), undefined);
  const files = await t.files();
  assert.equal(files.size, 4);
  assert.ok(files.has('knowledge/ünï.md'));
  assert.ok(!files.has('knowledge/unï.md'));
  assert.deepEqual([...(t.eachEntry())].map((e) => e.path), listed.map((e) => e.path));
  const h = t.handoff(['knowledge/sub/d.md', 'manifest.json']);
  assert.ok(h && h.pick, 'listed paths are handed over as positions in the listing');
  assert.deepEqual([...h.pick], [1, 3]);
});

test('DigestArray: a digest reads back as the hex it was given; none stored reads as empty', () => {
  const d = new DigestArray(3);
  const a = createHash('sha256').update('a').digest('hex');
  const b = createHash('sha256').update('b').digest('hex');
  d.set(0, a);
  d.set(2, b);
  assert.equal(d.hex(0), a);
  assert.equal(d.hex(1), '');
  assert.equal(d.hex(2), b);
  assert.ok(d.has(0) && !d.has(1));
  assert.throws(() => d.set(1, a.toUpperCase()), RangeError, 'uppercase hex would not read back as itself');
  assert.throws(() => d.set(1, a.slice(2)), RangeError);
});

test('DocIds: ids read back as given; duplicates are those an earlier document or the asset holds, in order', () => {
  const u = (n: number) => `019b76da-d119-7baf-a61a-${n.toString(16).padStart(12, '0')}`;
  const ids = new DocIds(8);
  ids.set(0, u(1), 5);
  ids.set(1, u(2), 6);
  ids.set(2, 'NOT-A-UUID', 7);
  ids.set(3, u(1), 8); // duplicate of 0
  ids.set(4, undefined, 3);
  ids.set(5, 'NOT-A-UUID', 9); // duplicate of 2
  ids.set(6, u(9), 4); // the asset's
  ids.set(7, u(1).toUpperCase(), 2); // not equal to u(1) as a string: no duplicate
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7].map((i) => ids.id(i)), [u(1), u(2), 'NOT-A-UUID', u(1), undefined, 'NOT-A-UUID', u(9), u(1).toUpperCase()]);
  assert.deepEqual([0, 1, 2, 3].map((i) => ids.idLine(i)), [5, 6, 7, 8]);
  assert.ok(ids.has(4));
  assert.deepEqual(ids.duplicates(u(9)), [3, 5, 6]);
  assert.deepEqual(ids.duplicates(), [3, 5]);
  // The same answer as a set walked in order, on many ids with repeats.
  const many = new DocIds(5000);
  const given: string[] = [];
  for (let i = 0; i < 5000; i++) { const id = u((i * 7919) % 3001); given.push(id); many.set(i, id, i); }
  const seen = new Set<string>();
  const expected: number[] = [];
  given.forEach((id, i) => { if (seen.has(id)) expected.push(i); seen.add(id); });
  assert.deepEqual(many.duplicates(), expected);
});

test('DiskTree: the walk lists the tree in UTF-8 order of path, as sorting every path would', async () => {
  const dir = tmpDir();
  const names = ['a', 'a-b', 'a.md', 'a/x.md', 'a/x/y.md', 'a.d/z.md', 'a b/c.md', 'a!/q.md', 'ü.md', 'u/ü/v.md', 'z', '\uE000.md', '😀/f.md', '😀.md', 'A/B.md', 'b/a/a.md', 'b/a-/a.md', 'b/a.md'];
  const files: Record<string, string> = {};
  for (const n of names) if (!names.some((m) => m.startsWith(`${n}/`))) files[n] = n;
  writeTree(dir, files);
  const listed = (await new DiskTree(dir).list()).map((e) => e.path);
  assert.deepEqual(listed, sortUtf8(Object.keys(files), (p) => p));
});
