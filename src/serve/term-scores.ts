// Each frequent term's BM25 summand for every document that holds it, exactly as FTS5's bm25()
// computes it, stored with the index so a search adds stored numbers instead of asking FTS5 to score
// every row a common word matches (see search-index.ts for why the sums are then FTS5's own).
//
// FTS5's bm25() for a row and a query of phrases p: the sum over p, in query order, of
//   idf(p) * (f * (k1 + 1)) / (f + k1 * (1 - b + b * D / avgdl)),   k1 = 1.2, b = 0.75,
// where f is the sum of the column weights of p's occurrences in the row, D the row's tokens in all
// columns, avgdl all tokens over all rows, idf = ln((N - n + 0.5) / (n + 0.5)) for the n rows
// holding p (1e-6 when not positive). The inputs here come from the index itself: n from fts5vocab,
// D from FTS5's per-row sizes, the tokens of each document from FTS5's tokenizer (text cut at ASCII
// white space, which that tokenizer always treats as a separator, each piece tokenized by FTS5), ln
// from SQLite. Checked before anything is stored: every row's token count per column equals FTS5's,
// every term's row count equals fts5vocab's, and each term's summands for a sample of rows equal
// what bm25() returns for them, bit for bit; a term that fails is scored by bm25() over all its rows
// instead, and if the counts disagree every term is.
import { freeBytes } from '../core/release.js';
import type { SqliteDb } from '../core/sqlite.js';
import type { Doc } from '../format.js';
import type { FtsTokens } from './fts-tokens.js';
import { grow } from '../core/arrays.js';
import { ownedString } from '../core/owned-string.js';

export const WEIGHTS = { title: 10, tags: 5, body: 1 };
export const BM25 = `bm25(docs, 0.0, ${WEIGHTS.title}, ${WEIGHTS.tags}, ${WEIGHTS.body})`;
const K1 = 1.2;
const B = 0.75;
/** Rows compared with bm25() per term. */
const SAMPLE_ROWS = 8;

export interface TermScores { term: string; rowids: Int32Array; scores: Float64Array }

/** The columns as the index holds them, with bm25()'s weight of each. */
/**
 * A page's indexed columns: title; its tags and its description (a page's own summary of itself,
 * often in words its text does not repeat: "Returns a slice by filtering…"); its text, as it is
 * (served-bodies.ts reads the text back from this column).
 */
export const columnsOf = (d: Doc): [string, string, string] => [d.title, [...(d.tags ?? []), ...(d.description ? [d.description] : [])].join('\n'), d.body];
const COLUMN_WEIGHTS = [WEIGHTS.title, WEIGHTS.tags, WEIGHTS.body];

/** FTS5's per-row sizes: a varint per column (id, title, tags, body). */
function rowSizes(db: SqliteDb, n: number): Int32Array[] | undefined {
  const out = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  for (const r of db.prepare('SELECT id, sz FROM docs_docsize').iterate()) {
    const row = Number(r.id);
    const sz = r.sz as Uint8Array;
    if (!(row >= 1 && row <= n) || !(sz instanceof Uint8Array)) return undefined;
    const cols: number[] = [];
    for (let i = 0; i < sz.length;) {
      let v = 0;
      let b: number;
      do { b = sz[i++]!; v = v * 128 + (b & 0x7f); } while (b & 0x80 && i < sz.length);
      cols.push(v);
    }
    if (cols.length !== 4 || cols[0] !== 0) return undefined;
    for (let c = 0; c < 3; c++) out[c]![row] = cols[c + 1]!;
  }
  return out;
}

/**
 * The pieces of text (runs between ASCII white space) met so far, each with its token count and the
 * terms among its tokens, found by a hash of the run without cutting the text into strings
 * (tens of millions of pieces at 50,000 documents): open addressing over typed arrays. A piece's
 * facts are a run of `info` (its token count, then its terms' ids), not an array of its own: most
 * pieces are met in one document (a number, a name), and an object each would cost more than its text.
 */
