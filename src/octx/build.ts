// Building a working directory into a deterministic .octx: STORED entries, manifest first, payload
// in UTF-8 byte order, fixed mode and DOS time (time-zone independent). The archive is laid out as
// soon as the payload is listed and each file is written into place from the very bytes that were
// validated (core/zip-placement.ts), so a build reads every file once; then it is read back and
// checked before rename.
import { join } from 'node:path';
import { error, failWith, fail, type Diagnostic } from '../core/diagnostics.js';
import { asIoError, TempOutput } from '../core/atomic.js';
import { ZipPlacement } from '../core/zip-placement.js';
import type { ZipLayout } from '../core/zip-layout.js';
import { sortUtf8 } from '../core/paths.js';
import { isoSeconds, resolveEpoch } from '../core/time.js';
import type { Tree } from '../core/tree.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import type { Limits } from '../core/limits.js';
import { checkPackage, type OctxReport } from './package.js';
import { MANIFEST, type Manifest } from './manifest.js';
import { layoutProblems } from '../core/zip-tree.js';
import { readBlocks } from '../core/tree.js';
import { createHash } from 'node:crypto';
import { SecretStream } from '../core/secret-stream.js';
import { stringifyManifest } from './serialize.js';
import { packageDigest, packageDigestListed, type ListedFiles } from './digest.js';
import { nameMayHoldSecret, scanSecretName } from '../core/secrets.js';

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
function builtManifest(manifest: Manifest, epoch: number, files: readonly { path: string; sha256: string }[], digest?: string, placeholder = false): { raw: Record<string, unknown> & { release: Record<string, unknown>; asset: { name: unknown } }; bytes: Buffer } {
  const raw = structuredClone(manifest) as unknown as Record<string, unknown> & { release: Record<string, unknown>; asset: { name: unknown } };
  raw.release = builtRelease(raw.release, epoch);
  raw.files = files;
  raw.release.package_digest = placeholder ? `sha256:${ZERO_DIGEST}` : digest ?? packageDigest(raw);
  return { raw, bytes: Buffer.from(stringifyManifest(raw), 'utf8') };
}

/**
 * The built manifest in pieces of about `piece` characters, each a whole number of characters (no
 * surrogate pair cut): builtManifest's text, byte for byte, with files[] rendered one entry at a time
 * from `files` (in UTF-8 order of path) instead of a list of objects and one 15 MB text at 100 000
 * files (issue 39). The manifest without files[] is rendered as builtManifest renders it, a marker
 * standing for the list, whose rendering JSON.stringify(…, null, 2) fixes (a top-level member's array
 * of two-member objects).
 */
export function* builtManifestPieces(manifest: Manifest, epoch: number, files: ListedFiles, digest: string, piece = 64 * 1024): Generator<string> {
  const raw = structuredClone(manifest) as unknown as Record<string, unknown> & { release: Record<string, unknown> };
  raw.release = builtRelease(raw.release, epoch);
  raw.files = FILES_MARK;
  raw.release.package_digest = digest;
  const text = stringifyManifest(raw);
  const mark = JSON.stringify(FILES_MARK);
  const at = text.indexOf(mark);
  if (at < 0 || text.indexOf(mark, at + 1) >= 0) {
    // The marker spelled in the manifest itself: rendered whole, as before.
    const list = Array.from({ length: files.count }, (_, k) => ({ path: files.path(k), sha256: files.sha256(k) }));
    yield builtManifest(manifest, epoch, list, digest).bytes.toString('utf8');
    return;
  }
  let out = text.slice(0, at);
  if (!files.count) out += '[]';
  else {
    out += '[\n';
    for (let k = 0; k < files.count; k++) {
      out += `${k ? ',\n' : ''}    {\n      "path": ${JSON.stringify(files.path(k))},\n      "sha256": ${JSON.stringify(files.sha256(k))}\n    }`;
      if (out.length >= piece) { yield out; out = ''; }
    }
    out += '\n  ]';
  }
  yield out + text.slice(at + mark.length);
}

