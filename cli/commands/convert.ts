// `ctxforge convert`: a source tree or built package of one format → another format's source tree, IDs kept.
import { Command, Option } from 'commander';
import type { FormatName } from '../../src/format.js';
import { printDiagnostics, printJson, withRefInputs, type Io } from '../shared.js';

export function registerConvert(program: Command, io: Io): void {
  program.command('convert')
    .description('Write another format\'s source tree from a source tree or a built .octx / .ctxpkg / .acx, keeping stable IDs and the package identity')
    .argument('<source>', 'source tree (any format), built artifact, or <ref>:<path> to convert')
    .addOption(new Option('--to <format>', 'target format').choices(['octx', 'ctxpkg', 'acx']).makeOptionMandatory())
    .requiredOption('--out <dir>', 'directory for the new source tree (new, empty, or an earlier conversion, which records its files in .ctxforge-convert.json)')
    .option('--dry-run', 'only report what would be written')
    .option('--json', 'print {from, to, out, documents, skills, files, diagnostics}')
    .addHelpText('after', `
Every document keeps its ID, and the package its identity: what the target has no field for (an OCTX
asset id, ctxpkg dependencies, a cartridge publisher, a hand-written frontmatter) travels in an
x-ctxforge / x-<format> field, so converting back gives the same package and \`ctxforge diff\` shows no
change. Links between documents (inline, reference definitions, wiki links, embeds; extensionless,
folder and root-absolute targets, resolved as the package's doc site serves them) become ctxpkg
"references" edges, and edges become links. A name the target cannot hold (OCTX's index.md, a dot-file
or a space in a cartridge) is renamed with every link to it (CONVERT_RENAMED), or nothing is written
(CONVERT_LINK_NOT_REWRITTEN); the way back gives the name back. The doc site's generator travels in the
manifest's x-ctxforge, so \`validate --links\` judges the converted tree by that site's rules. What no
other format has a place for (records, vectors, memory, capabilities, skills …) is listed as
CONVERT_LEFT_OUT info. A built .ctxpkg holds no file paths: its documents are named after their node
ids, and the relative links that breaks are named (CONVERT_LINKS_UNRESOLVED); convert its source tree.
A skill the target cannot hold (a file name a cartridge cannot store) stops the conversion: nothing is
written. Converting again into --out replaces and removes only the files the earlier conversion
recorded in .ctxforge-convert.json; a file added by hand stays, and one this conversion would
overwrite stops it (CONVERT_OUTPUT_NOT_EMPTY), as does a target tree without that record.
Exit codes: 0 converted, 1 the source is not valid enough to read or the target cannot hold it, 2 usage or I/O error.
Examples:
  ctxforge convert working-dir-example/octx --to ctxpkg --out handbook-ctxpkg
  ctxforge convert working-dir-example/ctxpkg --to acx --out payments-cartridge --json
  ctxforge convert dist/handbook-1.1.0.octx --to acx --out handbook-cartridge`)
    .action(async (src: string, o: Record<string, unknown>) => {
      const { convertPath } = await withRefInputs(import('../../src/convert/index.js'));
      const r = await convertPath(src, o.to as FormatName, o.out as string, { dryRun: !!o.dryRun, cwd: io.cwd });
      if (o.json) printJson(io, { ...r, out: o.out });
      else {
        printDiagnostics(io, r.diagnostics);
        const skills = r.skills ? ` and ${r.skills} skill${r.skills === 1 ? '' : 's'}` : '';
        io.out(`${r.dryRun ? 'dry run: would convert' : 'converted'} ${r.documents} documents${skills} ${r.from} → ${r.to} into ${o.out as string}: ${r.files.written.length} files ${r.dryRun ? 'to write' : 'written'}, ${r.files.removed.length} ${r.dryRun ? 'to remove' : 'removed'}, ${r.files.unchanged} unchanged`);
      }
    });
}
