// `skills export`: the skills of a cartridge or ctxpkg skills pack — a source tree or a built
// artifact (verified first, its warnings passed on) — written back as a folder of Agent Skills, one
// folder per skill. A cartridge file whose path the signature does not bind is treated as install
// treats it: not exported unless named with --allow-unbound, and then nothing is written.
import { resolve } from 'node:path';
import { error, fail, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { resolveInput } from '../inputs.js';
import type { FormatName } from '../format.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { SKILL_FORMATS_HINT } from './formats.js';
import './rules.js';

export interface ExportResult {
  from: FormatName;
  kind: 'source' | 'artifact';
  skills: string[];
  /** Paths of the artifact its signature binds only under another path, and whether each was exported. */
  unbound: Array<{ path: string; exported: boolean }>;
  files: Applied;
  dryRun: boolean;
  diagnostics: Diagnostic[];
}

export interface ExportOptions {
  dryRun?: boolean;
  cwd?: string;
  /** Artifact paths (as the verifier names them) to export although the signature binds them only under another path. */
  allowUnbound?: string[];
}

export async function exportSkills(source: string, out: string, o: ExportOptions = {}): Promise<ExportResult> {
  const cwd = o.cwd ?? process.cwd();
  const r = await resolveInput(source, { cwd });
  const o2 = resolve(cwd, out);
  if (r.kind === 'source' && r.dir && (o2 === r.dir || o2.startsWith(`${r.dir}/`))) fail('CTXFORGE_USAGE', '--out must not lie inside the source tree', {}, 2);
  const none: Applied = { written: [], removed: [], unchanged: 0 };
  const res: ExportResult = { from: r.module.name, kind: r.kind, skills: [], unbound: [], files: none, dryRun: !!o.dryRun, diagnostics: [] };
  if (!r.module.skills) {
    res.diagnostics.push(error('SKILL_NONE', `an ${r.module.title} package holds no Agent Skills: nothing to export (${SKILL_FORMATS_HINT})`, { file: source }));
    return res;
  }
  const read = await r.module.skills.read(r.kind === 'source' ? r.tree : r.input);
  res.diagnostics.push(...read.diagnostics);
  res.skills = read.skills.map((s) => s.name);
  if (!read.skills.length) {
    res.diagnostics.push(error('SKILL_NONE', `the package holds no Agent Skills (no ${r.module.skills.root}<name>/ folder): nothing to export`, { file: source }));
    return res;
  }
  const allowed = new Set(o.allowUnbound ?? []);
  const unbound = new Set<string>();
  for (const u of read.unbound) {
    const ok = allowed.has(u.path);
    res.unbound.push({ path: u.path, exported: ok });
    if (ok) { res.diagnostics.push(info('SKILL_UNBOUND', `exported although the signature does not bind this file to its path (--allow-unbound)`, { file: u.path })); continue; }
    unbound.add(`${u.skill}/${u.rel}`);
    res.diagnostics.push(error('SKILL_UNBOUND', `not exported (skill ${u.skill}): the signature binds this file's bytes only under another path`, {
      file: u.path, hint: `a file copied to a new path after signing looks the same; export it only if you expect it: --allow-unbound ${JSON.stringify(u.path)}`,
    }));
  }
  for (const p of allowed) if (!read.unbound.some((u) => u.path === p)) res.diagnostics.push(warning('SKILL_UNBOUND', `--allow-unbound names no file of the package that the signature leaves unbound`, { file: p }));
  // A skill without one of its files is not that skill: nothing is written.
  if (unbound.size) return res;
  const write = new Map<string, Buffer>();
  for (const s of read.skills) for (const f of s.files) write.set(`${s.name}/${f.rel}`, f.bytes);
  res.files = o.dryRun ? preview(o2, { write, remove: [] }) : await apply(o2, { write, remove: [] });
  return res;
}
