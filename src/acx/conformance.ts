// The §12 conformance checks on a cartridge's ROM documents: the closed acx.package-spec/1 profile
// (items 9), exactly one harness manifest (11) and loop-context policy (12), the pinned LanceDB
// descriptor (§7.7). Each document is validated against its published upstream JSON Schema (ajv)
// plus the cross-checks a schema cannot express (equality with the signed meta, the closed roles).
import type { ValidateFunction, ErrorObject } from 'ajv/dist/2020.js';
// The published schemas (./schemas/*.schema.json), compiled ahead of time (scripts/gen-validators.mjs):
// compiling them took ~0.5 s of every cartridge verify.
import { packageSpec, lanceMemory, harnessRequirements, loopContextPolicy } from './schemas/validators.js';
import { parseJson } from '../core/strict-json.js';
import { jcs } from '../core/jcs.js';
import { decodeUtf8 } from '../core/utf8.js';
import {
  HARNESS_PATH, LANCE_COLUMNS, LANCE_SCHEMA_PATH, LOOP_POLICY_PATH, MCP_FLOOR, PACKAGE_SPEC_KEYS, PACKAGE_SPEC_PATH, REQUIRED_ROLES, ROLE_PROFILES,
} from './profile.js';

export interface Problem { code: string; message: string; severity: 'error' | 'warning' }

const validators: Record<string, ValidateFunction> = {
  [PACKAGE_SPEC_PATH]: packageSpec as ValidateFunction,
  [LANCE_SCHEMA_PATH]: lanceMemory as ValidateFunction,
  [HARNESS_PATH]: harnessRequirements as ValidateFunction,
  [LOOP_POLICY_PATH]: loopContextPolicy as ValidateFunction,
};

