// `ctxforge release`: the release pipeline (validate, build, sign, provenance, notes, publish) from
// the command line; locally it writes dist/ so a release can be rehearsed before tagging.
import type { Command } from 'commander';
import type { ReleaseResult } from '../../src/release/index.js';
import { resultsText } from '../../src/core/report.js';
import { escapeData as esc } from '../../src/core/log-safe.js';
import { configFrom, configOption, ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

function summary(r: ReleaseResult): string {
  const lines = [esc(`${r.dry_run ? 'rehearsed' : 'released'} ${r.tag} (${r.packages.map((p) => `${p.name} ${p.version}`).join(', ')})${r.previous_tag ? `, previous ${r.previous_tag}` : ', initial release'}`)];
  for (const a of r.artifacts) lines.push(`  ${esc(a.name).padEnd(28)} ${a.sha256}`);
  for (const s of r.steps.filter((x) => x.status === 'skipped')) lines.push(`  skipped ${s.name}: ${esc(s.reason ?? '')}`);
  if (r.release) lines.push(`  ${r.release.draft ? 'draft' : 'published'}: ${r.release.url}`);
  return lines.join('\n');
}

export function registerRelease(program: Command, io: Io): void {
  program.command('release')
    .description('Release the package named by a version tag: validate, build, sign, SHA256SUMS(.minisig), provenance, notes, publish')
    .option('--tag <tag>', 'tag to release (default: $GITHUB_REF, else the release tag at HEAD; with --dry-run, derived from the package version)')
    .option('--dry-run', 'do everything except publishing')
    .option('-o, --out <dir>', 'output directory', 'dist')
    .option('--key <key>', 'Ed25519 signing key: PKCS#8 PEM file, 64-hex seed, or env:VAR')
    .option('--path <dir>', 'only the package at this repository path')
    .addOption(configOption())
    .option('--json', 'print the release result as JSON')
    .addHelpText('after', `
Publishing needs GITHUB_TOKEN and GITHUB_REPOSITORY (GitHub Actions sets them); without them, or
with --dry-run, the release stops after writing the output directory.
Examples:
  ctxforge release --dry-run --key env:CTXFORGE_KEY
  ctxforge release --tag guide@v1.2.0 --key release.key
  ctxforge release --dry-run --config .github/ctxforge.yaml --tag guide@v1.2.0`)
    .action(async (o: Record<string, unknown>) => {
      const { runRelease, ReleaseFailure } = await import('../../src/release/index.js');
      const env = io.env;
      const token = env.GITHUB_TOKEN;
      const repository = env.GITHUB_REPOSITORY;
      try {
        const r = await runRelease({
          cwd: io.cwd, env, outDir: o.out as string, tag: o.tag as string | undefined, dryRun: !!o.dryRun,
          keySpec: o.key as string | undefined, path: o.path as string | undefined, config: configFrom(io, o),
          github: token && repository ? { token, repository, apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com' } : undefined,
          log: o.json ? undefined : (s) => io.err(esc(s)),
        });
        printDiagnostics(io, r.warnings);
        if (o.json) printJson(io, r);
        else io.out(summary(r));
      } catch (e) {
        if (e instanceof ReleaseFailure && e.validation.some((v) => !v.valid)) {
          if (o.json) printJson(io, { error: e.diagnostic, results: e.validation });
          else io.err(resultsText(e.validation));
          if (o.json) throw new ExitCode(e.exitCode);
        }
        throw e;
      }
    });
}
