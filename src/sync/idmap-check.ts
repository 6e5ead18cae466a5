// The committed ID map (.ctxforge-sync.json) is reviewable input, and a pull request can edit it:
// swapped IDs in the map alone would be obeyed by the next maintainer's sync. So the map is checked
// against the documents of its tree (validate, the PR check, and sync before it trusts it) and, in
// the PR check, against the map of the base commit. Documents are reached through the format's
// contract (documents(), else its items under documentRoot), never by reading a layout here.
import { error, info, type Diagnostic } from '../core/diagnostics.js';
import { DiagnosticError } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import type { Tree } from '../core/tree.js';
import type { FormatModule } from '../format.js';
import { ID_MAP_FILE, parseIdMap, type IdMap } from './idmap.js';
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

/** Each document's own ID by its path below the document root. */
async function documentIds(tree: Tree, module: FormatModule): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (module.documents) {
    for (const d of (await module.documents(tree, { want: { docs: true, skills: false } })).docs) out.set(d.path, d.id);
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

/** 1-based line of a JSON key's first occurrence in the map's text (for the annotation). */
function lineOfKey(text: string | undefined, key: string): number | undefined {
  if (!text) return undefined;
  const i = text.indexOf(`${JSON.stringify(key)}:`);
  return i < 0 ? undefined : text.slice(0, i).split('\n').length;
}

/**
 * The map against the documents of its own tree: an entry whose ID contradicts the document it
 * names, an ID (or a document) mapped twice, a retired ID mapped or carried by a document.
 */
export async function checkIdMap(tree: Tree, module: FormatModule): Promise<Diagnostic[]> {
  const { map, text, diagnostics } = await idMapOf(tree);
  if (!map) return diagnostics;
  const at = (key: string) => ({ file: ID_MAP_FILE, ...(lineOfKey(text, key) ? { line: lineOfKey(text, key)! } : {}) });
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
  return diagnostics;
}

/** The document file with an ID taken out, to tell "only its ID changed" from an edit. */
async function withoutId(tree: Tree, path: string, id: string): Promise<string | undefined> {
  const bytes = await tree.read(path).catch(() => undefined);
  const text = bytes ? decodeUtf8(bytes) : undefined;
  return text?.split(id).join('');
}

/**
 * The head's map against the base's (the PR check): `retired` only grows, and an entry whose
 * upstream page and document neither moved nor changed keeps its ID. What changed is reported as
 * info, so the PR summary shows it.
 */
export async function compareIdMaps(base: Tree | null, head: Tree, module: FormatModule): Promise<Diagnostic[]> {
  const h = await idMapOf(head);
  const b = base ? await idMapOf(base) : { diagnostics: [] as Diagnostic[] };
  if (!h.map || !b.map) {
    if (b.map && !h.map && !h.diagnostics.length) return [info('SYNC_ID_MAP_CHANGED', `${ID_MAP_FILE} was removed: the next sync gives every document a new ID`, { file: ID_MAP_FILE })];
    return [];
  }
  const out: Diagnostic[] = [];
  const at = (key: string) => ({ file: ID_MAP_FILE, ...(lineOfKey(h.text, key) ? { line: lineOfKey(h.text, key)! } : {}) });
  const headRetired = new Set(h.map.retired);
  for (const id of b.map.retired) {
    if (!headRetired.has(id)) out.push(error('SYNC_ID_MAP_CHANGED', `the retired ID ${id} is no longer retired: retired IDs are never handed out again, so the list only grows`, { file: ID_MAP_FILE }));
  }
  const changes: string[] = [];
  let added = 0;
  let removed = 0;
  for (const [upstream, e] of Object.entries(h.map.documents)) {
    const was = b.map.documents[upstream];
    if (!was) { added++; continue; }
    if (was.id === e.id) {
      if (was.path !== e.path) changes.push(`${upstream}: document ${was.path} → ${e.path}`);
      continue;
    }
    changes.push(`${upstream}: ID ${was.id} → ${e.id}`);
    const file = `${module.documentRoot}${e.path}`;
    const sameText = was.path === e.path && base !== null && (await withoutId(base, file, was.id)) === (await withoutId(head, file, e.id));
    if (was.path === e.path && (was.digest === e.digest || sameText)) {
      out.push(error('SYNC_ID_MAP_CHANGED', `${upstream} changed its ID from ${was.id} to ${e.id}, but neither the page nor its document moved or changed: an ID only changes with the document`, {
        ...at(upstream), hint: 'restore the entry from the base branch; IDs are assigned by `ctxforge sync`, never edited',
      }));
    }
  }
  for (const upstream of Object.keys(b.map.documents)) if (!h.map.documents[upstream]) removed++;
  const retiredNew = h.map.retired.filter((id) => !b.map!.retired.includes(id)).length;
  if (added || removed || changes.length || retiredNew) {
    out.push(info('SYNC_ID_MAP_CHANGED', `${ID_MAP_FILE}: ${added} entr${added === 1 ? 'y' : 'ies'} added, ${removed} removed, ${changes.length} changed, ${retiredNew} ID${retiredNew === 1 ? '' : 's'} retired`, { file: ID_MAP_FILE }));
    for (const c of changes.slice(0, 50)) out.push(info('SYNC_ID_MAP_CHANGED', c, { file: ID_MAP_FILE }));
    if (changes.length > 50) out.push(info('SYNC_ID_MAP_CHANGED', `… and ${changes.length - 50} more changed entries`, { file: ID_MAP_FILE }));
  }
  return out;
}
