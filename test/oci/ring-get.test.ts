// The blob download's own HTTP/1.1 GET (src/oci/ring-get.ts): bytes to the file exactly, every way a
// server can end early, lie about the length or send a malformed head, TLS, and the fallback to node's
// http client for framings it does not stream — against real sockets on 127.0.0.1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { createServer as createNetServer, type Socket } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTlsServer } from 'node:tls';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ringGet, parseHead } from '../../src/oci/ring-get.js';
import { RegistryClient } from '../../src/oci/client.js';
import { tmpDir } from '../helpers/tmp.js';

const listening = new Set<{ close(): void }>();
test.after(() => { for (const s of listening) s.close(); });

/** A raw TCP server: each connection gets the request head, then `answer` writes what it likes. */
async function rawServer(answer: (sock: Socket, head: string) => void): Promise<{ url: (p?: string) => URL; heads: string[] }> {
  const heads: string[] = [];
  const s = createNetServer((sock) => {
    let buf = '';
    sock.on('data', (d) => {
      buf += d.toString('latin1');
      const end = buf.indexOf('\r\n\r\n');
      if (end >= 0 && heads.length < 1000) { heads.push(buf.slice(0, end)); answer(sock, buf.slice(0, end)); buf = ''; }
    });
    sock.on('error', () => undefined);
  });
  listening.add(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  return { url: (p = '/b') => new URL(`http://127.0.0.1:${port}${p}`), heads };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('a body of many blocks lands in the file byte for byte, each block seen by the tap in order', async () => {
  const body = randomBytes(9 * 1024 * 1024 + 123); // more blocks than the ring holds
  const srv = await rawServer((sock) => {
    sock.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nX-A: 1\r\nX-A: 2\r\n\r\n`);
    // Written in uneven pieces so reads straddle the ring's blocks.
    let off = 0;
    const more = () => { while (off < body.length) { const n = Math.min(body.length - off, 70_001); const ok = sock.write(body.subarray(off, off + n)); off += n; if (!ok) { sock.once('drain', more); return; } } sock.end(); };
    more();
  });
  const res = await ringGet(srv.url(), { authorization: 'Bearer t' });
  assert.ok(res?.toFile);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-a'), '1, 2');
  const h = createHash('sha256');
  const dest = join(tmpDir('ring-'), 'out');
  const n = await res.toFile(dest, (b) => { h.update(b); });
  assert.equal(n, body.length);
  assert.equal(h.digest('hex'), sha(body));
  assert.equal(sha(readFileSync(dest)), sha(body));
  // The request: the path, the caller's header, identity encoding, one request per connection.
  assert.match(srv.heads[0]!, /^GET \/b HTTP\/1\.1\r\n/);
  assert.match(srv.heads[0]!, /\r\nauthorization: Bearer t(\r\n|$)/);
  assert.match(srv.heads[0]!, /\r\naccept-encoding: identity\r\n/);
  assert.match(srv.heads[0]!, /\r\nconnection: close(\r\n|$)/);
});

test('a connection that ends before the announced length, bytes beyond it, or a stalled server: an error, never a short file taken as whole', async () => {
  const short = await rawServer((sock) => { sock.end('HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n' + 'x'.repeat(5000)); });
  const r1 = await ringGet(short.url(), {});
  await assert.rejects(r1!.toFile!(join(tmpDir('ring-'), 'o'), () => undefined), /closed after 5000 of 100000 bytes/);

  const long = await rawServer((sock) => { sock.end('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n' + 'y'.repeat(4000)); });
  const r2 = await ringGet(long.url(), {});
  await assert.rejects(r2!.toFile!(join(tmpDir('ring-'), 'o'), () => undefined), /more than the 10 bytes the answer announced/);

  const stall = await rawServer((sock) => { sock.write('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc'); });
  const r3 = await ringGet(stall.url(), {}, { idleMs: 300 });
  await assert.rejects(r3!.toFile!(join(tmpDir('ring-'), 'o'), () => undefined), /no data for 0\.3 s/);

  // The tap stops the download by throwing (the digest's size check does).
  const ok = await rawServer((sock) => { sock.end('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc'); });
  const r4 = await ringGet(ok.url(), {});
  await assert.rejects(r4!.toFile!(join(tmpDir('ring-'), 'o'), () => { throw new Error('tap says no'); }), /tap says no/);

  // A file already in the way is not overwritten.
  const taken = join(tmpDir('ring-'), 'taken');
  execFileSync('touch', [taken]);
  const r5 = await ringGet(ok.url(), {});
  await assert.rejects(r5!.toFile!(taken, () => undefined), (e) => (e as NodeJS.ErrnoException).code === 'EEXIST');
  assert.equal(readFileSync(taken).length, 0);
});

test('heads: malformed lines, folded or oversized heads are refused; other statuses answer with their small body; 1xx is skipped', async () => {
  assert.throws(() => parseHead('HTTP/1.1 200 OK\r\nX: a\r\n folded'), /malformed header line/);
  assert.throws(() => parseHead('HTTP/1.1 200 OK\r\nBad Name: a'), /malformed header line/);
  assert.throws(() => parseHead('HTTP/2 200'), /not HTTP\/1\.1/);
  const bad = await rawServer((sock) => { sock.end('HTTP/1.1 200 OK\r\nContent-Length : 3\r\n\r\nabc'); });
  await assert.rejects(ringGet(bad.url(), {}), /malformed header line/);
  const huge = await rawServer((sock) => { sock.end(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(70_000)}\r\n\r\n`); });
  await assert.rejects(ringGet(huge.url(), {}), /answer head over 65536 bytes/);
  const redirect = await rawServer((sock) => { sock.end('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 307 Temporary Redirect\r\nLocation: /elsewhere\r\nContent-Length: 7\r\n\r\nmoved!!'); });
  const r = await ringGet(redirect.url(), {});
  assert.equal(r!.status, 307);
  assert.equal(r!.headers.get('location'), '/elsewhere');
  assert.equal(r!.toFile, undefined);
  assert.equal(await r!.text(), 'moved!!');
  // A head sent a byte at a time (its end split across reads) is read whole.
  const slow = await rawServer((sock) => {
    const text = `HTTP/1.1 307 Temporary Redirect\r\nLocation: /there\r\nX-Pad: ${'p'.repeat(3000)}\r\nContent-Length: 2\r\n\r\nok`;
    let i = 0;
    const drip = () => { if (i < text.length) { sock.write(text[i++]!); setImmediate(drip); } else sock.end(); };
    sock.setNoDelay(true);
    drip();
  });
  const s = await ringGet(slow.url(), {});
  assert.equal(s!.status, 307);
  assert.equal(s!.headers.get('location'), '/there');
  assert.equal(await s!.text(), 'ok');
  // A token carrying a line break never becomes a second header.
  const never = await rawServer((sock) => { sock.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'); });
  await assert.rejects(ringGet(never.url(), { authorization: 'Bearer a\r\nX-Injected: 1' }), /holds a character HTTP does not allow/);
  await new Promise((r2) => setTimeout(r2, 50));
  assert.ok(never.heads.every((h) => !/X-Injected/i.test(h)));
});

test('a 200 this does not stream (chunked) falls back to node\'s http client, and the blob still arrives checked', async () => {
  const body = randomBytes(300_000);
  const digest = `sha256:${sha(body)}`;
  let gets = 0;
  const s = createHttpServer((req, res) => {
    if (req.method === 'GET') gets++;
    res.writeHead(200, { 'transfer-encoding': 'chunked' });
    res.write(body.subarray(0, 1000));
    res.end(body.subarray(1000));
  });
  listening.add(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const host = `127.0.0.1:${(s.address() as { port: number }).port}`;
  assert.equal(await ringGet(new URL(`http://${host}/v2/a/blobs/${digest}`), {}), undefined);
  const dest = join(tmpDir('ring-'), 'blob');
  await new RegistryClient({ host, repository: 'a', backoffMs: () => 0 }).getBlob(digest, body.length, dest);
  assert.equal(sha(readFileSync(dest)), sha(body));
  assert.equal(gets, 3); // the test's own try, then the client's: the ring's, then node's http client
});

test('https: the body streams through TLS, and a certificate the client does not trust is refused', async () => {
  const dir = tmpDir('ring-tls-');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '1', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'], { stdio: 'ignore' });
  const body = randomBytes(3 * 1024 * 1024 + 7);
  const s = createTlsServer({ key: readFileSync(join(dir, 'k.pem')), cert: readFileSync(join(dir, 'c.pem')) }, (sock) => {
    sock.once('data', () => { sock.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`); sock.end(body); });
    sock.on('error', () => undefined);
  });
  listening.add(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = new URL(`https://localhost:${(s.address() as { port: number }).port}/b`);
  const res = await ringGet(url, {}, { ca: readFileSync(join(dir, 'c.pem')) });
  const dest = join(dir, 'out');
  assert.equal(await res!.toFile!(dest, () => undefined), body.length);
  assert.equal(sha(readFileSync(dest)), sha(body));
  await assert.rejects(ringGet(url, {}), /self[- ]signed|unable to verify/i);
});
