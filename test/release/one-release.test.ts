// The release stays one release, and the check's comment stays ours: two runs releasing one tag at
// once end with one release and no stray draft; `overwrite` of a release made from another commit
// replaces its notes and target (or is refused without overwrite); the sticky comment is looked for
// only among comments the token itself wrote; SARIF URIs are percent-encoded.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ACTIONS_BOT, startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { GitHubApi } from '../../src/release/github/api.js';
import { publishRelease, type LocalAsset, type PublishRequest } from '../../src/release/github/publish.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { sarifUri } from '../../src/release/check-report.js';
import { ALPHA, BETA, commitAll, makeRepoOf, octxFiles, replaceTree, runAction } from '../action/harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

async function server(o: Parameters<typeof startGitHub>[0] = {}): Promise<{ gh: FakeGitHub; api: () => GitHubApi }> {
  const gh = await startGitHub(o);
  servers.push(gh);
  return { gh, api: () => new GitHubApi(o.token ?? 'ghs_testtoken', gh.apiUrl, 'acme/knowledge', { baseMs: 1, sleep: async () => {} }) };
}

function asset(name: string, text: string): LocalAsset {
  const p = join(tmpDir(), name);
  writeFileSync(p, text);
  return { name, path: p, sha256: createHash('sha256').update(text).digest('hex'), size: Buffer.byteLength(text) };
}

const req = (assets: LocalAsset[], extra: Partial<PublishRequest> = {}): PublishRequest =>
  ({ tag: 'v1.0.0', commit: 'a'.repeat(40), name: 'guide 1.0.0', body: 'notes for aaaa', assets, draft: false, prerelease: false, overwrite: false, ...extra });

test('two runs releasing the same tag at once: one release, published, no stray draft', async () => {
  for (let round = 0; round < 3; round++) {
    const { gh, api } = await server();
    const assets = [asset('a.txt', 'A'), asset('b.txt', 'B')];
    const [x, y] = await Promise.all([publishRelease(api(), req(assets)), publishRelease(api(), req(assets))]);
    assert.equal(gh.releases.length, 1, JSON.stringify(gh.releases.map((r) => ({ id: r.id, draft: r.draft }))));
    assert.equal(gh.releases[0]!.draft, false);
    assert.equal(x.id, gh.releases[0]!.id);
    assert.equal(y.id, gh.releases[0]!.id);
    assert.deepEqual(gh.releases[0]!.assets.map((a) => a.name).sort(), ['a.txt', 'b.txt']);
    // Both runs really did create a draft: the race happened and was settled.
    assert.equal(gh.log.filter((l) => l.method === 'POST' && l.path.endsWith('/releases') && l.status === 201).length, 2);
  }
});

