// Release tags: which tags belong to a package (a pattern like `v*` or `guide@v*`), their SemVer
// order, and the previous release of a version.
import { fail } from '../core/diagnostics.js';
import { compareSemver, isPrerelease, isSemver } from '../core/semver.js';
import type { GitTag } from './repo.js';
import './rules.js';

export const DEFAULT_TAG_PATTERN = 'v*';

export interface ReleaseTag extends GitTag {
  version: string;
}

/**
 * Checks a tag pattern and expands `{name}` (the package name). Exactly one `*` stands for the
 * version, so that `guide@v*` never captures `guide-extra@v1.0.0`.
 */
export function expandTagPattern(pattern: string, name?: string): string {
  let p = pattern;
  if (p.includes('{name}')) {
    if (!name) fail('CTXFORGE_GIT_TAG_PATTERN', `tag pattern ${JSON.stringify(pattern)} uses {name} but the package has no name`, {}, 2);
    p = p.split('{name}').join(name);
  }
  if (p.split('*').length !== 2) fail('CTXFORGE_GIT_TAG_PATTERN', `tag pattern ${JSON.stringify(pattern)} must contain exactly one "*" (the version), e.g. "v*" or "guide@v*"`, {}, 2);
  return p;
}

/** The SemVer version a tag name carries under `pattern`, or undefined when it does not match. */
export function tagVersion(tagName: string, pattern: string): string | undefined {
  const [pre, post] = pattern.split('*') as [string, string];
  if (!tagName.startsWith(pre) || !tagName.endsWith(post) || tagName.length < pre.length + post.length) return undefined;
  const v = tagName.slice(pre.length, tagName.length - post.length);
  return isSemver(v) ? v : undefined;
}

/** The tag name a version gets under `pattern`. */
export function tagName(version: string, pattern: string): string {
  return pattern.replace('*', version);
}

/** Tags matching `pattern`, highest version first (build metadata ties broken by name). */
export function releaseTags(tags: readonly GitTag[], pattern: string): ReleaseTag[] {
  const out: ReleaseTag[] = [];
  for (const t of tags) {
    const version = tagVersion(t.name, pattern);
    if (version) out.push({ ...t, version });
  }
  return out.sort((a, b) => compareSemver(b.version, a.version) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface PreviousTagOptions {
  pattern?: string;
  /**
   * The version being released. The previous release is the highest tag at or below it — "at"
   * matters: an unbumped version whose tag already exists on another commit is compared with that
   * tag, so that changed content under an old version shows up as a version error.
   */
  version?: string;
  /**
   * A tag on this commit carrying `version` is the release itself, never its predecessor (CI
   * running at the tag). Other tags on it stay candidates: a working tree edited on top of a
   * tagged HEAD compares with that tag.
   */
  excludeCommit?: string;
  /**
   * Whether prereleases count as predecessors. Default: only when `version` is itself a
   * prerelease, so 1.3.0's notes compare with 1.2.0 (not 1.3.0-rc.2) while 1.3.0-rc.2's compare
   * with 1.3.0-rc.1.
   */
  includePrereleases?: boolean;
}

export function previousReleaseTag(tags: readonly GitTag[], opts: PreviousTagOptions = {}): ReleaseTag | undefined {
  const pattern = opts.pattern ?? DEFAULT_TAG_PATTERN;
  const v = opts.version && isSemver(opts.version) ? opts.version : undefined;
  const withPre = opts.includePrereleases ?? (v ? isPrerelease(v) : false);
  const candidates = releaseTags(tags, pattern).filter((t) =>
    !(t.commit === opts.excludeCommit && (!v || compareSemver(t.version, v) === 0)) && (!v || compareSemver(t.version, v) <= 0));
  const stable = candidates.find((t) => !isPrerelease(t.version));
  if (!withPre) {
    // With no version to compare to and only prereleases tagged, the newest prerelease is still
    // the best predecessor there is.
    return stable ?? (v ? undefined : candidates[0]);
  }
  return candidates[0];
}
