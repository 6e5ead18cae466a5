// Applies a planned source tree to a directory: writes only files whose bytes differ (each to a
// temp file renamed into place), removes managed files no longer planned, and never writes through
// a symlink or outside the directory.
import { lstatSync, readFileSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { refuseSymlinks, writeFileAtomic } from '../core/atomic.js';
import { fail } from '../core/diagnostics.js';
import { makeDirs } from '../core/dirs.js';
import { unsafePathReason } from '../core/paths.js';

export interface Plan {
  /** path → bytes to be there */
  write: Map<string, Buffer>;
  /** paths to remove when present */
  remove: string[];
}

export interface Applied {
  written: string[];
  removed: string[];
  unchanged: number;
}

/** Refuses a path whose existing parent inside `root` is a symlink or not a directory. */
function checkInside(root: string, rel: string): void {
  const why = unsafePathReason(rel);
  if (why) fail('SYNC_PATH_UNSAFE', `${rel}: ${why}`, { file: rel }, 2);
  const parts = rel.split('/');
  let abs = root;
  for (let i = 0; i < parts.length; i++) {
    abs = join(abs, parts[i]!);
    let st;
    try { st = lstatSync(abs); } catch { return; }
    if (st.isSymbolicLink()) fail('SYNC_TARGET_SYMLINK', `${parts.slice(0, i + 1).join('/')} in the target is a symbolic link; ctxforge never writes through one`, { file: rel, hint: 'replace the link with a real directory or file' }, 2);
    if (i < parts.length - 1 && !st.isDirectory()) fail('SYNC_PATH_UNSAFE', `${parts.slice(0, i + 1).join('/')} in the target is not a directory`, { file: rel }, 2);
  }
}

function current(abs: string): Buffer | undefined {
  try { return readFileSync(abs); } catch { return undefined; }
}

/** What applying `plan` to `root` would change, without changing it. */
export function preview(root: string, plan: Plan): Applied {
  const out: Applied = { written: [], removed: [], unchanged: 0 };
  for (const [rel, bytes] of plan.write) {
    checkInside(root, rel);
    const have = current(join(root, ...rel.split('/')));
    if (have && have.equals(bytes)) out.unchanged++;
    else out.written.push(rel);
  }
  for (const rel of plan.remove) {
    if (plan.write.has(rel)) continue;
    checkInside(root, rel);
    try { if (lstatSync(join(root, ...rel.split('/'))).isFile()) out.removed.push(rel); } catch { /* already gone */ }
  }
  out.written.sort();
  out.removed.sort();
  return out;
}

export async function apply(root: string, plan: Plan): Promise<Applied> {
  const out = preview(root, plan);
  for (const rel of out.written) {
    const abs = join(root, ...rel.split('/'));
    // Before making folders: a symlinked folder in the tree would have them made wherever it points.
    refuseSymlinks(abs, root);
    makeDirs(dirname(abs));
    await writeFileAtomic(abs, plan.write.get(rel)!, 0o644, root);
  }
  for (const rel of out.removed) {
    const abs = join(root, ...rel.split('/'));
    unlinkSync(abs);
    // Folders the removal emptied go too (a renamed upstream folder leaves none behind).
    for (let d = dirname(abs); d.length > root.length; d = dirname(d)) {
      try { rmdirSync(d); } catch { break; }
    }
  }
  return out;
}
