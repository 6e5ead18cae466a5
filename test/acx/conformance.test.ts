// §12 conformance: every cartridge ctxforge builds (init acx, working-dir-example, demo) carries the
// closed package spec, one harness manifest, one loop-context policy and the pinned LanceDB
// descriptor, each valid against the upstream JSON Schemas; verify refuses each way of breaking them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openFile } from '../../src/core/sqlite.js';
import { runCli, vectorsDir } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { build, buildExample, mutate, SEED, verifyJson } from './helpers.js';
import { checkConformance } from '../../src/acx/conformance.js';

const SCHEMAS = join(vectorsDir, 'acx', 'upstream', 'schemas');
const DOCS: Record<string, string> = {
  'rom/package-spec.json': 'package-spec.schema.json',
  'rom/schema/lance-memory.json': 'lance-memory.schema.json',
  'rom/manifest/harness-requirements.json': 'harness-requirements.schema.json',
  'rom/policy/loop-context-policy.json': 'loop-policy-context-policy.schema.json',
};
const REQUIRED_META = ['acx.spec_version', 'acx.cartridge_id', 'acx.artifact_id', 'acx.artifact_version', 'acx.created_at', 'acx.embedding_engine', 'acx.rom_manifest_hash', 'acx.vec0_format'];

function readRom(file: string): { files: Map<string, Buffer>; meta: Map<string, string> } {
  const db = openFile(file, { readonly: true });
  try {
    const files = new Map<string, Buffer>();
    for (const r of db.prepare('SELECT name, sz, data FROM sqlar').all() as Array<{ name: string; sz: number; data: Buffer }>) {
      const data = Buffer.from(r.data);
      files.set(r.name, data.length === r.sz ? data : (() => { try { return inflateSync(data); } catch { return inflateRawSync(data); } })());
    }
    const meta = new Map((db.prepare('SELECT key, value FROM cartridge').all() as Array<{ key: string; value: string }>).map((r) => [r.key, r.value]));
    return { files, meta };
  } finally { db.close(); }
}

/** The upstream schemas as published, read from the vectors (not ctxforge's copies). */
function holdAgainstUpstream(file: string): void {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const { files, meta } = readRom(file);
  for (const [path, schema] of Object.entries(DOCS)) {
    const raw = files.get(path);
    assert.ok(raw, `${path} is present`);
    assert.equal([...files.keys()].filter((n) => n.endsWith(`/${path.split('/').pop()}`)).length, 1, `exactly one ${path}`);
    const v = ajv.compile(JSON.parse(readFileSync(join(SCHEMAS, schema), 'utf8')));
    const doc = JSON.parse(raw.toString('utf8'));
    assert.ok(v(doc), `${path}: ${JSON.stringify(v.errors)}`);
  }
  for (const k of REQUIRED_META) assert.ok(meta.has(k), `meta ${k}`);
  const spec = JSON.parse(files.get('rom/package-spec.json')!.toString('utf8'));
  assert.deepEqual(Object.keys(spec), ['schemaVersion', 'cartridgeId', 'specVersion', 'embeddingEngine', 'artifacts']);
  assert.equal(spec.cartridgeId, meta.get('acx.cartridge_id'));
  assert.equal(spec.specVersion, meta.get('acx.spec_version'));
  assert.deepEqual(spec.embeddingEngine, JSON.parse(meta.get('acx.embedding_engine')!));
  assert.deepEqual(spec.artifacts.map((a: { role: string }) => a.role), ['identity', 'memory-baseline', 'memory-vectors', 'skills', 'capabilities', 'harness', 'loop-context', 'level']);
  const harness = JSON.parse(files.get('rom/manifest/harness-requirements.json')!.toString('utf8'));
  assert.deepEqual(harness.requiredTools.map((t: { role: string }) => t.role).sort(), ['acx:dispatch', 'acx:execute', 'acx:memory.write', 'acx:search']);
  assert.equal(harness.mcp.minProtocolRevision, '2024-11-05');
}

