// Loads a ctxpkg source tree: ctxpkg.yaml (manifest fields people edit) plus one Markdown file per
// node under nodes/ (YAML frontmatter = node fields and outgoing edges, body = content). Node order
// comes from ids, never from file names, so moving or renaming a file changes nothing.
import { error, type Diagnostic, type Location } from '../core/diagnostics.js';
import { decodeUtf8Strict } from '../core/strict-json.js';
import { withoutBom } from '../core/utf8.js';
import type { Tree } from '../core/tree.js';
import { parseYamlSafe, splitFrontmatter, YamlSafetyError } from '../core/yaml-safe.js';
import { compareUtf8 } from '../core/paths.js';
import './rules.js';
import type { Path } from './check.js';
import { GRAPH_FORMAT, isObject, type JsonObject, type JsonValue } from './model.js';
import { documentsOf, DOCUMENTS_DIR } from './documents.js';
import { CHECKPOINT_FILE, CHECKPOINT_LAYER, readCheckpointFile } from './checkpoint.js';

export const MANIFEST_FILE = 'ctxpkg.yaml';
export const NODES_DIR = 'nodes/';
export { DOCUMENTS_DIR };
/** Computed by the build; setting them in the source would be silently overwritten, so it is an error. */
export const RESERVED_MANIFEST = ['schema_version', 'created_at', 'integrity', 'provenance', 'signature', 'graph_summary'];

export interface SourceNode {
  file: string;
  node: JsonObject;
  /** Line of each frontmatter key, and of the body. */
  lines: Map<string, number>;
  bodyLine: number;
  text: string;
}

export interface SourceEdge {
  edge: JsonObject;
  file: string;
  line: number;
}

export interface SourcePackage {
  label: string;
  manifest: JsonObject;
  manifestLines: Map<string, number>;
  manifestText: string;
  nodes: SourceNode[];
  edges: SourceEdge[];
  content: JsonObject;
  /** kind: skills — the files below documents/ as they are packaged (for the secret scan). */
  documentFiles: { path: string; bytes: Buffer }[];
  locate: (path: Path) => Location;
}

/**
 * The key a YAML line starts (`key:` or `"key":`), as /^("?)([^\s:"#][^:"]*)\1\s*:/ would take it,
 * read in one pass: that expression backtracks over a long line without a colon quadratically.
 */
