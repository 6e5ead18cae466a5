// What the MCP tools and resources answer, as plain functions over the served packages and their
// indexes (the server only wires them to the protocol), so they are tested without a transport.
import type { Doc } from '../format.js';
import { markdownLinks } from '../links/markdown.js';
import { compareUtf8 } from '../core/paths.js';
import type { ServedPackage } from './corpus.js';
import { MAX_PHRASE_TOKENS, MAX_QUERY_WORDS } from './search-cost.js';
import { parseQuery, queryTerms, type PackageIndex, type SearchStats } from './search-index.js';
import { codePoints, TOKEN_ESTIMATE, tokensOf } from './reply.js';
import { queryStems, RERANK_CANDIDATES, rerank, RerankFields, sectionScore, wordKey, type QueryStems } from './rerank.js';

/** The token estimate of a text: ceil(code points / 4) (reply.ts says why replies are counted whole). */
export function estimateTokens(text: string): number {
  return tokensOf(codePoints(text));
}

export { TOKEN_ESTIMATE };

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

/** One result: what names the package (its version, its artifact) is said once per package, in `packages`. */
export interface SearchResult { id: string; title: string; citation: string; uri: string; score: number; snippet: string }

/** A package named by results or context: `name@version` and its artifact's digest, once. */
export interface PackageRef { package: string; artifact_sha256: string }

const refOf = (p: ServedPackage): PackageRef => ({ package: `${p.name}@${versionOf(p)}`, artifact_sha256: p.sha256 });

/**
 * The packages `pkg` names: a name (every version served), `name@version`, or `name@1.2` (a version
 * prefix ending at a dot: 1.2, 1.2.0, 1.2.7, never 1.20).
 */
