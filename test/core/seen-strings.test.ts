// SeenStrings (issue 39): which strings of a list were seen, as positions and hashes outside V8's
// heap, answering as a Set of the strings would; and the archive layout's checks through it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SeenStrings } from '../../src/core/seen-strings.js';
import { layoutProblems } from '../../src/core/zip-tree.js';

test('SeenStrings answers as a Set of the strings added would, through growth and equal hashes', () => {
  const list: string[] = [];
  for (let i = 0; i < 5000; i++) list.push(`knowledge/s${i % 7}/p${i}.md`, i % 3 ? `é${i}😀` : '', `k/${i % 100}`);
  const set = new Set<string>();
  const seen = new SeenStrings(4, (i) => list[i]!); // grown from a small table
  list.forEach((s, i) => {
    assert.equal(seen.has(s), set.has(s), JSON.stringify(s));
    if (!set.has(s)) { set.add(s); seen.add(i, s); }
    assert.equal(list[seen.find(s)], s);
  });
  for (const s of ['nope', 'k/100', 'knowledge/s0/p7.md', '\ud800']) assert.equal(seen.has(s), set.has(s), s);
  // The list is asked again only where hashes agree: ~once a lookup of a string that was added.
  let asked = 0;
  const counted = new SeenStrings(list.length, (i) => { asked++; return list[i]!; });
  list.forEach((s, i) => { if (!counted.has(s)) counted.add(i, s); });
  assert.ok(asked <= list.length - set.size + 5, `${asked} strings read back for ${list.length} lookups`);
});

test('layoutProblems reads a layout by position and finds what a list of its entries gives', () => {
  const entries = [
    { path: 'manifest.json', size: 3 }, { path: 'a', size: 1 }, { path: 'a/b.md', size: 1 }, { path: 'k/x.md', size: 1 },
    { path: 'k/x.md', size: 2 }, { path: '../up', size: 1 }, { path: 'bad\ud800', size: 1 }, { path: 'k', size: 1 },
  ];
  const byPosition = layoutProblems({ length: entries.length, path: (i) => entries[i]!.path, size: (i) => entries[i]!.size }, { maxFileBytes: 1 });
  assert.deepEqual(byPosition, layoutProblems(entries, { maxFileBytes: 1 }));
  assert.deepEqual(byPosition.map((p) => `${p.kind} ${p.entry}`), [
    'LIMIT manifest.json', 'DUPLICATE k/x.md', 'PATH_UNSAFE ../up', 'NAME_ENCODING bad\ud800', 'DUPLICATE a', 'DUPLICATE k',
  ]);
});
