// Neutral documents as an OCTX working directory: knowledge/<path> concept documents, the OKF index
// (a kept hand-written one while it was written for the same documents), the log, and manifest.json:
// a new one from the package identity, or the existing one with its version and x-ctxforge set as data.
import { fail, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { TextBytes } from '../core/text-bytes.js';
import { unsafePathReason } from '../core/paths.js';
import { isUuidV7, uuidv7 } from '../core/uuid.js';
import { byNavigation, canonical, isMap, manifestExtensionFor, MANIFEST_EXT, skillsLeftOut } from '../doc-model.js';
import { documentFile, withBody, type Doc, type Documents, type FileContent, type PackageMeta, type SourceFiles, type WriteSourceOptions } from '../format.js';
import { documentText, DOCUMENT_ROOT } from './doc-fields.js';
import { FORMAT_VERSION, MANIFEST, parseManifestBytes } from './manifest.js';

/**
 * Who an OCTX package is when nothing carried says: its name as asset.name, and as asset id the seed
 * itself when it is a UUIDv7 (a fresh one from sync), else one derived from it (the name by default).
 */
export function derivedIdentity(meta: PackageMeta, seed: string = meta.name): Record<string, unknown> {
  return { asset_id: isUuidV7(seed) ? seed : uuidv7(0, `ctxforge-asset:${seed}`), name: meta.name };
}

/** The document paths an OKF index was written for: a kept index is written again only for the same documents. */
export function indexKey(docs: readonly Doc[]): string {
  return sha256Hex(docs.map((d) => d.path).sort().join('\n'));
}

/** OKF navigation (knowledge/index.md): one entry a document, in the site's navigation order where it has one, else by path. */
export function indexText(name: string, docs: readonly Doc[]): string {
  return indexBytes(name, docs).toString('utf8');
}

/** indexText's bytes, encoded entry by entry (no string or list of every entry: text-bytes.ts). */
export function indexBytes(name: string, docs: readonly Doc[]): Buffer {
  const out = new TextBytes().add(`# ${name.replace(/\n/g, ' ')}\n\n`);
  for (const d of [...docs].sort(byNavigation)) {
    out.add('- [').add(d.title.replace(/[[\]\n]/g, ' ')).add('](').add(d.path).add(')');
    if (d.description) out.add(' - ').add(d.description.replace(/\n/g, ' '));
    out.add('\n');
  }
  if (!docs.length) out.add('- [Index](index.md)\n');
  return out.bytes();
}

const omit = (o: unknown, keys: string[]): Record<string, unknown> => (isMap(o) ? Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k))) : {});

function newManifest(meta: PackageMeta, opts: WriteSourceOptions): string {
  const c = meta.carried?.octx ?? {};
  const man = isMap(c.manifest) ? c.manifest : {};
  const name = typeof c.name === 'string' ? c.name : meta.name;
  const id = typeof c.asset_id === 'string' ? c.asset_id : derivedIdentity(meta, opts.identitySeed).asset_id;
  const m: Record<string, unknown> = {
    format: 'octx', format_version: FORMAT_VERSION,
    asset: { id, name, ...omit(man.asset, ['id', 'name']) },
    release: { version: meta.version ?? '0.1.0', ...omit(man.release, ['version', 'created_at', 'package_digest']) },
    ...omit(man, ['format', 'format_version', 'asset', 'release', 'files', 'capabilities', MANIFEST_EXT]),
  };
  const ext = manifestExtensionFor(meta, 'octx', { name });
  if (ext) m[MANIFEST_EXT] = ext;
  return `${JSON.stringify(m, null, 2)}\n`;
}

