// The package digest of §10: JCS of the manifest without release.package_digest, files sorted by
// the UTF-8 bytes of their paths, hashed with SHA-256.
import { createHash } from 'node:crypto';
import { assertJcsSafe, jcs, LONE_SURROGATE } from '../core/jcs.js';
import { sortUtf8 } from '../core/paths.js';

export function packageDigest(manifest: Record<string, unknown>): string {
  // Copies of the two members that change; the rest (50 000 file entries) is only read.
  const copy = { ...manifest } as Record<string, unknown> & { release?: Record<string, unknown>; files?: { path: string }[] };
  if (copy.release && typeof copy.release === 'object' && !Array.isArray(copy.release)) {
    copy.release = { ...copy.release };
    delete copy.release.package_digest;
  }
  if (Array.isArray(copy.files)) copy.files = sortUtf8(copy.files, (f) => f.path);
  return `sha256:${canonicalSha256(copy)}`;
}

/**
 * SHA-256 (hex) of the JCS of the manifest, with its files[] written directly when every entry is
 * exactly {"path": string, "sha256": string}: for such an entry JCS is its members in that
 * (sorted) order, each string in ECMAScript JSON.stringify form (RFC 8785 §3.2.2.2), and a
 * 50 000-file list costs a tenth of the general walk. The list goes into the hash in pieces of
 * whole entries (~7 MB of text for 50 000 files, which built whole, a string an entry, took 40 MB
 * of a build's heap). Anything else goes through jcs() whole.
 */
function canonicalSha256(m: Record<string, unknown>): string {
  const h = createHash('sha256');
  const files = m.files;
  if (!Array.isArray(files) || !files.every(isPlainFileEntry)) return h.update(jcs(m)).digest('hex');
  return listedSha256(m, { count: files.length, path: (k) => (files[k] as { path: string }).path, sha256: (k) => (files[k] as { sha256: string }).sha256 });
}

/** A file list read by position, in the order it is written: no object or hex string a file is held. */
export interface ListedFiles {
  count: number;
  path(k: number): string;
  sha256(k: number): string;
}

/**
 * The package digest of `manifest` with `files` as its files[] (already in UTF-8 order of path),
 * without making an object and a hex string a file (~11 MB at 100 000 files, issue 39): the same
 * digest as packageDigest of the manifest with that list. `manifest.files`, whatever it holds, is
 * replaced.
 */
export function packageDigestListed(manifest: Record<string, unknown>, files: ListedFiles): string {
  for (let k = 0; k < files.count; k++) {
    if (LONE_SURROGATE.test(files.path(k)) || LONE_SURROGATE.test(files.sha256(k))) {
      // What jcs() refuses or renders itself: the general walk, on the list made whole.
      const list = Array.from({ length: files.count }, (_, j) => ({ path: files.path(j), sha256: files.sha256(j) }));
      return packageDigest({ ...manifest, files: list });
    }
  }
  const copy = { ...manifest, files: null } as Record<string, unknown> & { release?: Record<string, unknown> };
  if (copy.release && typeof copy.release === 'object' && !Array.isArray(copy.release)) {
    copy.release = { ...copy.release };
    delete copy.release.package_digest;
  }
  return `sha256:${listedSha256(copy, files)}`;
}

function listedSha256(m: Record<string, unknown>, files: ListedFiles): string {
  const h = createHash('sha256');
  const members = Object.keys(m).sort(); // UTF-16 code-unit order, as RFC 8785 §3.2.3 sorts
  const values = members.map((k) => (k === 'files' ? undefined : jcs(m[k])));
  assertJcsSafe(Object.fromEntries(members.map((k) => [k, null]))); // the member names themselves
  let text = '{';
  members.forEach((k, i) => {
    text += `${i ? ',' : ''}${JSON.stringify(k)}:`;
    if (k !== 'files') { text += values[i]!; return; }
    text += '[';
    for (let j = 0; j < files.count; j++) {
      text += `${j ? ',' : ''}{"path":${JSON.stringify(files.path(j))},"sha256":${JSON.stringify(files.sha256(j))}}`;
      // A piece ends after a whole entry, never inside a surrogate pair (isPlainFileEntry).
      if (text.length >= PIECE) { h.update(text, 'utf8'); text = ''; }
    }
    text += ']';
  });
  return h.update(`${text}}`, 'utf8').digest('hex');
}

const PIECE = 64 * 1024;

function isPlainFileEntry(f: unknown): boolean {
  if (typeof f !== 'object' || f === null || Array.isArray(f)) return false;
  const keys = Object.keys(f);
  const e = f as Record<string, unknown>;
  return keys.length === 2 && typeof e.path === 'string' && typeof e.sha256 === 'string' && !LONE_SURROGATE.test(e.path) && !LONE_SURROGATE.test(e.sha256);
}
