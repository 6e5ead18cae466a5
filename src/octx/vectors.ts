// vectors/0.1 (§7, §8): a config without credentials or endpoints, and Arrow IPC *file* vectors
// whose record IDs cover the target records exactly, with finite float32 values.
import type * as Arrow from 'apache-arrow';
import { isAscii } from 'node:buffer';
import { lazyRequire } from '../core/lazy.js';

const arrowLib = lazyRequire<typeof Arrow>('apache-arrow');
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError, decodeUtf8Strict } from '../core/strict-json.js';
import { KIND_CHUNK, KIND_ENTITY, KIND_EVENT, recordOf, type RecordKind, type SagIds } from './records-fast.js';

export const VECTOR_CONFIG = 'vectors/config.json';
export const VECTOR_FILES = { chunks: 'vectors/chunks.arrow', events: 'vectors/events.arrow', entities: 'vectors/entities.arrow' } as const;
export const VECTOR_PATHS: string[] = [VECTOR_CONFIG, ...Object.values(VECTOR_FILES)];

const FORBIDDEN_KEY = /api|auth|credential|distance|endpoint|header|host|key|metric|normaliz|password|secret|token|url/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/|^www\./i;
const MAX_DIM = 65536;

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

/** Checks one Arrow vectors file; its record_ids must cover the records of `kind` exactly. */
export function checkArrowFile(file: string, bytes: Buffer, ids: SagIds, kind: RecordKind, diags: Diagnostic[]): boolean {
  const bad = (msg: string) => { diags.push(error('OCTX_VECTORS_INVALID', `${file}: ${msg}`, { file })); return false; };
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
  const fsl = vf.type as Arrow.FixedSizeList;
  const child = fsl.children[0]!;
  if (!arrowLib().DataType.isFloat(child.type) || (child.type as Arrow.Float).precision !== arrowLib().Precision.SINGLE) return bad('"vector" items must be float32');
  if (!(fsl.listSize > 0 && fsl.listSize <= MAX_DIM)) return bad(`vector dimension must be 1…${MAX_DIM}, got ${fsl.listSize}`);
  const footerBatches = (reader as unknown as { numRecordBatches: number }).numRecordBatches;
  // One lookup per row: a record number marks its vector seen; ids that are no target record are
  // kept in a set only to report a repeat of them.
  const seen = new Uint8Array(ids.kind.length);
  const strays = new Set<string>();
  let covered = 0;
  let batches = 0;
  let ok = true;
  try {
    for (const batch of reader) {
      batches++;
      const col = batch.getChild('record_id')!;
      const vecs = batch.getChild('vector')!;
      if (col.nullCount || vecs.nullCount) ok = bad('null record_id or vector');
      const idAt = recordIds(col);
      for (let i = 0; i < batch.numRows; i++) {
        const id = idAt(i);
        const g = recordOf(ids, id, kind);
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
  if (covered < ids.counts[kind]) {
    for (const [id, g] of ids.index) if (ids.kind[g] === kind && !seen[g]) { ok = bad(`record ${id} has no vector`); break; }
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