async function cleanVerify(file: string): Promise<void> {
  const r = await verifyJson(file);
  assert.equal(r.code, 0, JSON.stringify(r.result.diagnostics));
  assert.deepEqual(r.codes.filter((c) => c !== 'ACX_TRUST_PORTABLE'), [], 'no findings beyond the untrusted signer');
}

test('the working-dir-example cartridge holds against the upstream schemas and verifies clean', async () => {
  const file = await buildExample();
  holdAgainstUpstream(file);
  await cleanVerify(file);
});

test('the `init acx` scaffold builds a conformant cartridge', async () => {
  const dir = join(tmpDir('acx-init-'), 'c');
  const i = await runCli(['init', 'acx', dir]);
  assert.equal(i.code, 0, i.stderr);
  const b = await build(dir, '--key', SEED);
  assert.equal(b.code, 0, b.stderr + b.stdout);
  holdAgainstUpstream(b.file);
  await cleanVerify(b.file);
});

test('the demo builds a conformant cartridge', async () => {
  const out = tmpDir('acx-demo-');
  const r = await runCli(['demo', '--out', out], { env: { ...process.env, SOURCE_DATE_EPOCH: '1767225600' } });
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const find = (d: string): string[] => readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? find(join(d, e.name)) : e.name.endsWith('.acx') ? [join(d, e.name)] : []));
  const acx = find(out);
  assert.equal(acx.length, 1);
  holdAgainstUpstream(acx[0]!);
});

test('cartridge.yaml overrides the harness and loop defaults, and a non-conformant override is refused with file and line', async () => {
  const { copyExample } = await import('./helpers.js');
  const { appendFileSync } = await import('node:fs');
  const src = copyExample();
  appendFileSync(join(src, 'cartridge.yaml'), 'harness:\n  model: {toolUse: true, minContextWindowTokens: 32000}\nloop_context:\n  hints: {effort: high}\n');
  const b = await build(src, '--key', SEED);
  assert.equal(b.code, 0, b.stderr);
  const { files } = readRom(b.file);
  assert.equal(JSON.parse(files.get('rom/manifest/harness-requirements.json')!.toString()).model.minContextWindowTokens, 32000);
  assert.deepEqual(JSON.parse(files.get('rom/policy/loop-context-policy.json')!.toString()).hints, { effort: 'high' });
  holdAgainstUpstream(b.file);
  const bad = copyExample();
  appendFileSync(join(bad, 'cartridge.yaml'), 'harness:\n  requiredTools: []\n  mcp: {minProtocolRevision: "2023-01-01"}\n');
  const r = await build(bad);
  assert.equal(r.code, 1);
  assert.match(r.stderr + r.stdout, /ACX_SOURCE_FIELD/);
  assert.match(r.stderr + r.stdout, /acx:execute is missing/);
});

