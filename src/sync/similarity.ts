// Content similarity for rename and move detection: Jaccard similarity of word 3-shingles.
export function shingles(text: string): Set<string> {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const out = new Set<string>();
  if (words.length < 3) { if (words.length) out.add(words.join(' ')); return out; }
  for (let i = 0; i + 2 < words.length; i++) out.add(`${words[i]} ${words[i + 1]} ${words[i + 2]}`);
  return out;
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (!a.size && !b.size) return 1;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let both = 0;
  for (const s of small) if (big.has(s)) both++;
  return both / (a.size + b.size - both);
}
