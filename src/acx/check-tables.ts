// What a cartridge check keeps of each name and each ROM objects row, by position in typed arrays:
// a name is one string and one map slot, its decoded digest 32 bytes, its size 8, its facts a few
// bits; a ROM row is a handful of numbers. Before, each file cost a Set entry, two Map entries, an
// object and a 71-character digest string, and each objects row an object, an array and a manifest
// entry besides (~1.2 KB a file, issue 39). The lists callers read (file names, ROM objects, ROM
// files) are made from these tables when asked for, not held by every check.
import { grow } from '../core/arrays.js';
import { compareUtf8 } from '../core/paths.js';
import { checksumOfLines, hashLines } from './manifest.js';
import type { ObjectRow } from './objects.js';

/** Facts of a name, as bits. */
export const IN_SQLAR = 1;       // a sqlar row has this string name
export const DECODED = 2;        // its blob decoded: digest and size are set
export const SELF_FOLDED = 4;    // the name is its own case-folded key, and holds that key
export const ROM_REF = 8;        // a ROM objects row names it
export const INTACT = 16;        // a registered ROM file whose bytes hash to its row's oid
export const OBJ_SEEN = 32;      // an objects row names it
export const OBJ_DUP = 64;       // more than one objects row names it
export const GROUP_DONE = 128;   // its objects rows were checked
export const REG_ONE = 256;      // one ROM sqlar row under rom/knowledge/ names it, oid well formed
export const REG_OTHER = 512;    // another such row, or an oid no digest can equal

const OID = /^sha256:[0-9a-f]{64}$/;

export class NameTable {
  private readonly at = new Map<string, number>();
  readonly names: string[] = [];
  private flags = new Uint16Array(1024);
  private digests = Buffer.alloc(1024 * 32);
  private sizes = new Float64Array(1024);
  private recorded: Buffer | undefined;
  // sqlar's names in the order its rows were read (a name may be added first by an objects row).
  private order = new Int32Array(1024);
  private ordered = 0;

  find(name: string): number {
    return this.at.get(name) ?? -1;
  }

  /** The position of `name`, added when new: the string kept is the first one seen. */
  add(name: string): number {
    const had = this.at.get(name);
    if (had !== undefined) return had;
    const i = this.names.length;
    this.names.push(name);
    this.at.set(name, i);
    if (i >= this.flags.length) {
      this.flags = grow(this.flags, i + 1);
      this.sizes = grow(this.sizes, i + 1);
      const d = Buffer.alloc(this.flags.length * 32);
      this.digests.copy(d);
      this.digests = d;
      if (this.recorded) { const r = Buffer.alloc(this.flags.length * 32); this.recorded.copy(r); this.recorded = r; }
    }
    return i;
  }

  /** Adds a sqlar row's name and notes it in sqlar's order. */
  addSqlar(name: string): number {
    const i = this.add(name);
    if (!(this.flags[i]! & IN_SQLAR)) {
      this.order = grow(this.order, this.ordered + 1);
      this.order[this.ordered++] = i;
    }
    this.flags[i]! |= IN_SQLAR;
    return i;
  }

  is(i: number, flag: number): boolean {
    return i >= 0 && (this.flags[i]! & flag) !== 0;
  }

  mark(i: number, flag: number): void {
    this.flags[i]! |= flag;
  }

  setDecoded(i: number, digest: Uint8Array, size: number): void {
    this.digests.set(digest, i * 32);
    this.sizes[i] = size;
    this.flags[i]! |= DECODED;
  }

  /** The decoded file's oid (`sha256:<hex>`), made when asked for. */
  oid(i: number): string {
    return `sha256:${this.digests.toString('hex', i * 32, i * 32 + 32)}`;
  }

  /** Writes the decoded file's 32-byte digest into `to` at `at`. */
  copyDigest(i: number, to: Buffer, at: number): void {
    this.digests.copy(to, at, i * 32, i * 32 + 32);
  }

  fileSize(i: number): number {
    return this.sizes[i]!;
  }

  /** Notes an objects row that registers `i` as a knowledge file with `oid` (only the one such row counts). */
  register(i: number, oid: string): void {
    if (this.flags[i]! & (REG_ONE | REG_OTHER) || !OID.test(oid)) { this.flags[i] = (this.flags[i]! & ~REG_ONE) | REG_OTHER; return; }
    this.recorded ??= Buffer.alloc(this.flags.length * 32);
    this.recorded.write(oid.slice(7), i * 32, 32, 'hex');
    this.flags[i]! |= REG_ONE;
  }

  /** The one registering row's oid is the decoded file's. */
  registeredMatches(i: number): boolean {
    return (this.flags[i]! & (REG_ONE | REG_OTHER | DECODED)) === (REG_ONE | DECODED)
      && this.recorded!.compare(this.digests, i * 32, i * 32 + 32, i * 32, i * 32 + 32) === 0;
  }

  /** sqlar's string names in its order. */
  *sqlarNames(): Generator<string> {
    for (const i of this.sqlar()) yield this.names[i]!;
  }

  /** Every position that has `flag`, in the order the names were added. */
  *all(flag: number): Generator<number> {
    for (let i = 0; i < this.names.length; i++) if (this.flags[i]! & flag) yield i;
  }

