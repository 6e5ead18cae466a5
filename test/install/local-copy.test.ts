// A local artifact is read once (security review 1, finding 10): acquiring it copies it into a
// private temporary folder (mode 0600, never through a link), and that copy is what is hashed,
// verified and read as documents. Replacing the file on disk after it was acquired — what a
// concurrent writer does between verification and reading — changes nothing of what is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../src/core/hash.js';
import { detectArtifact } from '../../src/formats.js';
import { acquire } from '../../src/install/source.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, KEY } from './artifacts.js';

test('acquire copies a local artifact once: the file replaced afterwards changes neither the bytes verified nor the documents read', async () => {
  const a = await artifacts();
  const dir = tmpDir('inst-copy-');
  const file = join(dir, 'vendor.acx');
  copyFileSync(a.acx, file);
  const signed = sha256Hex(readFileSync(a.acx));
  const acq = await acquire(file, { cwd: dir, root: dir });
  try {
    assert.equal(acq.sha256, signed);
    // A concurrent writer swaps in other bytes (here: the unsigned build) after the hash was taken.
    copyFileSync(a.acxUnsigned, file);
    assert.notEqual(sha256Hex(readFileSync(file)), signed);
    assert.equal(sha256Hex(readFileSync(acq.input.path)), acq.sha256, 'what is verified is what was hashed');
    assert.notEqual(acq.input.path, file, 'the artifact is read from a private copy');
    assert.equal(statSync(acq.input.path).mode & 0o777, 0o600);
    const m = (await detectArtifact(acq.input))!;
    const r = await m.verifyArtifact!(acq.input, { key: KEY.publicKey.hex });
    const sigs = (r.details as { signatures?: { signature?: string }[] }).signatures ?? [];
    assert.ok(r.valid && sigs.length > 0 && sigs.every((s) => s.signature === 'verified'), `the signed bytes are verified: ${JSON.stringify(r.details)}`);
    const docs = await m.documents!(acq.input, { want: { docs: true, skills: true } });
    assert.equal(docs.meta.name, 'research-assistant');
  } finally {
    await acq.cleanup();
  }
  assert.ok(!existsSync(acq.input.path), 'the copy is removed');
});

test('acquire never follows a symbolic link to the artifact', async () => {
  const a = await artifacts();
  const dir = tmpDir('inst-copy-');
  symlinkSync(a.acx, join(dir, 'link.acx'));
  await assert.rejects(acquire('link.acx', { cwd: dir, root: dir }), (e: unknown) => e instanceof DiagnosticError && /symbolic link/.test(e.diagnostic.message));
});
