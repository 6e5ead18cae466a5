// Which strings of a list have been seen, kept as positions in that list: an open-addressed table
// of positions and their strings' hashes (8 bytes a slot, outside V8's heap), the list asked for a
// string again only where two hashes agree. A Set of 100 000 archive names held each name and a
// table entry in V8's young generation until it was promoted, and that growth alone took a
// build's young generation to its largest (issue 39).

export class SeenStrings {
  private slots: Int32Array; // position + 1; 0 is empty
  private hashes: Int32Array;
  private count = 0;

  /** `at(i)` gives back the string added at position i (called only to confirm a hash match). */
  constructor(expected: number, private readonly at: (i: number) => string) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.hashes = new Int32Array(size);
  }

  /** The position of a string equal to `s` added so far, or -1. */
  find(s: string): number {
    const h = hashOf(s);
    const mask = this.slots.length - 1;
    for (let k = h & mask; ; k = (k + 1) & mask) {
      const p = this.slots[k]! - 1;
      if (p < 0) return -1;
      if (this.hashes[k] === h && this.at(p) === s) return p;
    }
  }

  has(s: string): boolean {
    return this.find(s) >= 0;
  }

  /** Adds `s`, found at position `i` of the list (a string not added before). */
  add(i: number, s: string): void {
    if ((this.count + 1) * 2 > this.slots.length) this.rehash();
    this.put(i + 1, hashOf(s));
    this.count++;
  }

  private put(slot: number, h: number): void {
    const mask = this.slots.length - 1;
    let k = h & mask;
    while (this.slots[k] !== 0) k = (k + 1) & mask;
    this.slots[k] = slot;
    this.hashes[k] = h;
  }

  private rehash(): void {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2);
    this.hashes = new Int32Array(slots.length * 2);
    for (let k = 0; k < slots.length; k++) if (slots[k] !== 0) this.put(slots[k]!, hashes[k]!);
  }
}

// FNV-1a over the string's UTF-16 code units (equal strings, equal hashes).
function hashOf(s: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  return h | 0;
}
