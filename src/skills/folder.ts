// Reading and writing a folder of Agent Skills, validating it, and moving skills into and out of a
// cartridge source tree (skills/<name>/) or a ctxpkg `kind: skills` source tree (documents/<name>/).
import { existsSync, lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { fail, info, warning, error, hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { unsafePathReason } from '../core/paths.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { yamlLines } from '../sync/yaml.js';
import { allowedToolsString, checkSkill, type Skill } from './spec.js';
import { splitFrontmatter } from '../core/yaml-safe.js';
import { DOCUMENT_CAPS } from '../ctxpkg/documents.js';
import { refusedClaimWarnings, settleIdClaims } from '../core/id-claims.js';

/** lean-ctx's caps for a `kind: skills` package (plaintext bytes), checked before anything is written. */
const SKILLS_PACK_CAPS = DOCUMENT_CAPS;

export interface SkillsReport { skills: string[]; diagnostics: Diagnostic[] }

/** Every `<name>/…` of a folder (hidden files and symlinks left out, a symlink with a warning). */
export async function readSkills(dir: string, prefix = ''): Promise<{ skills: Skill[]; diagnostics: Diagnostic[] }> {
  const abs = resolve(dir);
  if (!existsSync(abs) || !lstatSync(abs).isDirectory()) fail('CTXFORGE_IO', `${dir} is not a directory`, { file: dir }, 2);
  const tree = new DiskTree(abs);
  const byName = new Map<string, Skill>();
  const diagnostics: Diagnostic[] = [];
  for (const e of await tree.list()) {
    if (!e.path.startsWith(prefix)) continue;
    const rel = e.path.slice(prefix.length);
    if (rel.split('/').some((s) => s.startsWith('.'))) continue;
    if (e.kind === 'symlink') { diagnostics.push(warning('SYNC_SYMLINK_SKIPPED', `${e.path} is a symbolic link and is left out`, { file: e.path })); continue; }
    if (e.kind !== 'file') continue;
    const i = rel.indexOf('/');
    if (i < 0) { if (!/^(README|LICENSE)/i.test(rel)) diagnostics.push(warning('SKILL_INVALID', `${e.path} is not inside a skill folder and is left out`, { file: e.path })); continue; }
    const name = rel.slice(0, i);
    const s = byName.get(name) ?? { name, files: [] };
    s.files.push({ rel: rel.slice(i + 1), bytes: await tree.read(e.path) });
    byName.set(name, s);
  }
  return { skills: [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1)), diagnostics };
}

export async function validateSkills(dir: string): Promise<SkillsReport> {
  const { skills, diagnostics } = await readSkills(dir);
  if (!skills.length) diagnostics.push(error('SKILL_INVALID', `${dir} holds no <name>/SKILL.md`, { file: dir }));
  for (const s of skills) diagnostics.push(...checkSkill(s, s.name));
  return { skills: skills.map((s) => s.name), diagnostics };
}

export interface ImportResult extends SkillsReport { into: 'acx' | 'ctxpkg'; files: Applied; dryRun: boolean }

/** SKILL.md as a cartridge holds it: allowed-tools as a string (its list form joined). */
function forCartridge(s: Skill, notes: Diagnostic[]): Skill {
  const md = s.files.find((f) => f.rel === 'SKILL.md')!;
  const tools = s.frontmatter?.['allowed-tools'];
  if (!Array.isArray(tools)) return s;
  const text = md.bytes.toString('utf8');
  const fm = splitFrontmatter(text);
  const fields = { ...s.frontmatter, 'allowed-tools': allowedToolsString(tools) };
  notes.push(info('SKILL_INVALID', `${s.name}/SKILL.md: allowed-tools list written as the space-separated string a cartridge holds`, { file: `${s.name}/SKILL.md` }));
  return { ...s, files: s.files.map((f) => (f === md ? { rel: f.rel, bytes: Buffer.from(`---\n${yamlLines(fields).join('\n')}\n---\n${fm.body}`, 'utf8') } : f)) };
}

/**
 * Skills of a folder into a source tree: a cartridge's skills/<name>/ (only SKILL.md and files
 * directly inside scripts/, references/, assets/ — the cartridge layout) or a ctxpkg `kind: skills`
 * tree's documents/<name>/ (lean-ctx's caps: 256 files, 1 MiB a file, 8 MiB in all).
 */
export async function importSkills(dir: string, target: string, o: { dryRun?: boolean } = {}): Promise<ImportResult> {
  const t = resolve(target);
  const into = existsSync(resolve(t, 'cartridge.yaml')) ? 'acx' : existsSync(resolve(t, 'ctxpkg.yaml')) ? 'ctxpkg' : undefined;
  if (!into) fail('CTXFORGE_USAGE', `${target} is neither a cartridge source tree (cartridge.yaml) nor a ctxpkg source tree (ctxpkg.yaml)`, { hint: 'run `ctxforge init acx DIR`, or `ctxforge init ctxpkg DIR` and set kind: skills' }, 2);
  const { skills: read, diagnostics } = await readSkills(dir);
  for (const s of read) diagnostics.push(...checkSkill(s, s.name));
  // A skill's name is its ID: two claiming one name, the first by path keeps it (src/core/id-claims.ts); a skill is never renamed, so the other is left out.
  const claims = settleIdClaims(read.map((s) => ({ path: s.name, id: typeof s.frontmatter?.name === 'string' ? s.frontmatter.name : s.name })));
  diagnostics.push(...refusedClaimWarnings(claims.refused, 'SYNC_ID_CLAIMED', 'skill').map((d) => ({ ...d, message: d.message.replace(/gets another ID$/, 'is left out') })));
  const skills = read.filter((s) => claims.granted.has(s.name));
  const write = new Map<string, Buffer>();
  let total = 0;
  for (const s0 of skills) {
    const s = into === 'acx' ? forCartridge(s0, diagnostics) : s0;
    for (const f of s.files) {
      const parts = f.rel.split('/');
      if (into === 'acx' && !(f.rel === 'SKILL.md' || (parts.length === 2 && ['scripts', 'references', 'assets'].includes(parts[0]!)))) {
        diagnostics.push(error('SKILL_INVALID', `${s.name}/${f.rel}: a cartridge skill holds SKILL.md plus files directly inside scripts/, references/ or assets/`, { file: `${s.name}/${f.rel}` }));
        continue;
      }
      const path = `${into === 'acx' ? 'skills' : 'documents'}/${s.name}/${f.rel}`;
      const why = unsafePathReason(path);
      if (why) { diagnostics.push(error('SKILL_INVALID', `${s.name}/${f.rel}: ${why}`, { file: `${s.name}/${f.rel}` })); continue; }
      if (into === 'ctxpkg' && f.bytes.length > SKILLS_PACK_CAPS.fileBytes) diagnostics.push(error('SKILL_INVALID', `${s.name}/${f.rel} is ${f.bytes.length} bytes; a skills package holds files up to ${SKILLS_PACK_CAPS.fileBytes}`, { file: `${s.name}/${f.rel}` }));
      total += f.bytes.length;
      write.set(path, f.bytes);
    }
  }
  if (into === 'ctxpkg') {
    if (write.size > SKILLS_PACK_CAPS.files) diagnostics.push(error('SKILL_INVALID', `${write.size} files: a skills package holds at most ${SKILLS_PACK_CAPS.files}`));
    if (total > SKILLS_PACK_CAPS.totalBytes) diagnostics.push(error('SKILL_INVALID', `${total} bytes: a skills package holds at most ${SKILLS_PACK_CAPS.totalBytes}`));
  }
  const res: ImportResult = { into, skills: skills.map((s) => s.name), diagnostics, dryRun: !!o.dryRun, files: { written: [], removed: [], unchanged: 0 } };
  if (hasErrors(diagnostics)) return res;
  res.files = o.dryRun ? preview(t, { write, remove: [] }) : await apply(t, { write, remove: [] });
  return res;
}

/** A source tree's skills back out as a folder of Agent Skills (the same layout they came in). */
export async function exportSkills(source: string, out: string, o: { dryRun?: boolean } = {}): Promise<SkillsReport & { files: Applied }> {
  const s = resolve(source);
  const prefix = existsSync(resolve(s, 'cartridge.yaml')) ? 'skills/' : existsSync(resolve(s, 'ctxpkg.yaml')) ? 'documents/' : undefined;
  if (!prefix) fail('CTXFORGE_USAGE', `${source} is neither a cartridge nor a ctxpkg source tree`, {}, 2);
  const o2 = resolve(out);
  if (o2 === s || o2.startsWith(`${s}/`)) fail('CTXFORGE_USAGE', '--out must not lie inside the source tree', {}, 2);
  const { skills, diagnostics } = await readSkills(s, prefix);
  const write = new Map<string, Buffer>();
  for (const sk of skills) for (const f of sk.files) write.set(`${sk.name}/${f.rel}`, f.bytes);
  const files = o.dryRun ? preview(o2, { write, remove: [] }) : await apply(o2, { write, remove: [] });
  return { skills: skills.map((x) => x.name), diagnostics, files };
}
