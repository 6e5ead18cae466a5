// `ctxforge skills validate|import|export`: folders of Agent Skills (agentskills.io) checked, moved
// into a cartridge or a ctxpkg `kind: skills` source tree, and back out in the same layout.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { exportSkills, importSkills, validateSkills } from '../../src/skills/folder.js';
import { ExitCode, printDiagnostics, printJson, type Io } from '../shared.js';

function finish(io: Io, o: Record<string, unknown>, r: { diagnostics: Diagnostic[] } & Record<string, unknown>, line: string): void {
  if (o.json) printJson(io, r);
  else { printDiagnostics(io, r.diagnostics); io.out(line); }
  if (r.diagnostics.some((d) => d.severity === 'error')) throw new ExitCode(1);
}

export function registerSkills(program: Command, io: Io): void {
  const sk = program.command('skills').description('Agent Skills folders (<name>/SKILL.md, scripts/, references/, assets/): validate, import into a cartridge or ctxpkg kind: skills tree, export back')
    .addHelpText('after', `
Examples:
  ctxforge skills validate my-skills/
  ctxforge skills import my-skills/ cartridge/
  ctxforge skills export cartridge/ --out my-skills/`);
  sk.command('validate')
    .description('Check a folder of Agent Skills against the agentskills.io specification')
    .argument('<dir>', 'folder holding <name>/SKILL.md')
    .option('--json', 'print {skills, diagnostics}')
    .addHelpText('after', '\nExit codes: 0 valid, 1 findings, 2 usage or I/O error.\nExamples:\n  ctxforge skills validate ~/.claude/skills\n  ctxforge skills validate working-dir-example/acx/skills --json')
    .action(async (dir: string, o: Record<string, unknown>) => {
      const r = await validateSkills(resolve(io.cwd, dir));
      finish(io, o, { ...r }, `${r.diagnostics.some((d) => d.severity === 'error') ? '✗ invalid' : '✓ valid'}  ${dir}: ${r.skills.length} skill${r.skills.length === 1 ? '' : 's'}`);
    });
  sk.command('import')
    .description('Copy a folder of Agent Skills into a cartridge source tree (skills/) or a ctxpkg kind: skills source tree (documents/)')
    .argument('<dir>', 'folder holding <name>/SKILL.md')
    .argument('<source-tree>', 'cartridge or ctxpkg source tree')
    .option('--dry-run', 'only report what would be written')
    .option('--json', 'print {into, skills, files, diagnostics}')
    .addHelpText('after', '\nNothing is written when a skill is invalid. Exit codes: 0 imported, 1 findings, 2 usage or I/O error.\nExamples:\n  ctxforge skills import my-skills/ cartridge/\n  ctxforge skills import my-skills/ skills-pack/ --dry-run')
    .action(async (dir: string, tree: string, o: Record<string, unknown>) => {
      const r = await importSkills(resolve(io.cwd, dir), resolve(io.cwd, tree), { dryRun: !!o.dryRun });
      finish(io, o, { ...r }, `${r.dryRun ? 'would import' : 'imported'} ${r.skills.length} skills into the ${r.into} source tree ${tree}: ${r.files.written.length} files ${r.dryRun ? 'to write' : 'written'}, ${r.files.unchanged} unchanged`);
    });
  sk.command('export')
    .description('Write the skills of a cartridge or ctxpkg kind: skills source tree as a folder of Agent Skills')
    .argument('<source-tree>', 'cartridge or ctxpkg source tree')
    .requiredOption('--out <dir>', 'folder to write <name>/SKILL.md … into')
    .option('--json', 'print {skills, files, diagnostics}')
    .addHelpText('after', '\nExit codes: 0 exported, 1 findings, 2 usage or I/O error.\nExamples:\n  ctxforge skills export working-dir-example/acx --out skills/')
    .action(async (tree: string, o: Record<string, unknown>) => {
      const r = await exportSkills(resolve(io.cwd, tree), resolve(io.cwd, o.out as string));
      finish(io, o, { ...r }, `exported ${r.skills.length} skills into ${o.out as string}: ${r.files.written.length} files written, ${r.files.unchanged} unchanged`);
    });
}
