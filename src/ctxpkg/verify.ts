// Verifies a parsed package: the rules, §8 integrity recomputed from the document text, and §9
// signatures (identity and manifest), with the coverage a passing signature actually has.
import { error, warning, hasErrors, showValue, type Diagnostic } from '../core/diagnostics.js';
import { checkDocuments } from './documents.js';
import { checkCheckpoint } from './checkpoint.js';
import { loadPublicKey, spkiKeyId, publicKeyFromRaw } from '../core/keys.js';
import type { ValidateOptions } from '../format.js';
import { CanonicalJsonError } from './canonical-json.js';
import { checkContent, checkHex, checkLevel, checkManifest, checkSummary, graphOf, type CheckContext } from './check.js';
import { integrityOf, type Integrity } from './integrity.js';
import { asNumber, isObject } from './model.js';
import { identityMessage, manifestMessage, verifyHex, type Coverage } from './signature.js';
import type { ArtifactDoc } from './artifact.js';
import { sha256Hex } from '../core/hash.js';
import { webcrypto } from 'node:crypto';

export interface VerifyDetails {
  name: string | null;
  version: string | null;
  schema_version: number | null;
  integrity: 'pass' | 'fail';
  signature: 'none' | 'valid' | 'invalid';
  /** What a passing signature covers; null when unsigned or when the signature fails. */
  coverage: Coverage | null;
  public_key: string | null;
  /** The signer as ed25519:<sha256 of SPKI DER>, the form keygen and cartridges show. */
  key_id?: string;
  file_sha256?: string;
  conformance_level: number;
  satisfied_level: number | null;
  content_hash: string | null;
  sha256: string | null;
  byte_size: number | null;
  node_count: number;
  edge_count: number;
}

export interface VerifyOutcome {
  diagnostics: Diagnostic[];
  details: VerifyDetails;
  /** Recomputed integrity (from the text), when name and version are strings. */
  computed?: Integrity;
}

export function verifyDoc(doc: ArtifactDoc, opts: ValidateOptions = {}): VerifyOutcome {
  const contentBytes = doc.compactContent();
  return verifyChecked(doc, checkDoc(doc), contentBytes, sha256Hex(contentBytes), opts);
}

/**
 * verifyDoc, with the content member's SHA-256 computed on the thread pool while the rules run
 * here: for a 55 MB package ~40 ms of hashing off the critical path (issue 7).
 */
export async function verifyDocAsync(doc: ArtifactDoc, opts: ValidateOptions = {}): Promise<VerifyOutcome> {
  const contentBytes = doc.compactContent();
  const hashing = typeof contentBytes === 'string' ? undefined : webcrypto.subtle.digest('SHA-256', contentBytes);
  hashing?.catch(() => undefined); // awaited below, after the checks
  const checked = checkDoc(doc);
  const contentHash = hashing ? Buffer.from(await hashing).toString('hex') : sha256Hex(contentBytes);
  return verifyChecked(doc, checked, contentBytes, contentHash, opts);
}

interface Checked {
  ctx: CheckContext;
  g: ReturnType<typeof graphOf>;
  diags: Diagnostic[];
  m: Record<string, unknown>;
  name: string | null;
  version: string | null;
  details: VerifyDetails;
}

/** The rules that need no digest: manifest, content and summary. */
function checkDoc(doc: ArtifactDoc): Checked {
  const ctx: CheckContext = { locate: doc.locate, mode: 'artifact' };
  const g = graphOf(doc.content);
  const diags: Diagnostic[] = [...checkManifest(doc.manifest, ctx), ...checkContent(doc.content, ctx), ...checkDocuments(doc.manifest, doc.content, ctx), ...checkCheckpoint(doc.manifest, doc.content, ctx), ...checkSummary(doc.manifest, doc.content, ctx, g)];
  const m = isObject(doc.manifest) ? doc.manifest : {};
  const name = typeof m.name === 'string' ? m.name : null;
  const version = typeof m.version === 'string' ? m.version : null;
  const details: VerifyDetails = {
    name, version, schema_version: asNumber(m.schema_version) ?? null, integrity: 'fail', signature: 'none', coverage: null, public_key: null,
    conformance_level: asNumber(m.conformance_level) ?? 1, satisfied_level: null, content_hash: null, sha256: null, byte_size: null,
    node_count: g.nodes.length, edge_count: g.edges.length,
  };
  return { ctx, g, diags, m, name, version, details };
}

/**
 * §8 integrity from the exact text of the content member, compacted (never a re-serialisation),
 * whose SHA-256 is `contentHash`; then §9 signatures and the conformance level.
 */
