// Signing-key faults through real CLI processes: keys of the wrong type (made by openssl), truncated
// keys, key files other users can read (a warning, the build still signs), and — over every run —
// no form of the private key (PEM body, DER, hex seed, base64 seed) in stdout, stderr or --json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { BIN, ENV, EPOCH } from './helpers.js';

const dir = tmpDir('ctxforge-keys-');
const ctxpkgSrc = join(repoRoot, 'working-dir-example', 'ctxpkg');
const acxSrc = join(repoRoot, 'working-dir-example', 'acx');

function openssl(args: string[], out: string): string {
  execFileSync('openssl', [...args, '-out', out], { stdio: 'ignore' });
  chmodSync(out, 0o600);
  return out;
}

const ed = openssl(['genpkey', '-algorithm', 'ed25519'], join(dir, 'ed25519.pem'));
const edPem = readFileSync(ed, 'utf8');
const der = createPrivateKey(edPem).export({ type: 'pkcs8', format: 'der' });
const seed = der.subarray(der.length - 32);
/** Every spelling of the secret that could leak: key-specific PEM text, DER, seed in hex and base64. */
const SECRETS = [
  edPem.split('\n').filter((l) => l && !l.startsWith('-----')).join('').slice(24),
  der.toString('hex').slice(32), seed.toString('hex'), seed.toString('hex').toUpperCase(),
  seed.toString('base64').replace(/=+$/, ''), seed.toString('base64url'),
];

