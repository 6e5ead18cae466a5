// One HTTP/1.1 GET whose body goes to a file through a ring of reused buffers: the socket reads
// straight into them (`onread`), each block is handed to the caller (the digest) and written at its
// offset on the thread pool while the next block arrives. Node's http client gives a fresh 64 KiB
// buffer a read and a stream event per chunk; for a 1 GiB blob that was most of the pull's time (2.4–
// 2.8x curl, see docs/registries.md). Only the response head is parsed here, and only a body framed
// by Content-Length is streamed: any other 200 (chunked, or no length) answers `undefined` so the
// caller asks again through node's http client, which knows every framing.
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { closeSync, openSync, write } from 'node:fs';

const MAX_HEAD = 64 * 1024;
const MAX_ERROR_BODY = 64 * 1024;
const BLOCK = 1 << 20;
const RING = 8;
const IDLE_MS = 120_000;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export interface RingResponse extends Response {
  /**
   * Streams the 200 answer's body into a new file at `dest` (created `wx`, 0600): each block goes to
   * `tap` first (which may throw to stop), then to the file. Resolves to the number of bytes.
   */
  toFile?: (dest: string, tap: (block: Buffer) => void) => Promise<number>;
}

class HeadError extends Error {}

/** Parses a response head (status line and fields); throws on anything malformed. */
export function parseHead(head: string): { status: number; headers: Headers } {
  const lines = head.split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?$/.exec(lines[0] ?? '');
  if (!m) throw new HeadError('the answer is not HTTP/1.1');
  const headers = new Headers();
  for (const line of lines.slice(1)) {
    const c = line.indexOf(':');
    const name = c > 0 ? line.slice(0, c) : '';
    // Folded lines and names with spaces are refused (RFC 9112 §5): a smuggling vector, never needed.
    if (!TOKEN.test(name)) throw new HeadError('a malformed header line');
    const value = line.slice(c + 1).replace(/^[ \t]+|[ \t]+$/g, '');
    if (/[\0\r\n]/.test(value)) throw new HeadError('a malformed header value');
    headers.append(name, value);
  }
  return { status: Number(m[1]), headers };
}

/** The request head; values carrying CR, LF or NUL are refused (a token from a registry could). */
function requestHead(url: URL, headers: Record<string, string>): string {
  const all: Record<string, string> = { host: url.host, 'accept-encoding': 'identity', connection: 'close', ...headers };
  let out = `GET ${url.pathname}${url.search} HTTP/1.1\r\n`;
  for (const [k, v] of Object.entries(all)) {
    if (!TOKEN.test(k) || /[\0\r\n]/.test(v)) throw new Error(`the request header ${JSON.stringify(k)} holds a character HTTP does not allow`);
    out += `${k}: ${v}\r\n`;
  }
  return `${out}\r\n`;
}

/**
 * GET `url`. Resolves to a Response (status, headers; a small error body for other statuses) with
 * `toFile` on a 200 framed by Content-Length, or to `undefined` for a 200 this cannot stream.
 */
