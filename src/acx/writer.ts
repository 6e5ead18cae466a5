// Writes cartridge content into SQLite bytes deterministically: fixed page size, the verbatim DDL,
// rows inserted in primary-key order, VACUUM, then the serialized image.
import { openBytes, openMemory, stampLibraryVersion, type SqliteDb } from '../core/sqlite.js';
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

export interface WriteContent {
  meta: Map<string, string>;
  files: Array<{ name: string; raw: Buffer }>;
  memory: Array<{ id: string; payload: string; artifactFingerprint: string; createdAt: string; oid: string }>;
  capabilities: Array<{ id: string; json: string; contentHash: string }>;
  objects: ObjectRow[];
  skills: SkillRow[];
  attestations: Array<{ att_id: string; type: string; subject_oid: string | null; media_type: string; document: string; status_url: string | null; created_at: string }>;
  signatures: SignatureInsert[];
  /** sqlar mtime, seconds. */
  mtime: number;
  compress: boolean;
}

const by = <T>(k: (t: T) => string) => (a: T, b: T) => compareUtf8(k(a), k(b));

export function writeCartridge(c: WriteContent): Buffer {
  const db = openMemory();
  try {
    db.pragma(`page_size = ${PAGE_SIZE}`);
    db.pragma('encoding = "UTF-8"');
    db.pragma(`application_id = ${APPLICATION_ID}`);
    db.pragma(`user_version = ${userVersionFor(false)}`);
    db.exec(schemaScript());
    db.transaction(() => {
      const meta = db.prepare('INSERT INTO cartridge (key, value) VALUES (?, ?)');
      for (const [k, v] of [...c.meta].sort(by((x) => x[0]))) meta.run(k, v);
      const sq = db.prepare('INSERT INTO sqlar (name, mode, mtime, sz, data) VALUES (?, ?, ?, ?, ?)');
      for (const f of [...c.files].sort(by((x) => x.name))) {
        const b = encodeBlob(f.raw, c.compress);
        sq.run(f.name, MODE_REGULAR, c.mtime, b.sz, b.data);
      }
      const mem = db.prepare("INSERT INTO memory (id, zone, artifact_fingerprint, codebase_fingerprint, payload, oid, created_at) VALUES (?, 'rom', ?, NULL, ?, ?, ?)");
      for (const m of [...c.memory].sort(by((x) => x.id))) mem.run(m.id, m.artifactFingerprint, m.payload, m.oid, m.createdAt);
      const obj = db.prepare('INSERT INTO objects (oid, kind, source_ref, canon, zone, sz) VALUES (?, ?, ?, ?, ?, ?)');
      for (const o of [...c.objects].sort(by((x) => x.oid))) obj.run(o.oid, o.kind, o.source_ref, o.canon, o.zone, o.sz);
      const sig = db.prepare("INSERT INTO signatures (sig_id, target, manifest_hash, envelope, keyid, public_key_pem, alg, created_at) VALUES (?, 'rom-manifest', ?, ?, ?, ?, 'ed25519', ?)");
      for (const s of [...c.signatures].sort(by((x) => x.sig_id))) sig.run(s.sig_id, s.manifest_hash, s.envelope, s.keyid, s.public_key_pem, s.created_at);
      const att = db.prepare('INSERT INTO attestations (att_id, type, subject_oid, media_type, document, status_url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
      for (const a of [...c.attestations].sort(by((x) => x.att_id))) att.run(a.att_id, a.type, a.subject_oid, a.media_type, a.document, a.status_url, a.created_at);
      const sk = db.prepare('INSERT INTO acx_skill (sqlar_path, name, description, license, compatibility, skill_version, body_tokens, content_sha256, resources, ext, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
      for (const s of [...c.skills].sort(by((x) => x.sqlar_path))) sk.run(s.sqlar_path, s.name, s.description, s.license, s.compatibility, s.skill_version, s.body_tokens, s.content_sha256, s.resources, s.ext, s.schema_version);
      const cap = db.prepare('INSERT INTO capabilities (id, json, content_hash) VALUES (?, ?, ?)');
      for (const k of [...c.capabilities].sort(by((x) => x.id))) cap.run(k.id, k.json, k.contentHash);
    })();
    db.exec('VACUUM');
    return stampLibraryVersion(db.serialize());
  } finally {
    db.close();
  }
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
    const cookieBefore = db.pragma('schema_version', { simple: true }) as number;
    db.transaction(() => mutate(db))();
    const schemaChanged = (db.pragma('schema_version', { simple: true }) as number) !== cookieBefore;
    db.exec('VACUUM');
    const image = db.serialize();
    if (counters && image.length >= 100) {
      image.writeUInt32BE(counters.change, 24);
      // A mutation that changed the schema keeps SQLite's own (greater) cookie.
      if (!schemaChanged) image.writeUInt32BE(counters.cookie, 40);
    }
    return stampLibraryVersion(image);
  } finally {
    db.close();
  }
}
