// The JSON.parse fast path must never change a value or a verdict: every input gives what the
// strict parser gives (same value, or the same error), on edge cases and on generated documents.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { parseJson, parseJsonStrict } from '../../src/core/strict-json.js';

function outcome(f: () => unknown): unknown {
  try { return { ok: f() }; } catch (e) { return { error: (e as Error).message, code: (e as { code?: string }).code }; }
}

function agree(text: string, maxDepth?: number): void {
  const a = outcome(() => parseJsonStrict(text, { maxDepth }));
  const b = outcome(() => parseJson(text, { maxDepth }));
  assert.ok(isDeepStrictEqual(a, b), `${JSON.stringify(text).slice(0, 200)}: strict ${String(JSON.stringify(a, (_k, v) => typeof v === 'bigint' ? `${v}n` : v)).slice(0, 200)} fast ${String(JSON.stringify(b, (_k, v) => typeof v === 'bigint' ? `${v}n` : v)).slice(0, 200)}`);
}

const samples = [
  '{}', '[]', '1', '"x"', 'null', '{"a":1,"a":2}', '{"a":{"b":1,"b":1}}', '[{"x":1},{"x":1,"x":2}]', '{"a":"b:\\"c\\":"}',
  '{"k":"\\":"}', '{"__proto__":{"polluted":1}}', '{"constructor":1}', '9007199254740993', '{"w":1' + '0'.repeat(400) + '}', '[-1' + '0'.repeat(320) + ']', '{"a":":x"}', '[12345678901234567890]', '1e400', '-0', '1.0', '0.1e1',
  '{"a":1} ', ' {"a":1}', '{"a":1}x', '{"a":1,}', '[1,]', 'NaN', '{"a":NaN}', '"\\ud800"', '"\\u0000"', '{"":1,"":2}', '{"a" : 1, "b"\n:\t2}',
  '{"a" :1,"a":2}', '{"a":1,"b" :2,"b":3}', '{"x":"\\" :y","x":1}', '{"x":"\\" :y","y":1}', '{"a":" :","a":1}', '{"a":" :","b":1}', '{"a":"t\\\\" :1}', '{"k\\\\":1,"k\\\\" :2}', '[" :"]', '{"a":[" :",{"b" :1,"b":2}]}',
  '\ufeff{}', '{"a":[[[[1]]]]}', '01', '+1', '.5', '1.', '"\t"', '{"a":1}\n', '[' .repeat(150) + ']'.repeat(150), '[' .repeat(99) + ']'.repeat(99), '[' .repeat(100) + ']'.repeat(100),
];

test('edge cases: the fast path and the strict parser agree on value or error', () => {
  for (const s of samples) agree(s);
  for (const s of samples) agree(s, 3);
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
});

test('duplicate keys are still rejected at any depth, with the strict parser\'s position', () => {
  assert.throws(() => parseJson('{"a":{"x":[{"k":1,"k":2}]}}'), (e: Error & { code?: string }) => e.code === 'JSON_DUPLICATE_KEY');
});

test('generated JSON (also with duplicated keys spliced in) parses the same on both paths', () => {
  fc.assert(fc.property(fc.jsonValue({ maxDepth: 5 }), fc.nat(), (v, n) => {
    const text = JSON.stringify(v);
    agree(text);
    agree(JSON.stringify(v, null, 2));
    // Repeat one key of the first object found: a duplicate the fast path must hand over.
    const m = /\{"((?:[^"\\]|\\.)*)":/.exec(text);
    if (m) agree(text.replace(m[0], `{"${m[1]}":${n % 7},"${m[1]}":`));
  }), { numRuns: 400 });
});

// The strict parser matches keys against the previous object's at the same depth (strict-json.ts,
// `shapes`): a duplicate must be found however the objects before it were keyed.
test('duplicate keys after objects of other shapes: found wherever they fall', () => {
  const dup = (text: string) => assert.throws(() => parseJsonStrict(text), (e: Error & { code?: string }) => e.code === 'JSON_DUPLICATE_KEY', text);
  dup('[{"x":1,"y":1,"z":1},{"z":1},{"z":1,"y":1,"z":1}]');
  dup('[{"x":1,"y":1,"z":1},{"z":1},{"x":1,"y":1,"z":1,"z":1}]');
  dup('[{"x":1,"y":1},{"x":1,"q":1},{"x":1,"q":1,"y":1,"x":1}]');
  dup('[{"a":1,"b":1,"c":1},{"a":1,"b":1,"c":1},{"a":1,"b":1,"a":1}]');
  dup('[{"a":1,"b":1},{"b":1,"a":1},{"b":1,"a":1,"b":1}]');
  dup('[{"a":1},{"\\u0061":1,"a":2}]');
  dup('[{"\\u0061":1},{"a":1,"\\u0061":2}]');
  dup('[{"ab":1,"c":1},{"ab":1,"ab":1}]');
  dup('[{"a":{"p":1,"q":1}},{"a":{"p":1,"p":1}}]');
  // A key written with escapes is never matched by its text: "a\\b" then "a\b" are two keys.
  assert.deepEqual((parseJsonStrict('[{"a\\\\b":1},{"a\\b":2}]') as object[]).map((o) => Object.keys(o)), [['a\\b'], ['a\b']]);
  // Keys that share a prefix with the one before them are not taken for it.
  const v = parseJsonStrict('[{"id":1,"idx":2},{"idx":3,"id":4},{"id":5,"i":6,"idx":7}]') as Record<string, number>[];
  assert.deepEqual(v, [{ id: 1, idx: 2 }, { idx: 3, id: 4 }, { id: 5, i: 6, idx: 7 }]);
  assert.deepEqual(Object.keys(v[1]!), ['idx', 'id']);
  // Many objects of one shape, then one with a repeat: the 300k-edge case.
  const edges = Array.from({ length: 1000 }, (_, i) => `{"from":"n${i}","to":"n${i + 1}","type":"rel"}`);
  assert.equal((parseJsonStrict(`[${edges.join(',')}]`) as unknown[]).length, 1000);
  dup(`[${edges.join(',')},{"from":"a","to":"b","from":"c"}]`);
  const proto = parseJsonStrict('[{"__proto__":1},{"__proto__":2}]') as object[];
  assert.deepEqual(proto.map((o) => Object.getOwnPropertyDescriptor(o, '__proto__')?.value), [1, 2]);
  assert.equal(Object.getPrototypeOf(proto[1]), Object.prototype);
});
