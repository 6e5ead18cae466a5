// Who gets a stable ID that pages claim: the one rule sync, convert and skills import share. A page
// that still holds an ID keeps it against any claimant (a copied page, a stranger's frontmatter), so
// an ID can be neither stolen nor swapped; among claimants of an ID nobody holds, the first in
// code-point order of their paths wins. Every refused claim is named with both paths, so the loser
// gets another ID and a warning instead of blocking the run.
import { warning, type Diagnostic } from './diagnostics.js';
import { compareUtf8 } from './paths.js';

export interface IdClaim {
  /** Where the claimant is (an upstream page, a source document, a skill folder). */
  path: string;
  /** The ID it claims (its frontmatter's, its name). */
  id: string;
}

export interface RefusedClaim extends IdClaim {
  /** The path that keeps the ID. */
  keeper: string;
  /** `held`: the keeper already held it; `first`: both were new claimants and the keeper comes first. */
  why: 'held' | 'first';
}

export interface SettledClaims {
  /** path → the ID granted to it. */
  granted: Map<string, string>;
  refused: RefusedClaim[];
}

/**
 * Settles `claims` against `held` (ID → the path holding it, among paths still present). A claim
 * of a held ID is granted only to its holder; an unheld ID goes to its first claimant by path.
 */
export function settleIdClaims(claims: readonly IdClaim[], held: ReadonlyMap<string, string> = new Map()): SettledClaims {
  const granted = new Map<string, string>();
  const owner = new Map<string, string>();
  const refused: RefusedClaim[] = [];
  for (const c of [...claims].sort((a, b) => compareUtf8(a.path, b.path))) {
    if (granted.has(c.path)) continue;
    const holder = held.get(c.id);
    if (holder !== undefined && holder !== c.path) {
      refused.push({ ...c, keeper: holder, why: 'held' });
      continue;
    }
    const first = owner.get(c.id);
    if (first !== undefined) {
      refused.push({ ...c, keeper: first, why: 'first' });
      continue;
    }
    owner.set(c.id, c.path);
    granted.set(c.path, c.id);
  }
  return { granted, refused };
}

/** One warning a refused claim: both paths, and that the claimant gets another ID. */
export function refusedClaimWarnings(refused: readonly RefusedClaim[], code: string, what = 'page'): Diagnostic[] {
  return refused.map((r) => warning(code, r.why === 'held'
    ? `${r.path} claims the ID ${r.id}, which the ${what} ${r.keeper} holds: ${r.keeper} keeps it and ${r.path} gets another ID`
    : `${r.path} and ${r.keeper} both claim the ID ${r.id}: ${r.keeper} (first by path) keeps it and ${r.path} gets another ID`, {
    file: r.path, hint: `a copied ${what} keeps its source's ID in its frontmatter: remove or change the ID there`,
  }));
}

/**
 * settleIdClaims over items that each carry an ID: a refused item's ID is replaced by `fresh(item)`
 * (in place), and the refusals are returned for the caller's warnings.
 */
export function reassignClaimedIds<T extends IdClaim>(items: T[], fresh: (item: T) => string, held?: ReadonlyMap<string, string>): RefusedClaim[] {
  const { refused } = settleIdClaims(items, held);
  const byPath = new Map(items.map((i) => [i.path, i]));
  for (const r of refused) {
    const item = byPath.get(r.path);
    if (item) item.id = fresh(item);
  }
  return refused;
}
