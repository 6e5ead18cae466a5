// What the link check needs of one document — its links, and its anchors when the parser read it —
// taken from the bytes wherever they are read: by the link check itself, or by a format's checks
// on their one read of each file (validate), on whichever thread reads it. Small and cloneable, so
// a large package's texts are never held.
import { ownedString as owned } from '../core/owned-string.js';
import { decodeUtf8 } from '../core/utf8.js';
import { splitFrontmatter, stripBom } from '../core/yaml-safe.js';
import { scanMarkdown, type Link } from './parse.js';
import { fastLinksFor } from './fast.js';
import { maskHugo } from './shortcodes.js';
import { anchorsOf, MARKDOWN_FILE, type Anchors } from './site.js';
import { labelFacts } from './labels.js';
import { gitbookAnchorSlugs, headingSlugs, mintlifyAnchorSlugs, type Generator } from './slugs.js';
import { PROFILES, type Profile } from './profiles.js';
import { decodeAttribute } from './html-links.js';
import type { SiteConfig } from './generators.js';
import { mayHaveTemplateXrefs, templateXrefs } from './xrefs.js';

/** How a site's documents are scanned: plain data, so it can be handed to another thread. */
export interface LinkScanSpec {
  /** Folders whose Markdown files are the documents ('' for all). */
  roots: string[];
  generator: Generator;
  wiki: boolean;
  admonitions: boolean;
  /** Destinations the site's link render hook resolves from the link's text: those links keep it. */
  textFor?: ReadonlySet<string>;
}

/** One document's links as written, where its body starts, and (when the parser read it) its anchors. */
export interface DocLinkFacts {
  links: Link[];
  /** Lines before the body (the frontmatter), added to each link's line. */
  offset: number;
  /** Links inside HTML or JSX blocks (not judged, counted). */
  html: number;
  /** The page's anchors, kept when the parser read it anyway; `text` only where block ids are anchors (Obsidian, Foam). */
  anchors?: { a: Anchors; text: string };
  /** Sphinx: the cross-reference labels the page defines (MyST `(label)=`, `:name:` …), for a package checked without sync's page data. */
  labels?: string[];
}

/**
 * Where a reader hands documents' link facts as it reads them (validate: the format's checks, on
 * their one read of each file): the bytes, on the thread that read them, or facts taken on another
 * thread with linkFactsOf(spec, …). Any file may be handed over; what is not a document is ignored.
 */
export interface LinkFactsSink {
  readonly spec: LinkScanSpec;
  /**
   * The observer must not keep or change the buffer. `text`: the bytes decoded as decodeUtf8
   * decodes them, when the reader has done so (undefined: not decoded, null: not UTF-8).
   */
  observe(path: string, bytes: Buffer, text?: string | null): void;
  add(path: string, facts: DocLinkFacts | null): void;
}

/** How a site's documents are scanned for links below `docRoots` (the check's spec, and a reader's that hands facts to it). */
export function scanSpecFor(site: Pick<SiteConfig, 'generator' | 'wiki' | 'admonitions' | 'hookDestinations'>, docRoots: string[]): LinkScanSpec {
  const byText = site.hookDestinations?.byText;
  return { roots: docRoots, generator: site.generator, wiki: Boolean(site.wiki), admonitions: Boolean(site.admonitions), ...(byText ? { textFor: new Set(byText.keys()) } : {}) };
}

