// Scaffold a new source tree of a format into an empty or absent directory.
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fail } from './core/diagnostics.js';
import { formatByName } from './formats.js';

export async function initSource(format: string, dir: string, opts: { cwd?: string; name?: string; epochMs?: number } = {}) {
  const m = formatByName(format);
  if (!m) fail('CTXFORGE_USAGE', `unknown format ${JSON.stringify(format)}: use octx, ctxpkg or acx`, {}, 2);
  const abs = resolve(opts.cwd ?? process.cwd(), dir);
  const existing = await readdir(abs).catch(() => [] as string[]);
  if (existing.length) fail('CTXFORGE_OUTPUT_EXISTS', `${dir} is not empty; init writes only into an empty or new directory`, {}, 2);
  const files = await m.init(abs, { name: opts.name, epochMs: opts.epochMs });
  return { format: m.name, dir, files };
}
