// `ctxforge registry add|index|check`: publish to and gate a git registry (the ACX reference's layout).
import type { Command } from 'commander';
import { resolve } from 'node:path';
import '../../src/registry/rules.js';
import { escapeData } from '../../src/core/log-safe.js';
import { ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

export function registerRegistry(program: Command, io: Io): void {
  const reg = program.command('registry')
    .description('Publish to and gate a git registry: artifacts at immutable coordinates, a deterministic index.json (acx.registry-index/1)')
    .addHelpText('after', `
The layout is the ACX reference's (docs/registries.md): cartridges/<publisher>/<id>/<version>/cartridge.acx,
status.json for lifecycle, index.json generated. Install from one with --registry.

Examples:
  ctxforge registry add dist/handbook-1.3.0.acx --registry .
  ctxforge registry check --registry . --base "$BASE_SHA"
  ctxforge install io.github.acme/handbook@^1 --registry https://github.com/acme/registry.git --key acme.pub`);
  const dirOf = (o: Record<string, unknown>) => resolve(io.cwd, (o.registry as string | undefined) ?? '.');
  reg.command('add')
    .description('Verify an artifact and place it at its immutable coordinate (cartridges/<publisher>/<id>/<version>/cartridge.acx), rewriting index.json')
    .argument('<artifact>', 'a signed .acx built by ctxforge build (or the ACX reference)')
    .option('--registry <dir>', 'the registry folder (default: the current folder)')
    .option('--json', 'print the report as JSON')
    .action(async (artifact: string, o: Record<string, unknown>) => {
      const { addArtifact } = await import('../../src/registry/add.js');
      const r = await addArtifact(resolve(io.cwd, artifact), dirOf(o));
      if (o.json) return printJson(io, r);
      io.out(escapeData(`${r.added ? '✓ added' : '• already there:'} ${r.path} (${r.digest}); index.json ${r.index_changed ? 'rewritten' : 'unchanged'}`));
      for (const n of r.not_judged) io.out(escapeData(`  not judged: ${n}`));
    });
  reg.command('index')
    .description('Rebuild index.json from the verified artifacts (refused while any artifact is rejected)')
    .option('--registry <dir>', 'the registry folder (default: the current folder)')
    .option('--json', 'print the index as JSON')
    .action(async (o: Record<string, unknown>) => {
      const { writeIndex } = await import('../../src/registry/add.js');
      const r = await writeIndex(dirOf(o));
      if (o.json) return printJson(io, r.index);
      io.out(`index.json ${r.changed ? 'rewritten' : 'unchanged'}: ${String(r.index.count)} cartridge(s), ${String(r.index.workflowCount)} workflow(s), ${String(r.index.agentGraphCount)} Agent Graph(s), ${String(r.index.templateCount)} template(s)`);
      for (const n of r.notJudged) io.out(escapeData(`  not judged: ${n}`));
    });
  reg.command('check')
    .description('The registry gate: every artifact verifies at its canonical coordinate, none changed since --base, and index.json equals a fresh build')
    .option('--registry <dir>', 'the registry folder (default: the current folder)')
    .option('--base <ref>', 'the pull request\'s base commit: a published coordinate changed, deleted or renamed since it fails')
    .option('--json', 'print the report as JSON')
    .addHelpText('after', `
Exit codes: 0 the registry passes, 1 it does not, 2 usage or I/O error.
Workflows, Agent Graphs and templates, and the level evidence of cartridges with level credentials,
are not verified by ctxforge: their index entries are taken from the committed index and reported
as not judged (run the ACX reference's builder for them).

Examples:
  ctxforge registry check --registry registry --base origin/main`)
    .action(async (o: Record<string, unknown>) => {
      const { checkRegistry } = await import('../../src/registry/check.js');
      let r;
      try {
        r = await checkRegistry(dirOf(o), { base: o.base as string | undefined });
      } catch (e) {
        if (!(e as { usage?: boolean }).usage) throw e;
        printDiagnostics(io, [{ severity: 'error', code: 'CTXFORGE_USAGE', message: (e as Error).message }]);
        throw new ExitCode(2);
      }
      if (o.json) printJson(io, r);
      else {
        printDiagnostics(io, r.diagnostics);
        const bad = r.diagnostics.some((d) => d.severity === 'error');
        io.out(bad ? `✗ registry check failed: ${r.rejected.length} rejected, ${r.changed_coordinates.length} changed coordinate(s), index ${r.index}`
          : `✓ registry passes: ${r.artifacts} artifact(s), index.json equals a fresh build${r.base ? `, no published coordinate changed since ${escapeData(r.base)}` : ''}`);
      }
      if (r.diagnostics.some((d) => d.severity === 'error')) throw new ExitCode(1);
    });
}
