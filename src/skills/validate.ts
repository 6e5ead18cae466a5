// `skills validate`: one skill folder or a folder of skills against the Agent Skills rules.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { readSkillsDir } from './read.js';
import { checkSkillFolder } from '../core/skill-folder.js';

export interface ValidateResult { skills: string[]; valid: string[]; invalid: string[]; single: boolean; diagnostics: Diagnostic[] }

export async function validateSkills(dir: string, label = dir): Promise<ValidateResult> {
  const r = await readSkillsDir(dir, label);
  const diagnostics = [...r.diagnostics];
  if (!r.skills.length) diagnostics.push(error('SKILL_INVALID', `${label} holds no skill: a skill folder holds SKILL.md, a folder of skills holds <name>/SKILL.md`, { file: label }));
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const s of r.skills) {
    const v = checkSkillFolder(s, r.at.get(s.name)!);
    diagnostics.push(...v.diagnostics);
    (v.diagnostics.some((d) => d.severity === 'error') ? invalid : valid).push(s.name);
  }
  return { skills: r.skills.map((s) => s.name), valid, invalid, single: r.single, diagnostics };
}
