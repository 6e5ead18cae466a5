// Agent Skills folders in and out of the cartridge layout: read from a source tree (skills/<name>/…)
// or a verified built cartridge (rom/skills/<name>/…), and written as source-tree files with what a
// cartridge needs — SKILL.md with the six keys of §5.2 (other top-level keys moved to the signed
// host-field file behind acx_skill.ext, §5.4), allowed-tools as the one string §5.2 writes, no
// byte-order mark — each change reported, and every file's path checked against §3.2.
import { error, fail, info, type Diagnostic } from '../core/diagnostics.js';
import { editSkillMd, allowedToolsString, readSkillMd, checkSkillMd, SKILL_FIELDS } from '../core/agent-skill.js';
import type { Tree } from '../core/tree.js';
import { isTree, type ArtifactInput, type CommonOptions, type FormatSkills, type SkillFolder, type SkillsRead, type WrittenSkills } from '../format.js';
import { groupSkillFiles } from '../doc-model.js';
import { checkArtifact } from './artifact.js';
import { sqlarNameProblem } from './sqlar.js';
import { SKILL_EXT_PREFIX, SKILLS_PREFIX, skillExtPath } from './skills.js';

/** Where a skill's files live in a cartridge source tree. */
export const SOURCE_SKILLS_DIR = 'skills/';
/** The reverse-DNS namespace host fields go into unless the caller names another (Claude Code's fields are the ones §5.2 names). */
export const DEFAULT_EXT_NAMESPACE = 'com.anthropic.claude-code';

/** The files below `prefix` as skill folders (a file directly in `prefix` belongs to no skill). */
function group(files: Array<{ path: string; bytes: Buffer }>, prefix: string): SkillFolder[] {
  return groupSkillFiles(files.filter((f) => f.path.startsWith(prefix)).map((f) => ({ path: f.path.slice(prefix.length), bytes: f.bytes })));
}

/**
 * The skills of a cartridge source tree or of a built cartridge. A built one is verified first: a
 * tampered or invalid cartridge gives no skills (its SKILL.md could be anyone's instructions); its
 * warnings come back, and the files whose paths its signature does not bind are named.
 */
export async function readSkillFolders(input: Tree | ArtifactInput, opts: CommonOptions = {}): Promise<SkillsRead> {
  if (isTree(input)) {
    const files: Array<{ path: string; bytes: Buffer }> = [];
    for (const e of await input.list()) if (e.kind === 'file' && e.path.startsWith(SOURCE_SKILLS_DIR)) files.push({ path: e.path, bytes: await input.read(e.path) });
    return { skills: group(files, SOURCE_SKILLS_DIR), diagnostics: [], unbound: [] };
  }
  const c = await checkArtifact(input, { limits: opts.limits, env: opts.env }, { files: true });
  if (!c.check) fail(c.result.diagnostics[0]!.code, `cannot read the skills of ${input.label}: ${c.result.diagnostics[0]!.message}`, { file: input.label });
  if (c.check.report.trust === 'tampered') fail('ACX_OBJECT_MISMATCH', `cannot read the skills of ${input.label}: it is tampered (${c.check.report.reason})`, { file: input.label });
  const bad = c.result.diagnostics.find((x) => x.severity === 'error');
  if (bad) fail(bad.code, `cannot read the skills of ${input.label}: ${bad.message}`, { file: input.label, hint: 'run `ctxforge verify` for every problem' });
  // Only files inside a skill's folder are exported, so only they can be unbound skill files.
  const unbound = c.check.unbound.filter((u) => u.path.startsWith(SKILLS_PREFIX)).flatMap((u) => {
    const rest = u.path.slice(SKILLS_PREFIX.length);
    const i = rest.indexOf('/');
    return i > 0 && i < rest.length - 1 ? [{ skill: rest.slice(0, i), rel: rest.slice(i + 1), path: u.path }] : [];
  });
  return {
    skills: group([...c.check.files].map(([path, bytes]) => ({ path, bytes })), SKILLS_PREFIX),
    diagnostics: c.result.diagnostics.filter((x) => x.severity === 'warning'),
    unbound,
  };
}

export interface WriteOptions {
  /** The reverse-DNS namespace unknown frontmatter keys move into (default com.anthropic.claude-code). */
  extNamespace?: string;
}

/**
 * Skills as cartridge source-tree files: `skills/<name>/…` and, for a skill with host fields,
 * `rom/skill-ext/<name>.json`. The Agent Skills rules are the caller's (skills validate); this adds
 * what only a cartridge requires: ASCII names (§5.2), portable paths (§3.2), six keys.
 */
