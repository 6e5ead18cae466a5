// The git registry's layout, as the ACX reference lays it out (its registry/README.md): signed
// artifacts at immutable coordinates, a lifecycle ledger beside them and a generated index. The
// patterns are the reference builder's own, so a path one accepts the other accepts.
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

export const INDEX_FILE = 'index.json';
export const STATUS_FILE = 'status.json';
export const TRUST_FILE = 'trust-registry.json';
export const INDEX_SCHEMA = 'acx.registry-index/1';
export const STATUS_SCHEMA = 'acx.registry-status/1';

/** The collections and the file each holds; cartridges are ctxforge's to judge, the rest the reference's. */
export const COLLECTIONS = { cartridges: 'cartridges', workflows: 'cals', agentGraphs: 'graphs', templates: 'templates' } as const;

export const PUBLISHER_RE = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9][a-z0-9-]*$/;
export const CARTRIDGE_ID_RE = /^[a-z][a-z0-9-]{0,63}$/;
export const ID_RE = /^[a-z][a-z0-9._-]{0,127}$/;
export const SEMVER_RE = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?(?:\+(?:[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

const VERSION = '(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)\\.(?:0|[1-9][0-9]*)(?:-[0-9A-Za-z.-]+)?(?:\\+[0-9A-Za-z.-]+)?';
/** Paths that, once published, are never changed, deleted or renamed (relative to the registry root). */
const IMMUTABLE = [
  /^cartridges\/(?:[^/]+\/){3}cartridge\.acx$/,
  new RegExp(`^cals/(?:[^/]+/){2,}${VERSION}\\.cal\\.json$`),
  new RegExp(`^graphs/(?:[^/]+/){2,}${VERSION}\\.agent-graph\\.json$`),
  // ctxforge's own collections (collections.ts)
  new RegExp(`^ctxpkg/(?:[^/]+/){1,2}${VERSION}/package\\.ctxpkg$`),
  new RegExp(`^octx/[^/]+/${VERSION}/package\\.octx$`),
];
export const isImmutablePath = (p: string): boolean => IMMUTABLE.some((r) => r.test(p));

export const cartridgePath = (publisher: string, id: string, version: string): string => `cartridges/${publisher}/${id}/${version}/cartridge.acx`;

export interface FoundFile { path: string; rel: string; unsafe: string | null }

// The reference's order of names: localeCompare's (ECMA-402: the same locale and options as a
// default Intl.Collator), from one collator made on first use instead of set up again each call.
let collator: Intl.Collator | undefined;
export const localeOrder = (a: string, b: string): number => (collator ??= new Intl.Collator()).compare(a, b);

/**
 * Files under `root/sub` ending in `suffix`, in the reference's order (names compared with
 * localeCompare at each level). A symbolic link is listed as unsafe and never followed.
 */
export async function findFiles(root: string, sub: string, suffix: string): Promise<FoundFile[]> {
  const out: FoundFile[] = [];
  const walk = async (dir: string, rel: string) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries.sort((a, b) => localeOrder(a.name, b.name))) {
      const path = join(dir, e.name);
      const r = `${rel}/${e.name}`;
      if (e.isSymbolicLink()) out.push({ path, rel: r, unsafe: 'symbolic links are forbidden' });
      else if (e.isDirectory()) await walk(path, r);
      else if (e.isFile() && e.name.endsWith(suffix)) out.push({ path, rel: r, unsafe: null });
    }
  };
  const st = await lstat(join(root, sub)).catch(() => undefined);
  if (st?.isDirectory()) await walk(join(root, sub), sub);
  return out;
}

/** What the reference refuses anywhere in a registry: links, secret-bearing names, private keys. */
const KEY_MARKERS = ['-----BEGIN PRIVATE KEY-----', '-----BEGIN ENCRYPTED PRIVATE KEY-----', '-----BEGIN RSA PRIVATE KEY-----', '-----BEGIN OPENSSH PRIVATE KEY-----'].map((m) => Buffer.from(m));

/** Does the file hold private key material? Read in chunks (a marker across two is still found), never whole. */
async function holdsPrivateKey(path: string): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const b = Buffer.concat([tail, chunk as Buffer]);
    if (KEY_MARKERS.some((m) => b.includes(m))) return true;
    tail = b.subarray(Math.max(0, b.length - 64));
  }
  return false;
}

export async function policyIssues(root: string): Promise<string[]> {
  const issues: string[] = [];
  const walk = async (dir: string, rel: string) => {
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (r === '.git') continue;
      if (e.isSymbolicLink()) { issues.push(`${r}: symbolic links are forbidden in the registry`); continue; }
      if (e.isDirectory()) { await walk(join(dir, e.name), r); continue; }
      if (!e.isFile()) continue;
      if (/(^|\/)\.env(?:\.|$)/i.test(r) || /\.key\.pem$/i.test(r) || /(^|\/)id_(?:rsa|dsa|ecdsa|ed25519)$/i.test(r) || /(?:private|secret)[^/]*\.pem$/i.test(r)) {
        issues.push(`${r}: secret-bearing filename is forbidden`);
      }
      if (await holdsPrivateKey(join(dir, e.name))) {
        issues.push(`${r}: private key material is forbidden`);
      }
    }
  };
  await walk(root, '');
  return [...new Set(issues)].sort();
}
