// Diagnostic codes of the `skills` commands, in the one rule registry (SKILL_INVALID is registered
// with the other content codes in sync/rules.ts; SKILL_NORMALISED with the shared SKILL.md reader).
import { defineRules } from '../core/rules.js';
import '../sync/rules.js';

defineRules([
  { code: 'SKILL_FILE_SKIPPED', format: 'core', summary: 'A hidden file or folder, or a symbolic link, inside a skills folder is not part of a skill and was left out (lean-ctx skips hidden files too; links are never followed).' },
  { code: 'SKILL_REFUSED', format: 'core', summary: '`skills import` refused a skill (its reasons follow); without --skip-invalid nothing is written.' },
]);