// Breaking a built cartridge: each way has its own code. The edits leave objects stale on purpose
// for the sqlar rows, so the test asserts the conformance code is among the findings.
const cases: Array<[string, string, string]> = [
  ['no package spec', "DELETE FROM sqlar WHERE name='rom/package-spec.json'", 'ACX_PACKAGE_SPEC_MISSING'],
  ['no harness manifest', "DELETE FROM sqlar WHERE name='rom/manifest/harness-requirements.json'", 'ACX_HARNESS_MISSING'],
  ['a second harness manifest', "INSERT INTO sqlar SELECT 'save/manifest/harness-requirements.json', mode, mtime, sz, data FROM sqlar WHERE name='rom/manifest/harness-requirements.json'", 'ACX_HARNESS_DUPLICATE'],
  ['no loop policy', "DELETE FROM sqlar WHERE name='rom/policy/loop-context-policy.json'", 'ACX_LOOP_POLICY_MISSING'],
  ['a second loop policy', "INSERT INTO sqlar SELECT 'save/policy/loop-context-policy.json', mode, mtime, sz, data FROM sqlar WHERE name='rom/policy/loop-context-policy.json'", 'ACX_LOOP_POLICY_DUPLICATE'],
  ['no lance descriptor', "DELETE FROM sqlar WHERE name='rom/schema/lance-memory.json'", 'ACX_LANCE_SCHEMA_MISSING'],
  ['no acx.vec0_format', "DELETE FROM cartridge WHERE key='acx.vec0_format'", 'ACX_META_MISSING'],
  ['no acx.embedding_engine', "DELETE FROM cartridge WHERE key='acx.embedding_engine'", 'ACX_META_MISSING'],
  ['a skill under save/', "INSERT INTO sqlar SELECT 'save/skills/x/SKILL.md', mode, mtime, sz, data FROM sqlar WHERE name LIKE 'rom/skills/%/SKILL.md' LIMIT 1", 'ACX_SKILL_ZONE'],
];
for (const [what, sql, code] of cases) {
  test(`verify: ${what} → invalid, ${code}`, async () => {
    const r = await verifyJson(mutate(await buildExample(), sql));
    assert.equal(r.code, 1);
    assert.ok(r.codes.includes(code), r.codes.join(', '));
  });
}

// The package-spec and harness rules, one document at a time (the schemas plus the cross-checks).
function conformanceOf(edit: (spec: Record<string, unknown>, harness: Record<string, unknown>) => void, metaEdit?: (m: Map<string, string>) => void) {
  return async () => {
    const { files, meta } = readRom(await buildExample());
    const spec = JSON.parse(files.get('rom/package-spec.json')!.toString());
    const harness = JSON.parse(files.get('rom/manifest/harness-requirements.json')!.toString());
    edit(spec, harness);
    metaEdit?.(meta);
    files.set('rom/package-spec.json', Buffer.from(JSON.stringify(spec)));
    files.set('rom/manifest/harness-requirements.json', Buffer.from(JSON.stringify(harness)));
    return checkConformance({ meta, file: (n) => files.get(n), names: files.keys() }).filter((p) => p.severity === 'error').map((p) => p.code);
  };
}
type Art = Array<Record<string, unknown>>;
const specCases: Array<[string, (s: Record<string, unknown>, h: Record<string, unknown>) => void, string, ((m: Map<string, string>) => void)?]> = [
  ['a role missing', (s) => { s.artifacts = (s.artifacts as Art).filter((a) => a.role !== 'level'); }, 'ACX_PACKAGE_SPEC_ROLE'],
  ['a role duplicated', (s) => { const a = s.artifacts as Art; a[7] = { ...a[0]! }; }, 'ACX_PACKAGE_SPEC_ROLE'],
  ['a role altered', (s) => { (s.artifacts as Art)[5]!.required = false; }, 'ACX_PACKAGE_SPEC_ROLE'],
  ['an unknown role', (s) => { (s.artifacts as Art).push({ role: 'extra', kind: 'meta', schema: 'x', required: false }); }, 'ACX_PACKAGE_SPEC_ROLE'],
  ['a ninth top-level key', (s) => { s.extra = 1; }, 'ACX_PACKAGE_SPEC'],
  ['cartridgeId differs from the meta', (s) => { s.cartridgeId = 'io.github.other/x@00000000-0000-4000-8000-000000000000'; }, 'ACX_PACKAGE_SPEC_META'],
  ['embedding engine differs from the meta', () => {}, 'ACX_PACKAGE_SPEC_META', (m) => m.set('acx.embedding_engine', '{"id":"local-hash-128","dim":384}')],
  ['harness without acx:search', (_s, h) => { h.requiredTools = (h.requiredTools as Art).filter((t) => t.role !== 'acx:search'); }, 'ACX_HARNESS'],
  ['harness acx:search without memory.read', (_s, h) => { (h.requiredTools as Art).find((t) => t.role === 'acx:search')!.capabilityScopes = ['search']; }, 'ACX_HARNESS'],
  ['harness without the MCP floor', (_s, h) => { h.mcp = {}; }, 'ACX_HARNESS'],
];
for (const [what, edit, code, metaEdit] of specCases) {
  test(`conformance: ${what} → ${code}`, async () => {
    const codes = await conformanceOf(edit, metaEdit)();
    assert.ok(codes.includes(code), codes.join(', '));
  });
}

