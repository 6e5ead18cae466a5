// Turns a verified package (v2, or v1 through §10) back into an editable source tree: ctxpkg.yaml
// plus one Markdown file per node, so that building it again gives the same graph.
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fail, failWith } from '../core/diagnostics.js';
import { hostConfigRefusals, hostSafeNames } from '../core/host-config-names.js';
import { foldedKey } from '../core/paths.js';
import type { Coverage } from './signature.js';
import type { ArtifactInput, CommonOptions } from '../format.js';
import { graphOf } from './check.js';
import { isObject, type JsonObject, type JsonValue } from './model.js';
import { readAndVerify } from './read.js';
import { contentToBody, DOCUMENTS_DIR, MANIFEST_FILE, NODES_DIR, RESERVED_MANIFEST } from './source.js';
import { documentPathProblem, zstdDecode } from './documents.js';
import { CHECKPOINT_FILE, checkpointFileText } from './checkpoint.js';
import { unsafePathReason } from '../core/paths.js';
import { isV1, v1ToV2 } from './v1.js';
import { orderNode } from './write.js';
import { yamlMapping } from './yaml-write.js';
import { makeDirs } from '../core/dirs.js';

/** A file-system-safe, stable slug of a node id. */
export function slugOf(id: string): string {
  const s = id.normalize('NFC').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100);
  return s || 'node';
}

/** Source files for a package's manifest fields and content (relative path → text). */
export function sourceFiles(fields: JsonObject, content: JsonObject): Map<string, string> {
  const files = new Map<string, string>();
  const m: JsonObject = {};
  for (const [k, v] of Object.entries(fields)) {
    if (RESERVED_MANIFEST.includes(k) || k === 'stats') continue;
    if ((k === 'author' || k === 'updated_at') && v === null) continue;
    m[k] = v;
  }
  files.set(MANIFEST_FILE, `# ctxpkg source manifest: edit, then \`ctxforge build\`. Nodes live in ${NODES_DIR}*.md.\n${yamlMapping(m)}`);
  const g = graphOf(content);
  const used = new Set<string>();
  for (const n of g.nodes) {
    const id = n.id as string;
    let base = `${NODES_DIR}${slugOf(id)}`;
    for (let i = 2; used.has(foldedKey(`${base}.md`)); i++) base = `${NODES_DIR}${slugOf(id)}-${i}`;
    used.add(foldedKey(`${base}.md`));
    const { content: text, ...fm } = orderNode(n);
    const edges = g.edges.filter((e) => e.from === id).map((e) => {
      const { from: _f, ...rest } = e;
      void _f;
      return rest as JsonValue;
    });
    const front: JsonObject = { ...fm, ...(edges.length ? { edges } : {}) };
    files.set(`${base}.md`, `---\n${yamlMapping(front)}---\n${contentToBody(String(text))}`);
  }
  return files;
}

/** The source tree of a verified package, as files (relative path → content); refuses one that does not verify. */
export async function importedFiles(input: ArtifactInput, opts: CommonOptions): Promise<Map<string, string | Buffer>> {
  return (await importedPackage(input, opts)).files;
}

/**
 * The source tree of a verified package, and what its signature covers: `identity_only` binds name,
 * version and content but no other manifest field (description, x-ctxforge …); null when unsigned.
 */
export async function importedPackage(input: ArtifactInput, opts: CommonOptions): Promise<{ files: Map<string, string | Buffer>; coverage: Coverage | null }> {
  const r = await readAndVerify(input, { limits: opts.limits, env: opts.env });
  if (!r.valid || !r.doc) {
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    fail('CTXPKG_IMPORT_REFUSED', `${input.label} does not verify, so it is not imported: ${d.code}: ${d.message}`, { file: d.file, line: d.line });
  }
  let fields = r.doc.manifest as JsonObject;
  let content = r.doc.content as JsonObject;
  const documents = isObject(content.documents) && Array.isArray(content.documents.files) ? content.documents.files : [];
  const checkpoint = content.checkpoint;
  if (isV1(fields)) ({ fields, content } = v1ToV2(fields, content));
  else if (!isObject(content.context_graph)) content = { context_graph: { format: 'ctxpkg-graph-v2', nodes: [], edges: [] } };
  const files: Map<string, string | Buffer> = sourceFiles(fields, content);
  if (checkpoint !== undefined) files.set(CHECKPOINT_FILE, checkpointFileText(checkpoint));
  // kind: skills — each verified blob back as a file under documents/ (the source layout).
  for (const f of documents) {
    if (!isObject(f) || typeof f.path !== 'string' || typeof f.body !== 'string') continue;
    if (documentPathProblem(f.path) || unsafePathReason(`${DOCUMENTS_DIR}${f.path}`)) fail('CTXPKG_IMPORT_REFUSED', `document path ${JSON.stringify(f.path)} cannot be written safely`);
    const plain = zstdDecode(Buffer.from(f.body, 'base64'));
    if (!plain) fail('CTXPKG_IMPORT_REFUSED', `document ${JSON.stringify(f.path)} uses compressed zstd blocks, which this Node runtime cannot decode`, {}, 2);
    files.set(`${DOCUMENTS_DIR}${f.path}`, plain);
  }
  return { files, coverage: r.details?.coverage ?? null };
}

/**
 * The source tree as written by import, under no name an agent host reads as configuration: a node
 * file is named by ctxforge (from the node's ID), so one such name (`nodes/CLAUDE.md`) is named
 * otherwise (`nodes/CLAUDE.knowledge.md`); a skills document's path is the package's own, and the
 * tree must build into the same package, so one such path is refused (CTXFORGE_HOST_CONFIG_NAME).
 */
function hostSafeTree(files: Map<string, string | Buffer>, dir: string): Map<string, string | Buffer> {
  failWith(hostConfigRefusals([...files.keys()].filter((p) => !p.startsWith(NODES_DIR)), [DOCUMENTS_DIR], dir), 'nothing was imported');
  const nodes = hostSafeNames([...files.keys()].filter((p) => p.startsWith(NODES_DIR)).map((p) => p.slice(NODES_DIR.length)));
  return new Map([...files].map(([p, b]) => [p.startsWith(NODES_DIR) ? NODES_DIR + nodes.get(p.slice(NODES_DIR.length))! : p, b]));
}

export async function importArtifact(input: ArtifactInput, dir: string, opts: CommonOptions): Promise<string[]> {
  const files = hostSafeTree(await importedFiles(input, opts), dir);
  for (const [rel, text] of files) {
    const abs = join(dir, ...rel.split('/'));
    makeDirs(dirname(abs));
    await writeFile(abs, text, { flag: 'wx' });
  }
  return [...files.keys()].sort();
}
