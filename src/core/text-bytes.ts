// Text made into UTF-8 bytes piece by piece: a generated file of one entry a document (OCTX's
// index.md, sync's ID map) is encoded as its pieces come, never first joined into one string of
// every entry and a list of them (at 50k documents ~20 MB of string and ~10 MB of pieces in V8's
// heap, the largest thing a sync made just before it wrote; issue 39).

/** Bytes a chunk: the pieces fill chunks of this size, copied once into a buffer of the whole size at the end. */
const CHUNK = 256 << 10;

export class TextBytes {
  private readonly full: Buffer[] = [];
  private chunk = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  private total = 0;

  /** Appends `s` as UTF-8 (a lone surrogate as U+FFFD, as Buffer.from does: pieces are whole strings). */
  add(s: string): this {
    if (this.used + s.length * 3 > this.chunk.length) {
      const n = Buffer.byteLength(s, 'utf8');
      if (this.used + n > this.chunk.length) {
        this.full.push(this.chunk.subarray(0, this.used));
        this.chunk = Buffer.allocUnsafe(Math.max(CHUNK, n));
        this.used = 0;
      }
    }
    const n = this.chunk.write(s, this.used, 'utf8');
    this.used += n;
    this.total += n;
    return this;
  }

  /** The bytes, in one buffer of their size (no chunk is grown and copied on the way: the chunks are copied once). */
  bytes(): Buffer {
    this.full.push(this.chunk.subarray(0, this.used));
    const out = Buffer.concat(this.full, this.total);
    this.full.length = 0;
    this.chunk = Buffer.alloc(0);
    this.used = 0;
    this.total = 0;
    return out;
  }
}
