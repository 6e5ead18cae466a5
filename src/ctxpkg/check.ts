// The validation rules of §3–§7 over parsed values: manifest fields, graph schema, names, versions,
// dependencies and conformance levels. The same rules run for artifacts and source trees; only how a
// path becomes a file and line differs.
import { error, warning, info, showValue, type Diagnostic, type Location } from '../core/diagnostics.js';
import { isSemver } from '../core/semver.js';
import './rules.js';
import { GRAPH_FORMAT, asNumber, dependencyList, isIntegral, isObject, nameProblem, scopeOf, scopeProblem, type JsonObject } from './model.js';

export type Path = readonly (string | number)[];
export type Locate = (path: Path) => Location;

export interface CheckContext {
  locate: Locate;
  /** Source trees have no integrity, provenance, created_at or schema_version yet: the build adds them. */
  mode: 'artifact' | 'source';
}

const ISO_UTC = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|\+00:00)$/;
// The pattern allows day 31 in every month; the date must also exist (2026-02-30 does not).
const realDate = (v: string): boolean => { const [y, m, d] = v.slice(0, 10).split('-').map(Number); return new Date(Date.UTC(y!, m! - 1, d!)).getUTCDate() === d; };
export const isIsoUtc = (v: unknown): boolean => typeof v === 'string' && ISO_UTC.test(v) && realDate(v);
const LOWER_HEX = (n: number) => new RegExp(`^[0-9a-f]{${n}}$`);
const ANY_HEX = (n: number) => new RegExp(`^[0-9a-fA-F]{${n}}$`);

/** Checks a hex field; returns true when it is well-formed lowercase hex of `n` digits. */
export function checkHex(v: unknown, n: number, what: string, code: string, at: Location, out: Diagnostic[]): v is string {
  if (typeof v === 'string' && LOWER_HEX(n).test(v)) return true;
  if (typeof v === 'string' && ANY_HEX(n).test(v)) out.push(error('CTXPKG_HEX_UPPERCASE', `${what} is uppercase hex; §8 requires lowercase (it is rejected, not normalised)`, at));
  else out.push(error(code, `${what} must be ${n} lowercase hex digits`, at));
  return false;
}

export function checkName(v: unknown, what: string, at: Location, out: Diagnostic[], warnUnscoped = false): boolean {
  if (typeof v !== 'string') { out.push(error('CTXPKG_NAME_INVALID', `${what} must be a string`, at)); return false; }
  const p = nameProblem(v);
  if (p) { out.push(error('CTXPKG_NAME_INVALID', `${what} ${JSON.stringify(v)} ${p}`, at)); return false; }
  if (warnUnscoped && !v.startsWith('@')) out.push(warning('CTXPKG_NAME_UNSCOPED', `${what} ${JSON.stringify(v)} has no @scope; unscoped names are for local development`, at));
  return true;
}

function checkDependencies(v: unknown, field: string, ctx: CheckContext, out: Diagnostic[]): void {
  const at = (p: Path = []) => ctx.locate(['manifest', field, ...p]);
  if (Array.isArray(v)) {
    v.forEach((d, i) => {
      if (!isObject(d) || typeof d.name !== 'string' || typeof d.version_req !== 'string') {
        out.push(error('CTXPKG_DEPENDENCY_INVALID', `${field}[${i}] must be {"name", "version_req", "optional"?} with string name and version_req`, at([i])));
        return;
      }
      checkName(d.name, `${field}[${i}].name`, at([i, 'name']), out);
      if (d.optional !== undefined && typeof d.optional !== 'boolean') out.push(error('CTXPKG_DEPENDENCY_INVALID', `${field}[${i}].optional must be true or false`, at([i, 'optional'])));
    });
  } else if (isObject(v)) {
    for (const [k, r] of Object.entries(v)) {
      checkName(k, `${field} key`, at([k]), out);
      if (typeof r !== 'string') out.push(error('CTXPKG_DEPENDENCY_INVALID', `${field}[${JSON.stringify(k)}] must be a SemVer range string`, at([k])));
    }
  } else {
    out.push(error('CTXPKG_DEPENDENCY_INVALID', `${field} must be a list of {name, version_req, optional} or a map of name → SemVer range`, at()));
  }
}

