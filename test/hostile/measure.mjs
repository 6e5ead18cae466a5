// Runs the CLI from source like bin/ctxforge.js, then reports the process's peak RSS on stderr,
// so the corpus test can bound the memory that decompression bombs make the reader use.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../../cli/main.ts');
process.exitCode = await main(process.argv);
process.stderr.write(`\nMAXRSS_KIB=${process.resourceUsage().maxRSS}\n`);
