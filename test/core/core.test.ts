// The shared foundation: strict JSON, JCS, SemVer, UUIDv7, paths, safe YAML, keys, atomic writes.
import { seeded } from '../helpers/random.js';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync, readFileSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson, parseJsonWithRanges, JsonSyntaxError } from '../../src/core/strict-json.js';
import { jcs, JcsError } from '../../src/core/jcs.js';
import { isSemver, bumpBetween } from '../../src/core/semver.js';
import { isUuidV7, uuidv7 } from '../../src/core/uuid.js';
import { unsafePathReason, compareUtf8, foldedKey, sortUtf8 } from '../../src/core/paths.js';
import { parseYamlSafe, YamlSafetyError, splitFrontmatter } from '../../src/core/yaml-safe.js';
import { generateSigningKey, signEd25519, verifyEd25519, writeKeyPair, loadSigningKey, loadPublicKey } from '../../src/core/keys.js';
import { writeAtomic } from '../../src/core/atomic.js';
import { findSecrets } from '../../src/core/secrets.js';
import { tmpDir } from '../helpers/tmp.js';
import { repoRoot } from '../helpers/cli.js';
import { builtCli } from '../helpers/built.js';

const jsonErr = (s: string) => { try { parseJson(s); } catch (e) { return (e as JsonSyntaxError).code; } return 'ok'; };

test('strict JSON rejects duplicates at any depth, BOM, NaN/Infinity, trailing data, bad escapes', () => {
  assert.equal(jsonErr('{"a":1,"a":2}'), 'JSON_DUPLICATE_KEY');
  assert.equal(jsonErr('{"x":[{"b":{"c":1,"c":1}}]}'), 'JSON_DUPLICATE_KEY');
  assert.equal(jsonErr('\ufeff{}'), 'JSON_INVALID');
  for (const bad of ['NaN', '[Infinity]', '{"a":-Infinity}', '{} x', '{"a":01}', '{"a":1.}', '"\\x"', '"a\nb"', '[1,]', '{"a" 1}', '']) assert.equal(jsonErr(bad), 'JSON_INVALID', bad);
  assert.equal(jsonErr('[[[[1]]]]'), 'ok');
  try { parseJson('[[[1]]]', { maxDepth: 2 }); assert.fail(); } catch (e) { assert.equal((e as JsonSyntaxError).code, 'JSON_DEPTH'); }
  try { parseJson('{\n  "a": 1,\n  "a": 2\n}'); } catch (e) { assert.equal((e as JsonSyntaxError).line, 3); }
});

test('strict JSON keeps big integers exact and __proto__ as a plain key', () => {
  const v = parseJson('{"n":123456789012345678901234567890,"s":9007199254740991,"f":1.5,"__proto__":{"x":1}}') as Record<string, unknown>;
  assert.equal(v.n, 123456789012345678901234567890n);
  assert.equal(v.s, 9007199254740991);
  assert.equal(v.f, 1.5);
  assert.deepEqual(Object.keys(v), ['n', 's', 'f', '__proto__']);
  assert.equal(Object.getPrototypeOf(v), Object.prototype);
  assert.equal(parseJson('"\\ud83d\\ude00 \\u00e9"'), '😀 é');
});

test('member ranges give the exact text of each top-level member', () => {
  const text = '{ "manifest" : {"a":1},\n "content":  [1, 2 ,3] }';
  const r = parseJsonWithRanges(text);
  const c = r.members.find((m) => m.key === 'content')!;
  assert.equal(text.slice(c.valueStart, c.valueEnd), '[1, 2 ,3]');
});

test('JCS: RFC 8785 ordering and numbers; NaN and bigint rejected first', () => {
  // U+FF61 sorts after U+1F600 in UTF-16 code units (0xFF61 > 0xD83D), before it in UTF-8.
  assert.equal(jcs({ b: 1, a: [1e-7, 1.0, 'é'], '\uff61': 1, '\ud83d\ude00': 2 }), '{"a":[1e-7,1,"é"],"b":1,"😀":2,"｡":1}');
  assert.throws(() => jcs({ a: NaN }), JcsError);
  assert.throws(() => jcs({ a: 10n }), JcsError);
  assert.throws(() => jcs({ a: Infinity }), JcsError);
});