export function lineKey(l: string): string | undefined {
  const q = l.startsWith('"') ? 1 : 0;
  const first = l[q];
  if (first === undefined || /[\s:"#]/.test(first)) return undefined;
  let j = q + 1;
  while (j < l.length && l[j] !== ':' && l[j] !== '"') j++;
  if (!q) return l[j] === ':' ? l.slice(0, j) : undefined;
  if (l[j] !== '"') return undefined;
  let k = j + 1;
  while (k < l.length && /\s/.test(l[k]!)) k++;
  return l[k] === ':' ? l.slice(1, j) : undefined;
}

function keyLines(yaml: string, firstLine: number): Map<string, number> {
  const out = new Map<string, number>();
  yaml.split('\n').forEach((l, i) => {
    const key = lineKey(l);
    if (key !== undefined && !out.has(key)) out.set(key, firstLine + i);
  });
  return out;
}

function decode(bytes: Buffer, file: string): { text?: string; diag?: Diagnostic } {
  try {
    return { text: decodeUtf8Strict(withoutBom(bytes), file) };
  } catch {
    return { diag: error('CTXPKG_SOURCE_FILE_INVALID', `${file} is not valid UTF-8 text`, { file }) };
  }
}

function yaml(text: string, file: string, lineOffset: number, diags: Diagnostic[]): unknown {
  try {
    return parseYamlSafe(text, { lineOffset, intAsBigInt: true });
  } catch (e) {
    if (e instanceof YamlSafetyError) {
      diags.push(error('CTXPKG_SOURCE_YAML', e.reason, { file, ...(e.line ? { line: e.line } : {}) }));
      return undefined;
    }
    diags.push(error('CTXPKG_SOURCE_YAML', `cannot parse YAML: ${(e as Error).message}`, { file }));
    return undefined;
  }
}

/** Body → content: one newline after the closing fence and one at the end belong to the file, not the content. */
export function bodyToContent(body: string): string {
  let s = body.startsWith('\n') ? body.slice(1) : body;
  if (s.endsWith('\n')) s = s.slice(0, -1);
  return s;
}

export function contentToBody(content: string): string {
  return `\n${content}\n`;
}

/**
 * What a source tree names itself — name and version — read from its manifest alone: undefined
 * unless both are there, the name a non-empty string (loadSource then says what is wrong).
 */
export async function sourceIdentity(tree: Tree): Promise<{ name: string; version: string } | undefined> {
  const bytes = await tree.read(MANIFEST_FILE).catch(() => undefined);
  const text = bytes ? decode(bytes, MANIFEST_FILE).text : undefined;
  const m = text === undefined ? undefined : yaml(text, MANIFEST_FILE, 0, []);
  if (!isObject(m) || typeof m.name !== 'string' || m.name === '' || m.version === undefined || m.version === null) return undefined;
  return { name: m.name, version: String(m.version) };
}

export async function loadSource(tree: Tree): Promise<{ pkg?: SourcePackage; diags: Diagnostic[] }> {
  const diags: Diagnostic[] = [];
  const entries = await tree.list();
  const mEntry = entries.find((e) => e.path === MANIFEST_FILE);
  if (!mEntry || mEntry.kind !== 'file') {
    return { diags: [error('CTXPKG_SOURCE_MANIFEST_MISSING', `${tree.label}: no ${MANIFEST_FILE} at the root of the source tree`, { hint: 'run `ctxforge init ctxpkg DIR` for a skeleton' })] };
  }
  const md = decode(await tree.read(MANIFEST_FILE), MANIFEST_FILE);
  if (md.diag) return { diags: [md.diag] };
  const manifestText = md.text!;
  const mv = yaml(manifestText, MANIFEST_FILE, 0, diags);
  if (mv === undefined && diags.length) return { diags };
  if (!isObject(mv)) return { diags: [error('CTXPKG_SOURCE_YAML', `${MANIFEST_FILE} must be a YAML mapping of manifest fields`, { file: MANIFEST_FILE, line: 1 })] };
  const manifest = mv as JsonObject;
  const manifestLines = keyLines(manifestText, 1);
  for (const k of RESERVED_MANIFEST) {
    if (manifest[k] !== undefined) {
      diags.push(error('CTXPKG_SOURCE_FIELD_RESERVED', `${k} is computed by the build and must not be set in ${MANIFEST_FILE}`, { file: MANIFEST_FILE, line: manifestLines.get(k) ?? 1 }));
    }
  }

  const nodes: SourceNode[] = [];
  const edges: SourceEdge[] = [];
  for (const e of entries) {
    if (!e.path.startsWith(NODES_DIR) || !e.path.endsWith('.md')) continue;
    if (e.kind !== 'file') { diags.push(error('CTXPKG_SOURCE_FILE_INVALID', `${e.path} is a ${e.kind}, not a regular file`, { file: e.path })); continue; }
    const d = decode(await tree.read(e.path), e.path);
    if (d.diag) { diags.push(d.diag); continue; }
    const text = d.text!;
    const fm = splitFrontmatter(text);
    if (!fm.present) { diags.push(error('CTXPKG_SOURCE_FRONTMATTER_MISSING', `${e.path} has no YAML frontmatter (--- id, type … ---)`, { file: e.path, line: 1 })); continue; }
    const before = diags.length;
    const fv = yaml(fm.yaml, e.path, fm.yamlLine - 1, diags);
    if (diags.length > before) continue;
    if (!isObject(fv)) { diags.push(error('CTXPKG_SOURCE_YAML', `${e.path}: the frontmatter must be a YAML mapping`, { file: e.path, line: fm.yamlLine })); continue; }
    const lines = keyLines(fm.yaml, fm.yamlLine);
    const { edges: rawEdges, ...fields } = fv as JsonObject;
    if (fields.content !== undefined) {
      diags.push(error('CTXPKG_SOURCE_FIELD_RESERVED', `${e.path}: "content" is the Markdown body, not a frontmatter field`, { file: e.path, line: lines.get('content') ?? fm.yamlLine }));
      continue;
    }
    const node: JsonObject = { ...fields, content: bodyToContent(fm.body) };
    nodes.push({ file: e.path, node, lines, bodyLine: fm.bodyLine, text });
    if (rawEdges === undefined || rawEdges === null) continue;
    const edgesLine = lines.get('edges') ?? fm.yamlLine;
    if (!Array.isArray(rawEdges)) { diags.push(error('CTXPKG_EDGE_INVALID', `${e.path}: edges must be a list of {to, type, weight?, coactivations?, metadata?}`, { file: e.path, line: edgesLine })); continue; }
    const itemLines = fm.yaml.split('\n').map((l, i) => ({ l, line: fm.yamlLine + i })).filter((x) => x.line > edgesLine && /^\s*-\s/.test(x.l)).map((x) => x.line);
    rawEdges.forEach((re, i) => {
      const line = itemLines[i] ?? edgesLine;
      if (!isObject(re)) { diags.push(error('CTXPKG_EDGE_INVALID', `${e.path}: edges[${i}] must be a mapping {to, type, …}`, { file: e.path, line })); return; }
      if (re.from !== undefined && re.from !== node.id) {
        diags.push(error('CTXPKG_EDGE_INVALID', `${e.path}: edges[${i}] has from ${JSON.stringify(re.from)}; edges are declared in their "from" node, so leave it out`, { file: e.path, line }));
        return;
      }
      const { from: _f, ...rest } = re;
      void _f;
      edges.push({ edge: { from: node.id as JsonValue, ...rest }, file: e.path, line });
    });
  }
  const idKey = (n: SourceNode) => (typeof n.node.id === 'string' ? n.node.id : '');
  nodes.sort((a, b) => compareUtf8(idKey(a), idKey(b)) || compareUtf8(a.file, b.file));
  const ek = (e: SourceEdge, k: string) => (typeof e.edge[k] === 'string' ? (e.edge[k] as string) : '');
  edges.sort((a, b) => compareUtf8(ek(a, 'from'), ek(b, 'from')) || compareUtf8(ek(a, 'to'), ek(b, 'to')) || compareUtf8(ek(a, 'type'), ek(b, 'type')));

  const content: JsonObject = manifest.kind === 'skills' && !nodes.length ? {} : { context_graph: { format: GRAPH_FORMAT, nodes: nodes.map((n) => n.node), edges: edges.map((e) => e.edge) } };
  const docs: { path: string; bytes: Buffer }[] = [];
  if (manifest.kind === 'skills') {
    for (const e of entries) {
      if (!e.path.startsWith(DOCUMENTS_DIR)) continue;
      if (e.kind !== 'file') { diags.push(error('CTXPKG_SOURCE_FILE_INVALID', `${e.path} is a ${e.kind}, not a regular file`, { file: e.path })); continue; }
      docs.push({ path: e.path.slice(DOCUMENTS_DIR.length), bytes: await tree.read(e.path) });
    }
    content.documents = documentsOf(docs);
  }
  const cpEntry = entries.find((e) => e.path === CHECKPOINT_FILE);
  if (cpEntry) {
    if (cpEntry.kind !== 'file') diags.push(error('CTXPKG_SOURCE_FILE_INVALID', `${CHECKPOINT_FILE} is a ${cpEntry.kind}, not a regular file`, { file: CHECKPOINT_FILE }));
    else {
      const cp = readCheckpointFile(await tree.read(CHECKPOINT_FILE), diags);
      if (cp !== undefined) {
        content.checkpoint = cp;
        // The layer is announced by the file's presence; a source need not repeat it in layers.
        const layers = Array.isArray(manifest.layers) ? manifest.layers : [];
        if (!layers.includes(CHECKPOINT_LAYER)) manifest.layers = [...layers, CHECKPOINT_LAYER];
      }
    }
  }
  const locate = (path: Path): Location => {
    if (path[0] === 'manifest') return { file: MANIFEST_FILE, line: manifestLines.get(String(path[1] ?? '')) ?? 1 };
    if (path[2] === 'nodes' && typeof path[3] === 'number' && nodes[path[3]]) {
      const n = nodes[path[3]]!;
      const k = String(path[4] ?? '');
      return { file: n.file, line: k === 'content' ? n.bodyLine : n.lines.get(k) ?? 2 };
    }
    if (path[2] === 'edges' && typeof path[3] === 'number' && edges[path[3]]) return { file: edges[path[3]]!.file, line: edges[path[3]]!.line };
    return { file: MANIFEST_FILE };
  };
  return { pkg: { label: tree.label, manifest, manifestLines, manifestText, nodes, edges, content, documentFiles: docs, locate }, diags };
}
