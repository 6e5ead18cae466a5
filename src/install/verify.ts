// Verification before anything reaches an agent, per format, through the format registry only:
// tampering is always refused; then who signed is judged against the pinned key (--key, or the key
// the lock recorded for the package) or the cartridge trust registry (--trust); a release's
// SHA256SUMS.minisig, checked with the same key, verifies any package the release lists — and is
// the only signature an .octx has. Unsigned or unverifiable is refused unless --allow-unsigned.
import { readFileSync } from 'node:fs';
import { DiagnosticError, error, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { loadPublicKey, publicKeyFromRaw, spkiKeyId } from '../core/keys.js';
import type { Limits } from '../core/limits.js';
import type { Documents, DocumentsOptions, FormatModule, FormatName, ValidationResult } from '../format.js';
import { detectArtifact } from '../formats.js';
import { minisignVerify } from '../core/minisign.js';
import type { Acquired } from './source.js';
import type { LockRelease, LockSigner, TrustLevel } from './lock.js';

/** A pinned Ed25519 key: its raw bytes when known, and its id in the ACX/ctxpkg form. */
export interface KeyPin { key_id: string; raw?: Buffer; from: 'option' | 'lock' }

/**
 * --key: a minisign public key (its file, or the base64 line), an SPKI PEM, or 64 hex digits — one
 * Ed25519 key either way, so the same key checks a package's signature and its release's.
 */
export function loadKeyPin(spec: string, env?: NodeJS.ProcessEnv): KeyPin {
  let text = spec;
  if (!/^[0-9a-fA-F]{64}$/.test(spec.trim()) && !spec.startsWith('env:') && !/^[A-Za-z0-9+/]{56}$/.test(spec.trim())) {
    try { text = readFileSync(spec, 'utf8'); } catch { text = spec; }
  }
  const line = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('untrusted comment:'))[0] ?? '';
  if (/^[A-Za-z0-9+/]{56}$/.test(line)) {
    const b = Buffer.from(line, 'base64');
    if (b.length === 42 && b.subarray(0, 2).toString('latin1') === 'Ed') {
      const raw = Buffer.from(b.subarray(10));
      return { key_id: spkiKeyId(publicKeyFromRaw(raw)), raw, from: 'option' };
    }
  }
  const pub = loadPublicKey(spec, { env });
  return { key_id: spkiKeyId(pub), raw: pub.raw, from: 'option' };
}

/** The pin a lock entry carries. */
export function lockPin(signer: LockSigner): KeyPin | undefined {
  if (signer.public_key) {
    const raw = Buffer.from(signer.public_key, 'hex');
    return { key_id: spkiKeyId(publicKeyFromRaw(raw)), raw, from: 'lock' };
  }
  return signer.key_id?.startsWith('ed25519:') ? { key_id: signer.key_id, from: 'lock' } : undefined;
}

/** What a format's verifier established, before any policy is applied. */
export interface Facts {
  module: FormatModule;
  format: FormatName;
  result: ValidationResult;
  /** The package carries a signature of its own. */
  signed: boolean;
  /** Key ids (ed25519:…) whose signature over this package verified. */
  verifiedKeys: string[];
  /** ACX: the trust verdict under --trust. */
  verdict: string;
  /** Cartridge paths whose bytes the signature binds only under another path. */
  unbound: string[];
  /**
   * The verifier says some of the package's metadata is outside its signature (a cartridge meta row
   * no objects row covers; a ctxpkg signature that covers only the identity): a name read from there
   * is not the signer's word.
   */
  metaUnsigned: boolean;
  /** The package name the signature itself covers, when the format's verifier reports one. */
  signedName?: string;
  diagnostics: Diagnostic[];
  /** The package's documents from the same reading, when the format verifies and reads in one pass. */
  documents?: () => Promise<Documents>;
}

// Findings that are a matter of policy (decided below), not of the package being damaged.
const POLICY_CODES = new Set(['ACX_SIGNATURE_MISSING', 'ACX_SIGNER_MISMATCH', 'ACX_SIGNATURE_UNVERIFIED', 'ACX_TRUST_PORTABLE']);

export interface CheckOptions {
  key?: KeyPin;
  trust?: string;
  env?: NodeJS.ProcessEnv;
  limits?: Partial<Limits>;
  /** Each document handed over as the verifier reads it, not kept (DocumentsOptions.documentSink: serve). */
  documentSink?: DocumentsOptions['documentSink'];
}

