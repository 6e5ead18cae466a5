// Reads a folder of Markdown someone else owns (plain files, OKF, Docusaurus / MkDocs / Hugo
// frontmatter) into documents without IDs yet: title, description, tags and body, with a note for
// every frontmatter key the package has no place for. Symlinks are never followed.
import { DiskTree } from '../core/tree.js';
import { info, warning, type Diagnostic } from '../core/diagnostics.js';
import { decodeUtf8 } from '../core/utf8.js';
import { parseYamlSafe, splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { sha256Hex } from '../core/hash.js';
import { isUuidV7 } from '../core/uuid.js';

export interface UpstreamDoc {
  /** Path inside the docs folder, as upstream names it. */
  path: string;
  digest: string;
  title: string;
  description?: string;
  tags?: string[];
  /** The page's own type (OKF frontmatter `type`). */
  type?: string;
  /** An ID the file already carries (octx.document_id, or a UUIDv7 id). */
  id?: string;
  body: string;
}

export interface Upstream {
  docs: UpstreamDoc[];
  assets: { path: string; bytes: Buffer }[];
  /** Title of the folder's root page, for a new package's name. */
  rootTitle?: string;
  notes: Diagnostic[];
}

const MARKDOWN = /\.(md|markdown|mdx)$/i;
/** Generator folders and files that are build machinery, not pages. */
const SKIP = /(^|\/)(\.[^/]*|node_modules)(\/|$)|(^|\/)(_category_\.json|_category_\.ya?ml|mkdocs\.ya?ml|sidebars\.[jt]s|docusaurus\.config\.[jt]s|hugo\.(toml|ya?ml)|config\.toml)$/;
const KEPT = new Set(['title', 'description', 'tags', 'octx', 'type']);
const GENERATOR_KEYS: Record<string, string> = {
  id: 'Docusaurus page id', slug: 'site URL slug', sidebar_position: 'sidebar order', sidebar_label: 'sidebar label',
  weight: 'Hugo menu order', draft: 'Hugo draft flag', date: 'page date', hide: 'MkDocs hide', nav_order: 'nav order', keywords: 'SEO keywords',
};

export function normaliseBody(body: string): string {
  let s = body.replace(/\r\n?/g, '\n').replace(/^\n+/, '');
  s = s.replace(/\s+$/, '');
  return s === '' ? '' : `${s}\n`;
}

export function firstH1(body: string): string | undefined {
  let fence = false;
  for (const l of body.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(l)) fence = !fence;
    if (fence) continue;
    const m = /^#[ \t]+(.+?)[ \t#]*$/.exec(l);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

function titleFromName(path: string): string {
  const parts = path.split('/');
  let base = parts.pop()!.replace(MARKDOWN, '');
  if (/^(index|readme|_index)$/i.test(base) && parts.length) base = parts.pop()!;
  const t = base.replace(/^\d+[-_. ]+/, '').replace(/[-_]+/g, ' ').trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : base;
}

/** Hugo's TOML frontmatter (+++): only simple `key = "value"` and `key = [..]` lines are read. */
function tomlFrontmatter(text: string): { data: Record<string, unknown>; body: string } | undefined {
  const m = /^\+\+\+[ \t]*\r?\n([\s\S]*?)\r?\n\+\+\+[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return undefined;
  const data: Record<string, unknown> = {};
  for (const l of m[1]!.split(/\r?\n/)) {
    const kv = /^\s*([A-Za-z_][\w-]*)\s*=\s*(.+?)\s*$/.exec(l);
    if (!kv) continue;
    try { data[kv[1]!] = JSON.parse(kv[2]!.replace(/'/g, '"')); } catch { data[kv[1]!] = kv[2]!; }
  }
  return { data, body: text.slice(m[0].length) };
}

export async function readUpstream(dir: string): Promise<Upstream> {
  const tree = new DiskTree(dir);
  const notes: Diagnostic[] = [];
  const docs: UpstreamDoc[] = [];
  const assets: Upstream['assets'] = [];
  const dropped = new Map<string, { n: number; first: string }>();
  let rootTitle: string | undefined;
  for (const e of await tree.list()) {
    if (SKIP.test(e.path)) continue;
    if (e.kind === 'symlink') { notes.push(warning('SYNC_SYMLINK_SKIPPED', `${e.path} is a symbolic link; links are never followed, so it is left out`, { file: e.path })); continue; }
    if (e.kind !== 'file') continue;
    const bytes = await tree.read(e.path);
    if (!MARKDOWN.test(e.path)) { assets.push({ path: e.path, bytes }); continue; }
    const raw = decodeUtf8(bytes);
    if (raw === undefined) { notes.push(warning('SYNC_NOT_UTF8', `${e.path} is not valid UTF-8 and is left out`, { file: e.path })); continue; }
    const text = stripBom(raw).replace(/\r\n?/g, '\n');
    let data: Record<string, unknown> = {};
    let body = text;
    const toml = tomlFrontmatter(text);
    if (toml) ({ data, body } = toml);
    else {
      const fm = splitFrontmatter(text);
      if (fm.present) {
        // A page that opens with a horizontal rule is not frontmatter: only a YAML mapping is, and
        // anything else keeps the page whole.
        try {
          const v = parseYamlSafe(fm.yaml);
          if (v && typeof v === 'object' && !Array.isArray(v)) { data = v as Record<string, unknown>; body = fm.body; }
          else if (v !== null && v !== undefined) notes.push(warning('SYNC_FRONTMATTER_INVALID', `${e.path}: the --- block is not a YAML mapping; the page is taken whole`, { file: e.path, line: fm.yamlLine }));
          else body = fm.body;
        } catch (err) {
          notes.push(warning('SYNC_FRONTMATTER_INVALID', `${e.path}: frontmatter is not valid YAML (${(err as Error).message}); the page is taken whole`, { file: e.path, line: fm.yamlLine }));
        }
      }
    }
    for (const k of Object.keys(data)) {
      if (KEPT.has(k)) continue;
      const d = dropped.get(k) ?? { n: 0, first: e.path };
      d.n++;
      dropped.set(k, d);
    }
    body = normaliseBody(body);
    const octx = data.octx as Record<string, unknown> | undefined;
    const carriedId = octx && typeof octx === 'object' ? octx.document_id : undefined;
    const title = typeof data.title === 'string' && data.title.trim() ? data.title.trim() : firstH1(body) ?? titleFromName(e.path);
    const tags = Array.isArray(data.tags) ? data.tags.filter((t): t is string => typeof t === 'string') : undefined;
    const doc: UpstreamDoc = { path: e.path, digest: `sha256:${sha256Hex(bytes)}`, title, body };
    if (typeof data.description === 'string') doc.description = data.description;
    if (typeof data.type === 'string' && data.type.trim()) doc.type = data.type.trim();
    if (tags?.length) doc.tags = tags;
    if (isUuidV7(carriedId)) doc.id = carriedId;
    else if (isUuidV7(data.id)) doc.id = data.id as string;
    docs.push(doc);
    if (/^(index|readme|_index)\.(md|mdx|markdown)$/i.test(e.path)) rootTitle ??= title;
  }
  for (const [k, d] of [...dropped].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    notes.push(info('SYNC_FRONTMATTER_DROPPED', `frontmatter key ${JSON.stringify(k)}${GENERATOR_KEYS[k] ? ` (${GENERATOR_KEYS[k]})` : ''} dropped from ${d.n} page${d.n === 1 ? '' : 's'}: the package keeps title, description and tags, and the ID map keeps identity`, { file: d.first }));
  }
  return { docs, assets, rootTitle, notes };
}
