// What the checks keep of each document (issue 39): small facts through the tree's own index, not
// copies. These pin the pieces that replaced sets and maps of every path — the position lookup,
// the trees' entry() and DiskTree.files() — and the 'ids' report, whose findings must be the full
// report's, on real directories and a real ZIP made with the zip CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { positionLookup } from '../../src/core/paths.js';
import { DiskTree } from '../../src/core/tree.js';
import { ZipTree } from '../../src/core/zip-tree.js';
import { checkPackage } from '../../src/octx/package.js';

test('positionLookup: a sorted list answers by binary search, any other through a map; first position, -1 when absent', () => {
  const sorted = ['a.md', 'b/c.md', 'b/d.md', 'z.md'];
  const find = positionLookup(sorted);
  assert.deepEqual(sorted.map(find), [0, 1, 2, 3]);
  for (const absent of ['', 'a', 'b', 'b/c', 'c.md', 'zz.md']) assert.equal(find(absent), -1, absent);
  const unsorted = ['z.md', 'a.md', 'z.md', 'm.md'];
  const find2 = positionLookup(unsorted);
  assert.equal(find2('z.md'), 0);
  assert.equal(find2('a.md'), 1);
  assert.equal(find2('m.md'), 3);
  assert.equal(find2('b.md'), -1);
  assert.equal(positionLookup([])('a'), -1);
});

test('DiskTree.entry() and files(): the listing\'s regular files only — a symlink, a FIFO and a folder are not files', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'a.md': 'aa', 'k/b.md': 'bbb', 'k/c.txt': 'c' });
  mkdirSync(join(dir, 'empty'));
  symlinkSync(join(dir, 'a.md'), join(dir, 'k', 'link.md'));
  execFileSync('mkfifo', [join(dir, 'k', 'pipe.md')]);
  const t = new DiskTree(dir);
  assert.equal(t.entry('a.md'), undefined, 'no index before the listing');
  await t.list();
  assert.deepEqual(t.entry('k/b.md'), { path: 'k/b.md', kind: 'file', size: 3 });
  assert.equal(t.entry('k/link.md')?.kind, 'symlink');
  assert.equal(t.entry('nope.md'), undefined);
  const files = await t.files();
  assert.deepEqual([...files], ['a.md', 'k/b.md', 'k/c.txt']);
  assert.equal(files.size, 3);
  assert.ok(files.has('k/b.md'));
  for (const not of ['k/link.md', 'k/pipe.md', 'empty', 'k', 'missing.md']) assert.equal(files.has(not), false, not);
  assert.deepEqual([...files.entries()][0], ['a.md', 'a.md']);
  const seen: string[] = [];
  files.forEach((p) => seen.push(p));
  assert.deepEqual(seen, [...files.values()]);
});

test('ZipTree.entry(): each file of a real archive with its size, nothing for a folder or a missing name', async () => {
  const dir = tmpDir();
  writeTree(dir, { 'manifest.json': '{}', 'knowledge/a.md': 'hello', 'knowledge/sub/b.md': 'x'.repeat(1000) });
  const zip = join(tmpDir(), 'p.zip');
  execFileSync('zip', ['-q', '-r', '-X', zip, '.'], { cwd: dir });
  const t = await ZipTree.open(zip);
  try {
    assert.equal(t.entry('knowledge/a.md')?.size, 5);
    assert.equal(t.entry('knowledge/sub/b.md')?.size, 1000);
    assert.equal(t.entry('knowledge/sub/b.md')?.kind, 'file');
    assert.equal(t.entry('knowledge'), undefined);
    assert.equal(t.entry('knowledge/missing.md'), undefined);
    assert.deepEqual((await t.list()).map((e) => e.path), ['knowledge/a.md', 'knowledge/sub/b.md', 'manifest.json']);
  } finally {
    t.close();
  }
});

const ASSET = '01890a5d-ac96-774b-bcce-b302099a8057';
const DOC_A = '01890a5d-ac96-774b-bcce-b302099a8058';

