// Builds a git registry's index.json (`acx.registry-index/1`) from the artifacts' verified bytes,
// byte for byte as the ACX reference's builder writes it. Cartridges are ctxforge's to judge: each
// is verified, its card made from its signed meta, and refused where the reference refuses it.
// What ctxforge does not verify — workflows, Agent Graphs, templates, and the level evidence of a
// cartridge that carries level credentials — is taken from the committed index and reported as
// not judged, never dropped and never made up.
import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJson } from '../core/strict-json.js';
import { compareSemver } from '../core/semver.js';
import { formatByName } from '../formats.js';
import type { RegistryFacts } from '../format.js';
import { CARTRIDGE_ID_RE, COLLECTIONS, findFiles, ID_RE, INDEX_FILE, INDEX_SCHEMA, policyIssues, PUBLISHER_RE, SEMVER_RE, TRUST_FILE, cartridgePath } from './layout.js';
import { identityKey, lifecycleFor, readLedger, type Identity, type Ledger } from './status.js';

export interface Rejection { type: string; path: string; reason: string }
type Card = Record<string, unknown> & { path: string; publisher: string; id: string; version: string; digest: string; name?: string };

export interface BuiltIndex {
  index: Record<string, unknown>;
  /** The index as written: two-space JSON and a newline. */
  text: string;
  rejected: Rejection[];
  /** What was carried from the committed index without being judged, one line each. */
  notJudged: string[];
}

/** A registry index larger than this is not read (the reference's own holds a few KiB a release). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

const jsonArray = (v: string | undefined): unknown[] => { try { const p = JSON.parse(v ?? ''); return Array.isArray(p) ? p : []; } catch { return []; } };

/** The committed index, or undefined when there is none or it cannot be read (then nothing is carried). */
export async function readCommittedIndex(root: string): Promise<{ text?: string; doc?: Record<string, unknown>; problem?: string }> {
  const p = join(root, INDEX_FILE);
  const st = await lstat(p).catch(() => undefined);
  if (!st) return {};
  if (!st.isFile()) return { problem: `${INDEX_FILE} is not a regular file` };
  if (st.size > MAX_INDEX_BYTES) return { problem: `${INDEX_FILE} is larger than ${MAX_INDEX_BYTES} bytes` };
  const text = await readFile(p, 'utf8');
  try {
    const doc = parseJson(text) as Record<string, unknown>;
    if (!doc || typeof doc !== 'object' || doc.schemaVersion !== INDEX_SCHEMA) return { text, problem: `${INDEX_FILE} is not ${INDEX_SCHEMA}` };
    return { text, doc };
  } catch (e) {
    return { text, problem: `${INDEX_FILE} is not valid JSON: ${(e as Error).message}` };
  }
}

const entriesOf = (doc: Record<string, unknown> | undefined, key: string): Card[] =>
  (Array.isArray(doc?.[key]) ? (doc![key] as unknown[]) : []).filter((e): e is Card => !!e && typeof e === 'object' && typeof (e as Card).path === 'string');

export interface CartridgeVerdict { card: Card; accepted: boolean; reason: string; credentials: number; timestamp?: string }

/**
 * One cartridge's card and whether the reference would accept it, from its verified bytes. `rel`
 * is the path it has (or would have) in the registry; `carried` the committed card at that path.
 */
