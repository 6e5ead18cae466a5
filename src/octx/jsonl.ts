// JSONL reading (§8): UTF-8 without BOM, one strict JSON object per line, no empty lines, a final
// newline optional, each line bounded in length.
import { isUtf8 } from 'node:buffer';
import { error, type Diagnostic } from '../core/diagnostics.js';
import { parseJson, JsonSyntaxError } from '../core/strict-json.js';
import { hasBom } from '../core/utf8.js';

export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

/**
 * Splits a JSONL byte stream, given in blocks of any size, into lines and hands each line's text
 * to `onLine` (undefined when the line is not UTF-8 or is longer than `maxBytes`; `length` counts
 * its bytes without newline and CR). A newline byte never falls inside a UTF-8 sequence, so the
 * complete lines of a block are checked with one native UTF-8 test; only a line that spans blocks
 * is copied, and a line longer than the limit is counted, never accumulated: memory holds one
 * block and one line however large the file.
 */
export class LineSplitter {
  private line = 0;
  private carry: Buffer[] = [];
  private carryLen = 0;
  private lastByte = -1;

  constructor(private readonly maxBytes: number, private readonly onLine: (line: number, length: number, text: string | undefined) => void) {}

  push(block: Buffer): void {
    let start = 0;
    let nl = block.indexOf(0x0a);
    if (nl >= 0 && this.carryLen > 0) {
      this.add(block.subarray(0, nl));
      this.flushCarry();
      start = nl + 1;
      nl = block.indexOf(0x0a, start);
    }
    if (nl >= 0) {
      // The complete lines [start, last newline) of this block.
      const last = block.lastIndexOf(0x0a);
      const valid = isUtf8(block.subarray(start, last));
      while (nl >= 0) {
        this.emit(block, start, nl, valid);
        start = nl + 1;
        nl = block.indexOf(0x0a, start);
      }
    }
    if (start < block.length) this.add(block.subarray(start));
  }

  /** The last line, when the file does not end with a newline. */
  end(): void {
    if (this.carryLen > 0) this.flushCarry();
  }

  private emit(block: Buffer, start: number, end: number, valid: boolean): void {
    this.line++;
    const stop = end > start && block[end - 1] === 0x0d ? end - 1 : end;
    let text: string | undefined;
    if (stop - start <= this.maxBytes) text = valid ? block.toString('utf8', start, stop) : decodeLine(block.subarray(start, stop));
    this.onLine(this.line, stop - start, text);
  }

  private add(piece: Buffer): void {
    if (!piece.length) return;
    this.lastByte = piece[piece.length - 1]!;
    // Beyond the limit (with room for a CR) the line is only counted.
    if (this.carryLen + piece.length <= this.maxBytes + 1) this.carry.push(Buffer.from(piece));
    else this.carry = [];
    this.carryLen += piece.length;
  }

  private flushCarry(): void {
    this.line++;
    const length = this.lastByte === 0x0d ? this.carryLen - 1 : this.carryLen;
    let text: string | undefined;
    if (length <= this.maxBytes) text = decodeLine(Buffer.concat(this.carry).subarray(0, length));
    this.carry = [];
    this.carryLen = 0;
    this.lastByte = -1;
    this.onLine(this.line, length, text);
  }
}

// A leading U+FEFF inside a line is content here (the file's BOM is refused before splitting).
function decodeLine(bytes: Buffer): string | undefined {
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}

/**
 * Parses a JSONL file given in blocks and hands each record to `onRecord` as soon as its line is
 * parsed, so a caller that keeps a few fields lets the rest be collected line by line. `end()`
 * is false when any line failed (its diagnostic is in `diags`); records after a failure are not
 * handed on.
 */
export class JsonlParser {
  private ok = true;
  private head: Buffer | undefined = Buffer.alloc(0);
  private bom = false;
  private readonly lines: LineSplitter;

