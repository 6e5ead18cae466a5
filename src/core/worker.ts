// Worker threads of ctxforge's own modules, started the same way from source, from lib/ and from
// the one-file bundle (where every worker module sits beside main.js under its own name).
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { join } from 'node:path';

// Test hook: a folder of bundled workers (test/helpers/built.ts) for a process running from
// source, so a test that starts hundreds of workers does not load tsx and the sources in each.
let builtWorkers: string | undefined;

/** Tests only: start workers from `dir` (bundled from the same sources), or again from source (undefined). */
export function useBuiltWorkers(dir: string | undefined): void {
  builtWorkers = dir;
}

/** Starts the worker module `name` (e.g. 'record-worker') that lies beside the module at `callerUrl`. */
export function startWorker(callerUrl: string, name: string, options: WorkerOptions = {}): Worker {
  if (callerUrl.endsWith('.ts')) {
    // Plain JavaScript: without the test process's --import tsx, which each worker would load again.
    if (builtWorkers !== undefined) return new Worker(join(builtWorkers, `${name}.js`), { execArgv: [], ...options });
    // Running from source (tests): a worker does not inherit tsx's loader hooks on Node 20, so it
    // registers tsx before importing the TypeScript module.
    const entry = new URL(`./${name}.ts`, callerUrl).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    return new Worker(`import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { ...options, eval: true });
  }
  return new Worker(new URL(`./${name}.js`, callerUrl), options);
}
