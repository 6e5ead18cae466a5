// The package digest of §10: JCS of the manifest without release.package_digest, files sorted by
// the UTF-8 bytes of their paths, hashed with SHA-256.
import { assertJcsSafe, jcs, LONE_SURROGATE } from '../core/jcs.js';
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
  return `sha256:${sha256Hex(canonicalManifest(copy))}`;
}

/**
 * JCS of the manifest, with its files[] written directly when every entry is exactly
 * {"path": string, "sha256": string}: for such an entry JCS is its members in that (sorted) order,
 * each string in ECMAScript JSON.stringify form (RFC 8785 §3.2.2.2), and a 50 000-file list costs
 * a tenth of the general walk. Anything else goes through jcs() whole.
 */
function canonicalManifest(m: Record<string, unknown>): string {
  const files = m.files;
  if (!Array.isArray(files) || !files.every(isPlainFileEntry)) return jcs(m);
  const members = Object.keys(m).sort(); // UTF-16 code-unit order, as RFC 8785 §3.2.3 sorts
  const parts = members.map((k) => `${JSON.stringify(k)}:${k === 'files'
    ? `[${files.map((f: { path: string; sha256: string }) => `{"path":${JSON.stringify(f.path)},"sha256":${JSON.stringify(f.sha256)}}`).join(',')}]`
    : jcs(m[k])}`);
  assertJcsSafe(Object.fromEntries(members.map((k) => [k, null]))); // the member names themselves
  return `{${parts.join(',')}}`;
}

function isPlainFileEntry(f: unknown): boolean {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return false;
  const keys = Object.keys(f);
  const e = f as Record<string, unknown>;
  return keys.length === 2 && typeof e.path === 'string' && typeof e.sha256 === 'string' && !LONE_SURROGATE.test(e.path) && !LONE_SURROGATE.test(e.sha256);
}
