// The CTXPKG v2 data model: JSON value shapes, schema member orders, the type taxonomies and the
// name rules of §7, shared by the reader, the source tree, the writer and merge.

/** JSON as read here: integers are bigint (exact), other numbers JS doubles (so 1.0 stays a float). */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [k: string]: JsonValue };
export type JsonObject = { [k: string]: JsonValue };

export const GRAPH_FORMAT = 'ctxpkg-graph-v2';

export const CONTENT_ORDER = ['knowledge', 'graph', 'session', 'patterns', 'gotchas', 'context_graph', 'addon', 'documents', 'checkpoint'] as const;
export const NODE_ORDER = ['id', 'type', 'content', 'activation', 'category', 'source', 'created_at', 'decay_half_life_days', 'blob_ref',
  'file_path', 'line_start', 'line_end', 'confidence', 'supersedes'] as const;
export const EDGE_ORDER = ['from', 'to', 'type', 'weight', 'coactivations', 'metadata'] as const;
/** Upstream writer order; members not listed keep their own order after `visibility`. */
export const MANIFEST_HEAD = ['schema_version', 'conformance_level', 'kind', 'name', 'version', 'description', 'author', 'scope', 'created_at',
  'updated_at', 'layers', 'dependencies', 'optional_dependencies', 'conflicts', 'tags', 'visibility'] as const;
export const MANIFEST_TAIL = ['integrity', 'provenance', 'compatibility', 'stats', 'signature', 'graph_summary', 'marketplace'] as const;

/** Fields written as doubles (1.0) and as integers, whatever the source wrote. */
export const NODE_FLOATS = new Set(['activation', 'confidence']);
export const NODE_INTS = new Set(['decay_half_life_days', 'line_start', 'line_end']);
export const EDGE_FLOATS = new Set(['weight']);
export const EDGE_INTS = new Set(['coactivations']);

export const NODE_TYPES = new Set(['fact', 'pattern', 'insight', 'convention', 'gotcha', 'decision', 'finding', 'episode', 'code_symbol',
  'code_file', 'code_module', 'code_function', 'code_class', 'session', 'task', 'evidence', 'procedure', 'policy', 'overlay', 'profile',
  'slo', 'bus_event', 'handoff', 'tool_call']);
export const EDGE_TYPES = new Set(['supports', 'contradicts', 'supersedes', 'elaborates', 'decided_by', 'caused_by', 'followed_by',
  'tested_by', 'imports', 'calls', 'exports', 'contains', 'related_to', 'depends_on', 'extends', 'conflicts_with', 'co_activated']);

const PART = /^[a-z0-9][a-z0-9_-]*$/;

/** Why `name` breaks §7 (uppercase is rejected, never normalised), or null. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'is empty';
  if (name.length > 128) return 'is longer than 128 characters';
  if (/[A-Z]/.test(name)) return 'contains uppercase letters (names are lowercase only and are not normalised)';
  if (name.startsWith('@')) {
    const parts = name.slice(1).split('/');
    if (parts.length !== 2) return 'must have the form @scope/name';
    if (!PART.test(parts[0]!)) return `has an invalid scope "${parts[0]}" (allowed: [a-z0-9][a-z0-9_-]*)`;
    if (!PART.test(parts[1]!)) return `has an invalid name part "${parts[1]}" (allowed: [a-z0-9][a-z0-9_-]*)`;
    return null;
  }
  if (!PART.test(name)) return 'must match [a-z0-9][a-z0-9_-]* or @scope/name';
  return null;
}

export function scopeProblem(scope: string): string | null {
  if (/[A-Z]/.test(scope)) return 'contains uppercase letters';
  if (!/^@[a-z0-9][a-z0-9_-]*$/.test(scope)) return 'must have the form @scope with [a-z0-9][a-z0-9_-]*';
  return null;
}

export function scopeOf(name: string): string | undefined {
  return name.startsWith('@') ? name.slice(0, name.indexOf('/')) : undefined;
}

export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A JSON number of any kind as a double, or undefined. */
export function asNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return undefined;
}

/** Integer-valued JSON number (any lexeme with an integral value). */
export function isIntegral(v: unknown): boolean {
  return typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v));
}

export interface Dependency {
  name: string;
  version_req: string;
  optional: boolean;
}

/** Both §3.2 shapes (list of objects, or map name → range) as one list; malformed entries skipped. */
export function dependencyList(v: unknown, allOptional = false): Dependency[] {
  if (Array.isArray(v)) {
    return v.filter(isObject).filter((d) => typeof d.name === 'string' && typeof d.version_req === 'string')
      .map((d) => ({ name: d.name as string, version_req: d.version_req as string, optional: allOptional || d.optional === true }));
  }
  if (isObject(v)) {
    return Object.entries(v).filter(([, r]) => typeof r === 'string').map(([name, r]) => ({ name, version_req: r as string, optional: allOptional }));
  }
  return [];
}
