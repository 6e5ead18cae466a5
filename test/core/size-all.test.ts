// A build's sizes asked on two threads (issue 39): DiskTree.sizeAll gives every listed file the size
// an lstat gives (a link or a special file 0, never followed), whether this thread, the helper or
// both take the files, and a size the helper claimed but never wrote is asked again when used; the
// record worker's part (sizesOnWaitingWorker) gives the same. Fails on the code before: there was
// no sizeAll.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir } from '../helpers/tmp.js';
import * as tree from '../../src/core/tree.js';
import { dropPrestartedWorker, prestartWorker, sizesOnWaitingWorker } from '../../src/octx/record-pass.js';
import { resolveLimits } from '../../src/core/limits.js';

type Helper = (h: tree.FileHandoff & { kind: 'disk' }, counter: SharedArrayBuffer, batch: number, out: SharedArrayBuffer) => Promise<void>;
const statHandoff = (tree as unknown as { statHandoff?: (h: tree.FileHandoff & { kind: 'disk' }, c: Int32Array, b: number, o: Float64Array) => void }).statHandoff;

function folder(): string {
  const d = tmpDir();
  for (let i = 0; i < 1300; i++) {
    mkdirSync(join(d, `f${i % 13}`), { recursive: true });
    writeFileSync(join(d, `f${i % 13}`, `p${i}.md`), 'x'.repeat(i % 97));
  }
  writeFileSync(join(d, 'outside.txt'), 'y'.repeat(1234));
  symlinkSync(join(d, 'outside.txt'), join(d, 'f0', 'link.md'));
  return d;
}

/** Each listed file's size as sizeAll left it, and as lstat gives it. */
function sizesOf(t: tree.DiskTree, l: tree.TreeListing, d: string): { got: number[]; want: number[] } {
  const got: number[] = [];
  const want: number[] = [];
  for (let i = 0; i < l.paths.length; i++) {
    if (l.kinds[i] !== 0) continue;
    got.push(l.size(i));
    const st = lstatSync(join(d, ...l.paths.at(i).split('/')));
    want.push(st.isFile() ? st.size : 0);
  }
  return { got, want };
}

test('sizeAll: every size as lstat gives it, whoever takes the files', async () => {
  assert.ok(statHandoff, 'statHandoff is missing');
  const d = folder();
  const helpers: [string, Helper][] = [
    ['no helper', async () => undefined],
    ['a helper that takes everything first', async (h, c, b, o) => statHandoff!(h, new Int32Array(c), b, new Float64Array(o))],
    ['a helper that claims a batch and stops', async (_h, c, b) => { Atomics.add(new Int32Array(c), 0, b); }],
  ];
  for (const [name, helper] of helpers) {
    const t = new tree.DiskTree(d);
    const l = await t.listing();
    await (t as unknown as { sizeAll(h: Helper): Promise<void> }).sizeAll(helper);
    const { got, want } = sizesOf(t, l, d);
    assert.equal(got.length, 1301, name);
    assert.deepEqual(got, want, name);
  }
});

test('sizeAll with the record worker waiting: the same sizes', async () => {
  const d = folder();
  prestartWorker({ ...resolveLimits(undefined) });
  try {
    const t = new tree.DiskTree(d);
    const l = await t.listing();
    await t.sizeAll(sizesOnWaitingWorker);
    const { got, want } = sizesOf(t, l, d);
    assert.deepEqual(got, want);
    // Every size is known: none is left for size(i) to ask.
    for (let i = 0; i < l.paths.length; i++) if (l.kinds[i] === 0) assert.ok(!Number.isNaN(l.sizes[i]), l.paths.at(i));
  } finally {
    dropPrestartedWorker();
  }
});
