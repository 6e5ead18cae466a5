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
import type { SqliteDb } from '../core/sqlite.js';
import type { Doc } from '../format.js';
import type { FtsTokens } from './fts-tokens.js';

export const WEIGHTS = { title: 10, tags: 5, body: 1 };
export const BM25 = `bm25(docs, 0.0, ${WEIGHTS.title}, ${WEIGHTS.tags}, ${WEIGHTS.body})`;
const K1 = 1.2;
const B = 0.75;
/** Rows compared with bm25() per term. */
const SAMPLE_ROWS = 8;
/** Documents whose new pieces of text are tokenized in one pass. */
const BLOCK = 256;

export interface TermScores { term: string; rowids: Int32Array; scores: Float64Array }

/** The columns as the index holds them, with bm25()'s weight of each. */
/**
 * A page's indexed columns: title, tags, and its text after its description (a page's own summary
 * of itself, often in words its text does not repeat: "Returns a slice by filtering…").
 */
export const columnsOf = (d: Doc): [string, string, string] => [d.title, (d.tags ?? []).join(' '), d.description ? `${d.description}\n\n${d.body}` : d.body];
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
 * frequent terms among its tokens, found by a hash of the run without cutting the text into strings
 * (tens of millions of pieces at 50,000 documents): open addressing over typed arrays.
 */
class Pieces {
  private slots = new Int32Array(1 << 12);
  private hashes = new Int32Array(1 << 12);
  private readonly pieces: string[] = [];
  private readonly infos: Int32Array[] = [];
  find(text: string, s: number, e: number, h: number): Int32Array | undefined {
    const mask = this.slots.length - 1;
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i]!;
      if (slot === 0) return undefined;
      if (this.hashes[i] === h) {
        const p = this.pieces[slot - 1]!;
        if (p.length === e - s && text.startsWith(p, s)) return this.infos[slot - 1];
      }
    }
  }
  add(piece: string, h: number, info: Int32Array) {
    this.pieces.push(piece);
    this.infos.push(info);
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
 * Weighted frequencies of the frequent terms per row, from FTS5's tokens; undefined when any count
 * disagrees with FTS5's. One scan of the text: a piece never seen before is set aside with where it
 * occurred, and the block's new pieces are tokenized by FTS5 in one pass and added before the
 * block's rows are checked and recorded (frequencies are sums of whole weights: order-free).
 */
function frequencies(docs: Doc[], terms: string[], df: number[], sizes: Int32Array[], tokens: FtsTokens): { rowids: Int32Array; f: Float64Array }[] | undefined {
  const index = new Map(terms.map((t, i) => [t, i]));
  const post = terms.map((_, i) => ({ rowids: new Int32Array(df[i]!), f: new Float64Array(df[i]!), n: 0 }));
  const pieces = new Pieces();
  const fw = new Float64Array(terms.length);
  const seen: number[] = [];
  /** Pieces of this block not seen before: each occurrence's row-and-column (j * 3 + c). */
  const fresh = new Map<string, { h: number; at: number[] }>();
  const add = (t: number, weight: number) => {
    if (fw[t] === 0) seen.push(t);
    fw[t]! += weight;
  };
  /** Tallies one column's known pieces into fw (new ones set aside); returns their token count. */
  const column = (text: string, w: number, where: number): number => {
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
      const info = pieces.find(text, s, i, h);
      if (!info) {
        const p = text.slice(s, i);
        const f = fresh.get(p);
        if (f) f.at.push(where);
        else fresh.set(p, { h, at: [where] });
        continue;
      }
      count += info[0]!;
      for (let k = 1; k < info.length; k++) {
        const t = info[k]!;
        if (fw[t] === 0) seen.push(t);
        fw[t]! += w;
      }
    }
    return count;
  };
  /** Moves fw's terms into a row's compact record. */
  const take = (): [Int32Array, Float64Array] => {
    const t = Int32Array.from(seen);
    const f = Float64Array.from(seen, (x) => fw[x]!);
    for (const x of seen) fw[x] = 0;
    seen.length = 0;
    return [t, f];
  };
  for (let start = 0; start < docs.length; start += BLOCK) {
    const block = docs.slice(start, start + BLOCK).map(columnsOf);
    fresh.clear();
    const counts = new Int32Array(block.length * 3);
    const rows: [Int32Array, Float64Array][] = [];
    for (let j = 0; j < block.length; j++) {
      for (let c = 0; c < 3; c++) counts[j * 3 + c] = column(block[j]![c]!, COLUMN_WEIGHTS[c]!, j * 3 + c);
      rows.push(take());
    }
    if (fresh.size) {
      const list = [...fresh];
      const later = new Map<number, [number, number][]>();
      tokens.many(list.map(([p]) => p)).forEach((ts, i) => {
        const [piece, { h, at }] = list[i]!;
        const info = Int32Array.from([ts.length, ...ts.map((t) => index.get(t)).filter((x): x is number => x !== undefined)]);
        pieces.add(piece, h, info);
        for (const x of at) {
          counts[x]! += info[0]!;
          const j = Math.floor(x / 3);
          for (let k = 1; k < info.length; k++) {
            const extra = later.get(j) ?? [];
            extra.push([info[k]!, COLUMN_WEIGHTS[x % 3]!]);
            later.set(j, extra);
          }
        }
      });
      for (const [j, extra] of later) {
        const [t, f] = rows[j]!;
        t.forEach((x, k) => add(x, f[k]!));
        for (const [x, weight] of extra) add(x, weight);
        rows[j] = take();
      }
    }
    for (let j = 0; j < block.length; j++) {
      const row = start + j + 1;
      for (let c = 0; c < 3; c++) if (counts[j * 3 + c] !== sizes[c]![row]) return undefined;
      const [t, f] = rows[j]!;
      for (let k = 0; k < t.length; k++) {
        const p = post[t[k]!]!;
        if (p.n === p.rowids.length) return undefined;
        p.rowids[p.n] = row;
        p.f[p.n++] = f[k]!;
      }
    }
  }
  return post.every((p) => p.n === p.rowids.length) ? post : undefined;
}

