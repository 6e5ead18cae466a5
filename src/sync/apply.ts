// Applies a planned source tree to a directory: writes only files whose bytes differ (each to a
// temp file renamed into place, or a new tree whole, renamed into place once), removes managed
// files no longer planned, and never writes through a symlink or outside the directory. Each
// folder of the target is looked at once, however many files it holds.
import { closeSync, constants, fstatSync, lstatSync, openSync, rmdirSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFilesAtomic, writeTreeAtomic } from '../core/atomic.js';
import { fail } from '../core/diagnostics.js';
import { unsafePathReason } from '../core/paths.js';
import { readUpTo } from '../core/tree.js';
import { contentBytes, type FileContent } from '../format.js';

export interface Plan {
  /** path → bytes to be there (a render is made when it is compared or written, never held for the whole plan) */
  write: Map<string, FileContent>;
  /** paths to remove when present */
  remove: string[];
}

export interface Applied {
  written: string[];
  removed: string[];
  unchanged: number;
}

/**
 * The folders of a target, each checked once: a path whose existing folder inside `root` is a
 * symlink or not a directory is refused; a missing folder means nothing below it exists yet.
 */
class TargetFolders {
  private readonly seen = new Map<string, 'dir' | 'missing'>();
  constructor(private readonly root: string) {}

  /** Checks `rel` (its folders, then the file itself when they exist); false when a folder is missing. */
  check(rel: string): { parts: string[]; present: boolean } {
    const why = unsafePathReason(rel);
    if (why) fail('SYNC_PATH_UNSAFE', `${rel}: ${why}`, { file: rel }, 2);
    const parts = rel.split('/');
    let prefix = '';
    for (let i = 0; i < parts.length - 1; i++) {
      prefix = i ? `${prefix}/${parts[i]}` : parts[i]!;
      const known = this.seen.get(prefix);
      if (known === 'missing') return { parts, present: false };
      if (known === 'dir') continue;
      let st;
      try { st = lstatSync(join(this.root, ...parts.slice(0, i + 1))); } catch { this.seen.set(prefix, 'missing'); return { parts, present: false }; }
      if (st.isSymbolicLink()) symlinkInTheWay(parts, i, rel);
      if (!st.isDirectory()) fail('SYNC_PATH_UNSAFE', `${parts.slice(0, i + 1).join('/')} in the target is not a directory`, { file: rel }, 2);
      this.seen.set(prefix, 'dir');
    }
    return { parts, present: true };
  }
}

function symlinkInTheWay(parts: string[], i: number, rel: string): never {
  return fail('SYNC_TARGET_SYMLINK', `${parts.slice(0, i + 1).join('/')} in the target is a symbolic link; ctxforge never writes through one`, { file: rel, hint: 'replace the link with a real directory or file' }, 2);
}

/**
 * The bytes of the file at `rel` when it is a regular file; undefined when it is absent or not a
 * regular file; a symlink is refused. One open (O_NOFOLLOW) does the lstat's work and the read's.
 */
function current(root: string, parts: string[], rel: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(join(root, ...parts), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP') symlinkInTheWay(parts, parts.length - 1, rel);
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined;
    return readUpTo(fd, st.size);
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Renders the preview made to compare, kept for the write: up to this many bytes, so that a file
 * planned as a render (a page whose body is read again) is rendered once, not twice.
 */
const KEPT_RENDERS = 32 << 20;

/**
 * What applying `plan` to `root` would change, without changing it. `rendered` is told each render
 * made to compare a file that differs (to be written).
 */
export function preview(root: string, plan: Plan, rendered?: (rel: string, bytes: Buffer) => void): Applied {
  const out: Applied = { written: [], removed: [], unchanged: 0 };
  const folders = new TargetFolders(root);
  for (const [rel, content] of plan.write) {
    const { parts, present } = folders.check(rel);
    const have = present ? current(root, parts, rel) : undefined;
    if (have) {
      const bytes = contentBytes(content);
      if (have.equals(bytes)) { out.unchanged++; continue; }
      if (typeof content === 'function') rendered?.(rel, bytes);
    }
    out.written.push(rel);
  }
  for (const rel of plan.remove) {
    if (plan.write.has(rel)) continue;
    const { parts, present } = folders.check(rel);
    if (!present) continue;
    let st;
    try { st = lstatSync(join(root, ...parts)); } catch { continue; /* already gone */ }
    if (st.isSymbolicLink()) symlinkInTheWay(parts, parts.length - 1, rel);
    if (st.isFile()) out.removed.push(rel);
  }
  out.written.sort();
  out.removed.sort();
  return out;
}

/**
 * Writes what `plan` changes below `root` (a new tree whole, else file by file) and removes what it
 * removes. `onWritten` is told the bytes each written file was given, by its path in the tree.
 */
export async function apply(root: string, plan: Plan, onWritten?: (rel: string, bytes: Uint8Array) => void): Promise<Applied> {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const out = preview(root, plan, (rel, bytes) => {
    if (keptBytes + bytes.length > KEPT_RENDERS) return;
    kept.set(rel, bytes);
    keptBytes += bytes.length;
  });
  const data = (rel: string): FileContent => kept.get(rel) ?? plan.write.get(rel)!;
  let exists = true;
  try { lstatSync(root); } catch { exists = false; }
  if (!exists && out.written.length) {
    // A new tree appears whole or not at all. Nothing was there to compare, so every planned file is
    // written as planned: the plan itself is the tree (no copy of a map of every file).
    await writeTreeAtomic(root, kept.size === 0 && out.written.length === plan.write.size ? plan.write : new Map(out.written.map((rel) => [rel, data(rel)])), 0o644, onWritten);
  } else {
    const told = (rel: string, c: FileContent) => () => { const b = contentBytes(c); onWritten!(rel, b); return b; };
    await writeFilesAtomic(out.written.map((rel) => ({ target: join(root, ...rel.split('/')), data: onWritten ? told(rel, data(rel)) : data(rel) })), 0o644, root);
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
