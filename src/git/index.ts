// The git layer's public surface: repositories, trees at refs, `<ref>:<path>` specs and release tags.
export { GitRepo, findRepo, openRepo, clearRepoCache, type GitTag, type RawTreeEntry, type PathTarget } from './repo.js';
export { GitTree } from './git-tree.js';
export { parseRefSpec, repoPath, openRefPath, resolveRefSpec, type RefSpec, type RefTarget } from './ref-spec.js';
export {
  DEFAULT_TAG_PATTERN, expandTagPattern, tagVersion, tagName, releaseTags, previousReleaseTag,
  type ReleaseTag, type PreviousTagOptions,
} from './tags.js';
