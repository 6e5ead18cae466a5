// Scaffold a new source tree of a format into an empty or absent directory.
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from './core/atomic.js';

const GITIGNORE = '# written by ctxforge init: build output and signing keys stay out of git\ndist/\n*.key\n';
import { fail } from './core/diagnostics.js';
import { formatByName } from './formats.js';

export async function initSource(format: string, dir: string, opts: { cwd?: string; name?: string; epochMs?: number } = {}) {
  const m = formatByName(format);
  if (!m) fail('CTXFORGE_USAGE', `unknown format ${JSON.stringify(format)}: use octx, ctxpkg or acx`, {}, 2);
  const abs = resolve(opts.cwd ?? process.cwd(), dir);
  const existing = await readdir(abs).catch(() => [] as string[]);
  if (existing.length) fail('CTXFORGE_OUTPUT_EXISTS', `${dir} is not empty; init writes only into an empty or new directory`, {}, 2);
  const files = await m.init(abs, { name: opts.name, epochMs: opts.epochMs });
  // Build output and keys must not be committed by a `git add -A` in the new tree.
  await writeFileAtomic(join(abs, '.gitignore'), GITIGNORE);
  return { format: m.name, dir, files: [...files, '.gitignore'].sort() };
}
