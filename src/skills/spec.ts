// Agent Skills folders (agentskills.io): `<name>/SKILL.md` with YAML frontmatter — name (1–64
// lowercase letters, digits and single hyphens, equal to the folder), description (1–1024),
// optional license, compatibility (1–500), metadata (string → string), allowed-tools (a
// space-separated string, or a list) — plus optional scripts/, references/ and assets/.
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import { parseYamlSafe, splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import '../sync/rules.js';

export const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

export interface SkillFile { rel: string; bytes: Buffer }
export interface Skill { name: string; files: SkillFile[]; frontmatter?: Record<string, unknown> }

/** Checks one skill: its SKILL.md and the names of its files. `at` is how diagnostics name the folder. */
export function checkSkill(skill: Skill, at: string): Diagnostic[] {
  const d: Diagnostic[] = [];
  const file = `${at}/SKILL.md`;
  const bad = (m: string, line?: number) => d.push(error('SKILL_INVALID', `${file}: ${m}`, { file, line }));
  if (!SKILL_NAME.test(skill.name) || skill.name.length > 64) d.push(error('SKILL_INVALID', `${at}: a skill folder is named like its skill: 1–64 lowercase letters, digits and single hyphens`, { file: at }));
  const md = skill.files.find((f) => f.rel === 'SKILL.md');
  if (!md) { d.push(error('SKILL_INVALID', `${at} has no SKILL.md`, { file: at })); return d; }
  const text = decodeUtf8(md.bytes);
  if (text === undefined) { bad('not valid UTF-8'); return d; }
  const fm = splitFrontmatter(stripBom(text).replace(/\r\n?/g, '\n'));
  if (!fm.present) { bad('must begin with --- fenced YAML frontmatter holding name and description', 1); return d; }
  let v: unknown;
  try { v = parseYamlSafe(fm.yaml, { lineOffset: fm.yamlLine - 1 }); } catch (e) { bad(`frontmatter: ${(e as Error).message}`, fm.yamlLine); return d; }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) { bad('frontmatter must be a mapping', fm.yamlLine); return d; }
  const m = v as Record<string, unknown>;
  skill.frontmatter = m;
  const lines = fm.yaml.split('\n');
  const lineOf = (k: string) => { const i = lines.findIndex((l) => l.startsWith(`${k}:`)); return i < 0 ? fm.yamlLine : fm.yamlLine + i; };
  for (const k of Object.keys(m)) if (!FIELDS.includes(k)) d.push(warning('SKILL_INVALID', `${file}: unknown frontmatter key ${JSON.stringify(k)} (the specification names ${FIELDS.join(', ')}); put extra facts under metadata`, { file, line: lineOf(k) }));
  if (typeof m.name !== 'string' || !SKILL_NAME.test(m.name) || m.name.length > 64) bad('name must be 1–64 characters of lowercase letters, digits and hyphens, not starting or ending with a hyphen, no two hyphens in a row', lineOf('name'));
  else if (m.name !== skill.name) bad(`name ${JSON.stringify(m.name)} must equal its folder name ${JSON.stringify(skill.name)}`, lineOf('name'));
  if (typeof m.description !== 'string' || m.description.trim() === '' || m.description.length > 1024) bad('description must say what the skill does and when to use it, in 1–1024 characters', lineOf('description'));
  if (m.license !== undefined && typeof m.license !== 'string') bad('license must be a string (a licence name or a bundled file)', lineOf('license'));
  if (m.compatibility !== undefined && (typeof m.compatibility !== 'string' || m.compatibility.length < 1 || m.compatibility.length > 500)) bad('compatibility must be a string of 1–500 characters', lineOf('compatibility'));
  if (m.metadata !== undefined && (typeof m.metadata !== 'object' || m.metadata === null || Array.isArray(m.metadata) || Object.values(m.metadata).some((x) => typeof x !== 'string'))) bad('metadata must map strings to strings', lineOf('metadata'));
  const tools = m['allowed-tools'];
  if (tools !== undefined && typeof tools !== 'string' && !(Array.isArray(tools) && tools.every((t) => typeof t === 'string'))) bad('allowed-tools must be a space-separated string or a list of strings', lineOf('allowed-tools'));
  for (const f of skill.files) {
    if (f.rel.split('/').some((s) => s.startsWith('.'))) d.push(warning('SKILL_INVALID', `${at}/${f.rel}: hidden files are not part of a skill`, { file: `${at}/${f.rel}` }));
  }
  return d;
}

/** allowed-tools as the one string form hosts read (the list form joined with spaces). */
export function allowedToolsString(v: unknown): string | undefined {
  return Array.isArray(v) ? v.join(' ') : typeof v === 'string' ? v : undefined;
}
