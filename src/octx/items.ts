// Stable identities of an OCTX package for diff: documents by document_id, records by id,
// relations by their pair, capabilities by name, extensions and reserved files by path.
import { sha256Hex } from '../core/hash.js';
import { jcs } from '../core/jcs.js';
import { filesOf, type Tree } from '../core/tree.js';
import type { Item, PackageSummary } from '../format.js';
import { checkPackage, isPayloadPath, type OctxReport } from './package.js';
import { MANIFEST, parseManifestBytes } from './manifest.js';
import { linesNotIn, readJsonl } from './jsonl.js';
import { SAG_FILES, SAG_PATHS } from './records.js';
import { checkConcept, isConcept, isReserved, isKnowledgeMarkdown } from './documents.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { mapLimit } from '../core/concurrency.js';

function recordDigest(v: unknown): string {
  try {
    return sha256Hex(jcs(v));
  } catch {
    return sha256Hex(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)));
  }
}

/**
 * A record file's bytes for diff: with the other side's copy, only the lines it does not hold
 * (records on lines both versions hold word for word cancel out). Both copies are read at once.
 */
async function recordBytes(tree: Tree, file: string, other: Tree | undefined): Promise<Buffer> {
  const theirs = other && (await other.stat(file))?.kind === 'file' ? other.read(file) : undefined;
  const [mine, them] = await Promise.all([tree.read(file), theirs]);
  return them ? linesNotIn(mine, them) : mine;
}

interface PartialRead {
  report: OctxReport;
  /** Record files among the differing ones: their lines that differ from the other side. */
  records: Map<string, Buffer>;
}

async function manifestOf(tree: Tree, limits: Limits): Promise<{ manifest: OctxReport['manifest']; declared: Set<string> | undefined }> {
  const bytes = await tree.read(MANIFEST).catch(() => undefined);
  const parsed = bytes ? parseManifestBytes(bytes, limits.maxDepth) : undefined;
  const files = parsed?.raw?.files;
  const declared = Array.isArray(files) ? new Set((files as { path?: unknown }[]).map((f) => f?.path).filter((p): p is string => typeof p === 'string')) : undefined;
  return { manifest: (parsed?.raw ?? undefined) as OctxReport['manifest'], declared };
}

/**
 * The files whose items one side has and the other lacks although neither file differs: a package's
 * files are its manifest's `files[]` when it declares one, so a changed manifest can take an
 * unchanged file out (or in) — a removal the differing files alone would not show. Symmetric, so
 * both sides read the same files. Without a declared list on either side, a package's files are its
 * tree's payload files, and a file on one side only is a differing file already.
 */
async function membersChanged(tree: Tree, declared: Set<string> | undefined, other: Tree, limits: Limits): Promise<string[]> {
  const theirs = (await manifestOf(other, limits)).declared;
  if (!declared && !theirs) return [];
  const members = async (t: Tree, d: Set<string> | undefined) => d ?? new Set([...await filesOf(t)].filter(isPayloadPath));
  const [a, b] = [await members(tree, declared), await members(other, theirs)];
  return [...[...a].filter((p) => !b.has(p)), ...[...b].filter((p) => !a.has(p))];
}

/**
 * Items of the files in `only` (the ones that differ from the other side of a diff), of those a
 * changed manifest took in or out (membersChanged), plus the manifest's; nothing else is read.
 * Files are read a few at a time, so that inflating large git blobs overlaps. A file that cannot be
 * parsed contributes what it can, as in the full path: diff reports changes, validation reports
 * problems.
 */
async function partialReport(tree: Tree, only: ReadonlySet<string>, limits: Limits, other: Tree | undefined): Promise<PartialRead> {
  const { manifest, declared } = await manifestOf(tree, limits);
  // A file one side's manifest no longer lists is that side's no more: its records are all
  // removed (or added), not cancelled line by line against a copy the other side does not hold.
  const alone = new Set(only.has(MANIFEST) && other ? await membersChanged(tree, declared, other, limits) : []);
  const read = alone.size ? new Set([...only, ...alone]) : only;
  const paths = [...read].sort().filter((p) => (declared ? declared.has(p) : isPayloadPath(p)));
  const files: (OctxReport['files'][number] | undefined)[] = new Array(paths.length);
  const documents: (OctxReport['documents'][number] | undefined)[] = new Array(paths.length);
  const records = new Map<string, Buffer>();
  await mapLimit(paths, 8, async (path, i) => {
    const e = await tree.stat(path);
    if (!e || e.kind !== 'file' || e.size > limits.maxFileBytes) return;
    // A record file is not an item itself (its records are), so it is not hashed.
    if (SAG_PATHS.includes(path)) {
      const bytes = await recordBytes(tree, path, alone.has(path) ? undefined : other).catch(() => undefined);
      if (bytes) records.set(path, bytes);
      return;
    }
    const bytes = await tree.read(path).catch(() => undefined);
    if (!bytes) return;
    files[i] = { path, sha256: sha256Hex(bytes) };
    if (isConcept(path)) documents[i] = checkConcept(path, bytes, limits.maxDepth, []);
  });
  const report: OctxReport = {
    format_valid: false, valid: false, fully_validated: false, capabilities: {}, diagnostics: [], manifest,
    files: files.filter((f) => f !== undefined), documents: documents.filter((d) => d !== undefined),
  };
  return { report, records };
}

export async function octxItems(tree: Tree, workdir: boolean, limitsIn?: Partial<Limits>, report?: OctxReport, only?: ReadonlySet<string>, other?: Tree): Promise<PackageSummary> {
  const limits = resolveLimits(limitsIn);
  const partial = !report && only ? await partialReport(tree, only, limits, other) : undefined;
  const r = report ?? partial?.report ?? await checkPackage(tree, { workdir, limits });
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
    // In a diff only the lines that differ were read, on both sides: one edited chunk costs one
    // record, not the file. Listed is not present: a broken package may list a record file it
    // lacks (diff must not crash on it).
    const bytes = partial ? partial.records.get(file)
      : listed.has(file) && (await tree.stat(file))?.kind === 'file' ? await tree.read(file) : undefined;
    if (!bytes) continue;
    const recs = readJsonl(file, bytes, limits.maxDepth, limits.maxLineBytes, []) ?? [];
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
