// Opens an untrusted cartridge safely: header checks before any SQL, a read-only private copy on
// disk or in memory (no sidecar is ever created, read or rolled back), a schema that must be
// exactly the normative DDL (so no trigger or view can run), then plain row reads into a model.
import { openBytes, openSnapshot, type SqliteDb } from '../core/sqlite.js';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { error, warning, info, fail, type Diagnostic } from '../core/diagnostics.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import type { ArtifactInput } from '../format.js';
import { APPLICATION_ID, SPEC_MAJOR, SPEC_MINOR, VEC0_FORMAT, isSqlite, readSqliteHeader, unpackUserVersion, type SqliteHeader, type UserVersion } from './header.js';
import { TABLES, ddlMatches, signaturesHavePem, indexMatches, isHousekeepingTable, type TableName } from './ddl.js';
import type { ObjectRow } from './objects.js';
import type { SkillRow } from './skills.js';

export interface MetaRow { key: unknown; value: unknown }
export interface SqlarRow { name: unknown; mode: unknown; mtime: unknown; sz: unknown; data: unknown }
export interface MemoryRow { id: unknown; zone: unknown; artifact_fingerprint: unknown; codebase_fingerprint: unknown; payload: unknown; oid: unknown; created_at: unknown }
export interface SignatureRow { sig_id: unknown; target: unknown; manifest_hash: unknown; envelope: unknown; keyid: unknown; public_key_pem: unknown; alg: unknown; created_at: unknown }
export interface AttestationRow { att_id: unknown; type: unknown; subject_oid: unknown; media_type: unknown; document: unknown; status_url: unknown; created_at: unknown }
export interface CapabilityRow { id: unknown; json: unknown; content_hash: unknown }

/**
 * The sqlar table, read one row at a time while the database is open: a cartridge's files are
 * hashed and checked as they come and only what a rule needs again is kept, so checking one does
 * not hold all its files at once.
 */
export interface SqlarRows {
  /** The sum of the positive numeric sz values: bounds inflation before any blob is read. */
  declared: number;
  rows(): Iterable<SqlarRow>;
}

export interface CartridgeData {
  label: string;
  size: number;
  header: SqliteHeader;
  userVersion: UserVersion;
  meta: MetaRow[];
  sqlar: SqlarRows;
  memory: MemoryRow[];
  /** The objects table, read one row at a time (each call reads it again, in the same order). */
  objects: { rows(): Iterable<ObjectRow> };
  signatures: SignatureRow[];
  attestations: AttestationRow[];
  skills: Array<Record<keyof SkillRow, unknown>>;
  capabilities: CapabilityRow[];
  vectorRows: number;
  /** Tables whose stored DDL matched, so their rows were read. */
  readable: Set<TableName>;
}

export async function readInputBytes(input: ArtifactInput, limits: Limits): Promise<Buffer> {
  if (input.bytes) return input.bytes;
  await checkInputFile(input, limits);
  return readFile(input.path!);
}

/** Refuses an input path that is not a regular file, or is over the total limit, before it is read or copied. */
export async function checkInputFile(input: ArtifactInput, limits: Limits): Promise<void> {
  const st = await stat(input.path!).catch(() => undefined);
  if (!st?.isFile()) fail('CTXFORGE_IO', `${input.label}: not a readable file`, {}, 2);
  if (st.size > limits.maxTotalBytes) fail('ACX_CORRUPT', `${input.label} is ${st.size} bytes, over the limit of ${limits.maxTotalBytes}`, { file: input.label });
}

/**
 * Throws DiagnosticError (exit 1) for anything that stops reading; returns the rest as diagnostics.
 * A cartridge named by path is read from a private copy (openSnapshot): the header is checked on the
 * copy's bytes and SQLite reads only those, so no image of the file is held in memory and no
 * sidecar beside the original is read. The file's bytes are read into memory only with `keepBytes`
 * (a rewrite needs them) or when the caller already holds them.
 */
let opens = 0;
/** How many times this process has opened a cartridge (tests count how often a command reads one). */
export const cartridgeOpens = (): number => opens;

