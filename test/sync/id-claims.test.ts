// Stable IDs cannot be stolen or swapped (issue 24). An upstream page whose frontmatter claims an ID
// another present page holds does not get it: the holder keeps it, the claimant gets a new ID and a
// warning naming both paths, and a duplicated page never blocks a later sync. Two new pages claiming
// one unused ID: the first in code-point path order keeps it. The same rule (src/core/id-claims.ts)
// decides convert. Before, the claimant took the ID and the holder silently got a new one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { tmpDir, writeTree } from '../helpers/tmp.js';

const X = '019c0000-0000-7000-8000-000000000001';
const Y = '019c0000-0000-7000-8000-000000000002';

const idMap = (dir: string) => JSON.parse(readFileSync(join(dir, '.ctxforge-sync.json'), 'utf8')) as { documents: Record<string, { id: string }>; retired: string[] };
const page = (title: string, id?: string) => `${id ? `---\noctx:\n  document_id: ${id}\n---\n\n` : ''}# ${title}\n\n${title} text, long enough to be itself.\n`;

interface SyncJson { added: Array<{ upstream: string; id: string }>; diagnostics: Array<{ severity: string; code: string; message: string; file?: string }> }

async function sync(up: string, pkg: string): Promise<SyncJson> {
  const r = await runCli(['sync', up, pkg, '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout) as SyncJson;
}

test('a copied page claiming the ID its original holds: the original keeps it, the copy gets a new one, named in a warning; later syncs go on', async () => {
  const root = tmpDir();
  const up = join(root, 'up');
  const pkg = join(root, 'pkg');
  mkdirSync(up);
  writeTree(up, { 'guide.md': page('Guide', X), 'other.md': page('Other') });
  await sync(up, pkg);
  assert.equal(idMap(pkg).documents['guide.md']!.id, X);
  // "aaa-copy.md" sorts first and carries the original's frontmatter.
  writeTree(up, { 'aaa-copy.md': page('Guide copy', X) });
  const r = await sync(up, pkg);
  const map = idMap(pkg);
  assert.equal(map.documents['guide.md']!.id, X, 'the holder keeps its ID');
  assert.notEqual(map.documents['aaa-copy.md']!.id, X);
  const w = r.diagnostics.filter((d) => d.code === 'SYNC_ID_CLAIMED');
  assert.equal(w.length, 1, JSON.stringify(r.diagnostics));
  assert.equal(w[0]!.severity, 'warning');
  assert.match(w[0]!.message, new RegExp(`aaa-copy\\.md claims the ID ${X}, which the page guide\\.md holds: guide\\.md keeps it and aaa-copy\\.md gets another ID`));
  // Nothing is blocked, and the copy keeps the ID it was given.
  const again = await sync(up, pkg);
  assert.equal(idMap(pkg).documents['aaa-copy.md']!.id, map.documents['aaa-copy.md']!.id);
  assert.equal(again.added.length, 0);
  // A page that claims the ID of a page another holds, while having its own entry, keeps its own.
  writeTree(up, { 'other.md': page('Other', X) });
  await sync(up, pkg);
  assert.equal(idMap(pkg).documents['other.md']!.id, map.documents['other.md']!.id);
  assert.equal(idMap(pkg).documents['guide.md']!.id, X);
});

test('two new pages claiming one unused ID: the first in code-point order of their paths keeps it, the other is reported', async () => {
  const root = tmpDir();
  const up = join(root, 'up');
  mkdirSync(up);
  // Code-point order puts "B.md" before "a.md" (a locale order would not).
  writeTree(up, { 'a.md': page('Lower', Y), 'B.md': page('Upper', Y) });
  const r = await sync(up, join(root, 'pkg'));
  const map = idMap(join(root, 'pkg'));
  assert.equal(map.documents['B.md']!.id, Y);
  assert.notEqual(map.documents['a.md']!.id, Y);
  assert.ok(r.diagnostics.some((d) => d.code === 'SYNC_ID_CLAIMED' && /a\.md and B\.md both claim the ID .*: B\.md \(first by path\) keeps it and a\.md gets another ID/.test(d.message)), JSON.stringify(r.diagnostics));
});

test('a page claiming a retired ID gets another, with a warning', async () => {
  const root = tmpDir();
  const up = join(root, 'up');
  const pkg = join(root, 'pkg');
  mkdirSync(up);
  writeTree(up, { 'gone.md': page('Gone', X), 'stay.md': page('Stay') });
  await sync(up, pkg);
  writeFileSync(join(up, 'gone.md'), '');
  const { rmSync } = await import('node:fs');
  rmSync(join(up, 'gone.md'));
  await sync(up, pkg);
  assert.ok(idMap(pkg).retired.includes(X));
  writeTree(up, { 'back.md': page('Back', X) });
  const r = await sync(up, pkg);
  assert.notEqual(idMap(pkg).documents['back.md']!.id, X);
  assert.ok(r.diagnostics.some((d) => d.code === 'SYNC_ID_CLAIMED' && /retired/.test(d.message)));
});

test('convert: two source documents with one ID — the first by path keeps it, the other gets a new ID and a warning', async () => {
  const root = tmpDir();
  const src = join(root, 'kb');
  writeTree(src, {
    'ctxpkg.yaml': 'name: "@acme/kb"\nversion: 1.0.0\ndescription: d\nconformance_level: 1\ndependencies: []\n',
    'nodes/b-copy.md': '---\nid: same\ntype: fact\n---\nCopy.\n',
    'nodes/a.md': '---\nid: same\ntype: fact\n---\nOriginal.\n',
  });
  const r = await runCli(['convert', src, '--to', 'octx', '--out', join(root, 'out'), '--json']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const out = JSON.parse(r.stdout) as { diagnostics: Array<{ code: string; message: string }> };
  assert.ok(out.diagnostics.some((d) => d.code === 'SYNC_ID_CLAIMED' && /b-copy\.md and a\.md both claim the ID same: a\.md \(first by path\) keeps it/.test(d.message)), JSON.stringify(out.diagnostics));
  const ids = ['a.md', 'b-copy.md'].map((f) => /document_id: (\S+)/.exec(readFileSync(join(root, 'out', 'knowledge', f), 'utf8'))![1]);
  assert.notEqual(ids[0], ids[1]);
  const v = await runCli(['validate', join(root, 'out')]);
  assert.equal(v.code, 0, v.stdout + v.stderr);
});

test('the rule itself: holders keep their IDs, unheld IDs go to the first path in code-point order', async () => {
  const { settleIdClaims } = await import('../../src/core/id-claims.js');
  const s = settleIdClaims([{ path: 'z', id: 'k' }, { path: 'é', id: 'n' }, { path: 'e', id: 'n' }, { path: 'h', id: 'k' }, { path: 'B', id: 'm' }, { path: 'a', id: 'm' }], new Map([['k', 'h']]));
  assert.deepEqual([...s.granted].sort(), [['B', 'm'], ['e', 'n'], ['h', 'k']]);
  assert.deepEqual(s.refused.map((r) => [r.path, r.keeper, r.why]), [['a', 'B', 'first'], ['z', 'h', 'held'], ['é', 'e', 'first']]);
});