export function checkManifest(m: unknown, ctx: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (...p: (string | number)[]) => ctx.locate(['manifest', ...p]);
  if (!isObject(m)) return [error('CTXPKG_MANIFEST_FIELD_TYPE', 'manifest must be an object', at())];
  const required = ctx.mode === 'artifact'
    ? ['schema_version', 'name', 'version', 'description', 'created_at', 'integrity', 'provenance']
    : ['name', 'version', 'description'];
  for (const k of required) if (m[k] === undefined) out.push(error('CTXPKG_MANIFEST_FIELD_MISSING', `manifest field "${k}" is required`, at()));

  if (m.schema_version !== undefined) {
    const sv = asNumber(m.schema_version);
    if (sv === 1 && isIntegral(m.schema_version)) out.push(warning('CTXPKG_SCHEMA_V1', 'schema_version 1: a v1 package, read through the §10 mapping', at('schema_version')));
    else if (!(sv === 2 && isIntegral(m.schema_version))) out.push(error('CTXPKG_SCHEMA_VERSION', `schema_version must be 2, got ${String(m.schema_version)}`, at('schema_version')));
  }
  if (m.name !== undefined) checkName(m.name, 'name', at('name'), out, true);
  if (m.version !== undefined) {
    if (typeof m.version !== 'string' || !isSemver(m.version) || m.version.length > 64) {
      out.push(error('CTXPKG_VERSION_INVALID', `version ${JSON.stringify(String(m.version))} is not strict SemVer 2.0.0 (e.g. 1.2.3; no "v", no leading zeros)`, at('version')));
    }
  }
  if (m.description !== undefined && typeof m.description !== 'string') out.push(error('CTXPKG_MANIFEST_FIELD_TYPE', 'description must be a string', at('description')));
  if (m.created_at !== undefined && !isIsoUtc(m.created_at)) out.push(error('CTXPKG_CREATED_AT_INVALID', `created_at ${showValue(m.created_at)} is not an ISO 8601 UTC date-time`, at('created_at')));
  if (m.conformance_level !== undefined) {
    const l = asNumber(m.conformance_level);
    if (!isIntegral(m.conformance_level) || (l !== 1 && l !== 2 && l !== 3)) out.push(error('CTXPKG_LEVEL_INVALID', `conformance_level must be 1, 2 or 3, got ${String(m.conformance_level)}`, at('conformance_level')));
  }
  if (m.scope !== undefined) {
    if (typeof m.scope !== 'string') out.push(error('CTXPKG_SCOPE_INVALID', 'scope must be a string', at('scope')));
    else {
      const p = scopeProblem(m.scope);
      if (p) out.push(error('CTXPKG_SCOPE_INVALID', `scope ${JSON.stringify(m.scope)} ${p}`, at('scope')));
      else if (typeof m.name === 'string' && scopeOf(m.name) !== undefined && scopeOf(m.name) !== m.scope) {
        out.push(error('CTXPKG_SCOPE_INVALID', `scope ${m.scope} does not match the scope of the name ${m.name}`, at('scope')));
      }
    }
  }
  if (m.kind !== undefined && !['context', 'skills', 'addon', 'grammar'].includes(m.kind as string)) {
    out.push(error('CTXPKG_KIND_UNKNOWN', `kind ${showValue(m.kind)} is unknown (a newer reader is required)`, at('kind')));
  }
  if (ctx.mode === 'artifact' && m.integrity !== undefined) {
    const g = m.integrity;
    if (!isObject(g)) out.push(error('CTXPKG_INTEGRITY_INVALID', 'integrity must be an object', at('integrity')));
    else {
      checkHex(g.sha256, 64, 'integrity.sha256', 'CTXPKG_INTEGRITY_INVALID', at('integrity', 'sha256'), out);
      checkHex(g.content_hash, 64, 'integrity.content_hash', 'CTXPKG_INTEGRITY_INVALID', at('integrity', 'content_hash'), out);
      // Integer lexemes parse as bigint; `2526.0` parses as a number and is not a byte count.
      if (typeof g.byte_size !== 'bigint' || g.byte_size < 0n) out.push(error('CTXPKG_INTEGRITY_INVALID', 'integrity.byte_size must be a non-negative integer', at('integrity', 'byte_size')));
    }
  }
  if (ctx.mode === 'artifact' && m.provenance !== undefined) {
    const p = m.provenance;
    if (!isObject(p) || typeof p.tool !== 'string' || typeof p.tool_version !== 'string') {
      out.push(error('CTXPKG_PROVENANCE_INVALID', 'provenance must be an object with string "tool" and "tool_version"', at('provenance')));
    } else if (p.project_hash !== undefined && p.project_hash !== null && typeof p.project_hash !== 'string') {
      out.push(error('CTXPKG_PROVENANCE_INVALID', 'provenance.project_hash must be a string or null', at('provenance', 'project_hash')));
    }
  }
  if (m.dependencies !== undefined) checkDependencies(m.dependencies, 'dependencies', ctx, out);
  if (m.optional_dependencies !== undefined) checkDependencies(m.optional_dependencies, 'optional_dependencies', ctx, out);
  if (m.conflicts !== undefined) {
    if (!Array.isArray(m.conflicts)) out.push(error('CTXPKG_CONFLICTS_INVALID', 'conflicts must be a list of package names', at('conflicts')));
    else m.conflicts.forEach((c, i) => checkName(c, `conflicts[${i}]`, at('conflicts', i), out));
  }
  if (m.layers !== undefined && (!Array.isArray(m.layers) || m.layers.some((l) => typeof l !== 'string'))) {
    out.push(error('CTXPKG_LAYERS_INVALID', 'layers must be a list of strings', at('layers')));
  }
  for (const k of ['compatibility', 'marketplace', 'graph_summary'] as const) {
    if (m[k] !== undefined && !isObject(m[k])) out.push(error('CTXPKG_MANIFEST_FIELD_TYPE', `${k} must be an object`, at(k)));
  }
  if (m.tags !== undefined && (!Array.isArray(m.tags) || m.tags.some((t) => typeof t !== 'string'))) out.push(error('CTXPKG_MANIFEST_FIELD_TYPE', 'tags must be a list of strings', at('tags')));
  for (const k of ['author', 'updated_at'] as const) {
    if (m[k] !== undefined && m[k] !== null && typeof m[k] !== 'string') out.push(error('CTXPKG_MANIFEST_FIELD_TYPE', `${k} must be a string (or null)`, at(k)));
  }
  return out;
}

