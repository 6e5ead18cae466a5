// Building a working directory into a deterministic .octx: STORED entries, manifest first, payload
// in UTF-8 byte order, fixed mode and DOS time (time-zone independent), validated before rename.
import yazl from 'yazl';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { failWith, fail, type Diagnostic } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { sha256File } from '../core/hash.js';
import { sortUtf8 } from '../core/paths.js';
import { isoSeconds, resolveEpoch } from '../core/time.js';
import type { Tree } from '../core/tree.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import { checkPackage } from './package.js';
import { MANIFEST } from './manifest.js';
import { openOctx } from './archive.js';
import { stringifyManifest } from './serialize.js';
import { packageDigest } from './digest.js';

/** "SAG Technical Research" → "sag-technical-research". */
export function slug(name: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s || 'package';
}

// yazl takes DOS times from local-time getters; a local-constructor date gives the same DOS
// fields in every time zone.
const DOS_EPOCH = (): Date => new Date(1980, 0, 1, 0, 0, 0);
const ENTRY = { compress: false, forceZip64Format: true, forceDosTimestamp: true, mode: 0o100644 } as const;

/** Writes the archive for a manifest and its (sorted) payload to `outPath`. */
export async function writeOctxArchive(outPath: string, manifestBytes: Buffer, files: { path: string; read: () => Promise<Buffer> }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  const done = new Promise<void>((resolve, reject) => {
    const ws = createWriteStream(outPath, { flags: 'wx', mode: 0o644 });
    ws.on('error', reject);
    ws.on('close', () => resolve());
    zip.outputStream.on('error', reject);
    zip.outputStream.pipe(ws);
  });
  zip.addBuffer(manifestBytes, MANIFEST, { ...ENTRY, mtime: DOS_EPOCH(), forceZip64Format: false });
  for (const f of files) {
    zip.addBuffer(await f.read(), f.path, { ...ENTRY, mtime: DOS_EPOCH() });
  }
  zip.end();
  await done;
}

export async function buildOctx(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  const report = await checkPackage(tree, { workdir: true, limits: opts.limits });
  failWith(report.diagnostics, `${tree.label} is not a valid OCTX working directory`);
  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, env: opts.env });
  const raw = structuredClone(report.manifest!) as Record<string, unknown> & { release: Record<string, unknown> };
  raw.release.created_at = isoSeconds(epoch);
  delete raw.release.package_digest;
  const files = sortUtf8(report.files.map((f) => ({ path: f.path, sha256: f.sha256 })), (f) => f.path);
  raw.files = files;
  raw.release.package_digest = packageDigest(raw);
  const manifestBytes = Buffer.from(stringifyManifest(raw), 'utf8');
  const name = `${slug(String((raw.asset as { name: string }).name))}-${raw.release.version}.octx`;
  const outPath = join(opts.outDir, name);
  const diagnostics: Diagnostic[] = [];
  await writeAtomic(outPath, async (tmp) => {
    await writeOctxArchive(tmp, manifestBytes, files.map((f) => ({ path: f.path, read: () => tree.read(f.path) })));
  }, {
    check: async (tmp) => {
      const opened = await openOctx({ label: name, path: tmp }, opts.limits);
      diagnostics.push(...opened.diagnostics);
      if (opened.tree) {
        try {
          const r = await checkPackage(opened.tree, { workdir: false, limits: opts.limits });
          diagnostics.push(...r.diagnostics);
          if (r.package_digest !== raw.release.package_digest) fail('CTXFORGE_INTERNAL', 'the built package digest differs from the one written');
        } finally {
          opened.tree.close();
        }
      }
      failWith(diagnostics, 'the built package does not validate (nothing was written)');
    },
  });
  const { sha256, size } = await sha256File(outPath);
  return { path: outPath, format: 'octx', sha256, size, name: String((raw.asset as { name: string }).name), version: String(raw.release.version) };
}
