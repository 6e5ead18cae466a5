// An opened archive keeps its files by position (issue 39): names in one array, sizes, offsets and
// methods in typed arrays, an index of positions — no object an entry for the archive's life (~80
// bytes of V8's heap a file at 100 000 files). What it answers must not change: entries, the
// listing in UTF-8 order of path, sizes, bytes of stored and deflated entries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import yazl from 'yazl';
import { ZipTree } from '../../src/core/zip-tree.js';

function zip(files: [string, Buffer, boolean][]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, bytes, compress] of files) z.addBuffer(bytes, name, { compress, mtime: new Date(0) });
  z.end();
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => parts.push(c)).on('end', () => resolve(Buffer.concat(parts))).on('error', reject);
  });
}

test('an archive keeps its files as arrays by position, and answers as before', async () => {
  const files: [string, Buffer, boolean][] = [
    ['z/last.md', Buffer.from('last'), false],
    ['a-b.md', Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251)), true],
    ['a/x.md', Buffer.from('ax'), false],
    ['é/\u{1f600}.md', Buffer.from('astral'), true],
    ['a.md', Buffer.alloc(0), false],
  ];
  const tree = await ZipTree.open(await zip(files), { label: 't.zip' });
  try {
    const kept = (tree as unknown as { kept: Record<string, unknown> }).kept;
    for (const k of ['sizes', 'compressed', 'dataStarts']) assert.ok(kept[k] instanceof Float64Array, k);
    assert.ok(kept.methods instanceof Uint8Array);
    assert.ok(kept.order instanceof Int32Array);
    assert.ok((kept.paths as unknown[]).every((p) => typeof p === 'string'));
    assert.deepEqual((await tree.list()).map((e) => [e.path, e.kind, e.size]),
      [['a-b.md', 'file', 5000], ['a.md', 'file', 0], ['a/x.md', 'file', 2], ['z/last.md', 'file', 4], ['é/\u{1f600}.md', 'file', 6]]);
    for (const [name, bytes] of files) {
      assert.deepEqual({ ...tree.entry(name) }, { ...tree.entry(name), path: name, kind: 'file', size: bytes.length });
      assert.deepEqual(await tree.stat(name), { path: name, kind: 'file', size: bytes.length });
      assert.ok((await tree.read(name)).equals(bytes), name);
    }
    assert.equal(tree.entry('a'), undefined);
    assert.equal(await tree.stat('nope.md'), undefined);
  } finally {
    tree.close();
  }
});
