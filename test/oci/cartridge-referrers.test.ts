// ACX SPEC §11 for a reference cartridge (test/vectors/acx/ada-ridge-1.0.0.acx, made by lboel/acx):
// the manifest names the cartridge exactly, and its DSSE envelope and its level credential go up as
// referrers (artifactType application/vnd.dsse.envelope.v1+json and
// application/vnd.acx.level-attestation.v1), their bytes the ones stored in the cartridge.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { execFileSync } from 'node:child_process';
import { watch } from 'node:fs';
import { join } from 'node:path';
import { LayoutStore } from '../../src/oci/layout.js';
import { parseManifest } from '../../src/oci/manifest.js';
import { pushPackage } from '../../src/oci/package.js';
import { parseOciRef } from '../../src/oci/ref.js';
import { referrers } from '../../src/oci/store.js';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';

test('a reference cartridge: §11 manifest, its DSSE envelope and level credential as referrers', async () => {
  const file = join(repoRoot, 'test', 'vectors', 'acx', 'ada-ridge-1.0.0.acx');
  const dir = join(tmpDir('oci-acx-'), 'lay');
  const store = new LayoutStore(dir, '/');
  const r = await pushPackage(store, parseOciRef(`oci-layout:${dir}:1.0.0`), file, {});
  const m = parseManifest((await store.getManifest('1.0.0'))!.bytes, 'm');
  assert.equal(m.artifactType, 'application/vnd.acx.cartridge.v1');
  assert.equal(m.layers[0]!.mediaType, 'application/vnd.acx.cartridge.layer.v1+sqlite');
  const sql = (q: string) => execFileSync('sqlite3', [file, q], { encoding: 'utf8' }).trim();
  assert.equal(m.layers[0]!.annotations?.['vnd.acx.rom-manifest-hash'], sql("select value from cartridge where key = 'acx.rom_manifest_hash'"));
  assert.equal(m.layers[0]!.annotations?.['vnd.acx.spec-version'], sql("select value from cartridge where key = 'acx.spec_version'"));
  const refs = await referrers(store, r.manifest_digest);
  assert.deepEqual(refs.map((d) => d.artifactType).sort(), ['application/vnd.acx.level-attestation.v1', 'application/vnd.dsse.envelope.v1+json']);
  for (const d of refs) {
    const rm = parseManifest((await store.getManifest(d.digest))!.bytes, 'r');
    assert.equal(rm.subject?.digest, r.manifest_digest);
    const layer = await store.getBlobBytes(rm.layers[0]!.digest, rm.layers[0]!.size, 1 << 20);
    const want = d.artifactType === 'application/vnd.dsse.envelope.v1+json' ? sql('select envelope from signatures') : sql("select document from attestations where type = 'vc-2.0'");
    assert.equal(layer.toString('utf8'), want);
  }
});

test('a push reads the cartridge once: the layer\'s annotations and the referrers come from one check', async () => {
  const file = join(repoRoot, 'test', 'vectors', 'acx', 'ada-ridge-1.0.0.acx');
  const dir = join(tmpDir('oci-acx-once-'), 'lay');
  // Each check of a cartridge copies it into a private scratch folder of its own (core/sqlite.ts);
  // the folders made under TMPDIR while pushing count the checks.
  const tmp = tmpDir('oci-acx-tmp-');
  const seen = new Set<string>();
  const w = watch(tmp, (_e, name) => { if (name?.startsWith('ctxforge-sqlite-')) seen.add(name); });
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const r = await pushPackage(new LayoutStore(dir, '/'), parseOciRef(`oci-layout:${dir}:1.0.0`), file, {});
    assert.equal(r.referrers.length, 2);
    await new Promise((res) => setTimeout(res, 200));
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    w.close();
  }
  assert.equal(seen.size, 1, [...seen].join(', '));
});
