// The value given to --key is never echoed (issue 16 §6): whatever its spelling (one-line PEM, hex
// with spaces, quoted, prefixed, too short or long, behind env:VAR), no command's output holds it.
// Before the fix, a short malformed value was named in "cannot read key file …" verbatim.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpDir, git } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';

const MARK = 'KEYMARK9q7z';
const MARK_HEX = 'abcdef0123456789';

/** Malformed --key values; each carries MARK (or MARK_HEX for hex-only spellings) in its body. */
const SPELLINGS: Array<[string, string]> = [
  ['one-line PEM', `-----BEGIN PRIVATE KEY----- MC4C${MARK}AQAwBQYDK2VwBCIEI -----END PRIVATE KEY-----`],
  ['one-line public PEM', `-----BEGIN PUBLIC KEY----- MCow${MARK} -----END PUBLIC KEY-----`],
  ['hex with spaces', `${MARK_HEX} 0011 2233 4455 6677 8899 aabb ccdd eeff 0011 2233 4455`],
  ['quoted hex', `"${MARK_HEX}${MARK_HEX}${MARK_HEX}${MARK_HEX}"`],
  ['quoted short', `'${MARK}'`],
  ['ed25519 prefix', `ed25519:${MARK_HEX}${MARK_HEX}${MARK_HEX}${MARK_HEX}`],
  ['ed25519 prefix (marker)', `ed25519:${MARK}`],
  ['0x prefix', `0x${MARK_HEX}${MARK_HEX}${MARK_HEX}${MARK_HEX}`],
  ['short hex', MARK_HEX],
  ['long hex', `${MARK_HEX}${'0'.repeat(64)}`],
  ['bare marker', MARK],
];

const hasMark = (s: string) => s.includes(MARK) || s.toLowerCase().includes(MARK_HEX);

let fixtures: { ctxpkg: string; acxPkg: string; ctxpkgPkg: string; repo: string } | undefined;
async function setup(): Promise<NonNullable<typeof fixtures>> {
  if (fixtures) return fixtures;
  const base = tmpDir();
  const ctxpkg = join(base, 'src-ctxpkg');
  assert.equal((await runCli(['init', 'ctxpkg', ctxpkg, '--name', 'echo-test'])).code, 0);
  const acx = join(base, 'src-acx');
  assert.equal((await runCli(['init', 'acx', acx, '--name', 'echo-test'])).code, 0);
  const dist = join(base, 'dist');
  const b1 = await runCli(['build', ctxpkg, '--out', dist, '--json', '--source-date-epoch', '1']);
  assert.equal(b1.code, 0, b1.stdout + b1.stderr);
  const b2 = await runCli(['build', acx, '--out', dist, '--json', '--source-date-epoch', '1']);
  assert.equal(b2.code, 0, b2.stdout + b2.stderr);
  const ctxpkgPkg = (JSON.parse(b1.stdout) as { artifacts: Array<{ path: string }> }).artifacts[0]!.path;
  const acxPkg = (JSON.parse(b2.stdout) as { artifacts: Array<{ path: string }> }).artifacts[0]!.path;
  const repo = join(base, 'repo');
  assert.equal((await runCli(['init', 'ctxpkg', repo, '--name', 'echo-test'])).code, 0);
  git(repo, ['init', '-q', '-b', 'main']);
  git(repo, ['add', '-A']);
  git(repo, ['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'init']);
  git(repo, ['tag', 'v1.0.0']);
  fixtures = { ctxpkg, acxPkg, ctxpkgPkg, repo };
  return fixtures;
}

type Cmd = (key: string, f: NonNullable<typeof fixtures>) => string[];
const COMMANDS: Array<[string, Cmd]> = [
  ['build', (k, f) => ['build', f.ctxpkg, '--out', join(tmpDir(), 'd'), '--source-date-epoch', '1', '--key', k]],
  ['sign', (k, f) => ['sign', f.ctxpkgPkg, '--out', join(tmpDir(), 'x.ctxpkg'), '--key', k]],
  ['sign acx', (k, f) => ['sign', f.acxPkg, '--out', join(tmpDir(), 'x.acx'), '--key', k]],
  ['release --dry-run', (k, f) => ['release', '--dry-run', '--tag', 'v1.0.0', '--path', f.repo, '--out', join(tmpDir(), 'd'), '--key', k]],
  ['validate', (k, f) => ['validate', f.ctxpkgPkg, '--key', k]],
  ['validate --local-key', (k, f) => ['validate', f.acxPkg, '--local-key', k]],
  ['merge', (k, f) => ['merge', f.ctxpkgPkg, f.ctxpkgPkg, '--out', join(tmpDir(), 'd'), '--key', k]],
];

for (const [cname, cmd] of COMMANDS) {
  test(`${cname}: a malformed --key is refused without echoing it`, async () => {
    const f = await setup();
    for (const [sname, value] of SPELLINGS) {
      for (const [how, key, env] of [['direct', value, {}], ['env:VAR', 'env:CTXFORGE_TEST_KEY', { CTXFORGE_TEST_KEY: value }]] as const) {
        const r = await runCli(cmd(key, f), { cwd: f.repo, env: { PATH: process.env.PATH, ...env } });
        assert.ok(!hasMark(r.stdout) && !hasMark(r.stderr), `${cname} echoed a ${sname} key (${how}):\n${r.stdout}${r.stderr}`);
        // `--local-key ed25519:<64 hex>` is a key id, a valid spelling there.
        const keyId = cname === 'validate --local-key' && /^ed25519:[0-9a-f]{64}$/.test(value);
        if (!keyId) assert.notEqual(r.code, 0, `${cname} accepted a ${sname} key (${how})`);
      }
    }
  });
}
