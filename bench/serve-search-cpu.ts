// The CPU time of one `search` call, measured in the process that answers it: the 100 seeded bench
// queries (bench/generate.mjs's searchQueries, as bench/serve-search.mjs asks them) over one
// artifact, each call's user + system time from process.cpuUsage(). serve-search.mjs reports wall
// time through the MCP SDK's client, which on a machine shared with other work measures the queue
// as much as the search; this is the work itself. The first pass meets most pages for the first
// time (the second stage tokenizes a page's title, lead and headings once and keeps them); a third
// pass shows the cost once they are kept. Prints one JSON object.
//
//   npx tsx bench/serve-search-cpu.ts <artifact> --key <public key> [--cache DIR]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareServe } from '../src/serve/server.js';
import * as tools from '../src/serve/tools.js';
// @ts-expect-error: a plain .mjs module without types
import { searchQueries } from './generate.mjs';

const args = process.argv.slice(2);
const opt = (n: string) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : undefined; };
const artifact = args[0];
if (!artifact) { console.error('usage: serve-search-cpu.ts <artifact> --key <public key> [--cache DIR]'); process.exit(2); }
const cache = opt('--cache') ?? mkdtempSync(join(tmpdir(), 'ctxforge-bench-cache-'));
const t0 = performance.now();
const { served } = await prepareServe({ specs: [artifact], key: opt('--key'), cwd: process.cwd(), env: { ...process.env, XDG_CACHE_HOME: cache } } as Parameters<typeof prepareServe>[0]);
const readyMs = performance.now() - t0;
const queries: string[] = searchQueries(100, 42);
const pct = (xs: number[], p: number) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; };
const pass = () => queries.map((query) => {
  const c0 = process.cpuUsage();
  tools.search(served, { query, limit: 10 });
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
});
const first = pass();
pass();
const third = pass();
console.log(JSON.stringify({ documents: served[0]!.pkg.docs.length, ready_ms: readyMs, queries: queries.length, cpu_p50_ms: pct(first, 50), cpu_p99_ms: pct(first, 99), cpu_max_ms: pct(first, 100), kept_cpu_p50_ms: pct(third, 50), kept_cpu_p99_ms: pct(third, 99) }));
for (const s of served) s.index.close();
