// A local stand-in for GitHub's release and issue-comment REST endpoints on 127.0.0.1 (an API host and
// a separate uploads host), with GitHub's semantics — drafts hidden from get-by-tag, 422
// already_exists, immutable published releases — and injectable faults. Its API host also answers the
// public download URL of published assets (`<apiUrl>/<owner>/<repo>/releases/download/<tag>/<name>`),
// so a test can install what a release serves from the URL users are given. Response bodies follow the
// shapes of the recorded responses in @octokit/fixtures (release-assets scenario), with our own data.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface Fault {
  method?: string;
  /** Matched against the request path (without query). */
  path: RegExp;
  host?: 'api' | 'uploads';
  /** Only uploads of the asset with this `name` query parameter. */
  name?: string;
  /** Reply with this status (and a GitHub-shaped error body)… */
  status?: number;
  headers?: Record<string, string>;
  /** Body for a `status` fault (default: a GitHub-shaped error). */
  body?: unknown;
  /** …or cut the connection: before storing anything ('drop') or after storing the upload ('drop-after'). */
  drop?: 'drop' | 'drop-after';
  /** How many matching requests it hits (Infinity for a storm). */
  times: number;
}

export interface StoredAsset {
  id: number;
  name: string;
  label: string | null;
  content_type: string;
  state: 'uploaded' | 'starter';
  bytes: Buffer;
  created_at: string;
}

export interface StoredRelease {
  id: number;
  tag_name: string;
  target_commitish: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
  immutable: boolean;
  make_latest?: string;
  created_at: string;
  published_at: string | null;
  assets: StoredAsset[];
}

export interface ServerOptions {
  owner?: string;
  repo?: string;
  token?: string;
  /** Publishing makes a release immutable (GitHub's immutable releases setting). */
  immutable?: boolean;
  /** Include the `digest` field on assets (newer GitHub); without it clients must compare bytes. */
  digests?: boolean;
  /** Comments return 403 like a fork PR's read-only token. */
  readOnlyComments?: boolean;
  /** Open pull requests, answered by GET /pulls?head=owner:branch (owner is the head repository's). */
  pulls?: Array<{ number: number; owner: string; branch: string; sha: string }>;
  /** Serves the asset of this name with one byte flipped once its release is published (a bad CDN copy). */
  corruptPublished?: string;
  /**
   * Who the token is. Default 'app' for a `ghs_` token (a GitHub App installation token, as
   * GITHUB_TOKEN is): GET /user answers 403 and what it writes is authored by github-actions[bot].
   * A user object: a personal access token of that user (GET /user returns it).
   */
  identity?: 'app' | GhUser;
}

/** The fields of GitHub's simple-user object that clients read (the rest as recorded responses have them). */
export interface GhUser {
  login: string;
  id: number;
  type?: 'User' | 'Bot';
}

export function simpleUser(u: GhUser): Record<string, unknown> {
  return {
    login: u.login, id: u.id, node_id: `MDQ6VXNlcj${u.id}`, avatar_url: `https://avatars.githubusercontent.com/u/${u.id}?v=4`, gravatar_id: '',
    url: `https://api.github.com/users/${encodeURIComponent(u.login)}`, html_url: `https://github.com/${encodeURIComponent(u.login)}`,
    type: u.type ?? 'User', site_admin: false,
  };
}

/** The author of what GITHUB_TOKEN writes (GitHub's real id for github-actions[bot]). */
export const ACTIONS_BOT: GhUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
/** Someone else: a PR author, a reviewer. */
export const OTHER_USER: GhUser = { login: 'mallory', id: 666, type: 'User' };

export interface StoredComment {
  id: number;
  issue: number;
  body: string;
  /** The author; absent means OTHER_USER (a comment a test planted as someone else). */
  user?: GhUser;
}

