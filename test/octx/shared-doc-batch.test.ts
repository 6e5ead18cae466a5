// The document worker's replies (issue 39): a batch of documents comes back in typed slots — each
// one's digest, id and id line — and an object only for a document with more to say (a finding, a
// read error, a document kept whole). An object a document, cloned with a digest string and the
// document, kept the main thread's young generation at its largest during a build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpDir, writeTree } from '../helpers/tmp.js';
import { sharedPaths } from '../../src/core/path-table.js';
import { checkKnowledge } from '../../src/octx/documents.js';
import type { Diagnostic } from '../../src/core/diagnostics.js';
import { DOC_CONCEPT, DOC_ID, DOC_READ, DOC_WROTE, WorkerPass, type SharedDocBatch } from '../../src/octx/record-pass.js';

const id = (i: number) => `01890a5d-ac96-774b-bcce-${(0xb30209000000 + i).toString(16)}`;
const doc = (i: number) => `---\ntype: Guide\ntitle: Page ${i}\noctx:\n  document_id: ${id(i)}\n---\n# Page ${i}\n\ntext ${'x'.repeat(i % 50)}\n`;

async function share(dir: string, paths: string[], keep: 'ids' | 'all'): Promise<SharedDocBatch[]> {
  const pass = new WorkerPass({ maxDepth: 64, maxLineBytes: 1 << 20 });
  const batches: SharedDocBatch[] = [];
  try {
    // Nothing is claimed here: the worker takes every batch.
    await pass.shareDocs({ kind: 'disk', root: dir, paths: sharedPaths(paths)! }, new SharedArrayBuffer(4), 64, keep, (b) => batches.push(b));
  } finally {
    pass.close();
  }
  return batches;
}

test('the document worker replies each batch in typed slots, with no object for a document that has nothing more to say (issue 39)', async () => {
  const dir = tmpDir();
  const files: Record<string, string | Buffer> = {};
  for (let i = 0; i < 300; i++) files[`knowledge/s${i % 3}/p${String(i).padStart(3, '0')}.md`] = doc(i);
  files['knowledge/index.md'] = '# Index\n\n- [a](s0/p000.md)\n';
  files['knowledge/no-id.md'] = '---\ntype: Guide\n---\n# No id\n';
  files['knowledge/latin1.md'] = Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a]);
  writeTree(dir, files);
  const paths = [...Object.keys(files), 'knowledge/gone.md'].sort();
  // Those with something to say: a finding (no id, not UTF-8) or a read error.
  const noisy = new Set(['knowledge/latin1.md', 'knowledge/gone.md', 'knowledge/no-id.md']);

  const batches = await share(dir, paths, 'ids');
  const seen = new Set<number>();
  let objects = 0;
  for (const b of batches) {
    assert.equal(b.state.length, b.count);
    objects += b.extras.length;
    for (let s = 0; s < b.count; s++) {
      const k = b.start + s;
      seen.add(k);
      const path = paths[k]!;
      const extra = b.extras.find((r) => r.k === k);
      if (path === 'knowledge/gone.md') { assert.equal(b.state[s], 0); assert.match(extra?.error ?? '', /no such file/); continue; }
      const bytes = typeof files[path] === 'string' ? Buffer.from(files[path] as string) : files[path] as Buffer;
      assert.equal(b.state[s]! & DOC_READ, DOC_READ, path);
      assert.equal(b.state[s]! & DOC_WROTE, 0, 'nothing placed');
      assert.equal(Buffer.from(b.digests.subarray(s * 32, s * 32 + 32)).toString('hex'), createHash('sha256').update(bytes).digest('hex'), path);
      const diags: Diagnostic[] = [];
      const want = checkKnowledge(path, bytes, 64, diags);
      assert.deepEqual(extra?.diags ?? [], diags, path);
      if (!noisy.has(path)) assert.equal(extra, undefined, `${path}: no object`);
      if (!want) { assert.equal(b.state[s]! & DOC_CONCEPT, 0, path); continue; }
      assert.equal(b.state[s]! & DOC_CONCEPT, DOC_CONCEPT, path);
      assert.equal(b.idLines[s], want.idLine, path);
      if (want.id === undefined) { assert.equal(b.state[s]! & DOC_ID, 0, path); continue; }
      assert.equal(b.state[s]! & DOC_ID, DOC_ID, path);
      assert.equal(Buffer.from(b.ids.subarray(s * 16, s * 16 + 16)).toString('hex'), want.id.replace(/-/g, ''), path);
    }
  }
  assert.equal(seen.size, paths.length, 'every document once');
  // Before: one object a document (303 of them), each with a digest string and the document.
  assert.equal(objects, noisy.size);

  // Kept whole (inspect, diff, an archive's validate --json): the document comes as it was made.
  const whole = await share(dir, paths, 'all');
  for (const b of whole) {
    for (const r of b.extras) {
      const path = paths[r.k]!;
      if (!r.doc) continue;
      assert.deepEqual(r.doc, checkKnowledge(path, readFileSync(join(dir, path)), 64, []), path);
    }
    assert.equal(b.extras.filter((r) => r.doc).length, Array.from({ length: b.count }, (_, s) => paths[b.start + s]!).filter((p) => p !== 'knowledge/index.md' && p !== 'knowledge/gone.md').length);
  }
});
