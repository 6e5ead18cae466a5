// A directory of a commit as a Tree: every format loads from `<ref>:<path>` exactly as from disk,
// without a checkout. Listing walks tree objects only; blobs are inflated on first read, once.
import { sortUtf8 } from '../core/paths.js';
import { TreeReadError, type EntryKind, type Tree, type TreeEntry } from '../core/tree.js';
import type { GitRepo } from './repo.js';
import { MODES, OID, plainlySafe } from './object-parse.js';

interface Node {
  oid: string;
  mode: string;
  kind: EntryKind;
}

function kindOf(mode: string, type: string): EntryKind {
  if (type === 'blob') return mode === '120000' ? 'symlink' : 'file';
  // Submodules (gitlinks) have no content in this repository.
  return 'other';
}

/** Runs `fn` over `items` with at most `n` in flight (fs handles stay bounded on 10k-file trees). */
async function mapLimit<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  return out;
}

export class GitTree implements Tree {
  private nodes: Promise<Map<string, Node>> | undefined;
  /** Files whose blob id git itself printed for this tree (`know`), answered without reading trees. */
  private readonly known = new Map<string, Node>();
  private dirs = new Set<string>();
  private listed: TreeEntry[] | undefined;

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

  private walk(): Promise<Map<string, Node>> {
    this.nodes ??= (async () => {
      const map = new Map<string, Node>();
      const visit = async (oid: string, rel: string): Promise<void> => {
        const entries = await this.repo.readTreeEntries(oid);
        const subs: Promise<void>[] = [];
        for (const e of entries) {
          const p = rel ? `${rel}/${e.path}` : e.path;
          if (e.type === 'tree') {
            this.dirs.add(p);
            subs.push(visit(e.oid, p));
          } else {
            map.set(p, { oid: e.oid, mode: e.mode, kind: kindOf(e.mode, e.type) });
          }
        }
        await Promise.all(subs);
      };
      await visit(this.treeOid, '');
      return map;
    })();
    return this.nodes;
  }

  async list(): Promise<TreeEntry[]> {
    if (this.listed) return this.listed;
    const nodes = await this.walk();
    const all = [...nodes];
    const entries = await mapLimit(all, 32, async ([path, n]) => ({
      path,
      kind: n.kind,
      size: n.kind === 'file' ? await this.repo.blobSize(n.oid) : 0,
    }));
    this.listed = sortUtf8(entries, (e) => e.path);
    return this.listed;
  }

  async read(path: string): Promise<Buffer> {
    const n = await this.node(path);
    if (!n || n.kind === 'dir') throw new TreeReadError(`${path}: no such file in ${this.label}`, path);
    if (n.kind !== 'file') throw new TreeReadError(`${path}: not a regular file in ${this.label}`, path);
    return this.repo.readBlob(n.oid);
  }

  async stat(path: string): Promise<TreeEntry | undefined> {
    const n = await this.node(path);
    if (!n) return undefined;
    if (n.kind === 'dir') return { path, kind: 'dir', size: 0 };
    return { path, kind: n.kind, size: n.kind === 'file' ? await this.repo.blobSize(n.oid) : 0 };
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
    this.known.set(path, { oid, mode: m[0], kind: kindOf(m[0], m[1]) });
    return true;
  }

  /**
   * One path's node. Before the tree has been walked, only the trees along the path are read, so
   * reading a manifest (format detection, a diff of changed files) does not walk the whole tree.
   */
  private async node(path: string): Promise<(Node | { kind: 'dir'; oid: string; mode: string }) | undefined> {
    if (this.nodes) {
      const n = (await this.nodes).get(path);
      return n ?? (this.dirs.has(path) ? { kind: 'dir', oid: '', mode: '040000' } : undefined);
    }
    const known = this.known.get(path);
    if (known) return known;
    // A tree path has no empty segment ('a//b' names nothing, as in the walked listing).
    if (!path || path.split('/').includes('')) return undefined;
    const t = await this.repo.lookupIn(this.treeOid, path);
    if (!t) return undefined;
    return t.type === 'tree' ? { kind: 'dir', oid: t.oid, mode: t.mode } : { oid: t.oid, mode: t.mode, kind: kindOf(t.mode, t.type) };
  }

  /** Every file's blob id, from tree objects alone (no blob is read, no size looked up). */
  async fileOids(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [p, n] of await this.walk()) if (n.kind === 'file') out.set(p, n.oid);
    return out;
  }

  /** The git blob id of a file (lets callers skip unchanged files between two versions). */
  async oidOf(path: string): Promise<string | undefined> {
    return (await this.walk()).get(path)?.oid;
  }
}
