// Where ctxforge.lock is and its text, apart from its shape and checks (lock.ts): a command that
// starts work from the lock's text before checking it (outdated's clones) loads the schema after.
import { lstat, readFile } from 'node:fs/promises';
import { fail } from '../core/diagnostics.js';
import './rules.js';

export const LOCK_NAME = 'ctxforge.lock';

/** The lock file's text, or undefined when there is none; a link or a folder is refused, never read. */
export async function readLockText(path: string, label: string): Promise<string | undefined> {
  const st = await lstat(path).catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
  if (!st) return undefined;
  if (!st.isFile()) fail('CTXFORGE_LOCK_INVALID', `${label} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; it is never followed or read`, { file: label }, 2);
  return readFile(path, 'utf8');
}
