// Relative Markdown links between the documents of a package: a link to a file the package does
// not hold, or to a heading anchor its target lacks, is reported with file and line (a warning by
// default; an error with `validate --links error` or `links: error` in ctxforge.yaml).
import type { Tree } from '../core/tree.js';
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import { splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { headingAnchors, isExternal, markdownLinks, resolveLink, splitTarget } from './markdown.js';
import '../sync/rules.js';

export type LinkLevel = 'off' | 'warning' | 'error';
export const LINK_LEVELS: readonly LinkLevel[] = ['off', 'warning', 'error'];

/** Where a format keeps the Markdown whose links are checked. */
const DOC_ROOTS: Record<string, string[]> = { octx: ['knowledge/'], ctxpkg: ['nodes/'], acx: ['knowledge/', 'skills/'] };

export async function checkLinks(tree: Tree, format: string, level: LinkLevel = 'warning'): Promise<Diagnostic[]> {
  if (level === 'off') return [];
  const roots = DOC_ROOTS[format] ?? [''];
  const entries = await tree.list();
  const files = new Set(entries.filter((e) => e.kind === 'file').map((e) => e.path));
  const dirs = new Set<string>();
  for (const f of files) for (let i = f.indexOf('/'); i > 0; i = f.indexOf('/', i + 1)) dirs.add(f.slice(0, i));
  // Only anchor sets are kept (a large package's texts are not held): a target is read again when a link names one of its anchors.
  const text = async (p: string) => decodeUtf8(await tree.read(p).catch(() => Buffer.alloc(0)));
  const anchors = new Map<string, Set<string>>();
  const anchorsOf = async (p: string) => {
    if (!anchors.has(p)) anchors.set(p, headingAnchors(splitFrontmatter(stripBom((await text(p)) ?? '')).body));
    return anchors.get(p)!;
  };
  const make = level === 'error' ? error : warning;
  const out: Diagnostic[] = [];
  for (const f of files) {
    if (!f.endsWith('.md') || !roots.some((r) => f.startsWith(r))) continue;
    const bytes = await tree.read(f).catch(() => undefined);
    // Most documents of a large package link nowhere: those are not decoded.
    if (!bytes || bytes.indexOf('](') < 0) continue;
    const t = decodeUtf8(bytes);
    if (t === undefined) continue;
    const fm = splitFrontmatter(stripBom(t));
    const offset = fm.present ? fm.bodyLine - 1 : 0;
    for (const l of markdownLinks(fm.body)) {
      if (isExternal(l.target) || l.target === '') continue;
      const { path, anchor } = splitTarget(l.target);
      const line = l.line + offset;
      const to = path === '' ? f : resolveLink(f, path);
      if (to === undefined || (!files.has(to) && !dirs.has(to.replace(/\/$/, '')) && to !== '')) {
        out.push(make('LINK_BROKEN', `link to ${l.target} points to ${to ?? 'outside the package'}, which the package does not hold`, { file: f, line, hint: 'fix the link, or add the document it names' }));
        continue;
      }
      if (anchor && to.endsWith('.md') && files.has(to) && !(await anchorsOf(to)).has(anchor)) {
        out.push(make('LINK_ANCHOR_MISSING', `${to} has no heading with anchor #${anchor}`, { file: f, line }));
      }
    }
  }
  return out;
}
