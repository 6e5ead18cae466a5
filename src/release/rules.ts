// Diagnostic codes the release pipeline and the PR check emit, registered in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_RELEASE_TAG', format: 'release', summary: 'No usable release tag: none given or at HEAD, not a version, missing in git, or matching no package\'s tag pattern.' },
  { code: 'CTXFORGE_RELEASE_VERSION_MISMATCH', format: 'release', summary: 'The tag\'s version differs from the version the package declares.' },
  { code: 'CTXFORGE_RELEASE_NOT_AT_TAG', format: 'release', summary: 'The work tree is not at the tagged commit, so the artifacts would not match the tag.' },
  { code: 'CTXFORGE_RELEASE_DIRTY', format: 'release', summary: 'The package has uncommitted changes; the release cannot be rebuilt from git.' },
  { code: 'CTXFORGE_RELEASE_SHALLOW', format: 'release', summary: 'No previous release tag was found in a shallow clone: the notes may call a package released before an initial release.' },
  { code: 'CTXFORGE_RELEASE_NO_PACKAGES', format: 'release', summary: 'No package was found (or none at the given path).' },
  { code: 'CTXFORGE_CHECK_CONFIG_CHANGED', format: 'release', summary: 'The pull request changes ctxforge.yaml\'s package list or change policy; the base\'s config decides the check (fail-on `config` fails on loosening).' },
  { code: 'CTXFORGE_CHECK_PACKAGE_GONE', format: 'release', summary: 'A package of the base commit\'s config cannot be checked at the head (folder gone, a symlink, unreadable).' },
  { code: 'CTXFORGE_RELEASE_PACKAGE_UNUSABLE', format: 'release', summary: 'A package listed in ctxforge.yaml is missing or not a source tree.' },
  { code: 'CTXFORGE_RELEASE_INVALID', format: 'release', summary: 'A released package is invalid; nothing was built.' },
  { code: 'CTXFORGE_RELEASE_NAME_CLASH', format: 'release', summary: 'Two packages build artifacts with the same file name.' },
  { code: 'CTXFORGE_RELEASE_UNSIGNED', format: 'release', summary: 'No signing key: SHA256SUMS is not signed and ctxpkg/acx artifacts carry no signature.' },
  { code: 'CTXFORGE_RELEASE_ASSET_CONFLICT', format: 'release', summary: 'The GitHub release already has an asset of that name with different bytes.' },
  { code: 'CTXFORGE_RELEASE_TARGET_MOVED', format: 'release', summary: 'The GitHub release was made from another commit than the one its tag now names; refused unless overwrite, which replaces its notes and target too.' },
  { code: 'CTXFORGE_RELEASE_IMMUTABLE', format: 'release', summary: 'The published release is immutable and differs from this build; it is never changed.' },
  { code: 'CTXFORGE_RELEASE_VERIFY', format: 'release', summary: 'An uploaded asset does not match the local file when listed again; the release stays a draft.' },
  { code: 'CTXFORGE_RELEASE_PUBLISHED_MISMATCH', format: 'release', summary: 'After publishing, an asset downloaded again differs from the file that was built; the release is public and must not be used.' },
  { code: 'CTXFORGE_REPORT_INVALID', format: 'release', summary: 'mode comment: the saved check report is missing, too large or not a ctxforge report, or the event is not a workflow_run of a pull_request check.' },
  { code: 'CTXFORGE_RELEASE_UPLOAD', format: 'release', summary: 'An asset could not be uploaded.' },
  { code: 'CTXFORGE_RELEASE_CHANGED', format: 'release', summary: 'A file changed on disk while the release was running.' },
  { code: 'CTXFORGE_RELEASE_STEP', format: 'release', summary: 'A release step failed unexpectedly.' },
  { code: 'CTXFORGE_LIST_NO_BASE', format: 'release', summary: 'mode list on a pull request: the base commit is not in the clone, so the matrix cannot be decided by the base\'s config; the list fails closed.' },
  { code: 'CTXFORGE_CHECK_NO_BASE', format: 'release', summary: 'The PR base commit is not in the clone; packages were validated but not diffed (an error when fail-on includes version or breaking).' },
  { code: 'CTXFORGE_CHECK_DIFF', format: 'release', summary: 'A package could not be diffed against the PR base (an error when fail-on includes version or breaking: the check fails closed).' },
]);
