// An archive's files[] read apart from the manifest's bytes (issue 39): whenever the reader takes a
// manifest, what the checks see must be what the whole parse gave — the same findings (codes,
// messages, lines), the same manifest once files[] is read, the same package digest — and whenever
// it declines, the caller parses whole (so the findings are the old code's own). Hostile manifests
// are made by mutating a built one anywhere: escapes, lone surrogates, whitespace, duplicate keys,
// a second "files", other members, numbers, a BOM, bytes cut or inserted at any point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { readManifestCompact, settleFiles, lineOfKeyIn } from '../../src/octx/declared-files.js';
import { checkManifest, lineOfKey, parseManifestBytes } from '../../src/octx/manifest.js';
import { packageDigest, packageDigestListed } from '../../src/octx/digest.js';
import { sortUtf8 } from '../../src/core/paths.js';
import { DigestArray } from '../../src/core/digest-array.js';

const hex = (i: number) => createHash('sha256').update(String(i)).digest('hex');

function manifestText(paths: string[], opts: { indent?: number; first?: boolean; caps?: Record<string, unknown> } = {}): string {
  const files = paths.map((p, i) => ({ path: p, sha256: hex(i) }));
  const head = { format: 'octx', format_version: '0.1', asset: { id: '019b76da-a800-75a3-a84e-c856ab57e830', name: 'N ü' } };
  const release = { version: '1.0.0', created_at: '2026-01-01T00:00:00Z', package_digest: `sha256:${hex(-1)}` };
  const m = opts.first ? { files, ...head, release, ...(opts.caps ? { capabilities: opts.caps } : {}) } : { ...head, release, ...(opts.caps ? { capabilities: opts.caps } : {}), files };
  return JSON.stringify(m, null, opts.indent ?? 2);
}

/** What the whole parse gives: findings, the manifest as JSON, the package digest when computed. */
function whole(bytes: Buffer) {
  const parsed = parseManifestBytes(bytes, 100);
  if (!parsed.raw) return { diags: parsed.diagnostics };
  const mc = checkManifest(parsed.raw, parsed.text, false);
  const schemaOk = !mc.diagnostics.some((d) => d.code === 'OCTX_SCHEMA_VALIDATION');
  let digest: string | undefined;
  if (schemaOk && !mc.unsupportedVersion) try { digest = packageDigest(parsed.raw); } catch (e) { digest = `error ${(e as Error).message}`; }
  return { diags: mc.diagnostics, json: JSON.stringify(parsed.raw), digest };
}

/** What the reader gives, or undefined when it declines. */
function apart(bytes: Buffer) {
  const c = readManifestCompact(bytes, 100);
  if (!c) return undefined;
  const subject = { ...c.raw };
  const mc = checkManifest(c.raw, c.lineOf, false, true);
  settleFiles(c.raw, c.files);
  const schemaOk = !mc.diagnostics.some((d) => d.code === 'OCTX_SCHEMA_VALIDATION');
  let digest: string | undefined;
  if (schemaOk && !mc.unsupportedVersion) {
    const order = sortUtf8(Array.from({ length: c.files.length }, (_, i) => i), (i) => c.files.path(i));
    try { digest = packageDigestListed(subject, { count: order.length, path: (k) => c.files.path(order[k]!), sha256: (k) => c.files.sha256(order[k]!) }); } catch (e) { digest = `error ${(e as Error).message}`; }
  }
  return { diags: mc.diagnostics, json: JSON.stringify(c.raw), digest };
}

test('a built manifest is read apart, with the findings, manifest and digest of the whole parse', () => {
  const paths = Array.from({ length: 300 }, (_, i) => `knowledge/s-${Math.floor(i / 7)}/p-${i}.md`);
  for (const opts of [{}, { indent: 0 }, { indent: 4 }, { first: true }, { caps: { vectors: { version: '9.9' }, path: { version: 'x' } } }]) {
    const bytes = Buffer.from(manifestText(sortUtf8(paths, (p) => p), opts));
    const a = apart(bytes);
    assert.ok(a, JSON.stringify(opts));
    assert.deepEqual(a, whole(bytes));
  }
  // Paths out of order, non-ASCII and astral: still once each.
  const odd = ['knowledge/z.md', 'knowledge/é.md', 'knowledge/😀.md', 'knowledge/\ue000.md', 'knowledge/a.md'];
  const bytes = Buffer.from(manifestText(odd));
  assert.ok(apart(bytes));
  assert.deepEqual(apart(bytes), whole(bytes));
});

