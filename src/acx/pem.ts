// An Ed25519 public key from SPKI PEM text held in a cartridge column or registry entry (never a
// file path: loadPublicKey would treat the text as one).
import { createPublicKey } from 'node:crypto';
import { publicKeyFromRaw, type PublicKey } from '../core/keys.js';

export function publicKeyFromPem(pem: string): PublicKey | null {
  try {
    const k = createPublicKey({ key: pem, format: 'pem' });
    if (k.asymmetricKeyType !== 'ed25519') return null;
    const der = k.export({ type: 'spki', format: 'der' }) as Buffer;
    return publicKeyFromRaw(der.subarray(der.length - 32));
  } catch {
    return null;
  }
}
