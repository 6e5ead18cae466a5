// Finds the packages of a repository (from its config, else by looking for source trees) and
// opens each one: format module, Tree, name and version.
import { readdir } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { DiskTree, type Tree } from '../core/tree.js';
import { fail } from '../core/diagnostics.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { allFormats } from '../formats.js';
import type { FormatModule } from '../format.js';
import { configuredPackages, type ConfiguredPackage } from './collab.js';
import type { ReleasePackage } from './context.js';

const SKIP_DIRS = new Set(['node_modules', 'dist', 'lib', 'build', 'out', 'target', 'vendor']);
const MAX_DEPTH = 4;

/** The format whose source tree this is; tolerates modules that are still placeholders. */
export async function sourceFormat(tree: Tree): Promise<FormatModule | undefined> {
  for (const m of allFormats()) {
    if (typeof m.isSource !== 'function') continue;
    if (await m.isSource(tree)) return m;
  }
  return undefined;
}

/** `packages:` of ctxforge.yaml, read directly while src/repo is not there. */
function configFromFile(cwd: string, config?: string): ConfiguredPackage[] | null {
  const file = resolve(cwd, config ?? 'ctxforge.yaml');
  if (!existsSync(file)) {
    if (config) fail('CTXFORGE_CONFIG', `config file ${config} not found`, {}, 2);
    return null;
  }
  const doc = parseYamlSafe(readFileSync(file, 'utf8')) as { packages?: unknown } | null;
  const list = doc?.packages;
  if (!Array.isArray(list)) return null;
  return list.map((p, i) => {
    if (typeof p === 'string') return { path: p };
    if (p && typeof p === 'object' && typeof (p as { path?: unknown }).path === 'string') {
      const o = p as { path: string; name?: unknown };
      return { path: o.path, name: typeof o.name === 'string' ? o.name : undefined };
    }
    fail('CTXFORGE_CONFIG', `packages[${i}] in ${basename(file)} needs a path`, { file: basename(file) }, 2);
  });
}

async function scan(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (abs: string, depth: number): Promise<void> => {
    if (await sourceFormat(new DiskTree(abs))) {
      found.push(abs);
      return; // a package's own folders are not separate packages
    }
    if (depth >= MAX_DEPTH) return;
    const ents = await readdir(abs, { withFileTypes: true }).catch(() => []);
    for (const e of ents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (!e.isDirectory() || e.name.startsWith('.') || SKIP_DIRS.has(e.name)) continue;
      await walk(join(abs, e.name), depth + 1);
    }
  };
  await walk(root, 0);
  return found;
}

export async function openPackage(cwd: string, relPath: string, name?: string): Promise<ReleasePackage> {
  const dir = resolve(cwd, relPath);
  const rel = relative(cwd, dir).split('\\').join('/');
  const tree = new DiskTree(dir, rel || '.');
  const module = await sourceFormat(tree);
  if (!module) fail('CTXFORGE_FORMAT_UNKNOWN', `${rel || '.'} is not a source tree of any supported format`, {}, 1);
  const summary = await module.items(tree, {});
  const aliases = [...new Set([summary.name, summary.identity, basename(dir)].filter((x): x is string => !!x))];
  return { name: name ?? summary.name ?? basename(dir), aliases, relPath: rel, dir, format: module.name, version: summary.version, module, tree };
}

export interface DiscoverOptions {
  cwd: string;
  config?: string;
  /** Only this package path. */
  path?: string;
}

/** Every package in the repository, in config order (else path order). */
export async function discoverPackages(o: DiscoverOptions): Promise<ReleasePackage[]> {
  if (o.path) return [await openPackage(o.cwd, o.path)];
  const listed = (await configuredPackages(o.cwd, o.config)) ?? configFromFile(o.cwd, o.config);
  const entries: ConfiguredPackage[] = listed ?? (await scan(o.cwd)).map((abs) => ({ path: relative(o.cwd, abs) || '.' }));
  if (!entries.length) {
    fail('CTXFORGE_NO_PACKAGES', `no packages found in ${o.cwd}`, { hint: 'list them under `packages:` in ctxforge.yaml, or pass --path' }, 1);
  }
  const out: ReleasePackage[] = [];
  for (const e of entries) out.push(await openPackage(o.cwd, e.path, e.name));
  return out;
}
