// Strip-to-ROM, import → build round trips, re-signing, inspect and diff items.
import { test } from 'node:test';
import { GENERATED_PATHS } from '../../src/acx/profile.js';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { openFile } from '../../src/core/sqlite.js';
import { tmpDir } from '../helpers/tmp.js';
import { runCli, vectorsDir } from '../helpers/cli.js';
import { build, buildExample, copyExample, EXAMPLE, mutate, verifyJson } from './helpers.js';
import { jcs } from '../../src/core/jcs.js';
import { oidOf } from '../../src/acx/objects.js';
import { acx } from '../../src/acx/module.js';
import { DiskTree } from '../../src/core/tree.js';

const built = buildExample();
const ADA = join(vectorsDir, 'acx', 'ada-ridge-1.0.0.acx');

function withSave(file: string): string {
  return mutate(file, (db) => {
    const note = Buffer.from('field note: the staging database is called pg-stage\n');
    const rec = { id: 's1', title: 'staging db', summary: 'pg-stage', portable: false, codebaseFingerprint: `cbf1_${'ab'.repeat(20)}`, artifactFingerprint: '0123456789', zone: 'save', timestamp: '2026-11-05T00:00:00Z' };
    const payload = jcs(rec);
    db.prepare("INSERT INTO sqlar VALUES ('save/notes/field.md', 33188, 0, ?, ?)").run(note.length, note);
    db.prepare("INSERT INTO memory VALUES ('s1', 'save', '0123456789', ?, ?, ?, '2026-11-05T00:00:00Z')").run(rec.codebaseFingerprint, payload, oidOf(payload));
    db.prepare("INSERT INTO objects VALUES (?, 'sqlar', 'save/notes/field.md', 'raw', 'save', ?)").run(oidOf(note), note.length);
    db.prepare("INSERT INTO objects VALUES (?, 'memory', 'memory:s1', 'jcs-rfc8785', 'save', ?)").run(oidOf(payload), Buffer.byteLength(payload));
    db.prepare("INSERT INTO cartridge VALUES ('acx.save_codebase_fingerprint', ?)").run(rec.codebaseFingerprint);
    db.pragma('user_version = 16777473');
  });
}

