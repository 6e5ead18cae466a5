// `ctxforge sync`: a folder of Markdown → a source tree in one format, identities kept in the ID map.
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import type { SyncResult } from '../../src/sync/index.js';
import type { TargetFormat } from '../../src/sync/model.js';
import { GENERATORS, type Generator } from '../../src/links/slugs.js';
import { BASE_URL } from '../../src/links/site-address.js';
import { ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

function text(r: SyncResult): string {
  const verb = r.dryRun ? 'would ' : '';
  const lines = [`${r.dryRun ? 'dry run: ' : ''}${r.created ? `${verb}create` : `${verb}update`} ${r.format} source tree: ${r.added.length} added, ${r.modified.length} modified, ${r.moved.length} moved, ${r.removed.length} removed, ${r.unchanged} unchanged`];
  for (const a of r.added) lines.push(`  added     ${a.path} (${a.id})`);
  for (const a of r.modified) lines.push(`  modified  ${a.path} (${a.id})`);
  for (const a of r.moved) lines.push(`  moved     ${a.from} → ${a.upstream} (${a.id}, similarity ${a.similarity})`);
  for (const a of r.removed) lines.push(`  removed   ${a.upstream} (${a.id}, retired)`);
  lines.push(`files: ${r.files.written.length} ${verb}written, ${r.files.removed.length} ${verb}removed, ${r.files.unchanged} unchanged`);
  if (r.linksRewritten) lines.push(`links: ${r.linksRewritten} rewritten to follow renamed files (or to reach pages not taken at their URL on the site)`);
  if (r.includes.length) {
    const pages = new Set(r.includes.map((i) => i.page)).size;
    const files = new Set(r.includes.map((i) => i.file)).size;
    lines.push(`includes: ${r.includes.length} expanded into ${pages} page${pages === 1 ? '' : 's'} from ${files} file${files === 1 ? '' : 's'} (--json lists each file and its lines)`);
  }
  if (r.skipped.length) lines.push(`skipped: ${r.skipped.length} file${r.skipped.length === 1 ? '' : 's'} left out (each named above; --json lists them)`);
  return lines.join('\n');
}

const collect = (v: string, prev: string[]) => [...prev, v];

export function registerSync(program: Command, io: Io): void {
  program.command('sync')
    .description('Create or update a source tree (OCTX by default, ctxpkg, acx) from a folder of Markdown you do not own, keeping stable IDs in a committed ID map')
    .argument('<docs-dir>', 'folder of Markdown (plain, OKF, a Hugo, Jekyll, MkDocs, Sphinx/MyST, mdBook, VitePress, Docusaurus, Starlight or Docsify site, an Obsidian or Foam vault)')
    .argument('<source-tree>', 'source tree to create or update')
    .addOption(new Option('--format <format>', 'format of a new source tree (default: the existing tree\'s, else octx)').choices(['octx', 'ctxpkg', 'acx']))
    .option('--dry-run', 'only report what would change')
    .option('--json', 'print {format, created, added, modified, moved, removed, unchanged, files, skipped, site, linksRewritten, includes, diagnostics}')
    .option('--threshold <n>', 'content similarity (0–1) at which a vanished page and a new one are the same page moved', '0.5')
    .option('--type <type>', 'document type (OKF type for octx/acx, node type for ctxpkg)')
    .option('--type-rule <folder=type>', 'type for the pages below a folder (repeatable; the longest folder wins)', collect, [])
    .option('--no-rename', 'refuse names that are not portable instead of normalising them')
    .option('--name <name>', 'package name of a new source tree (default: the root page\'s title, else the folder name)')
    .addOption(new Option('--site <generator>', 'the site generator whose routes, labels and link rules apply, whatever the markers say (default: detected)').choices([...GENERATORS]))
    .option('--include <glob>', 'sync only files matching this glob, relative to docs-dir (repeatable; `guide/` is the folder and all below it)', collect, [])
    .option('--exclude <glob>', 'leave out files matching this glob, relative to docs-dir (repeatable; e.g. a locale folder: fr/)', collect, [])
    .option('--locales <list>', 'the locales to sync, comma-separated (repeatable; default: ctxforge.yaml site.locales, else the default locale the site\'s configuration declares, else all)', collect, [])
    .option('--base-url <url>', 'the site\'s address (e.g. https://docs.example.com/): links to pages of locales not taken are written as their URL there (default: ctxforge.yaml site.base_url, else what the site\'s configuration declares, as Hugo\'s baseURL)')
    .option('--no-cache', 'read every page even when this machine\'s stat cache says nothing changed since the last sync')
    .addHelpText('after', `
The ID map .ctxforge-sync.json in the source tree holds upstream path → {id, digest, path}; commit it.
The site generator is told from static marker files (hugo.toml, _config.yml, mkdocs.yml, conf.py,
book.toml, .vitepress/, docusaurus.config.*, astro.config.*, index.html, .obsidian/), searched up to
the repository root; --site names it instead. Configuration that is code is never executed.
ctxforge.yaml's site: {generator, locales, base_url} applies where the flags say nothing. Pages of
locales not taken (other locale folders, page.fr.md) and files left out by --include/--exclude are
named in the report (skipped); a link to such a page becomes its URL on the site when the address is
known (SYNC_LINK_UNSYNCED_PAGE names the ones kept as written). Renamed files take every link to them along (inline, reference definitions, wiki
links, embeds, MDX imports, Hugo ref/relref, Jekyll {% link %}, MyST {doc}); broken links
upstream are reported as warnings, and every file left out is named.
Includes (Hugo include and readfile, MyST include and literalinclude, mdBook, VitePress, Docsify,
MDX partials, GitBook) are expanded from inside the repository only; the result records each file
and its lines.
Exit codes: 0 synced, 1 findings (a name refused with --no-rename), 2 usage or I/O error.
Examples:
  ctxforge sync vendor-docs/ knowledge-pack/
  ctxforge sync vendor-docs/ knowledge-pack/ --dry-run
  ctxforge sync docs/ ctx/ --format ctxpkg --type-rule guides=procedure --json
  ctxforge sync site/content/en pack/ --site hugo --exclude 'drafts/' --exclude '**/_common/**'`)
    .action(async (docs: string, tree: string, o: Record<string, unknown>) => {
      const threshold = Number(o.threshold);
      const rules: [string, string][] = [];
      for (const r of o.typeRule as string[]) {
        const i = r.indexOf('=');
        if (i <= 0 || i === r.length - 1) throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_USAGE', message: `--type-rule takes folder=type, got ${JSON.stringify(r)}` }, 2);
        rules.push([r.slice(0, i), r.slice(i + 1)]);
      }
      const [{ syncDocs }, { repoSiteSettings }] = await Promise.all([import('../../src/sync/index.js'), import('../../src/sync/site-settings.js')]);
      const cfg = await repoSiteSettings(io.cwd);
      const locales = (o.locales as string[]).flatMap((l) => l.split(',')).map((l) => l.trim()).filter(Boolean);
      const site = (o.site as Generator | undefined) ?? cfg?.generator as Generator | undefined;
      const baseUrl = (o.baseUrl as string | undefined) ?? cfg?.base_url;
      if (o.baseUrl !== undefined && !BASE_URL.test(o.baseUrl as string)) throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_USAGE', message: `--base-url takes an http or https address such as https://docs.example.com/, got ${JSON.stringify(o.baseUrl)}` }, 2);
      const r = await syncDocs(resolve(io.cwd, docs), resolve(io.cwd, tree), {
        format: o.format as TargetFormat | undefined, dryRun: !!o.dryRun, threshold, type: o.type as string | undefined,
        typeRules: rules, noRename: o.rename === false, name: o.name as string | undefined,
        ...(site ? { site } : {}),
        ...(baseUrl !== undefined ? { baseUrl } : {}),
        ...(locales.length ? { locales } : cfg?.locales ? { locales: cfg.locales, localesFrom: `${cfg.file} site.locales` } : {}),
        include: o.include as string[], exclude: o.exclude as string[],
        ...(o.cache === false ? { cache: false as const } : {}),
      });
      if (o.json) printJson(io, r);
      else { printDiagnostics(io, r.diagnostics.filter((d) => d.severity !== 'info' || d.code !== 'SYNC_MOVED')); io.out(text(r)); }
      if (r.diagnostics.some((d) => d.severity === 'error')) throw new ExitCode(1);
    });
}
