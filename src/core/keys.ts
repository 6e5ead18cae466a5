// Ed25519 keys: load (PKCS#8/SPKI PEM, 64-hex seed or public key, file or environment variable),
// generate, sign, verify. Key material never appears in messages.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign as edSign, verify as edVerify, KeyObject } from 'node:crypto';
import { readFileSync, statSync, existsSync } from 'node:fs';
import { writeFileAtomic } from './atomic.js';
import { fail, warning, type Diagnostic } from './diagnostics.js';
import { sha256Hex } from './hash.js';
import { Point } from '@noble/ed25519';

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface SigningKey {
  privateKey: KeyObject;
  publicKey: PublicKey;
}

export interface PublicKey {
  keyObject: KeyObject;
  /** 32 raw bytes. */
  raw: Buffer;
  hex: string;
  spkiDer: Buffer;
  spkiPem: string;
}

export interface KeyLoadOptions {
  env?: NodeJS.ProcessEnv;
  /** Collects warnings (e.g. a world-readable key file). */
  warnings?: Diagnostic[];
}

function publicFromKeyObject(k: KeyObject): PublicKey {
  const spkiDer = k.export({ type: 'spki', format: 'der' }) as Buffer;
  const raw = spkiDer.subarray(spkiDer.length - 32);
  return { keyObject: k, raw: Buffer.from(raw), hex: raw.toString('hex'), spkiDer, spkiPem: k.export({ type: 'spki', format: 'pem' }) as string };
}

