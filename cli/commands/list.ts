// `ctxforge list`: the packages of the repository (from ctxforge.yaml or detected) and their releases.
import type { Command } from 'commander';
import { escapeData as esc } from '../../src/core/log-safe.js';
import { configFrom, configOption, ExitCode, printJson, type Io } from '../shared.js';

export function registerList(program: Command, io: Io): void {
  program.command('list')
    .description('List the packages of this repository: path, format, version, tag pattern, latest release tag')
    .option('--json', 'print {"root", "config", "packages":[…]}')
    .option('--ref <ref>', 'list the packages as they are at this git ref')
    .addOption(configOption())
    .addHelpText('after', `
Packages come from ctxforge.yaml at the repository root (or the --config file) when it lists any,
else every folder (up to 4 levels deep) that a format recognises as its source tree. A --config
file is read from disk, also with --ref.
Exit codes: 0 listed, 1 a configured package is unusable, 2 usage or I/O error, including a
missing --config file (CTXFORGE_REPO_CONFIG_MISSING) or an invalid one (CTXFORGE_REPO_CONFIG_INVALID).
Examples:
  ctxforge list
  ctxforge list --json
  ctxforge list --ref octx@v1.1.0
  ctxforge list --config .github/ctxforge.yaml`)
    .action(async (o: Record<string, unknown>) => {
      const [{ listPackages }, { tagNoteText }] = await Promise.all([import('../../src/repo/list.js'), import('../../src/repo/tag-patterns.js')]);
      const r = await listPackages({ cwd: io.cwd, ref: o.ref as string | undefined, config: configFrom(io, o) });
      if (o.json) printJson(io, r);
      else if (r.packages.length === 0) io.out(`no packages found in ${r.root}`);
      else {
        for (const p of r.packages) {
          const ver = p.version ? ` ${esc(`${p.package_name || p.name} ${p.version}`)}` : '';
          const tag = p.latest_tag ? `  latest ${esc(p.latest_tag)}` : '  no release tag';
          io.out(`${esc(p.path || '.')}  (${p.format ?? '?'}${ver})  tags ${esc(p.tag_pattern)}${tag}${p.problem ? `  ✗ ${esc(p.problem)}` : ''}`);
          if (p.tag_note) io.out(`  note: ${esc(tagNoteText(p.tag_note))}`);
        }
      }
      if (r.packages.some((p) => p.problem)) throw new ExitCode(1);
    });
}
