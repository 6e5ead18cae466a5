// vectors/0.1 (§7, §8) in either of its two layouts: the 0.1 config (vectors/config.json without
// credentials or endpoints, and {chunks,events,entities}.arrow covering their records exactly), or
// the profiles layout octx 0.1.6 writes (vectors/profiles.json and one Arrow file per role, each
// covering its targets exactly or, when the profile says `partial`, a subset; notes-octx-0.1.6.md).
// Every file is an Arrow IPC *file* of finite float32 vectors, read within the Arrow limits.
import type * as Arrow from 'apache-arrow';
import { isAscii } from 'node:buffer';
import { lazyRequire } from '../core/lazy.js';

const arrowLib = lazyRequire<typeof Arrow>('apache-arrow');
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError, decodeUtf8Strict } from '../core/strict-json.js';
import { KIND_CHUNK, KIND_ENTITY, KIND_EVENT, recordOf, type RecordKind, type SagIds } from './records-fast.js';

export const VECTOR_CONFIG = 'vectors/config.json';
export const VECTOR_FILES = { chunks: 'vectors/chunks.arrow', events: 'vectors/events.arrow', entities: 'vectors/entities.arrow' } as const;
export const VECTOR_PROFILES = 'vectors/profiles.json';
/** The six roles of the profiles layout and the file each one's vectors live in. */
export const VECTOR_ROLES: Readonly<Record<string, string>> = Object.freeze({
  'chunk.heading': 'vectors/chunk_heading.arrow',
  'chunk.content': 'vectors/chunk_content.arrow',
  'event.title': 'vectors/event_title.arrow',
  'event.content': 'vectors/event_content.arrow',
  'entity.name': 'vectors/entity_name.arrow',
  'event_entity.relation': 'vectors/event_entity_relation.arrow',
});
export const VECTOR_PATHS: string[] = [VECTOR_CONFIG, ...Object.values(VECTOR_FILES), VECTOR_PROFILES, ...Object.values(VECTOR_ROLES)];

/** The reference's Arrow limits (notes-octx-0.1.6.md §5), each per file. */
export interface ArrowLimits {
  maxArrowDimension: number;
  maxArrowBatches: number;
  maxArrowRows: number;
  maxArrowValues: number;
}
export const DEFAULT_ARROW_LIMITS: Readonly<ArrowLimits> = Object.freeze({
  maxArrowDimension: 65_536,
  maxArrowBatches: 100_000,
  maxArrowRows: 10_000_000,
  maxArrowValues: 100_000_000,
});

const FORBIDDEN_KEY = /api|auth|credential|distance|endpoint|header|host|key|metric|normaliz|password|secret|token|url/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/|^www\./i;

