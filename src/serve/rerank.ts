// The ranking's second stage: the first (search-index.ts) is FTS5's BM25 over title, tags and text
// with column weights, exact to the bit; it finds candidates. Plain BM25 ranks a page that says a
// word often above the page that is *about* it (`tar` under `git get-tar-commit-id`), and a short
// page holding every query word above the reference page the query names. Here the best
// RERANK_CANDIDATES candidates, plus the pages whose name or title is the query or a run of its
// words (at most MAX_NAMED), are ordered by fields:
//   1. exact name or title first: the query's words are the page's title words, or its id's last
//      segment (`tar`, `where`), in order; an identifier's words count (`TableOfContents` is
//      "table of contents"). A page's name is its path's (an OCTX id is an opaque UUID);
//   2. then the sum of two scores, each scaled to the best candidate's: a = bm25 × (1 + 1.5·(title
//      + title phrase) + lead + 0.6·headings + links + proximity + 0.5·mentions) and b = BM25F over the
//      same fields × (1 + mentions + 1.5·title phrase), both × (1 + named). Title, lead, headings
//      and links (the text of other pages' links to the page, inline or by reference definition:
//      what others call it, as a web search reads anchor text) are the IDF-weighted share of the
//      query's stems the field holds; proximity how close the
//      stems stand in the text (all adjacent: 1); mentions how many pages link to or name the page;
//      named the share of the query a page's name covers when the name is a run of the query's
//      words (`where` in "filter pages with where function"), times the share of the rest of the
//      query the page holds. A short name that abbreviates a run of the query's words (`mkdir` ←
//      "make directory") counts as that run named, and as a title holding its words. Length is normalised by BM25 itself (b = 0.75, over the whole row) and
//      by BM25F over the text: a third factor on top, tried, demoted long reference pages twice.
// `context` picks a page's sections by the same fields (sectionScore). The cost is bounded per
// call: at most RERANK_CANDIDATES + 2 × MAX_NAMED pages (named, abbreviated), each read for at most SCAN_CHARS characters,
// their title and heading tokens asked of FTS5's tokenizer once per page (kept for the next call).
import type { Doc } from '../format.js';
import type { LinkSummary } from './page-links.js';

export const RERANK_CANDIDATES = 100;
export const MAX_EXACT = 20;
/** Pages named by the query or part of it that join the candidates, and the longest run of words looked up. */
export const MAX_NAMED = 40;
const MAX_NAME_WORDS = 6;
/** The longest name taken as an abbreviation (`mkdir`, `nvm`), and the most query words it abbreviates. */
export const MAX_ABBREV_CHARS = 6;
const MAX_ABBREV_WORDS = 3;
/** Query words looked at for abbreviations (the search's own cap on words, MAX_QUERY_WORDS). */
const MAX_ABBREV_QUERY = 32;
/** Names checked against a query's runs at most, per call: the work of abbreviations is bounded whatever the names. */
export const MAX_ABBREV_CHECKS = 4_096;
/** A word on more than 1 / FREQUENT of the pages says too little to be abbreviated. */
const FREQUENT = 4;
/** Distinct field words whose tokens are kept. */
const MAX_WORDS = 200_000;
/** Characters of a page's text read for proximity and headings. */
export const SCAN_CHARS = 8_000;
// Weights of the fields' shares on the first stage's score.
const W_TITLE = 1.5;
const W_LEAD = 1;
const W_HEADINGS = 0.6;
const W_PROXIMITY = 1;
const W_PRIOR = 0.5;
const W_ANCHOR = 1;
// A section longer than its page's average is scaled by 1 / (1 + W_LENGTH · ln(length / average)).
const W_LENGTH = 0.15;
const W_NAMED = 1;
// A name that abbreviates words of the query counts as a name the query says, at this share.
const W_ABBREV = 1;
// BM25F's field weights: a stem in the title (or name), lead or headings counts once, at these weights.
const F_TITLE = 3;
const F_LEAD = 2;
const F_HEAD = 1.5;
const F_ANCHOR = 1.5;
const F_BODY = 1;
const K1 = 1.2;
const B = 0.75;

