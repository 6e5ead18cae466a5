// The ROM files of a cartridge being built, by position: a name string, the SHA-256's 32 bytes and
// the size of each, and bytes only for the files the load keeps. A build of 100,000 knowledge files
// held an object a file with its oid (a 71-character string), its source path and its name from the
// load to the write, and objects and map entries a file more from the assembly (~440 bytes a file of
// live heap, which V8 let grow 2-3x before collecting: issue 39).
import { sha256Bytes } from '../core/hash.js';

/** A ROM file as one object (made when asked for: a caller that wants a few, or a test). */
export interface SourceFile { name: string; from: string; oid: string; size: number; raw?: Buffer; path?: string }

const ROM_PREFIXED = ['rom/skills/', 'rom/knowledge/'];

export class RomFileTable {
  private readonly names: string[] = [];
  private digests: Buffer;
  private sizes: Float64Array;
  /** Bytes of the files kept (read by a later step, or all with keepBytes). */
  private readonly kept = new Map<number, Buffer>();
  /** Where a file came from when it is not its source path (the files a build generates). */
  private readonly origins = new Map<number, string>();

  /** `capacity`: the most files expected (more grows the arrays). */
  constructor(capacity: number) {
    this.digests = Buffer.alloc(32 * Math.max(1, capacity));
    this.sizes = new Float64Array(Math.max(1, capacity));
  }

  get length(): number {
    return this.names.length;
  }

  /**
   * Adds a file read from the source tree at `path` (named `rom/<path>` for skills/ and knowledge/,
   * `path` itself under rom/), or generated (`origin` then says from what; its bytes are kept).
   */
  add(name: string, bytes: Buffer, keep: boolean, origin?: string): number {
    const i = this.names.length;
    if (i === this.sizes.length) {
      const digests = Buffer.alloc(this.digests.length * 2);
      this.digests.copy(digests);
      this.digests = digests;
      const sizes = new Float64Array(this.sizes.length * 2);
      sizes.set(this.sizes);
      this.sizes = sizes;
    }
    this.names.push(name);
    sha256Bytes(bytes).copy(this.digests, i * 32);
    this.sizes[i] = bytes.length;
    if (keep || origin !== undefined) this.kept.set(i, bytes);
    if (origin !== undefined) this.origins.set(i, origin);
    return i;
  }

  name(i: number): string {
    return this.names[i]!;
  }

  /** The path in the source tree a file is read from, or what generated it. */
  from(i: number): string {
    const o = this.origins.get(i);
    if (o !== undefined) return o;
    const n = this.names[i]!;
    return ROM_PREFIXED.some((p) => n.startsWith(p)) ? n.slice(4) : n;
  }

  /** The source path to read the file again from; undefined for a file whose bytes are kept. */
  path(i: number): string | undefined {
    return this.kept.has(i) ? undefined : this.from(i);
  }

  /** `sha256:<hex>`, made when asked. */
  oid(i: number): string {
    return `sha256:${this.digests.toString('hex', i * 32, i * 32 + 32)}`;
  }

  size(i: number): number {
    return this.sizes[i]!;
  }

  bytes(i: number): Buffer | undefined {
    return this.kept.get(i);
  }

  /** The position of the file named `name`, or -1. */
  indexOf(name: string): number {
    return this.names.indexOf(name);
  }

  /** Orders two files by their digests' bytes (the order of their oids' text). */
  compareDigests(a: number, b: number): number {
    const d = this.digests;
    for (let k = 0; k < 32; k += 4) {
      const x = d.readUInt32BE(a * 32 + k) - d.readUInt32BE(b * 32 + k);
      if (x !== 0) return x;
    }
    return 0;
  }

  /** Orders the file's digest against 32 digest bytes. */
  compareDigestTo(i: number, digest: Buffer): number {
    return this.digests.compare(digest, 0, 32, i * 32, i * 32 + 32);
  }

  /** The positions sorted by digest (equal digests together, by position). */
  byDigest(): Int32Array {
    return Int32Array.from({ length: this.length }, (_, i) => i).sort((a, b) => this.compareDigests(a, b) || a - b);
  }

  /** The file at `i` as one object. */
  file(i: number): SourceFile {
    const raw = this.kept.get(i);
    return raw ? { name: this.name(i), from: this.from(i), oid: this.oid(i), size: this.size(i), raw } : { name: this.name(i), from: this.from(i), oid: this.oid(i), size: this.size(i), path: this.from(i) };
  }

  /** Every file as an object, in order. */
  list(): SourceFile[] {
    return Array.from({ length: this.length }, (_, i) => this.file(i));
  }

  /** The files whose name starts with `prefix`, as objects. */
  under(prefix: string): SourceFile[] {
    const out: SourceFile[] = [];
    for (let i = 0; i < this.length; i++) if (this.names[i]!.startsWith(prefix)) out.push(this.file(i));
    return out;
  }
}
