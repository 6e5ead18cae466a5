// Supply chain (issue 19): GITHUB_ARTIFACTS lists every built file for actions/attest, from the
// Action and from `ctxforge release` alike; after publishing, every asset is downloaded again and a
// copy that differs from the build fails the run.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { startGitHub, type FakeGitHub } from '../helpers/github-server.js';
import { spawnCli } from '../helpers/cli.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { ALPHA, BETA, SEED, makeRepo, octxFiles, releaseTag } from './harness.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });
async function server(o: Parameters<typeof startGitHub>[0] = {}): Promise<FakeGitHub> {
  const s = await startGitHub(o);
  servers.push(s);
  return s;
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function listed(file: string): string[] {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

test('Action release: GITHUB_ARTIFACTS gets every built file, appended after what was there; each is a released asset', async () => {
  const gh = await server();
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  const file = join(tmpDir('gh-artifacts-'), 'artifacts');
  writeFileSync(file, '/earlier/step/output.bin\n');
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0', {}, { GITHUB_ARTIFACTS: file });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const lines = listed(file);
  assert.equal(lines[0], '/earlier/step/output.bin', 'an existing line was not kept');
  const paths = lines.slice(1);
  const rel = gh.releases[0]!;
  for (const a of rel.assets) {
    const p = paths.find((x) => x.endsWith(`/${a.name}`));
    assert.ok(p, `${a.name} is released but not listed in GITHUB_ARTIFACTS`);
    assert.ok(isAbsolute(p!) && existsSync(p!), `${p} is not an existing absolute path`);
    assert.equal(sha256(readFileSync(p!)), sha256(a.bytes), `${a.name}: the listed file is not the released bytes`);
  }
  assert.ok(paths.some((p) => p.endsWith('/SHA256SUMS')) && paths.some((p) => p.endsWith('.octx')));
  // The notes say how to verify, with each tool.
  assert.match(rel.body!, /sha256sum -c SHA256SUMS/);
  assert.match(rel.body!, /minisign -Vm SHA256SUMS/);
  assert.match(rel.body!, /gh attestation verify FILE --repo [\w.-]+\/[\w.-]+/);
  assert.match(rel.body!, /gh release verify-asset v1\.0\.0 FILE --repo [\w.-]+\/[\w.-]+/);
});

test('ctxforge release as a workflow step: GITHUB_ARTIFACTS lists the built files; without it nothing is written', () => {
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  const file = join(tmpDir('gh-artifacts-'), 'artifacts');
  writeFileSync(file, '');
  const r = spawnCli(['release', '--dry-run', '--tag', 'v1.0.0', '--key', SEED, '--out', 'out'], { cwd: dir, env: { ...process.env, GITHUB_ARTIFACTS: file } });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const paths = listed(file);
  assert.ok(paths.some((p) => p === join(dir, 'out', 'guide-1.0.0.octx')), paths.join('\n'));
  assert.ok(paths.some((p) => p === join(dir, 'out', 'SHA256SUMS')));
  assert.ok(paths.some((p) => p === join(dir, 'out', 'provenance.intoto.json')));
  for (const p of paths) assert.ok(existsSync(p), p);
  const env = { ...process.env };
  delete env.GITHUB_ARTIFACTS;
  const again = spawnCli(['release', '--dry-run', '--tag', 'v1.0.0', '--key', SEED, '--out', 'out2'], { cwd: dir, env });
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(listed(file), paths, 'a run without GITHUB_ARTIFACTS changed the file');
});

test('after publishing, an asset served with different bytes than were built fails the release loudly', async () => {
  const gh = await server({ digests: true, corruptPublished: 'guide-1.0.0.octx' });
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0');
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const line = r.stdout.split('\n').find((l) => l.includes('CTXFORGE_RELEASE_PUBLISHED_MISMATCH'));
  assert.ok(line, r.stdout);
  assert.match(line!, /guide-1\.0\.0\.octx/);
  assert.doesNotMatch(line!, /SHA256SUMS \(/, 'only the corrupted asset is named');
  // The re-download happened after the release was published.
  assert.equal(gh.releases[0]!.draft, false);
});

test('after publishing, identical served bytes pass, with every asset downloaded once more', async () => {
  const gh = await server({ digests: true });
  const dir = makeRepo(octxFiles('1.0.0', [ALPHA, BETA]));
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const downloads = gh.log.filter((l) => l.path.startsWith('/_storage/')).length;
  assert.equal(downloads, gh.releases[0]!.assets.length);
});
