// Building a working directory into a deterministic .octx: STORED entries, manifest first, payload
// in UTF-8 byte order, fixed mode and DOS time (time-zone independent), read back and checked before rename.
import { basename, join } from 'node:path';
import { startProgress } from '../core/progress.js';
import { failWith, fail, type Diagnostic } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { FileSink } from '../core/file-sink.js';
import { ZipWriter } from '../core/zip-writer.js';
import { sha256Hex } from '../core/hash.js';
import { sortUtf8 } from '../core/paths.js';
import { isoSeconds, resolveEpoch } from '../core/time.js';
import { fileChunks, type Tree } from '../core/tree.js';
import { ReadAhead } from '../core/read-ahead.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import { checkPackage } from './package.js';
import { MANIFEST } from './manifest.js';
import { openOctx } from './archive.js';
import type { ZipTree } from '../core/zip-tree.js';
import { stringifyManifest } from './serialize.js';
import { packageDigest } from './digest.js';

/** "SAG Technical Research" → "sag-technical-research". */
export function slug(name: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s || 'package';
}

/** One payload file: its archive path and size, and how to get its bytes. */
export interface ArchiveSource {
  path: string;
  size: number;
  /** The SHA-256 the file was validated with: bytes read again for the write must still have it. */
  sha256?: string;
  /** Small files: the bytes, with their SHA-256 and CRC-32 when already known (validated bytes kept, or read ahead). */
  read: () => Promise<{ bytes: Buffer; sha256?: string; crc32?: number }>;
  /** Large files: the bytes in blocks, afresh on each call (called more than once). */
  chunks?: () => AsyncIterable<Buffer>;
  /** Large files: their CRC-32 when validation computed it (saves a read; the copy is checked against it). */
  crc32?: number;
}

/**
 * Writes the archive for a manifest and its (sorted) payload to `outPath` and returns the SHA-256
 * and size of what was written: manifest first (no ZIP64 field), then each payload entry with
 * ZIP64 information (notes-octx.md). One file is in memory at a time.
 */
export async function writeOctxArchive(outPath: string, manifestBytes: Buffer, files: ArchiveSource[]): Promise<{ sha256: string; size: number; durable: Promise<void> }> {
  const sink = new FileSink(outPath, 0o644);
  try {
    const zip = new ZipWriter(sink);
    const progress = startProgress(`writing ${basename(outPath).replace(/^\.(.*)\.ctxforge-tmp-.*$/, '$1')}`, files.length);
    zip.addBuffer(MANIFEST, manifestBytes, { zip64: false });
    // A file that changed since it was validated would make the manifest lie about the archive:
    // every byte read again is hashed on its way in and checked against the validated digest.
    const changed = (path: string, got: string, want: string) => fail('OCTX_FILE_DIGEST_MISMATCH',
      `${path} changed while the package was being built (SHA-256 ${got}, validated as ${want}); nothing was written`, { file: path, hint: 'build again once the working directory is not being edited' });
    for (const f of files) {
      if (f.chunks) {
        const got = await zip.addStream(f.path, f.size, f.chunks, { zip64: true }, f.crc32);
        if (f.sha256 && got !== f.sha256) changed(f.path, got, f.sha256);
      } else {
        const r = await f.read();
        if (f.sha256) {
          const got = r.sha256 ?? sha256Hex(r.bytes);
          if (got !== f.sha256) changed(f.path, got, f.sha256);
        }
        zip.addBuffer(f.path, r.bytes, { zip64: true }, r.crc32);
      }
      progress.tick(f.size);
    }
    zip.end();
    progress.done();
    return sink.finish();
  } finally {
    sink.close();
  }
}

/** Bytes of a tree file: in blocks when large, else kept from validation, read ahead, or read whole. */
function treeSource(tree: Tree, path: string, size: number, sha256: string, kept: Map<string, Buffer>, ahead: ReadAhead | undefined, crc: number | undefined): ArchiveSource {
  const read = async () => {
    const b = kept.get(path);
    if (b) {
      kept.delete(path);
      return { bytes: b, sha256 };
    }
    if (ahead) return ahead.take(path);
    return { bytes: await tree.read(path) };
  };
  return { path, size, sha256, read, ...(streamed(tree, size) ? { chunks: () => fileChunks(tree, path), crc32: crc } : {}) };
}
const STREAM_ABOVE = 4 * 1024 * 1024;
const KEEP_BYTES = 16 * 1024 * 1024;
// Files read again for the write go through a worker thread (read-ahead.ts) above this many.
const READ_AHEAD_ABOVE = 2000;
const streamed = (tree: Tree, size: number) => Boolean(tree.chunks) && size > STREAM_ABOVE;

