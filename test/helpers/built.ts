// The CLI and the Action as processes, built from the sources as they are now, once per content.
// Started through tsx, every process spent 1.5–2.5 s (more on a loaded machine) transforming and
// loading ~200 TypeScript modules before doing anything; the suite starts hundreds of them. Here
// esbuild bundles cli/main.ts, action/main.ts and the worker threads beside them (where
// core/worker.ts looks) into one folder per hash of the sources, in the temp folder; a process
// then starts in about a fifth of the time. Never stale: the hash covers every file the bundle is
// made of (cli/, src/, action/, schemas/, package.json), this file and the node_modules it resolves
// packages from, so an edit gives a new folder. The first test file to need it builds it (~2 s); the others
// find it. CTXFORGE_TEST_FROM_SOURCE=1 goes back to tsx in every process (for a debugger or a
// stack trace with source lines).
//
// The CLI and Action processes start faster still from V8's code cache. Node 20 has no compile cache for ES
// modules (module.enableCompileCache is Node 22), so the CLI is bundled a second way for tests: one
// CommonJS file holding the sources and their pure-JS packages (better-sqlite3, native, and the
// packages core/lazy.ts loads on first use stay outside, those as one-file copies in vendor/ as in
// lib/bundle/), run by cli.cjs through vm.Script with the cache that a warm-up process (build,
// validate and verify of the three example trees) wrote when the folder was made. That halves the
// ~0.35 s of CPU each CLI process spent compiling the bundle and its ~30 package modules. The
// bytes run are the same sources; only the module wrapping differs (import.meta.url is defined as
// the file's URL, which is what core/lazy.ts and core/worker.ts read from it). The Action runs the
// same way from action.cjs (its code cache is written by the first Action process to finish).
// runCli (helpers/cli.ts) loads the same cli-main.cjs into the test process (builtMain), so a file
// that runs commands in-process does not load the CLI from source through tsx either.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import vm from 'node:vm';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Not from ./cli.js, which loads the whole CLI into this process.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Loaded only by the process that builds.
const esbuild = () => createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

const CACHE = join(tmpdir(), 'ctxforge-test-build');
const INPUTS = ['action', 'cli', 'src', 'schemas'];

export const fromSource = process.env.CTXFORGE_TEST_FROM_SOURCE === '1';

function filesUnder(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out;
}

function sourceKey(modules: string): string {
  const h = createHash('sha256');
  h.update(`esbuild ${JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'esbuild', 'package.json'), 'utf8')).version}\0node_modules ${modules}\0`);
  // How the folder is made (this file) is part of what it is.
  h.update(readFileSync(fileURLToPath(import.meta.url))).update('\0');
  const files = INPUTS.flatMap((d) => filesUnder(join(repoRoot, d), []));
  files.push(join(repoRoot, 'package.json'));
  for (const f of files) h.update(`${relative(repoRoot, f)}\0`).update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 24);
}

let built: string | undefined;

// As scripts/bundle.mjs: the packages core/lazy.ts requires on first use.
const VENDORED = ['apache-arrow', 'isomorphic-git', 'js-yaml', 'yaml', 'semver', 'yauzl'];

// cli.cjs (and action.cjs): runs cli-main.cjs (action-main.cjs) with the code cache of this Node
// (a cache of another V8 is rejected, so each Node major keeps its own). The cache is written once,
// by the first process of this Node to finish without one (for the CLI in this folder: the
// warm-up); a cache V8 rejects (other flags) is only not used. CTXFORGE_TEST_WARM_UP ({runs,
// verifyIn}) runs each argument list in turn, then verifies every file the runs wrote into verifyIn.
const launcher = (name: 'cli' | 'action') => `'use strict';
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const vm = require('node:vm');
const file = join(__dirname, '${name}-main.cjs');
const cacheFile = join(__dirname, \`${name}-main.\${process.version}.cache\`);
let cachedData;
try { cachedData = readFileSync(cacheFile); } catch {}
const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), { filename: file, cachedData, importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER });
const mod = { exports: {}, id: file, filename: file, loaded: false, children: [], paths: [] };
script.runInThisContext().call(mod.exports, mod.exports, Module.createRequire(file), mod, file, __dirname);
const { main } = mod.exports;
function saveCache() {
  if (cachedData) return;
  try {
    const tmp = \`\${cacheFile}.\${process.pid}\`;
    writeFileSync(tmp, script.createCachedData());
    renameSync(tmp, cacheFile);
  } catch {}
}
if (process.env.CTXFORGE_TEST_WARM_UP) {
  const { runs, verifyIn } = JSON.parse(process.env.CTXFORGE_TEST_WARM_UP);
  (async () => {
    for (const args of runs) await main(['node', 'ctxforge', ...args]);
    for (const f of require('node:fs').readdirSync(verifyIn)) await main(['node', 'ctxforge', 'verify', join(verifyIn, f)]);
    saveCache();
  })();
} else {
  main(${name === 'cli' ? 'process.argv' : ''}).then((code) => { process.exitCode = code; saveCache(); });
}
`;

