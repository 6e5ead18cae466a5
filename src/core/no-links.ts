// A repository path on disk that is, or passes through, a symbolic link: a pull request can commit
// one (mode 120000) pointing anywhere, and following it would read files from outside the
// repository into a release or a report. Reading from git never follows them; this makes reading
// from disk match.
import { lstatSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The first prefix of `rel` (a relative POSIX path below `root`) that is a symbolic link, or
 * undefined when none is (also when a component does not exist: the caller's own check says so).
 */
export function linkedComponent(root: string, rel: string): string | undefined {
  const parts = rel.split('/').filter((p) => p !== '');
  let abs = root;
  for (let i = 0; i < parts.length; i++) {
    abs = join(abs, parts[i]!);
    let link: boolean;
    try { link = lstatSync(abs).isSymbolicLink(); } catch { return undefined; }
    if (link) return parts.slice(0, i + 1).join('/');
  }
  return undefined;
}
