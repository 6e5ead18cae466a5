// Links rewritten after files are renamed or moved (sync's portable names, convert): every link
// form that points at a renamed file — inline links and images, reference definitions, wiki links
// and embeds, MDX imports, `href` and `src` of raw HTML, the generators' cross-references (Hugo
// `ref`/`relref`, Jekyll `{% link %}`/`{% post_url %}`, MyST `{doc}`: xref-rewrite.ts) — is rewritten in the style it was written in (relative or root-absolute,
// extensionless, `.html` or a folder), and every rewrite is checked to resolve, in the renamed
// tree, to the file the link meant. A link that cannot be rewritten is returned, never left broken.
import { scanMarkdown, type Link, type ScanOptions } from './parse.js';
import { fastLinksFor } from './fast.js';
import { joinPath, MARKDOWN_FILE, splitAnchor, SiteIndex } from './site.js';
import { relativeLink } from './markdown.js';
import { resolveXref } from './xref-resolve.js';
import { mayHaveTemplateXrefs, templateXrefs } from './xrefs.js';
import { namesAFile, xrefTargets } from './xref-rewrite.js';

export interface RewriteContext {
  /** The pages and files as they were, with the site's rules (Docusaurus ids included). */
  before: SiteIndex;
  /** The same files at their new paths. */
  after: SiteIndex;
  /** Old path → new path, for every file that moved (files not named keep their path). */
  moves: ReadonlyMap<string, string>;
  /**
   * Pages the site serves that the renamed tree will not hold (other locales' at a sync): a link
   * to one is written as the absolute URL `url` gives, or returned in `unheld` when there is none.
   */
  elsewhere?: { pages: ReadonlySet<string>; url: (page: string) => string | undefined };
}

export interface RewriteResult {
  text: string;
  /** How many links were rewritten. */
  rewritten: number;
  /** Links to a moved file that could not be rewritten to resolve to it. */
  failures: { line: number; target: string; to: string }[];
  /**
   * Cross-references to a moved file that the renamed tree cannot express in the generator's syntax
   * (a `{% post_url %}` once `_posts/` is `posts/`): left as written, for the caller to name.
   */
  xrefsKept: { line: number; target: string; to: string }[];
  /** Links to a page of `elsewhere` that no absolute URL could be written for: left as written. */
  unheld: { line: number; target: string; to: string }[];
}

const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');
const stemOf = (p: string) => p.slice(p.lastIndexOf('/') + 1).replace(MARKDOWN_FILE, '');