class Pieces {
  private slots = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  private readonly pieces: string[] = [];
  /** Where each piece's facts start in `info`. */
  private at = new Int32Array(1 << 12);
  /** Each piece's token count followed by its terms' ids. */
  info = new Int32Array(1 << 14);
  private used = 0;
  /** Where the piece text[s..e) (hash h) has its facts in `info`, or -1 when it was not met before. */
  find(text: string, s: number, e: number, h: number): number {
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return -1;
      if (this.hashes[i] === h) {
        const p = this.pieces[slot - 1]!;
        if (p.length === e - s && text.startsWith(p, s)) return this.at[slot - 1]!;
      }
    }
  }
  /** `piece` is kept for the tally's life: a copy of its own, not a view that would keep its document's text alive. */
  add(piece: string, h: number, terms: number[]) {
    this.at = grow(this.at, this.pieces.length + 1);
    this.at[this.pieces.length] = this.used;
    this.info = grow(this.info, this.used + terms.length + 1);
    this.info[this.used++] = terms.length;
    for (const t of terms) this.info[this.used++] = t;
    this.pieces.push(ownedString(piece));
    if (this.pieces.length * 2 > this.slots.length) this.grow();
    this.place(h, this.pieces.length);
  }
  private place(h: number, slot: number) {
    const mask = this.slots.length - 1;
    let i = h & mask;
    while (this.slots[i] !== 0) i = (i + 1) & mask;
    this.slots[i] = slot;
    this.hashes[i] = h;
  }
  private grow() {
    const { slots, hashes } = this;
    this.slots = new Int32Array(slots.length * 2);
    this.hashes = new Int32Array(slots.length * 2);
    for (let i = 0; i < slots.length; i++) if (slots[i] !== 0) this.place(hashes[i]!, slots[i]!);
  }
}

/**
 * Each term's postings (a row and a frequency) in the order they came, as varints (the row as the
 * step from the term's last one, mostly one byte; the frequency, mostly one byte) in a chain of
 * chunks of fixed pages: a few bytes a posting, no object a term, no doubling copy.
 */
class Postings {
  private static readonly PAGE_SHIFT = 20;
  private static readonly PAGE = 1 << Postings.PAGE_SHIFT;
  /** A term's first chunk, then each twice the last up to the most; 4 bytes of each are the next chunk's place. */
  private static readonly FIRST = 16;
  private static readonly MOST = 256;
  private readonly pages: Uint8Array[] = [];
  /** The next free byte (pages are never shared by a chunk). */
  private top = 0;
  /** Each term's first chunk, its current chunk and that chunk's size, where it writes next, and its last row. */
  private first = new Int32Array(1024);
  private current = new Int32Array(1024);
  private size = new Int32Array(1024);
  private at = new Int32Array(1024);
  private last = new Int32Array(1024);

  private chunk(size: number): number {
    let p = this.top;
    if (p >>> Postings.PAGE_SHIFT === this.pages.length) this.pages.push(new Uint8Array(Postings.PAGE));
    else if ((p & (Postings.PAGE - 1)) + size > Postings.PAGE) {
      p = this.pages.length * Postings.PAGE;
      this.pages.push(new Uint8Array(Postings.PAGE));
    }
    this.top = p + size;
    return p;
  }
  private setNext(chunk: number, next: number): void {
    const page = this.pages[chunk >>> Postings.PAGE_SHIFT]!;
    const o = chunk & (Postings.PAGE - 1);
    page[o] = next & 0xff; page[o + 1] = (next >>> 8) & 0xff; page[o + 2] = (next >>> 16) & 0xff; page[o + 3] = next >>> 24;
  }
  private getNext(chunk: number): number {
    const page = this.pages[chunk >>> Postings.PAGE_SHIFT]!;
    const o = chunk & (Postings.PAGE - 1);
    return (page[o]! | (page[o + 1]! << 8) | (page[o + 2]! << 16) | (page[o + 3]! << 24)) >>> 0;
  }
  /** Room for term `x` (ids are given in order from 0). */
  term(x: number): void {
    this.first = grow(this.first, x + 1);
    this.current = grow(this.current, x + 1);
    this.size = grow(this.size, x + 1);
    this.at = grow(this.at, x + 1);
    this.last = grow(this.last, x + 1);
    const c = this.chunk(Postings.FIRST);
    this.first[x] = c;
    this.current[x] = c;
    this.size[x] = Postings.FIRST;
    this.at[x] = c + 4;
    this.last[x] = 0;
  }
  private byte(x: number, b: number): void {
    let at = this.at[x]!;
    if (at === this.current[x]! + this.size[x]!) {
      const size = Math.min(Postings.MOST, 2 * this.size[x]!);
      const c = this.chunk(size);
      this.setNext(this.current[x]!, c);
      this.current[x] = c;
      this.size[x] = size;
      at = c + 4;
    }
    this.pages[at >>> Postings.PAGE_SHIFT]![at & (Postings.PAGE - 1)] = b;
    this.at[x] = at + 1;
  }
  private varint(x: number, v: number): void {
    while (v >= 0x80) { this.byte(x, (v & 0x7f) | 0x80); v >>>= 7; }
    this.byte(x, v);
  }
  add(x: number, row: number, f: number): void {
    this.varint(x, row - this.last[x]!);
    this.last[x] = row;
    this.varint(x, f);
  }
  /** Term `x`'s n postings, in the order they came. */
  read(x: number, n: number): { rows: Int32Array; f: Float64Array } {
    const rows = new Int32Array(n);
    const f = new Float64Array(n);
    let chunk = this.first[x]!;
    let at = chunk + 4;
    let end = chunk + Postings.FIRST;
    let size = Postings.FIRST;
    const byte = () => {
      if (at === end) {
        chunk = this.getNext(chunk);
        size = Math.min(Postings.MOST, 2 * size);
        at = chunk + 4;
        end = chunk + size;
      }
      return this.pages[at >>> Postings.PAGE_SHIFT]![at++ & (Postings.PAGE - 1)]!;
    };
    const varint = () => {
      let v = 0;
      for (let shift = 0; ; shift += 7) {
        const b = byte();
        v += (b & 0x7f) * 2 ** shift;
        if (b < 0x80) return v;
      }
    };
    let row = 0;
    for (let j = 0; j < n; j++) { row += varint(); rows[j] = row; f[j] = varint(); }
    return { rows, f };
  }
}

