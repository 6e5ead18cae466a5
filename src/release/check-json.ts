// The check result as a versioned JSON report (schemas/check-report.schema.json), and back. A fork's
// read-only check saves it; the privileged `workflow_run` side reads it as data — size-capped,
// version-checked, validated against the schema — and renders the comment itself with the same
// escaping as every other comment, so nothing the fork wrote is ever posted as written.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import schema from '../../schemas/check-report.schema.json' with { type: 'json' };
import { validateCheckReport } from './check-report-validator.js';
import { fail, type Diagnostic } from '../core/diagnostics.js';
import { parseJson } from '../core/strict-json.js';
import { renderDiffMarkdown } from '../diff/markdown.js';
import type { CheckResult, FailOn, PackageCheck } from './check.js';
import type { DiffResult } from './collab.js';
import './rules.js';

/** The schema version this ctxforge writes and reads. */
export const CHECK_REPORT_VERSION = 2;
export const CHECK_REPORT_SCHEMA_ID: string = schema.$id;
/** The largest report the comment side reads, in bytes; the writer cuts lists to stay below it. */
export const MAX_CHECK_REPORT_BYTES = 1024 * 1024;

export interface CheckReport {
  $schema: string;
  report: 'ctxforge-check';
  schema_version: number;
  tool_version: string;
  truncated: boolean;
  result: {
    valid: boolean;
    failed: boolean;
    base: string | null;
    required_bump: CheckResult['required_bump'];
    fail_on: FailOn[];
    packages: Array<Omit<PackageCheck, 'diff'> & { diff: DiffResult | null }>;
    notes: Diagnostic[];
    config_changes: CheckResult['configChanges'];
    lock: CheckResult['lock'];
  };
}

function toReport(r: CheckResult, toolVersion: string, cap?: number): CheckReport {
  const cut = <T>(a: T[]): T[] => (cap === undefined ? a : a.slice(0, cap));
  return {
    $schema: CHECK_REPORT_SCHEMA_ID,
    report: 'ctxforge-check',
    schema_version: CHECK_REPORT_VERSION,
    tool_version: toolVersion,
    truncated: cap !== undefined,
    result: {
      valid: r.valid, failed: r.failed, base: r.base, required_bump: r.required_bump, fail_on: r.failOn,
      packages: r.packages.map((p) => ({
        name: p.name, path: p.path, format: p.format, version: p.version, valid: p.valid, findings: p.findings,
        diagnostics: cut(p.diagnostics), diff: p.diff ? { ...p.diff.result, changes: cut(p.diff.result.changes) } : null,
      })),
      notes: cut(r.notes), config_changes: cut(r.configChanges),
      lock: r.lock && cap !== undefined
        ? { ...r.lock, packages: cut(r.lock.packages), unclaimed: cut(r.lock.unclaimed), findings: cut(r.lock.findings), skill_diffs: cut(r.lock.skill_diffs).map((d) => ({ ...d, lines: cut(d.lines) })) }
        : r.lock,
    },
  };
}

/** The report's text: the whole result, or, when that is over the cap, its lists cut (`truncated`). */
export function checkReportJson(r: CheckResult, toolVersion: string): string {
  const whole = `${JSON.stringify(toReport(r, toolVersion), null, 1)}\n`;
  if (Buffer.byteLength(whole) <= MAX_CHECK_REPORT_BYTES) return whole;
  for (let cap = 1000; ; cap = Math.floor(cap / 2)) {
    const text = `${JSON.stringify(toReport(r, toolVersion, cap))}\n`;
    if (Buffer.byteLength(text) <= MAX_CHECK_REPORT_BYTES || cap === 0) return text;
  }
}

// The schema compiled ahead of time (scripts/gen-validators.mjs), not at every read.
const validator = (): ValidateFunction => validateCheckReport as ValidateFunction;

const say = (e: ErrorObject): string => `${e.instancePath || '/'} ${e.message ?? 'is not valid'}`;

/**
 * A saved report read back as a CheckResult, or CTXFORGE_REPORT_INVALID saying why it is refused:
 * not JSON, not a ctxforge check report (an old Markdown report included), another schema version
 * (both versions named), or not matching the schema. `bytes` is what was read (the caller caps it).
 */
export function readCheckReport(text: string, toolVersion: string): CheckResult & { truncated: boolean; reportedVersion: string } {
  let v: unknown;
  try {
    // Strict: duplicate keys refused (two readers of one report must not see two reports).
    v = parseJson(text, { maxDepth: 32 });
  } catch (e) {
    const md = text.trimStart().startsWith('<!--') || text.trimStart().startsWith('#');
    fail('CTXFORGE_REPORT_INVALID', md
      ? 'the saved report is Markdown, not the JSON check report this ctxforge renders; nothing from it is posted'
      : `the saved report is not JSON (${(e as Error).message}); nothing from it is posted`, {
      hint: 'the check job must run the same major ctxforge version with `report:` set, and upload that file unchanged',
    });
  }
  const o = v as Record<string, unknown> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o) || o.report !== 'ctxforge-check') {
    fail('CTXFORGE_REPORT_INVALID', 'the saved report is not a ctxforge check report ("report": "ctxforge-check" is missing); nothing from it is posted');
  }
  if (o.schema_version !== CHECK_REPORT_VERSION) {
    fail('CTXFORGE_REPORT_INVALID', `the saved report has schema version ${JSON.stringify(o.schema_version)}, and this ctxforge (${toolVersion}) reads schema version ${CHECK_REPORT_VERSION}; nothing from it is posted`, {
      hint: 'use the same ctxforge version in the check workflow and in the comment workflow',
    });
  }
  const validate = validator();
  if (!validate(o)) {
    fail('CTXFORGE_REPORT_INVALID', `the saved report does not match the check report schema (${(validate.errors ?? []).slice(0, 3).map(say).join('; ')}); nothing from it is posted`);
  }
  const rep = o as unknown as CheckReport;
  const res = rep.result;
  return {
    valid: res.valid, failed: res.failed, base: res.base, required_bump: res.required_bump, failOn: res.fail_on,
    notes: res.notes, configChanges: res.config_changes, lock: res.lock, truncated: rep.truncated, reportedVersion: rep.tool_version,
    packages: res.packages.map((p) => ({
      ...p,
      // Re-rendered here, from data: the fork's Markdown is never used.
      diff: p.diff ? { package: p.name, relPath: p.path, result: p.diff, markdown: renderDiffMarkdown(p.diff, { level: 3 }) } : null,
    })),
  };
}
