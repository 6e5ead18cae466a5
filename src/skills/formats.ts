// The one place the skills commands reach a format's Agent Skills layout: the `skills` of its module
// in the registry (src/format.ts, src/formats.ts). A format without one holds no skills; the
// commands never know a layout of their own.
import { fail } from '../core/diagnostics.js';
import type { FormatModule, FormatSkills } from '../format.js';

/** Where the skills commands' help and errors send a user who named a format that holds none. */
export const SKILL_FORMATS_HINT = 'skills live in a cartridge (.acx) or a ctxpkg kind: skills pack';

/** The format's skills layout, or a usage error (exit 2) naming the formats that hold skills. */
export function skillsLayout(m: FormatModule): FormatSkills {
  if (!m.skills) fail('CTXFORGE_USAGE', `an ${m.title} package holds no Agent Skills: ${SKILL_FORMATS_HINT}`, {}, 2);
  return m.skills;
}
