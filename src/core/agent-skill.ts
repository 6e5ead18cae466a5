// An Agent Skill's SKILL.md (agentskills.io): its frontmatter read with a real YAML parser (each
// top-level field with its value, the source text of a plain scalar, its line and its place in the
// file), the specification's rules with the verdicts where the spec text and the skills-ref
// validator differ (docs/skills.md), and the two edits ctxforge makes when a host's file goes into a
// format (keys taken out, a value rewritten) without touching any other byte. Shared by `skills`
// and the cartridge format, which add their codes and their own name rule.
import type { Document, Node as YamlNode, Pair, Scalar, YAMLMap } from 'yaml';
import { lazyRequire } from './lazy.js';
import { decodeUtf8, hasBom } from './utf8.js';
import { parseYamlSafe, splitFrontmatter, YamlSafetyError } from './yaml-safe.js';
import { lfLineEnds } from './line-ends.js';

const yamlLib = lazyRequire<typeof import('yaml')>('yaml');

/** The six top-level keys the specification allows (ACX §5.2: runtimes MUST reject others). */
export const SKILL_FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'] as const;
export const MAX_NAME = 64;
export const MAX_DESCRIPTION = 1024;
export const MAX_COMPATIBILITY = 500;
/** ACX §5.2's name rule: ASCII lowercase letters and digits, single hyphens inside. */
export const ASCII_SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Length in Unicode code points, as the specification and skills-ref (Python len) count. */
export const codePoints = (s: string): number => { let n = 0; for (const _ of s) n++; return n; };

export interface SkillField {
  key: string;
  /** The value as YAML 1.2 (core schema) reads it. */
  value: unknown;
  /** A plain scalar's text as written (`1.0`, `true`), which skills-ref (strictyaml) reads as that string. */
  plainText?: string;
  /** How the value is written: a quoted or plain one-line scalar, a block scalar, a flow or block collection. */
  style: 'plain' | 'quoted' | 'block' | 'flow' | 'collection' | 'empty';
  /** 1-based line in the file. */
  line: number;
  /** Offsets in the decoded text (BOM excluded) of the whole pair, from its key to the next key's line. */
  start: number;
  end: number;
}

export interface SkillMd {
  /** The text after the byte-order mark, as decoded. */
  text: string;
  bom: boolean;
  /** Frontmatter fields in file order (top-level keys only). */
  fields: SkillField[];
  /** Parsed frontmatter (plain object). */
  data: Record<string, unknown>;
  /** Lines end with CRLF. */
  crlf: boolean;
  /** Offset in `text` where the YAML starts and where it ends (before the closing fence). */
  yamlStart: number;
  yamlEnd: number;
  yamlLine: number;
  /** The top-level mapping is a block mapping (so fields can be edited in place). */
  block: boolean;
}

export interface SkillFinding {
  severity: 'error' | 'warning' | 'info';
  message: string;
  line?: number;
  /** What the finding is about, for callers that pick codes or verdicts: `bom`, `unknown-key` … */
  rule: string;
  /** The top-level frontmatter key it is about, when it is about one (an unknown key's own name). */
  key?: string;
}

/** An Agent Skill: `SKILL.md` and any files and folders beside it, paths relative to the skill's folder. */
export interface SkillFolder {
  name: string;
  files: { rel: string; bytes: Buffer }[];
}

export type ReadResult = { md: SkillMd; findings: SkillFinding[] } | { md?: undefined; findings: SkillFinding[] };