// Every mismatch, not the first few: a reader comparing with the published schema needs all of them.
const say = (errs: ErrorObject[] | null | undefined): string => (errs ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`).join('; ');
const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Schema problems of one document, as text; empty when it conforms. */
export function schemaProblems(path: string, doc: unknown): string | null {
  const v = validators[path];
  if (!v || v(doc)) return null;
  return say(v.errors);
}

/** §8: the MUSTs of the harness manifest a host relies on (schemaVersion, four roles, scopes, floor). */
export function harnessProblems(doc: unknown): string[] {
  if (!isMap(doc)) return ['must be a JSON object'];
  const p: string[] = [];
  if (doc.schemaVersion !== 'acx.harness.v1') p.push(`schemaVersion ${JSON.stringify(doc.schemaVersion)} is not "acx.harness.v1"`);
  const mcp = doc.mcp;
  const floor = isMap(mcp) ? mcp.minProtocolRevision : undefined;
  if (typeof floor !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(floor)) p.push('mcp.minProtocolRevision (the MCP floor, a YYYY-MM-DD revision) is missing');
  else if (floor < MCP_FLOOR) p.push(`mcp.minProtocolRevision ${floor} is older than ${MCP_FLOOR}, the first revision with tools and inputSchema`);
  const tools = Array.isArray(doc.requiredTools) ? doc.requiredTools : [];
  if (!Array.isArray(doc.requiredTools)) p.push('requiredTools must be an array');
  for (const [role, scopes] of Object.entries(REQUIRED_ROLES)) {
    const t = tools.filter((x) => isMap(x) && x.role === role) as Array<Record<string, unknown>>;
    if (t.length === 0) { p.push(`required role ${role} is missing`); continue; }
    if (t.length > 1) p.push(`required role ${role} is declared ${t.length} times`);
    const got = Array.isArray(t[0]!.capabilityScopes) ? t[0]!.capabilityScopes : [];
    if (t[0]!.tier !== 'required') p.push(`role ${role} must have tier "required"`);
    for (const s of scopes) if (!got.includes(s)) p.push(`role ${role} lacks capability scope ${s}`);
  }
  return p;
}

/** §9.1: a recognized schemaVersion and the loop/context blocks. */
export function loopPolicyProblems(doc: unknown): string[] {
  if (!isMap(doc)) return ['must be a JSON object'];
  const p: string[] = [];
  // /1 is the §9.1 text and the published schema; /1.1 is what the reference writes (§9.6, additive).
  if (doc.schemaVersion !== 'acx.loop-context-policy/1' && doc.schemaVersion !== 'acx.loop-context-policy/1.1') p.push(`schemaVersion ${JSON.stringify(doc.schemaVersion)} is not recognized`);
  if (!isMap(doc.loop)) p.push('loop is missing');
  if (!isMap(doc.context)) p.push('context is missing');
  if (doc.hints !== undefined && !isMap(doc.hints)) p.push('hints must be an object');
  return p;
}

export interface ConformanceInput {
  meta: Map<string, string>;
  /** Decoded bytes of the ROM documents (absent when the sqlar row is missing or undecodable). */
  file: (name: string) => Buffer | undefined;
  names: Iterable<string>;
}

export function checkConformance(c: ConformanceInput): Problem[] {
  const out: Problem[] = [];
  const err = (code: string, message: string) => out.push({ code, message, severity: 'error' });
  const warn = (code: string, message: string) => out.push({ code, message, severity: 'warning' });
  const names = [...c.names];
  const read = (path: string, missing: string): unknown => {
    const raw = c.file(path);
    if (!raw) { if (!names.includes(path)) err(missing, `${path} is missing`); return undefined; }
    const text = decodeUtf8(raw);
    try { return parseJson(text ?? ''); } catch (e) { err(missing.replace(/_MISSING$/, ''), `${path} is not valid JSON: ${(e as Error).message}`); return undefined; }
  };

  // exactly one of each: a second copy under another zone or folder is ambiguous for a host
  const twins = (base: string, keep: string, code: string, also: RegExp[] = []) => {
    for (const n of names) if (n !== keep && (n.split('/').pop() === base || also.some((r) => r.test(n)))) err(code, `${n}: a cartridge carries exactly one ${keep}`);
  };
  twins('harness-requirements.json', HARNESS_PATH, 'ACX_HARNESS_DUPLICATE', [/^(rom|save)\/manifest\/harness[^/]*\.json$/]);
  twins('loop-context-policy.json', LOOP_POLICY_PATH, 'ACX_LOOP_POLICY_DUPLICATE');
  twins('package-spec.json', PACKAGE_SPEC_PATH, 'ACX_PACKAGE_SPEC_DUPLICATE');

  // package spec: closed profile, the eight roles, equal to the signed meta
  const spec = read(PACKAGE_SPEC_PATH, 'ACX_PACKAGE_SPEC_MISSING');
  if (spec !== undefined) {
    const sp = schemaProblems(PACKAGE_SPEC_PATH, spec);
    if (sp) err('ACX_PACKAGE_SPEC', `${PACKAGE_SPEC_PATH} does not match acx.package-spec/1: ${sp}`);
    if (isMap(spec)) {
      for (const k of Object.keys(spec)) if (!PACKAGE_SPEC_KEYS.includes(k)) err('ACX_PACKAGE_SPEC', `${PACKAGE_SPEC_PATH}: unknown top-level key ${JSON.stringify(k)}`);
      for (const k of PACKAGE_SPEC_KEYS) if (!(k in spec)) err('ACX_PACKAGE_SPEC', `${PACKAGE_SPEC_PATH}: ${k} is missing`);
      const eq = (k: string, metaKey: string, parse: boolean) => {
        const mv = c.meta.get(metaKey);
        if (mv === undefined || !(k in spec)) return;
        let want: unknown = mv;
        if (parse) { try { want = parseJson(mv); } catch { return; } }
        let same = false;
        try { same = jcs(spec[k]) === jcs(want); } catch { same = false; }
        if (!same) err('ACX_PACKAGE_SPEC_META', `${PACKAGE_SPEC_PATH}: ${k} ${JSON.stringify(spec[k])} differs from the signed ${metaKey} ${mv}`);
      };
      eq('cartridgeId', 'acx.cartridge_id', false);
      eq('specVersion', 'acx.spec_version', false);
      eq('embeddingEngine', 'acx.embedding_engine', true);
      const arts = Array.isArray(spec.artifacts) ? spec.artifacts : [];
      const seen = new Map<string, number>();
      for (const a of arts) {
        const role = isMap(a) && typeof a.role === 'string' ? a.role : undefined;
        const prof = ROLE_PROFILES.find((x) => x.role === role);
        if (!isMap(a) || !prof) { err('ACX_PACKAGE_SPEC_ROLE', `${PACKAGE_SPEC_PATH}: role ${JSON.stringify(role ?? null)} is not one of the eight acx.package-spec/1 roles`); continue; }
        seen.set(prof.role, (seen.get(prof.role) ?? 0) + 1);
        const allowed = ['role', ...Object.keys(prof.fixed), ...(prof.counted ? ['count'] : [])];
        const altered = Object.keys(a).filter((k) => !allowed.includes(k))
          .concat(Object.entries(prof.fixed).filter(([k, v]) => a[k] !== v).map(([k]) => k));
        if (prof.counted && !(typeof a.count === 'number' && Number.isInteger(a.count) && a.count >= 0)) altered.push('count');
        if (altered.length) err('ACX_PACKAGE_SPEC_ROLE', `${PACKAGE_SPEC_PATH}: role ${prof.role} is altered (${altered.join(', ')})`);
      }
      for (const p of ROLE_PROFILES) {
        const n = seen.get(p.role) ?? 0;
        if (n === 0) err('ACX_PACKAGE_SPEC_ROLE', `${PACKAGE_SPEC_PATH}: role ${p.role} is missing`);
        if (n > 1) err('ACX_PACKAGE_SPEC_ROLE', `${PACKAGE_SPEC_PATH}: role ${p.role} is listed ${n} times`);
      }
    }
  }
  const pointer = (key: string, path: string) => {
    const v = c.meta.get(key);
    if (v !== undefined && v !== path) err('ACX_META_VALUE', `${key} is ${JSON.stringify(v)}; it points at ${path}`);
  };
  pointer('acx.package_spec', PACKAGE_SPEC_PATH);
  pointer('acx.lance_schema', LANCE_SCHEMA_PATH);

  // LanceDB descriptor: pinned columns, the engine of the meta
  const lance = read(LANCE_SCHEMA_PATH, 'ACX_LANCE_SCHEMA_MISSING');
  if (lance !== undefined) {
    const sp = schemaProblems(LANCE_SCHEMA_PATH, lance);
    if (sp) err('ACX_LANCE_SCHEMA', `${LANCE_SCHEMA_PATH} does not match acx.lance-memory/1: ${sp}`);
    if (isMap(lance)) {
      const cols = Array.isArray(lance.columns) ? lance.columns.map((x) => (isMap(x) ? x.name : undefined)) : [];
      if (jcs(cols) !== jcs(LANCE_COLUMNS)) err('ACX_LANCE_SCHEMA', `${LANCE_SCHEMA_PATH}: columns must be exactly ${LANCE_COLUMNS.join(', ')}`);
      let engine: unknown;
      try { engine = parseJson(c.meta.get('acx.embedding_engine') ?? ''); } catch { engine = undefined; }
      if (isMap(engine) && isMap(lance.embeddingEngine) && lance.embeddingEngine.dim !== engine.dim) err('ACX_LANCE_SCHEMA', `${LANCE_SCHEMA_PATH}: dim ${String(lance.embeddingEngine.dim)} differs from the engine's ${String(engine.dim)}`);
    }
  }

  // harness and loop policy: the spec's MUSTs are errors. The published schemas are stricter than
  // what the reference writes (externalTools, list-form filesystem/network, cycle steps, /1.1), and
  // the reference's own cartridges are conformant, so a schema mismatch there is a warning.
  const harness = read(HARNESS_PATH, 'ACX_HARNESS_MISSING');
  if (harness !== undefined) {
    for (const p of harnessProblems(harness)) err('ACX_HARNESS', `${HARNESS_PATH}: ${p}`);
    const sp = schemaProblems(HARNESS_PATH, harness);
    if (sp) warn('ACX_HARNESS_SCHEMA', `${HARNESS_PATH} departs from the published harness-requirements schema: ${sp}`);
  }
  const loop = read(LOOP_POLICY_PATH, 'ACX_LOOP_POLICY_MISSING');
  if (loop !== undefined) {
    for (const p of loopPolicyProblems(loop)) err('ACX_LOOP_POLICY', `${LOOP_POLICY_PATH}: ${p}`);
    const sp = schemaProblems(LOOP_POLICY_PATH, loop);
    if (sp) warn('ACX_LOOP_POLICY_SCHEMA', `${LOOP_POLICY_PATH} departs from the published loop-context-policy schema: ${sp}`);
  }
  return out;
}
