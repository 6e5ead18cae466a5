// OCI image manifests and indexes: written as canonical bytes (fixed member order, sorted
// annotations, no whitespace, no clock), so the same artifact gives the same manifest digest on every
// push; and read back from a registry or a layout, which is hostile input: bounded in size, depth and
// count, every descriptor's digest sha256 and its size a safe integer, before anything is fetched.
import { DiagnosticError, error } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { JsonSyntaxError, decodeUtf8Strict, parseJsonStrict } from '../core/strict-json.js';
import { EMPTY_DIGEST, EMPTY_MEDIA_TYPE, OCI_INDEX, OCI_MANIFEST } from './media.js';
import { DIGEST } from './ref.js';

/** Manifests and indexes above this are refused unread (distribution's own default limit is 4 MiB). */
export const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;
const MAX_DESCRIPTORS = 10_000;
const MAX_ANNOTATIONS = 256;
// root → layers/manifests → descriptor → annotations: anything deeper is not a manifest.
const MAX_DEPTH = 6;

export interface Descriptor {
  mediaType: string;
  digest: string;
  size: number;
  artifactType?: string;
  annotations?: Record<string, string>;
}

export interface Manifest {
  schemaVersion: 2;
  mediaType: typeof OCI_MANIFEST;
  artifactType?: string;
  config: Descriptor;
  layers: Descriptor[];
  subject?: Descriptor;
  annotations?: Record<string, string>;
}

export interface Index {
  schemaVersion: 2;
  mediaType: typeof OCI_INDEX;
  manifests: Descriptor[];
  annotations?: Record<string, string>;
}

export const digestOf = (bytes: Uint8Array | string) => `sha256:${sha256Hex(bytes)}`;

export const emptyConfig = (): Descriptor => ({ mediaType: EMPTY_MEDIA_TYPE, digest: EMPTY_DIGEST, size: 2 });

function sorted(a: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!a || !Object.keys(a).length) return undefined;
  const out: Record<string, string> = {};
  for (const k of Object.keys(a).sort()) out[k] = a[k]!;
  return out;
}

function canonicalDescriptor(d: Descriptor): Descriptor {
  const annotations = sorted(d.annotations);
  return { mediaType: d.mediaType, ...(d.artifactType ? { artifactType: d.artifactType } : {}), digest: d.digest, size: d.size, ...(annotations ? { annotations } : {}) };
}

/** A manifest's bytes, canonical: the digest depends only on what is in it. */
export function manifestBytes(m: Omit<Manifest, 'schemaVersion' | 'mediaType'>): Buffer {
  const annotations = sorted(m.annotations);
  const doc = {
    schemaVersion: 2, mediaType: OCI_MANIFEST, ...(m.artifactType ? { artifactType: m.artifactType } : {}),
    config: canonicalDescriptor(m.config), layers: m.layers.map(canonicalDescriptor),
    ...(m.subject ? { subject: canonicalDescriptor(m.subject) } : {}), ...(annotations ? { annotations } : {}),
  };
  return Buffer.from(JSON.stringify(doc), 'utf8');
}

export function indexBytes(manifests: Descriptor[]): Buffer {
  return Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: OCI_INDEX, manifests: manifests.map(canonicalDescriptor) }), 'utf8');
}

export class ManifestError extends DiagnosticError {
  constructor(where: string, why: string) {
    super(error('CTXFORGE_OCI_MANIFEST', `${where}: ${why}; nothing was fetched from it`, { file: where, hint: 'the registry holds something that is not a manifest ctxforge pushed or can read: check the reference' }), 1);
  }
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function annotationsOf(v: unknown, where: string): Record<string, string> | undefined {
  if (v === undefined) return undefined;
  if (!isObj(v)) throw new ManifestError(where, 'annotations is not an object');
  const keys = Object.keys(v);
  if (keys.length > MAX_ANNOTATIONS) throw new ManifestError(where, `more than ${MAX_ANNOTATIONS} annotations`);
  const out: Record<string, string> = {};
  for (const k of keys) {
    if (typeof v[k] !== 'string') throw new ManifestError(where, `annotation ${JSON.stringify(k.slice(0, 80))} is not a string`);
    out[k] = v[k] as string;
  }
  return out;
}

function descriptorOf(v: unknown, where: string, what: string): Descriptor {
  if (!isObj(v)) throw new ManifestError(where, `${what} is not a descriptor object`);
  const { mediaType, digest, size, artifactType } = v;
  if (typeof mediaType !== 'string' || !mediaType || mediaType.length > 255) throw new ManifestError(where, `${what} has no usable mediaType`);
  if (typeof digest !== 'string' || !DIGEST.test(digest)) throw new ManifestError(where, `${what}'s digest ${JSON.stringify(String(digest).slice(0, 80))} is not sha256:<64 hex> (the only algorithm ctxforge accepts)`);
  if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0) throw new ManifestError(where, `${what}'s size is not a non-negative integer`);
  if (artifactType !== undefined && typeof artifactType !== 'string') throw new ManifestError(where, `${what}'s artifactType is not a string`);
  const annotations = annotationsOf(v.annotations, where);
  return { mediaType, digest, size, ...(typeof artifactType === 'string' ? { artifactType } : {}), ...(annotations ? { annotations } : {}) };
}

