// Checks one opened cartridge end to end: meta, sqlar names and blobs, every ROM object recomputed
// from its live source, coverage (every ROM file registered, bound by the signed ROM index, or at
// least signed under another path with the same bytes), the manifest hash, memory/capability/skill
// rules, every DSSE row, and finally the trust verdict in SPEC §4.5 order.
import { error, warning, info, type Diagnostic } from '../core/diagnostics.js';
import { jcs } from '../core/jcs.js';
import { parseJson } from '../core/strict-json.js';
import { foldedKey } from '../core/paths.js';
import { isSemver } from '../core/semver.js';
import { sha256Bytes } from '../core/hash.js';
import { freeBytes } from '../core/release.js';
import { spkiKeyId, verifyEd25519, type PublicKey } from '../core/keys.js';
import { publicKeyFromPem } from './pem.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { FLAG_SAVE_PRESENT } from './header.js';
import { decodeBlob, BlobError, sqlarModeProblem, sqlarNameProblem, zoneOfName } from './sqlar.js';
import { metaOid, oidOf, UNBOUND_META, type ObjectRow } from './objects.js';
import { manifestHashAt } from './manifest.js';
import { DECODED, GROUP_DONE, IN_SQLAR, INTACT, NameTable, OBJ_DUP, OBJ_SEEN, ROM_REF, RomRows, SELF_FOLDED } from './check-tables.js';
import { pae, parseEnvelope, PAYLOAD_TYPE } from './dsse.js';
import { judgeSigner, TRUST_ORDER, type TrustRegistry, type TrustVerdict } from './trust.js';
import { memoryTierProblems, type Rec } from './memory.js';
import { capabilityProblems } from './capabilities.js';
import { checkConformance } from './conformance.js';
import { GENERATED_PATHS } from './profile.js';
import { bodyTokens, checkSkillMd, deriveSkillRow, extProblem, parseSkillExt, referenceSpelling, SKILL_EXT_PREFIX, skillExtPath, skillPathProblem, type SkillRow } from './skills.js';
import { parseRomIndex, ROM_INDEX_PATH } from './rom-index.js';
import type { CartridgeData, SignatureRow } from './open.js';
import type { RomSummary } from './sign.js';

export const REQUIRED_META = ['acx.spec_version', 'acx.cartridge_id', 'acx.artifact_id', 'acx.artifact_version', 'acx.publisher_id', 'acx.created_at', 'acx.embedding_engine', 'acx.rom_manifest_hash', 'acx.vec0_format'];
const PER_ENTRY_CAP = 256 * 1024 * 1024;
const TOTAL_CAP = 1024 * 1024 * 1024;

export interface VerifyOptions {
  /** Keep every decoded file in CheckResult.files (import needs them; a check does not). */
  keepFiles?: boolean;
  /**
   * Each knowledge file (rom/knowledge/…) whose decoded bytes hash to the oid of the one ROM objects
   * row registered for its path, handed over as it is decoded and then not kept, even with
   * keepFiles (serve indexes it and lets it go, issue 39). A knowledge file without such a row (bound
   * by the ROM index, or not matching) is kept as keepFiles says. The verdict is still the whole
   * check's: a file handed over proves only its own bytes. The bytes are lent for the call: their
   * memory is freed when it returns.
   */
  knowledge?: (name: string, raw: Buffer) => void;
  /** Note each knowledge file's frontmatter `id` in CheckResult.knowledgeIds (a package's items need them; a check does not). */
  knowledgeIds?: boolean;
  registry?: TrustRegistry;
  localKeyId?: string;
  pinnedKey?: PublicKey;
  requireSignature?: boolean;
  now?: number;
  limits?: Partial<Limits>;
}

export interface SignatureReport {
  sigId: string;
  keyid: string;
  verdict: TrustVerdict;
  signature: 'verified' | 'unverified' | 'invalid';
  reason: string;
  publisherId?: string;
  signedAt?: string;
}

export interface TrustReport {
  integrity: 'intact' | 'tampered';
  signature: 'verified' | 'unverified' | 'unsigned' | 'invalid';
  trust: TrustVerdict;
  status: 'verified' | 'warning' | 'invalid';
  reason: string;
  manifestHash: string;
  recordedManifestHash: string | null;
  keyid?: string;
  signatures: SignatureReport[];
}

export interface CheckResult {
  diagnostics: Diagnostic[];
  report: TrustReport;
  meta: Map<string, string>;
  /** The name of every sqlar row with a string name whose blob decodes, in sqlar's order (made when asked for). */
  fileNames(): string[];
  /** Their decoded bytes: with keepFiles all of them, else only the skills' (rom/skills/). */
  files: Map<string, Buffer>;
  /** The ROM objects rows as they are live, in manifest order (made when asked for). */
  romObjects(): ObjectRow[];
  /** The signing statement's checksumHash and file count of those rows (none made as objects). */
  romSummary(): RomSummary;
  /** Every ROM file whose bytes decode: path → oid, registered or not (made when asked for). */
  romFiles(): Map<string, string>;
  /** ROM files signed only under another path with the same bytes (ACX_ROM_PATH_UNBOUND). */
  unbound: Array<{ path: string; signedAs: string }>;
  /** With VerifyOptions.knowledgeIds, knowledge files that carry a frontmatter `id` (ctxforge sync and convert write one): name → id. */
  knowledgeIds: Map<string, string>;
  /** Meta keys no ROM manifest entry covers (ACX_META_UNSIGNED): anyone can set them after signing. */
  unsignedMeta: string[];
  /**
   * The same cartridge judged under other trust inputs (registry, pinned key, signature required):
   * its rows and files are not read again, only its signatures judged again.
   */
  under(opts: VerifyOptions): CheckResult;
}

