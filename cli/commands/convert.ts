// `ctxforge convert`: a source tree of one format → another format's source tree, IDs kept.
import { Command, Option } from 'commander';
import { resolve } from 'node:path';
import { convertTree } from '../../src/convert/index.js';
import type { TargetFormat } from '../../src/sync/model.js';
import { printDiagnostics, printJson, type Io } from '../shared.js';

export function registerConvert(program: Command, io: Io): void {
  program.command('convert')
    .description('Write another format\'s source tree from an OCTX working directory, ctxpkg source tree or cartridge source tree, keeping stable IDs')
    .argument('<source-tree>', 'source tree to convert')
    .addOption(new Option('--to <format>', 'target format').choices(['octx', 'ctxpkg', 'acx']).makeOptionMandatory())
    .requiredOption('--out <dir>', 'directory for the new source tree (new, empty, or an earlier conversion)')
    .option('--dry-run', 'only report what would be written')
    .option('--json', 'print {from, to, out, documents, files, diagnostics}')
    .addHelpText('after', `
Relative links become ctxpkg "references" edges and edges become links; what the target cannot hold
(records, vectors, memory, capabilities, dependencies …) is listed as CONVERT_LEFT_OUT info.
Exit codes: 0 converted, 1 the source is not valid enough to read, 2 usage or I/O error.
Examples:
  ctxforge convert working-dir-example/octx --to ctxpkg --out handbook-ctxpkg
  ctxforge convert working-dir-example/ctxpkg --to acx --out payments-cartridge --json`)
    .action(async (src: string, o: Record<string, unknown>) => {
      const r = await convertTree(resolve(io.cwd, src), o.to as TargetFormat, resolve(io.cwd, o.out as string), { dryRun: !!o.dryRun, label: src });
      if (o.json) printJson(io, { ...r, out: o.out });
      else {
        printDiagnostics(io, r.diagnostics);
        io.out(`${r.dryRun ? 'dry run: would convert' : 'converted'} ${r.documents} documents ${r.from} → ${r.to} into ${o.out as string}: ${r.files.written.length} files ${r.dryRun ? 'to write' : 'written'}, ${r.files.unchanged} unchanged`);
      }
    });
}
