// The writer: model values to compact JSON in schema member order, absent members omitted, float and
// integer fields in one fixed form, so the same model always gives the same bytes.
import { formatDouble } from './canonical-json.js';
import { CONTENT_ORDER, EDGE_FLOATS, EDGE_INTS, EDGE_ORDER, MANIFEST_HEAD, MANIFEST_TAIL, NODE_FLOATS, NODE_INTS, NODE_ORDER,
  isObject, type JsonObject, type JsonValue } from './model.js';

export function toJsonText(v: JsonValue | undefined): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean': return String(v);
    case 'bigint': return v.toString();
    case 'number': return formatDouble(v);
    case 'string': return JSON.stringify(v);
    case 'object':
      if (Array.isArray(v)) return `[${v.map((x) => toJsonText(x)).join(',')}]`;
      return `{${Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => `${JSON.stringify(k)}:${toJsonText(x)}`).join(',')}}`;
    default: throw new Error(`cannot write ${typeof v}`);
  }
}

function ordered(o: JsonObject, order: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const k of order) if (o[k] !== undefined) out[k] = o[k]!;
  for (const [k, v] of Object.entries(o)) if (!order.includes(k) && v !== undefined) out[k] = v;
  return out;
}

function coerce(o: JsonObject, floats: Set<string>, ints: Set<string>): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (floats.has(k) && (typeof v === 'bigint' || typeof v === 'number')) out[k] = Number(v);
    else if (ints.has(k) && typeof v === 'number' && Number.isInteger(v)) out[k] = BigInt(v);
    else out[k] = v;
  }
  return out;
}

export function orderNode(n: JsonObject): JsonObject {
  return ordered(coerce(n, NODE_FLOATS, NODE_INTS), NODE_ORDER);
}

export function orderEdge(e: JsonObject): JsonObject {
  return ordered(coerce(e, EDGE_FLOATS, EDGE_INTS), EDGE_ORDER);
}

export function orderContent(c: JsonObject): JsonObject {
  const out = ordered(c, CONTENT_ORDER);
  const g = out.context_graph;
  if (isObject(g)) {
    out.context_graph = ordered({
      ...g,
      nodes: Array.isArray(g.nodes) ? g.nodes.map((n) => (isObject(n) ? orderNode(n) : n)) : g.nodes!,
      edges: Array.isArray(g.edges) ? g.edges.map((e) => (isObject(e) ? orderEdge(e) : e)) : g.edges!,
    }, ['format', 'nodes', 'edges']);
  }
  return out;
}

export function orderManifest(m: JsonObject): JsonObject {
  const head: JsonObject = {};
  for (const k of MANIFEST_HEAD) if (m[k] !== undefined) head[k] = m[k]!;
  for (const [k, v] of Object.entries(m)) if (!MANIFEST_HEAD.includes(k as never) && !MANIFEST_TAIL.includes(k as never) && v !== undefined) head[k] = v;
  for (const k of MANIFEST_TAIL) if (m[k] !== undefined) head[k] = m[k]!;
  return head;
}
