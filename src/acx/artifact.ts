// One entry point for checking a built cartridge: resolve the trust inputs, open it safely, run
// every check, and shape the ValidationResult (details carry the trust report for --json).
import { DiagnosticError, hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { loadPublicKey } from '../core/keys.js';
import type { ArtifactInput, ValidateOptions, ValidationResult } from '../format.js';
import { openCartridge, type CartridgeData } from './open.js';
import { checkCartridge, type CheckResult, type VerifyOptions } from './verify.js';
import { loadTrustRegistry, localKeyId } from './trust.js';

export interface Checked {
  result: ValidationResult;
  data?: CartridgeData;
  check?: CheckResult;
  bytes?: Buffer;
  /** What opening the file found (result.diagnostics starts with them). */
  openDiagnostics?: Diagnostic[];
}

function nowFrom(env: NodeJS.ProcessEnv | undefined): number | undefined {
  const v = env?.CTXFORGE_NOW;
  return v && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;
}

/**
 * `keep`: what the caller needs beyond the verdict: the file's bytes (to rewrite it) or every
 * decoded sqlar file (to export them). A plain check keeps neither, so it holds no second copy of
 * a large cartridge. `knowledgeIds`: each knowledge file's frontmatter id (a package's items).
 * `knowledge`: each verified knowledge file handed over as it is decoded, not kept
 * (checkCartridge's VerifyOptions.knowledge).
 */
export async function checkArtifact(input: ArtifactInput, opts: ValidateOptions, keep: { bytes?: boolean; files?: boolean; knowledge?: VerifyOptions['knowledge']; knowledgeIds?: boolean } = {}): Promise<Checked> {
  const trustInputs = trustOptions(opts);
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
    const check = checkCartridge(opened.data, { keepFiles: keep.files, knowledge: keep.knowledge, knowledgeIds: keep.knowledgeIds, ...trustInputs, limits: opts.limits });
    return shaped(input, opened.data, check, opened.diagnostics, opened.bytes);
  } catch (e) {
    return rejected(e);
  } finally {
    opened.db.close();
  }
}

/** ValidateOptions' trust inputs (--trust, the local key, --key, CTXFORGE_NOW) as checkCartridge takes them. */
export function trustOptions(opts: Pick<ValidateOptions, 'trust' | 'localKey' | 'key' | 'env' | 'requireSignature'>): VerifyOptions {
  return {
    registry: opts.trust ? loadTrustRegistry(opts.trust) : undefined,
    localKeyId: localKeyId(opts.localKey, opts.env),
    pinnedKey: opts.key ? loadPublicKey(opts.key, { env: opts.env }) : undefined,
    requireSignature: opts.requireSignature,
    now: nowFrom(opts.env),
  };
}

/**
 * A checked cartridge judged again under other trust inputs, from the same reading: its files are
 * not read again (CheckResult.under).
 */
export function rejudged(input: ArtifactInput, c: Checked, opts: Pick<ValidateOptions, 'trust' | 'localKey' | 'key' | 'env' | 'requireSignature'>): Checked {
  if (!c.check || !c.data) return c;
  return shaped(input, c.data, c.check.under(trustOptions(opts)), c.openDiagnostics ?? [], c.bytes);
}

function shaped(input: ArtifactInput, data: CartridgeData, check: CheckResult, openDiagnostics: Diagnostic[], bytes: Buffer | undefined): Checked {
  const diagnostics: Diagnostic[] = [...openDiagnostics, ...check.diagnostics];
  const valid = !hasErrors(diagnostics) && check.report.trust !== 'tampered';
  const r = check.report;
  return {
    result: {
      path: input.label, format: 'acx', kind: 'artifact', valid, diagnostics,
      details: { valid, integrity: r.integrity, signature: r.signature, trust: r.trust, status: r.status, reason: r.reason, manifestHash: r.manifestHash, recordedManifestHash: r.recordedManifestHash, keyid: r.keyid ?? null, signatures: r.signatures, unboundPaths: check.unbound },
    },
    data, check, bytes, openDiagnostics,
  };
}
