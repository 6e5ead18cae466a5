// Shared CLI plumbing: option parsing helpers, printing, and mapping failures to exit codes.
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import { DiagnosticError, type Diagnostic } from '../src/core/diagnostics.js';
import { diagnosticText, toJson } from '../src/core/report.js';
import type { Limits } from '../src/core/limits.js';
import { terminalSink, type ProgressSink } from '../src/core/progress.js';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where progress of long operations goes; absent when nobody watches (pipe, CI, tests). */
  progress?: ProgressSink;
  progressIntervalMs?: number;
}

// A closed pipe (`ctxforge … | head`) is the reader's choice, not an error of ours.
let epipeGuard = false;
function guardEpipe(): void {
  if (epipeGuard) return;
  epipeGuard = true;
  for (const s of [process.stdout, process.stderr]) {
    s.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw e; });
  }
}

export const defaultIo = (): Io => (guardEpipe(), {
  out: (s) => process.stdout.write(s.endsWith('\n') ? s : `${s}\n`),
  err: (s) => process.stderr.write(s.endsWith('\n') ? s : `${s}\n`),
  cwd: process.cwd(),
  env: process.env,
  ...(process.stderr.isTTY && !process.env.CI ? { progress: terminalSink(process.stderr) } : {}),
  // CTXFORGE_PROGRESS_INTERVAL_MS: how often the line is redrawn (default 100; tests use 0).
  progressIntervalMs: Number(process.env.CTXFORGE_PROGRESS_INTERVAL_MS ?? 100),
});

export function intArg(name: string) {
  return (v: string): number => {
    if (!/^\d+$/.test(v)) throw new DiagnosticError({ severity: 'error', code: 'CTXFORGE_USAGE', message: `${name} takes a whole number, got ${JSON.stringify(v)}` }, 2);
    return Number(v);
  };
}

/** Adds the resource-limit flags shared by every reading command. */
export function withLimitOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('--max-entries <n>', 'most archive entries / files').argParser(intArg('--max-entries')))
    .addOption(new Option('--max-file-bytes <n>', 'largest expanded file, bytes').argParser(intArg('--max-file-bytes')))
    .addOption(new Option('--max-total-bytes <n>', 'largest total expanded size, bytes').argParser(intArg('--max-total-bytes')))
    .addOption(new Option('--max-ratio <n>', 'highest compression ratio of one entry').argParser(intArg('--max-ratio')))
    .addOption(new Option('--max-depth <n>', 'deepest JSON / YAML nesting').argParser(intArg('--max-depth')))
    .addOption(new Option('--max-line-bytes <n>', 'longest JSONL line, bytes').argParser(intArg('--max-line-bytes')))
    .addOption(new Option('--max-jsonl-records <n>', 'most lines of one OCTX JSONL file (reference default 1000000)').argParser(intArg('--max-jsonl-records')))
    .addOption(new Option('--max-arrow-dimension <n>', 'largest vector dimension of an OCTX Arrow file (default 65536)').argParser(intArg('--max-arrow-dimension')))
    .addOption(new Option('--max-arrow-batches <n>', 'most batches of one OCTX Arrow file (default 100000)').argParser(intArg('--max-arrow-batches')))
    .addOption(new Option('--max-arrow-rows <n>', 'most rows of one OCTX Arrow file (default 10000000)').argParser(intArg('--max-arrow-rows')))
    .addOption(new Option('--max-arrow-values <n>', 'most rows × dimension of one OCTX Arrow file (default 100000000)').argParser(intArg('--max-arrow-values')));
}

export function limitsFrom(o: Record<string, unknown>): Partial<Limits> {
  return {
    maxEntries: o.maxEntries as number | undefined,
    maxFileBytes: o.maxFileBytes as number | undefined,
    maxTotalBytes: o.maxTotalBytes as number | undefined,
    maxRatio: o.maxRatio as number | undefined,
    maxDepth: o.maxDepth as number | undefined,
    maxLineBytes: o.maxLineBytes as number | undefined,
    maxJsonlRecords: o.maxJsonlRecords as number | undefined,
    maxArrowDimension: o.maxArrowDimension as number | undefined,
    maxArrowBatches: o.maxArrowBatches as number | undefined,
    maxArrowRows: o.maxArrowRows as number | undefined,
    maxArrowValues: o.maxArrowValues as number | undefined,
  };
}

/** `--config <file>`: a ctxforge.yaml-style file instead of the repository root's, for commands that discover packages. */
export function configOption(prefix = ''): Option {
  return new Option('--config <file>', `${prefix}repository config to use instead of ctxforge.yaml at the repository root (it must exist; package paths in it stay repository-relative)`);
}

/** The --config file as an absolute path, since the library may search from another directory than the user's. */
export function configFrom(io: Io, o: Record<string, unknown>): string | undefined {
  return typeof o.config === 'string' && o.config !== '' ? resolve(io.cwd, o.config) : undefined;
}

export function printJson(io: Io, v: unknown): void {
  io.out(toJson(v));
}

export function printDiagnostics(io: Io, diags: Diagnostic[]): void {
  for (const d of diags) io.err(diagnosticText(d));
}

/**
 * A command's implementation, loaded (`await import`) when the command runs so that a start compiles
 * only the command definitions, with `<ref>:<path>` inputs installed (src/repo/git-inputs.ts): every
 * command that resolves inputs had them while the whole CLI loaded at start.
 */
export async function withRefInputs<T>(load: Promise<T>): Promise<T> {
  const [m] = await Promise.all([load, import('../src/repo/git-inputs.js')]);
  return m;
}

/** Thrown by commands to end with an exit code without further output. */
export class ExitCode extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}