function privateFromSeed(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/**
 * How a key argument may be named in a message: never echo what could be key material. Only a
 * value shaped like an ordinary path (path characters, a `/` or `.`, no long run of key-like
 * characters) is shown; anything else (a one-line PEM, spaced or quoted hex, `ed25519:`/`0x`
 * prefixes, a short or long seed) is described, not quoted.
 */
export function describeSpec(spec: string): string {
  const pathLike = spec.length <= 200 && /^[A-Za-z0-9._\/~+-]+$/.test(spec) && /[./]/.test(spec) && !/[A-Za-z0-9+=_-]{24,}/.test(spec) && !/[0-9a-fA-F]{16,}/.test(spec);
  return pathLike ? spec : '(the value given; not shown, it may be key material)';
}

function keyFromText(text: string, what: string): SigningKey {
  const t = text.trim();
  let priv: KeyObject;
  if (/^[0-9a-fA-F]{64}$/.test(t)) priv = privateFromSeed(Buffer.from(t, 'hex'));
  else if (t.includes('-----BEGIN')) {
    if (!t.includes('PRIVATE KEY-----')) fail('CTXFORGE_KEY_INVALID', `${what} is not a private key (expected a PKCS#8 PEM block)`, {}, 2);
    try {
      priv = createPrivateKey({ key: t, format: 'pem' });
    } catch {
      fail('CTXFORGE_KEY_INVALID', `${what} could not be parsed as a PKCS#8 PEM private key`, {}, 2);
    }
  } else {
    fail('CTXFORGE_KEY_INVALID', `${what} is neither a PKCS#8 PEM private key nor a 64-hex-digit Ed25519 seed`, {}, 2);
  }
  if (priv.asymmetricKeyType !== 'ed25519') fail('CTXFORGE_KEY_INVALID', `${what} is a ${priv.asymmetricKeyType} key; an Ed25519 key is required`, {}, 2);
  return { privateKey: priv, publicKey: publicFromKeyObject(createPublicKey(priv)) };
}

/**
 * Loads a signing key from `spec`: `env:NAME` (variable holding PEM or hex seed), a 64-hex seed, or
 * a file path holding either.
 */
export function loadSigningKey(spec: string, opts: KeyLoadOptions = {}): SigningKey {
  const env = opts.env ?? process.env;
  if (spec.startsWith('env:')) {
    const name = spec.slice(4);
    const v = env[name];
    if (!v) fail('CTXFORGE_KEY_INVALID', `environment variable ${name} is not set or empty`, {}, 2);
    return keyFromText(v, `the key in $${name}`);
  }
  if (/^[0-9a-fA-F]{64}$/.test(spec.trim()) && !existsSync(spec)) return keyFromText(spec, 'the key given on the command line');
  let text: string;
  try {
    const st = statSync(spec);
    if ((st.mode & 0o077) !== 0 && opts.warnings) {
      opts.warnings.push(warning('CTXFORGE_KEY_PERMISSIONS', `private key file ${describeSpec(spec)} is readable by other users (mode ${(st.mode & 0o777).toString(8)})`, { file: describeSpec(spec), hint: `chmod 600 ${describeSpec(spec)}` }));
    }
    text = readFileSync(spec, 'utf8');
  } catch {
    fail('CTXFORGE_KEY_INVALID', `cannot read key file ${describeSpec(spec)}`, { hint: 'pass a PKCS#8 PEM file, a 64-hex-digit seed, or env:VARIABLE' }, 2);
  }
  return keyFromText(text, `key file ${describeSpec(spec)}`);
}

/** Loads a public key: SPKI PEM, 64-hex raw key, or a file holding either (or a private key). */
export function loadPublicKey(spec: string, opts: KeyLoadOptions = {}): PublicKey {
  let text = spec;
  if (spec.startsWith('env:')) text = (opts.env ?? process.env)[spec.slice(4)] ?? '';
  else if (!/^[0-9a-fA-F]{64}$/.test(spec.trim())) {
    try {
      text = readFileSync(spec, 'utf8');
    } catch {
      fail('CTXFORGE_KEY_INVALID', `cannot read public key ${describeSpec(spec)}`, {}, 2);
    }
  }
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return publicKeyFromRaw(Buffer.from(t, 'hex'));
  if (t.includes('PRIVATE KEY-----')) return keyFromText(t, 'the key').publicKey;
  try {
    const k = createPublicKey({ key: t, format: 'pem' });
    if (k.asymmetricKeyType !== 'ed25519') fail('CTXFORGE_KEY_INVALID', 'the public key is not Ed25519', {}, 2);
    return publicFromKeyObject(k);
  } catch (e) {
    if ((e as Error).name === 'DiagnosticError') throw e;
    fail('CTXFORGE_KEY_INVALID', 'the public key is neither SPKI PEM nor 64 hex digits', {}, 2);
  }
}

export function publicKeyFromRaw(raw: Uint8Array): PublicKey {
  if (raw.length !== 32) fail('CTXFORGE_KEY_INVALID', `an Ed25519 public key has 32 bytes, got ${raw.length}`);
  const k = createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
  return publicFromKeyObject(k);
}

export function signEd25519(key: SigningKey, message: Uint8Array): Buffer {
  return edSign(null, message, key.privateKey);
}

export function verifyEd25519(pub: PublicKey | Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const k = pub instanceof Uint8Array ? publicKeyFromRaw(pub) : pub;
  // OpenSSL accepts a small-order key (e.g. the identity point) with an identity R and s = 0 for
  // every message: such a "signature" binds to no private key, so it is refused (as libsodium does).
  if (isSmallOrder(k.raw) || isSmallOrder(signature.subarray(0, 32))) return false;
  try {
    return edVerify(null, message, k.keyObject, signature);
  } catch {
    return false;
  }
}

function isSmallOrder(encoded: Uint8Array): boolean {
  try {
    return Point.fromBytes(Uint8Array.from(encoded)).isSmallOrder();
  } catch {
    return false;
  }
}

export function generateSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey: publicFromKeyObject(publicKey) };
}

export function signingKeyFromSeed(seed: Uint8Array): SigningKey {
  const priv = privateFromSeed(Buffer.from(seed));
  return { privateKey: priv, publicKey: publicFromKeyObject(createPublicKey(priv)) };
}

/** The 32-byte seed of a key (for formats such as minisign that embed it). */
export function seedOf(key: SigningKey): Buffer {
  const der = key.privateKey.export({ type: 'pkcs8', format: 'der' }) as Buffer;
  return Buffer.from(der.subarray(der.length - 32));
}

/** Writes PREFIX.key (PKCS#8 PEM, 0600) and PREFIX.pub (SPKI PEM). */
export async function writeKeyPair(prefix: string, key: SigningKey): Promise<{ keyPath: string; pubPath: string }> {
  const keyPath = `${prefix}.key`;
  const pubPath = `${prefix}.pub`;
  if (existsSync(keyPath)) fail('CTXFORGE_OUTPUT_EXISTS', `${keyPath} already exists; refusing to overwrite a key`, {}, 2);
  await writeFileAtomic(keyPath, key.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, 0o600);
  await writeFileAtomic(pubPath, key.publicKey.spkiPem, 0o644);
  return { keyPath, pubPath };
}

/** "ed25519:<sha256 of SPKI DER>" — the key id ACX uses. */
export function spkiKeyId(pub: PublicKey): string {
  return `ed25519:${sha256Hex(pub.spkiDer)}`;
}
