// The GitHub client's retry policy and draft-first publishing against the local GitHub, below the
// Action: what is retried, what is not, how races and leftovers are resolved, and that uploads
// stream from disk with a Content-Length.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { GitHubApi } from '../../src/release/github/api.js';
import { GitHubError, UploadSourceError } from '../../src/release/github/http.js';
import { publishRelease, type LocalAsset, type PublishRequest } from '../../src/release/github/publish.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

async function setup(o: Parameters<typeof startGitHub>[0] = {}) {
  const gh = await startGitHub(o);
  servers.push(gh);
  const sleeps: number[] = [];
  const api = new GitHubApi('ghs_testtoken', gh.apiUrl, 'acme/knowledge', { baseMs: 10, sleep: async (ms) => { sleeps.push(ms); } });
  return { gh, api, sleeps };
}

function asset(name: string, text: string): LocalAsset {
  const p = join(tmpDir(), name);
  writeFileSync(p, text);
  return { name, path: p, sha256: createHash('sha256').update(text).digest('hex'), size: Buffer.byteLength(text) };
}

const req = (assets: LocalAsset[], extra: Partial<PublishRequest> = {}): PublishRequest =>
  ({ tag: 'v1.0.0', commit: 'a'.repeat(40), name: 'guide 1.0.0', body: 'notes', assets, draft: false, prerelease: false, overwrite: false, ...extra });

test('a rate-limited 403 (x-ratelimit-remaining: 0) is retried after the reset; a plain 403 is not', async () => {
  const { gh, api, sleeps } = await setup();
  const reset = String(Math.floor(Date.now() / 1000) + 2);
  gh.faults.push({ path: /\/releases$/, method: 'GET', status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, times: 1 });
  assert.deepEqual(await api.listReleases(), []);
  assert.ok(sleeps[0]! >= 1000, `waited ${sleeps[0]}ms for the reset`);
  gh.faults.push({ path: /\/releases$/, method: 'GET', status: 403, times: 1 });
  await assert.rejects(api.listReleases(), (e: unknown) => e instanceof GitHubError && e.status === 403 && e.attempts === 1);
  gh.faults.push({ path: /\/releases$/, method: 'GET', status: 429, headers: { 'retry-after': '1' }, times: 1 });
  assert.deepEqual(await api.listReleases(), []);
});

test('a 404 right after creation (replication lag) is retried where the resource must exist, 422 never', async () => {
  const { gh, api } = await setup();
  const rel = await api.createRelease({ tag_name: 'v1.0.0', draft: true });
  gh.faults.push({ path: /\/assets$/, method: 'GET', status: 404, times: 2 });
  assert.deepEqual(await api.listAssets(rel.id), []);
  assert.equal(await api.releaseByTag('v9.9.9'), null, 'get-by-tag 404 means "none", not lag');
  gh.faults.push({ path: /\/releases$/, method: 'POST', status: 422, times: 1 });
  await assert.rejects(api.createRelease({ tag_name: 'v2.0.0' }), (e: unknown) => e instanceof GitHubError && e.status === 422 && e.attempts === 1);
});

test('drafts are invisible to get-by-tag but found through the list, and reused', async () => {
  const { gh, api } = await setup();
  const draft = await api.createRelease({ tag_name: 'v1.0.0', draft: true });
  assert.equal(await api.releaseByTag('v1.0.0'), null);
  const out = await publishRelease(api, req([asset('a.txt', 'A')]));
  assert.equal(out.id, draft.id);
  assert.equal(gh.releases.length, 1);
  assert.equal(gh.releases[0]!.draft, false);
});

