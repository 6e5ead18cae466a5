// `ctxforge skills validate|import|export`: Agent Skills (agentskills.io) checked, moved into a
// cartridge or a ctxpkg `kind: skills` pack, and back out as skill folders.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { ExitCode, printDiagnostics, printJson, withRefInputs, type Io } from '../shared.js';

function finish(io: Io, o: Record<string, unknown>, r: { diagnostics: Diagnostic[] } & object, line: string, failed: boolean): void {
  if (o.json) printJson(io, r);
  else { printDiagnostics(io, r.diagnostics); io.out(line); }
  if (failed) throw new ExitCode(1);
}

const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
const collect = (v: string, prev: string[] = []) => [...prev, v];

export function registerSkills(program: Command, io: Io): void {
  const sk = program.command('skills').description('Agent Skills (a folder holding SKILL.md and any other files): validate, import into a cartridge or a ctxpkg kind: skills pack, export back')
    .addHelpText('after', `
A skill is a folder holding SKILL.md (YAML frontmatter: name, description, and optionally license,
compatibility, metadata, allowed-tools) plus any files and folders. Each format keeps its own limits:
a cartridge needs ASCII names and portable paths (ACX §3.2, §5.2), a ctxpkg pack holds at most 256
files, 1 MiB a file and 8 MiB in all. docs/skills.md has every rule and verdict.

Examples:
  ctxforge skills validate ~/.claude/skills
  ctxforge skills import ~/.claude/skills cartridge/
  ctxforge skills export dist/agent-1.0.0.acx --out skills/`);
  sk.command('validate')
    .description('Check one skill folder, or a folder of skills, against the Agent Skills specification')
    .argument('<dir>', 'a skill folder (holding SKILL.md) or a folder of skill folders')
    .option('--json', 'print {skills, valid, invalid, single, diagnostics}')
    .addHelpText('after', '\nUnknown frontmatter keys are errors here, as in skills-ref (import can move them for a cartridge).\nExit codes: 0 valid, 1 findings, 2 usage or I/O error.\nExamples:\n  ctxforge skills validate ~/.claude/skills\n  ctxforge skills validate ~/.claude/skills/pdf --json')
    .action(async (dir: string, o: Record<string, unknown>) => {
      const { validateSkills } = await import('../../src/skills/validate.js');
      const r = await validateSkills(resolve(io.cwd, dir), dir);
      const bad = r.diagnostics.some((d) => d.severity === 'error');
      finish(io, o, r, `${bad ? '✗ invalid' : '✓ valid'}  ${dir}: ${plural(r.skills.length, 'skill')}${r.invalid.length ? `, ${r.invalid.length} invalid (${r.invalid.join(', ')})` : ''}`, bad);
    });
  sk.command('import')
    .description('Copy Agent Skills into a cartridge source tree (skills/) or a ctxpkg kind: skills source tree (documents/)')
    .argument('<dir>', 'a skill folder or a folder of skill folders')
    .argument('<source-tree>', 'cartridge or ctxpkg kind: skills source tree')
    .option('--skip-invalid', 'import the valid skills and name each refused one (default: an invalid skill means nothing is written)')
    .option('--ext-namespace <reverse-dns>', 'cartridge: the acx_skill.ext namespace unknown frontmatter keys move into', 'com.anthropic.claude-code')
    .option('--dry-run', 'only report what would be written')
    .option('--json', 'print {into, skills, imported, refused, blocked, files, diagnostics}')
    .addHelpText('after', `
Into a cartridge each SKILL.md keeps exactly the six specified keys: other keys (Claude Code's model,
hooks …) move into acx_skill.ext under --ext-namespace, signed in rom/skill-ext/<name>.json, and a
list allowed-tools becomes one string. Into a ctxpkg pack every file is kept as written. Either way a
byte-order mark is removed; each change is reported. A re-imported skill replaces its old version.
Exit codes: 0 imported, 1 a skill refused (nothing written without --skip-invalid), 2 usage or I/O error.
Examples:
  ctxforge skills import ~/.claude/skills cartridge/
  ctxforge skills import ~/.claude/skills cartridge/ --skip-invalid
  ctxforge skills import my-skills/pdf skills-pack/ --dry-run`)
    .action(async (dir: string, tree: string, o: Record<string, unknown>) => {
      const { importSkills } = await import('../../src/skills/import.js');
      const r = await importSkills(resolve(io.cwd, dir), resolve(io.cwd, tree), { dryRun: !!o.dryRun, skipInvalid: !!o.skipInvalid, extNamespace: o.extNamespace as string }, { dir, target: tree });
      const f = r.files;
      const line = r.blocked
        ? `0 imported, ${r.refused.length} refused${r.refused.length ? ` (${r.refused.map((x) => x.name).join(', ')})` : ''}: nothing written to ${tree}${r.refused.length && !o.skipInvalid && r.skills.length > r.refused.length ? ' (--skip-invalid imports the others)' : ''}`
        : `${r.dryRun ? 'would import' : 'imported'} ${plural(r.imported.length, 'skill')} into the ${r.into} source tree ${tree}, ${r.refused.length} refused${r.refused.length ? ` (${r.refused.map((x) => x.name).join(', ')})` : ''}: ${f.written.length} files ${r.dryRun ? 'to write' : 'written'}, ${f.removed.length} ${r.dryRun ? 'to remove' : 'removed'}, ${f.unchanged} unchanged`;
      finish(io, o, r, line, r.blocked || r.diagnostics.some((d) => d.severity === 'error'));
    });
  sk.command('export')
    .description('Write the skills of a cartridge or ctxpkg kind: skills pack (source tree or built artifact) as skill folders')
    .argument('<source>', 'cartridge or ctxpkg source tree, .acx or .ctxpkg file (verified first), or <ref>:<path>')
    .requiredOption('--out <dir>', 'folder to write <name>/SKILL.md … into')
    .option('--allow-unbound <path>', 'cartridge: export this file although the signature binds its bytes only under another path (repeatable; the path as verify names it)', collect)
    .option('--dry-run', 'only report what would be written')
    .option('--json', 'print {from, kind, skills, unbound, files, diagnostics}')
    .addHelpText('after', `
A built artifact must verify (never tampered); its verification's warnings are printed. A cartridge
file whose bytes the signature binds only under another path (ACX_ROM_PATH_UNBOUND: a file copied to a
new path after signing looks the same) is exported only when named with --allow-unbound, as install
does; otherwise nothing is written. Files come out byte for byte as the package holds them.
Exit codes: 0 exported, 1 findings (no skills in the package, an unbound file), 2 usage or I/O error.
Examples:
  ctxforge skills export working-dir-example/acx --out skills/
  ctxforge skills export dist/research-assistant-1.2.0.acx --out skills/
  ctxforge skills export vendor.acx --out skills/ --allow-unbound rom/skills/pdf/LICENSE.txt`)
    .action(async (src: string, o: Record<string, unknown>) => {
      const { exportSkills } = await withRefInputs(import('../../src/skills/export.js'));
      const r = await exportSkills(src, o.out as string, { dryRun: !!o.dryRun, cwd: io.cwd, allowUnbound: (o.allowUnbound as string[] | undefined) ?? [] });
      const failed = r.diagnostics.some((d) => d.severity === 'error');
      finish(io, o, r, failed
        ? `nothing exported from ${src}${r.skills.length ? ` (${plural(r.skills.length, 'skill')} held back, reasons above)` : ''}`
        : `${r.dryRun ? 'would export' : 'exported'} ${plural(r.skills.length, 'skill')} from ${src} into ${o.out as string}: ${r.files.written.length} files ${r.dryRun ? 'to write' : 'written'}, ${r.files.unchanged} unchanged`, failed);
    });
}
