// The worker thread of ZipPlacement.verify: reads a finished archive back (readBack) while the
// main thread opens it and checks its entries.
import { parentPort, workerData } from 'node:worker_threads';
import { readBack, type ReadBackPlan, type ReadBackResult } from './zip-placement.js';

let result: ReadBackResult;
try {
  result = readBack(workerData as ReadBackPlan);
} catch (e) {
  result = { error: (e as Error).message };
}
parentPort!.postMessage(result);
