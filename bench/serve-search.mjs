// Measures `ctxforge serve` over one package with the MCP SDK's own client on stdio: the time to a
// first answer with an empty index cache (verify + read + index build) and with a warm one, the
// index build time the server reports, and per-call latency of `search` over a fixed set of 100
// queries (p50/p99). Prints one JSON object; never judges the numbers.
//
// Every request has a deadline fitted to its work, so a server that cannot answer is a failure of
// the run (exit 1, the server's standard error shown), never a hang: the start (verify, read,
// index build: the SDK's 60 s default is too short for a 50,000-document cartridge on a loaded
// machine) gets --start-timeout seconds, by default 120 plus 2 per MB of the artifact; each search
// gets --search-timeout (default 30 s, three orders of magnitude above the goal).
//
// Usage: node bench/serve-search.mjs <artifact> --key <public key> [--queries 100] [--seed 42]
//        [--start-timeout S] [--search-timeout S]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
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
const mb = (() => { try { return statSync(artifact).size / 1e6; } catch { return 0; } })();
const startTimeout = 1000 * Number(opt('--start-timeout', String(Math.round(120 + 2 * mb))));
const searchTimeout = 1000 * Number(opt('--search-timeout', '30'));
const cache = mkdtempSync(join(tmpdir(), 'ctxforge-bench-cache-'));
let serverErr = '';
/** Clients not yet closed: closed (their server stopped) whatever happens. */
const open = new Set();

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
  open.add(client);
  // serve answers initialize only once every package is verified and indexed.
  await client.connect(transport, { timeout: startTimeout });
  await client.callTool({ name: 'list_packages', arguments: {} }, { timeout: startTimeout });
  return { client, ms: performance.now() - t0, stderr: () => err };
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
try {
  const cold = await start();
  const build = /index built for .* in (\d+(?:\.\d+)?) ms/.exec(cold.stderr());
  await cold.client.close();
  open.delete(cold.client);
  const warm = await start();
  const lat = [];
  let hits = 0;
  for (const q of searchQueries(nq, seed)) {
    const t = performance.now();
    const r = await warm.client.callTool({ name: 'search', arguments: { query: q, limit: 10 } }, { timeout: searchTimeout });
    if (r.isError) throw new Error(`search ${JSON.stringify(q)} failed: ${JSON.stringify(r.content)}`);
    lat.push(performance.now() - t);
    hits += r.structuredContent?.results?.length ?? 0;
  }
  await warm.client.close();
  open.delete(warm.client);
  console.log(JSON.stringify({
    cold_start_ms: cold.ms, warm_start_ms: warm.ms, index_build_ms: build ? Number(build[1]) : null,
    queries: lat.length, results: hits, search_p50_ms: pct(lat, 50), search_p99_ms: pct(lat, 99), search_max_ms: Math.max(...lat),
  }));
} catch (e) {
  console.error(`${serverErr}${e?.stack ?? String(e)}`);
  process.exitCode = 1;
} finally {
  for (const c of open) await c.close().catch(() => {});
  rmSync(cache, { recursive: true, force: true });
}
