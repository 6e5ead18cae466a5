// `ctxforge registry add` and `registry index`: place a verified artifact at its immutable
// coordinate and write the index a fresh build gives. A coordinate that holds other bytes is never
// replaced, and nothing is written for an artifact the reference's builder would refuse.
import { lstat, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DiagnosticError, error, fail } from '../core/diagnostics.js';
import { writeFileAtomic, refuseSymlinks } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { formatByName } from '../formats.js';
import { buildIndex, cartridgeCard, readCommittedIndex, type BuiltIndex } from './index-build.js';
import { cartridgePath, INDEX_FILE } from './layout.js';
import { readLedger } from './status.js';
import { buildCollections, collectionIdentity, collectionPath, COLLECTION_OF, CTXFORGE_INDEX_FILE, parseCollectionPath, readCommittedCollections } from './collections.js';
import './rules.js';

function refuseRejected(b: BuiltIndex): void {
  if (!b.rejected.length) return;
  const diags = b.rejected.map((r) => error('CTXFORGE_REGISTRY_REJECTED', `[${r.type}] ${r.reason}`, { file: r.path }));
  throw new DiagnosticError({ ...diags[0]!, hint: `${INDEX_FILE} is not written while the registry holds an artifact the index builder refuses` }, 1, diags);
}

/** Rebuilds and writes index.json; refuses (writing nothing) while any artifact is rejected. */
export async function writeIndex(root: string): Promise<BuiltIndex & { changed: boolean }> {
  const committed = await readCommittedIndex(root);
  const b = await buildIndex(root, committed.doc);
  const own = await buildCollections(root);
  refuseRejected({ ...b, rejected: [...b.rejected, ...own.rejected] });
  let changed = false;
  if (own.text !== null && own.text !== (await readCommittedCollections(root))) {
    refuseSymlinks(join(root, CTXFORGE_INDEX_FILE), root);
    await writeFileAtomic(join(root, CTXFORGE_INDEX_FILE), own.text, 0o644, root);
    changed = true;
  }
  if (committed.text === b.text) return { ...b, changed };
  refuseSymlinks(join(root, INDEX_FILE), root);
  await writeFileAtomic(join(root, INDEX_FILE), b.text, 0o644, root);
  return { ...b, changed: true };
}

/** A .ctxpkg or .octx release into ctxforge's collection of its format. */
async function addToCollection(file: string, format: 'ctxpkg' | 'octx', bytes: Buffer, root: string): Promise<AddReport> {
  const id = await collectionIdentity(file, format, file);
  if (!id.valid) fail('CTXFORGE_REGISTRY_REJECTED', `${file} does not verify (${id.reason}); nothing was written`, { file }, 1);
  const rel = id.name && id.version ? collectionPath(format, id.name, id.version) : undefined;
  if (!rel || !parseCollectionPath(rel)) fail('CTXFORGE_REGISTRY_REJECTED', `${file}: its ${format === 'ctxpkg' ? 'name' : 'asset id'} ${JSON.stringify(id.name)} and version ${JSON.stringify(id.version)} make no coordinate (${format}/<name>/<version>/${COLLECTION_OF[format].file}); nothing was written`, { file }, 1);
  const added = await place(rel, bytes, root, `${id.name}@${id.version}`);
  const idx = await writeIndex(root);
  return { registry: root, path: rel, coordinate: { publisher: '', id: id.name!, version: id.version! }, digest: `sha256:${sha256Hex(bytes)}`, added, index_changed: idx.changed, not_judged: idx.notJudged };
}

/** Writes `bytes` at the coordinate `rel`; false when the same bytes are there already; refuses other bytes. */
async function place(rel: string, bytes: Buffer, root: string, what: string): Promise<boolean> {
  const target = join(root, ...rel.split('/'));
  const existing = await lstat(target).catch(() => undefined);
  if (existing) {
    const same = existing.isFile() && sha256Hex(await readFile(target)) === sha256Hex(bytes);
    if (!same) fail('CTXFORGE_REGISTRY_EXISTS', `${rel} already holds another ${what}; a published coordinate is never replaced`, { file: rel, hint: 'publish a new version' }, 1);
    return false;
  }
  refuseSymlinks(target, root);
  await mkdir(join(target, '..'), { recursive: true });
  refuseSymlinks(target, root);
  await writeFileAtomic(target, bytes, 0o644, root);
  return true;
}

export interface AddReport { registry: string; path: string; coordinate: { publisher: string; id: string; version: string }; digest: string; added: boolean; index_changed: boolean; not_judged: string[] }

export async function addArtifact(file: string, root: string): Promise<AddReport> {
  const st = await lstat(file).catch(() => undefined);
  if (!st?.isFile()) fail('CTXFORGE_IO', `${file} is not a regular file`, { file }, 2);
  const rootSt = await lstat(root).catch(() => undefined);
  if (!rootSt?.isDirectory()) fail('CTXFORGE_IO', `${root} is not a folder (a git registry's root)`, { file: root }, 2);
  const bytes = await readFile(file);
  if (!formatByName('acx')!.sniffArtifact(bytes.subarray(0, 4096), file)) {
    for (const f of ['ctxpkg', 'octx'] as const) if (formatByName(f)!.sniffArtifact(bytes.subarray(0, 4096), file)) return addToCollection(file, f, bytes, root);
    fail('CTXFORGE_USAGE', `${file} is neither an Agent Cartridge, a ctxpkg nor an OCTX package`, { file }, 2);
  }
  const facts = await formatByName('acx')!.registryFacts!({ label: file, path: file }, {});
  const publisher = facts.meta['acx.publisher_id'] ?? '';
  const id = facts.meta['acx.artifact_id'] ?? '';
  const version = facts.meta['acx.artifact_version'] ?? '';
  const rel = cartridgePath(publisher, id, version);
  const { ledger } = await readLedger(root);
  const v = await cartridgeCard(file, rel, { ledger });
  if (!v.accepted) fail('CTXFORGE_REGISTRY_REJECTED', `${file}: ${v.reason}; nothing was written`, { file, hint: 'build the cartridge with ctxforge build (it writes the ROM-bound identity) and sign it' }, 1);
  const added = await place(rel, bytes, root, `${publisher}/${id}@${version}`);
  const idx = await writeIndex(root);
  return { registry: root, path: rel, coordinate: { publisher, id, version }, digest: v.card.digest, added, index_changed: idx.changed, not_judged: idx.notJudged };
}
