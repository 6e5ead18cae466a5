// The profiles layout of vectors/0.1 as octx 0.1.6 writes it (notes-octx-0.1.6.md §2, §4, §7):
// vectors/profiles.json names one profile per role, and each role's Arrow file covers its targets
// (chunks, events, entities or event–entity relations) exactly when `complete`, a subset when
// `partial`. Fingerprints and input hashes are opaque here: the reference does not recompute them.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError, decodeUtf8Strict } from '../core/strict-json.js';
import { KIND_CHUNK, KIND_ENTITY, KIND_EVENT, type SagIds } from './records-fast.js';
import { checkArrow, listTarget, recordTarget, VECTOR_PROFILES, VECTOR_ROLES, type ArrowLimits, type ArrowTarget } from './vectors.js';

export interface VectorProfile {
  role: string;
  file: string;
  dimensions: number;
  coverage: 'complete' | 'partial';
  line?: number;
}

/** The profiles of vectors/profiles.json, or undefined when the file itself is unusable. */
export function parseVectorProfiles(bytes: Buffer, maxDepth: number, limits: ArrowLimits, diags: Diagnostic[]): VectorProfile[] | undefined {
  const file = VECTOR_PROFILES;
  const bad = (msg: string, code = 'OCTX_VECTORS_INVALID') => { diags.push(error(code, `${file}: ${msg}`, { file })); };
  let v: unknown;
  try {
    v = parseJson(decodeUtf8Strict(bytes, file), { maxDepth });
  } catch (e) {
    if (!(e instanceof JsonSyntaxError)) throw e;
    diags.push(error(e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID', `${file}: ${e.reason}`, { file, line: e.line || undefined }));
    return undefined;
  }
  const list = (v as { profiles?: unknown } | null)?.profiles;
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !Array.isArray(list)) { bad('must be a JSON object with a "profiles" array'); return undefined; }
  const out: VectorProfile[] = [];
  const roles = new Set<string>();
  list.forEach((p: unknown, i: number) => {
    const at = `profiles[${i}]`;
    if (typeof p !== 'object' || p === null || Array.isArray(p)) return bad(`${at} must be an object`);
    const o = p as Record<string, unknown>;
    const role = o.role;
    if (typeof role !== 'string' || !Object.hasOwn(VECTOR_ROLES, role)) return bad(`${at}.role must be one of ${Object.keys(VECTOR_ROLES).join(', ')}, got ${JSON.stringify(role)}`);
    if (roles.has(role)) return bad(`role ${role} has two profiles`);
    roles.add(role);
    let ok = true;
    const d = o.dimensions;
    if (typeof d !== 'number' || !Number.isInteger(d)) { bad(`${at}.dimensions must be an integer`); ok = false; }
    else if (d <= 0) { bad(`${at}.dimensions must be positive, got ${d}`, 'OCTX_VECTOR_DIMENSION_INVALID'); ok = false; }
    else if (d > limits.maxArrowDimension) { bad(`${at}.dimensions ${d} is above the limit of ${limits.maxArrowDimension} (--max-arrow-dimension)`, 'OCTX_RESOURCE_LIMIT'); ok = false; }
    if (o.dtype !== 'float32') { bad(`${at}.dtype must be "float32"`); ok = false; }
    if (o.coverage !== 'complete' && o.coverage !== 'partial') { bad(`${at}.coverage must be "complete" or "partial"`); ok = false; }
    for (const k of ['fingerprint', 'model', 'recipe_id', 'reuse_policy', 'input_hash_algorithm', 'provider', 'revision', 'model_fingerprint'] as const) {
      if (o[k] !== undefined && (typeof o[k] !== 'string' || o[k] === '')) { bad(`${at}.${k}, when present, must be a non-empty string`); ok = false; }
    }
    if (ok) out.push({ role, file: VECTOR_ROLES[role]!, dimensions: d as number, coverage: o.coverage as 'complete' | 'partial' });
  });
  return out;
}

export interface ProfilesInput {
  listed: ReadonlySet<string>;
  read: (path: string) => Promise<Buffer>;
  ids: SagIds;
  /** `event_entity:<event_id>:<entity_id>` of every relation, read only when a profile needs them. */
  relationKeys: () => Promise<string[]>;
  maxDepth: number;
  limits: ArrowLimits;
}

/** Checks the profiles layout: profiles.json, each declared role's file, and no undeclared role file. */
export async function checkVectorProfiles(input: ProfilesInput, diags: Diagnostic[]): Promise<void> {
  const profiles = parseVectorProfiles(await input.read(VECTOR_PROFILES), input.maxDepth, input.limits, diags);
  if (!profiles) return;
  const declared = new Set(profiles.map((p) => p.file));
  for (const f of Object.values(VECTOR_ROLES)) {
    if (input.listed.has(f) && !declared.has(f) && !diags.some((d) => d.file === VECTOR_PROFILES)) {
      diags.push(error('OCTX_STANDARD_PATH_UNDECLARED', `${f} is a vectors role file but no profile in ${VECTOR_PROFILES} declares its role`, { file: f }));
    }
  }
  if (!profiles.length) diags.push(error('OCTX_CAPABILITY_FILE_REQUIRED', `${VECTOR_PROFILES} declares no profile: vectors/0.1 needs at least one role`, { file: VECTOR_PROFILES }));
  for (const p of profiles) {
    if (!input.listed.has(p.file)) {
      diags.push(error('OCTX_CAPABILITY_FILE_REQUIRED', `the ${p.role} profile needs ${p.file} in files[]`, { file: VECTOR_PROFILES }));
      continue;
    }
    const target = await targetOf(p.role, input);
    checkArrow(p.file, await input.read(p.file), target, { coverage: p.coverage, dimensions: p.dimensions, limits: input.limits }, diags);
  }
}

async function targetOf(role: string, input: ProfilesInput): Promise<ArrowTarget> {
  if (role.startsWith('chunk.')) return recordTarget(input.ids, KIND_CHUNK);
  if (role.startsWith('event.')) return recordTarget(input.ids, KIND_EVENT);
  if (role === 'entity.name') return recordTarget(input.ids, KIND_ENTITY);
  return listTarget(await input.relationKeys());
}
