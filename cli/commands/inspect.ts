// `ctxforge inspect`: what a package holds.
import type { Command } from 'commander';
import { limitsFrom, printJson, withLimitOptions, withRefInputs, type Io } from '../shared.js';

export function registerInspect(program: Command, io: Io): void {
  withLimitOptions(program.command('inspect')
    .description('Show what a package holds: identity, release, documents or nodes or skills, capabilities, sizes, signatures')
    .argument('<file>', 'package file (.octx, .ctxpkg, .acx)')
    .option('--budget <tokens>', 'ctxpkg: show which nodes an activation-ordered assembly includes under this token budget')
    .option('--trust <registry>', 'acx: trust registry for the trust verdict')
    .option('--json', 'print the same facts as JSON'))
    .addHelpText('after', `
Examples:
  ctxforge inspect dist/release-engineering-handbook-1.1.0.octx
  ctxforge inspect dist/acme-payments-service-1.3.0.ctxpkg --budget 2000
  ctxforge inspect dist/research-assistant-1.2.0.acx --trust trust-registry.json --json`)
    .action(async (file: string, o: Record<string, unknown>) => {
      const { inspectPath } = await withRefInputs(import('../../src/inspect.js'));
      const r = await inspectPath(file, { cwd: io.cwd, env: io.env, limits: limitsFrom(o), budget: o.budget as string | undefined, trust: o.trust as string | undefined });
      if (o.json) printJson(io, r.json);
      else io.out(r.text);
    });
}