  /** Positions of sqlar's string names in its order; with `flag`, only those that have it. */
  *sqlar(flag = IN_SQLAR): Generator<number> {
    for (let k = 0; k < this.ordered; k++) if (this.flags[this.order[k]!]! & flag) yield this.order[k]!;
  }
}

/**
 * The ROM objects rows a check found, as they are live (the oid and size of the bytes there now):
 * the ROM manifest, sorted by (kind, source_ref) as container §3.3 sorts it.
 */
export class RomRows {
  private ref = new Int32Array(1024);
  private kind = new Uint16Array(1024);
  private canon = new Uint16Array(1024);
  private sz = new Float64Array(1024);
  // -1: the oid is the decoded digest of the name at `ref`; else a position in `oids`.
  private oidAt = new Int32Array(1024);
  private readonly oids: string[] = [];
  private readonly words: string[] = [];
  private readonly wordAt = new Map<string, number>();
  length = 0;
  private sorted: Int32Array | undefined;

  constructor(private readonly names: NameTable) {}

  private word(w: string): number {
    let k = this.wordAt.get(w);
    if (k === undefined) { k = this.words.length; this.words.push(w); this.wordAt.set(w, k); }
    return k;
  }

  /** A row whose source_ref is name `ref`; `oid` undefined: the name's decoded digest. */
  push(ref: number, kind: string, canon: string, sz: number, oid: string | undefined): void {
    const n = this.length++;
    this.sorted = undefined;
    if (n >= this.ref.length) {
      this.ref = grow(this.ref, n + 1); this.kind = grow(this.kind, n + 1); this.canon = grow(this.canon, n + 1);
      this.sz = grow(this.sz, n + 1); this.oidAt = grow(this.oidAt, n + 1);
    }
    this.ref[n] = ref;
    this.kind[n] = this.word(kind);
    this.canon[n] = this.word(canon);
    this.sz[n] = sz;
    if (oid === undefined) this.oidAt[n] = -1;
    else { this.oidAt[n] = this.oids.length; this.oids.push(oid); }
  }

  /** Row positions in manifest order: (kind, source_ref) in code point order, then as they were met. */
  order(): Int32Array {
    if (this.sorted) return this.sorted;
    const idx = new Int32Array(this.length);
    for (let k = 0; k < idx.length; k++) idx[k] = k;
    const names = this.names.names;
    idx.sort((a, b) => compareUtf8(this.words[this.kind[a]!]!, this.words[this.kind[b]!]!) || compareUtf8(names[this.ref[a]!]!, names[this.ref[b]!]!) || a - b);
    this.sorted = idx;
    return idx;
  }

  kindOf(k: number): string { return this.words[this.kind[k]!]!; }
  refOf(k: number): string { return this.names.names[this.ref[k]!]!; }
  canonOf(k: number): string { return this.words[this.canon[k]!]!; }
  szOf(k: number): number { return this.sz[k]!; }
  oidOf(k: number): string { return this.oidAt[k]! < 0 ? this.names.oid(this.ref[k]!) : this.oids[this.oidAt[k]!]!; }

  /**
   * The predicate's checksumHash (manifest.ts `checksumHash`) of these rows, without an object or a
   * line a row: rows sorted by their digests' bytes, which order "sha256:<hex>  <ref>" lines as a
   * sort of the lines does (lowercase hex keeps byte order; equal digests, then the refs), and the
   * lines hashed as they are written. An oid not of that form makes the lines themselves.
   */
  checksumHash(): string {
    const n = this.length;
    const dig = Buffer.alloc(n * 32);
    for (let k = 0; k < n; k++) {
      if (this.oidAt[k]! < 0) { this.names.copyDigest(this.ref[k]!, dig, k * 32); continue; }
      const oid = this.oids[this.oidAt[k]!]!;
      if (!OID.test(oid)) return checksumOfLines(Array.from({ length: n }, (_, j) => `${this.oidOf(j)}  ${this.refOf(j)}`));
      dig.write(oid.slice(7), k * 32, 32, 'hex');
    }
    const lead = new Uint32Array(n);
    for (let k = 0; k < n; k++) lead[k] = dig.readUInt32BE(k * 32);
    const idx = new Int32Array(n);
    for (let k = 0; k < n; k++) idx[k] = k;
    const names = this.names.names;
    idx.sort((a, b) => lead[a]! - lead[b]! || dig.compare(dig, b * 32, b * 32 + 32, a * 32, a * 32 + 32) || compareUtf8(names[this.ref[a]!]!, names[this.ref[b]!]!));
    return hashLines(n, (j) => { const k = idx[j]!; return `sha256:${dig.toString('hex', k * 32, k * 32 + 32)}  ${names[this.ref[k]!]!}`; });
  }

  /** The rows as objects, in manifest order (made on each call: a plain check never asks). */
  rows(): ObjectRow[] {
    return Array.from(this.order(), (k) => ({ oid: this.oidOf(k), kind: this.kindOf(k), source_ref: this.refOf(k), canon: this.canonOf(k), zone: 'rom', sz: this.szOf(k) }));
  }
}
