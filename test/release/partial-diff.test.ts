// The pull-request check and the release notes diff a package as `ctxforge diff` does: the files that
// differ are found by git object ids and each side's items come from those files only (at 50,000
// documents the check read the whole package four times: validate, the link check, and both sides'
// items). What the partial read finds must be what reading both sides whole finds — including what a
// changed manifest's `files[]` takes out of a package without touching the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { git } from '../helpers/tmp.js';
import { runCli } from '../helpers/cli.js';
import { acxFiles, commitAll, ctxpkgFiles, makeRepo, octxFiles, replaceTree, type Doc } from '../action/harness.js';
import { runCheck } from '../../src/release/check.js';
import { diffPackage, repoOf, treeAt } from '../../src/release/collab.js';
import { diffSummaries } from '../../src/diff/compare.js';
import { DiskTree, MemoryTree, type Tree } from '../../src/core/tree.js';
import { octx } from '../../src/octx/module.js';
import { DiagnosticError } from '../../src/core/diagnostics.js';

const doc = (n: number): Doc => ({ id: `019c0000-0000-7000-8000-${String(n).padStart(12, '0')}`, title: `Page${n}` });
const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const changesOf = (r: { changes: { change: string; kind: string; id: string }[] }) => r.changes.map((c) => `${c.change} ${c.kind} ${c.id}`).sort();

/** `files` with the manifest declaring `listed` (each with its digest), as a working directory may. */
function declaring(files: Record<string, string>, listed: string[]): Record<string, string> {
  const m = JSON.parse(files['manifest.json']!) as Record<string, unknown>;
  m.files = listed.map((path) => ({ path, sha256: sha(files[path]!) }));
  return { ...files, 'manifest.json': `${JSON.stringify(m, null, 2)}\n` };
}

test('the check\'s diff reads only the differing files of the base, and finds what reading both sides whole finds', async () => {
  const docs = Array.from({ length: 30 }, (_, i) => doc(i + 1));
  const dir = makeRepo(octxFiles('1.0.0', docs));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  // One edited, one removed, one added, the version bumped.
  const head = octxFiles('1.1.0', [...docs.slice(0, 28), doc(99)]);
  head['knowledge/page1.md'] = head['knowledge/page1.md']!.replace('Text.', 'Other text.');
  replaceTree(dir, 'guide', head);
  commitAll(dir, 'edit, remove, add');

  const repo = (await repoOf(dir))!;
  const oldTree = (await treeAt(repo, base, 'guide'))!;
  const read: string[] = [];
  const readOf = oldTree.read.bind(oldTree);
  oldTree.read = (path: string, max?: number) => { read.push(path); return readOf(path, max); };
  const newTree = new DiskTree(join(dir, 'guide'), 'guide');
  const d = await diffPackage({ module: octx, name: 'Guide', relPath: 'guide', policy: {}, oldTree, newTree });
  // The base side: its manifest and the three documents that differ (page29 and page30 went, page1 changed), nothing else.
  assert.deepEqual([...new Set(read)].sort(), ['knowledge/page1.md', 'knowledge/page29.md', 'knowledge/page30.md', 'manifest.json']);
  const whole = diffSummaries(await octx.items((await treeAt(repo, base, 'guide'))!, {}), await octx.items(new DiskTree(join(dir, 'guide')), {}));
  assert.deepEqual(changesOf(d.result), changesOf(whole));
  assert.equal(changesOf(d.result).length, 4, changesOf(d.result).join('; '));
  assert.equal(d.result.required_bump, whole.required_bump);
  assert.equal(d.result.version_ok, whole.version_ok);

  // The check reports the same changes and the same verdict.
  const r = await runCheck({ cwd: dir, base, failOn: ['breaking'] });
  assert.deepEqual(changesOf(r.packages[0]!.diff!.result), changesOf(whole));
  assert.equal(r.failed, true, 'removing two documents is breaking');
});

test('a manifest that stops listing an unchanged document removes it: the check still sees the breaking change', async () => {
  const [a, b] = [doc(1), doc(2)];
  const files = octxFiles('1.0.0', [a, b]);
  const dir = makeRepo(declaring(files, ['knowledge/page1.md', 'knowledge/page2.md']));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  // page2.md stays on disk, byte for byte; only the manifest lets it go.
  replaceTree(dir, 'guide', declaring(files, ['knowledge/page1.md']));
  commitAll(dir, 'page2 no longer listed');
  const r = await runCheck({ cwd: dir, base, failOn: ['breaking'] });
  assert.deepEqual(changesOf(r.packages[0]!.diff!.result), [`removed document ${b.id}`]);
  assert.equal(r.failed, true);
  assert.ok(r.packages[0]!.findings.includes('breaking changes'), r.packages[0]!.findings.join('; '));
  // `ctxforge diff` of the two commits reads the same way and says the same.
  const cli = await runCli(['diff', `${base}:guide`, 'HEAD:guide', '--json'], { cwd: dir });
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(changesOf(JSON.parse(cli.stdout) as { changes: { change: string; kind: string; id: string }[] }), [`removed document ${b.id}`]);
});