/**
 * The ACX reference leaves some builder bookkeeping outside the ROM manifest (these four keys):
 * unsigned, but nothing a package is named or described by, so they alone do not make a signed
 * cartridge's name doubtful. Any other unsigned key still does. `message` is ACX_META_UNSIGNED's,
 * which lists the keys.
 */
const BOOKKEEPING_META = new Set(['acx.vec0_format', 'acx.package_spec', 'acx.lance_schema', 'acx.cal_skillset']);
function unsignedIdentityMeta(message: string): boolean {
  const at = message.indexOf('(unsigned):');
  return at < 0 || message.slice(at + 11).split(',').map((k) => k.trim()).some((k) => !BOOKKEEPING_META.has(k));
}

export async function checkArtifact(acq: Acquired, o: CheckOptions): Promise<Facts> {
  const module = await detectArtifact(acq.input);
  if (!module) {
    throw new DiagnosticError(error('CTXFORGE_FORMAT_UNKNOWN', `not an .acx, .ctxpkg or .octx package`, { file: acq.input.label }), 1);
  }
  if (o.trust && module.name !== 'acx') {
    throw new DiagnosticError(error('CTXFORGE_USAGE', `--trust applies to cartridges (.acx); this is ${module.title}: pin its key with --key`, { file: acq.input.label }), 2);
  }
  const opts = {
    env: o.env, limits: o.limits,
    // The cartridge verifier checks a row that carries no public key of its own against the pin.
    ...(module.name === 'acx' && o.key?.raw ? { key: o.key.raw.toString('hex') } : {}),
    ...(module.name === 'acx' && o.trust ? { trust: o.trust } : {}),
  };
  // A format that can verifies and reads the documents in one pass over the artifact's bytes.
  let documents: (() => Promise<Documents>) | undefined;
  let result: ValidationResult;
  if (module.verifyWithDocuments) ({ result, documents } = await module.verifyWithDocuments(acq.input, { ...opts, want: { docs: true, skills: true }, ...(o.documentSink ? { documentSink: o.documentSink } : {}) }));
  else result = await (module.verifyArtifact ?? module.validateArtifact).call(module, acq.input, opts);
  const d = (result.details ?? {}) as Record<string, unknown>;
  const damage = result.diagnostics.filter((x) => x.severity === 'error' && !POLICY_CODES.has(x.code));
  if (damage.length || d.trust === 'tampered' || d.integrity === 'tampered' || d.integrity === 'fail') {
    const all = damage.length ? damage : result.diagnostics.filter((x) => x.severity === 'error');
    const first = all[0] ?? error('CTXFORGE_INSTALL_TAMPERED', String(d.reason ?? 'integrity check failed'));
    throw new DiagnosticError(error('CTXFORGE_INSTALL_TAMPERED', `the package does not verify (${first.code}: ${first.message}); nothing was written`, {
      file: acq.input.label, hint: 'a package changed after it was signed, or damaged, is never installed: get it again from its publisher',
    }), 1, [error('CTXFORGE_INSTALL_TAMPERED', 'the package does not verify; nothing was written', { file: acq.input.label }), ...all]);
  }
  let signed = false;
  let verifiedKeys: string[] = [];
  let verdict = 'none';
  if (module.name === 'acx') {
    const sigs = Array.isArray(d.signatures) ? (d.signatures as { keyid?: unknown; signature?: unknown }[]) : [];
    signed = sigs.length > 0;
    verifiedKeys = sigs.filter((s) => s.signature === 'verified' && typeof s.keyid === 'string').map((s) => s.keyid as string);
    verdict = String(d.trust ?? 'none');
  } else if (module.name === 'ctxpkg') {
    signed = d.signature !== 'none' && d.signature !== undefined;
    if (d.signature === 'valid' && typeof d.key_id === 'string') verifiedKeys = [d.key_id];
    verdict = String(d.signature ?? 'none');
  }
  // The cartridge verifier names each unbound path as {path, signedAs}; its diagnostic names the artifact.
  const unbound = (Array.isArray(d.unboundPaths) ? (d.unboundPaths as unknown[]) : [])
    .map((x) => (typeof x === 'string' ? x : x && typeof x === 'object' && typeof (x as { path?: unknown }).path === 'string' ? (x as { path: string }).path : undefined))
    .filter((x): x is string => x !== undefined);
  if (!unbound.length && result.diagnostics.some((x) => x.code === 'ACX_ROM_PATH_UNBOUND')) {
    // The verifier says some path is unbound without saying which: no path of this cartridge can be trusted for its place.
    throw new DiagnosticError(error('CTXFORGE_INSTALL_UNBOUND', 'the cartridge has ROM paths its signature does not bind, and the verifier did not name them; nothing was written', { file: acq.input.label }), 1);
  }
  const metaUnsigned = module.name === 'acx' ? result.diagnostics.some((x) => x.code === 'ACX_META_UNSIGNED' && unsignedIdentityMeta(x.message)) : module.name === 'ctxpkg' && d.coverage === 'identity_only';
  const signedName = module.name === 'ctxpkg' && d.signature === 'valid' && typeof d.name === 'string' ? d.name : undefined;
  const diagnostics = result.diagnostics.filter((x) => x.severity !== 'error' && !POLICY_CODES.has(x.code));
  return { module, format: module.name, result, signed, verifiedKeys, verdict, unbound: [...new Set(unbound)], metaUnsigned, ...(signedName !== undefined ? { signedName } : {}), diagnostics, ...(documents ? { documents } : {}) };
}

