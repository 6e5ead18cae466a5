// What a generator's template syntax hides from a reader's links: the text between a Hugo code
// shortcode's tags (`code`, `code-toggle`, `highlight`, `tab`-less code blocks) is code, shown as
// written — its `[[menus.main]]` and `[x](y)` are not links — and TOML frontmatter (`+++`) is
// data. Masked with spaces, newlines kept, so lines and offsets stay where they were. One pass:
// each tag is found once and its closing tag searched from there.

/** Hugo shortcodes whose inner text is code. */
const CODE_SHORTCODES = new Set(['code', 'code-toggle', 'highlight', 'codeblock', 'code-block']);
const OPEN = /\{\{([<%])\s*(\/?)\s*([A-Za-z][\w-]*)\b[^\n{}]{0,500}?\s*[>%]\}\}/g;

const blank = (s: string) => s.replace(/[^\n]/g, ' ');

/** The body with the inside of Hugo code shortcodes (and a `+++` TOML frontmatter) blanked out. */
export function maskHugo(body: string): string {
  let s = body;
  const toml = /^\+\+\+[ \t]*\n[\s\S]*?\n\+\+\+[ \t]*(?:\n|$)/.exec(s);
  if (toml) s = blank(toml[0]) + s.slice(toml[0].length);
  if (!s.includes('{{')) return s;
  const out: string[] = [];
  let at = 0;
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(s); m; m = OPEN.exec(s)) {
    if (m[2] || !CODE_SHORTCODES.has(m[3]!) || /\/\s*[>%]\}\}$/.test(m[0])) continue;
    const close = new RegExp(`\\{\\{[<%]\\s*/\\s*${m[3]!.replace(/-/g, '\\-')}\\s*[>%]\\}\\}`, 'g');
    close.lastIndex = OPEN.lastIndex;
    const c = close.exec(s);
    const end = c ? c.index : s.length;
    out.push(s.slice(at, OPEN.lastIndex), blank(s.slice(OPEN.lastIndex, end)));
    at = end;
    OPEN.lastIndex = c ? c.index + c[0].length : s.length;
    if (c) { out.push(c[0]); at = OPEN.lastIndex; }
  }
  out.push(s.slice(at));
  return out.join('');
}
