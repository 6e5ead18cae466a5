// The lock gate's review for people: a dependency-review section of the check's Markdown (comment and
// job summary) and its terminal text. Every name, path, key and diff line comes from the pull
// request: text goes through mdText, names through code spans, and skill diffs through mdCodeBlock's
// fenced blocks, whose fence no line of theirs can close.
import { mdCode, mdCodeBlock, mdCodeCell, mdText } from '../core/markdown-safe.js';
import { escapeData as esc } from '../core/log-safe.js';
import { MAX_DIFF_LINES, type LockReview, type ReviewSide, type SkillFileDiff } from '../install/review.js';

/** The skill diffs' share of a comment (GitHub's limit is 65,536 characters for all of it). */
export const MAX_DIFF_CHARS = 40_000;

const short = (sha: string) => `${sha.slice(0, 12)}…`;
const sideCell = (s: ReviewSide | null) => (s ? `${mdCodeCell(s.version ?? '(none)')} ${mdCodeCell(short(s.sha256))}` : '—');
const signerCell = (s: ReviewSide | null) => (s ? `${s.signer ? mdCodeCell(s.signer) : '—'} (${mdText(s.trust)})` : '—');

function diffBlock(d: SkillFileDiff, budget: { chars: number }): string[] {
  const title = `${mdCode(d.path)} (${d.status}, ${d.package ? `package ${mdCode(d.package)}` : 'not recorded in ctxforge.lock'})`;
  if (d.binary) {
    const hs = (x: { sha256: string; size: number } | null) => (x ? `${mdCode(short(x.sha256))} ${x.size} bytes` : 'none');
    return [`- ${title}: not text — ${hs(d.binary.from)} → ${hs(d.binary.to)}`];
  }
  const shown = d.lines.slice(0, MAX_DIFF_LINES).map((l) => l.replace(/\r/g, '␍'));
  const size = shown.reduce((n, l) => n + l.length + 1, 0);
  if (size > budget.chars) return [`- ${title}: ${d.lines.length} diff lines, not shown here (the comment's room is used up; the JSON report has them)`];
  budget.chars -= size;
  const more = d.lines.length - shown.length;
  return [`- ${title}${more > 0 ? `: the first ${shown.length} of ${d.lines.length} diff lines (the JSON report has all)` : ''}`, '', ...mdCodeBlock(shown, 'diff'), ''];
}

export function lockMarkdown(r: LockReview): string {
  const out: string[] = [`### Lock review: ${r.failed ? '❌ failed' : '✅ passed'}`, ''];
  out.push(`Judged against the base's ${r.base_lock ? 'ctxforge.lock' : 'state (it had no ctxforge.lock)'} with ${r.policy.from === 'base' ? 'the base\'s `lock:` policy' : 'the default policy'}: failing on ${r.policy.fail_on.length ? r.policy.fail_on.map((k) => mdCode(k)).join(', ') : 'nothing'}${r.policy.signers.length ? `; ${r.policy.signers.length} listed signer${r.policy.signers.length === 1 ? '' : 's'}` : ''}.`, '');
  const changed = r.packages.filter((p) => p.change !== 'unchanged' || p.artifact_check === 'drifted');
  if (changed.length) {
    out.push('| package | change | from | to | signer (trust) | artifact |', '|---|---|---|---|---|---|');
    for (const p of changed) {
      out.push(`| ${mdCodeCell(p.name)} | ${p.change}${p.notes.length ? ` — ${p.notes.map(mdText).join('; ')}` : ''} | ${sideCell(p.from)} | ${sideCell(p.to)} | ${signerCell(p.to ?? p.from)} | ${p.artifact_check ?? '—'} |`);
    }
    out.push('');
  } else out.push(`No locked package changes (${r.packages.length} checked).`, '');
  const failing = r.findings.filter((f) => f.fails);
  const other = r.findings.filter((f) => !f.fails);
  if (failing.length) out.push('**Fails:**', '', ...failing.map((f) => `- ${mdCode(f.kind)}: ${mdText(f.message)}`), '');
  if (other.length) out.push('Reported, not failing:', '', ...other.map((f) => `- ${mdCode(f.kind)}: ${mdText(f.message)}`), '');
  if (r.unclaimed.length) {
    out.push('<details><summary>Not recorded in ctxforge.lock</summary>', '', '| path | kind | link target | recorded by | since the base |', '|---|---|---|---|---|');
    for (const u of r.unclaimed) out.push(`| ${mdCodeCell(u.path)} | ${u.kind} | ${u.target !== undefined ? mdCodeCell(u.target) : '—'} | ${u.claimed_by ? mdCodeCell(u.claimed_by) : '—'} | ${u.changed ? 'added or changed' : 'unchanged'} |`);
    out.push('', '</details>', '');
  }
  if (r.skill_diffs.length) {
    const budget = { chars: MAX_DIFF_CHARS };
    out.push(`<details open><summary>Skill changes (${r.skill_diffs.length} file${r.skill_diffs.length === 1 ? '' : 's'}): instructions your agents will follow</summary>`, '');
    for (const d of r.skill_diffs) out.push(...diffBlock(d, budget));
    out.push('', '</details>', '');
  }
  return out.join('\n');
}

export function lockText(r: LockReview): string {
  const lines = [`lock review ${r.failed ? 'FAILED' : 'passed'} (${r.policy.from === 'base' ? 'the base\'s lock policy' : 'default lock policy'}; failing on: ${r.policy.fail_on.join(', ') || 'nothing'})`];
  for (const p of r.packages) {
    if (p.change === 'unchanged' && p.artifact_check !== 'drifted') continue;
    const v = (s: ReviewSide | null) => (s ? `${s.version ?? '(none)'} ${short(s.sha256)}` : '—');
    lines.push(`  ${esc(p.name)}: ${p.change} ${esc(v(p.from))} → ${esc(v(p.to))}${p.notes.length ? ` (${esc(p.notes.join('; '))})` : ''}${p.artifact_check ? `, artifact ${p.artifact_check}` : ''}`);
  }
  for (const f of r.findings) lines.push(`  ${f.fails ? 'FAIL' : 'note'} ${f.kind}: ${esc(f.message)}`);
  for (const d of r.skill_diffs) {
    lines.push(`  skill ${esc(d.path)} (${d.status}):`);
    if (d.binary) lines.push('    not text: compared by hash and size');
    else for (const l of d.lines.slice(0, MAX_DIFF_LINES)) lines.push(`    ${esc(l)}`);
    if (!d.binary && d.lines.length > MAX_DIFF_LINES) lines.push(`    … ${d.lines.length - MAX_DIFF_LINES} more lines (--json has them)`);
  }
  return lines.join('\n');
}
