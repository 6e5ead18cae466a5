// A directory of a commit as a Tree: every format loads from `<ref>:<path>` exactly as from disk,
// without a checkout. Listing walks tree objects only; blobs are inflated on read.
import { grow } from '../core/arrays.js';
import { sortUtf8 } from '../core/paths.js';
import { PathTableBuilder, type PathTable } from '../core/path-table.js';
import { KINDS, listedEntries, smallInt, TreeReadError, type EntryKind, type Tree, type TreeEntry, type TreeListing } from '../core/tree.js';
import type { GitRepo } from './repo.js';
import { MODES, OID, plainlySafe } from './object-parse.js';
import { ObjectIds } from './object-ids.js';

interface Node {
  oid: string;
  kind: EntryKind;
  /** A file's size, when the listing has it. */
  size?: number;
}

/**
 * Every entry below the tree but its folders, by position in UTF-8 order of path as a listing
 * has them (kinds by their number in KINDS), with each one's object id; and the folders' paths.
 */
interface Walked {
  paths: PathTable;
  kinds: Uint8Array;
  ids: ObjectIds;
  dirs: Set<string>;
}

const FILE = KINDS.indexOf('file');
const DIR: Node = { oid: '', kind: 'dir' };

function kindOf(mode: string, type: string): EntryKind {
  if (type === 'blob') return mode === '120000' ? 'symlink' : 'file';
  // Submodules (gitlinks) have no content in this repository.
  return 'other';
}

/** Runs `fn` over `items` with at most `n` in flight (fs handles stay bounded on 10k-file trees). */
async function mapLimit<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

export class GitTree implements Tree {
  private walking: Promise<Walked> | undefined;
  private listingMade: Promise<TreeListing> | undefined;
  /** The listing once made (sizes included): entry() answers from it. */
  private listed: TreeListing | undefined;
  /** The walk once done: readTransient() answers from it. */
  private walked: Walked | undefined;
  /** Files whose blob id git itself printed for this tree (`know`), answered without reading trees. */
  private readonly known = new Map<string, Node>();

  /**
   * @param treeOid the tree object at `prefix` in `commit`
   * @param prefix path of this tree inside the repository ('' for the root), for messages
   */
  constructor(
    readonly repo: GitRepo,
    readonly commit: string,
    readonly treeOid: string,
    readonly prefix: string,
    readonly label: string,
  ) {}

  /**
   * The tree objects below this one, read depth first into a path table, a kind and an id each: a
   * map of a node object a path held ~470 bytes a file (~47 MB at 100,000, issue 39). Each folder's
   * entries are taken in the UTF-8 order of their names with a folder's followed by "/", git's own
   * order: walked so, the paths come in UTF-8 order of path ("a-b" < "a.md" < "a/x" < "a0"), as
   * a directory's walk gives them, and nothing is sorted at the end.
   */
  private walk(): Promise<Walked> {
    this.walking ??= (async () => {
      const paths = new PathTableBuilder();
      let kinds = new Uint8Array(1024);
      const ids = new ObjectIds(ObjectIds.widthOf(this.treeOid));
      const dirs = new Set<string>();
      let last = '';
      const visit = async (oid: string, rel: string): Promise<void> => {
        const entries = sortUtf8(await this.repo.readTreeEntries(oid, { keep: false }), (e) => (e.type === 'tree' ? `${e.path}/` : e.path));
        for (const e of entries) {
          const p = rel ? `${rel}/${e.path}` : e.path;
          if (e.type === 'tree') {
            dirs.add(p);
            await visit(e.oid, p);
            continue;
          }
          const kind = KINDS.indexOf(kindOf(e.mode, e.type));
          // A name twice in one tree (which git itself never writes): the last one, as a map by path answered.
          if (p === last) {
            kinds[paths.count - 1] = kind;
            ids.set(paths.count - 1, e.oid);
            continue;
          }
          kinds = grow(kinds, paths.count + 1);
          kinds[paths.count] = kind;
          paths.add(p);
          ids.push(e.oid);
          last = p;
        }
      };
      await visit(this.treeOid, '');
      ids.trim();
      this.walked = { paths: paths.done(), kinds: kinds.slice(0, paths.count), ids, dirs };
      return this.walked;
    })();
    return this.walking;
  }