export function pick(served: Served[], pkg?: string): Served[] {
  if (pkg === undefined) return served;
  const at = pkg.lastIndexOf('@');
  const name = at > 0 ? pkg.slice(0, at) : pkg;
  const version = at > 0 ? pkg.slice(at + 1) : undefined;
  const hit = served.filter((s) => {
    if (s.pkg.name === pkg) return true;
    if (version === undefined || s.pkg.name !== name) return false;
    const v = versionOf(s.pkg);
    return v === version || v.startsWith(`${version}.`);
  });
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

interface Ranked { s: Served; d: Doc; score: number; exact: boolean; citation: string; q: QueryStems }

const rerankFields = new WeakMap<PackageIndex, RerankFields>();
function fieldsOf(s: Served): RerankFields {
  let f = rerankFields.get(s.index);
  if (!f) { f = new RerankFields(s.pkg.docs, (t) => s.index.tokensOf(t), s.pkg.links); rerankFields.set(s.index, f); }
  return f;
}

/**
 * The second stage's per-package data made before the first call (from the links gathered at start); a
 * page's field tokens are made when a search first meets it, and kept.
 */
export function warm(served: Served[]): void {
  for (const s of served) fieldsOf(s);
}

/**
 * The best `limit` documents over the packages picked, and what the search caps cut: BM25's best
 * RERANK_CANDIDATES (search-index.ts), the pages named exactly by the query and those named by a run
 * of its words (at most MAX_NAMED), in rerank.ts's order.
 */
function ranked(served: Served[], query: string, limit: number, pkg?: string): { terms: string[]; hits: Ranked[]; notes: string[] } {
  const { terms, dropped } = parseQuery(query);
  const words = wordKey(query);
  const hits: Ranked[] = [];
  const stats: { pkg: string; stats: SearchStats }[] = [];
  for (const s of pick(served, pkg)) {
    if (!terms.length) continue;
    const r = s.index.searchWithStats(terms, Math.max(limit, RERANK_CANDIDATES));
    stats.push({ pkg: s.pkg.name, stats: r.stats });
    const f = fieldsOf(s);
    const cands = new Map<Doc, number>();
    for (const h of r.hits) { const d = s.pkg.byId.get(h.id); if (d) cands.set(d, h.score); }
    for (const d of f.exact(words)) if (!cands.has(d)) cands.set(d, 0);
    const named = f.named(words.split(' '));
    const abbreviated = f.abbreviated(words.split(' '), named, (t) => s.index.docFreq(t), s.index.docCount);
    for (const d of [...named.keys(), ...abbreviated.keys()]) if (!cands.has(d)) cands.set(d, 0);
    const q = queryStems(terms, (t) => s.index.tokensOf(t), (t) => s.index.docFreq(t), s.index.docCount);
    for (const x of rerank([...cands].map(([doc, bm25]) => ({ doc, bm25 })), q, f, named, abbreviated).slice(0, limit)) {
      hits.push({ s, d: x.doc, score: x.score, exact: x.exact, citation: citation(s.pkg, x.doc), q });
    }
  }
  // An exact name or title match first across packages too.
  hits.sort((x, y) => Number(y.exact) - Number(x.exact) || y.score - x.score || compareUtf8(x.citation, y.citation));
  return { terms, hits: hits.slice(0, limit), notes: cutNotes(dropped, stats) };
}

export function search(served: Served[], a: { query: string; limit?: number; package?: string }): { query: string; packages: PackageRef[]; results: SearchResult[]; notes?: string[] } {
  const limit = Math.min(Math.max(a.limit ?? 10, 1), 100);
  const { terms, hits, notes } = ranked(served, a.query, limit, a.package);
  const packages = [...new Set(hits.map((h) => h.s.pkg))].map(refOf);
  const results = hits.map((h) => ({ id: h.d.id, title: h.d.title, citation: h.citation, uri: resourceUri(h.s.pkg, h.d), score: h.score, snippet: snippet(h.d.body, terms) }));
  return { query: a.query, packages, results, ...(notes.length ? { notes } : {}) };
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
  if (found.length > 1) throw new ToolError(`${found.length} packages have a document ${JSON.stringify(id)}: name one with "package", or cite it as package@version#id (${found.map((f) => `${f.s.pkg.name}@${versionOf(f.s.pkg)}`).join(', ')})`);
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

/** A document in a context: its citation once, and its text whole (one section, heading null) or its chosen sections in document order. */
export interface ContextDocument { citation: string; title: string; sections: { heading: string | null; text: string }[] }

export interface ContextReply {
  max_tokens: number; used_tokens: number; token_estimate: string;
  packages: PackageRef[]; documents: ContextDocument[]; notes?: string[];
}

/** The smallest budget a context reply's own frame (counts, notes) always fits in. */
export const MIN_CONTEXT_TOKENS = 200;
/** Candidates a context is chosen from. */
const CONTEXT_CANDIDATES = 50;

/** The text form of a context reply (its parts, so the budget can count them one by one). */
export const contextText = {
  head: (v: Pick<ContextReply, 'max_tokens' | 'used_tokens' | 'notes'>, documents: number) =>
    `Context: ${documents} document${documents === 1 ? '' : 's'}, ${v.used_tokens} of ${v.max_tokens} tokens (${TOKEN_ESTIMATE} of this text and the structured content together).\n${(v.notes ?? []).map((n) => `Note: ${n}\n`).join('')}`,
  pkg: (p: PackageRef) => `Package ${p.package}, artifact sha256 ${p.artifact_sha256}\n`,
  doc: (d: Pick<ContextDocument, 'citation' | 'title'>) => `\n[${d.citation}] ${d.title}\n`,
  section: (text: string) => (text.endsWith('\n') ? text : `${text}\n`),
};

export function renderContext(v: ContextReply): string {
  return contextText.head(v, v.documents.length) + v.packages.map(contextText.pkg).join('')
    + v.documents.map((d) => contextText.doc(d) + d.sections.map((x) => contextText.section(x.text)).join('')).join('');
}

const json = (v: unknown) => codePoints(JSON.stringify(v));

/**
 * The best documents (or, where a whole one does not fit, its best sections) such that the whole
 * reply a client receives, the text form and the structured content, is at most 4 × `max_tokens`
 * code points; `used_tokens` is that reply's own estimate. Each part's cost is counted as it is
 * chosen (text and JSON, a comma between array items), the frame's with its largest numbers.
 */
export function context(served: Served[], a: { query: string; max_tokens: number; package?: string }): ContextReply {
  const max = Math.floor(a.max_tokens);
  if (!(max >= MIN_CONTEXT_TOKENS)) throw new ToolError(`max_tokens must be at least ${MIN_CONTEXT_TOKENS}: the reply's own counts and notes take up to that`);
  const limit = 4 * max;
  const found = ranked(served, a.query, CONTEXT_CANDIDATES, a.package);
  const terms = found.terms.length ? found.terms : queryTerms(a.query);
  let notes = found.notes;
  const frameOf = (n: string[] | undefined, docs: number, used: number) => {
    const v: ContextReply = { max_tokens: max, used_tokens: used, token_estimate: TOKEN_ESTIMATE, packages: [], documents: [], ...(n?.length ? { notes: n } : {}) };
    return codePoints(contextText.head(v, docs)) + json(v);
  };
  // The frame with the largest numbers it can hold; with the note that nothing fits, when nothing does.
  const NOTHING = `nothing fits within ${max} tokens: the best match, whole or its smallest matching section, needs more`;
  if (frameOf([...notes, NOTHING], CONTEXT_CANDIDATES, max) > limit) notes = ['the search limits cut the query; search says what was cut'];
  let used = frameOf(notes, CONTEXT_CANDIDATES, max);
  const packages: PackageRef[] = [];
  const documents: ContextDocument[] = [];
  const seen = new Set<ServedPackage>();
  for (const h of found.hits) {
    if (used >= limit) break;
    const ref = refOf(h.s.pkg);
    const pkgCost = seen.has(h.s.pkg) ? 0 : codePoints(contextText.pkg(ref)) + json(ref) + (packages.length ? 1 : 0);
    const shell = { citation: h.citation, title: h.d.title, sections: [] as ContextDocument['sections'] };
    const docCost = pkgCost + codePoints(contextText.doc(shell)) + json(shell) + (documents.length ? 1 : 0);
    const secCost = (x: { heading: string | null; text: string }, first: boolean) => codePoints(contextText.section(x.text)) + json(x) + (first ? 0 : 1);
    const whole = { heading: null, text: h.d.body };
    let cost = docCost + secCost(whole, true);
    if (used + cost <= limit) {
      shell.sections.push(whole);
    } else {
      const parts = sections(h.d.body);
      const avg = h.d.body.length / Math.max(1, parts.length);
      const heads = h.s.index.tokensOf(parts.map((p) => p.heading ?? ''));
      const scored = parts
        .map((sec, i) => ({ sec, i, score: sectionScore(sec.heading, sec.text, h.q, new Set(heads[i]), avg) }))
        .filter((x) => x.score > 0)
        .sort((x, y) => y.score - x.score || x.i - y.i);
      const chosen: typeof scored = [];
      cost = docCost;
      for (const x of scored) {
        const c = secCost({ heading: x.sec.heading, text: x.sec.text }, !chosen.length);
        if (used + cost + c > limit) continue;
        chosen.push(x);
        cost += c;
      }
      if (!chosen.length) continue;
      // In document order, so the text reads as the page does; the commas are the same in any order.
      shell.sections.push(...chosen.sort((x, y) => x.i - y.i).map((x) => ({ heading: x.sec.heading, text: x.sec.text })));
    }
    used += cost;
    if (!seen.has(h.s.pkg)) { seen.add(h.s.pkg); packages.push(ref); }
    documents.push(shell);
  }
  const finalNotes = documents.length || !found.hits.length ? notes : [...notes, NOTHING];
  if (!found.hits.length && finalNotes.length === notes.length) finalNotes.push('no document matches the query');
  const v: ContextReply = { max_tokens: max, used_tokens: 0, token_estimate: TOKEN_ESTIMATE, packages, documents, ...(finalNotes.length ? { notes: finalNotes } : {}) };
  // used_tokens is part of what it counts: settled from above (a smaller number is never longer,
  // so the count only falls, and stops within a few rounds).
  let u = max;
  for (;;) {
    v.used_tokens = u;
    const next = tokensOf(codePoints(renderContext(v)) + json(v));
    if (next >= u) break;
    u = next;
  }
  v.used_tokens = u;
  return v;
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
  for (const s of [...served].sort((a, b) => compareUtf8(a.pkg.name, b.pkg.name) || compareUtf8(versionOf(a.pkg), versionOf(b.pkg)))) {
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

const noteLines = (notes?: string[]) => (notes ?? []).map((n) => `Note: ${n}\n`).join('');

/** Each tool's text form: compact, a package's digest once, no field the structured content alone needs. */
export const TEXT = {
  search: (v: ReturnType<typeof search>) => `Search ${JSON.stringify(v.query)}: ${v.results.length} result${v.results.length === 1 ? '' : 's'}.\n${noteLines(v.notes)}`
    + v.packages.map((p) => `Package ${p.package}, artifact sha256 ${p.artifact_sha256}\n`).join('')
    + v.results.map((r, i) => `${i + 1}. [${r.citation}] ${r.title} (score ${Number(r.score.toFixed(3))})\n   ${r.snippet}\n`).join(''),
  get: (v: ReturnType<typeof get>) => `[${v.citation}] ${v.title}\nPath ${v.path}, artifact sha256 ${v.artifact_sha256}${v.tags.length ? `, tags ${v.tags.join(', ')}` : ''}\n\n${v.text}`,
  context: (v: ContextReply) => renderContext(v),
  list_packages: (v: ReturnType<typeof listPackages>) => v.packages.map((p) => `${p.name}@${p.version}: ${p.format}, ${p.documents} documents, signer ${p.signer.key_id ?? 'none'} (${p.signer.trust}), artifact sha256 ${p.artifact_sha256}, from ${p.source}\n`).join(''),
};
