// The files a sync generates for every document at once — the ID map and OCTX's index.md — are
// encoded entry by entry (src/core/text-bytes.ts), never as one string of the whole file; their
// bytes are exactly what the one-string form gave (issue 39), also when sync gives the map's
// documents as a list whose entries are made as it is rendered (idmap.ts DocumentList).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { idMapBytes, idMapText, type IdMap } from '../../src/sync/idmap.js';
import { indexBytes } from '../../src/octx/write-source.js';
import { TextBytes } from '../../src/core/text-bytes.js';
import type { Doc } from '../../src/format.js';

/** The map's text as it was made before: one JSON.stringify of the whole map, keys and lists sorted. */
function oneString(m: IdMap): string {
  const sorted = <T>(o: Record<string, T>): Record<string, T> => Object.fromEntries(Object.entries(o).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  return `${JSON.stringify({ version: 1, format: m.format, documents: sorted(m.documents), assets: sorted(m.assets), files: [...m.files].sort(), retired: [...new Set(m.retired)].sort(), ...(m.site ? { site: m.site } : {}) }, null, 2)}\n`;
}

test('the ID map encoded entry by entry is byte for byte the one JSON.stringify of it', () => {
  const empty: IdMap = { version: 1, format: 'octx', documents: {}, assets: {}, files: [], retired: [] };
  const documents: IdMap['documents'] = {};
  for (let i = 0; i < 300; i++) {
    documents[`dir ${i % 7}/pägé-${i}\u{1F600}.md`] = { id: `0190a0b0-0000-7000-8000-${String(i).padStart(12, '0')}`, digest: `sha256:${'ab'.repeat(32)}`, path: `dir-${i % 7}/page-${i}.md`, ...(i % 5 === 0 ? { includes: [{ file: '../x "q".md', lines: [[1, 3], [5, 9]], digest: 'sha256:00' }] } : {}) };
  }
  documents['10'] = { id: 'a', digest: 'd', path: '10.md' };
  documents['2'] = { id: 'b', digest: 'd', path: '2.md' };
  documents['lone\ud800.md'] = { id: 'c', digest: 'd', path: 'lone.md' };
  const full: IdMap = {
    version: 1, format: 'ctxpkg', documents, assets: { 'img/a b.png': 'img/a-b.png', 7: 'x7', '01': 'y', 'z\n': 'z' },
    files: ['knowledge/b.md', 'knowledge/a.md', '.ctxforge-sync.json'], retired: ['r2', 'r1', 'r2'],
    site: { generator: 'hugo', root: 'content/', routes: { firstPage: 'a.md' } as never },
  };
  for (const m of [empty, full, { ...full, site: undefined, retired: [], files: [] }]) {
    const want = Buffer.from(oneString(m), 'utf8');
    assert.ok(idMapBytes(m).equals(want), `bytes of ${Object.keys(m.documents).length} documents`);
    assert.equal(idMapText(m), oneString(m));
    // The documents given as a list (sync's, made as the map is rendered), in an order of their own
    // and with the object left empty: the same bytes. The list is asked for each entry once.
    const keys = Object.keys(m.documents).reverse();
    let asked = 0;
    const list = { length: keys.length, key: (i: number) => keys[i]!, entry: (i: number) => { asked++; return m.documents[keys[i]!]!; } };
    assert.ok(idMapBytes({ ...m, documents: {} }, list).equals(want), `bytes of ${keys.length} documents given as a list`);
    assert.equal(asked, keys.length);
  }
});

test('index.md encoded entry by entry is the lines joined, in navigation order', () => {
  const docs: Doc[] = [
    { id: '1', path: 'b.md', title: 'B [x]\nline', body: '', description: 'two\nlines' },
    { id: '2', path: 'a.md', title: 'Ä \u{1F600}', body: '', order: 2 },
    { id: '3', path: 'c/d.md', title: 'D', body: '', order: 1, description: '' },
  ];
  assert.equal(indexBytes('My\nDocs', docs).toString('utf8'), '# My Docs\n\n- [D](c/d.md)\n- [Ä \u{1F600}](a.md)\n- [B  x  line](b.md) - two lines\n');
  assert.equal(indexBytes('Empty', []).toString('utf8'), '# Empty\n\n- [Index](index.md)\n');
});

test('TextBytes grows past its first buffer and gives exactly the bytes added', () => {
  const t = new TextBytes();
  const pieces: string[] = [];
  for (let i = 0; i < 5000; i++) pieces.push(`${'é'.repeat(i % 40)}\u{1F600}${i}\n`);
  for (const p of pieces) t.add(p);
  assert.ok(t.bytes().equals(Buffer.from(pieces.join(''), 'utf8')));
});
