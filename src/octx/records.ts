// sag-structured/0.1 (§7, record rules from upstream): chunks, events, entities and their two
// relation files, checked as one whole capability.
import { error, showValue, type Diagnostic } from '../core/diagnostics.js';
import { isUuidV7 } from '../core/uuid.js';
import { referenceCode } from './codes.js';
import type { JsonlRecord } from './jsonl.js';
import { fastSag, indexSag, nonEmpty, FORBIDDEN_ENTITY, FORBIDDEN_EVENT, type SagData, type SagIds } from './records-fast.js';

export type { SagData, SagIds } from './records-fast.js';

export const SAG_FILES = {
  chunks: 'data/chunks.jsonl',
  events: 'data/events.jsonl',
  entities: 'data/entities.jsonl',
  chunkEvents: 'relations/chunk-events.jsonl',
  eventEntities: 'relations/event-entities.jsonl',
} as const;
export const SAG_PATHS: string[] = Object.values(SAG_FILES);

/**
 * Checks all record rules. `concepts` maps document_id → path; `idSpace` holds asset and document
 * IDs already used (shared identity space, §9). Returns the record ids when no rule failed.
 */
export function checkSag(data: SagData, concepts: Map<string, string>, idSpace: ReadonlySet<string>, diags: Diagnostic[]): SagIds | undefined {
  const fast = fastSag(data, concepts, idSpace);
  if (fast) return fast;
  const before = diags.length;
  reportSag(data, concepts, new Set(idSpace), diags);
  return diags.length === before ? indexSag(data) : undefined;
}

