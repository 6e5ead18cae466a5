// An archive's manifest read without its files[] as text or objects (issue 39): a built manifest
// lists every file (~150 bytes a document), and parsing it whole held its text, an object, a path
// and a 64-character digest string a file at once (~35 MB at 100 000 documents), which V8 then let
// its heap grow to twice. Here files[] is read from the bytes, entry by entry, into the archive's
// own path strings and a DigestArray; the rest of the manifest, which is small, is parsed as before.
//
// Only the common shape is read so: an array of {"path": …, "sha256": …} with plain strings (no
// escape), every digest 64 lowercase hex digits, every path safe, not manifest.json and listed once
// — that is, a list the manifest check finds nothing wrong with. Anything else (an escape, another
// member, a number, a second "files", a syntax error anywhere, a BOM, bytes not UTF-8, a finding)
// declines, and the caller parses the manifest whole as before: the findings are then the same
// because they come from the same code.
import { isUtf8 } from 'node:buffer';
import { parseJson } from '../core/strict-json.js';
import { hasBom } from '../core/utf8.js';
import { LONE_SURROGATE } from '../core/jcs.js';
import { unsafePathReason } from '../core/paths.js';
import { DigestArray } from '../core/digest-array.js';
import { MANIFEST, type FileEntry } from './manifest.js';
import type { FileList } from './payload-files.js';

/** A declared files[] read apart: the archive's path strings and a DigestArray, by position. */
export class DeclaredList implements FileList {
  constructor(private readonly paths: string[], readonly digests: DigestArray) {}
  get length(): number { return this.paths.length; }
  path(i: number): string { return this.paths[i]!; }
  sha256(i: number): string { return this.digests.hex(i); }
  samePath(i: number, path: string): void { this.paths[i] = path; }
  entries(): FileEntry[] { return Array.from(this.paths, (path, i) => ({ path, sha256: this.digests.hex(i) })); }
}

export interface CompactManifest {
  /** The manifest without files[]: `files` holds a stand-in until the caller replaces it. */
  raw: Record<string, unknown>;
  /** files[] in its order: the archive's path strings and the digests, by position. */
  files: DeclaredList;
  digests: DigestArray;
  /** lineOfKey over the manifest's text, answered from its bytes. */
  lineOf: (key: string) => number | undefined;
}

// What the reduced text holds in place of files[]: a string no manifest's files can equal after
// the parse unless it stood there (a second "files" is a duplicate key, which declines).
const STAND_IN = '\u0000files[] read apart';
const STAND_IN_JSON = JSON.stringify(STAND_IN);

const Q = 0x22, BS = 0x5c, COLON = 0x3a, COMMA = 0x2c;
const isWs = (c: number | undefined) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const PATH = Buffer.from('path');
const SHA256 = Buffer.from('sha256');
const FILES = Buffer.from('files');

/**
 * The manifest with files[] read apart, or undefined when the manifest is not of the common shape
 * (above) and must be parsed whole. `own` gives the archive's own string for a path it holds, so
 * that a listed path costs no second string.
 */
export function readManifestCompact(bytes: Buffer, maxDepth: number, own?: (path: string) => string | undefined): CompactManifest | undefined {
  // files[] entries sit at depth 3: shallower limits are the whole parser's to report.
  if (maxDepth < 3 || hasBom(bytes) || !isUtf8(bytes)) return undefined;
  const n = bytes.length;
  let i = 0;
  let depth = 0;
  let span: { start: number; end: number; files: DeclaredList; digests: DigestArray } | undefined;
  // A structural scan: strings skipped, brackets counted; a top-level key "files" (written
  // plainly) hands its value to the list's reader. Whether the rest is valid JSON is the parse's
  // of the reduced text to say.
  while (i < n) {
    const c = bytes[i]!;
    if (c === Q) {
      const start = i;
      i = skipString(bytes, i);
      if (i < 0) return undefined;
      if (depth !== 1) continue;
      let k = i;
      while (isWs(bytes[k])) k++;
      if (bytes[k] !== COLON) continue;
      if (i - start - 2 !== FILES.length || bytes.compare(FILES, 0, FILES.length, start + 1, i - 1) !== 0) continue;
      if (span) return undefined; // "files" twice: the parse's finding
      k++;
      while (isWs(bytes[k])) k++;
      const list = readList(bytes, k, own);
      if (!list) return undefined;
      span = { start: k, ...list };
      i = list.end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) depth++;
    else if (c === 0x7d || c === 0x5d) depth--;
    i++;
  }
  if (!span) return undefined;
  let raw: unknown;
  try {
    raw = parseJson(`${bytes.toString('utf8', 0, span.start)}${STAND_IN_JSON}${bytes.toString('utf8', span.end)}`, { maxDepth });
  } catch {
    return undefined; // a syntax error outside files[]: reported as the whole text's, at its line
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || (raw as Record<string, unknown>).files !== STAND_IN) return undefined;
  return { raw: raw as Record<string, unknown>, files: span.files, digests: span.digests, lineOf: (key) => lineOfKeyIn(bytes, key) };
}

