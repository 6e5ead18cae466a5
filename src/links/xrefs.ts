// Cross-references written in a generator's template language rather than as Markdown links:
// Hugo's `ref`/`relref` shortcodes (`{{< ref "x" >}}`, `{{% relref path="x" lang="fr" %}}`) and
// Jekyll's Liquid tags `{% link path %}` and `{% post_url name %}`. Both generators expand their
// templates before Markdown is read, so a tag inside a code span or fence is still evaluated (and a
// broken one still fails the build): only the generator's own escapes hide one — Hugo's
// `{{</* ref "x" */>}}` and Liquid's `{% raw %}…{% endraw %}` and `{% comment %}…{% endcomment %}`.
// MyST's `{ref}`/`{doc}` roles are Markdown, read by the parser (parse.ts). One pass, bounded
// patterns: linear on any input.
import type { Link } from './parse.js';
import type { Generator } from './slugs.js';
import { lineOf, lineStarts } from './source-lines.js';

/** The cross-reference syntaxes, by the name the generator gives them. */
export type XrefSyntax = 'ref' | 'relref' | 'link' | 'post_url' | 'doc' | 'numref';

const HUGO = /\{\{([<%])[ \t]*(ref|relref)[ \t]+([^{}\n]{1,500}?)[ \t]*([>%])\}\}/g;
const HUGO_ARG = /(?:^|[ \t])(?:(path|lang|outputFormat)[ \t]*=[ \t]*)?(?:"([^"]*)"|`([^`]*)`|([^\s"`=]+))/g;
const LIQUID = /\{%-?[ \t]*(link|post_url|raw|endraw|comment|endcomment)\b([^%\n]{0,500}?)-?%\}/g;

/** `#anchor` written right after a tag (`[t]({% link x.md %}#part)`): the tag gives the page, the anchor follows. */
function anchorAfter(body: string, end: number): string {
  if (body.charCodeAt(end) !== 0x23) return '';
  const m = /^#[^\s)\]"'<>{}]{0,200}/.exec(body.slice(end, end + 202));
  return m ? m[0] : '';
}

/** A Hugo ref shortcode's arguments: the path (first positional or `path=`) and `lang=`. */
function hugoArgs(args: string): { path?: string; lang?: string; at: number } {
  let path: string | undefined;
  let lang: string | undefined;
  let at = -1;
  let positional = 0;
  HUGO_ARG.lastIndex = 0;
  for (let m = HUGO_ARG.exec(args); m; m = HUGO_ARG.exec(args)) {
    const v = m[2] ?? m[3] ?? m[4] ?? '';
    const off = m.index + m[0].lastIndexOf(v);
    if (m[1] === 'path' || (!m[1] && positional++ === 0)) { path = v; at = off; }
    else if (m[1] === 'lang') lang = v;
  }
  return { ...(path !== undefined ? { path } : {}), ...(lang !== undefined ? { lang } : {}), at };
}

/** The template cross-references of a page body (frontmatter removed), with lines in it and exact offsets. */
export function templateXrefs(g: Generator, body: string): Link[] {
  if (g === 'hugo') {
    if (!body.includes('ref')) return [];
    const out: Link[] = [];
    let starts: number[] | undefined;
    HUGO.lastIndex = 0;
    for (let m = HUGO.exec(body); m; m = HUGO.exec(body)) {
      // `{{< ref >}}` closes with `>}}`, `{{% ref %}}` with `%}}`.
      if ((m[1] === '<') !== (m[4] === '>')) continue;
      const a = hugoArgs(m[3]!);
      if (a.path === undefined) continue;
      starts ??= lineStarts(body);
      const at = m.index + m[0].indexOf(m[3]!) + a.at;
      out.push({ kind: 'xref', syntax: m[2] as XrefSyntax, target: a.path + anchorAfter(body, HUGO.lastIndex), line: lineOf(starts, at) + 1, at: body.startsWith(a.path, at) ? at : -1, ...(a.lang ? { lang: a.lang } : {}) });
    }
    return out;
  }
  if (g === 'jekyll') {
    if (!body.includes('{%')) return [];
    const out: Link[] = [];
    let starts: number[] | undefined;
    // Inside `{% raw %}` or `{% comment %}` Liquid evaluates nothing until the matching end tag.
    let hidden: 'endraw' | 'endcomment' | undefined;
    LIQUID.lastIndex = 0;
    for (let m = LIQUID.exec(body); m; m = LIQUID.exec(body)) {
      const tag = m[1]!;
      if (hidden) { if (tag === hidden) hidden = undefined; continue; }
      if (tag === 'raw' || tag === 'comment') { hidden = `end${tag}`; continue; }
      if (tag !== 'link' && tag !== 'post_url') continue;
      const arg = m[2]!.trim();
      if (!arg) continue;
      starts ??= lineStarts(body);
      const at = m.index + m[0].indexOf(arg, 2 + tag.length);
      out.push({ kind: 'xref', syntax: tag, target: arg + anchorAfter(body, LIQUID.lastIndex), line: lineOf(starts, at) + 1, at });
    }
    return out;
  }
  return [];
}

/** Could the body hold a template cross-reference at all (a cheap test before the scan)? */
export const mayHaveTemplateXrefs = (g: Generator, body: string): boolean =>
  (g === 'hugo' && body.includes('{{') && body.includes('ref')) || (g === 'jekyll' && body.includes('{%'));
