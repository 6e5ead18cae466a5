// `ctxforge.yaml` at a repository root (or a file of that form named with --config / the Action's
// `config` input): which folders are packages, their formats, tag patterns, change-policy
// overrides and link checking. Read from disk or from a git tree at a ref. The file is defined in
// one place, schemas/ctxforge.schema.json, and checked against it with ajv: a typo is refused with
// its line, the allowed values and a did-you-mean, never read as "use the defaults".
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { Document, LineCounter } from 'yaml';
import schema from '../../schemas/ctxforge.schema.json' with { type: 'json' };
import { validateConfig } from './config-validator.js';
import { DiagnosticError, error, fail, warning, type Diagnostic } from '../core/diagnostics.js';
import { didYouMeanText } from '../core/did-you-mean.js';
import { lazyRequire } from '../core/lazy.js';
import { toPosix, type Tree } from '../core/tree.js';
import { unsafePathReason } from '../core/paths.js';
import { linkedComponent } from '../core/no-links.js';
import { parseYamlSafe, YamlSafetyError } from '../core/yaml-safe.js';
import { expandTagPattern } from '../git/tags.js';
import './rules.js';

export const CONFIG_FILE = 'ctxforge.yaml';
/** The schema's `$id`: what editors and a SchemaStore catalog entry point at. */
export const CONFIG_SCHEMA_ID: string = schema.$id;

export type ConfigLinkLevel = 'off' | 'warning' | 'error';

export interface PackageConfig {
  /** Repository-relative POSIX path of the package's source tree ('' for the root). */
  path: string;
  format?: 'octx' | 'ctxpkg' | 'acx';
  /** Used for `{name}` in tag patterns and in listings. */
  name?: string;
  tag_pattern?: string;
  /** Raw policy overrides; the diff checks them (src/diff/policy.ts). */
  policy?: Record<string, unknown>;
  /** This package's link check: its level, and the folder (inside the package) that `/…` links resolve against. */
  links?: LinkSettings;
}

/** `links:` as a level, or `{level, root, generator}` (a package's own settings override the repository's). */
export interface LinkSettings {
  level?: ConfigLinkLevel;
  /** Folder inside the package that root-absolute links (`/guide/x`) resolve against; default the document root. */
  root?: string;
  /** The site generator the documents are written for (a converted tree carries no ID map that records it). */
  generator?: string;
}

/** The repository-wide `links:`, its level always set (default warning). */
export interface LinksConfig extends LinkSettings {
  level: ConfigLinkLevel;
}

/** Lock findings the `lock:` gate can fail on (schemas/ctxforge.schema.json names the same six). */
export const LOCK_FINDINGS = ['unsigned', 'new-signer', 'key-change', 'downgrade', 'republish', 'unlocked-files'] as const;
export type LockFindingKind = (typeof LOCK_FINDINGS)[number];

/** `lock:` — the pull-request lock gate's policy, always read from the base commit. */
export interface LockGateConfig {
  fail_on?: LockFindingKind[];
  /** Signer key ids (as ctxforge.lock records them) trusted for packages the base does not pin. */
  signers?: string[];
}

export interface RepoConfig {
  /** Where it was read from, as diagnostics show it: repository-relative when inside the repository. */
  file: string;
  lock?: LockGateConfig;
  tag_pattern?: string;
  policy?: Record<string, unknown>;
  /** `links:` as written, a level or `{level, root}`, always in the mapping form here. */
  links?: LinksConfig;
  packages: PackageConfig[];
  /** `oci:` — where a release also pushes its packages (src/release/oci.ts). */
  oci?: { repository: string };
  /** `registries:` — names for git registries (URL or repository-relative folder) that install --registry accepts. */
  registries?: Record<string, string>;
  /** `site:` — the documentation site sync reads: its generator, address and locales. */
  site?: SiteSettings;
}

