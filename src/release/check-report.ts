// Renders a PR check for people and tools: job-summary / comment Markdown, terminal text and SARIF 2.1.0.
import type { Diagnostic } from '../core/diagnostics.js';
import type { CheckResult } from './check.js';
import { ruleFor } from '../core/rules.js';
import { mdCode, mdCodeCell, mdText, truncateMarkdown } from '../core/markdown-safe.js';
import { resultsText } from '../core/report.js';
import { escapeData as esc } from '../core/log-safe.js';
import { lockDiagnostics } from '../install/review.js';
export { lockDiagnostics };
import { lockMarkdown, lockText } from './lock-report.js';

export const COMMENT_MARKER = '<!-- ctxforge:check -->';
/** GitHub rejects comment bodies over 65,536 characters. */
export const MAX_COMMENT = 65_536;
/** GitHub takes at most 1 MiB of job summary per step. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

/** Path of a diagnostic's file from the repository root (what annotations and SARIF need). */
export function repoPath(pkgPath: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  return pkgPath === '.' || !pkgPath ? file : `${pkgPath.replace(/\/$/, '')}/${file}`;
}

// Every name, path, message and hint comes from the pull request: inert text or code spans only.
const cell = mdText;

function diagRow(pkgPath: string, d: Diagnostic): string {
  const f = repoPath(pkgPath, d.file);
  const at = f ? mdCodeCell(`${f}${d.line ? `:${d.line}` : ''}`) : '';
  return `| ${d.severity} | ${mdCodeCell(d.code)} | ${at} | ${cell(d.message)}${d.hint ? ` — ${cell(d.hint)}` : ''} |`;
}

/**
 * Which run a comment's verdict came from, when the comment is rendered from a report that another
 * run saved (the fork recipe): the pull request can change that run, so the comment says so.
 */
export interface VerdictSource {
  runUrl: string;
  conclusion: string | null;
  truncated: boolean;
}

function verdictLine(r: CheckResult, from: VerdictSource | undefined): string {
  if (!r.failed && from && from.conclusion !== 'success') {
    // The report says passed, GitHub says the run did not succeed: the reader sees both.
    return `## ctxforge check: ⚠️ reported as passed, but its run concluded ${mdCode(from.conclusion ?? 'unknown')}`;
  }
  return `## ctxforge check: ${r.failed ? '❌ failed' : '✅ passed'}`;
}

export function checkMarkdown(r: CheckResult, from?: VerdictSource): string {
  const out: string[] = [verdictLine(r, from), ''];
  if (from) {
    out.push(`> This verdict was reported by [the pull request's own workflow run](${from.runUrl})${from.conclusion ? ` (${mdCode(from.conclusion)})` : ''}, which the pull request can change: the check's status on the commit is what gates the merge.${from.truncated ? ' The report was cut to fit its size limit; that run\'s job summary has all of it.' : ''}`, '');
  }
  out.push('| package | format | version | status | changes | required bump | verdict |', '|---|---|---|---|---|---|---|');
  for (const p of r.packages) {
    const d = p.diff?.result;
    const changes = !d ? '—' : d.initial ? 'new package' : String(d.changes.length);
    const verdict = !d || d.initial ? '—' : d.version_ok ? `✅ ${cell(d.old.version)} → ${cell(d.new.version)}` : `❌ ${cell(d.old.version)} → ${cell(d.new.version)} needs ${d.required_bump}`;
    const errs = p.diagnostics.filter((x) => x.severity === 'error').length;
    const warns = p.diagnostics.filter((x) => x.severity === 'warning').length;
    const status = p.valid ? `✅ valid${warns ? ` (${warns} warning${warns > 1 ? 's' : ''})` : ''}` : `❌ ${errs} error${errs === 1 ? '' : 's'}`;
    out.push(`| ${mdCodeCell(p.path)} | ${cell(p.format)} | ${cell(p.version)} | ${status} | ${changes} | ${d && !d.initial ? d.required_bump : '—'} | ${verdict} |`);
  }
  out.push('');
  for (const p of r.packages) {
    if (p.findings.length) out.push(`**${cell(p.name)}** fails: ${p.findings.map(cell).join('; ')}`, '');
    if (p.diagnostics.length) {
      out.push(`<details${p.valid ? '' : ' open'}><summary>${cell(p.path)}: ${p.diagnostics.length} diagnostic${p.diagnostics.length === 1 ? '' : 's'}</summary>`, '');
      out.push('| severity | code | where | message |', '|---|---|---|---|');
      for (const d of p.diagnostics) out.push(diagRow(p.path, d));
      out.push('', '</details>', '');
    }
    if (p.diff && !p.diff.result.initial) out.push(p.diff.markdown.trimEnd(), '');
  }
  if (r.lock) out.push(lockMarkdown(r.lock));
  for (const n of r.notes) out.push(`> ${n.severity}: ${cell(n.message)}${n.hint ? ` (${cell(n.hint)})` : ''}`, '');
  out.push(`Required bump across packages: **${r.required_bump}**. Failing on: ${r.failOn.length ? r.failOn.join(', ') : 'nothing'}.`, '');
  // The verdict is the first line and the totals the last: a reader of a cut report sees both.
  return out.join('\n');
}

