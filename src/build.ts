// Build a source directory into its artifact, with the key and epoch resolved from user options.
import { resolve } from 'node:path';
import { fail, warning, type Diagnostic } from './core/diagnostics.js';
import { uncommittedPaths } from './repo/ignored.js';
import { loadSigningKey } from './core/keys.js';
import type { Limits } from './core/limits.js';
import type { BuiltArtifact } from './format.js';
import { resolveInput } from './inputs.js';

export interface BuildPathOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  outDir: string;
  epoch?: number | string;
  keySpec?: string;
  allowSecrets?: boolean;
  compress?: boolean;
  limits?: Partial<Limits>;
  warnings?: Diagnostic[];
  format?: string;
}

export async function buildPath(src: string, opts: BuildPathOptions): Promise<BuiltArtifact> {
  const cwd = opts.cwd ?? process.cwd();
  const r = await resolveInput(src, { cwd, format: opts.format });
  if (r.kind !== 'source') fail('CTXFORGE_USAGE', `${src} is a built package; build takes a source directory`, { hint: 'to re-sign a package use `ctxforge sign`' }, 2);
  const warnings = opts.warnings ?? [];
  const key = opts.keySpec ? loadSigningKey(opts.keySpec, { env: opts.env, warnings }) : undefined;
  if (r.dir) {
    const changed = await uncommittedPaths(r.dir);
    if (changed.length) {
      const env = opts.env ?? process.env;
      const fromCommit = (opts.epoch === undefined || opts.epoch === '') && !env.SOURCE_DATE_EPOCH;
      warnings.push(warning('CTXFORGE_BUILD_UNCOMMITTED', `${src} has ${changed.length} uncommitted change${changed.length === 1 ? '' : 's'} (${changed.slice(0, 3).join(', ')}${changed.length > 3 ? ', …' : ''}): the bytes will not match a build of ${fromCommit ? 'the last commit, whose time this build uses' : 'the committed source'}`, {
        hint: 'commit first for a build anyone can reproduce from git (`ctxforge verify --reproduce`)',
      }));
    }
  }
  return r.module.build(r.tree, {
    outDir: resolve(cwd, opts.outDir),
    epoch: opts.epoch,
    sourceDir: r.dir,
    sourceTime: r.time,
    key,
    allowSecrets: opts.allowSecrets,
    compress: opts.compress,
    limits: opts.limits,
    env: opts.env,
    warnings,
  });
}