test('create racing another run (422 already_exists) resolves by re-listing and uses the winner', async () => {
  const { gh, api } = await setup();
  const a = asset('a.txt', 'A');
  // The other run published between our lookup and our create: simulate by hiding it from the first lookup.
  await api.createRelease({ tag_name: 'v1.0.0', draft: false });
  gh.faults.push({ path: /\/releases\/tags\//, status: 404, times: 1 });
  gh.faults.push({ path: /\/releases$/, method: 'GET', status: 200, body: [], times: 1 });
  const out = await publishRelease(api, req([a]));
  assert.equal(gh.releases.length, 1);
  assert.equal(out.id, gh.releases[0]!.id);
  assert.ok(gh.log.some((l) => l.method === 'POST' && l.status === 422));
  assert.deepEqual(out.uploaded, ['a.txt']);
});

test('a half-finished upload ("starter") left by an earlier run is replaced, not reported as a conflict', async () => {
  const { gh, api } = await setup();
  const rel = await api.createRelease({ tag_name: 'v1.0.0', draft: true });
  gh.releases[0]!.assets.push({ id: 5, name: 'a.txt', label: null, content_type: 'text/plain', state: 'starter', bytes: Buffer.from('A'.slice(0, 0)), created_at: 'x' });
  const out = await publishRelease(api, req([asset('a.txt', 'A')]));
  assert.equal(out.id, rel.id);
  assert.deepEqual(out.replaced, ['a.txt']);
  assert.equal(gh.releases[0]!.assets[0]!.state, 'uploaded');
  assert.equal(gh.releases[0]!.assets[0]!.bytes.toString(), 'A');
});

test('an immutable published release whose assets differ is never touched', async () => {
  const { gh, api } = await setup({ immutable: true });
  await publishRelease(api, req([asset('a.txt', 'A')]));
  const logAt = gh.log.length;
  await assert.rejects(publishRelease(api, req([asset('a.txt', 'B')], { overwrite: true })), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_RELEASE_IMMUTABLE');
  await assert.rejects(publishRelease(api, req([asset('a.txt', 'A'), asset('b.txt', 'new')])), /immutable/);
  assert.deepEqual(gh.log.slice(logAt).filter((l) => l.method !== 'GET'), []);
  assert.equal(gh.releases[0]!.assets.length, 1);
});

test('draft: true uploads and verifies but leaves the release unpublished', async () => {
  const { gh, api } = await setup();
  const out = await publishRelease(api, req([asset('a.txt', 'A')], { draft: true }));
  assert.equal(out.draft, true);
  assert.equal(gh.releases[0]!.draft, true);
  assert.equal(gh.log.filter((l) => l.method === 'PATCH').length, 0);
});

test('a multi-megabyte asset is streamed with its Content-Length; a drop mid-upload and a 503 re-open the file; the server holds the exact bytes', async () => {
  const { gh, api } = await setup({ digests: false });
  const bytes = randomBytes(5 * 1024 * 1024 + 17);
  const p = join(tmpDir(), 'big.bin');
  writeFileSync(p, bytes);
  const big: LocalAsset = { name: 'big.bin', path: p, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
  gh.faults.push({ host: 'uploads', path: /\/assets$/, name: 'big.bin', drop: 'drop', times: 1 });
  gh.faults.push({ host: 'uploads', path: /\/assets$/, name: 'big.bin', status: 503, times: 1 });
  const out = await publishRelease(api, req([big, asset('a.txt', 'A')]));
  assert.deepEqual(out.uploaded.sort(), ['a.txt', 'big.bin']);
  const stored = gh.releases[0]!.assets.find((a) => a.name === 'big.bin')!;
  assert.equal(stored.bytes.length, bytes.length);
  assert.ok(stored.bytes.equals(bytes), 'the server must receive exactly the file');
  const attempts = gh.log.filter((l) => l.host === 'uploads' && l.name === 'big.bin');
  assert.deepEqual(attempts.map((l) => l.status), [0, 503, 201], 'dropped, 503, then stored: each retry sent the whole file again');
  for (const l of attempts) {
    assert.equal(l.contentLength, String(bytes.length));
    assert.equal(l.transferEncoding, undefined, 'GitHub refuses chunked uploads');
  }
  // Without GitHub's digest the verification downloads the asset; it matched, so it was published.
  assert.equal(gh.releases[0]!.draft, false);
});

test('an upload whose file cannot be read is not retried; a file changed after hashing fails as changed, before any upload', async () => {
  const { gh, api } = await setup();
  const rel = await api.createRelease({ tag_name: 'v1.0.0', draft: true });
  const unreadable = { length: 3, open: () => { throw new Error('gone'); } };
  await assert.rejects(api.uploadAsset(rel, 'x.bin', unreadable, 'application/octet-stream'), (e: unknown) => e instanceof UploadSourceError && /gone/.test(e.message));
  assert.equal(gh.log.filter((l) => l.host === 'uploads').length, 0);

  const a = asset('a.txt', 'AAAA');
  writeFileSync(a.path, 'BBBB');
  await assert.rejects(publishRelease(api, req([a])), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_RELEASE_CHANGED');
  assert.equal(gh.log.filter((l) => l.host === 'uploads').length, 0);
  assert.deepEqual(gh.releases[0]!.assets, []);
});
