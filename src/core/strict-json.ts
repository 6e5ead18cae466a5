// Strict JSON (RFC 8259) parsing: rejects duplicate keys at any depth, a BOM, NaN/Infinity, trailing
// data and over-deep nesting, keeps integers beyond 2^53 exact as bigint, and can report the source
// range of each top-level member (CTXPKG hashes the exact text of one member).
import { decodeUtf8, hasBom } from './utf8.js';

export type JsonErrorCode = 'JSON_INVALID' | 'JSON_DUPLICATE_KEY' | 'JSON_DEPTH';

export class JsonSyntaxError extends Error {
  readonly code: JsonErrorCode;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  constructor(code: JsonErrorCode, message: string, text: string, offset: number) {
    const { line, column } = lineColumn(text, offset);
    super(`${message} at line ${line}, column ${column}`);
    this.name = 'JsonSyntaxError';
    this.code = code;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.reason = message;
  }
  readonly reason: string;
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}

export interface JsonParseOptions {
  /** Maximum nesting of arrays and objects (default 100). */
  maxDepth?: number;
  /**
   * Converts a number lexeme. Default: integers outside the safe range become bigint, everything
   * else a JS number (a float lexeme that overflows becomes ±Infinity; callers check finiteness).
   */
  number?: (lexeme: string, isInteger: boolean) => unknown;
}

export interface MemberRange {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  /** Offsets of the value's first character and one past its last. */
  valueStart: number;
  valueEnd: number;
}

export interface ParsedWithRanges {
  value: unknown;
  /** Members of the top-level object in document order (empty when the top level is not an object). */
  members: MemberRange[];
  /**
   * Every run of whitespace between tokens, as [start, end) offset pairs in document order: what
   * §8 compaction removes, so that compacting a member is slicing, not a second scan.
   */
  spaces: number[];
}

/** The [start, end) pairs of `[start, end)` that lie outside the recorded whitespace runs, in order. */
export function outsideSpaces(spaces: readonly number[], start: number, end: number): number[] {
  // The first run ending after `start` (runs are sorted and disjoint).
  let lo = 0;
  let hi = spaces.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spaces[mid * 2 + 1]! <= start) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  let at = start;
  for (let k = lo * 2; k < spaces.length && spaces[k]! < end; k += 2) {
    if (spaces[k]! > at) out.push(at, spaces[k]!);
    at = Math.min(end, Math.max(at, spaces[k + 1]!));
  }
  if (end > at) out.push(at, end);
  return out;
}

/** `text[start, end)` without the whitespace runs the parser recorded there (ParsedWithRanges.spaces). */
export function withoutSpaces(text: string, spaces: readonly number[], start: number, end: number): string {
  const keep = outsideSpaces(spaces, start, end);
  if (keep.length === 2) return text.slice(keep[0], keep[1]);
  const parts: string[] = [];
  for (let k = 0; k < keep.length; k += 2) parts.push(text.slice(keep[k], keep[k + 1]));
  return parts.join('');
}

export function parseJson(text: string, options: JsonParseOptions = {}): unknown {
  if (!options.number) {
    const quick = parseFast(text, options.maxDepth ?? 100);
    if (quick) return quick.value;
  }
  return parseJsonStrict(text, options);
}

/** The hand-written parser alone: what parseJson answers whenever the fast path declines. */
export function parseJsonStrict(text: string, options: JsonParseOptions = {}): unknown {
  return new Parser(text, options, false).parseDocument().value;
}

// A key is the only string a colon may follow in valid JSON, and an unescaped quote always
// delimits a string: so a colon right after a quote with an even run of backslashes before it marks
// exactly one key. A colon after white space after such a quote may be a key spaced from its colon
// (or text inside a string that starts there): then the count is not trusted (-1) and the strict
// parser decides. JSON.parse keeps the last of duplicate keys, so its objects then hold fewer keys
// than the text names. One pass over the colons: a regex for spaced keys cost as much again.
function keyTokens(text: string): number {
  let n = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let q = i - 1;
    let spaced = false;
    while (q >= 0 && isSpace(text.charCodeAt(q))) { q--; spaced = true; }
    if (q < 0 || text.charCodeAt(q) !== 0x22) continue; // inside a string
    let b = 0;
    while (q - 1 - b >= 0 && text.charCodeAt(q - 1 - b) === 0x5c) b++;
    if (b % 2 === 1) continue; // an escaped quote: inside a string
    if (spaced) return -1;
    n++;
  }
  return n;
}
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * JSON.parse (native, ~10× the hand parser on the records of a large package, issue 7) when its
 * answer provably equals the strict parser's: no integer beyond 2^53 and no overflow to Infinity
 * (the strict parser keeps big integers exact as bigint), nesting within bounds, and as many keys in the result as in the text (no
 * duplicates). Anything else — including every syntax error — is left to the strict parser, which
 * reports it with its position.
 */
