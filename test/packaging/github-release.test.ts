// scripts/github-release.mjs, the dependency-free GitHub client of the job that publishes ctxforge
// (self-release.yml's `publish`, which installs no npm package): on the local GitHub stand-in with
// its faults, it retries what GitHub's own hiccups call for, publishes only verified bytes, and
// refuses conflicts, a bad served copy and a file that changed on disk. Waits are recorded, not slept.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub, type ServerOptions } from '../helpers/github-server.js';
import { tmpDir } from '../helpers/tmp.js';
import { gitHub, publishRelease, ReleaseError, HttpError } from '../../scripts/github-release.mjs';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const FILES = { 'a.tgz': 'tarball bytes', 'b.txt': 'checksums\n' } as Record<string, string>;

async function setup(o: ServerOptions = {}, token = 'ghs_testtoken') {
  const gh = await startGitHub({ owner: 'ctxforge', repo: 'ctxforge', ...o });
  servers.push(gh);
  const dir = tmpDir('gh-release-');
  const assets = Object.entries(FILES).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return { name, path: join(dir, name), sha256: sha256(text), size: Buffer.byteLength(text), contentType: 'application/octet-stream' };
  });
  const waits: number[] = [];
  const lines: string[] = [];
  const api = gitHub({ token, apiUrl: gh.apiUrl, repository: 'ctxforge/ctxforge', retry: { sleep: async (ms: number) => { waits.push(ms); } }, log: (s: string) => lines.push(s) });
  const req = { tag: 'v0.3.0', commit: 'c'.repeat(40), name: 'ctxforge 0.3.0', body: 'notes', assets, prerelease: false, log: (s: string) => lines.push(s) };
  return { gh, api, req, dir, waits, lines };
}

const served = (gh: FakeGitHub) => Object.fromEntries(gh.releases[0]!.assets.map((a) => [a.name, a.bytes.toString('utf8')]));

test('a 502 and an upload whose connection dropped after it landed are retried; the release is published with the built bytes', async () => {
  const { gh, api, req, waits, lines } = await setup();
  gh.faults.push({ method: 'POST', host: 'uploads', path: /\/assets$/, name: 'a.tgz', status: 502, times: 1 });
  gh.faults.push({ method: 'POST', host: 'uploads', path: /\/assets$/, name: 'b.txt', drop: 'drop-after', times: 1 });
  const r = await publishRelease(api, req);
  assert.equal(r.draft, false);
  assert.equal(gh.releases.length, 1);
  assert.deepEqual([gh.releases[0]!.draft, gh.releases[0]!.target_commitish], [false, 'c'.repeat(40)]);
  assert.deepEqual(served(gh), FILES);
  assert.equal(waits.length, 2, lines.join('\n'));
  // The dropped upload had landed: the next try met already_exists and kept it after comparing.
  assert.equal(gh.log.filter((l) => l.host === 'uploads' && l.name === 'b.txt' && l.status === 422).length, 1);
  // Every upload said how long it is (GitHub refuses chunked bodies).
  for (const l of gh.log.filter((x) => x.host === 'uploads')) assert.ok(l.contentLength !== undefined && l.transferEncoding === undefined, JSON.stringify(l));
  assert.ok(lines.some((l) => /verified 2 published asset/.test(l)));
});

test('a re-run against GitHub without digests compares by downloading and changes nothing', async () => {
  const { gh, api, req } = await setup({ digests: false });
  await publishRelease(api, req);
  const before = gh.log.length;
  await publishRelease(api, req);
  assert.deepEqual(gh.log.slice(before).filter((l) => l.method !== 'GET'), []);
  assert.ok(gh.log.slice(before).some((l) => l.path.startsWith('/_storage/')), 'the assets were downloaded to compare them');
});

test('an asset with other bytes already on the draft is a conflict: nothing is uploaded or published', async () => {
  const { gh, api, req } = await setup();
  gh.releases.push({
    id: 7, tag_name: 'v0.3.0', target_commitish: 'c'.repeat(40), name: 'x', body: null, draft: true, prerelease: false, immutable: false, created_at: '', published_at: null,
    assets: [{ id: 8, name: 'a.tgz', label: null, content_type: 'application/gzip', state: 'uploaded', bytes: Buffer.from('other bytes'), created_at: '' }],
  });
  await assert.rejects(publishRelease(api, req), (e: unknown) => e instanceof ReleaseError && (e as { code: string }).code === 'CTXFORGE_RELEASE_ASSET_CONFLICT' && /already has a\.tgz with different bytes/.test((e as Error).message));
  assert.equal(gh.releases[0]!.draft, true);
  assert.deepEqual(gh.log.filter((l) => l.method !== 'GET'), []);
});

test('a published copy that differs from the built bytes fails loudly after publishing', async () => {
  const { gh, api, req } = await setup({ corruptPublished: 'a.tgz' });
  await assert.rejects(publishRelease(api, req), (e: unknown) => (e as { code?: string }).code === 'CTXFORGE_RELEASE_PUBLISHED_MISMATCH' && /a\.tgz \(built [0-9a-f]{12}, served [0-9a-f]{12}\)/.test((e as Error).message));
});

test('a file that changed after it was hashed is not uploaded', async () => {
  const { gh, api, req, dir } = await setup();
  writeFileSync(join(dir, 'b.txt'), 'checksumz\n');
  await assert.rejects(publishRelease(api, req), (e: unknown) => (e as { code?: string }).code === 'CTXFORGE_RELEASE_CHANGED');
  assert.deepEqual(gh.releases[0]!.assets.map((a) => a.name), ['a.tgz']);
  assert.equal(gh.releases[0]!.draft, true);
});

test('bad credentials fail at once, without retrying', async () => {
  const { gh, api, req, waits } = await setup({}, 'ghs_wrong');
  await assert.rejects(publishRelease(api, req), (e: unknown) => e instanceof HttpError && (e as { status: number }).status === 401 && /401 Bad credentials/.test((e as Error).message));
  assert.equal(gh.log.length, 1);
  assert.deepEqual(waits, []);
});
