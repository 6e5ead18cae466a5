// ZipTree.open keeps each entry's fields in typed arrays of the directory's count (issue 39) and
// checks overlaps in the order of the entries' data: a directory that lists them in another order
// (legal: nothing requires the two orders to agree) is sorted first, and one in data order, the
// common case, is not. Each case fails if the sort is skipped or wrong, or a field is misplaced.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ZipSecurityError, ZipTree } from '../../src/core/zip-tree.js';
import { makeZip, type ZEntry } from '../helpers/rawzip.js';

const entries: ZEntry[] = [
  { name: 'a.md', data: 'alpha' },
  { name: 'b/c.md', data: 'x'.repeat(3000), method: 8 },
  { name: 'd.md', data: '' },
  { name: 'e.md', data: 'epsilon' },
];

async function problems(zip: Buffer): Promise<string[]> {
  try {
    (await ZipTree.open(zip)).close();
    return [];
  } catch (e) {
    assert.ok(e instanceof ZipSecurityError, String(e));
    return e.problems.map((p) => p.kind);
  }
}

for (const order of [[0, 1, 2, 3], [3, 2, 1, 0], [2, 0, 3, 1]]) {
  test(`a directory listing the entries as ${order.join(',')} opens, and every entry reads as written`, async () => {
    const tree = await ZipTree.open(makeZip(entries, { centralOrder: order }));
    try {
      assert.deepEqual((await tree.list()).map((e) => [e.path, e.size]), [['a.md', 5], ['b/c.md', 3000], ['d.md', 0], ['e.md', 7]]);
      for (const e of entries) assert.equal((await tree.read(e.name as string)).toString(), e.data, e.name as string);
      assert.equal(tree.entryInfo('b/c.md')?.method, 8);
      assert.equal(tree.entryInfo('a.md')?.method, 0);
    } finally {
      tree.close();
    }
  });
}

test('an entry whose record lies inside another\'s data is an overlap, whatever order the directory lists them in', async () => {
  // b.txt's central record points into a.bin's stored data, which holds a copy of b.txt's local record.
  const inner = makeZip([{ name: 'b.txt', data: 'hello' }]).subarray(0, 30 + 5 + 5);
  const at = 30 + 'a.md'.length + 5 + 30 + 'a.bin'.length;
  const hostile: ZEntry[] = [{ name: 'a.md', data: 'alpha' }, { name: 'a.bin', data: inner }, { name: 'b.txt', data: 'hello', phantomOffset: at }, { name: 'z.md', data: 'zz' }];
  for (const order of [[0, 1, 2, 3], [2, 1, 0, 3], [3, 2, 0, 1], [0, 2, 3, 1]]) {
    assert.deepEqual(await problems(makeZip(hostile, { centralOrder: order })), ['OVERLAP'], order.join(','));
  }
});

test('a directory count the archive cannot hold is refused as before, without sizing its arrays by the count', async () => {
  const zip = makeZip(entries, { eocd: { entries: 0xffff, entriesOnDisk: 0xffff } });
  const kinds = await problems(zip);
  assert.equal(kinds.length, 1);
  assert.equal(kinds[0], 'CORRUPT');
});
