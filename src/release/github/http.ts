// GitHub REST over fetch with the retry policy releases need: back off on 5xx, dropped connections,
// rate limits and (when asked) 404 replication lag; fail at once on 400/401/403/422. Upload bodies
// are streamed from disk, so a release's size never becomes the process's memory.
//
// Why fetch and not @actions/github's octokit: we need per-call control of 404-as-lag, uploads to the
// host named by `upload_url`, byte-exact downloads and one retry policy we can test against a local
// server; octokit would add its own retry/throttle plugins (not installed) and hide those choices.
import type { Readable } from 'node:stream';

export interface RetryOptions {
  /** Attempts after the first. */
  retries: number;
  baseMs: number;
  maxDelayMs: number;
  /** Longest wait we accept for a rate-limit reset before giving up. */
  maxRateLimitWaitMs: number;
  timeoutMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const defaultRetry: RetryOptions = {
  retries: 5,
  baseMs: 1000,
  maxDelayMs: 30_000,
  maxRateLimitWaitMs: 5 * 60_000,
  timeoutMs: 120_000,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

export class GitHubError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly method: string,
    readonly url: string,
    readonly body: unknown,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'GitHubError';
  }
  /** `errors[].code` of a 422, e.g. "already_exists". */
  get codes(): string[] {
    const errs = (this.body as { errors?: Array<{ code?: string }> } | null)?.errors;
    return Array.isArray(errs) ? errs.map((e) => e.code ?? '').filter(Boolean) : [];
  }
}

/** A request body read from a source that can be opened again for every attempt. */
export interface UploadBody {
  /** A fresh stream of exactly `length` bytes: a stream is consumed once, so each retry opens its own. */
  open(): Readable;
  /** Sent as Content-Length: GitHub's upload endpoint needs it and refuses chunked bodies. */
  length: number;
}

/** The body's own source failed (a missing or changed file): retrying would read the same thing. */
export class UploadSourceError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'UploadSourceError';
  }
}

/**
 * Slowest upload rate we still wait for. A fixed whole-request timeout would abort every large
 * asset on a slow link and then retry it into the same timeout, so uploads get time by size.
 */
const MIN_UPLOAD_BYTES_PER_MS = 64; // 64 KB/s

export interface RequestOptions {
  body?: unknown;
  upload?: UploadBody;
  contentType?: string;
  accept?: string;
  /** Treat 404 as replication lag (the resource was just created) and retry. */
  retryNotFound?: boolean;
  /** Return 404 as `null` instead of throwing. */
  allowNotFound?: boolean;
}

export interface Response<T> {
  status: number;
  headers: Headers;
  data: T;
  bytes: Buffer;
}

function retryAfterMs(res: globalThis.Response, now: number): number | null {
  const ra = res.headers.get('retry-after');
  if (ra && /^\d+$/.test(ra)) return Number(ra) * 1000;
  if (res.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now) + 1000;
    return 60_000;
  }
  return null;
}

/** Redacts query strings (upload names are harmless, but signed download URLs are not). */
function shown(url: string): string {
  return url.replace(/\?.*$/, '');
}

export class GitHubHttp {
  readonly retry: RetryOptions;
  constructor(private readonly token: string, retry: Partial<RetryOptions> = {}, private readonly log: (s: string) => void = () => {}) {
    this.retry = { ...defaultRetry, ...retry };
  }

