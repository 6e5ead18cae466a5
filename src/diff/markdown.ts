// Release notes from a diff: a short Markdown section (verdict, counts, then one table per policy
// category) for job summaries and release bodies.
import type { Change, DiffResult } from './compare.js';
import type { Severity } from './policy.js';
import { mdCode, mdCodeCell, mdText } from '../core/markdown-safe.js';

export interface MarkdownOptions {
  /** Heading level of the section title (default 2). */
  level?: number;
  /** Rows per table before the rest is summarised (default 100; release bodies have size limits). */
  maxRows?: number;
}

const GROUPS: Array<{ severity: Severity; title: string }> = [
  { severity: 'breaking', title: 'Breaking changes' },
  { severity: 'feature', title: 'Features' },
  { severity: 'fix', title: 'Fixes' },
  { severity: 'none', title: 'Other changes' },
];

const VERB: Record<Change['change'], string> = {
  added: 'added',
  removed: 'removed',
  modified: 'modified',
  moved: 'moved',
  retyped: 'retyped',
  attr_changed: 'changed',
  major_bump: 'major bump',
};

// Titles, paths, IDs, attribute values and versions come from the package: inert text only.
const cell = mdText;
const code = mdCodeCell;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function val(v: unknown): string {
  return v === null || v === undefined ? '—' : code(String(v));
}

function detail(c: Change): string {
  switch (c.change) {
    case 'moved':
      return `${val(c.from)} → ${val(c.to)}`;
    case 'retyped':
      return `type ${val(c.from)} → ${val(c.to)}`;
    case 'attr_changed':
    case 'major_bump':
      return `${cell(c.attr ?? '')}: ${val(c.from)} → ${val(c.to)}`;
    default:
      return c.path ? code(c.path) : '';
  }
}

/** The name a reader recognises: the title, else the path, else the ID. */
function label(c: Change): string {
  if (c.title) return cell(c.title);
  if (c.path) return code(c.path);
  return code(c.id);
}

function countsLine(r: DiffResult): string {
  const parts: string[] = [];
  for (const [k, n] of Object.entries(r.counts)) if (n > 0) parts.push(`${n} ${VERB[k as Change['change']]}`);
  return parts.length ? parts.join(', ') : 'no changes';
}

function itemsLine(items: Record<string, number> | undefined): string {
  const parts = Object.entries(items ?? {}).map(([k, n]) => plural(n, k));
  return parts.length ? parts.join(', ') : 'no items';
}

export function renderDiffMarkdown(r: DiffResult, opts: MarkdownOptions = {}): string {
  const h = '#'.repeat(Math.min(Math.max(opts.level ?? 2, 1), 5));
  const maxRows = opts.maxRows ?? 100;
  const name = r.new.name ?? r.format;
  const out: string[] = [];
  if (r.initial) {
    out.push(`${h} ${cell(name)} ${cell(r.new.version)} — initial release`, '');
    out.push(`${r.format}: ${cell(itemsLine(r.new.items))}.`, '');
    return out.join('\n');
  }
  out.push(`${h} ${cell(name)} ${cell(r.new.version)}`, '');
  const ver = r.version_ok ? '✅' : '❌';
  out.push(`- Compared with ${cell(r.old.version)}${r.old.label ? ` (${mdCode(r.old.label)})` : ''}: ${countsLine(r)}.`);
  out.push(`- Required bump: **${r.required_bump}**; version ${cell(r.old.version)} → ${cell(r.new.version)} ${ver}${r.version_message ? ` — ${cell(r.version_message)}` : ''}`);
  if (r.tag) out.push(`- Tag ${mdCode(r.tag.name)} ${r.tag.matches ? 'matches' : '**does not match**'} the package version${r.tag.matches ? '' : ` (${cell(r.tag.version ?? 'no version')} vs ${cell(r.new.version)})`}.`);
  out.push('');
  for (const g of GROUPS) {
    const rows = r.changes.filter((c) => c.severity === g.severity);
    if (rows.length === 0) continue;
    out.push(`${h}# ${g.title} (${rows.length})`, '', '| Change | Kind | Item | Details |', '|---|---|---|---|');
    for (const c of rows.slice(0, maxRows)) out.push(`| ${VERB[c.change]} | ${cell(c.kind)} | ${label(c)} | ${detail(c)} |`);
    if (rows.length > maxRows) out.push('', `…and ${rows.length - maxRows} more.`);
    out.push('');
  }
  return out.join('\n');
}