/** The record rules one by one, each finding at its file and line (exported for the fast path's agreement test). */
export function reportSag(data: SagData, concepts: Map<string, string>, idSpace: Set<string>, diags: Diagnostic[]): void {
  const bad = (code: string, file: string, line: number, msg: string) => {
    const c = referenceCode(code);
    diags.push(error(c.code, `${file}:${line}: ${msg}`, { file, line, alias: c.alias }));
  };
  const ids = { chunks: new Set<string>(), events: new Set<string>(), entities: new Set<string>() };

  const claimId = (file: string, r: JsonlRecord, set: Set<string>): string | undefined => {
    const id = r.value.id;
    if (!isUuidV7(id)) { bad('OCTX_SCHEMA_VALIDATION', file, r.line, `"id" must be a lowercase canonical UUIDv7, got ${showValue(id)}`); return undefined; }
    if (idSpace.has(id)) { bad('OCTX_ID_DUPLICATE', file, r.line, `id ${id} is already used by another asset, document or record`); return undefined; }
    idSpace.add(id);
    set.add(id);
    return id;
  };

  // Chunks
  const ordinals = new Map<string, Set<string>>();
  const chunkDoc = new Map<string, string>();
  for (const r of data.chunks) {
    const f = SAG_FILES.chunks;
    const id = claimId(f, r, ids.chunks);
    const v = r.value;
    if (typeof v.document_id !== 'string') bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"document_id" is required');
    else if (!concepts.has(v.document_id)) bad('OCTX_RECORD_REFERENCE_UNKNOWN', f, r.line, `document_id ${v.document_id} is not the octx.document_id of any Concept Document`);
    else if (id) chunkDoc.set(id, v.document_id);
    const ord = v.ordinal;
    const isInt = (typeof ord === 'number' && Number.isInteger(ord)) || typeof ord === 'bigint';
    if (!isInt || (ord as number | bigint) < 0) bad('OCTX_SCHEMA_VALIDATION', f, r.line, `"ordinal" must be an integer ≥ 0, got ${JSON.stringify(typeof ord === 'bigint' ? ord.toString() : ord)}`);
    else if (typeof v.document_id === 'string') {
      const set = ordinals.get(v.document_id) ?? new Set<string>();
      const key = String(ord);
      if (set.has(key)) bad('OCTX_CHUNK_ORDINAL_DUPLICATE', f, r.line, `ordinal ${key} is used twice in document ${v.document_id}`);
      set.add(key);
      ordinals.set(v.document_id, set);
    }
    if (!nonEmpty(v.text)) bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"text" must be a non-empty string');
  }

  // Events
  const parent = new Map<string, string>();
  const level = new Map<string, unknown>();
  const eventLine = new Map<string, number>();
  for (const r of data.events) {
    const f = SAG_FILES.events;
    const id = claimId(f, r, ids.events);
    const v = r.value;
    if (!nonEmpty(v.title)) bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"title" must be a non-empty string');
    if (typeof v.content !== 'string') bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"content" must be a string');
    for (const k of ['summary', 'category']) if (v[k] !== undefined && typeof v[k] !== 'string') bad('OCTX_SCHEMA_VALIDATION', f, r.line, `"${k}" must be a string`);
    for (const k of FORBIDDEN_EVENT) if (k in v) bad('OCTX_SCHEMA_VALIDATION', f, r.line, `events must not carry "${k}" (a local index field; relations live in relations/)`);
    const hasP = v.parent_id !== undefined && v.parent_id !== null;
    const hasL = v.level !== undefined && v.level !== null;
    if (hasP !== hasL) bad('OCTX_EVENT_LEVEL_INVALID', f, r.line, '"parent_id" and "level" must be given together (or neither, for a root event)');
    if (id) {
      eventLine.set(id, r.line);
      if (hasP && hasL) { parent.set(id, String(v.parent_id)); level.set(id, v.level); }
    }
  }
  const levelOf = (id: string): number | undefined => {
    if (!parent.has(id)) return 0;
    const l = level.get(id);
    return typeof l === 'number' && Number.isInteger(l) ? l : undefined;
  };
  // Every event whose parent chain runs into a cycle. Each event is walked once (a chain that
  // reaches an event already settled takes its answer), so a hostile 50k-long chain stays linear.
  const inCycle = new Set<string>();
  const settled = new Map<string, boolean>();
  for (const start of parent.keys()) {
    if (settled.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    let cur: string | undefined = start;
    let cyclic = false;
    while (cur !== undefined && parent.has(cur)) {
      const known = settled.get(cur);
      if (known !== undefined) { cyclic = known; break; }
      if (onPath.has(cur)) { cyclic = true; break; }
      onPath.add(cur);
      path.push(cur);
      cur = parent.get(cur);
    }
    for (const p of path) {
      settled.set(p, cyclic);
      if (cyclic) inCycle.add(p);
    }
  }
  for (const [id, p] of parent) {
    const line = eventLine.get(id)!;
    if (inCycle.has(id)) { bad('OCTX_EVENT_HIERARCHY_CYCLE', SAG_FILES.events, line, `event ${id} is part of a parent_id cycle`); continue; }
    if (!ids.events.has(p)) { bad('OCTX_RECORD_REFERENCE_UNKNOWN', SAG_FILES.events, line, `parent_id ${p} is not an event`); continue; }
    const mine = levelOf(id);
    const theirs = levelOf(p);
    if (mine === undefined || mine < 1) bad('OCTX_EVENT_LEVEL_INVALID', SAG_FILES.events, line, `"level" must be an integer ≥ 1 for a child event`);
    else if (theirs !== undefined && mine !== theirs + 1) bad('OCTX_EVENT_LEVEL_INVALID', SAG_FILES.events, line, `level ${mine} must be its parent's level + 1 (${theirs + 1})`);
  }

  // Entities
  for (const r of data.entities) {
    const f = SAG_FILES.entities;
    claimId(f, r, ids.entities);
    const v = r.value;
    if (!nonEmpty(v.name)) bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"name" must be a non-empty string');
    if (!nonEmpty(v.type)) bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"type" must be a non-empty string (an open vocabulary)');
    if (v.description !== undefined && typeof v.description !== 'string') bad('OCTX_SCHEMA_VALIDATION', f, r.line, '"description" must be a string');
    for (const k of FORBIDDEN_ENTITY) if (k in v) bad('OCTX_SCHEMA_VALIDATION', f, r.line, `entities must not carry "${k}" (a local index field)`);
  }

  // Relations
  const eventChunks = new Map<string, number>();
  const eventEntities = new Map<string, number>();
  const entityEvents = new Map<string, number>();
  const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const pairs = (file: string, recs: JsonlRecord[], a: string, b: string, setA: Set<string>, setB: Set<string>, onPair: (x: string, y: string, r: JsonlRecord) => void) => {
    const seen = new Set<string>();
    for (const r of recs) {
      const x = r.value[a];
      const y = r.value[b];
      if (typeof x !== 'string' || typeof y !== 'string') { bad('OCTX_SCHEMA_VALIDATION', file, r.line, `"${a}" and "${b}" are required strings`); continue; }
      let ok = true;
      if (!setA.has(x)) { bad('OCTX_RECORD_REFERENCE_UNKNOWN', file, r.line, `${a} ${x} does not exist`); ok = false; }
      if (!setB.has(y)) { bad('OCTX_RECORD_REFERENCE_UNKNOWN', file, r.line, `${b} ${y} does not exist`); ok = false; }
      const key = `${x}|${y}`;
      if (seen.has(key)) { bad('OCTX_RELATION_DUPLICATE', file, r.line, `pair (${x}, ${y}) appears twice`); continue; }
      seen.add(key);
      if (ok) onPair(x, y, r);
    }
  };
  pairs(SAG_FILES.chunkEvents, data.chunkEvents, 'chunk_id', 'event_id', ids.chunks, ids.events, (_c, e) => { inc(eventChunks, e); });
  pairs(SAG_FILES.eventEntities, data.eventEntities, 'event_id', 'entity_id', ids.events, ids.entities, (e, n, r) => {
    inc(eventEntities, e); inc(entityEvents, n);
    const w = r.value.weight;
    if (w !== undefined && !(typeof w === 'bigint' || (typeof w === 'number' && Number.isFinite(w)))) {
      bad('OCTX_SCHEMA_VALIDATION', SAG_FILES.eventEntities, r.line, '"weight" must be a finite number');
    }
    if (r.value.description !== undefined && typeof r.value.description !== 'string') bad('OCTX_SCHEMA_VALIDATION', SAG_FILES.eventEntities, r.line, '"description" must be a string');
  });

  // Coverage
  const docsWithChunks = new Set(chunkDoc.values());
  for (const [docId, path] of concepts) {
    if (!docsWithChunks.has(docId)) diags.push(error('OCTX_DOCUMENT_WITHOUT_CHUNK', `${path} (document ${docId}) has no chunk in ${SAG_FILES.chunks}`, { file: path }));
  }
  // One index per file, built on the first miss: a search per finding would be quadratic when a
  // hostile package leaves every record unlinked.
  const lineIndex = new Map<JsonlRecord[], Map<unknown, number>>();
  const lineOf = (recs: JsonlRecord[], id: string) => {
    let idx = lineIndex.get(recs);
    if (!idx) {
      idx = new Map();
      for (const r of recs) if (!idx.has(r.value.id)) idx.set(r.value.id, r.line);
      lineIndex.set(recs, idx);
    }
    return idx.get(id) ?? 1;
  };
  // No rule for a chunk without an event: the reference dropped it in 0.1.4 (notes-octx-0.1.6.md §6).
  for (const e of ids.events) {
    if (!eventChunks.has(e)) bad('OCTX_EVENT_WITHOUT_CHUNK', SAG_FILES.events, eventLine.get(e) ?? 1, `event ${e} is linked to no chunk in ${SAG_FILES.chunkEvents}`);
    if (!eventEntities.has(e)) bad('OCTX_EVENT_WITHOUT_ENTITY', SAG_FILES.events, eventLine.get(e) ?? 1, `event ${e} is linked to no entity in ${SAG_FILES.eventEntities}`);
  }
  for (const n of ids.entities) if (!entityEvents.has(n)) bad('OCTX_ENTITY_WITHOUT_EVENT', SAG_FILES.entities, lineOf(data.entities, n), `entity ${n} is linked to no event in ${SAG_FILES.eventEntities}`);
}
