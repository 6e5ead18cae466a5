// The GitHub release of ctxforge itself, for scripts/self-release.mjs in the workflow job that holds
// the release tokens. That job installs no npm dependency and runs nothing the build job produced, so
// this file is plain JavaScript on Node's built-in fetch and `node:` modules only (a test follows its
// imports). It does what the Action's client (src/release/github/) does for one release: draft first,
// upload what is missing, list again and compare digests, publish, then download every asset again —
// with the same retry policy and the same diagnostic codes, but without the Action's overwrite mode
// (a release of ctxforge is never replaced: a different build gets a new version).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A refusal with a stable code (the Action's codes, src/release/rules.ts) and what to do about it. */
export class ReleaseError extends Error {
  constructor(code, message, hint) {
    super(message);
    this.code = code;
    this.hint = hint;
  }
}

/** A GitHub answer we do not retry (or gave up retrying). */
export class HttpError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
  /** `errors[].code` of a 422, e.g. "already_exists". */
  get codes() {
    const errs = this.body?.errors;
    return Array.isArray(errs) ? errs.map((e) => e?.code ?? '').filter(Boolean) : [];
  }
}

export const defaultRetry = {
  retries: 5,
  baseMs: 1000,
  maxDelayMs: 30_000,
  maxRateLimitWaitMs: 5 * 60_000,
  timeoutMs: 120_000,
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** Slowest upload rate we still wait for: a large asset on a slow link gets time by its size. */
const MIN_UPLOAD_BYTES_PER_MS = 64;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
/** Query strings never go into a message (signed download URLs carry credentials). */
const shown = (url) => url.replace(/\?.*$/, '');

function retryAfterMs(res) {
  const ra = res.headers.get('retry-after');
  if (ra && /^\d+$/.test(ra)) return Number(ra) * 1000;
  if (res.headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(res.headers.get('x-ratelimit-reset'));
    return Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - Date.now()) + 1000 : 60_000;
  }
  return null;
}

/**
 * GitHub REST for one repository: back off on 5xx, dropped connections, rate limits and (when asked)
 * a 404 that is replication lag; fail at once on 400/401/403/422.
 */
