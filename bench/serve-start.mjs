// Measures `serve`'s start in one process, step by step as prepareServe takes them: verifying the
// package with its index built in the same pass (or, given a cache folder that holds it, read from
// the cache), then the second stage's fields from the texts read back (served-bodies.ts); for each, the CPU time it
// took (user + system: what a loaded machine disturbs least) and the resident set after it and at
// its peak; then the heap after two collections (the per-document cost at rest) and three searches.
// Prints one JSON object; never judges the numbers. Needs lib/ (`npm run build`) and --expose-gc.
//
// Usage: node --expose-gc bench/serve-start.mjs <artifact> --key <public key> [--cache <folder>]
//   (an empty temporary cache folder unless --cache names one: the index is built; run it twice
//   with the same --cache for a start that reads the cached index)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (n) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const artifact = args[0];
const lib = (m) => import(pathToFileURL(join(root, 'lib', 'src', 'serve', m)).href);
const [load, tools, bodies] = await Promise.all([lib('load-served.js'), lib('tools.js'), lib('served-bodies.js')]);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const mb = (x) => Math.round(x / 1048576);
const env = { ...process.env, XDG_CACHE_HOME: opt('--cache') ?? mkdtempSync(join(tmpdir(), 'ctxforge-bench-cache-')) };
const out = { artifact };
const step = async (name, fn) => {
  const t = cpu();
  const v = await fn();
  out[name] = { cpu_s: +(cpu() - t).toFixed(2), rss_mb: mb(process.memoryUsage().rss), peak_mb: mb(process.resourceUsage().maxRSS * 1024) };
  return v;
};
const notes = [];
// One pass: each document verified, indexed and let go (load-served.ts); from the cache when it holds this artifact's index.
const { pkg, index } = await step('verify_and_index', () => load.loadServedArtifact(artifact, { key: opt('--key'), env, cwd: process.cwd() }, notes));
const served = [{ pkg, index }];
// As prepareServe: texts read back from the index file (checked), the second stage's fields made from them.
await step('rerank_fields', () => { const r = bodies.readBodiesFromIndex(pkg, index); tools.warm(served); r.forget(); });
global.gc?.();
global.gc?.();
const m = process.memoryUsage();
out.at_rest = { rss_mb: mb(m.rss), heap_used_mb: mb(m.heapUsed), external_mb: mb(m.external), gc: typeof global.gc === 'function' };
await step('three_searches', () => { for (const q of ['signing keys rotation', 'release workflow', 'archive storage']) tools.search(served, { query: q }); });
Object.assign(out, { documents: pkg.docs.length, index_built: index.built, stored_terms: index.storedTerms, peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024) });
index.close();
console.log(JSON.stringify(out));
