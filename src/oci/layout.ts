// The OCI image layout on disk (image-spec §image-layout): `oci-layout`, `index.json` and
// `blobs/sha256/<hex>`, as a target and a source, for moving packages where no registry reaches
// (air-gapped transfer: `ctxforge push pkg oci-layout:DIR:1.0`, carry DIR, `ctxforge install
// oci-layout:DIR:1.0`). Tags are index.json entries with `org.opencontainers.image.ref.name`; a
// layout has no Referrers API, so referrers use the fallback tag as a registry without one does.
// A layout is read like any untrusted input: blobs are checked against their digest on the way out,
// and nothing is written through a symbolic link.
import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { refuseSymlinks, writeFileAtomic } from '../core/atomic.js';
import { sweepOnce, tempPathFor } from '../core/stale-temps.js';
import { sha256File } from '../core/hash.js';
import { type Descriptor, indexBytes, parseIndex, MAX_MANIFEST_BYTES } from './manifest.js';
import { OciError } from './client.js';

const REF_NAME = 'org.opencontainers.image.ref.name';
const LAYOUT_FILE = Buffer.from('{"imageLayoutVersion":"1.0.0"}');

export class LayoutStore {
  readonly dir: string;
  constructor(dir: string, cwd: string) { this.dir = resolve(cwd, dir); }
  get where(): string { return `oci-layout:${this.dir}`; }
  private blobPath(digest: string): string { return join(this.dir, 'blobs', 'sha256', digest.slice('sha256:'.length)); }

