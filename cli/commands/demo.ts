// `ctxforge demo <dir>`: the main job on a folder of source trees (what `npm start` runs).
import type { Command } from 'commander';
import { ExitCode, printJson, type Io } from '../shared.js';

export function registerDemo(program: Command, io: Io): void {
  program.command('demo')
    .description('Run the main job on a folder of source trees: validate, build every format, sign with a throwaway key, verify, diff, write the output directory')
    .argument('[dir]', 'folder holding source trees (each subfolder is checked)', 'working-dir-example')
    .option('-o, --out <dir>', 'output directory', 'dist')
    .option('--json', 'print the whole result as JSON')
    .addHelpText('after', `
Examples:
  ctxforge demo
  ctxforge demo working-dir-example --out /tmp/ctxforge-demo
  ctxforge demo working-dir-example --json`)
    .action(async (dir: string, o: Record<string, unknown>) => {
      const { runDemo } = await import('../../src/demo.js');
      const r = await runDemo(dir, { cwd: io.cwd, env: io.env, outDir: o.out as string, log: o.json ? undefined : (s) => io.out(s) });
      if (o.json) printJson(io, r);
      if (!r.ok) throw new ExitCode(1);
    });
}