test('SAVE rows never change the ROM hash; strip removes them, keeps the hash and the signature', async () => {
  const orig = await verifyJson(await built);
  const saved = withSave(await built);
  const s = await verifyJson(saved);
  assert.equal(s.code, 0, JSON.stringify(s.result.diagnostics));
  assert.equal(s.details.manifestHash, orig.details.manifestHash);
  const out = join(tmpDir('acx-strip-'), 'rom.acx');
  const r = await runCli(['strip', saved, '--out', out, '--json']);
  assert.equal(r.code, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { before: string; after: string; equal: boolean; signature: string; removed: Record<string, number> };
  assert.equal(j.before, orig.details.manifestHash);
  assert.equal(j.after, j.before);
  assert.equal(j.equal, true);
  assert.equal(j.signature, 'verified');
  assert.deepEqual(j.removed, { sqlar: 1, memory: 1, vectors: 0, objects: 2 });
  const db = openFile(out, { readonly: true });
  assert.equal((db.prepare("SELECT count(*) AS n FROM sqlar WHERE name GLOB 'save/*'").get() as { n: number }).n, 0);
  assert.equal((db.prepare("SELECT count(*) AS n FROM memory WHERE zone='save'").get() as { n: number }).n, 0);
  assert.equal(db.prepare("SELECT value FROM cartridge WHERE key='acx.save_codebase_fingerprint'").get(), undefined);
  assert.equal(db.pragma('user_version', { simple: true }), 16777472);
  db.close();
  const v = await verifyJson(out);
  assert.equal(v.code, 0);
  assert.equal(v.details.signature, 'verified');
  assert.equal(v.details.manifestHash, orig.details.manifestHash);
});

test('strip prints both hashes in text mode; the save-zone vector strips to its signed hash', async () => {
  const out = join(tmpDir('acx-strip-'), 'ada-rom.acx');
  const r = await runCli(['strip', join(vectorsDir, 'acx', 'derived', 'save-zone-added.acx'), '--out', out]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /rom hash before strip: sha256:318b930a1942eb9d3e8088906c6b32f91def9e156d4cbb3a178e676d4e28aaca/);
  assert.match(r.stdout, /rom hash after  strip: sha256:318b930a1942eb9d3e8088906c6b32f91def9e156d4cbb3a178e676d4e28aaca/);
  assert.equal((await verifyJson(out)).details.trust, 'portable');
});

test('strip refuses a tampered cartridge and writes nothing', async () => {
  const bad = mutate(await built, "UPDATE cartridge SET value='x' WHERE key='acx.agent_name'");
  const dir = tmpDir('acx-strip-');
  const r = await runCli(['strip', bad, '--out', join(dir, 'o.acx')]);
  assert.equal(r.code, 1);
  assert.deepEqual(readdirSync(dir), []);
});

test('import → build round trip: same ROM hash, same file bytes', async () => {
  const dir = join(tmpDir('acx-imp-'), 'src');
  const r = await runCli(['import', await built, dir]);
  assert.equal(r.code, 0, r.stderr);
  for (const f of ['cartridge.yaml', 'skills/literature-review/SKILL.md', 'skills/literature-review/references/synthesis-table.md', 'knowledge/methods/screening.md', 'memory/prefer-primary-sources.yaml']) {
    assert.ok(readdirSync(join(dir, ...f.split('/').slice(0, -1))).includes(f.split('/').pop()!), f);
  }
  assert.deepEqual(readFileSync(join(dir, 'skills', 'citation-check', 'SKILL.md')), readFileSync(join(EXAMPLE, 'skills', 'citation-check', 'SKILL.md')));
  const re = await build(dir, '--key', '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60');
  assert.equal(re.code, 0, re.stderr);
  assert.equal((await verifyJson(re.file)).details.manifestHash, (await verifyJson(await built)).details.manifestHash);
  assert.deepEqual(readFileSync(re.file), readFileSync(await built));
});

test('importing an upstream cartridge keeps every upstream ROM object when rebuilt', async () => {
  const dir = join(tmpDir('acx-imp-'), 'ada');
  assert.equal((await runCli(['import', ADA, dir])).code, 0);
  const re = await build(dir);
  assert.equal(re.code, 0, re.stderr);
  const rows = (f: string) => {
    const db = openFile(f, { readonly: true });
    const r = db.prepare("SELECT oid || ' ' || source_ref AS k FROM objects WHERE zone='rom'").all() as Array<{ k: string }>;
    db.close();
    return new Set(r.map((x) => x.k));
  };
  const mine = rows(re.file);
  for (const k of rows(ADA)) assert.ok(mine.has(k), `rebuilt cartridge has ${k}`);
});

test('import refuses a tampered cartridge', async () => {
  const r = await runCli(['import', join(vectorsDir, 'acx', 'derived', 'tamper-rom-meta-value.acx'), join(tmpDir('acx-imp-'), 'x')]);
  assert.equal(r.code, 1);
});

test('sign: an unsigned cartridge gets a signature that verifies; re-signing replaces it', async () => {
  const r = await build(EXAMPLE);
  const out = join(tmpDir('acx-sign-'), 'signed.acx');
  const s = await runCli(['sign', r.file, '--key', '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', '--out', out]);
  assert.equal(s.code, 0, s.stderr);
  const v = await verifyJson(out);
  assert.equal(v.details.signature, 'verified');
  assert.equal(v.details.manifestHash, (await verifyJson(r.file)).details.manifestHash);
  const again = join(tmpDir('acx-sign-'), 'resigned.acx');
  assert.equal((await runCli(['sign', out, '--key', '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb', '--out', again])).code, 0);
  const db = openFile(again, { readonly: true });
  assert.equal((db.prepare('SELECT count(*) AS n FROM signatures').get() as { n: number }).n, 1);
  db.close();
  assert.equal((await verifyJson(again, '--key', '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c')).code, 0);
});

test('sign refuses to bless a tampered cartridge', async () => {
  const r = await runCli(['sign', join(vectorsDir, 'acx', 'derived', 'tamper-objects-oid.acx'), '--key', '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', '--out', join(tmpDir('acx-sign-'), 'x.acx')]);
  assert.equal(r.code, 1);
});

test('inspect shows meta, ROM object counts, skills, capabilities, signature and trust', async () => {
  const r = await runCli(['inspect', ADA]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /total: 27 {2}\(cartridge:18, memory:1, sqlar:8\)/);
  assert.match(r.stdout, /- expertise-devops-engineer: /);
  assert.match(r.stdout, /build-dag\[pkg:generic\/snowflake\+pkg:pypi\/apache-airflow\+pkg:pypi\/dbt-core\] {2}verified=false/);
  assert.match(r.stdout, /trust: portable/);
  const j = JSON.parse((await runCli(['inspect', await built, '--json'])).stdout) as Record<string, unknown>;
  assert.deepEqual((j.skills as Array<{ name: string }>).map((s) => s.name), ['citation-check', 'literature-review']);
  assert.equal(j.signature, 'verified');
  assert.equal((j.romObjects as { byKind: Record<string, number> }).byKind.memory, 2);
});

test('items: the same stable ids from the source tree and from the built cartridge', async () => {
  const fromSrc = await acx.items(new DiskTree(EXAMPLE), {});
  const fromArt = await acx.items({ label: 'built', path: await built }, {});
  const key = (s: typeof fromSrc) => s.items.map((i) => `${i.kind}:${i.id}:${i.digest}`).sort();
  assert.deepEqual(key(fromSrc), key(fromArt));
  const kinds = new Set(fromArt.items.map((i) => i.kind));
  for (const k of ['skill', 'memory', 'capability', 'knowledge', 'meta', 'manifest']) assert.ok(kinds.has(k), k);
  assert.deepEqual(fromArt.items.filter((i) => i.kind === 'skill').map((i) => i.id).sort(), ['citation-check', 'literature-review']);
  const src = copyExample();
  writeFileSync(join(src, 'cartridge.yaml'), readFileSync(join(src, 'cartridge.yaml'), 'utf8').replace('agent_name: Research Assistant', 'agent_name: Renamed'));
  const after = await acx.items(new DiskTree(src), {});
  const before = new Map(fromSrc.items.map((i) => [`${i.kind}:${i.id}`, i.digest]));
  const diff = after.items.filter((i) => before.get(`${i.kind}:${i.id}`) !== i.digest).map((i) => `${i.kind}:${i.id}`).sort();
  assert.deepEqual(diff, ['manifest:rom', 'meta:acx.agent_name']);
});

test('verify text says what it concluded: integrity, signature and trust', async () => {
  const r = await runCli(['verify', await built]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /✓ valid .*\(acx\) {2}\[integrity intact, signature verified, trust portable, key ed25519:[0-9a-f]{64}\]/);
  const tampered = await runCli(['verify', mutate(await built, "UPDATE sqlar SET data = X'00', sz = 1 WHERE name LIKE 'rom/knowledge/%'")]);
  assert.equal(tampered.code, 1);
  assert.match(tampered.stdout, /✗ invalid .*\[integrity tampered, signature invalid, trust tampered\]/);
});

test('a check reads sqlar one row at a time and keeps only the skills; import asks for every file, a rewrite for the bytes', async () => {
  const { checkArtifact } = await import('../../src/acx/artifact.js');
  const { execFileSync } = await import('node:child_process');
  const file = await built;
  // What stock sqlite3 extracts is what the check decoded and hashed.
  const cwd = tmpDir('acx-x-');
  execFileSync('sqlite3', [file, '-Ax'], { cwd });
  const walk = (d: string, pre = ''): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name), `${pre}${e.name}/`) : [`${pre}${e.name}`]));
  const extracted = walk(cwd).sort();
  const plain = await checkArtifact({ label: 'built', path: file }, {});
  assert.equal(plain.result.valid, true);
  assert.equal(plain.bytes, undefined, 'a plain check holds no copy of the file');
  assert.deepEqual(plain.check!.fileNames().sort(), extracted);
  const kept = [...plain.check!.files.keys()].sort();
  assert.ok(kept.length > 0 && kept.length < extracted.length, `only some files kept: ${kept.length} of ${extracted.length}`);
  // the skills and the four §12 ROM documents the conformance checks read
  assert.ok(kept.every((n) => n.startsWith('rom/skills/') || GENERATED_PATHS.includes(n)), kept.join(', '));
  const rows = plain.data!.sqlar;
  assert.ok(!Array.isArray(rows), 'sqlar rows are not materialised');
  const all = await checkArtifact({ label: 'built', path: file }, {}, { files: true, bytes: true });
  assert.deepEqual([...all.check!.files.keys()].sort(), extracted);
  for (const name of extracted) assert.ok(all.check!.files.get(name)!.equals(readFileSync(join(cwd, name))), name);
  assert.ok(all.bytes!.equals(readFileSync(file)));
  // The verdict does not depend on what is kept.
  assert.deepEqual(all.check!.report, plain.check!.report);
  assert.deepEqual(all.result.diagnostics, plain.result.diagnostics);
});
