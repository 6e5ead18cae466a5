// Commit ids from a workflow event payload (pull_request.base.sha, head.sha, before/after) are
// checked before they reach git: a pull request's payload can carry anything, and a value starting
// with "-" or naming a ref would be read by git as an option or a different commit.
import { fail } from '../core/diagnostics.js';
import './rules.js';

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** `value` when it is a full SHA-1 or SHA-256 object id (lower-case hex); else exit 2 with CTXFORGE_EVENT_SHA_INVALID. */
export function eventSha(value: unknown, where: string): string {
  if (typeof value !== 'string' || !SHA.test(value)) {
    // The value itself is not shown: it is hostile text that would land in the log.
    fail('CTXFORGE_EVENT_SHA_INVALID', `${where} in the event payload is not a commit id (40 or 64 hexadecimal digits)`, {}, 2);
  }
  return value;
}

/**
 * A tag name from the environment (GITHUB_REF) or the command line, as `git check-ref-format`
 * allows it: no control characters, spaces or `~^:?*[\`, no `..` or `@{`, no leading `-` or `.`,
 * no trailing `/`, `.` or `.lock`, no empty path component. Else exit 2 with CTXFORGE_EVENT_REF_INVALID.
 */
export function eventTag(value: string, where: string): string {
  const bad = !value || value.length > 255 || /[\u0000-\u0020\u007f~^:?*[\\]/.test(value) || value.includes('..') || value.includes('@{') || value === '@'
    || value.startsWith('-') || value.split('/').some((c) => c === '' || c.startsWith('.') || c.endsWith('.lock')) || value.endsWith('.');
  if (bad) fail('CTXFORGE_EVENT_REF_INVALID', `${where} does not name a valid git tag`, { hint: 'a release tag looks like v1.2.3 or guide@v1.2.3' }, 2);
  return value;
}
