// Skill bundles (SPEC §5): a skill is rom/skills/<name>/SKILL.md plus any files and folders beside
// it (the Agent Skills layout; §5.1 names references/, scripts/, assets/ without "only"); its
// frontmatter follows §5.2 (six keys, ASCII names); its acx_skill row is re-derived from the files
// with a real YAML parser (§5.3); host fields travel in acx_skill.ext (§5.4), derived from the
// signed rom/skill-ext/<name>.json so the signature covers them too.
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { sortUtf8 } from '../core/paths.js';
import { jcs } from '../core/jcs.js';
import { parseJson } from '../core/strict-json.js';
import { checkSkillMd as checkFrontmatter, readSkillMd, type SkillMd } from '../core/agent-skill.js';

export { ASCII_SKILL_NAME as SKILL_NAME } from '../core/agent-skill.js';
export const SKILL_SCHEMA_VERSION = 'acx.skill/1';
export const SKILLS_PREFIX = 'rom/skills/';
/** Where a skill's host fields live in ROM (signed), from which acx_skill.ext is derived. */
export const SKILL_EXT_PREFIX = 'rom/skill-ext/';
export const skillExtPath = (name: string): string => `${SKILL_EXT_PREFIX}${name}.json`;
const REVERSE_DNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

export interface Frontmatter {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
}

/** Checks SKILL.md (§5.2); `file` is where diagnostics point (source path or `<cartridge>:<sqlar name>`). */
export function checkSkillMd(bytes: Buffer, dirName: string, file: string): { fm?: Frontmatter; md?: SkillMd; diagnostics: Diagnostic[] } {
  const r = readSkillMd(bytes);
  const findings = r.md ? [...r.findings, ...checkFrontmatter(r.md, { folder: dirName, names: 'ascii' })] : r.findings;
  const diagnostics = findings.map((x) => (x.severity === 'error' ? error : warning)('ACX_SKILL_FRONTMATTER', x.message, { file, line: x.line }));
  if (!r.md || findings.some((x) => x.severity === 'error')) return { md: r.md, diagnostics };
  const text = (k: string): string | undefined => {
    const f = r.md!.fields.find((x) => x.key === k);
    return f === undefined ? undefined : typeof f.value === 'string' ? f.value : f.plainText;
  };
  return { md: r.md, diagnostics, fm: { name: text('name')!, description: text('description')!, license: text('license'), compatibility: text('compatibility') } };
}

/** A file below rom/skills/ that is not inside a skill folder, or null. */
export function skillPathProblem(rel: string): string | null {
  return rel.split('/').length >= 2 ? null : `${rel}: files under skills/ live inside a skill folder (skills/<name>/…)`;
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

const RESOURCE_DIRS = ['references', 'scripts', 'assets'];

/**
 * The acx_skill row for the skill at rom/skills/<name>/, from its files (names relative to the skill
 * folder). `resources` is the reference's Level-3 inventory byte for byte: full sqlar paths,
 * references/ then scripts/ then assets/ (nested files included), each in name order. Other files
 * of the skill (a LICENSE.txt, templates/, agents/) are still part of it, extracted and installed
 * with it; the inventory names what §5.5 calls Level 3.
 */
export function deriveSkillRow(name: string, fm: Frontmatter, skillMd: Buffer, files: Array<{ rel: string; raw: Buffer }>, ext: string | null = null): SkillRow {
  const resources = RESOURCE_DIRS.flatMap((dir) => sortUtf8(files.filter((f) => f.rel.startsWith(`${dir}/`)), (f) => f.rel))
    .map((f) => ({ path: `${SKILLS_PREFIX}${name}/${f.rel}`, bytes: f.raw.length, sha256: sha256Hex(f.raw) }));
  return {
    sqlar_path: `${SKILLS_PREFIX}${name}/SKILL.md`,
    name: fm.name,
    description: fm.description,
    license: fm.license ?? null,
    compatibility: fm.compatibility ?? null,
    skill_version: null,
    body_tokens: bodyTokens(skillMd),
    content_sha256: sha256Hex(skillMd),
    resources: JSON.stringify(resources),
    ext,
    schema_version: SKILL_SCHEMA_VERSION,
  };
}

/**
 * The ext object of rom/skill-ext/<name>.json: `{"<reverse-DNS namespace>": {…}, …}`, as acx_skill.ext
 * holds it (JCS), or why it is not one.
 */
export function parseSkillExt(raw: Buffer): { ext?: string; problem?: string } {
  let v: unknown;
  try { v = parseJson(raw.toString('utf8')); } catch (e) { return { problem: `is not strict JSON: ${(e as Error).message}` }; }
  const problem = extProblem(v);
  if (problem) return { problem };
  return { ext: jcs(v) };
}

/** Why a value is not an ext object keyed by reverse-DNS namespaces, each holding an object. */
export function extProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'must be a JSON object keyed by reverse-DNS namespaces';
  for (const [k, x] of Object.entries(v)) {
    if (!REVERSE_DNS.test(k)) return `key ${JSON.stringify(k)} is not a reverse-DNS namespace such as com.example.host`;
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return `namespace ${k} must hold an object of fields`;
  }
  return null;
}

/**
 * The value the reference's line reader stores for a top-level key: the text after `key:` on its
 * line, trimmed (quotes, `>-`, `|` kept), or undefined when it finds none. A row with that text is a
 * reference-written row, not a tampered one.
 */
export function referenceSpelling(skillMd: Buffer, key: string): string | undefined {
  const m = /^---\n([\s\S]*?)\n---/.exec(skillMd.toString('utf8'));
  if (!m) return undefined;
  let found: string | undefined;
  for (const line of m[1]!.split('\n')) {
    const kv = /^([a-z-]+):\s*(.*)$/i.exec(line);
    if (kv && kv[1] === key) found = kv[2]!.trim();
  }
  return found;
}
