// What FTS5's tokenizer makes of a piece of text, asked of FTS5 itself (a scratch table with the
// index's tokenizer and its fts5vocab view), so what the search computes from tokens can never
// disagree with what the index holds.
import { openMemory } from '../core/sqlite.js';

export const TOKENIZER = 'porter unicode61 remove_diacritics 2';

export class FtsTokens {
  private readonly db = openMemory();
  private readonly memo = new Map<string, string[]>();
  private readonly insert;
  private readonly read;
  private readonly clear;
  constructor() {
    this.db.exec(`CREATE VIRTUAL TABLE probe USING fts5(x, tokenize = '${TOKENIZER}');
      CREATE VIRTUAL TABLE probe_terms USING fts5vocab(probe, instance);`);
    this.insert = this.db.prepare('INSERT INTO probe(rowid, x) VALUES (?, ?)');
    this.read = this.db.prepare('SELECT doc, term FROM probe_terms ORDER BY doc, offset');
    this.clear = this.db.prepare('DELETE FROM probe');
  }

  /** The tokens of one word or chunk, in order (remembered: a query's words repeat). */
  of(text: string): string[] {
    let t = this.memo.get(text);
    if (t) return t;
    t = this.many([text])[0]!;
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(text, t);
    return t;
  }

  /** The tokens of each text, in one pass through the scratch table. */
  many(texts: string[]): string[][] {
    const out: string[][] = texts.map(() => []);
    this.db.transaction(() => {
      texts.forEach((x, i) => this.insert.run(i + 1, x));
      try {
        for (const r of this.read.iterate()) out[Number(r.doc) - 1]!.push(String(r.term));
      } finally { this.clear.run(); }
    })();
    return out;
  }

  close() { this.db.close(); }
}