test('a record file a changed manifest no longer lists loses all its records, not none of them', async () => {
  const files = octxFiles('1.0.0', [doc(1)]);
  files['data/chunks.jsonl'] = ['c1', 'c2'].map((id) => JSON.stringify({ id, document_id: doc(1).id, text: `Chunk ${id}.` })).join('\n') + '\n';
  const both = declaring(files, ['knowledge/page1.md', 'data/chunks.jsonl']);
  const one = declaring(files, ['knowledge/page1.md']);
  const oldTree: Tree = new MemoryTree(both);
  const newTree: Tree = new MemoryTree(one);
  const only = new Set(['manifest.json']);
  const [o, n] = [await octx.items(oldTree, { only, other: newTree }), await octx.items(newTree, { only, other: oldTree })];
  const whole = diffSummaries(await octx.items(new MemoryTree(both), {}), await octx.items(new MemoryTree(one), {}));
  assert.deepEqual(changesOf(diffSummaries(o, n)), changesOf(whole));
  assert.deepEqual(changesOf(whole), ['removed chunk c1', 'removed chunk c2']);
});

test('the check opens each unchanged document twice: its validation (the link check takes its links from that read) and its git blob id', async () => {
  const docs = Array.from({ length: 20 }, (_, i) => ({ ...doc(i + 1), text: `See [next](page${i + 2}.md).` }));
  const dir = makeRepo(octxFiles('1.0.0', docs));
  const base = git(dir, ['rev-parse', 'HEAD']).trim();
  const head = octxFiles('1.0.1', docs);
  head['knowledge/page3.md'] = head['knowledge/page3.md']!.replace('See', 'Now see');
  replaceTree(dir, 'guide', head);
  commitAll(dir, 'edit page3');
  const knowledge = join(dir, 'guide', 'knowledge');
  const opened = new Map<string, number>();
  const real = fs.openSync;
  fs.openSync = ((p: fs.PathLike, ...rest: unknown[]) => {
    const s = String(p);
    if (s.startsWith(knowledge)) opened.set(s.slice(knowledge.length + 1), (opened.get(s.slice(knowledge.length + 1)) ?? 0) + 1);
    return (real as (...a: unknown[]) => number)(p, ...rest);
  }) as typeof fs.openSync;
  syncBuiltinESMExports();
  let r;
  try {
    r = await runCheck({ cwd: dir, base, failOn: ['error', 'version'] });
  } finally {
    fs.openSync = real;
    syncBuiltinESMExports();
  }
  assert.equal(r.failed, false, JSON.stringify(r.packages[0]!.findings));
  // page20's link to page21 is broken: the link check judged the links it was handed.
  assert.deepEqual(r.packages[0]!.diagnostics.filter((d) => d.code === 'LINK_BROKEN').map((d) => d.file), ['knowledge/page20.md']);
  assert.deepEqual(changesOf(r.packages[0]!.diff!.result), [`modified document ${doc(3).id}`]);
  // The edited page once more, for its items.
  assert.deepEqual(Object.fromEntries(opened), Object.fromEntries(docs.map((d) => [`${d.title.toLowerCase()}.md`, d.title === 'Page3' ? 3 : 2])));
});

test('a package\'s version, asked of items with no differing file, is read from its manifest alone in every format — and the same as the whole read gives', async () => {
  const { acx } = await import('../../src/acx/module.js');
  const { ctxpkg } = await import('../../src/ctxpkg/module.js');
  const cases = [
    { module: octx, files: octxFiles('1.2.3', [doc(1), doc(2)]), manifest: 'manifest.json' },
    { module: ctxpkg, files: ctxpkgFiles('1.2.3'), manifest: 'ctxpkg.yaml' },
    { module: acx, files: acxFiles('1.2.3'), manifest: 'cartridge.yaml' },
  ];
  for (const c of cases) {
    const read: string[] = [];
    const tree = new MemoryTree(c.files);
    const readOf = tree.read.bind(tree);
    tree.read = (path: string) => { read.push(path); return readOf(path); };
    const fast = await c.module.items(tree, { only: new Set() });
    assert.deepEqual([...new Set(read)], [c.manifest], c.module.name);
    const whole = await c.module.items(new MemoryTree(c.files), {});
    assert.deepEqual([fast.identity, fast.name, fast.version], [whole.identity, whole.name, whole.version], c.module.name);
    assert.equal(fast.version, '1.2.3');
    // Nothing differs: no change, as the whole read of both sides finds.
    assert.deepEqual(diffSummaries(fast, fast).changes, diffSummaries(whole, whole).changes);
  }
  // A manifest that does not name the package: the whole read, which says why.
  const bad = new MemoryTree({ ...acxFiles('1.2.3'), 'cartridge.yaml': 'publisher: [\n' });
  await assert.rejects(acx.items(bad, { only: new Set() }), (e: unknown) => e instanceof DiagnosticError && e.diagnostic.code === 'ACX_SOURCE_YAML' && e.diagnostic.file === 'cartridge.yaml');
});