test('SemVer validation is strict', () => {
  for (const ok of ['1.2.3', '0.0.0', '1.0.0-rc.1', '1.0.0+build.5', '1.0.0-alpha-1.2+x']) assert.ok(isSemver(ok), ok);
  for (const bad of ['v1.2.3', ' 1.2.3', '1.2', '01.2.3', '1.2.3-01', '1.2.3 ', '1.2.3-', '=1.2.3']) assert.ok(!isSemver(bad), bad);
  assert.equal(bumpBetween('1.2.3', '2.0.0'), 'major');
  assert.equal(bumpBetween('1.2.3', '1.3.0'), 'minor');
  assert.equal(bumpBetween('1.2.3', '1.2.4'), 'patch');
  assert.equal(bumpBetween('1.2.3', '1.2.3'), 'none');
  assert.equal(bumpBetween('1.2.3', '1.2.2'), null);
});

test('UUIDv7: generated IDs are canonical; validation rejects other forms', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) { const u = uuidv7(); assert.ok(isUuidV7(u), u); seen.add(u); }
  assert.equal(seen.size, 200);
  // The random bits come from a pool refilled every 256 IDs: IDs of one millisecond, across several
  // refills, never repeat one another's bits.
  const same = new Set(Array.from({ length: 1000 }, () => uuidv7(1767225600000).slice(14)));
  assert.equal(same.size, 1000);
  assert.equal(uuidv7(1767225600000, 'seed'), uuidv7(1767225600000, 'seed'));
  assert.equal(uuidv7(0x0123456789ab, 'x').slice(0, 13), '01234567-89ab');
  for (const bad of ['019C1234-5678-7abc-8def-0123456789ab', '019c1234-5678-4abc-8def-0123456789ab', '019c1234-5678-7abc-cdef-0123456789ab', 'urn:uuid:019c1234-5678-7abc-8def-0123456789ab', '{019c1234-5678-7abc-8def-0123456789ab}', '019c12345678-7abc-8def-0123456789ab']) assert.ok(!isUuidV7(bad), bad);
});

test('safe paths and UTF-8 ordering', () => {
  for (const bad of ['', '/a', 'a/../b', './a', 'a//b', 'a\\b', 'a\0', 'C:/x', 'C:x', 'e\u0301.md', 'a/', 'a/.', 'a/..', 'x/./y', 'a/b/', '..']) assert.ok(unsafePathReason(bad), bad);
  for (const ok of ['a', 'a/b.md', '\u00e9.md', '.hidden/x', 'a..b', 'a b/c-d+e.md', '-x/_y.', 'k/a.../b']) assert.equal(unsafePathReason(ok), null, ok);
  // The one-regex fast path and the full checks agree: each reason is the full checks' own.
  assert.equal(unsafePathReason('a/../b'), '".." path segment');
  assert.equal(unsafePathReason('a//b'), 'empty path segment');
  assert.ok(compareUtf8('\ud83d\ude00', '\uffff') > 0, 'astral sorts after U+FFFF in UTF-8');
  assert.ok('\ud83d\ude00' < '\uffff', 'but before it in UTF-16');
  assert.equal(foldedKey('Caf\u00e9'), foldedKey('cafe\u0301'));
});

