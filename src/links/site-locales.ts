// The locales a site's configuration declares, read as data only: Hugo's `defaultContentLanguage`
// and `languages` (hugo.toml / .yaml / .json, or config/_default/languages.*), MkDocs' i18n plugin
// in mkdocs.yml. Configuration that is code (Starlight's and Docusaurus' `locales` in
// astro.config.mjs / docusaurus.config.js) is never executed, so those sites declare nothing here.
// The same reading gives Hugo's `baseURL`, the address the site is served at.
import { dirname, join, relative, sep } from 'node:path';
import { tomlScalars } from '../core/toml-keys.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { readPlain } from './config-file.js';
import { BASE_URL } from './site-address.js';

export interface DeclaredLocales {
  /** The default locale the configuration names, when it names one. */
  default?: string;
  /** Every locale it declares, the default among them. */
  locales: string[];
  /** The file they were read from, as detection names markers (relative to the docs folder). */
  file: string;
  /** Locales whose pages are a folder of their own below the docs folder (Hugo's `contentDir`): locale → folder ending in '/'. */
  folders: Map<string, string>;
  /** Pages of a locale are `page.<locale>.md` (Hugo, MkDocs i18n's `suffix` structure). */
  suffix: boolean;
  /** Pages of a locale are in a top-level folder named for it (MkDocs i18n's `folder` structure, Starlight, Hugo's locale folders). */
  folder: boolean;
  /** Hugo's `defaultContentLanguageInSubdir`: the default language too is served under its name. */
  inSubdir?: boolean;
}

/** A language tag as sites name locales (`en`, `pt-br`, `zh_CN`). */
export const LOCALE_TAG = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})?$/i;

const posix = (p: string) => p.split(sep).join('/');

/** A configuration file's data as nested mappings: TOML's scalars by path, YAML or JSON parsed (safely). */
function configData(abs: string, text: string): Record<string, unknown> | undefined {
  if (/\.toml$/i.test(abs)) {
    const { values, tables, arrays } = tomlScalars(text);
    const out: Record<string, unknown> = {};
    const put = (path: string, v: unknown) => {
      const parts = path.split('.');
      let o = out;
      for (const p of parts.slice(0, -1)) { const n = o[p]; o = (o[p] = n && typeof n === 'object' ? n : {}) as Record<string, unknown>; }
      const last = parts[parts.length - 1]!;
      if (!(last in o) || v !== undefined) o[last] = v ?? {};
    };
    for (const t of tables) put(t, undefined);
    for (const [k, v] of values) put(k, v);
    // An array table's elements as a list of mappings (`[[module.mounts]]` → module.mounts).
    for (const [k, list] of arrays) {
      const parts = k.split('.');
      let o = out;
      for (const p of parts.slice(0, -1)) { const n = o[p]; o = (o[p] = n && typeof n === 'object' && !Array.isArray(n) ? n : {}) as Record<string, unknown>; }
      o[parts[parts.length - 1]!] = list.map((e) => { const m: Record<string, unknown> = {}; for (const [ek, ev] of e) m[ek] = ev; return m; });
    }
    return out;
  }
  try {
    // Anchors are common in hand-written site configuration (Docsy's hugo.yaml): expanded, bounded.
    const v = parseYamlSafe(text, { maxDepth: 40, aliases: 1000 });
    return v && typeof v === 'object' && !Array.isArray(v) ? v as Record<string, unknown> : undefined;
  } catch { return undefined; }
}

/**
 * A configuration folder's file of its own for one top-level key (config/_default/languages.toml,
 * module.yaml …: its top-level keys are that key's), beside the marker, in any of Hugo's formats.
 */
function configDirFile(marker: string, key: string): { data: Record<string, unknown> | undefined; file: string } | undefined {
  for (const ext of ['toml', 'yaml', 'yml', 'json']) {
    const file = join(dirname(marker), `${key}.${ext}`);
    const t = readPlain(file);
    if (t !== undefined) return { data: configData(file, t), file };
  }
  return undefined;
}

