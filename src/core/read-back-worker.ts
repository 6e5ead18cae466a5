// The worker thread of ZipPlacement.verify: started while the archive is written, it waits for
// the plan, then reads the finished archive back (readBack), every byte against the layout, while
// the main thread makes it durable.
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
