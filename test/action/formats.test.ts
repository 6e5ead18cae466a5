// The Action releasing ctxpkg and Agent Cartridge packages, alone and next to an OCTX package with
// prefixed tags, as a process against the local GitHub: what a user downloads verifies with the
// project's own verify (built-in signatures), stock sqlite3, sha256sum and minisign.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGitHub, type FakeGitHub, type StoredRelease } from '../helpers/github-server.js';
import { spawnCli } from '../helpers/cli.js';
import { git, tmpDir } from '../helpers/tmp.js';
import { ALPHA, BETA, SIGNER, SKILL_MD, acxFiles, ctxpkgFiles, makeRepoOf, octxFiles, releaseTag } from './harness.js';
import { spkiKeyId } from '../../src/core/keys.js';

const servers: FakeGitHub[] = [];
after(async () => { for (const s of servers) await s.close(); });

async function server(): Promise<FakeGitHub> {
  const s = await startGitHub();
  servers.push(s);
  return s;
}

/** Every asset of the release, written to a fresh folder as a user's download. */
function download(rel: StoredRelease): string {
  const dl = tmpDir('ctxforge-download-');
  for (const a of rel.assets) writeFileSync(join(dl, a.name), a.bytes);
  return dl;
}

/**
 * SHA256SUMS lists exactly `covered` (byte-sorted) and `sha256sum -c` passes; stock minisign
 * verifies SHA256SUMS.minisig with the published key, and that key is the test signer's.
 */
function assertChecksumsSigned(dl: string, covered: string[]): void {
  const sums = readFileSync(join(dl, 'SHA256SUMS'), 'utf8');
  assert.deepEqual(sums.trimEnd().split('\n').map((l) => l.slice(66)), [...covered].sort());
  const check = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dl, encoding: 'utf8' });
  for (const n of covered) assert.ok(check.includes(`${n}: OK`), check);
  const v = execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: dl, encoding: 'utf8' });
  assert.match(v, /Signature and comment signature verified/);
  // minisign.pub's key line is base64("Ed" + 8-byte key id + 32-byte Ed25519 public key).
  const keyLine = readFileSync(join(dl, 'minisign.pub'), 'utf8').split('\n')[1]!;
  assert.ok(Buffer.from(keyLine, 'base64').subarray(10).equals(SIGNER.publicKey.raw), 'SHA256SUMS must be signed with the release key');
}

interface Verified {
  valid: boolean;
  diagnostics: Array<{ code: string }>;
  details: Record<string, unknown>;
}

/** `ctxforge verify --key <the release key> --json` on one downloaded file. */
function verify(file: string, key = SIGNER.publicKey.hex): { code: number; result: Verified } {
  const r = spawnCli(['verify', file, '--key', key, '--json']);
  return { code: r.code, result: (JSON.parse(r.stdout) as { results: Verified[] }).results[0]! };
}

function assertCtxpkgVerifies(file: string): void {
  const { code, result } = verify(file);
  assert.equal(code, 0, JSON.stringify(result));
  assert.equal(result.valid, true);
  assert.equal(result.details.signature, 'valid');
  assert.equal(result.details.coverage, 'manifest', 'the built-in signature covers the whole manifest');
  assert.equal(result.details.public_key, SIGNER.publicKey.hex);
}

function assertAcxVerifies(file: string): void {
  const { code, result } = verify(file);
  assert.equal(code, 0, JSON.stringify(result));
  assert.equal(result.details.integrity, 'intact');
  assert.equal(result.details.signature, 'verified');
  assert.equal(result.details.keyid, spkiKeyId(SIGNER.publicKey));
  // Stock sqlite3 opens the download: the ACX header words, a sound database, the sqlar files.
  const pragmas = execFileSync('sqlite3', ['-readonly', file, 'PRAGMA application_id; PRAGMA user_version; PRAGMA integrity_check;'], { encoding: 'utf8' });
  assert.deepEqual(pragmas.trim().split('\n'), ['1094932529', '16777472', 'ok']);
  const listed = execFileSync('sqlite3', ['-readonly', file, '-At'], { encoding: 'utf8' }).trim().split('\n').sort();
  // the source's two files plus the four §12 ROM documents every build adds (docs/acx-conformance.md)
  assert.deepEqual(listed, ['rom/knowledge/overview.md', 'rom/manifest/harness-requirements.json', 'rom/package-spec.json', 'rom/policy/loop-context-policy.json', 'rom/schema/lance-memory.json', 'rom/skills/hello/SKILL.md']);
  const out = tmpDir('ctxforge-sqlar-');
  execFileSync('sqlite3', ['-readonly', file, '-Ax'], { cwd: out });
  assert.equal(readFileSync(join(out, 'rom', 'skills', 'hello', 'SKILL.md'), 'utf8'), SKILL_MD);
}

function onlyRelease(gh: FakeGitHub, tag: string): StoredRelease {
  const rel = gh.releases.find((r) => r.tag_name === tag);
  assert.ok(rel, `no release for ${tag}`);
  assert.equal(rel.draft, false);
  return rel;
}

