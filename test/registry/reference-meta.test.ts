// The ACX reference's builder leaves four bookkeeping meta keys outside the ROM manifest
// (acx.vec0_format, acx.package_spec, acx.lance_schema, acx.cal_skillset), so every cartridge in its
// registry has unsigned meta. They name and describe nothing: such a cartridge installs (issue 38:
// `install ada-ridge@1.0.0` from the reference's registry). Any other unsigned key still refuses it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBytes } from '../../src/core/sqlite.js';
import { runCli } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { artifacts, pemFile, project } from '../install/artifacts.js';

/** The signed example cartridge with meta rows added after signing. */
async function withUnsignedMeta(rows: Record<string, string>): Promise<string> {
  const db = openBytes(readFileSync((await artifacts()).acx));
  for (const [k, v] of Object.entries(rows)) db.prepare('INSERT INTO cartridge(key, value) VALUES (?, ?)').run(k, v);
  const out = join(tmpDir('reg-meta-'), 'research-assistant-1.2.0.acx');
  writeFileSync(out, db.serialize());
  db.close();
  return out;
}

test('unsigned reference bookkeeping meta does not block install; an unsigned identity key still does', async () => {
  // (ctxforge's build signs the other three; the reference's cartridges carry all four unsigned.)
  const ok = await withUnsignedMeta({ 'acx.cal_skillset': 'rom/cal/skillset.json' });
  const r = await runCli(['install', ok, '--key', pemFile()], { cwd: project() });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /installed research-assistant@1\.2\.0/);
  const bad = await withUnsignedMeta({ 'acx.cal_skillset': 'rom/cal/skillset.json', 'acx.surprise': 'x' });
  const b = await runCli(['install', bad, '--key', pemFile()], { cwd: project() });
  assert.equal(b.code, 1, b.stdout + b.stderr);
  assert.match(b.stderr, /CTXFORGE_INSTALL_UNSIGNED_META/);
});
