// A registry on 127.0.0.1 that speaks enough of the distribution spec for ctxforge's client and can
// misbehave on request: fail with 500 or 429, drop the connection in the middle of an upload, serve a
// blob or manifest that is not what its digest names, ask for a Bearer token, redirect blobs to
// another server, and (optionally) have the Referrers API. Everything it receives is logged.
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { after } from 'node:test';

export interface Faults {
  /** Answer this status to the next N requests (any path but /token). */
  status?: { code: number; times: number };
  /** Destroy the connection on the next N PATCH/PUT uploads with a body. */
  dropUploads?: number;
  /** Serve these bytes instead of the stored ones for a blob GET. */
  blobOverride?: Map<string, Buffer>;
  /** Serve these bytes for a manifest GET of this reference. */
  manifestOverride?: Map<string, Buffer>;
  /** Redirect blob GETs to this base URL. */
  redirectBlobsTo?: string;
}

export interface Logged { method: string; url: string; authorization?: string }

export interface FakeRegistry {
  host: string;
  url: string;
  faults: Faults;
  log: Logged[];
  blobs: Map<string, Buffer>;
  manifests: Map<string, { bytes: Buffer; type: string }>;
  /** The tags pushed to each repository (what tags/list answers, at most `tagPage` a page, `Link` to the next). */
  tags: Map<string, string[]>;
  close(): void;
}

const servers: Server[] = [];
after(() => { for (const s of servers) { s.closeAllConnections(); s.close(); } });

const digest = (b: Buffer) => `sha256:${createHash('sha256').update(b).digest('hex')}`;
const body = (req: IncomingMessage) => new Promise<Buffer>((res, rej) => { const c: Buffer[] = []; req.on('data', (d) => c.push(d)); req.on('end', () => res(Buffer.concat(c))); req.on('error', rej); });

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `127.0.0.1:${(s.address() as { port: number }).port}`;
}