function parseFast(text: string, maxDepth: number): { value: unknown } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  let keys = 0;
  let decline = false;
  const walk = (v: unknown, depth: number): void => {
    if (typeof v === 'number') { if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) decline = true; return; }
    if (typeof v !== 'object' || v === null) return;
    if (depth >= maxDepth) { decline = true; return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, depth + 1); return; }
    for (const k in v) { keys++; walk((v as Record<string, unknown>)[k], depth + 1); }
  };
  walk(value, 0);
  if (decline) return undefined;
  return keyTokens(text) === keys ? { value } : undefined;
}

export function parseJsonWithRanges(text: string, options: JsonParseOptions = {}): ParsedWithRanges {
  return new Parser(text, options, true).parseDocument();
}

/** Decodes UTF-8 strictly: invalid sequences and a BOM are errors, not replacement characters. */
export function decodeUtf8Strict(bytes: Uint8Array, what = 'input'): string {
  if (hasBom(bytes)) {
    throw new JsonSyntaxError('JSON_INVALID', `${what} must not contain a UTF-8 BOM`, '', 0);
  }
  // The BOM is refused above, so the decoder's BOM stripping never applies.
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new JsonSyntaxError('JSON_INVALID', `${what} is not valid UTF-8`, '', 0);
  return text;
}

function defaultNumber(lexeme: string, isInteger: boolean): unknown {
  if (isInteger && lexeme.length > 15) {
    const big = BigInt(lexeme);
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) return big;
    return Number(big);
  }
  return Number(lexeme);
}

const WS = new Uint8Array(128);
WS[0x20] = WS[0x09] = WS[0x0a] = WS[0x0d] = 1;

class Parser {
  private i = 0;
  private readonly maxDepth: number;
  private readonly num: (lexeme: string, isInteger: boolean) => unknown;
  private readonly spaces: number[] | null;
  /**
   * At each depth, the keys of the last object parsed there, in order: objects of one kind (300k
   * edges) repeat their keys, and a key matched against this list is neither scanned, sliced, nor
   * looked up among the object's earlier keys again. The list is always exactly one object's keys
   * (each without escapes), so a run of matches is a run of distinct keys.
   */
  private readonly shapes: string[][] = [];
  constructor(private readonly s: string, opts: JsonParseOptions, private readonly ranges: boolean) {
    this.spaces = ranges ? [] : null;
    this.maxDepth = opts.maxDepth ?? 100;
    this.num = opts.number ?? defaultNumber;
  }

  private fail(message: string, code: JsonErrorCode = 'JSON_INVALID', at = this.i): never {
    throw new JsonSyntaxError(code, message, this.s, at);
  }

