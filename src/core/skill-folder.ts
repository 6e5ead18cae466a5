// The Agent Skills rules for one skill folder (agentskills.io and its skills-ref validator): SKILL.md
// present, its frontmatter by the shared reader and checks (agent-skill.ts, Unicode names as
// skills-ref), each finding a SKILL_INVALID diagnostic with its file and line. Shared by the skills
// commands and a ctxpkg kind: skills pack's validation; a format's own limits (a cartridge's ASCII
// names and portable paths, a ctxpkg pack's caps) are the format's to add.
import { error, info, warning, type Diagnostic } from './diagnostics.js';
import { checkSkillMd, readSkillMd, ASCII_SKILL_NAME, type SkillFinding, type SkillFolder } from './agent-skill.js';

export interface SkillVerdict {
  diagnostics: Diagnostic[];
  /** The findings behind them, for callers that treat some rules apart (import moves unknown keys). */
  findings: Array<SkillFinding & { diagnostic: Diagnostic }>;
}

/** `at` is how diagnostics name the folder (its path as the user gave it). */
export function checkSkillFolder(s: SkillFolder, at: string): SkillVerdict {
  const findings: SkillVerdict['findings'] = [];
  const add = (f: SkillFinding, file: string) => {
    const mk = f.severity === 'error' ? error : f.severity === 'warning' ? warning : info;
    findings.push({ ...f, diagnostic: mk('SKILL_INVALID', f.message, { file, line: f.line }) });
  };
  let md = s.files.find((f) => f.rel === 'SKILL.md');
  if (!md) {
    const lower = s.files.find((f) => f.rel.toLowerCase() === 'skill.md');
    if (!lower) { add({ severity: 'error', rule: 'layout', message: 'no SKILL.md here (a skill is a folder holding SKILL.md and any other files)' }, at); return done(findings); }
    add({ severity: 'warning', rule: 'skill-md-case', message: `${lower.rel}: the specification and a cartridge require SKILL.md (skills-ref also accepts skill.md)` }, `${at}/${lower.rel}`);
    md = lower;
  }
  const file = `${at}/${md.rel}`;
  const r = readSkillMd(md.bytes);
  for (const f of r.findings) add(f, file);
  if (!r.md) return done(findings);
  for (const f of checkSkillMd(r.md, { folder: s.name, names: 'agentskills' })) add(f, file);
  const name = r.md.fields.find((x) => x.key === 'name');
  if (typeof name?.value === 'string' && !ASCII_SKILL_NAME.test(name.value) && !findings.some((x) => x.rule === 'name' && x.severity === 'error')) {
    add({ severity: 'info', rule: 'ascii-name', message: `the name ${JSON.stringify(name.value)} is valid Agent Skills (Unicode lowercase), but a cartridge holds ASCII names only (ACX §5.2): a ctxpkg skills pack can hold this skill, a cartridge cannot`, line: name.line }, file);
  }
  return done(findings);
}

function done(findings: SkillVerdict['findings']): SkillVerdict {
  return { diagnostics: findings.map((f) => f.diagnostic), findings };
}
