// Relative links between documents as ctxpkg `references` edges and back: the IDs a document's links
// reach, and the "See also" line that carries an edge whose link is not in the text into formats
// that have only links.
import { isExternal, markdownLinks, relativeLink, resolveLink, splitTarget } from '../links/markdown.js';
import type { Doc } from '../format.js';

/** The edge type a relative link becomes (a custom type: readers preserve unknown types, CTXPKG §4.4). */
export const LINK_EDGE = 'references';

/** Document IDs a document links to: its relative links that resolve to a document of the set, each once. */
export function linkedIds(doc: Doc, byPath: ReadonlyMap<string, Doc>): string[] {
  const out: string[] = [];
  for (const l of markdownLinks(doc.body)) {
    if (isExternal(l.target)) continue;
    const { path } = splitTarget(l.target);
    if (!path) continue;
    const to = resolveLink(doc.path, path);
    const d = to === undefined ? undefined : byPath.get(to);
    if (d && d.id !== doc.id && !out.includes(d.id)) out.push(d.id);
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
