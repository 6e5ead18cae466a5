// A folder on disk as Agent Skills: one skill (the folder holds SKILL.md) or a folder of skills (each
// subfolder one skill). Every regular file of a skill is part of it, in any folder; hidden files and
// folders and symbolic links are left out and named (lean-ctx skips hidden files, ACX §3.2 cannot
// name them, and a link is never followed).
import { existsSync, lstatSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { fail, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { compareUtf8 } from '../core/paths.js';
import type { SkillFolder } from '../format.js';
import './rules.js';

export interface ReadSkills {
  skills: SkillFolder[];
  /** Whether the folder was one skill (its own folder name is the skill's) or a folder of skills. */
  single: boolean;
  /** How diagnostics name each skill's folder, by skill name. */
  at: Map<string, string>;
  diagnostics: Diagnostic[];
}

export async function readSkillsDir(dir: string, label = dir): Promise<ReadSkills> {
  const abs = resolve(dir);
  if (!existsSync(abs) || !lstatSync(abs).isDirectory()) fail('CTXFORGE_IO', `${label} is not a directory`, { file: label }, 2);
  const tree = new DiskTree(abs);
  const entries = await tree.list();
  const single = entries.some((e) => e.kind === 'file' && (e.path === 'SKILL.md' || e.path === 'skill.md'));
  const diagnostics: Diagnostic[] = [];
  const byName = new Map<string, SkillFolder>();
  const hidden = new Map<string, number>();
  const skip = (where: string) => hidden.set(where, (hidden.get(where) ?? 0) + 1);
  const own = single ? basename(abs) : undefined;
  for (const e of entries) {
    const parts = e.path.split('/');
    const h = parts.findIndex((p) => p.startsWith('.'));
    if (h >= 0) { skip(parts.slice(0, h + 1).join('/') + (h < parts.length - 1 ? '/' : '')); continue; }
    if (e.kind === 'symlink') { diagnostics.push(warning('SKILL_FILE_SKIPPED', `${label}/${e.path} is a symbolic link and is left out (links are never followed)`, { file: e.path })); continue; }
    if (e.kind !== 'file') continue;
    let name: string;
    let rel: string;
    if (own !== undefined) { name = own; rel = e.path; }
    else {
      if (parts.length < 2) {
        if (!/^(README|LICENSE|LICENCE|NOTICE|CHANGELOG)/i.test(e.path)) diagnostics.push(info('SKILL_FILE_SKIPPED', `${e.path} is not inside a skill folder and is left out`, { file: e.path }));
        continue;
      }
      name = parts[0]!;
      rel = parts.slice(1).join('/');
    }
    const s = byName.get(name) ?? { name, files: [] };
    s.files.push({ rel, bytes: await tree.read(e.path) });
    byName.set(name, s);
  }
  for (const [where, n] of [...hidden].sort((a, b) => compareUtf8(a[0], b[0]))) {
    diagnostics.push(warning('SKILL_FILE_SKIPPED', `${where}${where.endsWith('/') ? ` (${n} file${n === 1 ? '' : 's'})` : ''} is hidden and not part of a skill: left out`, { file: where }));
  }
  const skills = [...byName.values()].sort((a, b) => compareUtf8(a.name, b.name));
  for (const s of skills) s.files.sort((a, b) => compareUtf8(a.rel, b.rel));
  const at = new Map(skills.map((s) => [s.name, own !== undefined ? label.replace(/\/+$/, '') : s.name]));
  return { skills, single, at, diagnostics };
}
