// `skills import`: a folder of Agent Skills (or one skill) into a cartridge or ctxpkg skills-pack
// source tree. Each skill is checked by the Agent Skills rules, then written through its format's
// layout (with that format's normalisations, each reported, and limits). By default an invalid skill
// stops the whole import and nothing is written; --skip-invalid imports the others and names each
// refused one with its reasons. A re-imported skill replaces its earlier version.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { checkSkillFolder } from '../core/skill-folder.js';
import { detectSource } from '../formats.js';
import type { FormatModule, FormatName, SkillFolder } from '../format.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { readSkillsDir } from './read.js';
import { SKILL_FORMATS_HINT } from './formats.js';
import './rules.js';

export interface ImportOptions {
  dryRun?: boolean;
  /** Import the valid skills and name each refused one, instead of writing nothing. */
  skipInvalid?: boolean;
  /** Reverse-DNS namespace for a cartridge's moved host fields. */
  extNamespace?: string;
}

export interface ImportResult {
  into: FormatName;
  /** Every skill the folder holds, imported or not. */
  skills: string[];
  imported: string[];
  refused: Array<{ name: string; reasons: string[] }>;
  /** Nothing was written because a skill was refused (without --skip-invalid) or the pack is over a cap. */
  blocked: boolean;
  dryRun: boolean;
  files: Applied;
  diagnostics: Diagnostic[];
}

/** The format of the target source tree, which must hold skills (its module's `skills`) and take them. */
async function targetFormat(target: string, label: string): Promise<FormatModule & Required<Pick<FormatModule, 'skills'>>> {
  const tree = new DiskTree(target, label);
  const m = existsSync(target) ? await detectSource(tree) : undefined;
  if (!m) fail('CTXFORGE_USAGE', `${label} is no source tree that holds skills: ${SKILL_FORMATS_HINT}`, { hint: 'run `ctxforge init acx DIR`, or `ctxforge init ctxpkg DIR` and set kind: skills' }, 2);
  if (!m.skills) fail('CTXFORGE_USAGE', `${label} is an ${m.title} source tree, which holds no Agent Skills: ${SKILL_FORMATS_HINT}`, { hint: 'run `ctxforge init acx DIR`, or `ctxforge init ctxpkg DIR` and set kind: skills' }, 2);
  const why = await m.skills.refuses?.(tree);
  if (why) fail('CTXFORGE_USAGE', `${label} cannot take skills: ${why}`, {}, 2);
  return m as FormatModule & Required<Pick<FormatModule, 'skills'>>;
}

export async function importSkills(dir: string, target: string, o: ImportOptions = {}, labels: { dir?: string; target?: string } = {}): Promise<ImportResult> {
  const t = resolve(target);
  const module = await targetFormat(t, labels.target ?? target);
  const into = module.name;
  const layout = module.skills;
  const read = await readSkillsDir(dir, labels.dir ?? dir);
  const diagnostics: Diagnostic[] = [...read.diagnostics];
  if (!read.skills.length) diagnostics.push(error('SKILL_INVALID', `${labels.dir ?? dir} holds no skill: a skill folder holds SKILL.md, a folder of skills holds <name>/SKILL.md`, { file: labels.dir ?? dir }));

  // The Agent Skills rules first. Unknown frontmatter keys are the format's to handle: a cartridge
  // moves them into ext (reported by its writer), a ctxpkg pack keeps them as written.
  const refused = new Map<string, Diagnostic[]>();
  const checked: SkillFolder[] = [];
  for (const s of read.skills) {
    const v = checkSkillFolder(s, read.at.get(s.name)!);
    const blocking: Diagnostic[] = [];
    for (const f of v.findings) {
      if (f.rule === 'unknown-key') {
        if (!layout.movesUnknownKeys) diagnostics.push(warning('SKILL_INVALID', `unknown frontmatter key ${JSON.stringify(f.key ?? '')} kept as written: ${module.title} keeps SKILL.md as it is (hosts such as Claude Code read the key; skills-ref and a cartridge reject it)`, { file: f.diagnostic.file, line: f.diagnostic.line }));
        continue;
      }
      if (f.rule === 'bom') continue; // removed on the way in, reported as SKILL_NORMALISED
      if (f.severity === 'error') blocking.push(f.diagnostic);
      else diagnostics.push(f.diagnostic);
    }
    if (blocking.length) refused.set(s.name, blocking);
    else checked.push(s);
  }

  // Files the pack already holds outside the skills written now (a ctxpkg pack's caps count them).
  const existing = new Map<string, number>();
  for (const e of await new DiskTree(t).list()) if (e.kind === 'file' && e.path.startsWith(layout.root)) existing.set(e.path.slice(layout.root.length), e.size);
  const w = layout.write(checked, { extNamespace: o.extNamespace, existing });
  for (const [name, why] of w.refused) refused.set(name, [...(refused.get(name) ?? []), ...why]);
  const refusedByFormat = new Set([...w.refused.values()].flat());
  diagnostics.push(...w.notes.filter((d) => !refusedByFormat.has(d)));
  const pack = w.pack ?? [];
  diagnostics.push(...pack);

  const refusedList = [...refused].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([name, why]) => ({ name, reasons: why.map((d) => d.message) }));
  const importable = checked.filter((s) => !refused.has(s.name));
  // --skip-invalid imports the others; when there are none, nothing was imported and that fails too.
  const blocked = pack.length > 0 || (refused.size > 0 && (!o.skipInvalid || !importable.length)) || read.skills.length === 0;
  for (const [name, why] of refused) {
    // With --skip-invalid a refusal is reported, not failed: the user asked for the others.
    const mk = o.skipInvalid ? warning : error;
    for (const d of why) diagnostics.push({ ...d, severity: o.skipInvalid ? 'warning' : d.severity });
    diagnostics.push(mk('SKILL_REFUSED', `skill refused (${why.length} reason${why.length === 1 ? '' : 's'} above)${o.skipInvalid ? '' : '; nothing was written'}`, { file: read.at.get(name) ?? name }));
  }
  const imported = blocked ? [] : importable.map((s) => s.name);
  const res: ImportResult = { into, skills: read.skills.map((s) => s.name), imported, refused: refusedList, blocked, dryRun: !!o.dryRun, files: { written: [], removed: [], unchanged: 0 }, diagnostics };
  if (blocked) return res;

  // A re-imported skill replaces its earlier version: its files no longer there go.
  const remove: string[] = [];
  for (const e of await new DiskTree(t).list()) {
    if (e.kind !== 'file' || w.files.has(e.path)) continue;
    if (w.owned.some((p) => (p.endsWith('/') ? e.path.startsWith(p) : e.path === p))) remove.push(e.path);
  }
  res.files = o.dryRun ? preview(t, { write: w.files, remove }) : await apply(t, { write: w.files, remove });
  return res;
}
