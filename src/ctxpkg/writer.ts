// Assembles a complete package document from manifest fields and content: graph summary, §8
// integrity, provenance, and the §9 signatures when a key is given. Used by build, merge and import.
import type { SigningKey } from '../core/keys.js';
import { graphOf } from './check.js';
import { integrityOf, type Integrity } from './integrity.js';
import { parseJsonTree } from './json-tree.js';
import { dependencyList, isObject, asNumber, type JsonObject, type JsonValue } from './model.js';
import { compareUtf8 } from '../core/paths.js';
import { signIdentity, signManifest } from './signature.js';
import { orderContent, orderManifest, toJsonText } from './write.js';

export const TOOL = 'ctxforge';
export const TOOL_VERSION = '0.1.0';

export interface WriteOptions {
  createdAt: string;
  projectHash?: string;
  key?: SigningKey;
}

export interface WrittenPackage {
  text: string;
  integrity: Integrity;
  manifest: JsonObject;
}

function summary(content: JsonObject): JsonObject {
  const g = graphOf(content);
  const types = [...new Set(g.nodes.map((n) => n.type).filter((t): t is string => typeof t === 'string'))].sort(compareUtf8);
  const out: JsonObject = { node_count: BigInt(g.nodes.length), edge_count: BigInt(g.edges.length), node_types: types };
  if (g.nodes.length) {
    const mean = g.nodes.reduce((s, n) => s + (asNumber(n.activation) ?? 1), 0) / g.nodes.length;
    out.activation_mean = Math.round(mean * 1e6) / 1e6;
  }
  const times = g.nodes.map((n) => n.created_at).filter((t): t is string => typeof t === 'string').sort(compareUtf8);
  if (times.length) out.freshness = times[times.length - 1]!;
  return out;
}

/** The written (canonical) dependency form: a list of {name, version_req, optional}. */
export function dependencyListValue(v: JsonValue | undefined, allOptional = false): JsonValue[] {
  return dependencyList(v, allOptional).map((d) => ({ name: d.name, version_req: d.version_req, optional: d.optional }));
}

export function writePackage(fields: JsonObject, content: JsonObject, opts: WriteOptions): WrittenPackage {
  const contentText = toJsonText(orderContent(content));
  const name = fields.name as string;
  const version = fields.version as string;
  const integrity = integrityOf(name, version, contentText);
  const m: JsonObject = { ...fields };
  for (const k of ['signature', 'integrity', 'provenance', 'graph_summary', 'created_at', 'schema_version']) delete m[k];
  m.schema_version = 2n;
  if (m.conformance_level !== undefined && typeof m.conformance_level === 'number') m.conformance_level = BigInt(m.conformance_level);
  m.created_at = opts.createdAt;
  m.layers = Array.isArray(m.layers) ? m.layers : [];
  m.dependencies = dependencyListValue(m.dependencies);
  if (m.optional_dependencies !== undefined) m.optional_dependencies = dependencyListValue(m.optional_dependencies, true);
  if (m.author === null) delete m.author;
  m.integrity = { sha256: integrity.sha256, content_hash: integrity.content_hash, byte_size: BigInt(integrity.byte_size) };
  m.provenance = { tool: TOOL, tool_version: TOOL_VERSION, ...(opts.projectHash ? { project_hash: opts.projectHash } : {}) };
  m.graph_summary = summary(content);
  let manifest = orderManifest(m);
  if (opts.key) {
    const unsigned = toJsonText(manifest);
    const value = signIdentity(opts.key, name, version, integrity.sha256);
    const manifest_value = signManifest(opts.key, parseJsonTree(unsigned));
    manifest = orderManifest({ ...manifest, signature: { algorithm: 'ed25519', public_key: opts.key.publicKey.hex, value, manifest_value } });
  }
  void isObject;
  return { text: `{"manifest":${toJsonText(manifest)},"content":${contentText}}\n`, integrity, manifest };
}

/** `@scope/name` + version → the artifact file name. */
export function artifactFileName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.ctxpkg`;
}
