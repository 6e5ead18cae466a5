// Stamping a missing `id` (and `type`) into the node files of a ctxpkg source tree, textually: every
// other byte stays as it was and an existing id is never changed. A new id is the file's path below
// nodes/ as a slug (nodes/gotchas/retry.md → gotchas-retry), made unique within the tree.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../core/atomic.js';
import { error, type Diagnostic } from '../core/diagnostics.js';
import { DiskTree } from '../core/tree.js';
import { parseYamlSafe, splitFrontmatter, YamlSafetyError } from '../core/yaml-safe.js';
import { NODES_DIR } from './source.js';

export interface CtxpkgIdsResult {
  stamped: { path: string; id?: string; type?: string }[];
  diagnostics: Diagnostic[];
}

const DEFAULT_TYPE = 'fact';

function slugOf(path: string): string {
  const s = path.slice(NODES_DIR.length).replace(/\.md$/, '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s || 'node';
}

export async function stampCtxpkgIds(dir: string, opts: { dryRun?: boolean } = {}): Promise<CtxpkgIdsResult> {
  const tree = new DiskTree(dir);
  const res: CtxpkgIdsResult = { stamped: [], diagnostics: [] };
  const files: { path: string; abs: string; text: string; data?: Record<string, unknown>; yaml?: string; openLen?: number }[] = [];
  const used = new Set<string>();
  for (const e of await tree.list()) {
    if (e.kind !== 'file' || !e.path.startsWith(NODES_DIR) || !e.path.endsWith('.md')) continue;
    const abs = tree.localPath(e.path);
    const text = await readFile(abs, 'utf8');
    const fm = splitFrontmatter(text.replace(/^\ufeff/, ''));
    if (!fm.present) { files.push({ path: e.path, abs, text }); continue; }
    try {
      const v = parseYamlSafe(fm.yaml);
      const data = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
      if (typeof data.id === 'string') used.add(data.id);
      files.push({ path: e.path, abs, text, data, yaml: fm.yaml });
    } catch (err) {
      const y = err as YamlSafetyError;
      res.diagnostics.push(error('CTXPKG_SOURCE_YAML', `${e.path}: cannot stamp: ${y.reason ?? String(err)}`, { file: e.path, line: y.line }));
    }
  }
  const newId = (path: string) => {
    const base = slugOf(path);
    let id = base;
    for (let i = 2; used.has(id); i++) id = `${base}-${i}`;
    used.add(id);
    return id;
  };
  for (const f of files) {
    const eol = f.text.includes('\r\n') ? '\r\n' : '\n';
    const bom = f.text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
    const t = bom ? f.text.slice(1) : f.text;
    let out: string;
    const stamp: { path: string; id?: string; type?: string } = { path: f.path };
    if (!f.data) {
      stamp.id = newId(f.path);
      stamp.type = DEFAULT_TYPE;
      out = `${bom}---${eol}id: ${stamp.id}${eol}type: ${DEFAULT_TYPE}${eol}---${eol}${t}`;
    } else {
      const add: string[] = [];
      if (f.data.id === undefined) { stamp.id = newId(f.path); add.push(`id: ${stamp.id}`); }
      else if (typeof f.data.id !== 'string' || f.data.id === '') { res.diagnostics.push(error('CTXPKG_SOURCE_YAML', `${f.path}: id is present but not a non-empty string; fix it by hand`, { file: f.path })); continue; }
      if (f.data.type === undefined) { stamp.type = DEFAULT_TYPE; add.push(`type: ${DEFAULT_TYPE}`); }
      else if (typeof f.data.type !== 'string' || f.data.type.trim() === '') { res.diagnostics.push(error('CTXPKG_SOURCE_YAML', `${f.path}: type is present but not a non-empty string; fix it by hand`, { file: f.path })); continue; }
      if (!add.length) continue;
      const openLen = /^---[ \t]*\r?\n/.exec(t)![0].length;
      out = bom + t.slice(0, openLen) + add.map((l) => l + eol).join('') + t.slice(openLen);
    }
    if (!opts.dryRun) await writeFileAtomic(f.abs, out);
    res.stamped.push(stamp);
  }
  return res;
}