  /** Opens a file of the layout for reading, never through a link. */
  private async openRegular(path: string): Promise<import('node:fs/promises').FileHandle | undefined> {
    refuseSymlinks(path, this.dir);
    let fh;
    try { fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW); } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      throw new OciError('CTXFORGE_OCI_LAYOUT', `${path} cannot be read (${code === 'ELOOP' ? 'a symbolic link' : code})`, this.where);
    }
    if (!(await fh.stat()).isFile()) { await fh.close(); throw new OciError('CTXFORGE_OCI_LAYOUT', `${path} is not a regular file`, this.where); }
    return fh;
  }

  private async readSmall(path: string, max: number): Promise<Buffer | undefined> {
    const fh = await this.openRegular(path);
    if (!fh) return undefined;
    try {
      if ((await fh.stat()).size > max) throw new OciError('CTXFORGE_OCI_MANIFEST', `${path} is larger than ${max} bytes`, this.where, undefined, 1);
      return await fh.readFile();
    } finally { await fh.close(); }
  }

  private async index(): Promise<Descriptor[]> {
    const b = await this.readSmall(join(this.dir, 'index.json'), MAX_MANIFEST_BYTES);
    return b ? parseIndex(b, join(this.dir, 'index.json')).manifests : [];
  }

  private async ensure(): Promise<void> {
    const st = await lstat(this.dir).catch(() => undefined);
    if (st && !st.isDirectory()) throw new OciError('CTXFORGE_OCI_LAYOUT', `${this.dir} is not a folder`, this.where);
    refuseSymlinks(join(this.dir, 'blobs', 'sha256', 'x'), this.dir);
    await mkdir(join(this.dir, 'blobs', 'sha256'), { recursive: true });
    const have = await this.readSmall(join(this.dir, 'oci-layout'), 4096);
    if (!have) await writeFileAtomic(join(this.dir, 'oci-layout'), LAYOUT_FILE, 0o644, this.dir);
  }

  async hasBlob(digest: string): Promise<boolean> {
    const st = await lstat(this.blobPath(digest)).catch(() => undefined);
    return !!st?.isFile();
  }

  async pushBlob(digest: string, _size: number, src: { file: string } | { bytes: Buffer }): Promise<'exists' | 'uploaded'> {
    await this.ensure();
    if (await this.hasBlob(digest)) return 'exists';
    const target = this.blobPath(digest);
    refuseSymlinks(target, this.dir);
    // ctxforge's own temp name, so a copy a killed push left is removed by a later run (core/stale-temps).
    const tmp = tempPathFor(target);
    sweepOnce(dirname(target));
    try {
      if ('bytes' in src) await writeFileAtomic(target, src.bytes, 0o644, this.dir);
      else {
        // The copy is what the layout keeps: it must hash to the name it gets (the file may have changed since it was hashed).
        await copyFile(src.file, tmp, constants.COPYFILE_EXCL);
        const { sha256 } = await sha256File(tmp);
        if (`sha256:${sha256}` !== digest) throw new OciError('CTXFORGE_OCI_DIGEST', `${src.file} changed while it was pushed (now sha256:${sha256}, not ${digest})`, this.where, undefined, 1);
        await rename(tmp, target);
      }
    } finally { await rm(tmp, { force: true }); }
    return 'uploaded';
  }

  async getBlob(digest: string, size: number, dest: string): Promise<void> {
    const fh = await this.openRegular(this.blobPath(digest));
    if (!fh) throw new OciError('CTXFORGE_OCI_NOT_FOUND', `${this.where}: no blob ${digest}`, this.where);
    const h = createHash('sha256');
    let n = 0;
    try {
      await pipeline(fh.createReadStream({ autoClose: false }), new Transform({
        transform(c: Buffer, _e, cb) { n += c.length; h.update(c); cb(n > size ? new Error('larger than its descriptor says') : null, c); },
      }), createWriteStream(dest, { flags: 'wx', mode: 0o600 }));
    } catch (e) {
      throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: blob ${digest}: ${(e as Error).message}; nothing was installed`, this.where, undefined, 1);
    } finally { await fh.close(); }
    const got = `sha256:${h.digest('hex')}`;
    if (got !== digest || n !== size) throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: blob ${digest} holds ${n} bytes with digest ${got}; nothing was installed`, this.where, undefined, 1);
  }

  async getBlobBytes(digest: string, size: number, max: number): Promise<Buffer> {
    const b = await this.readSmall(this.blobPath(digest), Math.min(size, max));
    if (!b) throw new OciError('CTXFORGE_OCI_NOT_FOUND', `${this.where}: no blob ${digest}`, this.where);
    if (`sha256:${createHash('sha256').update(b).digest('hex')}` !== digest) throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: blob ${digest} does not have that digest; nothing was installed`, this.where, undefined, 1);
    return b;
  }

  async putManifest(reference: string, bytes: Buffer, mediaType: string, extra?: Partial<Descriptor>): Promise<{ subject?: string }> {
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    await this.pushBlob(digest, bytes.length, { bytes });
    if (reference.startsWith('sha256:')) return {};
    const entries = (await this.index()).filter((d) => d.annotations?.[REF_NAME] !== reference);
    entries.push({ mediaType, digest, size: bytes.length, ...(extra?.artifactType ? { artifactType: extra.artifactType } : {}), annotations: { [REF_NAME]: reference } });
    entries.sort((a, b) => (a.annotations?.[REF_NAME] ?? '').localeCompare(b.annotations?.[REF_NAME] ?? '') || a.digest.localeCompare(b.digest));
    await writeFileAtomic(join(this.dir, 'index.json'), indexBytes(entries), 0o644, this.dir);
    return {};
  }

  async getManifest(reference: string): Promise<{ bytes: Buffer; mediaType: string } | undefined> {
    let desc: Descriptor | undefined;
    if (reference.startsWith('sha256:')) {
      const bytes = await this.readSmall(this.blobPath(reference), MAX_MANIFEST_BYTES);
      if (!bytes) return undefined;
      if (`sha256:${createHash('sha256').update(bytes).digest('hex')}` !== reference) throw new OciError('CTXFORGE_OCI_DIGEST', `${this.where}: manifest ${reference} does not have that digest`, this.where, undefined, 1);
      const mt = /"mediaType"\s*:\s*"([^"]{1,255})"/.exec(bytes.subarray(0, 4096).toString('utf8'))?.[1] ?? '';
      return { bytes, mediaType: mt };
    }
    desc = (await this.index()).find((d) => d.annotations?.[REF_NAME] === reference);
    if (!desc) return undefined;
    const bytes = await this.getBlobBytes(desc.digest, desc.size, MAX_MANIFEST_BYTES);
    return { bytes, mediaType: desc.mediaType };
  }

  async referrersApi(_digest: string): Promise<Buffer | undefined> { return undefined; }

  async listTags(): Promise<string[]> {
    return (await this.index()).map((d) => d.annotations?.[REF_NAME]).filter((t): t is string => typeof t === 'string');
  }

  /** For tests and skopeo: the raw bytes of a blob. */
  blobFile(digest: string): string { return this.blobPath(digest); }
}

