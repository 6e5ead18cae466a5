// llms.txt (llmstxt.org) from a package's documents, read through its format module (a source tree
// or a built artifact alike): an H1 title, a blockquote summary, and one section a top-level folder of
// `- [title](url): description` entries. Links name the page where the doc site serves it (the upstream
// path a synced tree's ID map records, else the document's path), titles and descriptions are plain
// text escaped so that nothing in them can end, open or re-point a link.
import { warning, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import type { Doc, Documents, FormatName } from '../format.js';
import { resolveInput } from '../inputs.js';
import { ID_MAP_FILE, parseIdMap, upstreamKeyProblem, type IdMap } from '../sync/idmap.js';
import { plainText } from './plain-text.js';
import { siteRules, type SiteRoutesRecord } from '../links/generators.js';
import { RouteTable } from '../links/routes.js';
import { encodeUrlPath, safeBaseUrl } from '../links/site-address.js';
import './rules.js';

export interface LlmsTxt {
  text: string;
  format: FormatName;
  documents: number;
  sections: string[];
  /** What makes the index less than it looks (links made from IDs). */
  diagnostics: Diagnostic[];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Text that reads as itself inside and after a Markdown link: every character that could open, end or re-point one is escaped. */
export function escapeLinkText(s: string): string {
  return oneLine(s).replace(/[\\[\]()<>`]/g, '\\$&');
}

/** The sentence that opens a text, at most about 200 characters. */
function firstSentence(text: string): string {
  const m = /^(.{1,200}?[.!?])(\s|$)/.exec(text);
  return m ? m[1]! : text.length > 200 ? `${text.slice(0, 200).replace(/\s+\S*$/, '')}…` : text;
}

/**
 * llms.txt of neutral documents. `upstream` maps a document's path to the path it has on the doc
 * site (a synced tree's ID map); links are `baseUrl` + that path, relative to the document root
 * without a base.
 */
export function renderLlmsTxt(docs: Documents, o: { baseUrl?: string; upstream?: ReadonlyMap<string, string>; site?: { generator: string; root: string; routes?: SiteRoutesRecord } } = {}): LlmsTxt {
  // Only a safe relative path is a page of the site (`//host/x` would link to another host).
  const sourceOf = (d: Doc) => { const u = o.upstream?.get(d.path); return u !== undefined && upstreamKeyProblem(u) === null ? u : undefined; };
  // Where the generator has a profile, a page is linked at the URL the site serves it at (`/about/`,
  // `guide.html`), never by its source file, which such a site does not serve.
  const rules = o.site ? siteRules(o.site) : undefined;
  const sources = docs.docs.map(sourceOf).filter((u): u is string => u !== undefined);
  const table = rules?.routes && sources.length ? new RouteTable(sources, rules.root, rules.routes) : undefined;
  const served = (u: string): string => table?.servedPath(u) ?? u;
  const pathOf = (d: Doc) => { const u = sourceOf(d); return u !== undefined ? served(u) : d.path; };
  // A page the site writes at no URL of its own (a headless page its section shows) is no line of llms.txt.
  const unserved = new Set((o.site?.routes?.unserved ?? []).map((u) => o.site!.root + u));
  const groups = new Map<string, { d: Doc; path: string }[]>();
  for (const d of docs.docs) {
    if (unserved.has(d.path)) continue;
    const path = pathOf(d);
    const top = path.includes('/') ? path.slice(0, path.indexOf('/')) : '';
    groups.set(top, [...(groups.get(top) ?? []), { d, path }]);
  }
  const base = safeBaseUrl(o.baseUrl ?? '');
  const meta = docs.meta;
  const summary = meta.description ? plainText(meta.description) : `${docs.docs.length} documents${meta.version ? ` of version ${meta.version}` : ''}.`;
  const lines = [`# ${escapeLinkText(meta.name)}`, '', `> ${escapeLinkText(summary)}`, ''];
  const sections: string[] = [];
  const order = [...groups.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  for (const g of order) {
    // The folder's own spelling: it is how the site names the section.
    const name = g === '' ? 'Docs' : g;
    sections.push(name);
    lines.push(`## ${escapeLinkText(name)}`, '');
    for (const { d, path } of groups.get(g)!.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const about = plainText(d.description ?? d.body, { firstParagraph: d.description === undefined });
      const title = escapeLinkText(d.title) || escapeLinkText(path);
      lines.push(`- [${title}](${base}${encodeUrlPath(path)})${about ? `: ${escapeLinkText(d.description === undefined ? firstSentence(about) : about)}` : ''}`);
    }
    lines.push('');
  }
  // A built .ctxpkg keeps node IDs, not file paths: every link would name nodes/<id>.md, which no site serves.
  const diagnostics = docs.pathsFromIds ? [warning('EXPORT_URLS_FROM_IDS', `${docs.format} package without file paths: its ${docs.docs.length} links are made from document IDs (…/<id>.md) and name no page of the site the documents came from`, { hint: 'export the source tree instead of the built package' })] : [];
  return { text: lines.join('\n'), format: docs.format, documents: docs.docs.length, sections, diagnostics };
}

/**
 * Document path → upstream path, from the ID map a synced source tree commits; empty for anything
 * else, and for a map that is not valid (an upstream key such as `//evil.example/x` would make an
 * entry link to another host: the map's reader refuses every key that is not a safe relative path).
 */
async function upstreamPaths(tree: Tree): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let map: IdMap;
  try { map = parseIdMap((await tree.read(ID_MAP_FILE)).toString('utf8')); } catch { return out; }
  for (const [upstream, e] of Object.entries(map.documents)) out.set(e.path, upstream);
  return out;
}

/** The site a synced tree's ID map records (generator and `/`), if any. */
async function recordedSiteOf(tree: Tree): Promise<{ generator: string; root: string; routes?: SiteRoutesRecord } | undefined> {
  try { return parseIdMap((await tree.read(ID_MAP_FILE)).toString('utf8')).site; } catch { return undefined; }
}

/** llms.txt of a source tree (any format), a built artifact, or `<ref>:<path>`. */
export async function exportLlmsTxt(spec: string, o: { cwd?: string; baseUrl?: string } = {}): Promise<LlmsTxt> {
  const r = await resolveInput(spec, { cwd: o.cwd ?? process.cwd() });
  const input = r.kind === 'source' ? r.tree : r.input;
  const docs = await r.module.documents!(input, { want: { docs: true } });
  if (r.kind !== 'source') return renderLlmsTxt(docs, { baseUrl: o.baseUrl });
  const site = await recordedSiteOf(r.tree);
  return renderLlmsTxt(docs, { baseUrl: o.baseUrl, upstream: await upstreamPaths(r.tree), ...(site ? { site } : {}) });
}