/**
 * Every term's weighted frequency in each row and each row's token count per column, tallied while
 * the rows are inserted into the index, so the texts are swept once and need not be kept or read
 * again (issue 39): which terms are frequent is known only once every row is in, so each term's
 * postings are kept (a row id and a frequency, as varints: about 2 bytes a posting in pages, no object
 * a term, since most terms are in one document or few) until postings() takes the
 * frequent ones. A piece of text (a run between ASCII white space) is tokenized by FTS5 once, the
 * first time it is met: a block's new pieces in one pass, after which the rows that held one are
 * tallied again (few, once the common pieces are known). Frequencies are sums of whole weights.
 */
export class TermTally {
  private readonly pieces = new Pieces();
  private readonly ids = new Map<string, number>();
  /** Each term's postings: how many, and themselves. */
  private postN = new Int32Array(1024);
  private readonly posts = new Postings();
  private fw = new Int32Array(1024);
  private readonly seen: number[] = [];
  private readonly sizes = [new Int32Array(1024), new Int32Array(1024), new Int32Array(1024)];
  /** A block's rows' (term, frequency) pairs, each row's from rowStart[j] to rowEnd[j]. */
  private blockT = new Int32Array(1 << 14);
  private blockF = new Int32Array(1 << 14);
  private blockN = 0;
  /** Rows tallied: 1..rows. */
  rows = 0;
  /** Rows taken out of the index again after they were tallied (a document id met twice, the later path dropped). */
  private readonly dropped = new Set<number>();
  /** Rows tallied and still in the index: FTS5's row count. */
  get live(): number { return this.rows - this.dropped.size; }
  /** Row `row`, tallied earlier, is no longer in the index: its counts no longer count. */
  drop(row: number): void { if (row >= 1 && row <= this.rows) this.dropped.add(row); }
  /** Pieces of this block not seen before, with their hashes. */
  private readonly fresh = new Map<string, number>();
  /** Whether the row being tallied met a piece not seen before. */
  private missed = false;
  constructor(private readonly tokens: FtsTokens) {}

