// Downloads for the pull-request lock gate and the registries it reaches: a lock at the head is the
// pull request's own words, so the URLs it names may only reach the public internet over https —
// never this machine, the link-local metadata address, or a private network the CI runner can see. The address is checked where
// the connection is made (the resolver's answer, every address of it), so a name that resolves to a
// public address when asked first and a private one a moment later still reaches nothing inside.
import { BlockList, isIP } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { Readable } from 'node:stream';

// IANA's special-purpose registries (RFC 6890 and successors): no artifact a lock names lives there.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** Is `ip` (a literal address) one on the public internet? IPv4-mapped IPv6 is judged as its IPv4. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return !blocked.check(ip, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(?:0:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (hexMapped) {
    const n = (parseInt(hexMapped[1]!, 16) << 16) | parseInt(hexMapped[2]!, 16);
    return isPublicAddress([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
  }
  return !blocked.check(ip, 'ipv6');
}

/** Why the lock gate does not fetch `u`, or null: https only, and a host that is not an address inside. */
export function publicUrlProblem(u: URL): string | null {
  if (u.protocol !== 'https:') return 'the lock gate fetches only https';
  if (u.username || u.password) return 'it has credentials in it';
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPublicAddress(host) ? null : `${host} is not a public address (loopback, link-local and private ranges are never fetched by the lock gate)`;
  if (/^localhost$|\.localhost$/i.test(host)) return `${host} is this machine, which the lock gate never fetches from`;
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A resolver for https.request that answers only with public addresses (all of them must be). */
const publicLookup = (dnsLookup: typeof import('node:dns').lookup) => (hostname: string, options: { all?: boolean; family?: number }, cb: LookupCallback): void => {
  dnsLookup(hostname, { ...options, all: true }, (err, addrs) => {
    if (err) return cb(err, []);
    const inside = addrs.find((a) => !isPublicAddress(a.address));
    if (inside || !addrs.length) {
      const e: NodeJS.ErrnoException = new Error(`${hostname} resolves to ${inside ? inside.address : 'no address'}, which is not a public address; the lock gate never fetches from loopback, link-local or private ranges`);
      e.code = 'ENOTPUBLIC';
      return cb(e, []);
    }
    if (options.all) cb(null, addrs);
    else cb(null, addrs[0]!.address, addrs[0]!.family);
  });
};

// https (TLS with it) and the resolver load when a request is made, not with this module: most
// commands that import it only ask whether an address is public (~10 ms of a start).
let transport: Promise<[typeof import('node:https'), typeof import('node:dns')]> | undefined;

/** GET `url` over https, connecting only to public addresses; answers as fetch() does (no redirect followed). */
export function publicGet(url: string, signal: AbortSignal): Promise<Response> {
  return publicRequest(url, signal, { accept: '*/*' });
}

/** A bodiless GET or HEAD with the caller's headers (an OCI registry's Accept and token), under the same address rule. */
export async function publicRequest(url: string, signal: AbortSignal | undefined, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> {
  const u = new URL(url);
  const why = publicUrlProblem(u);
  if (why) throw new Error(why);
  const [{ request }, { lookup }] = await (transport ??= Promise.all([import('node:https'), import('node:dns')]));
  return new Promise((resolve, reject) => {
    const req = request(u, { method, lookup: publicLookup(lookup) as never, signal, headers: { 'user-agent': 'ctxforge-lock-gate', ...headers } }, (res) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      const status = res.statusCode ?? 502;
      const body = method === 'HEAD' || status === 204 || status === 304 ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
      resolve(new Response(body, { status: status < 200 || status > 599 ? 502 : status, headers }));
    });
    req.on('error', reject);
    req.end();
  });
}
