// `ctxforge validate` and `ctxforge verify`: check packages and source trees.
import { Command, Option } from 'commander';
import { resultsText } from '../../src/core/report.js';
import { configFrom, configOption, ExitCode, limitsFrom, printDiagnostics, printJson, withLimitOptions, withRefInputs, type Io } from '../shared.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { join, relative } from 'node:path';

function addCommon(cmd: Command): Command {
  return withLimitOptions(cmd)
    .option('--json', 'print one JSON document: {"results":[{path, format, valid, diagnostics}]}')
    .addOption(new Option('--format <format>', 'skip detection: treat inputs as this format').choices(['octx', 'ctxpkg', 'acx']))
    .option('--key <key>', 'pin the signer: public key file (SPKI PEM) or 64 hex digits; with --reproduce: the release\'s private key (rebuild byte for byte)')
    .option('--trust <registry>', 'trust registry (acx.trust-registry/1 JSON) for cartridge trust')
    .option('--local-key <key>', 'public key treated as this machine\'s own (acx "local" trust)')
    .option('--packages <dir>', 'directory of packages for resolving ctxpkg dependencies')
    .addOption(new Option('--links <level>', 'relative links to missing documents or anchors in source trees (default: `links:` in ctxforge.yaml, else warning)').choices(['off', 'warning', 'error']));
}

/** No paths: the packages of the repository around the working directory (as `ctxforge list` shows them). */
async function repositoryPackages(io: Io): Promise<string[]> {
  const { discoverPackages } = await import('../../src/repo/packages.js');
  const found = await discoverPackages({ cwd: io.cwd });
  const usable = found.packages.filter((p) => !p.problem);
  for (const p of found.packages.filter((x) => x.problem)) printDiagnostics(io, [{ severity: 'error', code: p.problemCode ?? 'CTXFORGE_REPO_PACKAGE_UNKNOWN', message: `${p.path || '.'}: ${p.problem}`, file: found.config?.file ?? 'ctxforge.yaml' }]);
  if (!found.packages.length) {
    throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_REPO_PACKAGE_UNKNOWN', message: `no packages found in ${found.root}`, hint: 'name what to validate (ctxforge validate <path>), or list the packages in ctxforge.yaml' }, 2);
  }
  if (usable.length < found.packages.length) throw new ExitCode(1);
  return usable.map((p) => relative(io.cwd, join(found.root, p.path)) || '.');
}

async function run(io: Io, pathsIn: string[], o: Record<string, unknown>, verify: boolean): Promise<void> {
  const paths = pathsIn.length ? pathsIn : await repositoryPackages(io);
  const { validatePaths } = await withRefInputs(import('../../src/validate.js'));
  const results = await validatePaths(paths, {
    cwd: io.cwd,
    env: io.env,
    format: o.format as string | undefined,
    limits: limitsFrom(o),
    key: o.key as string | undefined,
    trust: o.trust as string | undefined,
    localKey: o.localKey as string | undefined,
    packagesDir: o.packages as string | undefined,
    links: o.links as 'off' | 'warning' | 'error' | undefined,
    verify,
  });
  if (o.json) printJson(io, { results });
  else io.out(resultsText(results));
  if (results.some((r) => r.diagnostics.some((d) => d.code === 'CTXFORGE_IO'))) throw new ExitCode(2);
  if (results.some((r) => !r.valid)) throw new ExitCode(1);
}

export function registerValidate(program: Command, io: Io): void {
  addCommon(program.command('validate')
    .description('Validate packages (.octx, .ctxpkg, .acx) or source trees against their specs')
    .argument('[paths...]', 'files, directories, or <ref>:<path> in git (default: every package of the repository, as `ctxforge list` shows them)'))
    .addHelpText('after', `
Exit codes: 0 all valid, 1 something is invalid, 2 usage or I/O error.
Examples:
  ctxforge validate                              # every package of this repository
  ctxforge validate working-dir-example/octx
  ctxforge validate dist/*.octx --json
  ctxforge validate v1.2.0:knowledge-pack/`)
    .action((paths: string[], o: Record<string, unknown>) => run(io, paths, o, false));
}

async function runReproduce(io: Io, paths: string[], o: Record<string, unknown>): Promise<void> {
  if (!o.ref) throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_USAGE', message: '--reproduce needs --ref <tag>' }, 2);
  const [{ loadSigningKey }, { reproduce }] = await Promise.all([import('../../src/core/keys.js'), import('../../src/repo/reproduce.js')]);
  // With --reproduce, --key is the release's private key: a signed artifact is then rebuilt byte for byte.
  const key = o.key ? loadSigningKey(o.key as string, { env: io.env }) : undefined;
  const results = [];
  for (const p of paths) {
    results.push(await reproduce(p, {
      cwd: io.cwd, env: io.env, limits: limitsFrom(o), ref: o.ref as string, key,
      format: o.format as string | undefined, epoch: o.sourceDateEpoch as string | undefined, config: configFrom(io, o),
    }));
  }
  if (o.json) printJson(io, { results });
  else {
    printDiagnostics(io, results.flatMap((r) => r.warnings ?? []));
    for (const r of results) {
      io.out(r.confirmed
        ? `✓ reproduced  ${r.artifact}  from ${r.source} (commit ${r.commit.slice(0, 12)}, epoch ${r.epoch}), method ${r.method}: ${r.method === 'bytes'
          ? `sha256 ${r.expected_sha256}`
          : `unsigned content ${r.unsigned_digest} equals the rebuild, signature verified`}`
        : `✗ not reproduced  ${r.artifact}  from ${r.source}: ${r.reason ?? 'mismatch'}; expected sha256 ${r.expected_sha256}, rebuilt ${r.attempts.map((a) => `${a.sha256 ?? `error: ${a.error}`} (epoch ${a.epoch}, ${a.epoch_source})`).join('; ')}`);
    }
  }
  const bad = results.filter((r) => !r.confirmed);
  if (bad.length) {
    printDiagnostics(io, bad.map((r) => ({ severity: 'error' as const, code: 'CTXFORGE_REPRODUCE_MISMATCH', message: `not what ${r.source} builds: ${r.reason ?? 'mismatch'}`, file: r.artifact })));
    throw new ExitCode(1);
  }
}

export function registerVerify(program: Command, io: Io): void {
  addCommon(program.command('verify')
    .description('Validate and verify integrity, signatures and trust of built packages')
    .argument('<paths...>', 'package files')
    .option('--reproduce', 'rebuild each package from git at --ref: byte-identical, or for a signed one without --key, the same unsigned content under a signature that verifies')
    .option('--ref <ref>', 'with --reproduce: the release tag, or <tag>:<path> naming the source folder')
    .option('--source-date-epoch <n>', 'with --reproduce: build time (default: the commit time at --ref)')
    .addOption(configOption('with --reproduce: ')))
    .addHelpText('after', `
verify checks everything validate does, plus signatures (ctxpkg coverage, acx trust).
Exit codes: 0 verified, 1 invalid, tampered or bad signature, 2 usage or I/O error.
Examples:
  ctxforge verify dist/acme-payments-service-1.3.0.ctxpkg --key release.pub
  ctxforge verify dist/research-assistant-1.2.0.acx --trust trust-registry.json --json
  ctxforge verify dist/release-engineering-handbook-1.1.0.octx --reproduce --ref octx@v1.1.0`)
    .action((paths: string[], o: Record<string, unknown>) => (o.reproduce ? runReproduce(io, paths, o) : run(io, paths, o, true)));
}
