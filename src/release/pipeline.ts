// The release pipeline: an ordered list of steps over one Context, and runRelease to drive it.
import { resolve } from 'node:path';
import { DiagnosticError, type Diagnostic } from '../core/diagnostics.js';
import { loadSigningKey } from '../core/keys.js';
import type { ValidationResult } from '../format.js';
import { artifactsFile } from './artifacts-file.js';
import { build } from './build.js';
import { checksums } from './checksums.js';
import type { Context, ReleaseArtifact, ReleaseOptions, Step, StepReport } from './context.js';
import { detect } from './detect.js';
import { notes, NOTES_NAME } from './notes.js';
import { provenance } from './provenance.js';
import { publish } from './publish.js';
import { oci } from './oci.js';
import { sign, unsignedWarning } from './sign.js';
import { validate } from './validate.js';
import './rules.js';
import type { DiffSummary } from './collab.js';
import { makeDirs } from '../core/dirs.js';
import { refuseSymlinks } from '../core/atomic.js';

export const pipeline: readonly Step[] = [
  detect,     // tag → package(s), version, commit, epoch (the tag's commit time)
  validate,   // every released source valid, or nothing is built
  build,      // deterministic artifacts; ctxpkg/acx carry their embedded signatures
  provenance, // in-toto statement naming artifacts and commit (before checksums, so it is covered)
  checksums,  // SHA256SUMS over artifacts + provenance
  sign,       // SHA256SUMS.minisig + minisign.pub (skipped without a key)
  notes,      // RELEASE_NOTES.md from the diff against the previous tag
  artifactsFile, // every built file's path into GITHUB_ARTIFACTS, for actions/attest (issue 19)
  publish,    // GitHub release, draft-first (skipped on --dry-run)
  oci,        // each package to ctxforge.yaml's oci repository, release files as referrers (skipped on --dry-run)
];

export interface ReleaseResult {
  tag: string;
  version: string;
  commit: string | null;
  epoch: number;
  prerelease: boolean;
  dry_run: boolean;
  out_dir: string;
  previous_tag: string | null;
  packages: Array<{ name: string; path: string; format: string; version: string }>;
  artifacts: Array<Omit<ReleaseArtifact, 'kind'> & { kind: string }>;
  diffs: DiffSummary[];
  notes_path: string | null;
  steps: StepReport[];
  release: Context['release'] | null;
  warnings: Diagnostic[];
}

/** Carries what had happened when a step failed (validation results, finished steps). */
export class ReleaseFailure extends DiagnosticError {
  constructor(cause: DiagnosticError, readonly step: string, readonly validation: ValidationResult[], readonly partial: ReleaseResult) {
    super(cause.diagnostic, cause.exitCode);
    this.name = 'ReleaseFailure';
  }
}

function resultOf(ctx: Context, steps: StepReport[]): ReleaseResult {
  return {
    tag: ctx.tag, version: ctx.version, commit: ctx.commit, epoch: ctx.epoch, prerelease: ctx.prerelease, dry_run: !!ctx.opts.dryRun,
    out_dir: ctx.outDir, previous_tag: ctx.previousTag,
    packages: ctx.packages.map((p) => ({ name: p.name, path: p.relPath || '.', format: p.format, version: p.version })),
    artifacts: ctx.artifacts.map((a) => ({ ...a })),
    diffs: ctx.diffs,
    notes_path: ctx.artifacts.find((a) => a.name === NOTES_NAME)?.path ?? null,
    steps, release: ctx.release ?? null, warnings: ctx.warnings,
  };
}

export async function runRelease(opts: ReleaseOptions, steps: readonly Step[] = pipeline): Promise<ReleaseResult> {
  const env = opts.env ?? process.env;
  const warnings: Diagnostic[] = [];
  const key = opts.key ?? (opts.keySpec ? loadSigningKey(opts.keySpec, { env, warnings }) : undefined);
  if (!key) warnings.push(unsignedWarning());
  const outDir = resolve(opts.cwd, opts.outDir ?? 'dist');
  // Each file write checks its own directory and name; the way from the working directory down to
  // the output directory (a committed `dist -> /elsewhere`) is checked here, once.
  refuseSymlinks(outDir, opts.cwd);
  makeDirs(outDir);
  const ctx: Context = {
    opts, env, outDir, log: opts.log ?? (() => {}), key, root: resolve(opts.cwd), tag: '', tagIsVirtual: false, version: '', commit: null, epoch: 0,
    prerelease: false, packages: [], validation: [], artifacts: [], warnings, previousTag: null, diffs: [],
  };
  const reports: StepReport[] = [];
  for (const step of steps) {
    const reason = step.skip?.(ctx) ?? false;
    if (reason) {
      reports.push({ name: step.name, status: 'skipped', reason });
      ctx.log(`skip ${step.name}: ${reason}`);
      continue;
    }
    try {
      await step.run(ctx);
    } catch (e) {
      const de = e instanceof DiagnosticError ? e : new DiagnosticError({ severity: 'error', code: 'CTXFORGE_RELEASE_STEP', message: `${step.name}: ${(e as Error).message}` }, 2);
      throw new ReleaseFailure(de, step.name, ctx.validation, resultOf(ctx, reports));
    }
    reports.push({ name: step.name, status: 'ran' });
  }
  return resultOf(ctx, reports);
}