export function writeSkillFolders(skills: SkillFolder[], o: WriteOptions = {}): WrittenSkills {
  const ns = o.extNamespace ?? DEFAULT_EXT_NAMESPACE;
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ns)) fail('CTXFORGE_USAGE', `--ext-namespace ${JSON.stringify(ns)} is not a reverse-DNS namespace such as com.example.host (ACX §5.4)`, {}, 2);
  const files = new Map<string, Buffer>();
  const notes: Diagnostic[] = [];
  const refused = new Map<string, Diagnostic[]>();
  const owned: string[] = [];
  for (const s of skills) {
    const why: Diagnostic[] = [];
    const out = new Map<string, Buffer>();
    const at = `${s.name}/SKILL.md`;
    const mdFile = s.files.find((f) => f.rel === 'SKILL.md');
    if (!mdFile) why.push(error('ACX_SKILL_LAYOUT', `no SKILL.md: a cartridge skill is rom/skills/<name>/SKILL.md plus any files (§5.1)${s.files.some((f) => f.rel === 'skill.md') ? '; rename skill.md to SKILL.md' : ''}`, { file: s.name }));
    for (const f of s.files) {
      if (f.rel === 'SKILL.md') continue;
      const name = `${SKILLS_PREFIX}${s.name}/${f.rel}`;
      const p = sqlarNameProblem(name);
      if (p) why.push(error('ACX_SOURCE_PATH', `cannot be a cartridge file: ${p} (ACX §3.2 allows only portable sqlar paths, every segment [A-Za-z0-9][A-Za-z0-9._-]{0,127}); a ctxpkg kind: skills pack can hold it`, { file: `${s.name}/${f.rel}` }));
      else out.set(`${SOURCE_SKILLS_DIR}${s.name}/${f.rel}`, f.bytes);
    }
    const np = sqlarNameProblem(`${SKILLS_PREFIX}${s.name}/SKILL.md`);
    if (np) why.push(error('ACX_SOURCE_PATH', `skill folder ${JSON.stringify(s.name)} cannot be a cartridge path: ${np} (ACX §3.2)`, { file: s.name }));
    if (mdFile) {
      const r = readSkillMd(mdFile.bytes);
      if (!r.md) why.push(...r.findings.map((x) => error('ACX_SKILL_FRONTMATTER', x.message, { file: at, line: x.line })));
      else {
        const md = r.md;
        const changes: string[] = [];
        const moved = md.fields.filter((x) => !(SKILL_FIELDS as readonly string[]).includes(x.key));
        const tools = md.fields.find((x) => x.key === 'allowed-tools');
        const replace: Record<string, string> = {};
        if (tools && Array.isArray(tools.value)) {
          replace['allowed-tools'] = allowedToolsString(tools.value)!;
          changes.push('allowed-tools list written as the space-separated string §5.2 names');
        }
        if (md.bom) changes.push('byte-order mark removed');
        let text = md.text;
        if (moved.length || Object.keys(replace).length) text = editSkillMd(md, { remove: moved.map((x) => x.key), replace });
        const bytes = Buffer.from(text, 'utf8');
        if (moved.length) {
          const fields = Object.fromEntries(moved.map((x) => [x.key, x.value]));
          out.set(skillExtPath(s.name), Buffer.from(`${JSON.stringify({ [ns]: fields }, null, 2)}\n`, 'utf8'));
          changes.push(`${moved.map((x) => x.key).join(', ')} moved into acx_skill.ext under ${ns} (ACX §5.4: a host may merge them back at install), signed in ${skillExtPath(s.name)}`);
        }
        // What the cartridge will hold must pass the cartridge's own rules (ASCII name, six keys).
        const again = readSkillMd(bytes);
        const problems = again.md ? checkSkillMd(again.md, { folder: s.name, names: 'ascii' }).filter((x) => x.severity === 'error') : again.findings;
        why.push(...problems.map((x) => error('ACX_SKILL_FRONTMATTER', x.message, { file: at, line: x.line })));
        out.set(`${SOURCE_SKILLS_DIR}${s.name}/SKILL.md`, bytes);
        if (changes.length) notes.push(info('SKILL_NORMALISED', changes.join('; '), { file: at }));
      }
    }
    if (why.length) { refused.set(s.name, why); notes.push(...why); continue; }
    for (const [k, v] of out) files.set(k, v);
    owned.push(`${SOURCE_SKILLS_DIR}${s.name}/`, skillExtPath(s.name));
  }
  return { files, notes, refused, pack: [], owned };
}

/** The cartridge's Agent Skills layout (src/format.ts): skills/<name>/… and the host fields in rom/skill-ext/. */
export const acxSkills: FormatSkills = {
  root: SOURCE_SKILLS_DIR,
  folders: [SOURCE_SKILLS_DIR, SKILL_EXT_PREFIX],
  movesUnknownKeys: true,
  read: readSkillFolders,
  write: (skills, o) => writeSkillFolders(skills, { extNamespace: o?.extNamespace }),
};
