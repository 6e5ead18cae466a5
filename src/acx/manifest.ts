// The ROM manifest hash of container §3.3 (sorted ROM objects → JCS → sha256) and the predicate's
// checksumHash; both are functions of the objects rows alone, never of file bytes.
import { jcs } from '../core/jcs.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import type { ObjectRow } from './objects.js';

export interface ManifestEntry {
  sourceRef: string;
  oid: string;
  canon: string;
  sz: number;
}

/** Sorted by (kind, source_ref) in code point order; UTF-8 byte order is code point order. */
export function sortRomObjects<T extends Pick<ObjectRow, 'kind' | 'source_ref' | 'zone'>>(rows: T[]): T[] {
  return rows.filter((r) => r.zone === 'rom').sort((a, b) => compareUtf8(a.kind, b.kind) || compareUtf8(a.source_ref, b.source_ref));
}

export function manifestEntries(rows: ObjectRow[]): ManifestEntry[] {
  return sortRomObjects(rows).map((r) => ({ sourceRef: r.source_ref, oid: r.oid, canon: r.canon, sz: r.sz }));
}

export function manifestHash(entries: ManifestEntry[]): string {
  return `sha256:${sha256Hex(jcs(entries))}`;
}

export function romManifestHash(rows: ObjectRow[]): string {
  return manifestHash(manifestEntries(rows));
}

/** sha256 over the sorted "<oid>  <source_ref>" lines, as upstream puts in predicate.checksumHash. */
export function checksumHash(rows: ObjectRow[]): string {
  const lines = rows.filter((r) => r.zone === 'rom').map((r) => `${r.oid}  ${r.source_ref}`);
  lines.sort(compareUtf8);
  return `sha256:${sha256Hex(lines.join('\n'))}`;
}