const keyIdText = (id: Buffer) => Buffer.from(id).reverse().toString('hex').toUpperCase();

/** Checks SHA256SUMS.minisig with a raw Ed25519 key, whatever key id its public-key file would carry. */
export function verifyReleaseSignature(raw: Buffer, minisig: string, sums: Buffer): { valid: boolean; keyId?: string; tag?: string; reason?: string } {
  const lines = minisig.split('\n');
  const sig = Buffer.from((lines[1] ?? '').trim(), 'base64');
  if (sig.length !== 74) return { valid: false, reason: 'not a minisign signature file' };
  const id = sig.subarray(2, 10);
  const pub = `untrusted comment: pinned key\n${Buffer.concat([Buffer.from('Ed'), id, raw]).toString('base64')}\n`;
  const r = minisignVerify(pub, minisig, sums);
  const tag = r.trustedComment?.split('\t').find((f) => f.startsWith('tag:'))?.slice(4);
  return { valid: r.valid, keyId: keyIdText(id), tag: tag || undefined, reason: r.reason };
}

export interface Judgement { signer: LockSigner; release?: LockRelease; diagnostics: Diagnostic[] }

export interface JudgeOptions {
  pin?: KeyPin;
  trust?: string;
  allowUnsigned?: boolean;
}

const METHOD: Record<FormatName, LockSigner['method']> = { acx: 'acx-dsse', ctxpkg: 'ctxpkg-ed25519', octx: 'release-minisign' };