/** `site:` of ctxforge.yaml (the command-line flags win over it). */
export interface SiteSettings {
  generator?: string;
  /** The address the site is served at (`export llms-txt` links pages below it). */
  base_url?: string;
  locales?: string[];
}

const HINT = 'schemas/ctxforge.schema.json defines the file (docs/git-and-releases.md, "Repository config")';

const yamlLib = lazyRequire<typeof import('yaml')>('yaml');
// schemas/ctxforge.schema.json compiled ahead of time (scripts/gen-validators.mjs) with verbose
// errors: each carries its schema and data, which the messages below quote.
const validator = (): ValidateFunction => validateConfig as ValidateFunction;

type Segment = string | number;

/** `packages[0].format`, `policy["*.removed"]`: a place in the file as a reader writes it. */
function placeName(segs: Segment[]): string {
  let out = '';
  for (const s of segs) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** Line numbers of keys and values, from the reference YAML parser (only when something is wrong). */
function lineFinder(text: string): (segs: Segment[], key?: boolean) => number | undefined {
  let parsed: { doc: Document; lc: LineCounter } | undefined;
  return (segs, key = false) => {
    try {
      if (!parsed) {
        const y = yamlLib();
        const lc = new y.LineCounter();
        parsed = { doc: y.parseDocument(text, { lineCounter: lc }), lc };
      }
      const y = yamlLib();
      const { doc, lc } = parsed;
      let range: [number, number, number] | undefined;
      if (key && segs.length) {
        const parent = segs.length > 1 ? doc.getIn(segs.slice(0, -1), true) : doc.contents;
        if (y.isMap(parent)) {
          const want = String(segs[segs.length - 1]);
          const pair = parent.items.find((p) => String(y.isScalar(p.key) ? p.key.value : p.key) === want);
          range = (pair?.key as { range?: [number, number, number] } | undefined)?.range;
        }
      } else {
        const node = segs.length ? doc.getIn(segs, true) : doc.contents;
        range = (node as { range?: [number, number, number] } | undefined)?.range;
      }
      return range ? lc.linePos(range[0]).line : undefined;
    } catch {
      return undefined;
    }
  };
}

function shown(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : JSON.stringify(v);
}

const TYPE_WORDS: Record<string, string> = { object: 'a mapping', array: 'a list', string: 'a string' };

interface Problem { segs: Segment[]; key?: boolean; message: string }

const LINKS_ALLOWED = 'off, warning or error, or a mapping {level, root}';

/** One message per schema violation, naming the place, what is allowed and what was probably meant. */
function problemsOf(errors: ErrorObject[], data: unknown): Problem[] {
  const out: Problem[] = [];
  const linksValue = (data as Record<string, unknown> | null)?.links;
  for (const e of errors) {
    const segs: Segment[] = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const where = placeName(segs);
    const at = where ? `${where}: ` : '';
    // `links` is a level or a mapping: only the branch matching what was written speaks.
    if (e.instancePath === '/links') {
      const isMap = typeof linksValue === 'object' && linksValue !== null && !Array.isArray(linksValue);
      if (e.keyword === 'additionalProperties' && !isMap) continue;
      if (e.keyword !== 'additionalProperties') {
        if (isMap) continue;
        if (e.keyword !== 'anyOf') continue;
        out.push({ segs, message: `links must be ${LINKS_ALLOWED}: got ${shown(linksValue)}${didYouMeanText(linksValue, ['off', 'warning', 'error'])}` });
        continue;
      }
    }
    switch (e.keyword) {
      case 'anyOf':
        break;
      case 'additionalProperties': {
        const name = String((e.params as { additionalProperty: string }).additionalProperty);
        const allowed = Object.keys((e.parentSchema as { properties?: Record<string, unknown> }).properties ?? {}).filter((k) => k !== '$schema');
        out.push({ segs: [...segs, name], key: true, message: `${at}unknown key ${JSON.stringify(name)} (allowed: ${allowed.join(', ')})${didYouMeanText(name, allowed)}` });
        break;
      }
      case 'enum': {
        const allowed = ((e.params as { allowedValues: unknown[] }).allowedValues).map(String);
        out.push({ segs, message: `${where} must be one of ${allowed.join(', ')}: got ${shown(e.data)}${didYouMeanText(e.data, allowed)}` });
        break;
      }
      case 'propertyNames': {
        const name = String((e.params as { propertyName: string }).propertyName);
        const changes = ['added', 'removed', 'modified', 'moved', 'retyped', 'attr_changed', 'major_bump'];
        const change = name.split('.')[1] ?? name;
        out.push({
          segs: [...segs, name], key: true,
          message: `${where} key ${JSON.stringify(name)} is not "<kind>.<change>[.<attr>]" with change one of ${changes.join(', ')}${didYouMeanText(change, changes)}`,
        });
        break;
      }
      case 'pattern':
        // The propertyNames error above already names a bad policy key.
        if ((e.params as { propertyName?: string }).propertyName !== undefined || e.propertyName !== undefined) break;
        out.push({ segs, message: `${where} ${shown(e.data)} must contain exactly one "*" (the version), e.g. "v*" or "guide@v*"` });
        break;
      case 'type': {
        const want = String((e.params as { type: string }).type);
        out.push({ segs, message: `${where || 'the file'} must be ${TYPE_WORDS[want] ?? want}, got ${shown(e.data)}` });
        break;
      }
      case 'required':
        out.push({ segs, message: `${at}${String((e.params as { missingProperty: string }).missingProperty)} is required` });
        break;
      case 'minLength':
        out.push({ segs, message: `${where} must not be empty` });
        break;
      default:
        out.push({ segs, message: `${at}${e.message ?? 'is not valid'}` });
    }
  }
  return out;
}

function refuse(file: string, problems: Array<Problem & { line?: number }>): never {
  const seen = new Set<string>();
  const diags: Diagnostic[] = [];
  for (const p of problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0))) {
    if (seen.has(p.message)) continue;
    seen.add(p.message);
    diags.push(error('CTXFORGE_REPO_CONFIG_INVALID', p.message, { file, ...(p.line ? { line: p.line } : {}), hint: HINT }));
  }
  throw new DiagnosticError(diags[0]!, 2, diags);
}

