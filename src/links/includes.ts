// The include syntaxes of each generator, as data, and where an include's path points: Hugo's
// `include` shortcode (a logical path from the content root), MyST/Sphinx `{include}` and
// `{literalinclude}`, mdBook `{{#include}}`, VitePress `<!--@include: -->`, Docsify `':include'`
// embeds. Anchors and labels of an included file are the including page's: the check follows
// includes (depth ≤ 8, each file once) when it reads a page's anchors. Relative paths only: a
// scheme or a path that climbs out of the tree is never followed.
import { joinPath } from './site.js';
import type { Generator } from './slugs.js';

interface IncludeForm { re: RegExp; base: 'page' | 'root' }

const FORMS: Partial<Record<Generator, IncludeForm[]>> = {
  hugo: [{ re: /\{\{[%<]\s*include\s+"([^"\n]{1,500})"\s*[%>]\}\}/g, base: 'root' }],
  sphinx: [{ re: /^[ \t]*(?:`{3,}|:{3,})\{(?:include|literalinclude)\}[ \t]+(\S{1,500})[ \t]*$/gm, base: 'page' }],
  mdbook: [{ re: /\{\{#(?:include|rustdoc_include)\s+([^\s}:]{1,500})/g, base: 'page' }],
  vitepress: [{ re: /<!--\s*@include:\s*([^\s#{>]{1,500}?)\s*(?:[#{][^>\n]{0,200})?-->/g, base: 'page' }],
  docsify: [{ re: /\]\(([^)\s]{1,500})\s+['"]:include/g, base: 'page' }],
};

export const MAX_INCLUDE_DEPTH = 8;

/** Does the generator have an include syntax at all? */
export const includes = (g: Generator): boolean => FORMS[g] !== undefined;

/** The files a page includes, as paths from the tree's root (never one outside it). */
export function includesOf(g: Generator, page: string, body: string, siteRoot: string): string[] {
  const forms = FORMS[g];
  if (!forms || !(body.includes('include') || body.includes('{{#'))) return [];
  const out: string[] = [];
  const dir = page.includes('/') ? page.slice(0, page.lastIndexOf('/') + 1) : '';
  for (const f of forms) {
    f.re.lastIndex = 0;
    for (const m of body.matchAll(f.re)) {
      const raw = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(raw)) continue;
      const rooted = raw.startsWith('/') || raw.startsWith('@/') || f.base === 'root';
      const p = joinPath(rooted ? siteRoot : dir, raw.replace(/^@?\/+/, ''));
      if (p !== undefined && p !== '') out.push(p);
    }
  }
  return out;
}
