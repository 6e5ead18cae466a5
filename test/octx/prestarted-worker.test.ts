// The documents' worker started ahead (issue 39): a validate of a large directory starts it as soon
// as its listing shows enough documents, so that its start-up overlaps the link check's setup and
// the manifest's reading; the pass that shares documents takes that worker (the same thread), a pass
// of other limits does not, a worker no pass took is stopped when the check ends, and a small tree
// or an archive starts none. Fails on the code before: there was no prestartWorker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { tmpDir } from '../helpers/tmp.js';
import { DiskTree } from '../../src/core/tree.js';
import * as recordPass from '../../src/octx/record-pass.js';
import { prepareCheck } from '../../src/octx/package.js';
import { resolveLimits } from '../../src/core/limits.js';

const { WorkerPass } = recordPass;
const prestart = (recordPass as unknown as { prestartWorker?: (l: recordPass.RecordPassLimits) => number }).prestartWorker;
const drop = (recordPass as unknown as { dropPrestartedWorker?: () => void }).dropPrestartedWorker;
const threadOf = (p: InstanceType<typeof WorkerPass>) => (p as unknown as { worker: Worker }).worker;
const limits = { ...resolveLimits(undefined) };

test('a pass of the same limits takes the worker started ahead; one of other limits starts its own', async () => {
  assert.ok(prestart && drop, 'prestartWorker is missing');
  const id = prestart(limits);
  assert.equal(prestart(limits), id, 'one worker waits at a time');
  const taken = new WorkerPass(limits);
  try {
    assert.equal(threadOf(taken).threadId, id);
  } finally {
    taken.close();
  }
  const other = prestart(limits);
  const own = new WorkerPass({ ...limits, maxDepth: limits.maxDepth + 1 });
  try {
    assert.notEqual(threadOf(own).threadId, other, 'other limits: not the waiting worker');
  } finally {
    own.close();
  }
});

test('a worker no pass took is stopped when the check ends', async () => {
  assert.ok(prestart && drop, 'prestartWorker is missing');
  const waiting = (recordPass as unknown as { waitingWorker: () => number | undefined }).waitingWorker;
  const id = prestart(limits);
  assert.equal(waiting(), id);
  drop();
  assert.equal(waiting(), undefined);
  assert.notEqual(prestart(limits), id, 'the next one is a new thread');
  drop();
});

test('prepareCheck starts a worker for a folder of many documents, none for a small one', async () => {
  assert.ok(prestart && drop, 'prestartWorker is missing');
  const small = tmpDir();
  mkdirSync(join(small, 'knowledge'));
  for (let i = 0; i < 10; i++) writeFileSync(join(small, 'knowledge', `d${i}.md`), `# ${i}\n`);
  const large = tmpDir();
  mkdirSync(join(large, 'knowledge'));
  for (let i = 0; i < 2000; i++) writeFileSync(join(large, 'knowledge', `d${i}.md`), `# ${i}\n`);
  const waiting = (recordPass as unknown as { waitingWorker: () => number | undefined }).waitingWorker;
  drop();
  await prepareCheck(new DiskTree(small), {});
  assert.equal(waiting(), undefined, 'a small folder starts no worker');
  await prepareCheck(new DiskTree(large), {});
  const started = waiting();
  assert.ok(started !== undefined, 'a large folder starts one');
  const p = new WorkerPass(limits);
  try {
    assert.equal(threadOf(p).threadId, started, 'a large folder: its worker was waiting');
  } finally {
    p.close();
  }
});
