// JSONL reading (§8): UTF-8 without BOM, one strict JSON object per line, no empty lines, a final
// newline optional, each line bounded in length.
import { isUtf8 } from 'node:buffer';
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError } from '../core/strict-json.js';

export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

interface RawLine {
  line: number;
  /** Bytes of the line without its newline (and CR). */
  length: number;
  /** The decoded text, or undefined when the line is not UTF-8. */
  text: string | undefined;
}

/**
 * A JSONL file's lines, decoded one at a time from the bytes (a newline byte never falls inside a
 * UTF-8 sequence), so a large record file is never also held as one decoded string. One native
 * UTF-8 check of the whole file lets valid files skip the strict decoder; only a file that fails it
 * is decoded strictly line by line, to name the bad line. Lines longer than `maxBytes` are not
 * decoded at all.
 */
function* rawLines(bytes: Buffer, maxBytes = Infinity): Generator<RawLine> {
  const valid = isUtf8(bytes);
  let line = 0;
  for (let start = 0; start < bytes.length;) {
    line++;
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const stop = end > start && bytes[end - 1] === 0x0d ? end - 1 : end;
    let text: string | undefined;
    if (stop - start <= maxBytes) {
      try { text = valid ? bytes.toString('utf8', start, stop) : UTF8.decode(bytes.subarray(start, stop)); } catch { text = undefined; }
    }
    yield { line, length: stop - start, text };
    start = end + 1;
  }
}

/** Reads the records of one JSONL file; `skip` leaves out lines given word for word (diff). */
export function readJsonl(file: string, bytes: Buffer, maxDepth: number, maxLineBytes: number, diags: Diagnostic[], skip?: ReadonlySet<string>): JsonlRecord[] | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    diags.push(error('OCTX_JSON_INVALID', `${file} must not contain a UTF-8 BOM`, { file, line: 1 }));
    return undefined;
  }
  const out: JsonlRecord[] = [];
  let ok = true;
  for (const { line, length, text: s } of rawLines(bytes, maxLineBytes)) {
    if (length > maxLineBytes) {
      diags.push(error('OCTX_JSONL_LINE_TOO_LONG', `${file}:${line} is longer than ${maxLineBytes} bytes (--max-line-bytes)`, { file, line }));
      ok = false;
      continue;
    }
    if (s === undefined) {
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
      out.push({ line, value: v as Record<string, unknown> });
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
  for (const { text } of rawLines(bytes)) if (text !== undefined) out.add(text);
  return out;
}
