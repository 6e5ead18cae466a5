// The acx.trust-registry/1 loader (public keys only) and the signer-eligibility half of the trust
// taxonomy (SPEC §4.4–4.5): given a verified keyid, is it trusted, portable, or revoked for compromise?
import { readFileSync } from 'node:fs';
import { publicKeyFromPem } from './pem.js';
import { fail } from '../core/diagnostics.js';
import { parseJson } from '../core/strict-json.js';
import { loadPublicKey, spkiKeyId, type PublicKey } from '../core/keys.js';
import { sha256Hex } from '../core/hash.js';

export type TrustVerdict = 'tampered' | 'legacy' | 'portable' | 'trusted' | 'local';
export const TRUST_ORDER: TrustVerdict[] = ['tampered', 'legacy', 'portable', 'trusted', 'local'];

export interface RegistryEntry {
  keyid: string;
  publisherId: unknown;
  algorithm: unknown;
  publicKey: PublicKey;
  status: unknown;
  notBefore: unknown;
  notAfter: unknown;
  revokedAt: unknown;
  revocationReason: unknown;
  namespaceProof: unknown;
  unknownFields: string[];
}

export interface TrustRegistry {
  registryId: string;
  entries: Map<string, RegistryEntry>;
}

const TOP = ['schemaVersion', 'registryId', 'updatedAt', 'keys'];
const ENTRY = ['keyid', 'publisherId', 'algorithm', 'publicKeyPem', 'status', 'notBefore', 'notAfter', 'rotatedFrom', 'rotatedTo', 'revokedAt', 'revocationReason', 'namespaceProof'];
export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function bad(message: string, file: string): never {
  fail('ACX_TRUST_REGISTRY', `trust registry ${file}: ${message}`, { file }, 2);
}

/** Loads and checks a registry file; any private key material refuses it outright. */
export function loadTrustRegistry(path: string): TrustRegistry {
  let text: string;
  try { text = readFileSync(path, 'utf8'); } catch { fail('CTXFORGE_IO', `cannot read trust registry ${path}`, {}, 2); }
  if (/PRIVATE KEY/.test(text) || /"(privateKey|privateKeyPem|secretKey|seed|d)"\s*:/.test(text)) {
    fail('ACX_TRUST_REGISTRY_PRIVATE_KEY', `trust registry ${path} contains private key material; registries hold public keys only`,
      { file: path, hint: 'remove the private key from the registry and rotate it: it must be treated as compromised' }, 2);
  }
  let doc: unknown;
  try { doc = parseJson(text); } catch (e) { bad(`not strict JSON: ${(e as Error).message}`, path); }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) bad('not a JSON object', path);
  const d = doc as Record<string, unknown>;
  const extra = Object.keys(d).filter((k) => !TOP.includes(k));
  if (extra.length) bad(`unknown top-level keys ${extra.join(', ')}`, path);
  if (d.schemaVersion !== 'acx.trust-registry/1') bad(`schemaVersion must be "acx.trust-registry/1"`, path);
  if (!Array.isArray(d.keys)) bad('keys must be an array', path);
  const entries = new Map<string, RegistryEntry>();
  for (const [i, raw] of (d.keys as unknown[]).entries()) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) bad(`keys[${i}] is not an object`, path);
    const e = raw as Record<string, unknown>;
    if (typeof e.keyid !== 'string' || !/^ed25519:[0-9a-f]{64}$/.test(e.keyid)) bad(`keys[${i}].keyid must be ed25519:<64 hex>`, path);
    if (entries.has(e.keyid)) bad(`keyid ${e.keyid} appears twice`, path);
    if (typeof e.publicKeyPem !== 'string') bad(`keys[${i}].publicKeyPem is missing`, path);
    const pub = publicKeyFromPem(e.publicKeyPem);
    if (!pub) bad(`keys[${i}].publicKeyPem is not an Ed25519 SPKI PEM`, path);
    if (spkiKeyId(pub) !== e.keyid) bad(`keys[${i}].keyid does not match its publicKeyPem (sha256 of the SPKI is ${sha256Hex(pub.spkiDer)})`, path);
    // As the reference loads a registry: an entry whose namespace proof does not bind its own
    // publisher is a broken registry (exit 1), not a quietly ineligible key.
    if (typeof e.publisherId === 'string') {
      const np = namespaceProblems(e.publisherId, e.namespaceProof);
      if (np.length) fail('ACX_TRUST_REGISTRY_PROOF', `trust registry ${path}: keys[${i}] (${e.publisherId}) has an invalid namespace proof: ${np.join('; ')}`, { file: path }, 1);
    }
    entries.set(e.keyid, {
      keyid: e.keyid, publisherId: e.publisherId, algorithm: e.algorithm, publicKey: pub, status: e.status,
      notBefore: e.notBefore, notAfter: e.notAfter, revokedAt: e.revokedAt, revocationReason: e.revocationReason,
      namespaceProof: e.namespaceProof, unknownFields: Object.keys(e).filter((k) => !ENTRY.includes(k)),
    });
  }
  return { registryId: typeof d.registryId === 'string' ? d.registryId : path, entries };
}

