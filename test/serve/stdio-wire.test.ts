// run-tests: alone — listens for this process's warnings; another file's would count.
// The server's stdio wire with real streams: a malformed line is answered -32700 (and JSON that is
// no JSON-RPC message -32600), and a client that stops reading stdout is sent no more work instead
// of stacking a listener per reply (MaxListenersExceededWarning).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough, Writable } from 'node:stream';
import { servedPackage } from '../../src/serve/corpus.js';
import { openIndex } from '../../src/serve/search-index.js';
import { serveStdio } from '../../src/serve/server.js';
import { tmpDir } from '../helpers/tmp.js';

async function prepared() {
  const notes: never[] = [];
  const docs = Array.from({ length: 30 }, (_, i) => ({ id: `d${i}`, path: `d${i}.md`, title: `Doc ${i}`, body: `# Doc ${i}\n\n${'storage keys rotation '.repeat(200)}\n` }));
  const pkg = servedPackage({ name: 'kb', version: '1.0.0', format: 'octx', sha256: 'a'.repeat(64), source: 'kb.octx', signer: { key_id: null, trust: 'unsigned' } }, docs, notes);
  return { served: [{ pkg, index: await openIndex(pkg, { ...process.env, XDG_CACHE_HOME: tmpDir('wire-cache-') }, notes) }], notes };
}

const init = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });

/** Replies read from `out` one line at a time, each given to `on`. */
function lines(out: PassThrough, on: (m: Record<string, unknown>) => void) {
  let buf = '';
  out.on('data', (b: Buffer) => {
    buf += b.toString();
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) { on(JSON.parse(buf.slice(0, nl))); buf = buf.slice(nl + 1); }
  });
}

test('a line that is not JSON gets -32700, JSON that is not JSON-RPC gets -32600 (with its id), and the session goes on', async () => {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const got: Record<string, unknown>[] = [];
  const want = 4;
  const done = new Promise<void>((res) => lines(stdout, (m) => { got.push(m); if (got.length === want) res(); }));
  const h = await serveStdio(await prepared(), { version: '0.0.0' }, { stdin, stdout });
  stdin.write('{"jsonrpc": "2.0", "id": 1, "method": \n');
  stdin.write('{"id": 7, "hello": true}\n');
  stdin.write(`${init(2)}\n`);
  stdin.write('\u00ff\u00fe not json either\r\n');
  await done;
  await h.close();
  const errors = got.filter((m) => m.error).map((m) => [m.id, (m.error as { code: number }).code]);
  assert.deepEqual(errors, [[null, -32700], [7, -32600], [null, -32700]]);
  assert.ok(got.some((m) => m.id === 2 && m.result), 'the valid request after them is answered');
});

test('a client that does not read stdout: no listener per reply, stdin paused until stdout drains, every reply then delivered', async () => {
  const stdin = new PassThrough();
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  // A stdout whose reader is stuck: nothing written is taken until `release`.
  const held: (() => void)[] = [];
  let stuck = true;
  const sink = new PassThrough();
  const stdout = new Writable({
    highWaterMark: 1024,
    write(chunk, _enc, cb) { sink.write(chunk); if (stuck) held.push(cb); else cb(); },
  });
  let most = 0;
  stdout.on('newListener', (e) => { if (e === 'drain') most = Math.max(most, stdout.listenerCount('drain') + 1); });
  const n = 60;
  let answered = 0;
  const all = new Promise<void>((res) => lines(sink, (m) => { if (typeof m.id === 'number' && m.id >= 100 && ++answered === n) res(); }));
  const release = () => { if (!stuck) return; stuck = false; for (const cb of held.splice(0)) cb(); };
  // Released once the server stops reading, or once it has stacked listeners (the SDK's own transport).
  stdin.on('pause', release);
  stdout.on('newListener', () => { if (stdout.listenerCount('drain') >= 10) setImmediate(release); });
  const h = await serveStdio(await prepared(), { version: '0.0.0' }, { stdin, stdout });
  stdin.write(`${init(1)}\n${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  for (let i = 0; i < n; i++) stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 100 + i, method: 'tools/call', params: { name: 'search', arguments: { query: 'storage keys', limit: 20 } } })}\n`);
  await all;
  await h.close();
  await new Promise((r) => setImmediate(r));
  process.off('warning', onWarning);
  assert.equal(answered, n);
  assert.ok(most <= 1, `at most one drain listener at a time, saw ${most}`);
  assert.deepEqual(warnings.filter((w) => w === 'MaxListenersExceededWarning'), []);
});
