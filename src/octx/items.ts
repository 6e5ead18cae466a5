// Stable identities of an OCTX package for diff: documents by document_id, records by id,
// relations by their pair, capabilities by name, extensions and reserved files by path.
import { sha256Hex } from '../core/hash.js';
import { jcs } from '../core/jcs.js';
import type { Tree } from '../core/tree.js';
import type { Item, PackageSummary } from '../format.js';
import { checkPackage, isPayloadPath, type OctxReport } from './package.js';
import { MANIFEST, parseManifestBytes } from './manifest.js';
import { jsonlLines, readJsonl } from './jsonl.js';
import { SAG_FILES } from './records.js';
import { checkConcept, isConcept, isReserved, isKnowledgeMarkdown } from './documents.js';
import { resolveLimits, type Limits } from '../core/limits.js';

function recordDigest(v: unknown): string {
  try {
    return sha256Hex(jcs(v));
  } catch {
    return sha256Hex(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
  }
}

async function otherLines(other: Tree, file: string): Promise<Set<string> | undefined> {
  if ((await other.stat(file))?.kind !== 'file') return undefined;
  return jsonlLines(await other.read(file));
}

/**
 * Items of the files in `only` (the ones that differ from the other side of a diff) plus the
 * manifest's; nothing else is read. A file that cannot be parsed contributes what it can, as in
 * the full path: diff reports changes, validation reports problems.
 */
async function partialReport(tree: Tree, only: ReadonlySet<string>, limits: Limits): Promise<OctxReport> {
  const manifestBytes = await tree.read(MANIFEST).catch(() => undefined);
  const parsed = manifestBytes ? parseManifestBytes(manifestBytes, limits.maxDepth) : undefined;
  const manifest = (parsed?.raw ?? undefined) as OctxReport['manifest'];
  const declared = Array.isArray(parsed?.raw?.files) ? new Set((parsed!.raw!.files as { path?: unknown }[]).map((f) => f?.path).filter((p): p is string => typeof p === 'string')) : undefined;
  const files: OctxReport['files'] = [];
  const documents: OctxReport['documents'] = [];
  for (const path of [...only].sort()) {
    if (declared ? !declared.has(path) : !isPayloadPath(path)) continue;
    const e = await tree.stat(path);
    if (!e || e.kind !== 'file' || e.size > limits.maxFileBytes) continue;
    const bytes = await tree.read(path).catch(() => undefined);
    if (!bytes) continue;
    files.push({ path, sha256: sha256Hex(bytes) });
    if (isConcept(path)) documents.push(checkConcept(path, bytes, limits.maxDepth, []));
  }
  return { format_valid: false, valid: false, fully_validated: false, capabilities: {}, diagnostics: [], manifest, files, documents };
}

export async function octxItems(tree: Tree, workdir: boolean, limitsIn?: Partial<Limits>, report?: OctxReport, only?: ReadonlySet<string>, other?: Tree): Promise<PackageSummary> {
  const limits = resolveLimits(limitsIn);
  const r = report ?? (only ? await partialReport(tree, only, limits) : await checkPackage(tree, { workdir, limits }));
  const m = r.manifest;
  const items: Item[] = [];
  const digestOf = new Map(r.files.map((f) => [f.path, f.sha256]));
  for (const d of r.documents) {
    if (!d.id) continue;
    items.push({ kind: 'document', id: d.id, path: d.path, digest: digestOf.get(d.path) ?? '', title: d.title, attrs: { type: d.type ?? null } });
  }
  for (const f of r.files) {
    if (isKnowledgeMarkdown(f.path) && isReserved(f.path)) items.push({ kind: 'reserved', id: f.path, path: f.path, digest: f.sha256, title: f.path });
    if (f.path.startsWith('extensions/')) items.push({ kind: 'extension', id: f.path, path: f.path, digest: f.sha256, title: f.path });
    if (f.path.startsWith('vectors/')) items.push({ kind: 'vectors', id: f.path, path: f.path, digest: f.sha256, title: f.path });
  }
  for (const [name, v] of Object.entries((m?.capabilities ?? {}) as Record<string, { version?: string }>)) {
    items.push({ kind: 'capability', id: name, digest: String(v?.version ?? ''), title: `${name}/${v?.version ?? '?'}`, attrs: { version: String(v?.version ?? '') } });
  }
  const listed = new Set(r.files.map((f) => f.path));
  const recordKinds: [string, string, (v: Record<string, unknown>) => string | undefined, (v: Record<string, unknown>) => string | undefined][] = [
    ['chunk', SAG_FILES.chunks, (v) => v.id as string, (v) => (typeof v.text === 'string' ? v.text.slice(0, 120).replace(/\s+/g, ' ').trim().slice(0, 60) : undefined)],
    ['event', SAG_FILES.events, (v) => v.id as string, (v) => v.title as string],
    ['entity', SAG_FILES.entities, (v) => v.id as string, (v) => v.name as string],
    ['chunk-event', SAG_FILES.chunkEvents, (v) => `${v.chunk_id}|${v.event_id}`, () => undefined],
    ['event-entity', SAG_FILES.eventEntities, (v) => `${v.event_id}|${v.entity_id}`, () => undefined],
  ];
  for (const [kind, file, idOf, titleOf] of recordKinds) {
    // Listed is not present: a broken package may list a record file it lacks (diff must not crash on it).
    if (!listed.has(file) || (await tree.stat(file))?.kind !== 'file') continue;
    // In a diff, records on lines the other version holds unchanged cancel out: only the lines that
    // differ are parsed, on both sides, so one edited chunk costs one record, not the file.
    const same = only && other ? await otherLines(other, file) : undefined;
    const recs = readJsonl(file, await tree.read(file), limits.maxDepth, limits.maxLineBytes, [], same) ?? [];
    for (const rec of recs) {
      const id = idOf(rec.value);
      if (typeof id !== 'string') continue;
      items.push({ kind, id, path: file, digest: recordDigest(rec.value), title: titleOf(rec.value) });
    }
  }
  return {
    format: 'octx',
    identity: String(m?.asset?.id ?? ''),
    name: String(m?.asset?.name ?? ''),
    version: String(m?.release?.version ?? ''),
    items,
    ...(only && !report ? { partial: true } : {}),
  };
}