const instant = (s: unknown): number | null => (typeof s === 'string' && RFC3339.test(s) ? Date.parse(s) : null);

/** Why a proof does not bind `publisherId` (the reference's rules); `now` adds the future check. */
function namespaceProblems(publisherId: string, proof: unknown, now?: number): string[] {
  if (typeof proof !== 'object' || proof === null || Array.isArray(proof)) return ['no namespaceProof'];
  const p = proof as Record<string, unknown>;
  const keys = Object.keys(p).sort().join(',');
  const out: string[] = [];
  const at = instant(p.verifiedAt);
  if (at === null) out.push('namespaceProof.verifiedAt is not RFC 3339');
  else if (now !== undefined && at > now) out.push('namespaceProof.verifiedAt is in the future');
  const root = publisherId.split('/')[0] ?? '';
  const gh = /^io\.github\.([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.|$)/.exec(root);
  if (gh) {
    if (p.method !== 'github-oidc') out.push('an io.github.* publisher needs a github-oidc proof');
    if (keys !== 'method,oidcIssuer,oidcSubject,verifiedAt') out.push('a github-oidc proof has exactly method, oidcSubject, oidcIssuer, verifiedAt');
    if (p.oidcIssuer !== 'https://token.actions.githubusercontent.com') out.push('oidcIssuer is not https://token.actions.githubusercontent.com');
    if (typeof p.oidcSubject !== 'string' || !p.oidcSubject.startsWith(`repo:${gh[1]}/`)) out.push(`oidcSubject is not repo:${gh[1]}/…`);
  } else {
    if (p.method !== 'dns-txt') out.push('this publisher needs a dns-txt proof');
    if (keys !== 'method,txtRecord,verifiedAt') out.push('a dns-txt proof has exactly method, txtRecord, verifiedAt');
    const expected = `_acx-challenge.${root.split('.').reverse().join('.')}`;
    if (p.txtRecord !== expected) out.push(`txtRecord is not ${expected}`);
  }
  return out;
}

export interface SignerJudgement {
  verdict: 'tampered' | 'portable' | 'trusted';
  reason: string;
}

/** Trust for a signature that verified with `keyid`: the registry decides trusted vs portable. */
export function judgeSigner(keyid: string, registry: TrustRegistry | undefined, signed: { publisherId: unknown; signedAt: unknown }, now: number): SignerJudgement {
  const e = registry?.entries.get(keyid);
  if (!e) return { verdict: 'portable', reason: registry ? `signer ${keyid} is not in trust registry ${registry.registryId}` : `signature verifies, but signer ${keyid} is not in a trust registry (none given)` };
  if (e.revocationReason === 'key-compromise') return { verdict: 'tampered', reason: `signer ${keyid} was revoked for key-compromise` };
  const issues: string[] = [];
  if (e.status !== 'active') issues.push(`key status is ${JSON.stringify(e.status)}`);
  if (e.algorithm !== 'ed25519') issues.push(`algorithm is ${JSON.stringify(e.algorithm)}`);
  if (e.unknownFields.length) issues.push(`unknown entry fields ${e.unknownFields.join(', ')}`);
  if (typeof e.publisherId !== 'string' || e.publisherId !== signed.publisherId) issues.push(`registry publisherId ${JSON.stringify(e.publisherId)} differs from the signed ${JSON.stringify(signed.publisherId)}`);
  const nb = instant(e.notBefore);
  const na = instant(e.notAfter);
  const sa = instant(signed.signedAt);
  if (nb === null || na === null) issues.push('notBefore/notAfter are not RFC 3339');
  else if (nb > na) issues.push('notBefore is after notAfter');
  else {
    if (now > na) issues.push(`signer key expired at ${String(e.notAfter)}`);
    if (sa === null) issues.push('signedAt is not RFC 3339');
    else if (sa < nb || sa > na) issues.push(`signedAt ${String(signed.signedAt)} is outside the key's validity window`);
  }
  if (typeof e.publisherId === 'string') issues.push(...namespaceProblems(e.publisherId, e.namespaceProof, now));
  if (issues.length) return { verdict: 'portable', reason: `signer ${keyid} is not eligible: ${issues.join('; ')}` };
  return { verdict: 'trusted', reason: `signer ${keyid} is active for ${String(e.publisherId)} in ${registry!.registryId}` };
}

/** The keyid of `--local-key`: a keyid itself, or any public key spec. */
export function localKeyId(spec: string | undefined, env?: NodeJS.ProcessEnv): string | undefined {
  if (!spec) return undefined;
  if (/^ed25519:[0-9a-f]{64}$/.test(spec.trim())) return spec.trim();
  return spkiKeyId(loadPublicKey(spec, { env }));
}
