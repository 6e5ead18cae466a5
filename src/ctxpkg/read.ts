// One entry point for "read and verify this .ctxpkg": bytes → parsed document → verification, with
// every failure a diagnostic (never an exception for bad input).
import { hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import type { ArtifactInput, ValidateOptions } from '../format.js';
import { DEFAULT_MAX_DEPTH, parseArtifactText, readArtifactBytes, type ArtifactDoc } from './artifact.js';
import { verifyDoc, verifyDocAsync, type VerifyDetails, type VerifyOutcome } from './verify.js';

export interface ReadResult {
  doc?: ArtifactDoc;
  diagnostics: Diagnostic[];
  details?: VerifyDetails;
  valid: boolean;
}

export async function readAndVerify(input: ArtifactInput, opts: ValidateOptions = {}): Promise<ReadResult> {
  const { bytes, diag } = await readArtifactBytes(input, opts);
  if (!bytes) return { diagnostics: [diag!], valid: false };
  const parsed = parse(bytes, input.label, opts);
  if (!parsed.doc) return { diagnostics: parsed.diags, valid: false };
  const r = result(parsed.doc, await verifyDocAsync(parsed.doc, opts));
  // The file's own digest, named apart from the two integrity hashes (content_hash, and sha256
  // which is the package hash over name, version and content_hash): the three are easy to confuse.
  if (r.details) r.details.file_sha256 = sha256Hex(bytes);
  return r;
}

export function verifyBytes(bytes: Buffer, label: string, opts: ValidateOptions = {}): ReadResult {
  const parsed = parse(bytes, label, opts);
  if (!parsed.doc) return { diagnostics: parsed.diags, valid: false };
  const r = result(parsed.doc, verifyDoc(parsed.doc, opts));
  if (r.details) r.details.file_sha256 = sha256Hex(bytes);
  return r;
}

function parse(bytes: Buffer, label: string, opts: ValidateOptions) {
  const depth = opts.limits?.maxDepth !== undefined ? Math.max(opts.limits.maxDepth, 1) : DEFAULT_MAX_DEPTH;
  return parseArtifactText(bytes, label, depth);
}

function result(doc: ArtifactDoc, v: VerifyOutcome): ReadResult {
  return { doc, diagnostics: v.diagnostics, details: v.details, valid: !hasErrors(v.diagnostics) };
}