/**
 * One pass over a text's first SCAN_CHARS characters: each query stem's occurrences (a word holds a
 * stem it starts with: porter stems are prefixes of the words they come from, nearly always) and
 * their proximity: the shortest run of words holding the most distinct stems, k stems in a run of w
 * words giving (k / stems) × (k / w); 0 with fewer than two stems in the query or in the text.
 */
export function scan(text: string, stems: string[]): { counts: number[]; proximity: number } {
  const { counts, at, which } = stemWords(text, stems);
  return { counts, proximity: proximityOf(at, which, stems.length) };
}

/**
 * The words of a text's first SCAN_CHARS characters that hold a query stem: how many for each stem,
 * and for each such word its place among all the words (`at`) and its stem (`which`).
 */
export function stemWords(text: string, stems: string[]): { counts: number[]; at: number[]; which: number[] } {
  const counts = new Array<number>(stems.length).fill(0);
  const at: number[] = [];
  const which: number[] = [];
  const lower = text.slice(0, SCAN_CHARS).toLowerCase();
  // The words WORD finds, walked by character code: a regular expression's match made an array
  // and a string a word, ~1,300 of each for a page's 8,000 characters, for every candidate of every
  // call (issue 36's budget; 60% of `context`'s time). ASCII by table; any other code point by
  // WORD_CHAR at its position, a surrogate pair as one code point, as the `u` flag reads them.
  const end = lower.length;
  let n = 0;
  for (let i = 0; i < end;) {
    if (!isWordCharAt(lower, i)) { i += codeUnitsAt(lower, i); continue; }
    const start = i;
    do i += codeUnitsAt(lower, i); while (i < end && isWordCharAt(lower, i));
    // A word holds a stem it starts with.
    for (let t = 0; t < stems.length; t++) {
      const stem = stems[t]!;
      if (stem.length <= i - start && lower.startsWith(stem, start)) { counts[t]!++; at.push(n); which.push(t); break; }
    }
    n++;
  }
  return { counts, at, which };
}

/** The proximity of stemWords' words: the best run, as scan says. */
function proximityOf(at: number[], which: number[], stems: number): number {
  let best = 0;
  if (stems >= 2) {
    const inRun = new Array<number>(stems).fill(0);
    let distinct = 0;
    for (let i = 0, j = 0; j < at.length; j++) {
      if (inRun[which[j]!]!++ === 0) distinct++;
      // Shrink from the left while the run keeps its stems.
      while (inRun[which[i]!]! > 1) inRun[which[i++]!]!--;
      if (distinct >= 2) best = Math.max(best, (distinct / stems) * (distinct / (at[j]! - at[i]! + 1)));
    }
  }
  return best;
}

/** BM25F over the page's fields: title (and name), lead, headings presence-weighted, the text's counts length-normalised. */
function bm25f(q: QueryStems, x: Fields, body: string, tf: number[], avgLength: number): number {
  const norm = 1 - B + B * (Math.min(body.length, SCAN_CHARS) / Math.min(avgLength, SCAN_CHARS));
  let s = 0;
  q.stems.forEach((t, i) => {
    const w = F_TITLE * Number(x.title.has(t)) + F_LEAD * Number(x.lead.has(t)) + F_HEAD * Number(x.headings.has(t)) + F_ANCHOR * Number(x.anchor.has(t)) + F_BODY * tf[i]! / norm;
    s += q.idf.get(t)! * (w / (K1 + w));
  });
  return s;
}
/** Characters of a page's lead: its text before the second heading, headings and markup aside. */
export const LEAD_CHARS = 400;

