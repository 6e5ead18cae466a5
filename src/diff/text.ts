// A diff as plain text for a terminal: the verdict line, then each changed item once — by its title,
// with its ID — and what changed in it beneath; then the version and tag verdicts and any note on
// how the previous release was found. Every value from the package is escaped for a log.
import { escapeData as esc } from '../core/log-safe.js';
import type { Change, DiffResult } from './compare.js';
import { changeLine, groupChanges, type ItemChanges } from './group.js';
import { tagNoteText } from '../repo/tag-patterns.js';

function value(v: Change['from']): string {
  return v === null || v === undefined ? '—' : String(v);
}

function lineText(c: Change, headline = false): string {
  const l = changeLine(c);
  if (headline) delete l.extra;
  const vals = 'from' in l || 'to' in l ? `: ${value(l.from)} → ${value(l.to)}` : '';
  return `${l.what}${vals}${l.extra ? ` (${l.extra})` : ''}`;
}

function itemName(g: ItemChanges): string {
  return g.title ? `${g.title} (${g.id})` : g.path ? `${g.path} (${g.id})` : g.id;
}

function itemLines(g: ItemChanges): string[] {
  const [head, ...rest] = g.changes;
  // The headline's own detail (a move's paths, a retype's types, an attribute's values) stays on its line.
  const detail = head!.change === 'moved' ? `: ${value(head!.from)} → ${value(head!.to)}`
    : head!.change === 'retyped' || head!.change === 'attr_changed' || head!.change === 'major_bump' ? `: ${lineText(head!, true)}` : '';
  const lines = [`  ${g.severity.padEnd(8)} ${g.headline.padEnd(12)} ${esc(`${g.kind} ${itemName(g)}${detail}`)}`];
  for (const c of rest) lines.push(`${' '.repeat(24)}- ${esc(lineText(c))}${c.severity !== g.severity ? ` (${c.severity})` : ''}`);
  return lines;
}

export function renderDiffText(r: DiffResult): string {
  const name = esc(r.new.name ?? r.format);
  const lines: string[] = [];
  if (r.initial) lines.push(`${name} ${esc(String(r.new.version))}: initial release (${r.changes.length} items)`);
  else {
    const groups = groupChanges(r.changes);
    const n = r.changes.length;
    lines.push(`${name} ${esc(String(r.old.version))} → ${esc(String(r.new.version))}: ${n} change${n === 1 ? '' : 's'}${n ? ` to ${groups.length} item${groups.length === 1 ? '' : 's'}` : ''}`);
    for (const g of groups) lines.push(...itemLines(g));
    lines.push(`required bump: ${r.required_bump}; version ${r.version_ok ? 'ok' : `NOT ok${r.version_message ? `: ${esc(r.version_message)}` : ''}`}`);
    if (r.tag) lines.push(`tag ${esc(r.tag.name)}: ${r.tag.matches ? 'matches' : 'does NOT match'} version ${esc(String(r.new.version))}`);
  }
  if (r.tag_note) lines.push(`note: ${esc(tagNoteText(r.tag_note))}`);
  return lines.join('\n');
}
