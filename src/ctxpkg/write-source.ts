// Neutral documents as a ctxpkg source tree: one node file a document under nodes/ (links to other
// documents become `references` edges), and ctxpkg.yaml — a new one from the package identity, or the existing one
// with its version and x-ctxforge set as data.
import type { Diagnostic } from '../core/diagnostics.js';
import { info } from '../core/diagnostics.js';
import { editYaml, yamlDocumentText } from '../core/yaml-edit.js';
import { unsafePathReason } from '../core/paths.js';
import { manifestExtensionFor, MANIFEST_EXT, nameSlug, skillsLeftOut } from '../doc-model.js';
import { withBody, type Documents, type FileContent, type PackageMeta, type SourceFiles, type WriteSourceOptions } from '../format.js';
import { DOCUMENT_ROOT, nodeFile } from './doc-fields.js';
import { linkContext } from './link-edges.js';
import { MANIFEST_FILE } from './source.js';

const SCOPED = /^@[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*$/;

/** The manifest fields the writer fills in by itself: a reader carries only what differs from them. */
export function derivedManifest(meta: PackageMeta, edges: boolean): Record<string, unknown> {
  return { name: SCOPED.test(meta.name) ? meta.name : `@local/${nameSlug(meta.name)}`, conformance_level: edges ? 2 : 1, dependencies: [] };
}

function defaultDescription(meta: PackageMeta): string {
  return meta.description ?? `${meta.name}: documentation packaged by ctxforge`;
}

export function writeCtxpkgSource(docs: Documents, opts: WriteSourceOptions): SourceFiles {
  const files = new Map<string, FileContent>();
  const notes: Diagnostic[] = [];
  // Links resolve as the package's site serves them, against its documents and the files beside them.
  const ctx = linkContext(docs.docs, docs.assets.map((a) => a.path), docs.meta.site);
  let edges = false;
  for (const d of docs.docs) {
    if (d.readBody) {
      // A body given when needed: rendered when the file is written, and once before only while the
      // manifest's conformance level still waits on an edge; the link cache keeps no body of it.
      const render = () => { const node = nodeFile(withBody(d), ctx); ctx.seen.delete(d.path); return node; };
      if (!edges) edges = render().edges > 0;
      files.set(DOCUMENT_ROOT + d.path, () => Buffer.from(render().text, 'utf8'));
      continue;
    }
    const node = nodeFile(d, ctx);
    edges ||= node.edges > 0;
    files.set(DOCUMENT_ROOT + d.path, Buffer.from(node.text, 'utf8'));
  }
  if (docs.assets.length) {
    notes.push(info('SYNC_ASSETS_LEFT_OUT', `${docs.assets.length} asset file${docs.assets.length === 1 ? '' : 's'} (e.g. ${docs.assets[0]!.path}) left out: a .ctxpkg holds only nodes`, { file: docs.assets[0]!.path }));
  }
  notes.push(...skillsLeftOut(docs, 'a ctxpkg knowledge graph holds nodes (skills go into a separate kind: skills pack)'));
  const meta = docs.meta;
  const c = meta.carried?.ctxpkg ?? {};
  const derived = derivedManifest(meta, edges);
  const name = typeof c.name === 'string' ? c.name : (derived.name as string);
  const description = defaultDescription(meta);
  const ext = manifestExtensionFor(meta, 'ctxpkg', { name, description });
  let text: string;
  if (opts.existingManifest !== undefined) {
    text = editYaml(opts.existingManifest, MANIFEST_FILE, [
      ...(meta.version !== undefined ? [{ path: ['version'], value: meta.version }] : []),
      { path: [MANIFEST_EXT], value: ext },
    ]);
  } else {
    const { name: _n, version: _v, description: _d, [MANIFEST_EXT]: _x, ...rest } = c;
    void _n; void _v; void _d; void _x;
    text = yamlDocumentText({ name, version: meta.version ?? '0.1.0', description, conformance_level: derived.conformance_level, dependencies: [], ...rest, ...(ext ? { [MANIFEST_EXT]: ext } : {}) });
  }
  return { files, manifest: { path: MANIFEST_FILE, text }, notes };
}

/** Why a ctxpkg source tree cannot hold a document at `path` (below nodes/), or undefined when it can. */
export function ctxpkgNameProblem(path: string, kind: 'document' | 'asset'): string | undefined {
  const why = unsafePathReason(DOCUMENT_ROOT + path);
  if (why) return why;
  return kind === 'document' && !path.endsWith('.md') ? 'a node file\'s name ends in .md' : undefined;
}
