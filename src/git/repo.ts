// One git repository read through isomorphic-git: refs to commits, commit times, tags, paths at a
// commit, and blobs — with one object cache per repository per run, so every blob is inflated once.
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type * as Git from 'isomorphic-git';
import { lazyRequire } from '../core/lazy.js';

const gitLib = lazyRequire<typeof Git>('isomorphic-git');
import { fail } from '../core/diagnostics.js';
import { ObjectStore } from './object-store.js';
import { readTagRefs } from './tag-refs.js';
import { parseCommitObject, parseTagTarget, parseTreeObject, type CommitInfo } from './object-parse.js';
import './rules.js';
import { KeptUnderBudget } from '../core/kept.js';

export interface GitTag {
  /** Short name, e.g. "v1.2.0" or "guide@v1.2.0". */
  name: string;
  /** The commit the tag points to (annotated tags peeled). */
  commit: string;
  annotated: boolean;
}

export interface RawTreeEntry {
  mode: string;
  path: string;
  oid: string;
  type: 'blob' | 'tree' | 'commit';
}

export type PathTarget = { type: 'tree' | 'blob' | 'commit'; oid: string; mode: string };

/** How many parsed tree entries a repository keeps (~130 bytes each). */
const TREE_KEEP_ENTRIES = 50_000;
/** How many bytes of inflated blobs a repository keeps for the next reader of the same blob. */
const BLOB_KEEP_BYTES = 8 * 1024 * 1024;

export class GitRepo {
  /** isomorphic-git's object cache (parsed pack indexes, packfiles), shared by every call. */
  readonly cache: object = {};
  /** Blobs being inflated (one inflation however many ask at once). */
  private readonly inflating = new Map<string, Promise<Buffer>>();
  /** Blobs inflated, kept under a budget: a tree's files shared by two refs are inflated once, and
   * reading every file of a large tree does not keep its content. */
  private readonly blobs = new KeptUnderBudget<Buffer>(BLOB_KEEP_BYTES, (b) => b.length);
  /** Trees being read, then parsed trees kept under a budget of entries (a walk of a large tree
   * copies what it needs; lookups along a path read the same few trees again and again). */
  private readonly treesReading = new Map<string, Promise<RawTreeEntry[]>>();
  private readonly trees = new KeptUnderBudget<RawTreeEntry[]>(TREE_KEEP_ENTRIES, (t) => t.length + 1);
  /** Blob sizes already known (a number each: a listing asks every blob's size once). */
  private readonly sizes = new Map<string, number>();
  /** Objects read without the library where that is simple (its fallback is always right). */
  readonly objects: ObjectStore;
  private tagsMemo: Promise<GitTag[]> | undefined;
  /** How many blobs were inflated (tests and benchmarks check "each blob once"). */
  blobReads = 0;
  /** How many tree objects were read (a diff of a few files reads none of their folders). */
  treeReads = 0;
  /** How many times packed-refs was read for the tag list (once per run, whatever the tag count). */
  packedRefsReads = 0;

  /** `headDir` differs from `gitdir` in a linked worktree, whose HEAD is its own. */
  constructor(readonly dir: string, readonly gitdir: string, private readonly headDir: string = gitdir) {
    this.objects = new ObjectStore(gitdir);
  }

  /** A linked worktree (`git worktree add`): its HEAD and index live apart from the shared objects. */
  get linkedWorktree(): boolean {
    return this.headDir !== this.gitdir;
  }

  private get base() {
    return { fs, dir: this.dir, gitdir: this.gitdir, cache: this.cache };
  }