/** Reads SKILL.md bytes: UTF-8, frontmatter fences, safe YAML, a mapping. Findings stop at the first that blocks reading. */
export function readSkillMd(bytes: Buffer): ReadResult {
  const findings: SkillFinding[] = [];
  const bad = (rule: string, message: string, line?: number): ReadResult => ({ findings: [...findings, { severity: 'error', rule, message, line }] });
  const text = decodeUtf8(bytes);
  if (text === undefined) return bad('encoding', 'SKILL.md is not valid UTF-8');
  const bom = hasBom(bytes);
  if (bom) findings.push({ severity: 'warning', rule: 'bom', message: 'SKILL.md starts with a byte-order mark: skills-ref rejects it ("must start with ---"); `skills import` removes it', line: 1 });
  const fm = splitFrontmatter(text);
  if (!fm.present) return bad('frontmatter', 'SKILL.md must begin with --- fenced YAML frontmatter holding name and description', 1);
  const yamlStart = /^---[ \t]*\r?\n/.exec(text)![0].length;
  const yamlEnd = yamlStart + fm.yaml.length;
  const yaml = lfLineEnds(fm.yaml);
  const crlf = /\r\n/.test(text.slice(0, yamlEnd + 5));
  let data: unknown;
  try {
    data = parseYamlSafe(yaml, { lineOffset: fm.yamlLine - 1 });
  } catch (e) {
    return bad('yaml', `frontmatter: ${e instanceof YamlSafetyError ? e.reason : (e as Error).message}`, e instanceof YamlSafetyError ? e.line : fm.yamlLine);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return bad('mapping', 'the frontmatter must be a YAML mapping of name, description …', fm.yamlLine);
  // The structure (styles, lines, places) comes from the parser's document of the same text.
  const doc = yamlLib().parseDocument(fm.yaml, { uniqueKeys: true, strict: true, schema: 'core', prettyErrors: false }) as Document.Parsed;
  const root = doc.contents as YAMLMap | null;
  const fields: SkillField[] = [];
  const src = fm.yaml;
  const lineAt = (off: number) => { let l = fm.yamlLine; for (let i = 0; i < off && i < src.length; i++) if (src.charCodeAt(i) === 10) l++; return l; };
  const items = (root?.items ?? []) as Pair<YamlNode, YamlNode | null>[];
  const block = !!root && !root.flow;
  items.forEach((p, i) => {
    const k = p.key as Scalar | null;
    const keyStart = k?.range?.[0] ?? 0;
    const lineStart = src.lastIndexOf('\n', keyStart - 1) + 1;
    const next = items[i + 1]?.key as Scalar | undefined;
    const nextStart = next?.range ? src.lastIndexOf('\n', next.range[0] - 1) + 1 : src.length;
    const v = p.value as (YamlNode & { type?: string; source?: string; flow?: boolean }) | null;
    const yamlKind = v && 'items' in v ? 'collection' : 'scalar';
    let style: SkillField['style'] = 'empty';
    let plainText: string | undefined;
    if (v && yamlKind === 'collection') style = v.flow ? 'flow' : 'collection';
    else if (v && (v.type === 'BLOCK_FOLDED' || v.type === 'BLOCK_LITERAL')) style = 'block';
    else if (v && (v.type === 'QUOTE_DOUBLE' || v.type === 'QUOTE_SINGLE')) style = 'quoted';
    else if (v && v.type === 'PLAIN') {
      style = 'plain';
      plainText = src.slice(v.range![0], v.range![1]);
      if (plainText === '' ) style = 'empty';
    }
    const key = String(k?.value ?? '');
    fields.push({ key, value: (data as Record<string, unknown>)[key], plainText, style, line: lineAt(keyStart), start: yamlStart + lineStart, end: yamlStart + nextStart });
  });
  return { md: { text, bom, fields, data: data as Record<string, unknown>, crlf, yamlStart, yamlEnd, yamlLine: fm.yamlLine, block }, findings };
}

export interface CheckOptions {
  /** The folder the skill sits in (its name must equal the skill's). */
  folder: string;
  /**
   * The name rule: `agentskills` as skills-ref applies it (Unicode lowercase letters and digits after
   * NFKC), `ascii` as ACX §5.2 writes it (the rule inside a cartridge).
   */
  names: 'agentskills' | 'ascii';
}

/** Where the spec text and skills-ref differ, which verdict ctxforge gives (docs/skills.md has the table). */
export function checkSkillMd(md: SkillMd, o: CheckOptions): SkillFinding[] {
  const out: SkillFinding[] = [];
  const f = new Map(md.fields.map((x) => [x.key, x]));
  const err = (rule: string, message: string, line?: number, key?: string) => out.push({ severity: 'error', rule, message, line, ...(key !== undefined ? { key } : {}) });
  const warn = (rule: string, message: string, line?: number, key?: string) => out.push({ severity: 'warning', rule, message, line, ...(key !== undefined ? { key } : {}) });
  const lineOf = (k: string) => f.get(k)?.line ?? md.yamlLine;

  const unknown = md.fields.filter((x) => !(SKILL_FIELDS as readonly string[]).includes(x.key));
  for (const u of unknown) err('unknown-key', `unknown frontmatter key ${JSON.stringify(u.key)}: the specification allows only ${SKILL_FIELDS.join(', ')} (skills-ref rejects it; ACX §5.2: runtimes MUST reject it). \`skills import\` into a cartridge moves it to acx_skill.ext; a ctxpkg skills pack keeps it as written`, u.line, u.key);
  for (const x of md.fields) if (x.style === 'flow') warn('flow', `${x.key} is written in YAML flow style ([…] or {…}), which skills-ref (strictyaml) refuses; write it as a block`, x.line, x.key);
  if (/---/.test(md.text.slice(3, md.yamlEnd))) warn('fence-split', 'the frontmatter holds "---" before its closing fence: skills-ref splits SKILL.md at the first "---" anywhere and misreads it', md.yamlLine);

  // A string field written as an unquoted number, boolean or null: skills-ref reads the text
  // (strictyaml has no types), YAML 1.2 hosts read a number. ctxforge takes the text and says so.
  const asText = (k: string): string | undefined => {
    const x = f.get(k);
    if (!x) return undefined;
    if (typeof x.value === 'string') return x.value;
    if (x.plainText !== undefined && (typeof x.value === 'number' || typeof x.value === 'boolean' || x.value === null)) {
      warn('typed-scalar', `${k}: ${x.plainText} is read by YAML 1.2 parsers as ${x.value === null ? 'null' : typeof x.value}, by skills-ref as the text "${x.plainText}"; quote it`, x.line, k);
      return x.plainText;
    }
    return undefined;
  };

  // name
  const nameField = f.get('name');
  const raw = asText('name');
  if (!nameField) err('name', 'name is missing: the specification requires name (1–64 characters, equal to the folder name)', md.yamlLine);
  else if (raw === undefined) err('name', 'name must be a string', lineOf('name'));
  else if (raw.trim() === '') err('name', 'name must not be empty', lineOf('name'));
  else {
    if (raw !== raw.trim()) {
      if (o.names === 'ascii') err('name', `name ${JSON.stringify(raw)} has white space around it; ACX §5.2 allows ${ASCII_SKILL_NAME.source} only`, lineOf('name'));
      else warn('name', `name ${JSON.stringify(raw)} has white space around it (skills-ref strips it; other hosts may not)`, lineOf('name'));
    }
    const name = raw.trim().normalize('NFKC');
    const len = codePoints(name);
    if (len > MAX_NAME) err('name', `name is ${len} characters, at most ${MAX_NAME}`, lineOf('name'));
    if (o.names === 'ascii') {
      if (!ASCII_SKILL_NAME.test(raw)) {
        const unicodeOk = nameProblems(name).length === 0;
        err('name', `name ${JSON.stringify(raw)} is not ${ASCII_SKILL_NAME.source}: a cartridge holds ASCII skill names only (ACX §5.2)${unicodeOk ? '; the Agent Skills specification and skills-ref accept it, so a ctxpkg skills pack can hold this skill' : ''}`, lineOf('name'));
      }
    } else for (const p of nameProblems(name)) err('name', `name ${JSON.stringify(name)} ${p}`, lineOf('name'));
    const dir = o.folder.normalize('NFKC');
    if (dir !== name) err('name', `name ${JSON.stringify(name)} must equal its folder name ${JSON.stringify(o.folder)}`, lineOf('name'));
  }

  // description
  const descField = f.get('description');
  const desc = asText('description');
  if (!descField) err('description', 'description is missing: say what the skill does and when to use it (1–1024 characters)', md.yamlLine);
  else if (desc === undefined) err('description', 'description must be a string', lineOf('description'));
  else if (desc.trim() === '') err('description', 'description must not be empty', lineOf('description'));
  else if (codePoints(desc) > MAX_DESCRIPTION) err('description', `description is ${codePoints(desc)} characters, at most ${MAX_DESCRIPTION}`, lineOf('description'));

  // license: the specification names a licence or a bundled file, one string; skills-ref does not look
  if (f.has('license')) {
    const lic = asText('license');
    if (lic === undefined) err('license', `license must be one string (a licence name or a bundled file such as LICENSE.txt)${Array.isArray(f.get('license')!.value) ? '; write a list as one SPDX expression, e.g. "MIT OR Apache-2.0" (skills-ref accepts a list, the specification does not)' : ''}`, lineOf('license'));
  }

  // compatibility: 1–500 (skills-ref takes an empty one)
  if (f.has('compatibility')) {
    const c = asText('compatibility');
    if (c === undefined) err('compatibility', 'compatibility must be a string', lineOf('compatibility'));
    else if (c.length === 0) err('compatibility', 'compatibility is empty: the specification asks for 1–500 characters when it is given (skills-ref accepts an empty one); leave it out instead', lineOf('compatibility'));
    else if (codePoints(c) > MAX_COMPATIBILITY) err('compatibility', `compatibility is ${codePoints(c)} characters, at most ${MAX_COMPATIBILITY}`, lineOf('compatibility'));
  }

  // metadata: a map from strings to strings
  if (f.has('metadata')) {
    const m = f.get('metadata')!.value;
    if (typeof m !== 'object' || m === null || Array.isArray(m)) err('metadata', 'metadata must be a mapping of string keys to string values', lineOf('metadata'));
    else for (const [k, v] of Object.entries(m)) {
      if (typeof v === 'string') continue;
      if (typeof v === 'number' || typeof v === 'boolean' || v === null) warn('metadata', `metadata.${k} is ${v === null ? 'null' : `the ${typeof v} ${String(v)}`} to YAML 1.2 parsers; the specification wants strings (skills-ref reads the text): quote it`, lineOf('metadata'));
      else err('metadata', `metadata.${k} is a ${Array.isArray(v) ? 'list' : 'mapping'}; metadata values are strings (skills-ref would turn it into Python text)`, lineOf('metadata'));
    }
  }

  // allowed-tools: a space-separated string; a list of strings is what some hosts write
  if (f.has('allowed-tools')) {
    const t = f.get('allowed-tools')!.value;
    if (Array.isArray(t) && t.every((x) => typeof x === 'string' && x.trim() !== '')) {
      warn('allowed-tools-list', 'allowed-tools is a list; the specification writes one space-separated string (a cartridge import writes the list as that string)', lineOf('allowed-tools'));
    } else if (typeof asText('allowed-tools') !== 'string') err('allowed-tools', 'allowed-tools must be a space-separated string of tool names', lineOf('allowed-tools'));
  }
  return out;
}

/** Why a (NFKC, trimmed) name breaks skills-ref's rule, if it does. */
export function nameProblems(name: string): string[] {
  const p: string[] = [];
  if (name !== name.toLowerCase()) p.push('must be lowercase');
  if (name.startsWith('-') || name.endsWith('-')) p.push('must not start or end with a hyphen');
  if (name.includes('--')) p.push('must not contain two hyphens in a row');
  if (!/^[\p{L}\p{N}-]+$/u.test(name)) p.push('may hold only letters, digits and hyphens');
  return p;
}

/** allowed-tools as the one string the specification writes (a list joined with spaces). */
export function allowedToolsString(v: unknown): string | undefined {
  return Array.isArray(v) ? v.map(String).join(' ') : typeof v === 'string' ? v : undefined;
}

/**
 * SKILL.md with `remove` keys taken out and `replace` values written as one-line YAML, every other
 * byte as it was (the BOM dropped). A flow-style top-level mapping cannot be edited in place: its
 * frontmatter is written again from the values.
 */
export function editSkillMd(md: SkillMd, edit: { remove?: string[]; replace?: Record<string, string> }): string {
  const eol = md.crlf ? '\r\n' : '\n';
  const y = yamlLib();
  const line = (k: string, v: string) => y.stringify({ [k]: v }, { lineWidth: 0 }).replace(/\n$/, '').replace(/\n/g, eol) + eol;
  const remove = new Set(edit.remove ?? []);
  const replace = edit.replace ?? {};
  if (!md.block) {
    const kept: Record<string, unknown> = {};
    for (const x of md.fields) if (!remove.has(x.key)) kept[x.key] = x.key in replace ? replace[x.key] : x.value;
    const yaml = y.stringify(kept, { lineWidth: 0 }).replace(/\n/g, eol);
    return md.text.slice(0, md.yamlStart) + yaml + md.text.slice(md.yamlEnd);
  }
  let out = md.text.slice(0, md.fields[0]?.start ?? md.yamlStart);
  for (const x of md.fields) {
    if (remove.has(x.key)) continue;
    out += x.key in replace ? line(x.key, replace[x.key]!) : md.text.slice(x.start, x.end);
  }
  return out + md.text.slice(md.fields.length ? md.fields[md.fields.length - 1]!.end : md.yamlStart);
}
