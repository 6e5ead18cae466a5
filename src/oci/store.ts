// One surface over a registry and an image layout, and the referrers on top of it: the Referrers API
// where the registry has it, the `sha256-<hex>` fallback tag (an image index of the referring
// manifests) where it does not. Both are read back the same way.
import { type Credentials, dockerCredentials } from './auth.js';
import { RegistryClient, type ClientOptions } from './client.js';
import { LayoutStore } from './layout.js';
import { type Descriptor, type Manifest, digestOf, indexBytes, manifestBytes, parseIndex } from './manifest.js';
import { OCI_INDEX, OCI_MANIFEST } from './media.js';
import type { OciRef } from './ref.js';

export interface Store {
  readonly where: string;
  hasBlob(digest: string): Promise<boolean>;
  pushBlob(digest: string, size: number, src: { file: string } | { bytes: Buffer }): Promise<'exists' | 'uploaded'>;
  getBlob(digest: string, size: number, dest: string): Promise<void>;
  getBlobBytes(digest: string, size: number, max: number): Promise<Buffer>;
  putManifest(reference: string, bytes: Buffer, mediaType: string): Promise<{ subject?: string }>;
  getManifest(reference: string): Promise<{ bytes: Buffer; mediaType: string } | undefined>;
  referrersApi(digest: string): Promise<Buffer | undefined>;
  listTags(): Promise<string[]>;
}

export interface OpenOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  credentials?: Credentials;
  publicOnly?: boolean;
  client?: Partial<ClientOptions>;
}

/** The store a reference names; registry credentials from Docker's config unless given. */
export async function openStore(ref: OciRef, o: OpenOptions): Promise<Store> {
  if (ref.kind === 'layout') return new LayoutStore(ref.dir, o.cwd);
  const credentials = o.credentials ?? (o.publicOnly ? undefined : await dockerCredentials(ref.host, { env: o.env }));
  return new RegistryClient({ host: ref.host, repository: ref.repository, ...(credentials ? { credentials } : {}), ...(o.publicOnly ? { publicOnly: true } : {}), ...o.client });
}

export const fallbackTag = (digest: string) => digest.replace(':', '-');

/** The manifests that refer to `digest`: the Referrers API's answer, else the fallback tag's index. */
export async function referrers(store: Store, digest: string): Promise<Descriptor[]> {
  const api = await store.referrersApi(digest);
  if (api) return parseIndex(api, `${store.where} referrers of ${digest}`).manifests;
  const tagged = await store.getManifest(fallbackTag(digest));
  if (!tagged) return [];
  return parseIndex(tagged.bytes, `${store.where}:${fallbackTag(digest)}`).manifests;
}

/**
 * Pushes a referring manifest (its `subject` set) by digest. A registry that answers without
 * `OCI-Subject` has no Referrers API: the fallback tag's index then gets the descriptor (kept sorted
 * by digest and free of duplicates, so pushing twice changes nothing).
 */
export async function pushReferrer(store: Store, m: Omit<Manifest, 'schemaVersion' | 'mediaType'>): Promise<Descriptor> {
  const bytes = manifestBytes(m);
  const digest = digestOf(bytes);
  const { subject } = await store.putManifest(digest, bytes, OCI_MANIFEST);
  const desc: Descriptor = { mediaType: OCI_MANIFEST, digest, size: bytes.length, ...(m.artifactType ? { artifactType: m.artifactType } : {}), ...(m.annotations ? { annotations: m.annotations } : {}) };
  if (subject) return desc;
  const tag = fallbackTag(m.subject!.digest);
  const old = await store.getManifest(tag);
  const list = old ? parseIndex(old.bytes, `${store.where}:${tag}`).manifests : [];
  if (!list.some((d) => d.digest === digest)) {
    list.push(desc);
    list.sort((a, b) => (a.digest < b.digest ? -1 : a.digest > b.digest ? 1 : 0));
    await store.putManifest(tag, indexBytes(list), OCI_INDEX);
  }
  return desc;
}
