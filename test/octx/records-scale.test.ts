// Record checks stay linear on hostile shapes: a 30 000-event parent chain and 30 000 findings of
// one kind used to take quadratic time (a walk per event, a search per finding).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSag } from '../../src/octx/records.js';
import type { JsonlRecord } from '../../src/octx/jsonl.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

const N = 30000;
const id = (kind: number, i: number) => `019c${kind.toString(16).padStart(4, '0')}-0000-7000-8000-${i.toString(16).padStart(12, '0')}`;
const recs = (values: Record<string, unknown>[]): JsonlRecord[] => values.map((value, i) => ({ line: i + 1, value }));

test('a 30 000-long parent chain and 30 000 unlinked events: linear, every finding reported at its line', { timeout: 60_000 }, () => {
  const doc = id(1, 1);
  const chunks = recs(Array.from({ length: N }, (_, i) => ({ id: id(2, i), document_id: doc, ordinal: i, text: 'x' })));
  const events = recs(Array.from({ length: N }, (_, i) => (i === 0 ? { id: id(3, 0), title: 't', content: '' } : { id: id(3, i), title: 't', content: '', parent_id: id(3, i - 1), level: i })));
  const diags: Diagnostic[] = [];
  checkSag({ chunks, events, entities: [], chunkEvents: [], eventEntities: [] }, new Map([[doc, 'knowledge/a.md']]), new Set([doc]), diags);
  const unlinked = diags.filter((d) => d.code === 'OCTX_SAG_EVENT_IN_ENTITY_RELATION' && d.alias === 'OCTX_EVENT_WITHOUT_ENTITY');
  assert.equal(unlinked.length, N);
  assert.equal(unlinked[N - 1]!.line, N, 'the last event is reported at its own line');
  assert.equal(diags.filter((d) => d.code === 'OCTX_SAG_CHUNK_WITHOUT_EVENT').length, 0, 'a chunk needs no event (octx 0.1.4)');
  assert.equal(diags.filter((d) => d.code === 'OCTX_EVENT_HIERARCHY_CYCLE').length, 0, 'a long chain is not a cycle');
  assert.equal(diags.filter((d) => d.code === 'OCTX_EVENT_WITHOUT_CHUNK').length, N);
});

test('a cycle at the end of a long chain marks the chain and the cycle, once each', { timeout: 60_000 }, () => {
  // e0 → e1 → … → e(N-1) → e(N-10): every event runs into the cycle.
  const events = recs(Array.from({ length: N }, (_, i) => ({ id: id(3, i), title: 't', content: '', parent_id: id(3, i === N - 1 ? N - 10 : i + 1), level: 1 })));
  const diags: Diagnostic[] = [];
  checkSag({ chunks: [], events, entities: [], chunkEvents: [], eventEntities: [] }, new Map(), new Set(), diags);
  assert.equal(diags.filter((d) => d.code === 'OCTX_EVENT_HIERARCHY_CYCLE').length, N);
});