/** A key of a mapping whatever its case (Hugo's configuration keys are case-insensitive). */
function anyCase(o: Record<string, unknown>, key: string): unknown {
  const k = Object.keys(o).find((x) => x.toLowerCase() === key.toLowerCase());
  return k === undefined ? undefined : o[k];
}

/**
 * Hugo's locales: `defaultContentLanguage` and the `languages` table of the marker file (or of
 * config/_default/languages.*, whose top-level tables are the languages), each language's
 * `contentDir` taken as its folder where it lies inside the docs folder.
 * @param marker the configuration file, absolute
 * @param docsAbs the docs folder, absolute
 */
export function hugoLocales(marker: string, docsAbs: string): DeclaredLocales | undefined {
  const text = readPlain(marker);
  if (text === undefined) return undefined;
  const data = configData(marker, text) ?? {};
  // config/_default/hugo.toml: the site is two folders up, and languages may be a file of their own.
  const inConfigDir = posix(marker).includes('/config/_default/');
  const siteDir = inConfigDir ? dirname(dirname(dirname(marker))) : dirname(marker);
  let languages = anyCase(data, 'languages');
  let file = marker;
  if (!languages && inConfigDir) {
    const own = configDirFile(marker, 'languages');
    if (own) ({ data: languages, file } = own);
  }
  const def = anyCase(data, 'defaultContentLanguage');
  const locales: string[] = [];
  const folders = new Map<string, string>();
  if (languages && typeof languages === 'object' && !Array.isArray(languages)) {
    for (const [name, v] of Object.entries(languages as Record<string, unknown>)) {
      if (!LOCALE_TAG.test(name)) continue;
      locales.push(name);
      const dir = v && typeof v === 'object' ? anyCase(v as Record<string, unknown>, 'contentDir') : undefined;
      if (typeof dir !== 'string' || !dir.trim()) continue;
      const rel = posix(relative(docsAbs, join(siteDir, dir.trim())));
      // Only a folder strictly inside the docs folder: the docs folder itself is the one the user chose.
      if (rel && !rel.startsWith('..') && !rel.startsWith('/')) folders.set(name, `${rel.replace(/\/+$/, '')}/`);
    }
  }
  const dflt = typeof def === 'string' && LOCALE_TAG.test(def) ? def : undefined;
  if (!locales.length && !dflt) return undefined;
  if (dflt && !locales.some((l) => l.toLowerCase() === dflt.toLowerCase())) locales.unshift(dflt);
  const inSubdir = anyCase(data, 'defaultContentLanguageInSubdir') === true;
  return { ...(dflt ? { default: dflt } : {}), locales, file: posix(relative(docsAbs, file)), folders, suffix: true, folder: true, ...(inSubdir ? { inSubdir } : {}) };
}

/**
 * The folder Hugo takes its content from, relative to the site's folder, when the configuration moves
 * it: `[[module.mounts]]` with target `content` (hugoDocs mounts `content/en` there), else a top-level
 * `contentDir`. A mount replaces the default `content` folder (Hugo adds no default mount for a
 * component that has one). With several content mounts, the one serving the default language
 * (`lang`, or `sites.matrix.languages` as Docsy's site writes them; a mount naming no language
 * serves them all): the default language is served at `/`, and sync takes it. Undefined when the
 * configuration says nothing, names a folder outside the site, or no one mount is that language's.
 */
