// The record worker that validate of a large .octx starts while the archive opens (earlyRecordPass)
// starts only on a record file: an archive without records starts no thread (issue 28: a 50k
// no-records .octx paid a worker's start-up, ~0.3 s of CPU and ~20 MB, for nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildZip } from '../helpers/rawzip.js';
import { tmpDir } from '../helpers/tmp.js';
import { ZipTree } from '../../src/core/zip-tree.js';
import { earlyRecordPass } from '../../src/octx/package.js';
import { WorkerPass } from '../../src/octx/record-pass.js';
import { SAG_FILES } from '../../src/octx/records.js';

async function openWith(entries: { name: string; data: string }[]): Promise<ReturnType<typeof earlyRecordPass>> {
  const file = join(tmpDir(), 'p.octx');
  writeFileSync(file, buildZip(entries));
  const early = earlyRecordPass();
  const tree = await ZipTree.open(file, { early: early.ranges });
  tree.close();
  return early;
}

test('early record pass: no record file in the archive, no worker started', async () => {
  const early = await openWith([{ name: 'manifest.json', data: '{}' }, { name: 'knowledge/a.md', data: '# a\n' }]);
  try {
    assert.equal(early.pass.started, undefined);
    assert.equal(early.pass.covers({} as never, []), false);
  } finally {
    early.pass.close();
  }
});

test('early record pass: the first record file found starts the worker', async () => {
  const early = await openWith([{ name: 'manifest.json', data: '{}' }, { name: SAG_FILES.chunks, data: '{"id":"x"}\n' }]);
  try {
    assert.ok(early.pass.started instanceof WorkerPass);
  } finally {
    early.pass.close();
  }
});
