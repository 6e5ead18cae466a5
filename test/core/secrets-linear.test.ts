// The secret scanner in every encoding and every name, in one pass (issue 24). It reads UTF-16 text
// (by its BOM, and NUL-interleaved without one: PowerShell 5 writes it by default) besides UTF-8 and
// latin1, sees credentials in file and path names, and handles a 1 MB line of any shape in a fixed
// number of passes (steps counted, test/helpers/steps.ts; before, a line of "a-a-a-…" cost each
// 8 KiB window 8 KiB² steps). Its findings equal the regular expressions it replaces.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as secrets from '../../src/core/secrets.js';
import { assertOnePass, PATHOLOGICAL, repeatTo } from '../helpers/steps.js';

// Read at each use, so each test fails on its own against a scanner without these functions.
const S = secrets as unknown as Record<string, (...a: unknown[]) => unknown>;
const findSecrets = (text: string, steps?: (n: number) => void) => S.findSecrets!(text, steps) as Array<{ kind: string; line: number }>;
const scanSecretBytes = (b: Buffer, f: string, w: string) => S.scanSecretBytes!(b, f, w) as Array<{ code: string; line?: number }>;
const scanSecretName = (p: string) => (S.scanSecretName ?? (() => { throw new Error('scanSecretName is missing'); }))(p) as Array<{ code: string; message: string; file?: string }>;
const scanTexts = (b: Buffer) => (S.scanTexts ?? (() => { throw new Error('scanTexts is missing'); }))(b) as string[];

const AWS = 'AKIAIOSFODNN7EXAMPLE';
const GH = `ghp_${'aB3dE6gH9j'.repeat(3)}k2M4n6`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

// The patterns as the first round wrote them: the specification the one-pass matchers must meet.
const ORACLE: Array<[string, RegExp]> = [
  ['AWS access key id', /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[0-9A-Z]{16}\b/],
  ['AWS secret access key', /aws_secret_access_key\s*[:=]\s*["']?[A-Za-z0-9/+=]{40}\b/i],
  ['private key block', /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/],
  ['GitHub token', /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/],
  ['Slack token', /\bxox[abprs]-[A-Za-z0-9-]{10,}\b/],
  ['Slack webhook', /https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+/],
  ['Stripe key', /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/],
  ['Google API key', /\bAIza[0-9A-Za-z_-]{35}\b/],
  ['JSON Web Token', /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/],
];

test('one-pass matchers find exactly what the first round\'s regular expressions find', () => {
  // Lines built from the pieces the patterns are made of, so near misses are common.
  const piece = fc.constantFrom('AKIA', 'ASIA', 'IOSFODNN7EXAMPLE', 'aws_secret_access_key', ' = ', ':', '"', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '-----BEGIN ', 'RSA ', 'PRIVATE KEY', '-----', ' BLOCK',
    'ghp_', 'github_pat_', 'aB3dE6gH9j', 'k2M4n6', 'xoxb-', '1234567890', '-', '_', '.', 'https://hooks.slack.com/services/', 'T0000', '/', 'B0000', 'XXXX', 'sk_live_', 'rk_test_',
    'AIza', 'SyA-abcdefghijklmnopqrstuvwxyz012', 'eyJ', 'hbGciOiJIUzI1NiJ9', 'a', 'Z', ' ', 'é');
  fc.assert(fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
    const line = parts.join('');
    const want = ORACLE.filter(([, re]) => re.test(line)).map(([k]) => k).sort();
    const got = [...new Set(findSecrets(line).map((f) => f.kind).filter((k) => !k.startsWith('high-entropy')))].sort();
    assert.deepEqual(got, want, JSON.stringify(line));
  }), { numRuns: 3000, seed: 24 });
  for (const s of [AWS, GH, JWT, 'token: "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"', `xoxb-${'ab-'.repeat(10)}cd`]) assert.ok(findSecrets(`x ${s} y`).length, s);
});

test('assignments: every name on a line is judged, not only the first (a decoy no longer hides the real one)', () => {
  const f = findSecrets(`password = "aaaaaaaaaaaaaaaaaaaaaaaa"; api_key = "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"`);
  assert.deepEqual(f.map((x) => x.kind), ['high-entropy value assigned to "api_key"']);
});

test('UTF-16: little- and big-endian, with a BOM and without, are decoded and scanned; lines are counted in the text', () => {
  const text = `# deploy.ps1\r\n$env:AWS_KEY = "${AWS}"\r\n`;
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  for (const [what, bytes] of [['LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), le])], ['LE without BOM', le], ['BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), be])], ['BE without BOM', be]] as const) {
    const d = scanSecretBytes(bytes, 'deploy.ps1', 'deploy.ps1');
    assert.deepEqual(d.map((x) => [x.code, x.line]), [['CTXFORGE_SECRET_FOUND', 2]], what);
  }
  // The first round's coverage holds in UTF-16 too: decoded escapes and joined lines.
  const esc = Buffer.from(`a: 1\nnote: "\\u0041KIAIOSF\\\n  ODNN7EXAMPLE"\n`, 'utf16le');
  assert.deepEqual(scanSecretBytes(esc, 'x.yaml', 'x.yaml').map((x) => x.line), [2]);
  // Binary data with scattered NULs is not mistaken for UTF-16 text (and is still scanned as latin1).
  const bin = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
  assert.equal(scanTexts(bin).length, 1);
});

test('names: a credential in a file or path name is found, and the report does not carry it', () => {
  const d = scanSecretName(`rom/skills/deploy/${GH}.txt`);
  assert.equal(d.length, 1);
  assert.equal(d[0]!.code, 'CTXFORGE_SECRET_FOUND');
  assert.match(d[0]!.message, /the name rom\/skills\/deploy\/ghp_….txt contains what looks like a GitHub token/);
  assert.ok(!JSON.stringify(d).includes(GH.slice(4)));
  assert.deepEqual(scanSecretName('knowledge/guides/release-notes.md'), []);
  assert.equal(scanSecretName(`x/\\u0041KIAIOSFODNN7EXAMPLE.md`)[0]?.file, 'x/…');
});

test('one pass: a 1 MB line of any shape costs a fixed number of steps a character', () => {
  const scan = (s: string, steps: (n: number) => void) => findSecrets(s, steps);
  const families = {
    ...PATHOLOGICAL,
    'AKIA repeated': (n: number) => repeatTo('AKIA', n),
    'tokentoken…': (n: number) => repeatTo('token', n),
    'token=token=…': (n: number) => repeatTo('token=', n),
    'eyJ- repeated': (n: number) => repeatTo('eyJ-', n),
    'eyJaaaaaaaaa. repeated': (n: number) => repeatTo('eyJaaaaaaaaa.', n),
    'xoxb- repeated': (n: number) => repeatTo('xoxb-', n),
    'AIza- repeated': (n: number) => repeatTo('AIza-', n),
    'github_pat_ then word characters': (n: number) => `github_pat_${'a'.repeat(n - 11)}`,
    '\\u0041 escapes': (n: number) => repeatTo('\\u0041', n),
    'key=value pairs': (n: number) => repeatTo(' secret=Zx9Qw8Er7Ty6Ui5Op4As3 ', n),
  };
  assertOnePass('findSecrets', scan, families, { perChar: 10 });
  // Short lines are each read as themselves, decoded, and joined with the line before and after:
  // more passes, still a fixed number of them.
  assertOnePass('findSecrets', scan, { 'many short continued lines': (n: number) => repeatTo('token: ab\\\n', n) }, { perChar: 24 });
});