test('conformance: the built documents themselves have no findings', async () => {
  assert.deepEqual(await conformanceOf(() => {})(), []);
});

test('both signatures DDLs are valid: the SPEC §3.2 table without public_key_pem verifies with a pinned key, and sign writes into it', async () => {
  const { SIGNATURES_SPEC } = await import('../../src/acx/ddl.js');
  const { signingKeyFromSeed } = await import('../../src/core/keys.js');
  const file = mutate(await buildExample(), `CREATE TABLE sig_old AS SELECT * FROM signatures; DROP TABLE signatures; ${SIGNATURES_SPEC};
    INSERT INTO signatures (sig_id, target, manifest_hash, envelope, keyid, alg, created_at) SELECT sig_id, target, manifest_hash, envelope, keyid, alg, created_at FROM sig_old; DROP TABLE sig_old;`);
  const plain = await verifyJson(file);
  assert.equal(plain.code, 0, plain.codes.join(', '));
  assert.ok(!plain.codes.includes('ACX_SCHEMA_DDL'));
  assert.equal(plain.details.trust, 'portable');
  const pub = signingKeyFromSeed(Buffer.from(SEED, 'hex')).publicKey.hex;
  const pinned = await verifyJson(file, '--key', pub);
  assert.equal(pinned.code, 0);
  assert.equal(pinned.details.signature, 'verified');
  const out = join(tmpDir('acx-sign-'), 'resigned.acx');
  const s = await runCli(['sign', file, '--key', SEED, '--out', out]);
  assert.equal(s.code, 0, s.stderr);
  const again = await verifyJson(out, '--key', pub);
  assert.equal(again.code, 0, again.codes.join(', '));
  assert.equal(again.details.signature, 'verified');
});

test('a trust registry whose key entry has a namespace proof for another publisher is refused, exit 1 (as the reference refuses it)', async () => {
  const { writeFileSync } = await import('node:fs');
  const reg = JSON.parse(readFileSync(join(vectorsDir, 'acx', 'derived', 'trust-registry.publisher-mismatch.json'), 'utf8'));
  // publisher-mismatch itself is well formed: its proof binds its own publisher; the key just is not the cartridge's
  const ok = await runCli(['verify', join(vectorsDir, 'acx', 'derived', 'resigned-fresh-key.acx'), '--trust', join(vectorsDir, 'acx', 'derived', 'trust-registry.publisher-mismatch.json')]);
  assert.equal(ok.code, 0, ok.stderr);
  reg.keys[0].namespaceProof.oidcSubject = 'repo:ridgeworks/agents:ref:refs/heads/main';
  const path = join(tmpDir('acx-reg-'), 'registry.json');
  writeFileSync(path, JSON.stringify(reg));
  const r = await runCli(['verify', join(vectorsDir, 'acx', 'derived', 'resigned-fresh-key.acx'), '--trust', path]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout + r.stderr, /ACX_TRUST_REGISTRY_PROOF/);
  assert.match(r.stdout + r.stderr, /repo:someoneelse/);
});