const str = (v: unknown): v is string => typeof v === 'string';

/** The `id:` of a knowledge Markdown file's frontmatter (its first 4 KiB), when it has one. */
export function knowledgeId(raw: Buffer): string | undefined {
  if (raw[0] !== 0x2d || raw[1] !== 0x2d || raw[2] !== 0x2d) return undefined;
  const head = raw.subarray(0, 4096).toString('utf8');
  const fm = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(head);
  const m = fm && /^id:[ \t]*(?:"([^"\n]+)"|'([^'\n]+)'|([^\s#"'][^\n#]*?))[ \t]*$/m.exec(fm[1]!);
  return m ? (m[1] ?? m[2] ?? m[3])!.trim() || undefined : undefined;
}

function parseCanonical(text: unknown): { value?: Rec; problem?: string } {
  if (!str(text)) return { problem: 'is not TEXT' };
  let v: unknown;
  try { v = parseJson(text); } catch (e) { return { problem: `is not strict JSON: ${(e as Error).message}` }; }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return { problem: 'is not a JSON object' };
  try { if (jcs(v) !== text) return { value: v as Rec, problem: 'is not in RFC 8785 canonical form' }; } catch (e) { return { problem: (e as Error).message }; }
  return { value: v as Rec };
}

/**
 * A row's blob and its decoded bytes freed as soon as the check is done with them (issue 39): one
 * buffer a row, 100,000 of them at 100k files, otherwise wait for V8 to collect them by the tens of MB.
 */
function spend(data: unknown, raw: Buffer, kept?: Buffer): void {
  if (data instanceof Uint8Array && data !== kept) freeBytes(data);
  if (raw !== data && raw !== kept) freeBytes(raw);
}

