// The annotation picker: at most 10 per level, errors first, each file's first finding before any second.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { omittedNote, pickAnnotations, type Candidate } from '../../src/release/annotations.js';

test('errors before warnings, first of each file before seconds, 10 per level, the rest counted', () => {
  const all: Array<Candidate<string>> = [];
  for (let i = 0; i < 8; i++) all.push({ level: 'warning', file: 'w.md', item: `w${i}` });
  for (let i = 0; i < 12; i++) all.push({ level: 'error', file: 'a.md', item: `a${i}` });
  for (const f of ['b.md', 'c.md', 'd.md']) all.push({ level: 'error', file: f, item: f });
  all.push({ level: 'error', item: 'package-level' });
  for (let i = 0; i < 5; i++) all.push({ level: 'warning', file: `x${i}.md`, item: `x${i}` });
  const p = pickAnnotations(all);
  const items = p.shown.map((c) => c.item);
  assert.deepEqual(items.slice(0, 5), ['a0', 'b.md', 'c.md', 'd.md', 'package-level']);
  assert.deepEqual(items.slice(5, 10), ['a1', 'a2', 'a3', 'a4', 'a5']);
  // Warnings: the first of w.md and of each x file, then the second and later of w.md.
  assert.deepEqual(items.slice(10), ['w0', 'x0', 'x1', 'x2', 'x3', 'x4', 'w1', 'w2', 'w3', 'w4']);
  assert.deepEqual(p.omitted, { error: 6, warning: 3, notice: 0 });
  assert.match(omittedNote(p.omitted), /6 errors, 3 warnings not annotated/);
  assert.equal(omittedNote({ error: 0, warning: 0, notice: 0 }), '');
});
