// The Action in release mode, as a process against the local GitHub: first release, idempotent
// re-run, changed asset, transient failures, a 5xx storm, and the key never leaking.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { ALPHA, BETA, SEED, commitAll, makeRepo, octxFiles, replaceTree, runAction, type ActionRun } from './harness.js';
import { signingKeyFromSeed } from '../../src/core/keys.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

async function server(o: Parameters<typeof startGitHub>[0] = {}): Promise<FakeGitHub> {
  const s = await startGitHub(o);
  servers.push(s);
  return s;
}

const PEM = signingKeyFromSeed(Buffer.from(SEED, 'hex')).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

function taggedRepo(): { dir: string; sha: string } {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  return { dir, sha: git(dir, ['rev-parse', 'HEAD']).trim() };
}

function release(gh: FakeGitHub, dir: string, sha: string, tag = 'v1.0.0', inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAction({
    workspace: dir, eventName: 'push', event: { ref: `refs/tags/${tag}`, after: sha }, ref: `refs/tags/${tag}`, sha, apiUrl: gh.apiUrl,
    inputs: { 'SIGNING-KEY': PEM, 'GITHUB-TOKEN': 'ghs_testtoken', ...inputs },
  });
}

/**
 * Every secret form of the key must never be printed or stored. `::add-mask::` lines are the one
 * exception: they are how a step tells the runner what to mask, and the runner never shows them.
 */
function assertNoKeyMaterial(...raw: string[]): void {
  const texts = raw.map((t) => t.split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n'));
  const body = PEM.split('\n').filter((l) => l && !l.startsWith('-----'));
  const forms = [SEED, SEED.toUpperCase(), Buffer.from(SEED, 'hex').toString('base64'), ...body];
  for (const t of texts) for (const f of forms) assert.ok(!t.includes(f), `key material found in output: ${f.slice(0, 8)}…`);
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) if (e.isFile()) out.push(readFileSync(join(e.parentPath, e.name), 'latin1'));
  return out;
}

test('first release: draft created, assets uploaded and verified, then published; stock tools verify the download', async () => {
  const gh = await server();
  const { dir, sha } = taggedRepo();
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.releases.length, 1);
  const rel = gh.releases[0]!;
  assert.equal(rel.draft, false);
  assert.equal(rel.tag_name, 'v1.0.0');
  assert.equal(rel.target_commitish, sha);
  assert.match(rel.body ?? '', /Initial release\./);
  assert.deepEqual(rel.assets.map((a) => a.name).sort(), ['SHA256SUMS', 'SHA256SUMS.minisig', 'guide-1.0.0.octx', 'minisign.pub', 'provenance.intoto.json']);
  // Draft first: created as a draft, published only by the final PATCH.
  const create = gh.log.find((l) => l.method === 'POST' && l.path.endsWith('/releases'));
  assert.equal(create?.status, 201);
  assert.equal(gh.log.filter((l) => l.method === 'PATCH').length, 1);
  assert.ok(gh.log.findIndex((l) => l.method === 'PATCH') > gh.log.findLastIndex((l) => l.host === 'uploads'));
  assert.equal(r.outputs['release-url'], 'https://github.com/acme/knowledge/releases/tag/v1.0.0');
  assert.equal(r.outputs.valid, 'true');
  const artifacts = JSON.parse(r.outputs.artifacts!) as Array<{ name: string; sha256: string }>;
  assert.ok(artifacts.some((a) => a.name === 'guide-1.0.0.octx'));
  assert.match(r.outputs.digests!, /^[0-9a-f]{64} {2}guide-1\.0\.0\.octx$/m);

  // Download every asset as a user would and verify with the stock tools.
  const dl = tmpDir('ctxforge-download-');
  for (const a of rel.assets) writeFileSync(join(dl, a.name), a.bytes);
  const sums = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dl, encoding: 'utf8' });
  assert.match(sums, /guide-1\.0\.0\.octx: OK/);
  assert.match(sums, /provenance\.intoto\.json: OK/);
  const v = execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: dl, encoding: 'utf8' });
  assert.match(v, /Signature and comment signature verified/);
  execFileSync('minisign', ['-H', '-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: dl });
  // A tampered checksum list must fail stock verification.
  writeFileSync(join(dl, 'SHA256SUMS'), readFileSync(join(dl, 'SHA256SUMS'), 'utf8').replace(/^./, (c) => (c === '0' ? '1' : '0')));
  assert.throws(() => execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: dl, stdio: 'pipe' }));

  const prov = JSON.parse(rel.assets.find((a) => a.name === 'provenance.intoto.json')!.bytes.toString('utf8'));
  assert.equal(prov._type, 'https://in-toto.io/Statement/v1');
  assert.equal(prov.predicateType, 'https://slsa.dev/provenance/v1');
  assert.deepEqual(prov.predicate.buildDefinition.resolvedDependencies[0].digest, { gitCommit: sha });
  const octxBytes = rel.assets.find((a) => a.name === 'guide-1.0.0.octx')!.bytes;
  assert.deepEqual(prov.subject, [{ name: 'guide-1.0.0.octx', digest: { sha256: createHash('sha256').update(octxBytes).digest('hex') } }]);

  assert.ok(r.stdout.includes('::add-mask::'), 'the key must be registered as a secret');
  assertNoKeyMaterial(r.stdout, r.stderr, r.summary, JSON.stringify(r.outputs), ...filesUnder(r.runnerTemp), ...rel.assets.map((a) => a.bytes.toString('latin1')));
});