function verifyChecked(doc: ArtifactDoc, { ctx, g, diags, m, name, version, details }: Checked, contentBytes: Buffer | string, contentHash: string, opts: ValidateOptions): VerifyOutcome {
  let computed: Integrity | undefined;
  if (name !== null && version !== null) {
    computed = integrityOf(name, version, contentBytes, contentHash);
    Object.assign(details, { content_hash: computed.content_hash, sha256: computed.sha256, byte_size: computed.byte_size });
    const decl = isObject(m.integrity) ? m.integrity : undefined;
    if (decl) {
      let ok = true;
      const at = (k: string) => doc.locate(['manifest', 'integrity', k]);
      if (decl.content_hash !== computed.content_hash) {
        ok = false;
        if (typeof decl.content_hash === 'string' && decl.content_hash.toLowerCase() !== computed.content_hash) {
          diags.push(error('CTXPKG_INTEGRITY_CONTENT_HASH', `content_hash does not match the content member (computed ${computed.content_hash}): the content was changed after packaging`, at('content_hash')));
        }
      }
      if (decl.sha256 !== computed.sha256) {
        ok = false;
        if (typeof decl.sha256 === 'string' && decl.sha256.toLowerCase() !== computed.sha256) {
          diags.push(error('CTXPKG_INTEGRITY_SHA256', `integrity.sha256 does not match SHA-256("${name}:${version}:<content_hash>") (computed ${computed.sha256})`, at('sha256')));
        }
      }
      if (asNumber(decl.byte_size) !== computed.byte_size || !(typeof decl.byte_size === 'bigint' || Number.isInteger(decl.byte_size))) {
        ok = false;
        diags.push(error('CTXPKG_INTEGRITY_BYTE_SIZE', `byte_size is ${String(decl.byte_size)} but the compacted content member has ${computed.byte_size} bytes`, at('byte_size')));
      }
      details.integrity = ok ? 'pass' : 'fail';
    }
  }

  verifySignature(doc, m, computed, details, diags, opts);

  if (!hasErrors(diags)) {
    const lv = checkLevel(doc.manifest, doc.content, ctx, g);
    details.satisfied_level = lv.satisfied;
    diags.push(...lv.diags);
  }
  return { diagnostics: diags, details, computed };
}

function verifySignature(doc: ArtifactDoc, m: Record<string, unknown>, computed: Integrity | undefined, details: VerifyDetails, diags: Diagnostic[], opts: ValidateOptions): void {
  const at = (...p: string[]) => doc.locate(['manifest', 'signature', ...p]);
  const pinned = opts.key ? loadPublicKey(opts.key, { env: opts.env }) : undefined;
  const sig = m.signature;
  if (sig === undefined || sig === null) {
    if (sig === null) diags.push(warning('CTXPKG_SIGNATURE_NULL', '"signature": null — the package is unsigned', at()));
    if (pinned || opts.requireSignature) {
      diags.push(error('CTXPKG_SIGNATURE_MISSING', pinned ? `the package is unsigned, but key ${pinned.hex} is pinned` : 'the package is unsigned, but a signature is required', at()));
    }
    return;
  }
  details.signature = 'invalid';
  if (!isObject(sig)) { diags.push(error('CTXPKG_SIGNATURE_INVALID', 'signature must be an object (or null for unsigned)', at())); return; }
  const shape: Diagnostic[] = [];
  if (sig.algorithm !== 'ed25519') shape.push(error('CTXPKG_SIGNATURE_INVALID', `signature.algorithm must be "ed25519", got ${showValue(sig.algorithm)}`, at('algorithm')));
  const pkOk = checkHex(sig.public_key, 64, 'signature.public_key', 'CTXPKG_SIGNATURE_INVALID', at('public_key'), shape);
  const valOk = checkHex(sig.value, 128, 'signature.value', 'CTXPKG_SIGNATURE_INVALID', at('value'), shape);
  const mvPresent = sig.manifest_value !== undefined;
  const mvOk = !mvPresent || checkHex(sig.manifest_value, 128, 'signature.manifest_value', 'CTXPKG_SIGNATURE_INVALID', at('manifest_value'), shape);
  diags.push(...shape);
  if (pkOk) {
    details.public_key = sig.public_key as string;
    details.key_id = spkiKeyId(publicKeyFromRaw(Buffer.from(sig.public_key as string, 'hex')));
  }
  if (shape.length || !pkOk || !valOk || !mvOk) return;
  const pk = sig.public_key as string;
  if (pinned && pinned.hex !== pk) {
    diags.push(error('CTXPKG_SIGNATURE_KEY_MISMATCH', `signed by ${pk}, but the pinned key is ${pinned.hex}`, at('public_key')));
  }
  if (!computed || details.integrity !== 'pass') {
    // §8: never check a signature against a digest that has not been recomputed and matched.
    diags.push(error('CTXPKG_SIGNATURE_MISMATCH', 'the signature cannot be checked because integrity does not verify', at('value')));
    return;
  }
  const idOk = verifyHex(pk, identityMessage(details.name!, details.version!, computed.sha256), sig.value as string);
  if (!idOk) diags.push(error('CTXPKG_SIGNATURE_MISMATCH', 'signature.value does not verify for this name, version and content (recomputed package hash)', at('value')));
  let manOk = true;
  if (mvPresent) {
    const mnode = doc.manifestNode();
    try {
      manOk = verifyHex(pk, manifestMessage(mnode), sig.manifest_value as string);
      if (!manOk) diags.push(error('CTXPKG_MANIFEST_SIGNATURE_MISMATCH', 'signature.manifest_value does not verify: a manifest field was changed after signing', at('manifest_value')));
    } catch (e) {
      if (!(e instanceof CanonicalJsonError)) throw e;
      manOk = false;
      diags.push(error('CTXPKG_MANIFEST_UNCANONICAL', `the manifest cannot be canonicalised (${e.message}), so manifest_value cannot be verified`, at('manifest_value')));
    }
  }
  if (idOk && manOk && !(pinned && pinned.hex !== pk)) {
    details.signature = 'valid';
    details.coverage = mvPresent ? 'manifest' : 'identity_only';
    if (!mvPresent) {
      diags.push(warning('CTXPKG_SIGNATURE_IDENTITY_ONLY', 'the signature is identity-only: it covers name, version and content, but not dependencies, scope, provenance or other manifest fields', at('value')));
    }
  }
}
