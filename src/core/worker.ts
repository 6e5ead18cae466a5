// Worker threads of ctxforge's own modules, started the same way from source, from lib/ and from
// the one-file bundle (where every worker module sits beside main.js under its own name).
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** Starts the worker module `name` (e.g. 'record-worker') that lies beside the module at `callerUrl`. */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.ts')) {
    // Running from source (tests): a worker does not inherit tsx's loader hooks on Node 20, so it
    // registers tsx before importing the TypeScript module.
    const entry = new URL(`./${name}.ts`, callerUrl).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
  }
  return new Worker(new URL(`./${name}.js`, callerUrl), options);
}
