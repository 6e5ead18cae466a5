// MyST's `{include}` options that re-aim the included file's links at the including page, applied
// as MyST-Parser applies them when it renders the include (mdit_to_docutils: `relative-docs` in
// `_handle_relative_docs`, `relative-images` in `render_image`), so the text sync writes for the page
// links where the built page links: `:relative-docs: docs/` turns `docs/syntax/x.md` written in a
// CHANGELOG at the repository root into `../syntax/x.md` on `docs/develop/_changelog.md`;
// `:relative-images:` puts the included file's folder in front of each image path.
import { posix } from 'node:path';
import { scanMarkdown } from '../links/parse.js';
import { hasScheme } from '../links/site.js';
import { applyEdits, type TextEdit } from './text-edits.js';

export interface RelativeOptions {
  /** `:relative-docs: <prefix>`: link destinations that start with it are relative to the included file's folder. */
  docs?: string;
  /** `:relative-images:`: image paths are relative to the included file's folder. */
  images?: boolean;
}

/**
 * `text`, included from the file `included` into the file `including` (paths from one root), with
 * its link destinations re-aimed as MyST renders them. Only the destination changes; a link MyST
 * leaves alone (another prefix, a URL, an anchor) is left as written.
 */
export function relativeIncludeLinks(text: string, included: string, including: string, o: RelativeOptions): string {
  if (o.docs === undefined && !o.images) return text;
  const from = posix.dirname(including);
  const at = posix.dirname(included);
  const edits: TextEdit[] = [];
  for (const l of scanMarkdown(text, { roles: true }).links) {
    if (l.at < 0 || !l.target || text.slice(l.at, l.at + l.target.length) !== l.target) continue;
    const t = l.target;
    if (l.kind === 'image') {
      if (!o.images || hasScheme(t) || t.startsWith('/') || t.startsWith('#')) continue;
      // MyST joins the folders' relative path and the image path; the same file, named without leaving the page's folder tree where it need not.
      edits.push({ start: l.at, end: l.at + t.length, text: posix.relative(from, posix.normalize(posix.join(at, t))) || '.' });
    } else if ((l.kind === 'inline' || l.kind === 'definition') && o.docs !== undefined && o.docs !== '' && t.startsWith(o.docs)) {
      const hash = t.indexOf('#');
      const path = hash < 0 ? t : t.slice(0, hash);
      const rel = posix.relative(from, posix.normalize(posix.join(at, path)));
      edits.push({ start: l.at, end: l.at + t.length, text: (rel || '.') + (hash < 0 ? '' : t.slice(hash)) });
    }
  }
  return applyEdits(text, edits);
}
