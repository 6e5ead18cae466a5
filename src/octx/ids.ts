// Stamping missing octx.document_id (and type) into Concept Documents of a working directory,
// textually: every other byte of the file stays as it was, and an existing ID is never changed.
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../core/atomic.js';
import { DiskTree } from '../core/tree.js';
import { uuidv7 } from '../core/uuid.js';
import { parseYamlSafe, splitFrontmatter, YamlSafetyError } from '../core/yaml-safe.js';
import { error, type Diagnostic } from '../core/diagnostics.js';
import { isConcept } from './documents.js';
import { firstHeading } from '../links/title.js';

export interface IdsResult {
  stamped: { path: string; document_id?: string; type?: string }[];
  diagnostics: Diagnostic[];
}

/** The title a stamped document gets: its first heading (the one title rule), else its file name. */
function titleFrom(body: string, path: string): string {
  const h = firstHeading(body);
  if (h) return h;
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
  return base.replace(/[-_]+/g, ' ');
}

function yamlString(s: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9 _.,()-]*$/.test(s) && !/^(true|false|null|yes|no|on|off|~)$/i.test(s) && !/^[\d.]+$/.test(s) ? s : JSON.stringify(s);
}

export function stampText(text: string, path: string, newId: () => string): { text: string; document_id?: string; type?: string } | { error: string; line?: number } {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const t = bom ? text.slice(1) : text;
  const eol = t.includes('\r\n') ? '\r\n' : '\n';
  const fm = splitFrontmatter(t);
  if (!fm.present) {
    const id = newId();
    const head = ['---', 'type: Document', `title: ${yamlString(titleFrom(t, path))}`, 'octx:', `  document_id: ${id}`, '---', ''].join(eol);
    return { text: bom + head + (t.startsWith(eol) || t === '' ? '' : eol) + t, document_id: id, type: 'Document' };
  }
  let data: Record<string, unknown>;
  try {
    const v = parseYamlSafe(fm.yaml);
    data = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch (e) {
    return { error: (e as YamlSafetyError).reason ?? String(e), line: (e as YamlSafetyError).line };
  }
  const openLen = /^---[ \t]*\r?\n/.exec(t)![0].length;
  let yaml = fm.yaml;
  const out: { document_id?: string; type?: string } = {};
  const lines = yaml.split(/\r?\n/);
  if (yaml.endsWith('\n')) lines.pop();
  const octx = data.octx;
  if (octx !== undefined && (typeof octx !== 'object' || octx === null || Array.isArray(octx))) return { error: 'octx must be a mapping' };
  const hasId = octx && (octx as Record<string, unknown>).document_id !== undefined;
  if (!hasId) {
    const id = newId();
    out.document_id = id;
    const at = lines.findIndex((l) => /^octx\s*:\s*$/.test(l));
    if (octx === undefined) lines.push('octx:', `  document_id: ${id}`);
    else if (at >= 0) {
      const next = lines[at + 1];
      const indent = next && /^(\s+)\S/.exec(next)?.[1] ? /^(\s+)/.exec(next)![1]! : '  ';
      lines.splice(at + 1, 0, `${indent}document_id: ${id}`);
    } else return { error: 'octx is written in flow style; add document_id by hand' };
  }
  if (typeof data.type !== 'string' || data.type.trim() === '') {
    if (data.type !== undefined) return { error: 'type is present but not a non-empty string; fix it by hand' };
    lines.unshift('type: Document');
    out.type = 'Document';
  }
  if (!out.document_id && !out.type) return { text };
  yaml = lines.join(eol) + eol;
  return { text: bom + t.slice(0, openLen) + yaml + t.slice(openLen + fm.yaml.length), ...out };
}

export async function stampIds(dir: string, opts: { dryRun?: boolean; now?: number } = {}): Promise<IdsResult> {
  const tree = new DiskTree(dir);
  const res: IdsResult = { stamped: [], diagnostics: [] };
  const seen = new Set<string>();
  let tick = opts.now ?? Date.now();
  for (const e of await tree.list()) {
    if (e.kind !== 'file' || !isConcept(e.path)) continue;
    const abs = tree.localPath(e.path);
    const text = await readFile(abs, 'utf8');
    const r = stampText(text, e.path, () => {
      let id: string;
      do id = uuidv7(tick++); while (seen.has(id));
      seen.add(id);
      return id;
    });
    if ('error' in r) { res.diagnostics.push(error('OCTX_DOCUMENT_FRONTMATTER', `${e.path}: cannot stamp: ${r.error}`, { file: e.path, line: r.line })); continue; }
    if (r.text === text) continue;
    if (!opts.dryRun) await writeFileAtomic(abs, r.text);
    res.stamped.push({ path: e.path, document_id: r.document_id, type: r.type });
  }
  return res;
}
