// OCTX-only commands: `ids` (stamp stable document IDs) and `unpack` (safe extraction).
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { ExitCode, limitsFrom, printDiagnostics, printJson, withLimitOptions, withRefInputs, type Io } from '../shared.js';

export function registerIds(program: Command, io: Io): void {
  program.command('ids')
    .description('Stamp missing stable IDs (and types) into a source tree: OCTX octx.document_id, ctxpkg node id; existing IDs are never changed')
    .argument('[dir]', 'OCTX working directory or ctxpkg source tree', '.')
    .option('--dry-run', 'only report what would be stamped')
    .option('--json', 'print {"format", "dir", "stamped":[{path, id?, type?}], "diagnostics"}')
    .addHelpText('after', `
Only the missing lines are inserted into the frontmatter; every other byte of each file stays as it was.
An OCTX document gets a UUIDv7 octx.document_id and type Document; a ctxpkg node (nodes/**/*.md) gets
an id made from its path (nodes/gotchas/retry.md → gotchas-retry) and type fact.
Examples:
  ctxforge ids working-dir-example/octx --dry-run
  ctxforge ids working-dir-example/octx
  ctxforge ids --dry-run --json`)
    .action(async (dir: string, o: Record<string, unknown>) => {
      const { stampPath } = await import('../../src/ids.js');
      const r = await stampPath(dir, { cwd: io.cwd, dryRun: !!o.dryRun });
      const idName = r.format === 'octx' ? 'document_id' : 'id';
      if (o.json) printJson(io, r);
      else {
        printDiagnostics(io, r.diagnostics);
        io.out(r.stamped.length ? r.stamped.map((s) => `${o.dryRun ? 'would stamp' : 'stamped'} ${s.path}: ${[s.id && `${idName} ${s.id}`, s.type && `type ${s.type}`].filter(Boolean).join(', ')}`).join('\n') : `every ${r.format === 'octx' ? 'Concept Document' : 'node'} already has its ID and type`);
      }
      if (r.diagnostics.length) throw new ExitCode(1);
    });
}

export function registerUnpack(program: Command, io: Io): void {
  withLimitOptions(program.command('unpack')
    .description('Extract a valid .octx safely into a directory (validated first; nothing outside <dir> is written)')
    .argument('<file>', '.octx package')
    .argument('<dir>', 'target directory')
    .option('--json', 'print {"dir", "files", "unchanged"}'))
    .addHelpText('after', `
Refuses to overwrite unrelated files, to write through symlinks, and names that collide on case-insensitive file systems.
Examples:
  ctxforge unpack dist/release-engineering-handbook-1.1.0.octx handbook-src
  ctxforge unpack dist/release-engineering-handbook-1.1.0.octx handbook-src --json`)
    .action(async (file: string, dir: string, o: Record<string, unknown>) => {
      const { unpackPath } = await withRefInputs(import('../../src/import.js'));
      const r = await unpackPath(file, dir, { cwd: io.cwd, limits: limitsFrom(o) });
      if (o.json) printJson(io, { ...r, dir });
      else io.out(`unpacked ${r.files.length} files into ${dir}${r.unchanged.length ? ` (${r.unchanged.length} already identical)` : ''}`);
    });
}