export interface RequestLog {
  host: 'api' | 'uploads';
  method: string;
  path: string;
  status: number;
  /** Uploads: the asset name and how the body was framed (GitHub needs Content-Length, not chunked). */
  name?: string;
  contentLength?: string;
  transferEncoding?: string;
}

export interface FakeGitHub {
  apiUrl: string;
  uploadsUrl: string;
  owner: string;
  repo: string;
  releases: StoredRelease[];
  comments: StoredComment[];
  faults: Fault[];
  log: RequestLog[];
  close(): Promise<void>;
}

const DOCS = 'https://docs.github.com/rest/releases';
const NOW = '2026-01-02T03:04:05Z';

export async function startGitHub(o: ServerOptions = {}): Promise<FakeGitHub> {
  const owner = o.owner ?? 'acme';
  const repo = o.repo ?? 'knowledge';
  const token = o.token ?? 'ghs_testtoken';
  const identity = o.identity ?? (token.startsWith('ghs_') ? 'app' : { login: 'fixture-user', id: 4243, type: 'User' as const });
  const me: GhUser = identity === 'app' ? ACTIONS_BOT : identity;
  const commentJson = (c: StoredComment) => ({
    id: c.id, node_id: `IC_${c.id}`, url: `${api}/repos/${owner}/${repo}/issues/comments/${c.id}`,
    html_url: `${web}/pull/${c.issue}#issuecomment-${c.id}`, body: c.body, user: simpleUser(c.user ?? OTHER_USER),
    created_at: NOW, updated_at: NOW, author_association: c.user ? 'NONE' : 'CONTRIBUTOR',
  });
  const releases: StoredRelease[] = [];
  const comments: FakeGitHub['comments'] = [];
  const faults: Fault[] = [];
  const log: RequestLog[] = [];
  let nextId = 1000;
  let api = '';
  let uploads = '';
  const web = `https://github.com/${owner}/${repo}`;

  const assetJson = (a: StoredAsset) => ({
    url: `${api}/repos/${owner}/${repo}/releases/assets/${a.id}`,
    id: a.id, node_id: `RA_${a.id}`, name: a.name, label: a.label, uploader: simpleUser(me), content_type: a.content_type, state: a.state,
    size: a.bytes.length, download_count: 0, created_at: a.created_at, updated_at: a.created_at,
    browser_download_url: `${web}/releases/download/${encodeURIComponent(releases.find((r) => r.assets.includes(a))?.tag_name ?? 'untagged')}/${encodeURIComponent(a.name)}`,
    ...(o.digests !== false ? { digest: a.state === 'uploaded' ? `sha256:${createHash('sha256').update(a.bytes).digest('hex')}` : null } : {}),
  });
  const releaseJson = (r: StoredRelease) => ({
    url: `${api}/repos/${owner}/${repo}/releases/${r.id}`,
    assets_url: `${api}/repos/${owner}/${repo}/releases/${r.id}/assets`,
    upload_url: `${uploads}/repos/${owner}/${repo}/releases/${r.id}/assets{?name,label}`,
    // Drafts live at an untagged URL until published, as on GitHub.
    html_url: r.draft ? `${web}/releases/tag/untagged-${r.id}` : `${web}/releases/tag/${r.tag_name}`,
    id: r.id, node_id: `RE_${r.id}`, tag_name: r.tag_name, target_commitish: r.target_commitish, name: r.name, draft: r.draft,
    immutable: r.immutable, author: simpleUser(me), prerelease: r.prerelease, created_at: r.created_at, published_at: r.published_at,
    assets: r.assets.map(assetJson),
    tarball_url: `${api}/repos/${owner}/${repo}/tarball/${r.tag_name}`, zipball_url: `${api}/repos/${owner}/${repo}/zipball/${r.tag_name}`,
    body: r.body,
  });

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8', 'x-github-media-type': 'github.v3; format=json',
      'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': '1767225600', ...headers,
    });
    res.end(text);
  };
  const notFound = (res: ServerResponse) => send(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' });
  const invalid = (res: ServerResponse, resource: string, code: string, field: string) =>
    send(res, 422, { message: 'Validation Failed', errors: [{ resource, code, field }], documentation_url: DOCS, status: '422' });
  const immutableErr = (res: ServerResponse) => send(res, 422, { message: 'Cannot modify an immutable release', documentation_url: DOCS, status: '422' });

  const readBody = (req: IncomingMessage) => new Promise<Buffer>((resolveBody, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolveBody(Buffer.concat(parts)));
    req.on('error', reject);
  });

  const handler = (host: 'api' | 'uploads') => async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const upload = host === 'uploads' ? {
      name: url.searchParams.get('name') ?? '',
      ...(req.headers['content-length'] !== undefined ? { contentLength: req.headers['content-length'] } : {}),
      ...(req.headers['transfer-encoding'] !== undefined ? { transferEncoding: req.headers['transfer-encoding'] } : {}),
    } : {};
    const record = (status: number) => log.push({ host, method, path, status, ...upload });
    const fault = faults.find((f) => f.times > 0 && f.path.test(path) && (!f.method || f.method === method) && (!f.host || f.host === host)
      && (f.name === undefined || f.name === url.searchParams.get('name')));
    if (fault) {
      fault.times--;
      if (fault.drop === 'drop') {
        // Read a little of the body so the client is mid-upload, then cut the connection.
        req.once('data', () => req.socket.destroy());
        req.once('end', () => req.socket.destroy());
        record(0);
        return;
      }
      if (fault.status) {
        await readBody(req);
        record(fault.status);
        return send(res, fault.status, fault.body ?? { message: fault.status >= 500 ? 'Server Error' : 'Fault', documentation_url: DOCS }, fault.headers);
      }
    }
    const body = await readBody(req);
    const wrap = (status: number, b: unknown, h?: Record<string, string>) => { record(status); send(res, status, b, h); };
    if (req.headers.authorization !== `Bearer ${token}`) return wrap(401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' });
    if (path === '/user' && method === 'GET') {
      // An installation token is not a user: GitHub answers 403 here.
      if (identity === 'app') return wrap(403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user', status: '403' });
      return wrap(200, { ...simpleUser(identity), name: identity.login, public_repos: 0, followers: 0, following: 0, created_at: NOW, updated_at: NOW });
    }
    const base = `/repos/${owner}/${repo}`;
    if (!path.startsWith(base)) { record(404); return notFound(res); }
    const rest = path.slice(base.length);
    let m: RegExpMatchArray | null;

    if (host === 'uploads') {
      if ((m = rest.match(/^\/releases\/(\d+)\/assets$/)) && method === 'POST') {
        const r = releases.find((x) => x.id === Number(m![1]));
        if (!r) { record(404); return notFound(res); }
        if (r.immutable) { record(422); return immutableErr(res); }
        // GitHub needs the size up front and refuses a chunked upload.
        if (req.headers['content-length'] === undefined) return wrap(400, { message: 'Bad Content-Length', documentation_url: DOCS, status: '400' });
        const name = url.searchParams.get('name') ?? '';
        if (r.assets.some((a) => a.name === name)) { record(422); return invalid(res, 'ReleaseAsset', 'already_exists', 'name'); }
        const a: StoredAsset = { id: nextId++, name, label: url.searchParams.get('label'), content_type: String(req.headers['content-type'] ?? 'application/octet-stream'), state: 'uploaded', bytes: body, created_at: NOW };
        r.assets.push(a);
        if (fault?.drop === 'drop-after') { record(0); req.socket.destroy(); return; }
        return wrap(201, assetJson(a));
      }
      record(404);
      return notFound(res);
    }

    if ((m = rest.match(/^\/releases\/tags\/(.+)$/)) && method === 'GET') {
      const tag = decodeURIComponent(m[1]!);
      const r = releases.find((x) => x.tag_name === tag && !x.draft);
      return r ? wrap(200, releaseJson(r)) : (record(404), notFound(res));
    }
    if (rest === '/releases' && method === 'GET') {
      const per = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = [...releases].sort((a, b) => b.id - a.id);
      const slice = all.slice((page - 1) * per, page * per);
      const headers: Record<string, string> = {};
      if (page * per < all.length) headers.link = `<${api}${base}/releases?per_page=${per}&page=${page + 1}>; rel="next"`;
      return wrap(200, slice.map(releaseJson), headers);
    }
    if (rest === '/releases' && method === 'POST') {
      const b = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      const tag = String(b.tag_name ?? '');
      if (!tag) { record(422); return invalid(res, 'Release', 'missing_field', 'tag_name'); }
      if (releases.some((x) => x.tag_name === tag && !x.draft)) { record(422); return invalid(res, 'Release', 'already_exists', 'tag_name'); }
      const draft = b.draft === true;
      const r: StoredRelease = {
        id: nextId++, tag_name: tag, target_commitish: String(b.target_commitish ?? 'main'), name: (b.name as string) ?? null, body: (b.body as string) ?? null,
        draft, prerelease: b.prerelease === true, immutable: !draft && !!o.immutable, created_at: NOW, published_at: draft ? null : NOW, assets: [],
      };
      releases.push(r);
      return wrap(201, releaseJson(r));
    }
    if ((m = rest.match(/^\/releases\/(\d+)$/))) {
      const r = releases.find((x) => x.id === Number(m![1]));
      if (!r) { record(404); return notFound(res); }
      if (method === 'GET') return wrap(200, releaseJson(r));
      if (method === 'DELETE') {
        releases.splice(releases.indexOf(r), 1);
        record(204);
        res.writeHead(204);
        return res.end();
      }
      if (method === 'PATCH') {
        if (r.immutable) { record(422); return immutableErr(res); }
        const b = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
        if (b.draft === false && r.draft) {
          if (releases.some((x) => x !== r && x.tag_name === r.tag_name && !x.draft)) { record(422); return invalid(res, 'Release', 'already_exists', 'tag_name'); }
          r.draft = false;
          r.published_at = NOW;
          r.immutable = !!o.immutable;
        }
        if (typeof b.name === 'string') r.name = b.name;
        if (typeof b.body === 'string') r.body = b.body;
        if (typeof b.target_commitish === 'string') r.target_commitish = b.target_commitish;
        if (typeof b.prerelease === 'boolean') r.prerelease = b.prerelease;
        if (typeof b.make_latest === 'string') r.make_latest = b.make_latest;
        return wrap(200, releaseJson(r));
      }
    }
    if ((m = rest.match(/^\/releases\/(\d+)\/assets$/)) && method === 'GET') {
      const r = releases.find((x) => x.id === Number(m![1]));
      return r ? wrap(200, r.assets.map(assetJson)) : (record(404), notFound(res));
    }
    if ((m = rest.match(/^\/releases\/assets\/(\d+)$/))) {
      const id = Number(m[1]);
      const r = releases.find((x) => x.assets.some((a) => a.id === id));
      const a = r?.assets.find((x) => x.id === id);
      if (!r || !a) { record(404); return notFound(res); }
      if (method === 'DELETE') {
        if (r.immutable) { record(422); return immutableErr(res); }
        r.assets = r.assets.filter((x) => x !== a);
        record(204);
        res.writeHead(204);
        return res.end();
      }
      if (method === 'GET') {
        if ((req.headers.accept ?? '').includes('application/octet-stream')) {
          // GitHub answers with a redirect to storage; follow it like a real client must.
          record(302);
          res.writeHead(302, { location: `${api}/_storage/${a.id}` });
          return res.end();
        }
        return wrap(200, assetJson(a));
      }
    }
    if (rest === '/pulls' && method === 'GET') {
      const head = url.searchParams.get('head') ?? '';
      return wrap(200, (o.pulls ?? []).filter((p) => !head || `${p.owner}:${p.branch}` === head)
        .map((p) => ({ number: p.number, state: 'open', head: { sha: p.sha, ref: p.branch, label: `${p.owner}:${p.branch}` } })));
    }
    if ((m = rest.match(/^\/issues\/(\d+)\/comments$/))) {
      const issue = Number(m[1]);
      if (method === 'GET') return wrap(200, comments.filter((c) => c.issue === issue).map(commentJson));
      if (method === 'POST') {
        if (o.readOnlyComments) return wrap(403, { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' });
        const c: StoredComment = { id: nextId++, issue, body: String((JSON.parse(body.toString('utf8')) as { body: string }).body), user: me };
        comments.push(c);
        return wrap(201, commentJson(c));
      }
    }
    if ((m = rest.match(/^\/issues\/comments\/(\d+)$/)) && method === 'PATCH') {
      const c = comments.find((x) => x.id === Number(m![1]));
      if (!c) { record(404); return notFound(res); }
      if (o.readOnlyComments) return wrap(403, { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' });
      c.body = String((JSON.parse(body.toString('utf8')) as { body: string }).body);
      return wrap(200, commentJson(c));
    }
    record(404);
    notFound(res);
  };

  // The public download URL, `<server>/<owner>/<repo>/releases/download/<tag>/<name>`, with this
  // host as the server: anyone may fetch a published release's asset, without a token; GitHub
  // redirects to storage. Drafts are not downloadable there.
  const download = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const prefix = `/${owner}/${repo}/releases/download/`;
    if (!path.startsWith(prefix) || req.method !== 'GET') return false;
    const [tag, name, ...more] = path.slice(prefix.length).split('/').map(decodeURIComponent);
    const a = more.length ? undefined : releases.find((r) => !r.draft && r.tag_name === tag)?.assets.find((x) => x.name === name && x.state === 'uploaded');
    log.push({ host: 'api', method: 'GET', path, status: a ? 302 : 404 });
    if (!a) { res.writeHead(404); res.end('Not Found'); return true; }
    res.writeHead(302, { location: `${api}/_storage/${a.id}` });
    res.end();
    return true;
  };

  const storage = (req: IncomingMessage, res: ServerResponse): boolean => {
    const m = (req.url ?? '').match(/^\/_storage\/(\d+)$/);
    if (!m) return false;
    const a = releases.flatMap((r) => r.assets).find((x) => x.id === Number(m[1]));
    log.push({ host: 'api', method: req.method ?? 'GET', path: req.url ?? '', status: a ? 200 : 404 });
    if (!a) { res.writeHead(404); res.end(); return true; }
    const published = releases.some((r) => !r.draft && r.assets.includes(a!));
    const served = o.corruptPublished === a.name && published && a.bytes.length ? Buffer.concat([Buffer.from([a.bytes[0]! ^ 0xff]), a.bytes.subarray(1)]) : a.bytes;
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(served.length) });
    res.end(served);
    return true;
  };

  const apiHandler = handler('api');
  const apiServer: Server = createServer((req, res) => { if (!storage(req, res) && !download(req, res)) void apiHandler(req, res); });
  const upServer: Server = createServer((req, res) => { void handler('uploads')(req, res); });
  await new Promise<void>((r) => apiServer.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => upServer.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(apiServer.address() as AddressInfo).port}`;
  uploads = `http://127.0.0.1:${(upServer.address() as AddressInfo).port}`;
  return {
    apiUrl: api, uploadsUrl: uploads, owner, repo, releases, comments, faults, log,
    close: async () => {
      apiServer.closeAllConnections();
      upServer.closeAllConnections();
      await new Promise<void>((r) => apiServer.close(() => r()));
      await new Promise<void>((r) => upServer.close(() => r()));
    },
  };
}
