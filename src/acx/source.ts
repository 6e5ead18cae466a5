// Loads a cartridge source tree (cartridge.yaml, skills/, knowledge/, rom/, memory/, capabilities/,
// attestations/) into the logical content a builder writes, with file/line diagnostics.
import { error, warning, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import type { SourceFile } from './rom-files.js';
import { parseYamlSafe, YamlSafetyError } from '../core/yaml-safe.js';
import { parseJson } from '../core/strict-json.js';
import { jcs } from '../core/jcs.js';
import { isSemver } from '../core/semver.js';
import { scanSecrets, scanSecretBytes, scanSecretName } from '../core/secrets.js';
import { sha256Hex } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { sqlarNameProblem } from './sqlar.js';
import { RomFileTable } from './rom-files.js';
import { checkSkillMd, deriveSkillRow, parseSkillExt, SKILL_EXT_PREFIX, skillPathProblem, SKILL_NAME, type SkillRow } from './skills.js';
import { ROM_INDEX_PATH } from './rom-index.js';
import { romRecord, type Rec } from './memory.js';
import { capabilityId, capabilityProblems } from './capabilities.js';
import { RFC3339 } from './trust.js';
import { decodeUtf8 } from '../core/utf8.js';
import { defaultHarness, defaultLoopPolicy, HARNESS_OVERRIDABLE, HARNESS_PATH, LOOP_OVERRIDABLE, LOOP_POLICY_PATH } from './profile.js';
import { harnessProblems, loopPolicyProblems, schemaProblems } from './conformance.js';

export type { SourceFile } from './rom-files.js';

/** The bytes of a file the load kept (every file a later step of the load reads is kept). */
export function keptBytes(f: { name: string; raw?: Buffer }): Buffer {
  if (!f.raw) throw new Error(`internal: the bytes of ${f.name} were not kept`);
  return f.raw;
}

/** Whether a later step of the load reads this ROM file's bytes (so they are kept). */
const readLater = (name: string) => name.startsWith('rom/skills/') || name.startsWith(SKILL_EXT_PREFIX) || name === HARNESS_PATH || name === LOOP_POLICY_PATH;

export interface SourceMemory { id: string; payload: string; artifactFingerprint: string; createdAt: string; from: string }
export interface SourceCapability { id: string; json: string; from: string }
export interface SourceAttestation { att_id: string; type: string; subject_oid: string | null; media_type: string; document: string; status_url: string | null; created_at: string; from: string }

export interface CartridgeSource {
  artifact: string;
  version: string;
  /** Meta rows except acx.rom_manifest_hash (the builder adds it). created_at may be null: the epoch fills it. */
  meta: Map<string, string>;
  createdAtGiven: boolean;
  /**
   * The ROM files, by position: each one's name, digest and size, and the bytes of those a later
   * step of the load reads (a skill's files, a skill's host fields, the harness manifest and loop
   * policy; all of them with `keepBytes`). A knowledge base's bulk is read again from the source
   * when the cartridge is written, and must still have its digest then.
   */
  files: RomFileTable;
  skills: SkillRow[];
  memory: SourceMemory[];
  capabilities: SourceCapability[];
  attestations: SourceAttestation[];
  /** The §8 harness manifest and §9 loop-context policy: documented defaults with cartridge.yaml's overrides. */
  harness: Record<string, unknown>;
  loopContext: Record<string, unknown>;
}

const FIELDS = ['publisher', 'artifact', 'version', 'uuid', 'created_at', 'description', 'license', 'authors', 'tags', 'embedding_engine', 'agent_name', 'provider', 'model', 'role', 'declared_level', 'homepage', 'meta', 'harness', 'loop_context'];
/** Meta keys cartridge.yaml sets through named fields, so `meta:` may not set them. */
const NAMED_META = ['acx.spec_version', 'acx.cartridge_id', 'acx.artifact_id', 'acx.artifact_version', 'acx.created_at', 'acx.embedding_engine', 'acx.publisher_id', 'acx.agent_name', 'acx.provider', 'acx.model', 'acx.role', 'acx.declared_level', 'acx.description', 'acx.license', 'acx.authors', 'acx.tags', 'acx.homepage', 'acx.rom_manifest_hash', 'acx.save_codebase_fingerprint'];
const TOP_IGNORED = /^(README(\.md)?|LICENSE(\.md|\.txt)?|CHANGELOG\.md|\..*)$/;

function lineOfKey(text: string, key: string): number | undefined {
  const i = text.split('\n').findIndex((l) => l.startsWith(`${key}:`));
  return i < 0 ? undefined : i + 1;
}

/** A stable UUID (v4 layout) from the cartridge identity, so builds without `uuid:` stay reproducible. */
export function derivedUuid(seed: string): string {
  const h = sha256Hex(seed);
  const b = Buffer.from(h.slice(0, 32), 'hex');
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const x = b.toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

async function readYaml(tree: Tree, path: string, d: Diagnostic[]): Promise<{ value: unknown; text: string } | undefined> {
  const text = await tree.read(path).then(decodeUtf8, () => undefined);
  if (text === undefined) {
    d.push(error('ACX_SOURCE_YAML', `${path} is not valid UTF-8 or cannot be read`, { file: path }));
    return undefined;
  }
  try { return { value: parseYamlSafe(text), text }; } catch (e) {
    d.push(error('ACX_SOURCE_YAML', e instanceof YamlSafetyError ? e.reason : (e as Error).message, { file: path, line: e instanceof YamlSafetyError ? e.line : undefined }));
    return undefined;
  }
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const utf8 = (b: Buffer): string | null => decodeUtf8(b) ?? null;

/**
 * What a source tree names itself — publisher, artifact, version — read from cartridge.yaml alone:
 * undefined unless the three are non-empty strings there (loadSource then says what is wrong).
 */
export async function sourceIdentity(tree: Tree): Promise<{ publisher: string; artifact: string; version: string } | undefined> {
  const y = await readYaml(tree, 'cartridge.yaml', []).catch(() => undefined);
  if (!y || !isMap(y.value)) return undefined;
  const { publisher, artifact, version } = y.value;
  const named = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';
  return named(publisher) && named(artifact) && named(version) ? { publisher, artifact, version } : undefined;
}

/** `keepBytes`: keep every ROM file's bytes (a caller that reads them all, e.g. to list knowledge ids). */
export async function loadSource(tree: Tree, opts: { allowSecrets?: boolean; keepBytes?: boolean } = {}): Promise<{ source?: CartridgeSource; diagnostics: Diagnostic[] }> {
  const d: Diagnostic[] = [];
  const entries = await tree.list();
  if (!entries.some((e) => e.path === 'cartridge.yaml')) {
    d.push(error('ACX_SOURCE_MISSING', 'cartridge.yaml is missing: a cartridge source tree starts with it', { file: 'cartridge.yaml', hint: 'run `ctxforge init acx DIR` for a template' }));
    return { diagnostics: d };
  }
  const y = await readYaml(tree, 'cartridge.yaml', d);
  if (!y) return { diagnostics: d };
  if (!isMap(y.value)) { d.push(error('ACX_SOURCE_FIELD', 'cartridge.yaml must be a mapping', { file: 'cartridge.yaml', line: 1 })); return { diagnostics: d }; }
  const c = y.value;
  const field = (k: string, message: string) => d.push(error('ACX_SOURCE_FIELD', message, { file: 'cartridge.yaml', line: lineOfKey(y.text, k) ?? 1 }));
  for (const k of Object.keys(c)) if (!FIELDS.includes(k)) field(k, `unknown field ${JSON.stringify(k)} (known: ${FIELDS.join(', ')})`);
  const s = (k: string, required: boolean): string | undefined => {
    const v = c[k];
    if (v === undefined || v === null) { if (required) field(k, `${k} is required`); return undefined; }
    if (typeof v !== 'string' || v.trim() === '') { field(k, `${k} must be a non-empty string`); return undefined; }
    return v;
  };
  const publisher = s('publisher', true);
  if (publisher && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(publisher)) field('publisher', `publisher ${JSON.stringify(publisher)} must be a lowercase reverse-DNS label such as io.github.alice`);
  const artifact = s('artifact', true);
  if (artifact && !SKILL_NAME.test(artifact)) field('artifact', `artifact ${JSON.stringify(artifact)} must be lowercase letters, digits and hyphens`);
  const version = s('version', true);
  if (version && !isSemver(version)) field('version', `version ${JSON.stringify(version)} is not SemVer 2.0.0`);
  const uuid = s('uuid', false);
  if (uuid && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(uuid)) field('uuid', 'uuid must be a lowercase UUID');
  const createdAt = s('created_at', false);
  if (createdAt && !RFC3339.test(createdAt)) field('created_at', 'created_at must be an RFC 3339 time');
  const description = s('description', true);
  if (description && (description.length < 20 || description.length > 500)) field('description', `description must be 20–500 characters (has ${description.length})`);
  const license = s('license', true);
  const meta = new Map<string, string>();
  const put = (k: string, v: string | undefined) => { if (v !== undefined) meta.set(k, v); };
  put('acx.spec_version', '0.1');
  if (publisher && artifact && version) put('acx.cartridge_id', `${publisher}/${artifact}@${uuid ?? derivedUuid(`${publisher}/${artifact}@${version}`)}`);
  put('acx.artifact_id', artifact);
  put('acx.artifact_version', version);
  put('acx.publisher_id', publisher);
  put('acx.created_at', createdAt);
  put('acx.description', description);
  put('acx.license', license);
  for (const k of ['agent_name', 'provider', 'model', 'role', 'homepage']) put(`acx.${k}`, s(k, false));
  if (c.declared_level !== undefined) {
    if (typeof c.declared_level !== 'number' || !Number.isInteger(c.declared_level) || c.declared_level < 0) field('declared_level', 'declared_level must be a whole number');
    else put('acx.declared_level', String(c.declared_level));
  }
  const authors = c.authors ?? (publisher ? [{ name: publisher }] : []);
  if (!Array.isArray(authors) || authors.some((a) => typeof a !== 'string' && !isMap(a))) field('authors', 'authors must be a list of names or {name, …} mappings');
  else put('acx.authors', JSON.stringify(authors.map((a) => (typeof a === 'string' ? { name: a } : a))));
  const tags = c.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== 'string')) field('tags', 'tags must be a list of strings');
  else put('acx.tags', JSON.stringify(tags));
  const engine = c.embedding_engine ?? { id: 'local-hash-128', dim: 128 };
  if (!isMap(engine) || typeof engine.id !== 'string' || typeof engine.dim !== 'number' || !Number.isInteger(engine.dim) || engine.dim < 1 || Object.keys(engine).length !== 2) field('embedding_engine', 'embedding_engine must be {id: string, dim: positive integer}');
  else put('acx.embedding_engine', JSON.stringify({ id: engine.id, dim: engine.dim }));
  if (c.meta !== undefined) {
    if (!isMap(c.meta)) field('meta', 'meta must map acx.* keys to strings');
    else for (const [k, v] of Object.entries(c.meta)) {
      if (!/^acx\.[a-z0-9_.-]+$/.test(k) || NAMED_META.includes(k) || typeof v !== 'string') field('meta', `meta key ${JSON.stringify(k)} must be an acx.* key not set elsewhere, with a string value`);
      else meta.set(k, v);
    }
  }

  const docs: Record<string, Record<string, unknown>> = {};
  for (const [k, base, keys, path] of [
    ['harness', defaultHarness(), HARNESS_OVERRIDABLE, HARNESS_PATH],
    ['loop_context', defaultLoopPolicy(isMap(engine) && typeof engine.id === 'string' ? engine.id : 'local-hash-128'), LOOP_OVERRIDABLE, LOOP_POLICY_PATH],
  ] as const) {
    const o = c[k];
    const doc: Record<string, unknown> = { ...base };
    if (o !== undefined && !isMap(o)) field(k, `${k} must be a mapping of ${keys.join(', ')}`);
    else if (o) for (const [key, v] of Object.entries(o)) {
      if (!keys.includes(key)) field(k, `${k}.${key} cannot be set (allowed: ${keys.join(', ')})`);
      else doc[key] = JSON.parse(JSON.stringify(v)) as unknown;
    }
    // ctxforge writes only documents that meet both the spec's MUSTs and the published schema.
    const problems = [...(k === 'harness' ? harnessProblems(doc) : loopPolicyProblems(doc))];
    const sp = schemaProblems(path, doc);
    if (sp) problems.push(`does not match the published schema: ${sp}`);
    for (const p of problems) field(k, `${k} (${path}): ${p}`);
    docs[k] = doc;
  }

  const files = new RomFileTable(entries.length);
  const memory: SourceMemory[] = [];
  const capabilities: SourceCapability[] = [];
  const attestations: SourceAttestation[] = [];
  const secrets = (text: string, path: string) => d.push(...scanSecrets(text, path, path, opts.allowSecrets));
  // cartridge.yaml's fields (meta, harness, loop_context…) end up in the cartridge too.
  secrets(y.text, 'cartridge.yaml');
  const addFile = async (path: string, name: string) => {
    const np = sqlarNameProblem(name);
    if (np) {
      // The only limit on a skill's files is the container's portable path (§3.2); say where else it fits.
      const where = name.startsWith('rom/skills/') ? '; a ctxpkg kind: skills pack (documents/) can hold this file' : '';
      d.push(error('ACX_SOURCE_PATH', `${path} cannot be stored as ${name}: ${np} (ACX §3.2 allows only portable sqlar paths, every segment [A-Za-z0-9][A-Za-z0-9._-]{0,127})${where}`, { file: path }));
      return;
    }
    const raw = await tree.read(path);
    // Scanned as bytes (a ROM file that is not UTF-8 ships all the same), and its name, which ships too.
    d.push(...scanSecretName(name, opts.allowSecrets), ...scanSecretBytes(raw, path, path, opts.allowSecrets));
    files.add(name, raw, !!opts.keepBytes || readLater(name));
  };
  for (const e of entries) {
    const p = e.path;
    if (p === 'cartridge.yaml') continue;
    // ROM names are scanned as they ship (addFile); records' and attestations' names here.
    if (/^(memory|capabilities|attestations)\//.test(p)) d.push(...scanSecretName(p, opts.allowSecrets));
    if (e.kind !== 'file') { d.push(error('ACX_SOURCE_FILE', `${p} is a ${e.kind}; a cartridge holds regular files only`, { file: p })); continue; }
    const top = p.split('/')[0]!;
    if (top === 'skills') {
      const rel = p.slice(7);
      const lp = skillPathProblem(rel);
      if (lp) d.push(error('ACX_SKILL_LAYOUT', lp, { file: p }));
      else await addFile(p, `rom/${p}`);
    } else if (top === 'knowledge') await addFile(p, `rom/${p}`);
    else if (top === 'rom') {
      // A ROM document given as a file is kept verbatim (how an imported cartridge round-trips);
      // otherwise the build generates it from cartridge.yaml.
      if (p === HARNESS_PATH && c.harness !== undefined) d.push(error('ACX_SOURCE_FILE', `${p} and cartridge.yaml harness: both set the harness manifest; keep one`, { file: p }));
      else if (p === LOOP_POLICY_PATH && c.loop_context !== undefined) d.push(error('ACX_SOURCE_FILE', `${p} and cartridge.yaml loop_context: both set the loop-context policy; keep one`, { file: p }));
      else if (p.startsWith('rom/skills/') || p.startsWith('rom/knowledge/')) d.push(error('ACX_SOURCE_FILE', `${p}: put skills in skills/ and knowledge in knowledge/, not under rom/`, { file: p }));
      else if (p === ROM_INDEX_PATH) d.push(error('ACX_SOURCE_FILE', `${p} is written by the build (the ROM index of files that share bytes); remove it from the source tree`, { file: p }));
      else await addFile(p, p);
    } else if (top === 'memory' && /^memory\/[^/]+\.ya?ml$/.test(p)) {
      const r = await readYaml(tree, p, d);
      if (!r) continue;
      secrets(r.text, p);
      const m = loadMemory(p, r.value, d);
      if (m) memory.push(m);
    } else if (top === 'capabilities' && /^capabilities\/[^/]+\.ya?ml$/.test(p)) {
      const r = await readYaml(tree, p, d);
      if (!r) continue;
      secrets(r.text, p);
      const k = loadCapability(p, r.value, d);
      if (k) capabilities.push(k);
    } else if (top === 'attestations' && /^attestations\/[^/]+\.json$/.test(p)) {
      const bytes = await tree.read(p);
      d.push(...scanSecretBytes(bytes, p, p, opts.allowSecrets));
      const a = loadAttestation(p, bytes, d);
      if (a) attestations.push(a);
    } else if (!p.includes('/') && TOP_IGNORED.test(p)) continue;
    else d.push(warning('ACX_SOURCE_FILE', `${p} is not part of the cartridge layout and is ignored`, { file: p, hint: 'ROM files go in skills/, knowledge/ or rom/; records in memory/ and capabilities/' }));
  }
  for (const [list, what] of [[memory, 'memory id'], [capabilities, 'capability id'], [attestations, 'attestation id']] as const) {
    const seen = new Map<string, string>();
    for (const x of list as Array<{ from: string } & ({ id: string } | { att_id: string })>) {
      const id = 'id' in x ? x.id : x.att_id;
      if (seen.has(id)) d.push(error('ACX_SOURCE_FIELD', `${what} ${id} is used by both ${seen.get(id)} and ${x.from}`, { file: x.from }));
      else seen.set(id, x.from);
    }
  }

  // A harness manifest or loop policy given as a file must meet the MUSTs verify applies.
  for (const f of [HARNESS_PATH, LOOP_POLICY_PATH].map((n) => files.indexOf(n)).filter((i) => i >= 0).sort((x, y) => x - y).map((i) => files.file(i))) {
    let doc: unknown;
    try { doc = parseJson(utf8(keptBytes(f)) ?? ''); } catch (e) { d.push(error('ACX_SOURCE_FILE', `${f.from} is not strict JSON: ${(e as Error).message}`, { file: f.from })); continue; }
    for (const p of f.name === HARNESS_PATH ? harnessProblems(doc) : loopPolicyProblems(doc)) d.push(error('ACX_SOURCE_FILE', `${f.from}: ${p}`, { file: f.from }));
  }

  // skills: every skills/<name>/ needs a valid SKILL.md whose name is the directory
  const skills: SkillRow[] = [];
  const byDir = new Map<string, SourceFile[]>();
  for (const f of files.under('rom/skills/')) {
    const dir = f.name.split('/')[2]!;
    byDir.set(dir, [...(byDir.get(dir) ?? []), f]);
  }
  // Host fields of a skill (§5.4), signed in rom/skill-ext/<name>.json: acx_skill.ext is derived from it.
  const exts = new Map<string, string>();
  for (const f of files.under(SKILL_EXT_PREFIX)) {
    const m = /^rom\/skill-ext\/([^/]+)\.json$/.exec(f.name);
    const e = m ? parseSkillExt(keptBytes(f)) : { problem: 'is not rom/skill-ext/<skill name>.json' };
    if (e.problem) d.push(error('ACX_SKILL_EXT', `${f.from} ${e.problem}`, { file: f.from }));
    else if (!byDir.has(m![1]!)) d.push(error('ACX_SKILL_EXT', `${f.from} holds host fields of skill ${m![1]}, which skills/ does not have`, { file: f.from }));
    else exts.set(m![1]!, e.ext!);
  }
  for (const [dir, list] of [...byDir].sort((a, b) => compareUtf8(a[0], b[0]))) {
    const md = list.find((f) => f.name === `rom/skills/${dir}/SKILL.md`);
    if (!md) { d.push(error('ACX_SKILL_LAYOUT', `skills/${dir}/ has no SKILL.md (a skill is a folder holding SKILL.md and any other files)`, { file: `skills/${dir}` })); continue; }
    const { fm, diagnostics } = checkSkillMd(keptBytes(md), dir, md.from);
    d.push(...diagnostics);
    if (fm) skills.push(deriveSkillRow(dir, fm, keptBytes(md), list.map((f) => ({ rel: f.name.slice(`rom/skills/${dir}/`.length), raw: keptBytes(f) })), exts.get(dir) ?? null));
  }
  if (d.some((x) => x.severity === 'error') || !artifact || !version) return { diagnostics: d };
  return { source: { artifact, version, meta, createdAtGiven: createdAt !== undefined, files, skills, memory, capabilities, attestations, harness: docs.harness!, loopContext: docs.loop_context! }, diagnostics: d };
}

function loadMemory(path: string, v: unknown, d: Diagnostic[]): SourceMemory | undefined {
  const bad = (m: string) => { d.push(error('ACX_MEMORY', `${path}: ${m}`, { file: path })); return undefined; };
  if (!isMap(v)) return bad('a memory record is one YAML mapping');
  for (const k of ['id', 'title', 'summary', 'timestamp']) if (typeof v[k] !== 'string' || v[k] === '') return bad(`${k} is required and must be a string`);
  if (!RFC3339.test(v.timestamp as string)) return bad('timestamp must be an RFC 3339 time');
  if (v.portable === false || (v.codebaseFingerprint !== undefined && v.codebaseFingerprint !== null) || (v.repoId !== undefined && v.repoId !== null)) {
    return bad('source memory is portable ROM memory: portable must be true and codebaseFingerprint/repoId null (field-learned SAVE records are never built from source)');
  }
  if (v.zone !== undefined && v.zone !== 'rom') return bad('zone must be rom (or left out)');
  let rec: Rec;
  try { rec = romRecord(v); jcs(rec); } catch (e) { return bad((e as Error).message); }
  const payload = jcs(rec);
  return { id: v.id as string, payload, artifactFingerprint: rec.artifactFingerprint as string, createdAt: v.timestamp as string, from: path };
}

function loadCapability(path: string, v: unknown, d: Diagnostic[]): SourceCapability | undefined {
  if (!isMap(v)) { d.push(error('ACX_CAPABILITY', `${path}: a capability record is one YAML mapping`, { file: path })); return undefined; }
  const c: Rec = { schemaVersion: 'acx.capability/1', evidenceRefs: [], sampleCount: 0, ...v };
  if (c.id === undefined && typeof c.taskType === 'string' && Array.isArray(c.stack) && typeof c.domain === 'string') c.id = capabilityId(c.taskType, c.stack as string[], c.domain);
  const problems = capabilityProblems(c);
  for (const p of problems) d.push(error('ACX_CAPABILITY', `${path}: ${p}`, { file: path }));
  if (problems.length) return undefined;
  try { return { id: c.id as string, json: jcs(c), from: path }; } catch (e) { d.push(error('ACX_CAPABILITY', `${path}: ${(e as Error).message}`, { file: path })); return undefined; }
}

function loadAttestation(path: string, raw: Buffer, d: Diagnostic[]): SourceAttestation | undefined {
  const bad = (m: string) => { d.push(error('ACX_ATTESTATION', `${path}: ${m}`, { file: path })); return undefined; };
  let v: unknown;
  try { v = parseJson(utf8(raw) ?? ''); } catch (e) { return bad((e as Error).message); }
  if (!isMap(v)) return bad('an attestation file is a JSON object');
  const id = path.slice('attestations/'.length).replace(/\.json$/, '');
  for (const k of ['type', 'media_type', 'document', 'created_at']) if (typeof v[k] !== 'string') return bad(`${k} must be a string`);
  for (const k of ['subject_oid', 'status_url']) if (v[k] !== undefined && v[k] !== null && typeof v[k] !== 'string') return bad(`${k} must be a string or null`);
  const extra = Object.keys(v).filter((k) => !['type', 'media_type', 'document', 'created_at', 'subject_oid', 'status_url'].includes(k));
  if (extra.length) return bad(`unknown keys ${extra.join(', ')}`);
  return { att_id: id, type: v.type as string, subject_oid: (v.subject_oid as string) ?? null, media_type: v.media_type as string, document: v.document as string, status_url: (v.status_url as string) ?? null, created_at: v.created_at as string, from: path };
}
