// Diagnostic codes the git layer emits, registered in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_GIT_NOT_A_REPO', format: 'git', summary: 'The directory is not inside a git repository.' },
  { code: 'CTXFORGE_GIT_REF_UNKNOWN', format: 'git', summary: 'A git ref (branch, tag, commit) does not resolve to a commit.' },
  { code: 'CTXFORGE_GIT_PATH_MISSING', format: 'git', summary: 'A path does not exist in the git tree at the given ref.' },
  { code: 'CTXFORGE_GIT_OBJECT_UNREADABLE', format: 'git', summary: 'A git object could not be read (missing, corrupt or of an unexpected type).' },
  { code: 'CTXFORGE_EVENT_REF_INVALID', format: 'git', summary: 'A tag name from GITHUB_REF or --tag is not a valid git ref name; it never reaches git.' },
  { code: 'CTXFORGE_EVENT_SHA_INVALID', format: 'git', summary: 'A commit id in the workflow event payload is not 40 or 64 hexadecimal digits; it never reaches git.' },
  { code: 'CTXFORGE_GIT_TAG_PATTERN', format: 'git', summary: 'A tag pattern is not valid: it needs exactly one "*" standing for the version.' },
]);
