// A minimal ZIP writer for tests that need archives no well-behaved library will write: unsafe
// names, symlink modes, unsupported methods, encrypted flags, mismatched headers.
import { crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string | Buffer;
  data: Buffer | string;
  /** 0 STORE (default), 8 DEFLATE (data is compressed here), anything else written as-is. */
  method?: number;
  /** General-purpose flags; bit 11 (UTF-8) is set by default for non-ASCII names. */
  flags?: number;
  /** Unix mode, e.g. 0o100644 or 0o120777. */
  mode?: number;
  /** create_system (high byte of version made by); 3 = Unix. */
  createSystem?: number;
  /** Overrides for the local header only. */
  localMethod?: number;
  localFlags?: number;
  /** Write no local record: the central entry points at this offset (overlap attacks). */
  phantomOffset?: number;
  /** Declared uncompressed size, when it should lie. */
  declaredSize?: number;
}

export function buildZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8');
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data, 'utf8');
    const method = e.method ?? 0;
    const body = method === 8 ? deflateRawSync(raw) : raw;
    const nonAscii = [...name].some((b) => b >= 0x80);
    const flags = e.flags ?? (nonAscii ? 0x800 : 0);
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const central = (localOffset: number) => {
      const ch = Buffer.alloc(46);
      ch.writeUInt32LE(0x02014b50, 0);
      ch.writeUInt16LE(((e.createSystem ?? 3) << 8) | 20, 4);
      ch.writeUInt16LE(20, 6);
      ch.writeUInt16LE(flags, 8);
      ch.writeUInt16LE(method, 10);
      ch.writeUInt16LE(0x21, 14);
      ch.writeUInt32LE(crc, 16);
      ch.writeUInt32LE(body.length, 20);
      ch.writeUInt32LE(size, 24);
      ch.writeUInt16LE(name.length, 28);
      ch.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
      ch.writeUInt32LE(localOffset, 42);
      centrals.push(ch, name);
    };
    if (e.phantomOffset !== undefined) {
      central(e.phantomOffset);
      continue;
    }
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(e.localFlags ?? flags, 6);
    lh.writeUInt16LE(e.localMethod ?? method, 8);
    lh.writeUInt16LE(0, 10);
    lh.writeUInt16LE(0x21, 12);
    lh.writeUInt32LE(crc, 14);
    lh.writeUInt32LE(body.length, 18);
    lh.writeUInt32LE(size, 22);
    lh.writeUInt16LE(name.length, 26);
    lh.writeUInt16LE(0, 28);
    locals.push(lh, name, body);
    central(offset);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  const n = centrals.length / 2;
  eocd.writeUInt16LE(n, 8);
  eocd.writeUInt16LE(n, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}
