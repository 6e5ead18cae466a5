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
