// Every CTXPKG vector gets its stated verdict and coverage; every canonical_json case its exact text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, vectorsDir } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { canonicalJson, formatDouble } from '../../src/ctxpkg/canonical-json.js';
import { verifyBytes } from '../../src/ctxpkg/read.js';

const dir = join(vectorsDir, 'ctxpkg', 'generated');
const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { file: string; valid: boolean; integrity: string; signature: string; coverage?: string }[];

test('expected.json lists every .ctxpkg vector', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.ctxpkg')).sort();
  assert.deepEqual(expected.map((e) => e.file).sort(), files);
});

for (const e of expected) {
  test(`vector ${e.file}: ${e.valid ? 'valid' : 'invalid'}, integrity ${e.integrity}, signature ${e.signature}, coverage ${e.coverage ?? '—'}`, async () => {
    const r = await runCli(['verify', '--json', join(dir, e.file)]);
    assert.equal(r.code, e.valid ? 0 : 1, r.stdout + r.stderr);
    const res = JSON.parse(r.stdout).results[0];
    assert.equal(res.format, 'ctxpkg');
    assert.equal(res.valid, e.valid);
    assert.equal(res.details.integrity, e.integrity);
    assert.equal(res.details.signature, e.signature);
    assert.equal(res.details.coverage, e.coverage ?? null);
    if (!e.valid) assert.ok(res.diagnostics.some((d: { severity: string; code: string }) => d.severity === 'error' && d.code.startsWith('CTXPKG_')));
  });
}

// verify reads through readAndVerify, which hashes the content member on the thread pool while the
// rules run (verifyDocAsync); build and merge verify in one go (verifyDoc). Both must say the same.
test('every vector: the off-thread digest path and the one-thread path give the same outcome', async () => {
  const { readAndVerify } = await import('../../src/ctxpkg/read.js');
  let asyncHashed = 0;
  for (const e of expected) {
    const path = join(dir, e.file);
    const a = await readAndVerify({ label: e.file, path });
    const b = verifyBytes(readFileSync(path), e.file);
    assert.deepEqual(a.diagnostics, b.diagnostics, e.file);
    assert.deepEqual(a.details, b.details, e.file);
    assert.equal(a.valid, e.valid, e.file);
    if (typeof a.doc?.compactContent() !== 'string' && a.details?.content_hash) asyncHashed++;
  }
  assert.ok(asyncHashed > 5, `vectors whose content was hashed off-thread: ${asyncHashed}`);
});

test('validate gives the same verdicts as verify', async () => {
  for (const e of expected) {
    const r = await runCli(['validate', '--json', join(dir, e.file)]);
    assert.equal(JSON.parse(r.stdout).results[0].valid, e.valid, e.file);
  }
});

test('pinned key: the right signer passes, another signer is rejected', async () => {
  const a = readFileSync(join(dir, 'keys', 'signer-a.pub.hex'), 'utf8').trim();
  const ok = await runCli(['verify', '--json', '--key', a, join(dir, 'valid-level2-manifest-signed.ctxpkg')]);
  assert.equal(ok.code, 0);
  const bad = await runCli(['verify', '--json', '--key', join(dir, 'keys', 'signer-a.pub.pem'), join(dir, 'valid-level3.ctxpkg')]);
  assert.equal(bad.code, 1);
  assert.ok(JSON.parse(bad.stdout).results[0].diagnostics.some((d: { code: string }) => d.code === 'CTXPKG_SIGNATURE_KEY_MISMATCH'));
  const unsigned = await runCli(['verify', '--json', '--key', a, join(dir, 'valid-level1.ctxpkg')]);
  assert.equal(unsigned.code, 1);
});

const cases = JSON.parse(readFileSync(join(dir, 'canonical-json-cases.json'), 'utf8')) as { input: string; canonical: string; note: string }[];
const errorCases = JSON.parse(readFileSync(join(dir, 'canonical-json-error-cases.json'), 'utf8')) as { input: string; note: string }[];

test('canonical-json-cases has 78 cases', () => assert.equal(cases.length, 78));
for (const c of cases) {
  test(`canonical_json: ${c.note}`, () => assert.equal(canonicalJson(c.input), c.canonical));
}
for (const c of errorCases) {
  test(`canonical_json refuses: ${c.note}`, () => assert.throws(() => canonicalJson(c.input), /surrogate|double range/));
}

test('formatDouble follows the §9.1 table', () => {
  assert.deepEqual([1, 100, 12.5, 0.25, 0.00001, 1e-6, 1.5e300, 1e21, -0, 0].map(formatDouble),
    ['1.0', '100.0', '12.5', '0.25', '0.00001', '1e-6', '1.5e+300', '1e+21', '-0.0', '0.0']);
});