  async request<T = unknown>(method: string, url: string, o: RequestOptions = {}): Promise<Response<T | null>> {
    const r = this.retry;
    let lastErr: GitHubError | null = null;
    // Set when the server said how long to wait (rate limits); else exponential backoff.
    let serverWait: number | null = null;
    for (let attempt = 0; attempt <= r.retries; attempt++) {
      if (attempt > 0) {
        const backoff = Math.min(r.maxDelayMs, r.baseMs * 2 ** (attempt - 1));
        const wait = serverWait ?? backoff;
        serverWait = null;
        // Jitter spreads concurrent re-runs apart.
        await r.sleep(Math.round(wait * (0.75 + Math.random() * 0.5)));
      }
      let res: globalThis.Response;
      let source: Readable | undefined;
      let sourceErr: unknown;
      try {
        const headers: Record<string, string> = {
          authorization: `Bearer ${this.token}`,
          accept: o.accept ?? 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'ctxforge-release',
        };
        let body: Readable | string | undefined;
        let timeoutMs = r.timeoutMs;
        if (o.upload) {
          body = openSource(o.upload);
          source = body;
          body.once('error', (err) => { sourceErr = err; });
          headers['content-type'] = o.contentType ?? 'application/octet-stream';
          headers['content-length'] = String(o.upload.length);
          timeoutMs += Math.ceil(o.upload.length / MIN_UPLOAD_BYTES_PER_MS);
        } else if (o.body !== undefined) {
          body = JSON.stringify(o.body);
          headers['content-type'] = 'application/json';
        }
        // Node's fetch (undici) takes a Node Readable as an async-iterable body, and refuses any
        // streamed body without `duplex: 'half'` (the request is sent whole before the response).
        res = await fetch(url, { method, headers, body, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs), ...(o.upload ? { duplex: 'half' as const } : {}) });
      } catch (e) {
        source?.destroy();
        if (sourceErr || e instanceof UploadSourceError) {
          const cause: unknown = sourceErr ?? (e as UploadSourceError).cause;
          throw new UploadSourceError(`${method} ${shown(url)}: reading the upload failed: ${(cause as Error)?.message ?? String(cause)}`, cause);
        }
        // Connection reset, DNS hiccup or timeout: the request may or may not have landed; callers
        // make their writes safe to repeat (uploads re-list on already_exists).
        lastErr = new GitHubError(`${method} ${shown(url)}: ${(e as Error).cause ? String((e as Error).cause) : (e as Error).message}`, 0, method, shown(url), null, attempt + 1);
        this.log(`retrying after network error: ${lastErr.message}`);
        continue;
      }
      // The server may answer before reading the whole body (an early 4xx/5xx): release the file.
      source?.destroy();
      const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
      const ct = res.headers.get('content-type') ?? '';
      let data: unknown = null;
      if (ct.includes('json') && bytes.length) {
        try {
          data = JSON.parse(bytes.toString('utf8'));
        } catch {
          data = null;
        }
      }
      if (res.status < 300) return { status: res.status, headers: res.headers, data: data as T, bytes };
      if (res.status === 404 && o.allowNotFound && !o.retryNotFound) return { status: 404, headers: res.headers, data: null, bytes };
      const msg = (data as { message?: string } | null)?.message ?? `HTTP ${res.status}`;
      const err = new GitHubError(`${method} ${shown(url)}: ${res.status} ${msg}`, res.status, method, shown(url), data, attempt + 1);
      const rl = res.status === 429 || res.status === 403 ? retryAfterMs(res, Date.now()) : null;
      const retryable = res.status >= 500 || res.status === 429 || rl !== null || (res.status === 404 && o.retryNotFound);
      if (!retryable) throw err;
      if (rl !== null) {
        if (rl > r.maxRateLimitWaitMs) throw new GitHubError(`${err.message} (rate limited; reset in ${Math.round(rl / 1000)}s is beyond the wait limit)`, res.status, method, shown(url), data, attempt + 1);
        serverWait = rl;
      }
      lastErr = err;
      this.log(`retrying: ${err.message}`);
    }
    if (lastErr && lastErr.status === 404 && o.allowNotFound) return { status: 404, headers: new Headers(), data: null, bytes: Buffer.alloc(0) };
    throw new GitHubError(`${lastErr?.message ?? method} — gave up after ${r.retries + 1} attempts`, lastErr?.status ?? 0, method, shown(url), lastErr?.body ?? null, r.retries + 1);
  }
}

function openSource(u: UploadBody): Readable {
  try {
    return u.open();
  } catch (e) {
    throw new UploadSourceError((e as Error).message, e);
  }
}
