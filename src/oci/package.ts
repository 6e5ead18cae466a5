// A package as an OCI artifact: push one (.acx exactly as ACX SPEC §11, .ctxpkg and .octx the same
// way with their media types) with the release's SHA256SUMS, its minisign signature and the
// provenance as referrers; and fetch one back by tag or digest, every byte checked against the digest
// that names it before anything is read as a package. The registry is a transport, never a trust root:
// what was fetched is verified by the caller against a pinned key.
import { basename, join } from 'node:path';
import { DiagnosticError, error } from '../core/diagnostics.js';
import { sha256File } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';
import { detectArtifact, formatByName, type FormatName } from '../formats.js';
import { OciError } from './client.js';
import { type Descriptor, type Manifest, ManifestError, digestOf, emptyConfig, manifestBytes, parseManifest } from './manifest.js';
import {
  CHECKSUMS_ARTIFACT, CHECKSUMS_LAYER, EMPTY_BLOB, EMPTY_DIGEST, EMPTY_MEDIA_TYPE, MINISIG_LAYER, OCI_MANIFEST, PACKAGE_MEDIA,
  PROVENANCE_ARTIFACT, PROVENANCE_LAYER, TITLE, formatOfMedia,
} from './media.js';
import { formatRef, type OciRef } from './ref.js';
import { pushReferrer, referrers, type Store } from './store.js';

export interface PackageAnnotations {
  /** org.opencontainers.image.source: the repository's URL. */
  source?: string;
  version?: string;
  /** The commit. */
  revision?: string;
  /** RFC 3339, from the build epoch (SOURCE_DATE_EPOCH), never the clock. */
  created?: string;
}

export interface ReleaseReferrers {
  sums?: Buffer;
  minisig?: string;
  provenance?: Buffer;
}

export interface PushResult {
  reference: string;
  format: FormatName;
  manifest_digest: string;
  layer_digest: string;
  size: number;
  uploaded: number;
  already_present: number;
  referrers: { artifactType: string; digest: string }[];
}

const SMALL = 1 << 20;

/** Annotations of the manifest: the file name, and the release's source, version, revision and time where given. */
export function manifestAnnotations(a: PackageAnnotations, title: string): Record<string, string> {
  const out: Record<string, string> = { [TITLE]: title };
  if (a.source) out['org.opencontainers.image.source'] = a.source;
  if (a.version) out['org.opencontainers.image.version'] = a.version;
  if (a.revision) out['org.opencontainers.image.revision'] = a.revision;
  if (a.created) out['org.opencontainers.image.created'] = a.created;
  return out;
}

/** `created` from SOURCE_DATE_EPOCH (seconds), as the build takes its time; undefined without it. */
export function createdFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const e = env.SOURCE_DATE_EPOCH;
  if (!e || !/^[0-9]{1,12}$/.test(e)) return undefined;
  return new Date(Number(e) * 1000).toISOString().replace(/\.000Z$/, 'Z');
}

export async function pushPackage(store: Store, ref: OciRef, artifact: string, o: { annotations?: PackageAnnotations; release?: ReleaseReferrers; label?: string }): Promise<PushResult> {
  const label = o.label ?? artifact;
  const module = await detectArtifact({ label, path: artifact });
  if (!module) throw new DiagnosticError(error('CTXFORGE_FORMAT_UNKNOWN', `${label} is not an .acx, .ctxpkg or .octx package`, { file: label }), 1);
  const media = PACKAGE_MEDIA[module.name];
  const { sha256, size } = await sha256File(artifact);
  const facts = await module.registryLayer?.({ label, path: artifact }, {});
  const layer: Descriptor = { mediaType: media.layer, digest: `sha256:${sha256}`, size, annotations: { [TITLE]: basename(label), ...facts?.annotations } };
  const manifest: Omit<Manifest, 'schemaVersion' | 'mediaType'> = {
    artifactType: media.artifactType, config: emptyConfig(), layers: [layer], annotations: manifestAnnotations(o.annotations ?? {}, basename(label)),
  };
  const bytes = manifestBytes(manifest);
  const digest = digestOf(bytes);
  let uploaded = 0;
  let present = 0;
  const count = (r: 'exists' | 'uploaded') => (r === 'uploaded' ? uploaded++ : present++);
  count(await store.pushBlob(EMPTY_DIGEST, 2, { bytes: EMPTY_BLOB }));
  count(await store.pushBlob(layer.digest, size, { file: artifact }));
  await store.putManifest(ref.tag ?? digest, bytes, OCI_MANIFEST);
  const subject: Descriptor = { mediaType: OCI_MANIFEST, digest, size: bytes.length };
  const refs: { artifactType: string; digest: string }[] = [];
  const rel = o.release ?? {};
  if (rel.sums) {
    const layers: Descriptor[] = [];
    const sumsDesc: Descriptor = { mediaType: CHECKSUMS_LAYER, digest: digestOf(rel.sums), size: rel.sums.length, annotations: { [TITLE]: 'SHA256SUMS' } };
    count(await store.pushBlob(sumsDesc.digest, sumsDesc.size, { bytes: rel.sums }));
    layers.push(sumsDesc);
    if (rel.minisig) {
      const sig = Buffer.from(rel.minisig, 'utf8');
      const d: Descriptor = { mediaType: MINISIG_LAYER, digest: digestOf(sig), size: sig.length, annotations: { [TITLE]: 'SHA256SUMS.minisig' } };
      count(await store.pushBlob(d.digest, d.size, { bytes: sig }));
      layers.push(d);
    }
    const d = await pushReferrer(store, { artifactType: CHECKSUMS_ARTIFACT, config: emptyConfig(), layers, subject });
    refs.push({ artifactType: CHECKSUMS_ARTIFACT, digest: d.digest });
  }
  // The format's own signed statements (a cartridge's DSSE envelopes, §11), one referrer each.
  for (const att of facts?.attachments ?? []) {
    const l: Descriptor = { mediaType: att.mediaType, digest: digestOf(att.bytes), size: att.bytes.length, annotations: { [TITLE]: att.title } };
    count(await store.pushBlob(l.digest, l.size, { bytes: att.bytes }));
    const d = await pushReferrer(store, { artifactType: att.artifactType, config: emptyConfig(), layers: [l], subject });
    refs.push({ artifactType: att.artifactType, digest: d.digest });
  }
  if (rel.provenance) {
    const p: Descriptor = { mediaType: PROVENANCE_LAYER, digest: digestOf(rel.provenance), size: rel.provenance.length, annotations: { [TITLE]: 'provenance.intoto.json' } };
    count(await store.pushBlob(p.digest, p.size, { bytes: rel.provenance }));
    const d = await pushReferrer(store, { artifactType: PROVENANCE_ARTIFACT, config: emptyConfig(), layers: [p], subject });
    refs.push({ artifactType: PROVENANCE_ARTIFACT, digest: d.digest });
  }
  return { reference: formatRef(ref), format: module.name, manifest_digest: digest, layer_digest: layer.digest, size, uploaded, already_present: present, referrers: refs };
}

