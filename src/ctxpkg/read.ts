// One entry point for "read and verify this .ctxpkg": bytes → parsed document → verification, with
// every failure a diagnostic (never an exception for bad input).
import { hasErrors, type Diagnostic } from '../core/diagnostics.js';
import type { ArtifactInput, ValidateOptions } from '../format.js';
import { DEFAULT_MAX_DEPTH, parseArtifactText, readArtifactBytes, type ArtifactDoc } from './artifact.js';
import { verifyDoc, type VerifyDetails } from './verify.js';

export interface ReadResult {
  doc?: ArtifactDoc;
  diagnostics: Diagnostic[];
  details?: VerifyDetails;
  valid: boolean;
}

export async function readAndVerify(input: ArtifactInput, opts: ValidateOptions = {}): Promise<ReadResult> {
  const { bytes, diag } = await readArtifactBytes(input, opts);
  if (!bytes) return { diagnostics: [diag!], valid: false };
  return verifyBytes(bytes, input.label, opts);
}

export function verifyBytes(bytes: Buffer, label: string, opts: ValidateOptions = {}): ReadResult {
  const depth = opts.limits?.maxDepth !== undefined ? Math.max(opts.limits.maxDepth, 1) : DEFAULT_MAX_DEPTH;
  const parsed = parseArtifactText(bytes, label, depth);
  if (!parsed.doc) return { diagnostics: parsed.diags, valid: false };
  const v = verifyDoc(parsed.doc, opts);
  return { doc: parsed.doc, diagnostics: v.diagnostics, details: v.details, valid: !hasErrors(v.diagnostics) };
}
