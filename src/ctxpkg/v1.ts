// §10: maps a v1 package (five static layers) onto a v2 graph without losing information: mapped
// fields go to node fields, everything else is kept on the node as `v1_*` fields.
import { sha256Hex } from '../core/hash.js';
import { GRAPH_FORMAT, isObject, type JsonObject, type JsonValue } from './model.js';
import { toJsonText } from './write.js';
import { isIsoUtc } from './check.js';

const CODE_KIND: Record<string, string> = { function: 'code_function', fn: 'code_function', method: 'code_function', class: 'code_class', struct: 'code_class',
  module: 'code_module', mod: 'code_module', file: 'code_file' };
const EDGE_KIND = new Set(['imports', 'calls', 'exports', 'contains', 'related_to', 'depends_on', 'extends']);

function rest(o: JsonObject, mapped: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (!mapped.includes(k)) out[`v1_${k}`] = v;
  return out;
}

const str = (v: JsonValue | undefined): string => (typeof v === 'string' ? v : v === undefined || v === null ? '' : toJsonText(v));

export function isV1(manifest: unknown): boolean {
  return isObject(manifest) && (manifest.schema_version === 1n || manifest.schema_version === 1);
}

/** v1 manifest + content → v2 manifest fields (without computed members) and a v2 content member. */
export function v1ToV2(manifest: JsonObject, content: JsonObject): { fields: JsonObject; content: JsonObject } {
  const nodes: JsonObject[] = [];
  const edges: JsonObject[] = [];
  const ids = new Set<string>();
  const add = (base: string, n: JsonObject, exportedAt?: JsonValue) => {
    let id = base;
    for (let i = 2; ids.has(id); i++) id = `${base}~${i}`;
    ids.add(id);
    const node: JsonObject = { id, ...n };
    if (node.created_at === undefined && isIsoUtc(exportedAt)) node.created_at = exportedAt!;
    nodes.push(node);
    return id;
  };
  const k = isObject(content.knowledge) ? content.knowledge : undefined;
  const arr = (v: JsonValue | undefined): JsonObject[] => (Array.isArray(v) ? v.filter(isObject) : []);
  for (const f of arr(k?.facts)) {
    add(`fact:${str(f.category)}:${str(f.key)}`, { type: 'fact', content: str(f.value), activation: 1, ...(typeof f.category === 'string' ? { category: f.category } : {}),
      ...(typeof f.source === 'string' ? { source: f.source } : {}), ...((typeof f.confidence === 'number' || typeof f.confidence === 'bigint') ? { confidence: f.confidence } : {}),
      ...rest(f, ['value', 'category', 'source', 'confidence']) }, k?.exported_at);
  }
  const pattern = (p: JsonObject, at?: JsonValue) => add(`pattern:${str(p.name)}`, { type: 'pattern', content: str(p.description), activation: 1, ...rest(p, ['description']) }, at);
  for (const p of arr(k?.patterns)) pattern(p, k?.exported_at);
  arr(k?.insights).forEach((s, i) => add(`insight:${i + 1}`, { type: 'insight', content: str(s.summary), activation: 1,
    ...((typeof s.confidence === 'number' || typeof s.confidence === 'bigint') ? { confidence: s.confidence } : {}), ...rest(s, ['summary', 'confidence']) }, k?.exported_at));
  const pl = isObject(content.patterns) ? content.patterns : undefined;
  for (const p of arr(pl?.patterns)) pattern(p, pl?.exported_at);
  const gl = isObject(content.gotchas) ? content.gotchas : undefined;
  for (const g of arr(gl?.gotchas)) {
    add(`gotcha:${str(g.id)}`, { type: 'gotcha', content: `${str(g.trigger)}\n\n${str(g.resolution)}`, activation: 1, ...(typeof g.category === 'string' ? { category: g.category } : {}),
      ...((typeof g.confidence === 'number' || typeof g.confidence === 'bigint') ? { confidence: g.confidence } : {}), ...rest(g, ['category', 'confidence']) }, gl?.exported_at);
  }
  const graph = isObject(content.graph) ? content.graph : undefined;
  const codeId = new Map<string, string>();
  const codeNode = (path: string, name: string, extra: JsonObject = {}): string => {
    const key = `${path}#${name}`;
    const known = codeId.get(key);
    if (known) return known;
    const kind = typeof extra.v1_kind === 'string' ? extra.v1_kind : '';
    const id = add(`code:${key}`, { type: CODE_KIND[kind] ?? 'code_symbol', content: name, activation: 1, file_path: path, ...extra }, graph?.exported_at);
    codeId.set(key, id);
    return id;
  };
  for (const n of arr(graph?.nodes)) {
    const extra: JsonObject = { ...rest(n, ['name', 'file_path', 'line_start', 'line_end']) };
    if (n.line_start !== undefined) extra.line_start = n.line_start;
    if (n.line_end !== undefined) extra.line_end = n.line_end;
    codeNode(str(n.file_path), str(n.name), extra);
  }
  for (const e of arr(graph?.edges)) {
    const from = codeNode(str(e.source_path), str(e.source_name));
    const to = codeNode(str(e.target_path), str(e.target_name));
    const kind = str(e.kind);
    edges.push({ from, to, type: EDGE_KIND.has(kind) ? kind : 'related_to', weight: 1, ...(typeof e.metadata === 'string' ? { metadata: e.metadata } : {}),
      ...rest(e, ['source_path', 'source_name', 'target_path', 'target_name', 'metadata']) });
  }
  if (isObject(content.session)) {
    const s = content.session;
    add('session', { type: 'session', content: str(s.task_description), activation: 1, blob_ref: `sha256:${sha256Hex(toJsonText(s))}`, v1_session: s }, s.exported_at);
  }
  const fields: JsonObject = {};
  for (const [key, v] of Object.entries(manifest)) {
    if (['schema_version', 'integrity', 'provenance', 'stats', 'signature', 'created_at'].includes(key)) continue;
    fields[key] = v;
  }
  fields.compatibility = { ...(isObject(manifest.compatibility) ? manifest.compatibility : {}), v1_fallback: false };
  return { fields, content: { context_graph: { format: GRAPH_FORMAT, nodes, edges } } };
}
