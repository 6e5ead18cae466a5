// The one place the skills commands reach a format's layout: each format that can hold skills
// exports its reader and writer of skill folders (src/<format>/skill-folders.ts); the commands never
// know a layout of their own.
import { fail } from '../core/diagnostics.js';
import type { ArtifactInput, FormatName, SkillFolder } from '../format.js';
import type { Tree } from '../core/tree.js';
import type { Diagnostic } from '../core/diagnostics.js';
import * as acx from '../acx/skill-folders.js';
import * as ctxpkg from '../ctxpkg/skill-folders.js';

export interface SkillsLayout {
  readSkillFolders(input: Tree | ArtifactInput): Promise<SkillFolder[]>;
  /** `existing`: the pack's other documents and their sizes (a ctxpkg pack's caps count them). */
  write(skills: SkillFolder[], o: { extNamespace?: string; existing?: Map<string, number> }): {
    files: Map<string, Buffer>; notes: Diagnostic[]; refused: Map<string, Diagnostic[]>; pack?: Diagnostic[]; owned: string[];
  };
  /** Whether unknown frontmatter keys are moved out of SKILL.md (a cartridge) or kept as written (a ctxpkg pack). */
  movesUnknownKeys: boolean;
}

export function skillsLayout(format: FormatName): SkillsLayout {
  if (format === 'acx') return { readSkillFolders: acx.readSkillFolders, write: (s, o) => acx.writeSkillFolders(s, { extNamespace: o.extNamespace }), movesUnknownKeys: true };
  if (format === 'ctxpkg') return { readSkillFolders: ctxpkg.readSkillFolders, write: (s, o) => ctxpkg.writeSkillFolders(s, { existing: o.existing }), movesUnknownKeys: false };
  fail('CTXFORGE_USAGE', `an ${format} package holds no Agent Skills: skills go into a cartridge (.acx) or a ctxpkg kind: skills pack`, {}, 2);
}
