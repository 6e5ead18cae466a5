#!/usr/bin/env node
// Entry point: runs the compiled CLI (built by `npm run build`, and by `prepack` into every packed tarball) — its one-file bundle when
// there is one (start-up, issue 7), else lib/cli/main.js; falls back to tsx on a source checkout
// that has not been built (or with CTXFORGE_FROM_SOURCE=1, as tests do), so the bin always works
// from any working directory.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundled = join(root, 'lib', 'bundle', 'main.js');
const compiled = existsSync(bundled) ? bundled : join(root, 'lib', 'cli', 'main.js');
if (existsSync(compiled) && !process.env.CTXFORGE_FROM_SOURCE) {
  const { main } = await import(pathToFileURL(compiled).href);
  process.exitCode = await main(process.argv);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import(pathToFileURL(join(root, 'cli', 'main.ts')).href);
  process.exitCode = await main(process.argv);
}
