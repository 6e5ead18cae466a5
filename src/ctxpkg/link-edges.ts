// Links between documents as ctxpkg `references` edges and back: the IDs a document's links reach —
// every form a doc site writes (inline, reference definitions, wiki links and embeds, extensionless,
// `.html`, folder and root-absolute targets), resolved as the package's site serves them through
// one SiteIndex a package — and the "See also" line that carries an edge whose link is not in the
// text into formats that have only links.
import { markdownLinks, relativeLink } from '../links/markdown.js';
import { SiteIndex } from '../links/site.js';
import { siteRules } from '../links/generators.js';
import type { ScanOptions } from '../links/parse.js';
import type { Doc, SiteRecord } from '../format.js';

/** The edge type a link between documents becomes (a custom type: readers preserve unknown types, CTXPKG §4.4). */
export const LINK_EDGE = 'references';

/** A package's documents indexed once, with the site's rules, for resolving every document's links. */
export interface LinkContext {
  index: SiteIndex;
  byPath: ReadonlyMap<string, Doc>;
  scan: ScanOptions;
  /** The IDs each document's body links to, by path (a body is read once however often it is asked about). */
  seen: Map<string, { body: string; ids: string[] }>;
}

/**
 * The link context of a package: its documents and the other files beside them (assets, and files a
 * format on the way left out), resolved as the site they came from serves them.
 */
export function linkContext(docs: readonly Doc[], files: Iterable<string>, site?: SiteRecord): LinkContext {
  const rules = siteRules(site);
  const paths = docs.map((d) => d.path);
  const index = new SiteIndex(new Set([...paths, ...files, ...(site?.leftOut ?? [])]), paths, rules);
  return { index, byPath: new Map(docs.map((d) => [d.path, d])), scan: { wiki: rules.wiki, admonitions: rules.admonitions }, seen: new Map() };
}

/** Document IDs a document links to: its links that resolve to another document of the package, each once, in text order. */
export function linkedIds(doc: Doc, ctx: LinkContext): string[] {
  const known = ctx.seen.get(doc.path);
  if (known && known.body === doc.body) return known.ids;
  const out: string[] = [];
  for (const l of markdownLinks(doc.body, ctx.scan)) {
    const r = ctx.index.resolve(l, doc.path);
    if (r.status !== 'ok' || !r.document) continue;
    const d = ctx.byPath.get(r.path);
    if (d && d.id !== doc.id && !out.includes(d.id)) out.push(d.id);
  }
  ctx.seen.set(doc.path, { body: doc.body, ids: out });
  return out;
}

/** Links of a document that point into the package at nothing it holds (relative paths gone wrong). */
export function unresolvedLinks(doc: Doc, ctx: LinkContext): { line: number; target: string }[] {
  const out: { line: number; target: string }[] = [];
  for (const l of markdownLinks(doc.body, ctx.scan)) {
    const r = ctx.index.resolve(l, doc.path);
    if (r.status === 'broken' || r.status === 'outside') out.push({ line: l.line, target: l.target });
  }
  return out;
}

/** A line of links to `targets`, appended to a body so that formats without edges keep them. */
export function seeAlsoLine(from: Doc, targets: readonly Doc[]): string {
  const target = (t: Doc) => {
    const l = relativeLink(from.path, t.path).replace(/[<>]/g, encodeURIComponent);
    return /[\s()]/.test(l) ? `<${l}>` : l;
  };
  return `See also: ${targets.map((t) => `[${t.title.replace(/[[\]\\\n]/g, ' ').trim() || t.id}](${target(t)})`).join(', ')}\n`;
}
