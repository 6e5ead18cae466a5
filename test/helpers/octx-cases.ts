// Applies the mutation cases of ../shared/vectors/octx/cases.json to their base fixtures.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { vectorsDir } from './cli.js';
import { buildZip, type RawEntry } from './rawzip.js';
import { packageDigest } from '../../src/octx/digest.js';

export const octxVectors = join(vectorsDir, 'octx');

export interface OctxCase {
  id: string;
  base: string;
  expect: {
    format_valid?: boolean; valid?: boolean; fully_validated?: boolean;
    capability?: Record<string, boolean | null>;
    codes?: string[]; codes_warning?: string[]; codes_absent?: string[];
    open_error?: string; package_digest_unchanged?: boolean;
  };
  [k: string]: unknown;
}

export function loadCases(): OctxCase[] {
  return JSON.parse(readFileSync(join(octxVectors, 'cases.json'), 'utf8')).cases;
}

export function readDir(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.set(relative(root, p).split('\\').join('/'), readFileSync(p));
    }
  };
  walk(root);
  return out;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function setDotted(obj: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let cur = obj;
  for (const k of keys.slice(0, -1)) cur = (cur[k] ??= {}) as Record<string, unknown>;
  cur[keys.at(-1)!] = value;
}

function getDotted(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
}

function fillPlaceholders(v: unknown, m: Record<string, unknown>): unknown {
  if (typeof v === 'string') { const mm = /^<(.+)>$/.exec(v); return mm ? getDotted(m, mm[1]!) : v; }
  if (Array.isArray(v)) return v.map((x) => fillPlaceholders(x, m));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillPlaceholders(x, m)]));
  return v;
}

export interface Materialized {
  /** The packed archive. */
  zip: Buffer;
  /** The same content as a working-directory file map (manifest included), or null for ZIP-only cases. */
  files: Map<string, Buffer> | null;
  baseDigest: string;
}

export function materialize(c: OctxCase): Materialized {
  const baseName = c.base.startsWith('minimal-valid') ? 'minimal-valid' : 'sag-structured-valid';
  const files = readDir(join(octxVectors, 'derived', baseName));
  const m = JSON.parse(files.get('manifest.json')!.toString('utf8'));
  const baseDigest = m.release.package_digest;
  files.delete('manifest.json');
  const listed: { path: unknown; sha256: unknown }[] = m.files;
  const list = (p: string) => { if (!listed.some((f) => f.path === p)) listed.push({ path: p, sha256: '' }); };
  for (const [k, v] of Object.entries((c.manifest_set ?? {}) as Record<string, unknown>)) setDotted(m, k, fillPlaceholders(v, m));
  for (const [p, content] of Object.entries((c.add_files ?? {}) as Record<string, string>)) { files.set(p, Buffer.from(content)); list(p); }
  for (const p of (c.remove_files ?? []) as string[]) { files.delete(p); m.files = listed.filter((f) => f.path !== p); }
  for (const [p, content] of Object.entries((c.replace_files ?? {}) as Record<string, string>)) files.set(p, Buffer.from(content));
  for (const [p, recs] of Object.entries((c.replace_jsonl ?? {}) as Record<string, unknown[]>)) files.set(p, Buffer.from(recs.map((r) => JSON.stringify(r)).join('\n') + '\n'));
  for (const [p, hex] of Object.entries((c.replace_prefix_bytes_hex ?? {}) as Record<string, string>)) files.set(p, Buffer.concat([Buffer.from(hex, 'hex'), files.get(p)!]));
  if (c.rehash) {
    for (const f of m.files as { path: string; sha256: string }[]) if (files.has(f.path)) f.sha256 = sha(files.get(f.path)!);
    m.files.sort((a: { path: string }, b: { path: string }) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
    m.release.package_digest = packageDigest(m);
  }
  if (c.manifest_append_files) m.files.push(...(c.manifest_append_files as unknown[]));
  let mtext = JSON.stringify(m, null, 2) + '\n';
  const rr = c.manifest_raw_replace as { from: string; to: string } | undefined;
  if (rr) mtext = mtext.replace(rr.from, rr.to);
  let mbytes = Buffer.from(mtext);
  if (c.manifest_raw_prefix_hex) mbytes = Buffer.concat([Buffer.from(c.manifest_raw_prefix_hex as string, 'hex'), mbytes]);

  let entries: RawEntry[] = [{ name: 'manifest.json', data: mbytes }, ...[...files].map(([name, data]) => ({ name, data }))];
  const patch = c.zip_patch as string | undefined;
  if (patch?.includes('bit 0')) entries = entries.map((e) => ({ ...e, flags: 0x1 }));
  if (patch?.includes('method=8 in the first local header')) entries[0] = { ...entries[0]!, localMethod: 8 };
  if (patch?.includes('reversed entry order')) entries.reverse();
  for (const x of (c.zip_extra_entries ?? []) as { name: string; mode?: string; method?: number; create_system?: number; data: string }[]) {
    entries.push({ name: x.name, data: x.data, mode: x.mode ? parseInt(x.mode, 8) : undefined, method: x.method, createSystem: x.create_system });
  }
  const zipOnly = !!(c.zip_patch || c.zip_extra_entries);
  const all = new Map(files);
  all.set('manifest.json', mbytes);
  return { zip: buildZip(entries), files: zipOnly ? null : all, baseDigest };
}
