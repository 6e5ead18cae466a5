// minisign's file formats (public key, prehashed "ED" signature with trusted comment and global
// signature) made with an Ed25519 key we already hold, so stock `minisign -V` verifies our releases.
import { createHash } from 'node:crypto';
import { fail } from './diagnostics.js';
import { publicKeyFromRaw, signEd25519, verifyEd25519, type SigningKey } from './keys.js';

const KEY_ALG = Buffer.from('Ed');
const SIG_PREHASHED = Buffer.from('ED');
const SIG_LEGACY = Buffer.from('Ed');

/** 8 bytes identifying the key in both files; derived from the public key so outputs are reproducible. */
export function minisignKeyId(key: SigningKey): Buffer {
  return createHash('sha256').update('ctxforge minisign key id\0').update(key.publicKey.raw).digest().subarray(0, 8);
}

/** minisign prints the id as the little-endian 64-bit number in upper-case hex. */
function keyIdText(id: Buffer): string {
  return Buffer.from(id).reverse().toString('hex').toUpperCase();
}

export function minisignPublicKey(key: SigningKey): string {
  const id = minisignKeyId(key);
  const b64 = Buffer.concat([KEY_ALG, id, key.publicKey.raw]).toString('base64');
  return `untrusted comment: minisign public key ${keyIdText(id)}\n${b64}\n`;
}

export interface MinisignOptions {
  trustedComment: string;
  untrustedComment?: string;
}

export function minisignSign(key: SigningKey, message: Uint8Array, o: MinisignOptions): string {
  if (/[\r\n]/.test(o.trustedComment) || /[\r\n]/.test(o.untrustedComment ?? '')) fail('CTXFORGE_INTERNAL', 'minisign comments are one line');
  const id = minisignKeyId(key);
  // Prehashed (BLAKE2b-512) is minisign's default since 0.10 and what `-V -H` requires.
  const digest = createHash('blake2b512').update(message).digest();
  const sig = signEd25519(key, digest);
  const trusted = Buffer.from(o.trustedComment, 'utf8');
  const global = signEd25519(key, Buffer.concat([sig, trusted]));
  const untrusted = o.untrustedComment ?? `signature from ctxforge, minisign key ${keyIdText(id)}`;
  return `untrusted comment: ${untrusted}\n${Buffer.concat([SIG_PREHASHED, id, sig]).toString('base64')}\ntrusted comment: ${o.trustedComment}\n${global.toString('base64')}\n`;
}

export interface MinisignCheck {
  valid: boolean;
  trustedComment?: string;
  reason?: string;
}

/** Verifies a minisign signature the way `minisign -V` does (both algorithms, global signature). */
export function minisignVerify(publicKeyFile: string, signatureFile: string, message: Uint8Array): MinisignCheck {
  const pubLine = publicKeyFile.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('untrusted comment:'))[0] ?? '';
  const pub = Buffer.from(pubLine, 'base64');
  if (pub.length !== 42 || !pub.subarray(0, 2).equals(KEY_ALG)) return { valid: false, reason: 'not a minisign Ed25519 public key' };
  const lines = signatureFile.split('\n');
  if (lines.length < 4 || !lines[0]!.startsWith('untrusted comment:') || !lines[2]!.startsWith('trusted comment: ')) return { valid: false, reason: 'not a minisign signature file' };
  const sigBlob = Buffer.from(lines[1]!.trim(), 'base64');
  if (sigBlob.length !== 74) return { valid: false, reason: 'bad signature length' };
  const alg = sigBlob.subarray(0, 2);
  if (!sigBlob.subarray(2, 10).equals(pub.subarray(2, 10))) return { valid: false, reason: 'signed by a different key id' };
  const sig = sigBlob.subarray(10);
  const pk = publicKeyFromRaw(pub.subarray(10));
  const msg = alg.equals(SIG_PREHASHED) ? createHash('blake2b512').update(message).digest() : alg.equals(SIG_LEGACY) ? message : null;
  if (!msg) return { valid: false, reason: 'unknown signature algorithm' };
  if (!verifyEd25519(pk, msg, sig)) return { valid: false, reason: 'signature does not match the file' };
  const trustedComment = lines[2]!.slice('trusted comment: '.length);
  const global = Buffer.from(lines[3]!.trim(), 'base64');
  if (!verifyEd25519(pk, Buffer.concat([sig, Buffer.from(trustedComment, 'utf8')]), global)) return { valid: false, reason: 'trusted comment signature does not match' };
  return { valid: true, trustedComment };
}
