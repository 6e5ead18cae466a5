// `ctxforge inspect`: what a package holds.
import type { Command } from 'commander';
import { inspectPath } from '../../src/inspect.js';
import { limitsFrom, printJson, withLimitOptions, type Io } from '../shared.js';

export function registerInspect(program: Command, io: Io): void {
  withLimitOptions(program.command('inspect')
    .description('Show what a package holds: identity, release, documents or nodes or skills, capabilities, sizes, signatures')
    .argument('<file>', 'package file (.octx, .ctxpkg, .acx)')
    .option('--budget <tokens>', 'ctxpkg: show which nodes an activation-ordered assembly includes under this token budget')
    .option('--trust <registry>', 'acx: trust registry for the trust verdict')
    .option('--json', 'print the same facts as JSON'))
    .action(async (file: string, o: Record<string, unknown>) => {
      const r = await inspectPath(file, { cwd: io.cwd, env: io.env, limits: limitsFrom(o), budget: o.budget as string | undefined, trust: o.trust as string | undefined });
      if (o.json) printJson(io, r.json);
      else io.out(r.text);
    });
}
