// Validate or verify what the user named: each path resolved to its format, then checked.
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { existsSync } from 'node:fs';
import { DiagnosticError } from './core/diagnostics.js';
import type { ValidateOptions, ValidationResult } from './format.js';
import { resolveInput } from './inputs.js';
import { DiskTree } from './core/tree.js';
import { findRepo } from './git/repo.js';
import { linkSettingsFor, readRepoConfig } from './repo/config.js';
import { startLinks, type LinkLevel } from './links/check.js';
import { checkIdMap } from './sync/idmap-check.js';
import { manifestSite } from './doc-model.js';
import { pushAll } from './core/arrays.js';

export interface ValidatePathsOptions extends ValidateOptions {
  cwd?: string;
  format?: string;
  /** Also verify signatures / trust (the `verify` command). */
  verify?: boolean;
  /** Relative links to missing documents or anchors: off, warning (default) or error. */
  links?: LinkLevel;
  /** Folder inside the package that `/…` links resolve against (default: `links.root` in ctxforge.yaml, else the document root). */
  linksRoot?: string;
}

/**
 * `links:` of the repository's ctxforge.yaml, when there is one. An invalid file is refused
 * (CTXFORGE_REPO_CONFIG_INVALID), never read as "no config": a typo must not turn checks off.
 */
export async function configuredLinkLevel(cwd: string): Promise<LinkLevel | undefined> {
  const repo = await findRepo(cwd).catch(() => undefined);
  if (!repo) return undefined;
  return (await readRepoConfig(new DiskTree(repo.dir)))?.links?.level;
}

/** The link settings ctxforge.yaml gives the package whose tree this is (matched by its folder on disk). */
async function configuredLinks(cwd: string, tree: unknown): Promise<{ level?: LinkLevel; root?: string; generator?: string } | undefined> {
  const dir = (tree as { root?: unknown }).root;
  if (typeof dir !== 'string') return undefined;
  const repo = await findRepo(cwd).catch(() => undefined);
  if (!repo) return undefined;
  // An invalid config is refused (CTXFORGE_REPO_CONFIG_INVALID), never read as "no settings".
  const cfg = await readRepoConfig(new DiskTree(repo.dir));
  const rel = relative(repo.dir, dir).split(sep).join('/');
  if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return linkSettingsFor(cfg, rel);
}

/** File-valued options are relative to the caller's directory, not the process's. */
function resolveFileOptions(opts: ValidatePathsOptions): ValidatePathsOptions {
  const cwd = opts.cwd ?? process.cwd();
  // Only what names an existing file is a path; key ids, hex keys and env: references pass through.
  const file = (v: string | undefined) => (v && !v.startsWith('env:') && existsSync(resolve(cwd, v)) ? resolve(cwd, v) : v);
  return { ...opts, key: file(opts.key), trust: file(opts.trust), localKey: file(opts.localKey), packagesDir: file(opts.packagesDir) };
}

export async function validateOne(spec: string, optsIn: ValidatePathsOptions = {}): Promise<ValidationResult> {
  const opts = resolveFileOptions(optsIn);
  let r;
  try {
    r = await resolveInput(spec, opts);
  } catch (e) {
    if (e instanceof DiagnosticError && e.exitCode === 1) {
      return { path: spec, format: 'unknown', kind: 'artifact', valid: false, diagnostics: e.all };
    }
    throw e;
  }
  if (r.kind === 'source') {
    // First: what the format's check will want started early (it lists the tree, which is kept).
    await r.module.prepareSource?.(r.tree, opts);
    // --links wins; else the package's own `links:` in ctxforge.yaml, else the repository's.
    const cwd = opts.cwd ?? process.cwd();
    const cfg = await configuredLinks(cwd, r.tree);
    const level = opts.links ?? cfg?.level ?? (cfg ? undefined : await configuredLinkLevel(cwd)) ?? 'warning';
    const root = opts.linksRoot ?? cfg?.root;
    // A converted tree names its site in its manifest (x-ctxforge), so its links are judged by that site's rules.
    const recorded = level === 'off' ? undefined : await manifestSite(r.module, r.tree);
    // Started first, so that the format's checks hand over each document they read: one read a document.
    const linkCheck = await startLinks(r.tree, r.module.name, level, { ...(root !== undefined ? { root } : {}), ...(cfg?.generator ? { generator: cfg.generator } : {}), ...(recorded ? { recorded } : {}) });
    const res = await r.module.validateSource(r.tree, level === 'off' ? opts : { ...opts, linkFacts: linkCheck });
    const links = (await linkCheck.finish()).diagnostics;
    // A synced tree's committed ID map must agree with its documents (a hand edit would swap IDs at the next sync).
    const idMap = await checkIdMap(r.tree, r.module);
    for (const found of [links, idMap]) {
      if (!found.length) continue;
      pushAll(res.diagnostics, found);
      if (found.some((d) => d.severity === 'error')) res.valid = false;
    }
    return res;
  }
  if (opts.verify && r.module.verifyArtifact) return r.module.verifyArtifact(r.input, opts);
  return r.module.validateArtifact(r.input, opts);
}

export async function validatePaths(specs: string[], opts: ValidatePathsOptions = {}): Promise<ValidationResult[]> {
  const out: ValidationResult[] = [];
  // Read (and so checked) even when --links decides the level: an invalid config is refused either way.
  await configuredLinkLevel(opts.cwd ?? process.cwd());
  for (const s of specs) {
    try {
      out.push(await validateOne(s, opts));
    } catch (e) {
      // A path that cannot be read is one result among the others, so every caller (and --json)
      // gets one shape; the CLI still ends with exit 2 for it.
      if (!(e instanceof DiagnosticError) || e.diagnostic.code !== 'CTXFORGE_IO') throw e;
      out.push({ path: s, format: 'unknown', kind: 'source', valid: false, diagnostics: e.all });
    }
  }
  return out;
}
