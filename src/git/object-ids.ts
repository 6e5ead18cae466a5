// Git object ids by position, as their bytes in one slab (20 an id in a SHA-1 repository, 32 in a
// SHA-256 one) instead of a string of 40 or 64 hex characters each (~60–80 bytes of V8's heap, plus
// a map slot: a git tree's listing of 100,000 files held ~5 MB of them, issue 39). The hex form is
// made only when an id is asked for.
export class ObjectIds {
  private bytes: Buffer;
  private count = 0;
  // Ids the slab cannot hold as given (another width, not lowercase hex): never from git itself,
  // kept as they came so that what is asked back is what was added.
  private odd: Map<number, string> | undefined;

  /** @param width bytes an id: 20 (SHA-1) or 32 (SHA-256) */
  constructor(private readonly width: number) {
    this.bytes = Buffer.allocUnsafe(width * 256);
  }

  /** The width of the ids of a repository whose ids look like `oid`. */
  static widthOf(oid: string): number {
    return oid.length === 64 ? 32 : 20;
  }

  get length(): number {
    return this.count;
  }

  /** Adds `oid` at the next position. */
  push(oid: string): void {
    const at = this.count * this.width;
    if (at + this.width > this.bytes.length) {
      const more = Buffer.allocUnsafe(this.bytes.length * 2);
      this.bytes.copy(more, 0, 0, at);
      this.bytes = more;
    }
    this.count++;
    this.set(this.count - 1, oid);
  }

  /** Replaces the id at `i`. */
  set(i: number, oid: string): void {
    this.odd?.delete(i);
    if (oid.length === this.width * 2 && LOWER_HEX.test(oid)) this.bytes.write(oid, i * this.width, this.width, 'hex');
    else (this.odd ??= new Map()).set(i, oid);
  }

  /** The id at `i`, as it was added. */
  at(i: number): string {
    return this.odd?.get(i) ?? this.bytes.toString('hex', i * this.width, (i + 1) * this.width);
  }

  /** Lets go of the room beyond the last id (the slab doubles as it grows). */
  trim(): void {
    const used = this.count * this.width;
    if (used < this.bytes.length) this.bytes = Buffer.from(this.bytes.subarray(0, Math.max(used, 1)));
  }
}

const LOWER_HEX = /^[0-9a-f]+$/;