/** The characters of a word, in one place for the two expressions below. */
const WORD_CLASS = '[\\p{L}\\p{N}_]';
const WORD = new RegExp(`${WORD_CLASS}+`, 'gu');
/** One code point of WORD, where it stands (sticky). */
const WORD_CHAR = new RegExp(WORD_CLASS, 'uy');
/** ASCII's word characters: 0-9, A-Z, _, a-z. */
const ASCII_WORD = new Uint8Array(128).map((_, c) => Number((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || c === 95 || (c >= 97 && c <= 122)));
/** Whether the code point at i is a character of WORD. */
function isWordCharAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return ASCII_WORD[c] === 1;
  WORD_CHAR.lastIndex = i;
  return WORD_CHAR.test(s);
}
/** The code units of the code point at i: 2 for a surrogate pair, else 1 (a lone surrogate is one). */
function codeUnitsAt(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) return 1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
}
const ASCII = /^[\x00-\x7f]*$/;
/** The words of a text as a key: lowercase, NFKC, one space between. */
export const wordKey = (text: string) => (text.normalize('NFKC').toLowerCase().match(WORD) ?? []).join(' ');
/**
 * An identifier's words: `TableOfContents` → `Table Of Contents`, `GroupByDate` → `Group By Date`,
 * `HTMLEscape` → `HTML Escape`. A reference page is often titled by the name it documents, which a
 * reader asks for in words; FTS5 sees one token. Only a title or name without spaces is an
 * identifier: prose keeps its words as written ("Host on GitHub Pages" is not "Git Hub").
 */
export const identifierWords = (text: string) => /\s/.test(text.trim()) ? text : text.replace(/(\p{Ll}|\p{N})(?=\p{Lu})/gu, '$1 ').replace(/(\p{Lu})(?=\p{Lu}\p{Ll})/gu, '$1 ');
/** A folder's own page: its name is the folder's. `_index` is `index-page` once synced (OCTX reserves `index.md`). */
const FOLDER_PAGE = /^_?(index|readme)(-page)?$/i;
/**
 * The name a path gives a page: its last segment without the extension (`common/tar.md` → `tar`,
 * `functions/collections/Where` → `Where`), or its folder's for a folder's own page
 * (`functions/collections/index-page.md` → `collections`), `-` and `.` as spaces.
 */
export function lastSegment(path: string): string {
  const segs = path.replace(/\/+$/, '').split('/').map((x) => x.replace(/\.(md|mdx|markdown|html?)$/i, ''));
  let last = segs.pop()!;
  if (FOLDER_PAGE.test(last) && segs.length) last = segs.pop()!;
  return last.replace(/\.[a-z0-9]+$/i, '').replace(/[-.]/g, ' ');
}
/** The words of a path's name (`common/tar.md` → `tar`, `functions/collections/Where` → `where`). */
export const nameKey = (path: string) => wordKey(lastSegment(path));
/**
 * Where a page's name comes from: its path, which a package keeps as its source names it (`tar.md`),
 * else its id. A package's ids are often opaque (OCTX's are UUIDs): an id names a page only when
 * there is no path.
 */
export const pageName = (d: Doc) => d.path ?? d.id;
/** A page's keys: its title's words and its name's, each also with identifiers split (`tableofcontents`, `table of contents`). */
export function pageKeys(d: Doc): string[] {
  const last = lastSegment(pageName(d));
  return [...new Set([wordKey(d.title), wordKey(last), wordKey(identifierWords(d.title)), wordKey(identifierWords(last))])].filter(Boolean);
}

/**
 * Is `name` an in-order abbreviation of the words of `run`: each word gives its first letter and
 * then any of its later letters in order, every word gives at least one, nothing else
 * (`mkdir` ← make directory, `rm` ← remove, `du` ← disk usage, `nvm` ← node version manager)? A
 * short command or identifier is often what a reader asks for in words.
 */