function parseDoc(bytes: Uint8Array, where: string): Record<string, unknown> {
  if (bytes.length > MAX_MANIFEST_BYTES) throw new ManifestError(where, `larger than ${MAX_MANIFEST_BYTES} bytes`);
  let v: unknown;
  try {
    v = parseJsonStrict(decodeUtf8Strict(bytes, 'manifest'), { maxDepth: MAX_DEPTH });
  } catch (e) {
    throw new ManifestError(where, e instanceof JsonSyntaxError && e.code === 'JSON_DEPTH' ? `nested deeper than ${MAX_DEPTH} levels` : `not strict JSON (${(e as Error).message.slice(0, 200)})`);
  }
  if (!isObj(v)) throw new ManifestError(where, 'not a JSON object');
  if (v.schemaVersion !== 2) throw new ManifestError(where, 'schemaVersion is not 2');
  return v;
}

function descriptors(v: unknown, where: string, what: string): Descriptor[] {
  if (!Array.isArray(v)) throw new ManifestError(where, `${what} is not an array`);
  if (v.length > MAX_DESCRIPTORS) throw new ManifestError(where, `more than ${MAX_DESCRIPTORS} ${what}`);
  return v.map((d, i) => descriptorOf(d, where, `${what}[${i}]`));
}

/** An image manifest (OCI 1.1), checked; `where` names it in messages. */
export function parseManifest(bytes: Uint8Array, where: string): Manifest {
  const v = parseDoc(bytes, where);
  if (v.mediaType !== OCI_MANIFEST) throw new ManifestError(where, `mediaType is ${JSON.stringify(String(v.mediaType).slice(0, 100))}, not ${OCI_MANIFEST}`);
  const config = descriptorOf(v.config, where, 'config');
  const layers = descriptors(v.layers, where, 'layers');
  if (v.artifactType !== undefined && typeof v.artifactType !== 'string') throw new ManifestError(where, 'artifactType is not a string');
  // OCI 1.1: artifactType MUST be set when the config is the empty descriptor.
  if (config.mediaType === EMPTY_MEDIA_TYPE && typeof v.artifactType !== 'string') throw new ManifestError(where, 'the config is empty but no artifactType is set');
  const subject = v.subject === undefined ? undefined : descriptorOf(v.subject, where, 'subject');
  const annotations = annotationsOf(v.annotations, where);
  return {
    schemaVersion: 2, mediaType: OCI_MANIFEST, ...(typeof v.artifactType === 'string' ? { artifactType: v.artifactType } : {}),
    config, layers, ...(subject ? { subject } : {}), ...(annotations ? { annotations } : {}),
  };
}

/** An image index (a referrers answer, the fallback tag, a layout's index.json), checked. */
export function parseIndex(bytes: Uint8Array, where: string): Index {
  const v = parseDoc(bytes, where);
  if (v.mediaType !== undefined && v.mediaType !== OCI_INDEX) throw new ManifestError(where, `mediaType is ${JSON.stringify(String(v.mediaType).slice(0, 100))}, not ${OCI_INDEX}`);
  const manifests = descriptors(v.manifests, where, 'manifests');
  const annotations = annotationsOf(v.annotations, where);
  return { schemaVersion: 2, mediaType: OCI_INDEX, manifests, ...(annotations ? { annotations } : {}) };
}