export function checkCartridge(c: CartridgeData, opts: VerifyOptions = {}): CheckResult {
  const file = c.label;
  const d: Diagnostic[] = [];
  const limits = resolveLimits(opts.limits);
  const tamper: string[] = [];
  const at = (code: string, message: string, sev: 'error' | 'warning' | 'info' = 'error') => d.push((sev === 'error' ? error : sev === 'warning' ? warning : info)(code, message, { file }));
  const tampered = (code: string, message: string) => { tamper.push(message); at(code, message); };

  // meta
  const meta = new Map<string, string>();
  for (const m of c.meta) {
    if (!str(m.key) || !str(m.value)) { at('ACX_META_VALUE', `cartridge row ${JSON.stringify(m.key)} must have TEXT key and value`); continue; }
    meta.set(m.key, m.value);
  }
  for (const k of REQUIRED_META) if (!meta.has(k)) at('ACX_META_MISSING', `meta key ${k} is missing`);
  const mv = (k: string) => meta.get(k);
  if (mv('acx.artifact_version') !== undefined && !isSemver(mv('acx.artifact_version'))) at('ACX_META_VALUE', `acx.artifact_version ${JSON.stringify(mv('acx.artifact_version'))} is not SemVer`);
  const pub = mv('acx.publisher_id');
  if (pub !== undefined && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(pub)) at('ACX_META_VALUE', `acx.publisher_id ${JSON.stringify(pub)} is not a reverse-DNS label`);
  const cid = mv('acx.cartridge_id');
  if (cid !== undefined && pub !== undefined && !(cid.startsWith(`${pub}/${mv('acx.artifact_id') ?? ''}@`) && /@[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(cid))) {
    at('ACX_META_VALUE', `acx.cartridge_id ${JSON.stringify(cid)} is not <publisher>/<artifact_id>@<uuid>`);
  }
  let engine: unknown;
  if (mv('acx.embedding_engine') !== undefined) {
    try { engine = parseJson(mv('acx.embedding_engine')!); } catch { /* reported below */ }
    const e = engine as Record<string, unknown> | undefined;
    if (!e || typeof e !== 'object' || typeof e.id !== 'string' || typeof e.dim !== 'number' || !Number.isInteger(e.dim) || e.dim < 1) at('ACX_META_VALUE', 'acx.embedding_engine must be JSON {"id": string, "dim": positive integer}');
  }
  const desc = mv('acx.description');
  if (desc !== undefined && (desc.length < 20 || desc.length > 500)) at('ACX_META_VALUE', `acx.description must be 20–500 characters (has ${desc.length})`, 'warning');
  for (const k of ['acx.authors', 'acx.tags']) {
    const v = mv(k);
    if (v === undefined) continue;
    try { if (!Array.isArray(parseJson(v))) throw new Error(); } catch { at('ACX_META_VALUE', `${k} must be a JSON array`); }
  }

  // Every objects row's source_ref into the name table first (so a file and the row naming it share
  // one string and one slot), noting refs named more than once; their later rows are set aside, so
  // that the check below, which reads the rows again, meets a ref's rows together (rare: a
  // well-formed cartridge names each source once).
  const names = new NameTable();
  const laterRows = new Map<number, ObjectRow[]>();
  const wronglyTyped: string[] = [];
  let saveRow = false;
  const typed = (o: ObjectRow) => str(o.oid) && str(o.kind) && str(o.source_ref) && str(o.canon) && str(o.zone) && typeof o.sz === 'number';
  for (const o of c.objects.rows()) {
    if (o.zone === 'save') saveRow = true;
    // The oid each knowledge path is registered with, when exactly one ROM row names it: what a file
    // handed to opts.knowledge must hash to before it leaves the sqlar loop.
    if (opts.knowledge && o.zone === 'rom' && o.kind === 'sqlar' && str(o.source_ref) && o.source_ref.startsWith('rom/knowledge/') && str(o.oid)) names.register(names.add(o.source_ref), o.oid);
    if (!typed(o)) { wronglyTyped.push(`objects row ${JSON.stringify(o.source_ref)} has a wrongly typed column`); continue; }
    const i = names.add(o.source_ref);
    if (!names.is(i, OBJ_SEEN)) { names.mark(i, OBJ_SEEN); continue; }
    names.mark(i, OBJ_DUP);
    const later = laterRows.get(i);
    if (later) later.push(o); else laterRows.set(i, [o]);
  }

  // sqlar, one row at a time: each file is hashed as it is decoded, and its bytes are kept only
  // where a later rule reads them (the skills), so a large cartridge is never all in memory.
  const files = new Map<string, Buffer>();
  const knowledgeIds = new Map<string, string>();
  // Case-folded keys of names that fold to another string (a name that is its own key is SELF_FOLDED in the table).
  const foldedOther = new Map<string, string>();
  let total = 0;
  // Every blob must inflate to exactly its sz, so the declared sizes bound the total up front:
  // over the cap, compressed blobs are refused without inflating any (bombs stay small in memory).
  const totalCap = Math.min(TOTAL_CAP, limits.maxTotalBytes);
  const declared = c.sqlar.declared;
  const rawDeflate: string[] = [];
  if (declared > totalCap) at('ACX_SQLAR_DATA', `sqlar entries declare ${declared} bytes in total, over the total inflation limit of ${totalCap}`);
  let overTotal = false;
  for (const r of c.sqlar.rows()) {
    const i = str(r.name) ? names.addSqlar(r.name) : -1;
    if (overTotal) continue; // past the total cap only the names are wanted
    const np = sqlarNameProblem(r.name);
    const name = i >= 0 ? names.names[i]! : String(r.name);
    if (np) at('ACX_SQLAR_PATH', `sqlar path is unsafe or non-portable: ${JSON.stringify(name)}: ${np}`);
    const mp = sqlarModeProblem(r.mode);
    if (mp) at('ACX_SQLAR_MODE', `sqlar ${name}: ${mp}`);
    if (i >= 0) {
      const fk = foldedKey(name);
      const j = fk === name ? i : names.find(fk);
      const other = names.is(j, SELF_FOLDED) ? names.names[j] : foldedOther.get(fk);
      if (other !== undefined) at('ACX_SQLAR_PATH', `sqlar names ${JSON.stringify(other)} and ${JSON.stringify(name)} collide on case-insensitive file systems`);
      else if (fk === name) names.mark(i, SELF_FOLDED);
      else foldedOther.set(fk, name);
    }
    if (declared > totalCap && !(Buffer.isBuffer(r.data) && r.data.length === r.sz)) continue;
    try {
      const cap = Math.min(PER_ENTRY_CAP, limits.maxFileBytes);
      const { raw, form } = decodeBlob(r.sz, r.data, cap);
      if (form === 'deflate') rawDeflate.push(name);
      total += raw.length;
      if (total > totalCap) { at('ACX_SQLAR_DATA', 'sqlar content is over the total inflation limit'); overTotal = true; continue; }
      if (i >= 0) {
        names.setDecoded(i, sha256Bytes(raw), raw.length);
        if (opts.knowledgeIds && name.startsWith('rom/knowledge/')) { const id = knowledgeId(raw); if (id) knowledgeIds.set(name, id); }
        if (opts.knowledge && !np && names.registeredMatches(i)) { opts.knowledge(name, raw); spend(r.data, raw); continue; }
        if (opts.keepFiles || name.startsWith('rom/skills/') || name.startsWith(SKILL_EXT_PREFIX) || name === ROM_INDEX_PATH || GENERATED_PATHS.includes(name)) { files.set(name, raw); spend(r.data, raw, raw); continue; }
      }
      spend(r.data, raw);
    } catch (e) {
      if (!(e instanceof BlobError)) throw e;
      at('ACX_SQLAR_DATA', `sqlar ${name}: ${e.message}`);
    }
  }

  if (rawDeflate.length) {
    const some = rawDeflate.slice(0, 5).join(', ');
    at('ACX_SQLAR_RAW_DEFLATE', `${rawDeflate.length} sqlar blob${rawDeflate.length === 1 ? ' is' : 's are'} raw Deflate (RFC 1951), the form the ACX reference writes: ctxforge and the reference read ${rawDeflate.length === 1 ? 'it' : 'them'}, stock \`sqlite3 -Ax\` cannot (it reads zlib, RFC 1950, or stored blobs): ${some}${rawDeflate.length > 5 ? `, and ${rawDeflate.length - 5} more` : ''}`, 'warning');
  }

  // memory and capabilities by id
  const memById = new Map<string, (typeof c.memory)[number]>();
  for (const m of c.memory) if (str(m.id)) memById.set(m.id, m);
  const capById = new Map<string, (typeof c.capabilities)[number]>();
  for (const k of c.capabilities) if (str(k.id)) capById.set(k.id, k);

  // objects: recompute every oid from its live source; the ROM rows as they are live make the manifest
  for (const m of wronglyTyped) at('ACX_OBJECT_FIELD', m);
  const rom = new RomRows(names);
  const checkRow = (o: ObjectRow, ri: number): void => {
    const ref = o.source_ref;
    let bytes: Buffer | string | undefined;
    let fileOid: string | undefined;
    let canon: string;
    let sz: number | undefined;
    let srcZone: string | undefined;
    if (o.kind === 'sqlar' || o.kind === 'skill') {
      canon = 'raw';
      if (names.is(ri, DECODED)) { fileOid = names.oid(ri); sz = names.fileSize(ri); srcZone = zoneOfName(ref) ?? undefined; }
      else if (names.is(ri, IN_SQLAR)) { at('ACX_OBJECT_SOURCE_MISSING', `${ref}: its blob cannot be decoded`); }
    } else if (o.kind === 'memory' && ref.startsWith('memory:')) {
      canon = 'jcs-rfc8785';
      const m = memById.get(ref.slice(7));
      if (m && str(m.payload)) { bytes = m.payload; sz = Buffer.byteLength(m.payload); srcZone = String(m.zone); }
    } else if (o.kind === 'cartridge' && ref.startsWith('cartridge:')) {
      canon = 'jcs-rfc8785';
      const key = ref.slice(10);
      const v = meta.get(key);
      if (v !== undefined) { bytes = jcs({ key, value: v }); sz = Buffer.byteLength(v); srcZone = key === 'acx.save_codebase_fingerprint' ? 'save' : 'rom'; }
    } else if (o.kind === 'cartridge' && ref.startsWith('capability:')) {
      canon = 'jcs-rfc8785';
      const k = capById.get(ref.slice(11));
      if (k && str(k.json)) { bytes = k.json; sz = Buffer.byteLength(k.json); srcZone = 'rom'; }
    } else if (o.kind === 'attestation' && ref.startsWith('attestation:')) {
      canon = 'jcs-rfc8785';
      const a = c.attestations.find((x) => x.att_id === ref.slice(12));
      if (a && str(a.document)) { bytes = a.document; sz = Buffer.byteLength(a.document); srcZone = 'rom'; }
    } else {
      at('ACX_OBJECT_FIELD', `objects row ${ref}: kind ${o.kind} does not fit its source_ref`);
      canon = o.canon;
    }
    const isRom = o.zone === 'rom';
    if (isRom) names.mark(ri, ROM_REF);
    if (bytes === undefined && fileOid === undefined) {
      if (isRom) tampered('ACX_OBJECT_SOURCE_MISSING', `ROM object ${ref} has no live source (deleted or renamed)`);
      else at('ACX_OBJECT_SOURCE_MISSING', `SAVE object ${ref} has no live source`, 'warning');
      if (isRom) rom.push(ri, o.kind, o.canon, o.sz, o.oid);
      return;
    }
    const oid = fileOid ?? (o.kind === 'cartridge' && ref.startsWith('cartridge:') ? metaOid(ref.slice(10), meta.get(ref.slice(10))!) : oidOf(bytes!));
    // A registered ROM file whose bytes still match: what an unregistered twin may be signed as.
    if (oid === o.oid && isRom && fileOid !== undefined) names.mark(ri, INTACT);
    if (oid !== o.oid) {
      if (isRom) tampered('ACX_OBJECT_MISMATCH', `oid mismatch on ${ref}: recorded ${o.oid}, live content hashes to ${oid}`);
      else at('ACX_OBJECT_MISMATCH', `SAVE object ${ref}: recorded ${o.oid}, live ${oid}`, 'warning');
    }
    if (o.canon !== canon) at('ACX_OBJECT_FIELD', `objects row ${ref}: canon is ${o.canon}, expected ${canon}`);
    if (sz !== undefined && o.sz !== sz) at('ACX_OBJECT_FIELD', `objects row ${ref}: sz is ${o.sz}, live size is ${sz}`);
    if (srcZone !== undefined && o.zone !== srcZone) at('ACX_OBJECT_FIELD', `objects row ${ref}: zone ${o.zone} does not mirror its source zone ${srcZone}`);
    if (isRom) rom.push(ri, o.kind, o.canon, sz ?? o.sz, fileOid !== undefined ? undefined : oid);
  };
  for (const o of c.objects.rows()) {
    if (!typed(o)) continue;
    const ri = names.find(o.source_ref);
    if (!names.is(ri, OBJ_DUP)) { checkRow(o, ri); continue; }
    if (names.is(ri, GROUP_DONE)) continue;
    names.mark(ri, GROUP_DONE);
    const list = [o, ...laterRows.get(ri)!];
    (list[0]!.zone === 'rom' ? tampered : at)('ACX_OBJECT_DUPLICATE', `${list.length} objects rows name ${o.source_ref}; at most one of their oids can match`);
    for (const x of list) checkRow(x, ri);
  }
  laterRows.clear();
  const order = rom.order();
  const hash = manifestHashAt(order.length, (k) => { const r = order[k]!; return { sourceRef: rom.refOf(r), oid: rom.oidOf(r), canon: rom.canonOf(r), sz: rom.szOf(r) }; });

  // coverage: all ROM content must be addressed by the manifest. ROM files with identical bytes
  // share one objects row (oid is the primary key, §3.2): a ctxforge cartridge binds the other
  // paths in its signed ROM index; elsewhere such a file is intact (its bytes are signed) but its
  // path is not. A ROM file whose bytes match no signed object is unsigned content: tampered.
  const romRef = (ref: string) => names.is(names.find(ref), ROM_REF);
  let index: Map<string, string> | undefined;
  if (romRef(ROM_INDEX_PATH) && files.has(ROM_INDEX_PATH)) {
    const p = parseRomIndex(files.get(ROM_INDEX_PATH)!);
    if (p.problem) at('ACX_ROM_INDEX', `${ROM_INDEX_PATH} ${p.problem}`);
    else index = p.paths;
  }
  if (index) {
    for (const [path, oid] of index) {
      const fi = names.find(path);
      if (!names.is(fi, DECODED)) { if (!names.is(fi, IN_SQLAR)) tampered('ACX_OBJECT_SOURCE_MISSING', `ROM file ${path}, listed in the signed ROM index, is missing (deleted or renamed after signing)`); }
      else if (names.oid(fi) !== oid) tampered('ACX_OBJECT_MISMATCH', `ROM file ${path} changed after signing: the signed ROM index records ${oid}, its bytes hash to ${names.oid(fi)}`);
    }
    for (const k of order) if (rom.kindOf(k) === 'sqlar' && rom.refOf(k) !== ROM_INDEX_PATH && !index.has(rom.refOf(k))) at('ACX_ROM_INDEX', `${rom.refOf(k)} has an objects row but ${ROM_INDEX_PATH} does not list it: the index lists every ROM file`);
  }
  const unbound: Array<{ path: string; signedAs: string }> = [];
  /** oid → path of each registered ROM file whose bytes still match, made only when a file is not registered. */
  let intactFiles: Map<string, string> | undefined;
  for (const i of names.sqlar(DECODED)) {
    const name = names.names[i]!;
    if (zoneOfName(name) !== 'rom' || names.is(i, ROM_REF) || index?.has(name)) continue;
    if (index) { tampered('ACX_OBJECT_UNREGISTERED', `ROM file ${name} was added after signing: neither an objects row nor the signed ROM index names it`); continue; }
    if (!intactFiles) {
      intactFiles = new Map();
      // The first such file a bytes' oid names, as the rows were met (oid is the table's key: one at most).
      for (const k of names.all(INTACT)) { const o = names.oid(k); if (!intactFiles.has(o)) intactFiles.set(o, names.names[k]!); }
    }
    const twin = intactFiles.get(names.oid(i));
    if (twin !== undefined) unbound.push({ path: name, signedAs: twin });
    else tampered('ACX_OBJECT_UNREGISTERED', `ROM file ${name} has no objects row and its bytes match no signed object: unsigned ROM content (added or rewritten after signing)`);
  }
  if (unbound.length) {
    at('ACX_ROM_PATH_UNBOUND', `${unbound.length} ROM file${unbound.length === 1 ? ' is' : 's are'} signed only under another path with the same bytes (objects.oid is one row per content, §3.2), so ${unbound.length === 1 ? 'its bytes are' : 'their bytes are'} intact but ${unbound.length === 1 ? 'its path is' : 'their paths are'} not signed; a file copied to a new path after signing would look the same: ${unbound.map((u) => `${u.path} (signed as ${u.signedAs})`).join(', ')}`, 'warning');
  }
  for (const [id, m] of memById) if (m.zone === 'rom' && !romRef(`memory:${id}`)) tampered('ACX_OBJECT_UNREGISTERED', `ROM memory ${id} has no objects row: unsigned ROM content`);
  for (const id of capById.keys()) if (!romRef(`capability:${id}`)) tampered('ACX_OBJECT_UNREGISTERED', `capability ${id} has no objects row: unsigned ROM content`);
  const unsignedMeta = [...meta.keys()].filter((k) => !UNBOUND_META.has(k) && !romRef(`cartridge:${k}`));
  if (unsignedMeta.length) at('ACX_META_UNSIGNED', `meta keys not covered by the ROM manifest (unsigned): ${unsignedMeta.join(', ')}`, 'info');
  const recorded = meta.get('acx.rom_manifest_hash') ?? null;
  if (recorded !== null && recorded !== hash) at('ACX_MANIFEST_HASH_META', `acx.rom_manifest_hash is ${recorded}, the recomputed ROM manifest hash is ${hash}`);

  // memory rows
  for (const m of c.memory) {
    const id = String(m.id);
    const p = parseCanonical(m.payload);
    if (p.problem) at('ACX_MEMORY', `memory ${id}: payload ${p.problem}`);
    if (!p.value) continue;
    const r = p.value;
    if (r.id !== m.id) at('ACX_MEMORY', `memory ${id}: payload id ${JSON.stringify(r.id)} differs from the row id`);
    for (const pr of memoryTierProblems(r, String(m.zone), m.codebase_fingerprint)) at('ACX_MEMORY', `memory ${id}: ${pr}`);
    if (str(m.payload) && m.oid !== oidOf(m.payload)) at('ACX_MEMORY', `memory ${id}: memory.oid ${String(m.oid)} is not the payload hash`);
    // The fingerprint is taken before the §7.4 strip, over labels the payload no longer holds, so only its shape and column can be checked.
    if (m.artifact_fingerprint !== r.artifactFingerprint) at('ACX_MEMORY', `memory ${id}: artifact_fingerprint column differs from the payload`);
    else if (typeof r.artifactFingerprint !== 'string' || !/^[0-9a-f]{10}$/.test(r.artifactFingerprint)) at('ACX_MEMORY_FINGERPRINT', `memory ${id}: artifactFingerprint must be 10 lowercase hex digits`);
    if (!str(m.created_at)) at('ACX_MEMORY', `memory ${id}: created_at must be TEXT`);
  }

  // capabilities
  for (const k of c.capabilities) {
    const id = String(k.id);
    const p = parseCanonical(k.json);
    if (p.problem) at('ACX_CAPABILITY', `capability ${id}: json ${p.problem}`);
    if (!p.value) continue;
    if (p.value.id !== k.id) at('ACX_CAPABILITY', `capability ${id}: json id ${JSON.stringify(p.value.id)} differs from the row id`);
    if (str(k.json) && k.content_hash !== oidOf(k.json)) at('ACX_CAPABILITY', `capability ${id}: content_hash is not the hash of its json`);
    for (const pr of capabilityProblems(p.value)) at('ACX_CAPABILITY', `capability ${id}: ${pr}`);
  }

  // §12 items 9, 11, 12: the package spec, harness manifest, loop policy and LanceDB descriptor
  for (const p of checkConformance({ meta, file: (n) => files.get(n), names: names.sqlarNames() })) at(p.code, p.message, p.severity);

  // skills
  // §5, §12 item 7: skills live wholly in ROM; a SAVE copy would be unsigned instructions.
  for (const n of names.sqlarNames()) if (n.startsWith('save/skills/') || (n.startsWith('save/') && n.endsWith('/SKILL.md'))) at('ACX_SKILL_ZONE', `${n}: skills live wholly in the ROM zone (rom/skills/), never under save/`);
  const skillFiles = new Map<string, Array<{ rel: string; raw: Buffer }>>();
  for (const [name, raw] of files) {
    if (!name.startsWith('rom/skills/')) continue;
    const rel = name.slice('rom/skills/'.length);
    const lp = skillPathProblem(rel);
    if (lp) { at('ACX_SKILL_LAYOUT', lp); continue; }
    const dir = rel.split('/')[0]!;
    const list = skillFiles.get(dir) ?? [];
    list.push({ rel: rel.slice(dir.length + 1), raw });
    skillFiles.set(dir, list);
  }
  // §5.4 host fields: signed in rom/skill-ext/<name>.json, from which acx_skill.ext is derived.
  const signedExt = new Map<string, string>();
  for (const [name, raw] of files) {
    if (!name.startsWith(SKILL_EXT_PREFIX)) continue;
    const m = /^rom\/skill-ext\/([^/]+)\.json$/.exec(name);
    const e = m ? parseSkillExt(raw) : { problem: 'is not rom/skill-ext/<skill name>.json' };
    if (e.problem) at('ACX_SKILL_EXT', `${name} ${e.problem}`);
    else if (!skillFiles.has(m![1]!)) at('ACX_SKILL_EXT', `${name} holds host fields of skill ${m![1]}, which rom/skills/ does not have`);
    else signedExt.set(m![1]!, e.ext!);
  }
  const indexRows = new Map(c.skills.map((s) => [String(s.sqlar_path), s]));
  const derived = new Map<string, SkillRow>();
  for (const [dir, list] of skillFiles) {
    const md = list.find((f) => f.rel === 'SKILL.md');
    if (!md) { at('ACX_SKILL_LAYOUT', `rom/skills/${dir}/ has no SKILL.md`); continue; }
    const { fm, diagnostics } = checkSkillMd(md.raw, dir, `${file}:rom/skills/${dir}/SKILL.md`);
    d.push(...diagnostics);
    if (fm) derived.set(`rom/skills/${dir}/SKILL.md`, deriveSkillRow(dir, fm, md.raw, list, signedExt.get(dir) ?? null));
  }
  // acx_skill is a derived cache (§5.3): a host re-derives it and MUST reject a content_sha256
  // that is not the SKILL.md hash. Other derived values that differ (the reference stores a quoted
  // or block-scalar description as spelled, and lists no file outside references/, scripts/,
  // assets/) are warnings: hosts use the re-derived row.
  for (const [path, want] of derived) {
    const got = indexRows.get(path);
    if (!got) { at('ACX_SKILL_INDEX', `acx_skill has no row for ${path}: a host could not list this skill without unpacking it (§5.3)`); continue; }
    if ((got.content_sha256 ?? null) !== want.content_sha256) at('ACX_SKILL_INDEX', `acx_skill ${path}: content_sha256 is ${JSON.stringify(got.content_sha256)}, SKILL.md hashes to ${want.content_sha256} (§5.3: a host MUST reject the row)`);
    const raw = files.get(path)!;
    for (const k of ['name', 'description', 'license', 'compatibility', 'schema_version'] as const) {
      if ((got[k] ?? null) === want[k]) continue;
      const spelled = k === 'schema_version' ? undefined : referenceSpelling(raw, k);
      if (spelled !== undefined && got[k] === spelled) at('ACX_SKILL_INDEX_DERIVED', `acx_skill ${path}: ${k} is stored as ${JSON.stringify(got[k])}, as SKILL.md spells it; read as YAML it is ${JSON.stringify(want[k])}, the value hosts use`, 'warning');
      else at('ACX_SKILL_INDEX_DERIVED', `acx_skill ${path}: ${k} is ${JSON.stringify(got[k])}, SKILL.md gives ${JSON.stringify(want[k])}; hosts use the re-derived value`, 'warning');
    }
    let res: unknown;
    try { res = str(got.resources) ? parseJson(got.resources) : undefined; } catch { res = undefined; }
    let same = false;
    try { same = res !== undefined && jcs(res) === jcs(JSON.parse(want.resources)); } catch { same = false; }
    if (!same) at('ACX_SKILL_INDEX_DERIVED', `acx_skill ${path}: resources differ from the files under references/, scripts/ and assets/ of rom/skills/${path.split('/')[2]}/; hosts use the re-derived inventory`, 'warning');
    if (got.body_tokens !== null && got.body_tokens !== bodyTokens(raw)) at('ACX_SKILL_TOKENS', `acx_skill ${path}: body_tokens ${String(got.body_tokens)} differs from the estimate ${bodyTokens(raw)}`, 'warning');
    const name = path.split('/')[2]!;
    if (signedExt.has(name)) {
      if ((got.ext ?? null) !== want.ext) at('ACX_SKILL_EXT', `acx_skill ${path}: ext differs from the signed ${skillExtPath(name)}; a host that merges host fields back would install unsigned ones`);
    } else if (got.ext !== null && got.ext !== undefined) {
      let ext: unknown;
      try { ext = parseJson(String(got.ext)); } catch { ext = null; }
      const p = extProblem(ext);
      if (p) at('ACX_SKILL_INDEX', `acx_skill ${path}: ext ${p}`);
      else at('ACX_SKILL_EXT', `acx_skill ${path}: ext is not covered by the signature (no ${skillExtPath(name)}): a host must not merge it into SKILL.md`, 'warning');
    }
  }
  for (const path of indexRows.keys()) if (!derived.has(path) && !skillFiles.has(path.split('/')[2] ?? '')) at('ACX_SKILL_INDEX', `acx_skill row ${path} has no SKILL.md in sqlar`);

  // header flags
  let savePresent = saveRow || c.memory.some((m) => m.zone === 'save');
  for (const i of names.sqlar(DECODED)) { if (savePresent) break; savePresent = zoneOfName(names.names[i]!) === 'save'; }
  if (Boolean(c.userVersion.flags & FLAG_SAVE_PRESENT) !== savePresent) at('ACX_FLAGS', `FLAG_SAVE_PRESENT is ${c.userVersion.flags & 1 ? 'set' : 'clear'} but the cartridge ${savePresent ? 'has' : 'has no'} SAVE rows`, 'warning');
  if (c.userVersion.flags & ~FLAG_SAVE_PRESENT) at('ACX_FLAGS', `unknown user_version flag bits 0x${(c.userVersion.flags & ~1).toString(16)}`, 'warning');

  // attestations
  for (const a of c.attestations) {
    if (!str(a.att_id) || !str(a.type) || !str(a.media_type) || !str(a.document) || !str(a.created_at)) at('ACX_ATTESTATION', `attestation ${String(a.att_id)} has a missing or non-TEXT column`);
  }

  const fileNames = () => Array.from(names.sqlar(DECODED), (i) => names.names[i]!);
  const romFiles = () => {
    const m = new Map<string, string>();
    for (const i of names.sqlar(DECODED)) if (zoneOfName(names.names[i]!) === 'rom') m.set(names.names[i]!, names.oid(i));
    return m;
  };
  return judge({ c, d, tamper, hash, recorded, found: { meta, fileNames, files, romObjects: () => rom.rows(), romSummary: () => ({ checksumHash: rom.checksumHash(), fileCount: rom.length }), romFiles, unbound, knowledgeIds, unsignedMeta } }, opts);
}

/** What reading a cartridge's rows and files established, before any signature is judged. */
interface Scan {
  c: CartridgeData;
  d: Diagnostic[];
  tamper: string[];
  hash: string;
  recorded: string | null;
  found: Omit<CheckResult, 'diagnostics' | 'report' | 'under'>;
}

/** The signatures and trust under `opts`' trust inputs (registry, pinned key, …), over one scan. */
function judge(s: Scan, opts: VerifyOptions): CheckResult {
  const { c, hash } = s;
  const d = [...s.d];
  const at = (code: string, message: string, sev: 'error' | 'warning' | 'info' = 'error') => d.push((sev === 'error' ? error : sev === 'warning' ? warning : info)(code, message, { file: c.label }));
  const sigReports = c.signatures.map((x) => checkSignature(x, hash, opts, s.found.meta));
  const sigTamper: string[] = [];
  for (const r of sigReports) {
    if (r.verdict === 'tampered') { sigTamper.push(`signature ${r.sigId}: ${r.reason}`); at(r.code, `signature ${r.sigId}: ${r.reason}`); }
  }
  const report = assemble(s.tamper, sigTamper, sigReports, hash, s.recorded);
  if (report.trust === 'legacy') at('ACX_SIGNATURE_MISSING', 'the cartridge is unsigned (trust: legacy)', opts.requireSignature || opts.pinnedKey ? 'error' : 'warning');
  // A signer the user pinned (--key) is the trust decision when no registry is given: said, not warned about.
  const pinnedVerified = !!opts.pinnedKey && !opts.registry && sigReports.some((r) => r.keyid === spkiKeyId(opts.pinnedKey!) && r.signature === 'verified');
  if (report.trust === 'portable' && pinnedVerified && report.signature !== 'unverified') at('ACX_TRUST_PORTABLE', `trust: portable: the signature verifies with the pinned key ${spkiKeyId(opts.pinnedKey!)} (--key); no trust registry was given, and none is needed for a pinned signer`, 'info');
  else if (report.trust === 'portable') at(report.signature === 'unverified' ? 'ACX_SIGNATURE_UNVERIFIED' : 'ACX_TRUST_PORTABLE', `trust: portable: ${report.reason}`, 'warning');
  if (opts.pinnedKey && c.signatures.length) {
    const want = spkiKeyId(opts.pinnedKey);
    if (!sigReports.some((r) => r.keyid === want && r.signature === 'verified')) at('ACX_SIGNER_MISMATCH', `no signature verifies with the pinned key ${want}`);
  }
  return { diagnostics: d, report, ...s.found, under: (o) => judge(s, o) };
}

interface RowReport extends SignatureReport { code: string }

function checkSignature(s: SignatureRow, hash: string, opts: VerifyOptions, _meta: Map<string, string>): RowReport {
  const sigId = String(s.sig_id);
  const keyid = String(s.keyid);
  const bad = (code: string, reason: string): RowReport => ({ sigId, keyid, verdict: 'tampered', signature: 'invalid', reason, code });
  if (s.target !== 'rom-manifest') return bad('ACX_SIGNATURE_ENVELOPE', `target ${JSON.stringify(s.target)} is not rom-manifest`);
  if (s.alg !== 'ed25519') return bad('ACX_SIGNATURE_ENVELOPE', `alg ${JSON.stringify(s.alg)} is not ed25519`);
  const env = parseEnvelope(s.envelope);
  if ('problem' in env) return bad('ACX_SIGNATURE_ENVELOPE', env.problem);
  const pred = env.predicate;
  if (`sha256:${env.subjectHex}` !== hash) return bad('ACX_SIGNATURE_SUBJECT', `subject digest sha256:${env.subjectHex} is not the ROM manifest hash ${hash}`);
  if (s.manifest_hash !== hash) return bad('ACX_SIGNATURE_SUBJECT', `signatures.manifest_hash ${String(s.manifest_hash)} is not the ROM manifest hash ${hash}`);
  for (const k of ['manifestHash', 'romDigest']) if (pred[k] !== undefined && pred[k] !== hash) return bad('ACX_SIGNATURE_SUBJECT', `predicate.${k} ${String(pred[k])} is not the ROM manifest hash`);
  if (env.signatures[0]!.keyid !== keyid) return bad('ACX_SIGNATURE_KEYID', `row keyid ${keyid} differs from the envelope's ${env.signatures[0]!.keyid}`);
  const message = pae(PAYLOAD_TYPE, env.payloadBytes);
  let verifiedBy: string | undefined;
  for (const sg of env.signatures) {
    let key: PublicKey | undefined = opts.registry?.entries.get(sg.keyid)?.publicKey;
    if (!key && opts.pinnedKey && spkiKeyId(opts.pinnedKey) === sg.keyid) key = opts.pinnedKey;
    if (!key && sg.keyid === keyid && str(s.public_key_pem) && s.public_key_pem.trim()) {
      key = publicKeyFromPem(s.public_key_pem) ?? undefined;
      if (!key) return bad('ACX_SIGNATURE_ENVELOPE', 'public_key_pem is not an Ed25519 SPKI PEM');
    }
    if (!key) continue;
    if (spkiKeyId(key) !== sg.keyid) return bad('ACX_SIGNATURE_KEYID', `keyid ${sg.keyid} is not sha256 of the SPKI of the key that holds it (${spkiKeyId(key)})`);
    if (!verifyEd25519(key, message, sg.sig)) return bad('ACX_SIGNATURE_INVALID', `DSSE signature by ${sg.keyid} does not verify`);
    verifiedBy ??= sg.keyid;
  }
  const signed = { publisherId: pred.publisherId, signedAt: pred.signedAt };
  const extra = { publisherId: str(pred.publisherId) ? pred.publisherId : undefined, signedAt: str(pred.signedAt) ? pred.signedAt : undefined };
  // A compromised key is fatal whether or not its signature could be checked.
  for (const sg of env.signatures) {
    const e = opts.registry?.entries.get(sg.keyid);
    if (e?.revocationReason === 'key-compromise') return { ...bad('ACX_TRUST_REVOKED', `signer ${sg.keyid} was revoked for key-compromise`), ...extra };
  }
  if (!verifiedBy) return { sigId, keyid, verdict: 'portable', signature: 'unverified', reason: `no public key for ${keyid} is available, so the signature is UNVERIFIED`, code: 'ACX_SIGNATURE_UNVERIFIED', ...extra };
  const j = judgeSigner(verifiedBy, opts.registry, signed, opts.now ?? Date.now());
  if (j.verdict === 'tampered') return { ...bad('ACX_TRUST_REVOKED', j.reason), ...extra };
  let verdict: TrustVerdict = j.verdict;
  let reason = j.reason;
  if (verdict === 'trusted' && opts.localKeyId === verifiedBy) { verdict = 'local'; reason = `${reason}; it is this machine's own key`; }
  return { sigId, keyid: verifiedBy, verdict, signature: 'verified', reason, code: 'ACX_TRUST_PORTABLE', ...extra };
}

function assemble(tamper: string[], sigTamper: string[], sigs: RowReport[], hash: string, recorded: string | null): TrustReport {
  const base = { manifestHash: hash, recordedManifestHash: recorded, signatures: sigs.map(({ code: _c, ...r }) => r) };
  const integrity = tamper.length ? 'tampered' : 'intact';
  const signature = !sigs.length ? 'unsigned' : sigs.some((s) => s.signature === 'invalid') ? 'invalid' : sigs.some((s) => s.signature === 'verified') ? 'verified' : 'unverified';
  if (tamper.length || sigTamper.length) return { ...base, integrity, signature, trust: 'tampered', status: 'invalid', reason: [...tamper, ...sigTamper][0]! };
  if (!sigs.length) return { ...base, integrity: 'intact', signature: 'unsigned', trust: 'legacy', status: 'warning', reason: 'no DSSE signature row: the cartridge is unsigned' };
  const best = [...sigs].sort((a, b) => TRUST_ORDER.indexOf(b.verdict) - TRUST_ORDER.indexOf(a.verdict))[0]!;
  const status = best.verdict === 'trusted' || best.verdict === 'local' ? 'verified' : 'warning';
  return { ...base, integrity, signature, trust: best.verdict, status, reason: best.reason, keyid: best.keyid };
}
