// A built cartridge back into an editable source tree (ROM only), such that building the result
// gives the same ROM content: skills/, knowledge/, rom/, memory/, capabilities/, attestations/.
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type * as Yaml from 'yaml';
import { lazyRequire } from '../core/lazy.js';
import { fail, failWith } from '../core/diagnostics.js';
import { hostConfigRefusals } from '../core/host-config-names.js';
import type { ArtifactInput, CommonOptions } from '../format.js';
import { checkArtifact, type Checked } from './artifact.js';
import { DERIVED_MEMORY_FIELDS } from './memory.js';
import { zoneOfName } from './sqlar.js';
import { ROM_INDEX_PATH } from './rom-index.js';
import { makeDirs } from '../core/dirs.js';

const yamlLib = lazyRequire<typeof Yaml>('yaml');
const stringify = (v: unknown, o: Yaml.ToStringOptions) => yamlLib().stringify(v, o);

const FIELD_OF: Record<string, string> = {
  'acx.publisher_id': 'publisher', 'acx.artifact_id': 'artifact', 'acx.artifact_version': 'version', 'acx.created_at': 'created_at',
  'acx.description': 'description', 'acx.license': 'license', 'acx.agent_name': 'agent_name', 'acx.provider': 'provider',
  'acx.model': 'model', 'acx.role': 'role', 'acx.homepage': 'homepage',
};
/** Meta the builder always writes itself. */
const BUILDER_META = ['acx.spec_version', 'acx.rom_manifest_hash', 'acx.vec0_format', 'acx.save_codebase_fingerprint', 'acx.cartridge_id'];
const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,100}$/;

/** The source tree of a verified cartridge (ROM only), as files (relative path → content). */
export async function importedFiles(input: ArtifactInput, opts: CommonOptions): Promise<Map<string, string | Buffer>> {
  return (await importedCartridge(input, opts)).files;
}

/** The source tree of a verified cartridge, and its meta keys that no signed ROM manifest entry covers (cartridge.yaml holds them too). */
export async function importedCartridge(input: ArtifactInput, opts: CommonOptions): Promise<{ files: Map<string, string | Buffer>; unsignedMeta: string[] }> {
  return importedFrom(input, await checkArtifact(input, { limits: opts.limits, env: opts.env }, { files: true }));
}

/**
 * The source tree of a cartridge already checked with every file kept (checkArtifact with
 * `files`), under no trust inputs of the caller's (the judgement importedCartridge makes).
 */
export function importedFrom(input: ArtifactInput, c: Checked): { files: Map<string, string | Buffer>; unsignedMeta: string[] } {
  if (!c.check || !c.data) fail(c.result.diagnostics[0]!.code, `cannot import ${input.label}: ${c.result.diagnostics[0]!.message}`);
  if (c.check.report.trust === 'tampered') fail('ACX_OBJECT_MISMATCH', `cannot import ${input.label}: it is tampered (${c.check.report.reason})`);
  const firstError = c.result.diagnostics.find((x) => x.severity === 'error');
  if (firstError) fail(firstError.code, `cannot import ${input.label}: ${firstError.message}`, { hint: 'run `ctxforge verify` for every problem' });
  const meta = c.check.meta;
  const out = new Map<string, string | Buffer>();
  const y: Record<string, unknown> = {};
  const extra: Record<string, string> = {};
  for (const k of ['acx.publisher_id', 'acx.artifact_id', 'acx.artifact_version']) if (meta.has(k)) y[FIELD_OF[k]!] = meta.get(k);
  const cid = meta.get('acx.cartridge_id') ?? '';
  const m = /@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(cid);
  if (m) y.uuid = m[1];
  for (const [k, v] of [...meta].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (BUILDER_META.includes(k) || y[FIELD_OF[k] ?? ''] !== undefined) continue;
    if (FIELD_OF[k]) y[FIELD_OF[k]] = v;
    else if (k === 'acx.declared_level' && /^\d+$/.test(v)) y.declared_level = Number(v);
    else if (k === 'acx.authors' || k === 'acx.tags' || k === 'acx.embedding_engine') y[k.slice(4)] = JSON.parse(v);
    else extra[k] = v;
  }
  if (Object.keys(extra).length) y.meta = extra;
  out.set('cartridge.yaml', `# Imported from ${input.label} (ROM manifest ${c.check.report.manifestHash})\n${stringify(y, { lineWidth: 0 })}`);
  for (const [name, raw] of c.check.files) {
    // The ROM index is written by the build whenever files share bytes.
    if (zoneOfName(name) !== 'rom' || name === ROM_INDEX_PATH) continue;
    const rel = name.slice(4);
    out.set(rel.startsWith('skills/') || rel.startsWith('knowledge/') ? rel : name, raw);
  }
  let n = 0;
  for (const row of c.data.memory) {
    if (row.zone !== 'rom') continue;
    const rec = JSON.parse(String(row.payload)) as Record<string, unknown>;
    for (const f of DERIVED_MEMORY_FIELDS) delete rec[f];
    const id = String(row.id);
    out.set(`memory/${SAFE_FILE.test(id) ? id : `record-${++n}`}.yaml`, stringify(rec, { lineWidth: 0 }));
  }
  for (const k of c.data.capabilities) out.set(`capabilities/${String(k.id)}.yaml`, stringify(JSON.parse(String(k.json)), { lineWidth: 0 }));
  for (const a of c.data.attestations) {
    const id = String(a.att_id);
    out.set(`attestations/${SAFE_FILE.test(id) ? id : `attestation-${++n}`}.json`, `${JSON.stringify({ type: a.type, subject_oid: a.subject_oid, media_type: a.media_type, document: a.document, status_url: a.status_url, created_at: a.created_at }, null, 2)}\n`);
  }
  return { files: out, unsignedMeta: [...c.check.unsignedMeta] };
}

export async function importCartridge(input: ArtifactInput, dir: string, opts: CommonOptions): Promise<string[]> {
  const out = await importedFiles(input, opts);
  // Building the tree again gives the same ROM, whose signed manifest names every path: a path an
  // agent host reads as configuration cannot be renamed, so it is refused before anything is written.
  failWith(hostConfigRefusals(out.keys(), ['skills/'], dir), 'nothing was imported');
  for (const [rel, data] of out) {
    const abs = join(dir, ...rel.split('/'));
    makeDirs(dirname(abs));
    await writeFile(abs, data, { flag: 'wx' });
  }
  return [...out.keys()].sort();
}