/** The manifest the target already has, with the source's version and x-ctxforge; everything else is the user's. */
function updatedManifest(text: string, meta: PackageMeta): string {
  const parsed = parseManifestBytes(Buffer.from(text, 'utf8'), 100);
  if (!parsed.raw) {
    const d = parsed.diagnostics[0]!;
    fail(d.code, `the target's manifest.json cannot be updated: ${d.message}`, { file: MANIFEST, line: d.line, hint: 'fix it, or remove it to have a new one written' }, 2);
  }
  const m = parsed.raw;
  let changed = false;
  if (meta.version !== undefined && isMap(m.release) && m.release.version !== meta.version) { m.release.version = meta.version; changed = true; }
  const asset = isMap(m.asset) ? m.asset : {};
  const ext = manifestExtensionFor(meta, 'octx', { name: typeof asset.name === 'string' ? asset.name : '' });
  if (canonical(ext ?? null) !== canonical(m[MANIFEST_EXT] ?? null)) {
    if (ext) m[MANIFEST_EXT] = ext;
    else delete m[MANIFEST_EXT];
    changed = true;
  }
  if (!changed) return text;
  return `${JSON.stringify(m, (_k, v: unknown) => (typeof v === 'bigint' ? fail('CTXFORGE_IO', `the target's manifest.json holds the integer ${v}, which cannot be written back exactly`, { file: MANIFEST }, 2) : v), 2)}\n`;
}

export function writeOctxSource(docs: Documents, opts: WriteSourceOptions): SourceFiles {
  const files = new Map<string, FileContent>();
  const notes: Diagnostic[] = [];
  for (const d of docs.docs) {
    const base = d.path.slice(d.path.lastIndexOf('/') + 1);
    if (base === 'index.md' || base === 'log.md') {
      notes.push(warning('CONVERT_LEFT_OUT', `${d.path}: OCTX reserves ${base} for OKF navigation, so this document is left out; rename it in the source`, { file: d.path }));
      continue;
    }
    // A body given when needed is read when the file is written (the render), never held for the whole tree.
    files.set(DOCUMENT_ROOT + d.path, documentFile(d, documentText));
  }
  if (docs.assets.length) {
    notes.push(info('SYNC_ASSETS_LEFT_OUT', `${docs.assets.length} asset file${docs.assets.length === 1 ? '' : 's'} (e.g. ${docs.assets[0]!.path}) left out: a .octx packages only knowledge Markdown`, { file: docs.assets[0]!.path }));
  }
  notes.push(...skillsLeftOut(docs, 'a .octx packages knowledge documents, records and vectors'));
  const c = docs.meta.carried?.octx ?? {};
  const kept = isMap(c.index) && typeof c.index.text === 'string' && c.index.for === indexKey(docs.docs) ? c.index.text : undefined;
  // Rendered when written: a sync writes the pages first, and the index (7 MB at 50,000 documents)
  // then never lives beside their writes (issue 39).
  files.set(`${DOCUMENT_ROOT}index.md`, kept !== undefined ? Buffer.from(kept, 'utf8') : () => indexBytes(docs.meta.name, docs.docs));
  if (typeof c.log === 'string') files.set(`${DOCUMENT_ROOT}log.md`, Buffer.from(c.log, 'utf8'));
  const text = opts.existingManifest !== undefined ? updatedManifest(opts.existingManifest, docs.meta) : newManifest(docs.meta, opts);
  return { files, manifest: { path: MANIFEST, text }, notes };
}

/** Why an OCTX working directory cannot hold a document or asset at `path` (below knowledge/), or undefined when it can. */
export function octxNameProblem(path: string, kind: 'document' | 'asset'): string | undefined {
  const why = unsafePathReason(DOCUMENT_ROOT + path);
  if (why) return why;
  if (kind !== 'document') return undefined;
  if (!path.endsWith('.md')) return 'a concept document\'s name ends in .md';
  const base = path.slice(path.lastIndexOf('/') + 1);
  // Case-folded: `Index.md` beside the generated `index.md` is one file on macOS and Windows.
  const folded = base.toLowerCase();
  return folded === 'index.md' || folded === 'log.md' ? `OCTX reserves ${folded} for OKF navigation${folded === base ? '' : ` (${base} is that name on a case-insensitive file system)`}` : undefined;
}
