// Writes the format-neutral documents as one format's source tree: the managed files (documents,
// assets, generated navigation) and the manifest a new tree starts with. Relative links between
// documents become ctxpkg `references` edges; what a format has no place for is an info note.
import { info, type Diagnostic } from '../core/diagnostics.js';
import { uuidv7 } from '../core/uuid.js';
import { markdownLinks, isExternal, splitTarget, resolveLink } from '../links/markdown.js';
import { frontmatter, yamlLines } from './yaml.js';
import type { Corpus, Doc, PackageMeta, TargetFormat } from './model.js';

/** The ctxpkg edge type a relative link becomes (a custom type: readers preserve unknown types, CTXPKG §4.4). */
export const LINK_EDGE = 'references';

export const DOC_DIR: Record<TargetFormat, string> = { octx: 'knowledge/', ctxpkg: 'nodes/', acx: 'knowledge/' };
export const MANIFEST_FILE: Record<TargetFormat, string> = { octx: 'manifest.json', ctxpkg: 'ctxpkg.yaml', acx: 'cartridge.yaml' };

export interface Rendered {
  /** Managed files: path in the source tree → content. */
  files: Map<string, Buffer>;
  /** The manifest, written only where the tree has none yet. */
  manifest: { path: string; text: string };
  notes: Diagnostic[];
}

/** Document IDs another document links to (relative links that resolve to a document of the corpus). */
export function linkedIds(doc: Doc, byPath: ReadonlyMap<string, Doc>): string[] {
  const out: string[] = [];
  for (const l of markdownLinks(doc.body)) {
    if (isExternal(l.target)) continue;
    const { path } = splitTarget(l.target);
    if (!path) continue;
    const to = resolveLink(doc.path, path);
    const d = to === undefined ? undefined : byPath.get(to);
    if (d && d.id !== doc.id && !out.includes(d.id)) out.push(d.id);
  }
  return out;
}

function slug(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'knowledge';
}

function common(d: Doc): Record<string, unknown> {
  return { title: d.title, description: d.description, tags: d.tags?.length ? d.tags : undefined };
}

/** Carried blocks of the other formats, kept under their own key so a round trip restores them. */
function carriedFor(d: Doc, self: TargetFormat): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(d.carried ?? {})) if (k !== self && Object.keys(v).length) out[`x-${k}`] = v;
  return out;
}

const withBody = (fm: string, body: string) => Buffer.from(`${fm}\n${body}`, 'utf8');

/** A UUIDv7 for an ID that is not one (a ctxpkg node id, a cartridge file), derived so each conversion gives the same. */
export function octxIdFor(id: string): string {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id) ? id : uuidv7(0, `ctxforge-id:${id}`);
}

export function render(format: TargetFormat, corpus: Corpus, meta: PackageMeta, opts: { assetId?: string } = {}): Rendered {
  const files = new Map<string, Buffer>();
  const notes: Diagnostic[] = [];
  let edgeCount = 0;
  const byPath = new Map(corpus.docs.map((d) => [d.path, d]));
  const dir = DOC_DIR[format];
  for (const d of corpus.docs) {
    const c = { ...(d.carried?.[format] ?? {}) };
    if (format === 'octx') {
      const id = octxIdFor(d.id);
      const fm = { type: d.type ?? 'Reference', ...common(d), ...c, octx: { document_id: id }, ...(id !== d.id ? { 'x-id': d.id } : {}), ...carriedFor(d, 'octx') };
      files.set(dir + d.path, withBody(frontmatter(fm), d.body));
    } else if (format === 'ctxpkg') {
      const { type, edges, ...rest } = c as { type?: string; edges?: unknown[] } & Record<string, unknown>;
      const linkEdges = linkedIds(d, byPath).map((to) => ({ to, type: LINK_EDGE }));
      const kept = Array.isArray(edges) ? edges.filter((e) => (e as { type?: unknown }).type !== LINK_EDGE) : [];
      const all = [...linkEdges, ...kept];
      edgeCount += all.length;
      const fm = { id: d.id, type: type ?? 'fact', ...common(d), okf_type: d.type, ...rest, ...carriedFor(d, 'ctxpkg'), edges: all.length ? all : undefined };
      files.set(dir + d.path, withBody(frontmatter(fm), d.body));
    } else {
      const fm = { id: d.id, type: d.type, ...common(d), ...c, ...carriedFor(d, 'acx') };
      files.set(dir + d.path, withBody(frontmatter(fm), d.body));
    }
  }
  if (format === 'acx') for (const a of corpus.assets) files.set(dir + a.path, a.bytes);
  else if (corpus.assets.length) {
    notes.push(info('SYNC_ASSETS_LEFT_OUT', `${corpus.assets.length} asset file${corpus.assets.length === 1 ? '' : 's'} (e.g. ${corpus.assets[0]!.path}) left out: a ${format === 'octx' ? '.octx packages only knowledge Markdown' : '.ctxpkg holds only nodes'}`, { file: corpus.assets[0]!.path }));
  }
  if (format === 'octx') files.set('knowledge/index.md', Buffer.from(octxIndex(meta.name, corpus.docs), 'utf8'));

  const version = meta.version ?? '0.1.0';
  const description = meta.description ?? `${meta.name}: documentation packaged by ctxforge`;
  let manifest: Rendered['manifest'];
  if (format === 'octx') {
    manifest = { path: 'manifest.json', text: `${JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: opts.assetId ?? uuidv7(), name: meta.name }, release: { version } }, null, 2)}\n` };
  } else if (format === 'ctxpkg') {
    const name = /^@[a-z0-9][a-z0-9_-]*\/[a-z0-9][a-z0-9_-]*$/.test(meta.name) ? meta.name : `@local/${slug(meta.name)}`;
    manifest = { path: 'ctxpkg.yaml', text: `${yamlLines({ name, version, description, conformance_level: edgeCount ? 2 : 1, dependencies: [] }).join('\n')}\n` };
  } else {
    const desc = description.length >= 20 ? description.slice(0, 500) : `${description} (documentation packaged by ctxforge)`;
    manifest = { path: 'cartridge.yaml', text: `${yamlLines({ publisher: 'dev.ctxforge.local', artifact: slug(meta.name), version, description: desc, license: 'NOASSERTION' }).join('\n')}\n` };
  }
  return { files, manifest, notes };
}

/** OKF navigation (knowledge/index.md): one entry a document, sorted by path. */
export function octxIndex(name: string, docs: Doc[]): string {
  const lines = [`# ${name.replace(/\n/g, ' ')}`, ''];
  for (const d of [...docs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const t = d.title.replace(/[[\]\n]/g, ' ');
    lines.push(`- [${t}](${d.path})${d.description ? ` - ${d.description.replace(/\n/g, ' ')}` : ''}`);
  }
  if (!docs.length) lines.push('- [Index](index.md)');
  return `${lines.join('\n')}\n`;
}