/** Do two specs scan alike (facts taken under one are the other's)? */
export function sameScanSpec(a: LinkScanSpec, b: LinkScanSpec): boolean {
  const same = (x: readonly string[], y: readonly string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  const t = (s: LinkScanSpec) => [...s.textFor ?? []].sort();
  return a.generator === b.generator && a.wiki === b.wiki && a.admonitions === b.admonitions && same(a.roots, b.roots) && same(t(a), t(b));
}

/** Is `path` one of the documents whose links the check reads? */
export function isLinkDocument(spec: LinkScanSpec, path: string): boolean {
  return MARKDOWN_FILE.test(path) && spec.roots.some((r) => path.startsWith(r));
}

export const scanOptions = (spec: LinkScanSpec, path: string) => ({ wiki: spec.wiki, admonitions: spec.admonitions, mdx: /\.mdx$/i.test(path), roles: spec.generator === 'sphinx', ...(spec.textFor ? { textFor: spec.textFor } : {}) });

/** Generators whose cross-references are written with braces (Hugo shortcodes, Liquid tags, MyST roles). */
const BRACED = new Set<Generator>(['hugo', 'jekyll', 'sphinx']);

/** Links in document order, a page's template cross-references among its Markdown links. */
const withXrefs = (links: Link[], xrefs: Link[]): Link[] => (xrefs.length ? [...links, ...xrefs].sort((a, b) => a.line - b.line || a.at - b.at) : links);

/** A page's body as its generator reads it for links: template code masked (Hugo's code shortcodes). */
export const siteBody = (spec: Pick<LinkScanSpec, 'generator'>, body: string): string => (spec.generator === 'hugo' ? maskHugo(body)
  : spec.generator === 'jekyll' && body.includes('\n{:') ? kramdownHeadingIals(body)
  : spec.generator === 'sphinx' && body.includes('.external') ? mystExternalLinks(body) : body);

/**
 * MyST (attrs_inline): a link with the `external` class, `[text](target){.external}`, is a URL
 * link whatever its target looks like — never a reference to a page or label. Its target is read
 * as one with a scheme (`external:target`), which the check counts as external.
 */
function mystExternalLinks(body: string): string {
  return body.replace(/\]\(([^()\s]{1,2000})\)\{([^{}\n]{0,500})\}/g, (m, target: string, attrs: string) => (/(?:^|[ \t])\.external(?=[ \t]|$)/.test(attrs) && !/^[a-z][a-z0-9+.-]*:/i.test(target) ? `](external:${target}){${attrs}}` : m));
}

/**
 * kramdown (Jekyll's Markdown) gives a heading the id of a block attribute list on the line after it
 * (`## 4.4.1\n{: #v4-4-1}`), in place of the generated one: the list is moved onto the heading's line
 * (`## 4.4.1 {: #v4-4-1}`, which headings read as their id), its own line left blank so that lines keep their numbers.
 */
