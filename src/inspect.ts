// Inspect a built package through its format module.
import { fail } from './core/diagnostics.js';
import type { Limits } from './core/limits.js';
import type { InspectResult } from './format.js';
import { resolveInput } from './inputs.js';

export interface InspectPathOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  limits?: Partial<Limits>;
  budget?: string;
  trust?: string;
}

export async function inspectPath(spec: string, opts: InspectPathOptions = {}): Promise<InspectResult> {
  const r = await resolveInput(spec, { cwd: opts.cwd });
  if (r.kind !== 'artifact') fail('CTXFORGE_USAGE', `${spec} is a source tree; inspect takes a built package (run build first, or validate it)`, {}, 2);
  return r.module.inspect(r.input, { limits: opts.limits, env: opts.env, trust: opts.trust, budget: opts.budget });
}
