// SHA-256 through node:crypto (native, ~16x a pure-JS hash), for buffers and streamed files.
import { createHash, hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

// The one-shot hash: no Hash object per call (50 000 small documents: ~1 µs and some garbage each).
export function sha256Hex(data: Uint8Array | string): string {
  return hash('sha256', data, 'hex');
}

/**
 * `sha256:<hex>` as one flat string (a template literal makes a two-part string tree that is held,
 * with its parts, as long as the digest is: ~30 bytes more each, for every page of a sync).
 */
export function sha256Tagged(data: Uint8Array | string): string {
  const b = Buffer.allocUnsafe(71);
  b.write('sha256:', 0, 'latin1');
  b.write(hash('sha256', data, 'hex'), 7, 'latin1');
  return b.toString('latin1');
}

export function sha256Bytes(data: Uint8Array | string): Buffer {
  return hash('sha256', data, 'buffer');
}

/** Hashes a file without holding it in memory; also returns its size. */
export async function sha256File(path: string): Promise<{ sha256: string; size: number }> {
  const h = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    h.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: h.digest('hex'), size };
}

export const HEX64 = /^[0-9a-f]{64}$/;
