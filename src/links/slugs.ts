// Heading anchors as each site generator writes them: the slug of a heading's text and how
// repeated headings are numbered (GitHub and Docusaurus: github-slugger; VitePress: its slugify
// under markdown-it-anchor; mdBook: normalize_id; MkDocs: Python-Markdown's toc slugify), plus the
// anchors footnotes get.
export type Generator = 'github' | 'mdbook' | 'vitepress' | 'docusaurus' | 'mkdocs' | 'obsidian' | 'foam'
  | 'hugo' | 'jekyll' | 'starlight' | 'docsify' | 'sphinx' | 'zola' | 'nextra' | 'mintlify' | 'gitbook' | 'eleventy';
export const GENERATORS: readonly Generator[] = ['github', 'mdbook', 'vitepress', 'docusaurus', 'mkdocs', 'obsidian', 'foam', 'hugo', 'jekyll', 'starlight', 'docsify', 'sphinx', 'zola', 'nextra', 'mintlify', 'gitbook', 'eleventy'];

/** github-slugger: lowercase, everything but letters, marks, numbers, `_`, `-` and spaces dropped, each space a hyphen. */
function githubSlug(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** VitePress's default slugify (@mdit-vue/shared). */
function vitepressSlug(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[\u0000-\u001f]/g, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '')
    .replace(/^(\d)/, '_$1').toLowerCase();
}

/** mdBook's normalize_id: alphanumerics, `_` and `-` kept (ASCII lowercased), whitespace to `-`, the rest dropped. */
function mdbookSlug(text: string): string {
  let out = '';
  for (const ch of text.trim()) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) out += /[A-Z]/.test(ch) ? ch.toLowerCase() : ch;
    else if (/\s/u.test(ch)) out += '-';
  }
  return out;
}

/** Python-Markdown's toc slugify: NFKD, ASCII only, `[^\w\s-]` dropped, runs of `-` and space to one `-`. */
function mkdocsSlug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  return ascii.replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[-\s]+/g, '-');
}

/** docutils' make_id (Sphinx sections): ASCII, lowercase, every run of other characters one `-`, none at the ends. */
export function docutilsSlug(text: string): string {
  return text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^[-0-9]+|-+$/g, '');
}

/**
 * Zola's heading ids (`slugify.anchors = "on"`, its default: the `slug` crate): transliterated to
 * ASCII, lowercase, every run of other characters one `-`, none at the ends. The `slug` crate
 * transliterates every script (deunicode: `Ärger` → `arger`, `中文` → `zhong-wen`); here letters
 * that decompose to ASCII are kept and other scripts dropped, so a heading in another script is
 * the one case this differs (a page's `{#id}` is always exact).
 */
function zolaSlug(text: string): string {
  return text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

/**
 * Eleventy writes no heading ids itself: a site adds them in its configuration (code, never run),
 * most often with markdown-it-anchor — whose default slug is the text trimmed, lowercased, blanks
 * to `-` (percent-encoded in the id; a link's anchor is compared decoded) — or with Eleventy's
 * `slugify` filter (@sindresorhus/slugify: ASCII, lowercase, runs of other characters one `-`).
 * Both are accepted, besides GitHub's, so only an anchor none of them gives is reported.
 * (11ty/11ty-website uses the filter's slugify on the heading with template tags removed.)
 */
export function eleventyAnchorSlugs(heading: string): string[] {
  // Markdown goes through the template engine first (`markdownTemplateEngine`): a heading's
  // `{% addedin "2.0" %}` or `{{ x }}` is rendered before any id is made — taken out here.
  const text = heading.replace(/\{%[^%\n]{0,500}%\}|\{\{[^}\n]{0,500}\}\}/g, '').trim();
  const anchor = text.trim().toLowerCase().replace(/\s+/g, '-');
  // @sindresorhus/slugify decamelizes first (`JavaScript` → `java-script`).
  const filter = text.replace(/([A-Z]+)([A-Z][a-z\d]+)/g, '$1 $2').replace(/([a-z\d]+)([A-Z])/g, '$1 $2').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return [anchor, filter];
}

