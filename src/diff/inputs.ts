// Diff what the user names — artifacts, directories or `<ref>:<path>` — as one call: resolve both
// sides, load their items through their format modules, find the repository's policy and tag
// pattern, and compare. Also picks the previous release tag when no old side is named.
import { DiagnosticError, error, fail } from '../core/diagnostics.js';
import { stat } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import type { CommonOptions, PackageSummary } from '../format.js';
import { resolveInput, type ResolvedInput } from '../inputs.js';
import { readPair } from './read-pair.js';
import { findRepo, type GitRepo } from '../git/repo.js';
import { parseRefSpec, repoPath } from '../git/ref-spec.js';
import { DEFAULT_TAG_PATTERN, previousReleaseTag, tagVersion, type ReleaseTag } from '../git/tags.js';
import { readRepoConfig, readConfigFile } from '../repo/config.js';
import { discoverPackages, packageAt, relativeToRoot, type RepoPackage } from '../repo/packages.js';
import { DiskTree, toPosix } from '../core/tree.js';
import '../repo/git-inputs.js';
import { diffSummaries, type DiffResult } from './compare.js';
import { checkPolicy, mergePolicy, type PolicyTable } from './policy.js';
import './rules.js';

export interface DiffInputsOptions extends CommonOptions {
  cwd?: string;
  /** Skip format detection. */
  format?: string;
  /** Overrides applied on top of ctxforge.yaml's (which apply on top of the defaults). */
  policy?: PolicyTable;
  /** Ignore ctxforge.yaml (policy and tag pattern). */
  noConfig?: boolean;
  /** Config file (on disk, relative to cwd) instead of ctxforge.yaml at the repository root. */
  config?: string;
  /** A tag name to check against the new version (release jobs run at a tag). */
  tag?: string;
  /** Tag pattern for `tag` and previous-release discovery (default: the package's, else "v*"). */
  tagPattern?: string;
}

interface Side {
  spec: string;
  label: string;
  summary: PackageSummary;
  repo?: GitRepo;
  /** Repository-relative path of the source or artifact, when it is inside a repository. */
  repoPath?: string;
  commit?: string;
}

interface Where {
  repo?: GitRepo;
  repoPath?: string;
  commit?: string;
}

async function locate(spec: string, cwd: string): Promise<Where> {
  const abs = resolve(cwd, spec);
  const st = await stat(abs).catch(() => undefined);
  if (st) {
    const repo = await findRepo(st.isDirectory() ? abs : dirname(abs));
    return repo ? { repo, repoPath: relativeToRoot(repo.dir, abs) } : {};
  }
  const rs = parseRefSpec(spec);
  if (!rs) return {};
  const repo = await findRepo(cwd);
  if (!repo) return {};
  return { repo, repoPath: repoPath(repo, rs.path, cwd), commit: await repo.resolveCommit(rs.ref) };
}

interface Loaded extends Side {
  resolved: ResolvedInput;
  /** The `only` set the summary was read with (undefined: everything was read). */
  readWith?: ReadonlySet<string>;
}

const NOTHING: ReadonlySet<string> = new Set();

/**
 * Resolves a side and reads its summary. `only` lets a module read just those files (NOTHING:
 * just the package's own header, for its name and version).
 */
async function loadSide(spec: string, opts: DiffInputsOptions, only?: ReadonlySet<string>): Promise<Loaded> {
  const cwd = opts.cwd ?? process.cwd();
  const r = await resolveInput(spec, { cwd, format: opts.format });
  return { spec, ...(await summarize(r, opts, only)), resolved: r, ...(await locate(spec, cwd)) };
}

async function summarize(r: ResolvedInput, opts: DiffInputsOptions, only?: ReadonlySet<string>, other?: ResolvedInput): Promise<{ label: string; summary: PackageSummary; readWith?: ReadonlySet<string> }> {
  const common: CommonOptions = {
    limits: opts.limits, env: opts.env,
    ...(only && r.kind === 'source' ? { only, ...(other?.kind === 'source' ? { other: other.tree } : {}) } : {}),
  };
  const summary = r.kind === 'source' ? await r.module.items(r.tree, common) : await r.module.items(r.input, common);
  return { label: r.label, summary, ...(summary.partial ? { readWith: only } : {}) };
}

/**
 * Both summaries of a comparison, read by `readPair`'s rule (both sides source trees of one format:
 * only the differing files). The new side was read already — its header alone, or whole — and is
 * read again unless it was read whole and the old side was too.
 */
