// Size of a git blob from its object header alone (loose object or pack entry), so a tree listing
// can report sizes without inflating any content. Returns undefined whenever it is unsure; callers
// then read the blob, which is always correct, just slower.
import { open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync, constants as zc } from 'node:zlib';

const HEAD_BYTES = 512;

async function readAt(path: string, position: number, length: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** Inflates as much of a truncated zlib stream as the bytes allow (a header needs only a few). */
function inflatePrefix(buf: Buffer): Buffer | undefined {
  try {
    return inflateSync(buf, { finishFlush: zc.Z_SYNC_FLUSH });
  } catch {
    return undefined;
  }
}

export interface PackLocation {
  pack: string;
  offset: number;
}

/** Offsets of every object in every pack of one repository, parsed from the v2 .idx files. */
export class PackIndex {
  private map: Map<string, PackLocation> | undefined;
  private loading: Promise<Map<string, PackLocation>> | undefined;
  constructor(private readonly gitdir: string) {}

  async locate(oid: string): Promise<PackLocation | undefined> {
    if (!this.map) {
      this.loading ??= this.load();
      this.map = await this.loading;
    }
    return this.map.get(oid);
  }

  private async load(): Promise<Map<string, PackLocation>> {
    const map = new Map<string, PackLocation>();
    const dir = join(this.gitdir, 'objects', 'pack');
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.idx')).sort()) {
      const idx = await readFile(join(dir, name));
      // Only version 2 indexes (git's default since 1.5.2) are parsed; others fall back to reads.
      if (idx.length < 8 + 1024 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) continue;
      const n = idx.readUInt32BE(8 + 255 * 4);
      const oids = 8 + 1024;
      const offsets = oids + n * 20 + n * 4;
      const large = offsets + n * 4;
      const pack = join(dir, name.replace(/\.idx$/, '.pack'));
      for (let i = 0; i < n; i++) {
        const oid = idx.toString('hex', oids + i * 20, oids + i * 20 + 20);
        let off = idx.readUInt32BE(offsets + i * 4);
        if (off & 0x80000000) off = Number(idx.readBigUInt64BE(large + (off & 0x7fffffff) * 8));
        if (!map.has(oid)) map.set(oid, { pack, offset: off });
      }
    }
    return map;
  }
}

function varint(buf: Buffer, pos: number): { value: number; next: number } | undefined {
  let value = 0;
  let mul = 1;
  for (let i = pos; i < buf.length; i++) {
    const c = buf[i]!;
    value += (c & 0x7f) * mul;
    mul *= 128;
    if (!(c & 0x80)) return { value, next: i + 1 };
  }
  return undefined;
}

/** A pack entry's header: object type (1–4 whole, 6/7 deltas), size, and where its data starts. */
export function packEntryHeader(head: Buffer): { type: number; size: number; dataStart: number } | undefined {
  let i = 0;
  let c = head[i++];
  if (c === undefined) return undefined;
  const type = (c >> 4) & 7;
  let size = c & 15;
  let mul = 16;
  while (c & 0x80) {
    c = head[i++];
    if (c === undefined) return undefined;
    size += (c & 0x7f) * mul;
    mul *= 128;
  }
  return { type, size, dataStart: i };
}

async function packedSize(loc: PackLocation): Promise<number | undefined> {
  const head = await readAt(loc.pack, loc.offset, HEAD_BYTES);
  const h = packEntryHeader(head);
  if (!h) return undefined;
  const { type, size } = h;
  let i = h.dataStart;
  if (type >= 1 && type <= 4) return size;
  if (type === 6) {
    // OFS_DELTA: skip the negative base offset (its own varint flavour; only its length matters here).
    while (i < head.length && head[i]! & 0x80) i++;
    i++;
  } else if (type === 7) {
    i += 20;
  } else {
    return undefined;
  }
  if (i >= head.length) return undefined;
  const delta = inflatePrefix(head.subarray(i));
  if (!delta) return undefined;
  // A delta starts with the base size, then the size of the object it produces.
  const base = varint(delta, 0);
  const target = base && varint(delta, base.next);
  return target?.value;
}

async function looseSize(gitdir: string, oid: string): Promise<number | undefined> {
  const head = await readAt(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2)), 0, HEAD_BYTES).catch(() => undefined);
  if (!head || head.length === 0) return undefined;
  const text = inflatePrefix(head)?.toString('latin1');
  const m = text ? /^(?:blob|tree|commit|tag) (\d+)\0/.exec(text) : null;
  return m ? Number(m[1]) : undefined;
}

/** Size of the object `oid` from its header, or undefined when it cannot be told cheaply. */
export async function objectSize(gitdir: string, packs: PackIndex, oid: string): Promise<number | undefined> {
  const loose = await looseSize(gitdir, oid);
  if (loose !== undefined) return loose;
  const loc = await packs.locate(oid).catch(() => undefined);
  return loc ? packedSize(loc).catch(() => undefined) : undefined;
}