/**
 * GitBook's heading ids, as the links its editor writes show them (GitBook is not open source and not
 * in Debian: read off two real Git Sync repositories, 0xn3va/cheat-sheets and
 * BeefreeSDK/beefree-sdk-docs): lowercase; `|` is the word "or"; `/` a blank; letters, digits, `_`,
 * `-`, `.` and `&` kept and every other character dropped; runs of blanks one `-` — and a heading
 * that starts with a digit gets `id-` in front (`5. Set Up (V2)` → `id-5.-set-up-v2`; the older
 * editor wrote it without). GitHub's slug is accepted too, so only an anchor none of them gives is reported.
 */
export function gitbookAnchorSlugs(heading: string): string[] {
  const s = heading.toLowerCase().replace(/\|/g, ' or ').replace(/\//g, ' ').replace(/[^\p{L}\p{M}\p{N}\p{Pc}.&\s-]/gu, '').trim().replace(/\s+/g, '-');
  return /^\d/.test(s) ? [s, `id-${s}`] : [s];
}

/**
 * Mintlify's heading ids, as its documentation states them (mintlify/docs `create/text.mdx`,
 * "Automatic anchor IDs"): lowercase, whitespace to `-`, a straight apostrophe to `’` (kept), periods
 * to `-`, parentheses removed, `/` and `&` kept (`Config.json options` → `config-json-options`,
 * `Read/write access` → `read/write-access`) — "not GitHub-style slugging". What it does with other
 * characters is not stated: they are kept (`$`, `:`, as links on mintlify/docs show), and a run of
 * blanks is tried both as one `-` and as one `-` each.
 */
export function mintlifyAnchorSlugs(heading: string): string[] {
  const s = heading.trim().toLowerCase().replace(/'/g, '\u2019').replace(/\./g, '-').replace(/[()]/g, '');
  const each = s.replace(/\s/g, '-');
  const runs = s.replace(/\s+/g, '-');
  return each === runs ? [each] : [each, runs];
}

export function slugify(text: string, g: Generator): string {
  switch (g) {
    // Jekyll 4 reads Markdown as kramdown's GFM input, whose generate_gfm_header_id is GitHub's rule
    // (`2. Linux` → `2-linux`; Jekyll 4.3 with kramdown-parser-gfm 1.1 builds it so).
    case 'vitepress': return vitepressSlug(text);
    case 'mdbook': return mdbookSlug(text);
    case 'mkdocs': return mkdocsSlug(text);
    case 'zola': return zolaSlug(text);
    default: return githubSlug(text);
  }
}

/** The anchors of a page's headings, in order, numbered as the generator numbers repeats. */
export function headingSlugs(headings: readonly { text: string; id?: string }[], g: Generator): string[] {
  const seen = new Set<string>();
  const counts = new Map<string, number>();
  const out: string[] = [];
  for (const h of headings) {
    if (h.id !== undefined) { seen.add(h.id); out.push(h.id); continue; }
    const base = slugify(h.text, g);
    let s = base;
    if (g === 'mkdocs') {
      // Python-Markdown: `_1`, `_2` … (and an empty slug is `_1`).
      while (seen.has(s) || !s) { const m = /^(.*)_([0-9]+)$/.exec(s); s = m ? `${m[1]}_${Number(m[2]) + 1}` : `${s}_1`; }
    } else if (seen.has(s)) {
      let n = counts.get(base) ?? 0;
      do { n++; s = `${base}-${n}`; } while (seen.has(s));
      counts.set(base, n);
    }
    seen.add(s);
    out.push(s);
  }
  return out;
}

/** Anchors footnotes get on any of the generators (each writes its own form; all are accepted). */
export function footnoteAnchors(labels: readonly string[]): string[] {
  const out: string[] = [];
  labels.forEach((l, i) => {
    out.push(l, `fn-${l}`, `fnref-${l}`, `fn:${l}`, `fnref:${l}`, `user-content-fn-${l}`, `user-content-fnref-${l}`, `footnote-${l}`, `fn${i + 1}`, `fnref${i + 1}`);
  });
  return out;
}

/** How Obsidian and Foam compare a `#heading` of a link with a heading: case, punctuation and spacing aside. */
export function headingKey(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}
