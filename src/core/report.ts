// Reporters: one list of diagnostics rendered as human text, JSON or GitHub workflow commands.
import type { Diagnostic } from './diagnostics.js';
import { escapeData, escapeProperty, jsonForLog } from './log-safe.js';

export interface ReportedResult {
  path: string;
  format?: string;
  valid: boolean;
  diagnostics: Diagnostic[];
  details?: Record<string, unknown>;
}

function where(d: Diagnostic): string {
  if (!d.file) return '';
  return `${escapeData(d.file)}${d.line ? `:${d.line}${d.column ? `:${d.column}` : ''}` : ''}: `;
}

export function diagnosticText(d: Diagnostic): string {
  // Messages quote names and keys from the package: escaped, so none can start a log line.
  const hint = d.hint ? `\n    hint: ${escapeData(d.hint)}` : '';
  return `  ${d.severity} ${escapeData(d.code)}: ${where(d)}${escapeData(d.message)}${hint}`;
}

export function resultsText(results: ReportedResult[]): string {
  const out: string[] = [];
  for (const r of results) {
    const errs = r.diagnostics.filter((d) => d.severity === 'error').length;
    const warns = r.diagnostics.filter((d) => d.severity === 'warning').length;
    const counts = [errs ? `${errs} error${errs > 1 ? 's' : ''}` : '', warns ? `${warns} warning${warns > 1 ? 's' : ''}` : ''].filter(Boolean).join(', ');
    const verdict = verdictText(r.details);
    out.push(`${r.valid ? '✓ valid' : '✗ invalid'}  ${escapeData(r.path)}${r.format ? ` (${escapeData(r.format)})` : ''}${verdict ? `  ${verdict}` : ''}${counts ? `  — ${counts}` : ''}`);
    for (const d of r.diagnostics) out.push(diagnosticText(d));
  }
  return out.join('\n');
}

// What verification concluded, when the format reports it (ctxpkg integrity, signature and
// coverage; acx signature and trust): a passing verify says what it passed with, not only "valid".
const VERDICT_KEYS = ['integrity', 'signature', 'coverage', 'trust'] as const;
function verdictText(details: Record<string, unknown> | undefined): string {
  if (!details) return '';
  const parts = VERDICT_KEYS.filter((k) => typeof details[k] === 'string').map((k) => `${k} ${escapeData(String(details[k]))}`);
  // The key a signature verified with, in the one form keygen prints for every format.
  const signer = typeof details.key_id === 'string' ? details.key_id : typeof details.keyid === 'string' ? details.keyid : undefined;
  if (signer && (details.signature === 'valid' || details.signature === 'verified')) parts.push(`key ${escapeData(signer)}`);
  return parts.length ? `[${parts.join(', ')}]` : '';
}


/** `::error file=…,line=…,title=CODE::message` lines (GitHub Actions workflow commands). */
export function githubAnnotation(d: Diagnostic, fileBase = ''): string {
  const kind = d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
  const props: string[] = [];
  if (d.file) props.push(`file=${escapeProperty(fileBase ? `${fileBase.replace(/\/$/, '')}/${d.file}` : d.file)}`);
  if (d.line) props.push(`line=${d.line}`);
  if (d.column) props.push(`col=${d.column}`);
  props.push(`title=${escapeProperty(d.code)}`);
  return `::${kind} ${props.join(',')}::${escapeData(d.message + (d.hint ? ` (hint: ${d.hint})` : ''))}`;
}

/** JSON replacer: bigint as its decimal text. */
export function jsonReplacer(_k: string, v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}

/** JSON for output: `--json` goes to the same logs as text, so no `##[` reaches the runner (see log-safe). */
export function toJson(v: unknown): string {
  return jsonForLog(JSON.stringify(v, jsonReplacer, 2));
}
