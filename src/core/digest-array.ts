// SHA-256 digests by position, 32 bytes each in one typed array instead of a 64-character string
// each (~80 bytes on the heap, which V8 lets grow 2-4× before it collects: issue 39). The hex form
// is made only where a digest is written out.

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

  has(i: number): boolean {
    return this.present[i] === 1;
  }

  /** The digest at `i` in lowercase hex, or '' when none was stored. */
  hex(i: number): string {
    return this.present[i] ? this.bytes.toString('hex', i * 32, i * 32 + 32) : '';
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
