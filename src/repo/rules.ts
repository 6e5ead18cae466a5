// Diagnostic codes of repository config, package discovery and reproduction, in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_REPO_CONFIG_INVALID', format: 'git', summary: 'ctxforge.yaml at the repository root (or the config file named with --config) is not valid.' },
  { code: 'CTXFORGE_REPO_CONFIG_MISSING', format: 'git', summary: 'The config file named with --config (the Action\'s `config` input) does not exist or cannot be read.' },
  { code: 'CTXFORGE_PATH_OUTSIDE_REPO', format: 'git', summary: 'A package path or config file is, or passes through, a symbolic link: links are never followed, since one can lead outside the repository.' },
  { code: 'CTXFORGE_REPO_PACKAGE_UNKNOWN', format: 'git', summary: 'No package (configured or detected) matches the given path.' },
  { code: 'CTXFORGE_REPRODUCE_MISMATCH', format: 'git', summary: 'Rebuilding the package from git at the given ref did not confirm the artifact: not the same bytes, nor (signed, without the key) the same unsigned content under a signature that verifies.' },
  { code: 'CTXFORGE_BUILD_UNCOMMITTED', format: 'git', summary: 'Warning: the source folder has uncommitted changes, so the build will not match a build of the commit (whose time it uses by default).' },
  { code: 'CTXFORGE_KEY_NOT_IGNORED', format: 'git', summary: 'Warning: keygen wrote a private key inside a git work tree where git does not ignore it.' },
  { code: 'CTXFORGE_REPRODUCE_NO_SOURCE', format: 'git', summary: 'No source tree for the artifact was found at the given ref.' },
  { code: 'CTXFORGE_TAG_PATTERN_KEPT', format: 'git', summary: 'Warning: a repository that had one package now has several, and no tag_pattern is configured: the first package keeps releasing under its `v*` tags (the message gives the ctxforge.yaml line that makes it explicit).' },
  { code: 'CTXFORGE_TAG_PATTERN_UNCLAIMED', format: 'git', summary: 'Warning: the repository has `v*` release tags, but with several packages and no tag_pattern configured no package releases under them, so their previous release is not found (the message gives the ctxforge.yaml line to claim them).' },
]);
