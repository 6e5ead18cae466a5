// Markdown as one line of plain text for an index entry: the first paragraph of prose (no code, heading,
// table, HTML, MDX import/export, admonition fence or link definition), its block-quote and list
// markers dropped, links, images and wiki links reduced to their text. Bounded work on any input:
// lines are scanned once, and only the first few thousand characters of the paragraph are rewritten.
const MAX = 2000;

const SKIP_LINE = [
  /^#{1,6}(\s|$)/, // ATX heading
  /^(import|export)\s/, // MDX
  /^(:::|!!!|\?\?\?\+?)/, // Docusaurus / VitePress / MkDocs admonition fences
  /^\|/, // table
  /^</, // HTML block or comment
  /^\[[^\]\n]{1,200}\]:\s/, // link reference definition
  /^\[\^[^\]\n]{1,100}\]:/, // footnote definition
  /^(=+|-+)\s*$/, // setext underline
  /^\{%.*%\}$/, // template tags
  /^\[!\w{1,20}\][+-]?(\s|$)/, // GitHub and Obsidian callout markers
];
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/** Inline Markdown as its text. Every pattern is bounded per match, so the work stays linear in the (capped) input. */
function inlineText(s: string): string {
  return s
    .replace(/!?\[\[([^\]|#\n]{0,300})(?:#[^\]|\n]{0,300})?(?:\|([^\]\n]{0,300}))?\]\]/g, (_m, note: string, alias?: string) => (alias ?? note).trim()) // wiki links and embeds
    .replace(/!\[([^\]\n]{0,300})\]\([^)\n]{0,2000}\)/g, '$1') // images
    .replace(/\[([^\]\n]{0,300})\]\([^)\n]{0,2000}\)/g, '$1') // inline links
    .replace(/\[([^\]\n]{1,300})\]\[[^\]\n]{0,300}\]/g, '$1') // reference links, full and collapsed
    .replace(/\[\^[^\]\n]{1,100}\]/g, '') // footnote references
    .replace(/<(https?:[^>\s]{1,2000})>/g, '$1') // autolinks
    .replace(/<\/?[A-Za-z][^<>\n]{0,300}>/g, '') // inline HTML tags
    .replace(/\{#[^}\n]{1,100}\}/g, '') // heading ids
    .replace(/(\*\*|__|~~)/g, '') // strong, strikethrough
    .replace(/`+/g, '') // code spans keep their text
    .replace(/\[([^\]\n]{1,300})\]/g, '$1'); // shortcut reference links
}

/**
 * Plain text of a description (`firstParagraph: false`: all of it) or of a body's first paragraph of
 * prose (`firstParagraph: true`).
 */
export function plainText(markdown: string, o: { firstParagraph?: boolean } = {}): string {
  const para: string[] = [];
  let fence: string | null = null;
  let size = 0;
  for (const raw of markdown.split('\n')) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (f) { if (fence === null) fence = f[1]![0]!.repeat(f[1]!.length); else if (f[1]!.startsWith(fence)) fence = null; if (para.length && o.firstParagraph) break; continue; }
    if (fence !== null) continue;
    if (THEMATIC_BREAK.test(raw)) { if (para.length && o.firstParagraph) break; continue; }
    // Block-quote and list markers (nested ones too), then the line as written.
    const line = raw.replace(/^(\s*(>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d{1,9}[.)]\s+))+/, '').trim();
    if (!line) { if (para.length && o.firstParagraph) break; continue; }
    if (SKIP_LINE.some((r) => r.test(line)) || /^!\[[^\]\n]*\]\([^)\n]*\)$/.test(line)) { if (para.length && o.firstParagraph) break; continue; }
    para.push(line);
    size += line.length + 1;
    if (size > MAX) break;
  }
  return inlineText(para.join(' ').slice(0, MAX)).replace(/\s+/g, ' ').trim();
}
