// sqlar blobs and names: writing (stored, or stock zlib with --compress), reading all three forms
// (stored, zlib RFC 1950, raw Deflate RFC 1951) under an inflation cap, and the name rules.
import { deflateSync, inflateSync, inflateRawSync } from 'node:zlib';
import { WINDOWS_DEVICE_NAME } from '../core/paths.js';

export const MODE_REGULAR = 0o100644;

export interface EncodedBlob {
  sz: number;
  data: Buffer;
}

/** Stored unless `compress` and zlib is strictly smaller (the sqlar convention: sz == length(data) means stored). */
export function encodeBlob(raw: Buffer, compress: boolean): EncodedBlob {
  if (compress && raw.length > 0) {
    const z = deflateSync(raw, { level: 9 });
    if (z.length < raw.length) return { sz: raw.length, data: z };
  }
  return { sz: raw.length, data: raw };
}

export type BlobForm = 'stored' | 'zlib' | 'deflate';

export class BlobError extends Error {}

/** Decodes one sqlar blob; the result always has exactly `sz` bytes, or BlobError. */
export function decodeBlob(sz: unknown, data: unknown, maxBytes: number): { raw: Buffer; form: BlobForm } {
  if (data === null || data === undefined) {
    if (sz === 0 || sz === null) return { raw: Buffer.alloc(0), form: 'stored' };
    throw new BlobError('data is NULL');
  }
  const buf = Buffer.isBuffer(data) ? data : typeof data === 'string' ? Buffer.from(data, 'utf8') : null;
  if (!buf) throw new BlobError('data is not a BLOB');
  if (typeof sz !== 'number' || !Number.isInteger(sz) || sz < 0) throw new BlobError(`sz ${String(sz)} is not a byte count`);
  if (sz === buf.length) return { raw: buf, form: 'stored' };
  if (sz > maxBytes) throw new BlobError(`sz ${sz} is over the inflation limit of ${maxBytes} bytes`);
  if (sz < buf.length) throw new BlobError(`sz ${sz} is smaller than the stored ${buf.length} bytes`);
  const isZlib = buf.length >= 2 && (buf[0]! & 0x0f) === 8 && (buf[0]! >> 4) <= 7 && ((buf[0]! << 8) | buf[1]!) % 31 === 0;
  const attempts: Array<[BlobForm, (b: Buffer) => Buffer]> = isZlib
    ? [['zlib', (b) => inflateSync(b, { maxOutputLength: sz + 1 })], ['deflate', (b) => inflateRawSync(b, { maxOutputLength: sz + 1 })]]
    : [['deflate', (b) => inflateRawSync(b, { maxOutputLength: sz + 1 })]];
  let last = '';
  for (const [form, f] of attempts) {
    try {
      const raw = f(buf);
      if (raw.length !== sz) { last = `inflates to ${raw.length} bytes, sz says ${sz}`; continue; }
      return { raw, form };
    } catch (e) {
      last = (e as Error).message.includes('maxOutputLength') || (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
        ? `inflates to more than sz (${sz}) bytes` : 'is neither zlib nor raw Deflate data';
    }
  }
  throw new BlobError(`blob ${last}`);
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Why `name` may not be a sqlar name (container §3.2), or null. */
export function sqlarNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'name is not TEXT';
  if (name.length === 0) return 'empty name';
  if (name.includes('\0')) return 'name contains NUL';
  if (name.includes('\\')) return 'name contains a backslash';
  if (name.startsWith('/')) return 'absolute path';
  if (!/^[\x21-\x7e]+$/.test(name)) return 'name is not printable ASCII';
  const segs = name.split('/');
  if (segs.length < 2) return 'name needs at least two segments (zone/path)';
  if (segs[0] !== 'rom' && segs[0] !== 'save') return 'name must start with rom/ or save/';
  for (const s of segs) {
    if (s === '') return 'empty path segment';
    if (s === '.' || s === '..') return `"${s}" path segment`;
    if (!SEGMENT.test(s)) return `segment ${JSON.stringify(s)} is not [A-Za-z0-9][A-Za-z0-9._-]{0,127}`;
    if (s.endsWith('.')) return `segment ${JSON.stringify(s)} ends with a dot`;
    if (WINDOWS_DEVICE_NAME.test(s)) return `segment ${JSON.stringify(s)} is a Windows device name`;
  }
  return null;
}

export function zoneOfName(name: string): 'rom' | 'save' | null {
  if (name.startsWith('rom/')) return 'rom';
  if (name.startsWith('save/')) return 'save';
  return null;
}

/** Why `mode` is not a plain file mode, or null. NULL and a bare permission word (upstream writes 420) pass. */
export function sqlarModeProblem(mode: unknown): string | null {
  if (mode === null || mode === undefined) return null;
  if (typeof mode !== 'number' || !Number.isInteger(mode) || mode < 0) return `mode ${String(mode)} is not an integer`;
  const type = mode & 0o170000;
  if (type !== 0 && type !== 0o100000) {
    const what = type === 0o040000 ? 'a directory' : type === 0o120000 ? 'a symlink' : 'a special file';
    return `entry is ${what} (mode ${mode.toString(8)})`;
  }
  if (mode & 0o7000) return `mode ${mode.toString(8)} sets setuid/setgid/sticky bits`;
  return null;
}
