// `ctxforge.yaml` at a repository root (or a file of that form named with --config / the Action's
// `config` input): which folders are packages, their formats, tag patterns and change-policy
// overrides. Read from disk or from a git tree at a ref, checked strictly.
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { toPosix, type Tree } from '../core/tree.js';
import { unsafePathReason } from '../core/paths.js';
import { linkedComponent } from '../core/no-links.js';
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
  /** This package's link check: its level, and the folder (inside the package) that `/…` links resolve against. */
  links?: LinkSettings;
}

/** `links:` as a level, or `{level, root}`. */
export interface LinkSettings {
  level?: 'off' | 'warning' | 'error';
  /** Folder inside the package that root-absolute links (`/guide/x`) resolve against; default the document root. */
  root?: string;
  /** The site generator the documents are written for (a converted tree carries no ID map that records it). */
  generator?: string;
}

export interface RepoConfig {
  /** Where it was read from, as diagnostics show it: repository-relative when inside the repository. */
  file: string;
  tag_pattern?: string;
  policy?: Record<string, unknown>;
  /** How validate and the PR check report relative links to missing documents or anchors. */
  links?: 'off' | 'warning' | 'error';
  /** `links.root` for every package (a package's own `links.root` wins). */
  linksRoot?: string;
  packages: PackageConfig[];
}

const HINT = 'see "Repository config" in the README for the ctxforge.yaml schema';

function bad(file: string, msg: string): never {
  fail('CTXFORGE_REPO_CONFIG_INVALID', msg, { file, hint: HINT }, 2);
}

/** The checks of one config file, so that every message names the file it is about. */
function checker(file: string) {
  const no = (msg: string): never => bad(file, msg);
  const str = (v: unknown, where: string): string => {
    if (typeof v !== 'string' || v === '') no(`${where} must be a non-empty string`);
    return v as string;
  };
  return {
    no,
    str,
    obj(v: unknown, where: string): Record<string, unknown> {
      if (!v || typeof v !== 'object' || Array.isArray(v)) no(`${where} must be a mapping`);
      return v as Record<string, unknown>;
    },
    onlyKeys(o: Record<string, unknown>, allowed: string[], where: string): void {
      for (const k of Object.keys(o)) if (!allowed.includes(k)) no(`${where}: unknown key ${JSON.stringify(k)} (allowed: ${allowed.join(', ')})`);
    },
    pattern(v: unknown, where: string, name?: string): string {
      const p = str(v, where);
      try {
        expandTagPattern(p, name ?? 'name');
      } catch (e) {
        no(`${where}: ${(e as Error).message}`);
      }
      return p;
    },
  };
}

export function parseRepoConfig(text: string, file: string = CONFIG_FILE): RepoConfig {
  const { no, str, obj, onlyKeys, pattern } = checker(file);
  let doc: unknown;
  try {
    doc = parseYamlSafe(text);
  } catch (e) {
    no(`${file}: ${(e as Error).message}`);
  }
  const top = obj(doc ?? {}, file);
  onlyKeys(top, ['packages', 'tag_pattern', 'policy', 'links'], file);
  const cfg: RepoConfig = { file, packages: [] };
  if (top.links !== undefined) {
    const l = linkSettings(top.links, 'links', no);
    if (l.level) cfg.links = l.level;
    if (l.root !== undefined) cfg.linksRoot = l.root;
  }
  if (top.tag_pattern !== undefined) cfg.tag_pattern = pattern(top.tag_pattern, 'tag_pattern');
  if (top.policy !== undefined) cfg.policy = obj(top.policy, 'policy');
  if (top.packages !== undefined && !Array.isArray(top.packages)) no('packages must be a list');
  const seen = new Set<string>();
  for (const [i, raw] of ((top.packages as unknown[]) ?? []).entries()) {
    const where = `packages[${i}]`;
    const p = obj(raw, where);
    onlyKeys(p, ['path', 'format', 'name', 'tag_pattern', 'policy', 'links'], where);
    // Only a leading "./" (or a lone ".") goes: `.kb` is a folder of its own, not `kb`.
    const path = str(p.path, `${where}.path`).replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
    if (path !== '' && unsafePathReason(path)) no(`${where}.path ${JSON.stringify(p.path)}: ${unsafePathReason(path)}`);
    if (seen.has(path)) no(`${where}.path ${JSON.stringify(p.path)} is listed twice`);
    seen.add(path);
    const pc: PackageConfig = { path };
    if (p.format !== undefined) {
      if (!FORMATS.includes(p.format as string)) no(`${where}.format must be one of ${FORMATS.join(', ')}`);
      pc.format = p.format as PackageConfig['format'];
    }
    if (p.name !== undefined) pc.name = str(p.name, `${where}.name`);
    if (p.tag_pattern !== undefined) pc.tag_pattern = pattern(p.tag_pattern, `${where}.tag_pattern`, pc.name);
    if (p.policy !== undefined) pc.policy = obj(p.policy, `${where}.policy`);
    if (p.links !== undefined) pc.links = linkSettings(p.links, `${where}.links`, no);
    cfg.packages.push(pc);
  }
  return cfg;
}