/**
 * The summands of each of `frequent` (the terms to store, in term order, each with the rows holding
 * it as fts5vocab counts them) for each row holding it.
 */
export function termScores(db: SqliteDb, docs: Doc[], frequent: { term: string; doc: number }[], tokens: FtsTokens): TermScores[] {
  const n = docs.length;
  if (!frequent.length) return [];
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
  const sizes = rowSizes(db, n);
  const post = sizes && frequencies(docs, terms, df, sizes, tokens);
  const selfTokens = (t: string) => { const k = tokens.of(t); return k.length === 1 && k[0] === t; };
  if (!sizes || !post) return terms.filter(selfTokens).map(exact);
  const D = new Float64Array(n + 1);
  let total = 0;
  for (let r = 1; r <= n; r++) { D[r] = sizes[0]![r]! + sizes[1]![r]! + sizes[2]![r]!; total += D[r]!; }
  const avgdl = total / n;
  let ln: (x: number) => number = Math.log;
  try {
    const sql = db.prepare('SELECT ln(?) AS v');
    ln = (x) => Number(sql.get(x)!.v);
  } catch { /* no SQL math functions: the sample check below decides */ }
  const computed = terms.map((t, i) => {
    const p = post[i]!;
    let idf = ln((n - df[i]! + 0.5) / (df[i]! + 0.5));
    if (idf <= 0.0) idf = 1e-6;
    const scores = new Float64Array(p.rowids.length);
    for (let j = 0; j < scores.length; j++) {
      const f = p.f[j]!;
      scores[j] = idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + B * D[p.rowids[j]!]! / avgdl)));
    }
    return { term: t, rowids: p.rowids, scores };
  });
  // bm25() can be asked only through a phrase, which is tokenized again: a term that is its own
  // one-token phrase is compared on a sample of its rows; a stem that is not its own word (releas)
  // is stored only when every comparable term matched, since the same counts and formula made it.
  let checked = 0;
  let failed = false;
  const out: TermScores[] = [];
  for (const c of computed) {
    if (!selfTokens(c.term)) continue;
    const step = Math.max(1, Math.floor(c.rowids.length / SAMPLE_ROWS));
    const sample: number[] = [];
    for (let j = 0; j < c.rowids.length; j += step) sample.push(j);
    const want = new Map(sample.map((j) => [c.rowids[j]!, c.scores[j]!]));
    const got = db.prepare(`SELECT rowid AS r, ${BM25} AS s FROM docs WHERE docs MATCH ? AND rowid IN (${sample.map(() => '?').join(',')})`)
      .all(`"${c.term.replace(/"/g, '""')}"`, ...want.keys());
    const same = got.length === want.size && got.every((r) => -Number(r.s) === want.get(Number(r.r)));
    checked++;
    if (!same) failed = true;
    out.push(same ? c : exact(c.term));
  }
  if (checked && !failed) out.push(...computed.filter((c) => !selfTokens(c.term)));
  return out.sort((x, y) => (x.term < y.term ? -1 : x.term > y.term ? 1 : 0));
}
