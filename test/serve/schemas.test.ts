// The tools' JSON Schemas in the dialect every client reads: a nullable field is `anyOf` with
// `{type: "null"}`, never a type array (`["string","null"]`), which some clients' schema
// dialects (and the MCP Inspector's --strict check) do not accept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOOL_SCHEMAS } from '../../src/serve/server.js';

/** Every `type` keyword in a schema, with where it is. */
function types(v: unknown, at: string, out: [string, unknown][]) {
  if (Array.isArray(v)) v.forEach((x, i) => types(x, `${at}/${i}`, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      // Under `properties` the keys are field names (get's output has a field named "type").
      if (k === 'type' && !at.endsWith('/properties')) out.push([at, x]);
      types(x, `${at}/${k}`, out);
    }
  }
  return out;
}

test('no tool schema uses a type array; the nullable fields are anyOf string | null', () => {
  const all = types(TOOL_SCHEMAS, '', []);
  assert.ok(all.length > 40);
  assert.deepEqual(all.filter(([, t]) => typeof t !== 'string'), []);
  assert.deepEqual(TOOL_SCHEMAS.get.output.properties.description, { anyOf: [{ type: 'string' }, { type: 'null' }] });
});
