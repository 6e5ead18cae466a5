// `ctxforge export llms-txt`: an llms.txt index of a package's documents.
import type { Command } from 'commander';
import { dirname, resolve } from 'node:path';
import { printDiagnostics, printJson, withRefInputs, type Io } from '../shared.js';

export function registerExport(program: Command, io: Io): void {
  const exp = program.command('export').description('Write an index of a package for other tools (llms-txt)')
    .addHelpText('after', `
Examples:
  ctxforge export llms-txt working-dir-example/octx --out llms.txt`);
  exp.command('llms-txt')
    .description('Write an llms.txt (H1 title, blockquote summary, one section a folder of - [title](url): description) from a package\'s documents')
    .argument('<source|artifact>', 'source tree of any format, a built .octx / .ctxpkg / .acx, or <ref>:<path>')
    .option('--out <file>', 'write here (atomically); - or no --out writes to standard output')
    .option('--base-url <url>', 'prefix of every link, e.g. the doc site\'s address (default: ctxforge.yaml site.base_url, else paths relative to the document root)')
    .option('--json', 'print {format, documents, sections, out?, text?, diagnostics}')
    .addHelpText('after', `
Each entry links the page where the doc site serves it: in a tree made by \`ctxforge sync\`, the path the
page has upstream (from the ID map), else the document's path below knowledge/ or nodes/. Sections are
the top-level folders, spelled as they are. Descriptions come from the frontmatter, else the first
sentence of prose, as plain text; titles and descriptions are escaped so they cannot form links.
A built .ctxpkg holds no file paths, so its links are made from node IDs: a warning says so
(EXPORT_URLS_FROM_IDS); export its source tree for links to the site's pages.
Exit codes: 0 written, 1 the input is not a valid package, 2 usage or I/O error.
Examples:
  ctxforge export llms-txt working-dir-example/octx
  ctxforge export llms-txt dist/handbook-1.1.0.octx --out site/llms.txt --base-url https://example.com/handbook/
  ctxforge export llms-txt synced-docs/ --base-url https://docs.example.com/ --out -`)
    .action(async (spec: string, o: Record<string, unknown>) => {
      const [{ writeFileAtomic }, { makeDirs }, { exportLlmsTxt }, { repoSiteSettings }] = await Promise.all([
        import('../../src/core/atomic.js'), import('../../src/core/dirs.js'), withRefInputs(import('../../src/export/llms-txt.js')), import('../../src/sync/site-settings.js'),
      ]);
      const baseUrl = (o.baseUrl as string | undefined) ?? (await repoSiteSettings(io.cwd))?.base_url;
      const r = await exportLlmsTxt(spec, { cwd: io.cwd, ...(baseUrl !== undefined ? { baseUrl } : {}) });
      const toFile = typeof o.out === 'string' && o.out !== '-';
      const out = toFile ? resolve(io.cwd, o.out as string) : undefined;
      if (out) { makeDirs(dirname(out)); await writeFileAtomic(out, r.text); }
      if (o.json) { printJson(io, { format: r.format, documents: r.documents, sections: r.sections, ...(out ? { out: o.out } : { text: r.text }), diagnostics: r.diagnostics }); return; }
      printDiagnostics(io, r.diagnostics); // on standard error: the index itself may be going to standard output
      if (!out) io.out(r.text);
      else io.out(`wrote ${o.out as string}: ${r.documents} documents in ${r.sections.length} sections`);
    });
}
