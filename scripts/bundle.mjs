// Bundles the compiled CLI (lib/cli/main.js) and its worker threads into lib/bundle/, one module
// each. Node 20 resolves, reads and compiles ~170 ES modules at every start (~150 ms here, issue 7);
// one file takes a fraction of that. What a command loads with `await import` (every command's
// implementation: cli/commands/*.ts import it in their action) is split into chunks beside main.js,
// so a start reads and compiles only the command definitions (0.16 MB of 2.1 MB): `--version`
// 0.18 s of CPU instead of 0.28 s. Chunks sit in the same folder, so
// a module's `import.meta.url` still finds the workers and vendor/ beside it. Packages stay external, resolved from node_modules as usual;
// the ones loaded on first use (core/lazy.ts) also get a one-file copy in lib/bundle/vendor/, which
// lazyRequire prefers when it sits beside the running bundle (apache-arrow: ~120 ms → ~55 ms).
// better-sqlite3 is a native addon and is never copied. Each worker keeps its name beside the
// CLI bundle, where core/worker.ts looks for it. Without esbuild (an unsupported platform), the bundle is
// removed and bin/ctxforge.js runs lib/cli/main.js.
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'lib', 'bundle');
rmSync(out, { recursive: true, force: true });
let esbuild;
try {
  esbuild = await import('esbuild');
} catch (e) {
  console.error(`bundle: esbuild is not available (${e.message}); the CLI runs unbundled from lib/`);
  process.exit(0);
}
await esbuild.build({
  entryPoints: {
    main: join(root, 'lib', 'cli', 'main.js'),
    'record-worker': join(root, 'lib', 'src', 'octx', 'record-worker.js'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  splitting: true,
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});

const VENDORED = ['apache-arrow', 'isomorphic-git', 'js-yaml', 'yaml', 'semver', 'yauzl'];
await esbuild.build({
  entryPoints: Object.fromEntries(VENDORED.map((id) => [id, id])),
  outdir: join(out, 'vendor'),
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
});