test('a ctxpkg package: the released .ctxpkg verifies with its manifest-covering signature; SHA256SUMS and its minisig verify', async () => {
  const gh = await server();
  const dir = makeRepoOf({ kb: ctxpkgFiles('1.0.0') });
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const rel = onlyRelease(gh, 'v1.0.0');
  assert.deepEqual(rel.assets.map((a) => a.name).sort(), ['SHA256SUMS', 'SHA256SUMS.minisig', 'acme-kb-1.0.0.ctxpkg', 'minisign.pub', 'provenance.intoto.json']);
  const dl = download(rel);
  assertChecksumsSigned(dl, ['acme-kb-1.0.0.ctxpkg', 'provenance.intoto.json']);
  assertCtxpkgVerifies(join(dl, 'acme-kb-1.0.0.ctxpkg'));
  // Pinning another signer must fail: the check above is about this key, not any key.
  assert.equal(verify(join(dl, 'acme-kb-1.0.0.ctxpkg'), 'ab'.repeat(32)).code, 1);
  const artifacts = JSON.parse(r.outputs.artifacts!) as Array<{ name: string; kind: string }>;
  assert.ok(artifacts.some((a) => a.name === 'acme-kb-1.0.0.ctxpkg' && a.kind === 'package'));
});

test('an Agent Cartridge: the released .acx verifies (DSSE over the ROM manifest) and stock sqlite3 reads it; SHA256SUMS and its minisig verify', async () => {
  const gh = await server();
  const dir = makeRepoOf({ cart: acxFiles('1.0.0') });
  git(dir, ['tag', 'v1.0.0']);
  const r = await releaseTag(gh.apiUrl, dir, 'v1.0.0');
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const rel = onlyRelease(gh, 'v1.0.0');
  assert.deepEqual(rel.assets.map((a) => a.name).sort(), ['SHA256SUMS', 'SHA256SUMS.minisig', 'helper-1.0.0.acx', 'minisign.pub', 'provenance.intoto.json']);
  assert.equal(rel.assets.find((a) => a.name === 'helper-1.0.0.acx')!.content_type, 'application/vnd.sqlite3');
  const dl = download(rel);
  assertChecksumsSigned(dl, ['helper-1.0.0.acx', 'provenance.intoto.json']);
  assertAcxVerifies(join(dl, 'helper-1.0.0.acx'));
  assert.equal(verify(join(dl, 'helper-1.0.0.acx'), 'ab'.repeat(32)).code, 1, 'a pinned other signer must fail');
});

test('all three formats in one repository: each {name}@v tag releases only its own package; an unprefixed tag releases nothing', async () => {
  const gh = await server();
  const config = 'packages:\n  - path: guide\n  - path: kb\n  - path: cart\n';
  const dir = makeRepoOf({ guide: octxFiles('1.0.0', [ALPHA, BETA]), kb: ctxpkgFiles('2.1.0'), cart: acxFiles('0.3.0') }, { 'ctxforge.yaml': config });
  for (const t of ['guide@v1.0.0', 'kb@v2.1.0', 'cart@v0.3.0', 'v1.0.0']) git(dir, ['tag', t]);
  const expected: Record<string, string> = { 'guide@v1.0.0': 'guide-1.0.0.octx', 'kb@v2.1.0': 'acme-kb-2.1.0.ctxpkg', 'cart@v0.3.0': 'helper-0.3.0.acx' };
  for (const [tag, pkg] of Object.entries(expected)) {
    const r = await releaseTag(gh.apiUrl, dir, tag);
    assert.equal(r.code, 0, `${tag}: ${r.stdout}${r.stderr}`);
    assert.equal(r.outputs['release-url'], `https://github.com/acme/knowledge/releases/tag/${tag}`);
    const rel = onlyRelease(gh, tag);
    assert.deepEqual(rel.assets.map((a) => a.name).sort(), ['SHA256SUMS', 'SHA256SUMS.minisig', 'minisign.pub', pkg, 'provenance.intoto.json'].sort());
    const dl = download(rel);
    assertChecksumsSigned(dl, [pkg, 'provenance.intoto.json']);
    const prov = JSON.parse(readFileSync(join(dl, 'provenance.intoto.json'), 'utf8')) as { subject: Array<{ name: string }> };
    assert.deepEqual(prov.subject.map((s) => s.name), [pkg]);
  }
  const dl = (tag: string) => download(onlyRelease(gh, tag));
  assertCtxpkgVerifies(join(dl('kb@v2.1.0'), 'acme-kb-2.1.0.ctxpkg'));
  assertAcxVerifies(join(dl('cart@v0.3.0'), 'helper-0.3.0.acx'));
  const octx = spawnCli(['verify', join(dl('guide@v1.0.0'), 'guide-1.0.0.octx')]);
  assert.equal(octx.code, 0, octx.stdout + octx.stderr);

  const before = gh.releases.length;
  const bare = await releaseTag(gh.apiUrl, dir, 'v1.0.0');
  assert.equal(bare.code, 1);
  assert.match(bare.stdout, /CTXFORGE_RELEASE_TAG/);
  assert.match(bare.stdout, /kb@v\*/);
  assert.equal(gh.releases.length, before);
});
