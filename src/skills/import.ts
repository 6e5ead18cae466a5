// `skills import`: a folder of Agent Skills (or one skill) into a cartridge or ctxpkg skills-pack
// source tree. Each skill is checked by the Agent Skills rules, then written through its format's
// layout (with that format's normalisations, each reported, and limits). By default an invalid skill
// stops the whole import and nothing is written; --skip-invalid imports the others and names each
// refused one with its reasons. A re-imported skill replaces its earlier version.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { detectSource } from '../formats.js';
import type { FormatName, SkillFolder } from '../format.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { readSkillsDir } from './read.js';
import { checkSkillFolder } from './spec.js';
import { skillsLayout } from './formats.js';
import './rules.js';

export interface ImportOptions {
  dryRun?: boolean;
  /** Import the valid skills and name each refused one, instead of writing nothing. */
  skipInvalid?: boolean;
  /** Reverse-DNS namespace for a cartridge's moved host fields. */
  extNamespace?: string;
}

export interface ImportResult {
  into: 'acx' | 'ctxpkg';
  imported: string[];
  refused: Array<{ name: string; reasons: string[] }>;
  /** Nothing was written because a skill was refused (without --skip-invalid) or the pack is over a cap. */
  blocked: boolean;
  dryRun: boolean;
  files: Applied;
  diagnostics: Diagnostic[];
}

async function targetFormat(target: string, label: string): Promise<'acx' | 'ctxpkg'> {
  const m = existsSync(target) ? await detectSource(new DiskTree(target, label)) : undefined;
  if (m?.name === 'acx') return 'acx';
  if (m?.name === 'ctxpkg') {
    let kind: unknown;
    try { kind = (parseYamlSafe(readFileSync(join(target, m.manifestFile), 'utf8')) as Record<string, unknown> | null)?.kind; } catch { kind = undefined; }
    if (kind !== 'skills') fail('CTXFORGE_USAGE', `${label} is a ctxpkg source tree of kind ${kind === undefined ? 'context' : JSON.stringify(kind)}; skills go into a pack with kind: skills`, { hint: 'set kind: skills in its ctxpkg.yaml, or `ctxforge init ctxpkg DIR` a new pack' }, 2);
    return 'ctxpkg';
  }
  fail('CTXFORGE_USAGE', `${label} is neither a cartridge source tree (cartridge.yaml) nor a ctxpkg skills-pack source tree (ctxpkg.yaml with kind: skills)`, { hint: 'run `ctxforge init acx DIR`, or `ctxforge init ctxpkg DIR` and set kind: skills' }, 2);
}

export async function importSkills(dir: string, target: string, o: ImportOptions = {}, labels: { dir?: string; target?: string } = {}): Promise<ImportResult> {
  const t = resolve(target);
  const into = await targetFormat(t, labels.target ?? target);
  const layout = skillsLayout(into as FormatName);
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
        const key = /unknown frontmatter key ("[^"]*")/.exec(f.message)?.[1] ?? '';
        if (!layout.movesUnknownKeys) diagnostics.push(warning('SKILL_INVALID', `unknown frontmatter key ${key} kept as written in the ctxpkg pack (hosts such as Claude Code read it; skills-ref and a cartridge reject it)`, { file: f.diagnostic.file, line: f.diagnostic.line }));
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
  if (into === 'ctxpkg') for (const e of await new DiskTree(t).list()) if (e.kind === 'file' && e.path.startsWith('documents/')) existing.set(e.path.slice('documents/'.length), e.size);
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
  const res: ImportResult = { into, imported, refused: refusedList, blocked, dryRun: !!o.dryRun, files: { written: [], removed: [], unchanged: 0 }, diagnostics };
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