  private idOf(t: string): number {
    let id = this.ids.get(t);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(t, id);
      this.postN = grow(this.postN, id + 1);
      this.posts.term(id);
      this.fw = grow(this.fw, id + 1);
    }
    return id;
  }

  /** Tallies one column's known pieces into fw (new ones set aside); returns their token count. */
  private column(text: string, w: number): number {
    const { pieces, fresh, fw, seen } = this;
    let count = 0;
    const n = text.length;
    let i = 0;
    while (i < n) {
      let c = text.charCodeAt(i);
      if (c === 32 || (c >= 9 && c <= 13)) { i++; continue; }
      const s = i;
      let h = 0x811c9dc5;
      do {
        h = Math.imul(h ^ c, 16777619);
        c = ++i < n ? text.charCodeAt(i) : 32;
      } while (!(c === 32 || (c >= 9 && c <= 13)));
      h |= 0;
      const at = pieces.find(text, s, i, h);
      if (at < 0) {
        this.missed = true;
        const p = text.slice(s, i);
        if (!fresh.has(p)) fresh.set(p, h);
        continue;
      }
      const info = pieces.info;
      const m = info[at]!;
      count += m;
      for (let k = at + 1; k <= at + m; k++) {
        const t = info[k]!;
        if (fw[t] === 0) seen.push(t);
        fw[t]! += w;
      }
    }
    return count;
  }

  /** Moves fw's terms to the block's pairs (kept: true) or drops them. */
  private flush(keep: boolean) {
    const { fw, seen } = this;
    if (keep) {
      const need = this.blockN + seen.length;
      this.blockT = grow(this.blockT, need);
      this.blockF = grow(this.blockF, need);
      for (const x of seen) { this.blockT[this.blockN] = x; this.blockF[this.blockN++] = fw[x]!; }
    }
    for (const x of seen) fw[x] = 0;
    seen.length = 0;
  }

  /** One row's three columns into counts[3j..3j+2] and the block's pairs; false when it met a new piece (nothing kept). */
  private row(cols: [string, string, string], counts: Int32Array, j: number, start: Int32Array, end: Int32Array): boolean {
    this.missed = false;
    for (let c = 0; c < 3; c++) counts[j * 3 + c] = this.column(cols[c]!, COLUMN_WEIGHTS[c]!);
    start[j] = this.blockN;
    this.flush(!this.missed);
    end[j] = this.blockN;
    return !this.missed;
  }

  /** The next rows (numbered on from the last block), each as its columns are indexed (columnsOf). */
  addBlock(block: [string, string, string][]): void {
    const { fresh } = this;
    fresh.clear();
    this.blockN = 0;
    const counts = new Int32Array(block.length * 3);
    const start = new Int32Array(block.length);
    const end = new Int32Array(block.length);
    const again: number[] = [];
    for (let j = 0; j < block.length; j++) if (!this.row(block[j]!, counts, j, start, end)) again.push(j);
    if (fresh.size) {
      const list = [...fresh];
      this.tokens.many(list.map(([p]) => p)).forEach((ts, i) => {
        const [piece, h] = list[i]!;
        this.pieces.add(piece, h, ts.map((t) => this.idOf(t)));
      });
      // Every piece of these rows is known now.
      for (const j of again) this.row(block[j]!, counts, j, start, end);
    }
    const first = this.rows + 1;
    this.rows += block.length;
    for (let c = 0; c < 3; c++) this.sizes[c] = grow(this.sizes[c]!, this.rows + 1);
    const { blockT, blockF, postN, posts } = this;
    for (let j = 0; j < block.length; j++) {
      const row = first + j;
      for (let c = 0; c < 3; c++) this.sizes[c]![row] = counts[j * 3 + c]!;
      for (let k = start[j]!; k < end[j]!; k++) {
        const x = blockT[k]!;
        posts.add(x, row, blockF[k]!);
        postN[x]!++;
      }
    }
  }

  /**
   * Whether every count agrees with FTS5's: a row's tokens per column (`sizes`), and the rows of each
   * of `terms` (`df`, as fts5vocab gives them). A term's rows are its count of postings; only when
   * rows were dropped are its postings read (and let go) to count those still in the index.
   */
  countsAgree(terms: string[], df: number[], sizes: Int32Array[]): boolean {
    const { dropped } = this;
    // A dropped row has no sizes in FTS5 (it is gone): only the rows still there are compared.
    for (let r = 1; r <= this.rows; r++) for (let c = 0; c < 3; c++) if (this.sizes[c]![r] !== sizes[c]![r] && !dropped.has(r)) return false;
    for (let i = 0; i < terms.length; i++) {
      const id = this.ids.get(terms[i]!);
      if (id === undefined) return false;
      const rows = dropped.size ? this.postingsOf(terms[i]!)!.rowids.length : this.postN[id]!;
      if (rows !== df[i]) return false;
    }
    return true;
  }

  /** The postings of `term` in the rows still in the index, or undefined when it was never tallied. */
  postingsOf(term: string): { rowids: Int32Array; f: Float64Array } | undefined {
    const id = this.ids.get(term);
    if (id === undefined) return undefined;
    let { rows: rowids, f } = this.posts.read(id, this.postN[id]!);
    const { dropped } = this;
    if (dropped.size) {
      const keep = [...rowids.keys()].filter((j) => !dropped.has(rowids[j]!));
      rowids = Int32Array.from(keep, (j) => rowids[j]!);
      f = Float64Array.from(keep, (j) => f[j]!);
    }
    return { rowids, f };
  }
}