export interface Fetched {
  format: FormatName;
  /** The artifact's file name (the layer's title when it is a safe name with the format's extension). */
  file: string;
  path: string;
  manifest_digest: string;
  layer_digest: string;
  size: number;
  release?: { sums: Buffer; minisig?: string };
  provenance?: Buffer;
}

/** The package manifest a reference names: by digest when it has one (checked), else by tag. */
export async function resolveManifest(store: Store, ref: OciRef): Promise<{ manifest: Manifest; digest: string; bytes: Buffer }> {
  const reference = ref.digest ?? ref.tag ?? 'latest';
  const got = await store.getManifest(reference);
  const where = formatRef(ref);
  if (!got) throw new OciError('CTXFORGE_OCI_NOT_FOUND', `${where}: no such manifest`, where, 'check the tag or digest (and that you may read the repository)');
  const digest = digestOf(got.bytes);
  if (ref.digest && digest !== ref.digest) {
    throw new OciError('CTXFORGE_OCI_DIGEST', `${where}: the registry served a manifest whose digest is ${digest}; nothing was installed`, where, 'the registry or something on the way changed the manifest', 1);
  }
  return { manifest: parseManifest(got.bytes, where), digest, bytes: got.bytes };
}

/** Fetches the package a reference names into `dir` (a private folder), with its release referrers. */
export async function fetchPackage(store: Store, ref: OciRef, dir: string): Promise<Fetched> {
  const where = formatRef(ref);
  const { manifest, digest } = await resolveManifest(store, ref);
  const layer = manifest.layers.length === 1 ? manifest.layers[0]! : undefined;
  const format = layer ? formatOfMedia(manifest.artifactType, layer.mediaType) : undefined;
  if (!layer || !format) {
    throw new ManifestError(where, `not a package ctxforge reads (artifactType ${JSON.stringify(manifest.artifactType ?? null)}, ${manifest.layers.length} layers; a package is one layer of ${Object.values(PACKAGE_MEDIA).map((m) => m.layer).join(', ')})`);
  }
  if (manifest.config.mediaType !== EMPTY_MEDIA_TYPE || manifest.config.digest !== EMPTY_DIGEST) throw new ManifestError(where, 'the config is not the empty descriptor');
  const ext = formatByName(format)!.extension;
  const title = layer.annotations?.[TITLE];
  const file = title && !title.includes('/') && !title.includes('\\') && !unsafePathReason(title) && title.endsWith(ext) && title.length <= 255 ? title : `package${ext}`;
  const path = join(dir, 'artifact');
  await store.getBlob(layer.digest, layer.size, path);
  const out: Fetched = { format, file, path, manifest_digest: digest, layer_digest: layer.digest, size: layer.size };
  for (const r of await referrers(store, digest)) {
    if (r.mediaType !== OCI_MANIFEST || (r.artifactType !== CHECKSUMS_ARTIFACT && r.artifactType !== PROVENANCE_ARTIFACT)) continue;
    const got = await store.getManifest(r.digest);
    if (!got || digestOf(got.bytes) !== r.digest) continue;
    const m = parseManifest(got.bytes, `${where} referrer ${r.digest}`);
    // A referrer counts only for the manifest it names (a fallback tag is an index anyone with push rights edits).
    if (m.subject?.digest !== digest) continue;
    if (m.artifactType === CHECKSUMS_ARTIFACT && !out.release) {
      const sums = m.layers.find((l) => l.mediaType === CHECKSUMS_LAYER);
      const sig = m.layers.find((l) => l.mediaType === MINISIG_LAYER);
      if (!sums) continue;
      out.release = { sums: await store.getBlobBytes(sums.digest, sums.size, SMALL), ...(sig ? { minisig: (await store.getBlobBytes(sig.digest, sig.size, 64 * 1024)).toString('utf8') } : {}) };
    } else if (m.artifactType === PROVENANCE_ARTIFACT && !out.provenance) {
      const p = m.layers.find((l) => l.mediaType === PROVENANCE_LAYER);
      if (p) out.provenance = await store.getBlobBytes(p.digest, p.size, 16 * SMALL);
    }
  }
  return out;
}
