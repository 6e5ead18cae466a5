// Registry authentication as registries do it: the `WWW-Authenticate` challenge (Basic, or Bearer
// with a token from a realm), and credentials from Docker's config.json or its credential helpers.
// A credential is sent only to the host it is stored for, and to a Bearer realm over https on that
// same host (or the one known pair Docker Hub uses); never over plain http except to this machine.
// The challenge parser is a single left-to-right scan with bounded input, so no header costs more than
// linear time.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fail } from '../core/diagnostics.js';
import { parseJson } from '../core/strict-json.js';
import { isLoopbackHost } from './ref.js';

export interface Credentials {
  username: string;
  password: string;
  /** Where they came from, for messages (never the secret). */
  from: string;
}

export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

const MAX_HEADER = 8192;
const MAX_PARAMS = 32;
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;
const TOKEN68 = /[A-Za-z0-9\-._~+/]/;

/**
 * Parses a `WWW-Authenticate` value (RFC 9110 §11.6.1): one or more challenges, each a scheme and
 * either auth-params or a token68. Scheme names are lower-cased. Returns [] for anything unreadable.
 */
export function parseChallenges(header: string | null | undefined, meter: { steps: number } = { steps: 0 }): Challenge[] {
  if (!header || header.length > MAX_HEADER) return [];
  const s = header;
  const n = s.length;
  let i = 0;
  const out: Challenge[] = [];
  // `meter` counts character visits, so a test can hold the scan linear without timing it.
  const ws = () => { while (i < n && (s[i] === ' ' || s[i] === '\t')) { i++; meter.steps++; } };
  const read = (re: RegExp) => { const st = i; while (i < n && re.test(s[i]!)) { i++; meter.steps++; } return s.slice(st, i); };
  let cur: Challenge | undefined;
  let afterScheme = false;
  let params = 0;
  while (i < n) {
    meter.steps++;
    ws();
    if (s[i] === ',') { i++; afterScheme = false; continue; }
    if (i >= n) break;
    const st = i;
    const t = read(TCHAR);
    if (!t) break; // a character no grammar allows here: what was read so far stands
    ws();
    if (cur && s[i] === '=' && s[i + 1] !== '=') {
      i++;
      ws();
      let value = '';
      if (s[i] === '"') {
        i++;
        let closed = false;
        const parts: string[] = [];
        while (i < n) {
          meter.steps++;
          const c = s[i]!;
          if (c === '\\' && i + 1 < n) { parts.push(s[i + 1]!); i += 2; continue; }
          if (c === '"') { i++; closed = true; break; }
          parts.push(c);
          i++;
        }
        if (!closed) break;
        value = parts.join('');
      } else {
        value = read(TCHAR);
      }
      if (++params > MAX_PARAMS) break;
      const key = t.toLowerCase();
      if (!Object.hasOwn(cur.params, key)) cur.params[key] = value;
      afterScheme = false;
      continue;
    }
    if (afterScheme) {
      // token68 after the scheme ("Basic dXNlcg=="): read over it
      i = st;
      read(TOKEN68);
      while (i < n && s[i] === '=') i++;
      afterScheme = false;
      continue;
    }
    cur = { scheme: t.toLowerCase(), params: Object.create(null) as Record<string, string> };
    out.push(cur);
    afterScheme = true;
  }
  return out;
}

/** docker.io's names: its config key and the hosts that share it. */
const DOCKER_HUB = new Set(['docker.io', 'index.docker.io', 'registry-1.docker.io']);
const DOCKER_HUB_KEY = 'https://index.docker.io/v1/';

/** A config.json key (`host`, `https://host/v1/`, `http://host`) as host[:port], lower-cased. */
function keyHost(key: string): string {
  return key.replace(/^[a-z]+:\/\//i, '').replace(/\/.*$/s, '').toLowerCase();
}

function sameRegistry(key: string, host: string): boolean {
  const k = keyHost(key);
  return k === host || (DOCKER_HUB.has(k) && DOCKER_HUB.has(host));
}

export interface CredentialOptions {
  env?: NodeJS.ProcessEnv;
  /** Runs a credential helper (tests inject; default: docker-credential-<name> get). */
  helper?: (name: string, host: string) => Promise<string>;
}

const HELPER_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function runHelper(name: string, host: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(`docker-credential-${name}`, ['get'], { timeout: 30_000, maxBuffer: 1 << 20, env: process.env }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin?.end(host);
  });
}

