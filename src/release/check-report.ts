// Renders a PR check for people and tools: job-summary / comment Markdown and SARIF 2.1.0.
import type { Diagnostic } from '../core/diagnostics.js';
import type { CheckResult } from './check.js';
import { ruleFor } from '../core/rules.js';

export const COMMENT_MARKER = '<!-- ctxforge:check -->';
const MAX_COMMENT = 60_000; // GitHub rejects bodies over 65536 characters

/** Path of a diagnostic's file from the repository root (what annotations and SARIF need). */
export function repoPath(pkgPath: string, file: string | undefined): string | undefined {
  if (!file) return undefined;
  return pkgPath === '.' || !pkgPath ? file : `${pkgPath.replace(/\/$/, '')}/${file}`;
}

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

function diagRow(pkgPath: string, d: Diagnostic): string {
  const f = repoPath(pkgPath, d.file);
  const at = f ? `\`${f}${d.line ? `:${d.line}` : ''}\`` : '';
  return `| ${d.severity} | \`${d.code}\` | ${at} | ${cell(d.message)}${d.hint ? ` — ${cell(d.hint)}` : ''} |`;
}

export function checkMarkdown(r: CheckResult): string {
  const out: string[] = [`## ctxforge check: ${r.failed ? '❌ failed' : '✅ passed'}`, ''];
  out.push('| package | format | version | status | changes | required bump | verdict |', '|---|---|---|---|---|---|---|');
  for (const p of r.packages) {
    const d = p.diff?.result;
    const changes = !d ? '—' : d.initial ? 'new package' : String(d.changes.length);
    const verdict = !d || d.initial ? '—' : d.version_ok ? `✅ ${d.old.version} → ${d.new.version}` : `❌ ${d.old.version} → ${d.new.version} needs ${d.required_bump}`;
    const errs = p.diagnostics.filter((x) => x.severity === 'error').length;
    const warns = p.diagnostics.filter((x) => x.severity === 'warning').length;
    const status = p.valid ? `✅ valid${warns ? ` (${warns} warning${warns > 1 ? 's' : ''})` : ''}` : `❌ ${errs} error${errs === 1 ? '' : 's'}`;
    out.push(`| \`${cell(p.path)}\` | ${p.format} | ${p.version} | ${status} | ${changes} | ${d && !d.initial ? d.required_bump : '—'} | ${verdict} |`);
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
  for (const n of r.notes) out.push(`> ${n.severity}: ${cell(n.message)}${n.hint ? ` (${cell(n.hint)})` : ''}`, '');
  out.push(`Required bump across packages: **${r.required_bump}**. Failing on: ${r.failOn.length ? r.failOn.join(', ') : 'nothing'}.`, '');
  return out.join('\n');
}

/** The sticky comment: the marker finds it again on the next push. */
export function commentBody(r: CheckResult): string {
  let md = checkMarkdown(r);
  if (md.length > MAX_COMMENT) md = `${md.slice(0, MAX_COMMENT)}\n\n… truncated; the job summary has the full report.\n`;
  return `${COMMENT_MARKER}\n${md}`;
}

export function sarifLog(r: CheckResult, toolVersion: string): Record<string, unknown> {
  const rules = new Map<string, { id: string; shortDescription: { text: string } }>();
  const results: unknown[] = [];
  for (const p of r.packages) {
    for (const d of p.diagnostics) {
      if (!rules.has(d.code)) rules.set(d.code, { id: d.code, shortDescription: { text: ruleFor(d.code)?.summary ?? d.code } });
      const uri = repoPath(p.path, d.file) ?? (p.path === '.' ? 'ctxforge.yaml' : p.path);
      results.push({
        ruleId: d.code,
        level: d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'note',
        message: { text: d.hint ? `${d.message} (hint: ${d.hint})` : d.message },
        locations: [{ physicalLocation: { artifactLocation: { uri }, ...(d.line ? { region: { startLine: d.line, ...(d.column ? { startColumn: d.column } : {}) } } : {}) } }],
      });
    }
  }
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'ctxforge', version: toolVersion, informationUri: 'https://github.com/ctxforge/ctxforge', rules: [...rules.values()] } }, results }],
  };
}
