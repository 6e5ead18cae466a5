// `ctxforge merge`: compose ctxpkg packages per CTXPKG §6 into one new package.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { limitsFrom, printDiagnostics, printJson, withLimitOptions, type Io } from '../shared.js';

export function registerMerge(program: Command, io: Io): void {
  withLimitOptions(program.command('merge')
    .description('Merge .ctxpkg packages (CTXPKG §6 graph merge) into one new package; the result is the same whatever the argument order')
    .argument('<packages...>', 'two or more .ctxpkg files')
    .requiredOption('-o, --out <file>', '(required) output .ctxpkg file')
    .option('--name <name>', 'name of the merged package', 'merged')
    .option('--version <version>', 'version of the merged package', '1.0.0')
    .option('--description <text>', 'description of the merged package')
    .option('--source-date-epoch <n>', 'created_at (default: $SOURCE_DATE_EPOCH, else the newest input created_at)')
    .option('--key <key>', 'sign the result: PKCS#8 PEM file, 64-hex seed, or env:VAR')
    .option('--json', 'print {"artifacts":[{path, format, sha256}], inputs, node_count, edge_count, contradictions, deactivated, warnings}'))
    .addHelpText('after', `
Examples:
  ctxforge merge dist/acme-payments-service-1.3.0.ctxpkg dist/acme-payments-knowledge-0.1.0.ctxpkg --out dist/merged.ctxpkg
  ctxforge merge dist/*.ctxpkg -o dist/acme-all.ctxpkg --name @acme/all --version 2.0.0 --key env:CTXFORGE_KEY
  ctxforge merge dist/*.ctxpkg -o merged.ctxpkg --source-date-epoch 1767225600 --json`)
    .action(async (files: string[], o: Record<string, unknown>) => {
      const [{ loadSigningKey }, { mergePackages }] = await Promise.all([import('../../src/core/keys.js'), import('../../src/ctxpkg/merge.js')]);
      const warnings: Diagnostic[] = [];
      const key = o.key ? loadSigningKey(o.key as string, { env: io.env, warnings }) : undefined;
      const r = await mergePackages(files.map((f) => ({ label: f, path: resolve(io.cwd, f) })), {
        out: resolve(io.cwd, o.out as string), name: o.name as string, version: o.version as string, description: o.description as string | undefined,
        epoch: o.sourceDateEpoch as string | undefined, key, env: io.env, limits: limitsFrom(o),
      });
      warnings.push(...r.warnings);
      if (o.json) {
        printJson(io, { artifacts: [{ path: r.artifact.path, format: r.artifact.format, sha256: r.artifact.sha256 }], inputs: r.inputs, node_count: r.node_count,
          edge_count: r.edge_count, contradictions: r.contradictions, deactivated: r.deactivated, warnings });
        return;
      }
      printDiagnostics(io, warnings);
      io.out(`merged ${r.inputs.length} packages into ${r.artifact.path}  (${r.node_count} nodes, ${r.edge_count} edges, sha256 ${r.artifact.sha256})`);
    });
}