  constructor(private readonly file: string, maxDepth: number, maxLineBytes: number, private readonly diags: Diagnostic[],
    onRecord: (value: Record<string, unknown>, line: number) => void, maxRecords = Number.POSITIVE_INFINITY) {
    let overLimit = false;
    this.lines = new LineSplitter(maxLineBytes, (line, length, s) => {
      // Counted while reading, empty lines included, as the reference counts (max_jsonl_records).
      if (line > maxRecords) {
        if (!overLimit) this.fail(error('OCTX_RESOURCE_LIMIT', `${file} has more than ${maxRecords} lines (--max-jsonl-records)`, { file, line }));
        overLimit = true;
        return;
      }
      if (length > maxLineBytes) {
        this.fail(error('OCTX_JSONL_LINE_TOO_LONG', `${file}:${line} is longer than ${maxLineBytes} bytes (--max-line-bytes)`, { file, line }));
        return;
      }
      if (s === undefined) { this.fail(error('OCTX_JSON_INVALID', `${file}:${line} is not valid UTF-8`, { file, line })); return; }
      if (s.trim() === '') { this.fail(error('OCTX_JSONL_EMPTY_LINE', `${file}:${line} is empty; JSONL allows no blank lines`, { file, line })); return; }
      let v: unknown;
      try {
        v = parseJson(s, { maxDepth });
      } catch (e) {
        if (!(e instanceof JsonSyntaxError)) throw e;
        this.fail(error(e.code === 'JSON_DUPLICATE_KEY' ? 'OCTX_JSON_DUPLICATE_KEY' : 'OCTX_JSON_INVALID', `${file}:${line}: ${e.reason}`, { file, line, column: e.column }));
        return;
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v)) { this.fail(error('OCTX_SCHEMA_VALIDATION', `${file}:${line} must be a JSON object`, { file, line })); return; }
      if (this.ok) onRecord(v as Record<string, unknown>, line);
    });
  }

  push(block: Buffer): void {
    if (this.bom || !block.length) return;
    if (this.head) {
      // The BOM check needs the first three bytes, which a stream may split.
      block = this.head.length ? Buffer.concat([this.head, block]) : block;
      if (block.length < 3) { this.head = block; return; }
      this.head = undefined;
      if (hasBom(block)) {
        this.bom = true;
        this.fail(error('OCTX_JSON_INVALID', `${this.file} must not contain a UTF-8 BOM`, { file: this.file, line: 1 }));
        return;
      }
    }
    this.lines.push(block);
  }

  end(): boolean {
    if (this.head?.length) this.lines.push(this.head);
    this.head = undefined;
    if (!this.bom) this.lines.end();
    return this.ok;
  }

  private fail(d: Diagnostic): void {
    this.diags.push(d);
    this.ok = false;
  }
}

/** Reads the records of one JSONL file. */
export function readJsonl(file: string, bytes: Buffer, maxDepth: number, maxLineBytes: number, diags: Diagnostic[], maxRecords?: number): JsonlRecord[] | undefined {
  const out: JsonlRecord[] = [];
  const p = new JsonlParser(file, maxDepth, maxLineBytes, diags, (value, line) => { out.push({ line, value }); }, maxRecords);
  p.push(bytes);
  return p.end() ? out : undefined;
}

/** The lines of a file by key: chains of line numbers through `next` (-1 ends a chain). */
interface LineIndex {
  bytes: Buffer;
  starts: number[];
  /** End of each line, CR stripped. */
  ends: number[];
  head: Map<number, number>;
  next: number[];
}

/**
 * A cheap key of a line's bytes: its length and eight 32-bit words spread over it. Equal keys are
 * only candidates; lines are compared byte for byte, so the key needs no strength, only spread.
 * It stays a small integer, which a Map hashes fastest.
 */
function lineKey(b: Buffer, start: number, end: number): number {
  const n = end - start;
  let h = n | 0;
  if (n >= 4) {
    const step = ((n - 4) / 7) | 0;
    for (let i = 0; i < 8; i++) h = Math.imul(h ^ b.readInt32LE(start + i * step), 0x9e3779b1);
  } else {
    for (let i = start; i < end; i++) h = Math.imul(h ^ b[i]!, 0x9e3779b1);
  }
  return h & 0x3fffffff;
}

/** Where the line starting at `start` ends (before a CR), and where the next one starts. */
function lineEnd(b: Buffer, start: number): number {
  const nl = b.indexOf(0x0a, start);
  const stop = nl < 0 ? b.length : nl;
  return stop > start && b[stop - 1] === 0x0d ? stop - 1 : stop;
}

function nextLine(b: Buffer, end: number): number {
  if (b[end] === 0x0d) end++;
  return end + 1;
}

function lineIndex(bytes: Buffer): LineIndex {
  const ix: LineIndex = { bytes, starts: [], ends: [], head: new Map(), next: [] };
  for (let s = 0, n = 0; s < bytes.length; n++) {
    const e = lineEnd(bytes, s);
    const k = lineKey(bytes, s, e);
    ix.starts.push(s);
    ix.ends.push(e);
    ix.next.push(ix.head.get(k) ?? -1);
    ix.head.set(k, n);
    s = nextLine(bytes, e);
  }
  return ix;
}

function holds(ix: LineIndex, b: Buffer, start: number, end: number): boolean {
  for (let n = ix.head.get(lineKey(b, start, end)) ?? -1; n >= 0; n = ix.next[n]!) {
    const s = ix.starts[n]!;
    const e = ix.ends[n]!;
    if (e - s === end - start && ix.bytes.compare(b, start, end, s, e) === 0) return true;
  }
  return false;
}

/**
 * The lines of `mine` that `theirs` does not hold word for word (CR stripped, anywhere in the
 * file), as JSONL in their order. In a diff such lines are the only records that can differ, so a
 * file with one edited record is parsed for one line, on both sides, and no unchanged line is ever
 * decoded. A file with a BOM is returned whole, so that reading it fails as it would alone.
 */
export function linesNotIn(mine: Buffer, theirs: Buffer): Buffer {
  if (hasBom(mine)) return mine;
  const ix = lineIndex(theirs);
  const keep: Buffer[] = [];
  for (let s = 0; s < mine.length;) {
    const e = lineEnd(mine, s);
    if (!holds(ix, mine, s, e)) keep.push(mine.subarray(s, e), NEWLINE);
    s = nextLine(mine, e);
  }
  return Buffer.concat(keep);
}

const NEWLINE = Buffer.from('\n');
