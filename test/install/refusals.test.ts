// Every refusal of `ctxforge install`, on real artifacts built and signed by ctxforge itself:
// tampered, unsigned, signed by a key nobody pinned, signed by another key, a signer the trust
// registry does not list, a bad checksum, a release signature by another key, over a local URL too.
// A refused install exits 1 and writes nothing: no folder, no lock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { mutate } from '../acx/helpers.js';
import { spkiKeyId } from '../../src/core/keys.js';
import { artifacts, minisignPubFile, OTHER, pemFile, project, releaseFolder, serveFolder, KEY } from './artifacts.js';

async function refused(args: string[], code: string, exit = 1) {
  const dir = project();
  const r = await runCli(['install', ...args, '--json'], { cwd: dir });
  assert.equal(r.code, exit, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  const out = JSON.parse(r.stdout) as { error: { code: string; message: string }; diagnostics?: { code: string }[] };
  const codes = [out.error.code, ...(out.diagnostics ?? []).map((d) => d.code)];
  assert.ok(codes.includes(code), `${args.join(' ')}: expected ${code}, got ${codes.join(', ')}: ${out.error.message}`);
  assert.deepEqual(readdirSync(dir), [], `${args.join(' ')}: a refused install writes nothing`);
  return out;
}

test('tampered packages are always refused, whatever the options: a cartridge file changed after signing, ctxpkg content edited', async () => {
  const a = await artifacts();
  const acx = mutate(a.acx, "UPDATE sqlar SET data = CAST('changed after signing' AS BLOB), sz = 21 WHERE name = (SELECT name FROM sqlar WHERE name LIKE 'rom/knowledge/%' ORDER BY name LIMIT 1)");
  for (const extra of [[], ['--allow-unsigned'], ['--key', pemFile()], ['--force']]) await refused([acx, ...extra], 'CTXFORGE_INSTALL_TAMPERED');
  const doc = JSON.parse(readFileSync(a.ctxpkg, 'utf8'));
  const text = JSON.stringify(doc).replace(/payments/, 'paymentz');
  const edited = join(tmpDir(), 'edited.ctxpkg');
  writeFileSync(edited, text);
  await refused([edited, '--key', KEY.publicKey.hex, '--allow-unsigned'], 'CTXFORGE_INSTALL_TAMPERED');
});

test('unsigned, and signed by a key nobody pinned, are refused without --allow-unsigned', async () => {
  const a = await artifacts();
  await refused([a.acxUnsigned], 'CTXFORGE_INSTALL_UNSIGNED');
  await refused([a.ctxpkgUnsigned], 'CTXFORGE_INSTALL_UNSIGNED');
  await refused([a.octx], 'CTXFORGE_INSTALL_UNSIGNED');
  // Signed, and the signature verifies with the key inside the package — but nothing says that key is the publisher's.
  await refused([a.acx], 'CTXFORGE_INSTALL_UNVERIFIED');
  await refused([a.ctxpkg], 'CTXFORGE_INSTALL_UNVERIFIED');
  await refused([a.skillsPack], 'CTXFORGE_INSTALL_UNVERIFIED');
  // A pinned key on an unsigned package is no signature either.
  await refused([a.acxUnsigned, '--key', pemFile()], 'CTXFORGE_INSTALL_UNSIGNED');
});

test('signed by another key than the one pinned, or by a signer the trust registry does not list: refused', async () => {
  const a = await artifacts();
  await refused([a.acx, '--key', pemFile(OTHER)], 'CTXFORGE_INSTALL_UNTRUSTED');
  await refused([a.ctxpkg, '--key', OTHER.publicKey.hex], 'CTXFORGE_INSTALL_UNTRUSTED');
  await refused([a.skillsPack, '--key', minisignPubFile(OTHER)], 'CTXFORGE_INSTALL_UNTRUSTED');
  const registry = join(tmpDir(), 'trust.json');
  writeFileSync(registry, JSON.stringify({ schemaVersion: 'acx.trust-registry/1', registryId: 'test', updatedAt: '2026-01-01T00:00:00Z', keys: [{ keyid: spkiKeyId(OTHER.publicKey), algorithm: 'ed25519', publicKeyPem: OTHER.publicKey.spkiPem, status: 'active' }] }));
  await refused([a.acx, '--trust', registry], 'CTXFORGE_INSTALL_UNTRUSTED');
  await refused([a.ctxpkg, '--trust', registry], 'CTXFORGE_USAGE', 2);
});

test('a release: a changed artifact fails SHA256SUMS; a SHA256SUMS signed by another key, or unsigned, or unchecked, is refused', async () => {
  const a = await artifacts();
  const rel = releaseFolder(a.octx, { key: KEY });
  const name = readdirSync(rel).find((n) => n.endsWith('.octx'))!;
  appendFileSync(join(rel, name), Buffer.from([0]));
  await refused([rel, '--key', minisignPubFile()], 'CTXFORGE_INSTALL_CHECKSUM');
  await refused([join(rel, name), '--key', minisignPubFile(), '--allow-unsigned'], 'CTXFORGE_INSTALL_CHECKSUM');
  const good = releaseFolder(a.octx, { key: KEY });
  await refused([good, '--key', minisignPubFile(OTHER)], 'CTXFORGE_INSTALL_RELEASE_SIGNATURE');
  await refused([good], 'CTXFORGE_INSTALL_UNVERIFIED');
  await refused([releaseFolder(a.octx)], 'CTXFORGE_INSTALL_UNSIGNED');
  // The same checks for a cartridge in a release: its own signature does not excuse a changed SHA256SUMS.
  const acxRel = releaseFolder(a.acx, { key: KEY });
  writeFileSync(join(acxRel, 'SHA256SUMS'), readFileSync(join(acxRel, 'SHA256SUMS'), 'utf8').replace(/^[0-9a-f]/, (c) => (c === '0' ? '1' : '0')));
  await refused([acxRel, '--key', pemFile()], 'CTXFORGE_INSTALL_CHECKSUM');
});

test('over http on 127.0.0.1: a release URL whose artifact was changed, or whose signature is another key\'s, is refused', async () => {
  const a = await artifacts();
  const rel = releaseFolder(a.octx, { key: KEY });
  const name = readdirSync(rel).find((n) => n.endsWith('.octx'))!;
  const changed = releaseFolder(a.octx, { key: KEY });
  copyFileSync(a.acx, join(changed, name));
  await refused([await serveFolder(changed), '--key', minisignPubFile()], 'CTXFORGE_INSTALL_CHECKSUM');
  const url = await serveFolder(rel);
  await refused([url, '--key', minisignPubFile(OTHER)], 'CTXFORGE_INSTALL_RELEASE_SIGNATURE');
  await refused([`${url}${name}`, '--key', minisignPubFile(OTHER)], 'CTXFORGE_INSTALL_RELEASE_SIGNATURE');
  await refused([`${url}missing.octx`], 'CTXFORGE_IO', 2);
});

test('the CLI: usage errors exit 2 and say why', async () => {
  const dir = project();
  let r = await runCli(['install', '--frozen', 'x.acx'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--frozen checks the locked set/);
  r = await runCli(['install', '--host', 'claude'], { cwd: dir });
  assert.equal(r.code, 2);
  r = await runCli(['install', 'x.acx', '--host', 'vim'], { cwd: dir });
  assert.equal(r.code, 2);
  r = await runCli(['install', 'nothing-here.acx'], { cwd: dir });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /CTXFORGE_IO/);
  r = await runCli(['install', '--help'], { cwd: dir });
  assert.equal(r.code, 0);
  assert.match(r.stdout, /\.claude\/skills/);
  r = await runCli(['uninstall', 'nope'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /CTXFORGE_INSTALL_NOT_INSTALLED/);
  assert.deepEqual(readdirSync(dir), []);
});
