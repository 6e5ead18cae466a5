// One entry point for checking a built cartridge: resolve the trust inputs, open it safely, run
// every check, and shape the ValidationResult (details carry the trust report for --json).
import { DiagnosticError, hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { loadPublicKey } from '../core/keys.js';
import type { ArtifactInput, ValidateOptions, ValidationResult } from '../format.js';
import { openCartridge, type CartridgeData } from './open.js';
import { checkCartridge, type CheckResult } from './verify.js';
import { loadTrustRegistry, localKeyId } from './trust.js';

export interface Checked {
  result: ValidationResult;
  data?: CartridgeData;
  check?: CheckResult;
  bytes?: Buffer;
}

function nowFrom(env: NodeJS.ProcessEnv | undefined): number | undefined {
  const v = env?.CTXFORGE_NOW;
  return v && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;
}

/**
 * `keep`: what the caller needs beyond the verdict: the file's bytes (to rewrite it) or every
 * decoded sqlar file (to export them). A plain check keeps neither, so it holds no second copy of
 * a large cartridge.
 */
export async function checkArtifact(input: ArtifactInput, opts: ValidateOptions, keep: { bytes?: boolean; files?: boolean } = {}): Promise<Checked> {
  const registry = opts.trust ? loadTrustRegistry(opts.trust) : undefined;
  const local = localKeyId(opts.localKey, opts.env);
  const pinnedKey = opts.key ? loadPublicKey(opts.key, { env: opts.env }) : undefined;
  // A cartridge that cannot be read (on open, or a row while its files are walked) is an invalid
  // result, not an error of the command.
  const rejected = (e: unknown): Checked => {
    if (!(e instanceof DiagnosticError && e.exitCode === 1)) throw e;
    return { result: { path: input.label, format: 'acx', kind: 'artifact', valid: false, diagnostics: [e.diagnostic], details: { valid: false, integrity: null, signature: null, trust: null, reason: `rejected on open: ${e.diagnostic.message}` } } };
  };
  let opened;
  try {
    opened = await openCartridge(input, opts.limits, keep.bytes);
  } catch (e) {
    return rejected(e);
  }
  try {
    const check = checkCartridge(opened.data, { keepFiles: keep.files, registry, localKeyId: local, pinnedKey, requireSignature: opts.requireSignature, now: nowFrom(opts.env), limits: opts.limits });
    const diagnostics: Diagnostic[] = [...opened.diagnostics, ...check.diagnostics];
    const valid = !hasErrors(diagnostics) && check.report.trust !== 'tampered';
    const r = check.report;
    return {
      result: {
        path: input.label, format: 'acx', kind: 'artifact', valid, diagnostics,
        details: { valid, integrity: r.integrity, signature: r.signature, trust: r.trust, status: r.status, reason: r.reason, manifestHash: r.manifestHash, recordedManifestHash: r.recordedManifestHash, keyid: r.keyid ?? null, signatures: r.signatures, unboundPaths: check.unbound },
      },
      data: opened.data, check, bytes: opened.bytes,
    };
  } catch (e) {
    return rejected(e);
  } finally {
    opened.db.close();
  }
}
