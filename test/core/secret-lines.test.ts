// The secret scan reads as lines only those that can hold a finding, decided on the bytes (issue 28,
// third pass: the 1 GiB build spent ~25 s of its 30 s of CPU decoding and re-reading the lines of
// its binary extension files, each of which holds a backslash every 256 bytes or so). An escape
// matters only when it decodes to a character a literal is spelled with, or is left open at a line
// end; the lines chosen on the bytes, decoded alone, must find exactly what reading every line of
// the text finds, in latin1 and in UTF-8. Fails on the code before: it had no secretLines, and read
// every line that held any backslash or "''" (JSON Lines' "\n", binary data) three times.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import * as secrets from '../../src/core/secrets.js';

type Finding = { kind: string; line: number; column: number };
type Lines = { count: number; read: number[] };
const S = secrets as unknown as Record<string, unknown>;
const fn = <T>(name: string) => {
  const f = S[name];
  assert.ok(typeof f === 'function', `${name} is missing`);
  return f as T;
};
const every = (t: string) => fn<(t: string) => Finding[]>('findSecretsEveryLine')(t);
const findSecrets = (t: string, steps?: (n: number) => void) => fn<(t: string, s?: (n: number) => void) => Finding[]>('findSecrets')(t, steps);
const secretLines = (b: Buffer, utf8: boolean) => fn<(b: Buffer, u: boolean) => Lines>('secretLines')(b, utf8);
const inLines = (b: Buffer, l: Lines, enc: 'utf8' | 'latin1', bom?: boolean) => fn<(b: Buffer, l: Lines, e: string, bom?: boolean) => Finding[]>('findSecretsInLines')(b, l, enc, bom);

// Escapes of every kind: those that decode to a literal's character, those that do not, those left
// open at a line end (finished by the next line), beside literals split where a line may end.
const PIECES = [
  'AKIA', 'AKI', 'A', 'KIA', 'IOSFODNN7EXAMPLE', 'IOSF', 'aws_secret_access_key', ' = ', '=', ':', '"', "'", "''", 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  '-----BEGIN ', '-----BEG', 'IN ', 'RSA ', 'PRIVATE KEY', '-----', 'ghp_', 'gh', 'p_', 'aB3dE6gH9jaB3dE6gH9jaB3dE6gH9jk2M4n6', 'xoxb-', '1234567890',
  'https://hooks.slack.com/services/', 'https:', '\\/\\/hooks.slack.com\\/services\\/', 'T0000', '/B0000/XXXX', 'sk_live_', 'abcdefghijklmnop12', 'AIza', 'SyA-abcdefghijklmnopqrstuvwxyz012',
  'eyJ', 'ey', 'J', 'hbGciOiJIUzI1NiJ9', '.', 'secret', 'sec', 'ret', 'token', 'tok', 'en', 'password', 'api_key', 'q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5',
  '\\', '\\\\', '\\u0041', '\\u004', '\\u00', '\\u0', '\\u', '\\x41', '\\x4', '\\x', '\\x2d', '\\x5F', '\\U00000041', '\\U0000004', '\\U', '\\U0011FFFF', '\\u00e9', '\\x20', '\\u002F',
  '\\n', '\\"', '\\t', '\\/', '\\ ', '\\_', '\\N', '\\q', '41', '0', 'KIA', 'IA', 'a', 'Z', '9', '_', '-', ' ', '  ', '\t', '\u00a0', '\u2003', '\u3000', '\ufeff', 'é', '\u0085',
  'plain words', '\n', '\n', '\n', '\r\n', '\r', '\n\n', '\\\n', '\\ \n', ' \n ', '\n  ',
];

/** Each text the bytes are read as (not UTF-16), and its lines chosen on the bytes. */
function check(b: Buffer): void {
  const utf8 = isUtf8(b);
  const lines = secretLines(b, utf8);
  // The bytes are read four at a time where their offset in memory allows: at any offset, the same lines.
  for (const shift of [1, 2, 3]) {
    const moved = Buffer.alloc(b.length + shift + 8).subarray(shift, shift + b.length);
    b.copy(moved);
    assert.deepEqual(secretLines(moved, utf8), lines, `at offset ${shift}`);
  }
  const latin1 = b.toString('latin1');
  assert.equal(lines.count, latin1.split('\n').length, 'line count');
  assert.deepEqual(inLines(b, lines, 'latin1'), every(latin1), `latin1 ${JSON.stringify(latin1)}`);
  if (utf8) {
    let text = b.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    assert.deepEqual(inLines(b, lines, 'utf8', true), every(text), `utf8 ${JSON.stringify(text)}`);
  }
}

test('the lines chosen on the bytes find exactly what reading every line finds, in latin1 and UTF-8', () => {
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), fc.boolean(), fc.boolean(), (parts, latin1, bom) => {
    const body = Buffer.from(parts.join(''), latin1 ? 'latin1' : 'utf8');
    check(bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body);
  }), { numRuns: 20000, seed: 2831 });
  // Any bytes around a join, and binary data with pieces in it.
  fc.assert(fc.property(fc.uint8Array({ maxLength: 60 }), fc.array(piece, { maxLength: 6 }), fc.uint8Array({ maxLength: 60 }), (a, parts, z) => {
    check(Buffer.concat([a, Buffer.from(`${parts.join('')}\n`, 'latin1'), z]));
  }), { numRuns: 10000, seed: 2832 });
  fc.assert(fc.property(fc.array(fc.constantFrom(0x5c, 0x0a, 0x0d, 0x20, 0xa0, 0x75, 0x78, 0x55, 0x30, 0x34, 0x31, 0x41, 0x4b, 0x49, 0x2f, 0x27, 0x65, 0x79, 0x4a, 0xc2, 0xe2, 0x80, 0x83), { maxLength: 80 }), (codes) => {
    check(Buffer.from(codes));
  }), { numRuns: 20000, seed: 2833 });
});

