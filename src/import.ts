// Import a built artifact back into a source tree through its format module.
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DiagnosticError, fail } from './core/diagnostics.js';
import { resolveInput } from './inputs.js';
import type { Limits } from './core/limits.js';
import { unpackOctx } from './octx/unpack.js';

export async function importPath(spec: string, dir: string, opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const cwd = opts.cwd ?? process.cwd();
  const r = await resolveInput(spec, { cwd });
  if (r.kind !== 'artifact') fail('CTXFORGE_USAGE', `${spec} is already a source tree`, {}, 2);
  if (!r.module.importArtifact) fail('CTXFORGE_USAGE', `import is not available for ${r.module.title}; use unpack`, {}, 2);
  const abs = resolve(cwd, dir);
  const existing = await readdir(abs).catch(() => [] as string[]);
  if (existing.length) fail('CTXFORGE_OUTPUT_EXISTS', `${dir} is not empty; import writes only into an empty or new directory`, {}, 2);
  const files = await r.module.importArtifact(r.input, abs, { env: opts.env });
  return { format: r.module.name, dir, files };
}

/**
 * `unpack` takes a built .octx. A package of another format gets the command that fits it instead
 * of a ZIP error; anything undetected is left to the archive checks, which say what is wrong.
 */
export async function unpackPath(spec: string, dir: string, opts: { cwd?: string; limits?: Partial<Limits> } = {}) {
  const cwd = opts.cwd ?? process.cwd();
  // A missing file is an I/O error (exit 2); bytes of no known format still get the archive checks.
  const r = await resolveInput(spec, { cwd }).catch((e: unknown) => {
    if (e instanceof DiagnosticError && e.diagnostic.code === 'CTXFORGE_IO') throw e;
    return undefined;
  });
  if (r?.kind === 'source') fail('CTXFORGE_USAGE', `${spec} is a source tree; unpack takes a built .octx`, {}, 2);
  if (r && r.module.name !== 'octx') {
    fail('CTXFORGE_USAGE', `${spec} is ${r.module.title}; unpack is for .octx${r.module.importArtifact ? ', use \`ctxforge import\`' : ''}`, {}, 2);
  }
  return unpackOctx({ label: spec, path: resolve(cwd, spec) }, resolve(cwd, dir), { limits: opts.limits });
}