/**
 * The written archive, opened again: the security checks of any opened archive, then its entries
 * against what was written: the same paths, each of the size written, and the manifest's bytes.
 * Each payload entry's bytes were checked against their validated digest on the way in, and the
 * documents were validated from the same bytes, so neither is read again.
 */
async function checkWritten(zipTree: ZipTree, manifestBytes: Buffer, files: { path: string; sha256: string }[], sizes: Map<string, number>): Promise<string[]> {
  const problems: string[] = [];
  const listed = await zipTree.list();
  const expected = new Map(files.map((f) => [f.path, sizes.get(f.path) ?? -1]));
  expected.set(MANIFEST, manifestBytes.length);
  if (listed.length !== expected.size) problems.push(`the archive holds ${listed.length} entries, ${expected.size} were written`);
  for (const e of listed) {
    const want = expected.get(e.path);
    if (want === undefined) problems.push(`unexpected entry ${e.path}`);
    else if (e.size !== want) problems.push(`${e.path} holds ${e.size} bytes, ${want} were written`);
  }
  if (!problems.length && !(await zipTree.read(MANIFEST)).equals(manifestBytes)) problems.push('the manifest entry does not hold the manifest written');
  return problems;
}

export async function buildOctx(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  // Small files validated a moment ago are written from memory instead of being read again, up to
  // a bound, so a large package still has one file in memory at a time.
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  const retain = (path: string, bytes: Buffer) => {
    if (bytes.length > STREAM_ABOVE || keptBytes + bytes.length > KEEP_BYTES) return;
    kept.set(path, bytes);
    keptBytes += bytes.length;
  };
  const crcs = new Map<string, number>();
  const report = await checkPackage(tree, { workdir: true, limits: opts.limits, retain, crcs });
  failWith(report.diagnostics, `${tree.label} is not a valid OCTX working directory`);
  const files = sortUtf8(report.files.map((f) => ({ path: f.path, sha256: f.sha256 })), (f) => f.path);
  const sizes = new Map((await tree.list()).map((e) => [e.path, e.size]));
  // What is read again whole, in write order: on another thread when it is many files, which
  // starts reading now, while the manifest is made.
  const again = files.filter((f) => !kept.has(f.path) && !streamed(tree, sizes.get(f.path) ?? 0)).map((f) => f.path);
  const handoff = again.length > READ_AHEAD_ABOVE ? tree.handoff?.(again) : undefined;
  const ahead = handoff ? new ReadAhead(handoff) : undefined;
  try {
    return await writeBuilt(tree, opts, report.manifest!, files, sizes, kept, ahead, crcs);
  } finally {
    ahead?.close();
  }
}

async function writeBuilt(
  tree: Tree, opts: BuildOptions, manifest: object, files: { path: string; sha256: string }[], sizes: Map<string, number>, kept: Map<string, Buffer>,
  ahead: ReadAhead | undefined, crcs: Map<string, number>,
): Promise<BuiltArtifact> {
  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, env: opts.env });
  const raw = structuredClone(manifest) as Record<string, unknown> & { release: Record<string, unknown> };
  raw.release.created_at = isoSeconds(epoch);
  delete raw.release.package_digest;
  raw.files = files;
  raw.release.package_digest = packageDigest(raw);
  const manifestBytes = Buffer.from(stringifyManifest(raw), 'utf8');
  const name = `${slug(String((raw.asset as { name: string }).name))}-${raw.release.version}.octx`;
  const outPath = join(opts.outDir, name);
  const diagnostics: Diagnostic[] = [];
  let written = { sha256: '', size: 0, durable: Promise.resolve() };
  await writeAtomic(outPath, async (tmp) => {
    written = await writeOctxArchive(tmp, manifestBytes, files.map((f) => treeSource(tree, f.path, sizes.get(f.path) ?? 0, f.sha256, kept, ahead, crcs.get(f.path))));
  }, {
    // The archive is read back while it is being made durable; it is renamed only after both.
    check: async (tmp) => {
      try {
        const opened = await openOctx({ label: name, path: tmp }, opts.limits);
        diagnostics.push(...opened.diagnostics);
        failWith(diagnostics, 'the built package does not open as a safe archive (nothing was written)');
        try {
          const problems = await checkWritten(opened.tree!, manifestBytes, files, sizes);
          if (problems.length) fail('CTXFORGE_INTERNAL', `the built archive does not hold what was written (nothing was written): ${problems.slice(0, 3).join('; ')}`);
        } finally {
          opened.tree!.close();
        }
      } finally {
        await written.durable;
      }
    },
  });
  const { sha256, size } = written;
  return { path: outPath, format: 'octx', sha256, size, name: String((raw.asset as { name: string }).name), version: String(raw.release.version) };
}