test('a release made from another commit: refused without overwrite; with it, notes and target follow the new build', async () => {
  const { gh, api } = await server();
  await publishRelease(api(), req([asset('a.txt', 'A')]));
  assert.equal(gh.releases[0]!.target_commitish, 'a'.repeat(40));
  // The tag was moved to commit bbbb…, whose build has the same bytes (so no asset conflict warns).
  const moved = req([asset('a.txt', 'A')], { commit: 'b'.repeat(40), body: 'notes for bbbb' });
  await assert.rejects(publishRelease(api(), moved), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_RELEASE_TARGET_MOVED');
  assert.equal(gh.releases[0]!.body, 'notes for aaaa');
  const out = await publishRelease(api(), { ...moved, overwrite: true, assets: [asset('a.txt', 'A2')] });
  assert.deepEqual(out.replaced, ['a.txt']);
  assert.equal(gh.releases.length, 1);
  assert.equal(gh.releases[0]!.body, 'notes for bbbb');
  assert.equal(gh.releases[0]!.target_commitish, 'b'.repeat(40));
});

test('overwrite on the same commit replaces assets and the notes that describe them', async () => {
  const { gh, api } = await server();
  await publishRelease(api(), req([asset('a.txt', 'A')]));
  await publishRelease(api(), req([asset('a.txt', 'A3')], { overwrite: true, body: 'notes for the new bytes' }));
  assert.equal(gh.releases[0]!.body, 'notes for the new bytes');
});

test('the token\'s identity: GET /user for a user token, github-actions[bot] for an installation token', async () => {
  const app = await server();
  assert.deepEqual(await app.api().viewer(), { login: ACTIONS_BOT.login, id: ACTIONS_BOT.id });
  const pat = await server({ token: 'ghp_usertoken', identity: { login: 'release-bot', id: 77 } });
  assert.deepEqual(await pat.api().viewer(), { login: 'release-bot', id: 77 });
});

test('the sticky comment: a marker comment planted by someone else is left alone; ours is created, then updated', async () => {
  const { gh } = await server();
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  replaceTree(dir, 'guide', octxFiles('1.0.1', [ALPHA, BETA]));
  const head = commitAll(dir, 'pr');
  const planted = '<!-- ctxforge:check -->\n## ctxforge check: ✅ passed (planted by the PR author)';
  gh.comments.push({ id: 1, issue: 7, body: planted });
  const run = () => runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head, apiUrl: gh.apiUrl,
    event: { number: 7, pull_request: { number: 7, base: { sha: base, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghs_testtoken', COMMENT: 'true' },
  });
  const r1 = await run();
  assert.equal(r1.code, 0, r1.stdout);
  assert.equal(gh.comments.find((c) => c.id === 1)!.body, planted);
  const ours = gh.comments.filter((c) => c.id !== 1);
  assert.equal(ours.length, 1);
  assert.equal(ours[0]!.user?.login, 'github-actions[bot]');
  const r2 = await run();
  assert.equal(r2.code, 0, r2.stdout);
  assert.equal(gh.comments.length, 2, 'the second run updates its own comment');
  assert.equal(gh.comments.find((c) => c.id === 1)!.body, planted);
});

test('SARIF URIs are percent-encoded repository-relative references that name exactly the file', async () => {
  const names = ['sp ace.md', '100%.md', 'a#b.md', 'q?x=1.md', 'ünï çødé.md', "it's (1).md", '%41.md'];
  for (const n of names) {
    const uri = sarifUri(`guide/knowledge/${n}`);
    assert.doesNotMatch(uri, /[ #?%](?![0-9A-F]{2})|[^\x21-\x7e]/, uri);
    const u = new URL(uri, 'file:///repo/');
    assert.equal(u.search, '');
    assert.equal(u.hash, '');
    assert.equal(decodeURIComponent(u.pathname), `/repo/guide/knowledge/${n}`);
  }
  // Through the Action: a committed file with such a name, invalid, reported in the SARIF file.
  const files = octxFiles('1.0.0', [ALPHA, BETA]);
  files['knowledge/a #b?c%41 ü.md'] = '# no frontmatter\n';
  const dir = makeRepoOf({ guide: files });
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head,
    event: { number: 7, pull_request: { number: 7, base: { sha: head, ref: 'main' }, head: { sha: head } } },
    inputs: { SARIF: 'out.sarif' },
  });
  assert.equal(r.code, 1, r.stdout);
  const sarif = JSON.parse(readFileSync(join(dir, 'out.sarif'), 'utf8'));
  const uris = sarif.runs[0].results.map((x: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => x.locations[0]!.physicalLocation.artifactLocation.uri);
  assert.ok(uris.includes('guide/knowledge/a%20%23b%3Fc%2541%20%C3%BC.md'), uris.join('\n'));
});

test('the sticky comment with a personal token: found by the id GET /user returns, not by the marker alone', async () => {
  const { gh } = await server({ token: 'ghp_usertoken', identity: { login: 'release-bot', id: 77 } });
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]) });
  const head = git(dir, ['rev-parse', 'HEAD']).trim();
  gh.comments.push({ id: 1, issue: 7, body: '<!-- ctxforge:check -->\nplanted' });
  gh.comments.push({ id: 2, issue: 7, body: '<!-- ctxforge:check -->\nan earlier run', user: { login: 'release-bot', id: 77 } });
  const r = await runAction({
    workspace: dir, eventName: 'pull_request', ref: 'refs/pull/7/merge', sha: head, apiUrl: gh.apiUrl,
    event: { number: 7, pull_request: { number: 7, base: { sha: head, ref: 'main' }, head: { sha: head } } },
    inputs: { 'GITHUB-TOKEN': 'ghp_usertoken', COMMENT: 'true' },
  });
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.comments.length, 2);
  assert.equal(gh.comments[0]!.body, '<!-- ctxforge:check -->\nplanted');
  assert.match(gh.comments[1]!.body, /## ctxforge check: ✅ passed/);
});
