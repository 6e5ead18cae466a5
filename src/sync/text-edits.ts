// Replacements at offsets of one text, applied in one pass: sorted by where they start, and one
// that overlaps an earlier one dropped (the earlier one wins).

export interface TextEdit { start: number; end: number; text: string }

export function applyEdits(body: string, edits: TextEdit[]): string {
  if (!edits.length) return body;
  edits.sort((a, b) => a.start - b.start);
  let s = '';
  let at = 0;
  for (const e of edits) { if (e.start < at) continue; s += body.slice(at, e.start) + e.text; at = e.end; }
  return s + body.slice(at);
}
