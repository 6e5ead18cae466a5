// The committed ID map (.ctxforge-sync.json) is reviewable input, and a pull request can edit it:
// swapped IDs in the map alone would be obeyed by the next maintainer's sync. So the map is checked
// against the documents of its tree (validate, the PR check, and sync before it trusts it) and, in
// the PR check, against the map of the base commit. Documents are reached through the format's
// contract (documents(), else its items under documentRoot), never by reading a layout here.
import { error, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { unsafePathReason } from '../core/paths.js';
import { DiagnosticError } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import type { Tree } from '../core/tree.js';
import type { FormatModule } from '../format.js';
import { ID_MAP_FILE, documentKeyLines, parseIdMap, type IdMap, type ReadIdMap } from './idmap.js';
import './rules.js';

/** The map in `tree`, undefined when there is none; a map that cannot be read is a diagnostic. */
export async function idMapOf(tree: Tree): Promise<{ map?: IdMap; text?: string; diagnostics: Diagnostic[] }> {
  const st = await tree.stat(ID_MAP_FILE);
  if (!st) return { diagnostics: [] };
  if (st.kind !== 'file') return { diagnostics: [error('SYNC_ID_MAP_INVALID', `${ID_MAP_FILE} is not a regular file`, { file: ID_MAP_FILE })] };
  const text = decodeUtf8(await tree.read(ID_MAP_FILE));
  if (text === undefined) return { diagnostics: [error('SYNC_ID_MAP_INVALID', `${ID_MAP_FILE} is not UTF-8`, { file: ID_MAP_FILE })] };
  try {
    return { map: parseIdMap(text), text, diagnostics: [] };
  } catch (e) {
    if (e instanceof DiagnosticError) return { diagnostics: [{ ...e.diagnostic, severity: 'error' }] };
    throw e;
  }
}

/**
 * The map a caller read from this tree's folder (sync: one read and parse of the map, 15 MB at
 * 50,000 pages, not two); whether it is a regular file and UTF-8 is still judged as idMapOf judges
 * it, by reading it through the tree when it is not both.
 */
async function given(tree: Tree, read: ReadIdMap): Promise<{ map?: IdMap; text?: string; diagnostics: Diagnostic[] }> {
  const st = await tree.stat(ID_MAP_FILE);
  return st?.kind === 'file' && read.utf8 ? { map: read.map, text: read.text, diagnostics: [] } : idMapOf(tree);
}

/** Each document's own ID by its path below the document root. */
async function documentIds(tree: Tree, module: FormatModule): Promise<Map<string, string>> {
  // The PR check asks for the head's twice (its map, then against the base): read once a tree.
  const cached = idsRead.get(tree)?.get(module.name);
  if (cached) return cached;
  const read = readDocumentIds(tree, module);
  let perTree = idsRead.get(tree);
  if (!perTree) idsRead.set(tree, (perTree = new Map()));
  perTree.set(module.name, read);
  return read;
}
const idsRead = new WeakMap<Tree, Map<string, Promise<Map<string, string>>>>();

async function readDocumentIds(tree: Tree, module: FormatModule): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (module.documents) {
    // IDs only: the documents are read and parsed as always, but not held or written again.
    for (const d of (await module.documents(tree, { want: { docs: true, skills: false, idsOnly: true } })).docs) out.set(d.path, d.id);
    return out;
  }
  // Until every format reads its documents: its items, whose paths hold the document root.
  const root = module.documentRoot;
  for (const it of (await module.items(tree, {})).items) {
    if (!it.path?.endsWith('.md')) continue;
    const at = it.path.startsWith(root) ? 0 : it.path.indexOf(`/${root}`) + 1;
    if (at < 0 || (at === 0 && !it.path.startsWith(root))) continue;
    out.set(it.path.slice(at + root.length), it.id);
  }
  return out;
}

/**
 * The map against the documents of its own tree: an entry whose ID contradicts the document it
 * names, an ID (or a document) mapped twice, a retired ID mapped or carried by a document, a
 * `files` entry no sync writes. (An upstream key or document path that is not a safe relative path
 * is refused when the map is read, before anything uses it.)
 */