  /**
   * The listing: the walk's table with each file's size, from its object's header (a pack entry's,
   * or a small loose object inflated and kept for its read), else by reading the blob.
   */
  listing(): Promise<TreeListing> {
    this.listingMade ??= (async () => {
      const w = await this.walk();
      const sizes = new Float64Array(w.paths.length);
      const unsure: number[] = [];
      for (let i = 0; i < w.paths.length; i++) {
        if (w.kinds[i] !== FILE) continue;
        const size = this.repo.objects.size(w.ids.at(i));
        if (size === undefined) unsure.push(i);
        else sizes[i] = size;
      }
      await mapLimit(unsure, 32, async (i) => { sizes[i] = await this.repo.blobSize(w.ids.at(i)); });
      // Every size is known here (a git tree says its blobs' sizes cheaply, from their headers).
      const listed: TreeListing = { paths: w.paths, kinds: w.kinds, sizes, size: (i) => sizes[i]! };
      this.listed = listed;
      return listed;
    })();
    return this.listingMade;
  }

  async list(): Promise<TreeEntry[]> {
    return [...listedEntries(await this.listing())];
  }

  entry(path: string): TreeEntry | undefined {
    const l = this.listed;
    const i = l ? l.paths.find(path) : -1;
    // The caller's own string is the entry's path: an equal one from the table would be a copy.
    return i < 0 ? undefined : { path, kind: KINDS[l!.kinds[i]!]!, size: smallInt(l!.sizes[i]!) };
  }

  async read(path: string): Promise<Buffer> {
    const n = await this.node(path);
    if (!n || n.kind === 'dir') throw new TreeReadError(`${path}: no such file in ${this.label}`, path);
    if (n.kind !== 'file') throw new TreeReadError(`${path}: not a regular file in ${this.label}`, path);
    return this.repo.readBlob(n.oid);
  }

  /**
   * A listed file's bytes, read at once and kept by nobody (see GitRepo.readBlobNow); undefined
   * before the walk, for anything but a listed file, or when the blob must be read otherwise.
   */
  readTransient(path: string): Buffer | undefined {
    const w = this.walked;
    const i = w ? w.paths.find(path) : -1;
    return i < 0 || w!.kinds[i] !== FILE ? undefined : this.repo.readBlobNow(w!.ids.at(i));
  }

  async stat(path: string): Promise<TreeEntry | undefined> {
    const n = await this.node(path);
    if (!n) return undefined;
    if (n.kind === 'dir') return { path, kind: 'dir', size: 0 };
    return { path, kind: n.kind, size: n.kind === 'file' ? n.size ?? await this.repo.blobSize(n.oid) : 0 };
  }

  /**
   * Records what git printed for a non-folder entry of this tree (`git diff-tree --raw` of this
   * tree's object id), so that reading it costs no tree object: a diff of 1% of a large tree would
   * otherwise parse every entry of each folder that changed. Taken only where a tree read would give
   * the same answer without the library: a mode this parser knows and every name plainly safe;
   * anything else is left to the lookup. Returns whether it was recorded.
   */
  know(path: string, mode: string, oid: string): boolean {
    const m = MODES[mode];
    if (!m || m[1] === 'tree' || !OID.test(oid)) return false;
    if (!path.split('/').every(plainlySafe)) return false;
    this.known.set(path, { oid, kind: kindOf(m[0], m[1]) });
    return true;
  }

  /**
   * One path's node. Before the tree has been walked, only the trees along the path are read, so
   * reading a manifest (format detection, a diff of changed files) does not walk the whole tree.
   */
  private async node(path: string): Promise<Node | undefined> {
    if (this.walking) {
      const w = await this.walking;
      const i = w.paths.find(path);
      if (i < 0) return w.dirs.has(path) ? DIR : undefined;
      const l = this.listed;
      return { oid: w.ids.at(i), kind: KINDS[w.kinds[i]!]!, ...(l ? { size: smallInt(l.sizes[i]!) } : {}) };
    }
    const known = this.known.get(path);
    if (known) return known;
    // A tree path has no empty segment ('a//b' names nothing, as in the walked listing).
    if (!path || path.split('/').includes('')) return undefined;
    const t = await this.repo.lookupIn(this.treeOid, path);
    if (!t) return undefined;
    return t.type === 'tree' ? DIR : { oid: t.oid, kind: kindOf(t.mode, t.type) };
  }

  /** Every file's blob id, from tree objects alone (no blob is read, no size looked up). */
  async fileOids(): Promise<Map<string, string>> {
    const w = await this.walk();
    const out = new Map<string, string>();
    for (let i = 0; i < w.paths.length; i++) if (w.kinds[i] === FILE) out.set(w.paths.at(i), w.ids.at(i));
    return out;
  }

  async files(): Promise<ReadonlySet<string>> {
    const w = await this.walk();
    const out = new Set<string>();
    for (let i = 0; i < w.paths.length; i++) if (w.kinds[i] === FILE) out.add(w.paths.at(i));
    return out;
  }

  /** The git blob id of a file (lets callers skip unchanged files between two versions). */
  async oidOf(path: string): Promise<string | undefined> {
    const w = await this.walk();
    const i = w.paths.find(path);
    return i < 0 ? undefined : w.ids.at(i);
  }
}
