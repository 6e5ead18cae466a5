// Sign an existing artifact through its format module.
import { resolve } from 'node:path';
import { fail } from './core/diagnostics.js';
import type { SigningKey } from './core/keys.js';
import type { BuiltArtifact } from './format.js';
import { resolveInput } from './inputs.js';

export async function signPath(spec: string, key: SigningKey, opts: { cwd?: string; env?: NodeJS.ProcessEnv; out?: string } = {}): Promise<BuiltArtifact> {
  const cwd = opts.cwd ?? process.cwd();
  const r = await resolveInput(spec, { cwd });
  if (r.kind !== 'artifact') fail('CTXFORGE_USAGE', `${spec} is a source tree; sign takes a built package (or use build --key)`, {}, 2);
  if (!r.module.sign) fail('CTXFORGE_USAGE', `${r.module.title} defines no embedded signature; release signing covers it through SHA256SUMS.minisig`, {}, 2);
  return r.module.sign(r.input, key, resolve(cwd, opts.out ?? spec), { env: opts.env });
}
