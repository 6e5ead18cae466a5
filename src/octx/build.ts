// Building a working directory into a deterministic .octx: STORED entries, manifest first, payload
// in UTF-8 byte order, fixed mode and DOS time (time-zone independent). The archive is laid out as
// soon as the payload is listed and each file is written into place from the very bytes that were
// validated (core/zip-placement.ts), so a build reads every file once; then it is read back and
// checked before rename.
import { basename, join } from 'node:path';
import { failWith, fail, type Diagnostic } from '../core/diagnostics.js';
import { asIoError, TempOutput } from '../core/atomic.js';
import { ZipPlacement } from '../core/zip-placement.js';
import { sortUtf8 } from '../core/paths.js';
import { isoSeconds, resolveEpoch } from '../core/time.js';
import type { Tree } from '../core/tree.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import type { Limits } from '../core/limits.js';
import { checkPackage } from './package.js';
import { MANIFEST, type Manifest } from './manifest.js';
import { openOctx } from './archive.js';
import type { ZipTree } from '../core/zip-tree.js';
import { stringifyManifest } from './serialize.js';
import { packageDigest } from './digest.js';
import { scanSecretBytes, scanSecretName } from '../core/secrets.js';

/** "SAG Technical Research" → "sag-technical-research". */
export function slug(name: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s || 'package';
}

/**
 * The built manifest: the working directory's, with the build time, the payload's digests and the
 * package digest. Its length does not depend on the digests (fixed-length hex), so it is known
 * before any file is read (builtManifestLength).
 */
function builtManifest(manifest: Manifest, epoch: number, files: readonly { path: string; sha256: string }[], placeholder = false): { raw: Record<string, unknown> & { release: Record<string, unknown>; asset: { name: unknown } }; bytes: Buffer } {
  const raw = structuredClone(manifest) as unknown as Record<string, unknown> & { release: Record<string, unknown>; asset: { name: unknown } };
  raw.release.created_at = isoSeconds(epoch);
  delete raw.release.package_digest;
  raw.files = files;
  raw.release.package_digest = placeholder ? `sha256:${ZERO_DIGEST}` : packageDigest(raw);
  return { raw, bytes: Buffer.from(stringifyManifest(raw), 'utf8') };
}

const ZERO_DIGEST = '0'.repeat(64);
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The byte length of the built manifest for these payload paths, without rendering 50 000 entries
 * before the first file is read: JSON.stringify renders each files[] element on its own, so the text
 * grows by a fixed amount per file, measured on one and two, plus each path's own JSON.
 */
export function builtManifestLength(manifest: Manifest, epoch: number, paths: readonly string[]): number {
  const withEmpty = (n: number) => builtManifest(manifest, epoch, Array.from({ length: n }, () => ({ path: '', sha256: ZERO_DIGEST })), true).bytes.length;
  if (!paths.length) return withEmpty(0);
  const one = withEmpty(1);
  let n = one + (paths.length - 1) * (withEmpty(2) - one);
  // A path with nothing JSON escapes is its own bytes between quotes.
  for (const p of paths) n += NEEDS_ESCAPE.test(p) ? Buffer.byteLength(JSON.stringify(p), 'utf8') - 2 : Buffer.byteLength(p, 'utf8');
  return n;
}

const artifactName = (m: { asset?: { name?: unknown }; release?: { version?: unknown } }) => `${slug(String(m.asset?.name))}-${m.release?.version}.octx`;

/**
 * The written archive, opened again: the security checks of any opened archive, then its entries
 * against what was laid out: the same paths, each of the size written, and the manifest's bytes.
 * The data of every entry was checked against its CRC-32 when the archive was read back.
 */
async function checkWritten(zipTree: ZipTree, manifestBytes: Buffer, placement: ZipPlacement): Promise<string[]> {
  const problems: string[] = [];
  const listed = await zipTree.list();
  const entries = placement.layout.entries;
  if (listed.length !== entries.length) problems.push(`the archive holds ${listed.length} entries, ${entries.length} were written`);
  for (const e of listed) {
    const i = placement.layout.indexOf(e.path);
    if (i === undefined) problems.push(`unexpected entry ${e.path}`);
    else if (e.size !== entries[i]!.size) problems.push(`${e.path} holds ${e.size} bytes, ${entries[i]!.size} were written`);
  }
  if (!problems.length && !(await zipTree.read(MANIFEST)).equals(manifestBytes)) problems.push('the manifest entry does not hold the manifest written');
  return problems;
}

