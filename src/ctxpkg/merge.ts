// §6 graph-merge composition: union of nodes by id, duplicate edges merged with averaged weights,
// contradicts surfaced as warnings with both sides kept, superseded nodes deactivated (never
// deleted). Inputs are ordered by identity first, so argument order never changes the result.
import { existsSync } from 'node:fs';
import { writeFile, chmod } from 'node:fs/promises';
import { warning, fail, type Diagnostic } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import type { SigningKey } from '../core/keys.js';
import { compareUtf8 } from '../core/paths.js';
import { isoSeconds, parseEpoch } from '../core/time.js';
import type { ArtifactInput, BuiltArtifact, CommonOptions } from '../format.js';
import { graphOf, satisfiedLevel } from './check.js';
import { GRAPH_FORMAT, asNumber, dependencyList, type JsonObject } from './model.js';
import { readAndVerify, verifyBytes } from './read.js';
import { orderEdge, orderNode, toJsonText } from './write.js';
import { writePackage } from './writer.js';

export interface MergeOptions extends CommonOptions {
  out: string;
  name?: string;
  version?: string;
  description?: string;
  epoch?: number | string;
  key?: SigningKey;
}

export interface MergeResult {
  artifact: BuiltArtifact;
  inputs: { name: string; version: string; sha256: string }[];
  node_count: number;
  edge_count: number;
  contradictions: { from: string; to: string }[];
  deactivated: string[];
  warnings: Diagnostic[];
}

interface Input {
  label: string;
  manifest: JsonObject;
  content: JsonObject;
  sha256: string;
}

/** Composes in memory; returns manifest fields and content, plus the facts merge reports. */
export function composeGraphs(inputs: Input[]): { content: JsonObject; warnings: Diagnostic[]; contradictions: { from: string; to: string }[]; deactivated: string[] } {
  const warnings: Diagnostic[] = [];
  const nodes = new Map<string, { node: JsonObject; from: string; text: string }>();
  const edges = new Map<string, { edge: JsonObject; weights: number[]; co: bigint | undefined }>();
  for (const p of inputs) {
    const g = graphOf(p.content);
    for (const n of g.nodes) {
      const id = n.id as string;
      const node = orderNode(n);
      const text = toJsonText(node);
      const prev = nodes.get(id);
      if (!prev) nodes.set(id, { node, from: p.label, text });
      else if (prev.text !== text) {
        warnings.push(warning('CTXPKG_MERGE_NODE_DIVERGED', `node ${JSON.stringify(id)} differs between ${prev.from} and ${p.label}; the definition from ${prev.from} is kept (packages are ordered by name and version)`));
      }
    }
    for (const e of g.edges) {
      const key = JSON.stringify([e.from, e.to, e.type]);
      const w = asNumber(e.weight) ?? 1;
      const co = e.coactivations === undefined ? undefined : BigInt(asNumber(e.coactivations)!);
      const prev = edges.get(key);
      if (!prev) edges.set(key, { edge: orderEdge(e), weights: [w], co });
      else {
        prev.weights.push(w);
        if (co !== undefined) prev.co = prev.co === undefined || co > prev.co ? co : prev.co;
      }
    }
  }
  const outEdges: JsonObject[] = [];
  for (const [, { edge, weights, co }] of [...edges].sort((a, b) => compareUtf8(a[0], b[0]))) {
    const e: JsonObject = { ...edge, weight: weights.reduce((s, x) => s + x, 0) / weights.length };
    if (co !== undefined) e.coactivations = co;
    outEdges.push(orderEdge(e));
  }
  const outNodes = [...nodes.values()].map((x) => x.node).sort((a, b) => compareUtf8(a.id as string, b.id as string));
  const byId = new Map(outNodes.map((n) => [n.id as string, n]));
  const deactivated = new Set<string>();
  const supersede = (x: string, y: string) => {
    const target = byId.get(y);
    if (!target || x === y) return;
    target.activation = 0;
    deactivated.add(y);
  };
  for (const n of outNodes) if (typeof n.supersedes === 'string') supersede(n.id as string, n.supersedes);
  for (const e of outEdges) if (e.type === 'supersedes') supersede(e.from as string, e.to as string);
  const contradictions: { from: string; to: string }[] = [];
  for (const e of outEdges) {
    if (e.type !== 'contradicts') continue;
    contradictions.push({ from: e.from as string, to: e.to as string });
    warnings.push(warning('CTXPKG_MERGE_CONTRADICTION', `${JSON.stringify(e.from)} contradicts ${JSON.stringify(e.to)}; both nodes are kept — resolve the conflict before relying on either`));
  }
  return { content: { context_graph: { format: GRAPH_FORMAT, nodes: outNodes, edges: outEdges } }, warnings, contradictions, deactivated: [...deactivated].sort(compareUtf8) };
}

