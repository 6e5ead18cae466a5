// What the MCP tools and resources answer, as plain functions over the served packages and their
// indexes (the server only wires them to the protocol), so they are tested without a transport.
import type { Doc } from '../format.js';
import { markdownLinks } from '../links/markdown.js';
import { compareUtf8 } from '../core/paths.js';
import type { ServedPackage } from './corpus.js';
import { MAX_PHRASE_TOKENS, MAX_QUERY_WORDS } from './search-cost.js';
import { parseQuery, queryTerms, type PackageIndex, type SearchStats } from './search-index.js';

/**
 * The token estimate: ceil(characters / 4), the usual rule of thumb for English text with the
 * tokenizers current models use. It is an estimate; `context` stays under the budget it computes.
 */
export function estimateTokens(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return Math.ceil(n / 4);
}

export const TOKEN_ESTIMATE = 'ceil(characters / 4)';

export interface Served { pkg: ServedPackage; index: PackageIndex }

const versionOf = (p: ServedPackage) => p.version ?? 'unversioned';

export function resourceUri(p: ServedPackage, d: Doc): string {
  return `ctxforge://${encodeURIComponent(p.name)}@${encodeURIComponent(versionOf(p))}/${encodeURIComponent(d.id)}`;
}

export function citation(p: ServedPackage, d: Doc): string {
  return `${p.name}@${versionOf(p)}#${d.id}`;
}

/** A snippet of the verified text around the first query word, on one line. */
export function snippet(body: string, terms: string[], width = 200): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  const lower = flat.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t);
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  const start = Math.max(0, at < 0 ? 0 : at - Math.floor(width / 3));
  const s = flat.slice(start, start + width);
  return `${start > 0 ? '…' : ''}${s}${start + width < flat.length ? '…' : ''}`;
}

export interface SearchResult {
  id: string; title: string; package: string; version: string; uri: string; citation: string; artifact_sha256: string; score: number; snippet: string;
}

function pick(served: Served[], pkg?: string): Served[] {
  if (pkg === undefined) return served;
  const hit = served.filter((s) => s.pkg.name === pkg || `${s.pkg.name}@${versionOf(s.pkg)}` === pkg);
  if (!hit.length) throw new ToolError(`no package ${JSON.stringify(pkg)} is served (list_packages names them)`);
  return hit;
}

/** An answer the model should read and act on (isError), not a protocol failure. */
export class ToolError extends Error {}

/** A few words of a list, each cut short, for a note. */
function some(words: string[]): string {
  const shown = words.slice(0, 5).map((w) => (w.length > 40 ? `${w.slice(0, 39)}…` : w));
  return `${shown.join(', ')}${words.length > shown.length ? ` and ${words.length - shown.length} more` : ''}`;
}

/** What the caps of search-cost.ts cut from a query, said with the results (nothing when nothing was cut). */
function cutNotes(dropped: number, stats: { pkg: string; stats: SearchStats }[]): string[] {
  const notes: string[] = [];
  if (dropped) notes.push(`the query has ${MAX_QUERY_WORDS + dropped} distinct words: only the first ${MAX_QUERY_WORDS} were searched`);
  const shortened = [...new Set(stats.flatMap((s) => s.stats.shortened))];
  if (shortened.length) notes.push(`${shortened.length} word${shortened.length === 1 ? ' has' : 's have'} more than ${MAX_PHRASE_TOKENS} tokens and ${shortened.length === 1 ? 'was' : 'were'} searched by ${shortened.length === 1 ? 'its' : 'their'} first ${MAX_PHRASE_TOKENS}: ${some(shortened)}`);
  const long = [...new Set(stats.flatMap((s) => s.stats.skipped.filter((x) => x.why === 'tokens').map((x) => x.word)))];
  if (long.length) notes.push(`${long.length} word${long.length === 1 ? '' : 's'} not searched (more than ${MAX_PHRASE_TOKENS} tokens with no "_" to cut at): ${some(long)}`);
  for (const s of stats) {
    const over = s.stats.skipped.filter((x) => x.why === 'budget').map((x) => x.word);
    if (over.length) notes.push(`${over.length} word${over.length === 1 ? '' : 's'} not searched in ${s.pkg}: matching ${over.length === 1 ? 'it' : 'them'} would pass the search budget of one call (${s.stats.budget} steps): ${some(over)}`);
  }
  return notes;
}

export function search(served: Served[], a: { query: string; limit?: number; package?: string }): { query: string; results: SearchResult[]; notes?: string[] } {
  const { terms, dropped } = parseQuery(a.query);
  const limit = Math.min(Math.max(a.limit ?? 10, 1), 100);
  const hits: SearchResult[] = [];
  const stats: { pkg: string; stats: SearchStats }[] = [];
  for (const s of pick(served, a.package)) {
    if (!terms.length) continue;
    const r = s.index.searchWithStats(terms, limit);
    stats.push({ pkg: s.pkg.name, stats: r.stats });
    for (const h of r.hits) {
      const d = s.pkg.byId.get(h.id);
      if (!d) continue;
      hits.push({ id: d.id, title: d.title, package: s.pkg.name, version: versionOf(s.pkg), uri: resourceUri(s.pkg, d), citation: citation(s.pkg, d), artifact_sha256: s.pkg.sha256, score: h.score, snippet: snippet(d.body, terms) });
    }
  }
  hits.sort((x, y) => y.score - x.score || compareUtf8(x.citation, y.citation));
  const notes = cutNotes(dropped, stats);
  return { query: a.query, results: hits.slice(0, limit), ...(notes.length ? { notes } : {}) };
}