export async function buildOctx(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, sourceTime: opts.sourceTime, env: opts.env });
  let temp: TempOutput | undefined;
  let placement: ZipPlacement | undefined;
  // Every entry that ships is scanned for secrets from the very bytes that are hashed and written,
  // on the thread that read them; only a build that allows secrets and has no one to tell of them
  // (a reproducibility check) skips the scan.
  const scan = opts.allowSecrets && !opts.warnings ? undefined : { allow: !!opts.allowSecrets };
  try {
    const report = await checkPackage(tree, {
      workdir: true,
      limits: opts.limits,
      ...(scan ? { secrets: scan } : {}),
      // The archive's layout, once the payload is listed: the manifest first (no ZIP64 field),
      // then each payload file in UTF-8 byte order with ZIP64 information (notes-octx.md).
      place: (manifest, files) => {
        if (typeof manifest.release !== 'object' || manifest.release === null) return undefined; // invalid: reported by the checks
        const order = sortUtf8(files.map((_, i) => i), (i) => files[i]!.path);
        const sorted = order.map((i) => files[i]!);
        const manifestSize = builtManifestLength(manifest, epoch, sorted.map((f) => f.path));
        temp = new TempOutput(join(opts.outDir, artifactName(manifest)));
        placement = new ZipPlacement(temp.fd, temp.path, [{ path: MANIFEST, size: manifestSize, zip64: false }, ...sorted.map((f) => ({ path: f.path, size: f.size, zip64: true }))]);
        // The manifest is entry 0; payload file order[k] is entry k + 1.
        const entryOf = new Int32Array(files.length);
        order.forEach((i, k) => { entryOf[i] = k + 1; });
        placement.prepareVerify();
        return { archive: placement, entryOf };
      },
    });
    failWith(report.diagnostics, `${tree.label} is not a valid OCTX working directory`);
    if (!temp || !placement) fail('CTXFORGE_INTERNAL', 'the archive was not laid out (nothing was written)');
    const secrets = new Map<string, Diagnostic[]>();
    if (scan) report.files.forEach((f, i) => secrets.set(f.path, report.secrets?.[i] ?? []));
    return await finishBuilt(report.manifest!, epoch, sortUtf8(report.files.map((f) => ({ path: f.path, sha256: f.sha256 })), (f) => f.path), temp, placement, opts, scan && secrets);
  } catch (e) {
    placement?.close();
    temp?.discard();
    throw temp ? asIoError(e, temp.target) : e;
  }
}

/**
 * Secrets in what ships, as the archive lists its entries: each entry's name, then its content (the
 * payload's as scanned while it was read and written, the built manifest's here). A manifest
 * finding's line is in the built manifest.
 */
function shippedSecrets(paths: string[], manifestBytes: Buffer, payload: ReadonlyMap<string, Diagnostic[]>, allow: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const p of sortUtf8(paths, (x) => x)) {
    out.push(...scanSecretName(p, allow));
    out.push(...(p === MANIFEST ? scanSecretBytes(manifestBytes, p, p, allow) : payload.get(p) ?? []));
  }
  return out;
}

async function finishBuilt(manifest: Manifest, epoch: number, files: { path: string; sha256: string }[], temp: TempOutput, placement: ZipPlacement, opts: BuildOptions, scanned: ReadonlyMap<string, Diagnostic[]> | undefined): Promise<BuiltArtifact> {
  const limits: Partial<Limits> | undefined = opts.limits;
  const { raw, bytes: manifestBytes } = builtManifest(manifest, epoch, files);
  if (placement.writeError) throw placement.writeError;
  // A file not written changed between the listing and its read (its size is not the listed one),
  // or, for a record file copied on the worker, between its check and its copy.
  const left = placement.unwritten().filter((p) => p !== MANIFEST);
  if (left.length) {
    fail('OCTX_FILE_DIGEST_MISMATCH', `${left[0]} changed while the package was being built${left.length > 1 ? ` (and ${left.length - 1} more)` : ''}; nothing was written`,
      { file: left[0], hint: 'build again once the working directory is not being edited' });
  }
  if (!placement.put(0, manifestBytes)) fail('CTXFORGE_INTERNAL', 'the built manifest is not the length it was laid out with (nothing was written)');
  const size = placement.finish();
  const name = basename(temp.target);
  // Read back (on another thread when large) while it is opened again here and made durable; it is
  // renamed only after all three.
  const reading = placement.verify(size);
  reading.catch(() => undefined);
  const durable = temp.durable();
  durable.catch(() => undefined);
  const diagnostics: Diagnostic[] = [];
  const opened = await openOctx({ label: name, path: temp.path }, limits);
  diagnostics.push(...opened.diagnostics);
  try {
    failWith(diagnostics, 'the built package does not open as a safe archive (nothing was written)');
    const problems = await checkWritten(opened.tree!, manifestBytes, placement);
    if (problems.length) fail('CTXFORGE_INTERNAL', `the built archive does not hold what was written (nothing was written): ${problems.slice(0, 3).join('; ')}`);
    // Every entry that ships (manifest, documents, records, extension files) was scanned from the
    // bytes written into it, which the archive was just checked to hold; a finding discards it.
    if (scanned) {
      const secrets = shippedSecrets(placement.layout.entries.map((_, i) => placement.layout.name(i).toString('utf8')), manifestBytes, scanned, !!opts.allowSecrets);
      failWith(secrets, 'the package holds credentials (nothing was written)');
      opts.warnings?.push(...secrets);
    }
  } finally {
    opened.tree?.close();
    await Promise.allSettled([reading, durable]);
  }
  let verified: { sha256: string; size: number };
  try {
    verified = await reading;
  } catch (e) {
    fail('CTXFORGE_INTERNAL', `the built archive does not hold what was written (nothing was written): ${(e as Error).message}`);
  }
  await durable;
  await temp.commit();
  return { path: temp.target, format: 'octx', sha256: verified.sha256, size: verified.size, name: String(raw.asset.name), version: String(raw.release.version) };
}