const fraction = (v: unknown) => { const x = asNumber(v); return x !== undefined && Number.isFinite(x) && x >= 0 && x <= 1; };
const counter = (v: unknown) => isIntegral(v) && (asNumber(v) ?? -1) >= 0;

export interface GraphFacts {
  nodes: JsonObject[];
  edges: JsonObject[];
  hasGraph: boolean;
  hasEdgesList: boolean;
}

export function graphOf(content: unknown): GraphFacts {
  const g = isObject(content) ? content.context_graph : undefined;
  if (!isObject(g)) return { nodes: [], edges: [], hasGraph: false, hasEdgesList: false };
  return {
    nodes: Array.isArray(g.nodes) ? g.nodes.filter(isObject) : [],
    edges: Array.isArray(g.edges) ? g.edges.filter(isObject) : [],
    hasGraph: true,
    hasEdgesList: Array.isArray(g.edges),
  };
}

const NODE_REQUIRED = ['id', 'type', 'content'] as const;
const NODE_FRACTIONS = ['activation', 'confidence'] as const;
const NODE_COUNTERS = ['decay_half_life_days', 'line_start', 'line_end'] as const;
const NODE_STRINGS = ['category', 'source', 'blob_ref', 'file_path', 'supersedes'] as const;
const EDGE_REQUIRED = ['from', 'to', 'type'] as const;
const EDGE_ENDS = ['from', 'to'] as const;

