// The rules of the documents model (src/format.ts) that every format's reader and writer share:
// what one format holds that another has no place for travels under that format's name (a document's
// `x-octx` / `x-ctxpkg` / `x-acx` block, a manifest's `x-ctxforge`), and a document head that a
// writer would not have written itself travels whole, so that converting back gives the same bytes.
import { splitDocText, type DocText } from './core/doc-text.js';
import { info, type Diagnostic } from './core/diagnostics.js';
import type { Doc, Documents, FormatModule, FormatName, PackageMeta, SiteRecord, SkillFolder } from './format.js';
import { compareUtf8 } from './core/paths.js';
import type { Tree } from './core/tree.js';
import './doc-rules.js';

export const FORMAT_NAMES: readonly FormatName[] = ['octx', 'ctxpkg', 'acx'];

/** The OKF type a document without one has (OCTX must write a type): read back, it is no type. */
export const DEFAULT_TYPE = 'Reference';

/** Inside a document's carried block: its original head, when the format's writer would not write it so. */
export const KEPT_HEAD = 'x-frontmatter';

/** Inside a document's carried block: the path it had in that format, where a conversion had to rename it (the way back restores it). */
export const KEPT_PATH = 'x-path';

/** The frontmatter key of a document's position in its site's navigation (Doc.order), in every format. */
export const NAV_ORDER = 'nav_order';

/** A navigation position as frontmatter holds one: a finite number, else none. */
export function navOrder(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Documents in navigation order: those with a position by it, then the rest, each by path. */
export function byNavigation(a: Doc, b: Doc): number {
  const x = a.order ?? Infinity;
  const y = b.order ?? Infinity;
  return x !== y ? (x < y ? -1 : 1) : a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** A manifest's one extension field: neutral values its own fields cannot hold, and the other formats' identities. */
export const MANIFEST_EXT = 'x-ctxforge';

export type Carried = Record<string, Record<string, unknown>>;

export const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A neutral type: none for the default. */
export function neutralType(t: unknown): string | undefined {
  return typeof t === 'string' && t.trim() && t !== DEFAULT_TYPE ? t : undefined;
}

/** Takes the `x-<format>` blocks out of frontmatter fields: the blocks of the other formats, and the rest. */
export function takeCarried(fields: Record<string, unknown>, self: FormatName): { carried: Carried; rest: Record<string, unknown> } {
  const carried: Carried = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    const f = FORMAT_NAMES.find((x) => k === `x-${x}`);
    if (!f) rest[k] = v;
    // A block of the format itself says nothing its own fields do not.
    else if (f !== self && isMap(v) && Object.keys(v).length) carried[f] = v;
  }
  return { carried, rest };
}

/** The `x-<format>` blocks a document written as `self` carries for the other formats. */
export function carriedBlocks(carried: Carried | undefined, self: FormatName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of FORMAT_NAMES) {
    const v = carried?.[f];
    if (f !== self && v && Object.keys(v).length) out[`x-${f}`] = v;
  }
  return out;
}

/** JSON with sorted keys, for comparing values read from different formats. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isMap(v)) return `{${Object.keys(v).filter((k) => v[k] !== undefined).sort().map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`).join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** Do two readings of a document say the same in every neutral field and in what they carry for the other formats? */
export function sameDocument(a: Doc, b: Doc, self: FormatName): boolean {
  const other = (d: Doc) => Object.fromEntries(Object.entries(d.carried ?? {}).filter(([f]) => f !== self));
  return a.id === b.id && a.title === b.title && a.type === b.type && a.description === b.description && a.order === b.order && canonical(a.tags ?? []) === canonical(b.tags ?? [])
    && canonical(other(a)) === canonical(other(b));
}

/**
 * The head a document carried for this format when it was read from it, if it is still a head for
 * this body and still says what the document says (`reparse` reads it as the format's reader does);
 * else undefined, and the writer writes the document afresh.
 */