export function parseRepoConfig(text: string, file: string = CONFIG_FILE): RepoConfig {
  const lineOf = lineFinder(text);
  let doc: unknown;
  try {
    doc = parseYamlSafe(text);
  } catch (e) {
    refuse(file, [{ segs: [], message: (e as Error).message, ...(e instanceof YamlSafetyError && e.line ? { line: e.line } : {}) }]);
  }
  doc ??= {};
  const validate = validator();
  if (!validate(doc)) refuse(file, problemsOf(validate.errors ?? [], doc).map((p) => ({ ...p, line: lineOf(p.segs, p.key) })));

  // What the schema cannot say: paths are safe and listed once, tag patterns expand for their package.
  const top = doc as { tag_pattern?: string; policy?: Record<string, unknown>; links?: ConfigLinkLevel | Partial<LinksConfig>; lock?: LockGateConfig; oci?: { repository: string }; registries?: Record<string, string>; site?: SiteSettings; packages?: Array<Record<string, unknown>> };
  const problems: Array<Problem & { line?: number }> = [];
  const no = (segs: Segment[], message: string) => problems.push({ segs, message, line: lineOf(segs) });
  const pattern = (p: string, segs: Segment[], name?: string) => {
    try { expandTagPattern(p, name ?? 'name'); } catch (e) { no(segs, `${placeName(segs)}: ${(e as Error).message}`); }
  };
  const cfg: RepoConfig = { file, packages: [] };
  if (top.links !== undefined) {
    cfg.links = { level: 'warning', ...linkSettings(top.links, ['links'], no) };
  }
  if (top.tag_pattern !== undefined) {
    pattern(top.tag_pattern, ['tag_pattern']);
    cfg.tag_pattern = top.tag_pattern;
  }
  if (top.policy !== undefined) cfg.policy = top.policy;
  if (top.lock !== undefined) cfg.lock = { ...top.lock };
  if (top.oci !== undefined) cfg.oci = { repository: top.oci.repository };
  if (top.registries !== undefined) cfg.registries = { ...top.registries };
  if (top.site !== undefined) cfg.site = { ...top.site, ...(top.site.locales ? { locales: [...top.site.locales] } : {}) };
  const seen = new Set<string>();
  for (const [i, p] of (top.packages ?? []).entries()) {
    const raw = p.path as string;
    // Only a leading "./" (or a lone ".") goes: `.kb` is a folder of its own, not `kb`.
    const path = raw.replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
    if (path !== '' && unsafePathReason(path)) no(['packages', i, 'path'], `packages[${i}].path ${JSON.stringify(raw)}: ${unsafePathReason(path)}`);
    if (seen.has(path)) no(['packages', i, 'path'], `packages[${i}].path ${JSON.stringify(raw)} is listed twice`);
    seen.add(path);
    const pc: PackageConfig = { path };
    if (p.format !== undefined) pc.format = p.format as PackageConfig['format'];
    if (p.name !== undefined) pc.name = p.name as string;
    if (p.tag_pattern !== undefined) {
      pattern(p.tag_pattern as string, ['packages', i, 'tag_pattern'], pc.name);
      pc.tag_pattern = p.tag_pattern as string;
    }
    if (p.policy !== undefined) pc.policy = p.policy as Record<string, unknown>;
    if (p.links !== undefined) pc.links = linkSettings(p.links as ConfigLinkLevel | LinkSettings, ['packages', i, 'links'], no);
    cfg.packages.push(pc);
  }
  if (problems.length) refuse(file, problems);
  return cfg;
}

