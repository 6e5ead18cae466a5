// A small client for the OCI distribution spec (v1.1): blobs (HEAD, chunked or monolithic upload,
// streamed and digest-checked download), manifests (bounded), the Referrers API, and tag lists
// (paginated by `Link`). It answers a registry's 401 with the challenge it names (Basic, or a Bearer
// token from the realm) and retries 429, 5xx and dropped connections a bounded number of times.
// Redirects are followed by hand: each target is checked, and `Authorization` is never sent on.
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { DiagnosticError, error } from '../core/diagnostics.js';
import { publicRequest, publicUrlProblem } from '../core/public-get.js';
import { basicHeader, credentialMayGo, parseChallenges, type Credentials } from './auth.js';
import { MAX_MANIFEST_BYTES } from './manifest.js';
import { OCI_INDEX, OCI_MANIFEST } from './media.js';
import { isLoopbackHost } from './ref.js';
import { ringGet, type RingResponse } from './ring-get.js';

export interface ClientOptions {
  host: string;
  repository: string;
  credentials?: Credentials;
  /** The pull-request lock gate: GET/HEAD only, https to public addresses only (every hop, every connection). */
  publicOnly?: boolean;
  /** Attempts for one request on 429, 5xx or a dropped connection (default 4). */
  attempts?: number;
  /** Blobs larger than this are uploaded in PATCH chunks of this size (default 64 MiB). */
  chunkSize?: number;
  /** Waits between attempts (tests pass () => 0 so that no test depends on timing). */
  backoffMs?: (attempt: number, retryAfter: number | undefined) => number;
}

export class OciError extends DiagnosticError {
  constructor(code: string, message: string, where: string, hint?: string, exit: 1 | 2 = 2) {
    super(error(code, message, { file: where, ...(hint ? { hint } : {}) }), exit);
  }
}

interface Req {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  /** A body made afresh for each attempt. */
  body?: () => Buffer | Readable;
  /** Follow redirects (blob GETs land on storage elsewhere). */
  follow?: boolean;
  /** Answer with the node stream (`rawBody`) instead of a web stream: a large blob's download at full speed. */
  raw?: boolean;
  scope: 'pull' | 'pull,push';
}

const MAX_REDIRECTS = 5;
const MAX_TOKEN_BYTES = 1 << 20;
const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
const MANIFEST_ACCEPT = [OCI_MANIFEST, OCI_INDEX].join(', ');