export function checkVectorConfig(bytes: Buffer, maxDepth: number, diags: Diagnostic[]): boolean {
  const file = VECTOR_CONFIG;
  const bad = (msg: string, line?: number) => { diags.push(error('OCTX_VECTORS_INVALID', `${file}: ${msg}`, { file, line })); return false; };
  let v: unknown;
  try {
    v = parseJson(decodeUtf8Strict(bytes, file), { maxDepth });
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      diags.push(error(e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID', `${file}: ${e.reason}`, { file, line: e.line || undefined }));
      return false;
    }
    throw e;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return bad('must be a JSON object');
  const o = v as Record<string, unknown>;
  let ok = true;
  if (typeof o.model !== 'string' || o.model === '') ok = bad('"model" must be a non-empty string');
  if (o.revision !== undefined && (typeof o.revision !== 'string' || o.revision === '')) ok = bad('"revision" must be a non-empty string');
  const walk = (x: unknown, path: string): void => {
    if (typeof x === 'string' && URL_LIKE.test(x)) ok = bad(`${path || 'a value'} looks like a URL; a vectors config must not name endpoints`);
    if (typeof x !== 'object' || x === null) return;
    for (const [k, val] of Object.entries(x)) {
      if (FORBIDDEN_KEY.test(k)) ok = bad(`key ${JSON.stringify(k)} is not allowed (no credentials, endpoints or search settings in a package)`);
      walk(val, path ? `${path}.${k}` : k);
    }
  };
  walk(o, '');
  return ok;
}

/** What an Arrow file's record_ids must name: target numbers 0 ≤ n < size, `total` of them. */
export interface ArrowTarget {
  /** The target number of `id`, or -1 when it names no target. */
  numberOf(id: string): number;
  size: number;
  total: number;
  /** A target id without a vector, when some target has none (for the message). */
  firstMissing(seen: Uint8Array): string | undefined;
}

export interface ArrowRules {
  /** complete: every target has exactly one vector; partial: a subset, each at most once. */
  coverage: 'complete' | 'partial';
  /** The list size the file must have (the profile's `dimensions`), when one is declared. */
  dimensions?: number;
  limits: ArrowLimits;
}

/** The targets of a 0.1-config vectors file: every record of `kind`. */
export function recordTarget(ids: SagIds, kind: RecordKind): ArrowTarget {
  return {
    numberOf: (id) => recordOf(ids, id, kind),
    size: ids.kind.length,
    total: ids.counts[kind],
    firstMissing: (seen) => { for (const [id, g] of ids.index) if (ids.kind[g] === kind && !seen[g]) return id; return undefined; },
  };
}

/** Targets named by a list of ids (the relation keys of the profiles layout). */
export function listTarget(idList: readonly string[]): ArrowTarget {
  const index = new Map<string, number>();
  for (const id of idList) if (!index.has(id)) index.set(id, index.size);
  return {
    numberOf: (id) => index.get(id) ?? -1,
    size: index.size,
    total: index.size,
    firstMissing: (seen) => { for (const [id, g] of index) if (!seen[g]) return id; return undefined; },
  };
}

/** Checks one 0.1-config Arrow vectors file; its record_ids must cover the records of `kind` exactly. */
export function checkArrowFile(file: string, bytes: Buffer, ids: SagIds, kind: RecordKind, diags: Diagnostic[], limits: ArrowLimits = DEFAULT_ARROW_LIMITS): boolean {
  return checkArrow(file, bytes, recordTarget(ids, kind), { coverage: 'complete', limits }, diags);
}

/** Checks one Arrow vectors file against its targets and rules, stopping at the first limit it breaks. */
export function checkArrow(file: string, bytes: Buffer, target: ArrowTarget, rules: ArrowRules, diags: Diagnostic[]): boolean {
  const bad = (msg: string) => { diags.push(error('OCTX_VECTORS_INVALID', `${file}: ${msg}`, { file })); return false; };
  const limit = (msg: string) => { diags.push(error('OCTX_RESOURCE_LIMIT', `${file}: ${msg}`, { file })); return false; };
  const { limits } = rules;
  const magic = Buffer.from('ARROW1');
  if (bytes.length < 12 || !bytes.subarray(0, 6).equals(magic) || !bytes.subarray(bytes.length - 6).equals(magic)) {
    return bad('not an Arrow IPC file (the ARROW1 magic is missing; an Arrow stream is not accepted)');
  }
  let reader: Arrow.RecordBatchReader;
  try {
    reader = arrowLib().RecordBatchReader.from(bytes);
    reader.open();
  } catch (e) {
    return bad(`cannot read the Arrow file: ${(e as Error).message}`);
  }
  if (!reader.isFile()) return bad('not an Arrow IPC file');
  const fields = reader.schema.fields;
  const idField = fields.filter((f) => f.name === 'record_id');
  const vecField = fields.filter((f) => f.name === 'vector');
  if (idField.length !== 1 || vecField.length !== 1) return bad('needs exactly one "record_id" and one "vector" column');
  const idf = idField[0]!;
  const vf = vecField[0]!;
  if (!arrowLib().DataType.isUtf8(idf.type) || idf.nullable) return bad('"record_id" must be utf8 not null');
  if (!arrowLib().DataType.isFixedSizeList(vf.type) || vf.nullable) return bad('"vector" must be fixed_size_list<float32>[d] not null');
  const hashField = fields.filter((f) => f.name === 'input_sha256');
  if (hashField.length > 1 || (hashField[0] && !arrowLib().DataType.isUtf8(hashField[0].type))) return bad('"input_sha256", when present, must be one utf8 column');
  const fsl = vf.type as Arrow.FixedSizeList;
  const child = fsl.children[0]!;
  if (!arrowLib().DataType.isFloat(child.type) || (child.type as Arrow.Float).precision !== arrowLib().Precision.SINGLE) return bad('"vector" items must be float32');
  const dim = fsl.listSize;
  if (!(dim > 0)) { diags.push(error('OCTX_VECTOR_DIMENSION_INVALID', `${file}: vector dimension must be positive, got ${dim}`, { file })); return false; }
  if (dim > limits.maxArrowDimension) return limit(`vector dimension ${dim} is above the limit of ${limits.maxArrowDimension} (--max-arrow-dimension)`);
  if (rules.dimensions !== undefined && dim !== rules.dimensions) return bad(`vector dimension is ${dim} but the profile declares ${rules.dimensions}`);
  const footerBatches = (reader as unknown as { numRecordBatches: number }).numRecordBatches;
  const dictionaries = ((reader as unknown as { footer?: { numDictionaries?: number } }).footer?.numDictionaries) ?? 0;
  if (footerBatches + dictionaries > limits.maxArrowBatches) return limit(`${footerBatches + dictionaries} batches are above the limit of ${limits.maxArrowBatches} (--max-arrow-batches)`);
  // One lookup per row: a target number marks its vector seen; ids that are no target are kept in
  // a set only to report a repeat of them.
  const seen = new Uint8Array(target.size);
  const strays = new Set<string>();
  let covered = 0;
  let batches = 0;
  let rows = 0;
  let ok = true;
  try {
    for (const batch of reader) {
      batches++;
      rows += batch.numRows;
      if (rows > limits.maxArrowRows) return limit(`more than ${limits.maxArrowRows} rows (--max-arrow-rows)`);
      if (rows * dim > limits.maxArrowValues) return limit(`more than ${limits.maxArrowValues} vector values (--max-arrow-values)`);
      const col = batch.getChild('record_id')!;
      const vecs = batch.getChild('vector')!;
      if (col.nullCount || vecs.nullCount) ok = bad('null record_id or vector');
      const idAt = recordIds(col);
      for (let i = 0; i < batch.numRows; i++) {
        const id = idAt(i);
        const g = target.numberOf(id);
        if (g < 0) {
          if (strays.has(id)) ok = bad(`record_id ${id} appears twice`);
          strays.add(id);
          ok = bad(`record_id ${id} is not a record of the target file`);
        } else if (seen[g]) ok = bad(`record_id ${id} appears twice`);
        else { seen[g] = 1; covered++; }
      }
      const values = (vecs.data[0]!.children[0]!.values) as Float32Array;
      for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i]!)) { ok = bad('vector values must be finite'); break; }
    }
  } catch (e) {
    return bad(`cannot read the Arrow record batches (compressed or damaged?): ${(e as Error).message}`);
  }
  if (batches !== footerBatches) ok = bad(`the footer lists ${footerBatches} record batches but ${batches} were read`);
  if (rules.coverage === 'complete' && covered < target.total) {
    const missing = target.firstMissing(seen);
    ok = bad(`record ${missing ?? '?'} has no vector${covered + 1 < target.total ? ` (${target.total - covered} records have none)` : ''}`);
  }
  return ok;
}

/** The kind of record a vectors file covers. */
export function targetKind(file: string): RecordKind {
  if (file === VECTOR_FILES.chunks) return KIND_CHUNK;
  if (file === VECTOR_FILES.events) return KIND_EVENT;
  return KIND_ENTITY;
}

/**
 * Row → record_id of a utf8 column. Arrow JS decodes each value through TextDecoder (~1 µs a row);
 * when the column is one chunk of ASCII (UUIDs always are), one latin1 decode of the data buffer
 * and a slice per row give the same strings.
 */
function recordIds(col: Arrow.Vector): (i: number) => string {
  const d = col.data.length === 1 ? col.data[0]! : undefined;
  const offsets = d?.valueOffsets as Int32Array | undefined;
  const values = d?.values as Uint8Array | undefined;
  if (!d || d.offset !== 0 || !offsets || !values || !isAscii(values)) return (i) => col.get(i) as string;
  const text = Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString('latin1');
  return (i) => text.slice(offsets[i]!, offsets[i + 1]!);
}
