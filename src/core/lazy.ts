// Third-party modules loaded on first use. A command loads only what it runs: `--help` or a
// validation of Markdown must not pay ~200 ms for apache-arrow, ~90 ms for isomorphic-git (issue 7:
// start-up dominated the small cases). Every one of these packages ships CommonJS, so the load is
// synchronous and callers stay synchronous.
import { createRequire } from 'node:module';

const requireCjs = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireCjs(id) as T);
}