export async function checkIdMap(tree: Tree, module: FormatModule, read?: ReadIdMap): Promise<Diagnostic[]> {
  const { map, text, diagnostics } = read ? await given(tree, read) : await idMapOf(tree);
  if (!map) return diagnostics;
  // The map's line numbers only when something is reported (finding them is a pass over the whole map).
  let lines: Map<string, number> | undefined;
  const at = (key: string) => { lines ??= documentKeyLines(text); return { file: ID_MAP_FILE, ...(lines.has(key) ? { line: lines.get(key)! } : {}) }; };
  // A package too broken to list its documents is reported by its own validation; the map's own rules still hold.
  const own = await documentIds(tree, module).catch(() => new Map<string, string>());
  const retired = new Set(map.retired);
  const byId = new Map<string, string>();
  const byPath = new Map<string, string>();
  for (const [upstream, e] of Object.entries(map.documents)) {
    const doc = own.get(e.path);
    if (doc !== undefined && doc !== e.id) {
      diagnostics.push(error('SYNC_ID_MAP_CONTRADICTS', `${upstream} is mapped to ${e.id}, but ${module.documentRoot}${e.path} carries ${doc}`, {
        ...at(upstream), hint: 'an ID map edited by hand would make the next sync swap documents\' IDs: restore the map from git, or sync again',
      }));
    }
    const twice = byId.get(e.id);
    if (twice !== undefined) diagnostics.push(error('SYNC_ID_MAP_DUPLICATE', `${upstream} and ${twice} are both mapped to the ID ${e.id}`, at(upstream)));
    else byId.set(e.id, upstream);
    const samePath = byPath.get(e.path);
    if (samePath !== undefined) diagnostics.push(error('SYNC_ID_MAP_DUPLICATE', `${upstream} and ${samePath} are both mapped to the document ${module.documentRoot}${e.path}`, at(upstream)));
    else byPath.set(e.path, upstream);
    if (retired.has(e.id)) diagnostics.push(error('SYNC_ID_RETIRED_IN_USE', `${upstream} is mapped to ${e.id}, an ID the map retired: a retired ID is never handed out again`, at(upstream)));
  }
  for (const [path, id] of own) {
    if (retired.has(id) && !byId.has(id)) diagnostics.push(error('SYNC_ID_RETIRED_IN_USE', `${module.documentRoot}${path} carries ${id}, an ID ${ID_MAP_FILE} retired`, { file: `${module.documentRoot}${path}` }));
  }
  const foreign = map.files.filter((f) => !syncMayRemove(f, module));
  if (foreign.length) {
    diagnostics.push(warning('SYNC_ID_MAP_INVALID', `files lists ${foreign.length} path${foreign.length === 1 ? '' : 's'} that no sync writes (${foreign.slice(0, 3).map((f) => JSON.stringify(f)).join(', ')}${foreign.length > 3 ? ', …' : ''}): sync never removes ${foreign.length === 1 ? 'it' : 'them'}`, {
      file: ID_MAP_FILE, hint: `a sync writes only below ${module.documentRoot}, never ${module.manifestFile} or ${ID_MAP_FILE}`,
    }));
  }
  return diagnostics;
}

/** The document file with an ID taken out, to tell "only its ID changed" from an edit. */
async function withoutId(tree: Tree, path: string, id: string): Promise<string | undefined> {
  const bytes = await tree.read(path).catch(() => undefined);
  const text = bytes ? decodeUtf8(bytes) : undefined;
  return text?.split(id).join('');
}

const MAX_LISTED = 50;

/**
 * The head's map against the base's (the PR check): `retired` only grows; a document whose path and
 * content did not change keeps its ID — judged per document path (the base's document at P against
 * the head's at P), whatever the map's keys say, so renaming keys cannot hide a swap; and what
 * changed — entries and the `files` a next sync may remove — is reported as info, so the PR
 * summary shows it.
 */
