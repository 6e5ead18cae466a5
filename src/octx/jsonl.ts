// JSONL reading (§8): UTF-8 without BOM, one strict JSON object per line, no empty lines, a final
// newline optional, each line bounded in length.
import { isUtf8 } from 'node:buffer';
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError } from '../core/strict-json.js';

export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
  /** The line's text, when asked for. */
  raw?: string;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Reads the records of one JSONL file. Lines are decoded one at a time from the bytes (a newline
 * byte never falls inside a UTF-8 sequence), so a large record file is never also held as one
 * decoded string. `keepRaw` keeps each line's text on its record (diff digests lines).
 */
export function readJsonl(file: string, bytes: Buffer, maxDepth: number, maxLineBytes: number, diags: Diagnostic[], keepRaw = false, skip?: ReadonlySet<string>): JsonlRecord[] | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    diags.push(error('OCTX_JSON_INVALID', `${file} must not contain a UTF-8 BOM`, { file, line: 1 }));
    return undefined;
  }
  // One native UTF-8 check of the whole file; lines are then decoded without a check each, and
  // only a file that fails it is decoded strictly line by line to name the bad line.
  const valid = isUtf8(bytes);
  const out: JsonlRecord[] = [];
  let ok = true;
  let start = 0;
  let line = 0;
  while (start < bytes.length) {
    line++;
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    let stop = end;
    if (stop > start && bytes[stop - 1] === 0x0d) stop--;
    const lineStart = start;
    start = end + 1;
    if (stop - lineStart > maxLineBytes) {
      diags.push(error('OCTX_JSONL_LINE_TOO_LONG', `${file}:${line} is longer than ${maxLineBytes} bytes (--max-line-bytes)`, { file, line }));
      ok = false;
      continue;
    }
    let s: string;
    try {
      s = valid ? bytes.toString('utf8', lineStart, stop) : UTF8.decode(bytes.subarray(lineStart, stop));
    } catch {
      diags.push(error('OCTX_JSON_INVALID', `${file}:${line} is not valid UTF-8`, { file, line }));
      ok = false;
      continue;
    }
    // A diff leaves out lines the other version holds word for word: they are the same records.
    if (skip?.has(s)) continue;
    if (s.trim() === '') {
      diags.push(error('OCTX_JSONL_EMPTY_LINE', `${file}:${line} is empty; JSONL allows no blank lines`, { file, line }));
      ok = false;
      continue;
    }
    try {
      const v = parseJson(s, { maxDepth });
      if (typeof v !== 'object' || v === null || Array.isArray(v)) {
        diags.push(error('OCTX_SCHEMA_VALIDATION', `${file}:${line} must be a JSON object`, { file, line }));
        ok = false;
        continue;
      }
      out.push(keepRaw ? { line, value: v as Record<string, unknown>, raw: s } : { line, value: v as Record<string, unknown> });
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      diags.push(error(e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID', `${file}:${line}: ${e.reason}`, { file, line, column: e.column }));
      ok = false;
    }
  }
  return ok ? out : undefined;
}

/** The lines of a JSONL file as readJsonl sees them (CR stripped); lines that are not UTF-8 are left out. */
export function jsonlLines(bytes: Buffer): Set<string> {
  const out = new Set<string>();
  const valid = isUtf8(bytes);
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
    try { out.add(valid ? bytes.toString('utf8', start, stop) : UTF8.decode(bytes.subarray(start, stop))); } catch { /* never equal to a decoded line */ }
    start = end + 1;
  }
  return out;
}
