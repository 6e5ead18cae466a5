// Reads any of the three source trees into the format-neutral documents: OCTX Concept Documents,
// ctxpkg nodes, cartridge knowledge files. What has no neutral form (records, vectors, memory,
// capabilities, dependencies …) is named in an info note, so a conversion never drops it silently.
import { info, fail, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import { decodeUtf8 } from '../core/utf8.js';
import { parseYamlSafe, splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { parseJson } from '../core/strict-json.js';
import { relativeLink } from '../links/markdown.js';
import { firstH1, normaliseBody } from '../sync/upstream.js';
import { linkedIds, LINK_EDGE, MANIFEST_FILE } from '../sync/render.js';
import type { Corpus, Doc, PackageMeta, TargetFormat } from '../sync/model.js';
import { TARGET_FORMATS } from '../sync/model.js';

export interface ReadCorpus {
  format: TargetFormat;
  corpus: Corpus;
  meta: PackageMeta;
  notes: Diagnostic[];
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)));

export async function detectSourceFormat(tree: Tree): Promise<TargetFormat | undefined> {
  for (const f of TARGET_FORMATS) if ((await tree.stat(MANIFEST_FILE[f]))?.kind === 'file') return f;
  return undefined;
}

async function text(tree: Tree, path: string): Promise<string> {
  const t = decodeUtf8(await tree.read(path));
  if (t === undefined) fail('CTXFORGE_IO', `${path} is not valid UTF-8`, { file: path }, 1);
  return stripBom(t).replace(/\r\n?/g, '\n');
}

function frontOf(t: string, path: string): { data: Record<string, unknown>; body: string } {
  const fm = splitFrontmatter(t);
  if (!fm.present) return { data: {}, body: normaliseBody(t) };
  let v: unknown;
  try { v = parseYamlSafe(fm.yaml); } catch (e) { fail('CTXFORGE_IO', `${path}: frontmatter: ${(e as Error).message}`, { file: path }, 1); }
  return { data: isMap(v) ? (plain(v) as Record<string, unknown>) : {}, body: normaliseBody(fm.body) };
}

/** Frontmatter keys shared by every format's documents. */
function commonFields(d: Doc, data: Record<string, unknown>): void {
  if (typeof data.description === 'string') d.description = data.description;
  if (Array.isArray(data.tags)) { const t = data.tags.filter((x): x is string => typeof x === 'string'); if (t.length) d.tags = t; }
  for (const f of TARGET_FORMATS) {
    const c = data[`x-${f}`];
    if (isMap(c)) (d.carried ??= {})[f] = c;
  }
}

function leftOut(notes: Diagnostic[], what: string, file?: string): void {
  notes.push(info('CONVERT_LEFT_OUT', what, file ? { file } : {}));
}

