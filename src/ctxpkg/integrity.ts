// §8 integrity: the three digests of a package, computed from the bytes of its `content` member.
import { sha256Hex } from '../core/hash.js';

export interface Integrity {
  sha256: string;
  content_hash: string;
  byte_size: number;
}

/** Integrity of compact content bytes (the §8 `content_json_bytes`), whose SHA-256 the caller may have computed already. */
export function integrityOf(name: string, version: string, contentBytes: Uint8Array | string, contentHash?: string): Integrity {
  // A string is hashed as its UTF-8 bytes without copying them out (64 MiB documents).
  const content_hash = contentHash ?? sha256Hex(contentBytes);
  const byte_size = typeof contentBytes === 'string' ? Buffer.byteLength(contentBytes, 'utf8') : contentBytes.length;
  return { sha256: packageHash(name, version, content_hash), content_hash, byte_size };
}

export function packageHash(name: string, version: string, contentHash: string): string {
  return sha256Hex(Buffer.from(`${name}:${version}:${contentHash}`, 'utf8'));
}
