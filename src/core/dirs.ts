// Making output directories. Node's recursive mkdir never returns where mkdir answers ENOENT under a
// parent that exists (under /proc, for one): it spins at full CPU. This walk makes each missing
// directory once, so a bad --out fails at once with the system's error.
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** mkdir -p: returns the first directory it made (like mkdirSync's recursive form), or undefined. */
export function makeDirs(dir: string, mode?: number): string | undefined {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      if (!statSync(d).isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${d}'`), { code: 'ENOTDIR', path: d });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      missing.push(d);
      if (dirname(d) === d) break;
    }
  }
  for (let i = missing.length - 1; i >= 0; i--) {
    try {
      mkdirSync(missing[i]!, mode);
    } catch (e) {
      // Made meanwhile by another writer: as good as made here.
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(missing[i]!).isDirectory()) throw e;
    }
  }
  return missing.at(-1);
}
