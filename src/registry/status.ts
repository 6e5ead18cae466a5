// status.json (`acx.registry-status/1`): lifecycle changes of immutable releases — deprecated,
// withdrawn, superseded — recorded beside them, never by changing a published file.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJson } from '../core/strict-json.js';
import { STATUS_FILE, STATUS_SCHEMA } from './layout.js';

export interface Identity { artifactType: string; publisherId: string; id: string; version?: string; digest: string }
interface Entry { artifact: Identity; status: string; reason: string; recordedAt: string; successor?: Identity | null; advisory?: string | null }
export interface Ledger { updatedAt: string; entries: Entry[]; byIdentity: Map<string, Entry> }

export const identityKey = (i: Partial<Identity> | null | undefined): string =>
  [i?.artifactType ?? '', i?.publisherId ?? '', i?.id ?? '', i?.version ?? '', i?.digest ?? ''].join('\u0000');

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The ledger, or the empty one the reference assumes when there is none; `problems` names what is wrong. */
export async function readLedger(root: string): Promise<{ ledger: Ledger; problems: string[] }> {
  const empty: Ledger = { updatedAt: '1970-01-01T00:00:00.000Z', entries: [], byIdentity: new Map() };
  const path = join(root, STATUS_FILE);
  const st = await lstat(path).catch(() => undefined);
  if (!st) return { ledger: empty, problems: [] };
  if (!st.isFile()) return { ledger: empty, problems: [`${STATUS_FILE} is not a regular file`] };
  if (st.size > 64 * 1024 * 1024) return { ledger: empty, problems: [`${STATUS_FILE} is larger than 64 MiB`] };
  let doc: unknown;
  try { doc = parseJson(await readFile(path, 'utf8')); } catch (e) { return { ledger: empty, problems: [`${STATUS_FILE} is not valid JSON: ${(e as Error).message}`] }; }
  const problems: string[] = [];
  if (!isObj(doc)) return { ledger: empty, problems: [`${STATUS_FILE} is not an object`] };
  if (doc.schemaVersion !== STATUS_SCHEMA) problems.push(`${STATUS_FILE}: schemaVersion must be ${STATUS_SCHEMA}`);
  if (typeof doc.updatedAt !== 'string' || !RFC3339.test(doc.updatedAt)) problems.push(`${STATUS_FILE}: updatedAt must be RFC 3339`);
  if (!Array.isArray(doc.entries)) return { ledger: empty, problems: [...problems, `${STATUS_FILE}: entries must be an array`] };
  const entries: Entry[] = [];
  doc.entries.forEach((e, i) => {
    if (!isObj(e) || !isObj(e.artifact)) { problems.push(`${STATUS_FILE}: entries[${i}] has no artifact identity`); return; }
    if (!['deprecated', 'withdrawn', 'superseded'].includes(e.status as string)) problems.push(`${STATUS_FILE}: entries[${i}].status is invalid`);
    if (typeof e.reason !== 'string' || e.reason.trim().length < 10 || e.reason.length > 1000) problems.push(`${STATUS_FILE}: entries[${i}].reason must be a 10-1000 character string`);
    if (typeof e.recordedAt !== 'string' || !RFC3339.test(e.recordedAt)) problems.push(`${STATUS_FILE}: entries[${i}].recordedAt must be RFC 3339`);
    if (e.status === 'superseded' && !isObj(e.successor)) problems.push(`${STATUS_FILE}: entries[${i}].successor is required when status is superseded`);
    entries.push(e as unknown as Entry);
  });
  const byIdentity = new Map(entries.map((e) => [identityKey(e.artifact), e]));
  if (byIdentity.size !== entries.length) problems.push(`${STATUS_FILE}: an artifact identity is listed twice`);
  return { ledger: { updatedAt: String(doc.updatedAt), entries, byIdentity }, problems };
}

/** The index card's registryStatus, exactly as the reference writes it. */
export function lifecycleFor(ledger: Ledger, identity: Identity): Record<string, unknown> {
  const e = ledger.byIdentity.get(identityKey(identity));
  if (!e) return { status: 'active', reason: null, recordedAt: null, successor: null, advisory: null };
  return { status: e.status, reason: e.reason, recordedAt: e.recordedAt, successor: e.successor ?? null, advisory: e.advisory ?? null };
}
