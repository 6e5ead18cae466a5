// A list of paths held as their UTF-8 bytes in one slab and the end of each in a typed array:
// ~50 bytes a path instead of ~150 for a string, an object and a map slot (issue 39's memory
// bound). The slab lives in shared memory, so another thread reads the same list without a copy.
import { LONE_SURROGATE } from './jcs.js';
import { grow } from './arrays.js';

/** A PathTable as plain data that postMessage hands to another thread without copying the bytes. */
export interface SharedPaths {
  bytes: SharedArrayBuffer;
  ends: SharedArrayBuffer;
  count: number;
}

/** Paths by position, and the position of a path. */
export class PathTable implements Iterable<string> {
  readonly length: number;
  private readonly slab: Buffer;
  private readonly ends: Uint32Array;
  // A path being looked up, encoded once into a reused buffer (no allocation a lookup).
  private probe = Buffer.allocUnsafe(256);
  private slots: Int32Array | undefined;

  private constructor(private readonly data: SharedPaths) {
    this.length = data.count;
    this.slab = Buffer.from(data.bytes);
    this.ends = new Uint32Array(data.ends, 0, data.count);
  }

  /**
   * The table of `paths`, in their order. A path with a lone surrogate has no UTF-8 form and would
   * not read back as itself, so it is refused (RangeError); names read from a disk never have one.
   */
  static of(paths: readonly string[]): PathTable {
    let total = 0;
    for (const p of paths) {
      if (LONE_SURROGATE.test(p)) throw new RangeError(`a path with a lone surrogate has no UTF-8 form: ${JSON.stringify(p)}`);
      total += Buffer.byteLength(p, 'utf8');
    }
    const bytes = new SharedArrayBuffer(Math.max(total, 1));
    const ends = new SharedArrayBuffer(Math.max(paths.length, 1) * 4);
    const slab = Buffer.from(bytes);
    const endsView = new Uint32Array(ends);
    let at = 0;
    paths.forEach((p, i) => { at += slab.write(p, at, 'utf8'); endsView[i] = at; });
    return new PathTable({ bytes, ends, count: paths.length });
  }

  /** The table another thread shared (no copy of the bytes). */
  static fromShared(data: SharedPaths): PathTable {
    return new PathTable(data);
  }

  /** This table as data for postMessage. */
  get shared(): SharedPaths {
    return this.data;
  }

  /** The path at position `i` (a new string each call). */
  at(i: number): string {
    return this.slab.toString('utf8', this.start(i), this.ends[i]!);
  }

  /** The UTF-8 length of the path at `i`. */
  byteLength(i: number): number {
    return this.ends[i]! - this.start(i);
  }

  /**
   * The position of `path`, or -1. Among equal paths (two names a disk decoded alike), the last,
   * as a map made from the list would answer. Through a hash of the bytes into an open-addressed
   * table of positions (8 bytes a path, made at the first lookup): a binary search over the bytes
   * cost the link check ~17 comparisons a lookup, and it looks up several paths a link.
   */
  find(path: string): number {
    const n = this.encodeProbe(path);
    if (n < 0) return -1;
    const slots = this.slots ??= this.hashAll();
    const mask = slots.length - 1;
    for (let s = this.hashProbe(n) & mask; ; s = (s + 1) & mask) {
      const i = slots[s]! - 1;
      if (i < 0) return -1;
      if (this.compareProbe(i, n) === 0) return i;
    }
  }

  // Writes `path` as UTF-8 into the probe and returns its length, or -1 for a lone surrogate (not
  // in the table: of() refuses it, and its encoding would match a U+FFFD in a path that is).
  private encodeProbe(path: string): number {
    const len = path.length;
    if (len * 3 > this.probe.length) this.probe = Buffer.allocUnsafe(Math.max(len * 3, this.probe.length * 2));
    const p = this.probe;
    // ASCII, the usual case, byte by byte here: a native write a lookup cost more than the loop.
    for (let k = 0; k < len; k++) {
      const c = path.charCodeAt(k);
      if (c >= 0x80) return LONE_SURROGATE.test(path) ? -1 : p.write(path, 0, 'utf8');
      p[k] = c;
    }
    return len;
  }

  private hashProbe(n: number): number {
    return fnv1a(this.probe, 0, n);
  }

  private hashAll(): Int32Array {
    let size = 8;
    while (size < this.length * 2) size *= 2;
    const slots = new Int32Array(size); // position + 1; 0 is an empty slot
    const mask = size - 1;
    for (let i = 0; i < this.length; i++) {
      const start = this.start(i);
      for (let s = fnv1a(this.slab, start, this.ends[i]!) & mask; ; s = (s + 1) & mask) {
        const j = slots[s]! - 1;
        // An equal path earlier in the list gives its slot to this one: the last of equals answers.
        if (j < 0 || this.compare(j, i) === 0) { slots[s] = i + 1; break; }
      }
    }
    return slots;
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  private start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  // The path at `i` against the probe's first `n` bytes, in UTF-8 byte order. A loop here, not
  // Buffer.compare: paths are short and differ early, and a native call costs more than the loop.
  private compareProbe(i: number, n: number): number {
    const s = this.slab;
    const p = this.probe;
    const start = this.start(i);
    const len = this.ends[i]! - start;
    const m = len < n ? len : n;
    for (let k = 0; k < m; k++) {
      const d = s[start + k]! - p[k]!;
      if (d !== 0) return d;
    }
    return len - n;
  }

  /** The path at `i` against the path at `j`, in UTF-8 byte order (negative, 0, positive). */
  compare(i: number, j: number): number {
    return this.slab.compare(this.slab, this.start(j), this.ends[j]!, this.start(i), this.ends[i]!);
  }
}

// FNV-1a over bytes [from, to) of `b`.
function fnv1a(b: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let k = from; k < to; k++) h = Math.imul(h ^ b[k]!, 0x01000193);
  return h >>> 0;
}

/**
 * A PathTable built a path at a time, each encoded as it comes (no array of every path's string
 * is held until the end).
 */
export class PathTableBuilder {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private ends = new Uint32Array(1024);
  private used = 0;
  count = 0;

  add(path: string): void {
    if (LONE_SURROGATE.test(path)) throw new RangeError(`a path with a lone surrogate has no UTF-8 form: ${JSON.stringify(path)}`);
    const n = Buffer.byteLength(path, 'utf8');
    if (this.used + n > this.bytes.length) {
      const more = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + n));
      this.bytes.copy(more, 0, 0, this.used);
      this.bytes = more;
    }
    this.used += this.bytes.write(path, this.used, 'utf8');
    this.ends = grow(this.ends, this.count + 1);
    this.ends[this.count++] = this.used;
  }

  /** The table of every path added, in order, in shared memory. */
  done(): PathTable {
    const bytes = new SharedArrayBuffer(Math.max(this.used, 1));
    const ends = new SharedArrayBuffer(Math.max(this.count, 1) * 4);
    Buffer.from(bytes).set(this.bytes.subarray(0, this.used));
    new Uint32Array(ends).set(this.ends.subarray(0, this.count));
    return PathTable.fromShared({ bytes, ends, count: this.count });
  }
}

/** `paths` as shared data for another thread, or undefined when one has no UTF-8 form (then read them here). */
export function sharedPaths(paths: readonly string[]): SharedPaths | undefined {
  try {
    return PathTable.of(paths).shared;
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}