test('what the manifest check would report in files[] is left to the whole parse', () => {
  const base = ['knowledge/a.md', 'knowledge/b.md'];
  const cases: [string, (t: string) => string][] = [
    ['a duplicate path', (t) => t.replace('knowledge/b.md', 'knowledge/a.md')],
    ['a duplicate path out of order', (t) => t.replace('knowledge/a.md', 'knowledge/b.md')],
    ['an unsafe path', (t) => t.replace('knowledge/a.md', '../a.md')],
    ['manifest.json listed', (t) => t.replace('knowledge/a.md', 'manifest.json')],
    ['an upper-case digest', (t) => t.replace(hex(0), hex(0).toUpperCase())],
    ['a short digest', (t) => t.replace(hex(0), hex(0).slice(1))],
    ['an escaped path', (t) => t.replace('knowledge/a.md', 'knowledge/\\u0061.md')],
    ['a lone surrogate', (t) => t.replace('knowledge/a.md', 'knowledge/\\ud800.md')],
    ['an extra member', (t) => t.replace(`"${hex(0)}"`, `"${hex(0)}", "size": 1`)],
    ['a missing member', (t) => t.replace(`"path": "knowledge/a.md",`, '')],
    ['a member twice', (t) => t.replace(`"path": "knowledge/a.md",`, '"path": "knowledge/a.md", "path": "knowledge/c.md",')],
    ['a number', (t) => t.replace(`"${hex(0)}"`, '1')],
    ['files twice', (t) => t.replace('"format":', '"files": [], "format":')],
    ['files spelled with an escape', (t) => t.replace('"format":', '"fil\\u0065s": 1, "format":')],
    ['files empty', (t) => t.replace(/"files": \[[^]*\]/, '"files": []')],
    ['files not an array', (t) => t.replace(/"files": \[[^]*\]/, '"files": {}')],
    ['a BOM', (t) => `\ufeff${t}`],
    ['a syntax error after files', (t) => `${t},`],
    ['a syntax error before files', (t) => t.replace('"format":', '"format"')],
    ['a duplicate key elsewhere', (t) => t.replace('"format":', '"format": 1, "format":')],
  ];
  for (const [what, edit] of cases) {
    const bytes = Buffer.from(edit(manifestText(base)));
    assert.equal(apart(bytes), undefined, what);
  }
  assert.equal(readManifestCompact(Buffer.from(manifestText(base)), 2), undefined, 'a depth limit under files[]');
  assert.equal(readManifestCompact(Buffer.from([0x7b, 0xff, 0x7d]), 100), undefined, 'not UTF-8');
});

// Pieces to splice in anywhere: JSON's punctuation, escapes, keys of the manifest and of an entry.
const PIECES = ['"', '\\', '\\u0061', '\\ud800', '{', '}', '[', ']', ',', ':', ' ', '\n', '\t', '1', '-0', '1e999', '12345678901234567890',
  'null', 'true', '"files"', '"files": []', '"path"', '"sha256"', '"id"', '"x": 1,', '"path": "a",', `"${hex(7)}"`, 'é', '😀', '\u0000', '\ufeff'];

test('any manifest, mutated anywhere: read apart only when the whole parse would agree', () => {
  const paths = ['knowledge/a.md', 'knowledge/b/c.md', 'knowledge/id', 'knowledge/é.md', 'extensions/x.y/1.0/f'];
  let taken = 0;
  let runs = 0;
  fc.assert(fc.property(
    fc.subarray(paths, { minLength: 1 }), fc.constantFrom(0, 1, 2), fc.boolean(), fc.boolean(),
    fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), cut: fc.nat(6), put: fc.constantFrom(...PIECES) }), { maxLength: 3 }),
    (list, indent, first, caps, edits) => {
      let text = manifestText(list, { indent, first, ...(caps ? { caps: { path: { version: '0.1' }, vectors: { version: '0.1' } } } : {}) });
      for (const e of edits) {
        const at = Math.floor(e.at * text.length);
        text = text.slice(0, at) + e.put + text.slice(at + (e.cut % 3));
      }
      const bytes = Buffer.from(text);
      runs++;
      const a = apart(bytes);
      if (!a) return;
      taken++;
      assert.deepEqual(a, whole(bytes));
    }), { numRuns: 1500, seed: 39 });
  // The property means something only if the reader takes a fair share of them.
  assert.ok(taken > runs / 10, `${taken} of ${runs} read apart`);
});

test('lineOfKeyIn answers as lineOfKey over the decoded text', () => {
  const text = '{\n "a": "é😀",\n  "id": 1,\n "\ud83d\ude00": 2, "x\ny": "id"\n}';
  const bytes = Buffer.from(text);
  for (const key of ['a', 'id', '😀', 'x', 'nope', '', '\ud83d', 'é😀', ' ']) assert.equal(lineOfKeyIn(bytes, key), lineOfKey(text, key), key);
});

test('a long list, in order or not, is read in one pass (hang-only bound)', { timeout: 120_000 }, () => {
  // Sizes: 200 000 entries, and the same reversed (every path below the one before: the set of
  // paths seen answers each in constant time). Quadratic work here would not end in the bound.
  const paths = Array.from({ length: 200_000 }, (_, i) => `knowledge/${String(i).padStart(7, '0')}.md`);
  for (const list of [paths, [...paths].reverse()]) {
    const c = readManifestCompact(Buffer.from(manifestText(list, { indent: 0 })), 100);
    assert.ok(c);
    assert.equal(c.files.length, list.length);
    // The digests are kept in an array of the list's length, 32 bytes each.
    assert.equal(c.digests.length, list.length);
    assert.equal(c.files.sha256(123), hex(123));
  }
  // A manifest that is one long string or many short ones is declined in a pass too.
  assert.equal(readManifestCompact(Buffer.from(`{"files": [{"path": "${'a'.repeat(4_000_000)}`), 100), undefined);
  assert.equal(readManifestCompact(Buffer.from(`{"files": ${'"", '.repeat(1_000_000)}`), 100), undefined);
});

test('DigestArray.setHexBytes stores what set() stores, and refuses what it refuses', () => {
  fc.assert(fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.nat(40), (raw, pad) => {
    const h = Buffer.from(raw).toString('hex');
    const a = new DigestArray(2);
    const b = new DigestArray(2);
    assert.equal(a.setHexBytes(1, Buffer.from(' '.repeat(pad) + h), pad), true);
    b.set(1, h);
    assert.equal(a.hex(1), b.hex(1));
    assert.equal(a.has(0), false);
    const upper = h.toUpperCase();
    if (upper !== h) assert.equal(a.setHexBytes(0, Buffer.from(upper), 0), false);
    assert.equal(a.setHexBytes(0, Buffer.from(h.slice(1)), 0), false);
    assert.equal(a.has(0), false);
    assert.equal(a.first(2).hex(1), h);
  }), { numRuns: 200, seed: 32 });
});