export function keptHead(d: Doc, self: FormatName, reparse: (t: DocText) => Doc): string | undefined {
  const head = d.carried?.[self]?.[KEPT_HEAD];
  if (typeof head !== 'string') return undefined;
  try {
    // Carried text that is no head, or that would swallow part of the body, is never written as one.
    const t = splitDocText(head + d.body, d.path);
    return t.head === head && sameDocument(reparse(t), d, self) ? head : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A document's text as a format writes it: the head it carried for the format when that head still
 * holds (keptHead), else a fresh head of `write(fields)` over its own fields — those of a kept head
 * that no longer holds, read again, since it still has the document's own fields; the format's
 * carried fields when there is no kept head.
 */
export function documentTextWithKeptHead(d: Doc, self: FormatName, reparse: (t: DocText) => Doc, write: (fields: Record<string, unknown>) => string): string {
  const head = keptHead(d, self, reparse);
  if (head !== undefined) return head + d.body;
  const own = d.carried?.[self] ?? {};
  const kept = own[KEPT_HEAD];
  if (typeof kept !== 'string') return write(own);
  let fields: Record<string, unknown>;
  try { fields = reparse(splitDocText(kept + d.body, d.path)).carried?.[self] ?? {}; } catch { fields = {}; }
  return write(fields);
}

/**
 * A document as its reader returns it: with its own fields, or, when the format's writer would
 * write other bytes for it (hand-written quoting, key order, no title …), with its head kept whole.
 */
export function withKeptHead(d: Doc, self: FormatName, text: DocText, write: (d: Doc) => string): Doc {
  if (write(d) === text.head + text.body) return d;
  return { ...d, carried: { ...(d.carried ?? {}), [self]: { [KEPT_HEAD]: text.head } } };
}

/**
 * What a manifest's `x-ctxforge` extension says:
 * a name or description its own fields could not hold as given, and the other formats' identities.
 */
export function manifestExtension(v: unknown): { name?: string; description?: string | null; carried: Carried; site?: SiteRecord } {
  const x = isMap(v) ? v : {};
  const carried: Carried = {};
  for (const f of FORMAT_NAMES) if (isMap(x[f]) && Object.keys(x[f]).length) carried[f] = x[f];
  const site = siteFromJson(x.site);
  return {
    ...(typeof x.name === 'string' ? { name: x.name } : {}),
    ...('description' in x && (typeof x.description === 'string' || x.description === null) ? { description: x.description as string | null } : {}),
    carried,
    ...(site ? { site } : {}),
  };
}

/**
 * A site record as a manifest's `x-ctxforge` holds it (`{generator, root, left_out?}`); anything
 * else is no record. The link check judges the values again: they come with the package.
 */
export function siteFromJson(v: unknown): SiteRecord | undefined {
  if (!isMap(v) || typeof v.generator !== 'string' || !/^[a-z]{1,32}$/.test(v.generator) || typeof v.root !== 'string') return undefined;
  const left = Array.isArray(v.left_out) ? v.left_out.filter((p): p is string => typeof p === 'string') : [];
  return { generator: v.generator, root: v.root, ...(left.length ? { leftOut: left } : {}) };
}

function siteToJson(s: SiteRecord): Record<string, unknown> {
  return { generator: s.generator, root: s.root, ...(s.leftOut?.length ? { left_out: [...s.leftOut].sort() } : {}) };
}

/**
 * The site record a source tree's manifest carries, read without its documents; undefined when it
 * has none or the manifest cannot be read (validation reports that).
 */
export async function manifestSite(m: FormatModule, tree: Tree): Promise<SiteRecord | undefined> {
  if (!m.documents) return undefined;
  try { return (await m.documents(tree, { want: {} })).meta.site; } catch { return undefined; }
}

/**
 * The `x-ctxforge` value a manifest written as `self` carries: the neutral name and description
 * where its own fields hold something else, and the other formats' identities. Undefined when empty.
 */
export function manifestExtensionFor(meta: PackageMeta, self: FormatName, stored: { name: string; description?: string }): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  if (stored.name !== meta.name) out.name = meta.name;
  if (stored.description !== meta.description) out.description = meta.description ?? null;
  if (meta.site) out.site = siteToJson(meta.site);
  for (const f of FORMAT_NAMES) {
    const c = meta.carried?.[f];
    if (f !== self && c && Object.keys(c).length) out[f] = c;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Fields of `own` that differ from what the format's writer derives by itself: only those need carrying. */
export function beyondDerived(own: Record<string, unknown>, derived: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(own).filter(([k, v]) => v !== undefined && canonical(v) !== canonical(derived[k])));
}

/** A lowercase slug of a package name, for formats whose names allow only [a-z0-9-]. */
export function nameSlug(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60).replace(/-+$/, '') || 'knowledge';
}

/** The note a writer gives when the documents carry Agent Skills its format has no place for. */
export function skillsLeftOut(docs: Documents, what: string): Diagnostic[] {
  if (!docs.skills.length) return [];
  const n = docs.skills.length;
  return [info('CONVERT_LEFT_OUT', `${n} Agent Skill${n === 1 ? '' : 's'} (${docs.skills.slice(0, 3).map((s) => s.name).join(', ')}${n > 3 ? ' …' : ''}) left out: ${what}`, { hint: 'move skills with `ctxforge skills export` and `ctxforge skills import` (a cartridge, or a ctxpkg kind: skills pack)' })];
}

/**
 * The neutral fields every format's document shares (type, description, tags, navigation order),
 * set on `d` from the frontmatter values; a `nav_order` that is not a number stays the format's own
 * field (`own`), so it is written back as it was.
 */
export function setCommonFields(d: Doc, f: { type: unknown; description: unknown; tags: unknown; nav: unknown }, own: Record<string, unknown>): void {
  const nt = neutralType(f.type);
  if (nt) d.type = nt;
  if (typeof f.description === 'string') d.description = f.description;
  const tl = Array.isArray(f.tags) ? f.tags.filter((x): x is string => typeof x === 'string') : [];
  if (tl.length) d.tags = tl;
  const order = navOrder(f.nav);
  if (order !== undefined) d.order = order;
  else if (f.nav !== undefined) own[NAV_ORDER] = f.nav;
}

/** Files below a skills folder (`<name>/<rel>`) as SkillFolders, sorted by name and path in code-point order. */
export function groupSkillFiles(files: ReadonlyArray<{ path: string; bytes: Buffer }>): SkillFolder[] {
  const by = new Map<string, SkillFolder>();
  for (const f of files) {
    const i = f.path.indexOf('/');
    if (i <= 0) continue;
    const name = f.path.slice(0, i);
    const s = by.get(name) ?? { name, files: [] };
    s.files.push({ rel: f.path.slice(i + 1), bytes: f.bytes });
    by.set(name, s);
  }
  const out = [...by.values()].sort((a, b) => compareUtf8(a.name, b.name));
  for (const s of out) s.files.sort((a, b) => compareUtf8(a.rel, b.rel));
  return out;
}
