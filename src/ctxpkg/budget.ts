// Level 3 context assembly under a token budget: nodes ordered by activation after temporal decay,
// included greedily while they fit; deactivated nodes (activation 0) never included.
import { compareUtf8 } from '../core/paths.js';
import { graphOf } from './check.js';
import { asNumber } from './model.js';

export interface BudgetEntry {
  id: string;
  type: string;
  activation: number;
  /** Activation after decay: activation · 0.5^(age_days / decay_half_life_days), age at the package's created_at. */
  effective: number;
  tokens: number;
}

export interface BudgetResult {
  budget: number;
  used: number;
  included: BudgetEntry[];
  excluded: (BudgetEntry & { reason: 'over_budget' | 'deactivated' })[];
}

/** A deterministic estimate (≈ 4 UTF-8 bytes per token), good enough to rank and cut. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(Buffer.byteLength(text, 'utf8') / 4));
}

export function assemble(content: unknown, budget: number, at: string | undefined): BudgetResult {
  const now = at ? Date.parse(at) : NaN;
  const entries: BudgetEntry[] = graphOf(content).nodes.map((n) => {
    const activation = asNumber(n.activation) ?? 1;
    const half = asNumber(n.decay_half_life_days);
    const created = typeof n.created_at === 'string' ? Date.parse(n.created_at) : NaN;
    let effective = activation;
    if (half && half > 0 && Number.isFinite(now) && Number.isFinite(created) && now > created) {
      effective = activation * 0.5 ** ((now - created) / 86_400_000 / half);
    }
    return { id: String(n.id), type: String(n.type), activation, effective: Math.round(effective * 1e6) / 1e6, tokens: estimateTokens(String(n.content ?? '')) };
  });
  entries.sort((a, b) => b.effective - a.effective || compareUtf8(a.id, b.id));
  const out: BudgetResult = { budget, used: 0, included: [], excluded: [] };
  for (const e of entries) {
    if (e.activation <= 0) out.excluded.push({ ...e, reason: 'deactivated' });
    else if (out.used + e.tokens <= budget) { out.included.push(e); out.used += e.tokens; }
    else out.excluded.push({ ...e, reason: 'over_budget' });
  }
  return out;
}
