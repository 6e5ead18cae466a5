// An OCTX working directory or a built .octx as neutral documents: the concept documents of
// knowledge/ with their IDs, the package identity (asset id and name, release version, the other
// manifest fields), a hand-written index.md and the log kept for the way back; records, relations,
// vectors, extensions and capabilities named in notes, since no other format has a place for them.
import { fail, failWith, info, type Diagnostic } from '../core/diagnostics.js';
import { documentString, splitDocText, type DocText } from '../core/doc-text.js';
import type { Tree } from '../core/tree.js';
import { beyondDerived, isMap, manifestExtension, MANIFEST_EXT, withKeptHead } from '../doc-model.js';
import { isTree, wants, type ArtifactInput, type Asset, type Doc, type Documents, type DocumentsOptions } from '../format.js';
import { openOctx } from './archive.js';
import { docFromText, documentText, DOCUMENT_ROOT } from './doc-fields.js';
import { MANIFEST, parseManifestBytes } from './manifest.js';
import { checkPackage } from './package.js';
import { derivedIdentity, indexKey, indexText } from './write-source.js';

const KINDS: Record<string, string> = { data: 'SAG records (chunks, events, entities)', relations: 'SAG relations', vectors: 'vectors', extensions: 'extensions' };
/** Manifest members the build computes, so a source tree does not carry them. */
const BUILT_RELEASE = ['version', 'created_at', 'package_digest'];

function leftOut(notes: Diagnostic[], what: string, file?: string): void {
  notes.push(info('CONVERT_LEFT_OUT', what, file ? { file } : {}));
}

export async function readOctxDocuments(input: Tree | ArtifactInput, opts: DocumentsOptions): Promise<Documents> {
  if (isTree(input)) return fromTree(input, undefined, wants(opts, 'docs'), opts.want?.idsOnly === true);
  const opened = await openOctx(input, opts.limits);
  failWith(opened.diagnostics, `${input.label} is not a safe archive`);
  const tree = opened.tree!;
  try {
    const report = await checkPackage(tree, { workdir: false, limits: opts.limits });
    failWith(report.diagnostics, `${input.label} is not a valid .octx`);
    // Only the files the manifest lists are the package; anything else in the ZIP is ignored (§5.2).
    return await fromTree(tree, new Set(report.files.map((f) => f.path)), wants(opts, 'docs'), opts.want?.idsOnly === true);
  } finally {
    tree.close();
  }
}

async function fromTree(tree: Tree, listed: ReadonlySet<string> | undefined, withDocs: boolean, idsOnly = false): Promise<Documents> {
  const mstat = await tree.stat(MANIFEST);
  if (mstat?.kind !== 'file') fail('OCTX_MANIFEST_MISSING', `${tree.label} has no manifest.json`, { file: MANIFEST }, 1);
  const parsed = parseManifestBytes(await tree.read(MANIFEST), 100);
  failWith(parsed.diagnostics, `${tree.label}: manifest.json cannot be read`);
  const m = parsed.raw!;
  const notes: Diagnostic[] = [];
  const read: { text: DocText; doc: Doc }[] = [];
  const ids: Doc[] = [];
  const assets: Asset[] = [];
  let index: string | undefined;
  let log: string | undefined;
  const other = new Map<string, string[]>();
  // Without documents, only the manifest is read.
  for (const e of withDocs ? await tree.list() : []) {
    if (e.kind !== 'file' || e.path === MANIFEST || e.path === '.ctxforge-sync.json' || (listed && !listed.has(e.path))) continue;
    if (!e.path.startsWith(DOCUMENT_ROOT)) {
      const top = e.path.split('/')[0]!;
      other.set(top, [...(other.get(top) ?? []), e.path]);
      continue;
    }
    const path = e.path.slice(DOCUMENT_ROOT.length);
    if (!path.endsWith('.md')) { assets.push({ path, bytes: await tree.read(e.path) }); continue; }
    const base = path.slice(path.lastIndexOf('/') + 1);
    if (base === 'index.md' || base === 'log.md') {
      const text = documentString(await tree.read(e.path), e.path);
      if (path === 'index.md') index = text;
      else if (path === 'log.md') log = text;
      else leftOut(notes, `${e.path}: OKF navigation and logs below the root are regenerated or left out, not converted`, e.path);
      continue;
    }
    const text = splitDocText(documentString(await tree.read(e.path), e.path), e.path);
    const doc = docFromText(text, path, e.path);
    // Only the ID wanted: no text held, no document written again to see whether its head is kept.
    if (idsOnly) ids.push({ id: doc.id, path, title: '', body: '' });
    else read.push({ text, doc });
  }
  for (const [top, list] of other) {
    const what = list.length === 1 && list[0] === top ? top : `${top}/ (${KINDS[top] ?? 'files outside knowledge/'}, ${list.length} file${list.length === 1 ? '' : 's'})`;
    leftOut(notes, `${what} has no place in the other formats' documents`, list[0]);
  }
  if (isMap(m.capabilities) && Object.keys(m.capabilities).length) leftOut(notes, `manifest capabilities ${Object.keys(m.capabilities).join(', ')} are OCTX-only`, MANIFEST);

  const docs = idsOnly ? ids : read.map((r) => withKeptHead(r.doc, 'octx', r.text, documentText));
  const asset = isMap(m.asset) ? m.asset : {};
  const release = isMap(m.release) ? m.release : {};
  const ext = manifestExtension(m[MANIFEST_EXT]);
  const name = ext.name ?? (typeof asset.name === 'string' ? asset.name : tree.label);
  const meta: Documents['meta'] = { name };
  if (typeof release.version === 'string') meta.version = release.version;
  if (typeof ext.description === 'string') meta.description = ext.description;
  if (ext.site) meta.site = ext.site;

  // What the manifest says beyond the neutral fields, for a conversion back: the asset id, every other member.
  const { format: _f, format_version: _v, asset: _a, release: _r, files: _files, capabilities: _c, [MANIFEST_EXT]: _x, ...members } = m;
  void _f; void _v; void _a; void _r; void _files; void _c; void _x;
  const { id: _id, name: _n, ...assetRest } = asset;
  void _id; void _n;
  const releaseRest = Object.fromEntries(Object.entries(release).filter(([k]) => !BUILT_RELEASE.includes(k)));
  const manifest = { ...(Object.keys(assetRest).length ? { asset: assetRest } : {}), ...(Object.keys(releaseRest).length ? { release: releaseRest } : {}), ...members };
  const own: Record<string, unknown> = { asset_id: asset.id, name: asset.name };
  if (Object.keys(manifest).length) own.manifest = manifest;
  if (index !== undefined && index !== indexText(name, docs)) own.index = { text: index, for: indexKey(docs) };
  if (log !== undefined) own.log = log;
  const carried = { ...ext.carried };
  const mine = beyondDerived(own, derivedIdentity(meta));
  if (Object.keys(mine).length) carried.octx = mine;
  if (Object.keys(carried).length) meta.carried = carried;
  return { format: 'octx', meta, docs, assets, skills: [], notes };
}
