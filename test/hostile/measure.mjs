// Runs the CLI like bin/ctxforge.js, then reports the process's peak RSS on stderr, so the corpus
// test can bound the memory that decompression bombs make the reader use. The CLI is the test
// bundle named by CTXFORGE_MEASURE_CLI (test/helpers/built.ts; it runs main on load, and returns
// from the import before main has finished), else the sources through tsx. The peak is read as
// the process exits, after everything the command did (stderr is a pipe: written synchronously).
import { pathToFileURL } from 'node:url';

process.on('exit', () => { process.stderr.write(`\nMAXRSS_KIB=${process.resourceUsage().maxRSS}\n`); });
const bundle = process.env.CTXFORGE_MEASURE_CLI;
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../../cli/main.ts');
  process.exitCode = await main(process.argv);
}