export function hugoContentDir(marker: string): string | undefined {
  const text = readPlain(marker);
  if (text === undefined) return undefined;
  const inConfigDir = posix(marker).includes('/config/_default/');
  const data = configData(marker, text) ?? {};
  const module = anyCase(data, 'module') || (inConfigDir ? configDirFile(marker, 'module')?.data : undefined);
  const mounts = isMapping(module) ? anyCase(module, 'mounts') : undefined;
  const clean = (v: unknown) => (typeof v === 'string' ? v.trim().replace(/^(?:\.\/)+|\/+$/g, '') : undefined);
  const safe = (d: string | undefined) => (d && !d.split('/').some((x) => x === '..' || x === '') && !d.startsWith('/') ? d : undefined);
  if (Array.isArray(mounts)) {
    const content = mounts.filter((m): m is Record<string, unknown> => isMapping(m) && clean(anyCase(m, 'target')) === 'content');
    if (content.length) {
      const dflt = anyCase(data, 'defaultContentLanguage');
      const lang = (typeof dflt === 'string' ? dflt : 'en').toLowerCase();
      const serves = content.filter((m) => { const l = mountLanguages(m); return l === undefined || l.includes(lang); });
      return serves.length === 1 ? safe(clean(anyCase(serves[0]!, 'source'))) : undefined;
    }
  }
  return safe(clean(anyCase(data, 'contentDir')));
}

const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The languages a mount is for (lower case), or undefined when it names none (it serves every language). */
function mountLanguages(m: Record<string, unknown>): string[] | undefined {
  const lang = anyCase(m, 'lang');
  if (typeof lang === 'string' && lang.trim()) return [lang.trim().toLowerCase()];
  const sites = anyCase(m, 'sites');
  const matrix = isMapping(sites) ? anyCase(sites, 'matrix') : undefined;
  const langs = isMapping(matrix) ? anyCase(matrix, 'languages') : undefined;
  if (typeof langs === 'string') return [langs.toLowerCase()];
  return Array.isArray(langs) ? langs.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()) : undefined;
}

/** Hugo's `baseURL` in its configuration file, when it is an http(s) address (`/` or a path alone says no host). */
export function hugoBaseUrl(marker: string): string | undefined {
  const text = readPlain(marker);
  const v = text === undefined ? undefined : anyCase(configData(marker, text) ?? {}, 'baseURL');
  return typeof v === 'string' && BASE_URL.test(v.trim()) ? v.trim() : undefined;
}

/**
 * MkDocs' i18n plugin (mkdocs-static-i18n) in mkdocs.yml's `plugins`: version 1's `languages` list
 * (`{locale, default}`) and `docs_structure` (`suffix`, the default, or `folder`), or version 0's
 * `default_language` and `languages` mapping.
 */
export function mkdocsLocales(plugins: unknown, file: string): DeclaredLocales | undefined {
  let conf: unknown;
  if (Array.isArray(plugins)) {
    for (const p of plugins) if (p && typeof p === 'object' && !Array.isArray(p) && 'i18n' in p) conf = (p as Record<string, unknown>).i18n;
    if (conf === undefined && plugins.includes('i18n')) conf = {};
  } else if (plugins && typeof plugins === 'object') conf = (plugins as Record<string, unknown>).i18n;
  if (!conf || typeof conf !== 'object' || Array.isArray(conf)) return undefined;
  const c = conf as Record<string, unknown>;
  const locales: string[] = [];
  let dflt = typeof c.default_language === 'string' ? c.default_language : undefined;
  if (Array.isArray(c.languages)) {
    for (const l of c.languages) {
      if (!l || typeof l !== 'object') continue;
      const o = l as Record<string, unknown>;
      if (typeof o.locale !== 'string' || !LOCALE_TAG.test(o.locale)) continue;
      locales.push(o.locale);
      if (o.default === true) dflt = o.locale;
    }
  } else if (c.languages && typeof c.languages === 'object') {
    for (const k of Object.keys(c.languages)) if (LOCALE_TAG.test(k)) locales.push(k);
  }
  if (dflt !== undefined && !LOCALE_TAG.test(dflt)) dflt = undefined;
  if (!locales.length && !dflt) return undefined;
  if (dflt && !locales.includes(dflt)) locales.unshift(dflt);
  const folder = c.docs_structure === 'folder';
  return { ...(dflt ? { default: dflt } : {}), locales, file, folders: new Map(), suffix: !folder, folder };
}
