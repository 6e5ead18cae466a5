// Diagnostic codes of the `skills` commands, in the one rule registry (SKILL_INVALID, from the shared
// skill-folder checks, and SKILL_NORMALISED, from the shared SKILL.md reader, are in core/rules.ts).
import { defineRules } from '../core/rules.js';

defineRules([
  { code: 'SKILL_FILE_SKIPPED', format: 'core', summary: 'A hidden file or folder, or a symbolic link, inside a skills folder is not part of a skill and was left out (lean-ctx skips hidden files too; links are never followed).' },
  { code: 'SKILL_REFUSED', format: 'core', summary: '`skills import` refused a skill (its reasons follow); without --skip-invalid nothing is written.' },
  { code: 'SKILL_NONE', format: 'core', summary: '`skills export`: the package holds no Agent Skills, so there is nothing to export.' },
  { code: 'SKILL_UNBOUND', format: 'core', summary: '`skills export` of a cartridge: a skill file the signature binds only under another path is not exported (a file copied to a new path after signing looks the same) unless named with --allow-unbound; nothing is written.' },
]);
