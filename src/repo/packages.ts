// The packages of a repository — listed in ctxforge.yaml (or a config file the user names), else
// found by asking every format whether a folder is one of its source trees — with the tag pattern
// each one releases under (src/repo/tag-patterns.ts settles the defaults of several packages).
import { readdir } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { DiskTree, isDirectory, toPosix, type Tree } from '../core/tree.js';
import type { FormatName } from '../format.js';
import { detectSource, formatByName } from '../formats.js';
import { linkedComponent } from '../core/no-links.js';
import { findRepo, type GitRepo } from '../git/repo.js';
import { openRefPath } from '../git/ref-spec.js';
import { DEFAULT_TAG_PATTERN, expandTagPattern } from '../git/tags.js';
import { parseRepoConfigAs, repoConfig, type InvalidConfig, type RepoConfig } from './config.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { keepFirstPackageTags, type TagPatternNote } from './tag-patterns.js';
import './rules.js';

/** Folders deeper than this below the root are not searched for packages. */
const MAX_DEPTH = 4;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'lib', 'build', 'target', 'vendor']);

export interface RepoPackage {
  /** Repository-relative POSIX path of the source tree ('' for the root). */
  path: string;
  format?: FormatName;
  /** From ctxforge.yaml, else the folder's base name (also what `{name}` in a tag pattern means). */
  name: string;
  /** The tag pattern with `{name}` expanded, e.g. "v*" or "guide@v*". */
  tagPattern: string;
  /**
   * 'config': ctxforge.yaml names it; 'default': `v*` for one package, `<name>@v*` for several;
   * 'kept': the first package of a repository that got a second keeps its `v*` release tags.
   */
  tagPatternFrom: 'config' | 'default' | 'kept';
  /** What diff, check, list and release must say about the pattern, with the config line that makes it explicit. */
  tagNote?: TagPatternNote;
  /** Raw policy overrides, repository-wide ones first then the package's own. */
  policy: Array<{ where: string; table: Record<string, unknown> }>;
  source: 'config' | 'detected';
  /** Why a configured package is unusable (missing folder, not a source tree). */
  problem?: string;
  /** The diagnostic code of `problem` when it has its own (a symlinked path). */
  problemCode?: string;
}

export interface RepoPackages {
  /** Repository root on disk (or the directory searched, outside git). */
  root: string;
  repo?: GitRepo;
  /** The ref the packages were read at; undefined for the working tree. */
  ref?: string;
  config?: RepoConfig;
  packages: RepoPackage[];
}

export interface DiscoverOptions {
  cwd?: string;
  /** Read the repository at this ref instead of the working tree. */
  ref?: string;
  /** A config file to use instead of the root's ctxforge.yaml (on disk; relative to `cwd`); it must exist. */
  config?: string;
  /**
   * With `ref`, read a named config file that lies inside the repository at that ref too (the PR
   * check's trusted base), not from the working tree; one outside the repository is read from disk.
   */
  configAtRef?: boolean;
  /** An invalid config: refused (default), or with `warn` (a config read at an old tag) left out with a warning in `notes`. */
  onInvalidConfig?: InvalidConfig;
  notes?: Diagnostic[];
}

async function diskDirs(root: string): Promise<string[]> {
  const out: string[] = [''];
  const walk = async (abs: string, rel: string, depth: number): Promise<void> => {
    if (depth >= MAX_DEPTH) return;
    const ents = await readdir(abs, { withFileTypes: true }).catch(() => []);
    for (const d of ents) {
      if (!d.isDirectory() || d.name.startsWith('.') || SKIP_DIRS.has(d.name)) continue;
      const r = rel ? `${rel}/${d.name}` : d.name;
      out.push(r);
      await walk(join(abs, d.name), r, depth + 1);
    }
  };
  await walk(root, '', 0);
  return out;
}

async function gitDirs(repo: GitRepo, commit: string): Promise<string[]> {
  const out: string[] = [''];
  const walk = async (treeOid: string, rel: string, depth: number): Promise<void> => {
    if (depth >= MAX_DEPTH) return;
    for (const e of await repo.readTreeEntries(treeOid)) {
      if (e.type !== 'tree' || e.path.startsWith('.') || SKIP_DIRS.has(e.path)) continue;
      const r = rel ? `${rel}/${e.path}` : e.path;
      out.push(r);
      await walk(e.oid, r, depth + 1);
    }
  };
  await walk(await repo.treeOfCommit(commit), '', 0);
  return out;
}

function patternFor(cfg: RepoConfig | undefined, own: string | undefined, name: string, several: boolean): Pick<RepoPackage, 'tagPattern' | 'tagPatternFrom'> {
  // Several packages sharing "v*" would claim each other's tags, so they default to "<name>@v*".
  const raw = own ?? cfg?.tag_pattern ?? (several ? '{name}@v*' : DEFAULT_TAG_PATTERN);
  return { tagPattern: expandTagPattern(raw, name), tagPatternFrom: own ?? cfg?.tag_pattern ? 'config' : 'default' };
}

