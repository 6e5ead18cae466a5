// Cross-references as a reader sees them (issue 34): a Hugo `ref`/`relref` or a Liquid
// `link`/`post_url` is shown by the site as the URL it serves, a MyST `{doc}` role as a link
// titled by the page, a `{ref}` as its text or its section's title, a `{numref}` with text as that text. Once every page is read, each one that resolves — by the generator's own
// lookup (xref-resolve.ts), to a document — is written that way: the URL from the route model (the
// page's file when its frontmatter sets its URL, which the package drops), the `{doc}` as a
// Markdown link to the page's file. The link check judges the result exactly as it
// judged the cross-reference (the same page, the same anchor); one that does not resolve is left
// as written, so it is still reported where it is.
import type { UpstreamDoc } from './upstream.js';
import type { SiteConfig } from '../links/generators.js';
import { SiteIndex, type DocMeta } from '../links/site.js';
import { RouteTable } from '../links/routes.js';
import { templateXrefs } from '../links/xrefs.js';
import { resolveXref } from '../links/xref-resolve.js';
import { scanMarkdown } from '../links/parse.js';
import { relativeLink } from '../links/markdown.js';
import { labelFacts } from '../links/labels.js';
import { applyEdits, type TextEdit } from './text-edits.js';


/** The served URL path of a page (`/x/`, `/x.html`, `/`). */
function served(table: RouteTable, page: string): string | undefined {
  const u = table.urlOf(page);
  if (u === undefined) return undefined;
  const p = u.replace(/^\/+|\/+$/g, '');
  // Pretty URLs and folder URLs (an index page, a permalink ending in `/`) end in `/`; a page written as `x.html` is served as that file.
  if (p === '') return '/';
  if (/\.html?$/i.test(p)) return `/${p}`;
  return table.rules.pretty || table.isFolder(page) || u.endsWith('/') || !table.rules.html ? `/${p}/` : `/${p}.html`;
}

/**
 * The section titles of a MyST page's labels, from the page as written: a `(label)=` line (or
 * several) right before a heading titles it with the heading's text, as Sphinx shows `{ref}`label``.
 * Labels compared lowercased, as Sphinx does. Read by the link check's own pass (labels.ts), so the
 * labels it titles are exactly those the check accepts (a separate fence tracker lost the ones
 * after a nested `{list-table}` on MyST-Parser's reference page).
 */
export const labelTitles = (text: string): Map<string, string> => labelFacts('sphinx', text).titles;

/** Could this body hold a cross-reference readerXrefs rewrites (a cheap test of its text)? */
export function xrefCandidate(g: string, body: string): boolean {
  if (g !== 'hugo' && g !== 'jekyll' && g !== 'sphinx') return false;
  return g === 'sphinx' ? body.includes('}`') : g === 'hugo' ? body.includes('ref') && body.includes('{{') : body.includes('{%');
}

/**
 * Rewrites the resolvable cross-references of every document in place (their bodies). `source`
 * gives a page as written (for the section titles its labels name).
 */
export async function readerXrefs(docs: UpstreamDoc[], assets: string[], site: SiteConfig, meta: ReadonlyMap<string, DocMeta>, source: (path: string) => Promise<string>): Promise<void> {
  const g = site.generator;
  if (g !== 'hugo' && g !== 'jekyll' && g !== 'sphinx') return;
  const candidates = docs.filter((d) => xrefCandidate(g, d.body));
  if (!candidates.length) return;
  const paths = docs.map((d) => d.path);
  const index = new SiteIndex([...paths, ...assets], paths, site, meta);
  const table = site.routes ? new RouteTable(paths, site.root, site.routes, new Map([...meta].filter(([, v]) => v.route).map(([k, v]) => [k, v.route!]))) : undefined;
  const titles = new Map(docs.map((d) => [d.path, d.title]));
  const sections = new Map<string, Map<string, string>>();
  const sectionTitle = async (page: string, label: string) => {
    let m = sections.get(page);
    if (!m) { m = labelTitles(await source(page).catch(() => '')); sections.set(page, m); }
    return m.get(label.toLowerCase());
  };
  for (const d of candidates) {
    const edits: TextEdit[] = [];
    if (g === 'sphinx') {
      for (const l of scanMarkdown(d.body, { roles: true }).links) {
        if (l.kind !== 'xref' || l.at < 0 || !(l.syntax === 'doc' || l.syntax === 'ref' || (l.syntax === 'numref' && l.titled))) continue;
        const r = resolveXref(index, l, d.path);
        if (r.status !== 'ok' || !r.document) continue;
        // The role spans `{role}` before the code span holding the target: find both ends from the target.
        const role = `{${l.syntax}}\``;
        const open = d.body.lastIndexOf(role, l.at);
        const close = d.body.indexOf('`', l.at + l.target.length);
        if (open < 0 || close < 0 || l.at - open > 500 || close - open > 1000) continue;
        const inner = d.body.slice(open + role.length, close);
        const titled = /^([\s\S]*?)\s*<[^<>]*>$/.exec(inner);
        // A {ref} shows its own text, else the title of the section its label names (Sphinx links
        // it to the label, which the synced page no longer marks); a {numref} without text shows a
        // number only Sphinx knows, and is left as written.
        if (l.syntax !== 'doc') {
          const text = titled ? titled[1]! : await sectionTitle(r.path, inner.trim());
          if (text) edits.push({ start: open, end: close + 1, text });
          continue;
        }
        const text = (titled ? titled[1]! : titles.get(r.path) ?? r.path).replace(/([\\[\]])/g, '\\$1');
        const dest = relativeLink(d.path, r.path);
        edits.push({ start: open, end: close + 1, text: `[${text}](${/[\s()<>]/.test(dest) ? `<${dest}>` : dest})` });
      }
    } else if (table) {
      for (const l of templateXrefs(g, d.body)) {
        if (l.at < 0) continue;
        const r = resolveXref(index, l, d.path);
        if (r.status !== 'ok' || !r.document) continue;
        // A page whose URL its frontmatter sets (slug, url, permalink) is linked by its file: the
        // package drops that frontmatter, so the synced tree's check could not follow the URL.
        const opener = g === 'hugo' ? '{{' : '{%';
        const start = d.body.lastIndexOf(opener, l.at);
        const endMark = d.body.indexOf(g === 'hugo' ? '}}' : '%}', l.at);
        if (start < 0 || endMark < 0 || endMark - start > 600) continue;
        // Outside a link's destination the tag is shown as its URL, text and no link.
        const destination = d.body.startsWith('](', start - 2) || d.body.startsWith('](<', start - 3);
        const url = destination && meta.get(r.path)?.route ? relativeLink(d.path, r.path) : served(table, r.path);
        if (!url) continue;
        const tag = d.body.slice(start, endMark + 2);
        // An anchor written inside the tag is part of the URL; one written after it stays where it is.
        const anchor = tag.includes('#') && r.anchor !== undefined ? `#${r.anchor}` : '';
        edits.push({ start, end: endMark + 2, text: url + anchor });
      }
    }
    d.body = applyEdits(d.body, edits);
  }
}