const defaultBackoff = (attempt: number, retryAfter: number | undefined) => Math.min(retryAfter !== undefined ? retryAfter * 1000 : 250 * 2 ** attempt, 10_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads at most `max` bytes of a response body; more is an error. */
export async function readBounded(res: Response, max: number, where: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new OciError('CTXFORGE_OCI_MANIFEST', `${where}: the registry announces ${declared} bytes, more than the ${max} ctxforge reads`, where, undefined, 1);
  }
  const chunks: Buffer[] = [];
  let n = 0;
  if (!res.body) return Buffer.alloc(0);
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      await reader.cancel().catch(() => undefined);
      throw new OciError('CTXFORGE_OCI_MANIFEST', `${where}: larger than the ${max} bytes ctxforge reads`, where, undefined, 1);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

export class RegistryClient {
  readonly base: URL;
  private tokens = new Map<string, string>();
  private basic = false;
  constructor(readonly o: ClientOptions) {
    this.base = new URL(`${isLoopbackHost(o.host) ? 'http' : 'https'}://${o.host}`);
    if (o.publicOnly) {
      const why = publicUrlProblem(this.base);
      if (why) throw new OciError('CTXFORGE_INSTALL_REDIRECT', `oci://${o.host} is not fetched: ${why}`, `oci://${o.host}`, 'vendor the artifact into the repository, or lock a package from a public https registry');
    }
  }

  get where(): string { return `oci://${this.o.host}/${this.o.repository}`; }
  private path(rest: string): URL { return new URL(`/v2/${this.o.repository}/${rest}`, this.base); }

  private async send(url: URL, method: string, headers: Record<string, string>, body: Buffer | Readable | undefined, raw = false): Promise<Response> {
    if (raw && !this.o.publicOnly && method === 'GET') return (await ringGet(url, headers)) ?? rawRequest(url, 'GET', headers);
    // A file's bytes go through node's http client, which keeps to the socket's pace (fetch reads
    // an iterable body ahead without bound: 355 MB of RSS for a 256 MiB PUT).
    if (body instanceof Readable && !this.o.publicOnly) return rawRequest(url, method, headers, body);
    if (this.o.publicOnly) {
      if (method !== 'GET' && method !== 'HEAD') throw new Error('the lock gate only reads');
      return publicRequest(url.href, undefined, headers, method);
    }
    const init: RequestInit & { duplex?: 'half' } = { method, headers, redirect: 'manual' };
    if (body !== undefined) {
      // A Readable goes as an async iterable: undici pulls one chunk at a time (Readable.toWeb on Node 20 reads ahead unbounded).
      init.body = body as never;
      if (body instanceof Readable) init.duplex = 'half';
    }
    return fetch(url, init);
  }

  private authFor(url: URL, scope: string): string | undefined {
    if (url.host.toLowerCase() !== this.o.host) return undefined;
    const token = this.tokens.get(scope) ?? this.tokens.get('pull,push');
    if (token) return `Bearer ${token}`;
    if (this.basic && this.o.credentials && credentialMayGo(this.o.host, url)) return basicHeader(this.o.credentials);
    return undefined;
  }

  /** Answers a 401: Basic with the stored credentials, or a Bearer token from the realm. */
  private async authenticate(res: Response, scope: string): Promise<boolean> {
    const challenges = parseChallenges(res.headers.get('www-authenticate'));
    const bearer = challenges.find((c) => c.scheme === 'bearer');
    if (bearer) {
      let realm: URL;
      try { realm = new URL(bearer.params.realm ?? ''); } catch {
        throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the registry's Bearer challenge names no usable realm`, this.where);
      }
      if (realm.protocol !== 'https:' && !(realm.protocol === 'http:' && isLoopbackHost(realm.host))) {
        throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the token realm ${realm.origin} is not https; ctxforge never asks for a token over plain http from another machine`, this.where);
      }
      if (this.o.publicOnly && publicUrlProblem(realm)) {
        throw new OciError('CTXFORGE_INSTALL_REDIRECT', `${this.where}: the token realm ${realm.origin} is not fetched: ${publicUrlProblem(realm)}`, this.where);
      }
      const q = new URL(realm);
      if (bearer.params.service) q.searchParams.set('service', bearer.params.service);
      q.searchParams.set('scope', `repository:${this.o.repository}:${scope}`);
      const headers: Record<string, string> = { accept: 'application/json' };
      const creds = this.o.credentials;
      if (creds && credentialMayGo(this.o.host, q)) headers.authorization = basicHeader(creds);
      const tr = await this.send(q, 'GET', headers, undefined).catch((e: Error) => {
        throw new OciError('CTXFORGE_OCI_UNREACHABLE', `${this.where}: the token realm ${realm.origin} cannot be reached (${e.message})`, this.where);
      });
      if (tr.status === 401 || tr.status === 403) {
        await tr.body?.cancel().catch(() => undefined);
        throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the token realm refused ${creds ? `the credentials from ${creds.from}` : 'an anonymous token'} (HTTP ${tr.status})`, this.where, creds ? 'log in again (docker login) or check the token\'s scopes' : 'log in with docker login; ctxforge reads Docker\'s config.json and credential helpers');
      }
      if (!tr.ok) { await tr.body?.cancel().catch(() => undefined); throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the token realm answered HTTP ${tr.status}`, this.where); }
      let token: unknown;
      try {
        const j = JSON.parse((await readBounded(tr, MAX_TOKEN_BYTES, this.where)).toString('utf8')) as { token?: unknown; access_token?: unknown };
        token = j.token ?? j.access_token;
      } catch { token = undefined; }
      if (typeof token !== 'string' || !token || /[\r\n]/.test(token)) throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the token realm answered no token`, this.where);
      this.tokens.set(scope, token);
      return true;
    }
    if (challenges.some((c) => c.scheme === 'basic')) {
      if (!this.o.credentials) throw new OciError('CTXFORGE_OCI_AUTH', `${this.where} asks for a user name and password, and Docker's config.json has none for ${this.o.host}`, this.where, `docker login ${this.o.host}`);
      if (!credentialMayGo(this.o.host, this.base)) throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: a password is never sent over plain http to another machine`, this.where);
      if (this.basic) return false;
      this.basic = true;
      return true;
    }
    return false;
  }

  /** One request, with authentication, retries and (when asked) redirects; the answer is the registry's last. */
  async request(url: URL, r: Req): Promise<Response> {
    const attempts = this.o.attempts ?? 4;
    let authed = 0;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.hop(url, r);
      } catch (e) {
        if (e instanceof DiagnosticError) throw e;
        if (attempt + 1 >= attempts) {
          const cause = (e as { cause?: Error }).cause;
          throw new OciError('CTXFORGE_OCI_UNREACHABLE', `${this.where}: ${r.method} ${url.pathname} failed after ${attempt + 1} attempts (${(e as Error).message}${cause ? `: ${cause.message}` : ''})`, this.where, 'check that the registry is up and reachable; nothing was installed');
        }
        await sleep((this.o.backoffMs ?? defaultBackoff)(attempt, undefined));
        continue;
      }
      if (res.status === 401 && authed < 2) {
        await res.body?.cancel().catch(() => undefined);
        if (await this.authenticate(res, r.scope)) { authed++; attempt--; continue; }
        throw new OciError('CTXFORGE_OCI_AUTH', `${this.where}: the registry refused ${this.o.credentials ? `the credentials from ${this.o.credentials.from}` : 'anonymous access'} (HTTP 401)`, this.where, 'docker login to the registry; ctxforge reads Docker\'s config.json and credential helpers');
      }
      if (RETRY_STATUS.has(res.status) && attempt + 1 < attempts) {
        const ra = Number(res.headers.get('retry-after'));
        await res.body?.cancel().catch(() => undefined);
        await sleep((this.o.backoffMs ?? defaultBackoff)(attempt, Number.isFinite(ra) && ra >= 0 ? Math.min(ra, 30) : undefined));
        continue;
      }
      return res;
    }
  }

  private async hop(first: URL, r: Req): Promise<Response> {
    let url = first;
    for (let hop = 0; ; hop++) {
      const headers: Record<string, string> = { ...(r.headers ?? {}) };
      // Authorization only ever goes to the registry itself, never to where it redirects.
      const auth = hop === 0 ? this.authFor(url, r.scope) : undefined;
      if (auth) headers.authorization = auth;
      const res = await this.send(url, r.method, headers, r.body?.(), r.raw);
      if (!r.follow || ![301, 302, 303, 307, 308].includes(res.status)) return res;
      await res.body?.cancel().catch(() => undefined);
      let next: URL;
      try { next = new URL(res.headers.get('location') ?? '', url); } catch {
        throw new OciError('CTXFORGE_OCI_HTTP', `${this.where}: a redirect without a usable Location`, this.where);
      }
      const why = next.protocol !== 'https:' && next.protocol !== 'http:' ? `${next.protocol} is neither https nor http`
        : url.protocol === 'https:' && next.protocol === 'http:' ? 'it leaves https for plain http'
          : next.protocol === 'http:' && !isLoopbackHost(next.host) ? 'plain http to another machine'
            : this.o.publicOnly ? publicUrlProblem(next) : null;
      if (why) throw new OciError('CTXFORGE_INSTALL_REDIRECT', `${this.where}: a redirect to ${next.origin} is not followed: ${why}`, this.where);
      if (hop >= MAX_REDIRECTS) throw new OciError('CTXFORGE_OCI_HTTP', `${this.where}: more than ${MAX_REDIRECTS} redirects`, this.where);
      url = next;
    }
  }

  private async failed(res: Response, what: string, code = 'CTXFORGE_OCI_HTTP'): Promise<never> {
    let detail = '';
    try {
      const text = (await readBounded(res, 64 * 1024, this.where)).toString('utf8');
      const j = JSON.parse(text) as { errors?: { code?: string; message?: string }[] };
      const e = j.errors?.[0];
      if (e) detail = `: ${String(e.code ?? '')} ${String(e.message ?? '')}`.replace(/[\0-\x1f\x7f]/g, ' ').slice(0, 300);
    } catch { /* no readable error body */ }
    throw new OciError(res.status === 404 ? 'CTXFORGE_OCI_NOT_FOUND' : code, `${this.where}: ${what}: HTTP ${res.status}${detail}`, this.where, res.status === 429 ? 'the registry limits the rate of requests: try again later' : res.status >= 500 ? 'the registry failed; nothing was installed: try again later' : undefined);
  }

  async hasBlob(digest: string, scope: 'pull' | 'pull,push' = 'pull'): Promise<boolean> {
    const res = await this.request(this.path(`blobs/${digest}`), { method: 'HEAD', scope, follow: true });
    await res.body?.cancel().catch(() => undefined);
    if (res.status === 200) return true;
    if (res.status === 404) return false;
    return this.failed(res, `HEAD blob ${digest}`);
  }

  /**
   * Uploads a blob unless the registry has it: monolithic up to chunkSize, else PATCH chunks. The
   * bytes are read from `file` for each attempt, so memory stays one chunk's worth at most.
   */
  async pushBlob(digest: string, size: number, src: { file: string } | { bytes: Buffer }): Promise<'exists' | 'uploaded'> {
    if (await this.hasBlob(digest, 'pull,push')) return 'exists';
    const chunk = this.o.chunkSize ?? 64 * 1024 * 1024;
    const attempts = this.o.attempts ?? 4;
    const slice = (start: number, end: number): Buffer | Readable => ('bytes' in src ? src.bytes.subarray(start, end) : size === 0 ? Buffer.alloc(0) : createReadStream(src.file, { start, end: end - 1, highWaterMark: 1 << 16 }));
    for (let attempt = 0; ; attempt++) {
      try {
        await this.uploadOnce(digest, size, chunk, slice);
        return 'uploaded';
      } catch (e) {
        // A chunk that failed part-way leaves the session in an unknown state: start a new one.
        if (!(e instanceof RetryUpload) || attempt + 1 >= attempts) {
          if (e instanceof RetryUpload) throw new OciError('CTXFORGE_OCI_UNREACHABLE', `${this.where}: uploading ${digest} failed ${attempts} times (${e.message})`, this.where, 'check the registry; a retry resumes where the registry has the blob');
          throw e;
        }
        await sleep((this.o.backoffMs ?? defaultBackoff)(attempt, undefined));
      }
    }
  }

  private async uploadOnce(digest: string, size: number, chunk: number, slice: (s: number, e: number) => Buffer | Readable): Promise<void> {
    const start = await this.request(this.path('blobs/uploads/'), { method: 'POST', scope: 'pull,push', headers: { 'content-length': '0' } });
    if (start.status !== 202) return this.failed(start, 'starting a blob upload');
    await start.body?.cancel().catch(() => undefined);
    let loc = this.location(start);
    const send = async (url: URL, method: 'PUT' | 'PATCH', headers: Record<string, string>, body: () => Buffer | Readable, want: number) => {
      let res: Response;
      try {
        // One attempt each: a failed chunk restarts the upload (see pushBlob), not the chunk.
        res = await this.sendOnce(url, method, headers, body);
      } catch (e) {
        throw new RetryUpload(`${method} dropped: ${(e as Error).message}`);
      }
      if (RETRY_STATUS.has(res.status)) { await res.body?.cancel().catch(() => undefined); throw new RetryUpload(`${method} answered HTTP ${res.status}`); }
      if (res.status !== want) return this.failed(res, `${method} of blob ${digest}`);
      await res.body?.cancel().catch(() => undefined);
      return res;
    };
    if (size <= chunk) {
      const put = new URL(loc);
      put.searchParams.set('digest', digest);
      await send(put, 'PUT', { 'content-type': 'application/octet-stream', 'content-length': String(size) }, () => slice(0, size), 201);
      return;
    }
    for (let off = 0; off < size; off += chunk) {
      const end = Math.min(size, off + chunk);
      const res = await send(loc, 'PATCH', { 'content-type': 'application/octet-stream', 'content-length': String(end - off), 'content-range': `${off}-${end - 1}` }, () => slice(off, end), 202);
      loc = this.location(res);
    }
    const put = new URL(loc);
    put.searchParams.set('digest', digest);
    await send(put, 'PUT', { 'content-length': '0' }, () => Buffer.alloc(0), 201);
  }

  /** A request sent once (upload chunks): authenticated as the session is, no retry. */
  private async sendOnce(url: URL, method: 'PUT' | 'PATCH', headers: Record<string, string>, body: () => Buffer | Readable): Promise<Response> {
    const res = await this.send(url, method, { ...headers, ...(this.authFor(url, 'pull,push') ? { authorization: this.authFor(url, 'pull,push')! } : {}) }, body());
    if (res.status === 401) {
      await res.body?.cancel().catch(() => undefined);
      if (await this.authenticate(res, 'pull,push')) throw new RetryUpload('the token expired during the upload');
    }
    return res;
  }

  private location(res: Response): URL {
    const l = res.headers.get('location');
    let u: URL | undefined;
    try { u = l ? new URL(l, this.base) : undefined; } catch { u = undefined; }
    // The upload session stays on the registry: a Location elsewhere would carry the credentials away.
    if (!u || u.host.toLowerCase() !== this.o.host || u.protocol !== this.base.protocol) {
      throw new OciError('CTXFORGE_OCI_HTTP', `${this.where}: the upload session's Location ${JSON.stringify(String(l).slice(0, 200))} is not on the registry`, this.where);
    }
    return u;
  }

  /** Downloads a blob to `dest`, refusing more than `size` bytes or bytes whose digest is not `digest`. */
  async getBlob(digest: string, size: number, dest: string): Promise<void> {
    const res = await this.request(this.path(`blobs/${digest}`), { method: 'GET', scope: 'pull', follow: true, raw: true });
    if (res.status !== 200 || !res.body) return this.failed(res, `GET blob ${digest}`);
    const announced = Number(res.headers.get('content-length') ?? NaN);
    if (announced > size) {
      await res.body.cancel().catch(() => undefined);
      throw this.downloadError(digest, new Error(`more than the ${size} bytes its descriptor names (${announced} announced)`));
    }
    // Every byte, whichever way it arrives, is counted against the descriptor and hashed here.
    const h = createHash('sha256');
    let n = 0;
    const tap = (b: Uint8Array) => {
      n += b.length;
      if (n > size) throw new Error(`more than the ${size} bytes its descriptor names`);
      h.update(b);
    };
    const toFile = (res as RingResponse).toFile;
    const rawBody = (res as RawResponse).rawBody;
    try {
      if (toFile) await toFile(dest, tap);
      else if (rawBody) {
        const through = new Transform({ transform(c: Buffer, _e, cb) { try { tap(c); cb(null, c); } catch (e) { cb(e as Error); } } });
        await pipeline(rawBody, through, createWriteStream(dest, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }));
      } else await webBodyToFile(res, dest, tap);
    } catch (e) {
      throw this.downloadError(digest, e);
    }
    return this.checkDigest(digest, size, n, `sha256:${h.digest('hex')}`);
  }

  /** What a failed download was: too many bytes (the registry's fault), the local file, or the connection. */
  private downloadError(digest: string, e: unknown): OciError {
    const err = e as NodeJS.ErrnoException;
    if (/^more than the/.test(err.message)) return new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: blob ${digest}: ${err.message}; nothing was installed`, this.where, undefined, 1);
    if (err.syscall === 'open' || err.syscall === 'write') return new OciError('CTXFORGE_IO', `${this.where}: blob ${digest} cannot be written (${err.code ?? err.message})`, this.where);
    return new OciError('CTXFORGE_OCI_UNREACHABLE', `${this.where}: the download of blob ${digest} broke off (${err.code ?? err.message}); nothing was installed`, this.where, 'try again; a registry that keeps failing is not used');
  }

  private checkDigest(digest: string, size: number, n: number, got: string): void {
    if (n !== size || got !== digest) {
      throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: the registry served ${n} bytes with digest ${got} for blob ${digest} (${size} bytes); nothing was installed`, this.where, 'the registry or something on the way changed the bytes: do not use this registry until it serves what its manifest names', 1);
    }
  }

  async getBlobBytes(digest: string, size: number, max: number): Promise<Buffer> {
    if (size > max) throw new OciError('CTXFORGE_OCI_MANIFEST', `${this.where}: blob ${digest} is ${size} bytes, more than the ${max} read for it`, this.where, undefined, 1);
    const res = await this.request(this.path(`blobs/${digest}`), { method: 'GET', scope: 'pull', follow: true });
    if (res.status !== 200) return this.failed(res, `GET blob ${digest}`);
    const b = await readBounded(res, size, this.where);
    const got = `sha256:${createHash('sha256').update(b).digest('hex')}`;
    if (got !== digest) throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: blob ${digest} arrived with digest ${got}; nothing was installed`, this.where, undefined, 1);
    return b;
  }

  /** PUT a manifest under a tag or its digest; answers the registry's OCI-Subject header (Referrers support). */
  async putManifest(reference: string, bytes: Buffer, mediaType: string): Promise<{ subject?: string }> {
    const res = await this.request(this.path(`manifests/${reference}`), { method: 'PUT', scope: 'pull,push', headers: { 'content-type': mediaType }, body: () => bytes });
    if (res.status !== 201) return this.failed(res, `PUT manifest ${reference}`);
    await res.body?.cancel().catch(() => undefined);
    const subject = res.headers.get('oci-subject') ?? undefined;
    return subject ? { subject } : {};
  }

  /** GET a manifest (bounded): its bytes and media type, or undefined when the registry has none. */
  async getManifest(reference: string): Promise<{ bytes: Buffer; mediaType: string } | undefined> {
    const res = await this.request(this.path(`manifests/${reference}`), { method: 'GET', scope: 'pull', headers: { accept: MANIFEST_ACCEPT } });
    if (res.status === 404) { await res.body?.cancel().catch(() => undefined); return undefined; }
    if (res.status !== 200) return this.failed(res, `GET manifest ${reference}`);
    const bytes = await readBounded(res, MAX_MANIFEST_BYTES, `${this.where}:${reference}`);
    return { bytes, mediaType: (res.headers.get('content-type') ?? '').split(';')[0]!.trim() };
  }

  /** The Referrers API's answer for `digest`, or undefined where the registry has no such API (404). */
  async referrersApi(digest: string): Promise<Buffer | undefined> {
    const res = await this.request(this.path(`referrers/${digest}`), { method: 'GET', scope: 'pull', headers: { accept: OCI_INDEX } });
    if (res.status === 404 || res.status === 405 || res.status === 400) { await res.body?.cancel().catch(() => undefined); return undefined; }
    if (res.status !== 200) return this.failed(res, `GET referrers of ${digest}`);
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (type !== OCI_INDEX) { await res.body?.cancel().catch(() => undefined); return undefined; }
    return readBounded(res, MAX_MANIFEST_BYTES, `${this.where} referrers`);
  }

  /** Every tag, page by page as the registry's `Link: <…>; rel="next"` leads (same registry only). */
  async listTags(pageSize = 100, maxPages = 1000): Promise<string[]> {
    const tags: string[] = [];
    let url: URL | undefined = this.path(`tags/list?n=${pageSize}`);
    for (let page = 0; url && page < maxPages; page++) {
      const res: Response = await this.request(url, { method: 'GET', scope: 'pull' });
      if (res.status !== 200) return this.failed(res, 'GET tags/list');
      const body = await readBounded(res, MAX_MANIFEST_BYTES, `${this.where} tags`);
      let j: { tags?: unknown };
      try { j = JSON.parse(body.toString('utf8')) as { tags?: unknown }; } catch { throw new OciError('CTXFORGE_OCI_HTTP', `${this.where}: the tag list is not JSON`, this.where); }
      if (Array.isArray(j.tags)) for (const t of j.tags) if (typeof t === 'string') tags.push(t);
      url = nextLink(res.headers.get('link'), url, this.base);
    }
    return tags;
  }
}

class RetryUpload extends Error {}

/** The lock gate's web stream: each chunk to `tap`, then to the file, waiting only when the file's buffer is full. */
async function webBodyToFile(res: Response, dest: string, tap: (b: Uint8Array) => void): Promise<void> {
  const out = createWriteStream(dest, { flags: 'wx', mode: 0o600, highWaterMark: 4 << 20 });
  const failed = new Promise<never>((_r, rej) => out.once('error', rej));
  failed.catch(() => undefined);
  try {
    for await (const c of res.body as unknown as AsyncIterable<Uint8Array>) {
      tap(c);
      if (!out.write(c)) await Promise.race([once(out, 'drain'), failed]);
    }
    await Promise.race([new Promise<void>((r) => out.end(r)), failed]);
  } catch (e) {
    out.destroy();
    await res.body?.cancel().catch(() => undefined);
    throw e;
  }
}

/** A Response whose body is also available as the node stream it came from. */
type RawResponse = Response & { rawBody?: IncomingMessage };

/**
 * A request with node's http client: status and headers as a Response; a 200 answer's body as the
 * node stream it is (`rawBody`), any other answer's (small) body read into the Response.
 */
function rawRequest(url: URL, method: string, headers: Record<string, string>, body?: Readable): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method, headers }, (msg) => {
      const h = new Headers();
      for (const [k, v] of Object.entries(msg.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
      const status = msg.statusCode ?? 502;
      const res = new Response(null, { status: status < 200 || status > 599 ? 502 : status, headers: h }) as RawResponse;
      // Only the node stream is read; a caller that cancels the body ends it.
      Object.defineProperty(res, 'body', { value: { cancel: async () => { msg.destroy(); } } });
      Object.defineProperty(res, 'rawBody', { value: msg });
      if (status !== 200 || method !== 'GET') {
        // Error bodies are small: read them as a web stream would be.
        const chunks: Buffer[] = [];
        msg.on('data', (c: Buffer) => { if (chunks.reduce((a, b) => a + b.length, 0) < 65536) chunks.push(c); });
        msg.on('end', () => resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status: status < 200 || status > 599 ? 502 : status, headers: h })));
        msg.on('error', reject);
        return;
      }
      resolve(res);
    });
    req.on('error', reject);
    if (body) {
      body.on('error', (e) => req.destroy(e));
      body.pipe(req);
    } else req.end();
  });
}

/** The `rel="next"` target of a Link header, on the same registry; else undefined. */
export function nextLink(link: string | null, cur: URL, base: URL): URL | undefined {
  if (!link || link.length > 8192) return undefined;
  for (const part of link.split(',')) {
    const m = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!m || !/(?:^|;)\s*rel="?next"?\s*(?:;|$)/.test(m[2]!)) continue;
    try {
      const u = new URL(m[1]!, cur);
      return u.origin === base.origin ? u : undefined;
    } catch { return undefined; }
  }
  return undefined;
}
