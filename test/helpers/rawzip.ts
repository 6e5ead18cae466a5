// The tests' one raw ZIP writer, for archives no well-behaved library writes: it can lie in every
// field a reader trusts (names, modes, methods, flags, local/central mismatches, sizes, extra
// fields such as ZIP64 and Info-ZIP Unicode path, disk numbers, entry counts, offsets) and put
// bytes around the archive. The hostile tests, the fuzzers and the corpus generator share it.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZEntry {
  name: string | Buffer;
  data: Buffer | string;
  /** 0 STORE (default), 8 DEFLATE (compressed here), anything else written as-is. */
  method?: number;
  flags?: number;
  mode?: number;
  createSystem?: number;
  localMethod?: number;
  localFlags?: number;
  /** Name written in the local header instead of the central one. */
  localName?: string | Buffer;
  /** Declared sizes (both headers), when they should lie. */
  declaredSize?: number;
  declaredCompressedSize?: number;
  /** Extra field bytes (both headers). */
  extra?: Buffer;
  /** Central record points at this offset and no local record is written. */
  phantomOffset?: number;
  /** The compressed body to write verbatim (already deflated), instead of compressing `data`. */
  rawBody?: Buffer;
}

export interface ZipOptions {
  /** Overrides for the end-of-central-directory record. */
  eocd?: { disk?: number; cdDisk?: number; entriesOnDisk?: number; entries?: number; cdSize?: number; cdOffset?: number; comment?: Buffer };
  /** Bytes before the first local header (offsets are NOT adjusted). */
  prefix?: Buffer;
  /** Bytes after the EOCD record. */
  suffix?: Buffer;
  /** The central records in this order of the entries' indexes (the data stays in entry order). */
  centralOrder?: number[];
  /** Write a ZIP64 EOCD record and locator with these values (and 0xFFFF/0xFFFFFFFF in the EOCD). */
  zip64?: { entries?: bigint; cdSize?: bigint; cdOffset?: bigint; locatorOffset?: bigint };
}

export function zip64Extra(fields: { size?: bigint; csize?: bigint; offset?: bigint }): Buffer {
  const parts: Buffer[] = [];
  for (const v of [fields.size, fields.csize, fields.offset]) {
    if (v === undefined) continue;
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(v);
    parts.push(b);
  }
  const body = Buffer.concat(parts);
  const h = Buffer.alloc(4);
  h.writeUInt16LE(0x0001, 0);
  h.writeUInt16LE(body.length, 2);
  return Buffer.concat([h, body]);
}

/** Info-ZIP Unicode Path extra field (0x7075): extractors that honour it use this name instead. */
export function unicodePathExtra(headerName: Buffer, unicodeName: string): Buffer {
  const u = Buffer.from(unicodeName, 'utf8');
  const h = Buffer.alloc(9);
  h.writeUInt16LE(0x7075, 0);
  h.writeUInt16LE(5 + u.length, 2);
  h.writeUInt8(1, 4);
  h.writeUInt32LE(crc32(headerName), 5);
  return Buffer.concat([h, u]);
}

export function makeZip(entries: ZEntry[], opts: ZipOptions = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8');
    const lname = e.localName === undefined ? name : Buffer.isBuffer(e.localName) ? e.localName : Buffer.from(e.localName, 'utf8');
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const method = e.method ?? 0;
    const body = e.rawBody ?? (method === 8 ? deflateRawSync(raw, { level: 9 }) : raw);
    const nonAscii = [...name].some((b) => b >= 0x80);
    const flags = e.flags ?? (nonAscii ? 0x800 : 0);
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const csize = e.declaredCompressedSize ?? body.length;
    const extra = e.extra ?? Buffer.alloc(0);
    const central = (localOffset: number) => {
      const ch = Buffer.alloc(46);
      ch.writeUInt32LE(0x02014b50, 0);
      ch.writeUInt16LE(((e.createSystem ?? 3) << 8) | 45, 4);
      ch.writeUInt16LE(20, 6);
      ch.writeUInt16LE(flags, 8);
      ch.writeUInt16LE(method, 10);
      ch.writeUInt16LE(0x21, 14);
      ch.writeUInt32LE(crc, 16);
      ch.writeUInt32LE(csize >>> 0, 20);
      ch.writeUInt32LE(size >>> 0, 24);
      ch.writeUInt16LE(name.length, 28);
      ch.writeUInt16LE(extra.length, 30);
      ch.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
      ch.writeUInt32LE(localOffset >>> 0, 42);
      centrals.push(ch, name, extra);
    };
    if (e.phantomOffset !== undefined) { central(e.phantomOffset); continue; }
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(e.localFlags ?? flags, 6);
    lh.writeUInt16LE(e.localMethod ?? method, 8);
    lh.writeUInt16LE(0, 10);
    lh.writeUInt16LE(0x21, 12);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(csize >>> 0, 18);
    lh.writeUInt32LE(size >>> 0, 22);
    lh.writeUInt16LE(lname.length, 26);
    lh.writeUInt16LE(extra.length, 28);
    locals.push(lh, lname, extra, body);
    central(offset);
    offset += 30 + lname.length + extra.length + body.length;
  }
  const order = opts.centralOrder;
  const cd = Buffer.concat(order ? order.flatMap((k) => centrals.slice(3 * k, 3 * k + 3)) : centrals);
  const n = centrals.length / 3;
  const tail: Buffer[] = [];
  const z = opts.zip64;
  if (z) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(z.entries ?? BigInt(n), 24);
    rec.writeBigUInt64LE(z.entries ?? BigInt(n), 32);
    rec.writeBigUInt64LE(z.cdSize ?? BigInt(cd.length), 40);
    rec.writeBigUInt64LE(z.cdOffset ?? BigInt(offset), 48);
    const loc = Buffer.alloc(20);
    loc.writeUInt32LE(0x07064b50, 0);
    loc.writeBigUInt64LE(z.locatorOffset ?? BigInt(offset + cd.length), 8);
    loc.writeUInt32LE(1, 16);
    tail.push(rec, loc);
  }
  const o = opts.eocd ?? {};
  const comment = o.comment ?? Buffer.alloc(0);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(o.disk ?? 0, 4);
  eocd.writeUInt16LE(o.cdDisk ?? 0, 6);
  eocd.writeUInt16LE(o.entriesOnDisk ?? (z ? 0xffff : n), 8);
  eocd.writeUInt16LE(o.entries ?? (z ? 0xffff : n), 10);
  eocd.writeUInt32LE(o.cdSize ?? (z ? 0xffffffff : cd.length), 12);
  eocd.writeUInt32LE(o.cdOffset ?? (z ? 0xffffffff : offset), 16);
  eocd.writeUInt16LE(comment.length, 20);
  return Buffer.concat([opts.prefix ?? Buffer.alloc(0), ...locals, cd, ...tail, eocd, comment, opts.suffix ?? Buffer.alloc(0)]);
}

/** The common case: entries only, well-formed end records. */
export type RawEntry = ZEntry;
export function buildZip(entries: RawEntry[]): Buffer {
  return makeZip(entries);
}