export async function compareIdMaps(base: Tree | null, head: Tree, module: FormatModule): Promise<Diagnostic[]> {
  const h = await idMapOf(head);
  const b = base ? await idMapOf(base) : { diagnostics: [] as Diagnostic[] };
  const out: Diagnostic[] = [];
  if (!b.map) return out;
  if (!h.map && !h.diagnostics.length) out.push(info('SYNC_ID_MAP_CHANGED', `${ID_MAP_FILE} was removed: the next sync gives every document a new ID`, { file: ID_MAP_FILE }));
  const root = module.documentRoot;
  // Documents whose ID change is already reported through their map entry.
  const reported = new Set<string>();
  if (h.map) {
    const lines = documentKeyLines(h.text);
    const at = (key: string) => ({ file: ID_MAP_FILE, ...(lines.has(key) ? { line: lines.get(key)! } : {}) });
    const headRetired = new Set(h.map.retired);
    const baseRetired = new Set(b.map.retired);
    for (const id of baseRetired) {
      if (!headRetired.has(id)) out.push(error('SYNC_ID_MAP_CHANGED', `the retired ID ${id} is no longer retired: retired IDs are never handed out again, so the list only grows`, { file: ID_MAP_FILE }));
    }
    const changes: string[] = [];
    let added = 0;
    let removed = 0;
    for (const [upstream, e] of Object.entries(h.map.documents)) {
      const was = Object.hasOwn(b.map.documents, upstream) ? b.map.documents[upstream] : undefined;
      if (!was) { added++; continue; }
      if (was.id === e.id) {
        if (was.path !== e.path) changes.push(`${upstream}: document ${was.path} → ${e.path}`);
        continue;
      }
      changes.push(`${upstream}: ID ${was.id} → ${e.id}`);
      const file = `${root}${e.path}`;
      const sameText = was.path === e.path && base !== null && (await withoutId(base, file, was.id)) === (await withoutId(head, file, e.id));
      if (was.path === e.path && (was.digest === e.digest || sameText)) {
        reported.add(e.path);
        out.push(error('SYNC_ID_MAP_CHANGED', `${upstream} changed its ID from ${was.id} to ${e.id}, but neither the page nor its document moved or changed: an ID only changes with the document`, {
          ...at(upstream), hint: 'restore the entry from the base branch; IDs are assigned by `ctxforge sync`, never edited',
        }));
      }
    }
    for (const upstream of Object.keys(b.map.documents)) if (!Object.hasOwn(h.map.documents, upstream)) removed++;
    let retiredNew = 0;
    for (const id of headRetired) if (!baseRetired.has(id)) retiredNew++;
    // `files` is what the next sync may remove: a change to it is shown, never passed over.
    const baseFiles = new Set(b.map.files);
    const headFiles = new Set(h.map.files);
    const filesAdded = h.map.files.filter((f) => !baseFiles.has(f));
    const filesRemoved = b.map.files.filter((f) => !headFiles.has(f));
    if (added || removed || changes.length || retiredNew || filesAdded.length || filesRemoved.length) {
      const files = filesAdded.length || filesRemoved.length ? `; files: ${filesAdded.length} added, ${filesRemoved.length} removed` : '';
      out.push(info('SYNC_ID_MAP_CHANGED', `${ID_MAP_FILE}: ${added} entr${added === 1 ? 'y' : 'ies'} added, ${removed} removed, ${changes.length} changed, ${retiredNew} ID${retiredNew === 1 ? '' : 's'} retired${files}`, { file: ID_MAP_FILE }));
      const listed = [...changes, ...filesAdded.map((f) => `files: + ${f} (${syncMayRemove(f, module) ? 'the next sync may remove it' : 'no sync writes or removes it'})`), ...filesRemoved.map((f) => `files: − ${f}`)];
      for (const c of listed.slice(0, MAX_LISTED)) out.push(info('SYNC_ID_MAP_CHANGED', c, { file: ID_MAP_FILE }));
      if (listed.length > MAX_LISTED) out.push(info('SYNC_ID_MAP_CHANGED', `… and ${listed.length - MAX_LISTED} more changes to the map`, { file: ID_MAP_FILE }));
    }
  }
  // Per document path, independent of the map's keys: the base's document at P against the head's at P.
  if (base) {
    const [was, now] = await Promise.all([documentIds(base, module), documentIds(head, module)].map((p) => p.catch(() => new Map<string, string>())));
    for (const [path, id] of now!) {
      const old = was!.get(path);
      if (old === undefined || old === id || reported.has(path)) continue;
      const file = `${root}${path}`;
      const before = await withoutId(base, file, old);
      if (before === undefined || before !== (await withoutId(head, file, id))) continue;
      out.push(error('SYNC_ID_MAP_CHANGED', `${file} changed its ID from ${old} to ${id}, but neither its path nor its content changed: an ID only changes with the document`, {
        file, hint: 'restore the document\'s ID from the base branch; IDs are assigned by `ctxforge sync`, never edited',
      }));
    }
  }
  return out;
}

/**
 * What a sync may remove of the files its map lists: a safe path below the document root that
 * writeSource could have produced, never the manifest nor the map itself (a `files` list edited in
 * a pull request must not make the next sync delete the user's files).
 */
export function syncMayRemove(f: string, module: FormatModule): boolean {
  return !unsafePathReason(f) && f.startsWith(module.documentRoot) && f.length > module.documentRoot.length && f !== module.manifestFile && f !== ID_MAP_FILE;
}
