// Safe relative POSIX paths: the one check every archive reader, tree and unpacker uses.

/**
 * A path segment Windows reserves for a device, whatever its case or extension (`nul.txt` too):
 * CON, PRN, AUX, NUL, COM0–9 and LPT0–9, and COM/LPT with a superscript ¹ ² ³, as Microsoft's file
 * naming rules list them. The one set every name check uses.
 */
export const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** Returns why `p` is not a safe relative POSIX path in NFC, or null when it is safe. */
export function unsafePathReason(p: string): string | null {
  // Most paths are plain ASCII words: one regex proves them safe without splitting or normalising
  // (50 000 archive entries and files are checked per run, issue 7). The rest take the full checks.
  if (PLAIN_PATH.test(p)) return null;
  if (p.length === 0) return 'empty path';
  if (p.includes('\0')) return 'path contains NUL';
  if (p.includes('\\')) return 'path contains a backslash';
  if (p.startsWith('/')) return 'absolute path';
  if (/^[A-Za-z]:/.test(p)) return 'drive-letter path';
  for (const seg of p.split('/')) {
    if (seg === '') return 'empty path segment';
    if (seg === '.' || seg === '..') return `"${seg}" path segment`;
  }
  if (p.normalize('NFC') !== p) return 'path is not in Unicode NFC';
  return null;
}

// Segments that start with a word character or '-' (so never "." or ".." or empty), of ASCII word
// characters, '-', '.', '+' and space: no NUL, backslash, drive letter, leading or trailing slash.
const PLAIN_PATH = /^[\w-][\w\-.+ ]*(?:\/[\w-][\w\-.+ ]*)*$/;

export function isSafePath(p: string): boolean {
  return unsafePathReason(p) === null;
}

/** Compares paths by their UTF-8 bytes (not JS's UTF-16 order). */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  // The orders differ only where a surrogate pair meets U+E000–U+FFFF (see sortUtf8): a sort of
  // 50 000 names as comparator calls would otherwise encode two strings a million times.
  if (!HIGH.test(a) && !HIGH.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * Each path's position in a list (its first, -1 when absent), found without a map of its own when
 * the list is in string order, as a tree's listing is: a binary search instead of ~35 bytes a path.
 */
export function positionLookup(paths: readonly string[]): (p: string) => number {
  let sorted = true;
  for (let i = 1; i < paths.length && sorted; i++) sorted = paths[i - 1]! < paths[i]!;
  if (!sorted) {
    const m = new Map<string, number>();
    paths.forEach((p, i) => { if (!m.has(p)) m.set(p, i); });
    return (p) => m.get(p) ?? -1;
  }
  return (p) => {
    let lo = 0;
    let hi = paths.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = paths[mid]!;
      if (v === p) return mid;
      if (v < p) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  };
}

export function sortUtf8<T>(items: T[], key: (t: T) => string): T[] {
  const keys = items.map(key);
  // UTF-16 code-unit order is UTF-8 byte order except where a surrogate pair meets U+E000–U+FFFF:
  // without such characters a plain string sort gives the same order without encoding every key.
  if (!keys.some((k) => HIGH.test(k))) {
    // Listings arrive sorted already (every tree lists in this order): one pass says so.
    let sorted = true;
    for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! <= keys[i]!;
    if (sorted) return items.slice();
    const idx = keys.map((_, i) => i).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
    return idx.map((i) => items[i]!);
  }
  const keyed = items.map((t, i) => ({ t, k: Buffer.from(keys[i]!, 'utf8') }));
  keyed.sort((x, y) => Buffer.compare(x.k, y.k));
  return keyed.map((x) => x.t);
}
const HIGH = /[\ud800-\uffff]/;

/** Key under which two names collide on a case-insensitive, normalising file system. */
export function foldedKey(p: string): string {
  return p.normalize('NFD').toLowerCase().normalize('NFC');
}
