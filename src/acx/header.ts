// The two header words that brand a cartridge (application_id, packed user_version) and the raw
// SQLite header facts read before any SQL runs.

export const APPLICATION_ID = 1094932529; // 0x41435831, "ACX1"
export const SPEC_MAJOR = 1;
export const SPEC_MINOR = 0;
export const VEC0_FORMAT = 1;
export const FLAG_SAVE_PRESENT = 0x01;
export const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1');
export const PAGE_SIZE = 4096;

export interface UserVersion {
  major: number;
  minor: number;
  vec0: number;
  flags: number;
}

export function packUserVersion(u: UserVersion): number {
  return ((u.major & 0xff) << 24 | (u.minor & 0xff) << 16 | (u.vec0 & 0xff) << 8 | (u.flags & 0xff)) >>> 0;
}

export function unpackUserVersion(v: number): UserVersion {
  const n = v >>> 0;
  return { major: n >>> 24, minor: (n >>> 16) & 0xff, vec0: (n >>> 8) & 0xff, flags: n & 0xff };
}

export function userVersionFor(savePresent: boolean): number {
  return packUserVersion({ major: SPEC_MAJOR, minor: SPEC_MINOR, vec0: VEC0_FORMAT, flags: savePresent ? FLAG_SAVE_PRESENT : 0 });
}

export interface SqliteHeader {
  pageSize: number;
  /** 1 = legacy rollback journal, 2 = WAL (bytes 18 and 19). */
  writeVersion: number;
  readVersion: number;
  changeCounter: number;
  pageCount: number;
  versionValidFor: number;
  userVersion: number;
  applicationId: number;
  sqliteVersion: number;
}

export function isSqlite(head: Buffer): boolean {
  return head.length >= 16 && head.subarray(0, 16).equals(SQLITE_MAGIC);
}

/** Parses the 100-byte database header; null when `b` is not one. */
export function readSqliteHeader(b: Buffer): SqliteHeader | null {
  if (b.length < 100 || !isSqlite(b)) return null;
  const raw = b.readUInt16BE(16);
  return {
    pageSize: raw === 1 ? 65536 : raw,
    writeVersion: b[18]!,
    readVersion: b[19]!,
    changeCounter: b.readUInt32BE(24),
    pageCount: b.readUInt32BE(28),
    versionValidFor: b.readUInt32BE(92),
    userVersion: b.readUInt32BE(60),
    applicationId: b.readUInt32BE(68),
    sqliteVersion: b.readUInt32BE(96),
  };
}
