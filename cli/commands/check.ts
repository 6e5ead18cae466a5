// `ctxforge check`: the pull-request check on this machine, as the Action's check mode runs it —
// every package of the repository validated (links included), diffed against a base commit, judged
// by the fail-on policy. The pre-commit hook `ctxforge-check` (.pre-commit-hooks.yaml) calls it.
import { Option, type Command } from 'commander';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { configFrom, configOption, ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

export function registerCheck(program: Command, io: Io): void {
  program.command('check')
    .description('The pull-request check, locally: validate every package, diff each against --base, fail by --fail-on')
    .option('--base <ref>', 'the commit to compare with: what a pull request targets (e.g. origin/main); HEAD: what this commit changes', 'HEAD')
    .option('--fail-on <list>', 'comma-separated: error, version, breaking, warning, config; or none', 'error,version,config')
    .option('--path <dir>', 'only the packages at or below this repository path')
    .addOption(configOption())
    .option('--json', 'print the check result as one JSON document')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'md']).default('text'))
    .addHelpText('after', `
The packages and change policy come from the base commit's ctxforge.yaml, as in a pull request.
The lock gate reviews ctxforge.lock like a dependency change: every locked artifact at the head is
fetched (https to public addresses only) and must install exactly what the head's lock records; a
package added unsigned, re-pinned to another key, downgraded, republished under the same version, or
signed by a key the base does not know, and files in .agents/.claude/… skill folders or
.agents/knowledge that the lock does not record, fail it (the base's ctxforge.yaml \`lock:\` decides
which). Changed skills are shown as a diff. Lock findings fail the check unless --fail-on none.
Exit codes: 0 passed, 1 failed (an invalid package or a --fail-on finding), 2 usage or I/O error.
Examples:
  ctxforge check                                  # the working tree against HEAD
  ctxforge check --base origin/main               # what a pull request into main would be told
  ctxforge check --fail-on error,breaking --format md`)
    .action(async (o: Record<string, unknown>) => {
      const { runCheck, parseFailOn } = await import('../../src/release/check.js');
      let failOn;
      try {
        failOn = parseFailOn(o.failOn as string);
      } catch (e) {
        throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_USAGE', message: (e as Error).message }, 2);
      }
      const r = await runCheck({ cwd: io.cwd, base: o.base as string, path: o.path as string | undefined, config: configFrom(io, o), failOn, env: io.env });
      const { checkMarkdown, checkText } = await import('../../src/release/check-report.js');
      if (o.json) printJson(io, { ...r, packages: r.packages.map(({ diff, ...p }) => ({ ...p, diff: diff ? diff.result : null })) });
      else {
        io.out(o.format === 'md' ? checkMarkdown(r) : checkText(r));
        printDiagnostics(io, r.notes);
      }
      if (r.failed) throw new ExitCode(1);
    });
}