// Stands for files[] where the built manifest is rendered without it (a string no manifest member
// holds: a second one refuses the pieces).
const FILES_MARK = '\u0000ctxforge:files\u0000';

/** The release block a build writes, before its package digest: the build time set, any digest dropped. */
function builtRelease(release: Record<string, unknown>, epoch: number): Record<string, unknown> {
  const out: Record<string, unknown> = { ...release, created_at: isoSeconds(epoch) };
  delete out.package_digest;
  return out;
}

/**
 * The manifest builtManifest writes, as far as the package digest reads it (which leaves out
 * release.package_digest and sorts files[]): the checks compute the digest of this one, once.
 */
function asBuilt(epoch: number): (m: Record<string, unknown>) => Record<string, unknown> {
  return (m) => ({ ...m, release: builtRelease(m.release as Record<string, unknown>, epoch) });
}

const ZERO_DIGEST = '0'.repeat(64);
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * The byte length of the built manifest for these payload paths, without rendering 50 000 entries
 * before the first file is read: JSON.stringify renders each files[] element on its own, so the text
 * grows by a fixed amount per file, measured on one and two, plus each path's own JSON.
 */
export function builtManifestLength(manifest: Manifest, epoch: number, paths: readonly string[] | { readonly length: number; path(k: number): string }): number {
  const withEmpty = (n: number) => builtManifest(manifest, epoch, Array.from({ length: n }, () => ({ path: '', sha256: ZERO_DIGEST })), undefined, true).bytes.length;
  if (!paths.length) return withEmpty(0);
  const one = withEmpty(1);
  let n = one + (paths.length - 1) * (withEmpty(2) - one);
  // A path with nothing JSON escapes is its own bytes between quotes.
  const pathAt = Array.isArray(paths) ? (k: number) => (paths as readonly string[])[k]! : (k: number) => (paths as { path(k: number): string }).path(k);
  for (let k = 0; k < paths.length; k++) {
    const p = pathAt(k);
    n += NEEDS_ESCAPE.test(p) ? Buffer.byteLength(JSON.stringify(p), 'utf8') - 2 : Buffer.byteLength(p, 'utf8');
  }
  return n;
}

const artifactName = (m: { asset?: { name?: unknown }; release?: { version?: unknown } }) => `${slug(String(m.asset?.name))}-${m.release?.version}.octx`;

