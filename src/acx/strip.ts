// Strip-to-ROM (container §3.4): delete the SAVE partition, clear the SAVE flag, VACUUM, and prove
// the ROM untouched by an equal manifest hash and a signature that still verifies.
import { writeFileSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import { fail } from '../core/diagnostics.js';
import { withScratchBeside, writeAtomic } from '../core/atomic.js';
import { sha256File } from '../core/hash.js';
import { resolveLimits } from '../core/limits.js';
import type { SqliteDb } from '../core/sqlite.js';
import type { ArtifactInput, ValidateOptions } from '../format.js';
import { checkArtifact } from './artifact.js';
import { rewriteCartridgeFile } from './writer.js';
import { FLAG_SAVE_PRESENT } from './header.js';
import { checkInputFile } from './open.js';

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
async function usableCartridge(input: ArtifactInput, opts: ValidateOptions, what: string) {
  const c = await checkArtifact(input, opts);
  if (!c.check) fail(c.result.diagnostics[0]?.code ?? 'ACX_CORRUPT', `cannot ${what} ${input.label}: ${c.result.diagnostics[0]?.message ?? 'unreadable'}`);
  const blocking = c.result.diagnostics.find((x) => x.severity === 'error' && /^ACX_(SCHEMA|CORRUPT|JOURNAL)/.test(x.code));
  if (blocking) fail(blocking.code, `cannot ${what} ${input.label}: ${blocking.message}`);
  if (c.check.report.trust === 'tampered') fail('ACX_OBJECT_MISMATCH', `cannot ${what} ${input.label}: it is tampered (${c.check.report.reason})`);
  return { ...c, check: c.check };
}

/**
 * Rewrites the cartridge `input` into `outPath` through a copy: the input is copied into a scratch
 * file beside the output and that copy is checked (usableCartridge), so what `mutate` changes is
 * exactly what was verified, and no image of the cartridge is held in memory (rewriteCartridgeFile).
 * `plan` reads the check and gives the mutation; `check` inspects the written temp file.
 */
export async function rewriteVerified<T>(input: ArtifactInput, outPath: string, opts: ValidateOptions, what: string,
  plan: (c: Awaited<ReturnType<typeof usableCartridge>>) => { mutate: (db: SqliteDb) => void; result: T },
  check?: (tmp: string, result: T) => Promise<void>): Promise<{ result: T; sha256: string; size: number }> {
  let planned: { result: T } | undefined;
  let written: { sha256: string; size: number } | undefined;
  await writeAtomic(outPath, (tmp) => withScratchBeside(outPath, async (scratch) => {
    if (input.bytes) writeFileSync(scratch, input.bytes);
    else {
      await checkInputFile(input, resolveLimits(opts.limits));
      await copyFile(input.path!, scratch);
    }
    const p = plan(await usableCartridge({ label: input.label, path: scratch }, opts, what));
    planned = p;
    await rewriteCartridgeFile(scratch, tmp, p.mutate);
  }), {
    check: async (tmp) => {
      await check?.(tmp, planned!.result);
      written = await sha256File(tmp);
    },
  });
  return { result: planned!.result, ...written! };
}

export async function stripToRom(input: ArtifactInput, outPath: string, opts: ValidateOptions = {}): Promise<StripResult> {
  const removed = { sqlar: 0, memory: 0, vectors: 0, objects: 0 };
  const r = await rewriteVerified(input, outPath, opts, 'strip', (c) => ({
    result: { before: c.check.report.manifestHash, trustBefore: c.check.report.trust, after: '', trustAfter: '', signature: '' },
    mutate: (db) => {
      removed.memory = db.prepare("DELETE FROM memory WHERE zone='save'").run().changes;
      removed.sqlar = db.prepare("DELETE FROM sqlar WHERE name GLOB 'save/*'").run().changes;
      removed.vectors = db.prepare("DELETE FROM vectors WHERE zone='save'").run().changes;
      removed.objects = db.prepare("DELETE FROM objects WHERE zone='save'").run().changes;
      db.prepare("DELETE FROM cartridge WHERE key='acx.save_codebase_fingerprint'").run();
      const uv = (db.pragma('user_version', { simple: true }) as number) >>> 0;
      db.pragma(`user_version = ${(uv & ~FLAG_SAVE_PRESENT) >>> 0}`);
    },
  }), async (tmp, res) => {
    const after = await checkArtifact({ label: outPath, path: tmp }, opts);
    if (!after.check) fail('ACX_OUTPUT_INVALID', `the stripped cartridge cannot be read back: ${after.result.diagnostics[0]?.message}`);
    res.after = after.check.report.manifestHash;
    if (res.before !== res.after) fail('ACX_OUTPUT_INVALID', `strip changed the ROM manifest hash (${res.before} → ${res.after}); nothing written`);
    res.trustAfter = after.check.report.trust;
    res.signature = after.check.report.signature;
  });
  const x = r.result;
  return {
    input: input.label, output: outPath, before: x.before, after: x.after, equal: true, removed,
    trustBefore: x.trustBefore, trustAfter: x.trustAfter, signature: x.signature, sha256: r.sha256,
  };
}
