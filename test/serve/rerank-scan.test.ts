// The reranker's word scan walks character codes instead of a regular expression's matches: it
// must count and place, word by word, exactly the words `[\p{L}\p{N}_]+` with the `u` flag finds
// (the proximity is made from those places) — ASCII, accents precomposed and combining, scripts
// without spaces, letters outside the BMP (a surrogate pair is one code point), lone surrogates,
// text cut mid-pair at SCAN_CHARS — on every query's stems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { scan, SCAN_CHARS, stemWords } from '../../src/serve/rerank.js';

/** The stem words as the scan found them before: one regular expression match a word. */
function reference(text: string, stems: string[]): { counts: number[]; at: number[]; which: number[] } {
  const counts = new Array<number>(stems.length).fill(0);
  const at: number[] = [];
  const which: number[] = [];
  const re = /[\p{L}\p{N}_]+/gu;
  const lower = text.slice(0, SCAN_CHARS).toLowerCase();
  let n = 0;
  for (let m = re.exec(lower); m; m = re.exec(lower), n++) {
    const w = m[0];
    for (let t = 0; t < stems.length; t++) if (w.startsWith(stems[t]!)) { counts[t]!++; at.push(n); which.push(t); break; }
  }
  return { counts, at, which };
}

const PIECES = ['tar', 'extract', 'Tarball', 'release_key', 'key2', '42', ' ', ' ', '\n', '-', '.', '`', '"', 'café', 'cafe\u0301', 'naïve', 'ÜBER', 'İstanbul',
  '日本語', 'кириллица', 'عربى', '𝐀𝐁𝐂', '𝟙𝟚', '😀', '\ud800', '\udc00', '\udbff\udfff', '_', '\u00a0', 'ǅ', 'ﬁle', 'Σας',
  // Each edge of ASCII's word characters.
  '/0', '09', '9:', '@A', 'AZ', 'Z[', '^_`', '`a', 'az', 'z{', '\x7f', '\x80'];
const STEMS = ['tar', 'extract', 'key', 'caf', 'na', 'über', '日本', '𝐚', '𝐀', 'i̇st', 'rel', '4', '_', 'file', 'σα', '0', '9', 'a', 'z', '_`'];

test('scan finds the words, counts and proximity the regular expression finds, on mixed scripts and broken UTF-16', () => {
  fc.assert(fc.property(
    fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 80 }),
    fc.uniqueArray(fc.constantFrom(...STEMS), { maxLength: 5 }),
    (parts, stems) => {
      const text = parts.join('');
      const want = reference(text, stems);
      assert.deepEqual(stemWords(text, stems), want, JSON.stringify({ text, stems }));
      assert.deepEqual(scan(text, stems).counts, want.counts);
    },
  ), { numRuns: 3000, seed: 36 });
});

test('scan reads SCAN_CHARS characters, a pair cut at the edge included, and nothing after', () => {
  const pad = 'a '.repeat((SCAN_CHARS - 1) / 2 | 0);
  for (const text of [`${pad}x𝐀𝐀 tar`, `${pad}𝐀 tar`, `${'tar '.repeat(SCAN_CHARS)}extract`, `${pad}t`, '', '😀', '\ud800']) {
    for (const stems of [['tar'], ['tar', 'extract'], ['𝐀', 'a'], ['a', 'x']]) assert.deepEqual(stemWords(text, stems), reference(text, stems), `${text.length} ${stems}`);
  }
  assert.equal(scan(`${'tar '.repeat(SCAN_CHARS)}extract`, ['extract']).counts[0], 0, 'past SCAN_CHARS is not read');
});
