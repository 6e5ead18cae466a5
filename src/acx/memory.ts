// Memory records (SPEC §7): the tier rules that bind zone, portable and codebaseFingerprint, the
// artifactFingerprint content address, and the canonical payload a ROM row stores.
import { createHash } from 'node:crypto';
import { jcs } from '../core/jcs.js';

export const CBF = /^cbf1_[0-9a-f]{40}$/;
export type Rec = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().toLowerCase() : '');

/** sha1(JCS of the normalised identity fields)[0:10], as upstream computes it (notes §9). */
export function artifactFingerprint(r: Rec): string {
  const tags = Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string').map((t) => t.toLowerCase()).sort() : [];
  const basis = {
    title: text(r.title), summary: text(r.summary), sourceType: text(r.sourceType), repoId: text(r.repoId),
    projectLabel: text(r.projectLabel), timestamp: text(r.timestamp), impact: text(r.impact) || 'neutral',
    xpAwarded: typeof r.xpAwarded === 'number' ? r.xpAwarded : 0, tags,
  };
  return createHash('sha1').update(jcs(basis)).digest('hex').slice(0, 10);
}

/** Problems of a record against its row zone and codebase_fingerprint column. */
export function memoryTierProblems(r: Rec, zone: string, cbfColumn: unknown): string[] {
  const out: string[] = [];
  if (typeof r.portable !== 'boolean') out.push('portable must be true or false');
  if (r.zone !== undefined && r.zone !== zone) out.push(`payload zone ${JSON.stringify(r.zone)} differs from the row zone ${zone}`);
  if (zone === 'rom') {
    if (r.portable !== true) out.push('a ROM record must be portable:true');
    if (cbfColumn !== null && cbfColumn !== undefined) out.push('codebase_fingerprint must be NULL in the ROM zone');
    if (r.codebaseFingerprint !== null && r.codebaseFingerprint !== undefined) out.push('a portable record must have codebaseFingerprint null');
    if (r.repoId !== null && r.repoId !== undefined) out.push('a portable record must have repoId null');
  } else if (zone === 'save') {
    if (r.portable !== false) out.push('a SAVE record must be portable:false');
    if (typeof cbfColumn !== 'string' || !CBF.test(cbfColumn)) out.push('codebase_fingerprint must be cbf1_<40 hex> in the SAVE zone');
    if (r.codebaseFingerprint !== cbfColumn) out.push('payload codebaseFingerprint differs from the column');
  } else out.push(`zone ${JSON.stringify(zone)} is neither rom nor save`);
  return out;
}

/** The ROM payload for a source record: the portable strip of §7.4 applied, then fingerprinted. */
export function romRecord(src: Rec): Rec {
  const r: Rec = { ...src };
  r.portable = true;
  r.codebaseFingerprint = null;
  r.repoId = null;
  if (r.repoLabel === undefined) r.repoLabel = 'portable-core';
  if (r.projectLabel === undefined) r.projectLabel = 'portable-core';
  r.zone = 'rom';
  // A committed fingerprint (e.g. from an import) is kept: it was taken before the strip, over labels we no longer see.
  if (typeof r.artifactFingerprint !== 'string' || !/^[0-9a-f]{10}$/.test(r.artifactFingerprint)) r.artifactFingerprint = artifactFingerprint(r);
  return r;
}

/** The fields the builder fills in, which a source record (and an import) leaves out. */
export const DERIVED_MEMORY_FIELDS = ['zone'];