export async function cartridgeCard(file: string, rel: string, o: { trust?: string; ledger: Ledger; carried?: Card }): Promise<CartridgeVerdict> {
  const acx = formatByName('acx')!;
  const input = { label: rel, path: file };
  const checked = await acx.verifyArtifact!(input, { trust: o.trust });
  const d = (checked.details ?? {}) as { trust?: string; status?: string; reason?: string };
  const facts: RegistryFacts = checked.valid || d.trust ? await acx.registryFacts!(input, {}) : { meta: {}, capabilities: [], credentials: 0, save: {} };
  const m = facts.meta;
  const publisher = m['acx.publisher_id']!;
  const id = m['acx.artifact_id']!;
  const version = m['acx.artifact_version']!;
  const consistent = String(m['acx.cartridge_id'] ?? '').startsWith(`${publisher}/${id}@`);
  const expected = cartridgePath(publisher, id, version);
  const canonical = rel === expected && PUBLISHER_RE.test(publisher ?? '') && CARTRIDGE_ID_RE.test(id ?? '') && SEMVER_RE.test(version ?? '') && consistent;
  const evidence = o.carried && o.carried.digest === m['acx.rom_manifest_hash'] && facts.credentials > 0 ? o.carried : undefined;
  const capabilities = evidence ? evidence.capabilities : facts.capabilities.flatMap((row) => {
    let c: Record<string, unknown>;
    try { c = JSON.parse(row.json) as Record<string, unknown>; } catch { return []; }
    if (!c) return [];
    return [{ taskType: c.taskType, stack: c.stack || [], domain: c.domain || null, claimedVerified: (c.proficiency as { verified?: unknown } | undefined)?.verified === true, verified: false, verificationState: 'unresolved' }];
  });
  const card: Card = {
    id, slug: `${publisher}__${id}`, path: rel, name: m['acx.agent_name'], publisher, role: m['acx.role'], provider: m['acx.provider'], model: m['acx.model'], version,
    description: m['acx.description'] || `A portable ${(m['acx.role'] || 'agent').replaceAll('_', ' ')} cartridge.`,
    license: m['acx.license'] || null, authors: jsonArray(m['acx.authors']), tags: jsonArray(m['acx.tags']), homepage: m['acx.homepage'] || null,
    trust: d.trust, trustStatus: d.status, specClean: checked.valid, romHash: m['acx.rom_manifest_hash'], digest: m['acx.rom_manifest_hash']!,
    bytes: (await lstat(file)).size, capabilities,
    level: evidence ? evidence.level : null,
    levelClaim: evidence ? evidence.levelClaim : { acxLevel: null, careerTier: null, verificationState: 'unresolved' },
  };
  card.registryStatus = lifecycleFor(o.ledger, { artifactType: 'agent', publisherId: publisher, id, version, digest: card.digest });
  const saveTotal = Object.values(facts.save).reduce((a, b) => a + b, 0);
  const accepted = canonical && !!d.trust && d.trust !== 'tampered' && d.trust !== 'legacy' && d.status !== 'invalid' && checked.valid && saveTotal === 0 && typeof card.name === 'string';
  const firstError = checked.diagnostics.find((x) => x.severity === 'error');
  const reason = !id || !CARTRIDGE_ID_RE.test(id) ? 'missing or invalid ROM-bound acx.artifact_id'
    : !version || !SEMVER_RE.test(version) ? 'missing or invalid ROM-bound acx.artifact_version'
      : !consistent ? 'ROM-bound acx.cartridge_id conflicts with publisher/artifact identity'
        : !canonical ? `non-canonical cartridge path (expected ${expected})`
          : !checked.valid ? `does not verify: ${firstError ? `${firstError.code} ${firstError.message}` : d.reason ?? 'invalid'}`
            : saveTotal > 0 ? `public registry cartridges must be ROM-only; SAVE zone contains data (${Object.entries(facts.save).filter(([, n]) => n).map(([k, n]) => `${k}=${n}`).join(', ')})`
              : typeof card.name !== 'string' ? 'missing acx.agent_name (the index card needs a name)'
                : d.reason ?? '';
  return { card, accepted, reason, credentials: facts.credentials, timestamp: m['acx.created_at'] };
}

function markLatest(entries: Card[]): void {
  const groups = new Map<string, Card>();
  for (const e of entries) {
    const k = `${e.publisher}\u0000${e.id}`;
    const cur = groups.get(k);
    if (!cur || compareSemver(e.version, cur.version) > 0) groups.set(k, e);
  }
  for (const e of entries) e.latest = groups.get(`${e.publisher}\u0000${e.id}`) === e;
}

function duplicates(entries: Card[], type: string, rejected: Rejection[]): void {
  const seen = new Map<string, string>();
  for (const e of entries) {
    const k = `${e.publisher}\u0000${e.id}\u0000${e.version ?? ''}`;
    const earlier = seen.get(k);
    if (earlier) rejected.push({ type, path: e.path, reason: `duplicate immutable coordinate also present at ${earlier}` });
    else seen.set(k, e.path);
  }
}

async function signedAt(file: string): Promise<string | undefined> {
  try { return (JSON.parse(await readFile(file, 'utf8')) as { integrity?: { signedAt?: string } }).integrity?.signedAt; } catch { return undefined; }
}

/** Entries of a collection ctxforge does not judge: the committed ones, each checked against the files present. */
async function carried(root: string, doc: Record<string, unknown> | undefined, key: string, sub: string, suffix: string, type: string, rejected: Rejection[], notJudged: string[], stamps: unknown[]): Promise<Card[]> {
  const files = await findFiles(root, sub, suffix);
  const byPath = new Map(entriesOf(doc, key).map((e) => [e.path, e]));
  const out: Card[] = [];
  for (const f of files) {
    if (f.unsafe) { rejected.push({ type, path: f.rel, reason: f.unsafe }); continue; }
    const e = byPath.get(f.rel);
    if (!e) { rejected.push({ type, path: f.rel, reason: `not in the committed ${INDEX_FILE}: ctxforge does not verify ${type} artifacts, so it cannot index one; run the ACX reference's builder` }); continue; }
    out.push(e);
    stamps.push(await signedAt(f.path));
    byPath.delete(f.rel);
  }
  for (const p of byPath.keys()) rejected.push({ type, path: p, reason: `${INDEX_FILE} lists it, but there is no such file` });
  if (out.length) notJudged.push(`${out.length} ${type} artifact${out.length === 1 ? '' : 's'} (${sub}/): not verified by ctxforge; their cards are the committed index's`);
  return out;
}