  private ws(): void {
    const s = this.s;
    const start = this.i;
    let i = start;
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c < 128 && WS[c]) i++;
      else break;
    }
    if (i > start && this.spaces) this.spaces.push(start, i);
    this.i = i;
  }

  parseDocument(): ParsedWithRanges {
    if (this.s.charCodeAt(0) === 0xfeff) this.fail('JSON must not start with a byte order mark');
    this.ws();
    const members: MemberRange[] = [];
    const value = this.value(0, this.ranges ? members : null);
    this.ws();
    if (this.i < this.s.length) this.fail('unexpected data after the JSON value');
    return { value, members, spaces: this.spaces ?? [] };
  }

  private value(depth: number, members: MemberRange[] | null): unknown {
    const s = this.s;
    if (this.i >= s.length) this.fail('unexpected end of JSON');
    const c = s.charCodeAt(this.i);
    switch (c) {
      case 0x7b: return this.object(depth + 1, members);
      case 0x5b: return this.array(depth + 1);
      case 0x22: return this.string();
      case 0x74: return this.literal('true', true);
      case 0x66: return this.literal('false', false);
      case 0x6e: return this.literal('null', null);
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
        if (s.startsWith('NaN', this.i) || s.startsWith('Infinity', this.i) || s.startsWith('-Infinity', this.i)) {
          this.fail('NaN and Infinity are not JSON numbers');
        }
        this.fail(`unexpected character ${JSON.stringify(s[this.i])}`);
    }
  }

  private literal(word: string, v: unknown): unknown {
    if (!this.s.startsWith(word, this.i)) this.fail(`unexpected token (expected ${word})`);
    this.i += word.length;
    return v;
  }

  private object(depth: number, members: MemberRange[] | null): Record<string, unknown> {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth}`, 'JSON_DEPTH');
    const s = this.s;
    const obj: Record<string, unknown> = {};
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 0x7d) { this.i++; return obj; }
    const shape = (this.shapes[depth] ??= []);
    let matching = true; // every key so far was shape[k]
    let storing = true; // every key so far is in shape
    for (let k = 0; ; k++) {
      this.ws();
      if (s.charCodeAt(this.i) !== 0x22) this.fail('expected a string key');
      const keyStart = this.i;
      const known = matching ? shape[k] : undefined;
      let key: string;
      if (known !== undefined && s.charCodeAt(keyStart + 1 + known.length) === 0x22 && s.startsWith(known, keyStart + 1)) {
        key = known;
        this.i = keyStart + known.length + 2;
      } else {
        key = this.string();
        if (Object.prototype.hasOwnProperty.call(obj, key)) {
          this.fail(`duplicate key ${JSON.stringify(key)}`, 'JSON_DUPLICATE_KEY', keyStart);
        }
        // From here the list becomes this object's keys (as far as they can be matched by text:
        // a key written with escapes ends it).
        if (matching) { matching = false; shape.length = k; }
        if (storing && this.i - keyStart - 2 === key.length) shape.push(key);
        else storing = false;
      }
      this.ws();
      if (s.charCodeAt(this.i) !== 0x3a) this.fail("expected ':' after a key");
      this.i++;
      this.ws();
      const valueStart = this.i;
      const v = this.value(depth, null);
      if (key === '__proto__') Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
      else obj[key] = v;
      if (members) members.push({ key, keyStart, valueStart, valueEnd: this.i });
      this.ws();
      const c = s.charCodeAt(this.i);
      if (c === 0x2c) { this.i++; continue; }
      if (c === 0x7d) { this.i++; return obj; }
      this.fail("expected ',' or '}' in an object");
    }
  }

  private array(depth: number): unknown[] {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth}`, 'JSON_DEPTH');
    const s = this.s;
    const arr: unknown[] = [];
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 0x5d) { this.i++; return arr; }
    for (;;) {
      this.ws();
      arr.push(this.value(depth, null));
      this.ws();
      const c = s.charCodeAt(this.i);
      if (c === 0x2c) { this.i++; continue; }
      if (c === 0x5d) { this.i++; return arr; }
      this.fail("expected ',' or ']' in an array");
    }
  }

  private string(): string {
    const s = this.s;
    const start = ++this.i;
    let i = start;
    // Fast path: no escapes.
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 0x22) { this.i = i + 1; return s.slice(start, i); }
      if (c === 0x5c) break;
      if (c < 0x20) this.fail('control character in a string', 'JSON_INVALID', i);
    }
    let out = s.slice(start, i);
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 0x22) { this.i = i + 1; return out; }
      if (c < 0x20) this.fail('control character in a string', 'JSON_INVALID', i);
      if (c !== 0x5c) {
        let j = i + 1;
        while (j < s.length) { const d = s.charCodeAt(j); if (d === 0x22 || d === 0x5c || d < 0x20) break; j++; }
        out += s.slice(i, j);
        i = j;
        continue;
      }
      const e = s[i + 1];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\u escape', 'JSON_INVALID', i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        default: this.fail('invalid escape in a string', 'JSON_INVALID', i);
      }
      i += 2;
    }
    this.fail('unterminated string', 'JSON_INVALID', start - 1);
  }

  private number(): unknown {
    const s = this.s;
    const start = this.i;
    let i = start;
    let isInteger = true;
    if (s.charCodeAt(i) === 0x2d) i++;
    const d0 = s.charCodeAt(i);
    if (d0 === 0x30) i++;
    else if (d0 >= 0x31 && d0 <= 0x39) { while (isDigit(s.charCodeAt(i))) i++; }
    else {
      if (s.startsWith('Infinity', i)) this.fail('NaN and Infinity are not JSON numbers', 'JSON_INVALID', start);
      this.fail('invalid number', 'JSON_INVALID', start);
    }
    if (s.charCodeAt(i) === 0x2e) {
      isInteger = false;
      i++;
      if (!isDigit(s.charCodeAt(i))) this.fail('invalid number: digits expected after the decimal point', 'JSON_INVALID', start);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    const e = s.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      isInteger = false;
      i++;
      const sign = s.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(s.charCodeAt(i))) this.fail('invalid number: digits expected in the exponent', 'JSON_INVALID', start);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    if (isDigit(s.charCodeAt(i))) this.fail('invalid number: leading zero', 'JSON_INVALID', start);
    this.i = i;
    return this.num(s.slice(start, i), isInteger);
  }
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}
