// The tag pattern a package gets when ctxforge.yaml names none. One package releases under `v*`,
// several under `<name>@v*`; so adding a second package would silently move the first one off the
// `v*` tags it has released under. It keeps them instead — when git shows those tags are its
// releases — and every place that reads the pattern is told so, with the line that makes it explicit.
import { warning, type Diagnostic } from '../core/diagnostics.js';
import { formatByName } from '../formats.js';
import type { GitRepo } from '../git/repo.js';
import { openRefPath } from '../git/ref-spec.js';
import { DEFAULT_TAG_PATTERN, releaseTags } from '../git/tags.js';
import type { RepoConfig } from './config.js';
import './rules.js';

/** What a person must be told about a package's tag pattern, and the config text that settles it. */
export interface TagPatternNote {
  /** 'kept': the package keeps the repository's `v*` tags; 'unclaimed': `v*` tags exist that no package releases under. */
  kind: 'kept' | 'unclaimed';
  message: string;
  /** The exact `ctxforge.yaml` text to add (YAML), … */
  fix: string;
  /** … and where it goes, in words. */
  where: string;
}

export interface PatternedPackage {
  path: string;
  format?: string;
  name: string;
  tagPattern: string;
  /** 'config': ctxforge.yaml names it; 'default': one package v*, several <name>@v*; 'kept': see above. */
  tagPatternFrom: 'config' | 'default' | 'kept';
  tagNote?: TagPatternNote;
  problem?: string;
}

/** A YAML double-quoted scalar (JSON's string syntax is a subset of it). */
const q = (s: string): string => JSON.stringify(s);

function explicitLine(pkg: PatternedPackage, all: readonly PatternedPackage[], cfg: RepoConfig | undefined): { fix: string; where: string } {
  const file = cfg?.file ?? 'ctxforge.yaml';
  const line = `tag_pattern: ${q(DEFAULT_TAG_PATTERN)}`;
  const index = cfg?.packages.findIndex((p) => p.path === pkg.path) ?? -1;
  if (index >= 0) return { fix: line, where: `under packages[${index}] (path: ${q(pkg.path)}) in ${file}` };
  // Detected packages: a per-package pattern needs the package list, and a list names every package.
  const entries = all.map((p) => (p === pkg ? `{path: ${q(p.path)}, ${line}}` : `{path: ${q(p.path)}}`));
  return { fix: `packages: [${entries.join(', ')}]`, where: `in ${file}, which then lists the packages (only listed ones are used)` };
}

/** The package's version at `commit`, or undefined when it is not a source tree there. */
async function versionThere(repo: GitRepo, commit: string, pkg: PatternedPackage): Promise<string | undefined> {
  const module = pkg.format ? formatByName(pkg.format) : undefined;
  if (!module) return undefined;
  const there = await repo.lookup(commit, pkg.path);
  if (there?.type !== 'tree') return undefined;
  try {
    const tree = (await openRefPath(repo, commit, pkg.path)).tree!;
    if (!(await module.isSource(tree))) return undefined;
    // Only the package's own header: its name and version.
    return (await module.items(tree, { only: new Set() })).version;
  } catch {
    return undefined;
  }
}

/**
 * Settles the default patterns of a repository of several packages. Walking the `v*` tags newest
 * first, each must be one package's release (the only one of today's packages carrying the tag's
 * version at its commit), the same package each time, back to a tag where it was the repository's
 * only package: then it keeps `v*` — through releases made after the second package arrived too.
 * Otherwise each defaulted package is told the tags exist and no package claims them. Configured
 * patterns are never changed.
 */
export async function keepFirstPackageTags(repo: GitRepo, pkgs: PatternedPackage[], cfg: RepoConfig | undefined): Promise<void> {
  const defaulted = pkgs.filter((p) => p.tagPatternFrom === 'default' && !p.problem);
  if (pkgs.length < 2 || defaulted.length === 0) return;
  const vTags = releaseTags(await repo.tags(), DEFAULT_TAG_PATTERN);
  // Another package already releasing under v* (configured) owns them.
  if (vTags.length === 0 || pkgs.some((p) => p.tagPatternFrom === 'config' && p.tagPattern === DEFAULT_TAG_PATTERN)) return;
  let owner: PatternedPackage | undefined;
  let alone = false;
  for (const t of vTags) {
    const present: Array<{ pkg: PatternedPackage; version: string }> = [];
    for (const p of pkgs) {
      const version = await versionThere(repo, t.commit, p);
      if (version !== undefined) present.push({ pkg: p, version });
    }
    const carriers = present.filter((x) => x.version === t.version);
    // Not one package's release (another project's tag, or a version two packages share): stop.
    if (carriers.length !== 1 || (owner && carriers[0]!.pkg !== owner)) break;
    owner = carriers[0]!.pkg;
    if (present.length === 1) {
      alone = true;
      break;
    }
  }
  const latest = vTags[0]!;
  const only = alone && owner && defaulted.includes(owner) ? owner : undefined;
  const count = `${vTags.length} release tag${vTags.length === 1 ? '' : 's'} ${DEFAULT_TAG_PATTERN} (newest ${latest.name})`;
  if (only) {
    const p = only;
    const was = p.tagPattern;
    p.tagPattern = DEFAULT_TAG_PATTERN;
    p.tagPatternFrom = 'kept';
    p.tagNote = {
      kind: 'kept',
      message: `${p.path || '.'} keeps its ${count}: it released under them as the repository's only package, and no tag_pattern is configured (otherwise, with ${pkgs.length} packages, it would be tagged ${was})`,
      ...explicitLine(p, pkgs, cfg),
    };
    return;
  }
  for (const p of defaulted) {
    p.tagNote = {
      kind: 'unclaimed',
      message: `the repository has ${count}, which no package claims: with ${pkgs.length} packages and no tag_pattern configured, ${p.path || '.'} is tagged ${p.tagPattern} (they are not the releases of a package that was once the repository's only one); if those tags are its releases, say so (or set tag_pattern: "{name}@v*" at the top of ${cfg?.file ?? 'ctxforge.yaml'} to say they are no package's)`,
      ...explicitLine(p, pkgs, cfg),
    };
  }
}

/** The note in one line, as diagnostics and reports show it. */
export function tagNoteText(n: TagPatternNote): string {
  return `${n.message}. Make it explicit ${n.where}: ${n.fix}`;
}

/** The note as the warning check and release report (the config file named, the fix as the hint). */
export function tagNoteDiagnostic(n: TagPatternNote, file = 'ctxforge.yaml'): Diagnostic {
  return warning(n.kind === 'kept' ? 'CTXFORGE_TAG_PATTERN_KEPT' : 'CTXFORGE_TAG_PATTERN_UNCLAIMED', n.message, { file, hint: `make it explicit ${n.where}: ${n.fix}` });
}
