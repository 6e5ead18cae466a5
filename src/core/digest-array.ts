// SHA-256 digests by position, 32 bytes each in one typed array instead of a 64-character string
// each (~80 bytes on the heap, which V8 lets grow 2-4× before it collects: issue 39). The hex form
// is made only where a digest is written out.
import { releaseBytes } from './release.js';
import { LOWER_HEX } from './lower-hex.js';

export class DigestArray {
  private readonly bytes: Buffer;
  private readonly present: Uint8Array;

  constructor(readonly length: number) {
    this.bytes = Buffer.alloc(length * 32);
    this.present = new Uint8Array(length);
  }

  /** Stores the digest at `i` from its 64 lowercase hex characters (anything else is refused). */
  set(i: number, hex: string): void {
    if (!SHA256_HEX.test(hex)) throw new RangeError(`not a SHA-256 in lowercase hex: ${JSON.stringify(hex)}`);
    this.bytes.write(hex, i * 32, 32, 'hex');
    this.present[i] = 1;
  }

  /** Stores the digest at `i` from its 32 bytes at `src[at…]` (as another thread computed it). */
  setBytes(i: number, src: Uint8Array, at: number): void {
    if (at < 0 || at + 32 > src.length) throw new RangeError(`no 32-byte digest at ${at} of ${src.length} bytes`);
    this.bytes.set(src.subarray(at, at + 32), i * 32);
    this.present[i] = 1;
  }

  /**
   * Stores the digest at `i` from 64 lowercase hex characters as ASCII bytes at `src[at…]` (a
   * manifest read without making a string of each); false, and nothing stored, for anything else.
   */
  setHexBytes(i: number, src: Uint8Array, at: number): boolean {
    if (at < 0 || at + 64 > src.length) return false;
    for (let k = 0; k < 32; k++) {
      const hi = LOWER_HEX[src[at + 2 * k]!]!;
      const lo = LOWER_HEX[src[at + 2 * k + 1]!]!;
      if (hi > 15 || lo > 15) return false;
    }
    for (let k = 0; k < 32; k++) this.bytes[i * 32 + k] = (LOWER_HEX[src[at + 2 * k]!]! << 4) | LOWER_HEX[src[at + 2 * k + 1]!]!;
    this.present[i] = 1;
    return true;
  }

  /**
   * A copy of the first `length` digests; this array is spent (its memory released, so that a room
   * sized for the most a list could hold is not left for V8's next full collection).
   */
  first(length: number): DigestArray {
    const out = new DigestArray(length);
    this.bytes.copy(out.bytes, 0, 0, length * 32);
    out.present.set(this.present.subarray(0, length));
    releaseBytes(this.bytes);
    releaseBytes(this.present);
    return out;
  }

  has(i: number): boolean {
    return this.present[i] === 1;
  }

  /** The digest at `i` in lowercase hex, or '' when none was stored. */
  hex(i: number): string {
    return this.present[i] ? this.bytes.toString('hex', i * 32, i * 32 + 32) : '';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
