// Atomic outputs: write to a temp file beside the target, then rename, so a reader (or a crash)
// sees the old file or the new one, never half of one.
import { open, rename, rm, mkdir, link, unlink } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { randomBytes } from 'node:crypto';

export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.ctxforge-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/**
 * Writes through a temp file: `produce` writes to the temp path, `check` (optional) may inspect it,
 * then it is renamed over `target`. On any failure the temp file is removed.
 */
export async function writeAtomic(
  target: string,
  produce: (tmpPath: string) => Promise<void>,
  opts: { mode?: number; check?: (tmpPath: string) => Promise<void> } = {},
): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const tmp = tempPathFor(target);
  try {
    await produce(tmp);
    if (opts.check) await opts.check(tmp);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

export async function writeFileAtomic(target: string, data: Uint8Array | string, mode = 0o644): Promise<void> {
  await writeAtomic(target, async (tmp) => {
    const fh = await open(tmp, 'wx', mode);
    try {
      await fh.writeFile(data);
      await fh.chmod(mode);
      await fh.sync();
    } finally {
      await fh.close();
    }
  });
}

/** Publishes `tmp` at `target` only if `target` does not exist (no overwrite, no race). */
export async function publishNoOverwrite(tmp: string, target: string): Promise<void> {
  await link(tmp, target);
  await unlink(tmp);
}
