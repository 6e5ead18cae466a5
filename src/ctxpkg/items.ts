// Stable-ID items for diff: nodes by id, edges by from|to|type (the §6 identities), dependencies and
// conflicts by name, and a kind: skills pack's skills by folder name (a file outside a folder by path).
import { sha256Hex } from '../core/hash.js';
import { firstHeading } from '../links/title.js';
import type { Item } from '../format.js';
import { dependencyList, isObject, asNumber, type JsonObject } from './model.js';
import { graphOf } from './check.js';
import { orderEdge, orderNode, toJsonText } from './write.js';

/** Digest of a node or edge; a value the writer cannot express (a number beyond the double range in
 * an invalid package) still gets a stable digest, so diff reports the package instead of crashing. */
function digestOf(v: JsonObject): string {
  try {
    return sha256Hex(toJsonText(v));
  } catch {
    return sha256Hex(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : typeof x === 'number' && !Number.isFinite(x) ? String(x) : x)));
  }
}

/** What a reader knows a node by: its `title` field, else its first heading, else its type and ID. */
function nodeTitle(n: JsonObject, id: string, text: string): string {
  if (typeof n.title === 'string' && n.title.trim()) return n.title.trim();
  return firstHeading(text) ?? `${String(n.type)} ${id}`;
}

export function packageItems(manifest: unknown, content: unknown, nodePaths: Map<string, string> = new Map()): Item[] {
  const m = isObject(manifest) ? manifest : {};
  const g = graphOf(content);
  const items: Item[] = [];
  for (const n of g.nodes) {
    const id = String(n.id);
    const text = typeof n.content === 'string' ? n.content : '';
    const path = nodePaths.get(id);
    items.push({
      kind: 'node', id, digest: digestOf(orderNode(n)), title: nodeTitle(n, id, text),
      ...(path ? { path } : {}),
      attrs: { type: String(n.type), content: sha256Hex(text), activation: asNumber(n.activation) ?? 1, supersedes: typeof n.supersedes === 'string' ? n.supersedes : null },
    });
  }
  for (const e of g.edges) {
    const id = `${String(e.from)}|${String(e.to)}|${String(e.type)}`;
    items.push({ kind: 'edge', id, digest: digestOf(orderEdge(e as JsonObject)), title: `${String(e.from)} -${String(e.type)}-> ${String(e.to)}`,
      attrs: { weight: asNumber(e.weight) ?? 1, coactivations: asNumber(e.coactivations) ?? null } });
  }
  for (const d of [...dependencyList(m.dependencies), ...dependencyList(m.optional_dependencies, true)]) {
    items.push({ kind: 'dependency', id: d.name, digest: sha256Hex(`${d.version_req}\n${d.optional}`), attrs: { version_req: d.version_req, optional: d.optional } });
  }
  for (const c of Array.isArray(m.conflicts) ? m.conflicts : []) if (typeof c === 'string') items.push({ kind: 'conflict', id: c, digest: sha256Hex(c) });
  items.push(...skillItems(content));
  return items;
}

/**
 * kind: skills — one `skill` item a folder of content.documents, its digest over every file's path
 * and sha256 (as a cartridge's skills), so an edited, added or removed file of a skill changes it;
 * a document outside a folder is a `file` item. Each blob's sha256 is of its plain bytes, so
 * nothing is decoded.
 */
function skillItems(content: unknown): Item[] {
  const docs = isObject(content) && isObject(content.documents) && Array.isArray(content.documents.files) ? content.documents.files : [];
  const skills = new Map<string, string[]>();
  const items: Item[] = [];
  for (const f of docs) {
    if (!isObject(f) || typeof f.path !== 'string') continue;
    const line = `${f.path} ${typeof f.sha256 === 'string' ? f.sha256 : ''}`;
    const i = f.path.indexOf('/');
    if (i <= 0) { items.push({ kind: 'file', id: f.path, digest: sha256Hex(line) }); continue; }
    const name = f.path.slice(0, i);
    const lines = skills.get(name);
    if (lines) lines.push(line); else skills.set(name, [line]);
  }
  for (const [name, lines] of skills) items.push({ kind: 'skill', id: name, title: name, digest: `sha256:${sha256Hex(lines.sort().join('\n'))}` });
  return items;
}
