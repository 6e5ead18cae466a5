// minisign files made in-process must be what stock minisign accepts, and tampering must be caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { signingKeyFromSeed, generateSigningKey } from '../../src/core/keys.js';
import { minisignPublicKey, minisignSign, minisignVerify, minisignKeyId } from '../../src/core/minisign.js';
import { tmpDir } from '../helpers/tmp.js';

const key = signingKeyFromSeed(Buffer.alloc(32, 7));
const msg = Buffer.from('abc  file\n');

test('public key file: "Ed" + 8-byte key id + 32-byte key, id shown little-endian', () => {
  const pub = minisignPublicKey(key);
  const [comment, b64] = pub.trimEnd().split('\n');
  const raw = Buffer.from(b64!, 'base64');
  assert.equal(raw.length, 42);
  assert.equal(raw.subarray(0, 2).toString(), 'Ed');
  assert.ok(raw.subarray(10).equals(key.publicKey.raw));
  assert.equal(comment, `untrusted comment: minisign public key ${Buffer.from(minisignKeyId(key)).reverse().toString('hex').toUpperCase()}`);
});

test('signatures are deterministic, verify in-process, and fail on any tampering', () => {
  const sig = minisignSign(key, msg, { trustedComment: 'timestamp:1\tfile:x' });
  assert.equal(sig, minisignSign(key, msg, { trustedComment: 'timestamp:1\tfile:x' }));
  const pub = minisignPublicKey(key);
  assert.deepEqual(minisignVerify(pub, sig, msg), { valid: true, trustedComment: 'timestamp:1\tfile:x' });
  assert.equal(minisignVerify(pub, sig, Buffer.from('abd  file\n')).valid, false);
  assert.equal(minisignVerify(pub, sig.replace('timestamp:1', 'timestamp:2'), msg).reason, 'trusted comment signature does not match');
  assert.equal(minisignVerify(minisignPublicKey(generateSigningKey()), sig, msg).valid, false);
  assert.throws(() => minisignSign(key, msg, { trustedComment: 'two\nlines' }));
});

test('stock minisign -V (and -V -H, prehashed required) accepts our signature and rejects a changed file', () => {
  const d = tmpDir();
  writeFileSync(join(d, 'SHA256SUMS'), msg);
  writeFileSync(join(d, 'SHA256SUMS.minisig'), minisignSign(key, msg, { trustedComment: 'timestamp:1767225600\tfile:SHA256SUMS\thashed' }));
  writeFileSync(join(d, 'minisign.pub'), minisignPublicKey(key));
  const out = execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: d, encoding: 'utf8' });
  assert.match(out, /Trusted comment: timestamp:1767225600\tfile:SHA256SUMS\thashed/);
  execFileSync('minisign', ['-H', '-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: d });
  writeFileSync(join(d, 'SHA256SUMS'), 'changed\n');
  assert.throws(() => execFileSync('minisign', ['-Vm', 'SHA256SUMS', '-p', 'minisign.pub'], { cwd: d, stdio: 'pipe' }));
});