test('safe YAML rejects anchors, aliases, custom tags, duplicate and non-scalar keys', () => {
  const bad = ['a: &x 1', 'a: &x [1]\nb: *x', 'a: !!python/object:os.system x', 'a: !custom 1', 'a: 1\na: 2', '? [a, b]\n: 1'];
  for (const b of bad) assert.throws(() => parseYamlSafe(b), YamlSafetyError, b);
  assert.deepEqual(parseYamlSafe('type: Reference\noctx:\n  document_id: 019c1234-5678-7abc-8def-0123456789ab\nn: 1\n'), { type: 'Reference', octx: { document_id: '019c1234-5678-7abc-8def-0123456789ab' }, n: 1 });
  try { parseYamlSafe('a: 1\nb: &y 2', { lineOffset: 1 }); } catch (e) { assert.equal((e as YamlSafetyError).line, 3); }
  const fm = splitFrontmatter('---\na: 1\n---\n\n# T\n');
  assert.equal(fm.yaml, 'a: 1\n');
  assert.equal(fm.body, '\n# T\n');
});

test('Ed25519 signatures verify with openssl pkeyutl, and keygen writes 0600 keys', async () => {
  const dir = tmpDir();
  const key = generateSigningKey();
  const { keyPath, pubPath } = await writeKeyPair(join(dir, 'k'), key);
  assert.equal(statSync(keyPath).mode & 0o777, 0o600);
  const msg = Buffer.from('ctxforge interop');
  const sig = signEd25519(loadSigningKey(keyPath), msg);
  writeFileSync(join(dir, 'msg'), msg);
  writeFileSync(join(dir, 'sig'), sig);
  const r = spawnSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', pubPath, '-rawin', '-in', join(dir, 'msg'), '-sigfile', join(dir, 'sig')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /Signature Verified Successfully/);
  // And openssl's signature verifies here.
  const o = spawnSync('openssl', ['pkeyutl', '-sign', '-inkey', keyPath, '-rawin', '-in', join(dir, 'msg'), '-out', join(dir, 'osig')]);
  assert.equal(o.status, 0);
  assert.ok(verifyEd25519(loadPublicKey(pubPath), msg, readFileSync(join(dir, 'osig'))));
  assert.ok(!verifyEd25519(loadPublicKey(pubPath), Buffer.from('other'), sig));
  assert.equal(loadPublicKey(key.publicKey.hex).hex, key.publicKey.hex);
});

test('key loading errors never contain key material', () => {
  const seed = 'ab'.repeat(31) + 'zz';
  try { loadSigningKey(`env:NOPE_${Date.now()}`); assert.fail(); } catch (e) { assert.match((e as Error).message, /not set/); }
  try { loadSigningKey(seed); assert.fail(); } catch (e) { assert.ok(!(e as Error).message.includes(seed)); }
});

test('atomic writes leave the old file or nothing when production fails', async () => {
  const dir = tmpDir();
  const target = join(dir, 'out.bin');
  writeFileSync(target, 'old');
  await assert.rejects(writeAtomic(target, async (tmp) => { writeFileSync(tmp, 'half'); throw new Error('boom'); }));
  assert.equal(readFileSync(target, 'utf8'), 'old');
  assert.deepEqual(readdirSync(dir), ['out.bin']);
});

test('an interrupt finds its handler before a temp output or its directory exists, and none is left after', async () => {
  const { createRequire, syncBuiltinESMExports } = await import('node:module');
  const { TempOutput } = await import('../../src/core/atomic.js');
  const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
  const listening = () => `${process.listenerCount('SIGINT') - base.int} ${process.listenerCount('SIGTERM') - base.term}`;
  const base = { int: process.listenerCount('SIGINT'), term: process.listenerCount('SIGTERM') };
  const seen: string[] = [];
  const orig = { openSync: fs.openSync, mkdirSync: fs.mkdirSync };
  // The module's own imports of node:fs are live bindings: what they call is observed here.
  fs.openSync = ((...a: Parameters<typeof fs.openSync>) => { seen.push(`open: ${listening()}`); return orig.openSync(...a); }) as typeof fs.openSync;
  fs.mkdirSync = ((...a: Parameters<typeof fs.mkdirSync>) => { seen.push(`mkdir: ${listening()}`); return orig.mkdirSync(...a); }) as typeof fs.mkdirSync;
  syncBuiltinESMExports();
  const dir = tmpDir();
  try {
    new TempOutput(join(dir, 'made', 'a.bin')).discard();
    await writeAtomic(join(dir, 'made-too', 'b.bin'), async (tmp) => { seen.push(`produce: ${listening()}`); writeFileSync(tmp, 'b'); });
  } finally {
    Object.assign(fs, orig);
    syncBuiltinESMExports();
  }
  assert.deepEqual(seen, ['mkdir: 1 1', 'open: 1 1', 'mkdir: 1 1', 'produce: 1 1']);
  assert.equal(listening(), '0 0', 'no listener is left once nothing is being written');
  assert.deepEqual(readdirSync(dir).sort(), ['made-too'], 'the discarded output took the directory it made with it');
});

