// Validate or verify what the user named: each path resolved to its format, then checked.
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { DiagnosticError } from './core/diagnostics.js';
import type { ValidateOptions, ValidationResult } from './format.js';
import { resolveInput } from './inputs.js';

export interface ValidatePathsOptions extends ValidateOptions {
  cwd?: string;
  format?: string;
  /** Also verify signatures / trust (the `verify` command). */
  verify?: boolean;
}

/** File-valued options are relative to the caller's directory, not the process's. */
function resolveFileOptions(opts: ValidatePathsOptions): ValidatePathsOptions {
  const cwd = opts.cwd ?? process.cwd();
  // Only what names an existing file is a path; key ids, hex keys and env: references pass through.
  const file = (v: string | undefined) => (v && !v.startsWith('env:') && existsSync(resolve(cwd, v)) ? resolve(cwd, v) : v);
  return { ...opts, key: file(opts.key), trust: file(opts.trust), localKey: file(opts.localKey), packagesDir: file(opts.packagesDir) };
}

export async function validateOne(spec: string, optsIn: ValidatePathsOptions = {}): Promise<ValidationResult> {
  const opts = resolveFileOptions(optsIn);
  let r;
  try {
    r = await resolveInput(spec, opts);
  } catch (e) {
    if (e instanceof DiagnosticError && e.exitCode === 1) {
      return { path: spec, format: 'unknown', kind: 'artifact', valid: false, diagnostics: e.all };
    }
    throw e;
  }
  if (r.kind === 'source') return r.module.validateSource(r.tree, opts);
  if (opts.verify && r.module.verifyArtifact) return r.module.verifyArtifact(r.input, opts);
  return r.module.validateArtifact(r.input, opts);
}

export async function validatePaths(specs: string[], opts: ValidatePathsOptions = {}): Promise<ValidationResult[]> {
  const out: ValidationResult[] = [];
  for (const s of specs) out.push(await validateOne(s, opts));
  return out;
}
