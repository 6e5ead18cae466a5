// Builds the GitHub Action as GitHub runs it: dist-action/, committed, loaded by `runs.using: node24`
// straight from the action's checkout — no npm ci, no native addon, nothing fetched at run time.
// Everything is bundled from the TypeScript sources (so the output does not depend on a stale lib/):
// the entry, the two worker threads beside it under their own names (core/worker.ts looks there), and
// the packages core/lazy.ts loads on first use as one CommonJS file each in vendor/. SQLite is
// node:sqlite (Node 24); better-sqlite3 is left out. The same sources give the same bytes: no
// timestamps, paths relative to the repository, sorted entries. `--check` builds into a temporary
// folder and fails when it differs from the committed dist-action/ (the .ci/run freshness check).
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, renameSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist-action');
const check = process.argv.includes('--check');
const out = mkdtempSync(join(check ? tmpdir() : root, '.dist-action-'));

const common = {
  absWorkingDir: root,
  // Paths in the bundle's comments stay as the repository names them, also where node_modules is a link.
  preserveSymlinks: true,
  bundle: true,
  platform: 'node',
  target: 'node24',
  charset: 'utf8',
  legalComments: 'eof',
  logLevel: 'warning',
  external: ['better-sqlite3', 'tsx', 'tsx/*'],
};
await esbuild.build({
  ...common,
  entryPoints: {
    index: join(root, 'action', 'main.ts'),
    'record-worker': join(root, 'src', 'octx', 'record-worker.ts'),
  },
  outdir: out,
  format: 'esm',
  // CommonJS packages inside an ES module bundle call require() for Node built-ins.
  banner: { js: "import { createRequire as __ctxforgeRequire } from 'node:module';\nconst require = __ctxforgeRequire(import.meta.url);" },
});
const VENDORED = ['apache-arrow', 'isomorphic-git', 'js-yaml', 'yaml', 'semver', 'yauzl'];
await esbuild.build({
  ...common,
  entryPoints: Object.fromEntries(VENDORED.map((id) => [id, id])),
  outdir: join(out, 'vendor'),
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
});
// The folder is loaded without the repository's package.json beside it (an action checkout has one,
// a copy may not): this marks the .js files as ES modules wherever they are.
writeFileSync(join(out, 'package.json'), '{\n  "type": "module"\n}\n');

function files(dir) {
  const list = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) list.push(relative(dir, join(e.parentPath, e.name)));
  return list.sort();
}

if (check) {
  const fresh = files(out);
  const committed = existsSync(dist) ? files(dist) : [];
  const differ = [...new Set([...fresh, ...committed])].filter((f) => !fresh.includes(f) || !committed.includes(f) || !readFileSync(join(out, f)).equals(readFileSync(join(dist, f))));
  rmSync(out, { recursive: true, force: true });
  if (differ.length) {
    console.error(`check-dist: dist-action/ is not a fresh build of the sources (${differ.length} file(s) differ: ${differ.slice(0, 5).join(', ')}). Run npm run bundle:action and commit dist-action/.`);
    process.exit(1);
  }
  console.log(`check-dist: dist-action/ matches a fresh build (${fresh.length} files)`);
} else {
  rmSync(dist, { recursive: true, force: true });
  renameSync(out, dist);
  chmodSync(dist, 0o755);
  const size = files(dist).reduce((n, f) => n + statSync(join(dist, f)).size, 0);
  console.log(`bundle:action: dist-action/ written (${files(dist).length} files, ${(size / 1048576).toFixed(1)} MiB)`);
}
