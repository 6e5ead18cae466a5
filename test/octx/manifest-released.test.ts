// A built manifest lists every file (15 MB at 100,000 documents). Where the tree's read gives bytes
// nobody else holds (an archive), validate releases them once the manifest's findings have their
// lines, so they do not stay resident until V8's next full collection (issue 39: that collection
// came at the end of a 100,000-document validate). A tree that keeps its own bytes (MemoryTree)
// must get them back untouched. Fails without the release, and if a tree's own bytes are released.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import { repoRoot } from '../helpers/cli.js';
import { DiskTree, MemoryTree } from '../../src/core/tree.js';
import { buildOctx } from '../../src/octx/build.js';
import { openOctx } from '../../src/octx/archive.js';
import { checkPackage } from '../../src/octx/package.js';

test('an archive\'s large manifest is released after its check; a MemoryTree\'s bytes are not', async () => {
  const { generateFlatOctx } = await import(join(repoRoot, 'bench', 'generate.mjs'));
  // 8,000 documents: a built manifest of ~1.2 MB, over the 1 MiB worth releasing.
  const { dir } = generateFlatOctx(tmpDir(), 8000, 5) as { dir: string };
  const built = await buildOctx(new DiskTree(dir), { outDir: tmpDir(), epoch: 1767225600 });
  const out = built.path;
  const opened = await openOctx({ label: out, path: out });
  const tree = opened.tree!;
  try {
    assert.equal(tree.readsOwned, true);
    const given: Buffer[] = [];
    const read = tree.read.bind(tree);
    tree.read = async (path: string) => { const b = await read(path); if (path === 'manifest.json') given.push(b); return b; };
    const report = await checkPackage(tree, { workdir: false });
    assert.deepEqual(report.diagnostics.filter((d) => d.severity === 'error'), []);
    assert.equal(given.length, 1);
    assert.equal(given[0]!.length, 0, 'the manifest\'s bytes were released');

    // The same files in a tree that keeps them: nothing of its own is released, and the verdict is the same.
    const files = new Map<string, Uint8Array>();
    for (const e of await tree.list()) files.set(e.path, await read(e.path));
    const manifestLength = files.get('manifest.json')!.length;
    assert.ok(manifestLength > 1 << 20, `${manifestLength} bytes`);
    const memory = new MemoryTree(files, 'memory');
    const again = await checkPackage(memory, { workdir: false });
    assert.equal((await memory.read('manifest.json')).length, manifestLength);
    assert.deepEqual(again.diagnostics, report.diagnostics);
  } finally {
    tree.close();
  }
});