// The last line of action/main.ts, which runs the Action when the module is loaded (a top-level
// await, which CommonJS cannot hold): the CommonJS bundle exports main instead, and action.cjs
// runs it. Should the line change, the Action runs from its ES module bundle (action.js) as before.
const ACTION_RUNS_ITSELF = '\nprocess.exitCode = await main();\n';

/** Runs the commands most tests run, once, in one process, so that cli.cjs's code cache holds what they compile. */
function warmUp(stage: string): void {
  const out = join(stage, '.warm-up');
  const runs: string[][] = [['--help'], ['build', '--help']];
  for (const format of ['octx', 'ctxpkg', 'acx']) {
    const src = join(repoRoot, 'working-dir-example', format);
    runs.push(['validate', src, '--json'], ['build', src, '--out', out, '--source-date-epoch', '1767225600', '--json']);
  }
  const r = spawnSync(process.execPath, [join(stage, 'cli.cjs')], {
    cwd: stage, stdio: 'ignore', timeout: 120_000,
    env: { ...process.env, CTXFORGE_FROM_SOURCE: '1', CTXFORGE_TEST_WARM_UP: JSON.stringify({ runs, verifyIn: out }) },
  });
  rmSync(out, { recursive: true, force: true });
  if (r.status !== 0 || !readdirSync(stage).some((f) => f.endsWith('.cache'))) {
    // Without a cache the CLI still runs, only slower; a broken bundle shows in the tests.
    process.stderr.write(`built: the warm-up of the test CLI ended with ${r.status ?? r.signal}; no code cache\n`);
  }
}

