// A directory's listing does not stat its files (issue 39: the stat of every file before any read
// was ~0.4 s of validate's 2.9 s at 50,000 documents): a document's size comes from its read's own
// fstat, where the per-file limit is applied — on this thread and on the documents' worker. The
// verdict must be the one a tree that lists sizes gives.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { DiskTree, MemoryTree } from '../../src/core/tree.js';
import { DEFAULT_LIMITS } from '../../src/core/limits.js';
import { octx } from '../../src/octx/module.js';
import { useBuiltWorkers } from '../../src/core/worker.js';
import { builtWorkers } from '../helpers/built.js';

before(() => useBuiltWorkers(builtWorkers()));
after(() => useBuiltWorkers(undefined));

const ID = (n: number) => `019a0000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const MANIFEST = JSON.stringify({ format: 'octx', format_version: '0.1', asset: { id: ID(999_999), name: 'Sizes' }, release: { version: '1.0.0' } });
const doc = (i: number, pad = 0) => `---\ntype: Reference\noctx:\n  document_id: ${ID(i)}\n---\n\n# D${i}\n\n${'x'.repeat(pad)}\n`;

function files(): Record<string, string> {
  const f: Record<string, string> = { 'manifest.json': MANIFEST, 'knowledge/index.md': '# Index\n\n- [D0](d0.md)\n' };
  for (let i = 0; i < 40; i++) f[`knowledge/d${i}.md`] = doc(i);
  // Over the limit below (the others are ~90 bytes).
  f['knowledge/big.md'] = doc(100, 400);
  f['knowledge/sub/big2.md'] = doc(101, 400);
  return f;
}

/** The report as the reader sees it: every finding's code, file and message. */
async function verdict(tree: DiskTree | MemoryTree, maxFileBytes: number) {
  const r = await octx.validateSource(tree, { limits: { ...DEFAULT_LIMITS, maxFileBytes } });
  return { valid: r.valid, diagnostics: r.diagnostics.map((d) => [d.code, d.file, d.message]) };
}

test('validate of a directory stats no document: sizes come from the read', async () => {
  const dir = tmpDir();
  writeTree(dir, files());
  const statted: string[] = [];
  const real = { lstatSync: fs.lstatSync, statSync: fs.statSync };
  const spy = (name: 'lstatSync' | 'statSync') => ((p: fs.PathLike, ...rest: unknown[]) => {
    if (String(p).startsWith(join(dir, 'knowledge'))) statted.push(`${name} ${String(p).slice(dir.length + 1)}`);
    return (real[name] as (...a: unknown[]) => unknown)(p, ...rest);
  });
  fs.lstatSync = spy('lstatSync') as typeof fs.lstatSync;
  fs.statSync = spy('statSync') as typeof fs.statSync;
  syncBuiltinESMExports();
  let v;
  try {
    v = await verdict(new DiskTree(dir), DEFAULT_LIMITS.maxFileBytes);
  } finally {
    Object.assign(fs, real);
    syncBuiltinESMExports();
  }
  assert.deepEqual(v, { valid: true, diagnostics: [] });
  // The folder knowledge/sub is walked (a folder's entries come from readdir), no file is statted.
  assert.deepEqual(statted.filter((s) => s.endsWith('.md')), []);
});

for (const worker of ['0', '1']) {
  test(`a document over the per-file limit: the verdict a listed size gives (documents' worker ${worker === '1' ? 'on' : 'off'})`, async () => {
    const dir = tmpDir();
    const f = files();
    writeTree(dir, f);
    const was = process.env.CTXFORGE_RECORD_WORKER;
    process.env.CTXFORGE_RECORD_WORKER = worker;
    try {
      const onDisk = await verdict(new DiskTree(dir), 200);
      // A tree that knows every size from its listing checks the limit before reading.
      const listed = await verdict(new MemoryTree(f, dir), 200);
      assert.deepEqual(onDisk, listed);
      assert.equal(onDisk.valid, false);
      assert.deepEqual(onDisk.diagnostics.filter((d) => d[0] === 'OCTX_ZIP_LIMIT').map((d) => d[1]), ['knowledge/big.md', 'knowledge/sub/big2.md']);
      // Within the limit, nothing is said.
      assert.deepEqual(await verdict(new DiskTree(dir), 1000), { valid: true, diagnostics: [] });
    } finally {
      if (was === undefined) delete process.env.CTXFORGE_RECORD_WORKER;
      else process.env.CTXFORGE_RECORD_WORKER = was;
    }
  });
}
