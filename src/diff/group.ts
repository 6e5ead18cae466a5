// The findings of a diff per item, as people read them: an edited node or document is one entry
// (listed under its worst category, by its title) with what changed in it beneath — its move, its
// type, each attribute — instead of one line per finding. JSON keeps the flat findings.
import type { Change } from './compare.js';
import { maxSeverity, type ChangeType, type Severity } from './policy.js';

export interface ItemChanges {
  kind: string;
  id: string;
  /** Path in the new version (the old one for a removal). */
  path?: string;
  title?: string;
  /** The worst category among its findings: where the item is listed. */
  severity: Severity;
  /** The finding that decides the item's category (changes[0]); the others are listed beneath it. */
  headline: ChangeType;
  /** Its findings, the headline first. */
  changes: Change[];
}

/** The order that breaks a tie of categories: changes to the item as a whole before its attributes. */
const HEADLINES: readonly ChangeType[] = ['added', 'removed', 'retyped', 'moved', 'modified', 'major_bump', 'attr_changed'];
const RANK: Record<Severity, number> = { none: 0, fix: 1, feature: 2, breaking: 3 };

/** Groups findings by (kind, id), keeping the order in which items first appear. */
export function groupChanges(changes: readonly Change[]): ItemChanges[] {
  const byItem = new Map<string, Change[]>();
  for (const c of changes) {
    const k = `${c.kind}\u0000${c.id}`;
    const list = byItem.get(k);
    if (list) list.push(c);
    else byItem.set(k, [c]);
  }
  const out: ItemChanges[] = [];
  for (const list of byItem.values()) {
    // The headline decides the item's category: a move before the edit that came with it, a
    // dependency's major bump before its changed digest (by default).
    const before = (a: Change, b: Change): boolean =>
      RANK[a.severity] > RANK[b.severity] || (RANK[a.severity] === RANK[b.severity] && HEADLINES.indexOf(a.change) < HEADLINES.indexOf(b.change));
    const first = list.reduce((best, c) => (before(c, best) ? c : best));
    const ordered = [first, ...list.filter((c) => c !== first)];
    const withTitle = list.find((c) => c.title);
    const withPath = list.find((c) => c.path !== undefined);
    out.push({
      kind: list[0]!.kind, id: list[0]!.id,
      ...(withPath ? { path: withPath.path } : {}),
      ...(withTitle ? { title: withTitle.title } : {}),
      severity: list.reduce<Severity>((s, c) => maxSeverity(s, c.severity), 'none'),
      headline: first.change, changes: ordered,
    });
  }
  return out;
}

/** A digest-valued attribute (a content hash): its values say nothing to a reader, only that it changed. */
export function isDigestValue(v: unknown): boolean {
  return typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
}

export interface ChangeLine {
  /** e.g. "moved", "type", "activation", "modified". */
  what: string;
  /** Old and new value, when there are values worth showing. */
  from?: Change['from'];
  to?: Change['to'];
  /** "major bump" for a version-valued attribute crossing a compatibility line. */
  extra?: string;
}

/** One finding as a line under its item (or as the headline's detail). */
export function changeLine(c: Change): ChangeLine {
  switch (c.change) {
    case 'moved':
      return { what: 'moved', from: c.from ?? null, to: c.to ?? null };
    case 'retyped':
      return { what: 'type', from: c.from ?? null, to: c.to ?? null };
    case 'attr_changed':
    case 'major_bump': {
      const what = c.attr ?? 'attribute';
      if (isDigestValue(c.from) && isDigestValue(c.to)) return { what: `${what} edited` };
      return { what, from: c.from ?? null, to: c.to ?? null, ...(c.change === 'major_bump' ? { extra: 'major bump' } : {}) };
    }
    default:
      return { what: c.change };
  }
}