/** The check as terminal text (`ctxforge check`): each package's validation, its diff against the base, the verdict last. */
export function checkText(r: CheckResult): string {
  const lines: string[] = [];
  if (r.packages.length) lines.push(resultsText(r.packages.map((p) => ({ path: p.path, format: `${p.format}${p.version ? ` ${p.version}` : ''}`, valid: p.valid, diagnostics: p.diagnostics }))));
  for (const p of r.packages) {
    const d = p.diff?.result;
    if (d) {
      lines.push(d.initial
        ? `  ${esc(p.path)}: new since the base`
        : `  ${esc(p.path)}: ${d.changes.length} change${d.changes.length === 1 ? '' : 's'} since the base, required bump ${d.required_bump}; version ${esc(String(d.old.version))} → ${esc(String(d.new.version))} ${d.version_ok ? 'ok' : `NOT ok${d.version_message ? `: ${esc(d.version_message)}` : ''}`}`);
    }
    if (p.findings.length) lines.push(`  ${esc(p.path)} fails: ${esc(p.findings.join('; '))}`);
  }
  if (r.lock) lines.push(lockText(r.lock));
  lines.push(`check ${r.failed ? 'FAILED' : 'passed'} (base ${r.base ? r.base.slice(0, 12) : 'none'}; failing on: ${r.failOn.length ? r.failOn.join(', ') : 'nothing'})`);
  return lines.join('\n');
}

/** The sticky comment: the marker finds it again on the next push. */
export function commentBody(r: CheckResult, from?: VerdictSource): string {
  const md = truncateMarkdown(checkMarkdown(r, from), {
    limit: MAX_COMMENT - COMMENT_MARKER.length - 1, unit: 'chars',
    fullReportAt: "this run's job summary, its annotations and (with the `sarif` input) the SARIF file",
  });
  return `${COMMENT_MARKER}\n${md}`;
}

/** The job summary: the same report, within the runner's per-step limit. */
export function summaryBody(md: string): string {
  return truncateMarkdown(md, {
    limit: MAX_SUMMARY_BYTES - 1024, unit: 'bytes',
    fullReportAt: "this run's annotations and log, and (with the `sarif` input) the SARIF file",
  });
}

/**
 * A repository-relative path as a SARIF `uri` (an RFC 3986 relative reference): each segment
 * percent-encoded, so a name holding a space, `%`, `#`, `?` or non-ASCII names that file and no
 * other (a raw `#` would start a fragment, a raw `%41` would read as `A`).
 */
export function sarifUri(path: string): string {
  return path.split('/').map((seg) => encodeURIComponent(seg).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
}

export function sarifLog(r: CheckResult, toolVersion: string): Record<string, unknown> {
  const rules = new Map<string, { id: string; shortDescription: { text: string } }>();
  const results: unknown[] = [];
  for (const p of r.packages) {
    for (const d of p.diagnostics) {
      if (!rules.has(d.code)) rules.set(d.code, { id: d.code, shortDescription: { text: ruleFor(d.code)?.summary ?? d.code } });
      const uri = sarifUri(repoPath(p.path, d.file) ?? (p.path === '.' ? 'ctxforge.yaml' : p.path));
      results.push({
        ruleId: d.code,
        level: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'note',
        message: { text: d.hint ? `${d.message} (hint: ${d.hint})` : d.message },
        locations: [{ physicalLocation: { artifactLocation: { uri }, ...(d.line ? { region: { startLine: d.line, ...(d.column ? { startColumn: d.column } : {}) } } : {}) } }],
      });
    }
  }
  for (const d of r.lock ? lockDiagnostics(r.lock) : []) {
    if (!rules.has(d.code)) rules.set(d.code, { id: d.code, shortDescription: { text: ruleFor(d.code)?.summary ?? d.code } });
    results.push({
      ruleId: d.code, level: d.severity === 'error' ? 'error' : 'warning', message: { text: d.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: sarifUri(d.file ?? 'ctxforge.lock') } } }],
    });
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'ctxforge', version: toolVersion, informationUri: 'https://github.com/ctxforge/ctxforge', rules: [...rules.values()] } }, results }],
  };
}
