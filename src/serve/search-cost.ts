// What one search call may cost, whatever the query. FTS5 matches a phrase by reading the position
// list of each of its tokens in every row that may hold it, so 32 words such as `a_a_a…` (each a
// phrase of 16–47 tokens of a word in every document) cost seconds; the stall was one call. Here a
// query is at most MAX_QUERY_WORDS words, a word at most MAX_PHRASE_TOKENS tokens (longer ones are
// searched by their first ones), and a call at most SEARCH_STEP_BUDGET steps, each word's steps
// counted from FTS5's own counts *before* FTS5 is asked (a word that would pass the budget is not
// searched). What was cut is reported with the results, never instead of them.
//
// A step is about one position FTS5 reads (~4 ns measured): a phrase costs the instances of each of
// its tokens (repeats counted again: each is read again), plus bm25() for the rows it can match
// (at most its rarest token's rows, ~1 µs each, and its instances there); a stored word costs one
// step per row it adds. The common tokens' counts are stored in the index at build (term_counts);
// a rare token's are counted by FTS5 when a search needs them (fewer than COMMON_INSTANCES steps).
import type { FtsTokens } from './fts-tokens.js';

export const MAX_QUERY_WORDS = 32;
export const MAX_PHRASE_TOKENS = 8;
/** ≈ 0.1–0.3 s of FTS5 work; a search of 32 common words over 50,000 documents takes ~1.6 M. */
export const SEARCH_STEP_BUDGET = 32 << 20;
export const ROW_STEPS = 256;
export const INSTANCE_STEPS = 8;
/** Tokens with at least this many instances have their counts stored in the index. */
export const COMMON_INSTANCES = 1024;

/** A token's rows and instances in the index (FTS5's fts5vocab `row` table). */
export interface TermCount { doc: number; cnt: number }

/** The most steps FTS5 may take for a phrase whose tokens (in order, repeats included) have `counts`. */
export function phraseSteps(counts: TermCount[]): number {
  let positions = 0;
  let rows = Infinity;
  let instances = Infinity;
  for (const c of counts) {
    positions += c.cnt;
    rows = Math.min(rows, c.doc);
    instances = Math.min(instances, c.cnt);
  }
  return counts.length ? positions + ROW_STEPS * rows + INSTANCE_STEPS * instances : 0;
}

/**
 * A word as it is searched: itself when it has at most MAX_PHRASE_TOKENS tokens, else its longest
 * prefix of whole `_`-separated pieces within the cap (FTS5's tokenizer always cuts at `_`, so the
 * prefix's tokens are the word's first ones); undefined when even its first piece is over the cap.
 */
export function capped(word: string, tokens: FtsTokens): { text: string; tokens: string[]; cut: boolean } | undefined {
  const all = tokens.of(word);
  if (all.length <= MAX_PHRASE_TOKENS) return { text: word, tokens: all, cut: false };
  const pieces = word.split('_');
  const per = tokens.many(pieces);
  let n = 0;
  let k = 0;
  while (k < pieces.length && n + per[k]!.length <= MAX_PHRASE_TOKENS) n += per[k++]!.length;
  const text = pieces.slice(0, k).join('_');
  const kept = n ? tokens.of(text) : [];
  return kept.length && kept.length <= MAX_PHRASE_TOKENS ? { text, tokens: kept, cut: true } : undefined;
}
