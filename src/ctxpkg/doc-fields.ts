// One ctxpkg node file (nodes/**.md) as a neutral Doc and back: id, title, okf_type (the neutral
// type; `type` is the node type), description, tags and nav_order; the node's other fields and
// edges; the blocks it carries for the other formats. Links between documents (every form, as the
// package's site serves them) are `references` edges.
import { fail } from '../core/diagnostics.js';
import { splitDocText, writeDocText, type DocText } from '../core/doc-text.js';
import { titleOf } from '../links/title.js';
import { canonical, carriedBlocks, isMap, keptHead, KEPT_HEAD, NAV_ORDER, setCommonFields, takeCarried } from '../doc-model.js';
import type { Doc } from '../format.js';
import { LINK_EDGE, linkedIds, type LinkContext } from './link-edges.js';

export const DOCUMENT_ROOT = 'nodes/';
/** The node type a document without one gets. */
export const DEFAULT_NODE_TYPE = 'fact';
/** Inside the ctxpkg block: the "See also" text the reader appended for edges whose links were not in the text. */
export const SEE_ALSO = 'x-see-also';
/** Inside the ctxpkg block beside a kept head: the IDs the body linked to when it was read. */
export const LINKS_READ = 'x-links';

/** A references edge that says nothing but its target: the link in the text says it all. */
export function plainReference(e: unknown): e is { to: string; type: string } {
  return isMap(e) && e.type === LINK_EDGE && typeof e.to === 'string' && Object.keys(e).every((k) => k === 'to' || k === 'type');
}

/** A node file's fields and body as a Doc (`path` below nodes/), and the targets of its plain references edges. */
export function docFromText(t: DocText, path: string, file: string): { doc: Doc; refs: string[] } {
  const { carried, rest } = takeCarried(t.fields, 'ctxpkg');
  const { id, title, okf_type, description, tags, edges, [NAV_ORDER]: nav, ...own } = rest;
  if (typeof id !== 'string' || !id) fail('CTXPKG_NODE_INVALID', `${file} has no id`, { file }, 1);
  const doc: Doc = { id, path, title: titleOf(title, t.body) ?? id, body: t.body };
  setCommonFields(doc, { type: okf_type, description, tags, nav }, own);
  if (own.type === DEFAULT_NODE_TYPE) delete own.type;
  const refs: string[] = [];
  const kept: unknown[] = [];
  for (const e of Array.isArray(edges) ? edges : []) {
    if (plainReference(e)) refs.push(e.to);
    else kept.push(e);
  }
  if (kept.length) own.edges = kept;
  if (Object.keys(own).length) carried.ctxpkg = own;
  if (Object.keys(carried).length) doc.carried = carried;
  return { doc, refs };
}

/** The body as the node holds it: without the "See also" line a reader added. */
function ownBody(d: Doc, own: Record<string, unknown>): string {
  const s = own[SEE_ALSO];
  return typeof s === 'string' && s && d.body.endsWith(s) ? d.body.slice(0, d.body.length - s.length) : d.body;
}

/**
 * The frontmatter a new node file gets: link edges first, then the node's other edges. `refs`: the
 * plain references edges of a head that no longer holds and the links the text had when it was
 * read, so that a link without an edge there still has none, and only links added since become edges.
 */
function fieldsOf(d: Doc, own: Record<string, unknown>, ctx: LinkContext, refs?: { head: string[]; read: string[] }): Record<string, unknown> {
  const { type, edges, [KEPT_HEAD]: _h, [SEE_ALSO]: _s, [LINKS_READ]: _l, ...rest } = own;
  void _h; void _s; void _l;
  const kept = Array.isArray(edges) ? edges.filter((e) => !plainReference(e)) : [];
  const haveRef = new Set(kept.filter((e) => isMap(e) && e.type === LINK_EDGE).map((e) => (e as { to: unknown }).to));
  const now = linkedIds(d, ctx);
  const targets = refs
    ? [...new Set([...refs.head.filter((t) => !refs.read.includes(t) || now.includes(t)), ...now.filter((t) => !refs.read.includes(t))])]
    : now;
  const all = [...targets.filter((to) => !haveRef.has(to)).map((to) => ({ to, type: LINK_EDGE })), ...kept];
  return {
    id: d.id, type: typeof type === 'string' ? type : DEFAULT_NODE_TYPE, title: d.title, description: d.description, tags: d.tags?.length ? d.tags : undefined,
    okf_type: d.type, [NAV_ORDER]: d.order, ...rest, ...carriedBlocks(d.carried, 'ctxpkg'), edges: all.length ? all : undefined,
  };
}

/**
 * The file of a node and how many edges it declares: its kept head while it still says what the
 * document says and the text links to what it linked to when read (the head holds the edges), else
 * written afresh.
 */
export function nodeFile(d: Doc, ctx: LinkContext): { text: string; edges: number } {
  const own = d.carried?.ctxpkg ?? {};
  const body = ownBody(d, own);
  const reparse = (t: DocText) => docFromText(t, d.path, d.path).doc;
  const head = keptHead(d, 'ctxpkg', reparse);
  if (head !== undefined && canonical(linkedIds(d, ctx)) === canonical(own[LINKS_READ] ?? [])) {
    const e = splitDocText(head + body, d.path).fields.edges;
    return { text: head + body, edges: Array.isArray(e) ? e.length : 0 };
  }
  const kept = own[KEPT_HEAD];
  let fields = own;
  let refs: { head: string[]; read: string[] } | undefined;
  if (typeof kept === 'string') {
    // A head that no longer holds still has the node's own fields and edges.
    try {
      const back = docFromText(splitDocText(kept + d.body, d.path), d.path, d.path);
      fields = back.doc.carried?.ctxpkg ?? {};
      const read = own[LINKS_READ];
      refs = { head: back.refs, read: Array.isArray(read) ? read.filter((x): x is string => typeof x === 'string') : [] };
    } catch { fields = {}; }
  }
  const f = fieldsOf(d, fields, ctx, refs);
  return { text: writeDocText(f, body), edges: Array.isArray(f.edges) ? f.edges.length : 0 };
}