/** Builds the index of the registry at `root`. */
export async function buildIndex(root: string, committed?: Record<string, unknown>): Promise<BuiltIndex> {
  const { ledger, problems } = await readLedger(root);
  const rejected: Rejection[] = (await policyIssues(root)).map((reason) => ({ type: 'policy', path: reason.split(':', 1)[0]!, reason }));
  for (const p of problems) rejected.push({ type: 'status', path: 'status.json', reason: p });
  const notJudged: string[] = [];
  const trustSt = await lstat(join(root, TRUST_FILE)).catch(() => undefined);
  const trust = trustSt?.isFile() ? join(root, TRUST_FILE) : undefined;
  const stamps: unknown[] = [ledger.updatedAt];
  const accepted = new Set<string>();
  const committedCards = new Map(entriesOf(committed, 'cartridges').map((e) => [e.path, e]));

  const cartridges: Card[] = [];
  let withEvidence = 0;
  for (const f of await findFiles(root, COLLECTIONS.cartridges, '.acx')) {
    if (f.unsafe) { rejected.push({ type: 'agent', path: f.rel, reason: f.unsafe }); continue; }
    const v = await cartridgeCard(f.path, f.rel, { trust, ledger, carried: committedCards.get(f.rel) });
    if (!v.accepted) { rejected.push({ type: 'agent', path: v.card.path, reason: v.reason }); continue; }
    if (v.credentials) withEvidence++;
    cartridges.push(v.card);
    if (v.timestamp) stamps.push(v.timestamp);
    accepted.add(identityKey({ artifactType: 'agent', publisherId: v.card.publisher, id: v.card.id, version: v.card.version, digest: v.card.digest }));
  }
  if (withEvidence) notJudged.push(`${withEvidence} cartridge${withEvidence === 1 ? '' : 's'} with level credentials: the level, levelClaim and capability verification fields are the committed index's (ctxforge does not resolve level evidence)`);
  duplicates(cartridges, 'agent', rejected);
  markLatest(cartridges);
  const level = (c: Card) => ((c.level as { acxLevel?: number } | null)?.acxLevel ?? -1);
  cartridges.sort((a, b) => level(b) - level(a) || String(a.name).localeCompare(String(b.name)) || a.publisher.localeCompare(b.publisher) || a.id.localeCompare(b.id) || compareSemver(b.version, a.version));

  const workflows = await carried(root, committed, 'workflows', COLLECTIONS.workflows, '.cal.json', 'workflow', rejected, notJudged, stamps);
  const agentGraphs = await carried(root, committed, 'agentGraphs', COLLECTIONS.agentGraphs, '.agent-graph.json', 'agent-graph', rejected, notJudged, stamps);
  for (const [list, type] of [[workflows, 'workflow'], [agentGraphs, 'agent-graph']] as const) {
    for (const e of list) accepted.add(identityKey({ artifactType: type, publisherId: e.publisher, id: e.id, version: e.version, digest: e.digest }));
  }
  const templates = entriesOf(committed, 'templates');
  for (const t of templates) {
    const m = /^templates\/([^/]+)\/manifest\.json$/.exec(t.path);
    const st = m && ID_RE.test(m[1]!) ? await lstat(join(root, t.path)).catch(() => undefined) : undefined;
    if (!st?.isFile()) rejected.push({ type: 'template', path: t.path, reason: `${INDEX_FILE} lists a template with no manifest.json there` });
  }
  if (templates.length) notJudged.push(`${templates.length} template${templates.length === 1 ? '' : 's'} (templates/): unsigned starting points, carried from the committed index`);

  for (const e of ledger.entries) {
    if (!accepted.has(identityKey(e.artifact))) rejected.push({ type: 'status', path: 'status.json', reason: `status entry targets an artifact not present with the exact digest: ${e.artifact.publisherId}/${e.artifact.id}` });
    if (e.successor && !accepted.has(identityKey(e.successor as Identity))) rejected.push({ type: 'status', path: 'status.json', reason: `status successor is not present with the exact immutable identity and digest: ${e.successor.publisherId}/${e.successor.id}@${e.successor.version}` });
  }

  const generatedAt = (stamps.filter((s): s is string => typeof s === 'string' && !Number.isNaN(Date.parse(s))).sort((a, b) => Date.parse(a) - Date.parse(b)).at(-1)) ?? '1970-01-01T00:00:00.000Z';
  const index = {
    schemaVersion: INDEX_SCHEMA, generatedAt,
    artifactCount: cartridges.length + workflows.length + agentGraphs.length + templates.length,
    count: cartridges.length, cartridges,
    workflowCount: workflows.length, workflows,
    agentGraphCount: agentGraphs.length, agentGraphs,
    templateCount: templates.length, templates,
  };
  return { index, text: `${JSON.stringify(index, null, 2)}\n`, rejected, notJudged };
}
