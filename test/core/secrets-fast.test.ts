// The secret scan's fast path (issue 28): only lines that hold a literal a pattern starts with or an
// escape are read as lines, and the join of two clean lines only when a literal could cross it. Its
// findings must be those of reading every line (findSecretsEveryLine), on texts built to put
// literals, escapes, blanks and quotes on both sides of line ends. Fails on the code before: it had
// neither function (and read every line three times).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as secrets from '../../src/core/secrets.js';

const S = secrets as unknown as Record<string, unknown>;
type Finding = { kind: string; line: number; column: number };
const fast = (t: string) => (S.findSecrets as (t: string) => Finding[])(t);
const every = (t: string) => {
  const f = S.findSecretsEveryLine as ((t: string) => Finding[]) | undefined;
  assert.ok(f, 'findSecretsEveryLine is missing');
  return f(t);
};

// Pieces of credentials, split where a line may end, and what surrounds them.
const PIECES = [
  'AKIA', 'AKI', 'A', 'KIA', 'IOSFODNN7EXAMPLE', 'IOSF', 'ODNN7EXAMPLE', 'ASIA', 'aws_secret_access_key', 'aws_secret', '_access_key', ' = ', '=', ':', ': ', '"', "'", "''",
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '-----BEGIN ', '-----BEG', 'IN ', 'RSA ', 'PRIVATE KEY', '-----', 'ghp_', 'gh', 'p_', 'github_pat_', 'github_', 'pat_',
  'aB3dE6gH9jaB3dE6gH9jaB3dE6gH9jk2M4n6', 'xoxb-', 'xo', 'xb-', '1234567890', 'https://hooks.slack.com/services/', 'https://hooks.', 'slack.com/services/', 'T0000', '/B0000/XXXX',
  'sk_live_', 'sk_', 'live_', 'abcdefghijklmnop12', 'AIza', 'AI', 'za', 'SyA-abcdefghijklmnopqrstuvwxyz012', 'eyJ', 'ey', 'J', 'hbGciOiJIUzI1NiJ9', '.', 'eyJzdWIiOiIx',
  'secret', 'sec', 'ret', 'SECRET', 'token', 'tok', 'en', 'Token', 'password', 'pass', 'word', 'api_key', 'api', '_key', 'apikey', 'private-key', 'credential', 'cred', 'ential',
  'q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5', 'Zx9Qw8Er7Ty6Ui5Op4As3', '\\', '\\u0041', '\\x41', '\\n', '\\/', 'a', 'Z', '9', '_', '-', ' ', '  ', '\t', '\u00a0', '\u2003', '\u3000', '\ufeff',
  'é', 'plain words', '\n', '\n', '\n', '\r\n', '\n\n', '\\\n', ' \n ', '\n  ',
];

test('the fast path finds exactly what reading every line finds', () => {
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
    const text = parts.join('');
    assert.deepEqual(fast(text), every(text), JSON.stringify(text));
  }), { numRuns: 20000, seed: 28 });
  // Every character, as text around a join.
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.array(piece, { maxLength: 6 }), (noise, parts) => {
    const text = `${noise}${parts.join('')}\n${noise}`;
    assert.deepEqual(fast(text), every(text), JSON.stringify(text));
  }), { numRuns: 5000, seed: 29 });
});

test('literals split across a join are found, clean lines are not read as lines', () => {
  assert.deepEqual(fast('note: AKIAIOSF\\\n  ODNN7EXAMPLE\n').map((f) => f.line), [1]);
  assert.deepEqual(fast('note: AKI\n  AIOSFODNN7EXAMPLE\n').map((f) => [f.kind, f.line]), [['AWS access key id', 1]]);
  assert.deepEqual(fast('my_sec\nret = "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"\n').map((f) => f.line), [1]);
  const clean = 'The release pipeline builds the archive.\nEach digest is checked.\n'.repeat(1000);
  assert.deepEqual(fast(clean), []);
});

test('the characters a join trims are those String.prototype.trimEnd and trimStart remove', () => {
  // joinCrossesLiteral skips blanks by its own test; lineFindings trims with the built-ins.
  for (let c = 0; c <= 0xffff; c++) {
    const ch = String.fromCharCode(c);
    const trims = `a${ch}`.trimEnd() === 'a';
    const text = `xx AKIA${ch}\nIOSFODNN7EXAMPLE`;
    if (trims) assert.deepEqual(fast(text), every(text), `U+${c.toString(16)}`);
  }
  // And the other way round: a character neither trims is never skipped as a blank.
  assert.deepEqual(fast('AKI\u180e\nAIOSFODNN7EXAMPLE'), every('AKI\u180e\nAIOSFODNN7EXAMPLE'));
});

test('every literal the search finds has its neighbouring characters among the join pairs', () => {
  const pairs = S.JOIN_PAIRS as Set<number>;
  assert.ok(pairs instanceof Set, 'JOIN_PAIRS is missing');
  const anchor = /AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|aws_secret_access_key|-----BEGIN |gh[pousr]_|github_pat_|xox[abprs]-|https:\/\/hooks\.slack\.com\/services\/|[sr]k_(?:live|test)_|AIza|eyJ|secret|token|passwd|password|api[_-]?key|access[_-]?key|private[_-]?key|credential/gi;
  const fold = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);
  const piece = fc.constantFrom(...PIECES.filter((p) => !p.includes('\n')));
  fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), fc.array(fc.boolean(), { maxLength: 200 }), (parts, upper) => {
    let text = parts.join('');
    text = [...text].map((ch, i) => (upper[i % Math.max(1, upper.length)] ? ch.toUpperCase() : ch.toLowerCase())).join('');
    anchor.lastIndex = 0;
    for (let a; (a = anchor.exec(text));) {
      for (let i = 0; i + 1 < a[0].length; i++) assert.ok(pairs.has((fold(a[0].charCodeAt(i)) << 16) | fold(a[0].charCodeAt(i + 1))), `${a[0]} at ${i}`);
      anchor.lastIndex = a.index + 1;
    }
  }), { numRuns: 3000, seed: 30 });
});