function kramdownHeadingIals(body: string): string {
  const lines = body.split('\n');
  let fence = '';
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!;
    const f = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(l);
    if (f) { if (!fence) fence = f[1]!; else if (f[1]!.startsWith(fence[0]!) && f[1]!.length >= fence.length) fence = ''; continue; }
    if (fence || !/^\{:[ \t]*#[^{}\n]{0,500}\}[ \t]*$/.test(l) || !/^[ \t]{0,3}#{1,6}[ \t]/.test(lines[i - 1]!) || lines[i - 1]!.trimEnd().endsWith('}')) continue;
    // An ATX heading's closing hashes (after a blank) are no part of it; loops, not an unanchored regex, over a long line.
    let h = lines[i - 1]!.trimEnd();
    let j = h.length;
    while (j > 0 && h.charCodeAt(j - 1) === 0x23) j--;
    if (j < h.length && (h[j - 1] === ' ' || h[j - 1] === '\t')) h = h.slice(0, j).trimEnd();
    lines[i - 1] = `${h} ${l.trim()}`;
    lines[i] = '';
  }
  return lines.join('\n');
}

/** Ids of definition-list terms (a line followed by `: definition`), numbered as repeated headings are. */
function definitionTermIds(body: string): string[] {
  const lines = body.split('\n');
  const terms: { text: string }[] = [];
  for (let i = 0; i + 1 < lines.length; i++) if (/^:[ \t]/.test(lines[i + 1]!) && /^[^\s:]/.test(lines[i]!)) terms.push({ text: lines[i]!.replace(/[`*_]/g, '').trim() });
  const ids = headingSlugs(terms, 'github');
  // Goldmark numbers a repeat of any id on the page: a term named like a heading gets `-1`.
  return [...ids, ...ids.map((x) => `${x}-1`), ...ids.map((x) => `${x}-2`)];
}

const SUMMARY = /<summary\b[^>\n]{0,200}>([^<\n]{1,500})<\/summary>/gi;

/** A Markdown heading line with a JSX component in it: the text before the component. */
const HEADING_WITH_COMPONENT = /^[ \t]{0,3}#{1,6}[ \t]+([^<\n]{1,500})<[A-Z][^\n]{0,1000}$/gm;
const ATTR = /(?:^|\s)([A-Za-z][\w-]{0,40})[ \t]*=[ \t]*(?:"([^"\n]{0,500})"|'([^'\n]{0,500})'|\{[ \t]*(?:"([^"\n]{0,500})"|'([^'\n]{0,500})')[ \t]*\})/g;

/** The anchors a profile's components write (Profile.componentAnchors): an `id` as written, a `title`/`label` by the heading rule. */
function componentAnchorIds(body: string, ca: { tags: string[]; id: string[]; text: string[] }): string[] {
  const out: string[] = [];
  const open = new RegExp(`<(?:${ca.tags.join('|')})(?=[\\s/>])([^<>]{0,2000})>`, 'g');
  for (const m of body.matchAll(open)) {
    for (const at of m[1]!.matchAll(ATTR)) {
      const v = (at[2] ?? at[3] ?? at[4] ?? at[5] ?? '').trim();
      if (!v) continue;
      if (ca.id.includes(at[1]!)) out.push(v);
      else if (ca.text.includes(at[1]!)) out.push(...mintlifyAnchorSlugs(v));
    }
  }
  return out;
}

/** A page's anchors as the check keeps them. */
export function keptAnchors(spec: LinkScanSpec, s: Parameters<typeof anchorsOf>[0], body: string, labels?: readonly string[]): { a: Anchors; text: string } {
  const g = spec.generator;
  const a = anchorsOf(s, g);
  // Hugo (Goldmark's autoDefinitionTermID) gives definition-list terms ids as it gives headings.
  if (g === 'hugo' && body.includes('\n: ')) for (const id of definitionTermIds(body)) a.ids.add(id);
  // GitBook gives an expandable block (`<details><summary>Title</summary>`) an id from its title, as headings.
  if (g === 'gitbook' && body.includes('<summary')) for (const m of body.matchAll(SUMMARY)) for (const id of gitbookAnchorSlugs(m[1]!.trim())) a.ids.add(id);
  // Sphinx writes a label's id on the element it labels: an anchor of its page. (Sync hands the
  // labels over as page data; a package checked on its own has only its pages' text.)
  // (`labels`: the page's labels when the caller has read them already.)
  if (g === 'sphinx') for (const l of labels ?? labelFacts(g, body).all) a.ids.add(l);
  const ca = (PROFILES as Record<string, Profile | undefined>)[g]?.componentAnchors;
  if (ca && body.includes('<')) {
    for (const id of componentAnchorIds(body, ca)) a.ids.add(id);
    if (ca.maybe) {
      const maybe = new Map<string, string>();
      for (const id of componentAnchorIds(body, { tags: ca.maybe.tags, id: [], text: ca.maybe.text })) maybe.set(id, ca.maybe.reason);
      // A heading holding a component (`` ### `navigation` - <Badge>required</Badge> ``): its id is not documented.
      for (const m of body.matchAll(HEADING_WITH_COMPONENT)) {
        const before = m[1]!.replace(/[`*_]/g, '').replace(/[\s\-–—:|]+$/, '').trim();
        if (before) for (const id of mintlifyAnchorSlugs(before)) if (!a.ids.has(id)) maybe.set(id, 'ids of headings that hold a component (not documented)');
      }
      if (maybe.size) a.maybe = maybe;
    }
  }
  return { a, text: g === 'obsidian' || g === 'foam' ? body : '' };
}

