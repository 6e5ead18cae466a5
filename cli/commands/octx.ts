// OCTX-only commands: `ids` (stamp stable document IDs) and `unpack` (safe extraction).
import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fail } from '../../src/core/diagnostics.js';
import { stampIds } from '../../src/octx/ids.js';
import { unpackPath } from '../../src/import.js';
import { ExitCode, limitsFrom, printDiagnostics, printJson, withLimitOptions, type Io } from '../shared.js';

/** ids changes files, so it says plainly when the path is not an OCTX working directory. */
function requireWorkingDir(abs: string): void {
  let st;
  try { st = statSync(abs); } catch {
    fail('CTXFORGE_IO', 'no such directory', { file: abs, hint: 'name an OCTX working directory (manifest.json and knowledge/)' }, 2);
  }
  if (!st.isDirectory()) fail('CTXFORGE_IO', `not a directory; ids stamps the documents of an OCTX working directory`, { file: abs }, 2);
  if (!existsSync(join(abs, 'manifest.json')) && !existsSync(join(abs, 'knowledge'))) {
    fail('CTXFORGE_USAGE', `not an OCTX working directory (no manifest.json, no knowledge/); nothing was stamped`,
      { file: abs, hint: 'run ctxforge ids on the folder holding manifest.json, or ctxforge init octx <dir> to make one' }, 2);
  }
}

export function registerIds(program: Command, io: Io): void {
  program.command('ids')
    .description('Stamp a missing octx.document_id (and type) into OCTX Concept Documents; existing IDs are never changed')
    .argument('[dir]', 'OCTX working directory', '.')
    .option('--dry-run', 'only report what would be stamped')
    .option('--json', 'print {"stamped":[{path, document_id?, type?}], "diagnostics"}')
    .addHelpText('after', `
Only the missing lines are inserted into the frontmatter; every other byte of each file stays as it was.
Examples:
  ctxforge ids working-dir-example/octx --dry-run
  ctxforge ids working-dir-example/octx
  ctxforge ids --dry-run --json`)
    .action(async (dir: string, o: Record<string, unknown>) => {
      requireWorkingDir(resolve(io.cwd, dir));
      const r = await stampIds(resolve(io.cwd, dir), { dryRun: !!o.dryRun });
      if (o.json) printJson(io, r);
      else {
        printDiagnostics(io, r.diagnostics);
        io.out(r.stamped.length ? r.stamped.map((s) => `${o.dryRun ? 'would stamp' : 'stamped'} ${s.path}: ${[s.document_id && `document_id ${s.document_id}`, s.type && `type ${s.type}`].filter(Boolean).join(', ')}`).join('\n') : 'every Concept Document already has its ID and type');
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
      // A missing package is an I/O problem (exit 2), not a corrupt archive (exit 1).
      if (!existsSync(resolve(io.cwd, file))) fail('CTXFORGE_IO', 'no such file', { file: resolve(io.cwd, file) }, 2);
      const r = await unpackPath(file, dir, { cwd: io.cwd, limits: limitsFrom(o) });
      if (o.json) printJson(io, { ...r, dir });
      else io.out(`unpacked ${r.files.length} files into ${dir}${r.unchanged.length ? ` (${r.unchanged.length} already identical)` : ''}`);
    });
}