test('re-running the same tag is idempotent: identical assets kept, nothing uploaded, release unchanged', async () => {
  const gh = await server({ immutable: true });
  const { dir, sha } = taggedRepo();
  assert.equal((await release(gh, dir, sha)).code, 0);
  assert.equal(gh.releases[0]!.immutable, true);
  const before = JSON.stringify(gh.releases);
  const logAt = gh.log.length;
  const again = await release(gh, dir, sha);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.equal(JSON.stringify(gh.releases), before);
  const writes = gh.log.slice(logAt).filter((l) => l.method !== 'GET');
  assert.deepEqual(writes, [], 'a re-run must not write to an immutable release');
  assert.equal(again.outputs['release-url'], 'https://github.com/acme/knowledge/releases/tag/v1.0.0');
});

test('a same-name asset with different bytes is an error, and overwrite replaces it', async () => {
  const gh = await server({ digests: false });
  const { dir, sha } = taggedRepo();
  assert.equal((await release(gh, dir, sha)).code, 0);
  const asset = gh.releases[0]!.assets.find((a) => a.name === 'guide-1.0.0.octx')!;
  const good = asset.bytes;
  asset.bytes = Buffer.concat([good.subarray(0, good.length - 1), Buffer.from([good[good.length - 1]! ^ 1])]); // same size: forces a byte compare
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /CTXFORGE_RELEASE_ASSET_CONFLICT/);
  assert.match(r.stdout, /guide-1\.0\.0\.octx/);
  assert.ok(!gh.releases[0]!.assets.find((a) => a.name === 'guide-1.0.0.octx')!.bytes.equals(good), 'conflict must leave the release untouched');
  const o = await release(gh, dir, sha, 'v1.0.0', { OVERWRITE: 'true' });
  assert.equal(o.code, 0, o.stdout);
  assert.ok(gh.releases[0]!.assets.find((a) => a.name === 'guide-1.0.0.octx')!.bytes.equals(good));
});