/** A document by id, by `package@version#id`, or with `package` when two packages share an id. */
function find(served: Served[], id: string, pkg?: string): { s: Served; d: Doc } {
  const cite = /^(.+)#([^#]+)$/.exec(id);
  const found: { s: Served; d: Doc }[] = [];
  for (const s of pick(served, pkg)) {
    if (cite && citation(s.pkg, { id: cite[2]! } as Doc) === id) { const d = s.pkg.byId.get(cite[2]!); if (d) found.push({ s, d }); continue; }
    const d = s.pkg.byId.get(id);
    if (d) found.push({ s, d });
  }
  if (!found.length) throw new ToolError(`no document ${JSON.stringify(id)}${pkg ? ` in ${pkg}` : ''} (search returns ids and citations)`);
  if (found.length > 1) throw new ToolError(`${found.length} packages have a document ${JSON.stringify(id)}: name one with "package" (${found.map((f) => f.s.pkg.name).join(', ')})`);
  return found[0]!;
}

export function get(served: Served[], a: { id: string; package?: string }) {
  const { s, d } = find(served, a.id, a.package);
  return {
    id: d.id, title: d.title, package: s.pkg.name, version: versionOf(s.pkg), path: d.path, uri: resourceUri(s.pkg, d), citation: citation(s.pkg, d),
    artifact_sha256: s.pkg.sha256, type: d.type ?? null, description: d.description ?? null, tags: d.tags ?? [],
    links: markdownLinks(d.body).map((l) => l.target), text: d.body,
  };
}

interface Section { heading: string | null; text: string }

/** A document's body cut at its headings (outside code fences). */
export function sections(body: string): Section[] {
  const out: Section[] = [];
  let cur: Section = { heading: null, text: '' };
  let fence = false;
  for (const line of body.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fence = !fence;
    const h = !fence && /^#{1,6}\s+(.*)$/.exec(line);
    if (h) { if (cur.text.trim()) out.push(cur); cur = { heading: h[1]!.trim(), text: '' }; }
    cur.text += `${line}\n`;
  }
  if (cur.text.trim()) out.push(cur);
  return out;
}

export interface ContextItem { citation: string; artifact_sha256: string; id: string; title: string; package: string; version: string; section: string | null; tokens: number; text: string }

/** The best documents (or, where a whole one does not fit, its best sections) within `max_tokens`. */
export function context(served: Served[], a: { query: string; max_tokens: number; package?: string }) {
  const budget = Math.max(0, Math.floor(a.max_tokens));
  const terms = queryTerms(a.query);
  const found = search(served, { query: a.query, limit: 50, package: a.package });
  const ranked = found.results;
  const items: ContextItem[] = [];
  let used = 0;
  const byName = new Map(served.map((s) => [s.pkg.name, s]));
  for (const r of ranked) {
    if (used >= budget) break;
    const s = byName.get(r.package)!;
    const d = s.pkg.byId.get(r.id)!;
    const base = { citation: r.citation, artifact_sha256: s.pkg.sha256, id: d.id, title: d.title, package: r.package, version: r.version };
    const whole = estimateTokens(d.body);
    if (used + whole <= budget) { items.push({ ...base, section: null, tokens: whole, text: d.body }); used += whole; continue; }
    const scored = sections(d.body)
      .map((sec, i) => ({ sec, i, score: terms.reduce((n, t) => n + (sec.text.toLowerCase().split(t).length - 1), 0) }))
      .filter((x) => x.score > 0)
      .sort((x, y) => y.score - x.score || x.i - y.i);
    for (const x of scored) {
      const t = estimateTokens(x.sec.text);
      if (used + t > budget) continue;
      items.push({ ...base, section: x.sec.heading, tokens: t, text: x.sec.text });
      used += t;
    }
  }
  return { query: a.query, max_tokens: budget, used_tokens: used, token_estimate: TOKEN_ESTIMATE, items, ...(found.notes ? { notes: found.notes } : {}) };
}

export function listPackages(served: Served[]) {
  return {
    packages: served.map((s) => ({
      name: s.pkg.name, version: versionOf(s.pkg), format: s.pkg.format, artifact_sha256: s.pkg.sha256, source: s.pkg.source,
      documents: s.pkg.docs.length, signer: s.pkg.signer,
    })),
  };
}

export const PAGE_SIZE = 100;

/** One page of every document as a resource, in package then path order; the cursor is opaque. */
export function listResources(served: Served[], cursor: string | undefined, pageSize = PAGE_SIZE) {
  let start = 0;
  if (cursor !== undefined) {
    const m = /^p(\d+)$/.exec(cursor);
    if (!m) throw new ToolError(`invalid cursor ${JSON.stringify(cursor)}`);
    start = Number(m[1]);
  }
  const all: { uri: string; name: string; title: string; description?: string; mimeType: string }[] = [];
  for (const s of [...served].sort((a, b) => compareUtf8(a.pkg.name, b.pkg.name))) {
    for (const d of s.pkg.docs) all.push({ uri: resourceUri(s.pkg, d), name: d.id, title: d.title, ...(d.description ? { description: d.description } : {}), mimeType: 'text/markdown' });
  }
  const page = all.slice(start, start + pageSize);
  return { resources: page, ...(start + pageSize < all.length ? { nextCursor: `p${start + pageSize}` } : {}) };
}

const uriMaps = new WeakMap<Served[], Map<string, Doc>>();

export function readResource(served: Served[], uri: string) {
  let m = uriMaps.get(served);
  if (!m) {
    m = new Map();
    for (const s of served) for (const d of s.pkg.docs) m.set(resourceUri(s.pkg, d), d);
    uriMaps.set(served, m);
  }
  const d = m.get(uri);
  if (!d) throw new ToolError(`no resource ${uri}`);
  return { contents: [{ uri, mimeType: 'text/markdown', text: d.body }] };
}
