// The diff's public surface: compare versions by stable ID, classify by policy, render notes.
export {
  diffInputs, diffWithPreviousRelease, findPreviousRelease, defaultPackageDir,
  type DiffInputsOptions, type PreviousRelease,
} from './inputs.js';
export {
  diffSummaries, compareItems, fingerprint, failingFindings,
  type Change, type DiffResult, type VersionSide, type TagCheck, type CompareOptions,
} from './compare.js';
export {
  DEFAULT_POLICY, CHANGE_TYPES, SEVERITIES, checkPolicy, mergePolicy, severityOf, requiredBump, bumpCovers,
  type ChangeType, type Severity, type PolicyTable,
} from './policy.js';
export { renderDiffMarkdown, tagNoteMarkdown, type MarkdownOptions } from './markdown.js';
export { renderDiffText } from './text.js';
export { groupChanges, type ItemChanges } from './group.js';
export { diffJson } from './json.js';
