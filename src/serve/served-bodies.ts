// The texts of the served documents after start: not kept in memory (50,000 pages of 4 KB would
// be ~200 MB for the life of the server, issue 39) but read back from the search index's database
// file, which holds every text as it was indexed, and each one read checked against the SHA-256 of
// the verified document taken at start (ServedPackage.bodyDigests). The file is one this process
// made or copied into a private folder; should it still change, the reading tool answers with an
// error naming the mismatch, never with the changed text. The last texts read are kept (a search's
// second stage reads the same candidates several times).
import { sha256Bytes } from '../core/hash.js';
import { printable } from '../install/portable.js';
import type { Doc } from '../format.js';
import type { ServedPackage } from './corpus.js';
import type { PackageIndex } from './search-index.js';
import { ToolError } from './tools.js';

/** A served document's text on disk no longer matches the digest verified at start. */
export class DocumentChanged extends ToolError {
  readonly code = 'CTXFORGE_SERVE_TAMPERED';
}

/** Where a served document is in its package's list (its digest's and index row's place). */
const PLACE = Symbol('place');

/** Texts kept after reading: enough for a search's candidates, small beside the index. */
const KEPT_TEXTS = 512;
const KEPT_CHARS = 8 << 20;

/**
 * From here on, each of `pkg`'s documents (docs[i] is row `index.rows[i]` of its index) gives its
 * text by `index.readBody(row)` from the index's file, checked against its digest; the texts held
 * until now are let go. The documents are replaced by copies whose text is a getter (in `pkg.docs`
 * and `pkg.byId`): call it before anything keeps a package's documents (the second stage's fields).
 */
export function readBodiesFromIndex(pkg: ServedPackage, index: Pick<PackageIndex, 'readBody' | 'rows' | 'file' | 'cachePath'>): { forget(): void } {
  const read = index.readBody;
  const file = index.file || index.cachePath;
  const kept = new Map<number, string>();
  let keptChars = 0;
  const digests = pkg.bodyDigests;
  const body = (i: number, row: number, id: string): string => {
    const hit = kept.get(row);
    if (hit !== undefined) {
      kept.delete(row);
      kept.set(row, hit);
      return hit;
    }
    let text: unknown;
    try {
      text = read(row);
    } catch (e) {
      throw new DocumentChanged(`${printable(pkg.name)}#${printable(id)} cannot be read back from ${file} (${(e as Error).message}); it is not served — restart serve to verify the package again`);
    }
    const want = digests.subarray(32 * i, 32 * i + 32);
    const got = typeof text === 'string' ? sha256Bytes(text) : undefined;
    if (!got || !got.equals(want)) {
      throw new DocumentChanged(`${printable(pkg.name)}#${printable(id)}: its text in ${file} does not match the SHA-256 verified at start (digest mismatch: verified ${want.toString('hex')}, read ${got ? got.toString('hex') : 'no text'}); the file changed after start, so the document is not served — restart serve to verify the package again`);
    }
    const s = text as string;
    kept.set(row, s);
    keptChars += s.length;
    for (const [k, v] of kept) {
      if (kept.size <= KEPT_TEXTS && keptChars <= KEPT_CHARS) break;
      kept.delete(k);
      keptChars -= v.length;
    }
    return s;
  };
  // One getter for the package, each document's place in a hidden slot: a closure a document would
  // cost ~100 bytes more each.
  const get = function (this: Doc & { [PLACE]: number }) { const i = this[PLACE]; return body(i, index.rows[i]!, this.id); };
  pkg.docs.forEach((d, i) => {
    // node:sqlite on Node 22 gives a text back cut at its first NUL: such a text (rare in
    // Markdown) stays in memory rather than be refused as changed.
    if (d.body.includes('\u0000')) return;
    // A new object with the text as a getter added, not the document's `body` made one: V8 turns an
    // object whose data property becomes an accessor into a dictionary (~440 bytes more a document
    // at rest, issue 39). The package's list and its ids point to the new one.
    const { body: _text, ...fields } = d;
    const served = fields as Doc;
    Object.defineProperty(served, PLACE, { value: i });
    Object.defineProperty(served, 'body', { get, enumerable: true, configurable: true });
    pkg.docs[i] = served;
    pkg.byId.set(d.id, served);
  });
  // The texts kept so far let go (serve's start reads every text once to make the second stage's fields).
  return { forget: () => { kept.clear(); keptChars = 0; } };
}
