// The one diagnostic type every format, command and reporter shares.

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  severity: Severity;
  /** Stable code, prefixed by format: OCTX_…, CTXPKG_…, ACX_…, CTXFORGE_… */
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  /**
   * The code ctxforge reported for this finding before it took the reference implementation's name
   * for it (OCTX: docs/octx-codes.md), kept in --json so existing filters keep matching.
   */
  alias?: string;
}

export interface Location {
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
  alias?: string;
}

export function error(code: string, message: string, loc: Location = {}): Diagnostic {
  return clean({ severity: 'error', code, message, ...loc });
}

export function warning(code: string, message: string, loc: Location = {}): Diagnostic {
  return clean({ severity: 'warning', code, message, ...loc });
}

export function info(code: string, message: string, loc: Location = {}): Diagnostic {
  return clean({ severity: 'info', code, message, ...loc });
}

function clean(d: Diagnostic): Diagnostic {
  for (const k of ['file', 'line', 'column', 'hint', 'alias'] as const) if (d[k] === undefined) delete d[k];
  return d;
}

export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === 'error');
}

/** Thrown for failures that end an operation; carries a diagnostic so callers report it uniformly. */
export class DiagnosticError extends Error {
  readonly diagnostic: Diagnostic;
  /** 1 = invalid input, 2 = usage or I/O problem (the CLI's exit codes). */
  readonly exitCode: 1 | 2;
  /** Every diagnostic behind the failure (the first is `diagnostic`). */
  readonly all: Diagnostic[];
  constructor(diagnostic: Diagnostic, exitCode: 1 | 2 = 1, all?: Diagnostic[]) {
    super(diagnostic.message);
    this.name = 'DiagnosticError';
    this.diagnostic = diagnostic;
    this.exitCode = exitCode;
    this.all = all && all.length ? all : [diagnostic];
  }
}

export function fail(code: string, message: string, loc: Location = {}, exitCode: 1 | 2 = 1): never {
  throw new DiagnosticError(error(code, message, loc), exitCode);
}

/** Fails with every error in `diags` (and its warnings), when there is any error. */
export function failWith(diags: Diagnostic[], summary: string, exitCode: 1 | 2 = 1): void {
  const errs = diags.filter((d) => d.severity === 'error');
  if (!errs.length) return;
  throw new DiagnosticError({ ...errs[0]!, message: `${summary}: ${errs[0]!.message}` }, exitCode, diags);
}

/** A value from an untrusted document as JSON for a message: strict parsers keep big integers as
 * bigint, which JSON.stringify refuses with a TypeError. */
export function showValue(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x)) ?? String(v);
}

/** Stable ordering for reports: by file, line, column, then code. */
export function sortDiagnostics(diags: Diagnostic[]): Diagnostic[] {
  return diags.sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) || a.code.localeCompare(b.code));
}
