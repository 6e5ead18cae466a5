// The valid-package fast path of the sag-structured/0.1 record rules (issue 7). A knowledge base
// has hundreds of thousands of records, and on this hardware each Map/Set operation on a large
// table of UUID strings costs ~0.3–1 µs (a cache miss per lookup), so the checks are arranged
// around one id → integer index: every record id is hashed once when claimed and once per
// reference; everything else (kinds, link coverage, duplicate pairs and ordinals, levels) runs on
// typed arrays. It answers only "provably no finding": on any doubt it returns undefined and the
// reporting checker in records.ts runs instead, so every diagnostic still comes from one place.
import { UUIDV7 } from '../core/uuid.js';
import type { JsonlRecord } from './jsonl.js';

export const KIND_CHUNK = 1;
export const KIND_EVENT = 2;
export const KIND_ENTITY = 3;
export type RecordKind = typeof KIND_CHUNK | typeof KIND_EVENT | typeof KIND_ENTITY;

/** The record ids of a valid sag-structured package, for the vectors capability. */
export interface SagIds {
  /** Record id → record number (0 ≤ n < kind.length). */
  index: Map<string, number>;
  /** The kind of each record number. */
  kind: Uint8Array;
  /** How many records there are of each kind, indexed by kind. */
  counts: [number, number, number, number];
}

/** The five record files' records, in rule order. */
export interface SagData {
  chunks: JsonlRecord[];
  events: JsonlRecord[];
  entities: JsonlRecord[];
  chunkEvents: JsonlRecord[];
  eventEntities: JsonlRecord[];
}

/** The record number of `id` when it names a record of `kind`, else -1. */
export function recordOf(ids: SagIds, id: string, kind: RecordKind): number {
  const g = ids.index.get(id);
  return g !== undefined && ids.kind[g] === kind ? g : -1;
}

/** Indexes the records' ids (for a package the reporting checker found valid). */
export function indexSag(data: SagData): SagIds {
  const n = data.chunks.length + data.events.length + data.entities.length;
  const ids: SagIds = { index: new Map(), kind: new Uint8Array(n), counts: [0, 0, 0, 0] };
  let g = 0;
  const add = (recs: JsonlRecord[], k: RecordKind) => {
    for (const r of recs) { ids.index.set(r.value.id as string, g); ids.kind[g++] = k; ids.counts[k]++; }
  };
  add(data.chunks, KIND_CHUNK); add(data.events, KIND_EVENT); add(data.entities, KIND_ENTITY);
  return ids;
}

/** Local index fields a portable record must not carry. */
export const FORBIDDEN_EVENT = ['chunk_id', 'references', 'rank'];
export const FORBIDDEN_ENTITY = ['normalized_name', 'entity_type_id', 'index_id', 'index_status', 'embedding', 'vector'];
// Keys of a duplicate check are packed into one float64: exact below 2^53.
const ORDINAL_LIMIT = 2 ** 21;

export const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.length > 0;

function hasAdjacentEqual(keys: Float64Array): boolean {
  keys.sort();
  for (let i = 1; i < keys.length; i++) if (keys[i] === keys[i - 1]) return true;
  return false;
}

/**
 * Takes the records one at a time, as they are parsed (so a chunk's text is garbage as soon as its
 * line is done), and keeps only what the cross-record rules need. `finish` gives the ids when every
 * record rule holds, or undefined when any may not.
 */
export class SagIndexer {
  private doubt = false;
  private readonly index = new Map<string, number>();
  private kinds: number[] = [];
  private readonly counts: SagIds['counts'] = [0, 0, 0, 0];
  // Chunks: the documents they name, and (document, ordinal) packed for the duplicate check.
  private readonly docRefs = new Map<string, number>();
  private readonly ordinalKeys: number[] = [];
  // Events: parent id and level per event number (from firstEvent).
  private firstEvent = -1;
  private readonly parentIds: (string | undefined)[] = [];
  private readonly levels: number[] = [];
  // Relations, as record-number pairs.
  private readonly chunkEventPairs: number[] = [];
  private readonly eventEntityPairs: number[] = [];

  // Claims the record's id: a canonical UUIDv7 not used before. One hash of the id.
  private claim(v: Record<string, unknown>, k: RecordKind): boolean {
    const id = v.id;
    if (typeof id !== 'string' || !UUIDV7.test(id)) return false;
    const before = this.index.size;
    this.index.set(id, this.kinds.length);
    if (this.index.size === before) return false;
    this.kinds.push(k);
    this.counts[k]++;
    return true;
  }

  chunks(v: Record<string, unknown>): void {
    if (this.doubt) return;
    if (!this.claim(v, KIND_CHUNK) || !nonEmpty(v.text) || typeof v.document_id !== 'string') { this.doubt = true; return; }
    const ord = v.ordinal;
    if (typeof ord !== 'number' || !Number.isInteger(ord) || ord < 0 || ord >= ORDINAL_LIMIT) { this.doubt = true; return; }
    let doc = this.docRefs.get(v.document_id);
    if (doc === undefined) this.docRefs.set(v.document_id, (doc = this.docRefs.size));
    this.ordinalKeys.push(doc * ORDINAL_LIMIT + ord);
  }