const LEVELS = ['off', 'warning', 'error'];
/** The generators whose link and anchor rules the check knows (src/links/slugs.ts). */
const GENERATORS = ['github', 'mdbook', 'vitepress', 'docusaurus', 'mkdocs', 'obsidian', 'foam'];

/** `links: error` or `links: {level: error, root: knowledge/docs}`. */
function linkSettings(v: unknown, where: string, no: (m: string) => never): LinkSettings {
  if (typeof v === 'string') {
    if (!LEVELS.includes(v)) no(`${where} must be off, warning or error`);
    return { level: v as LinkSettings['level'] };
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) no(`${where} must be off, warning or error, or a mapping {level, root}`);
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) if (!['level', 'root', 'generator'].includes(k)) no(`${where}: unknown key ${JSON.stringify(k)} (allowed: level, root, generator)`);
  const out: LinkSettings = {};
  if (o.level !== undefined) {
    if (typeof o.level !== 'string' || !LEVELS.includes(o.level)) no(`${where}.level must be off, warning or error`);
    out.level = o.level as LinkSettings['level'];
  }
  if (o.root !== undefined) {
    if (typeof o.root !== 'string') no(`${where}.root must be a folder inside the package`);
    const r = (o.root as string).replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
    if (r !== '' && unsafePathReason(r)) no(`${where}.root ${JSON.stringify(o.root)}: ${unsafePathReason(r)}`);
    out.root = r;
  }
  if (o.generator !== undefined) {
    if (typeof o.generator !== 'string' || !GENERATORS.includes(o.generator)) no(`${where}.generator must be one of ${GENERATORS.join(', ')}`);
    out.generator = o.generator as string;
  }
  return out;
}

/** The link check settings of the package at `pkgPath` (repository-relative): its own, else the repository's. */
export function linkSettingsFor(cfg: RepoConfig | undefined, pkgPath: string): LinkSettings {
  const own = cfg?.packages.find((p) => p.path === pkgPath)?.links;
  const level = own?.level ?? cfg?.links;
  const root = own?.root ?? cfg?.linksRoot;
  const generator = own?.generator;
  return { ...(level ? { level } : {}), ...(root !== undefined ? { root } : {}), ...(generator ? { generator } : {}) };
}

/** The config in `tree` (a repository root on disk or at a ref), or undefined when there is none. */
export async function readRepoConfig(tree: Tree): Promise<RepoConfig | undefined> {
  const st = await tree.stat(CONFIG_FILE);
  if (st?.kind === 'symlink') {
    fail('CTXFORGE_PATH_OUTSIDE_REPO', `${CONFIG_FILE} is a symbolic link, which is not followed`, {
      file: CONFIG_FILE, hint: 'a committed link can point outside the repository; commit the file itself',
    }, 2);
  }
  if (!st || st.kind !== 'file') return undefined;
  return parseRepoConfig((await tree.read(CONFIG_FILE)).toString('utf8'));
}

/** How diagnostics name a config file: repository-relative inside the repository, else its full path. */
export function shownConfigPath(abs: string, root: string): string {
  const rel = toPosix(relative(root, abs));
  return rel && rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel) ? rel : toPosix(abs);
}

/**
 * A config file the user named (--config, the Action's `config` input): always a file on disk, also
 * when packages are read at a ref, because it names the rules to apply, not a version of them. Its
 * package paths stay repository-relative wherever the file lives. Not finding it is an error — the
 * user asked for these rules, and silently falling back to detection would release something else.
 */
export async function readConfigFile(path: string, o: { cwd: string; root: string }): Promise<RepoConfig> {
  const abs = resolve(o.cwd, path);
  const shown = shownConfigPath(abs, o.root);
  const rel = relative(o.root, abs);
  if (rel && !rel.startsWith('..') && !isAbsolute(rel)) {
    const link = linkedComponent(o.root, toPosix(rel));
    if (link) {
      fail('CTXFORGE_PATH_OUTSIDE_REPO', `config file ${shown} is, or passes through, the symbolic link ${link}, which is not followed`, {
        file: shown, hint: 'a committed link can point outside the repository; name the real file instead',
      }, 2);
    }
  }
  const st = await stat(abs).catch(() => undefined);
  if (!st || !st.isFile()) {
    fail('CTXFORGE_REPO_CONFIG_MISSING', `config file ${shown} ${st ? 'is not a regular file' : 'does not exist'}`, {
      file: shown, hint: 'check the path (relative to the directory ctxforge runs in; the Action resolves it against the repository root), or leave it out to use ctxforge.yaml at the root',
    }, 2);
  }
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (e) {
    fail('CTXFORGE_REPO_CONFIG_MISSING', `config file ${shown} cannot be read: ${(e as Error).message}`, { file: shown }, 2);
  }
  return parseRepoConfig(text, shown);
}

/** The named config file when there is one, else ctxforge.yaml in `tree` (when it has one). */
export async function repoConfig(tree: Tree | undefined, o: { file?: string; cwd: string; root: string }): Promise<RepoConfig | undefined> {
  if (o.file) return readConfigFile(o.file, o);
  return tree ? readRepoConfig(tree) : undefined;
}
