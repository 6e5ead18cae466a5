// Markdown link facts shared by the link check, sync and convert: the links of a text (outside
// code, as a CommonMark parser reads it), heading anchors, and resolving a link against its file.
// The richer API — a site's pages indexed once and links resolved as the site serves them — is
// SiteIndex in site.ts; rewriting links after renames is rewrite.ts.
import { scanMarkdown, type LinkKind, type ScanOptions } from './parse.js';
import { fastLinks } from './fast.js';
import { anchorsOf } from './site.js';
import type { Generator } from './slugs.js';

export type { LinkKind };

export interface MdLink {
  /** The target as written, without its title (a wiki link: the note and `#heading`, without `|alias`). */
  target: string;
  /** 1-based line in the text given. */
  line: number;
  /** Offset of the target in the text, for rewriting (-1 when it cannot be placed). */
  at: number;
  /** How the link is written: inline, image, definition (of a reference link), autolink, wiki, embed, import (MDX). */
  kind: LinkKind;
}

/**
 * Every link of `text` that names a target — inline links and images, reference definitions,
 * autolinks, and wiki links and embeds — as a CommonMark parser reads it, so nothing inside code
 * counts. Reference uses are left out (their definitions carry the targets).
 */
export function markdownLinks(text: string, opts: ScanOptions = { wiki: true }): MdLink[] {
  const fast = opts.admonitions || opts.mdx ? undefined : fastLinks(text);
  const links = fast ?? scanMarkdown(text, opts).links;
  return links.filter((l) => l.kind !== 'reference').map((l) => ({ target: l.target, line: l.line, at: l.at, kind: l.kind }));
}

/** A link that leaves the package: a scheme, a protocol-relative or absolute URL path. */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//') || target.startsWith('/');
}

export function splitTarget(target: string): { path: string; anchor?: string } {
  const h = target.indexOf('#');
  const noQuery = (s: string) => s.replace(/\?.*$/, '');
  return h < 0 ? { path: noQuery(target) } : { path: noQuery(target.slice(0, h)), anchor: target.slice(h + 1) };
}

/** Resolves a relative link path against the file holding it; undefined when it climbs out of the root. */
export function resolveLink(fromFile: string, linkPath: string): string | undefined {
  let decoded = linkPath;
  try { decoded = decodeURIComponent(linkPath); } catch { /* keep as written */ }
  const parts = fromFile.split('/').slice(0, -1);
  for (const seg of decoded.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') { if (!parts.length) return undefined; parts.pop(); } else parts.push(seg);
  }
  return parts.join('/');
}

/** The relative path from one file to another, as a Markdown link writes it. */
export function relativeLink(fromFile: string, toFile: string): string {
  const a = fromFile.split('/').slice(0, -1);
  const b = toFile.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/** A page's heading anchors as a generator writes them (GitHub's by default), explicit ids, HTML ids and footnotes included. */
export function headingAnchors(text: string, generator: Generator = 'github'): Set<string> {
  return anchorsOf(scanMarkdown(text, { admonitions: generator === 'mkdocs' }), generator).ids;
}