test('findSecrets on text reads the same lines: its findings are those of every line', () => {
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
    const text = parts.join('');
    assert.deepEqual(findSecrets(text), every(text), JSON.stringify(text));
  }), { numRuns: 20000, seed: 2834 });
});

test('an escape that decodes to a literal, or is finished by the next line, is found', () => {
  for (const text of ['x \\u0041KIAIOSFODNN7EXAMPLE y', 'x A\\x4bIAIOSFODNN7EXAMPLE y', 'url https:\\/\\/hooks.slack.com\\/services\\/T000\\/B000\\/XXXX', 'x \\u004\n1KIAIOSFODNN7EXAMPLE', 'x \\\\\nu0041KIAIOSFODNN7EXAMPLE', 'x \\x\n41KIAIOSFODNN7EXAMPLE']) {
    const want = every(text);
    assert.ok(want.length > 0, `${JSON.stringify(text)} has a finding`);
    assert.deepEqual(findSecrets(text), want, JSON.stringify(text));
    const b = Buffer.from(text, 'latin1');
    assert.deepEqual(inLines(b, secretLines(b, true), 'latin1'), want);
  }
});

test('escapes that cannot spell a literal cost no line reads: JSON Lines and binary data are one pass', () => {
  // Records whose strings hold "\n", "\"", "\\": every line has escapes, none decodes to a literal's character.
  const jsonl = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: `c${i}`, text: `Step ${i}:\n\t"quoted" path C:\\dir\\file ${i}\nend` })).join('\n');
  let steps = 0;
  assert.deepEqual(findSecrets(jsonl, (n) => { steps += n; }), []);
  // One search over the text and one look at each line end: no line read as a line (that is ≥ 3 more passes).
  assert.ok(steps < 2.2 * jsonl.length, `${steps} steps for ${jsonl.length} characters`);
  const jb = Buffer.from(jsonl);
  assert.equal(secretLines(jb, true).read.length, 0);
  // Binary data (a seeded generator): a line is read only where a literal or a telling escape is.
  let x = 2831;
  const bin = Buffer.alloc(1 << 20);
  for (let i = 0; i < bin.length; i++) { x = (Math.imul(x, 1103515245) + 12345) >>> 0; bin[i] = x >>> 24; }
  const lines = secretLines(bin, false);
  const backslashLines = bin.toString('latin1').split('\n').filter((l) => l.includes('\\')).length;
  assert.ok(backslashLines > lines.count / 3, `${backslashLines} of ${lines.count} lines hold a backslash`);
  assert.ok(lines.read.length / 4 < lines.count / 8, `${lines.read.length / 4} of ${lines.count} lines read`);
  assert.deepEqual(inLines(bin, lines, 'latin1'), every(bin.toString('latin1')));
});

test('a file streamed in blocks past the UTF-16 probe, each block scanned where it lies, finds what the whole file does', async () => {
  const { SecretStream } = await import('../../src/core/secret-stream.js');
  const { scanSecretBytes } = secrets;
  const piece = fc.constantFrom(...PIECES, 'x'.repeat(5000), 'AKIAIOSFODNN7EXAMPLE\n', '\\u0041KIAIOSFODNN7EXAMPLE\n', 'token = "q8Zr2Lx7Wm4Nc1Vb6Hj3Kt9Pd5"\n', 'é\n');
  fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 30 }), fc.array(fc.integer({ min: 1, max: 20000 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (parts, sizes, latin1) => {
    // 64 KiB of plain lines first, so the probe decides and the blocks after it are scanned in place.
    const body = parts.join('');
    const bytes = Buffer.concat([Buffer.from('plain line\n'.repeat(7000)), Buffer.from(body.repeat(Math.ceil(150_000 / Math.max(1, body.length))), latin1 ? 'latin1' : 'utf8')]);
    const s = new SecretStream('f.bin', 'f.bin', false, 4096);
    for (let at = 0, k = 0; at < bytes.length; k++) {
      const n = sizes[k % sizes.length]!;
      const block = Buffer.from(bytes.subarray(at, at + n));
      s.push(block);
      block.fill(0x41); // the caller reuses its block
      at += n;
    }
    assert.deepEqual(s.end(), scanSecretBytes(bytes, 'f.bin', 'f.bin'));
  }), { numRuns: 60, seed: 2836 });
});

test('a UTF-16 file: its UTF-16 text read whole, its byte text by the lines chosen, as reading every line of each finds', () => {
  const { scanSecretBytes, scanTexts, secretDiagnostics } = secrets;
  const reference = (b: Buffer) => {
    const out: { message: string; line?: number }[] = [];
    const seen = new Set<string>();
    for (const t of scanTexts(b)) for (const d of secretDiagnostics(every(t), 'f', 'f')) if (!seen.has(`${d.message}\0${d.line}`)) { seen.add(`${d.message}\0${d.line}`); out.push(d); }
    return out;
  };
  const piece = fc.constantFrom(...PIECES);
  fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 20 }), fc.constantFrom('le', 'le-bom', 'be-bom'), (parts, how) => {
    const text = parts.join('');
    let b = Buffer.from(text, 'utf16le');
    if (how === 'be-bom') b = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(b).swap16()]);
    if (how === 'le-bom') b = Buffer.concat([Buffer.from([0xff, 0xfe]), b]);
    assert.deepEqual(scanSecretBytes(b, 'f', 'f'), reference(b), JSON.stringify(text));
  }), { numRuns: 3000, seed: 2837 });
});
