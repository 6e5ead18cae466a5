// Building the example cartridge: header words, stock-tool interop, determinism, compression, and
// the refusal of duplicate ROM bytes and secrets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openFile } from '../../src/core/sqlite.js';
import { tmpDir } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { build, buildExample, copyExample, EXAMPLE, SEED, verifyJson } from './helpers.js';
import { DDL, TABLES, normalizeSql } from '../../src/acx/ddl.js';

test('a built cartridge has both header words, the verbatim DDL, and verifies with its signature', async () => {
  const file = await buildExample();
  assert.match(file, /research-assistant-1\.2\.0\.acx$/);
  const b = readFileSync(file);
  assert.equal(b.subarray(0, 16).toString('latin1'), 'SQLite format 3\0');
  assert.equal(b.readUInt32BE(68), 1094932529);
  assert.equal(b.readUInt32BE(60), 16777472);
  assert.equal(b.readUInt16BE(16), 4096);
  const db = openFile(file, { readonly: true });
  const sql = new Map((db.prepare("SELECT name, sql FROM sqlite_master WHERE type='table'").all() as Array<{ name: string; sql: string }>).map((r) => [r.name, r.sql]));
  for (const t of TABLES) assert.equal(sql.get(t), DDL[t], `table ${t} uses the verbatim DDL`);
  assert.equal(normalizeSql(sql.get('sqlar')!), 'create table sqlar(name text primary key,mode int,mtime int,sz int,data blob)');
  const skill = db.prepare('SELECT * FROM acx_skill ORDER BY sqlar_path').all() as Array<Record<string, unknown>>;
  assert.deepEqual(skill.map((s) => s.name), ['citation-check', 'literature-review']);
  const res = JSON.parse(String(skill[1]!.resources)) as Array<{ path: string }>;
  // the reference's inventory form: full sqlar paths (reference-built/README.md)
  assert.deepEqual(res.map((r) => r.path), ['rom/skills/literature-review/references/synthesis-table.md']);
  const kinds = db.prepare("SELECT kind, count(*) AS n FROM objects WHERE zone='rom' GROUP BY kind ORDER BY kind").all();
  assert.deepEqual(kinds.map((k) => (k as { kind: string }).kind), ['cartridge', 'memory', 'sqlar']);
  const meta = new Map((db.prepare('SELECT key, value FROM cartridge').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
  assert.equal(meta.get('acx.cartridge_id'), 'io.github.ctxforge-examples/research-assistant@6f1c2a9e-4b7d-4e21-9c3a-5d8e7f0a1b2c');
  const sig = db.prepare('SELECT * FROM signatures').get() as Record<string, string>;
  db.close();
  assert.equal(sig.manifest_hash, meta.get('acx.rom_manifest_hash'));
  const env = JSON.parse(sig.envelope) as Record<string, unknown>;
  assert.deepEqual(Object.keys(env).sort(), ['payload', 'payloadType', 'signatures']);
  assert.equal(env.payloadType, 'application/vnd.in-toto+json');
  assert.match(sig.keyid, /^ed25519:[0-9a-f]{64}$/);
  assert.match(sig.public_key_pem, /BEGIN PUBLIC KEY/);
  const v = await verifyJson(file);
  assert.equal(v.code, 0);
  assert.equal(v.details.signature, 'verified');
  assert.equal(v.details.trust, 'portable');
  assert.equal(v.details.manifestHash, meta.get('acx.rom_manifest_hash'));
});

test('stock sqlite3 lists the archive and extracts the skills byte for byte', async () => {
  for (const extra of [[], ['--compress']]) {
    const file = await buildExample(...extra);
    const list = execFileSync('sqlite3', [file, '-Atv'], { encoding: 'utf8' });
    for (const f of ['rom/skills/literature-review/SKILL.md', 'rom/skills/citation-check/scripts/extract-dois.sh', 'rom/knowledge/methods/screening.md']) assert.ok(list.includes(f), `${f} listed`);
    const cwd = tmpDir('acx-x-');
    execFileSync('sqlite3', [file, '-Ax'], { cwd });
    for (const rel of ['literature-review/SKILL.md', 'literature-review/references/synthesis-table.md', 'citation-check/SKILL.md', 'citation-check/scripts/extract-dois.sh']) {
      assert.deepEqual(readFileSync(join(cwd, 'rom', 'skills', ...rel.split('/'))), readFileSync(join(EXAMPLE, 'skills', ...rel.split('/'))), `${rel} identical (${extra.join(' ') || 'stored'})`);
    }
  }
});

test('file(1) reports application id 1094932529', async () => {
  const file = await buildExample();
  const out = execFileSync('file', [file], { encoding: 'utf8' });
  assert.match(out, /SQLite 3\.x database/);
  assert.match(out, /application id 1094932529/);
});

test('--compress stores zlib blobs, keeps the ROM hash, and is smaller', async () => {
  const plain = await buildExample();
  const packed = await buildExample('--compress');
  const db = openFile(packed, { readonly: true });
  const rows = db.prepare('SELECT name, sz, data FROM sqlar').all() as Array<{ name: string; sz: number; data: Buffer }>;
  db.close();
  const compressed = rows.filter((r) => r.sz !== r.data.length);
  assert.ok(compressed.length > 0, 'some blob is compressed');
  for (const r of compressed) assert.equal(r.data[0], 0x78, `${r.name} is zlib-wrapped`);
  const a = await verifyJson(plain);
  const b = await verifyJson(packed);
  assert.equal(a.details.manifestHash, b.details.manifestHash);
  assert.equal(b.code, 0);
});

test('builds are deterministic: identical bytes and ROM hash, whatever the checkout path or file order', async () => {
  const a = await buildExample();
  const src = copyExample();
  const b = await build(src, '--key', SEED);
  assert.equal(b.code, 0);
  assert.deepEqual(readFileSync(a), readFileSync(b.file));
  const other = await build(src, '--key', SEED, '--compress');
  const h1 = (await verifyJson(a)).details.manifestHash;
  const h2 = (await verifyJson(other.file)).details.manifestHash;
  assert.equal(h1, h2);
});

test('an unsigned build is legacy; --require-signature style pinning fails it', async () => {
  const r = await build(EXAMPLE);
  assert.equal(r.code, 0);
  const v = await verifyJson(r.file);
  assert.equal(v.details.trust, 'legacy');
  assert.equal(v.details.signature, 'unsigned');
  assert.equal(v.code, 0);
});

test('two ROM files with identical bytes build: one objects row at the first path, the signed ROM index binds the other', async () => {
  const src = copyExample();
  writeFileSync(join(src, 'knowledge', 'copy-of-identity.md'), readFileSync(join(src, 'knowledge', 'IDENTITY.md')));
  const v = await runCli(['validate', src, '--json']);
  assert.equal(v.code, 0, v.stdout);
  const r = await build(src, '--key', SEED);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const db = openFile(r.file, { readonly: true });
  try {
    const refs = (db.prepare("SELECT source_ref FROM objects WHERE kind = 'sqlar' AND source_ref LIKE 'rom/knowledge/%'").all() as Array<{ source_ref: string }>).map((x) => x.source_ref);
    assert.ok(refs.includes('rom/knowledge/IDENTITY.md') && !refs.includes('rom/knowledge/copy-of-identity.md'), 'the first path in code-point order keeps the row');
    assert.ok(db.prepare("SELECT 1 FROM objects WHERE source_ref = 'rom/manifest/rom-index.json'").get(), 'the ROM index is a registered, signed ROM object');
  } finally { db.close(); }
  const j = await verifyJson(r.file);
  assert.equal(j.code, 0, JSON.stringify(j.result.diagnostics));
  assert.equal(j.details.integrity, 'intact');
  assert.ok(!j.codes.includes('ACX_ROM_PATH_UNBOUND'), 'its own cartridges carry no unbound path');
  assert.deepEqual(j.details.unboundPaths, []);
});

test('secrets are refused before export (and allowed only with --allow-secrets)', async () => {
  const src = copyExample();
  writeFileSync(join(src, 'knowledge', 'leak.md'), 'token: ghp_abcdefghijklmnopqrstuvwxyz0123456789AB\n');
  const r = await build(src);
  assert.equal(r.code, 1);
  assert.match(r.stderr + r.stdout, /CTXFORGE_SECRET_FOUND/);
  const ok = await build(src, '--allow-secrets');
  assert.equal(ok.code, 0);
});

test('source problems are diagnostics with file and line', async () => {
  const src = copyExample();
  const p = join(src, 'skills', 'citation-check', 'SKILL.md');
  writeFileSync(p, readFileSync(p, 'utf8').replace('license: Apache-2.0', 'license: Apache-2.0\nwhen_to_use: always'));
  mkdirSync(join(src, 'skills', 'Bad_Name'), { recursive: true });
  writeFileSync(join(src, 'skills', 'Bad_Name', 'SKILL.md'), '---\nname: other\ndescription: x\n---\nbody\n');
  const r = await runCli(['validate', src, '--json']);
  assert.equal(r.code, 1);
  const diags = (JSON.parse(r.stdout) as { results: Array<{ diagnostics: Array<{ code: string; file?: string; line?: number; message: string }> }> }).results[0]!.diagnostics;
  const unknown = diags.find((d) => d.message.includes('when_to_use'));
  assert.ok(unknown);
  assert.equal(unknown.code, 'ACX_SKILL_FRONTMATTER');
  assert.equal(unknown.file, 'skills/citation-check/SKILL.md');
  assert.equal(unknown.line, 5);
  assert.ok(diags.some((d) => d.file === 'skills/Bad_Name/SKILL.md' && /must equal its folder name/.test(d.message)));
});

test('cartridge.yaml errors point at the field', async () => {
  const src = copyExample();
  const p = join(src, 'cartridge.yaml');
  writeFileSync(p, readFileSync(p, 'utf8').replace('version: 1.2.0', 'version: v1.2'));
  const r = await runCli(['validate', src, '--json']);
  assert.equal(r.code, 1);
  const d = (JSON.parse(r.stdout) as { results: Array<{ diagnostics: Array<{ code: string; file?: string; line?: number; message: string }> }> }).results[0]!.diagnostics[0]!;
  assert.equal(d.code, 'ACX_SOURCE_FIELD');
  assert.equal(d.file, 'cartridge.yaml');
  assert.equal(readFileSync(p, 'utf8').split('\n')[d.line! - 1], 'version: v1.2');
});

test('init acx scaffolds a tree that validates and builds', async () => {
  const dir = join(tmpDir('acx-init-'), 'new');
  const r = await runCli(['init', 'acx', dir]);
  assert.equal(r.code, 0);
  assert.equal((await runCli(['validate', dir])).code, 0);
  const b = await build(dir);
  assert.equal(b.code, 0);
  assert.equal((await verifyJson(b.file)).details.trust, 'legacy');
});
