// The pages a link check judges, by position: a list of paths, or — for a folder on disk or a git
// tree — the positions of the pages in the tree's listing, so that 100 000 pages cost 4 bytes each instead
// of a string, a set slot and an array slot (issue 39's memory bound).
import { positionLookup } from '../core/paths.js';
import { KINDS, type TreeListing } from '../core/tree.js';

const FILE_KIND = KINDS.indexOf('file');

/** The pages, as a read-only set of paths that also knows each page's position. */
export interface Pages extends ReadonlySet<string> {
  /** How many positions there are (a path listed twice has two). */
  readonly count: number;
  /** The path at position `k`. */
  at(k: number): string;
  /** A page's position (its first), or -1 when `p` is no page. */
  position(p: string): number;
}

abstract class PageSet implements Pages {
  abstract readonly count: number;
  abstract readonly size: number;
  abstract at(k: number): string;
  abstract position(p: string): number;
  abstract [Symbol.iterator](): SetIterator<string>;
  has(p: string): boolean { return this.position(p) >= 0; }
  keys(): SetIterator<string> { return this[Symbol.iterator](); }
  values(): SetIterator<string> { return this[Symbol.iterator](); }
  *entries(): SetIterator<[string, string]> { for (const p of this) yield [p, p]; }
  forEach(cb: (value: string, key: string, set: ReadonlySet<string>) => void, thisArg?: unknown): void {
    for (const p of this) cb.call(thisArg, p, p, this);
  }
}

/** Pages given as a list of paths (any tree): the list, a set of it and a lookup of positions. */
export class ListedPages extends PageSet {
  readonly count: number;
  readonly size: number;
  readonly position: (p: string) => number;
  private readonly set: Set<string>;
  constructor(private readonly paths: readonly string[]) {
    super();
    this.count = paths.length;
    this.set = new Set(paths);
    this.size = this.set.size;
    this.position = positionLookup(paths);
  }
  override has(p: string): boolean { return this.set.has(p); }
  at(k: number): string { return this.paths[k]!; }
  [Symbol.iterator](): SetIterator<string> { return this.set.values(); }
}

/**
 * Pages as positions in a tree's listing, in the listing's order. Two names a disk decoded
 * to one path (not UTF-8) are neighbours in it, and one page here.
 */
export class TablePages extends PageSet {
  readonly count: number;
  readonly size: number;
  constructor(private readonly listing: TreeListing, private readonly at_: Int32Array) {
    super();
    this.count = at_.length;
    let n = 0;
    for (const _ of this) n++;
    this.size = n;
  }
  at(k: number): string { return this.listing.paths.at(this.at_[k]!); }
  *[Symbol.iterator](): SetIterator<string> {
    let last: string | undefined;
    for (let k = 0; k < this.count; k++) {
      const p = this.at(k);
      if (p !== last) yield p;
      last = p;
    }
  }
  position(p: string): number {
    const i = this.listing.paths.find(p);
    if (i < 0) return -1;
    let lo = 0;
    let hi = this.at_.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = this.at_[mid]!;
      if (v === i) return mid;
      if (v < i) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

/** The files of a tree's listing that `isPage` takes, as pages by position. */
export function tablePages(listing: TreeListing, isPage: (p: string) => boolean): TablePages {
  const at: number[] = [];
  for (let i = 0; i < listing.paths.length; i++) if (listing.kinds[i] === FILE_KIND && isPage(listing.paths.at(i))) at.push(i);
  return new TablePages(listing, Int32Array.from(at));
}