export async function buildOctx(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, sourceTime: opts.sourceTime, env: opts.env });
  let temp: TempOutput | undefined;
  let placement: ZipPlacement | undefined;
  // Every entry that ships is scanned for secrets from the very bytes that are hashed and written,
  // on the thread that read them; only a build that allows secrets and has no one to tell of them
  // (a reproducibility check) skips the scan.
  const scan = opts.allowSecrets && !opts.warnings ? undefined : { allow: !!opts.allowSecrets };
  try {
    // What opening the archive would refuse (its limits, its names), judged on the entries laid
    // out, before any file is read (where the build's heap is small); reported after the checks.
    let refused: ReturnType<typeof layoutProblems> = [];
    // The payload file (its index in the checked list) of each archive entry; entry 0 is the manifest.
    let fileOf = new Int32Array(0);
    let report: OctxReport | undefined = await checkPackage(tree, {
      workdir: true,
      limits: opts.limits,
      documents: 'ids',
      ...(scan ? { secrets: scan } : {}),
      asBuilt: asBuilt(epoch),
      // The archive's layout, once the payload is listed: the manifest first (no ZIP64 field),
      // then each payload file in UTF-8 byte order with ZIP64 information (notes-octx.md).
      place: (manifest, files, sizes) => {
        if (typeof manifest.release !== 'object' || manifest.release === null) return undefined; // invalid: reported by the checks
        // A directory's listing comes in UTF-8 order already: no sort, and no path made to sort by.
        const order = files.sorted ? undefined : sortUtf8(Array.from({ length: files.length }, (_, i) => i), (i) => files.path(i));
        const fileAt = (k: number) => (order ? order[k]! : k);
        const manifestSize = builtManifestLength(manifest, epoch, { length: files.length, path: (k) => files.path(fileAt(k)) });
        temp = new TempOutput(join(opts.outDir, artifactName(manifest)));
        // Entries by position, no object an entry (issue 39): the manifest, then order[k - 1].
        placement = new ZipPlacement(temp.fd, temp.path, {
          length: files.length + 1,
          path: (k) => (k ? files.path(fileAt(k - 1)) : MANIFEST),
          size: (k) => (k ? sizes[fileAt(k - 1)]! : manifestSize),
          zip64: (k) => k > 0,
        });
        const layout = placement.layout;
        refused = layoutProblems({ length: layout.count, path: (k) => layout.path(k), size: (k) => layout.size(k) }, opts.limits);
        // The manifest is entry 0; payload file order[k] is entry k + 1.
        const entryOf = new Int32Array(files.length);
        fileOf = new Int32Array(files.length + 1).fill(-1);
        for (let k = 0; k < files.length; k++) { const i = fileAt(k); entryOf[i] = k + 1; fileOf[k + 1] = i; }
        return { archive: placement, entryOf };
      },
    });
    failWith(report.diagnostics, `${tree.label} is not a valid OCTX working directory`);
    if (!temp || !placement) fail('CTXFORGE_INTERNAL', 'the archive was not laid out (nothing was written)');
    // Only what finishing needs is kept: the report (50 000 documents' fields, findings lists)
    // is not held through the read-back, where the build's memory peaks; nor is a list of the
    // files and their digests made (the manifest is written from the layout's paths and each
    // file's digest by position: issue 39).
    const secrets = new Map<number, Diagnostic[]>();
    const found = report.secrets;
    if (scan && found) for (let k = 1; k < fileOf.length; k++) { const f = found[fileOf[k]!]; if (f?.length) secrets.set(k, f); }
    const manifest = report.manifest!;
    const sha256Of = report.sha256Of!;
    const layout = placement.layout;
    const files: ListedFiles = { count: fileOf.length - 1, path: (k) => layout.path(k + 1), sha256: (k) => sha256Of(fileOf[k + 1]!) };
    const digest = report.built_digest ?? packageDigestListed(asBuilt(epoch)({ ...(manifest as unknown as Record<string, unknown>), files: null }), files);
    report = undefined;
    return await finishBuilt(manifest, epoch, files, digest, refused, temp, placement, opts, scan && secrets);
  } catch (e) {
    temp?.discard();
    throw temp ? asIoError(e, temp.target) : e;
  }
}

/**
 * Secrets in what ships, as the archive lists its entries in UTF-8 order: each entry's name, then
 * its content (the payload's as scanned while it was read and written, by entry; the built
 * manifest's as it was written, `manifestFound`). A manifest finding's line is in the built
 * manifest. Only the names that spell a literal or hold an escape are scanned (nameMayHoldSecret):
 * the rest cannot hold a finding.
 */
