// Content addresses of the signable units (container §3.2 objects table): which bytes each kind
// hashes, under which canon, and the row a builder registers for it.
import { jcs } from '../core/jcs.js';
import { sha256Tagged } from '../core/hash.js';

export type Zone = 'rom' | 'save';
export type Canon = 'raw' | 'jcs-rfc8785';

export interface ObjectRow {
  oid: string;
  kind: string;
  source_ref: string;
  canon: string;
  zone: string;
  sz: number;
}

/** `sha256:<hex>`, one flat string: a template literal's two-part string was ~32 bytes more a file, held for the check's life. */
export const oidOf = (bytes: Uint8Array | string): string => sha256Tagged(bytes);

/** The row of a sqlar file of `size` bytes whose oid (oidOf of its bytes) is `oid`. */
export function sqlarObject(name: string, oid: string, size: number, zone: Zone): ObjectRow {
  return { oid, kind: 'sqlar', source_ref: name, canon: 'raw', zone, sz: size };
}

export function memoryObject(id: string, payload: string, zone: Zone): ObjectRow {
  return { oid: oidOf(payload), kind: 'memory', source_ref: `memory:${id}`, canon: 'jcs-rfc8785', zone, sz: Buffer.byteLength(payload) };
}

/** A meta value is hashed as raw TEXT inside JCS({key, value}), never parsed, even when it holds JSON. */
export function metaOid(key: string, value: string): string {
  return oidOf(jcs({ key, value }));
}

export function metaObject(key: string, value: string): ObjectRow {
  return { oid: metaOid(key, value), kind: 'cartridge', source_ref: `cartridge:${key}`, canon: 'jcs-rfc8785', zone: 'rom', sz: Buffer.byteLength(value) };
}

/** Capabilities are kind 'cartridge' with a 'capability:' ref (as upstream writes them); json is stored as JCS. */
export function capabilityObject(id: string, json: string): ObjectRow {
  return { oid: oidOf(json), kind: 'cartridge', source_ref: `capability:${id}`, canon: 'jcs-rfc8785', zone: 'rom', sz: Buffer.byteLength(json) };
}

/** Meta keys a builder never binds: the manifest hash (self-referential) and the SAVE-zone key. */
export const UNBOUND_META = new Set(['acx.rom_manifest_hash', 'acx.save_codebase_fingerprint']);
