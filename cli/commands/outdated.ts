// `ctxforge outdated` and `ctxforge upgrade`: newer versions of locked packages, and installing them within the recorded range.
import type { Command } from 'commander';
import '../../src/registry/rules.js';
import { escapeData } from '../../src/core/log-safe.js';
import { installText } from './install.js';
import { ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

export function registerOutdated(program: Command, io: Io): void {
  program.command('outdated')
    .description('For each locked package, the newest version its registry (or GitHub Release) offers, and the newest within the locked range')
    .option('--user', 'the packages installed into your home folder')
    .option('--json', 'print {lock, packages: [{name, current, wanted, latest, range, source, from, status, reason?}]}')
    .addHelpText('after', `
wanted is the newest version in the range the lock records (registry sources); latest the newest
stable version the source lists. A GitHub Release URL is looked up with the releases API
($GITHUB_API_URL, $GITHUB_TOKEN when set); a file or another URL is "unknown", with the reason.
Exit codes: 0 listed (whatever is outdated), 2 usage or I/O error.

Examples:
  ctxforge outdated
  ctxforge outdated --json | jq '.packages[] | select(.status == "outdated")'`)
    .action(async (o: Record<string, unknown>) => {
      const { outdated } = await import('../../src/registry/outdated.js');
      const r = await outdated({ cwd: io.cwd, env: io.env, user: !!o.user });
      if (o.json) return printJson(io, r);
      if (!r.packages.length) return io.out(`${r.lock} records no package`);
      for (const p of r.packages) {
        io.out(escapeData(`${p.status === 'outdated' ? '↑' : p.status === 'unknown' ? '?' : '✓'} ${p.name} ${p.current ?? '-'}  wanted ${p.wanted ?? '-'}  latest ${p.latest ?? '-'}${p.range ? `  (range ${p.range})` : ''}  ${p.source} ${p.from}${p.reason ? `: ${p.reason}` : ''}`));
      }
    });
}

export function registerUpgrade(program: Command, io: Io): void {
  program.command('upgrade')
    .description('Install the newest version within the locked range of each registry package (or those named); verified against the key the lock pins')
    .argument('[name...]', 'package names as the lock records them (default: every registry package)')
    .option('--user', 'the packages installed into your home folder')
    .option('--force', 'overwrite installed files you edited')
    .option('--dry-run', 'verify and plan, write nothing')
    .option('--json', 'print {lock, upgraded: [install reports], skipped: [{name, reason}], diagnostics}')
    .addHelpText('after', `
The range ctxforge.lock records is the pin: nothing outside it is installed, and each new version
is verified against the key the lock pins for the package. GitHub Release and file sources are
skipped with the reason (install a new release by naming it).

Examples:
  ctxforge upgrade
  ctxforge upgrade handbook --dry-run`)
    .action(async (names: string[], o: Record<string, unknown>) => {
      const { upgrade } = await import('../../src/registry/outdated.js');
      const r = await upgrade(names, { cwd: io.cwd, env: io.env, user: !!o.user, force: !!o.force, dryRun: !!o.dryRun });
      if (o.json) printJson(io, r);
      else {
        printDiagnostics(io, r.diagnostics.filter((d) => d.severity !== 'info'));
        for (const u of r.upgraded) io.out(installText(u));
        for (const s of r.skipped) io.out(escapeData(`• ${s.name}: ${s.reason}`));
      }
      if (r.diagnostics.some((d) => d.severity === 'error')) throw new ExitCode(1);
    });
}
