// The normative DDL of container §3.2, verbatim, and the comparison of a cartridge's stored schema
// against it (comments and whitespace do not count; everything else does).

export const TABLES = ['cartridge', 'sqlar', 'memory', 'vectors', 'objects', 'signatures', 'attestations', 'acx_skill', 'capabilities'] as const;
export type TableName = (typeof TABLES)[number];

export const DDL: Record<TableName, string> = {
  cartridge: `CREATE TABLE cartridge (        -- meta key/value store
  key   TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
) WITHOUT ROWID`,
  sqlar: `CREATE TABLE sqlar (            -- EXACT stock SQLite Archive schema
  name TEXT PRIMARY KEY,        -- zone by prefix: 'rom/...' | 'save/...'
  mode INT, mtime INT,
  sz   INT,                     -- sz == length(data) => uncompressed; else Deflate
  data BLOB
)`,
  memory: `CREATE TABLE memory (
  id                   TEXT PRIMARY KEY NOT NULL,
  zone                 TEXT NOT NULL CHECK (zone IN ('rom','save')),
  artifact_fingerprint TEXT NOT NULL,
  codebase_fingerprint TEXT,            -- NULL iff zone='rom'
  payload              TEXT NOT NULL,   -- canonical JSON (RFC 8785) of the artifact
  oid                  TEXT NOT NULL,   -- 'sha256:'||hex(sha256(payload))
  created_at           TEXT NOT NULL
) WITHOUT ROWID`,
  vectors: `CREATE TABLE vectors (         -- derived, NEVER signed, re-indexed on import (see §3.5)
  memory_id            TEXT PRIMARY KEY,
  zone                 TEXT NOT NULL,
  embedding            BLOB NOT NULL,
  artifact_fingerprint TEXT
)`,
  objects: `CREATE TABLE objects (         -- content-addressed integrity units
  oid        TEXT PRIMARY KEY NOT NULL,  -- 'sha256:'||hex(sha256(canonical_bytes))
  kind       TEXT NOT NULL CHECK (kind IN ('sqlar','memory','cartridge','skill','attestation')),
  source_ref TEXT NOT NULL,              -- sqlar name | 'memory:'||id | 'cartridge:'||key
  canon      TEXT NOT NULL,              -- 'raw' | 'jcs-rfc8785'
  zone       TEXT NOT NULL CHECK (zone IN ('rom','save')),
  sz         INTEGER NOT NULL
) WITHOUT ROWID`,
  signatures: `CREATE TABLE signatures (
  sig_id         TEXT PRIMARY KEY NOT NULL,
  target         TEXT NOT NULL DEFAULT 'rom-manifest',
  manifest_hash  TEXT NOT NULL,          -- 'sha256:...' over ROM objects
  envelope       TEXT NOT NULL,          -- clean DSSE {payloadType,payload,signatures}
  keyid          TEXT NOT NULL,          -- ed25519:<hex>
  public_key_pem TEXT,                   -- SPKI PEM held OUT of the envelope
  alg            TEXT NOT NULL DEFAULT 'ed25519',
  created_at     TEXT NOT NULL
) WITHOUT ROWID`,
  attestations: `CREATE TABLE attestations (
  att_id      TEXT PRIMARY KEY NOT NULL,
  type        TEXT NOT NULL,             -- 'openbadge-3.0' | 'vc-2.0' | 'in-toto-provenance'
  subject_oid TEXT,                      -- NULL = whole ROM
  media_type  TEXT NOT NULL,
  document    TEXT NOT NULL,
  status_url  TEXT,
  created_at  TEXT NOT NULL
) WITHOUT ROWID`,
  acx_skill: `CREATE TABLE acx_skill (       -- SPEC §5.3 derived skill index (re-derivable cache)
  sqlar_path     TEXT PRIMARY KEY,       -- authoritative identity: the SKILL.md path
  name           TEXT NOT NULL,
  description    TEXT NOT NULL,
  license        TEXT, compatibility TEXT, skill_version TEXT,
  body_tokens    INTEGER,
  content_sha256 TEXT NOT NULL,
  resources      TEXT NOT NULL,
  ext            TEXT,
  schema_version TEXT NOT NULL
)`,
  capabilities: `CREATE TABLE capabilities (    -- SPEC §6.1 capability records (ROM zone)
  id           TEXT PRIMARY KEY NOT NULL,
  json         TEXT NOT NULL,
  content_hash TEXT NOT NULL
)`,
};

