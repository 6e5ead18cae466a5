// The id git gives a file's bytes: SHA-1 of "blob <size>\0" followed by the bytes.
import { createHash } from 'node:crypto';

export function gitBlobId(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
