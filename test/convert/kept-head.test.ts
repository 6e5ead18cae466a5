// One rule for writing a document's head (src/doc-model.ts documentTextWithKeptHead), used by the
// OCTX and cartridge writers alike: a kept head that still holds is written as it was; one that no
// longer says what the document says gives way to a fresh head over the document's own fields.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentTextWithKeptHead, KEPT_HEAD } from '../../src/doc-model.js';
import { documentText as octxText } from '../../src/octx/doc-fields.js';
import { documentText as acxText } from '../../src/acx/doc-fields.js';
import type { Doc } from '../../src/format.js';

test('a kept head is written as it was while it holds, and replaced by the format\'s fresh head when it does not', () => {
  const head = '---\nid: "0190b0c0-0000-7000-8000-000000000001"\ntitle:   "Guide"   # hand-written\n---\n';
  const d: Doc = { id: '0190b0c0-0000-7000-8000-000000000001', path: 'guide.md', title: 'Guide', body: '# Guide\n\nText.\n', carried: { acx: { [KEPT_HEAD]: head } } };
  const written: Array<Record<string, unknown>> = [];
  const reparse = () => d;
  assert.equal(documentTextWithKeptHead(d, 'acx', reparse, (f) => { written.push(f); return 'fresh'; }), head + d.body);
  assert.deepEqual(written, []);
  // The document changed its title: the head no longer holds, a fresh head is written.
  const moved: Doc = { ...d, title: 'Handbook' };
  assert.equal(documentTextWithKeptHead(moved, 'acx', () => ({ ...d, carried: { acx: { x: 1 } } }), (f) => { written.push(f); return 'fresh'; }), 'fresh');
  assert.deepEqual(written, [{ x: 1 }]);
  // Both writers follow it: the same document gives the same head decision in OCTX and a cartridge.
  assert.match(acxText(moved), /^---\n[\s\S]*Handbook/);
  assert.match(octxText({ ...moved, carried: { octx: { [KEPT_HEAD]: head } } }), /Handbook/);
});