test('a 502 on create and a dropped connection mid-upload are retried, then the release succeeds', async () => {
  const gh = await server();
  const { dir, sha } = taggedRepo();
  gh.faults.push({ method: 'POST', path: /\/releases$/, status: 502, times: 1 });
  gh.faults.push({ host: 'uploads', path: /\/assets$/, drop: 'drop', times: 1 });
  gh.faults.push({ host: 'uploads', path: /\/assets$/, drop: 'drop-after', times: 1 });
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(gh.log.filter((l) => l.status === 502).length, 1);
  assert.equal(gh.releases.length, 1, 'the retried create must not make a second release');
  const rel = gh.releases[0]!;
  assert.equal(rel.draft, false);
  assert.equal(rel.assets.length, 5);
  assert.equal(new Set(rel.assets.map((a) => a.name)).size, 5);
  assert.match(r.stdout, /retrying/);
});

test('a 5xx storm: bounded retries, a clear failure, nothing published', async () => {
  const gh = await server();
  const { dir, sha } = taggedRepo();
  gh.faults.push({ host: 'uploads', path: /\/assets$/, status: 503, times: Infinity });
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /503/);
  assert.match(r.stdout, /gave up after 6 attempts/);
  assert.equal(gh.log.filter((l) => l.host === 'uploads').length, 6);
  assert.ok(gh.releases.every((x) => x.draft), 'nothing may be published');
  assert.equal(r.outputs['release-url'], undefined);
});

test('401 is not retried', async () => {
  const gh = await server({ token: 'other' });
  const { dir, sha } = taggedRepo();
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /401 Bad credentials/);
  assert.equal(gh.log.length, 1);
});

test('second release: notes diff against the previous tag; prerelease tag makes a GitHub prerelease', async () => {
  const gh = await server();
  const { dir, sha } = taggedRepo();
  assert.equal((await release(gh, dir, sha)).code, 0);
  replaceTree(dir, 'guide', octxFiles('1.1.0-rc.1', [ALPHA, BETA, { id: '019c0000-0000-7000-8000-0000000000c3', title: 'Gamma' }]));
  const sha2 = commitAll(dir, 'add gamma');
  git(dir, ['tag', 'v1.1.0-rc.1']);
  const r = await release(gh, dir, sha2, 'v1.1.0-rc.1');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const rel = gh.releases.find((x) => x.tag_name === 'v1.1.0-rc.1')!;
  assert.equal(rel.prerelease, true);
  assert.equal(rel.make_latest, 'false');
  assert.match(rel.body ?? '', /Changes since v1\.0\.0/);
  assert.match(rel.body ?? '', /Gamma/);
  assert.equal(r.outputs['required-bump'], 'minor');
});

test('dry-run builds and signs but publishes nothing; a tag that does not match the version fails', async () => {
  const gh = await server();
  const { dir, sha } = taggedRepo();
  const r = await release(gh, dir, sha, 'v1.0.0', { 'DRY-RUN': 'true' });
  assert.equal(r.code, 0, r.stdout);
  assert.equal(gh.log.length, 0);
  assert.match(r.stdout, /skip publish: dry run/);
  git(dir, ['tag', 'v2.0.0']);
  const bad = await release(gh, dir, sha, 'v2.0.0');
  assert.equal(bad.code, 1);
  assert.match(bad.stdout, /CTXFORGE_RELEASE_VERSION_MISMATCH/);
  assert.equal(gh.releases.length, 0);
});

test('a tag whose package is invalid: annotations at file and line, failing exit, no release created', async () => {
  const gh = await server();
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, { id: 'bad', title: 'Beta' }]));
  git(dir, ['tag', 'v1.0.0']);
  const sha = git(dir, ['rev-parse', 'HEAD']).trim();
  const r = await release(gh, dir, sha);
  assert.equal(r.code, 1);
  assert.ok(r.stdout.split('\n').some((l) => l.startsWith('::error ') && l.includes('file=guide/knowledge/beta.md') && l.includes('line=5')), r.stdout);
  assert.match(r.stdout, /CTXFORGE_RELEASE_INVALID/);
  assert.equal(r.outputs.valid, 'false');
  assert.equal(gh.log.length, 0);
});
