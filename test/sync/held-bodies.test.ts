// The ring of page bodies a sync keeps from its first read (issue 39): the newest bodies, within a
// fixed number of bytes, given back exactly while newer ones have not overwritten them. Fails on
// the code before, which had no ring (every page was read again to be written).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeldBodies } from '../../src/sync/held-bodies.js';

test('the ring gives back each body kept until newer bodies overwrite it, and never a wrong one', () => {
  const ring = new HeldBodies(64);
  const bodies = ['# A\n\nalpha\n', 'Über — ünïcödé ✓\n', '', '# B\n\nbeta beta beta\n', 'x'.repeat(30), '# C\n'];
  const kept = bodies.map((b) => ring.keep(b));
  assert.ok(kept.every((k) => k !== undefined));
  // 64 bytes hold the newest bodies (a body never wraps: it starts again at the ring's beginning).
  const got = kept.map((k) => ring.body(k!));
  for (const [i, g] of got.entries()) if (g !== undefined) assert.equal(g, bodies[i], `body ${i}`);
  assert.equal(got[0], undefined, 'the oldest is gone');
  assert.equal(got[5], '# C\n');
  assert.equal(got[4], 'x'.repeat(30));
  // Every body the ring still claims to hold is exactly what was kept, through many rounds.
  const many = Array.from({ length: 500 }, (_, i) => `page ${i} ${'é'.repeat(i % 9)}\n`);
  const ids = many.map((b) => ring.keep(b)!);
  let held = 0;
  for (const [i, id] of ids.entries()) {
    const b = ring.body(id);
    if (b !== undefined) { assert.equal(b, many[i]); held++; }
  }
  assert.ok(held >= 2 && held < 20, `a few of the newest are held (${held})`);
  assert.equal(ring.body(ids[ids.length - 1]!), many[many.length - 1]);
});

test('a body larger than the ring, or with no UTF-8 (a lone surrogate), is not kept; an empty ring keeps nothing', () => {
  const ring = new HeldBodies(16);
  assert.equal(ring.keep('x'.repeat(17)), undefined);
  assert.equal(ring.keep('a\ud800b'), undefined);
  const k = ring.keep('x'.repeat(16));
  assert.equal(ring.body(k!), 'x'.repeat(16));
  const none = new HeldBodies(0);
  assert.equal(none.keep(''), undefined);
  assert.equal(none.keep('a'), undefined);
});