/**
 * `links: error` or `links: {level: error, root: docs, generator: vitepress}` (the schema has checked
 * the shape and the allowed values); a root must be a safe folder inside the package.
 */
function linkSettings(v: ConfigLinkLevel | LinkSettings, segs: Segment[], no: (segs: Segment[], message: string) => void): LinkSettings {
  const l: LinkSettings = typeof v === 'string' ? { level: v } : { ...v };
  if (l.root !== undefined) {
    const written = l.root;
    l.root = written.replace(/^\.(\/+|$)/, '').replace(/\/+$/, '');
    const why = l.root === '' ? null : unsafePathReason(l.root);
    if (why) no([...segs, 'root'], `${segs.join('.').replace(/\.(\d+)\./g, '[$1].')}.root ${JSON.stringify(written)}: ${why} (a folder inside the package, e.g. "docs")`);
  }
  return l;
}

/** The link check settings of the package at `pkgPath` (repository-relative): its own, else the repository's. */
export function linkSettingsFor(cfg: RepoConfig | undefined, pkgPath: string): LinkSettings {
  const own = cfg?.packages.find((p) => p.path === pkgPath)?.links;
  const level = own?.level ?? cfg?.links?.level;
  const root = own?.root ?? cfg?.links?.root;
  const generator = own?.generator ?? cfg?.links?.generator;
  return { ...(level ? { level } : {}), ...(root !== undefined ? { root } : {}), ...(generator ? { generator } : {}) };
}

/**
 * How a caller treats a config it may not be able to use: `refuse` (the working tree, the PR head,
 * the base of a check: an invalid file stops the command) or `warn` (a config read at an old tag:
 * history cannot be fixed, so the problem is a warning and the file is left out).
 */
export type InvalidConfig = 'refuse' | 'warn';

/**
 * parseRepoConfig, or — with `warn` — undefined and a warning in `notes` when the file is invalid.
 */
