// install and serve read a cartridge once: its files are hashed and its signature checked in one
// pass that also yields the documents (the install check and documents() used to open and verify it
// each), and what that pass judges is what the two judged — tampering and a wrong key still refuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cartridgeOpens } from '../../src/acx/open.js';
import { installArtifact, verifySpec } from '../../src/install/index.js';
import { prepareServe } from '../../src/serve/server.js';
import { artifacts, KEY, OTHER, project } from './artifacts.js';
import { tmpDir } from '../helpers/tmp.js';

const env = () => ({ ...process.env, XDG_CACHE_HOME: tmpDir('verify-once-cache-'), XDG_CONFIG_HOME: tmpDir('verify-once-config-') });

test('install verifies a signed cartridge and reads its documents from one opening', async () => {
  const a = await artifacts();
  const cwd = project();
  const before = cartridgeOpens();
  const v = await verifySpec(a.acx, { cwd, env: env(), key: KEY.publicKey.hex });
  assert.equal(cartridgeOpens() - before, 1, 'opened once');
  assert.equal(v.signer.trust, 'pinned');
  assert.ok(v.docs.docs.length > 0 && v.docs.skills.length > 0, 'documents and skills read from that opening');
  const again = cartridgeOpens();
  const r = await installArtifact(a.acx, { cwd, env: env(), key: KEY.publicKey.hex, dryRun: true });
  assert.equal(cartridgeOpens() - again, 1);
  assert.equal(r.packages[0]!.signer.trust, 'pinned');
});

test('serve verifies a cartridge once at start', async () => {
  const a = await artifacts();
  const before = cartridgeOpens();
  const p = await prepareServe({ specs: [a.acx], cwd: project(), env: env(), key: KEY.publicKey.hex });
  assert.equal(cartridgeOpens() - before, 1);
  assert.ok(p.served[0]!.pkg.docs.length > 0);
  for (const s of p.served) s.index.close();
});

test('one opening judges as the two did: the wrong key and no key are refused, --allow-unsigned reads the documents', async () => {
  const a = await artifacts();
  await assert.rejects(verifySpec(a.acx, { cwd: project(), env: env(), key: OTHER.publicKey.hex }), /CTXFORGE_INSTALL_UNTRUSTED|does not verify|not signed by/i);
  await assert.rejects(verifySpec(a.acxUnsigned, { cwd: project(), env: env(), key: KEY.publicKey.hex }), (e: Error & { diagnostic?: { code: string } }) => e.diagnostic?.code === 'CTXFORGE_INSTALL_UNSIGNED');
  const v = await verifySpec(a.acxUnsigned, { cwd: project(), env: env(), allowUnsigned: true });
  assert.equal(v.signer.trust, 'unsigned');
  assert.ok(v.docs.docs.length > 0);
});
