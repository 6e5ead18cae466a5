// Every OCTX public vector gets the verdict its README states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCases, materialize, octxVectors, type OctxCase } from '../helpers/octx-cases.js';
import { validateOctxArtifact } from '../../src/octx/module.js';
import { checkPackage } from '../../src/octx/package.js';
import { packageDigest } from '../../src/octx/digest.js';
import { DiskTree, MemoryTree } from '../../src/core/tree.js';
import { jcs } from '../../src/core/jcs.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { readDir } from '../helpers/octx-cases.js';
import type { ValidationResult } from '../../src/format.js';

function checkExpect(r: ValidationResult, e: ReturnType<typeof loadCases>[number]['expect'], where: string, digest?: { base: string }) {
  const d = (r.details ?? {}) as Record<string, unknown>;
  const codes = r.diagnostics.map((x) => `${x.severity}:${x.code}`);
  const ctx = `${where}: ${JSON.stringify(r.diagnostics.map((x) => `${x.code} ${x.message}`), null, 1)}`;
  if (e.valid !== undefined) assert.equal(r.valid, e.valid, `valid — ${ctx}`);
  if (e.format_valid !== undefined) assert.equal(d.format_valid, e.format_valid, `format_valid — ${ctx}`);
  if (e.fully_validated !== undefined) assert.equal(d.fully_validated, e.fully_validated, `fully_validated — ${ctx}`);
  for (const [name, v] of Object.entries(e.capability ?? {})) assert.equal((d.capabilities as Record<string, unknown>)[name], v, `capability ${name} — ${ctx}`);
  for (const c of e.codes ?? []) assert.ok(codes.includes(`error:${c}`), `expected error ${c} — ${ctx}`);
  for (const c of e.codes_warning ?? []) assert.ok(codes.includes(`warning:${c}`), `expected warning ${c} — ${ctx}`);
  for (const c of e.codes_absent ?? []) assert.ok(!codes.some((x) => x.endsWith(`:${c}`)), `unexpected ${c} — ${ctx}`);
  if (e.open_error === 'security') assert.equal(d.open_error, 'security', `open_error — ${ctx}`);
  else if (e.open_error) assert.ok(r.diagnostics.some((x) => x.message.includes(e.open_error!)), `open_error message — ${ctx}`);
  if (e.package_digest_unchanged) assert.equal(d.package_digest, digest?.base, `digest unchanged — ${ctx}`);
  if (r.valid) assert.ok(!codes.some((c) => c.startsWith('error:')), `a valid package has no errors — ${ctx}`);
}

// Cases whose verdict octx 0.1.6 changed (../shared/specs/notes-octx-0.1.6.md §6, §7): the
// transcribed 0.1 verdict is replaced by the one ctxforge follows, and the old code must be gone.
const SUPERSEDED: Record<string, OctxCase['expect']> = {
  'sag-orphan-chunk': { format_valid: true, valid: true, capability: { 'sag-structured': true }, codes_absent: ['OCTX_SAG_CHUNK_WITHOUT_EVENT'] },
};
const cases = loadCases().map((c) => (SUPERSEDED[c.id] ? { ...c, expect: SUPERSEDED[c.id]! } : c));
test('cases.json holds the 61 documented cases, and each superseded case is one of them', () => {
  assert.equal(cases.length, 61);
  for (const id of Object.keys(SUPERSEDED)) assert.ok(cases.some((c) => c.id === id), id);
});

for (const c of cases) {
  test(`vector case ${c.id} (packed .octx)`, async () => {
    const m = materialize(c);
    const r = await validateOctxArtifact({ label: `${c.id}.octx`, bytes: m.zip });
    checkExpect(r, c.expect, 'zip', { base: m.baseDigest });
  });
  if (!c.zip_patch && !c.zip_extra_entries) {
    test(`vector case ${c.id} (working directory on disk)`, async () => {
      const m = materialize(c);
      const dir = tmpDir();
      writeTree(dir, Object.fromEntries(m.files!));
      const rep = await checkPackage(new DiskTree(dir), { workdir: true });
      const r: ValidationResult = {
        path: dir, format: 'octx', kind: 'source', valid: rep.valid, diagnostics: rep.diagnostics,
        details: { format_valid: rep.format_valid, fully_validated: rep.fully_validated, capabilities: rep.capabilities, open_error: rep.open_error, package_digest: rep.package_digest },
      };
      checkExpect(r, { ...c.expect, open_error: c.expect.open_error === 'security' ? undefined : c.expect.open_error }, 'workdir', { base: m.baseDigest });
    });
  }
}

for (const [base, digest] of [
  ['minimal-valid', 'sha256:d3ce8f75d7b82de9e57a4d771ddb7c134f35c9c1a6b8b88635427252145ab2b9'],
  ['sag-structured-valid', 'sha256:7a15a50834c4e1fac26ad7812762faa41946e40e7b36109b228655c4de886589'],
] as const) {
  test(`derived base ${base} is valid with its stated digest`, async () => {
    const rep = await checkPackage(new DiskTree(join(octxVectors, 'derived', base)), { workdir: false });
    assert.equal(rep.valid, true, JSON.stringify(rep.diagnostics));
    assert.equal(rep.fully_validated, true);
    assert.equal(rep.package_digest, digest);
    if (base === 'sag-structured-valid') assert.equal(rep.capabilities['sag-structured'], true);
  });
}

test('package digest golden value (RFC 8785)', () => {
  const g = JSON.parse(readFileSync(join(octxVectors, 'digest', 'rfc8785-golden.json'), 'utf8'));
  const copy = structuredClone(g.manifest);
  delete copy.release.package_digest;
  assert.equal(jcs(copy), g.canonical_jcs_of_copy_without_package_digest);
  assert.equal(packageDigest(g.manifest), g.expected_package_digest);
});

test('the OKF v0.1 sample bundle as knowledge/ is invalid for lack of document IDs', async () => {
  const okf = readDir(join(octxVectors, 'okf-v0.1', 'crypto_bitcoin'));
  const files: Record<string, Buffer | string> = {};
  for (const [p, b] of okf) files[`knowledge/${p}`] = b;
  files['manifest.json'] = JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: '019c0000-0000-7000-8000-0000000000aa', name: 'Crypto Bitcoin' }, release: { version: '1.0.0' } });
  const rep = await checkPackage(new MemoryTree(files), { workdir: true });
  assert.equal(rep.valid, false);
  const codes = new Set(rep.diagnostics.map((d) => d.code));
  assert.deepEqual([...codes], ['OCTX_DOCUMENT_ID_INVALID'], JSON.stringify(rep.diagnostics));
  assert.equal(rep.diagnostics.filter((d) => d.code === 'OCTX_DOCUMENT_ID_INVALID').length, 5, 'one per concept');
  assert.ok(!rep.diagnostics.some((d) => d.code === 'OCTX_OKF_RESERVED_INVALID'), 'the three index.md are accepted');
});
