// Which upstream files a sync takes: `--include` and `--exclude` globs, relative to the docs
// folder (picomatch syntax; a pattern ending in `/` is that folder and everything below it). A
// file is taken when it matches an include (or none is given) and no exclude; the others are
// named in the report, never silently dropped.
import picomatch from 'picomatch';
import { fail } from '../core/diagnostics.js';

export interface Selection {
  /** Why `path` is left out, or undefined when it is taken. */
  leftOut(path: string): string | undefined;
  /** Given every path of the docs folder before any is asked about (a choice that depends on the whole listing). */
  prepare?(paths: readonly string[]): void;
}

/** Both selections: a file is taken when neither leaves it out (the first one's reason wins). */
export function both(a: Selection | undefined, b: Selection | undefined): Selection | undefined {
  if (!a || !b) return a ?? b;
  return {
    prepare(paths) { a.prepare?.(paths); b.prepare?.(paths); },
    leftOut: (path) => a.leftOut(path) ?? b.leftOut(path),
  };
}

function compile(flag: string, patterns: readonly string[]): ((p: string) => string | undefined) {
  const ms = patterns.map((raw) => {
    const p = raw.replace(/\\/g, '/');
    if (!p.trim() || p.startsWith('/') || p.split('/').includes('..')) fail('CTXFORGE_USAGE', `${flag} takes a glob relative to the docs folder, got ${JSON.stringify(raw)}`, {}, 2);
    const glob = p.endsWith('/') ? `${p}**` : p;
    return { raw, test: picomatch(glob, { dot: true }) };
  });
  return (path) => ms.find((m) => m.test(path))?.raw;
}

export function selection(include: readonly string[] = [], exclude: readonly string[] = []): Selection | undefined {
  if (!include.length && !exclude.length) return undefined;
  const inc = include.length ? compile('--include', include) : undefined;
  const exc = compile('--exclude', exclude);
  return {
    leftOut(path) {
      if (inc && inc(path) === undefined) return `matched by no --include (${include.join(', ')})`;
      const x = exc(path);
      return x === undefined ? undefined : `left out by --exclude ${x}`;
    },
  };
}