/** The folder holding cli.cjs, action.cjs (or action.js) and the workers for the sources as they are now. */
function buildDir(): string {
  if (built) return built;
  const modules = realpathSync(join(repoRoot, 'node_modules'));
  const dir = join(CACHE, sourceKey(modules));
  if (existsSync(join(dir, 'cli.cjs'))) return (built = dir);
  mkdirSync(CACHE, { recursive: true });
  // Built beside the cache and renamed in, so two test files building at once both end with a
  // complete folder.
  const stage = join(CACHE, `.stage-${process.pid}-${Date.now()}`);
  mkdirSync(stage);
  // Packages stay external and resolve through this link, as from the repository itself.
  symlinkSync(modules, join(stage, 'node_modules'));
  const entry = (file: string, run: string) => ({
    contents: `import { main } from ${JSON.stringify(join(repoRoot, file))};\n${run}\n`,
    resolveDir: repoRoot,
    loader: 'ts' as const,
  });
  const common = {
    bundle: true, platform: 'node' as const, format: 'esm' as const, target: 'node20', packages: 'external' as const,
    logLevel: 'warning' as const, absWorkingDir: repoRoot,
  };
  // The CLI as one CommonJS module exporting main (see the top comment); cli.cjs runs it.
  esbuild().buildSync({
    ...common, format: 'cjs', packages: undefined, external: ['better-sqlite3'],
    stdin: entry('cli/main.ts', 'export { main };'), outfile: join(stage, 'cli-main.cjs'),
    define: { 'import.meta.url': '__importMetaUrl' },
    banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    // core/worker.ts's import.meta.resolve is only reached from source.
    logOverride: { 'empty-import-meta': 'silent' },
  });
  asciiOnly(join(stage, 'cli-main.cjs'));
  writeFileSync(join(stage, 'cli.cjs'), launcher('cli'));
  // The packages core/lazy.ts loads on first use, one file each, as scripts/bundle.mjs makes them.
  esbuild().buildSync({
    entryPoints: Object.fromEntries(VENDORED.map((id) => [id, id])), outdir: join(stage, 'vendor'), outExtension: { '.js': '.cjs' },
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', absWorkingDir: repoRoot,
  });
  // action/main.ts runs itself when loaded.
  esbuild().buildSync({ ...common, entryPoints: { action: join(repoRoot, 'action', 'main.ts') }, outdir: stage });
  const actionMain = readFileSync(join(repoRoot, 'action', 'main.ts'), 'utf8');
  if (actionMain.endsWith(ACTION_RUNS_ITSELF)) {
    esbuild().buildSync({
      ...common, format: 'cjs', packages: undefined, external: ['better-sqlite3'],
      stdin: { contents: actionMain.slice(0, -ACTION_RUNS_ITSELF.length + 1), sourcefile: join(repoRoot, 'action', 'main.ts'), resolveDir: join(repoRoot, 'action'), loader: 'ts' },
      outfile: join(stage, 'action-main.cjs'),
      define: { 'import.meta.url': '__importMetaUrl' },
      banner: { js: "var __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
      logOverride: { 'empty-import-meta': 'silent' },
    });
    asciiOnly(join(stage, 'action-main.cjs'));
    writeFileSync(join(stage, 'action.cjs'), launcher('action'));
  }
  esbuild().buildSync({
    ...common,
    entryPoints: { 'record-worker': join(repoRoot, 'src', 'octx', 'record-worker.ts') },
    outdir: stage,
  });
  warmUp(stage);
  writeFileSync(join(stage, 'SOURCE'), `${repoRoot}\n`);
  try {
    renameSync(stage, dir);
  } catch {
    rmSync(stage, { recursive: true, force: true });
  }
  if (!existsSync(join(dir, 'cli.cjs'))) throw new Error(`built: no cli.cjs in ${dir}`);
  prune(dir);
  return (built = dir);
}

/**
 * Rewrites a bundle's characters outside ASCII as \u escapes. esbuild escapes them in strings and
 * templates, not in comments and regular expression literals, and one such character made V8 read
 * the whole 3.7 MB file as a two-byte string: each CLI process of the suite spent ~30 ms more
 * decoding and scanning it (a `--version` 0.23 → 0.20 s). An escape means the same character in a
 * comment (nothing) and in a regular expression, with or without the u flag (a surrogate pair's two
 * escapes are one code point there); a character after a backslash would not, so such a file is
 * left as it is.
 */
export function asciiOnly(file: string): void {
  const text = readFileSync(file, 'utf8');
  if (!/[^\0-\x7f]/.test(text) || /\\[^\0-\x7f]/.test(text)) return;
  writeFileSync(file, text.replace(/[^\0-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** Removes this checkout's builds of older sources (a day untouched: no run still uses them). */
function prune(keep: string): void {
  const day = Date.now() - 86_400_000;
  for (const name of readdirSync(CACHE)) {
    const d = join(CACHE, name);
    if (d === keep || name.startsWith('.')) continue;
    try {
      if (readFileSync(join(d, 'SOURCE'), 'utf8') === `${repoRoot}\n` && statSync(d).mtimeMs < day) rmSync(d, { recursive: true, force: true });
    } catch { /* another checkout's, or half-removed */ }
  }
}

/** `node <this>` runs ctxforge as bin/ctxforge.js does, from the current sources. */
export function builtCli(): string {
  return fromSource ? join(repoRoot, 'bin', 'ctxforge.js') : join(buildDir(), 'cli.cjs');
}

type Main = (argv: string[], io?: unknown) => Promise<number>;
let loadedMain: Main | undefined;

/**
 * ctxforge's main() from cli-main.cjs, loaded into this process (helpers/cli.ts's runCli), or
 * undefined from source. Loading the CLI's ~260 modules through tsx cost ~1.5 s of CPU in every
 * test file that ran a command in-process (tsx answers each import on its loader thread); the
 * bundle of the same sources loads in a fraction of that, with the code cache the warm-up wrote
 * (read here, never written). Its workers start from the same folder, as in a process.
 */
export function builtMain(): Main | undefined {
  if (fromSource) return undefined;
  if (loadedMain) return loadedMain;
  const dir = buildDir();
  const file = join(dir, 'cli-main.cjs');
  let cachedData: Buffer | undefined;
  try { cachedData = readFileSync(join(dir, `cli-main.${process.version}.cache`)); } catch { /* compiled without it */ }
  const script = new vm.Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file, cachedData,
    importModuleDynamically: (vm.constants as { USE_MAIN_CONTEXT_DEFAULT_LOADER?: symbol } | undefined)?.USE_MAIN_CONTEXT_DEFAULT_LOADER as never,
  });
  const mod = { exports: {} as { main?: Main }, id: file, filename: file, loaded: false, children: [], paths: [] };
  script.runInThisContext().call(mod.exports, mod.exports, createRequire(file), mod, file, dir);
  if (typeof mod.exports.main !== 'function') throw new Error(`built: ${file} exports no main`);
  return (loadedMain = mod.exports.main);
}

/** The command that runs the Action's entry (action/main.ts) from the current sources. */
export function actionCommand(): string[] {
  return fromSource
    ? [process.execPath, '--import', import.meta.resolve('tsx'), join(repoRoot, 'action', 'main.ts')]
    : [process.execPath, join(buildDir(), existsSync(join(buildDir(), 'action.cjs')) ? 'action.cjs' : 'action.js')];
}

/** The folder of the bundled worker threads (for core/worker.ts's useBuiltWorkers), or undefined from source. */
export function builtWorkers(): string | undefined {
  return fromSource ? undefined : buildDir();
}

/**
 * `node <this>` runs ctxforge from the current sources inside another checkout `root` (e.g. one
 * made by node-versions.ts's checkoutWithout): the bundle is copied under root, so its packages
 * resolve from root/node_modules, not this repository's. From source: root's bin/ctxforge.js
 * (the caller sets CTXFORGE_FROM_SOURCE=1).
 */
export function builtCliIn(root: string): string {
  if (fromSource) return join(root, 'bin', 'ctxforge.js');
  if (root === repoRoot) return builtCli();
  const from = buildDir();
  const to = join(root, 'test-build');
  if (!existsSync(join(to, 'cli.cjs'))) {
    mkdirSync(join(to, 'vendor'), { recursive: true });
    // The code cache stays behind: the copy's is written by its first process of each Node.
    for (const f of ['cli-main.cjs', 'record-worker.js', 'cli.cjs']) copyFileSync(join(from, f), join(to, f));
    for (const f of readdirSync(join(from, 'vendor'))) copyFileSync(join(from, 'vendor', f), join(to, 'vendor', f));
  }
  return join(to, 'cli.cjs');
}
