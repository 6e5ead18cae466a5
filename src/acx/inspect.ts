// `inspect` for a cartridge: meta, ROM object counts by kind, skills, capabilities, memory, signature and trust.
import { escapeData } from '../core/log-safe.js';
import type { ArtifactInput, InspectResult, ValidateOptions } from '../format.js';
import { fail } from '../core/diagnostics.js';
import { checkArtifact } from './artifact.js';

export async function inspectCartridge(input: ArtifactInput, opts: ValidateOptions): Promise<InspectResult> {
  const c = await checkArtifact(input, opts);
  if (!c.data || !c.check) fail(c.result.diagnostics[0]!.code, c.result.diagnostics[0]!.message, { file: input.label });
  const { data, check } = c;
  const counts: Record<string, number> = {};
  const romObjects = check.romObjects();
  for (const o of romObjects) counts[o.kind] = (counts[o.kind] ?? 0) + 1;
  const skills = data.skills.map((s) => ({ name: String(s.name), path: String(s.sqlar_path), description: String(s.description) }));
  const capabilities = data.capabilities.map((k) => {
    let j: Record<string, unknown> = {};
    try { j = JSON.parse(String(k.json)); } catch { /* reported by verify */ }
    const p = (j.proficiency ?? {}) as Record<string, unknown>;
    return { id: String(k.id), taskType: j.taskType ?? null, stack: Array.isArray(j.stack) ? j.stack : [], domain: j.domain ?? null, verified: p.verified === true };
  });
  const memory = { rom: data.memory.filter((m) => m.zone === 'rom').length, save: data.memory.filter((m) => m.zone === 'save').length };
  const meta = Object.fromEntries([...check.meta].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  const r = check.report;
  const files = check.fileNames().sort();
  const json = {
    path: input.label, format: 'acx', valid: c.result.valid,
    header: { applicationId: data.header.applicationId, userVersion: data.header.userVersion, ...data.userVersion, pageSize: data.header.pageSize, bytes: data.size },
    meta, romObjects: { total: romObjects.length, byKind: counts }, manifestHash: r.manifestHash,
    files, skills, capabilities, memory, attestations: data.attestations.map((a) => ({ id: String(a.att_id), type: String(a.type) })),
    signature: r.signature, trust: r.trust, status: r.status, reason: r.reason, keyid: r.keyid ?? null,
    diagnostics: c.result.diagnostics,
  };
  const lines = [
    `${input.label}: Agent Cartridge, ${c.result.valid ? 'valid' : 'INVALID'}`,
    '== meta ==', ...Object.entries(meta).map(([k, v]) => `  ${k} = ${v}`),
    '== ROM objects ==', `  total: ${romObjects.length}  (${Object.entries(counts).map(([k, n]) => `${k}:${n}`).join(', ')})`, `  manifest hash: ${r.manifestHash}`,
    '== files (sqlar) ==', ...files.map((f) => `  ${f}`),
    '== skills (acx_skill) ==', ...(skills.length ? skills.map((s) => `  - ${s.name}: ${s.description.length > 80 ? `${s.description.slice(0, 77)}...` : s.description}`) : ['  (none)']),
    '== capabilities ==', ...(capabilities.length ? capabilities.map((k) => `  - ${String(k.taskType)}[${(k.stack as string[]).join('+')}]  verified=${k.verified}`) : ['  (none)']),
    '== memory ==', `  rom: ${memory.rom}, save: ${memory.save}`,
    '== signature & trust ==', `  signature: ${r.signature}${r.keyid ? ` (${r.keyid})` : ''}`, `  trust: ${r.trust} (${r.status}): ${r.reason}`,
    ...c.result.diagnostics.filter((x) => x.severity !== 'info').map((x) => `  ${x.severity} ${x.code}: ${x.message}`),
  ];
  // One element per line; names, titles and descriptions inside come from the package.
  return { text: lines.map(escapeData).join('\n'), json };
}