test('makeDirs makes what is missing and says where it began, refuses a file in the way, and fails at once where mkdir says ENOENT under an existing parent', async () => {
  const { makeDirs } = await import('../../src/core/dirs.js');
  const { mkdirSync: mk, existsSync } = await import('node:fs');
  const dir = tmpDir();
  assert.equal(makeDirs(join(dir, 'a', 'b', 'c')), join(dir, 'a'));
  assert.ok(existsSync(join(dir, 'a', 'b', 'c')));
  assert.equal(makeDirs(join(dir, 'a', 'b')), undefined, 'nothing made');
  mk(join(dir, 'a', 'b', 'd'));
  assert.equal(makeDirs(join(dir, 'a', 'b', 'd', 'e')), join(dir, 'a', 'b', 'd', 'e'));
  writeFileSync(join(dir, 'file'), 'x');
  assert.throws(() => makeDirs(join(dir, 'file', 'x')), (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR');
  assert.throws(() => makeDirs(join(dir, 'file')), (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR');
  // Node's own recursive mkdir spins forever here; a build must fail with CTXFORGE_IO instead.
  assert.throws(() => makeDirs('/proc/ctxforge-no-such/x'), (e: NodeJS.ErrnoException) => e.code === 'ENOENT');
  const r = spawnSync(process.execPath, [builtCli(), 'build', join(repoRoot, 'working-dir-example', 'octx'), '--out', '/proc/ctxforge-no-such/dist', '--source-date-epoch', '1767225600'],
    { encoding: 'utf8', timeout: 60_000, env: { ...process.env, CTXFORGE_FROM_SOURCE: '1' } });
  assert.equal(r.status, 2, `exit ${r.status} ${r.signal ?? ''} ${r.stderr}`);
  assert.match(r.stderr, /CTXFORGE_IO/);
});

test('secret scan finds credential shapes and not ordinary prose', () => {
  const found = findSecrets(['aws = AKIAIOSFODNN7EXAMPLE', '-----BEGIN RSA PRIVATE KEY-----', 'token: ghp_' + 'a1B2'.repeat(9), 'api_key = "Zx8Qw2Lp9Rt4Vb7Nm3Kj6Hg5"', 'plain words only here'].join('\n'));
  assert.deepEqual(found.map((f) => f.line), [1, 2, 3, 4]);
});

test('sortUtf8 orders by UTF-8 bytes, with and without characters where UTF-16 order differs', () => {
  const ref = (xs: string[]) => [...xs].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
  const pool = ['a', 'b', 'Z', 'é', '\u00ff', '\uffff', '\ue000', '😀', '\ud83d\ude00x', 'a/b', 'a-b', 'a', ''];
  const { next } = seeded(7);
  for (let round = 0; round < 500; round++) {
    const xs = Array.from({ length: 1 + (next() % 12) }, () => Array.from({ length: next() % 4 }, () => pool[next() % pool.length]).join(''));
    assert.deepEqual(sortUtf8(xs, (x) => x), ref(xs), JSON.stringify(xs));
    const ascii = xs.map((x) => x.replace(/[^\x00-\x7f]/g, 'q'));
    assert.deepEqual(sortUtf8(ascii, (x) => x), ref(ascii));
  }
  // compareUtf8 as a comparator gives the same order, and says equal only for equal strings.
  for (let round = 0; round < 2000; round++) {
    const [x, y] = [0, 1].map(() => Array.from({ length: next() % 4 }, () => pool[next() % pool.length]).join(''));
    assert.equal(Math.sign(compareUtf8(x!, y!)), Buffer.compare(Buffer.from(x!, 'utf8'), Buffer.from(y!, 'utf8')), JSON.stringify([x, y]));
  }
  // The two orders really differ on this pair, so the test can tell them apart.
  assert.equal(compareUtf8('\uffff', '😀'), -1);
  assert.deepEqual(sortUtf8(['\uffff', '😀'], (x) => x), ['\uffff', '😀']);
  assert.ok('😀' < '\uffff', 'UTF-16 order puts the emoji first');
});

test('ACX ROM manifest hash: the direct serialisation equals JCS of the entries', async () => {
  const { manifestHash } = await import('../../src/acx/manifest.js');
  const { createHash } = await import('node:crypto');
  const reference = (e: unknown[]) => `sha256:${createHash('sha256').update(jcs(e)).digest('hex')}`;
  const odd = ['plain', 'quote " and \\ back', 'tab\tnew\nline\u0001', 'é😀\uffff\ue000', '\u2028\u2029', '</script>', ''];
  const { next } = seeded(11);
  for (let round = 0; round < 300; round++) {
    const entries = Array.from({ length: next() % 6 }, () => ({
      sourceRef: odd[next() % odd.length]! + String(next() % 100), oid: `sha256:${'ab'.repeat(32)}`, canon: odd[next() % odd.length]!,
      sz: [0, 1, 2 ** 31, 2 ** 53 - 1, 1e21, 1.5, -0][next() % 7]!,
    }));
    assert.equal(manifestHash(entries), reference(entries), JSON.stringify(entries));
  }
  // What JCS refuses is still refused, not written as JSON.stringify would.
  assert.throws(() => manifestHash([{ sourceRef: 'a\ud800', oid: 'x', canon: 'raw', sz: 1 }]));
  assert.throws(() => manifestHash([{ sourceRef: 'a', oid: 'x', canon: 'raw', sz: Number.NaN }]));
});

test('package digest: the direct files[] serialisation equals JCS of the whole manifest', async () => {
  const { packageDigest } = await import('../../src/octx/digest.js');
  const { createHash } = await import('node:crypto');
  const reference = (m: Record<string, unknown>) => {
    const copy = structuredClone(m) as Record<string, unknown> & { release?: Record<string, unknown>; files?: { path: string }[] };
    if (copy.release) delete copy.release.package_digest;
    if (Array.isArray(copy.files)) copy.files = sortUtf8(copy.files, (f) => f.path);
    return `sha256:${createHash('sha256').update(jcs(copy)).digest('hex')}`;
  };
  const names = ['knowledge/a.md', 'knowledge/é "q".md', 'knowledge/😀\\x.md', 'data/chunks.jsonl', 'knowledge/\u2028.md', 'k/\u0001', 'z'];
  for (let n = 0; n < names.length; n++) {
    const files = names.slice(0, n + 1).map((p, i) => ({ path: p, sha256: String(i).repeat(64).slice(0, 64) }));
    const m = { format: 'octx', format_version: '0.1', asset: { id: 'x', name: 'N' }, release: { version: '1.0.0', package_digest: 'sha256:00' }, files, extra: { z: 1, a: [1.5, 'é'] } };
    assert.equal(packageDigest(m), reference(m), `with ${n + 1} files`);
    // Entries with other members take the general path, and must agree too.
    const odd = { ...m, files: files.map((f, i) => (i === 0 ? { ...f, size: 3 } : f)) };
    assert.equal(packageDigest(odd), reference(odd));
  }
  assert.throws(() => packageDigest({ files: [{ path: 'a\ud800', sha256: 'x' }] }), JcsError, 'a lone surrogate is refused on either path');
});