export async function openCartridge(input: ArtifactInput, limitsIn?: Partial<Limits>, keepBytes = false): Promise<{ data: CartridgeData; diagnostics: Diagnostic[]; db: SqliteDb; bytes?: Buffer }> {
  opens++;
  const limits = resolveLimits(limitsIn);
  const file = input.label;
  const d: Diagnostic[] = [];
  let header: SqliteHeader | undefined;
  let uv: UserVersion | undefined;
  let size = 0;
  const inspect = (head: Buffer, length: number) => {
    ({ header, uv } = checkHeader(head, length, input, limits, d));
    size = length;
  };
  let db: SqliteDb;
  let kept: Buffer | undefined;
  if (input.path && !input.bytes && !keepBytes) {
    const st = await stat(input.path).catch(() => undefined);
    if (!st?.isFile()) fail('CTXFORGE_IO', `${file}: not a readable file`, {}, 2);
    if (st.size > limits.maxTotalBytes) fail('ACX_CORRUPT', `${file} is ${st.size} bytes, over the limit of ${limits.maxTotalBytes}`, { file });
    try {
      db = openSnapshot(input.path, { maxBytes: limits.maxTotalBytes, inspect });
    } catch (e) {
      // A refusal of the header, or no SQLite engine on this Node (the installation's problem, not the file's).
      if ((e as Error).name === 'DiagnosticError') throw e;
      if (!header) fail('CTXFORGE_IO', `${file}: cannot be read into a private temporary copy (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { file, hint: 'check that the file is readable and that the temporary folder (TMPDIR) has room for a copy of it' }, 2);
      fail('ACX_CORRUPT', `${file} cannot be opened as SQLite: ${(e as Error).message}`, { file });
    }
  } else {
    let bytes: Buffer | undefined = await readInputBytes(input, limits);
    inspect(bytes.subarray(0, 100), bytes.length);
    try {
      db = openBytes(bytes, { readonly: true });
    } catch (e) {
      if ((e as Error).name === 'DiagnosticError') throw e;
      fail('ACX_CORRUPT', `${file} cannot be opened as SQLite: ${(e as Error).message}`, { file });
    }
    // SQLite holds its own copy once open, so a check does not hold the file twice.
    kept = keepBytes ? bytes : undefined;
    bytes = undefined;
  }
  try {
    db.pragma('trusted_schema = OFF');
    // SQLite's default page cache (2 MiB), not better-sqlite3's 16 MiB: the check reads each page
    // once in order, so a larger cache only holds pages already read (issue 39).
    db.pragma('cache_size = -2000');
    const check = db.pragma('quick_check', { simple: false }) as Array<{ quick_check: string }>;
    if (check.length !== 1 || check[0]!.quick_check !== 'ok') fail('ACX_CORRUPT', `${file} is corrupt: ${check.slice(0, 3).map((c) => c.quick_check).join('; ')}`, { file });
    const data = readAll(db, file, header!, uv!, size, d, uv!.minor > SPEC_MINOR);
    return { data, diagnostics: d, db, bytes: kept };
  } catch (e) {
    db.close();
    rethrowAsCorrupt(e, file);
  }
}

/**
 * The checks made before any SQL, on the file's first 100 bytes and its size: what the file is,
 * its spec version, and that it is one self-contained rollback-journal file of whole pages.
 */
function checkHeader(head: Buffer, size: number, input: ArtifactInput, limits: Limits, d: Diagnostic[]): { header: SqliteHeader; uv: UserVersion } {
  const file = input.label;
  if (size > limits.maxTotalBytes) fail('ACX_CORRUPT', `${file} is over the limit of ${limits.maxTotalBytes} bytes`, { file });
  if (!isSqlite(head)) fail('ACX_NOT_SQLITE', `${file} is not a SQLite database (no "SQLite format 3" header)`, { file });
  const header = readSqliteHeader(head);
  if (!header) fail('ACX_CORRUPT', `${file} is truncated: shorter than the 100-byte SQLite header`, { file });
  if (header.applicationId !== APPLICATION_ID) {
    fail('ACX_NOT_ACX', `not an .acx cartridge: application_id is ${header.applicationId}, expected ${APPLICATION_ID} ("ACX1")`, { file });
  }
  if (header.writeVersion === 2 || header.readVersion === 2) {
    fail('ACX_JOURNAL', `${file} is in WAL mode; a cartridge must be one self-contained rollback-journal file`, { file, hint: 'checkpoint it and set PRAGMA journal_mode=DELETE' });
  }
  if (input.path) {
    for (const s of ['-wal', '-shm', '-journal']) {
      if (existsSync(input.path + s)) fail('ACX_JOURNAL', `${file} has a ${s} sidecar file; refusing a cartridge whose content may live outside the file`, { file, hint: `remove ${input.path + s} only if you know it is stale` });
    }
  }
  const uv = unpackUserVersion(header.userVersion);
  if (header.userVersion === 0 || uv.major !== SPEC_MAJOR) {
    fail('ACX_VERSION_UNSUPPORTED', `user_version ${header.userVersion} has spec_MAJOR ${uv.major}; this reader supports ${SPEC_MAJOR}`, { file });
  }
  if (uv.minor > SPEC_MINOR) d.push(warning('ACX_VERSION_NEWER_MINOR', `spec_MINOR ${uv.minor} is newer than ${SPEC_MINOR}; reading it as additive`, { file }));
  if (uv.vec0 !== VEC0_FORMAT) d.push(info('ACX_VEC0_FORMAT', `vec0 storage format ${uv.vec0} differs from ${VEC0_FORMAT}: drop and re-index vectors`, { file }));
  const ps = header.pageSize;
  if (ps < 512 || ps > 65536 || (ps & (ps - 1)) !== 0) fail('ACX_CORRUPT', `${file} has an invalid page size ${ps}`, { file });
  if (size % ps !== 0 || (header.versionValidFor === header.changeCounter && header.pageCount * ps > size)) {
    fail('ACX_CORRUPT', `${file} is truncated or padded: ${size} bytes is not ${header.pageCount} pages of ${ps}`, { file });
  }
  return { header, uv };
}

/** A diagnostic stays what it is; anything SQLite throws while reading is ACX_CORRUPT. */
function rethrowAsCorrupt(e: unknown, file: string): never {
  if ((e as Error).name === 'DiagnosticError') throw e;
  fail('ACX_CORRUPT', `${file} is corrupt: ${(e as Error).message}`, { file });
}

/** A row that cannot be read while the rows are walked is ACX_CORRUPT, as it is when they are read at open. */
function* corruptAsDiagnostic<T>(rows: Iterable<T>, file: string): Generator<T> {
  try {
    yield* rows;
  } catch (e) {
    rethrowAsCorrupt(e, file);
  }
}

function readAll(db: SqliteDb, file: string, header: SqliteHeader, uv: UserVersion, size: number, d: Diagnostic[], newerMinor: boolean): CartridgeData {
  const master = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as Array<{ type: string; name: string; tbl_name: string; sql: string | null }>;
  const readable = new Set<TableName>();
  const seen = new Set<string>();
  for (const m of master) {
    if (m.type === 'table') {
      if ((TABLES as readonly string[]).includes(m.name)) {
        seen.add(m.name);
        if (m.name === 'vectors' && /^\s*create\s+virtual\s+table/i.test(m.sql ?? '')) {
          d.push(info('ACX_VEC0_FORMAT', 'vectors is a vec0 virtual table; it is derived and never read here', { file }));
          continue;
        }
        if (ddlMatches(m.name as TableName, m.sql)) readable.add(m.name as TableName);
        else d.push(error('ACX_SCHEMA_DDL', `table ${m.name} does not use the normative DDL of §3.2`, { file, hint: 'create it with the verbatim CREATE TABLE statement' }));
      } else if (isHousekeepingTable(m.name)) continue;
      else d.push((newerMinor ? warning : error)('ACX_SCHEMA_OBJECT', `unknown table ${m.name}`, { file }));
    } else if (m.type === 'index') {
      if (m.sql === null && m.name.startsWith('sqlite_autoindex_')) continue;
      if (m.name === 'memory_zone_fp' && indexMatches(m.sql)) continue;
      d.push((newerMinor ? warning : error)('ACX_SCHEMA_OBJECT', `unknown index ${m.name}`, { file }));
    } else {
      d.push(error('ACX_SCHEMA_OBJECT', `the schema holds a ${m.type} ${JSON.stringify(m.name)}; cartridges carry no ${m.type}s (it is never executed)`, { file }));
    }
  }
  for (const t of TABLES) if (!seen.has(t)) d.push(error('ACX_SCHEMA_MISSING', `table ${t} of the normative DDL is missing`, { file }));
  if (!master.some((m) => m.name === 'memory_zone_fp')) d.push(error('ACX_SCHEMA_MISSING', 'index memory_zone_fp of the normative DDL is missing', { file }));
  const sigSql = master.find((m) => m.type === 'table' && m.name === 'signatures')?.sql ?? null;
  const pemColumn = signaturesHavePem(sigSql) ? 'public_key_pem' : 'NULL AS public_key_pem';
  const rows = <T>(t: TableName, cols: string): T[] => (readable.has(t) ? (db.prepare(`SELECT ${cols} FROM "${t}"`).all() as T[]) : []);
  return {
    label: file,
    size,
    header,
    userVersion: uv,
    meta: rows<MetaRow>('cartridge', 'key, value'),
    sqlar: readable.has('sqlar') ? {
      declared: (db.prepare("SELECT total(sz) AS n FROM sqlar WHERE typeof(sz) IN ('integer', 'real') AND sz > 0").get() as { n: number }).n,
      rows: () => corruptAsDiagnostic(db.prepare('SELECT name, mode, mtime, sz, data FROM sqlar').iterate() as Iterable<SqlarRow>, file),
    } : { declared: 0, rows: () => [] },
    memory: rows<MemoryRow>('memory', 'id, zone, artifact_fingerprint, codebase_fingerprint, payload, oid, created_at'),
    objects: { rows: () => (readable.has('objects') ? corruptAsDiagnostic(db.prepare('SELECT oid, kind, source_ref, canon, zone, sz FROM objects').iterate() as Iterable<ObjectRow>, file) : []) },
    signatures: rows<SignatureRow>('signatures', `sig_id, target, manifest_hash, envelope, keyid, ${pemColumn}, alg, created_at`),
    attestations: rows<AttestationRow>('attestations', 'att_id, type, subject_oid, media_type, document, status_url, created_at'),
    skills: rows('acx_skill', 'sqlar_path, name, description, license, compatibility, skill_version, body_tokens, content_sha256, resources, ext, schema_version'),
    capabilities: rows<CapabilityRow>('capabilities', 'id, json, content_hash'),
    vectorRows: readable.has('vectors') ? (db.prepare('SELECT count(*) AS n FROM vectors').get() as { n: number }).n : 0,
    readable,
  };
}
