// Strip-to-ROM (container §3.4): delete the SAVE partition, clear the SAVE flag, VACUUM, and prove
// the ROM untouched by an equal manifest hash and a signature that still verifies.
import { open } from 'node:fs/promises';
import { fail } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import type { ArtifactInput, ValidateOptions } from '../format.js';
import { checkArtifact } from './artifact.js';
import { rewriteCartridge } from './writer.js';
import { FLAG_SAVE_PRESENT } from './header.js';

export interface StripResult {
  input: string;
  output: string;
  before: string;
  after: string;
  equal: boolean;
  removed: { sqlar: number; memory: number; vectors: number; objects: number };
  trustBefore: string;
  trustAfter: string;
  signature: string;
  sha256: string;
}

/** Refuses anything whose schema or integrity is in doubt: running SQL on it must be safe and meaningful. */
export async function usableCartridge(input: ArtifactInput, opts: ValidateOptions, what: string) {
  const c = await checkArtifact(input, opts, { bytes: true });
  if (!c.check || !c.bytes) fail(c.result.diagnostics[0]?.code ?? 'ACX_CORRUPT', `cannot ${what} ${input.label}: ${c.result.diagnostics[0]?.message ?? 'unreadable'}`);
  const blocking = c.result.diagnostics.find((x) => x.severity === 'error' && /^ACX_(SCHEMA|CORRUPT|JOURNAL)/.test(x.code));
  if (blocking) fail(blocking.code, `cannot ${what} ${input.label}: ${blocking.message}`);
  if (c.check.report.trust === 'tampered') fail('ACX_OBJECT_MISMATCH', `cannot ${what} ${input.label}: it is tampered (${c.check.report.reason})`);
  return { ...c, check: c.check, bytes: c.bytes };
}

async function writeBytes(path: string, bytes: Buffer, check?: (tmp: string) => Promise<void>): Promise<void> {
  await writeAtomic(path, async (tmp) => {
    const fh = await open(tmp, 'wx', 0o644);
    try { await fh.writeFile(bytes); await fh.chmod(0o644); await fh.sync(); } finally { await fh.close(); }
  }, { check });
}

export async function stripToRom(input: ArtifactInput, outPath: string, opts: ValidateOptions = {}): Promise<StripResult> {
  const c = await usableCartridge(input, opts, 'strip');
  const removed = { sqlar: 0, memory: 0, vectors: 0, objects: 0 };
  const bytes = rewriteCartridge(c.bytes, (db) => {
    removed.memory = db.prepare("DELETE FROM memory WHERE zone='save'").run().changes;
    removed.sqlar = db.prepare("DELETE FROM sqlar WHERE name GLOB 'save/*'").run().changes;
    removed.vectors = db.prepare("DELETE FROM vectors WHERE zone='save'").run().changes;
    removed.objects = db.prepare("DELETE FROM objects WHERE zone='save'").run().changes;
    db.prepare("DELETE FROM cartridge WHERE key='acx.save_codebase_fingerprint'").run();
    const uv = (db.pragma('user_version', { simple: true }) as number) >>> 0;
    db.pragma(`user_version = ${(uv & ~FLAG_SAVE_PRESENT) >>> 0}`);
  });
  const after = await checkArtifact({ label: outPath, bytes }, opts);
  if (!after.check) fail('ACX_OUTPUT_INVALID', `the stripped cartridge cannot be read back: ${after.result.diagnostics[0]?.message}`);
  const before = c.check.report.manifestHash;
  const afterHash = after.check.report.manifestHash;
  if (before !== afterHash) fail('ACX_OUTPUT_INVALID', `strip changed the ROM manifest hash (${before} → ${afterHash}); nothing written`);
  await writeBytes(outPath, bytes);
  return {
    input: input.label, output: outPath, before, after: afterHash, equal: true, removed,
    trustBefore: c.check.report.trust, trustAfter: after.check.report.trust, signature: after.check.report.signature, sha256: sha256Hex(bytes),
  };
}

export { writeBytes };
