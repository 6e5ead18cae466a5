// Release notes from a diff: a short Markdown section (verdict, counts, then one table per policy
// category, one row per changed item with what changed in it) for job summaries and release bodies.
import type { Change, DiffResult } from './compare.js';
import type { Severity } from './policy.js';
import { mdCode, mdCodeCell, mdText } from '../core/markdown-safe.js';
import { changeLine, groupChanges, type ItemChanges } from './group.js';
import type { TagPatternNote } from '../repo/tag-patterns.js';

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

/** One finding inside an item's row: `activation: 1 → 0.5`, `moved: a → b`, `content edited`. */
function sub(c: Change, rowSeverity: Severity, headline = false): string {
  const l = changeLine(c);
  if (headline) delete l.extra;
  const vals = 'from' in l || 'to' in l ? `: ${val(l.from)} → ${val(l.to)}` : '';
  const tail = [l.extra, c.severity !== rowSeverity ? c.severity : undefined].filter(Boolean).join(', ');
  return `${cell(l.what)}${vals}${tail ? ` (${tail})` : ''}`;
}

/** The Details cell: the headline's own detail (path, move, retype, attribute), then every other finding of the item. */
function detail(g: ItemChanges): string {
  const [head, ...rest] = g.changes;
  const parts: string[] = [];
  if (head!.change === 'moved') parts.push(`${val(head!.from)} → ${val(head!.to)}`);
  else if (head!.change === 'retyped') parts.push(`type ${val(head!.from)} → ${val(head!.to)}`);
  else if (head!.change === 'attr_changed' || head!.change === 'major_bump') parts.push(sub(head!, g.severity, true));
  else if (g.path) parts.push(code(g.path));
  parts.push(...rest.map((c) => sub(c, g.severity)));
  // Our own line breaks between findings; nothing from the package becomes HTML.
  return parts.join('<br>');
}

/** The name a reader recognises: the title, else the path, else the ID. */
function label(g: ItemChanges): string {
  if (g.title) return cell(g.title);
  if (g.path) return code(g.path);
  return code(g.id);
}

/** How the previous release was found, when the reader must know it, with the config line that settles it. */
export function tagNoteMarkdown(n: TagPatternNote): string {
  return `> **Tag pattern:** ${cell(n.message)}. Make it explicit ${cell(n.where)}: ${mdCode(n.fix)}`;
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
    if (r.tag_note) out.push(tagNoteMarkdown(r.tag_note), '');
    return out.join('\n');
  }
  out.push(`${h} ${cell(name)} ${cell(r.new.version)}`, '');
  const ver = r.version_ok ? '✅' : '❌';
  out.push(`- Compared with ${cell(r.old.version)}${r.old.label ? ` (${mdCode(r.old.label)})` : ''}: ${countsLine(r)}.`);
  out.push(`- Required bump: **${r.required_bump}**; version ${cell(r.old.version)} → ${cell(r.new.version)} ${ver}${r.version_message ? ` — ${cell(r.version_message)}` : ''}`);
  if (r.tag) out.push(`- Tag ${mdCode(r.tag.name)} ${r.tag.matches ? 'matches' : '**does not match**'} the package version${r.tag.matches ? '' : ` (${cell(r.tag.version ?? 'no version')} vs ${cell(r.new.version)})`}.`);
  out.push('');
  if (r.tag_note) out.push(tagNoteMarkdown(r.tag_note), '');
  const items = groupChanges(r.changes);
  for (const g of GROUPS) {
    const rows = items.filter((i) => i.severity === g.severity);
    if (rows.length === 0) continue;
    out.push(`${h}# ${g.title} (${rows.length})`, '', '| Change | Kind | Item | Details |', '|---|---|---|---|');
    for (const i of rows.slice(0, maxRows)) out.push(`| ${VERB[i.headline]} | ${cell(i.kind)} | ${label(i)} | ${detail(i)} |`);
    if (rows.length > maxRows) out.push('', `…and ${rows.length - maxRows} more.`);
    out.push('');
  }
  return out.join('\n');
}
