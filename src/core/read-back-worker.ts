// The worker thread of ZipPlacement.verify, for a caller that started it (prepareVerify) while the
// archive was written: it waits for the plan, then reads the finished archive back (readBack),
// every byte against the layout, while that caller's thread goes on. A build reads back on its
// own thread, while the thread pool makes the archive durable.
import { parentPort } from 'node:worker_threads';
import { readBack, type ReadBackPlan, type ReadBackResult } from './zip-placement.js';

parentPort!.once('message', (plan: ReadBackPlan) => {
  let result: ReadBackResult;
  try {
    result = readBack(plan);
  } catch (e) {
    result = { error: (e as Error).message };
  }
  parentPort!.postMessage(result);
});