async function loadPair(oldSpec: string, neu: Loaded, opts: DiffInputsOptions): Promise<[Side, Side]> {
  const cwd = opts.cwd ?? process.cwd();
  const oldR = await resolveInput(oldSpec, { cwd, format: opts.format });
  const nr = neu.resolved;
  const [oldTree, newTree] = oldR.kind === 'source' && nr.kind === 'source' && oldR.module === nr.module ? [oldR.tree, nr.tree] : [];
  const pair = await readPair(oldTree, newTree,
    async (only) => (await summarize(oldR, opts, only, nr)).summary,
    async (only) => (only === undefined && neu.readWith === undefined ? neu.summary : (await summarize(nr, opts, only, oldR)).summary));
  const old = { spec: oldSpec, label: oldR.label, summary: pair.old, ...(await locate(oldSpec, cwd)) };
  return [old, pair.neu === neu.summary ? neu : { ...neu, summary: pair.neu, readWith: pair.readWith }];
}

/** `v1.2.0` alone, next to a new side inside a repository, means that tag's copy of the same path. */
async function expandBareRef(oldSpec: string, neu: Side, cwd: string): Promise<string> {
  if (parseRefSpec(oldSpec) || neu.repoPath === undefined || !neu.repo) return oldSpec;
  if (await stat(resolve(cwd, oldSpec)).catch(() => undefined)) return oldSpec;
  return `${oldSpec}:${neu.repoPath}`;
}

interface PackageContext {
  policy: PolicyTable;
  pkg?: RepoPackage;
}

async function packageContext(side: Side, opts: DiffInputsOptions, needPattern: boolean): Promise<PackageContext> {
  const user = opts.policy ? checkPolicy(opts.policy, 'policy option') : {};
  if (opts.noConfig || !side.repo || side.repoPath === undefined) return { policy: user };
  // Policy and patterns come from the working tree's ctxforge.yaml: the rules of the repository as
  // it is now judge every pair of versions, old tags included.
  const config = opts.config ? resolve(opts.cwd ?? process.cwd(), opts.config) : undefined;
  const cfg = config ? await readConfigFile(config, { cwd: side.repo.dir, root: side.repo.dir }) : await readRepoConfig(new DiskTree(side.repo.dir));
  if (!cfg && !needPattern) return { policy: user };
  const pkgs = await discoverPackages({ cwd: side.repo.dir, config });
  const pkg = packageAt(pkgs, side.repoPath);
  const tables = pkg ? pkg.policy.map((p) => checkPolicy(p.table, p.where)) : cfg?.policy ? [checkPolicy(cfg.policy, `${cfg.file} policy`)] : [];
  return { policy: mergePolicy(...tables, user), pkg };
}

/** `usedPattern`: the package's tag pattern chose the old side or judges --tag, so its note belongs in the result. */
function compare(old: Side | null, neu: Side, ctx: PackageContext, opts: DiffInputsOptions, usedPattern: boolean): DiffResult {
  const pattern = opts.tagPattern ?? ctx.pkg?.tagPattern ?? DEFAULT_TAG_PATTERN;
  return diffSummaries(old?.summary ?? null, neu.summary, {
    policy: ctx.policy,
    oldLabel: old?.label,
    newLabel: neu.label,
    oldCommit: old?.commit,
    newCommit: neu.commit,
    tag: opts.tag ? { name: opts.tag, pattern, version: tagVersion(opts.tag, pattern) } : undefined,
    // The note explains the package's own pattern; a --tag-pattern given by hand needs none.
    ...(usedPattern && ctx.pkg?.tagNote && !opts.tagPattern ? { tagNote: ctx.pkg.tagNote } : {}),
  });
}

/**
 * Compares two versions. `oldSpec` null means an initial release (everything is added). A bare
 * ref as `oldSpec` ("v1.2.0") means the same path as the new side, at that ref.
 */
