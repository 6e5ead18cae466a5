// Every SQLite engine writes the same cartridge bytes, and stock sqlite3 reads them as ordinary
// SQLite archives: node:sqlite in memory (Node 24), better-sqlite3 (Node 20/22), and node:sqlite
// through a temporary file (Node 22 when better-sqlite3 cannot load). Where no engine loads, every
// command that needs one exits 2 with CTXFORGE_SQLITE_UNAVAILABLE, never a verdict on the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, vectorsDir } from '../helpers/cli.js';
import { tmpDir } from '../helpers/tmp.js';
import { checkoutWithout, node24, nodeBinary } from '../helpers/node-versions.js';
import { EPOCH, EXAMPLE, SEED } from './helpers.js';
import { STAMPED_SQLITE_VERSION } from '../../src/core/sqlite.js';
import { builtCliIn } from '../helpers/built.js';

/**
 * A Node that loads the better-sqlite3 in node_modules: the one it was built for. Usually this one,
 * but the suite also runs on a Node whose ABI differs (Node 22 on a checkout built with Node 20).
 */
function findNodeWithBetter(): string {
  const loads = (bin: string) => spawnSync(bin, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: repoRoot, encoding: 'utf8' }).status === 0;
  for (const bin of [process.execPath, 'node', nodeBinary(20), nodeBinary(22)]) if (loads(bin)) return bin;
  throw new Error('no Node here loads node_modules/better-sqlite3');
}
const nodeWithBetter = findNodeWithBetter();
const betterMajor = Number(spawnSync(nodeWithBetter, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim());

interface Run { code: number; stdout: string; stderr: string }
// Each process runs the test bundle of the current sources (test/helpers/built.ts), copied into the
// checkout it runs in so that its packages come from that checkout's node_modules; tsx spent most
// of every process's time loading the sources.
function cli(nodeBin: string, args: string[], o: { root?: string; env?: NodeJS.ProcessEnv; cwd?: string } = {}): Run {
  const r = spawnSync(nodeBin, [builtCliIn(o.root ?? repoRoot), ...args], {
    cwd: o.cwd ?? repoRoot, encoding: 'utf8', env: { ...process.env, CTXFORGE_FROM_SOURCE: '1', ...o.env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

// The same build on the same engine gives the same bytes (the first test asserts it across
// engines), so each distinct build runs once per file.
const builds = new Map<string, Buffer>();
function buildWith(nodeBin: string, env: NodeJS.ProcessEnv, root?: string, key = true): Buffer {
  const id = JSON.stringify([nodeBin, env, root, key]);
  let b = builds.get(id);
  if (!b) builds.set(id, (b = buildOnce(nodeBin, env, root, key)));
  return b;
}
function buildOnce(nodeBin: string, env: NodeJS.ProcessEnv, root?: string, key = true): Buffer {
  const out = tmpDir('acx-engine-');
  const r = cli(nodeBin, ['build', EXAMPLE, '--out', out, '--source-date-epoch', EPOCH, ...(key ? ['--key', SEED] : [])], { env, root });
  assert.equal(r.code, 0, `build: ${r.stderr}${r.stdout}`);
  const f = readdirSync(out).find((n) => n.endsWith('.acx'));
  assert.ok(f, 'build wrote no .acx');
  return readFileSync(join(out, f));
}

test('node:sqlite and better-sqlite3 build the same cartridge bytes; stock sqlite3 reads it', () => {
  const viaNode = buildWith(node24(), { CTXFORGE_SQLITE: 'node' });
  const viaBetter = buildWith(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' });
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

test('Node 22 without better-sqlite3 uses node:sqlite through a temporary file: the same bytes out of build, sign and strip as the other engines, and no ExperimentalWarning on screen', () => {
  const node22 = nodeBinary(22);
  const parent = tmpDir('acx-no-better-');
  const root = checkoutWithout('better-sqlite3', parent);
  const engine = spawnSync(node22, ['--import', 'tsx', '-e', "import('./src/core/sqlite.ts').then((m) => process.stdout.write(m.sqliteEngineName()))"], { cwd: root, encoding: 'utf8' });
  assert.equal(engine.stdout, 'node:sqlite (temporary file)', engine.stderr);
  assert.equal(engine.stderr, '', 'the ExperimentalWarning about node:sqlite stays off the screen');

  // build --key (an image written from empty)
  const via22 = buildWith(node22, {}, root);
  const viaBetter = buildWith(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' });
  const via24 = buildWith(node24(), { CTXFORGE_SQLITE: 'node' });
  assert.ok(via22.equals(viaBetter), 'Node 22 (temporary file) and better-sqlite3 build different bytes');
  assert.ok(via22.equals(via24), 'Node 22 (temporary file) and Node 24 (in memory) build different bytes');

  // sign and strip (images rewritten from a cartridge's bytes)
  const unsigned = buildWith(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' }, undefined, false);
  const work = tmpDir('acx-engine-rw-');
  writeFileSync(join(work, 'u.acx'), unsigned);
  copyFileSync(join(vectorsDir, 'acx', 'derived', 'save-zone-added.acx'), join(work, 'save.acx'));
  const outputs = (nodeBin: string, env: NodeJS.ProcessEnv, r?: string, tag = 'x') => {
    const s = cli(nodeBin, ['sign', join(work, 'u.acx'), '--key', SEED, '--out', join(work, `signed-${tag}.acx`)], { env, root: r });
    assert.equal(s.code, 0, s.stderr + s.stdout);
    assert.doesNotMatch(s.stderr, /ExperimentalWarning/);
    const t = cli(nodeBin, ['strip', join(work, 'save.acx'), '--out', join(work, `stripped-${tag}.acx`)], { env, root: r });
    assert.equal(t.code, 0, t.stderr + t.stdout);
    return [readFileSync(join(work, `signed-${tag}.acx`)), readFileSync(join(work, `stripped-${tag}.acx`))];
  };
  const [s22, t22] = outputs(node22, {}, root, '22');
  const [sB, tB] = outputs(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' }, undefined, 'better');
  assert.ok(s22!.equals(sB!), 'sign: Node 22 (temporary file) and better-sqlite3 differ');
  assert.ok(t22!.equals(tB!), 'strip: Node 22 (temporary file) and better-sqlite3 differ');
  assert.ok(s22!.equals(via22), 'sign after build equals build --key on Node 22 too');

  // verify reads what every engine wrote, and leaves no temporary folder behind
  const v = cli(node22, ['verify', join(work, 'signed-better.acx'), '--json'], { root });
  assert.equal(v.code, 0, v.stderr + v.stdout);
  assert.equal(JSON.parse(v.stdout).results[0].details.trust, 'portable');
  assert.equal(v.stderr, '');
});

test('a Node whose ABI differs from the one better-sqlite3 was built for: Node 22 falls back to node:sqlite, Node 20 exits 2 naming the fix', () => {
  // The module in node_modules was built for one Node major; another cannot load it.
  const file = join(tmpDir('acx-abi-'), 'c.acx');
  writeFileSync(file, buildWith(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' }));
  for (const m of [20, 22].filter((x) => x !== betterMajor)) {
    const r = cli(nodeBinary(m), ['verify', file, '--json']);
    if (m === 22) {
      assert.equal(r.code, 0, r.stderr + r.stdout);
      assert.equal(JSON.parse(r.stdout).results[0].valid, true);
      assert.equal(r.stderr, '', 'no ExperimentalWarning, no ABI error text');
      // Forcing the native module where it cannot load is the installation's problem, exit 2.
      const f = cli(nodeBinary(m), ['verify', file], { env: { CTXFORGE_SQLITE: 'better-sqlite3' } });
      assert.equal(f.code, 2, f.stderr + f.stdout);
      assert.match(f.stderr, /CTXFORGE_SQLITE_UNAVAILABLE/);
      assert.match(f.stderr, /npm rebuild better-sqlite3/);
    } else {
      assert.equal(r.code, 2, r.stderr + r.stdout);
      assert.equal(JSON.parse(r.stdout).error.code, 'CTXFORGE_SQLITE_UNAVAILABLE');
    }
  }
});

test('no SQLite engine at all (Node 20 without better-sqlite3): every command that needs one exits 2 with CTXFORGE_SQLITE_UNAVAILABLE naming the fix, never ACX_CORRUPT, "invalid" or a stack trace', () => {
  const node20 = nodeBinary(20);
  const parent = tmpDir('acx-no-engine-');
  const root = checkoutWithout('better-sqlite3', parent);
  const work = tmpDir('acx-no-engine-work-');
  const file = join(work, 'c.acx');
  writeFileSync(file, buildWith(nodeWithBetter, { CTXFORGE_SQLITE: 'better-sqlite3' }));
  const ref = join(vectorsDir, 'acx', 'reference-built', 'skills-with-l3.acx');
  const commands: string[][] = [
    ['verify', file], ['validate', file], ['inspect', file], ['verify', ref],
    ['build', EXAMPLE, '--out', join(work, 'out'), '--source-date-epoch', EPOCH],
    ['sign', file, '--key', SEED, '--out', join(work, 's.acx')],
    ['strip', file, '--out', join(work, 'st.acx')],
    ['import', file, join(work, 'imported')],
    ['diff', file, ref],
    ['skills', 'export', file, '--out', join(work, 'skills')],
  ];
  for (const args of commands) {
    const r = cli(node20, args, { root });
    const what = `ctxforge ${args.join(' ')}`;
    assert.equal(r.code, 2, `${what}: ${r.stderr}${r.stdout}`);
    assert.match(r.stderr, /CTXFORGE_SQLITE_UNAVAILABLE/, what);
    assert.match(r.stderr, /npm rebuild better-sqlite3/, what);
    assert.match(r.stderr, /22\.13/, what);
    assert.doesNotMatch(r.stderr + r.stdout, /ACX_CORRUPT|CTXFORGE_INTERNAL|invalid|tampered|\n\s+at /, what);
  }
  const j = cli(node20, ['verify', file, '--json'], { root });
  assert.equal(j.code, 2);
  assert.equal(JSON.parse(j.stdout).error.code, 'CTXFORGE_SQLITE_UNAVAILABLE');
});