/**
 * The summands of each of `frequent` (the terms to store, in term order, each with the rows holding
 * it as fts5vocab counts them) for each row holding it, one term at a time: a term's arrays are
 * made as it is asked for and let go once stored, never every term's at once (100,000 rows: ~100 MB
 * for the bench's 63 stored terms, issue 39). The terms checked against bm25() are computed twice
 * (once for the check, once to store), which costs less than holding them. A yielded term's arrays
 * are its own: the caller frees them once stored (freeBytes), or ~1 MB a term waits for V8 (issue 39).
 */
export function* termScores(db: SqliteDb, tally: TermTally, frequent: { term: string; doc: number }[], tokens: FtsTokens): Generator<TermScores> {
  // Rows are numbered 1..rows; `live` of them are in the index (FTS5's N), the others dropped.
  const n = tally.rows;
  const live = tally.live;
  if (!frequent.length) return;
  const terms = frequent.map((r) => r.term);
  const df = frequent.map((r) => r.doc);
  const phrase = db.prepare(`SELECT rowid AS r, ${BM25} AS s FROM docs WHERE docs MATCH ?`);
  // bm25() over every row of a term, asked through the term as a quoted phrase: used only for a
  // term that tokenizes to itself (a phrase is tokenized again), when its computed scores disagree.
  const exact = (t: string): TermScores => {
    const got = phrase.all(`"${t.replace(/"/g, '""')}"`);
    const rowids = new Int32Array(got.length);
    const scores = new Float64Array(got.length);
    got.forEach((r, i) => { rowids[i] = Number(r.r); scores[i] = -Number(r.s); });
    return { term: t, rowids, scores };
  };
  const self = terms.map((t) => { const k = tokens.of(t); return k.length === 1 && k[0] === t; });
  const sizes = rowSizes(db, n);
  if (!sizes || !tally.countsAgree(terms, df, sizes)) {
    for (let i = 0; i < terms.length; i++) if (self[i]) yield exact(terms[i]!);
    return;
  }
  const D = new Float64Array(n + 1);
  let total = 0;
  for (let r = 1; r <= n; r++) { D[r] = sizes[0]![r]! + sizes[1]![r]! + sizes[2]![r]!; total += D[r]!; }
  const avgdl = total / live;
  let ln: (x: number) => number = Math.log;
  try {
    const sql = db.prepare('SELECT ln(?) AS v');
    ln = (x) => Number(sql.get(x)!.v);
  } catch { /* no SQL math functions: the sample check below decides */ }
  const computed = (i: number): TermScores => {
    const p = tally.postingsOf(terms[i]!)!;
    let idf = ln((live - df[i]! + 0.5) / (df[i]! + 0.5));
    if (idf <= 0.0) idf = 1e-6;
    const scores = new Float64Array(p.rowids.length);
    for (let j = 0; j < scores.length; j++) {
      const f = p.f[j]!;
      scores[j] = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * D[p.rowids[j]!]! / avgdl)));
    }
    freeBytes(p.f);
    return { term: terms[i]!, rowids: p.rowids, scores };
  };
  // bm25() can be asked only through a phrase, which is tokenized again: a term that is its own
  // one-token phrase is compared on a sample of its rows; a stem that is not its own word (releas)
  // is stored only when every comparable term matched, since the same counts and formula made it.
  const same = new Uint8Array(terms.length);
  let checked = 0;
  let failed = false;
  for (let i = 0; i < terms.length; i++) {
    if (!self[i]) continue;
    const c = computed(i);
    const step = Math.max(1, Math.floor(c.rowids.length / SAMPLE_ROWS));
    const sample: number[] = [];
    for (let j = 0; j < c.rowids.length; j += step) sample.push(j);
    const want = new Map(sample.map((j) => [c.rowids[j]!, c.scores[j]!]));
    const got = db.prepare(`SELECT rowid AS r, ${BM25} AS s FROM docs WHERE docs MATCH ? AND rowid IN (${sample.map(() => '?').join(',')})`)
      .all(`"${c.term.replace(/"/g, '""')}"`, ...want.keys());
    checked++;
    if (got.length === want.size && got.every((r) => -Number(r.s) === want.get(Number(r.r)))) same[i] = 1;
    else failed = true;
    freeBytes(c.rowids);
    freeBytes(c.scores);
  }
  const stored = [...terms.keys()].filter((i) => self[i] || (checked && !failed));
  stored.sort((x, y) => (terms[x]! < terms[y]! ? -1 : terms[x]! > terms[y]! ? 1 : 0));
  for (const i of stored) yield self[i] && !same[i] ? exact(terms[i]!) : computed(i);
}
