// The new text of a cross-reference's path once the page it names is renamed, in the generator's
// own terms and the style it was written in: Hugo's `ref`/`relref` path (from the content root with
// `/`, else beside the page; with its extension or without; a section by its folder), Jekyll's
// `{% link %}` path (from the site's folder, extension included) and `{% post_url %}` name (the
// post's date and title, with the folder above its `_posts/`), MyST's `{doc}` name (without its
// extension, from the source root with `/`). Labels (`{ref}`, `{numref}`) name no file and never
// change on a rename. Each candidate is only a proposal: rewrite.ts keeps the first that resolves,
// in the renamed tree, to the page the reference meant.
import { MARKDOWN_FILE } from './site.js';
import { relativeLink } from './markdown.js';
import type { SiteConfig } from './generators.js';
import type { XrefSyntax } from './xrefs.js';

const noExt = (p: string) => p.replace(MARKDOWN_FILE, '');
const INDEX = /(^|\/)(_index|index)\.(md|mdx|markdown)$/i;

/** Do renames move what this syntax names? Labels stay as they are. */
export const namesAFile = (syntax: XrefSyntax | undefined, g: string): boolean =>
  syntax === 'doc' || syntax === 'link' || syntax === 'post_url' || ((syntax === 'ref' || syntax === 'relref') && g === 'hugo');

/**
 * Candidate paths, best first, for a reference written as `oldPath` (its anchor apart) in the page
 * now at `fromNew`, to reach `to` (the renamed page) on the site `site` of the renamed tree.
 */
export function xrefTargets(syntax: XrefSyntax, oldPath: string, fromNew: string, to: string, site: SiteConfig): string[] {
  const rel = to.startsWith(site.root) ? to.slice(site.root.length) : to;
  const fromRel = fromNew.startsWith(site.root) ? fromNew.slice(site.root.length) : fromNew;
  const abs = oldPath.startsWith('/');
  switch (syntax) {
    case 'ref': case 'relref': {
      const withExt = MARKDOWN_FILE.test(oldPath);
      const style = (p: string) => (withExt ? p : INDEX.test(p) ? p.replace(INDEX, '') || '/' : noExt(p));
      const fromRoot = `/${style(rel)}`.replace(/^\/\/$/, '/');
      const beside = style(relativeLink(fromRel, rel));
      return abs ? [fromRoot, beside] : [beside, fromRoot];
    }
    case 'link': {
      const siteRel = `${site.routeBase ? `${site.routeBase}/` : ''}${rel}`;
      return abs ? [`/${siteRel}`, siteRel] : [siteRel, `/${siteRel}`];
    }
    case 'post_url': {
      // `blog/_posts/2024-02-01-news.md` is `blog/2024-02-01-news`; `_posts/a/2024-…` is `a/2024-…`.
      const m = /^((?:[^/]+\/)*?)_posts\/(.+)\.[^./]+$/.exec(rel);
      return m ? [`${m[1]}${m[2]}`] : [];
    }
    case 'doc': {
      const fromSource = `/${noExt(rel)}`;
      const beside = noExt(relativeLink(fromRel, rel));
      return abs ? [fromSource, beside] : [beside, fromSource];
    }
    default: return [];
  }
}
