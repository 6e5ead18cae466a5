// node:sqlite (Node 24) and better-sqlite3 (Node 20/22) write byte-identical cartridges, and stock
// sqlite3 reads them as ordinary SQLite archives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { node24 } from '../helpers/node-versions.js';
import { EPOCH, EXAMPLE, SEED } from './helpers.js';
import { STAMPED_SQLITE_VERSION } from '../../src/core/sqlite.js';

const nodeWithBetter = process.versions.node.startsWith('24.') ? 'node' : process.execPath;

function buildWith(nodeBin: string, backend: 'node' | 'better-sqlite3'): Buffer {
  const out = tmpDir(`acx-${backend}-`);
  const r = spawnSync(nodeBin, ['--import', 'tsx', join(repoRoot, 'bin', 'ctxforge.js'), 'build', EXAMPLE, '--out', out, '--source-date-epoch', EPOCH, '--key', SEED], {
    cwd: repoRoot, encoding: 'utf8', env: { ...process.env, CTXFORGE_SQLITE: backend, CTXFORGE_FROM_SOURCE: '1' },
  });
  assert.equal(r.status, 0, `${backend} build: ${r.stderr}${r.stdout}`);
  const f = readdirSync(out).find((n) => n.endsWith('.acx'));
  assert.ok(f, `${backend} build wrote no .acx`);
  return readFileSync(join(out, f));
}

test('node:sqlite and better-sqlite3 build the same cartridge bytes; stock sqlite3 reads it', () => {
  const viaNode = buildWith(node24(), 'node');
  const viaBetter = buildWith(nodeWithBetter, 'better-sqlite3');
  assert.equal(viaNode.length, viaBetter.length);
  assert.ok(viaNode.equals(viaBetter), 'cartridge bytes differ between the two SQLite engines');
  // The library-version words are stamped, valid for the image's own change counter.
  assert.equal(viaNode.readUInt32BE(96), STAMPED_SQLITE_VERSION);
  assert.equal(viaNode.readUInt32BE(92), viaNode.readUInt32BE(24));

  const dir = tmpDir('acx-stock-');
  const file = join(dir, 'c.acx');
  writeFileSync(file, viaNode);
  const sq = (...args: string[]) => spawnSync('sqlite3', args, { encoding: 'utf8', cwd: dir });
  const ic = sq(file, 'PRAGMA integrity_check');
  assert.equal(ic.status, 0, ic.stderr);
  assert.equal(ic.stdout.trim(), 'ok');
  const list = sq(file, '-Atv');
  assert.equal(list.status, 0, list.stderr);
  assert.match(list.stdout, /rom\/skills\/[^\n]+\/SKILL\.md/);
  const x = join(dir, 'x');
  mkdirSync(x);
  const ex = spawnSync('sqlite3', [file, '-Ax'], { encoding: 'utf8', cwd: x });
  assert.equal(ex.status, 0, ex.stderr);
  assert.ok(readdirSync(join(x, 'rom')).length > 0, 'sqlite3 -Ax extracted no rom/ files');
});
