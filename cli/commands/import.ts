// `ctxforge import <package> <dir>`: a built package back into an editable source tree.
import type { Command } from 'commander';
import { printJson, withRefInputs, type Io } from '../shared.js';

export function registerImport(program: Command, io: Io): void {
  program.command('import')
    .description('Turn a built package (.ctxpkg, .acx, …) back into an editable source tree')
    .argument('<file>', 'package file')
    .argument('<dir>', 'directory to create (must be empty or absent)')
    .option('--json', 'print {"dir", "files"}')
    .addHelpText('after', `
Examples:
  ctxforge import dist/acme-payments-service-1.3.0.ctxpkg payments-src
  ctxforge import dist/research-assistant-1.2.0.acx cartridge-src --json`)
    .action(async (file: string, dir: string, o: Record<string, unknown>) => {
      const { importPath } = await withRefInputs(import('../../src/import.js'));
      const r = await importPath(file, dir, { cwd: io.cwd, env: io.env });
      if (o.json) printJson(io, r);
      else io.out(`imported ${file} into ${dir} (${r.files.length} files)`);
    });
}