export async function mergePackages(list: ArtifactInput[], opts: MergeOptions): Promise<MergeResult> {
  if (list.length < 2) fail('CTXFORGE_USAGE', 'merge needs at least two packages', {}, 2);
  const inputs: Input[] = [];
  for (const a of list) {
    if (a.path && !existsSync(a.path)) fail('CTXFORGE_IO', `${a.label}: no such file or directory`, {}, 2);
    const r = await readAndVerify(a, { limits: opts.limits, env: opts.env });
    if (!r.valid || !r.doc) {
      const d = r.diagnostics.find((x) => x.severity === 'error')!;
      fail('CTXPKG_MERGE_INPUT_INVALID', `${a.label} is not a valid package (${d.code}: ${d.message}); merge takes only verified packages`, { file: d.file, line: d.line });
    }
    const m = r.doc.manifest as JsonObject;
    if (!r.details!.sha256 || inputs.some((x) => x.sha256 === r.details!.sha256)) continue;
    inputs.push({ label: `${String(m.name)}@${String(m.version)}`, manifest: m, content: r.doc.content as JsonObject, sha256: r.details!.sha256 });
  }
  inputs.sort((a, b) => compareUtf8(a.label, b.label) || compareUtf8(a.sha256, b.sha256));
  const composed = composeGraphs(inputs);

  const names = new Set(inputs.map((p) => p.manifest.name as string));
  const deps = new Map<string, JsonObject>();
  for (const p of inputs) for (const d of dependencyList(p.manifest.dependencies)) if (!names.has(d.name) && !deps.has(d.name)) deps.set(d.name, { name: d.name, version_req: d.version_req, optional: d.optional });
  const conflicts = [...new Set(inputs.flatMap((p) => (Array.isArray(p.manifest.conflicts) ? p.manifest.conflicts.filter((c): c is string => typeof c === 'string') : [])))].sort(compareUtf8);
  for (const c of conflicts) if (names.has(c)) composed.warnings.push(warning('CTXPKG_CONFLICT', `the merged packages include ${c}, which another input declares a conflict with`));
  const env = opts.env ?? process.env;
  const createdAt = opts.epoch !== undefined && opts.epoch !== '' ? isoSeconds(parseEpoch(opts.epoch, '--source-date-epoch'))
    : env.SOURCE_DATE_EPOCH ? isoSeconds(parseEpoch(env.SOURCE_DATE_EPOCH, 'SOURCE_DATE_EPOCH'))
      : inputs.map((p) => String(p.manifest.created_at)).sort(compareUtf8).pop()!;
  const fields: JsonObject = {
    conformance_level: BigInt(satisfiedLevel(composed.content)),
    name: opts.name ?? 'merged',
    version: opts.version ?? '1.0.0',
    description: opts.description ?? `Graph merge of ${inputs.map((p) => p.label).join(', ')}`,
    dependencies: [...deps.values()].sort((a, b) => compareUtf8(a.name as string, b.name as string)),
    ...(conflicts.length ? { conflicts } : {}),
    x_merged_from: inputs.map((p) => ({ name: p.manifest.name!, version: p.manifest.version!, sha256: p.sha256 })),
  };
  const written = writePackage(fields, composed.content, { createdAt, key: opts.key });
  const bytes = Buffer.from(written.text, 'utf8');
  const check = verifyBytes(bytes, opts.out, {});
  if (!check.valid) {
    const d = check.diagnostics.find((x) => x.severity === 'error')!;
    fail(d.code, `the merged package is not valid: ${d.message}`, {}, 1);
  }
  await writeAtomic(opts.out, async (tmp) => { await writeFile(tmp, bytes); await chmod(tmp, 0o644); });
  const g = graphOf(composed.content);
  return {
    artifact: { path: opts.out, format: 'ctxpkg', sha256: sha256Hex(bytes), size: bytes.length, name: fields.name as string, version: fields.version as string },
    inputs: inputs.map((p) => ({ name: p.manifest.name as string, version: p.manifest.version as string, sha256: p.sha256 })),
    node_count: g.nodes.length, edge_count: g.edges.length,
    contradictions: composed.contradictions, deactivated: composed.deactivated, warnings: composed.warnings,
  };
}