export async function readCorpus(tree: Tree): Promise<ReadCorpus> {
  const format = await detectSourceFormat(tree);
  if (!format) fail('CTXFORGE_FORMAT_UNKNOWN', `${tree.label} is not a source tree of any format (no manifest.json, ctxpkg.yaml or cartridge.yaml)`, {}, 1);
  const entries = (await tree.list()).filter((e) => e.kind === 'file');
  const notes: Diagnostic[] = [];
  const docs: Doc[] = [];
  const assets: Corpus['assets'] = [];
  let meta: PackageMeta;
  if (format === 'octx') {
    const m = parseJson(await text(tree, 'manifest.json')) as Record<string, unknown>;
    const asset = isMap(m.asset) ? m.asset : {};
    meta = { name: typeof asset.name === 'string' ? asset.name : tree.label, version: isMap(m.release) && typeof m.release.version === 'string' ? m.release.version : undefined, description: typeof asset.description === 'string' ? asset.description : undefined };
    const other = new Map<string, string[]>();
    for (const e of entries) {
      if (e.path.startsWith('knowledge/') && e.path.endsWith('.md')) {
        const base = e.path.slice(e.path.lastIndexOf('/') + 1);
        if (base === 'index.md' || base === 'log.md') { if (e.path !== 'knowledge/index.md') leftOut(notes, `${e.path}: OKF navigation and logs are regenerated or left out, not converted`, e.path); continue; }
        const { data, body } = frontOf(await text(tree, e.path), e.path);
        const { type, title, description: _d, tags: _t, octx, ...rest } = data;
        void _d; void _t;
        const docId = isMap(octx) && typeof octx.document_id === 'string' ? octx.document_id : undefined;
        if (!docId) fail('OCTX_DOCUMENT_ID_INVALID', `${e.path} has no octx.document_id; run \`ctxforge ids\` first`, { file: e.path }, 1);
        const id = typeof rest['x-id'] === 'string' ? (rest['x-id'] as string) : docId;
        const path = e.path.slice('knowledge/'.length);
        const d: Doc = { id, path, title: typeof title === 'string' ? title : firstH1(body) ?? path, body };
        if (typeof type === 'string') d.type = type;
        commonFields(d, data);
        const own = Object.fromEntries(Object.entries(rest).filter(([k]) => k !== 'x-id' && !/^x-(octx|ctxpkg|acx)$/.test(k)));
        if (Object.keys(own).length) (d.carried ??= {}).octx = own;
        docs.push(d);
      } else if (e.path !== 'manifest.json' && e.path !== '.ctxforge-sync.json') {
        const top = e.path.split('/')[0]!;
        other.set(top, [...(other.get(top) ?? []), e.path]);
      }
    }
    const kinds: Record<string, string> = { data: 'SAG records (chunks, events, entities)', relations: 'SAG relations', vectors: 'vectors', extensions: 'extensions' };
    for (const [top, list] of other) leftOut(notes, `${top}/ (${kinds[top] ?? 'files outside knowledge/'}, ${list.length} file${list.length === 1 ? '' : 's'}) has no place in the other formats' documents`, list[0]);
    if (isMap(m.capabilities) && Object.keys(m.capabilities).length) leftOut(notes, `manifest capabilities ${Object.keys(m.capabilities).join(', ')} are OCTX-only`, 'manifest.json');
  } else if (format === 'ctxpkg') {
    const m = parseYamlSafe(await text(tree, 'ctxpkg.yaml')) as Record<string, unknown>;
    meta = { name: String(m.name ?? tree.label), version: typeof m.version === 'string' ? m.version : undefined, description: typeof m.description === 'string' ? m.description : undefined };
    const extra = Object.keys(m).filter((k) => !['name', 'version', 'description', 'conformance_level', 'dependencies'].includes(k) || (k === 'dependencies' && Array.isArray(m.dependencies) && m.dependencies.length));
    if (extra.length) leftOut(notes, `ctxpkg.yaml fields ${extra.join(', ')} have no place in the other formats' manifests`, 'ctxpkg.yaml');
    const refEdges = new Map<string, string[]>();
    for (const e of entries) {
      if (!(e.path.startsWith('nodes/') && e.path.endsWith('.md'))) continue;
      const { data, body } = frontOf(await text(tree, e.path), e.path);
      const { id, type, title, okf_type, description: _d, tags: _t, edges, ...rest } = data;
      void _d; void _t;
      if (typeof id !== 'string' || !id) fail('CTXPKG_NODE_INVALID', `${e.path} has no id`, { file: e.path }, 1);
      const path = e.path.slice('nodes/'.length);
      const d: Doc = { id, path, title: typeof title === 'string' ? title : firstH1(body) ?? id, body };
      if (typeof okf_type === 'string') d.type = okf_type;
      commonFields(d, data);
      const own: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([k]) => !/^x-(octx|ctxpkg|acx)$/.test(k)));
      if (typeof type === 'string') own.type = type;
      const kept: unknown[] = [];
      for (const ed of Array.isArray(edges) ? edges : []) {
        if (isMap(ed) && ed.type === LINK_EDGE && typeof ed.to === 'string') refEdges.set(id, [...(refEdges.get(id) ?? []), ed.to]);
        else kept.push(ed);
      }
      if (kept.length) own.edges = kept;
      if (Object.keys(own).length) (d.carried ??= {}).ctxpkg = own;
      docs.push(d);
    }
    // A references edge whose link is not in the text becomes one, so the other formats keep it.
    const byPath = new Map(docs.map((d) => [d.path, d]));
    const byId = new Map(docs.map((d) => [d.id, d]));
    for (const d of docs) {
      const have = new Set(linkedIds(d, byPath));
      const missing = (refEdges.get(d.id) ?? []).filter((to) => !have.has(to) && byId.has(to));
      if (missing.length) d.body = `${d.body}${d.body ? '\n' : ''}See also: ${missing.map((to) => `[${byId.get(to)!.title.replace(/[[\]]/g, '')}](${relativeLink(d.path, byId.get(to)!.path)})`).join(', ')}\n`;
    }
  } else {
    const m = parseYamlSafe(await text(tree, 'cartridge.yaml')) as Record<string, unknown>;
    meta = { name: String(m.artifact ?? tree.label), version: typeof m.version === 'string' ? m.version : undefined, description: typeof m.description === 'string' ? m.description : undefined };
    const groups = new Map<string, string[]>();
    for (const e of entries) {
      if (e.path.startsWith('knowledge/')) {
        const path = e.path.slice('knowledge/'.length);
        if (!e.path.endsWith('.md')) { assets.push({ path, bytes: await tree.read(e.path) }); continue; }
        const { data, body } = frontOf(await text(tree, e.path), e.path);
        const { id, type, title, description: _d, tags: _t, ...rest } = data;
        void _d; void _t;
        const d: Doc = { id: typeof id === 'string' && id ? id : path.replace(/\.md$/, ''), path, title: typeof title === 'string' ? title : firstH1(body) ?? path, body };
        if (typeof type === 'string') d.type = type;
        commonFields(d, data);
        const own = Object.fromEntries(Object.entries(rest).filter(([k]) => !/^x-(octx|ctxpkg|acx)$/.test(k)));
        if (Object.keys(own).length) (d.carried ??= {}).acx = own;
        docs.push(d);
      } else if (e.path !== 'cartridge.yaml' && e.path !== '.ctxforge-sync.json' && e.path.includes('/')) {
        const top = e.path.split('/')[0]!;
        groups.set(top, [...(groups.get(top) ?? []), e.path]);
      }
    }
    const kinds: Record<string, string> = { skills: 'Agent Skills (use `ctxforge skills export` / `import`)', memory: 'ROM memory records', capabilities: 'capability records', attestations: 'attestations', rom: 'other ROM files' };
    for (const [top, list] of groups) leftOut(notes, `${top}/ (${kinds[top] ?? 'files'}, ${list.length} file${list.length === 1 ? '' : 's'}) has no place in the other formats' documents`, list[0]);
  }
  return { format, corpus: { docs, assets }, meta, notes };
}
