// Every cartridge and registry in ../shared/vectors/acx gets the verdict and exit code its README states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, vectorsDir } from '../helpers/cli.js';

const V = join(vectorsDir, 'acx');
const D = join(V, 'derived');

async function verify(file: string, ...extra: string[]) {
  const r = await runCli(['verify', file, '--json', ...extra]);
  const doc = JSON.parse(r.stdout) as { results: Array<{ valid: boolean; details: Record<string, unknown>; diagnostics: Array<{ code: string; severity: string; message: string }> }> };
  return { code: r.code, result: doc.results[0]!, details: doc.results[0]!.details };
}

const cases: Array<[string, string, number, string?]> = [
  [join(V, 'ada-ridge-1.0.0.acx'), 'portable', 0],
  [join(V, 'rex-calder-1.0.0.acx'), 'portable', 0],
  [join(D, 'tamper-skill-content-stale-oid.acx'), 'tampered', 1, 'rom/skills/expertise-devops-engineer/SKILL.md'],
  [join(D, 'tamper-objects-oid.acx'), 'tampered', 1, 'cartridge:acx.agent_name'],
  [join(D, 'tamper-rom-meta-value.acx'), 'tampered', 1, 'cartridge:acx.agent_name'],
  [join(D, 'tamper-capability-verified-stale-oid.acx'), 'tampered', 1, 'capability:cap-7073ad41df0a3e62'],
  [join(D, 'tamper-rom-memory-payload.acx'), 'tampered', 1, 'memory:m1'],
  [join(D, 'tamper-rom-file-deleted.acx'), 'tampered', 1, 'rom/knowledge/SKILLS.md'],
  [join(D, 'tamper-dsse-signature-bitflip.acx'), 'tampered', 1, 'does not verify'],
  [join(D, 'resigned-wrong-subject.acx'), 'tampered', 1, 'subject digest'],
  [join(D, 'unsigned-no-signature-row.acx'), 'legacy', 0],
  [join(D, 'save-zone-added.acx'), 'portable', 0],
  [join(D, 'resigned-fresh-key.acx'), 'portable', 0],
];