export function parseRepoConfigAs(text: string, file: string, onInvalid: InvalidConfig, notes?: Diagnostic[], at?: string): RepoConfig | undefined {
  if (onInvalid === 'refuse') return parseRepoConfig(text, file);
  try {
    return parseRepoConfig(text, file);
  } catch (e) {
    if (!(e instanceof DiagnosticError) || e.diagnostic.code !== 'CTXFORGE_REPO_CONFIG_INVALID') throw e;
    notes?.push(...e.all.map((d) => warning(d.code, `${at ? `at ${at}: ` : ''}${d.message} (this config is left out; packages are found by detection)`, { ...(d.file ? { file: d.file } : {}), ...(d.line ? { line: d.line } : {}) })));
    return undefined;
  }
}

/** The config in `tree` (a repository root on disk or at a ref), or undefined when there is none. */
export async function readRepoConfig(tree: Tree, o: { onInvalid?: InvalidConfig; notes?: Diagnostic[]; at?: string } = {}): Promise<RepoConfig | undefined> {
  const st = await tree.stat(CONFIG_FILE);
  if (st?.kind === 'symlink') {
    fail('CTXFORGE_PATH_OUTSIDE_REPO', `${CONFIG_FILE} is a symbolic link, which is not followed`, {
      file: CONFIG_FILE, hint: 'a committed link can point outside the repository; commit the file itself',
    }, 2);
  }
  if (!st || st.kind !== 'file') return undefined;
  return parseRepoConfigAs((await tree.read(CONFIG_FILE)).toString('utf8'), CONFIG_FILE, o.onInvalid ?? 'refuse', o.notes, o.at);
}

/** How diagnostics name a config file: repository-relative inside the repository, else its full path. */
export function shownConfigPath(abs: string, root: string): string {
  const rel = toPosix(relative(root, abs));
  return rel && rel !== '..' && !rel.startsWith('../') && !isAbsolute(rel) ? rel : toPosix(abs);
}

/**
 * A config file the user named (--config, the Action's `config` input): always a file on disk, also
 * when packages are read at a ref, because it names the rules to apply, not a version of them. Its
 * package paths stay repository-relative wherever the file lives. Not finding it is an error — the
 * user asked for these rules, and silently falling back to detection would release something else.
 */
export async function readConfigFile(path: string, o: { cwd: string; root: string }): Promise<RepoConfig> {
  const abs = resolve(o.cwd, path);
  const shown = shownConfigPath(abs, o.root);
  const rel = relative(o.root, abs);
  if (rel && !rel.startsWith('..') && !isAbsolute(rel)) {
    const link = linkedComponent(o.root, toPosix(rel));
    if (link) {
      fail('CTXFORGE_PATH_OUTSIDE_REPO', `config file ${shown} is, or passes through, the symbolic link ${link}, which is not followed`, {
        file: shown, hint: 'a committed link can point outside the repository; name the real file instead',
      }, 2);
    }
  }
  const st = await stat(abs).catch(() => undefined);
  if (!st || !st.isFile()) {
    fail('CTXFORGE_REPO_CONFIG_MISSING', `config file ${shown} ${st ? 'is not a regular file' : 'does not exist'}`, {
      file: shown, hint: 'check the path (relative to the directory ctxforge runs in; the Action resolves it against the repository root), or leave it out to use ctxforge.yaml at the root',
    }, 2);
  }
  let text: string;
  try {
    text = await readFile(abs, 'utf8');
  } catch (e) {
    fail('CTXFORGE_REPO_CONFIG_MISSING', `config file ${shown} cannot be read: ${(e as Error).message}`, { file: shown }, 2);
  }
  return parseRepoConfig(text, shown);
}

/** The named config file when there is one, else ctxforge.yaml in `tree` (when it has one). */
export async function repoConfig(tree: Tree | undefined, o: { file?: string; cwd: string; root: string; onInvalid?: InvalidConfig; notes?: Diagnostic[]; at?: string }): Promise<RepoConfig | undefined> {
  if (o.file) return readConfigFile(o.file, o);
  return tree ? readRepoConfig(tree, o) : undefined;
}
