// Diagnostic codes the diff emits, registered in the one rule registry.
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'CTXFORGE_DIFF_IDENTITY_CHANGED', format: 'diff', summary: 'The two versions have different package identities (e.g. OCTX asset.id): they are different packages, not versions of one.' },
  { code: 'CTXFORGE_DIFF_FORMAT_MISMATCH', format: 'diff', summary: 'The two versions are of different formats.' },
  { code: 'CTXFORGE_DIFF_DUPLICATE_ID', format: 'diff', summary: 'Two items of one kind share an ID, so versions cannot be matched by it.' },
  { code: 'CTXFORGE_DIFF_POLICY_INVALID', format: 'diff', summary: 'A change-policy override is not "<kind>.<change>[.<attr>]: breaking|feature|fix|none".' },
  { code: 'CTXFORGE_DIFF_NO_BASE', format: 'diff', summary: 'No old version to compare with could be chosen (name one, or tag a release).' },
]);