export function abbreviates(name: string, run: string[]): boolean {
  // p letters of name matched; the last one taken from run[w] at its index j.
  const go = (p: number, w: number, j: number): boolean => {
    if (p === name.length) return w === run.length - 1;
    if (w + 1 < run.length && run[w + 1]![0] === name[p] && go(p + 1, w + 1, 0)) return true;
    // The earliest later letter of the same word leaves the most for the rest.
    const k = run[w]!.indexOf(name[p]!, j + 1);
    return k > 0 && go(p + 1, w, k);
  };
  return name.length >= 2 && run.length > 0 && run[0]![0] === name[0] && go(1, 0, 0);
}

/** The headings of a text (outside code fences), within its first SCAN_CHARS characters. */
export function headingsOf(body: string): string[] {
  const out: string[] = [];
  let fence = false;
  for (const line of body.slice(0, SCAN_CHARS).split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fence = !fence;
    const h = !fence && /^#{1,6}\s+(.*)$/.exec(line);
    if (h) out.push(h[1]!);
  }
  return out;
}

export interface Fields { keys: string[]; titleSeq: string[]; title: Set<string>; lead: Set<string>; headings: Set<string>; anchor: Set<string>; length: number }

/** A page's lead: what it says first (a summary line, a first paragraph), headings left out. */
export function leadOf(body: string): string {
  let out = '';
  for (const line of body.slice(0, 4 * LEAD_CHARS).split('\n')) {
    if (/^#{1,6}\s/.test(line)) { if (out.trim()) break; continue; }
    out += `${line}\n`;
    if (out.length >= LEAD_CHARS) break;
  }
  return out.slice(0, LEAD_CHARS);
}

/** What a package's pages need for the second stage; per-page fields made once, on first use. */
export class RerankFields {
  private readonly fields = new WeakMap<Doc, Fields>();
  /** Pages by title or name key: the page itself while it is the key's only one (nearly every key: an array of one is ~56 bytes more a page, issue 39). */
  private readonly byKey = new Map<string, Doc | Doc[]>();
  /**
   * Pages whose name is one short word (`mkdir`), by its first two letters (at most MAX_EXACT a
   * pair): what an abbreviation can name.
   */
  private readonly short = new Map<string, { name: string; doc: Doc }[]>();
  /** How many other pages name each page (a link to it, or its name as the first word of inline code). */
  private readonly mentions: Map<string, number>;
  readonly avgLength: number;
  readonly maxMentions: number;
  /** The text of the links to each page (by name), what other pages call it: at most ANCHOR_CHARS (page-links.ts). */
  private readonly anchors: Map<string, string>;
  /** `links`: the pages' link facts, gathered as their texts were taken in (corpus.ts): no text is read for them here. */
  constructor(docs: Doc[], private readonly tokensOf: (texts: string[]) => string[][], links: LinkSummary) {
    this.mentions = links.mentions;
    this.anchors = links.anchors;
    let most = 0;
    for (const v of this.mentions.values()) most = Math.max(most, v);
    this.maxMentions = most;
    for (const d of docs) {
      const name = nameKey(pageName(d));
      // A key's list is made holding its first page: an empty array given one push reserves room for 17.
      if (name.length >= 2 && name.length <= MAX_ABBREV_CHARS && /^\p{L}[\p{L}\p{N}]*$/u.test(name)) {
        const list = this.short.get(name.slice(0, 2));
        if (!list) this.short.set(name.slice(0, 2), [{ name, doc: d }]);
        else if (list.length < MAX_EXACT) list.push({ name, doc: d });
      }
      for (const k of pageKeys(d)) {
        const had = this.byKey.get(k);
        if (had === undefined) this.byKey.set(k, d);
        else if (!Array.isArray(had)) this.byKey.set(k, [had, d]);
        else if (had.length < MAX_EXACT) had.push(d);
      }
    }
    this.avgLength = docs.length ? Math.max(1, links.chars / docs.length) : 1;
  }
  /** Pages whose title or name is exactly these words. */
  exact(words: string): Doc[] { return this.pagesOf(words); }
  private pagesOf(key: string): Doc[] {
    const v = this.byKey.get(key);
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  }
  /**
   * Pages the query names: their title or name is a run of the query's words (`where` in "filter
   * pages with where function", `git branch` in "create a new git branch"), each with the longest
   * such run's words. Bounded: runs of up to MAX_NAME_WORDS words, at
   * most MAX_EXACT pages a key, MAX_NAMED pages in all, longer runs first.
   */
  named(words: string[]): Map<Doc, string[]> {
    const out = new Map<Doc, string[]>();
    for (let n = Math.min(MAX_NAME_WORDS, words.length); n >= 1; n--) {
      for (let i = 0; i + n <= words.length; i++) {
        const run = words.slice(i, i + n);
        for (const d of this.pagesOf(run.join(' '))) {
          if (out.size >= MAX_NAMED) return out;
          if (!out.has(d)) out.set(d, run);
        }
      }
    }
    return out;
  }
  /**
   * Pages whose short name abbreviates a run of the query's words (`mkdir` in "make directory"), each
   * with its run; not the pages `named` already has. Bounded: runs of up to MAX_ABBREV_WORDS of the
   * first MAX_ABBREV_QUERY words, each checked against the short names its first two letters can
   * start (at most MAX_EXACT a pair of letters), at most MAX_ABBREV_CHECKS checks, at most
   * MAX_NAMED pages, longer runs first.
   */
  abbreviated(words: string[], named: Map<Doc, string[]>, docFreq: (stem: string) => number, docCount: number): Map<Doc, string[]> {
    const out = new Map<Doc, string[]>();
    const ws = words.slice(0, MAX_ABBREV_QUERY);
    let checks = 0;
    const seen = new Map<string, boolean>();
    const frequent = (w: string) => {
      let v = seen.get(w);
      if (v === undefined) { const t = this.stems([w]); v = t.length > 0 && t.every((x) => FREQUENT * docFreq(x) > docCount); seen.set(w, v); }
      return v;
    };
    for (let n = Math.min(MAX_ABBREV_WORDS, ws.length); n >= 1; n--) {
      for (let i = 0; i + n <= ws.length; i++) {
        const run = ws.slice(i, i + n);
        // Words of one or two letters (of, in, or, to) and words on more than a quarter of the pages
        // (and, with, file) are not abbreviated: "move or rename" is not `more`, "drafts and future" not `draft`.
        if (run.some((w) => w.length < 3 || frequent(w))) continue;
        const joined = run.join('');
        // A name's second letter is a later letter of the first word or the second word's first.
        const seconds = new Set([...run[0]!.slice(1), ...(run[1] ? [run[1][0]!] : [])]);
        for (const { name, doc } of [...seconds].flatMap((c) => this.short.get(run[0]![0]! + c) ?? [])) {
          // At most half as long as its words: `draft` is the word "drafts", not an abbreviation of it.
          if (2 * name.length > joined.length || named.has(doc) || out.has(doc)) continue;
          if (++checks > MAX_ABBREV_CHECKS) return out;
          if (!abbreviates(name, run)) continue;
          if (out.size >= MAX_NAMED) return out;
          out.set(doc, run);
        }
      }
    }
    return out;
  }
  /** The stems of some words (FTS5's tokens, through the same per-word memo as the fields). */
  stems(words: string[]): string[] { return this.stemsOf([words.join(' ')])[0]!; }
  /** ln(1 + mentions) / ln(1 + the most any page has): 0..1. */
  prior(d: Doc): number { return this.maxMentions ? Math.log1p(this.mentions.get(nameKey(pageName(d))) ?? 0) / Math.log1p(this.maxMentions) : 0; }
  isExact(d: Doc, words: string): boolean { return !!words && (this.fields.get(d)?.keys ?? pageKeys(d)).includes(words); }
  /** FTS5's tokens of each word met in a field (a field's words repeat across pages: each is asked once). */
  private readonly wordTokens = new Map<string, string[]>();
  /** Each text's tokens, word by word, the words not met before asked of FTS5 in one pass. */
  private stemsOf(texts: string[]): string[][] {
    // NFKC leaves ASCII as it is: most fields skip it.
    const split = texts.map((t) => (ASCII.test(t) ? t : t.normalize('NFKC')).toLowerCase().match(WORD) ?? []);
    const fresh = new Set<string>();
    for (const ws of split) for (const w of ws) if (!this.wordTokens.has(w)) fresh.add(w);
    if (this.wordTokens.size + fresh.size > MAX_WORDS) this.wordTokens.clear();
    if (fresh.size) { const list = [...fresh]; this.tokensOf(list).forEach((t, i) => this.wordTokens.set(list[i]!, t)); }
    return split.map((ws) => {
      const out: string[] = [];
      for (const w of ws) { const t = this.wordTokens.get(w); if (t) for (const x of t) out.push(x); }
      return out;
    });
  }
  /** Each page's fields, the missing ones tokenized in one pass. */
  of(docs: Doc[]): Fields[] {
    const todo = docs.filter((d) => !this.fields.has(d));
    if (todo.length) {
      const texts: string[] = [];
      const keys = todo.map(pageKeys);
      todo.forEach((d, i) => texts.push(identifierWords(d.title), keys[i]!.join(' \n '), `${d.description ?? ''}\n${leadOf(d.body)}`, headingsOf(d.body).join(' \n '), this.anchors.get(nameKey(pageName(d))) ?? ''));
      const toks = this.stemsOf(texts);
      todo.forEach((d, i) => this.fields.set(d, { keys: keys[i]!, titleSeq: toks[5 * i]!, title: new Set(toks[5 * i + 1]), lead: new Set(toks[5 * i + 2]), headings: new Set(toks[5 * i + 3]), anchor: new Set(toks[5 * i + 4]), length: d.body.length }));
    }
    return docs.map((d) => this.fields.get(d)!);
  }
}

/** The query's stems, each with its IDF weight (ln(1 + (N − n + 0.5) / (n + 0.5)), always positive). */
export interface QueryStems { words: string; stems: string[]; seq: string[]; idf: Map<string, number>; total: number }

export function queryStems(words: string[], tokensOf: (t: string[]) => string[][], docFreq: (t: string) => number, n: number): QueryStems {
  const seq = tokensOf(words).flat();
  const stems = [...new Set(seq)];
  const idf = new Map(stems.map((t) => { const df = docFreq(t); return [t, Math.log(1 + (n - df + 0.5) / (df + 0.5))]; }));
  let total = 0;
  for (const v of idf.values()) total += v;
  return { words: words.join(' '), stems, seq, idf, total: total || 1 };
}

/**
 * The title as a phrase of the query: the IDF share of the longest run of two or more query stems
 * that stands, in order, in the title (`publish my site on GitHub Pages` and "Host on GitHub Pages").
 */
export function titlePhrase(q: QueryStems, title: string[]): number {
  let best = 0;
  for (let i = 0; i < q.seq.length; i++) {
    for (let j = 0; j < title.length; j++) {
      let k = 0;
      let w = 0;
      while (i + k < q.seq.length && j + k < title.length && q.seq[i + k] === title[j + k]) { w += q.idf.get(q.seq[i + k]!) ?? 0; k++; }
      if (k >= 2) best = Math.max(best, w);
    }
  }
  return best / q.total;
}

/** The fields with these stems in the title as well (its words, as a phrase, after its own). */
const withTitle = (x: Fields, stems: string[]): Fields => ({ ...x, title: new Set([...x.title, ...stems]), titleSeq: [...x.titleSeq, ...stems] });

const share = (q: QueryStems, has: Set<string>) => {
  let s = 0;
  for (const t of q.stems) if (has.has(t)) s += q.idf.get(t)!;
  return s / q.total;
};

/** How close the query's stems stand in a text (scan). */
export const proximity = (text: string, stems: string[]) => scan(text, stems).proximity;

export interface Scored { doc: Doc; bm25: number; score: number; exact: boolean }

/**
 * The candidates in the second stage's order: exact name or title first, then by the sum of two
 * scores, each scaled to the best candidate's: the first stage's BM25 raised by the fields' shares
 * (title, lead, headings), proximity and mentions, with the length normalisation; and BM25F over the
 * fields, raised by mentions. Ties by id.
 */
export function rerank(cands: { doc: Doc; bm25: number }[], q: QueryStems, f: RerankFields, named: Map<Doc, string[]> = new Map(), abbreviated: Map<Doc, string[]> = new Map()): Scored[] {
  const fields = f.of(cands.map((c) => c.doc));
  // The share of the query a page's name covers, times the share of the rest of the query the page
  // holds anywhere: a name that is one word of the query (`make` in "make http requests") counts
  // only as far as the page is about the other words too.
  const namedShare = (d: Doc, x: Fields, counts: number[]) => {
    const run = named.get(d) ?? abbreviated.get(d);
    if (!run) return 0;
    // The run's own stems: the query's words are not its searched terms (those are distinct, capped).
    const inRun = new Set(f.stems(run));
    let s = 0, rest = 0, held = 0;
    q.stems.forEach((t, i) => {
      const w = q.idf.get(t) ?? 0;
      if (inRun.has(t)) { s += w; return; }
      rest += w;
      if (counts[i]! > 0 || x.title.has(t) || x.lead.has(t) || x.headings.has(t)) held += w;
    });
    return (named.has(d) ? 1 : W_ABBREV) * (s / q.total) * (rest ? held / rest : 1);
  };
  const a: number[] = [];
  const b: number[] = [];
  cands.forEach((c, i) => {
    // A name that abbreviates words of the query stands for them: its title is those words too.
    const short = abbreviated.get(c.doc);
    const x = short ? withTitle(fields[i]!, f.stems(short)) : fields[i]!;
    const prior = W_PRIOR * f.prior(c.doc);
    const phrase = titlePhrase(q, x.titleSeq);
    const body = scan(c.doc.body, q.stems);
    const name = 1 + W_NAMED * namedShare(c.doc, x, body.counts);
    a.push(c.bm25 * (1 + W_TITLE * (share(q, x.title) + phrase) + W_LEAD * share(q, x.lead) + W_HEADINGS * share(q, x.headings) + W_ANCHOR * share(q, x.anchor) + W_PROXIMITY * body.proximity + prior) * name);
    b.push(bm25f(q, x, c.doc.body, body.counts, f.avgLength) * (1 + prior + W_TITLE * phrase) * name);
  });
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < a.length; i++) { ma = Math.max(ma, a[i]!); mb = Math.max(mb, b[i]!); }
  const out = cands.map((c, i) => ({ doc: c.doc, bm25: c.bm25, score: (ma ? a[i]! / ma : 0) + (mb ? b[i]! / mb : 0), exact: f.isExact(c.doc, q.words) }));
  return out.sort((x, y) => Number(y.exact) - Number(x.exact) || y.score - x.score || (x.doc.id < y.doc.id ? -1 : x.doc.id > y.doc.id ? 1 : 0));
}

/**
 * A section's score by the same fields: its heading's share of the query (weighted as a title), the
 * query stems' occurrences in its text (saturated as BM25 does, k1 = 1.2), their proximity, and the
 * same length normalisation against the page's average section.
 */
export function sectionScore(heading: string | null, text: string, q: QueryStems, headingStems: Set<string>, avgSection: number): number {
  const { counts, proximity: prox } = scan(text, q.stems);
  let tf = 0;
  q.stems.forEach((t, i) => { tf += q.idf.get(t)! * ((counts[i]! * 2.2) / (counts[i]! + 1.2)); });
  if (tf === 0 && !(heading && share(q, headingStems) > 0)) return 0;
  const length = text.length > avgSection ? 1 / (1 + W_LENGTH * Math.log(text.length / avgSection)) : 1;
  return (tf + q.total * W_TITLE * share(q, headingStems)) * (1 + W_PROXIMITY * prox) * length;
}