for (const [file, trust, exit, reason] of cases) {
  test(`vector ${file.split('/').pop()}: ${trust}, exit ${exit}`, async () => {
    const r = await verify(file);
    assert.equal(r.details.trust, trust);
    assert.equal(r.code, exit);
    assert.equal(r.result.valid, exit === 0);
    if (reason) assert.match(String(r.details.reason), new RegExp(reason.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    if (trust === 'tampered') assert.equal(r.details.status, 'invalid');
    else assert.equal(r.details.status, 'warning');
  });
}

test('upstream cartridges: real signatures verify, manifest hashes and keyids as published, spec clean', async () => {
  for (const [f, hash, keyid] of [
    ['ada-ridge-1.0.0.acx', 'sha256:318b930a1942eb9d3e8088906c6b32f91def9e156d4cbb3a178e676d4e28aaca', 'ed25519:1db97198d75eb36418c5d7292cde6fd04bddec6459dec22f2292fc86fb362c81'],
    ['rex-calder-1.0.0.acx', 'sha256:f763d225d5f79817876cfaa60183164471bf3ec5d8dbf711f3ae772916526d2f', 'ed25519:fa825aaee84b8847f5e0ee8c8f924a1433db80676da431e037683f7e812c157a'],
  ] as const) {
    const r = await verify(join(V, f));
    assert.equal(r.details.signature, 'verified');
    assert.equal(r.details.integrity, 'intact');
    assert.equal(r.details.manifestHash, hash);
    assert.equal(r.details.keyid, keyid);
    assert.deepEqual(r.result.diagnostics.filter((x) => x.severity === 'error'), []);
  }
});

test('save-zone-added keeps the ROM manifest hash of the original', async () => {
  const r = await verify(join(D, 'save-zone-added.acx'));
  assert.equal(r.details.manifestHash, 'sha256:318b930a1942eb9d3e8088906c6b32f91def9e156d4cbb3a178e676d4e28aaca');
});

test('unsafe-sqlar-path-save-dotdot: ROM intact (portable) but the spec check fails, exit 1', async () => {
  const r = await verify(join(D, 'unsafe-sqlar-path-save-dotdot.acx'));
  assert.equal(r.details.trust, 'portable');
  assert.equal(r.code, 1);
  assert.ok(r.result.diagnostics.some((x) => x.code === 'ACX_SQLAR_PATH' && x.severity === 'error' && x.message.includes('save/../escape.md')));
});

test('not-acx-application-id-0 is rejected on open', async () => {
  const r = await verify(join(D, 'not-acx-application-id-0.acx'));
  assert.equal(r.code, 1);
  assert.equal(r.result.valid, false);
  assert.ok(r.result.diagnostics.some((x) => x.code === 'ACX_NOT_ACX' && x.message.includes('not an .acx cartridge')));
});

const fresh = join(D, 'resigned-fresh-key.acx');
const regs: Array<[string, string, number]> = [
  ['trust-registry.active.json', 'trusted', 0],
  ['trust-registry.expired-window.json', 'portable', 0],
  ['trust-registry.publisher-mismatch.json', 'portable', 0],
  ['trust-registry.revoked-key-compromise.json', 'tampered', 1],
  ['trust-registry.revoked-superseded-after-signing.json', 'portable', 0],
];
for (const [reg, trust, exit] of regs) {
  test(`resigned-fresh-key with ${reg}: ${trust}, exit ${exit}`, async () => {
    const r = await verify(fresh, '--trust', join(D, reg));
    assert.equal(r.details.trust, trust);
    assert.equal(r.code, exit);
  });
}

test('expired-window says why: the key expired', async () => {
  const r = await verify(fresh, '--trust', join(D, 'trust-registry.expired-window.json'));
  assert.match(String(r.details.reason), /expired/);
});

test('active registry: trusted is "verified"; with the local key id it is local', async () => {
  const t = await verify(fresh, '--trust', join(D, 'trust-registry.active.json'));
  assert.equal(t.details.status, 'verified');
  const keyid = readFileSync(join(D, 'resigned.keyid.txt'), 'utf8').trim();
  const l = await verify(fresh, '--trust', join(D, 'trust-registry.active.json'), '--local-key', keyid);
  assert.equal(l.details.trust, 'local');
  assert.equal(l.code, 0);
});

test('active registry with the original ada-ridge: portable (keyid not in the registry)', async () => {
  const r = await verify(join(V, 'ada-ridge-1.0.0.acx'), '--trust', join(D, 'trust-registry.active.json'));
  assert.equal(r.details.trust, 'portable');
  assert.equal(r.code, 0);
});

// Cartridges the reference CLI wrote (reference-built/expected.json): the L3 skill files, nested
// asset folders and the reference's resources inventory are read as written; the non-ASCII name is not.
const R = join(V, 'reference-built');
const expected = JSON.parse(readFileSync(join(R, 'expected.json'), 'utf8')) as { cases: Array<{ file: string; expect: 'valid' | 'invalid'; trust: string; errors?: string[]; warnings?: string[] }> };
for (const c of expected.cases) {
  test(`reference-built ${c.file}: ${c.expect}, trust ${c.trust}`, async () => {
    const r = await verify(join(R, c.file));
    assert.equal(r.details.trust, c.trust);
    assert.equal(r.result.valid, c.expect === 'valid', JSON.stringify(r.result.diagnostics));
    assert.equal(r.code, c.expect === 'valid' ? 0 : 1);
    const errors = r.result.diagnostics.filter((x) => x.severity === 'error').map((x) => x.code);
    // The only thing wrong with the non-ASCII one is its sqlar name (SPEC §3.2), nothing about skills.
    assert.deepEqual([...new Set(errors)], c.errors ?? (c.expect === 'valid' ? [] : ['ACX_SQLAR_PATH']));
    const warnings = new Set(r.result.diagnostics.filter((x) => x.severity === 'warning').map((x) => x.code));
    for (const w of c.warnings ?? []) assert.ok(warnings.has(w), `${c.file}: expected warning ${w}`);
    const pinned = await verify(join(R, c.file), '--key', join(R, c.file.replace(/\.acx$/, '.pub.pem')));
    assert.equal(pinned.details.signature, 'verified');
  });
}

test('reference-built: ctxforge derives the reference\'s acx_skill.resources byte for byte', async () => {
  const { openFile } = await import('../../src/core/sqlite.js');
  const { deriveSkillRow } = await import('../../src/acx/skills.js');
  const { decodeBlob } = await import('../../src/acx/sqlar.js');
  for (const f of ['skills-with-l3.acx', 'skills-with-l3-flat.acx', 'skills-nonascii-name.acx']) {
    const db = openFile(join(R, f), { readonly: true });
    const files = db.prepare('SELECT name, sz, data FROM sqlar').all() as Array<{ name: string; sz: number; data: Buffer }>;
    const rows = db.prepare('SELECT sqlar_path, resources FROM acx_skill').all() as Array<{ sqlar_path: string; resources: string }>;
    db.close();
    for (const row of rows) {
      const dir = row.sqlar_path.split('/')[2]!;
      const mine = files.filter((x) => x.name.startsWith(`rom/skills/${dir}/`)).map((x) => ({ rel: x.name.slice(`rom/skills/${dir}/`.length), raw: decodeBlob(x.sz, Buffer.from(x.data), 1 << 24).raw }));
      const md = mine.find((x) => x.rel === 'SKILL.md')!;
      const derived = deriveSkillRow(dir, { name: dir, description: 'x' } as never, md.raw, mine);
      assert.equal(derived.resources, row.resources, `${f} ${row.sqlar_path}`);
    }
  }
});

test('reference-built real-shaped skills: the 18 paths signed only under another are named; the index spellings are warnings naming both; import and skills export work', async () => {
  const r = await verify(join(R, 'real-skills.acx'));
  assert.equal(r.code, 0);
  const unbound = r.details.unboundPaths as Array<{ path: string; signedAs: string }>;
  assert.equal(unbound.length, 18);
  assert.ok(unbound.some((u) => u.path === 'rom/skills/algorithmic-art/LICENSE.txt' && u.signedAs === 'rom/skills/xlsx/LICENSE.txt'));
  assert.ok(unbound.some((u) => u.path === 'rom/skills/docx/ooxml/scripts/pack.py' && u.signedAs === 'rom/skills/pptx/ooxml/scripts/pack.py'));
  const derived = r.result.diagnostics.filter((x) => x.code === 'ACX_SKILL_INDEX_DERIVED').map((x) => x.message);
  assert.ok(derived.some((m) => /rom\/skills\/docx\/SKILL\.md: description is stored as ">-", as SKILL\.md spells it; read as YAML it is "Comprehensive document creation/.test(m)), derived.join('\n'));
  assert.ok(derived.some((m) => /rom\/skills\/canvas-design\/SKILL\.md: description is stored as "\\"Create beautiful/.test(m)));
  assert.ok(derived.some((m) => /rom\/skills\/webapp-testing\/SKILL\.md: name is "", SKILL\.md gives "webapp-testing"/.test(m)));
  const { readdirSync: ls } = await import('node:fs');
  const { tmpDir } = await import('../helpers/tmp.js');
  const out = tmpDir('ctxforge-refskills-');
  // skills export treats the 18 as install does: named, nothing written, until --allow-unbound names each.
  const held = await runCli(['skills', 'export', join(R, 'real-skills.acx'), '--out', join(out, 'skills')]);
  assert.equal(held.code, 1, held.stderr);
  assert.equal((held.stderr.match(/SKILL_UNBOUND/g) ?? []).length, 18, held.stderr);
  assert.match(held.stderr, /warning ACX_ROM_PATH_UNBOUND/);
  assert.equal(existsSync(join(out, 'skills')), false);
  const e = await runCli(['skills', 'export', join(R, 'real-skills.acx'), '--out', join(out, 'skills'), ...unbound.flatMap((u) => ['--allow-unbound', u.path])]);
  assert.equal(e.code, 0, e.stderr);
  const src = join(R, 'src-real-skills');
  const walk = (d: string, pre = ''): string[] => ls(d, { withFileTypes: true }).flatMap((x) => (x.isDirectory() ? walk(join(d, x.name), `${pre}${x.name}/`) : [`${pre}${x.name}`]));
  for (const p of walk(src)) assert.ok(readFileSync(join(src, p)).equals(readFileSync(join(out, 'skills', p))), p);
  const i = await runCli(['import', join(R, 'real-skills.acx'), join(out, 'tree')]);
  assert.equal(i.code, 0, i.stderr);
  for (const f of ['real-skills-edited-after-signing.acx', 'real-skills-added-after-signing.acx']) {
    const x = await runCli(['skills', 'export', join(R, f), '--out', join(out, f)]);
    assert.equal(x.code, 1, 'a tampered cartridge gives no skills');
    assert.match(x.stderr, /tampered/);
  }
});
