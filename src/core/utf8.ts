// Strict UTF-8 decoding. One native validity check and a plain decode cost ~1 µs for a document;
// a fatal TextDecoder built per call costs ~7 (issue 7's profile), and knowledge bases have tens
// of thousands of files. Both reject the same byte sequences (WHATWG UTF-8: no overlongs, no
// surrogates, nothing above U+10FFFF).
import { isUtf8 } from 'node:buffer';

/** The text of `bytes`, or undefined when they are not UTF-8. A leading BOM is dropped, as TextDecoder does. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}