  /** Commit oid of a ref: branch, tag (annotated or not), HEAD, full or abbreviated oid, with ~N / ^N suffixes. */
  async resolveCommit(ref: string): Promise<string> {
    const m = /^(.*?)((?:[~^]\d*)*)$/.exec(ref)!;
    const name = m[1]!;
    const suffix = m[2]!;
    if (!name) fail('CTXFORGE_GIT_REF_UNKNOWN', `${JSON.stringify(ref)} is not a git ref`, {}, 2);
    let oid = await this.resolveName(name);
    if (oid === undefined) {
      fail('CTXFORGE_GIT_REF_UNKNOWN', `${JSON.stringify(name)} is not a branch, tag or commit of the repository at ${this.dir}`, {
        hint: 'list tags with `git tag`; use <ref>:<path>, e.g. v1.2.0:knowledge/',
      }, 2);
    }
    oid = await this.peelToCommit(oid, name);
    for (const step of suffix.match(/[~^]\d*/g) ?? []) {
      const n = step.length > 1 ? Number(step.slice(1)) : 1;
      if (step[0] === '~') {
        for (let i = 0; i < n; i++) oid = await this.parent(oid, 0, ref);
      } else if (n > 0) {
        oid = await this.parent(oid, n - 1, ref);
      }
    }
    return oid;
  }

