// The bodies of the pages sync read last, as UTF-8 in one ring of bytes outside V8's heap, up to a
// budget (issue 39). A sync holds no page's text for the whole tree, so a page is read again when its
// document is written — unless its body is still here. Past the budget the oldest bodies are
// overwritten: memory stays the budget whatever the folder's size, and no per-page string lives in
// the collected heap (the text main held cost ~2 bytes of peak a byte, with the collector's slack).
// The ring keeps the newest bodies, not the first: the files written last are the ones the stat
// cache renders again right after the write (they are too recent to trust their stamps).
import { grow } from '../core/arrays.js';

/** ES2024's String.prototype.isWellFormed (Node 20 has it; the compiler's library is ES2023). */
type WellFormed = string & { isWellFormed(): boolean };

export class HeldBodies {
  private readonly ring: Buffer;
  /** Bytes ever placed (the next body's position, counted from the first body, never wrapped). */
  private end = 0;
  /** Each kept body's position (as `end` counts) and its length in bytes, by the number keep() gave. */
  private at = new Float64Array(64);
  private size = new Int32Array(64);
  private count = 0;

  /** A ring of `capacity` bytes (0: nothing is ever kept). */
  constructor(capacity: number) {
    this.ring = Buffer.allocUnsafeSlow(Math.max(0, Math.floor(capacity)));
  }

  /** Keeps `body`; its number for body(), or undefined when it is larger than the ring itself. */
  keep(body: string): number | undefined {
    const cap = this.ring.length;
    const n = Buffer.byteLength(body, 'utf8');
    // A lone surrogate has no UTF-8: its bytes would give back another string.
    if (n > cap || cap === 0 || !(body as WellFormed).isWellFormed()) return undefined;
    let at = this.end;
    // A body never wraps: one that does not fit before the ring's end starts at its beginning.
    if ((at % cap) + n > cap) at += cap - (at % cap);
    this.ring.write(body, at % cap, n, 'utf8');
    this.end = at + n;
    const i = this.count++;
    this.at = grow(this.at, this.count);
    this.size = grow(this.size, this.count);
    this.at[i] = at;
    this.size[i] = n;
    return i;
  }

  /** The body kept as number `i`, or undefined once newer bodies have overwritten it. */
  body(i: number): string | undefined {
    const at = this.at[i]!;
    if (at + this.ring.length < this.end) return undefined;
    const from = at % this.ring.length;
    return this.ring.toString('utf8', from, from + this.size[i]!);
  }
}
