// What a package's pages say of each other, for the second stage (rerank.ts): how many pages name
// each page (a link to it, or its name as the first word of inline code) and the text of the links
// to it. Gathered from each text as it is taken in — in serve's start, in the verification's own
// pass (corpus.ts), so the texts are not read back from the index to make them (issue 39) — and
// settled once every page is known: which names are pages is known only then, and link texts are
// joined in path order, whatever order the texts came in. Until then a page keeps the name keys it
// names (as numbers into one table of keys) and its links' texts, nothing else of its text.
import type { Doc } from '../format.js';
import { ownedString } from '../core/owned-string.js';
import { nameKey, pageName, wordKey } from './rerank.js';

/** Characters of link text kept for a page (what other pages call it), at most. */
const ANCHOR_CHARS = 400;

/** A package's settled link facts: what RerankFields reads. */
export interface LinkSummary {
  /** Characters of every served text (their average is BM25F's length norm). */
  chars: number;
  /** How many other pages name each page, by its name key. */
  mentions: Map<string, number>;
  /** The text of the links to each page (by name key), one a line: at most ANCHOR_CHARS. */
  anchors: Map<string, string>;
}

/**
 * The text of the Markdown link whose `](` is at `at`: back to its `[` on the same line, at most 200
 * characters (a link's text is short; a longer run is no link text).
 */
function linkText(body: string, at: number): string {
  const from = Math.max(0, at - 200);
  const open = body.lastIndexOf('[', at);
  if (open < from) return '';
  const text = body.slice(open + 1, at);
  return text.includes('\n') || text.includes(']') ? '' : text;
}

/** One page's facts before the names are known: the keys it names, its links (key, text) in order. */
interface Pending { named?: Uint32Array; anchors?: (number | string)[] }

/** Pages' link facts gathered one text at a time, each under the caller's slot, then settled. */
export class PageLinks {
  private readonly ids = new Map<string, number>();
  private readonly keys: string[] = [];
  private readonly pages: (Pending | undefined)[] = [];
  private readonly chars: number[] = [];

  private id(k: string): number {
    let i = this.ids.get(k);
    // Kept past the page's text: a key cut from it must not keep the whole text alive.
    if (i === undefined) { const key = ownedString(k); i = this.keys.length; this.keys.push(key); this.ids.set(key, i); }
    return i;
  }

  /** The page at `slot`, whose name key is `own`, says `body`. */
  add(slot: number, body: string, own: string): void {
    this.chars[slot] = body.length;
    const named = new Set<number>();
    let anchors: (number | string)[] | undefined;
    const anchor = (k: string, text: string) => {
      if (!text) return;
      (anchors ??= []).push(this.id(k), ownedString(text));
    };
    /** The name key a link's destination gives, when it can be another page's. */
    const linked = (url: string) => { const k = nameKey(url.replace(/[#?].*$/, '').replace(/\/+$/, '') || '.'); return k && k !== own ? k : undefined; };
    for (const m of body.matchAll(/`([^`\n]{1,80})`|\]\(([^)\s]{1,300})\)/g)) {
      if (m[1] !== undefined) {
        const k = wordKey(m[1].trim().split(/\s/)[0]!);
        if (k && k !== own) named.add(this.id(k));
        continue;
      }
      const k = linked(m[2]!);
      if (!k) continue;
      named.add(this.id(k));
      anchor(k, linkText(body, m.index!));
    }
    // Reference definitions (`[label]: /url`): a reference link's text is its label.
    if (body.includes(']:')) {
      for (const m of body.matchAll(/^[ ]{0,3}\[([^\]\n]{1,200})\]:[ \t]*<?([^\s>]{1,300})/gm)) {
        const k = linked(m[2]!);
        if (k) anchor(k, m[1]!);
      }
    }
    this.pages[slot] = named.size || anchors ? { ...(named.size ? { named: Uint32Array.from(named) } : {}), ...(anchors ? { anchors } : {}) } : undefined;
  }

  /** The facts of `docs` (in served order), each gathered under `slots[i]`; the gathered ones let go. */
  settle(docs: readonly Doc[], slots: readonly number[]): LinkSummary {
    const names = new Set(docs.map((d) => nameKey(pageName(d))));
    const isPage = this.keys.map((k) => names.has(k));
    const counts = new Uint32Array(this.keys.length);
    const anchors = new Map<string, string>();
    let chars = 0;
    for (const slot of slots) {
      chars += this.chars[slot]!;
      const p = this.pages[slot];
      if (!p) continue;
      if (p.named) for (const i of p.named) if (isPage[i]) counts[i]!++;
      const a = p.anchors;
      if (a) {
        for (let j = 0; j < a.length; j += 2) {
          const i = a[j] as number;
          if (!isPage[i]) continue;
          const k = this.keys[i]!;
          const text = a[j + 1] as string;
          const had = anchors.get(k) ?? '';
          if (had.length + text.length >= ANCHOR_CHARS) continue;
          anchors.set(k, `${had}${text}\n`);
        }
      }
    }
    const mentions = new Map<string, number>();
    counts.forEach((n, i) => { if (n) mentions.set(this.keys[i]!, n); });
    this.ids.clear();
    this.keys.length = 0;
    this.pages.length = 0;
    this.chars.length = 0;
    return { chars, mentions, anchors };
  }
}
