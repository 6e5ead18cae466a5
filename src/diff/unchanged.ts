// Which files differ between the two sides of a diff, found without parsing anything: git trees
// are compared by object id, subtree by subtree (an unchanged folder costs one comparison), and a
// working directory is compared with a git tree by the git blob ids of its files. Format modules
// then read only the differing files (`CommonOptions.only`), so a pull request that touches 1% of
// a knowledge base costs about 1% of validating it (issue 7).
import { gitBlobId } from '../git/blob-id.js';
import { DiskTree, type Tree } from '../core/tree.js';
import { GitTree } from '../git/git-tree.js';
import { execGit } from '../core/git-exec.js';

/** Paths (relative to each tree's root) whose content differs or exists on one side only. */
export async function differingPaths(a: Tree, b: Tree): Promise<Set<string> | undefined> {
  if (a instanceof GitTree && b instanceof GitTree && a.repo === b.repo) return compareGitTrees(a, b);
  if (a instanceof GitTree && b instanceof DiskTree) return compareWithDisk(a, b);
  if (b instanceof GitTree && a instanceof DiskTree) return compareWithDisk(b, a);
  return undefined;
}

async function compareGitTrees(a: GitTree, b: GitTree): Promise<Set<string>> {
  return (await changedByGitCli(a, b)) ?? compareGitTreesHere(a, b);
}

/**
 * The same set from `git diff-tree -r --raw` (no diff, no textconv, no filter, neutralised as every
 * call is): git compares the two trees without this process parsing the entries of every folder
 * that changed — 100,000 of them for 1% of the no-records bench edited — which was most of a diff's
 * own time. Each changed file's mode and blob id on each side, which git prints beside its name,
 * are handed to that side's tree (`GitTree.know`), so reading those files parses no tree object
 * either. Undefined (the comparison here is used) when git cannot be run, fails, or prints a name
 * that is not UTF-8 or a line this parser does not expect.
 */
export async function changedByGitCli(a: GitTree, b: GitTree): Promise<Set<string> | undefined> {
  let out: string;
  try {
    out = await execGit(a.repo.dir, [`--git-dir=${a.repo.gitdir}`, 'diff-tree', '-r', '-z', '--no-renames', '--raw', '--no-abbrev', '--no-ext-diff', '--no-textconv', a.treeOid, b.treeOid], {
      // Never a fetch from a promisor remote for a missing object: the library path says what is missing.
      env: { ...process.env, GIT_NO_LAZY_FETCH: '1' }, timeout: 120_000,
    });
  } catch { return undefined; }
  if (out.includes('\ufffd')) return undefined;
  const fields = out.split('\0');
  const changed = new Set<string>();
  const facts: [string, string, string, string, string][] = [];
  // `:<old mode> <new mode> <old id> <new id> <status>` NUL `<path>` NUL, for each changed file.
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const m = RAW.exec(fields[i]!);
    const path = fields[i + 1]!;
    if (!m || !path) return undefined;
    changed.add(path);
    facts.push([path, m[1]!, m[3]!, m[2]!, m[4]!]);
  }
  if (fields.length % 2 !== 1 || fields[fields.length - 1] !== '') return undefined;
  for (const [path, oldMode, oldId, newMode, newId] of facts) {
    if (!ABSENT.test(oldMode)) a.know(path, oldMode, oldId);
    if (!ABSENT.test(newMode)) b.know(path, newMode, newId);
  }
  return changed;
}

const RAW = /^:([0-7]{6}) ([0-7]{6}) ([0-9a-f]{40}|[0-9a-f]{64}) ([0-9a-f]{40}|[0-9a-f]{64}) [A-Z][0-9]*$/;
const ABSENT = /^0+$/;

async function compareGitTreesHere(a: GitTree, b: GitTree): Promise<Set<string>> {
  const out = new Set<string>();
  const all = async (oid: string, rel: string): Promise<void> => {
    for (const e of await a.repo.readTreeEntries(oid)) {
      const p = rel ? `${rel}/${e.path}` : e.path;
      if (e.type === 'tree') await all(e.oid, p);
      else out.add(p);
    }
  };
  const visit = async (oa: string | undefined, ob: string | undefined, rel: string): Promise<void> => {
    if (oa === ob) return;
    const ea = new Map(oa ? (await a.repo.readTreeEntries(oa)).map((e) => [e.path, e]) : []);
    const eb = new Map(ob ? (await b.repo.readTreeEntries(ob)).map((e) => [e.path, e]) : []);
    for (const name of new Set([...ea.keys(), ...eb.keys()])) {
      const x = ea.get(name);
      const y = eb.get(name);
      const p = rel ? `${rel}/${name}` : name;
      if (x && y && x.oid === y.oid && x.mode === y.mode) continue;
      const xt = x?.type === 'tree' ? x.oid : undefined;
      const yt = y?.type === 'tree' ? y.oid : undefined;
      if (xt || yt) await visit(xt, yt, p);
      if ((x && x.type !== 'tree') || (y && y.type !== 'tree')) out.add(p);
    }
  };
  await visit(a.treeOid, b.treeOid, '');
  return out;
}

async function compareWithDisk(g: GitTree, d: DiskTree): Promise<Set<string>> {
  const out = new Set<string>();
  // What is left of the map once every file on disk took its own out: the files only git has.
  const inGit = await g.fileOids();
  for (const e of d.eachEntry()) {
    const oid = inGit.get(e.path);
    inGit.delete(e.path);
    if (!oid || e.kind !== 'file') { out.add(e.path); continue; }
    try {
      if (gitBlobId(await d.read(e.path)) !== oid) out.add(e.path);
    } catch {
      out.add(e.path);
    }
  }
  for (const p of inGit.keys()) out.add(p);
  return out;
}
