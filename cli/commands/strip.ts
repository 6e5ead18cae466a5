// `ctxforge strip <in.acx> --out <out.acx>`: strip-to-ROM, printing the ROM manifest hash before and after.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { limitsFrom, printJson, withLimitOptions, type Io } from '../shared.js';

export function registerStrip(program: Command, io: Io): void {
  withLimitOptions(program.command('strip')
    .description('Strip a cartridge to its ROM (delete the SAVE zone) and prove the signed ROM manifest hash is unchanged')
    .argument('<in>', 'cartridge (.acx)')
    .requiredOption('-o, --out <file>', '(required) where to write the ROM-only cartridge')
    .option('--trust <registry>', 'trust registry for the trust verdict')
    .option('--json', 'print {"input", "output", "before", "after", "equal", "removed", "trustBefore", "trustAfter", "signature", "sha256"}'))
    .addHelpText('after', `
Exit codes: 0 stripped with an equal hash, 1 the input is invalid or tampered, 2 usage or I/O error.
Examples:
  ctxforge strip dist/research-assistant-1.2.0.acx --out dist/research-assistant-1.2.0-rom.acx
  ctxforge strip dist/research-assistant-1.2.0.acx -o rom.acx --trust trust-registry.json --json`)
    .action(async (input: string, o: Record<string, unknown>) => {
      const { stripToRom } = await import('../../src/acx/strip.js');
      const r = await stripToRom({ label: input, path: resolve(io.cwd, input) }, resolve(io.cwd, o.out as string),
        { env: io.env, limits: limitsFrom(o), trust: o.trust ? resolve(io.cwd, o.trust as string) : undefined });
      if (o.json) printJson(io, r);
      else io.out([
        `rom hash before strip: ${r.before}`,
        `rom hash after  strip: ${r.after}`,
        `hash-equality proof:   ${r.equal ? 'EQUAL (ROM intact; SAVE removed)' : 'DIFFERENT'}`,
        `removed: ${r.removed.sqlar} sqlar, ${r.removed.memory} memory, ${r.removed.vectors} vectors, ${r.removed.objects} objects rows`,
        `signature: ${r.signature}, trust: ${r.trustAfter}`,
        `wrote ${o.out as string}`,
      ].join('\n'));
    });
}