  events(v: Record<string, unknown>): void {
    if (this.doubt) return;
    if (this.firstEvent < 0) this.firstEvent = this.kinds.length;
    if (this.kinds.length - this.firstEvent !== this.parentIds.length) { this.doubt = true; return; } // events not contiguous
    if (!this.claim(v, KIND_EVENT) || !nonEmpty(v.title) || typeof v.content !== 'string'
      || (v.summary !== undefined && typeof v.summary !== 'string') || (v.category !== undefined && typeof v.category !== 'string')) { this.doubt = true; return; }
    for (const k of FORBIDDEN_EVENT) if (k in v) { this.doubt = true; return; }
    const hasP = v.parent_id !== undefined && v.parent_id !== null;
    const hasL = v.level !== undefined && v.level !== null;
    if (hasP !== hasL) { this.doubt = true; return; }
    if (hasP && (typeof v.parent_id !== 'string' || typeof v.level !== 'number' || !Number.isInteger(v.level) || v.level < 1)) { this.doubt = true; return; }
    this.parentIds.push(hasP ? (v.parent_id as string) : undefined);
    this.levels.push(hasP ? (v.level as number) : 0);
  }

  entities(v: Record<string, unknown>): void {
    if (this.doubt) return;
    if (!this.claim(v, KIND_ENTITY) || !nonEmpty(v.name) || !nonEmpty(v.type) || (v.description !== undefined && typeof v.description !== 'string')) { this.doubt = true; return; }
    for (const k of FORBIDDEN_ENTITY) if (k in v) { this.doubt = true; return; }
  }

  chunkEvents(v: Record<string, unknown>): void {
    if (!this.doubt) this.pair(v, 'chunk_id', 'event_id', KIND_CHUNK, KIND_EVENT, this.chunkEventPairs);
  }

  eventEntities(v: Record<string, unknown>): void {
    if (this.doubt) return;
    const w = v.weight;
    if ((w !== undefined && !(typeof w === 'bigint' || (typeof w === 'number' && Number.isFinite(w)))) || (v.description !== undefined && typeof v.description !== 'string')) { this.doubt = true; return; }
    this.pair(v, 'event_id', 'entity_id', KIND_EVENT, KIND_ENTITY, this.eventEntityPairs);
  }

  // Relations are taken after all records (the files come in that order), so both ends are known.
  private pair(v: Record<string, unknown>, a: string, b: string, ka: RecordKind, kb: RecordKind, out: number[]): void {
    const x = v[a];
    const y = v[b];
    if (typeof x !== 'string' || typeof y !== 'string') { this.doubt = true; return; }
    const gx = this.index.get(x);
    const gy = this.index.get(y);
    if (gx === undefined || gy === undefined || this.kinds[gx] !== ka || this.kinds[gy] !== kb) { this.doubt = true; return; }
    out.push(gx, gy);
  }

  /**
   * The ids as indexed so far, before the cross-record rules are checked: the ids finish() gives
   * when they hold (a vectors check can start on them early). Undefined once in doubt.
   */
  ids(): SagIds | undefined {
    if (this.doubt) return undefined;
    this.kind ??= Uint8Array.from(this.kinds);
    return { index: this.index, kind: this.kind, counts: this.counts };
  }
  private kind: Uint8Array | undefined;

  finish(concepts: ReadonlyMap<string, string>, idSpace: ReadonlySet<string>): SagIds | undefined {
    if (this.doubt) return undefined;
    const n = this.kinds.length;
    if (n * n >= 2 ** 53) return undefined;
    const kind = (this.kind ??= Uint8Array.from(this.kinds));
    // Record ids are new to the package; every document a chunk names is a Concept Document, and
    // every Concept Document has a chunk.
    for (const id of idSpace) if (this.index.has(id)) return undefined;
    let covered = 0;
    for (const id of concepts.keys()) if (this.docRefs.has(id)) covered++; else return undefined;
    if (covered !== this.docRefs.size) return undefined;
    if (hasAdjacentEqual(Float64Array.from(this.ordinalKeys))) return undefined;
    // Levels that step by exactly one from a root at 0 rule out a parent cycle, so no walk is needed.
    const e0 = this.firstEvent;
    for (let i = 0; i < this.parentIds.length; i++) {
      const p = this.parentIds[i];
      if (p === undefined) continue;
      const pg = this.index.get(p);
      if (pg === undefined || kind[pg] !== KIND_EVENT || this.levels[i] !== this.levels[pg - e0]! + 1) return undefined;
    }
    // No pair twice; every chunk, event and entity linked as the rules ask.
    const linked = new Uint8Array(n); // bit 1: chunk↔event link, bit 2: event↔entity link
    const pairsOk = (flat: number[], bit: number): boolean => {
      const keys = new Float64Array(flat.length / 2);
      for (let i = 0; i < flat.length; i += 2) {
        keys[i / 2] = flat[i]! * n + flat[i + 1]!;
        linked[flat[i]!]! |= bit;
        linked[flat[i + 1]!]! |= bit;
      }
      return !hasAdjacentEqual(keys);
    };
    if (!pairsOk(this.chunkEventPairs, 1) || !pairsOk(this.eventEntityPairs, 2)) return undefined;
    for (let g = 0; g < n; g++) {
      // A chunk needs no event (octx 0.1.4 relaxed it); events need both, entities an event.
      const need = kind[g] === KIND_CHUNK ? 0 : kind[g] === KIND_EVENT ? 3 : 2;
      if ((linked[g]! & need) !== need) return undefined;
    }
    return { index: this.index, kind, counts: this.counts };
  }
}

/** The ids of `data` when every record rule holds, or undefined when any may not. */
export function fastSag(data: SagData, concepts: ReadonlyMap<string, string>, idSpace: ReadonlySet<string>): SagIds | undefined {
  const ix = new SagIndexer();
  for (const r of data.chunks) ix.chunks(r.value);
  for (const r of data.events) ix.events(r.value);
  for (const r of data.entities) ix.entities(r.value);
  for (const r of data.chunkEvents) ix.chunkEvents(r.value);
  for (const r of data.eventEntities) ix.eventEntities(r.value);
  return ix.finish(concepts, idSpace);
}
