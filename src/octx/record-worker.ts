// The worker thread of the record pass (record-pass.ts): reads each record file through the
// descriptor it is given, hashes it and feeds the same inline pass, block by block.
import { readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { InlinePass, type RecordPassLimits, type RecordWorkerMessage, type RecordWorkerReply } from './record-pass.js';

const pass = new InlinePass(workerData as RecordPassLimits);
const block = Buffer.allocUnsafe(1 << 20);
const reply = (m: RecordWorkerReply) => parentPort!.postMessage(m);

parentPort!.on('message', (m: RecordWorkerMessage) => {
  if (m.op === 'finish') {
    void pass.finish(m.concepts, m.idSpace).then((result) => reply({ op: 'result', result }));
    return;
  }
  const h = createHash('sha256');
  try {
    for (let done = 0; done < m.size;) {
      const n = readSync(m.fd, block, 0, Math.min(block.length, m.size - done), m.offset + done);
      if (n === 0) throw new Error(`ends after ${done} of ${m.size} bytes`);
      const c = block.subarray(0, n);
      h.update(c);
      pass.push(m.key, c);
      done += n;
    }
  } catch (e) {
    pass.end(m.key, false);
    reply({ op: 'hashed', key: m.key, error: (e as Error).message });
    return;
  }
  pass.end(m.key, true);
  reply({ op: 'hashed', key: m.key, sha256: h.digest('hex') });
});
