// The document ids a package check keeps, by the document's position in the payload list: a
// canonical UUID as its 16 bytes, anything else (a malformed id, reported elsewhere) as the string
// it is. ~20 bytes a document instead of an object and a 36-character string (~100 bytes on the
// heap, which V8 lets grow 2-4× before it collects: issue 39).
import { LOWER_HEX } from '../core/lower-hex.js';

const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Writes a canonical UUID's 16 bytes at `out[at…]` (what DocIds keeps of it); false, and nothing
 * written, for any other id. The document worker hands ids over so (record-pass.ts).
 */
export function writeIdBytes(id: string, out: Uint8Array, at: number): boolean {
  // Read a character pair at a time (no pattern test, no copy without the dashes): ~35 ms of a
  // 50,000-document validate the other way. Nothing is written unless the whole id is canonical.
  if (id.length !== 36 || id.charCodeAt(8) !== DASH || id.charCodeAt(13) !== DASH || id.charCodeAt(18) !== DASH || id.charCodeAt(23) !== DASH) return false;
  for (let k = 0; k < 16; k++) {
    const c = ID_CHAR[k]!;
    if ((LOWER_HEX[id.charCodeAt(c)] ?? 255) > 15 || (LOWER_HEX[id.charCodeAt(c + 1)] ?? 255) > 15) return false;
  }
  for (let k = 0; k < 16; k++) {
    const c = ID_CHAR[k]!;
    out[at + k] = (LOWER_HEX[id.charCodeAt(c)]! << 4) | LOWER_HEX[id.charCodeAt(c + 1)]!;
  }
  return true;
}

const DASH = 0x2d;
/** Where each of a canonical UUID's 16 bytes is written in its text. */
const ID_CHAR = Int8Array.from({ length: 16 }, (_, k) => 2 * k + (k >= 4 ? 1 : 0) + (k >= 6 ? 1 : 0) + (k >= 8 ? 1 : 0) + (k >= 10 ? 1 : 0));

// What is kept at a position.
const NONE = 0; // no concept document kept there
const NO_ID = 1; // a document without an id
const BYTES = 2; // an id kept as 16 bytes
const TEXT = 3; // an id kept as its string

export class DocIds {
  private readonly bytes: Buffer;
  private readonly kind: Uint8Array;
  private readonly lines: Int32Array;
  private readonly texts = new Map<number, string>();

  constructor(readonly length: number) {
    this.bytes = Buffer.alloc(length * 16);
    this.kind = new Uint8Array(length);
    this.lines = new Int32Array(length);
  }

  /** Keeps the document at `i`: its id (if any) and the id's line. */
  set(i: number, id: string | undefined, idLine: number): void {
    this.lines[i] = idLine;
    this.texts.delete(i);
    if (id === undefined) { this.kind[i] = NO_ID; return; }
    if (writeIdBytes(id, this.bytes, i * 16)) {
      this.kind[i] = BYTES;
      return;
    }
    this.texts.set(i, id);
    this.kind[i] = TEXT;
  }

  /**
   * Keeps the document at `i` from an id's 16 bytes at `src[at…]` (writeIdBytes' form), or without
   * an id (`src` undefined): no string made.
   */
  setBytes(i: number, src: Uint8Array | undefined, at: number, idLine: number): void {
    this.lines[i] = idLine;
    this.texts.delete(i);
    if (!src) { this.kind[i] = NO_ID; return; }
    this.bytes.set(src.subarray(at, at + 16), i * 16);
    this.kind[i] = BYTES;
  }

  /** True when a document is kept at `i`. */
  has(i: number): boolean {
    return this.kind[i] !== NONE;
  }

  /** The id of the document at `i`, as it was given (undefined: none, or no document). */
  id(i: number): string | undefined {
    switch (this.kind[i]) {
      case BYTES: {
        const h = this.bytes.toString('hex', i * 16, i * 16 + 16);
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
      }
      case TEXT: return this.texts.get(i);
      default: return undefined;
    }
  }

  idLine(i: number): number {
    return this.lines[i]!;
  }

  /**
   * The positions whose id an earlier document, or `taken` (the asset's id), already holds, in
   * order: found by sorting positions by id, with no set of every id.
   */
  duplicates(taken?: string): number[] {
    const dup = new Uint8Array(this.length);
    // Counted first, then filled: a list of every position grown by push left each larger copy to
    // be promoted by V8, at the end of a build's checks (issue 39).
    let n = 0;
    for (let i = 0; i < this.length; i++) if (this.kind[i] === BYTES) n++;
    const sorted = new Int32Array(n);
    n = 0;
    for (let i = 0; i < this.length; i++) if (this.kind[i] === BYTES) sorted[n++] = i;
    sorted.sort((a, b) => this.compareBytes(a, b) || a - b);
    const takenBytes = taken !== undefined && CANONICAL.test(taken) ? Buffer.from(taken.replace(/-/g, ''), 'hex') : undefined;
    for (let k = 0; k < sorted.length; k++) {
      const i = sorted[k]!;
      if ((k > 0 && this.compareBytes(sorted[k - 1]!, i) === 0) || (takenBytes && this.bytes.compare(takenBytes, 0, 16, i * 16, i * 16 + 16) === 0)) dup[i] = 1;
    }
    // Ids that are not canonical UUIDs never equal one that is: a set of those few, in order.
    const seen = new Set<string>(taken !== undefined && !takenBytes ? [taken] : []);
    for (let i = 0; i < this.length; i++) {
      if (this.kind[i] !== TEXT) continue;
      const t = this.texts.get(i)!;
      if (t === '') continue; // an empty id claims nothing
      if (seen.has(t)) dup[i] = 1;
      seen.add(t);
    }
    const out: number[] = [];
    for (let i = 0; i < this.length; i++) if (dup[i]) out.push(i);
    return out;
  }

  private compareBytes(a: number, b: number): number {
    // Four big-endian words: the bytes' order, a word at a time (ids of one generator share their
    // first bytes, the timestamp's).
    const x = this.bytes;
    for (let k = 0; k < 16; k += 4) {
      const d = x.readUInt32BE(a * 16 + k) - x.readUInt32BE(b * 16 + k);
      if (d !== 0) return d;
    }
    return 0;
  }
}