const outputs: { what: string; text: string }[] = [];
function run(what: string, args: string[], env: NodeJS.ProcessEnv = ENV) {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8', timeout: 120_000 });
  outputs.push({ what, text: `${r.stdout}\n${r.stderr}` });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function jsonError(stdout: string): { code: string; message: string } {
  return (JSON.parse(stdout) as { error: { code: string; message: string } }).error;
}

test('a key of the wrong type (RSA, X25519, EC P-256, Ed448 from openssl) is refused with CTXFORGE_KEY_INVALID naming the type', () => {
  const kinds: [string, string[], RegExp][] = [
    ['rsa', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:1024'], /rsa/],
    ['x25519', ['genpkey', '-algorithm', 'X25519'], /x25519/],
    ['ec', ['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256'], /\bec\b/],
    ['ed448', ['genpkey', '-algorithm', 'ed448'], /ed448/],
  ];
  for (const [name, args, type] of kinds) {
    const key = openssl(args, join(dir, `${name}.pem`));
    const out = join(dir, `out-${name}`);
    const r = run(`build --key ${name}`, ['build', ctxpkgSrc, '--out', out, '--source-date-epoch', EPOCH, '--key', key, '--json']);
    assert.equal(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
    const e = jsonError(r.stdout);
    assert.equal(e.code, 'CTXFORGE_KEY_INVALID');
    assert.match(e.message, type);
    assert.match(e.message, /Ed25519 key is required/);
    let all = r.stdout + r.stderr;
    if (name === 'rsa') {
      const text = run(`build acx --key ${name} (text)`, ['build', acxSrc, '--out', out, '--source-date-epoch', EPOCH, '--key', key]);
      assert.equal(text.code, 2);
      assert.match(text.stderr, /error CTXFORGE_KEY_INVALID: /);
      all += text.stdout + text.stderr;
    }
    // The key body of this wrong key must not leak either.
    const body = readFileSync(key, 'utf8').split('\n').filter((l) => l && !l.startsWith('-----')).join('');
    assert.ok(!all.includes(body.slice(24, 80)), `${name} key material in output`);
  }
});

test('a truncated key, a key passed as text, and a broken env: key are refused without echoing them', () => {
  const cut = join(dir, 'truncated.pem');
  writeFileSync(cut, edPem.slice(0, Math.floor(edPem.length / 2)), { mode: 0o600 });
  const r1 = run('build --key truncated', ['build', ctxpkgSrc, '--out', join(dir, 'o1'), '--source-date-epoch', EPOCH, '--key', cut, '--json']);
  assert.equal(r1.code, 2);
  assert.equal(jsonError(r1.stdout).code, 'CTXFORGE_KEY_INVALID');
  const noEnd = join(dir, 'no-end.pem');
  writeFileSync(noEnd, edPem.replace(/-----END[^\n]*\n?/, ''), { mode: 0o600 });
  const r2 = run('sign --key no-end', ['sign', join(dir, 'nothing.ctxpkg'), '--key', noEnd]);
  assert.equal(r2.code, 2);
  assert.match(r2.stderr, /CTXFORGE_KEY_INVALID/);
  const r3 = run('build --key <pem text>', ['build', ctxpkgSrc, '--out', join(dir, 'o3'), '--source-date-epoch', EPOCH, '--key', edPem]);
  assert.equal(r3.code, 2);
  assert.match(r3.stderr, /CTXFORGE_KEY_INVALID.*not shown/);
  const r4 = run('build --key env:BROKEN', ['build', acxSrc, '--out', join(dir, 'o4'), '--source-date-epoch', EPOCH, '--key', 'env:CTXFORGE_TEST_KEY', '--json'],
    { ...ENV, CTXFORGE_TEST_KEY: `${seed.toString('hex').slice(0, 63)}` });
  assert.equal(r4.code, 2);
  assert.equal(jsonError(r4.stdout).code, 'CTXFORGE_KEY_INVALID');
});

test('a key file readable by group or others signs with a CTXFORGE_KEY_PERMISSIONS warning; 0600 gives none', () => {
  for (const mode of [0o644, 0o640, 0o604, 0o600]) {
    const k = join(dir, `mode-${mode.toString(8)}.pem`);
    writeFileSync(k, edPem);
    chmodSync(k, mode);
    const out = join(dir, `perm-${mode.toString(8)}`);
    const r = run(`build --key mode ${mode.toString(8)}`, ['build', ctxpkgSrc, '--out', out, '--source-date-epoch', EPOCH, '--key', k, '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).artifacts.length, 1, '--json stays one document; warnings go to stderr');
    if (mode === 0o600) assert.doesNotMatch(r.stderr, /CTXFORGE_KEY_PERMISSIONS/);
    else {
      assert.match(r.stderr, /warning CTXFORGE_KEY_PERMISSIONS: .*readable by other users \(mode \d+\)/);
      assert.match(r.stderr, /chmod 600/);
    }
    if (mode === 0o644 || mode === 0o600) {
      const s = run(`sign --key mode ${mode.toString(8)}`, ['sign', JSON.parse(r.stdout).artifacts[0].path, '--key', k]);
      assert.equal(s.code, 0, s.stderr);
      assert.equal(/CTXFORGE_KEY_PERMISSIONS/.test(s.stderr), mode !== 0o600);
    }
  }
});

test('successful signing, verifying with the private key file, and keygen print no private key material', () => {
  const src = join(dir, 'acx-src');
  cpSync(acxSrc, src, { recursive: true });
  const b = run('build acx --key hex', ['build', src, '--out', join(dir, 'ok'), '--source-date-epoch', EPOCH, '--key', seed.toString('hex'), '--json']);
  assert.equal(b.code, 0, b.stderr);
  const artifact = JSON.parse(b.stdout).artifacts[0].path as string;
  const v = run('verify --key private file', ['verify', artifact, '--key', ed, '--json']);
  assert.equal(v.code, 0, v.stdout);
  assert.equal(JSON.parse(v.stdout).results[0].valid, true);
  const envBuild = run('build ctxpkg --key env:', ['build', ctxpkgSrc, '--out', join(dir, 'ok2'), '--source-date-epoch', EPOCH, '--key', 'env:CTXFORGE_TEST_KEY'], { ...ENV, CTXFORGE_TEST_KEY: edPem });
  assert.equal(envBuild.code, 0, envBuild.stderr);
  const g = run('keygen --json', ['keygen', '--out', join(dir, 'fresh'), '--json']);
  assert.equal(g.code, 0, g.stderr);
  const fresh = readFileSync(join(dir, 'fresh.key'), 'utf8').split('\n').filter((l) => l && !l.startsWith('-----')).join('');
  assert.ok(!g.stdout.includes(fresh.slice(24)) && !g.stderr.includes(fresh.slice(24)), 'keygen printed its private key');
});

test('no output of any run above holds the private key in any spelling', () => {
  assert.ok(outputs.length >= 15, `only ${outputs.length} runs recorded (the tests above must run first)`);
  for (const { what, text } of outputs) for (const s of SECRETS) assert.ok(!text.includes(s), `${what}: output contains key material (${s.slice(0, 6)}…)`);
});