// Every edge goes through here, so it builds no closure and no label: those are made only for a
// finding (300k edges).
function edgeFindings(e: JsonObject, i: number, ids: ReadonlySet<string>, out: Diagnostic[], ctx: CheckContext, gp: Path): void {
  for (const k of EDGE_REQUIRED) {
    if (typeof e[k] !== 'string') out.push(error('CTXPKG_EDGE_INVALID', `${edgeLabel(e, i)}: "${k}" is required and must be a string`, edgeAt(ctx, gp, i, e[k] === undefined ? '' : k)));
  }
  for (const k of EDGE_ENDS) {
    if (typeof e[k] === 'string' && !ids.has(e[k] as string)) out.push(error('CTXPKG_EDGE_DANGLING', `${edgeLabel(e, i)}: "${k}" names ${JSON.stringify(e[k])}, which is not a node of this package`, edgeAt(ctx, gp, i, k)));
  }
  if (e.weight !== undefined) {
    const w = asNumber(e.weight);
    if (w === undefined || !Number.isFinite(w)) out.push(error('CTXPKG_NODE_RANGE', `${edgeLabel(e, i)}: weight must be a finite number`, edgeAt(ctx, gp, i, 'weight')));
  }
  if (e.coactivations !== undefined && !counter(e.coactivations)) out.push(error('CTXPKG_NODE_RANGE', `${edgeLabel(e, i)}: coactivations must be a non-negative integer`, edgeAt(ctx, gp, i, 'coactivations')));
  if (e.metadata !== undefined && typeof e.metadata !== 'string') out.push(error('CTXPKG_EDGE_INVALID', `${edgeLabel(e, i)}: metadata must be a string`, edgeAt(ctx, gp, i, 'metadata')));
}

function edgeLabel(e: JsonObject, i: number): string {
  return `edge ${i} (${String(e.from)} → ${String(e.to)})`;
}

function edgeAt(ctx: CheckContext, gp: Path, i: number, k: string): Location {
  return ctx.locate([...gp, 'edges', i, k]);
}

export function checkContent(content: unknown, ctx: CheckContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isObject(content)) return [error('CTXPKG_CONTENT_INVALID', 'content must be an object', ctx.locate(['content']))];
  const g = content.context_graph;
  if (g === undefined) return out;
  const gp = ['content', 'context_graph'];
  if (!isObject(g)) return [error('CTXPKG_GRAPH_FORMAT', 'content.context_graph must be an object', ctx.locate(gp))];
  if (g.format !== GRAPH_FORMAT) out.push(error('CTXPKG_GRAPH_FORMAT', `context_graph.format must be "${GRAPH_FORMAT}", got ${showValue(g.format)}`, ctx.locate([...gp, 'format'])));
  if (!Array.isArray(g.nodes)) { out.push(error('CTXPKG_GRAPH_FORMAT', 'context_graph.nodes must be a list', ctx.locate([...gp, 'nodes']))); return out; }
  if (g.edges === undefined) out.push(warning('CTXPKG_GRAPH_EDGES_MISSING', 'context_graph has no "edges" list', ctx.locate(gp)));
  else if (!Array.isArray(g.edges)) out.push(error('CTXPKG_GRAPH_FORMAT', 'context_graph.edges must be a list', ctx.locate([...gp, 'edges'])));
  const ids = new Set<string>();
  // 100k nodes and 300k edges: locations and labels are built only for a finding, and the loops
  // allocate nothing per item.
  const nodes = g.nodes;
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i];
    const at = (...p: (string | number)[]) => ctx.locate([...gp, 'nodes', i, ...p]);
    if (!isObject(n)) { out.push(error('CTXPKG_NODE_INVALID', `node ${i} must be an object`, at())); continue; }
    const label = () => (typeof n.id === 'string' ? `node ${JSON.stringify(n.id)}` : `node ${i}`);
    for (const k of NODE_REQUIRED) {
      if (typeof n[k] !== 'string') out.push(error('CTXPKG_NODE_INVALID', `${label()}: "${k}" is required and must be a string`, at(n[k] === undefined ? '' : k)));
    }
    if (typeof n.id === 'string') {
      if (n.id === '') out.push(error('CTXPKG_NODE_INVALID', `node ${i}: id must not be empty`, at('id')));
      if (ids.has(n.id)) out.push(error('CTXPKG_NODE_DUPLICATE_ID', `node id ${JSON.stringify(n.id)} is used twice`, at('id')));
      ids.add(n.id);
    }
    for (const k of NODE_FRACTIONS) {
      if (n[k] !== undefined && !fraction(n[k])) out.push(error('CTXPKG_NODE_RANGE', `${label()}: ${k} must be a number from 0.0 to 1.0, got ${String(n[k])}`, at(k)));
    }
    for (const k of NODE_COUNTERS) {
      if (n[k] !== undefined && !counter(n[k])) out.push(error('CTXPKG_NODE_RANGE', `${label()}: ${k} must be a non-negative integer, got ${String(n[k])}`, at(k)));
    }
    for (const k of NODE_STRINGS) {
      if (n[k] !== undefined && typeof n[k] !== 'string') out.push(error('CTXPKG_NODE_INVALID', `${label()}: ${k} must be a string`, at(k)));
    }
    if (n.created_at !== undefined && !isIsoUtc(n.created_at)) out.push(error('CTXPKG_CREATED_AT_INVALID', `${label()}: created_at ${showValue(n.created_at)} is not an ISO 8601 UTC date-time`, at('created_at')));
  }
  if (Array.isArray(g.edges)) {
    const edges = g.edges;
    for (let i = 0; i < edges.length; i++) {
      const e = edges[i];
      if (!isObject(e)) { out.push(error('CTXPKG_EDGE_INVALID', `edge ${i} must be an object`, ctx.locate([...gp, 'edges', i]))); continue; }
      edgeFindings(e, i, ids, out, ctx, gp);
    }
  }
  return out;
}

