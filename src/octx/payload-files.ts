// The payload files a package check reads, by position: a declared files[] as parsed, or a working
// directory's derived list as positions in its listing's path table — no entry object and no path
// string a file held through the checks (~140 bytes a file in V8's heap, which it lets grow 1.5-2×
// before it collects: issue 39). A path is made when a check needs it, and dropped after.
import { KINDS, listedEntry, PathSet, smallInt, type TreeListing, type TreeEntry } from '../core/tree.js';
import type { FileEntry } from './manifest.js';
import { grow } from '../core/arrays.js';

export interface PayloadFiles {
  readonly length: number;
  /** File i's path (of a listed list, a new string each call: a caller asks once a file). */
  path(i: number): string;
  /** The listed entry of file i (its kind and size), whose path is `path`. */
  entry(i: number, path: string): TreeEntry | undefined;
  /** File i's listed size (0 when it is not listed). */
  size(i: number): number;
  /** File i's listed kind (undefined when it is not listed), whose path is `path`: no size asked. */
  kind(i: number, path: string): TreeEntry['kind'] | undefined;
  /** The position of `path` in this list, or -1 (for the few standard paths, not for every file). */
  indexOf(path: string): number;
  /** True when the files are in UTF-8 order of path already (no sort needed). */
  readonly sorted: boolean;
  /** Of a listed list: each file's position in the listing. */
  readonly positions?: Int32Array;
}

/**
 * A files[] by position: each entry's path and declared digest ('' for a derived list, until its
 * files are hashed). A declared list read apart from the manifest's bytes keeps paths and digests
 * in two arrays (declared-files.ts), not an object a file (48 bytes, issue 39).
 */
export interface FileList {
  readonly length: number;
  path(i: number): string;
  sha256(i: number): string;
  /** Entry i's path is `path` (an equal string the tree holds already: one string a path). */
  samePath(i: number, path: string): void;
  /** The list as the report gives it (made anew for a list that keeps no objects). */
  entries(): FileEntry[];
}

/** A list of entry objects (parsed from a manifest, or derived from a tree without a listing table). */
export class EntryArray implements FileList {
  constructor(private readonly list: FileEntry[]) {}
  get length(): number { return this.list.length; }
  path(i: number): string { return this.list[i]!.path; }
  sha256(i: number): string { return this.list[i]!.sha256; }
  samePath(i: number, path: string): void { this.list[i]!.path = path; }
  entries(): FileEntry[] { return this.list; }
}

/** A list of entries (declared, or derived from a tree without a listing table): its paths as given. */
export class EntryFiles implements PayloadFiles {
  readonly sorted = false;
  constructor(readonly entries: FileList, private readonly lookup: (path: string) => TreeEntry | undefined) {}
  get length(): number { return this.entries.length; }
  path(i: number): string { return this.entries.path(i); }
  entry(_i: number, path: string): TreeEntry | undefined { return this.lookup(path); }
  size(i: number): number { return this.lookup(this.path(i))?.size ?? 0; }
  kind(_i: number, path: string): TreeEntry['kind'] | undefined { return this.lookup(path)?.kind; }
  indexOf(path: string): number {
    for (let i = 0; i < this.entries.length; i++) if (this.entries.path(i) === path) return i;
    return -1;
  }
}

/** Files of a directory's listing by their positions in it, ascending (the listing's own order). */
export class ListingFiles implements PayloadFiles {
  readonly length: number;
  readonly positions: Int32Array;
  readonly sorted: boolean;
  constructor(private readonly listing: TreeListing, positions: Int32Array) {
    this.positions = positions;
    this.length = positions.length;
    // The walk lists in UTF-8 order of path; said, not assumed (two names a disk decoded alike).
    let sorted = true;
    for (let k = 1; k < positions.length && sorted; k++) sorted = listing.paths.compare(positions[k - 1]!, positions[k]!) <= 0;
    this.sorted = sorted;
  }
  path(i: number): string { return this.listing.paths.at(this.positions[i]!); }
  // By position, not by a lookup of the path.
  entry(i: number, path: string): TreeEntry | undefined {
    const at = this.positions[i]!;
    return listedEntry(this.listing, at, path);
  }
  size(i: number): number { return smallInt(this.listing.size(this.positions[i]!)); }
  kind(i: number): TreeEntry['kind'] { return KINDS[this.listing.kinds[this.positions[i]!]!]!; }
  indexOf(path: string): number {
    const at = this.listing.paths.find(path);
    if (at < 0) return -1;
    let lo = 0;
    for (let hi = this.length; lo < hi;) {
      const mid = (lo + hi) >>> 1;
      if (this.positions[mid]! < at) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.length && this.positions[lo] === at ? lo : -1;
  }
}

/**
 * The paths of a list of entries whose paths all differ (a declared files[] read apart) as a set,
 * in the list's order: answered by binary search over the paths in order (the list's own order
 * when it is sorted already, as a built manifest's is), not through a set of every path (~40 bytes
 * a path, made when the heap is at its fullest: issue 39).
 */
export class EntryPaths extends PathSet {
  readonly size: number;
  // The entries by path, when the list is not in that order itself.
  private readonly order: Int32Array | undefined;
  constructor(private readonly list: FileList) {
    super();
    this.size = list.length;
    let sorted = true;
    for (let i = 1; i < list.length && sorted; i++) sorted = list.path(i - 1) < list.path(i);
    this.order = sorted ? undefined : Int32Array.from({ length: list.length }, (_, i) => i).sort((a, b) => (list.path(a) < list.path(b) ? -1 : 1));
  }
  has(path: string): boolean {
    let lo = 0;
    for (let hi = this.size; lo < hi;) {
      const mid = (lo + hi) >>> 1;
      if (this.pathAt(mid) < path) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.size && this.pathAt(lo) === path;
  }
  private pathAt(k: number): string {
    return this.list.path(this.order ? this.order[k]! : k);
  }
  *[Symbol.iterator](): SetIterator<string> {
    for (let i = 0; i < this.list.length; i++) yield this.list.path(i);
  }
}

/** Positions collected one at a time, then handed over as a list. */
export class PositionsBuilder {
  private items = new Int32Array(1024);
  count = 0;
  add(p: number): void {
    this.items = grow(this.items, this.count + 1);
    this.items[this.count++] = p;
  }
  done(): Int32Array {
    return this.items.slice(0, this.count);
  }
}
