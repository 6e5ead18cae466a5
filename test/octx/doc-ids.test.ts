// DocIds keeps a canonical UUID as its 16 bytes (writeIdBytes reads the text a character pair at a
// time) and finds duplicates by sorting those bytes a word at a time: both must agree with the plain
// reading — the canonical pattern, the hex of the id without its dashes, byte order — on ids
// drawn to break them (near misses of every kind, shared prefixes, ties).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DocIds, writeIdBytes } from '../../src/octx/doc-ids.js';
import { seeded } from '../helpers/random.js';

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function idOf(r: ReturnType<typeof seeded>): string {
  const hex = '0123456789abcdef';
  let s = '';
  for (let i = 0; i < 32; i++) s += hex[r.below(16)];
  const id = `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  const at = r.below(36);
  switch (r.below(10)) {
    case 0: return id.slice(0, at) + 'ABCDEFg-:/@`{ é\u0130'[r.below(16)] + id.slice(at + 1);
    case 1: return id.slice(0, at) + id.slice(at + 1);
    case 2: return `${id}${r.below(2) ? '0' : '\n'}`;
    case 3: return id.replace(/-/g, '');
    default: return id;
  }
}

test('writeIdBytes writes the bytes of exactly the canonical ids, and nothing for the rest', () => {
  const r = seeded(7);
  let canonical = 0;
  for (let i = 0; i < 20000; i++) {
    const id = idOf(r);
    const out = Buffer.alloc(20, 0xee);
    const ok = writeIdBytes(id, out, 2);
    assert.equal(ok, CANONICAL.test(id), id);
    const expected = Buffer.alloc(20, 0xee);
    if (ok) { Buffer.from(id.replace(/-/g, ''), 'hex').copy(expected, 2); canonical++; }
    assert.deepEqual(out, expected, id);
  }
  assert.ok(canonical > 10000 && canonical < 19000, `${canonical} canonical ids drawn`);
});

test('duplicates are the later holders of an id, in order, ids sharing their first bytes included', () => {
  const r = seeded(11);
  const ids: (string | undefined)[] = [];
  // Ids of one generator: the same timestamp bytes, differing late; some repeated, some not canonical.
  for (let i = 0; i < 3000; i++) {
    const roll = r.below(10);
    if (roll === 0 && ids.length) ids.push(ids[r.below(ids.length)]);
    else if (roll === 1) ids.push(undefined);
    else if (roll === 2) ids.push(`not-an-id-${r.below(50)}`);
    else ids.push(`019b76da-bc${r.below(4)}${r.below(4)}-7${r.below(8)}00-8000-0000000000${String(r.below(100)).padStart(2, '0')}`);
  }
  const kept = new DocIds(ids.length);
  ids.forEach((id, i) => kept.set(i, id, i + 1));
  const taken = ids[5] ?? '019b76da-bc00-7000-8000-000000000000';
  const seen = new Set<string>([taken]);
  const expected: number[] = [];
  ids.forEach((id, i) => {
    if (id === undefined || id === '') return;
    if (seen.has(id)) expected.push(i);
    seen.add(id);
  });
  assert.ok(expected.length > 300, `${expected.length} duplicates drawn`);
  assert.deepEqual(kept.duplicates(taken), expected);
});
