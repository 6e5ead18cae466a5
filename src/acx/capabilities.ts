// Capability records (SPEC §6.2): field checks and the deterministic cap-<sha256_16> id.
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { RFC3339 } from './trust.js';

const SEED_TASKS = ['build-dag', 'write-migration', 'design-api', 'implement-feature', 'refactor', 'debug', 'review', 'test-authoring', 'optimize-performance', 'harden-security', 'write-docs', 'deploy', 'incident-response', 'data-modeling', 'schema-design', 'prompt-engineering', 'dependency-upgrade'];
const DOMAINS = ['frontend', 'backend', 'infrastructure', 'testing', 'architecture', 'leadership', 'product'];

export function capabilityId(taskType: string, stack: string[], domain: string): string {
  return `cap-${sha256Hex(`${taskType}|${[...stack].sort(compareUtf8).join(',')}|${domain}`).slice(0, 16)}`;
}

export function capabilityProblems(c: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (c.schemaVersion !== 'acx.capability/1') out.push('schemaVersion must be "acx.capability/1"');
  if (typeof c.id !== 'string' || !/^cap-[0-9a-f]{16}$/.test(c.id)) out.push('id must be cap-<16 hex>');
  const t = c.taskType;
  if (typeof t !== 'string') out.push('taskType is required');
  else if (!t.includes(':') && !SEED_TASKS.includes(t)) out.push(`taskType ${JSON.stringify(t)} is not in the seed vocabulary (private tokens need a reverse-DNS prefix and a colon)`);
  else if (t.includes(':') && !/^[a-z0-9]+(\.[a-z0-9-]+)+:[a-z0-9]+(-[a-z0-9]+)*$/.test(t)) out.push(`namespaced taskType ${JSON.stringify(t)} is malformed`);
  if (!Array.isArray(c.stack) || c.stack.some((s) => typeof s !== 'string' || !/^pkg:[a-z][a-z0-9.+-]*\/.+/.test(s))) out.push('stack must be an array of purl strings (pkg:type/name)');
  if (typeof c.domain !== 'string' || !DOMAINS.includes(c.domain)) out.push(`domain must be one of ${DOMAINS.join(', ')}`);
  const p = c.proficiency as Record<string, unknown> | undefined;
  if (typeof p !== 'object' || p === null) out.push('proficiency is required');
  else {
    if (p.scale !== 'acx.proficiency/trueskill-1') out.push('proficiency.scale must be "acx.proficiency/trueskill-1"');
    for (const k of ['score', 'confidence']) if (typeof p[k] !== 'number' || (p[k] as number) < 0 || (p[k] as number) > 1) out.push(`proficiency.${k} must be a number in 0..1`);
    for (const k of ['mu', 'sigma']) if (typeof p[k] !== 'number') out.push(`proficiency.${k} must be a number`);
    if (typeof p.verified !== 'boolean') out.push('proficiency.verified must be a boolean');
    if (p.verified === true && !(Array.isArray(c.evidenceRefs) && c.evidenceRefs.some((e) => (e as Record<string, unknown>)?.kind === 'level-attestation'))) {
      out.push('verified:true needs an evidenceRefs entry of kind "level-attestation"');
    }
  }
  if (!Array.isArray(c.evidenceRefs)) out.push('evidenceRefs must be an array');
  if (typeof c.sampleCount !== 'number' || !Number.isInteger(c.sampleCount) || c.sampleCount < 0) out.push('sampleCount must be a whole number ≥ 0');
  for (const k of ['lastDemonstratedAt', 'createdAt', 'updatedAt']) if (typeof c[k] !== 'string' || !RFC3339.test(c[k] as string)) out.push(`${k} must be an RFC 3339 time`);
  if (!out.length && typeof c.id === 'string' && c.id !== capabilityId(t as string, c.stack as string[], c.domain as string)) {
    out.push(`id ${c.id} is not ${capabilityId(t as string, c.stack as string[], c.domain as string)} (sha256 of taskType|sorted stack|domain)`);
  }
  return out;
}
