// A site's configuration file read as text: a regular file only (never through a symbolic link),
// at most 4 MiB, else nothing — configuration is hostile input like any page.
import { lstatSync, readFileSync } from 'node:fs';

export function readPlain(abs: string): string | undefined {
  try {
    const st = lstatSync(abs);
    if (!st.isFile() || st.size > 4 * 1024 * 1024) return undefined;
    return readFileSync(abs, 'utf8');
  } catch { return undefined; }
}