/**
 * The credentials Docker's config.json ($DOCKER_CONFIG/config.json, else ~/.docker/config.json)
 * holds for exactly `host`: a helper named for it (credHelpers), else an `auths` entry, else the
 * default store (credsStore). undefined when none: the registry is then asked anonymously.
 */
export async function dockerCredentials(host: string, o: CredentialOptions = {}): Promise<Credentials | undefined> {
  const env = o.env ?? process.env;
  const dir = env.DOCKER_CONFIG || join(env.HOME || homedir(), '.docker');
  const file = join(dir, 'config.json');
  let text: string;
  try { text = await readFile(file, 'utf8'); } catch { return undefined; }
  let cfg: unknown;
  try { cfg = parseJson(text, { maxDepth: 16 }); } catch (e) {
    fail('CTXFORGE_OCI_CREDENTIALS', `${file} is not valid JSON (${(e as Error).message}); no credentials are read from it`, { file }, 2);
  }
  if (typeof cfg !== 'object' || cfg === null) return undefined;
  const c = cfg as { auths?: Record<string, { auth?: unknown; username?: unknown; password?: unknown; identitytoken?: unknown }>; credHelpers?: Record<string, unknown>; credsStore?: unknown };
  const helperKey = c.credHelpers && typeof c.credHelpers === 'object' ? Object.keys(c.credHelpers).find((k) => sameRegistry(k, host)) : undefined;
  const helper = helperKey !== undefined ? c.credHelpers![helperKey] : undefined;
  const authKey = c.auths && typeof c.auths === 'object' ? Object.keys(c.auths).find((k) => sameRegistry(k, host)) : undefined;
  if (typeof helper !== 'string' && authKey !== undefined) {
    const a = c.auths![authKey]!;
    if (a && typeof a === 'object') {
      if (typeof a.identitytoken === 'string' && a.identitytoken) {
        const user = typeof a.auth === 'string' ? Buffer.from(a.auth, 'base64').toString('utf8').split(':')[0]! : '<token>';
        return { username: user || '<token>', password: a.identitytoken, from: `${file} (identitytoken)` };
      }
      if (typeof a.auth === 'string' && a.auth) {
        const plain = Buffer.from(a.auth, 'base64').toString('utf8');
        const colon = plain.indexOf(':');
        if (colon > 0) return { username: plain.slice(0, colon), password: plain.slice(colon + 1), from: file };
      }
      if (typeof a.username === 'string' && typeof a.password === 'string') return { username: a.username, password: a.password, from: file };
    }
  }
  const store = typeof helper === 'string' ? helper : authKey === undefined && typeof c.credsStore === 'string' ? c.credsStore : undefined;
  if (store === undefined) return undefined;
  if (!HELPER_NAME.test(store)) fail('CTXFORGE_OCI_CREDENTIALS', `${file} names the credential helper ${JSON.stringify(store.slice(0, 80))}, which is not a helper name`, { file }, 2);
  const askAs = DOCKER_HUB.has(host) ? DOCKER_HUB_KEY : host;
  let out: string;
  try {
    out = await (o.helper ?? runHelper)(store, askAs);
  } catch {
    // A helper that has nothing for this host exits non-zero ("credentials not found").
    return undefined;
  }
  let v: unknown;
  try { v = parseJson(out.trim(), { maxDepth: 4 }); } catch { fail('CTXFORGE_OCI_CREDENTIALS', `docker-credential-${store} did not answer JSON`, {}, 2); }
  const r = v as { Username?: unknown; Secret?: unknown };
  if (typeof r?.Username !== 'string' || typeof r.Secret !== 'string') return undefined;
  return { username: r.Username, password: r.Secret, from: `docker-credential-${store}` };
}

/** May a credential for `host` be sent to `url` (the registry itself, or a Bearer realm)? */
export function credentialMayGo(host: string, url: URL): boolean {
  const target = url.host.toLowerCase();
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(target));
  if (!secure) return false;
  if (target === host) return true;
  // Docker Hub keeps its token service on another host of its own.
  return DOCKER_HUB.has(host) && target === 'auth.docker.io' && url.protocol === 'https:';
}

export const basicHeader = (c: Credentials) => `Basic ${Buffer.from(`${c.username}:${c.password}`, 'utf8').toString('base64')}`;
