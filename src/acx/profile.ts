// The ROM documents every conformant cartridge carries (SPEC §7.7, §8.1, §9.1) and their documented
// defaults: the closed acx.package-spec/1 eight-role profile, the pinned LanceDB memory descriptor,
// the harness-requirements manifest and the loop-context policy. One table, read by build and verify.

export const PACKAGE_SPEC_PATH = 'rom/package-spec.json';
export const LANCE_SCHEMA_PATH = 'rom/schema/lance-memory.json';
export const HARNESS_PATH = 'rom/manifest/harness-requirements.json';
export const LOOP_POLICY_PATH = 'rom/policy/loop-context-policy.json';
export const GENERATED_PATHS = [PACKAGE_SPEC_PATH, LANCE_SCHEMA_PATH, HARNESS_PATH, LOOP_POLICY_PATH];
export const PACKAGE_SPEC_KEYS = ['schemaVersion', 'cartridgeId', 'specVersion', 'embeddingEngine', 'artifacts'];

export interface Engine { id: string; dim: number }
export interface Counts { memory: number; skills: number; capabilities: number; levels: number }

/** Each role's fixed fields; `count` is the only free value (a non-negative integer) where present. */
export const ROLE_PROFILES: Array<{ role: string; fixed: Record<string, unknown>; counted: boolean }> = [
  { role: 'identity', fixed: { kind: 'meta', schema: 'acx.cartridge-meta/1', required: true }, counted: false },
  { role: 'memory-baseline', fixed: { kind: 'table', table: 'memory', mediaType: 'application/json', schema: 'acx.memory-record.v1', required: true }, counted: true },
  { role: 'memory-vectors', fixed: { kind: 'lance', path: 'vectors/memories.lance', schema: 'acx.lance-memory/1', required: false, signed: false, reindexOnImport: true, descriptor: LANCE_SCHEMA_PATH }, counted: false },
  { role: 'skills', fixed: { kind: 'sqlar', path: 'rom/skills/', schema: 'acx.skill/1', required: false }, counted: true },
  { role: 'capabilities', fixed: { kind: 'table', table: 'capabilities', schema: 'acx.capability/1', required: false }, counted: true },
  { role: 'harness', fixed: { kind: 'sqlar', path: HARNESS_PATH, schema: 'acx.harness.v1', required: true }, counted: false },
  { role: 'loop-context', fixed: { kind: 'sqlar', path: LOOP_POLICY_PATH, schema: 'acx.loop-context-policy/1.1', required: true }, counted: false },
  { role: 'level', fixed: { kind: 'attestation', schema: 'acx.level-credential.v1', required: false }, counted: true },
];

const COUNT_OF: Record<string, keyof Counts> = { 'memory-baseline': 'memory', skills: 'skills', capabilities: 'capabilities', level: 'levels' };

export function packageSpecDoc(cartridgeId: string, specVersion: string, engine: Engine, counts: Counts): unknown {
  return {
    schemaVersion: 'acx.package-spec/1',
    cartridgeId,
    specVersion,
    embeddingEngine: { id: engine.id, dim: engine.dim },
    artifacts: ROLE_PROFILES.map((p) => ({ role: p.role, ...p.fixed, ...(p.counted ? { count: counts[COUNT_OF[p.role]!] } : {}) })),
  };
}

export const LANCE_COLUMNS = ['id', 'zone', 'portable', 'artifact_fingerprint', 'codebase_fingerprint', 'title', 'summary', 'source_type', 'tags', 'impact', 'xp_awarded', 'timestamp', 'text', 'vector'];

export function lanceMemoryDoc(engine: Engine): unknown {
  const col = (name: string, type: string, nullable = false, extra: Record<string, unknown> = {}) => ({ name, type, nullable, ...extra });
  return {
    schemaVersion: 'acx.lance-memory/1',
    format: 'lancedb',
    table: 'memories',
    partitionBy: 'zone',
    distanceMetric: 'cosine',
    embeddingEngine: { id: engine.id, dim: engine.dim },
    textTemplate: 'title + "\\n\\n" + summary',
    columns: [
      col('id', 'utf8'), col('zone', 'utf8', false, { enum: ['rom', 'save'] }), col('portable', 'bool'), col('artifact_fingerprint', 'utf8'),
      col('codebase_fingerprint', 'utf8', true), col('title', 'utf8'), col('summary', 'utf8'), col('source_type', 'utf8'), col('tags', 'list<utf8>'),
      col('impact', 'utf8', false, { enum: ['positive', 'neutral', 'negative'] }), col('xp_awarded', 'int32'), col('timestamp', 'utf8'), col('text', 'utf8'),
      col('vector', `fixed_size_list<float32, ${engine.dim}>`, false, { sizeFromEngine: true }),
    ],
  };
}