/**
 * The highest level (§5) the package satisfies. 1: flat typed nodes. 2: a typed graph with at least one
 * edge. 3: level 2 plus explicit activation on every node (the cognitive state is actually carried).
 * Callers only ask this of packages without errors.
 */
export function satisfiedLevel(content: unknown, g: GraphFacts = graphOf(content)): 1 | 2 | 3 {
  if (!g.hasGraph || g.edges.length === 0) return 1;
  if (g.nodes.length > 0 && g.nodes.every((n) => n.activation !== undefined)) return 3;
  return 2;
}

/** `g`: the content's graph facts when the caller has them already (a 100k-node graph is walked once). */
export function checkLevel(manifest: unknown, content: unknown, ctx: CheckContext, g?: GraphFacts): { diags: Diagnostic[]; satisfied: number; declared: number } {
  const satisfied = satisfiedLevel(content, g);
  const m = isObject(manifest) ? manifest : {};
  const d = asNumber(m.conformance_level);
  const declared = d === 1 || d === 2 || d === 3 ? d : 1;
  const diags: Diagnostic[] = [];
  // The declared level states what a reader must support, not what this content happens to use:
  // a level-2 package with no edges yet is valid (content a level cannot read is an error elsewhere).
  if (declared > satisfied) {
    const why = satisfied === 1 ? 'it has no typed edges' : 'not every node carries an explicit activation';
    diags.push(warning('CTXPKG_LEVEL_UNMET', `conformance_level ${declared} is declared but the content uses only level ${satisfied}: ${why}`, ctx.locate(['manifest', 'conformance_level'])));
  }
  void info;
  return { diags, satisfied, declared };
}

/** graph_summary claims compared with the graph (warnings: the summary is informative). */
export function checkSummary(manifest: unknown, content: unknown, ctx: CheckContext, graph?: GraphFacts): Diagnostic[] {
  const m = isObject(manifest) ? manifest : {};
  const s = m.graph_summary;
  if (!isObject(s)) return [];
  const g = graph ?? graphOf(content);
  const out: Diagnostic[] = [];
  const at = (k: string) => ctx.locate(['manifest', 'graph_summary', k]);
  if (s.node_count !== undefined && asNumber(s.node_count) !== g.nodes.length) out.push(warning('CTXPKG_GRAPH_SUMMARY_MISMATCH', `graph_summary.node_count is ${String(s.node_count)} but the graph has ${g.nodes.length} nodes`, at('node_count')));
  if (s.edge_count !== undefined && asNumber(s.edge_count) !== g.edges.length) out.push(warning('CTXPKG_GRAPH_SUMMARY_MISMATCH', `graph_summary.edge_count is ${String(s.edge_count)} but the graph has ${g.edges.length} edges`, at('edge_count')));
  return out;
}

export { dependencyList };
