// cleanBytes, the secret scan's shortcut for a file with nothing to find (issue 28: the scan is one
// loop over the bytes, its newline and escape checks folded into the loop that looks for literals).
// Whenever it says clean, reading every line of every text the bytes may be read as finds nothing;
// and prose without literals is clean. nameMayHoldSecret, the same for an entry name a build ships:
// whenever it says a name cannot hold a secret, scanSecretName finds none (fails on the code
// before: it had no such check, and a build scanned each of its 50 000 names in full).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cleanBytes, findSecretsEveryLine, nameMayHoldSecret, scanSecretName, scanTexts } from '../../src/core/secrets.js';

// Pieces of credentials and literals, split where a line may end, with blanks, escapes, quotes,
// carriage returns and bytes that are not ASCII around them.
const PIECES = [
  'AKIA', 'AKI', 'A', 'KIA', 'IOSFODNN7EXAMPLE', 'aws_secret_access_key', 'aws_secret', '_access_key', ' = ', '=', ':', ': ', '"', "'", "''",
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '-----BEGIN ', '-----BEG', 'IN ', 'RSA ', 'PRIVATE KEY', '-----', 'ghp_', 'gh', 'p_', 'github_pat_',
  'aB3dE6gH9jaB3dE6gH9jaB3dE6gH9jk2M4n6', 'xoxb-', 'xo', 'xb-', 'https://hooks.slack.com/services/', 'https://hooks.', 'slack.com/services/',
  'sk_live_', 'sk_', 'live_', 'AIza', 'AI', 'za', 'SyA-abcdefghijklmnopqrstuvwxyz012', 'eyJ', 'ey', 'J', 'hbGciOiJIUzI1NiJ9', '.',
  'secret', 'sec', 'ret', 'SECRET', 'token', 'tok', 'en', 'password', 'pass', 'word', 'api_key', 'api', '_key', 'credential', 'cred', 'ential',
  'q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5', '\\', '\\u0041', '\\n', 'a', 'Z', '9', '_', '-', ' ', '  ', '\t', '\u00a0', '\u2003', '\ufeff', 'é',
  'plain words', '\n', '\n', '\r\n', '\r', '\n\n', '\\\n', ' \n ', '\n  ', ' \r\n',
];

const findsNothing = (b: Buffer) => scanTexts(b).every((t) => findSecretsEveryLine(t).length === 0);

test('bytes cleanBytes calls clean hold nothing any of their texts would show', () => {
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), fc.boolean(), (parts, latin1) => {
    const b = Buffer.from(parts.join(''), latin1 ? 'latin1' : 'utf8');
    if (cleanBytes(b)) assert.ok(findsNothing(b), JSON.stringify(b.toString('latin1')));
  }), { numRuns: 20000, seed: 2801 });
  // Any bytes around a join.
  fc.assert(fc.property(fc.uint8Array({ maxLength: 40 }), fc.array(piece, { maxLength: 6 }), fc.uint8Array({ maxLength: 40 }), (a, parts, z) => {
    const b = Buffer.concat([a, Buffer.from(`${parts.join('')}\n`), z]);
    if (cleanBytes(b)) assert.ok(findsNothing(b), JSON.stringify(b.toString('latin1')));
  }), { numRuns: 10000, seed: 2802 });
});

test('a credential in any case, split by a line end and blanks anywhere in it, and each escape make bytes not clean', () => {
  const credentials = ['AKIAIOSFODNN7EXAMPLE', 'ghp_aB3dE6gH9jaB3dE6gH9jaB3dE6gH9jk2M4n6', 'secret = "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"', 'password: Zx9Qw8Er7Ty6Ui5Op4As3q8Zr2Lx7',
    'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '-----BEGIN RSA PRIVATE KEY-----'];
  let asserted = 0;
  for (const cred of credentials) {
    assert.ok(!findsNothing(Buffer.from(`note ${cred}\n`)), `${cred} is a finding`);
    assert.equal(cleanBytes(Buffer.from(`note ${cred}\n`)), false, cred);
    for (let cut = 1; cut < cred.length; cut++) {
      for (const [before, after] of [['', ''], [' \t', '  '], [' \r', ''], ['\\', ' ']]) {
        const b = Buffer.from(`note ${cred.slice(0, cut)}${before}\n${after}${cred.slice(cut)}\nmore\n`);
        if (findsNothing(b)) continue; // a join lineFindings does not read as one
        assert.equal(cleanBytes(b), false, JSON.stringify(b.toString()));
        asserted++;
      }
    }
  }
  assert.ok(asserted > 100, `${asserted} split credentials`);
  assert.equal(cleanBytes(Buffer.from('a \\ b')), false);
  assert.equal(cleanBytes(Buffer.from("it''s")), false);
  assert.equal(cleanBytes(Buffer.from('tail é\nhead')), false, 'a byte that is not ASCII next to a join');
  assert.equal(cleanBytes(Buffer.from('tail\n  éhead')), false, 'a byte that is not ASCII next to a join');
});

test('prose without literals, with blank lines and CRLF, is clean', () => {
  const prose = 'The release pipeline builds the archive.\r\n\r\nEach digest is checked.\n  Indented line, then "quotes" and \'single\' ones.\n'.repeat(200);
  assert.equal(cleanBytes(Buffer.from(prose)), true);
  assert.equal(cleanBytes(Buffer.alloc(0)), true);
  assert.equal(cleanBytes(Buffer.from('\n\n\n')), true);
});

test('a name nameMayHoldSecret passes over is one scanSecretName finds nothing in', () => {
  const piece = fc.constantFrom(...PIECES.filter((p) => !p.includes('\n') && !p.includes('\r')), '/', 'knowledge/', 'docs/', '.md', 'ü', '日本');
  let scanned = 0;
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
    const name = parts.join('');
    if (nameMayHoldSecret(Buffer.from(name, 'utf8'))) { scanned++; return; }
    assert.deepEqual(scanSecretName(name), [], JSON.stringify(name));
  }), { numRuns: 20000, seed: 2803 });
  assert.ok(scanned > 1000 && scanned < 20000, `${scanned} of 20000 names scanned`);
  assert.equal(nameMayHoldSecret(Buffer.from('knowledge/api/section-142/page-035574.md')), false);
  assert.equal(nameMayHoldSecret(Buffer.from(`extensions/x/1.0/ghp_${'a'.repeat(36)}.txt`)), true);
  assert.equal(nameMayHoldSecret(Buffer.from('knowledge/SeCrEt.md')), true);
  assert.equal(nameMayHoldSecret(Buffer.from('knowledge/a\\u0041KIA.md')), true);
});