/**
 * Facts to be held past the read of their page (a reader that hands them over later), their strings
 * owning their characters. The facts are the caller's own (linkFactsOf makes them fresh): changed in place.
 */
export function detachedFacts(f: DocLinkFacts | null): DocLinkFacts | null {
  if (!f) return f;
  for (const l of f.links) {
    l.target = owned(l.target);
    if (l.label !== undefined) l.label = owned(l.label);
    if (l.alias !== undefined) l.alias = owned(l.alias);
    if (l.text !== undefined) l.text = owned(l.text);
    if (l.lang !== undefined) l.lang = owned(l.lang);
  }
  if (f.labels) f.labels = f.labels.map(owned);
  if (f.anchors) {
    const a = f.anchors.a;
    a.ids = new Set([...a.ids].map(owned));
    a.keys = new Set([...a.keys].map(owned));
    if (a.maybe) a.maybe = new Map([...a.maybe].map(([k, v]) => [owned(k), owned(v)]));
  }
  return f;
}

/**
 * The link facts of one document's bytes; null when it holds no link (or is no UTF-8 text).
 * `text`: the bytes as decodeUtf8 decodes them, when the caller has them (null: not UTF-8).
 */
export function linkFactsOf(spec: LinkScanSpec, path: string, bytes: Buffer, text?: string | null): DocLinkFacts | null {
  // Most documents of a large package link nowhere: a text without `[` or `<` holds no link.
  // (A Sphinx page may define labels and link nowhere: its `(label)=` lines are facts too.)
  if (bytes.indexOf(0x5b) < 0 && bytes.indexOf(0x3c) < 0 && !(BRACED.has(spec.generator) && (bytes.indexOf(0x7b) >= 0 || bytes.indexOf(')=') >= 0))) return null;
  const t = text === undefined ? decodeUtf8(bytes) : text;
  if (t === undefined || t === null) return null;
  const fm = splitFrontmatter(stripBom(t));
  const offset = fm.present ? fm.bodyLine - 1 : 0;
  const opts = scanOptions(spec, path);
  const body = siteBody(spec, fm.body);
  // Hugo and Liquid expand their templates before Markdown is read: the raw body is scanned, code and all.
  const xrefs = mayHaveTemplateXrefs(spec.generator, fm.body) ? templateXrefs(spec.generator, fm.body) : [];
  const roles = opts.roles && body.includes('}`');
  const links = opts.admonitions || opts.mdx || roles ? undefined : fastLinksFor(body, spec.textFor);
  const found = spec.generator === 'sphinx' ? labelFacts('sphinx', body).all : [];
  const labels = found.length ? { labels: found } : {};
  if (links) return { links: withXrefs(links, xrefs), offset, html: 0, ...labels };
  const s = scanMarkdown(body, opts);
  // Link attributes of HTML and JSX (`<a href>`, `<img src>`, `<LinkCard href>`, `<Link to>`) are
  // URLs of the same site as a Markdown link's: judged alike. What is not a plain attribute value
  // (`href={expr}`, Markdown inside an HTML block) stays counted as not judged.
  if (!s.htmlLinks.length) return { links: withXrefs(s.links, xrefs), offset, html: s.inHtml, anchors: keptAnchors(spec, s, body, found), ...labels };
  const all = [...s.links, ...s.htmlLinks.map((h) => ({ kind: 'inline' as const, target: decodeAttribute(h.target), line: h.line, at: h.at }))];
  all.sort((a, b) => a.line - b.line || a.at - b.at);
  return { links: withXrefs(all, xrefs), offset, html: Math.max(0, s.inHtml - s.htmlLinks.length), anchors: keptAnchors(spec, s, body, found), ...labels };
}