export function ringGet(url: URL, headers: Record<string, string>, o: { ca?: string | Buffer; idleMs?: number } = {}): Promise<RingResponse | undefined> {
  let request: string;
  try { request = requestHead(url, headers); } catch (e) { return Promise.reject(e as Error); }
  const ring = Array.from({ length: RING }, () => Buffer.allocUnsafe(BLOCK));
  const inFlight = new Array<boolean>(RING).fill(false);
  let next = 0;
  // A read lands in the next block the file is done with; while every block waits for its write the
  // socket is paused, so a spare is only taken for a read that was already under way.
  const take = (): Buffer => {
    for (let k = 0; k < RING; k++) {
      const i = (next + k) % RING;
      if (!inFlight[i]) { next = i; return ring[i]!; }
    }
    return Buffer.allocUnsafe(BLOCK);
  };
  let onBytes: (b: Buffer) => void = () => undefined;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const onread = { buffer: take, callback: (n: number, b: Uint8Array) => { onBytes(Buffer.from(b.buffer, b.byteOffset, n)); return undefined; } };
  const sock: Socket = url.protocol === 'https:'
    ? tlsConnect({ host, port, ...(isIP(host) ? {} : { servername: host }), ALPNProtocols: ['http/1.1'], ...(o.ca ? { ca: o.ca } : {}), onread } as never)
    : netConnect({ host, port, onread } as never);
  const idle = o.idleMs ?? IDLE_MS;
  sock.setTimeout(idle, () => sock.destroy(new Error(`no data for ${idle / 1000} s`)));
  return new Promise<RingResponse | undefined>((resolve, reject) => {
    let failure: ((e: Error) => void) = reject;
    sock.on('error', (e) => failure(e));
    sock.on('close', () => failure(new Error('the connection closed early')));
    sock.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => sock.write(request));
    // The head's pieces, joined once its end is seen: a server sending it a byte at a time costs a
    // search of four bytes a read, never a copy of all that came before.
    let pieces: Buffer[] = [];
    let got = 0;
    let tail = Buffer.alloc(0);
    onBytes = (b) => {
      const seam = Buffer.concat([tail, b]);
      const at = seam.indexOf('\r\n\r\n');
      const end = at < 0 ? -1 : got - tail.length + at;
      pieces.push(Buffer.from(b));
      got += b.length;
      tail = Buffer.from(seam.subarray(Math.max(0, seam.length - 3)));
      if (end < 0 ? got > MAX_HEAD : end > MAX_HEAD) { failure = () => undefined; sock.destroy(); reject(new HeadError(`an answer head over ${MAX_HEAD} bytes`)); return; }
      if (end < 0) return;
      const head = Buffer.concat(pieces);
      pieces = []; got = 0; tail = Buffer.alloc(0);
      let parsed: { status: number; headers: Headers };
      try { parsed = parseHead(head.subarray(0, end).toString('latin1')); } catch (e) { failure = () => undefined; sock.destroy(); reject(e as Error); return; }
      const rest = head.subarray(end + 4);
      if (parsed.status >= 100 && parsed.status < 200) { if (rest.length) onBytes(rest); return; }
      const { status, headers: h } = parsed;
      const te = h.get('transfer-encoding');
      const cl = h.get('content-length');
      const length = te === null && cl !== null && /^\d{1,15}$/.test(cl) ? Number(cl) : undefined;
      if (status !== 200) return errorAnswer(status, h, length, rest);
      if (length === undefined) { failure = () => undefined; sock.destroy(); resolve(undefined); return; }
      bodyAnswer(h, length, rest);
    };

    const errorAnswer = (status: number, h: Headers, length: number | undefined, rest: Buffer) => {
      // Redirects, 401s and errors: their bodies are small and only read for a message.
      const want = length !== undefined && length <= MAX_ERROR_BODY ? length : 0;
      const done = (body: Buffer) => { failure = () => undefined; sock.destroy(); resolve(new Response(status === 204 || status === 304 ? null : body, { status: status > 599 ? 502 : status, headers: h })); };
      let got = rest;
      if (got.length >= want) return done(got.subarray(0, want));
      onBytes = (b) => { got = Buffer.concat([got, b]); if (got.length >= want) done(got.subarray(0, want)); };
      failure = () => done(got);
    };

    const bodyAnswer = (h: Headers, length: number, rest: Buffer) => {
      sock.pause();
      const early: Buffer[] = rest.length ? [rest] : [];
      onBytes = (b) => { early.push(Buffer.from(b)); };
      failure = (e) => { lateError = e; };
      let lateError: Error | undefined;
      const res = new Response(null, { status: 200, headers: h }) as RingResponse;
      Object.defineProperty(res, 'body', { value: { cancel: async () => { sock.destroy(); } } });
      res.toFile = (dest, tap) => new Promise<number>((done, fail) => {
        let fd: number;
        try { fd = openSync(dest, 'wx', 0o600); } catch (e) { sock.destroy(); fail(e); return; }
        let pos = 0;
        let pending = 0;
        let ended = false;
        let error: Error | undefined;
        let settled = false;
        // Settles once no write is under way (the descriptor never closes under one): with the first
        // error, or with every byte written.
        const settle = () => {
          if (settled || pending > 0 || (!error && !ended)) return;
          settled = true;
          try { closeSync(fd); } catch (c) { error ??= c as Error; }
          if (error) fail(error); else done(pos);
        };
        const finish = (e?: Error) => {
          if (e && !error && !settled) { error = e; sock.destroy(); }
          settle();
        };
        const block = (b: Buffer) => {
          if (settled || error || b.length === 0) return;
          if (pos + b.length > length) { finish(new Error(`more than the ${length} bytes the answer announced`)); return; }
          try { tap(b); } catch (e) { finish(e as Error); return; }
          const at = pos;
          pos += b.length;
          const slot = b.buffer === ring[next]!.buffer ? next : -1;
          if (slot >= 0) { inFlight[slot] = true; next = (slot + 1) % RING; }
          pending++;
          write(fd, b, 0, b.length, at, (err) => {
            pending--;
            if (slot >= 0) inFlight[slot] = false;
            if (err) { finish(Object.assign(err, { syscall: 'write' })); return; }
            if (sock.isPaused() && !error && !ended) sock.resume();
            settle();
          });
          if (pos === length) { ended = true; failure = () => undefined; sock.destroy(); }
          else if (inFlight.every(Boolean)) sock.pause();
        };
        for (const b of early) block(b);
        if (lateError && !ended) { finish(lateError); return; }
        onBytes = block;
        // After the last byte the socket is destroyed on purpose: its close is no failure.
        failure = (e) => finish(ended ? undefined : (e.message === 'the connection closed early' ? new Error(`the connection closed after ${pos} of ${length} bytes`) : e));
        if (length === 0) ended = true;
        if (!ended) sock.resume();
        settle();
      });
      resolve(res);
    };
  });
}
