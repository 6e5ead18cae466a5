// run-tests: alone — measures this process's heap between two points; another file's leftovers would count.
// A working directory's derived file list as positions in its listing (issue 39): the same report
// as a list of entries gives, and no object or path string a file held by it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree, MemoryTree } from '../../src/core/tree.js';
import { checkPackage } from '../../src/octx/package.js';
import { EntryArray, EntryPaths, ListingFiles } from '../../src/octx/payload-files.js';

const ASSET = '01890a5d-ac96-774b-bcce-b302099a8057';
const manifest = JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ASSET, name: 'Listed' }, release: { version: '1.0.0' } });
const doc = (i: number) => `---\ntype: Guide\ntitle: Page ${i}\noctx:\n  document_id: 01890a5d-ac96-774b-bcce-${(0xb30209000000 + i).toString(16)}\n---\n# Page ${i}\n\n[next](page-${i + 1}.md)\n`;

test('ListingFiles: a listing\'s files by position — path, entry, size, lookup, order', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'a.md': 'aa', 'k/b.md': 'bbb', 'k/c.txt': 'c', 'k-d.md': 'dddd' });
  const tree = new DiskTree(dir);
  const listing = await tree.listing();
  const all = Array.from({ length: listing.paths.length }, (_, i) => listing.paths.at(i));
  assert.deepEqual(all, ['a.md', 'k-d.md', 'k/b.md', 'k/c.txt']);
  const files = new ListingFiles(listing, Int32Array.from([0, 2, 3]));
  assert.equal(files.length, 3);
  assert.deepEqual([0, 1, 2].map((i) => files.path(i)), ['a.md', 'k/b.md', 'k/c.txt']);
  assert.deepEqual(files.entry(1, 'k/b.md'), { path: 'k/b.md', kind: 'file', size: 3 });
  assert.deepEqual([0, 1, 2].map((i) => files.size(i)), [2, 3, 1]);
  assert.deepEqual(['a.md', 'k/b.md', 'k/c.txt', 'k-d.md', 'nope.md', 'k'].map((p) => files.indexOf(p)), [0, 1, 2, -1, -1, -1]);
  assert.equal(files.sorted, true);
  assert.equal(new ListingFiles(listing, Int32Array.from([2, 0])).sorted, false, 'order is checked, not assumed');
});

test('a directory checked through its listing gives the report a list of entries gives (findings, files and digests, documents), and the report holds no object and no path string a file (issue 39)', async () => {
  const dir = tmpDir();
  const files: Record<string, string> = { 'manifest.json': manifest, 'notes.txt': 'not payload' };
  for (let i = 0; i < 30; i++) files[`knowledge/s${i % 3}/page-${i}.md`] = doc(i);
  files['knowledge/no-id.md'] = '---\ntype: Guide\n---\n# No id\n';
  files['knowledge/dup.md'] = doc(4);
  files['extensions/bad/x.bin'] = 'x';
  files['extensions/com.example.x/1.0/data.bin'] = 'data';
  writeTree(dir, files);
  symlinkSync(join(dir, 'knowledge', 's0', 'page-0.md'), join(dir, 'knowledge', 'link.md'));
  execFileSync('mkfifo', [join(dir, 'knowledge', 'pipe.md')]);
  mkdirSync(join(dir, 'knowledge', 'empty'));
  const listed = await checkPackage(new DiskTree(dir), { workdir: true, documents: 'ids' });
  // The same files without a listing table: a list of entries (what any other tree gives).
  const regular = Object.fromEntries(Object.entries(files).filter(([p]) => p !== 'notes.txt'));
  const entries = await checkPackage(new MemoryTree(regular, dir), { workdir: true, documents: 'ids' });
  const codes = (r: typeof listed) => r.diagnostics.map((d) => `${d.code} ${d.file}`);
  assert.deepEqual(codes(listed).filter((c) => !c.startsWith('OCTX_FILE_NOT_REGULAR')), codes(entries));
  assert.deepEqual(codes(listed).filter((c) => c.startsWith('OCTX_FILE_NOT_REGULAR')), ['OCTX_FILE_NOT_REGULAR knowledge/link.md', 'OCTX_FILE_NOT_REGULAR knowledge/pipe.md']);
  assert.ok(codes(listed).includes('OCTX_ID_DUPLICATE knowledge/s1/page-4.md'), codes(listed).join('; '));
  assert.ok(codes(listed).includes('OCTX_EXTENSION_PATH_INVALID extensions/bad/x.bin'));
  assert.deepEqual(listed.files, entries.files);
  assert.deepEqual(listed.documents, entries.documents);

  // The report of a directory of 4000 documents, kept and then dropped.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const used = () => { gc(); gc(); return process.memoryUsage().heapUsed; };
  const big = tmpDir();
  const count = 4000;
  const many: Record<string, string> = { 'manifest.json': manifest };
  for (let i = 0; i < count; i++) many[`knowledge/section-${i % 20}/page-${String(i).padStart(5, '0')}.md`] = doc(i);
  writeTree(big, many);
  // What dropping the report frees, least of five checks: anything else that dies between the two
  // readings (the document worker's teardown, a settled promise) only adds to one reading, and alone
  // it made one run in three read ~59 bytes a file (±200 KB a reading on a loaded machine; the least
  // of three still failed a run there).
  let freed = Infinity;
  for (let trial = 0; trial < 5; trial++) {
    let report: Awaited<ReturnType<typeof checkPackage>> | undefined = await checkPackage(new DiskTree(big), { workdir: true, documents: 'ids' });
    assert.equal(report.valid, true, JSON.stringify(report.diagnostics.slice(0, 3)));
    const held = used();
    report = undefined;
    freed = Math.min(freed, held - used());
  }
  // Before: a {path, sha256} object and a path string a file (~100 bytes each).
  assert.ok(freed < 24 * count, `the report held ${freed} bytes of V8's heap for ${count} files`);
});

test('EntryPaths: a declared list\'s paths as a set, in the list\'s order, answered as a set of them would (issue 39)', () => {
  const paths = ['knowledge/b.md', 'a.md', 'knowledge/a-b.md', 'knowledge/a.md', 'knowledge/a/x.md', 'extensions/é/1.0/x', 'data/😀.jsonl', 'data/\uffff'];
  for (const list of [paths, [...paths].sort()]) {
    const set = new Set(list);
    const entries = new EntryPaths(new EntryArray(list.map((path) => ({ path, sha256: '' }))));
    assert.equal(entries.size, set.size);
    assert.deepEqual([...entries], [...set]);
    for (const p of [...list, 'knowledge', 'knowledge/', 'b.md', '', 'zzz', 'knowledge/a', 'data/\ud83d']) assert.equal(entries.has(p), set.has(p), `${JSON.stringify(p)} in ${list === paths ? 'the list' : 'the sorted list'}`);
  }
  assert.equal(new EntryPaths(new EntryArray([])).has(''), false);
});
