// Measures `ctxforge serve` over one package with the MCP SDK's own client on stdio: the time to a
// first answer with an empty index cache (verify + read + index build) and with a warm one, the
// index build time the server reports, and per-call latency of `search` over a fixed set of 100
// queries (p50/p99). Prints one JSON object; never judges the numbers.
//
// Usage: node bench/serve-search.mjs <artifact> --key <public key> [--queries 100] [--seed 42]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { searchQueries } from './generate.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const artifact = args[0];
const opt = (n, d) => { const i = args.indexOf(n); return i >= 0 ? args[i + 1] : d; };
const key = opt('--key');
const nq = Number(opt('--queries', '100'));
const seed = Number(opt('--seed', '42'));
const cache = mkdtempSync(join(tmpdir(), 'ctxforge-bench-cache-'));
let serverErr = '';

async function start() {
  const t0 = performance.now();
  const transport = new StdioClientTransport({
    command: process.execPath, args: [join(root, 'bin', 'ctxforge.js'), 'serve', artifact, ...(key ? ['--key', key] : [])],
    env: { ...process.env, XDG_CACHE_HOME: cache }, stderr: 'pipe',
  });
  let err = '';
  serverErr = '';
  transport.stderr?.on('data', (b) => { err += b; serverErr += b; });
  const client = new Client({ name: 'ctxforge-bench', version: '1' });
  await client.connect(transport);
  await client.callTool({ name: 'list_packages', arguments: {} });
  return { client, ms: performance.now() - t0, stderr: () => err };
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
try {
  const cold = await start();
  const build = /index built for .* in (\d+(?:\.\d+)?) ms/.exec(cold.stderr());
  await cold.client.close();
  const warm = await start();
  const lat = [];
  let hits = 0;
  for (const q of searchQueries(nq, seed)) {
    const t = performance.now();
    const r = await warm.client.callTool({ name: 'search', arguments: { query: q, limit: 10 } });
    lat.push(performance.now() - t);
    hits += r.structuredContent?.results?.length ?? 0;
  }
  await warm.client.close();
  console.log(JSON.stringify({
    cold_start_ms: cold.ms, warm_start_ms: warm.ms, index_build_ms: build ? Number(build[1]) : null,
    queries: lat.length, results: hits, search_p50_ms: pct(lat, 50), search_p99_ms: pct(lat, 99), search_max_ms: Math.max(...lat),
  }));
} catch (e) {
  console.error(`${serverErr}${e?.stack ?? String(e)}`);
  process.exitCode = 1;
} finally {
  rmSync(cache, { recursive: true, force: true });
}
