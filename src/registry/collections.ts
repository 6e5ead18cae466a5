// ctxforge's own collections beside the reference's: `.ctxpkg` and `.octx` releases at immutable
// coordinates of the same shape, indexed in ctxforge-index.json (`ctxforge.registry-index/1`) so the
// reference's index.json stays exactly the reference's. The reference knows neither format.
//   ctxpkg/<name>/<version>/package.ctxpkg   <name> the package name (`@scope/name` is two segments)
//   octx/<asset id>/<version>/package.octx   the asset's UUID: an OCTX title is no path
import { createHash } from 'node:crypto';
import { lstat, readFile } from 'node:fs/promises';
import { compareSemver } from '../core/semver.js';
import type { FormatName } from '../format.js';
import { findFiles, SEMVER_RE } from './layout.js';
import { join } from 'node:path';

export const CTXFORGE_INDEX_FILE = 'ctxforge-index.json';
export const CTXFORGE_INDEX_SCHEMA = 'ctxforge.registry-index/1';

const CTXPKG_NAME = /^(?:@[a-z0-9][a-z0-9._-]{0,63}\/)?[a-z0-9][a-z0-9._-]{0,127}$/;
const ASSET_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CollectionEntry { name: string; version: string; path: string; sha256: string; bytes: number; signed: boolean; latest?: boolean }
export interface CollectionRejection { type: string; path: string; reason: string }

export const COLLECTION_OF: Record<'ctxpkg' | 'octx', { file: string; name: RegExp }> = {
  ctxpkg: { file: 'package.ctxpkg', name: CTXPKG_NAME },
  octx: { file: 'package.octx', name: ASSET_ID },
};

export const collectionPath = (format: 'ctxpkg' | 'octx', name: string, version: string): string => `${format}/${name}/${version}/${COLLECTION_OF[format].file}`;

/** A coordinate of ctxforge's collections, or undefined. */
export function parseCollectionPath(p: string): { format: 'ctxpkg' | 'octx'; name: string; version: string } | undefined {
  const m = /^(ctxpkg|octx)\/(.+)\/([^/]+)\/package\.(ctxpkg|octx)$/.exec(p);
  if (!m || m[1] !== m[4]) return undefined;
  const format = m[1] as 'ctxpkg' | 'octx';
  return COLLECTION_OF[format].name.test(m[2]!) && SEMVER_RE.test(m[3]!) ? { format, name: m[2]!, version: m[3]! } : undefined;
}

/** The signed identity of a ctxpkg or octx artifact, and whether it verifies. */
export async function collectionIdentity(file: string, format: 'ctxpkg' | 'octx', label: string): Promise<{ name?: string; version?: string; valid: boolean; signed: boolean; reason: string }> {
  // The formats load here, not with the coordinates: outdated and resolve parse paths only.
  const { formatByName } = await import('../formats.js');
  const m = formatByName(format as FormatName)!;
  const r = await (m.verifyArtifact ?? m.validateArtifact).call(m, { label, path: file }, {});
  const d = (r.details ?? {}) as Record<string, unknown>;
  const name = typeof (format === 'ctxpkg' ? d.name : d.asset_id) === 'string' ? String(format === 'ctxpkg' ? d.name : d.asset_id) : undefined;
  const version = typeof d.version === 'string' ? d.version : undefined;
  const first = r.diagnostics.find((x) => x.severity === 'error');
  return { name, version, valid: r.valid, signed: format === 'ctxpkg' && d.signature === 'valid', reason: first ? `${first.code} ${first.message}` : 'invalid' };
}

/** The entries of ctxforge's collections, each verified at its canonical coordinate; what is refused, and why. */
export async function buildCollections(root: string): Promise<{ index: Record<string, unknown> | null; text: string | null; rejected: CollectionRejection[] }> {
  const rejected: CollectionRejection[] = [];
  const out: Record<string, CollectionEntry[]> = { ctxpkg: [], octx: [] };
  for (const format of ['ctxpkg', 'octx'] as const) {
    for (const f of await findFiles(root, format, '')) {
      if (f.unsafe) { rejected.push({ type: format, path: f.rel, reason: f.unsafe }); continue; }
      const id = await collectionIdentity(f.path, format, f.rel);
      const expected = id.name && id.version ? collectionPath(format, id.name, id.version) : undefined;
      if (!id.valid) { rejected.push({ type: format, path: f.rel, reason: `does not verify: ${id.reason}` }); continue; }
      if (!expected || !parseCollectionPath(expected) || expected !== f.rel) { rejected.push({ type: format, path: f.rel, reason: `non-canonical ${format} path (expected ${expected ?? `${format}/<name>/<version>/${COLLECTION_OF[format].file} with a SemVer version`})` }); continue; }
      const bytes = await readFile(f.path);
      out[format]!.push({ name: id.name!, version: id.version!, path: f.rel, sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length, signed: id.signed });
    }
    const list = out[format]!;
    const newest = new Map<string, CollectionEntry>();
    for (const e of list) { const cur = newest.get(e.name); if (!cur || compareSemver(e.version, cur.version) > 0) newest.set(e.name, e); }
    for (const e of list) e.latest = newest.get(e.name) === e;
    list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : compareSemver(b.version, a.version)));
  }
  if (!out.ctxpkg!.length && !out.octx!.length) return { index: null, text: null, rejected };
  const index = { schemaVersion: CTXFORGE_INDEX_SCHEMA, ctxpkgCount: out.ctxpkg!.length, ctxpkg: out.ctxpkg, octxCount: out.octx!.length, octx: out.octx };
  return { index, text: `${JSON.stringify(index, null, 2)}\n`, rejected };
}

/** The committed ctxforge-index.json's text, or undefined. */
export async function readCommittedCollections(root: string): Promise<string | undefined> {
  const p = join(root, CTXFORGE_INDEX_FILE);
  const st = await lstat(p).catch(() => undefined);
  if (!st?.isFile() || st.size > 256 * 1024 * 1024) return st ? '' : undefined;
  return readFile(p, 'utf8');
}
