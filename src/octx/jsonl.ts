// JSONL reading (§8): UTF-8 without BOM, one strict JSON object per line, no empty lines, a final
// newline optional, each line bounded in length.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError, decodeUtf8Strict } from '../core/strict-json.js';

export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
  /** The line's text (a slice of the file's text, not a copy). */
  raw?: string;
}

export function readJsonl(file: string, bytes: Buffer, maxDepth: number, maxLineBytes: number, diags: Diagnostic[]): JsonlRecord[] | undefined {
  let text: string;
  try {
    text = decodeUtf8Strict(bytes, file);
  } catch (e) {
    diags.push(error('OCTX_JSON_INVALID', (e as JsonSyntaxError).reason, { file, line: 1 }));
    return undefined;
  }
  const out: JsonlRecord[] = [];
  let ok = true;
  let start = 0;
  let line = 0;
  while (start < text.length) {
    line++;
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let s = text.slice(start, end);
    start = end + 1;
    if (s.endsWith('\r')) s = s.slice(0, -1);
    if (s.length > maxLineBytes && Buffer.byteLength(s) > maxLineBytes) {
      diags.push(error('OCTX_JSONL_LINE_TOO_LONG', `${file}:${line} is longer than ${maxLineBytes} bytes (--max-line-bytes)`, { file, line }));
      ok = false;
      continue;
    }
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
      out.push({ line, value: v as Record<string, unknown>, raw: s });
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      diags.push(error(e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID', `${file}:${line}: ${e.reason}`, { file, line, column: e.column }));
      ok = false;
    }
  }
  return ok ? out : undefined;
}