test('SKILL.md allowed-tools: a space-delimited string; a YAML list of strings is a warning (hosts write it, import writes it as the string); anything else is refused with its line', async () => {
  const { checkSkillMd } = await import('../../src/acx/skills.js');
  const md = (tools: string) => Buffer.from(`---\nname: demo-skill\ndescription: Shows the allowed-tools forms. Use in tests only.\n${tools}---\n\n# Demo\n`);
  assert.deepEqual(checkSkillMd(md('allowed-tools: Bash(git:*) Read\n'), 'demo-skill', 'x').diagnostics, []);
  const list = checkSkillMd(md('allowed-tools:\n  - Bash(git:*)\n  - Read\n'), 'demo-skill', 'x');
  assert.deepEqual(list.diagnostics.map((d) => [d.severity, d.code, d.line]), [['warning', 'ACX_SKILL_FRONTMATTER', 4]]);
  assert.ok(list.fm, 'a list is not an error');
  for (const bad of ['allowed-tools:\n  - Read\n  - 4\n', 'allowed-tools: {a: b}\n', 'allowed-tools:\n  - ""\n']) {
    const r = checkSkillMd(md(bad), 'demo-skill', 'x');
    const e = r.diagnostics.find((d) => d.severity === 'error');
    assert.equal(e?.code, 'ACX_SKILL_FRONTMATTER', bad);
    assert.equal(e?.line, 4, bad);
  }
  // An unquoted number is text to skills-ref (strictyaml) and a number to YAML 1.2: a warning.
  assert.deepEqual(checkSkillMd(md('allowed-tools: 3\n'), 'demo-skill', 'x').diagnostics.map((d) => d.severity), ['warning']);
  // other six-key rules stay: an unknown key is still refused
  assert.equal(checkSkillMd(md('allowed-tools: Read\ntools: Read\n'), 'demo-skill', 'x').diagnostics[0]?.code, 'ACX_SKILL_FRONTMATTER');
});

test('a cartridge skill with a YAML-list allowed-tools builds and verifies (with that one warning)', async () => {
  const { copyExample } = await import('./helpers.js');
  const { writeFileSync } = await import('node:fs');
  const src = copyExample();
  (await import('node:fs')).mkdirSync(join(src, 'skills', 'listed-tools'));
  writeFileSync(join(src, 'skills', 'listed-tools', 'SKILL.md'), '---\nname: listed-tools\ndescription: Lists its tools as YAML. Use in tests only.\nallowed-tools:\n  - Bash(git:*)\n  - Read\n---\n\n# Listed\n', { flag: 'wx' });
  const b = await build(src, '--key', SEED);
  assert.equal(b.code, 0, b.stderr + b.stdout);
  const r = await verifyJson(b.file);
  assert.equal(r.code, 0, JSON.stringify(r.result.diagnostics));
  assert.deepEqual(r.result.diagnostics.filter((d) => d.code !== 'ACX_TRUST_PORTABLE').map((d) => [d.severity, d.code]), [['warning', 'ACX_SKILL_FRONTMATTER']]);
});

test('a harness manifest given as a source file is kept verbatim, and one breaking a MUST is refused at the source', async () => {
  const { copyExample } = await import('./helpers.js');
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { defaultHarness } = await import('../../src/acx/profile.js');
  const src = copyExample();
  mkdirSync(join(src, 'rom', 'manifest'), { recursive: true });
  const text = JSON.stringify({ ...defaultHarness(), optionalTools: [] }) + '\n';
  writeFileSync(join(src, 'rom', 'manifest', 'harness-requirements.json'), text);
  const b = await build(src, '--key', SEED);
  assert.equal(b.code, 0, b.stderr);
  assert.equal(readRom(b.file).files.get('rom/manifest/harness-requirements.json')!.toString(), text);
  const h = defaultHarness();
  writeFileSync(join(src, 'rom', 'manifest', 'harness-requirements.json'), JSON.stringify({ ...h, requiredTools: (h.requiredTools as Art).slice(1) }));
  const r = await build(src);
  assert.equal(r.code, 1);
  assert.match(r.stderr + r.stdout, /ACX_SOURCE_FILE[\s\S]*acx:execute is missing/);
});
