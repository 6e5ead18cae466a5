// Real MCP sessions over each format: `ctxforge serve <artifact>` for a signed cartridge, a signed
// ctxpkg and an .octx from its signed release, each verified at start, then a whole session with
// the SDK's own client. A tampered artifact refuses the start. The sessions read each package
// through its format's documents() (src/format.ts): they need that contract implemented.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { tmpDir } from '../helpers/tmp.js';
import { mutate } from '../acx/helpers.js';
import { artifacts, KEY, minisignPubFile, pemFile, releaseFolder } from '../install/artifacts.js';
import { connect, session } from './client.js';
import { builtCli } from '../helpers/built.js';

const env = () => ({ ...process.env, XDG_CACHE_HOME: tmpDir('serve-cache-') });

test('a tampered artifact is never served: the server does not start, exit 1, the package named', async () => {
  const a = await artifacts();
  const bad = mutate(a.acx, "UPDATE sqlar SET data = CAST('changed' AS BLOB), sz = 7 WHERE name = (SELECT name FROM sqlar WHERE name LIKE 'rom/knowledge/%' ORDER BY name LIMIT 1)");
  const r = spawnSync(process.execPath, [builtCli(), 'serve', bad, '--key', pemFile()], { cwd: tmpDir(), env: { ...env(), CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', input: '' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /CTXFORGE_INSTALL_TAMPERED/);
  assert.match(r.stderr, /mutated\.acx/);
  assert.equal(r.stdout, '');
  const unsigned = spawnSync(process.execPath, [builtCli(), 'serve', a.acxUnsigned], { cwd: tmpDir(), env: { ...env(), CTXFORGE_FROM_SOURCE: '1' }, encoding: 'utf8', input: '' });
  assert.equal(unsigned.status, 1);
  assert.match(unsigned.stderr, /CTXFORGE_INSTALL_UNSIGNED/);
});

test('MCP sessions over each format: cartridge, ctxpkg, .octx release — search, get, context, list_packages, resources', async () => {
  const a = await artifacts();
  const cases: [string, string[], string][] = [
    ['acx', [a.acx, '--key', pemFile()], 'screening evidence'],
    ['ctxpkg', [a.ctxpkg, '--key', KEY.publicKey.hex], 'payments'],
    ['octx', [releaseFolder(a.octx, { key: KEY }), '--key', minisignPubFile()], 'release'],
  ];
  for (const [format, args, query] of cases) {
    const { client } = await connect(args, { cwd: tmpDir(), env: env() });
    try {
      const s = await session(client, query);
      const pkgs = s.list.structuredContent!.packages as { format: string; documents: number; artifact_sha256: string }[];
      assert.equal(pkgs.length, 1, format);
      assert.equal(pkgs[0]!.format, format);
      assert.ok(pkgs[0]!.documents > 0, `${format}: documents served`);
      assert.ok(s.results.length > 0, `${format}: search finds ${query}`);
      assert.match(s.results[0]!.citation, /@.+#/);
      assert.equal(s.get!.isError, undefined);
      assert.ok(((s.context.structuredContent!.documents as unknown[]).length) > 0, `${format}: context`);
      assert.equal(s.resources.length, pkgs[0]!.documents);
      assert.ok(s.read!.contents.length === 1);
    } finally {
      await client.close();
    }
  }
});