/** Applies the signature policy to what the verifier found; throws (exit 1) when the package is refused. */
export function judge(facts: Facts, acq: Acquired, o: JudgeOptions): Judgement {
  const label = acq.input.label;
  const diags: Diagnostic[] = [];
  const refuse = (code: string, message: string, hint: string): never => {
    throw new DiagnosticError(error(code, `${message}; nothing was written`, { file: label, hint }), 1);
  };
  const pin = o.pin;
  const rawHex = pin?.raw?.toString('hex') ?? null;

  let release: LockRelease | undefined;
  let releaseVerified = false;
  if (acq.release) {
    const checksums_sha256 = sha256Hex(acq.release.sums);
    if (!acq.release.minisig) release = { checksums_sha256, signature: 'unsigned' };
    else if (!pin?.raw) {
      const sig = Buffer.from((acq.release.minisig.split('\n')[1] ?? '').trim(), 'base64');
      release = { checksums_sha256, signature: 'unverified', ...(sig.length === 74 ? { key_id: keyIdText(sig.subarray(2, 10)) } : {}) };
    } else {
      const r = verifyReleaseSignature(pin.raw, acq.release.minisig, acq.release.sums);
      if (!r.valid) {
        refuse('CTXFORGE_INSTALL_RELEASE_SIGNATURE', `SHA256SUMS.minisig does not verify with the pinned key ${pin.key_id} (${r.reason})`,
          'the release was re-signed by someone else, or SHA256SUMS was changed after signing: do not install it');
      }
      releaseVerified = true;
      release = { checksums_sha256, signature: 'verified', key_id: r.keyId!, ...(r.tag ? { tag: r.tag } : {}) };
    }
  }

  // A key the lock pins for this package is required whatever else is said: --allow-unsigned and
  // --trust never turn a pinned package into an unsigned or differently signed one.
  if (pin?.from === 'lock' && !releaseVerified && !(facts.format !== 'octx' && facts.verifiedKeys.includes(pin.key_id))) {
    const by = facts.verifiedKeys.length ? `signed by ${facts.verifiedKeys.join(', ')}`
      : facts.format === 'octx' ? (release ? `its release's SHA256SUMS is ${release.signature === 'unsigned' ? 'not signed' : 'not signed by it'}` : 'it does not come from a release signed by it')
        : facts.signed ? 'its signature does not verify with that key' : 'it is not signed';
    refuse('CTXFORGE_INSTALL_KEY_CHANGED', `ctxforge.lock pins this package to ${pin.key_id}, but ${by}`,
      'if the publisher rotated its key, check the new key out of band, uninstall the package and install it with --key');
  }
  const base = { method: METHOD[facts.format], verdict: facts.verdict };
  if (o.trust) {
    // The registry decides who is trusted; portable (verified, but not in it) is not enough.
    if (facts.verdict === 'trusted' || facts.verdict === 'local') {
      const key_id = (facts.result.details as Record<string, unknown> | undefined)?.keyid;
      return { signer: { ...base, key_id: typeof key_id === 'string' ? key_id : facts.verifiedKeys[0] ?? null, public_key: null, trust: facts.verdict }, release, diagnostics: diags };
    }
    refuse('CTXFORGE_INSTALL_UNTRUSTED', `the signer is not trusted by ${o.trust} (trust: ${facts.verdict}${facts.verifiedKeys.length ? `, signed by ${facts.verifiedKeys.join(', ')}` : ''})`,
      'add the publisher\'s key to the trust registry, or pin it with --key if you trust it');
  }
  if (pin) {
    if (facts.format !== 'octx' && facts.verifiedKeys.includes(pin.key_id)) {
      return { signer: { ...base, key_id: pin.key_id, public_key: rawHex, trust: 'pinned' }, release, diagnostics: diags };
    }
    if (facts.format !== 'octx' && facts.signed && !releaseVerified) {
      const by = facts.verifiedKeys.length ? `signed by ${facts.verifiedKeys.join(', ')}` : 'its signature does not verify with it';
      refuse('CTXFORGE_INSTALL_UNTRUSTED', `not signed by the pinned key ${pin.key_id} (${by})`, 'pin the publisher\'s key with --key');
    }
    if (releaseVerified) {
      return { signer: { method: 'release-minisign', verdict: facts.verdict, key_id: release!.key_id!, public_key: rawHex, trust: 'pinned' }, release, diagnostics: diags };
    }
  }
  const allow = (trust: TrustLevel, code: string, message: string, hint: string): Judgement => {
    if (!o.allowUnsigned) refuse(code, message, hint);
    diags.push(warning(code, `${message}; installed anyway (--allow-unsigned)`, { file: label }));
    return { signer: { ...base, key_id: facts.verifiedKeys[0] ?? null, public_key: null, trust }, release, diagnostics: diags };
  };
  if (facts.format === 'octx') {
    return release?.signature === 'unverified'
      ? allow('unverified', 'CTXFORGE_INSTALL_UNVERIFIED', `the release's SHA256SUMS.minisig cannot be checked without the release key`, 'pass the release\'s minisign public key (a copy you trust) with --key')
      : allow('unsigned', 'CTXFORGE_INSTALL_UNSIGNED', `an .octx carries no signature of its own and ${release ? 'its release SHA256SUMS is not signed' : 'was not installed from a signed release'}`, `install it from its release folder or URL (with ${'SHA256SUMS'} and its .minisig) and --key`);
  }
  if (facts.signed) {
    return allow('unverified', 'CTXFORGE_INSTALL_UNVERIFIED', `signed${facts.verifiedKeys.length ? ` by ${facts.verifiedKeys.join(', ')}` : ''}, but no key is pinned to say that signer is the publisher`,
      facts.format === 'acx' ? 'pin the publisher\'s key with --key, or name a trust registry with --trust' : 'pin the publisher\'s key with --key');
  }
  return allow('unsigned', 'CTXFORGE_INSTALL_UNSIGNED', 'the package is not signed', 'ask the publisher for a signed release');
}