/** The offset after the string starting at `i` (its opening quote), or -1 when it does not end. */
function skipString(b: Buffer, i: number): number {
  for (i++; i < b.length; i++) {
    const c = b[i]!;
    if (c === Q) return i + 1;
    if (c === BS) i++;
  }
  return -1;
}

/**
 * A plain string at `i` (no escape, no control character): the offset of its closing quote (its
 * content is [i + 1, that)), or -1.
 */
function plainString(b: Buffer, i: number): number {
  if (b[i] !== Q) return -1;
  // Searching for the quote is native; the span is then checked for what would need decoding.
  const end = b.indexOf(Q, i + 1);
  if (end < 0) return -1;
  for (let k = i + 1; k < end; k++) if (b[k]! < 0x20 || b[k] === BS) return -1;
  return end;
}

/**
 * files[] from its opening bracket at `at`: the list and the offset after its closing bracket, or
 * undefined when it is not the common shape or has anything the manifest check would report.
 */
function readList(b: Buffer, at: number, own?: (path: string) => string | undefined): { end: number; files: DeclaredList; digests: DigestArray } | undefined {
  if (b[at] !== 0x5b) return undefined;
  // The digests go first into an array sized for the most entries the bytes can hold (each takes
  // at least 87: {"path":"","sha256":"<64>"}), then into one of the list's length.
  const room = new DigestArray(Math.floor((b.length - at) / 87) + 1);
  const paths: string[] = [];
  let i = at + 1;
  let seen: Set<string> | undefined;
  for (;;) {
    while (isWs(b[i])) i++;
    if (b[i] !== 0x7b) return undefined; // an empty list, or not an object: the check's to report
    i++;
    let path: string | undefined;
    let digestAt = -1;
    for (let m = 0; m < 2; m++) {
      while (isWs(b[i])) i++;
      const keyAt = i + 1;
      const keyEnd = plainString(b, i);
      if (keyEnd < 0) return undefined;
      i = keyEnd + 1;
      while (isWs(b[i])) i++;
      if (b[i] !== COLON) return undefined;
      i++;
      while (isWs(b[i])) i++;
      const valueAt = i + 1;
      const valueEnd = plainString(b, i);
      if (valueEnd < 0) return undefined;
      i = valueEnd + 1;
      while (isWs(b[i])) i++;
      if (b[i] !== (m === 0 ? COMMA : 0x7d)) return undefined;
      i++;
      if (isKey(b, keyAt, keyEnd, PATH) && path === undefined) {
        const text = b.toString('utf8', valueAt, valueEnd);
        path = own?.(text) ?? text;
      } else if (isKey(b, keyAt, keyEnd, SHA256) && digestAt < 0) {
        if (valueEnd - valueAt !== 64) return undefined;
        digestAt = valueAt;
      } else return undefined;
    }
    const k = paths.length;
    if (!room.setHexBytes(k, b, digestAt)) return undefined;
    if (unsafePathReason(path!) !== null || path === MANIFEST) return undefined;
    // Listed once: a built list is in order, so a path above the one before cannot repeat it.
    const prev = paths[k - 1];
    if (prev !== undefined && !(path! > prev)) {
      seen ??= new Set(paths);
      if (seen.has(path!)) return undefined;
    }
    seen?.add(path!);
    paths.push(path!);
    while (isWs(b[i])) i++;
    if (b[i] === COMMA) { i++; continue; }
    if (b[i] !== 0x5d) return undefined;
    const digests = room.first(paths.length);
    return { end: i + 1, files: new DeclaredList(paths, digests), digests };
  }
}

function isKey(b: Buffer, start: number, end: number, name: Buffer): boolean {
  return end - start === name.length && b.compare(name, 0, name.length, start, end) === 0;
}

/**
 * manifest.ts's lineOfKey over the text these bytes decode to: the first `"key"` found in the UTF-8
 * is the first in the text (the needle starts and ends with a quote, so it matches only whole
 * characters), and the newlines before it are the same bytes. A key with a lone surrogate is in
 * no text decoded from UTF-8.
 */
export function lineOfKeyIn(bytes: Buffer, key: string): number | undefined {
  if (LONE_SURROGATE.test(key)) return undefined;
  const at = bytes.indexOf(Buffer.from(`"${key}"`, 'utf8'));
  if (at < 0) return undefined;
  let line = 1;
  for (let j = bytes.indexOf(0x0a); j !== -1 && j < at; j = bytes.indexOf(0x0a, j + 1)) line++;
  return line;
}

/**
 * Makes `raw.files` the list as plain {path, sha256} objects when first read (inspect, diff,
 * `validate --json` print it; validate and its checks never read it), in the member's own place.
 */
export function settleFiles(raw: Record<string, unknown>, files: DeclaredList): void {
  Object.defineProperty(raw, 'files', {
    enumerable: true,
    configurable: true,
    get() {
      const v = files.entries();
      Object.defineProperty(raw, 'files', { value: v, enumerable: true, configurable: true, writable: true });
      return v;
    },
    set(v: unknown) {
      Object.defineProperty(raw, 'files', { value: v, enumerable: true, configurable: true, writable: true });
    },
  });
}
