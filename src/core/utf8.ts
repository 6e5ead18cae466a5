// Strict UTF-8 decoding. One native validity check and a plain decode cost ~1 µs for a document;
// a fatal TextDecoder built per call costs ~7 (issue 7's profile), and knowledge bases have tens
// of thousands of files. Both reject the same byte sequences (WHATWG UTF-8: no overlongs, no
// surrogates, nothing above U+10FFFF). The one place a byte-order mark is recognised and dropped.
import { isUtf8 } from 'node:buffer';

/** The text of `bytes`, or undefined when they are not UTF-8. A leading BOM is dropped, as TextDecoder does. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  return stripBom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}

/** Do these bytes start with a UTF-8 byte-order mark? */
export function hasBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** The bytes after a leading UTF-8 byte-order mark (the same bytes when there is none). */
export function withoutBom(bytes: Buffer): Buffer {
  return hasBom(bytes) ? bytes.subarray(3) : bytes;
}

/** Text without a leading byte-order mark (U+FEFF). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