export async function diffInputs(oldSpec: string | null, newSpec: string, opts: DiffInputsOptions = {}): Promise<DiffResult> {
  const cwd = opts.cwd ?? process.cwd();
  const first = await loadSide(newSpec, opts, oldSpec === null ? undefined : NOTHING).catch(async (e: unknown) => {
    // When the new side cannot be read, say whether the old one can: two mistyped paths are
    // named together, not one per run.
    if (oldSpec === null || !(e instanceof DiagnosticError) || e.diagnostic.code !== 'CTXFORGE_IO') throw e;
    const old = await resolveInput(oldSpec, { cwd, format: opts.format }).then(() => undefined, (o: unknown) => (o instanceof DiagnosticError && o.diagnostic.code === 'CTXFORGE_IO' ? o : undefined));
    if (!old) throw e;
    throw new DiagnosticError(error('CTXFORGE_IO', `neither side can be read: ${oldSpec} and ${newSpec} (no such file, directory or <ref>:<path>)`), 2, [old.diagnostic, e.diagnostic]);
  });
  const [old, neu] = oldSpec === null ? [null, first] : await loadPair(await expandBareRef(oldSpec, first, cwd), first, opts);
  return compare(old, neu, await packageContext(neu, opts, !!opts.tag && !opts.tagPattern), opts, !!opts.tag);
}

export interface PreviousRelease {
  /** `<tag>:<path>` of the previous release, or null when there is none (initial release). */
  spec: string | null;
  tag?: ReleaseTag;
  pattern: string;
}

async function previousFor(neu: Side, ctx: PackageContext, opts: DiffInputsOptions): Promise<PreviousRelease> {
  const pattern = opts.tagPattern ?? ctx.pkg?.tagPattern ?? DEFAULT_TAG_PATTERN;
  if (!neu.repo || neu.repoPath === undefined) return { spec: null, pattern };
  // A working tree is compared with tags other than the one on HEAD (CI at a release tag), a
  // `<ref>:<path>` with tags other than the one on its commit.
  const head = neu.commit ?? (await neu.repo.resolveCommit('HEAD').catch(() => undefined));
  const tag = previousReleaseTag(await neu.repo.tags(), { pattern, version: neu.summary.version, excludeCommit: head });
  if (!tag) return { spec: null, pattern };
  const there = await neu.repo.lookup(tag.commit, neu.repoPath);
  // The package did not exist at that release (added later, or moved): nothing to compare with.
  if (!there) return { spec: null, tag, pattern };
  return { spec: `${tag.name}:${neu.repoPath}`, tag, pattern };
}

/** The previous release of what `newSpec` names: the highest matching tag at or below its version. */
export async function findPreviousRelease(newSpec: string, opts: DiffInputsOptions = {}): Promise<PreviousRelease> {
  const neu = await loadSide(newSpec, opts);
  return previousFor(neu, await packageContext(neu, opts, true), opts);
}

/** Compares `newSpec` with its previous release tag, or reports an initial release when there is none. */
export async function diffWithPreviousRelease(newSpec: string, opts: DiffInputsOptions = {}): Promise<DiffResult & { previous_tag: string | null }> {
  const first = await loadSide(newSpec, opts, NOTHING);
  const ctx = await packageContext(first, opts, true);
  const prev = await previousFor(first, ctx, opts);
  const [old, neu] = prev.spec ? await loadPair(prev.spec, first, opts) : [null, first.readWith ? { ...first, ...(await summarize(first.resolved, opts)) } : first];
  return { ...compare(old, neu, ctx, opts, true), previous_tag: prev.spec ? prev.tag!.name : null };
}

/** The working-tree package a bare `ctxforge diff` means: the one containing `cwd`, or the only one. */
export async function defaultPackageDir(cwd: string, config?: string): Promise<string> {
  const pkgs = await discoverPackages({ cwd, config });
  const here = relativeToRoot(pkgs.root, resolve(cwd));
  const usable = pkgs.packages.filter((p) => !p.problem);
  const inside = here !== undefined ? packageAt({ ...pkgs, packages: usable }, here) : undefined;
  const pick = inside ?? (usable.length === 1 ? usable[0] : undefined);
  if (!pick) {
    fail('CTXFORGE_DIFF_NO_BASE', usable.length === 0
      ? `no package found in ${pkgs.root}`
      : `${usable.length} packages in ${pkgs.root} (${usable.map((p) => p.path || '.').join(', ')}): name the one to diff`, {
      hint: 'ctxforge diff <old> <new>, e.g. ctxforge diff v1.2.0 knowledge/  — `ctxforge list` shows the packages',
    }, 2);
  }
  // Relative, so that labels in notes and JSON do not carry the machine's checkout path.
  return toPosix(relative(resolve(cwd), resolve(pkgs.root, pick.path))) || '.';
}