/** §8.4: the four required roles and the scopes each must carry. */
export const REQUIRED_ROLES: Record<string, string[]> = {
  'acx:execute': ['exec'],
  'acx:dispatch': ['dispatch'],
  'acx:memory.write': ['memory.write'],
  'acx:search': ['search', 'memory.read'],
};
/** §8.6: the oldest MCP revision with initialize, tools/* and inputSchema. */
export const MCP_FLOOR = '2024-11-05';

const tool = (role: string, name: string, description: string, scopes: string[], arg?: string) => ({
  role, tier: 'required', capabilityScopes: scopes, name, description,
  inputSchema: arg ? { type: 'object', required: [arg], properties: { [arg]: { type: 'string' } } } : { type: 'object', properties: {} },
});

/** The default harness manifest (§8): the minimal contract, no filesystem writes, no network. */
export function defaultHarness(): Record<string, unknown> {
  return {
    schemaVersion: 'acx.harness.v1',
    mcp: { minProtocolRevision: MCP_FLOOR, preferredProtocolRevision: '2025-11-25' },
    model: { toolUse: true, minContextWindowTokens: 100000, structuredOutput: false },
    requiredTools: [
      tool('acx:execute', 'execute', 'Run commands/code in a sandbox.', ['exec', 'fs.read'], 'command'),
      tool('acx:dispatch', 'dispatch', 'Spawn/route a sub-agent unit of work.', ['dispatch'], 'task'),
      tool('acx:memory.write', 'add_memory', 'Append a durable SAVE-zone record.', ['memory.write'], 'summary'),
      tool('acx:search', 'search_memory', 'Retrieval over memory + knowledge.', ['search', 'memory.read'], 'query'),
    ],
    optionalTools: [],
    filesystem: { read: ['**'], write: [] },
    network: { egress: 'none' },
  };
}

/** The default loop-context policy (§9): gather → act → verify, bounded turns, handoff on PR. */
export function defaultLoopPolicy(engineId: string): Record<string, unknown> {
  return {
    schemaVersion: 'acx.loop-context-policy/1',
    loop: {
      maxTurns: 40,
      cycle: ['gather_context', 'act', 'verify'],
      verification: { commands: ['lint', 'typecheck', 'test:touched'], maxAttempts: 3, scope: 'touched', passIntent: 'lint+types+touched tests green', blockOnFailure: true },
      stopConditions: [
        { when: 'completed', action: 'stop' }, { when: 'pr_ready', action: 'handoff' }, { when: 'blocked', action: 'await_human' },
        { when: 'max_turns', action: 'report_continue' }, { when: 'guardrail_stop', action: 'await_human' },
      ],
      handoff: { emits: 'OperatorCommandReport', returnWindows: ['phase_exit', 'blocker', 'pr_ready', 'destructive_change'] },
    },
    context: {
      retrieval: 'just_in_time',
      identifierKinds: ['file_path', 'stored_query', 'memory_ref', 'symbol'],
      compaction: { preserve: ['architectural_decisions', 'unresolved_bugs', 'user_intent', 'task_state'], discard: ['redundant_output', 'tool_output'], targetTokenBudget: 60000 },
      toolResultTruncation: { maxTokens: 4000, keepLastN: 20 },
      embeddingEngineId: engineId,
    },
    hints: {},
  };
}

/** The top-level keys cartridge.yaml may override in each document (shallow, key by key). */
export const HARNESS_OVERRIDABLE = ['mcp', 'model', 'requiredTools', 'optionalTools', 'filesystem', 'network'];
export const LOOP_OVERRIDABLE = ['loop', 'context', 'rules', 'guardrailContract', 'budget', 'hints'];

/** Deterministic bytes, the layout the reference writes (two-space JSON). */
export const docBytes = (doc: unknown): Buffer => Buffer.from(JSON.stringify(doc, null, 2), 'utf8');