function mutate(file: string, f: (s: string) => string): Buffer {
  return Buffer.from(f(readFileSync(join(dir, file), 'utf8')), 'utf8');
}
const codes = (b: Buffer) => verifyBytes(b, 'x.ctxpkg').diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);

test('a second top-level content member is rejected (hash one, parse the other)', () => {
  const b = mutate('valid-level1.ctxpkg', (s) => s.replace(/}\s*$/, ',"content":{"context_graph":{"format":"ctxpkg-graph-v2","nodes":[],"edges":[]}}}'));
  assert.deepEqual(codes(b), ['CTXPKG_DUPLICATE_MEMBER']);
  const esc = mutate('valid-level1.ctxpkg', (s) => s.replace(/}\s*$/, ',"\\u0063ontent":{}}'));
  assert.deepEqual(codes(esc), ['CTXPKG_DUPLICATE_MEMBER']);
});

test('a duplicate member deep inside a node is rejected with its line', () => {
  const b = mutate('valid-pretty-printed.ctxpkg', (s) => s.replace('"id": "fact-retry",', '"id": "fact-retry",\n          "id": "other",'));
  const r = verifyBytes(b, 'x.ctxpkg');
  assert.equal(r.valid, false);
  assert.equal(r.diagnostics[0]!.code, 'CTXPKG_DUPLICATE_MEMBER');
  assert.ok((r.diagnostics[0]!.line ?? 0) > 30);
});

test('a third top-level member, a BOM, a ZIP, uppercase hex, uppercase names and bad versions are rejected', () => {
  assert.deepEqual(codes(mutate('valid-level1.ctxpkg', (s) => s.replace(/}\s*$/, ',"extra":1}'))), ['CTXPKG_TOP_LEVEL']);
  assert.deepEqual(codes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(join(dir, 'valid-level1.ctxpkg'))])), ['CTXPKG_ENCODING']);
  assert.deepEqual(codes(Buffer.from('PK\x03\x04rest')), ['CTXPKG_ZIP_UNSUPPORTED']);
  const up = codes(mutate('valid-level1.ctxpkg', (s) => s.replace('"78c916449da2a94baedc56018a4899a7fd885856816fbf88dbaa40a36f72d4a6"', '"78C916449DA2A94BAEDC56018A4899A7FD885856816FBF88DBAA40A36F72D4A6"')));
  assert.ok(up.includes('CTXPKG_HEX_UPPERCASE'), up.join());
  assert.ok(codes(mutate('valid-level1.ctxpkg', (s) => s.replace('"@vectors/level1"', '"@Vectors/level1"'))).includes('CTXPKG_NAME_INVALID'));
  assert.ok(codes(mutate('valid-level1.ctxpkg', (s) => s.replace('"1.0.0"', '"v1.0"'))).includes('CTXPKG_VERSION_INVALID'));
  assert.ok(codes(mutate('valid-level1.ctxpkg', (s) => s.replace('"schema_version":2', '"schema_version":3'))).includes('CTXPKG_SCHEMA_VERSION'));
});

test('a dangling edge, out-of-range activation and a wrong graph format are errors with lines', () => {
  const d = verifyBytes(mutate('valid-pretty-printed.ctxpkg', (s) => s.replace('"to": "fact-retry"', '"to": "nowhere"').replace('"activation": 1.0', '"activation": 1.5').replace('"ctxpkg-graph-v2"', '"graph-v9"')), 'p.ctxpkg').diagnostics;
  for (const c of ['CTXPKG_EDGE_DANGLING', 'CTXPKG_NODE_RANGE', 'CTXPKG_GRAPH_FORMAT']) {
    const x = d.find((y) => y.code === c);
    assert.ok(x, c);
    assert.ok((x!.line ?? 0) > 1, `${c} has a line`);
  }
});

test('deep nesting is a diagnostic, not a crash', () => {
  const deep = `{"manifest":${'['.repeat(5000)}${']'.repeat(5000)},"content":{}}`;
  assert.deepEqual(codes(Buffer.from(deep)), ['CTXPKG_JSON_DEPTH']);
});

test('files over the size ceiling are rejected before parsing', async () => {
  const d = tmpDir();
  const p = join(d, 'big.ctxpkg');
  writeFileSync(p, readFileSync(join(dir, 'valid-level1.ctxpkg')));
  const r = await runCli(['validate', '--json', '--max-file-bytes', '100', p]);
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).results[0].diagnostics[0].code, 'CTXPKG_FILE_TOO_LARGE');
});

test('manifest with a lone surrogate and manifest_value is invalid (unverifiable)', () => {
  const b = mutate('valid-level2-manifest-signed.ctxpkg', (s) => s.replace('"x_note":"tab', '"x_note":"\\ud800 tab'));
  assert.ok(codes(b).includes('CTXPKG_MANIFEST_UNCANONICAL'));
});
