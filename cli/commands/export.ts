// `ctxforge export llms-txt`: an llms.txt index of a package's documents.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { writeFileAtomic } from '../../src/core/atomic.js';
import { makeDirs } from '../../src/core/dirs.js';
import { exportLlmsTxt } from '../../src/export/llms-txt.js';
import { printJson, type Io } from '../shared.js';
import { dirname } from 'node:path';

export function registerExport(program: Command, io: Io): void {
  const exp = program.command('export').description('Write an index of a package for other tools (llms-txt)')
    .addHelpText('after', `
Examples:
  ctxforge export llms-txt working-dir-example/octx --out llms.txt`);
  exp.command('llms-txt')
    .description('Write an llms.txt (H1 title, blockquote summary, sections of - [title](path): description) from a package\'s documents')
    .argument('<source-tree|artifact>', 'source tree of any format, or a built .octx / .ctxpkg / .acx')
    .option('--out <file>', 'write here (atomically) instead of standard output')
    .option('--base-url <url>', 'prefix of every link (default: paths relative to the source tree)')
    .option('--json', 'print {format, documents, sections, out?, text?}')
    .addHelpText('after', `
Exit codes: 0 written, 1 the input is not a valid package, 2 usage or I/O error.
Examples:
  ctxforge export llms-txt working-dir-example/octx
  ctxforge export llms-txt dist/handbook-1.1.0.octx --out site/llms.txt --base-url https://example.com/handbook/`)
    .action(async (spec: string, o: Record<string, unknown>) => {
      const r = await exportLlmsTxt(spec, { cwd: io.cwd, baseUrl: o.baseUrl as string | undefined });
      const out = o.out ? resolve(io.cwd, o.out as string) : undefined;
      if (out) { makeDirs(dirname(out)); await writeFileAtomic(out, r.text); }
      if (o.json) printJson(io, { format: r.format, documents: r.documents, sections: r.sections, ...(out ? { out: o.out } : { text: r.text }) });
      else if (!out) io.out(r.text);
      else io.out(`wrote ${o.out as string}: ${r.documents} documents in ${r.sections.length} sections`);
    });
}
