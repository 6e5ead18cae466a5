// The names a conversion changes: a document or asset whose name the target format cannot hold (a
// reserved index.md, a leading dot, a character a cartridge's names cannot have) is renamed to its
// portable form, and a document that was renamed by an earlier conversion gets back the name it had
// in the target format. Every link that reaches a renamed file — inline, reference definitions, wiki
// links, embeds, MDX imports, in the style each was written — is rewritten through rewriteLinks and
// judged, in the renamed tree, to reach the file it meant; a link that cannot be is an error, and
// nothing is renamed. The guarantee sync gives its renames. A name an agent host reads as
// configuration (`AGENTS.md`, `.claude/…`) is renamed the same way, with a warning.
import { error, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { hostConfigProblem } from '../core/host-config-names.js';
import { foldedKey } from '../core/paths.js';
import { isMap, KEPT_PATH } from '../doc-model.js';
import type { Doc, Documents, FormatModule, FormatName } from '../format.js';
import { siteRules } from '../links/generators.js';
import { rewriteLinks } from '../links/rewrite.js';
import { SiteIndex } from '../links/site.js';
import { freeSuffixed, isSuffixedForm } from '../core/suffixed.js';
import { portablePath } from '../sync/names.js';

export interface Renamed {
  docs: Documents;
  /** Old path → new path, below the document root. */
  moves: Map<string, string>;
  /**
   * A CONVERT_RENAMED info a rename, and a CONVERT_LINK_NOT_REWRITTEN error a link that could not
   * follow one; `file` is the document's path below the document root, `line` a line of its body.
   */
  notes: Diagnostic[];
}

/** A name the target holds, beside the ones taken: the portable form, with `-2`, `-3` … where it collides. */
function freeName(path: string, markdown: boolean, taken: Set<string>): string {
  return freeSuffixed(portablePath(path, markdown), taken);
}

/** Is `now` the name a conversion gave `was`: its portable form, or that with a collision suffix? */
function renamedFrom(now: string, was: string): boolean {
  return isSuffixedForm(now, portablePath(was, true));
}

/**
 * The path a document had in `format`, as an earlier conversion recorded it — while the document
 * still sits where that conversion put it (moved or renamed since, it stays where it is now).
 */
function keptPath(d: Doc, format: FormatName): string | undefined {
  const p = d.carried?.[format]?.[KEPT_PATH];
  return typeof p === 'string' && p !== d.path && renamedFrom(d.path, p) ? p : undefined;
}

/** `d` with its carried block of `format` changed by `edit` (a block left empty goes). */
function withBlock(d: Doc, format: FormatName, edit: (b: Record<string, unknown>) => void): Doc {
  const block = { ...(isMap(d.carried?.[format]) ? d.carried![format]! : {}) };
  edit(block);
  const carried = { ...(d.carried ?? {}) };
  if (Object.keys(block).length) carried[format] = block;
  else delete carried[format];
  const out: Doc = { ...d };
  if (Object.keys(carried).length) out.carried = carried;
  else delete out.carried;
  return out;
}

export function renameForTarget(docs: Documents, target: FormatModule): Renamed {
  const notes: Diagnostic[] = [];
  // A name the target cannot hold, or one an agent host would read as configuration (src/core/host-config-names.ts).
  const problem = (p: string, kind: 'document' | 'asset') => target.nameProblem?.(p, kind) ?? hostConfigProblem(p);
  const entries = [
    ...docs.docs.map((d) => ({ path: d.path, markdown: true, back: keptPath(d, target.name) })),
    ...docs.assets.map((a) => ({ path: a.path, markdown: false, back: undefined as string | undefined })),
  ];
  const kind = (e: { markdown: boolean }) => (e.markdown ? 'document' as const : 'asset' as const);
  const moves = new Map<string, string>();
  const taken = new Set<string>();
  const why = new Map<string, string>();
  // Names that stay first, so a rename never takes the name of a file that keeps its own.
  const pending: typeof entries = [];
  for (const e of entries) {
    const p = problem(e.path, kind(e));
    if (p === undefined && (e.back === undefined || problem(e.back, 'document') !== undefined)) taken.add(foldedKey(e.path));
    else { pending.push(e); if (p !== undefined) why.set(e.path, p); }
  }
  // Names given back first (the target held them before), then the names the target cannot hold.
  const rest: typeof entries = [];
  for (const e of pending) {
    if (e.back !== undefined && problem(e.back, 'document') === undefined && !taken.has(foldedKey(e.back))) {
      taken.add(foldedKey(e.back));
      moves.set(e.path, e.back);
      notes.push(info('CONVERT_RENAMED', `${e.path} → ${e.back}: the name it had in ${target.title} before an earlier conversion`, { file: e.path }));
    } else rest.push(e);
  }
  for (const e of rest) {
    if (!why.has(e.path) && !taken.has(foldedKey(e.path))) { taken.add(foldedKey(e.path)); continue; }
    const to = freeName(e.path, e.markdown, taken);
    taken.add(foldedKey(to));
    moves.set(e.path, to);
    const host = why.has(e.path) ? hostConfigProblem(e.path) : undefined;
    if (host !== undefined) {
      notes.push(warning('CONVERT_NAME_HOST_CONFIG', `${e.path} → ${to}: ${host}, and an agent working in the converted tree would take it for its own configuration; every link to it follows`, { file: e.path, hint: 'rename it in the source to end the warning' }));
    } else notes.push(info('CONVERT_RENAMED', `${e.path} → ${to}: ${why.has(e.path) ? `${target.title} cannot hold the name (${why.get(e.path)})` : 'its name went back to the document that had it'}; every link to it follows`, { file: e.path }));
  }
  // A name recorded for the target is spent once the target is written (it is not a field of its own).
  const spent = (d: Doc) => (isMap(d.carried?.[target.name]) && KEPT_PATH in d.carried![target.name]! ? withBlock(d, target.name, (b) => { delete b[KEPT_PATH]; }) : d);
  if (!moves.size) return { docs: { ...docs, docs: docs.docs.map(spent) }, moves, notes };

  // Links are resolved as the package's site serves them, before and after the renames; the renamed
  // tree judges every rewrite.
  const site = siteRules(docs.meta.site);
  const moved = (p: string) => moves.get(p) ?? p;
  const root = site.root && problem(`${site.root}x.md`, 'document') !== undefined ? portablePath(`${site.root}x.md`, true).slice(0, -'x.md'.length) : site.root;
  const docPaths = docs.docs.map((d) => d.path);
  const files = [...docPaths, ...docs.assets.map((a) => a.path), ...(docs.meta.site?.leftOut ?? [])];
  const before = new SiteIndex(new Set(files), docPaths, site);
  const after = new SiteIndex(new Set(files.map(moved)), docPaths.map(moved), { ...site, root });
  const scan = { wiki: site.wiki, admonitions: site.admonitions };
  const out: Doc[] = [];
  for (const d of docs.docs) {
    const path = moved(d.path);
    const r = rewriteLinks(d.body, d.path, path, { before, after, moves }, scan);
    for (const f of r.xrefsKept) notes.push(warning('SYNC_XREF_NOT_REWRITTEN', `the cross-reference to ${f.target} is kept as written: after the rename its page is ${f.to}, which the generator's syntax cannot name in the converted tree`, { file: d.path, line: f.line }));
    for (const f of r.failures) {
      notes.push(error('CONVERT_LINK_NOT_REWRITTEN', `the link to ${f.target} cannot be rewritten to reach ${f.to} after the rename, so nothing was converted`, { file: d.path, line: f.line, hint: 'rename the file in the source to a name the target format holds, or write the link as a plain relative path' }));
    }
    let doc = spent({ ...d, path, body: r.text });
    // A name the target could not hold is kept for the way back (a name given back needs no record).
    if (path !== d.path && keptPath(d, target.name) !== path) doc = withBlock(doc, docs.format, (b) => { b[KEPT_PATH] = d.path; });
    out.push(doc);
  }
  const site2 = docs.meta.site && root !== docs.meta.site.root ? { ...docs.meta.site, root } : docs.meta.site;
  return {
    docs: { ...docs, docs: out, assets: docs.assets.map((a) => ({ ...a, path: moved(a.path) })), meta: { ...docs.meta, ...(site2 ? { site: site2 } : {}) } },
    moves, notes,
  };
}