export function gitHub({ token, apiUrl = 'https://api.github.com', repository, retry = {}, log = () => {} }) {
  const r = { ...defaultRetry, ...retry };
  const base = apiUrl.replace(/\/+$/, '');
  const repo = (path) => `${base}/repos/${repository}${path}`;

  async function request(method, url, o = {}) {
    let last = null;
    let serverWait = null;
    for (let attempt = 0; attempt <= r.retries; attempt++) {
      if (attempt > 0) {
        const wait = serverWait ?? Math.min(r.maxDelayMs, r.baseMs * 2 ** (attempt - 1));
        serverWait = null;
        await r.sleep(Math.round(wait * (0.75 + Math.random() * 0.5)));
      }
      const headers = { authorization: `Bearer ${token}`, accept: o.accept ?? 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'ctxforge-self-release' };
      let body;
      let timeoutMs = r.timeoutMs;
      if (o.upload) {
        // A Buffer: fetch sends it with Content-Length, which GitHub's upload endpoint requires.
        body = o.upload;
        headers['content-type'] = o.contentType;
        timeoutMs += Math.ceil(o.upload.length / MIN_UPLOAD_BYTES_PER_MS);
      } else if (o.json !== undefined) {
        body = JSON.stringify(o.json);
        headers['content-type'] = 'application/json';
      }
      let res;
      try {
        res = await fetch(url, { method, headers, body, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
      } catch (e) {
        // The request may or may not have landed: the callers' writes are safe to repeat.
        last = new HttpError(`${method} ${shown(url)}: ${e?.cause ? String(e.cause) : e?.message}`, 0, null);
        log(`retrying after network error: ${last.message}`);
        continue;
      }
      const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)));
      let data = null;
      if ((res.headers.get('content-type') ?? '').includes('json') && bytes.length) {
        try { data = JSON.parse(bytes.toString('utf8')); } catch { data = null; }
      }
      if (res.status < 300) return { status: res.status, headers: res.headers, data, bytes };
      if (res.status === 404 && o.allowNotFound && !o.retryNotFound) return { status: 404, headers: res.headers, data: null, bytes };
      const err = new HttpError(`${method} ${shown(url)}: ${res.status} ${data?.message ?? `HTTP ${res.status}`}`, res.status, data);
      const rl = res.status === 429 || res.status === 403 ? retryAfterMs(res) : null;
      if (!(res.status >= 500 || res.status === 429 || rl !== null || (res.status === 404 && o.retryNotFound))) throw err;
      if (rl !== null) {
        if (rl > r.maxRateLimitWaitMs) throw new HttpError(`${err.message} (rate limited; reset in ${Math.round(rl / 1000)}s is beyond the wait limit)`, res.status, data);
        serverWait = rl;
      }
      last = err;
      log(`retrying: ${err.message}`);
    }
    throw new HttpError(`${last?.message ?? method} — gave up after ${r.retries + 1} attempts`, last?.status ?? 0, last?.body ?? null);
  }

  const pages = async (path, opts = {}) => {
    const out = [];
    for (let page = 1; page <= 20; page++) {
      const res = await request('GET', repo(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`), opts);
      const items = Array.isArray(res.data) ? res.data : [];
      out.push(...items);
      if (items.length < 100) break;
    }
    return out;
  };

  return {
    /** Published releases only: GitHub hides drafts from this endpoint. */
    releaseByTag: async (tag) => {
      const res = await request('GET', repo(`/releases/tags/${encodeURIComponent(tag)}`), { allowNotFound: true });
      return res.status === 404 ? null : res.data;
    },
    /** Drafts included (visible to a token with push access). */
    listReleases: () => pages('/releases'),
    createRelease: async (json) => (await request('POST', repo('/releases'), { json })).data,
    updateRelease: async (id, json) => (await request('PATCH', repo(`/releases/${id}`), { json, retryNotFound: true })).data,
    deleteRelease: async (id) => { await request('DELETE', repo(`/releases/${id}`), { allowNotFound: true }); },
    listAssets: (id) => pages(`/releases/${id}/assets`, { retryNotFound: true }),
    /** To the host of the release's upload_url (uploads.github.com on github.com). */
    uploadAsset: async (release, name, bytes, contentType) =>
      (await request('POST', `${release.upload_url.replace(/\{.*\}$/, '')}?name=${encodeURIComponent(name)}`, { upload: bytes, contentType, retryNotFound: true })).data,
    deleteAsset: async (id) => { await request('DELETE', repo(`/releases/assets/${id}`), { allowNotFound: true }); },
    downloadAsset: async (asset) => (await request('GET', asset.url, { accept: 'application/octet-stream', retryNotFound: true })).bytes,
  };
}

const isAlreadyExists = (e) => e instanceof HttpError && e.status === 422 && e.codes.includes('already_exists');
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** Published by tag first; drafts only appear in the list, where the oldest wins a race. */
async function findRelease(api, tag) {
  return (await api.releaseByTag(tag)) ?? (await api.listReleases()).filter((x) => x.tag_name === tag).sort((a, b) => a.id - b.id)[0] ?? null;
}

/** Same bytes? GitHub's digest when it gives one; else the size, then a download to be sure. */
async function sameBytes(api, remote, local) {
  if (remote.state !== 'uploaded') return false;
  if (typeof remote.digest === 'string' && remote.digest.startsWith('sha256:')) return remote.digest.slice(7) === local.sha256;
  if (remote.size !== local.size) return false;
  return sha256(await api.downloadAsset(remote)) === local.sha256;
}

/**
 * Publishes `assets` ({name, path, sha256, size, contentType}) as the release of `tag`: draft first,
 * published only once every asset listed again has the expected digest, then each downloaded again.
 * A re-run on the same tag finds everything in place and changes nothing.
 */
export async function publishRelease(api, req) {
  const log = req.log ?? (() => {});
  let rel = await findRelease(api, req.tag);
  const existed = !!rel;
  if (rel) log(`found ${rel.draft ? 'draft' : 'published'} release ${rel.id} for ${req.tag}`);
  else {
    let created;
    try {
      created = await api.createRelease({ tag_name: req.tag, ...(req.commit ? { target_commitish: req.commit } : {}), name: req.name, body: req.body, draft: true, prerelease: req.prerelease });
    } catch (e) {
      // Another run created it between our lookup and our create: use theirs.
      created = isAlreadyExists(e) ? await findRelease(api, req.tag) : null;
      if (!created) throw e;
    }
    log(`created draft release ${created.id} for ${req.tag}`);
    // Two runs can each create a draft: a published one wins, else the oldest; ours is removed if it lost.
    const same = (await api.listReleases()).filter((x) => x.tag_name === req.tag);
    if (!same.some((x) => x.id === created.id)) same.push(created);
    const winner = same.find((x) => !x.draft) ?? same.sort((a, b) => a.id - b.id)[0];
    if (winner.id !== created.id) {
      await api.deleteRelease(created.id);
      log(`another run created release ${winner.id} for ${req.tag} at the same time: removed our draft ${created.id}`);
    }
    rel = winner;
  }
  const locked = !rel.draft && rel.immutable === true;
  const target = rel.target_commitish ?? '';
  if (existed && req.commit && SHA.test(target) && target !== req.commit) {
    throw new ReleaseError('CTXFORGE_RELEASE_TARGET_MOVED', `release ${req.tag} was made from commit ${target.slice(0, 12)}, but the tag now points at ${req.commit.slice(0, 12)}`, 'tag a new version');
  }

  // Plan every asset before changing anything, so a conflict leaves the release as it was.
  const remote = await api.listAssets(rel.id);
  const toUpload = [];
  const conflicts = [];
  for (const local of [...req.assets].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = remote.find((x) => x.name === local.name);
    if (!r) toUpload.push({ local });
    else if (await sameBytes(api, r, local)) continue;
    else if (r.state !== 'uploaded' && !locked) toUpload.push({ local, broken: r }); // an earlier upload that did not finish
    else conflicts.push(local.name);
  }
  if (locked && (toUpload.length || conflicts.length)) {
    throw new ReleaseError('CTXFORGE_RELEASE_IMMUTABLE', `release ${req.tag} is published and immutable, and its assets differ from this build (${[...conflicts, ...toUpload.map((a) => a.local.name)].join(', ')})`, 'an immutable release is never changed: tag a new version');
  }
  if (conflicts.length) {
    throw new ReleaseError('CTXFORGE_RELEASE_ASSET_CONFLICT', `release ${req.tag} already has ${conflicts.join(', ')} with different bytes`, 'a release of ctxforge is never replaced: find out why the bytes differ, then tag a new version');
  }
  for (const { local, broken } of toUpload) {
    if (broken) await api.deleteAsset(broken.id);
    await uploadOne(api, rel, local, log);
  }

  // Trust nothing we were told during upload: list again and compare every digest.
  const after = await api.listAssets(rel.id);
  for (const local of req.assets) {
    const r = after.find((x) => x.name === local.name);
    if (!r || !(await sameBytes(api, r, local))) {
      throw new ReleaseError('CTXFORGE_RELEASE_VERIFY', `asset ${local.name} on release ${req.tag} does not match the local file after upload`, 're-run the release; the draft is left unpublished');
    }
  }
  if (rel.draft) {
    rel = await api.updateRelease(rel.id, {
      draft: false, prerelease: req.prerelease, name: req.name, body: req.body,
      ...(req.commit ? { target_commitish: req.commit } : {}), ...(req.makeLatest ? { make_latest: req.makeLatest } : {}),
    });
    log(`published release ${rel.id}: ${rel.html_url}`);
  }

  // What users download is what was built: the bytes served, not a digest GitHub reports.
  const listed = await api.listAssets(rel.id);
  const bad = [];
  for (const local of req.assets) {
    const r = listed.find((x) => x.name === local.name);
    const got = r ? sha256(await api.downloadAsset(r)) : null;
    if (got !== local.sha256) bad.push(`${local.name} (built ${local.sha256.slice(0, 12)}, served ${got ? got.slice(0, 12) : 'nothing'})`);
  }
  if (bad.length) {
    throw new ReleaseError('CTXFORGE_RELEASE_PUBLISHED_MISMATCH', `release ${req.tag} is published, but what it serves differs from what was built: ${bad.join(', ')}`,
      'do not announce this release: compare the assets with SHA256SUMS, then delete the release (or mark it broken) and tag a new version');
  }
  log(`verified ${req.assets.length} published asset(s) of ${req.tag} by downloading them again`);
  return { id: rel.id, url: rel.html_url, draft: rel.draft };
}

/**
 * The file is read once and those very bytes are hashed and sent, so what is uploaded is what was
 * checked (a tarball of a few MB: memory is no concern here).
 */
async function uploadOne(api, rel, local, log) {
  let bytes;
  try { bytes = readFileSync(local.path); } catch { bytes = null; }
  if (!bytes || bytes.length !== local.size || sha256(bytes) !== local.sha256) {
    throw new ReleaseError('CTXFORGE_RELEASE_CHANGED', `${local.path} changed on disk during the release`, 'nothing else may write to the release directory while a release runs');
  }
  for (let round = 0; round < 3; round++) {
    try {
      await api.uploadAsset(rel, local.name, bytes, local.contentType ?? 'application/octet-stream');
      log(`uploaded ${local.name} (${local.size} bytes)`);
      return;
    } catch (e) {
      // The asset exists: our own earlier attempt that landed after a dropped connection, or a
      // half-finished upload GitHub keeps. The listing decides.
      if (!isAlreadyExists(e)) throw e;
      const r = (await api.listAssets(rel.id)).find((x) => x.name === local.name);
      if (r && (await sameBytes(api, r, local))) return;
      if (r && r.state !== 'uploaded') {
        await api.deleteAsset(r.id);
        continue;
      }
      throw new ReleaseError('CTXFORGE_RELEASE_ASSET_CONFLICT', `another upload of ${local.name} with different bytes appeared on release ${rel.tag_name}`);
    }
  }
  throw new ReleaseError('CTXFORGE_RELEASE_UPLOAD', `could not upload ${local.name} to release ${rel.tag_name}`);
}
