// `skills export`: the skills of a cartridge or ctxpkg skills pack — a source tree or a built
// artifact (verified first) — written back as a folder of Agent Skills, one folder per skill.
import { resolve } from 'node:path';
import { fail, type Diagnostic } from '../core/diagnostics.js';
import { resolveInput } from '../inputs.js';
import type { FormatName } from '../format.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { skillsLayout } from './formats.js';

export interface ExportResult { from: FormatName; kind: 'source' | 'artifact'; skills: string[]; files: Applied; dryRun: boolean; diagnostics: Diagnostic[] }

export async function exportSkills(source: string, out: string, o: { dryRun?: boolean; cwd?: string } = {}): Promise<ExportResult> {
  const cwd = o.cwd ?? process.cwd();
  const r = await resolveInput(source, { cwd });
  const layout = skillsLayout(r.module.name);
  const o2 = resolve(cwd, out);
  if (r.kind === 'source' && r.dir && (o2 === r.dir || o2.startsWith(`${r.dir}/`))) fail('CTXFORGE_USAGE', '--out must not lie inside the source tree', {}, 2);
  const skills = await layout.readSkillFolders(r.kind === 'source' ? r.tree : r.input);
  const write = new Map<string, Buffer>();
  for (const s of skills) for (const f of s.files) write.set(`${s.name}/${f.rel}`, f.bytes);
  const files = o.dryRun ? preview(o2, { write, remove: [] }) : await apply(o2, { write, remove: [] });
  return { from: r.module.name, kind: r.kind, skills: skills.map((s) => s.name), files, dryRun: !!o.dryRun, diagnostics: [] };
}
