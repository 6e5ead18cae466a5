// `ctxforge.yaml` at a repository root: which folders are packages, their formats, tag patterns and
// change-policy overrides. Read from disk or from a git tree at a ref, checked strictly.
import { fail } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import { unsafePathReason } from '../core/paths.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { expandTagPattern } from '../git/tags.js';
import './rules.js';

export const CONFIG_FILE = 'ctxforge.yaml';
const FORMATS = ['octx', 'ctxpkg', 'acx'];

export interface PackageConfig {
  /** Repository-relative POSIX path of the package's source tree ('' for the root). */
  path: string;
  format?: 'octx' | 'ctxpkg' | 'acx';
  /** Used for `{name}` in tag patterns and in listings. */
  name?: string;
  tag_pattern?: string;
  /** Raw policy overrides; the diff checks them (src/diff/policy.ts). */
  policy?: Record<string, unknown>;
}

export interface RepoConfig {
  tag_pattern?: string;
  policy?: Record<string, unknown>;
  packages: PackageConfig[];
}

function bad(msg: string): never {
  fail('CTXFORGE_REPO_CONFIG_INVALID', msg, { file: CONFIG_FILE, hint: 'see docs/versioning.md for the ctxforge.yaml schema' }, 2);
}

function obj(v: unknown, where: string): Record<string, unknown> {
  if (!v || typeof v !== 'object' || Array.isArray(v)) bad(`${where} must be a mapping`);
  return v as Record<string, unknown>;
}

function onlyKeys(o: Record<string, unknown>, allowed: string[], where: string): void {
  for (const k of Object.keys(o)) if (!allowed.includes(k)) bad(`${where}: unknown key ${JSON.stringify(k)} (allowed: ${allowed.join(', ')})`);
}

function str(v: unknown, where: string): string {
  if (typeof v !== 'string' || v === '') bad(`${where} must be a non-empty string`);
  return v;
}

function pattern(v: unknown, where: string, name?: string): string {
  const p = str(v, where);
  try {
    expandTagPattern(p, name ?? 'name');
  } catch (e) {
    bad(`${where}: ${(e as Error).message}`);
  }
  return p;
}

export function parseRepoConfig(text: string): RepoConfig {
  let doc: unknown;
  try {
    doc = parseYamlSafe(text);
  } catch (e) {
    bad(`${CONFIG_FILE}: ${(e as Error).message}`);
  }
  const top = obj(doc ?? {}, CONFIG_FILE);
  onlyKeys(top, ['packages', 'tag_pattern', 'policy'], CONFIG_FILE);
  const cfg: RepoConfig = { packages: [] };
  if (top.tag_pattern !== undefined) cfg.tag_pattern = pattern(top.tag_pattern, 'tag_pattern');
  if (top.policy !== undefined) cfg.policy = obj(top.policy, 'policy');
  if (top.packages !== undefined && !Array.isArray(top.packages)) bad('packages must be a list');
  const seen = new Set<string>();
  for (const [i, raw] of ((top.packages as unknown[]) ?? []).entries()) {
    const where = `packages[${i}]`;
    const p = obj(raw, where);
    onlyKeys(p, ['path', 'format', 'name', 'tag_pattern', 'policy'], where);
    const path = str(p.path, `${where}.path`).replace(/^\.\/?/, '').replace(/\/+$/, '');
    if (path !== '' && unsafePathReason(path)) bad(`${where}.path ${JSON.stringify(p.path)}: ${unsafePathReason(path)}`);
    if (seen.has(path)) bad(`${where}.path ${JSON.stringify(p.path)} is listed twice`);
    seen.add(path);
    const pc: PackageConfig = { path };
    if (p.format !== undefined) {
      if (!FORMATS.includes(p.format as string)) bad(`${where}.format must be one of ${FORMATS.join(', ')}`);
      pc.format = p.format as PackageConfig['format'];
    }
    if (p.name !== undefined) pc.name = str(p.name, `${where}.name`);
    if (p.tag_pattern !== undefined) pc.tag_pattern = pattern(p.tag_pattern, `${where}.tag_pattern`, pc.name);
    if (p.policy !== undefined) pc.policy = obj(p.policy, `${where}.policy`);
    cfg.packages.push(pc);
  }
  return cfg;
}

/** The config in `tree` (a repository root on disk or at a ref), or undefined when there is none. */
export async function readRepoConfig(tree: Tree): Promise<RepoConfig | undefined> {
  const st = await tree.stat(CONFIG_FILE);
  if (!st || st.kind !== 'file') return undefined;
  return parseRepoConfig((await tree.read(CONFIG_FILE)).toString('utf8'));
}
