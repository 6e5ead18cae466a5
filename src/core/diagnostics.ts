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
}

export interface Location {
  file?: string;
  line?: number;
  column?: number;
  hint?: string;
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
  for (const k of ['file', 'line', 'column', 'hint'] as const) if (d[k] === undefined) delete d[k];
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
  constructor(diagnostic: Diagnostic, exitCode: 1 | 2 = 1) {
    super(diagnostic.message);
    this.name = 'DiagnosticError';
    this.diagnostic = diagnostic;
    this.exitCode = exitCode;
  }
}

export function fail(code: string, message: string, loc: Location = {}, exitCode: 1 | 2 = 1): never {
  throw new DiagnosticError(error(code, message, loc), exitCode);
}

/** Stable ordering for reports: by file, line, column, then code. */
export function sortDiagnostics(diags: Diagnostic[]): Diagnostic[] {
  return diags.sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) || a.code.localeCompare(b.code));
}
