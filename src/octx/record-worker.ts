// The worker thread of the record pass (record-pass.ts): reads each record file through the
// descriptor it is given, hashes it and feeds the same inline pass, block by block; then checks
// the vectors files against the ids so far, and takes batches of the knowledge documents.
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { parentPort, workerData } from 'node:worker_threads';
import { InlinePass, type RecordPassLimits, type RecordWorkerMessage, type RecordWorkerReply, type SharedDocResult } from './record-pass.js';
import { readBlocks, readExactly, readHandoff, type FileHandoff } from '../core/tree.js';
import { sha256Hex } from '../core/hash.js';
import { checkKnowledge } from './documents.js';
import type { Diagnostic } from '../core/diagnostics.js';

const limits = workerData as RecordPassLimits;
const pass = new InlinePass(limits);
const reply = (m: RecordWorkerReply) => parentPort!.postMessage(m);

parentPort!.on('message', (m: RecordWorkerMessage) => {
  if (m.op === 'docs') {
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch);
    reply({ op: 'docs-done' });
    return;
  }
  if (m.op === 'finish') {
    void pass.finish(m.concepts, m.idSpace).then((result) => {
      // The ids stay here when the vectors were checked here: a 100 000-entry map is costly to clone.
      if (result.vectorDiags) delete result.ids;
      reply({ op: 'result', result });
    });
    return;
  }
  if (m.op === 'vectors') {
    try {
      pass.checkVectors(m.files.map((f) => ({ path: f.path, kind: f.kind, bytes: readExactly(f.fd, f.offset, f.size) })));
    } catch {
      // Unreadable here: the main thread checks the vectors itself.
    }
    return;
  }
  const h = createHash('sha256');
  // The CRC-32 too: a build writes the file into its archive, whose local header needs it first.
  let crc = 0;
  try {
    let done = 0;
    for (const c of readBlocks(m.fd, m.offset, m.size)) {
      h.update(c);
      crc = crc32(c, crc);
      pass.push(m.key, c);
      done += c.length;
    }
    if (done < m.size) throw new Error(`ends after ${done} of ${m.size} bytes`);
  } catch (e) {
    pass.end(m.key, false);
    reply({ op: 'hashed', key: m.key, error: (e as Error).message });
    return;
  }
  pass.end(m.key, true);
  reply({ op: 'hashed', key: m.key, sha256: h.digest('hex'), crc32: crc });
});

// The worker's share of the knowledge documents: the checks the main thread runs on its share.
function shareDocs(h: FileHandoff, counter: Int32Array, batch: number): void {
  for (;;) {
    const start = Atomics.add(counter, 0, batch);
    if (start >= h.paths.length) return;
    const results: SharedDocResult[] = [];
    for (let k = start; k < Math.min(start + batch, h.paths.length); k++) {
      const path = h.paths[k]!;
      const diags: Diagnostic[] = [];
      let bytes: Buffer;
      try {
        bytes = readHandoff(h, k);
      } catch (e) {
        results.push({ k, error: (e as Error).message, diags });
        continue;
      }
      results.push({ k, sha256: sha256Hex(bytes), doc: checkKnowledge(path, bytes, limits.maxDepth, diags), diags });
    }
    reply({ op: 'docs', results });
  }
}