  private async resolveName(name: string): Promise<string | undefined> {
    if (name === 'HEAD' && this.headDir !== this.gitdir) {
      const head = (await readFile(join(this.headDir, 'HEAD'), 'utf8').catch(() => '')).trim();
      name = head.startsWith('ref: ') ? head.slice(5) : head;
    }
    try {
      return await gitLib().resolveRef({ fs, dir: this.dir, gitdir: this.gitdir, ref: name });
    } catch {
      // not a ref name; maybe an abbreviated oid
    }
    if (/^[0-9a-f]{4,40}$/i.test(name)) {
      try {
        return await gitLib().expandOid({ ...this.base, oid: name.toLowerCase() });
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  private async peelToCommit(oid: string, name: string): Promise<string> {
    for (let depth = 0; depth < 10; depth++) {
      const o = await this.peelStep(oid, name);
      if (o.type === 'commit') return oid;
      if (o.type === 'tag') {
        oid = o.target;
        continue;
      }
      fail('CTXFORGE_GIT_REF_UNKNOWN', `${JSON.stringify(name)} names a ${o.type}, not a commit`, {}, 2);
    }
    fail('CTXFORGE_GIT_REF_UNKNOWN', `${JSON.stringify(name)}: tag chain too deep`, {}, 2);
  }

  /** An object's type, and for an annotated tag the object it points to. */
  private async peelStep(oid: string, what: string): Promise<{ type: string; target: string }> {
    const direct = await this.objects.read(oid);
    const target = direct?.type === 'tag' ? parseTagTarget(direct.body) : '';
    if (direct && target !== undefined) return { type: direct.type, target };
    try {
      const o = await gitLib().readObject({ ...this.base, oid });
      return { type: o.type, target: o.type === 'tag' ? (o.object as { object: string }).object : '' };
    } catch (e) {
      fail('CTXFORGE_GIT_OBJECT_UNREADABLE', `cannot read git object ${oid} (${what}): ${(e as Error).message}`, {}, 2);
    }
  }

  private async parent(oid: string, index: number, ref: string): Promise<string> {
    const c = await this.commit(oid);
    const p = c.parent[index];
    if (!p) fail('CTXFORGE_GIT_REF_UNKNOWN', `${JSON.stringify(ref)}: commit ${oid.slice(0, 12)} has no parent #${index + 1}`, {}, 2);
    return p;
  }

  async commit(oid: string): Promise<CommitInfo> {
    const direct = await this.objects.read(oid);
    const parsed = direct?.type === 'commit' ? parseCommitObject(direct.body) : undefined;
    if (parsed) return parsed;
    try {
      return (await gitLib().readCommit({ ...this.base, oid })).commit;
    } catch (e) {
      fail('CTXFORGE_GIT_OBJECT_UNREADABLE', `cannot read commit ${oid}: ${(e as Error).message}`, {}, 2);
    }
  }

  /** Committer time of a commit, seconds since 1970: the default build epoch of a release. */
  async commitTime(oid: string): Promise<number> {
    return (await this.commit(oid)).committer.timestamp;
  }

  /** Time of the last commit at or before `oid` that changed `path` (what `git log -1 -- path` says). */
  async lastChangeTime(oid: string, path: string): Promise<number> {
    if (!path) return this.commitTime(oid);
    const log = await gitLib().log({ ...this.base, ref: oid, filepath: path, depth: 1 });
    return log[0]?.commit.committer.timestamp ?? this.commitTime(oid);
  }

  async tags(): Promise<GitTag[]> {
    this.tagsMemo ??= (async () => {
      const out: GitTag[] = [];
      for (const { name, oid, peeled } of await readTagRefs(this.gitdir, () => { this.packedRefsReads++; })) {
        // packed-refs' peel line already names what an annotated tag points to: no object read.
        if (peeled) {
          if ((await this.peelStep(peeled, name).catch(() => undefined))?.type === 'commit') out.push({ name, commit: peeled, annotated: true });
          continue;
        }
        const o = await this.peelStep(oid, name).catch(() => undefined);
        if (!o) continue;
        if (o.type === 'commit') out.push({ name, commit: oid, annotated: false });
        else if (o.type === 'tag') {
          const commit = await this.peelToCommit(oid, name).catch(() => undefined);
          if (commit) out.push({ name, commit, annotated: true });
        }
      }
      return out;
    })();
    return this.tagsMemo;
  }

  async treeOfCommit(oid: string): Promise<string> {
    return (await this.commit(oid)).tree;
  }

  /**
   * A tree's entries, by name. `keep: false` for a reader that reads each tree once (a walk of the
   * whole tree, which keeps what it needs in its own table): kept, the last 50,000 entries read
   * stayed on the heap for the rest of the run (~6 MB), for lookups that the walk's table answers.
   */
  readTreeEntries(treeOid: string, { keep = true } = {}): Promise<RawTreeEntry[]> {
    const kept = this.trees.get(treeOid);
    if (kept) return Promise.resolve(kept);
    let p = this.treesReading.get(treeOid);
    if (!p) {
      this.treeReads++;
      p = this.objects.read(treeOid).then(async (o) => {
        const direct = o?.type === 'tree' ? parseTreeObject(o.body) : undefined;
        return direct ?? ((await gitLib().readTree({ ...this.base, oid: treeOid })).tree as RawTreeEntry[]);
      });
      this.treesReading.set(treeOid, p);
      p.then((t) => { if (keep) this.trees.keep(treeOid, t); }, () => undefined).finally(() => this.treesReading.delete(treeOid));
    }
    return p;
  }

  /** The object at `path` (POSIX, relative to the repository root; '' is the root) in a commit. */
  async lookup(commitOid: string, path: string): Promise<PathTarget | undefined> {
    return this.lookupIn(await this.treeOfCommit(commitOid), path);
  }

  /** The object at `path` below the tree `treeOid` ('' is the tree itself); reads only the trees on the way. */
  async lookupIn(treeOid: string, path: string): Promise<PathTarget | undefined> {
    let cur: PathTarget = { type: 'tree', oid: treeOid, mode: '040000' };
    for (const seg of path.split('/').filter(Boolean)) {
      if (cur.type !== 'tree') return undefined;
      const e = (await this.readTreeEntries(cur.oid)).find((x) => x.path === seg);
      if (!e) return undefined;
      cur = { type: e.type, oid: e.oid, mode: e.mode };
    }
    return cur;
  }

  /**
   * A blob's bytes, inflated once however many trees or versions share it — while it is among the
   * last BLOB_KEEP_BYTES read.
   */
  readBlob(oid: string): Promise<Buffer> {
    const kept = this.blobs.get(oid);
    if (kept) return Promise.resolve(kept);
    let p = this.inflating.get(oid);
    if (!p) {
      p = this.objects.read(oid).then(async (direct) => {
        this.blobReads++;
        if (direct?.type === 'blob') return direct.body;
        const r = await gitLib().readBlob({ ...this.base, oid });
        return Buffer.from(r.blob.buffer, r.blob.byteOffset, r.blob.byteLength);
      });
      this.inflating.set(oid, p);
      p.then((b) => this.blobs.keep(oid, b), () => undefined).finally(() => this.inflating.delete(oid));
    }
    return p;
  }

  /**
   * A blob's bytes read at once, for a caller that checks them and keeps nothing of them; not kept
   * for a next reader either. Kept, each blob of a one-pass check of a large tree lived past two
   * young collections into V8's old space, and its bytes (outside the heap, in malloc's) waited
   * there for a full collection (glibc's heap at the peak of a validate of 100,000 documents: 81 MB;
   * read so, 17 MB; issue 39). Undefined when it cannot be read so (then readBlob).
   */
  readBlobNow(oid: string): Buffer | undefined {
    const kept = this.blobs.get(oid);
    if (kept) return kept;
    if (this.inflating.has(oid)) return undefined;
    const o = this.objects.readNow(oid);
    if (o?.type !== 'blob') return undefined;
    this.blobReads++;
    return o.body;
  }

  /** A blob's size without inflating it when the object header tells (else by reading it). */
  async blobSize(oid: string): Promise<number> {
    const known = this.sizes.get(oid);
    if (known !== undefined) return known;
    const cached = this.blobs.get(oid) ?? this.inflating.get(oid);
    const size = cached ? (await cached).length : this.objects.size(oid) ?? (await this.readBlob(oid)).length;
    this.sizes.set(oid, size);
    return size;
  }
}

const repos = new Map<string, GitRepo>();

/**
 * The nearest folder at or above `dir` that holds a `.git` (a folder, or a file naming one), as
 * isomorphic-git's findRoot finds it, without loading the library (~50–90 ms of every validate
 * and diff start, issue 28).
 */
function findRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (fs.existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** Where `.git` is for a work tree root: a directory, or a `gitdir:` file (worktrees, submodules). */
async function gitdirOf(root: string): Promise<{ gitdir: string; headDir: string }> {
  const dotgit = join(root, '.git');
  const st = await fs.promises.stat(dotgit);
  if (st.isDirectory()) return { gitdir: dotgit, headDir: dotgit };
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotgit, 'utf8'));
  if (!m) return { gitdir: dotgit, headDir: dotgit };
  const gd = isAbsolute(m[1]!) ? m[1]! : resolve(root, m[1]!);
  // Linked worktrees keep objects and refs in the common dir; isomorphic-git reads one gitdir.
  const common = await readFile(join(gd, 'commondir'), 'utf8').catch(() => undefined);
  return { gitdir: common ? resolve(gd, common.trim()) : gd, headDir: gd };
}

/** The repository containing `cwd`, or undefined outside git. One instance (and cache) per run. */
export async function findRepo(cwd: string): Promise<GitRepo | undefined> {
  const root = findRoot(resolve(cwd));
  if (root === undefined) return undefined;
  const { gitdir, headDir } = await gitdirOf(root);
  let r = repos.get(headDir);
  if (!r) {
    r = new GitRepo(root, gitdir, headDir);
    repos.set(headDir, r);
  }
  return r;
}

export async function openRepo(cwd: string): Promise<GitRepo> {
  const r = await findRepo(cwd);
  if (!r) fail('CTXFORGE_GIT_NOT_A_REPO', `${cwd} is not inside a git repository`, { hint: 'run inside a git checkout, or pass artifacts / directories instead of <ref>:<path>' }, 2);
  return r;
}

/** Drops every per-run cache (long-lived processes between runs; tests), closing the pack files held open. */
export function clearRepoCache(): void {
  for (const r of repos.values()) r.objects.close();
  repos.clear();
}
