// `ctxforge init <format> [dir]`: scaffold a valid source tree.
import type { Command } from 'commander';
import { printJson, type Io } from '../shared.js';

export function registerInit(program: Command, io: Io): void {
  program.command('init')
    .description('Scaffold a valid source tree: init octx | ctxpkg | acx [dir]')
    .argument('<format>', 'octx, ctxpkg or acx')
    .argument('[dir]', 'directory to create (must be empty or absent)', '.')
    .option('--name <name>', 'package / asset name')
    .option('--json', 'print {"dir", "files"}')
    .addHelpText('after', `
Examples:
  ctxforge init octx handbook
  ctxforge init ctxpkg payments-knowledge --name @acme/payments-knowledge
  ctxforge init acx my-cartridge --json`)
    .action(async (format: string, dir: string, o: Record<string, unknown>) => {
      const { initSource } = await import('../../src/init.js');
      const r = await initSource(format, dir, { cwd: io.cwd, name: o.name as string | undefined });
      if (o.json) printJson(io, r);
      else io.out(`created ${r.format} source tree in ${r.dir}:\n${r.files.map((f) => `  ${f}`).join('\n')}`);
    });
}