/** A named config file as it is in `tree` (the repository root at a ref), else as it is on disk. */
async function configAtRef(tree: Tree, file: string, cwd: string, root: string, o: DiscoverOptions): Promise<RepoConfig | undefined> {
  const rel = relativeToRoot(root, resolve(cwd, file));
  if (rel === undefined || isAbsolute(rel)) return repoConfig(undefined, { file, cwd, root });
  const st = await tree.stat(rel);
  if (st?.kind === 'symlink') fail('CTXFORGE_PATH_OUTSIDE_REPO', `config file ${rel} is a symbolic link, which is not followed`, { file: rel }, 2);
  if (st?.kind === 'file') return parseRepoConfigAs((await tree.read(rel)).toString('utf8'), rel, o.onInvalidConfig ?? 'refuse', o.notes, o.ref);
  // Not there yet: the workflow (trusted) names it, so the file on disk is what it asks for.
  return repoConfig(undefined, { file, cwd, root });
}

/** Finds the packages of the repository around `cwd` (or of `cwd` itself outside git). */
export async function discoverPackages(opts: DiscoverOptions = {}): Promise<RepoPackages> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const repo = await findRepo(cwd);
  if (opts.ref && !repo) fail('CTXFORGE_GIT_NOT_A_REPO', `${cwd} is not inside a git repository, so --ref ${opts.ref} cannot be read`, {}, 2);
  const root = repo?.dir ?? cwd;
  let commit: string | undefined;
  let subtree: (dir: string) => Promise<Tree | undefined>;
  if (opts.ref && repo) {
    commit = await repo.resolveCommit(opts.ref);
    const c = commit;
    subtree = async (dir) => {
      const t = await repo.lookup(c, dir);
      return t?.type === 'tree' ? (await openRefPath(repo, c, dir)).tree : undefined;
    };
  } else {
    subtree = async (dir) => {
      if (linkedComponent(root, dir)) return undefined;
      const abs = join(root, ...dir.split('/').filter(Boolean));
      return (await isDirectory(abs)) ? new DiskTree(abs, dir || '.') : undefined;
    };
  }
  const rootTree = await subtree('');
  const config = opts.ref && opts.configAtRef && opts.config && rootTree
    ? await configAtRef(rootTree, opts.config, cwd, root, opts)
    : await repoConfig(rootTree, { file: opts.config, cwd, root, onInvalid: opts.onInvalidConfig, notes: opts.notes, at: opts.ref });
  const packages: RepoPackage[] = [];
  const topPolicy = config?.policy ? [{ where: `${config.file} policy`, table: config.policy }] : [];

  if (config && config.packages.length > 0) {
    const several = config.packages.length > 1;
    for (const [i, pc] of config.packages.entries()) {
      const name = pc.name ?? (basename(pc.path) || basename(root));
      const pkg: RepoPackage = {
        path: pc.path, name, ...patternFor(config, pc.tag_pattern, name, several),
        policy: [...topPolicy, ...(pc.policy ? [{ where: `${config.file} packages[${i}].policy`, table: pc.policy }] : [])],
        source: 'config',
      };
      const tree = await subtree(pc.path);
      const link = commit ? undefined : linkedComponent(root, pc.path);
      if (link) {
        // The link's target is not shown: it may name a place outside the repository.
        pkg.problem = `${pc.path} is, or passes through, the symbolic link ${link}, which is not followed`;
        pkg.problemCode = 'CTXFORGE_PATH_OUTSIDE_REPO';
      } else if (!tree) pkg.problem = `${pc.path || '.'} does not exist${opts.ref ? ` at ${opts.ref}` : ''}`;
      else if (pc.format) {
        pkg.format = pc.format;
        if (!formatByName(pc.format)) pkg.problem = `format ${pc.format} is not available in this build`;
      } else {
        const m = await detectSource(tree);
        if (m) pkg.format = m.name;
        else pkg.problem = `${pc.path || '.'} is not a source tree of any supported format`;
      }
      packages.push(pkg);
    }
    if (repo) await keepFirstPackageTags(repo, packages, config);
    return { root, repo, ref: opts.ref, config, packages };
  }

  const dirs = commit && repo ? await gitDirs(repo, commit) : await diskDirs(root);
  const found: Array<{ path: string; format: FormatName }> = [];
  for (const dir of dirs) {
    if (found.some((f) => f.path === '' || dir === f.path || dir.startsWith(`${f.path}/`))) continue;
    const tree = await subtree(dir);
    const m = tree ? await detectSource(tree) : undefined;
    if (m) found.push({ path: dir, format: m.name });
  }
  for (const f of found) {
    const name = basename(f.path) || basename(root);
    packages.push({ path: f.path, format: f.format, name, ...patternFor(config, undefined, name, found.length > 1), policy: topPolicy, source: 'detected' });
  }
  if (repo) await keepFirstPackageTags(repo, packages, config);
  return { root, repo, ref: opts.ref, config, packages };
}

/** The package containing the repository path `path` (the deepest one), if any. */
export function packageAt(pkgs: RepoPackages, path: string): RepoPackage | undefined {
  let best: RepoPackage | undefined;
  for (const p of pkgs.packages) {
    if (p.path === '' || path === p.path || path.startsWith(`${p.path}/`)) {
      if (!best || p.path.length > best.path.length) best = p;
    }
  }
  return best;
}

/** The repository-relative path of a directory on disk, or undefined when it is outside `root`. */
export function relativeToRoot(root: string, abs: string): string | undefined {
  const rel = toPosix(relative(root, abs));
  return rel === '..' || rel.startsWith('../') ? undefined : rel;
}
