// The signed ROM index: how ctxforge binds every ROM path of a cartridge whose files share bytes.
// objects.oid is the primary key (container §3.2), so identical files (the same LICENSE.txt in many
// skills) share one objects row naming one path; the others' bytes are signed but their paths are
// not. A ctxforge build then adds this ROM file, registered and signed like any other, listing every
// ROM file's path with its oid, so no path of its cartridges is unbound. Written only when some ROM
// files share bytes, so every other cartridge is exactly what it was.
import { compareUtf8 } from '../core/paths.js';
import { parseJson } from '../core/strict-json.js';

export const ROM_INDEX_PATH = 'rom/manifest/rom-index.json';
export const ROM_INDEX_SCHEMA = 'ctxforge.rom-index/1';

/** The index of `files` (sqlar names with their oids), pretty JSON with a final newline. */
export function romIndexBytes(files: Array<{ name: string; oid: string }>): Buffer {
  const list = files.filter((f) => f.name !== ROM_INDEX_PATH).sort((a, b) => compareUtf8(a.name, b.name)).map((f) => ({ path: f.name, oid: f.oid }));
  return Buffer.from(`${JSON.stringify({ schemaVersion: ROM_INDEX_SCHEMA, files: list }, null, 2)}\n`, 'utf8');
}

/** path → oid of an index, or why it is not one. */
export function parseRomIndex(raw: Buffer): { paths?: Map<string, string>; problem?: string } {
  let v: unknown;
  try { v = parseJson(raw.toString('utf8')); } catch (e) { return { problem: `is not strict JSON: ${(e as Error).message}` }; }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { problem: 'is not a JSON object' };
  const o = v as Record<string, unknown>;
  if (o.schemaVersion !== ROM_INDEX_SCHEMA) return { problem: `schemaVersion is ${JSON.stringify(o.schemaVersion)}, not ${ROM_INDEX_SCHEMA}` };
  if (Object.keys(o).some((k) => k !== 'schemaVersion' && k !== 'files')) return { problem: 'has keys other than schemaVersion and files' };
  if (!Array.isArray(o.files)) return { problem: 'files is not a list' };
  const paths = new Map<string, string>();
  for (const e of o.files) {
    if (typeof e !== 'object' || e === null || typeof (e as { path?: unknown }).path !== 'string' || typeof (e as { oid?: unknown }).oid !== 'string' || Object.keys(e).length !== 2) return { problem: 'each entry is {path, oid}' };
    const { path, oid } = e as { path: string; oid: string };
    if (!/^sha256:[0-9a-f]{64}$/.test(oid)) return { problem: `the oid of ${path} is not sha256:<64 hex>` };
    if (paths.has(path)) return { problem: `${path} is listed twice` };
    paths.set(path, oid);
  }
  return { paths };
}
