// Skill bundles (SPEC §5): the SKILL.md frontmatter rules, the allowed layout under
// rom/skills/<name>/, and the acx_skill index row re-derived from the files.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseYamlSafe, splitFrontmatter, stripBom, YamlSafetyError } from '../core/yaml-safe.js';
import { sha256Hex } from '../core/hash.js';
import { sortUtf8 } from '../core/paths.js';
import { decodeUtf8 } from '../core/utf8.js';

export const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ALLOWED = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
export const SKILL_SCHEMA_VERSION = 'acx.skill/1';

export interface Frontmatter {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  'allowed-tools'?: string | string[];
}

/** Checks SKILL.md text; `file` is where diagnostics point (source path or sqlar name). */
export function checkSkillMd(bytes: Buffer, dirName: string, file: string): { fm?: Frontmatter; diagnostics: Diagnostic[] } {
  const d: Diagnostic[] = [];
  const err = (message: string, line?: number) => d.push(error('ACX_SKILL_FRONTMATTER', message, { file, line }));
  const text = decodeUtf8(bytes);
  if (text === undefined) { err('SKILL.md is not valid UTF-8'); return { diagnostics: d }; }
  const split = splitFrontmatter(stripBom(text));
  if (!split.present) { err('SKILL.md must begin with --- fenced YAML frontmatter', 1); return { diagnostics: d }; }
  let doc: unknown;
  try { doc = parseYamlSafe(split.yaml, { lineOffset: split.yamlLine - 1 }); } catch (e) {
    err(`frontmatter: ${e instanceof YamlSafetyError ? e.reason : (e as Error).message}`, e instanceof YamlSafetyError ? e.line : split.yamlLine);
    return { diagnostics: d };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) { err('frontmatter must be a YAML mapping', split.yamlLine); return { diagnostics: d }; }
  const fm = doc as Record<string, unknown>;
  const lineOf = (k: string): number => {
    const i = split.yaml.split('\n').findIndex((l) => l.startsWith(`${k}:`));
    return i < 0 ? split.yamlLine : split.yamlLine + i;
  };
  for (const k of Object.keys(fm)) if (!ALLOWED.includes(k)) err(`unknown frontmatter key ${JSON.stringify(k)}: only ${ALLOWED.join(', ')} are allowed (host fields go in acx_skill.ext)`, lineOf(k));
  if (typeof fm.name !== 'string' || !SKILL_NAME.test(fm.name) || fm.name.length > 64) err('name must be 1–64 characters of lowercase letters, digits and single hyphens', lineOf('name'));
  else if (fm.name !== dirName) err(`name ${JSON.stringify(fm.name)} must equal its directory ${JSON.stringify(dirName)}`, lineOf('name'));
  if (typeof fm.description !== 'string' || fm.description.length < 1 || fm.description.length > 1024) err('description must be a string of 1–1024 characters', lineOf('description'));
  if (fm.license !== undefined && typeof fm.license !== 'string') err('license must be a string', lineOf('license'));
  if (fm.compatibility !== undefined && (typeof fm.compatibility !== 'string' || fm.compatibility.length < 1 || fm.compatibility.length > 500)) err('compatibility must be a string of 1–500 characters', lineOf('compatibility'));
  // agentskills.io now accepts both forms: a space-delimited string or a YAML list of strings.
  const tools = fm['allowed-tools'];
  if (tools !== undefined && typeof tools !== 'string' && !(Array.isArray(tools) && tools.every((t) => typeof t === 'string' && t.trim() !== ''))) {
    err('allowed-tools must be a space-delimited string or a list of non-empty strings', lineOf('allowed-tools'));
  }
  if (fm.metadata !== undefined) {
    const m = fm.metadata;
    if (typeof m !== 'object' || m === null || Array.isArray(m) || Object.values(m).some((v) => typeof v !== 'string')) err('metadata must map strings to strings', lineOf('metadata'));
  }
  return d.length ? { diagnostics: d } : { fm: fm as unknown as Frontmatter, diagnostics: d };
}

const RESOURCE_DIRS = ['references', 'scripts', 'assets'];

/** Where a path below skills/ may be: SKILL.md, or anywhere below references/, scripts/, assets/
 *  (§5.1, the Agent Skills layout and the reference all allow nested folders such as assets/icons/). */
export function skillPathProblem(rel: string): string | null {
  const parts = rel.split('/');
  if (parts.length === 2 && parts[1] === 'SKILL.md') return null;
  if (parts.length >= 3 && RESOURCE_DIRS.includes(parts[1]!)) return null;
  return `${rel}: a skill holds SKILL.md plus files inside references/, scripts/ or assets/`;
}

export interface SkillRow {
  sqlar_path: string;
  name: string;
  description: string;
  license: string | null;
  compatibility: string | null;
  skill_version: string | null;
  body_tokens: number | null;
  content_sha256: string;
  resources: string;
  ext: string | null;
  schema_version: string;
}

/** A rough token estimate (4 bytes a token), as the reference computes it. */
export const bodyTokens = (bytes: Buffer): number => Math.ceil(bytes.length / 4);

/** The acx_skill row for the skill at rom/skills/<name>/, from its files (names relative to the skill dir). */
export function deriveSkillRow(name: string, fm: Frontmatter, skillMd: Buffer, files: Array<{ rel: string; raw: Buffer }>): SkillRow {
  // The reference's inventory, byte for byte: full sqlar paths, references/ then scripts/ then
  // assets/, each in name order, so ctxforge and the reference derive the same row.
  const resources = RESOURCE_DIRS.flatMap((dir) => sortUtf8(files.filter((f) => f.rel.startsWith(`${dir}/`)), (f) => f.rel))
    .map((f) => ({ path: `rom/skills/${name}/${f.rel}`, bytes: f.raw.length, sha256: sha256Hex(f.raw) }));
  return {
    sqlar_path: `rom/skills/${name}/SKILL.md`,
    name: fm.name,
    description: fm.description,
    license: fm.license ?? null,
    compatibility: fm.compatibility ?? null,
    skill_version: null,
    body_tokens: bodyTokens(skillMd),
    content_sha256: sha256Hex(skillMd),
    resources: JSON.stringify(resources),
    ext: null,
    schema_version: SKILL_SCHEMA_VERSION,
  };
}
