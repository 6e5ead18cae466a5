// The ROM manifest hash of container §3.3 (sorted ROM objects → JCS → sha256) and the predicate's
// checksumHash; both are functions of the objects rows alone, never of file bytes.
import { jcs, LONE_SURROGATE } from '../core/jcs.js';
import { createHash } from 'node:crypto';
import { compareUtf8 } from '../core/paths.js';
import type { ObjectRow } from './objects.js';

const OID = /^sha256:[0-9a-f]{64}$/;

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

/** A ROM objects row's manifest entry. */
export const manifestEntry = (r: ObjectRow): ManifestEntry => ({ sourceRef: r.source_ref, oid: r.oid, canon: r.canon, sz: r.sz });

export function manifestEntries(rows: ObjectRow[]): ManifestEntry[] {
  return sortRomObjects(rows).map(manifestEntry);
}

export function manifestHash(entries: ManifestEntry[]): string {
  return manifestHashAt(entries.length, (k) => entries[k]!);
}

/** The hash of the `n` entries `at(0)` … `at(n - 1)`, each made when written (none held). */
export function manifestHashAt(n: number, at: (k: number) => ManifestEntry): string {
  const h = createHash('sha256');
  writeManifestJcs(n, at, (s) => h.update(s));
  return `sha256:${h.digest('hex')}`;
}

/**
 * JCS of the manifest, handed to `out` in pieces of about 64 KiB. An entry of three well-formed
 * strings and a finite sz is its members in sorted order (canon, oid, sourceRef, sz), each in
 * ECMAScript JSON.stringify form (RFC 8785 §3.2.2), so 50 000 entries are written directly, and
 * never held as 50 000 strings plus their join at once; anything else goes through jcs() whole.
 */
function writeManifestJcs(n: number, at: (k: number) => ManifestEntry, out: (s: string) => void): void {
  for (let k = 0; k < n; k++) {
    if (isPlainEntry(at(k))) continue;
    out(jcs(Array.from({ length: n }, (_, j) => at(j))));
    return;
  }
  let piece = '[';
  for (let i = 0; i < n; i++) {
    const e = at(i);
    piece += `${i ? ',' : ''}{"canon":${JSON.stringify(e.canon)},"oid":${JSON.stringify(e.oid)},"sourceRef":${JSON.stringify(e.sourceRef)},"sz":${JSON.stringify(e.sz)}}`;
    if (piece.length >= 65536) { out(piece); piece = ''; }
  }
  out(`${piece}]`);
}

function isPlainEntry(e: ManifestEntry): boolean {
  return Object.keys(e).length === 4 && typeof e.sz === 'number' && Number.isFinite(e.sz)
    && [e.canon, e.oid, e.sourceRef].every((s) => typeof s === 'string' && !LONE_SURROGATE.test(s));
}

/** sha256 over the sorted "<oid>  <source_ref>" lines, as upstream puts in predicate.checksumHash. */
export function checksumHash(rows: ObjectRow[]): string {
  const rom = rows.filter((r) => r.zone === 'rom');
  if (!rom.every((r) => typeof r.oid === 'string' && OID.test(r.oid))) return checksumOfLines(rom.map((r) => `${r.oid}  ${r.source_ref}`));
  // Oids of one length and alphabet order their lines as the oids do, then the refs: no line is
  // made to sort, and none is kept (100,000 lines and their join were ~30 MB, issue 39).
  rom.sort((a, b) => (a.oid < b.oid ? -1 : a.oid > b.oid ? 1 : compareUtf8(a.source_ref, b.source_ref)));
  return hashLines(rom.length, (k) => `${rom[k]!.oid}  ${rom[k]!.source_ref}`);
}

/** The checksumHash of these "<oid>  <source_ref>" lines (sorted here, in place). */
export function checksumOfLines(lines: string[]): string {
  lines.sort(compareUtf8);
  return hashLines(lines.length, (k) => lines[k]!);
}

/** `sha256:` and the hash of the `n` lines `at(0)` … joined by "\n", written in pieces of about 64 KiB. */
export function hashLines(n: number, at: (k: number) => string): string {
  const h = createHash('sha256');
  let piece = '';
  for (let k = 0; k < n; k++) {
    piece += k ? `\n${at(k)}` : at(k);
    if (piece.length >= 65536) { h.update(piece); piece = ''; }
  }
  h.update(piece);
  return `sha256:${h.digest('hex')}`;
}
