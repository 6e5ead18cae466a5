// Cross-reference targets that are not headings, as each generator writes them: MyST's `(label)=`
// line before a block, a `{#id}` block attribute, a directive's `:name:` option (and figure-md's
// argument), and glossary terms (Sphinx). A link to `#label` or to a bare `label` resolves to the
// page that defines it. Code fences are skipped (directive fences hold Markdown); one pass, line
// by line, with a stack of open fences.
import type { Generator } from './slugs.js';

export function labelsOf(g: Generator, body: string): string[] {
  if (g !== 'sphinx' || !(body.includes(')=') || body.includes(':name:') || body.includes('{#') || body.includes('{glossary}') || body.includes('{figure-md}'))) return [];
  const out: string[] = [];
  const stack: { ch: string; n: number; code: boolean; glossary: boolean }[] = [];
  // After a `{.glossary}` line, a definition list's terms (lines before `: definition`) are targets.
  let dl = false;
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const top = stack[stack.length - 1];
    const f = /^[ \t]*(`{3,}|~{3,}|:{3,})(.*)$/.exec(line);
    if (f) {
      const [ch, n, rest] = [f[1]![0]!, f[1]!.length, f[2]!.trim()];
      if (top && rest === '' && ch === top.ch && n >= top.n) { stack.pop(); continue; }
      if (!top?.code) {
        const d = /^\{([\w:-]+)\}\s*(\S*)/.exec(rest);
        if (d || ch !== ':') {
          stack.push({ ch, n, code: !d, glossary: d?.[1] === 'glossary' });
          if (d?.[1] === 'figure-md' && d[2]) out.push(d[2]);
          continue;
        }
      }
    }
    if (top?.code) continue;
    if (/^[ \t]{0,3}\{\.glossary\}[ \t]*$/.test(line)) { dl = true; continue; }
    if (dl) {
      if (/^#/.test(line)) dl = false;
      else if (/^[^\s:]/.test(line) && /^:[ \t]/.test(lines[i + 1] ?? '')) { out.push(line.trim().toLowerCase()); continue; }
    }
    if (line.includes(']{#')) for (const m of line.matchAll(/\]\{#([^}\s]{1,200})\}/g)) out.push(m[1]!);
    if (top?.glossary && /^\S/.test(line) && !line.startsWith(':')) { out.push(line.trim().toLowerCase()); continue; }
    const l = /^[ \t]{0,3}\(([^()\s]{1,200})\)=[ \t]*$/.exec(line) ?? /^[ \t]*:name:[ \t]+(\S{1,200})[ \t]*$/.exec(line) ?? /^[ \t]{0,3}\{#([^}\s]{1,200})\}[ \t]*$/.exec(line);
    if (l) out.push(l[1]!);
  }
  return out;
}
