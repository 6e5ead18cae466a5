// Third-party modules loaded on first use. A command loads only what it runs: `--help` or a
// validation of Markdown must not pay ~200 ms for apache-arrow, ~90 ms for isomorphic-git (issue 7:
// start-up dominated the small cases). Every one of these packages ships CommonJS, so the load is
// synchronous and callers stay synchronous.
// In the one-file build (scripts/bundle.mjs) each of them also comes as one file beside the bundle,
// which loads in about half the time of its many modules.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const requireCjs = createRequire(import.meta.url);

function vendored(id: string): string {
  if (!import.meta.url.startsWith('file:')) return id;
  const copy = fileURLToPath(new URL(`./vendor/${id}.cjs`, import.meta.url));
  return existsSync(copy) ? copy : id;
}

export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireCjs(vendored(id)) as T);
}