function shippedSecrets(layout: ZipLayout, manifestFound: Diagnostic[], payload: ReadonlyMap<number, Diagnostic[]>, allow: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Entry 0 is the manifest, the payload follows in UTF-8 order: the manifest goes in its place,
  // before the first payload name that sorts after it.
  const count = layout.count;
  const manifestName = layout.name(0);
  let lo = 1;
  for (let hi = count; lo < hi;) {
    const mid = (lo + hi) >>> 1;
    if (Buffer.compare(layout.name(mid), manifestName) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let k = 0; k < count; k++) {
    const i = k < lo - 1 ? k + 1 : k === lo - 1 ? 0 : k;
    if (nameMayHoldSecret(layout.name(i))) out.push(...scanSecretName(layout.path(i), allow));
    const found = i === 0 ? manifestFound : payload.get(i);
    if (found?.length) out.push(...found);
  }
  return out;
}

async function finishBuilt(manifest: Manifest, epoch: number, files: ListedFiles, digest: string, refused: ReturnType<typeof layoutProblems>, temp: TempOutput, placement: ZipPlacement, opts: BuildOptions, scanned: ReadonlyMap<number, Diagnostic[]> | undefined): Promise<BuiltArtifact> {
  if (placement.writeError) throw placement.writeError;
  // A file not written changed between the listing and its read (its size is not the listed one),
  // or, for a record file copied on the worker, between its check and its copy.
  const left = placement.unwritten().filter((p) => p !== MANIFEST);
  if (left.length) {
    fail('OCTX_FILE_DIGEST_MISMATCH', `${left[0]} changed while the package was being built${left.length > 1 ? ` (and ${left.length - 1} more)` : ''}; nothing was written`,
      { file: left[0], hint: 'build again once the working directory is not being edited' });
  }
  // What opening the archive would refuse (its limits, its names), judged on the entries laid out:
  // the read-back below checks that the archive is exactly these entries, so it is not parsed again.
  failWith(refused.map((p) => error(`OCTX_ZIP_${p.kind}`, p.message, p.entry ? { file: p.entry } : {})), 'the built package does not open as a safe archive (nothing was written)');
  const layout = placement.layout;
  // The built manifest goes into its entry piece by piece as it is rendered: hashed (to check the
  // entry holds it, below) and scanned for secrets on the way, never held whole (issue 39).
  const into = placement.stream(0);
  const written = createHash('sha256');
  const secrets = scanned ? new SecretStream(MANIFEST, MANIFEST, !!opts.allowSecrets) : undefined;
  let length = 0;
  // Pieces of 16 KiB: a piece is built of ~100 small strings that all live until it is encoded,
  // and at 64 KiB those outlived V8's scavenges by ~200 KB each, which at the build's end grew the
  // young generation to its largest and set the peak (issue 39).
  for (const text of builtManifestPieces(manifest, epoch, files, digest, 16 * 1024)) {
    const piece = Buffer.from(text, 'utf8');
    into?.push(piece);
    written.update(piece);
    secrets?.push(piece);
    length += piece.length;
  }
  if (!into?.end()) fail('CTXFORGE_INTERNAL', 'the built manifest is not the length it was laid out with (nothing was written)');
  const manifestFound = secrets?.end() ?? [];
  const size = placement.finish();
  // The manifest entry holds the manifest written, byte for byte (the payload's data is checked
  // through its CRC-32 as the archive is read back).
  const held = createHash('sha256');
  for (const block of readBlocks(placement.fd, layout.dataAt(0), length)) held.update(block);
  if (!held.digest().equals(written.digest())) {
    fail('CTXFORGE_INTERNAL', 'the built archive does not hold what was written (nothing was written): the manifest entry does not hold the manifest written');
  }
  // Made durable (fsync, on the thread pool) while this thread reads it back; it is renamed only
  // after both. A thread of its own for the read-back saved no time here (nothing else is left to
  // do meanwhile) and cost its start-up and ~30 MB of the build's peak (issue 28).
  const durable = temp.durable();
  durable.catch(() => undefined);
  const reading = placement.verify(size);
  reading.catch(() => undefined);
  try {
    // Every entry that ships (manifest, documents, records, extension files) was scanned from the
    // bytes written into it, which the read-back checks the archive holds; a finding discards it.
    if (scanned) {
      const secrets = shippedSecrets(layout, manifestFound, scanned, !!opts.allowSecrets);
      failWith(secrets, 'the package holds credentials (nothing was written)');
      opts.warnings?.push(...secrets);
    }
  } finally {
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
  return { path: temp.target, format: 'octx', sha256: verified.sha256, size: verified.size, name: String(manifest.asset?.name), version: String(manifest.release?.version) };
}