/** Writes a path as a link target: only what a destination cannot hold is percent-encoded. */
function encodePath(p: string): string {
  return p.replace(/[\s()<>%#?\\[\]]/g, (c) => encodeURIComponent(c));
}

/** The new text of a path-style target (inline, image, definition), in the style `old` was written in. */
function pathTarget(oldPath: string, fromNew: string, to: string, ctx: RewriteContext): string[] {
  const site = ctx.after.site;
  const out: string[] = [];
  const isIndex = /(^|\/)(index|readme|_index)\.(md|mdx|markdown)$/i.test(to);
  // A dot-file's leading dot is part of its name (`./.hidden` is extensionless).
  const extensionless = !oldPath.endsWith('/') && MARKDOWN_FILE.test(to) && !/\.[A-Za-z0-9]{1,8}$/.test(oldPath.slice(oldPath.lastIndexOf('/') + 1).replace(/^\./, ''));
  const html = /\.html?$/i.test(oldPath) && MARKDOWN_FILE.test(to);
  const styled = (file: string): string[] => {
    const forms: string[] = [];
    if (html) forms.push(file.replace(MARKDOWN_FILE, '.html'));
    if (extensionless || oldPath.endsWith('/')) {
      // A folder link stays one; so does a link to the page a rename gave a folder's index
      // (`guide/index-page` → `guide/` once the page is `guide/index.md` again).
      if (isIndex && (oldPath.endsWith('/') || oldPath === '' || oldPath === '.' || stemOf(oldPath) !== stemOf(to))) forms.push(dirOf(file) || './');
      forms.push(file.replace(MARKDOWN_FILE, ''));
    }
    forms.push(file);
    return forms;
  };
  if (oldPath.startsWith('/')) {
    const rel = to.startsWith(site.root) ? to.slice(site.root.length) : undefined;
    if (rel !== undefined) for (const f of styled(rel)) out.push(`/${site.routeBase ? `${site.routeBase}/` : ''}${f === './' ? '' : f}`);
  }
  // `./x` stays `./x`: only the name changes.
  const dot = (f: string) => (oldPath.startsWith('./') && !f.startsWith('./') && !f.startsWith('../') ? `./${f}` : f);
  for (const f of styled(relativeLink(fromNew, to))) out.push(dot(f));
  return out.map(encodePath);
}

/** The new text of a wiki link's note part: the bare name where it is unique, else the path from the vault root. */
function wikiTargets(to: string, withPath: boolean): string[] {
  const note = MARKDOWN_FILE.test(to);
  const name = note ? stemOf(to) : to.slice(to.lastIndexOf('/') + 1);
  const full = note ? to.replace(MARKDOWN_FILE, '') : to;
  // A link written with a path keeps one.
  return withPath ? [full, name] : [name, full];
}

type Edit = { at: number; len: number; text: string; link: Link; to: string };

/**
 * A cross-reference to a renamed page (Hugo `ref`/`relref`, Jekyll `link`/`post_url`, MyST `{doc}`),
 * rewritten where it would no longer reach it: only its path is replaced, an anchor written inside it kept.
 */
function xrefEdit(text: string, l: Link, fromOld: string, fromNew: string, ctx: RewriteContext): Edit | { failure: RewriteResult['failures'][number]; kept?: true } | undefined {
  const g = ctx.before.site.generator;
  if (!namesAFile(l.syntax, g)) return undefined;
  const r = resolveXref(ctx.before, l, fromOld);
  if (r.status !== 'ok') return undefined;
  const want = ctx.moves.get(r.path) ?? r.path;
  const now = resolveXref(ctx.after, l, fromNew);
  if (now.status === 'ok' && now.path === want) return undefined;
  const { path, anchor } = splitAnchor(l.target);
  // Hugo's anchor may be inside the quotes (`"x.md#a"`) or after the tag: only what is written at `at` is replaced.
  const written = l.at >= 0 && text.startsWith(l.target, l.at) ? l.target : path;
  if (l.at < 0 || !text.startsWith(written, l.at)) return { failure: { line: l.line, target: l.target, to: want } };
  const inner = written.length > path.length && anchor !== undefined ? `#${anchor}` : '';
  const pick = xrefTargets(l.syntax!, path, fromNew, want, ctx.after.site).find((c) => {
    const r2 = resolveXref(ctx.after, { ...l, target: c }, fromNew);
    return r2.status === 'ok' && r2.path === want;
  });
  if (pick === undefined) return { failure: { line: l.line, target: l.target, to: want }, kept: true };
  return { at: l.at, len: written.length, text: pick + inner, link: l, to: want };
}

/**
 * Rewrites the links of `text` (a page that was at `fromOld` and is now at `fromNew`) so each still
 * reaches the file it reached before the moves. Links that resolved to nothing are left as written.
 */
export function rewriteLinks(text: string, fromOld: string, fromNew: string, ctx: RewriteContext, opts: ScanOptions = {}): RewriteResult {
  // The fast path finds exactly the parser's links where it answers (test/links/fast.test.ts); it
  // reads no raw HTML, so text holding a `<` goes to the parser.
  // MyST's `{doc}` roles are read by the parser; Hugo's and Liquid's tags from the raw text (xrefs.ts).
  const g = ctx.before.site.generator;
  const roles = g === 'sphinx' && text.includes('}`');
  const fast = opts.admonitions || opts.mdx || roles || text.includes('<') ? undefined : fastLinksFor(text, opts.textFor);
  let links: Link[];
  if (fast) links = fast;
  else {
    const scan = scanMarkdown(text, { ...opts, roles });
    // A raw-HTML `href`/`src` is judged as an inline link is (the site resolves both alike).
    links = [...scan.links, ...scan.htmlLinks.map((h) => ({ kind: 'inline' as const, target: h.target, line: h.line, at: h.at }))];
  }
  if (mayHaveTemplateXrefs(g, text)) links = [...links, ...templateXrefs(g, text)];
  const edits: Edit[] = [];
  const failures: RewriteResult['failures'] = [];
  const xrefsKept: RewriteResult['xrefsKept'] = [];
  const unheld: RewriteResult['unheld'] = [];
  const moved = (p: string) => ctx.moves.get(p) ?? p;
  for (const l of links) {
    if (l.kind === 'reference' || l.kind === 'autolink') continue;
    let to: string | undefined;
    if (l.kind === 'import') {
      if (!/^\.\.?\//.test(l.target)) continue;
      const p = joinPath(dirOf(fromOld), l.target);
      to = p !== undefined && ctx.before.files.has(p) ? p : undefined;
      if (to === undefined) continue;
      const want = moved(to);
      const still = joinPath(dirOf(fromNew), l.target);
      if (still === want) continue;
      let rel = relativeLink(fromNew, want);
      if (!rel.startsWith('.')) rel = `./${rel}`;
      if (l.at < 0) { failures.push({ line: l.line, target: l.target, to: want }); continue; }
      edits.push({ at: l.at, len: l.target.length, text: rel, link: l, to: want });
      continue;
    }
    if (l.kind === 'xref') {
      const e = xrefEdit(text, l, fromOld, fromNew, ctx);
      if (e && 'failure' in e) (e.kept ? xrefsKept : failures).push(e.failure);
      else if (e) edits.push(e);
      continue;
    }
    const r = ctx.before.resolve(l, fromOld);
    if (r.status !== 'ok') continue;
    if (ctx.elsewhere?.pages.has(r.path) && l.kind !== 'wiki' && l.kind !== 'embed') {
      const url = ctx.elsewhere.url(r.path);
      if (url === undefined || l.at < 0) { unheld.push({ line: l.line, target: l.target, to: r.path }); continue; }
      const { path } = splitAnchor(l.target);
      edits.push({ at: l.at, len: l.target.length, text: url + l.target.slice(path.length), link: l, to: r.path });
      continue;
    }
    const want = moved(r.path);
    // Unchanged when it still reaches the same file from where the page now is.
    const now = ctx.after.resolve(l, fromNew);
    if (now.status === 'ok' && now.path === want) continue;
    if (l.at < 0) { failures.push({ line: l.line, target: l.target, to: want }); continue; }
    let candidates: string[];
    let suffix = '';
    if (l.kind === 'wiki' || l.kind === 'embed') {
      const h = l.target.indexOf('#');
      suffix = h < 0 ? '' : l.target.slice(h);
      candidates = wikiTargets(want, (h < 0 ? l.target : l.target.slice(0, h)).includes('/'));
    } else {
      const { path } = splitAnchor(l.target);
      suffix = l.target.slice(path.length);
      candidates = pathTarget(path, fromNew, want, ctx);
    }
    const pick = candidates.find((c) => {
      const r2 = ctx.after.resolve({ kind: l.kind, target: c + suffix }, fromNew);
      return r2.status === 'ok' && r2.path === want;
    });
    if (pick === undefined) { failures.push({ line: l.line, target: l.target, to: want }); continue; }
    let replacement = pick + suffix;
    let len = l.target.length;
    // A wiki link keeps the text it showed: the old name becomes its alias.
    const h = l.target.indexOf('#');
    const shownAs = (name: string) => (h < 0 ? name : `${name} > ${l.target.slice(h + 1).trim()}`);
    if (l.kind === 'wiki' && l.alias === undefined) {
      const shown = (h < 0 ? l.target : l.target.slice(0, h)).trim();
      if (pick !== shown) replacement += `|${shownAs(shown)}`;
    } else if (l.kind === 'wiki' && l.alias === shownAs(pick) && text.startsWith(`${l.target}|${l.alias}]]`, l.at)) {
      // The name it showed is its own again (a rename undone): the alias a rename added goes.
      len += 1 + l.alias.length;
    }
    edits.push({ at: l.at, len, text: replacement, link: l, to: want });
  }
  // The text is built once, front to back (splicing each edit into the whole text was quadratic in
  // the links of a page). Each edit replaces only its own link's target; two that would overlap
  // cannot both be right, so the later is returned as a failure rather than written over the first.
  const parts: string[] = [];
  let pos = 0;
  let rewritten = 0;
  for (const e of edits.sort((a, b) => a.at - b.at)) {
    if (e.at < pos) { failures.push({ line: e.link.line, target: e.link.target, to: e.to }); continue; }
    if (text.startsWith(e.text, e.at) && e.text.length === e.len) continue;
    parts.push(text.slice(pos, e.at), e.text);
    pos = e.at + e.len;
    rewritten++;
  }
  parts.push(text.slice(pos));
  return { text: parts.join(''), rewritten, failures, xrefsKept, unheld };
}