function workdir(): string {
  const dir = tmpDir();
  writeTree(dir, {
    'manifest.json': JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ASSET, name: 'Facts' }, release: { version: '1.0.0' } }),
    'knowledge/a.md': `---\ntype: Guide\ntitle: Alpha\noctx:\n  document_id: ${DOC_A}\n---\n# Alpha\n`,
    'knowledge/b.md': '---\ntype: Guide\n---\n# No id\n',
    // The same id as a.md: a finding that needs every kept id.
    'knowledge/c.md': `---\ntype: Reference\noctx:\n  document_id: ${DOC_A}\n---\n# Again\n`,
  });
  return dir;
}

test("checkPackage documents: 'ids' keeps path, id and line only, with the same findings as the full report", async () => {
  const full = await checkPackage(new DiskTree(workdir()), { workdir: true });
  const ids = await checkPackage(new DiskTree(workdir()), { workdir: true, documents: 'ids' });
  assert.deepEqual(ids.diagnostics, full.diagnostics);
  assert.deepEqual(full.diagnostics.map((d) => d.code), ['OCTX_DOCUMENT_ID_INVALID', 'OCTX_ID_DUPLICATE']);
  assert.equal(ids.valid, false);
  assert.deepEqual(ids.documents.map((d) => Object.keys(d).sort()), [['id', 'idLine', 'path'], ['idLine', 'path'], ['id', 'idLine', 'path']]);
  assert.deepEqual(ids.documents.map((d) => [d.path, d.id, d.idLine]), full.documents.map((d) => [d.path, d.id, d.idLine]));
  assert.deepEqual(full.documents.map((d) => [d.type, d.title]), [['Guide', 'Alpha'], ['Guide', 'No id'], ['Reference', 'Again']]);
  assert.deepEqual(ids.files.map((f) => f.path), full.files.map((f) => f.path));
  assert.deepEqual(ids.files.map((f) => f.sha256), full.files.map((f) => f.sha256));
});

test('large files read through pooled blocks: readings in turn reuse one block, readings at once hold their own, every byte read as written', async () => {
  const { createHash } = await import('node:crypto');
  const { openSync, closeSync, writeFileSync } = await import('node:fs');
  const { readBlocks } = await import('../../src/core/tree.js');
  const file = join(tmpDir(), 'big.bin');
  const bytes = Buffer.alloc(3 * (1 << 20) + 12345);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + (i >> 11)) & 0xff;
  writeFileSync(file, bytes);
  const want = createHash('sha256').update(bytes).digest('hex');
  const fd = openSync(file, 'r');
  try {
    const read = () => {
      const h = createHash('sha256');
      let block: ArrayBufferLike | undefined;
      for (const c of readBlocks(fd, 0, bytes.length)) { block ??= c.buffer; h.update(c); }
      return { sha: h.digest('hex'), block };
    };
    const first = read();
    const second = read();
    assert.equal(first.sha, want);
    assert.equal(second.sha, want);
    assert.equal(second.block, first.block, 'the block given back is taken again');
    // Two readings at once: each has a block of its own, so neither sees the other's bytes.
    const a = readBlocks(fd, 0, bytes.length);
    const b = readBlocks(fd, 1 << 20, bytes.length - (1 << 20));
    const ha = createHash('sha256');
    const hb = createHash('sha256');
    for (;;) {
      const x = a.next();
      const y = b.next();
      if (!x.done && !y.done) assert.notEqual(x.value.buffer, y.value.buffer);
      if (!x.done) ha.update(x.value);
      if (!y.done) hb.update(y.value);
      if (x.done && y.done) break;
    }
    assert.equal(ha.digest('hex'), want);
    assert.equal(hb.digest('hex'), createHash('sha256').update(bytes.subarray(1 << 20)).digest('hex'));
  } finally {
    closeSync(fd);
  }
});
