// Writes cartridge content into a SQLite file deterministically: fixed page size, the verbatim DDL,
// rows inserted in primary-key order into a scratch database beside the output, then VACUUM INTO
// the output — the image an in-memory build and VACUUM give, byte for byte, without holding it.
import { closeSync, constants, fchmodSync, fsyncSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { asWriteErrno, openBytes, openFile, stampFile, stampHeader, stampLibraryVersion, type SqliteDb } from '../core/sqlite.js';
import { withScratchBeside } from '../core/atomic.js';
import { sha256Tagged } from '../core/hash.js';
import { compareUtf8 } from '../core/paths.js';
import { APPLICATION_ID, PAGE_SIZE, userVersionFor } from './header.js';
import { schemaScript } from './ddl.js';
import { encodeBlob, MODE_REGULAR } from './sqlar.js';
import type { ObjectRow } from './objects.js';
import type { SkillRow } from './skills.js';

export interface SignatureInsert {
  sig_id: string;
  manifest_hash: string;
  envelope: string;
  keyid: string;
  public_key_pem: string;
  created_at: string;
}

/**
 * The ROM files to store, by position: each one's name and oid, and its bytes, or the source path
 * they are read again from (they must still hash to the oid).
 */
export interface RomFiles {
  readonly length: number;
  name(i: number): string;
  oid(i: number): string;
  bytes(i: number): Buffer | undefined;
  path(i: number): string | undefined;
}

export interface WriteContent {
  meta: Map<string, string>;
  files: RomFiles;
  memory: Array<{ id: string; payload: string; artifactFingerprint: string; createdAt: string; oid: string }>;
  capabilities: Array<{ id: string; json: string; contentHash: string }>;
  /** The objects rows, given in oid order (a row may be made as it is inserted). */
  objects: { inOidOrder(): Iterable<ObjectRow> };
  skills: SkillRow[];
  attestations: Array<{ att_id: string; type: string; subject_oid: string | null; media_type: string; document: string; status_url: string | null; created_at: string }>;
  signatures: SignatureInsert[];
  /** sqlar mtime, seconds. */
  mtime: number;
  compress: boolean;
}

const by = <T>(k: (t: T) => string) => (a: T, b: T) => compareUtf8(k(a), k(b));

/** A source file changed between its check and its write: what was checked (and signed) is not what would ship. */
export class SourceChangedError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed while the cartridge was being built: it no longer has the content that was checked and signed`);
  }
}

/**
 * Writes the cartridge to `out`, a path that does not exist yet (created here, 0644, synced). The
 * rows go into a scratch database beside it, whose pages SQLite writes out as its cache fills; VACUUM
 * INTO then writes the image to `out`. A build holds its page cache and one file's bytes at a time,
 * never the image (a 100,000-file cartridge of 328 MB held it four times over: the files, the
 * database, VACUUM's copy and the serialized image, 1.2 GB). SQLite makes no file of its own: the
 * scratch has no journal (a failed write is deleted, not rolled back) and is never synced, and sorts
 * stay in memory (no temp file in TMPDIR: nothing is written outside the output folder). `read`
 * gives a file's bytes again from the source tree; they must hash to the oid the checks (and the
 * signature) saw, and a file that can no longer be read has changed too. The scratch is named for
 * `named` (the published name, when `out` is its temp file).
 */
export async function writeCartridgeFile(out: string, c: WriteContent, read: (path: string) => Promise<Buffer>, named = out): Promise<void> {
  await withScratchBeside(named, (scratch) => vacuumInto(scratch, out, async (db) => {
    await fill(db, c, read);
    return { change: 0 };
  }));
}

/** What the output's header keeps of its source (stampHeader). */
type Counters = { change: number; cookie?: number };

/**
 * Runs `work` on the database in `scratch`, then VACUUM INTO `out`: created here first (exclusively,
 * never through a link; VACUUM INTO takes an empty file) and given an absolute name (SQLite may read
 * one that starts with `file:` as a URI: an --out folder so named). The output's header gets the
 * counters `work` gives, its mode 0644, and it is synced. SQLite's write errors become the errno
 * errors a write of ours would give (asWriteErrno).
 */
async function vacuumInto(scratch: string, out: string, work: (db: SqliteDb) => Counters | Promise<Counters>): Promise<void> {
  const dest = resolve(out);
  const db = openFile(resolve(scratch));
  let counters: Counters;
  try {
    counters = await work(db);
    closeSync(openSync(dest, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644));
    db.prepare('VACUUM INTO ?').run(dest);
  } catch (e) {
    throw asWriteErrno(e, [dest, scratch]);
  } finally {
    db.close();
  }
  const fd = openSync(dest, constants.O_RDWR | constants.O_NOFOLLOW);
  try {
    stampFile(fd, counters);
    fchmodSync(fd, 0o644);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Pragmas of a scratch database: no journal (a failed write is deleted, not rolled back), never synced, sorts in memory. */
function scratchPragmas(db: SqliteDb): void {
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('temp_store = MEMORY');
  // SQLite's default 2 MiB page cache, not better-sqlite3's 16 MiB: the rows go in in key order and
  // are read once by VACUUM INTO, so a larger cache only holds more (the image is the same).
  db.pragma('cache_size = -2000');
}

/** A source file's bytes read again, as they were checked. */
async function readAgain(f: { path: string; oid: string }, read: (path: string) => Promise<Buffer>): Promise<Buffer> {
  let raw: Buffer;
  try { raw = await read(f.path); } catch { throw new SourceChangedError(f.path); }
  if (sha256Tagged(raw) !== f.oid) throw new SourceChangedError(f.path);
  return raw;
}

/** The rows, in one transaction. */
async function fill(db: SqliteDb, c: WriteContent, read: (path: string) => Promise<Buffer>): Promise<void> {
  db.pragma(`page_size = ${PAGE_SIZE}`);
  scratchPragmas(db);
  db.pragma('encoding = "UTF-8"');
  db.pragma(`application_id = ${APPLICATION_ID}`);
  db.pragma(`user_version = ${userVersionFor(false)}`);
  db.exec(schemaScript());
  // One transaction, as the in-memory build ran: its reads of the source are awaited inside it.
  db.exec('BEGIN');
  const meta = db.prepare('INSERT INTO cartridge (key, value) VALUES (?, ?)');
  for (const [k, v] of [...c.meta].sort(by((x) => x[0]))) meta.run(k, v);
  const sq = db.prepare('INSERT INTO sqlar (name, mode, mtime, sz, data) VALUES (?, ?, ?, ?, ?)');
  const files = c.files;
  for (const i of Int32Array.from({ length: files.length }, (_, k) => k).sort((x, y) => compareUtf8(files.name(x), files.name(y)))) {
    const path = files.path(i);
    const raw = path === undefined ? files.bytes(i)! : await readAgain({ path, oid: files.oid(i) }, read);
    const b = encodeBlob(raw, c.compress);
    sq.run(files.name(i), MODE_REGULAR, c.mtime, b.sz, b.data);
  }
  const mem = db.prepare("INSERT INTO memory (id, zone, artifact_fingerprint, codebase_fingerprint, payload, oid, created_at) VALUES (?, 'rom', ?, NULL, ?, ?, ?)");
  for (const m of [...c.memory].sort(by((x) => x.id))) mem.run(m.id, m.artifactFingerprint, m.payload, m.oid, m.createdAt);
  const obj = db.prepare('INSERT INTO objects (oid, kind, source_ref, canon, zone, sz) VALUES (?, ?, ?, ?, ?, ?)');
  for (const o of c.objects.inOidOrder()) obj.run(o.oid, o.kind, o.source_ref, o.canon, o.zone, o.sz);
  const sig = db.prepare("INSERT INTO signatures (sig_id, target, manifest_hash, envelope, keyid, public_key_pem, alg, created_at) VALUES (?, 'rom-manifest', ?, ?, ?, ?, 'ed25519', ?)");
  for (const x of [...c.signatures].sort(by((y) => y.sig_id))) sig.run(x.sig_id, x.manifest_hash, x.envelope, x.keyid, x.public_key_pem, x.created_at);
  const att = db.prepare('INSERT INTO attestations (att_id, type, subject_oid, media_type, document, status_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const a of [...c.attestations].sort(by((x) => x.att_id))) att.run(a.att_id, a.type, a.subject_oid, a.media_type, a.document, a.status_url, a.created_at);
  const sk = db.prepare('INSERT INTO acx_skill (sqlar_path, name, description, license, compatibility, skill_version, body_tokens, content_sha256, resources, ext, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
  for (const x of [...c.skills].sort(by((y) => y.sqlar_path))) sk.run(x.sqlar_path, x.name, x.description, x.license, x.compatibility, x.skill_version, x.body_tokens, x.content_sha256, x.resources, x.ext, x.schema_version);
  const cap = db.prepare('INSERT INTO capabilities (id, json, content_hash) VALUES (?, ?, ?)');
  for (const k of [...c.capabilities].sort(by((x) => x.id))) cap.run(k.id, k.json, k.contentHash);
  db.exec('COMMIT');
}

/** Runs `mutate` in one transaction; whether it changed the schema (the schema cookie moved). */
function mutateTracked(db: SqliteDb, mutate: (db: SqliteDb) => void): boolean {
  const before = db.pragma('schema_version', { simple: true }) as number;
  db.transaction(() => mutate(db))();
  return (db.pragma('schema_version', { simple: true }) as number) !== before;
}

/**
 * Runs `mutate` on a writable in-memory copy of an already-validated cartridge, VACUUMs, returns the
 * bytes. The header's change counter (offset 24) and schema cookie (offset 40) only count how often
 * the file was written and its schema changed; the rewrite keeps the input's values, so a cartridge
 * built unsigned and then signed is byte for byte the one `build --key` writes (both VACUUMed images
 * of the same rows), and `verify --reproduce` can compare the two.
 */
export function rewriteCartridge(bytes: Buffer, mutate: (db: SqliteDb) => void): Buffer {
  const counters = bytes.length >= 100 ? { change: bytes.readUInt32BE(24), cookie: bytes.readUInt32BE(40) } : undefined;
  const db = openBytes(bytes);
  try {
    db.pragma('trusted_schema = OFF');
    const schemaChanged = mutateTracked(db, mutate);
    db.exec('VACUUM');
    const image = db.serialize();
    // A mutation that changed the schema keeps SQLite's own (greater) cookie.
    return counters ? stampHeader(image, { change: counters.change, ...(schemaChanged ? {} : { cookie: counters.cookie }) }) : stampLibraryVersion(image);
  } finally {
    db.close();
  }
}

/**
 * rewriteCartridge on a file: the cartridge in `scratch` (a copy the caller verified, beside the
 * output) is changed by `mutate` in place, in one transaction, and VACUUM INTO writes `out` from it,
 * with the input's change counter and schema cookie (a mutation that changed the schema keeps
 * SQLite's own cookie): the bytes rewriteCartridge gives, without the image held in memory — a copy
 * of the input, SQLite's copy of it, VACUUM's and the serialized image (1.25 GB for `sign` of a
 * 100,000-file cartridge).
 */
export async function rewriteCartridgeFile(scratch: string, out: string, mutate: (db: SqliteDb) => void): Promise<void> {
  const head = Buffer.alloc(100);
  const fd = openSync(scratch, constants.O_RDONLY | constants.O_NOFOLLOW);
  try { readSync(fd, head, 0, 100, 0); } finally { closeSync(fd); }
  await vacuumInto(scratch, out, (db) => {
    db.pragma('trusted_schema = OFF');
    scratchPragmas(db);
    const schemaChanged = mutateTracked(db, mutate);
    return { change: head.readUInt32BE(24), ...(schemaChanged ? {} : { cookie: head.readUInt32BE(40) }) };
  });
}
