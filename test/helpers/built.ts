// The CLI and the Action as processes, built from the sources as they are now, once per content.
// Started through tsx, every process spent 1.5–2.5 s (more on a loaded machine) transforming and
// loading ~200 TypeScript modules before doing anything; the suite starts hundreds of them. Here
// esbuild bundles cli/main.ts, action/main.ts and the worker threads beside them (where
// core/worker.ts looks) into one folder per hash of the sources, in the temp folder; a process
// then starts in about a fifth of the time. Never stale: the hash covers every file the bundle is
// made of (cli/, src/, action/, schemas/, package.json) and the node_modules it resolves packages
// from, so an edit gives a new folder. The first test file to need it builds it (~1 s); the others
// find it. CTXFORGE_TEST_FROM_SOURCE=1 goes back to tsx in every process (for a debugger or a
// stack trace with source lines).
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
  const files = INPUTS.flatMap((d) => filesUnder(join(repoRoot, d), []));
  files.push(join(repoRoot, 'package.json'));
  for (const f of files) h.update(`${relative(repoRoot, f)}\0`).update(readFileSync(f)).update('\0');
  return h.digest('hex').slice(0, 24);
}

let built: string | undefined;

/** The folder holding cli.js, action.js and the workers for the sources as they are now. */
function buildDir(): string {
  if (built) return built;
  const modules = realpathSync(join(repoRoot, 'node_modules'));
  const dir = join(CACHE, sourceKey(modules));
  if (existsSync(join(dir, 'cli.js'))) return (built = dir);
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
  // bin/ctxforge.js in one line: run main with the process's arguments.
  esbuild().buildSync({ ...common, stdin: entry('cli/main.ts', 'process.exitCode = await main(process.argv);'), outfile: join(stage, 'cli.js') });
  // action/main.ts runs itself when loaded.
  esbuild().buildSync({ ...common, entryPoints: { action: join(repoRoot, 'action', 'main.ts') }, outdir: stage });
  esbuild().buildSync({
    ...common,
    entryPoints: { 'record-worker': join(repoRoot, 'src', 'octx', 'record-worker.ts'), 'read-back-worker': join(repoRoot, 'src', 'core', 'read-back-worker.ts') },
    outdir: stage,
  });
  writeFileSync(join(stage, 'SOURCE'), `${repoRoot}\n`);
  try {
    renameSync(stage, dir);
  } catch {
    rmSync(stage, { recursive: true, force: true });
  }
  if (!existsSync(join(dir, 'cli.js'))) throw new Error(`built: no cli.js in ${dir}`);
  prune(dir);
  return (built = dir);
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
  return fromSource ? join(repoRoot, 'bin', 'ctxforge.js') : join(buildDir(), 'cli.js');
}

/** The command that runs the Action's entry (action/main.ts) from the current sources. */
export function actionCommand(): string[] {
  return fromSource
    ? [process.execPath, '--import', import.meta.resolve('tsx'), join(repoRoot, 'action', 'main.ts')]
    : [process.execPath, join(buildDir(), 'action.js')];
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
  if (!existsSync(join(to, 'cli.js'))) {
    mkdirSync(to, { recursive: true });
    for (const f of ['cli.js', 'record-worker.js', 'read-back-worker.js']) copyFileSync(join(from, f), join(to, f));
  }
  return join(to, 'cli.js');
}
