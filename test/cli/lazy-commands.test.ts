// Start-up compiles only the command definitions: each command's code (src/) loads with
// `await import` when the command runs. With every implementation imported statically, V8 compiled
// ~1.9 MB of bundle at every start (~105 ms of a 0.28 s `--version`); now ~0.16 MB.
//
// How it is checked: esbuild (as scripts/bundle.mjs runs it, from the sources as they are) reports
// every module with the kind of each import in its metafile; the modules reached from cli/main.ts by
// static imports only are exactly what the bundle's main.js and the chunks it imports statically
// hold, whatever the chunking. That is deterministic and never stale, unlike reading lib/bundle/
// (which needs a fresh `npm run build`) or timing a process (noisy on a shared machine). A static
// import of an implementation anywhere in cli/commands/index.ts's graph puts its src/ modules in
// that set, and the test names the chain that brought each in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';
import { repoRoot } from '../helpers/cli.js';

const esbuild = () => createRequire(import.meta.url)('esbuild') as typeof import('esbuild');

interface Graph { inputs: Record<string, { bytes: number; imports: { path: string; kind: string; external?: boolean }[] }> }

async function graphOf(entry: string): Promise<Graph> {
  const r = await esbuild().build({
    entryPoints: [join(repoRoot, entry)], bundle: true, platform: 'node', format: 'esm', target: 'node20',
    packages: 'external', splitting: true, outdir: join(tmpdir(), 'ctxforge-lazy-commands'), write: false,
    metafile: true, logLevel: 'silent', absWorkingDir: repoRoot,
  });
  return r.metafile as Graph;
}

/** Module → the module that first reached it, following only the import kinds given. */
function reach(g: Graph, from: string, kinds: string[]): Map<string, string | null> {
  const via = new Map<string, string | null>([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const m = queue.shift()!;
    for (const i of g.inputs[m]?.imports ?? []) {
      if (i.external || !kinds.includes(i.kind) || via.has(i.path)) continue;
      via.set(i.path, m);
      queue.push(i.path);
    }
  }
  return via;
}

const chain = (via: Map<string, string | null>, m: string): string => {
  const path: string[] = [];
  for (let x: string | null | undefined = m; x; x = via.get(x)) path.unshift(x);
  return path.join(' → ');
};

// Small modules a command definition needs (option choices, help output, diagnostics and the
// reporters main.ts prints errors with), beside the rule definitions (src/all-rules.ts). A module
// added here is compiled at every start: keep it small, and load anything else in the action.
const EAGER = new Set([
  'src/all-rules.ts', 'src/core/diagnostics.ts', 'src/core/report.ts', 'src/core/log-safe.ts', 'src/core/progress.ts',
  'src/core/stale-temps.ts', 'src/core/hash.ts', 'src/links/slugs.ts', 'src/links/site-address.ts', 'src/install/hosts.ts',
]);
const isRuleDefinitions = (m: string) => /^src\/(.+\/)?rules\.ts$|^src\/doc-rules\.ts$|^src\/octx\/codes\.ts$/.test(m);

test('a start loads no command implementation: cli/main.ts statically reaches only small src/ modules', async () => {
  const g = await graphOf('cli/main.ts');
  const eager = reach(g, 'cli/main.ts', ['import-statement']);
  // The walk sees the lazy loads too (else this test would pass on any graph).
  const all = reach(g, 'cli/main.ts', ['import-statement', 'dynamic-import']);
  assert.ok(eager.has('cli/commands/validate.ts') && !eager.has('src/validate.ts') && all.has('src/validate.ts'), 'validate: definition eager, implementation loaded on demand');
  const heavy = [...eager.keys()].filter((m) => m.startsWith('src/') && !EAGER.has(m) && !isRuleDefinitions(m));
  assert.deepEqual(heavy.map((m) => chain(eager, m)), [], 'loaded at every start; import it in the command\'s action instead (await import)');
  const bytes = [...eager.keys()].filter((m) => m.startsWith('src/')).reduce((n, m) => n + g.inputs[m]!.bytes, 0);
  assert.ok(bytes < 200_000, `src/ code loaded at every start: ${bytes} bytes of source`);
});

function tsFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) tsFiles(p, out);
    else if (name.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('src/all-rules.ts loads every module that defines diagnostic codes, so `ctxforge rules` lists them all', async () => {
  const definers = tsFiles(join(repoRoot, 'src'))
    .filter((f) => /^defineRules\(/m.test(readFileSync(f, 'utf8')))
    .map((f) => relative(repoRoot, f).split('\\').join('/'));
  assert.ok(definers.includes('src/octx/codes.ts') && definers.length > 10, `found ${definers.length} modules defining codes`);
  const loaded = reach(await graphOf('src/all-rules.ts'), 'src/all-rules.ts', ['import-statement']);
  assert.deepEqual(definers.filter((f) => !loaded.has(f)), [], 'defines codes but src/all-rules.ts does not import it');
  // Only rule definitions: all-rules.ts is loaded at every start.
  assert.deepEqual([...loaded.keys()].filter((m) => m !== 'src/all-rules.ts' && !isRuleDefinitions(m)), []);
});
