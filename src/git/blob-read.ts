// Whole blobs read with zlib instead of isomorphic-git, when that is simple: a loose object, or a
// packed object stored whole (not as a delta). isomorphic-git inflates with pure-JS pako, which
// dominated diffs of changed record files (issue 7). Every blob read here is checked against its
// object id (SHA-1 of "blob <size>\0" + bytes), so any doubt returns undefined and the caller falls
// back to isomorphic-git, which is always right, just slower.
import { open, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { packEntryHeader, type PackIndex } from './object-size.js';
import { gitBlobId } from './blob-id.js';

/** Larger blobs take the library path (which applies its own limits). */
const MAX_DIRECT = 512 * 1024 * 1024;

function checked(oid: string, content: Buffer): Buffer | undefined {
  return gitBlobId(content) === oid ? content : undefined;
}

async function loose(gitdir: string, oid: string): Promise<Buffer | undefined> {
  const raw = await readFile(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2))).catch(() => undefined);
  if (!raw) return undefined;
  const all = inflateSync(raw, { maxOutputLength: MAX_DIRECT + 64 });
  const nul = all.indexOf(0);
  const m = nul > 0 ? /^blob (\d+)$/.exec(all.toString('latin1', 0, nul)) : null;
  if (!m || Number(m[1]) !== all.length - nul - 1) return undefined;
  return checked(oid, all.subarray(nul + 1));
}

async function packed(packs: PackIndex, oid: string): Promise<Buffer | undefined> {
  const loc = await packs.locate(oid);
  if (!loc) return undefined;
  const fh = await open(loc.pack, 'r');
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await fh.read(head, 0, 16, loc.offset);
    const h = packEntryHeader(head.subarray(0, bytesRead));
    // 3 = a whole blob; deltas (6, 7) and anything else go to the library.
    if (!h || h.type !== 3 || h.size > MAX_DIRECT) return undefined;
    const packSize = (await stat(loc.pack)).size;
    // Deflate never grows data by more than a few bytes per 16 KiB block.
    const window = Math.min(packSize - loc.offset - h.dataStart, h.size + (h.size >> 10) + 1024);
    const data = Buffer.alloc(window);
    await fh.read(data, 0, window, loc.offset + h.dataStart);
    const content = inflateSync(data, { maxOutputLength: h.size + 1 });
    return content.length === h.size ? checked(oid, content) : undefined;
  } finally {
    await fh.close();
  }
}

/** The blob's bytes, or undefined when they are not simply readable here. */
export async function readBlobDirect(gitdir: string, packs: PackIndex, oid: string): Promise<Buffer | undefined> {
  try {
    return (await loose(gitdir, oid)) ?? (await packed(packs, oid));
  } catch {
    return undefined;
  }
}
