// The main job on a folder of source trees, end to end and with a throwaway key: validate, build
// every format, sign, verify, diff against the previous release, checksum and sign the checksums.
// It is what `npm start` runs on working-dir-example/.
import { readdir } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { join, resolve, relative } from 'node:path';
import { DiskTree } from './core/tree.js';
import { generateSigningKey, spkiKeyId } from './core/keys.js';
import { gitCommitTime } from './core/time.js';
import { fail, type Diagnostic } from './core/diagnostics.js';
import type { BuiltArtifact, ValidationResult } from './format.js';
import { detectSource, formatByName } from './formats.js';
import { validatePaths } from './validate.js';
import { diffWithPreviousRelease, renderDiffMarkdown } from './diff/index.js';
import { sha256sums } from './release/checksums.js';
import { minisignPublicKey, minisignSign } from './core/minisign.js';
import { makeDirs } from './core/dirs.js';
import { refuseSymlinks, writeFileAtomic } from './core/atomic.js';

/** Used only when the folder is neither given an epoch nor committed in git (e.g. a tarball). */
export const DEMO_FALLBACK_EPOCH = 1767225600;

export interface DemoStep {
  source: string;
  format: string;
  validation: ValidationResult;
  artifact?: BuiltArtifact;
  verification?: ValidationResult;
  diff?: string;
}

export interface DemoResult {
  out_dir: string;
  public_key: string;
  epoch_note?: string;
  steps: DemoStep[];
  checksums: string;
  ok: boolean;
  warnings: Diagnostic[];
}

export async function runDemo(dir: string, opts: { cwd?: string; outDir: string; env?: NodeJS.ProcessEnv; log?: (s: string) => void }): Promise<DemoResult> {
  const cwd = opts.cwd ?? process.cwd();
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => {});
  const root = resolve(cwd, dir);
  const outDir = resolve(cwd, opts.outDir);
  let st;
  try { st = statSync(root); } catch { st = undefined; }
  if (!st?.isDirectory()) {
    fail('CTXFORGE_IO', `${dir}: ${st ? 'not a directory' : 'no such directory'}; demo runs on a folder of source trees`, {
      hint: 'in a clone of ctxforge run `npm start` (or `ctxforge demo working-dir-example`); elsewhere name your folder: `ctxforge demo <dir>`',
    }, 2);
  }
  const key = generateSigningKey();
  log(`throwaway key for this run (public key, the private half is never written): ${key.publicKey.hex} (${spkiKeyId(key.publicKey)})`);
  const candidates = [root, ...(await readdir(root, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => join(root, d.name)).sort()];
  const sources: { path: string; format: string }[] = [];
  for (const c of candidates) {
    const m = await detectSource(new DiskTree(c));
    if (m) sources.push({ path: c, format: m.name });
  }
  let epoch: number | undefined;
  let epochNote: string | undefined;
  if (!env.SOURCE_DATE_EPOCH && (await gitCommitTime(root)) === null) {
    epoch = DEMO_FALLBACK_EPOCH;
    epochNote = `not in a git checkout and SOURCE_DATE_EPOCH unset: using the demo's fixed epoch ${epoch}`;
    log(epochNote);
  }
  const steps: DemoStep[] = [];
  const warnings: Diagnostic[] = [];
  refuseSymlinks(outDir, cwd);
  makeDirs(outDir);
  let ok = sources.length > 0;
  for (const s of sources) {
    const label = relative(cwd, s.path) || '.';
    const [validation] = await validatePaths([s.path], { cwd, env });
    const step: DemoStep = { source: label, format: s.format, validation: { ...validation!, path: label } };
    steps.push(step);
    log(`${validation!.valid ? '✓' : '✗'} validate ${label} (${s.format})`);
    if (!validation!.valid) { ok = false; continue; }
    const module = formatByName(s.format)!;
    step.artifact = await module.build(new DiskTree(s.path, label), { outDir, epoch, sourceDir: s.path, key, env, warnings });
    log(`  build    ${relative(cwd, step.artifact.path)}  sha256 ${step.artifact.sha256}`);
    const [verification] = await validatePaths([step.artifact.path], { cwd, env, verify: true, ...(module.sign ? { key: key.publicKey.hex } : {}) });
    step.verification = verification!;
    const d = verification!.details ?? {};
    const facts = [d.coverage !== undefined ? `coverage ${d.coverage}` : '', d.trust !== undefined ? `trust ${d.trust}` : '', d.package_digest ? `digest ${d.package_digest}` : ''].filter(Boolean).join(', ');
    log(`  verify   ${verification!.valid ? 'ok' : 'FAILED'}${module.sign ? ' (signed with the throwaway key)' : ''}${facts ? ` — ${facts}` : ''}`);
    if (!verification!.valid) ok = false;
    try {
      const diff = await diffWithPreviousRelease(s.path, { cwd, env });
      step.diff = diff.previous_tag ? renderDiffMarkdown(diff) : 'initial release (no previous release tag)';
      log(`  diff     ${diff.previous_tag ? `against ${diff.previous_tag}: ${diff.changes.length} changes, required bump ${diff.required_bump}, version ${diff.version_ok ? 'ok' : 'NOT ok'}` : step.diff}`);
    } catch {
      step.diff = 'initial release (not in a git checkout)';
      log(`  diff     ${step.diff}`);
    }
  }
  const built = steps.filter((s) => s.artifact).map((s) => ({ name: s.artifact!.path.slice(outDir.length + 1), sha256: s.artifact!.sha256 }));
  const sums = sha256sums(built);
  await writeFileAtomic(join(outDir, 'SHA256SUMS'), sums);
  await writeFileAtomic(join(outDir, 'SHA256SUMS.minisig'), minisignSign(key, Buffer.from(sums), { trustedComment: `ctxforge demo: ${built.map((b) => b.name).join(' ')}` }));
  await writeFileAtomic(join(outDir, 'minisign.pub'), minisignPublicKey(key));
  log(`wrote ${relative(cwd, outDir) || '.'}/: ${built.length} artifacts, SHA256SUMS, SHA256SUMS.minisig, minisign.pub`);
  return { out_dir: outDir, public_key: key.publicKey.hex, epoch_note: epochNote, steps, checksums: sums, ok, warnings };
}
