// A tool's reply as a client receives it: a text block for clients that read text, and the same
// data as structured content for clients that read that. Both reach the model's context, so both
// count: a reply's size is the code points of every content[].text plus those of
// JSON.stringify(structuredContent), and its token estimate is ceil(size / 4) (TOKEN_ESTIMATE).
// The text is a compact form of its own (not the JSON again, indented): a citation once per
// document, an artifact's digest once per package.

/** Code points, not UTF-16 units: "é" and "😀" are one character each. */
export function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) { n--; i++; }
    }
  }
  return n;
}

export const TOKEN_ESTIMATE = 'ceil(characters / 4)';
export const tokensOf = (chars: number) => Math.ceil(chars / 4);

export interface Reply { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown> }

export const reply = (text: string, structured: Record<string, unknown>): Reply => ({ content: [{ type: 'text', text }], structuredContent: structured });

/** What a client receives of a reply, in code points: every text block and the structured content as JSON. */
export function replySize(r: { content: { text?: string }[]; structuredContent?: unknown }): number {
  let n = 0;
  for (const c of r.content) n += codePoints(c.text ?? '');
  if (r.structuredContent !== undefined) n += codePoints(JSON.stringify(r.structuredContent));
  return n;
}