export async function fakeRegistry(o: { referrersApi?: boolean; tagPage?: number; bearer?: { realm: (self: string) => string; token: string; user?: string; pass?: string } } = {}): Promise<FakeRegistry> {
  const reg: FakeRegistry = { host: '', url: '', faults: {}, log: [], blobs: new Map(), manifests: new Map(), tags: new Map(), close: () => undefined };
  const uploads = new Map<string, Buffer[]>();
  let n = 0;
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', `http://${reg.host}`);
    reg.log.push({ method: req.method ?? '', url: url.pathname + url.search, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    if (url.pathname === '/token') {
      const want = o.bearer?.user ? `Basic ${Buffer.from(`${o.bearer.user}:${o.bearer.pass}`).toString('base64')}` : undefined;
      if (want && req.headers.authorization !== want) { res.writeHead(401).end(); return; }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: o.bearer!.token }));
      return;
    }
    const f = reg.faults;
    if (f.status && f.status.times > 0) {
      f.status.times--;
      res.writeHead(f.status.code, f.status.code === 429 ? { 'retry-after': '0' } : {}).end();
      return;
    }
    if (o.bearer && url.pathname !== '/v2/' && req.headers.authorization !== `Bearer ${o.bearer.token}`) {
      res.writeHead(401, { 'www-authenticate': `Bearer realm="${o.bearer.realm(reg.url)}",service="fake"` }).end();
      return;
    }
    const m = /^\/v2\/(.+?)\/(blobs|manifests|referrers)\/(.+)$/.exec(url.pathname);
    if (url.pathname === '/v2/') { res.writeHead(200).end('{}'); return; }
    if (url.pathname.endsWith('/blobs/uploads/') && req.method === 'POST') {
      const id = String(++n);
      uploads.set(id, []);
      res.writeHead(202, { location: `/upload/${id}` }).end();
      return;
    }
    const up = /^\/upload\/(\d+)$/.exec(url.pathname);
    if (up) {
      if ((req.method === 'PATCH' || (req.method === 'PUT' && Number(req.headers['content-length'] ?? 0) > 0)) && (f.dropUploads ?? 0) > 0) {
        f.dropUploads!--;
        req.socket.destroy();
        return;
      }
      const parts = uploads.get(up[1]!);
      if (!parts) { res.writeHead(404).end(); return; }
      parts.push(await body(req));
      if (req.method === 'PATCH') { res.writeHead(202, { location: `/upload/${up[1]}` }).end(); return; }
      const all = Buffer.concat(parts);
      if (digest(all) !== url.searchParams.get('digest')) { res.writeHead(400).end('{"errors":[{"code":"DIGEST_INVALID","message":"digest mismatch"}]}'); return; }
      reg.blobs.set(digest(all), all);
      res.writeHead(201).end();
      return;
    }
    const tl = /^\/v2\/(.+?)\/tags\/list$/.exec(url.pathname);
    if (tl && req.method === 'GET') {
      const all = [...(reg.tags.get(tl[1]!) ?? [])].sort();
      if (!reg.tags.has(tl[1]!)) { res.writeHead(404).end('{"errors":[{"code":"NAME_UNKNOWN","message":"repository name not known to registry"}]}'); return; }
      const n = Math.min(Number(url.searchParams.get('n') ?? 1000), o.tagPage ?? 1000);
      const last = url.searchParams.get('last');
      const rest = last === null ? all : all.filter((t) => t > last);
      const page = rest.slice(0, n);
      const next = rest.length > n ? { link: `</v2/${tl[1]}/tags/list?n=${n}&last=${encodeURIComponent(page.at(-1)!)}>; rel="next"` } : {};
      res.writeHead(200, { 'content-type': 'application/json', ...next }).end(JSON.stringify({ name: tl[1], tags: page }));
      return;
    }
    if (!m) { res.writeHead(404).end(); return; }
    const [, repo, kind, ref] = m;
    if (kind === 'blobs') {
      if (f.redirectBlobsTo && req.method === 'GET') { res.writeHead(307, { location: `${f.redirectBlobsTo}/blob/${ref}` }).end(); return; }
      const b = f.blobOverride?.get(ref!) ?? reg.blobs.get(ref!);
      if (!b) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-length': b.length });
      res.end(req.method === 'HEAD' ? undefined : b);
      return;
    }
    if (kind === 'manifests') {
      if (req.method === 'PUT') {
        const b = await body(req);
        const entry = { bytes: b, type: String(req.headers['content-type']) };
        reg.manifests.set(ref!, entry);
        reg.manifests.set(digest(b), entry);
        if (!/^sha256:/.test(ref!)) reg.tags.set(repo!, [...new Set([...(reg.tags.get(repo!) ?? []), ref!])]);
        const subject = (JSON.parse(b.toString()) as { subject?: { digest: string } }).subject;
        res.writeHead(201, o.referrersApi && subject ? { 'oci-subject': subject.digest } : {}).end();
        return;
      }
      const over = f.manifestOverride?.get(ref!);
      const e = over ? { bytes: over, type: 'application/vnd.oci.image.manifest.v1+json' } : reg.manifests.get(ref!);
      if (!e) { res.writeHead(404).end(); return; }
      res.writeHead(200, { 'content-type': e.type, 'content-length': e.bytes.length }).end(req.method === 'HEAD' ? undefined : e.bytes);
      return;
    }
    if (kind === 'referrers' && o.referrersApi) {
      const list = [...new Set([...reg.manifests.values()])].filter((e) => e.type.startsWith('application/vnd.oci.image.manifest')).map((e) => ({ e, j: JSON.parse(e.bytes.toString()) as { subject?: { digest: string }; artifactType?: string } }))
        .filter(({ j }) => j.subject?.digest === ref).map(({ e, j }) => ({ mediaType: 'application/vnd.oci.image.manifest.v1+json', digest: digest(e.bytes), size: e.bytes.length, artifactType: j.artifactType }));
      res.writeHead(200, { 'content-type': 'application/vnd.oci.image.index.v1+json' }).end(JSON.stringify({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests: list }));
      return;
    }
    res.writeHead(404).end();
  };
  reg.host = await listen((req, res) => { handler(req, res).catch(() => res.destroy()); });
  reg.url = `http://${reg.host}`;
  return reg;
}
