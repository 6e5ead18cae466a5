// §9 signatures: the identity message over name, version and the recomputed package hash, and the
// manifest message over canonical_json(manifest − signature); signing and checking both.
import { sha256Hex } from '../core/hash.js';
import { signEd25519, verifyEd25519, type SigningKey } from '../core/keys.js';
import { canonicalJsonWithout } from './canonical-json.js';
import type { JNode } from './json-tree.js';

export type Coverage = 'manifest' | 'identity_only';

export interface SignatureBlock {
  algorithm: 'ed25519';
  public_key: string;
  value: string;
  manifest_value?: string;
}

/** The 64 ASCII hex characters that are signed (not the raw digest). */
export function identityMessage(name: string, version: string, packageSha256: string): Buffer {
  return Buffer.from(sha256Hex(Buffer.from(`ctxpkg-sign-v1:${name}:${version}:${packageSha256}`, 'utf8')), 'ascii');
}

/** Throws CanonicalJsonError when the manifest cannot be canonicalised (then it cannot be verified). */
export function manifestMessage(manifest: JNode): Buffer {
  const canon = canonicalJsonWithout(manifest, 'signature');
  const digest = sha256Hex(Buffer.concat([Buffer.from('ctxpkg-sign-manifest-v1:', 'utf8'), Buffer.from(canon, 'utf8')]));
  return Buffer.from(digest, 'ascii');
}

export function signIdentity(key: SigningKey, name: string, version: string, packageSha256: string): string {
  return signEd25519(key, identityMessage(name, version, packageSha256)).toString('hex');
}

export function signManifest(key: SigningKey, manifest: JNode): string {
  return signEd25519(key, manifestMessage(manifest)).toString('hex');
}

export function verifyHex(publicKeyHex: string, message: Uint8Array, signatureHex: string): boolean {
  return verifyEd25519(Buffer.from(publicKeyHex, 'hex'), message, Buffer.from(signatureHex, 'hex'));
}
