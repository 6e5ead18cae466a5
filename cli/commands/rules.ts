// `ctxforge rules`: every diagnostic code, from the rule registry.
import { Option, type Command } from 'commander';
import { allRules, RULE_FORMATS } from '../../src/core/rules.js';
// Every code is defined at start-up, not only those of the commands' code, which loads when a command
// runs: `rules` lists them all, and a code is known wherever it is reported.
import '../../src/all-rules.js';
import { printJson, type Io } from '../shared.js';

export function registerRules(program: Command, io: Io): void {
  program.command('rules')
    .description('List every diagnostic code with its summary and spec section')
    .addOption(new Option('--format <format>', 'only the codes of this format').choices(RULE_FORMATS))
    .option('--json', 'print the table as JSON')
    .addHelpText('after', `
Examples:
  ctxforge rules
  ctxforge rules --format acx
  ctxforge rules --format octx --json`)
    .action((o: Record<string, unknown>) => {
      const rules = allRules().filter((r) => !o.format || r.format === o.format);
      if (o.json) return printJson(io, { rules });
      const w = Math.max(...rules.map((r) => r.code.length));
      io.out(rules.map((r) => `${r.code.padEnd(w)}  ${r.summary}${r.spec ? `  [${r.spec}]` : ''}`).join('\n'));
    });
}