export const INDEX_DDL = 'CREATE INDEX memory_zone_fp ON memory(zone, artifact_fingerprint)';

/** SPEC §5.3's own acx_skill layout (name as key); the notes accept it beside the container's. */
const ACX_SKILL_SPEC = `CREATE TABLE acx_skill (
  name           TEXT PRIMARY KEY,
  description    TEXT NOT NULL,
  license        TEXT, compatibility TEXT, skill_version TEXT,
  sqlar_path     TEXT NOT NULL,
  body_tokens    INTEGER,
  content_sha256 TEXT NOT NULL,
  resources      TEXT NOT NULL,
  ext            TEXT,
  schema_version TEXT NOT NULL
)`;

/** The whole schema script a builder runs, in a fixed order. */
export function schemaScript(): string {
  return TABLES.map((t) => `${DDL[t]};`).join('\n') + `\n${INDEX_DDL};\n`;
}

/**
 * Canonical token form of a CREATE statement: comments dropped, whitespace collapsed, spaces around
 * punctuation removed, keywords and identifiers lowercased (string literals kept as written).
 */
export function normalizeSql(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
      out += ' ';
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
      out += ' ';
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === "'" && sql[j + 1] === "'") { j += 2; continue; }
        if (sql[j] === "'") break;
        j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    out += /\s/.test(c) ? ' ' : c.toLowerCase();
    i++;
  }
  return out.replace(/\s+/g, ' ').replace(/\s*([(),;])\s*/g, '$1').trim().replace(/;$/, '');
}

/** The signatures table as the SPEC §3.2 text gives it: no public_key_pem column (the key then
 *  comes from --key or a trust registry). The container page's form above adds that column. */
export const SIGNATURES_SPEC = `CREATE TABLE signatures (
  sig_id        TEXT PRIMARY KEY NOT NULL,
  target        TEXT NOT NULL DEFAULT 'rom-manifest',
  manifest_hash TEXT NOT NULL,           -- 'sha256:...' over ROM objects
  envelope      TEXT NOT NULL,           -- DSSE JSON
  keyid         TEXT NOT NULL,           -- see §4 (ed25519:<hex>)
  alg           TEXT NOT NULL DEFAULT 'ed25519',
  created_at    TEXT NOT NULL
) WITHOUT ROWID`;

/** Whether a stored signatures DDL has the public_key_pem column (the container page's form). */
export const signaturesHavePem = (storedSql: string | null): boolean => !!storedSql && normalizeSql(storedSql) === normalizeSql(DDL.signatures);

const EXPECTED = new Map<string, string[]>(TABLES.map((t) => [t, [normalizeSql(DDL[t])]]));
EXPECTED.get('signatures')!.push(normalizeSql(SIGNATURES_SPEC));
EXPECTED.get('acx_skill')!.push(normalizeSql(ACX_SKILL_SPEC));

export function ddlMatches(table: TableName, storedSql: string | null): boolean {
  if (!storedSql) return false;
  return EXPECTED.get(table)!.includes(normalizeSql(storedSql));
}

export function indexMatches(storedSql: string | null): boolean {
  return !!storedSql && normalizeSql(storedSql) === normalizeSql(INDEX_DDL);
}

/** Tables SQLite or extensions create on their own, which never carry cartridge content. */
export function isHousekeepingTable(name: string): boolean {
  return name === 'sqlite_sequence' || /^sqlite_stat\d$/.test(name) || /^vectors_/.test(name);
}
