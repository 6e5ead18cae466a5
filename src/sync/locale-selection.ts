// Which locales of a multilingual site a sync takes: the ones chosen (`sync --locales`, or
// ctxforge.yaml `site.locales`), else the default locale the site's configuration declares, else
// all of them. A page belongs to a locale by its folder (`fr/…`, or the `contentDir` Hugo gives a
// language) or its suffix (`page.fr.md`); a page of no locale is the default locale's and always
// taken, since every other locale falls back to it. Pages of the other locales are named, with the
// reason, in the report.
import { fail } from '../core/diagnostics.js';
import type { SiteConfig } from '../links/generators.js';
import { localeFolders } from '../links/routes.js';
import { LOCALE_TAG } from '../links/site-locales.js';
import type { Selection } from './selection.js';

const SUFFIX = /\.([a-z]{2,3}(?:[-_][a-z0-9]{2,8})?)\.(md|mdx|markdown)$/i;
const norm = (l: string) => l.toLowerCase().replace(/_/g, '-');

export interface LocaleChoice {
  /** The locales taken, as chosen or declared. */
  locales: string[];
  /** Where the choice comes from, as the report says it (`--locales`, `ctxforge.yaml site.locales`, `the default locale hugo.toml declares`). */
  from: string;
}

/** The locales to take: the chosen ones, else the declared default; undefined for all. */
export function localeChoice(site: SiteConfig, chosen: readonly string[] | undefined, chosenFrom: string): LocaleChoice | undefined {
  if (chosen?.length) {
    for (const l of chosen) if (!LOCALE_TAG.test(l)) fail('CTXFORGE_USAGE', `${chosenFrom} names ${JSON.stringify(l)}, which is not a locale (a language tag such as en, fr or pt-br)`, {}, 2);
    const declared = site.locales?.locales;
    const unknown = declared ? chosen.filter((l) => !declared.some((d) => norm(d) === norm(l))) : [];
    if (unknown.length) fail('CTXFORGE_USAGE', `${chosenFrom} names ${unknown.join(', ')}, which ${site.locales!.file} does not declare (it declares ${declared!.join(', ')})`, { file: site.locales!.file }, 2);
    return { locales: [...chosen], from: chosenFrom };
  }
  const d = site.locales?.default;
  return d ? { locales: [d], from: `the default locale ${site.locales!.file} declares; --locales chooses others` } : undefined;
}

/**
 * The selection a locale choice makes of a docs folder's files. `prepare` is given every path of the
 * folder first (a locale folder is told by the pages it mirrors when the configuration names none).
 */
export function localeSelection(site: SiteConfig, choice: LocaleChoice): Selection & { prepare(paths: readonly string[]): void } {
  const taken = new Set(choice.locales.map(norm));
  const declared = site.locales;
  if (declared?.default) taken.add(norm(declared.default));
  const known = new Set((declared?.locales ?? []).map(norm));
  const folders = new Map<string, string>(); // folder ('fr/', 'content/fr/' below the docs folder) → locale
  for (const [l, f] of declared?.folders ?? []) folders.set(site.root + f, l);
  const byFolder = declared?.folder || site.routes?.localeFolders;
  const bySuffix = declared?.suffix || site.routes?.localeSuffix;
  let pages = new Set<string>();
  const reason = (l: string) => `locale ${l} (sync takes ${choice.locales.join(', ')}: ${choice.from})`;
  return {
    prepare(paths) {
      pages = new Set(paths);
      if (!byFolder) return;
      const md = paths.filter((p) => /\.(md|mdx|markdown)$/i.test(p));
      // A folder named for a declared locale is that locale's; one the configuration does not name is a locale when it mirrors the pages beside it.
      const firsts = new Set(md.filter((p) => p.startsWith(site.root)).map((p) => p.slice(site.root.length)).filter((r) => r.includes('/')).map((r) => r.slice(0, r.indexOf('/'))));
      for (const f of firsts) if (known.has(norm(f)) && !folders.has(`${site.root}${f}/`)) folders.set(`${site.root}${f}/`, f);
      for (const f of localeFolders(md, site.root)) if (!folders.has(`${site.root}${f}/`)) folders.set(`${site.root}${f}/`, f);
    },
    leftOut(path) {
      for (const [f, l] of folders) if (path.startsWith(f)) return taken.has(norm(l)) ? undefined : reason(l);
      if (!bySuffix) return undefined;
      const m = SUFFIX.exec(path);
      if (!m) return undefined;
      const l = m[1]!;
      // `page.fr.md` is French where the site declares fr, or, where the site declares no
      // languages, where `page.md` is beside it; a suffix no declared language has is no language.
      if (!known.has(norm(l)) && (known.size > 0 || !pages.has(path.slice(0, m.index) + '.' + m[2]))) return undefined;
      return taken.has(norm(l)) ? undefined : reason(l);
    },
  };
}
