// The package digest of §10: JCS of the manifest without release.package_digest, files sorted by
// the UTF-8 bytes of their paths, hashed with SHA-256.
import { jcs } from '../core/jcs.js';
import { sha256Hex } from '../core/hash.js';
import { sortUtf8 } from '../core/paths.js';

export function packageDigest(manifest: Record<string, unknown>): string {
  // Copies of the two members that change; the rest (50 000 file entries) is only read.
  const copy = { ...manifest } as Record<string, unknown> & { release?: Record<string, unknown>; files?: { path: string }[] };
  if (copy.release && typeof copy.release === 'object' && !Array.isArray(copy.release)) {
    copy.release = { ...copy.release };
    delete copy.release.package_digest;
  }
  if (Array.isArray(copy.files)) copy.files = sortUtf8(copy.files, (f) => f.path);
  return `sha256:${sha256Hex(jcs(copy))}`;
}
