// `ctxforge build`: source tree → deterministic artifact.
import type { Command } from 'commander';
import { ExitCode, limitsFrom, printDiagnostics, printJson, withLimitOptions, withRefInputs, type Io } from '../shared.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';

export function registerBuild(program: Command, io: Io): void {
  withLimitOptions(program.command('build')
    .description('Build a source tree into a byte-reproducible package (.octx, .ctxpkg or .acx)')
    .argument('<srcdir>', 'source tree: OCTX working directory, ctxpkg source tree or cartridge source tree')
    .option('-o, --out <dir>', 'output directory', 'dist')
    .option('--source-date-epoch <n>', 'build time in seconds since 1970 (default: $SOURCE_DATE_EPOCH, else the last git commit time of <srcdir>)')
    .option('--key <key>', 'sign with this Ed25519 key: PKCS#8 PEM file, 64-hex seed, or env:VAR (ctxpkg, acx)')
    .option('--allow-secrets', 'build even when credential-shaped strings are found (local use only)')
    .option('--compress', 'acx: store sqlar blobs zlib-compressed (smaller; see README for the caveat)')
    .option('--json', 'print {"artifacts":[{path, format, sha256}]}'))
    .addHelpText('after', `
The same source and epoch always give byte-identical output, on any machine, time zone or umask.
The output is validated before it is renamed into place; on failure nothing is written.
Examples:
  ctxforge build working-dir-example/octx --out dist
  SOURCE_DATE_EPOCH=1767225600 ctxforge build my-pack --json`)
    .action(async (src: string, o: Record<string, unknown>) => {
      const { buildPath } = await withRefInputs(import('../../src/build.js'));
      const warnings: Diagnostic[] = [];
      const artifact = await buildPath(src, {
        cwd: io.cwd, env: io.env, outDir: o.out as string, epoch: o.sourceDateEpoch as string | undefined,
        keySpec: o.key as string | undefined, allowSecrets: !!o.allowSecrets, compress: !!o.compress,
        limits: limitsFrom(o), warnings,
      });
      printDiagnostics(io, warnings);
      if (o.json) printJson(io, { artifacts: [{ path: artifact.path, format: artifact.format, sha256: artifact.sha256 }] });
      else io.out(`built ${artifact.path}  (${artifact.format} ${artifact.name} ${artifact.version}, ${artifact.size} bytes, sha256 ${artifact.sha256})`);
      if (warnings.some((w) => w.severity === 'error')) throw new ExitCode(1);
    });
}
