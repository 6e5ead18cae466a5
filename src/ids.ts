// `ids`: stamp missing stable IDs into a source tree of whichever format it is, or say plainly why
// the path is not one (a missing path is I/O, a file or a foreign folder a usage error: exit 2).
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fail } from './core/diagnostics.js';
import { DiskTree } from './core/tree.js';
import type { StampResult } from './format.js';
import { detectSource } from './formats.js';

export async function stampPath(spec: string, opts: { cwd: string; dryRun?: boolean }): Promise<StampResult & { format: string; dir: string }> {
  const dir = resolve(opts.cwd, spec);
  let st;
  try { st = statSync(dir); } catch { fail('CTXFORGE_IO', `${spec}: no such file or directory`, {}, 2); }
  if (!st.isDirectory()) fail('CTXFORGE_USAGE', `${spec} is a file; ids stamps the documents of a source folder`, { hint: 'give the OCTX working directory or ctxpkg source tree that holds it' }, 2);
  const m = await detectSource(new DiskTree(dir));
  if (!m) fail('CTXFORGE_USAGE', `${spec} is not an OCTX working directory (manifest.json) or a ctxpkg source tree (ctxpkg.yaml)`, { hint: 'start one with `ctxforge init octx|ctxpkg <dir>`, or bring a docs folder in with `ctxforge sync`' }, 2);
  if (!m.stampIds) fail('CTXFORGE_USAGE', `${spec} is a ${m.title} source tree, whose files are identified by their path: ids stamps OCTX and ctxpkg sources`, {}, 2);
  return { format: m.name, dir: spec, ...(await m.stampIds(dir, { dryRun: opts.dryRun })) };
}
