import { createRequire as __ctxforgeRequire } from 'node:module';
const require = __ctxforgeRequire(import.meta.url);

// src/octx/record-worker.ts
import { createHash as createHash2 } from "node:crypto";
import { crc32 as crc322 } from "node:zlib";
import { closeSync as closeSync2, constants as constants2, openSync as openSync2 } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

// src/octx/jsonl.ts
import { isUtf8 as isUtf82 } from "node:buffer";

// src/core/diagnostics.ts
function error(code, message, loc = {}) {
  return clean({ severity: "error", code, message, ...loc });
}
function warning(code, message, loc = {}) {
  return clean({ severity: "warning", code, message, ...loc });
}
function clean(d) {
  for (const k of ["file", "line", "column", "hint", "alias"]) if (d[k] === void 0) delete d[k];
  return d;
}

// src/core/utf8.ts
import { isUtf8 } from "node:buffer";
function decodeUtf8(bytes) {
  if (!isUtf8(bytes)) return void 0;
  return stripBom(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
}
function hasBom(bytes) {
  return bytes.length >= 3 && bytes[0] === 239 && bytes[1] === 187 && bytes[2] === 191;
}
function stripBom(text) {
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}

// src/core/strict-json.ts
var JsonSyntaxError = class extends Error {
  code;
  offset;
  line;
  column;
  constructor(code, message, text, offset) {
    const { line, column } = lineColumn(text, offset);
    super(`${message} at line ${line}, column ${column}`);
    this.name = "JsonSyntaxError";
    this.code = code;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.reason = message;
  }
  reason;
};
function lineColumn(text, offset) {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}
function parseJson(text, options = {}) {
  if (!options.number) {
    const quick = parseFast(text, options.maxDepth ?? 100);
    if (quick) return quick.value;
  }
  return parseJsonStrict(text, options);
}
function parseJsonStrict(text, options = {}) {
  return new Parser(text, options, false).parseDocument().value;
}
function keyTokens(text) {
  let n = 0;
  for (let i = text.indexOf(":"); i !== -1; i = text.indexOf(":", i + 1)) {
    let q = i - 1;
    let spaced = false;
    while (q >= 0 && isSpace(text.charCodeAt(q))) {
      q--;
      spaced = true;
    }
    if (q < 0 || text.charCodeAt(q) !== 34) continue;
    let b = 0;
    while (q - 1 - b >= 0 && text.charCodeAt(q - 1 - b) === 92) b++;
    if (b % 2 === 1) continue;
    if (spaced) return -1;
    n++;
  }
  return n;
}
var isSpace = (c) => c === 32 || c === 9 || c === 10 || c === 13;
function parseFast(text, maxDepth) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return void 0;
  }
  let keys = 0;
  let decline = false;
  const walk = (v, depth) => {
    if (typeof v === "number") {
      if (!Number.isFinite(v) || Number.isInteger(v) && !Number.isSafeInteger(v)) decline = true;
      return;
    }
    if (typeof v !== "object" || v === null) return;
    if (depth >= maxDepth) {
      decline = true;
      return;
    }
    if (Array.isArray(v)) {
      for (const x of v) walk(x, depth + 1);
      return;
    }
    for (const k in v) {
      keys++;
      walk(v[k], depth + 1);
    }
  };
  walk(value, 0);
  if (decline) return void 0;
  return keyTokens(text) === keys ? { value } : void 0;
}
function defaultNumber(lexeme, isInteger) {
  if (isInteger && lexeme.length > 15) {
    const big = BigInt(lexeme);
    if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) return big;
    return Number(big);
  }
  return Number(lexeme);
}
var WS = new Uint8Array(128);
WS[32] = WS[9] = WS[10] = WS[13] = 1;
var Parser = class {
  constructor(s, opts, ranges) {
    this.s = s;
    this.ranges = ranges;
    this.spaces = ranges ? [] : null;
    this.maxDepth = opts.maxDepth ?? 100;
    this.num = opts.number ?? defaultNumber;
  }
  s;
  ranges;
  i = 0;
  maxDepth;
  num;
  spaces;
  /**
   * At each depth, the keys of the last object parsed there, in order: objects of one kind (300k
   * edges) repeat their keys, and a key matched against this list is neither scanned, sliced, nor
   * looked up among the object's earlier keys again. The list is always exactly one object's keys
   * (each without escapes), so a run of matches is a run of distinct keys.
   */
  shapes = [];
  fail(message, code = "JSON_INVALID", at = this.i) {
    throw new JsonSyntaxError(code, message, this.s, at);
  }
  ws() {
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
  parseDocument() {
    if (this.s.charCodeAt(0) === 65279) this.fail("JSON must not start with a byte order mark");
    this.ws();
    const members = [];
    const value = this.value(0, this.ranges ? members : null);
    this.ws();
    if (this.i < this.s.length) this.fail("unexpected data after the JSON value");
    return { value, members, spaces: this.spaces ?? [] };
  }
  value(depth, members) {
    const s = this.s;
    if (this.i >= s.length) this.fail("unexpected end of JSON");
    const c = s.charCodeAt(this.i);
    switch (c) {
      case 123:
        return this.object(depth + 1, members);
      case 91:
        return this.array(depth + 1);
      case 34:
        return this.string();
      case 116:
        return this.literal("true", true);
      case 102:
        return this.literal("false", false);
      case 110:
        return this.literal("null", null);
      default:
        if (c === 45 || c >= 48 && c <= 57) return this.number();
        if (s.startsWith("NaN", this.i) || s.startsWith("Infinity", this.i) || s.startsWith("-Infinity", this.i)) {
          this.fail("NaN and Infinity are not JSON numbers");
        }
        this.fail(`unexpected character ${JSON.stringify(s[this.i])}`);
    }
  }
  literal(word, v) {
    if (!this.s.startsWith(word, this.i)) this.fail(`unexpected token (expected ${word})`);
    this.i += word.length;
    return v;
  }
  object(depth, members) {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth}`, "JSON_DEPTH");
    const s = this.s;
    const obj = {};
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 125) {
      this.i++;
      return obj;
    }
    const shape = this.shapes[depth] ??= [];
    let matching = true;
    let storing = true;
    for (let k = 0; ; k++) {
      this.ws();
      if (s.charCodeAt(this.i) !== 34) this.fail("expected a string key");
      const keyStart = this.i;
      const known = matching ? shape[k] : void 0;
      let key;
      if (known !== void 0 && s.charCodeAt(keyStart + 1 + known.length) === 34 && s.startsWith(known, keyStart + 1)) {
        key = known;
        this.i = keyStart + known.length + 2;
      } else {
        key = this.string();
        if (Object.prototype.hasOwnProperty.call(obj, key)) {
          this.fail(`duplicate key ${JSON.stringify(key)}`, "JSON_DUPLICATE_KEY", keyStart);
        }
        if (matching) {
          matching = false;
          shape.length = k;
        }
        if (storing && this.i - keyStart - 2 === key.length) shape.push(key);
        else storing = false;
      }
      this.ws();
      if (s.charCodeAt(this.i) !== 58) this.fail("expected ':' after a key");
      this.i++;
      this.ws();
      const valueStart = this.i;
      const v = this.value(depth, null);
      if (key === "__proto__") Object.defineProperty(obj, key, { value: v, enumerable: true, writable: true, configurable: true });
      else obj[key] = v;
      if (members) members.push({ key, keyStart, valueStart, valueEnd: this.i });
      this.ws();
      const c = s.charCodeAt(this.i);
      if (c === 44) {
        this.i++;
        continue;
      }
      if (c === 125) {
        this.i++;
        return obj;
      }
      this.fail("expected ',' or '}' in an object");
    }
  }
  array(depth) {
    if (depth > this.maxDepth) this.fail(`nesting deeper than ${this.maxDepth}`, "JSON_DEPTH");
    const s = this.s;
    const arr = [];
    this.i++;
    this.ws();
    if (s.charCodeAt(this.i) === 93) {
      this.i++;
      return arr;
    }
    for (; ; ) {
      this.ws();
      arr.push(this.value(depth, null));
      this.ws();
      const c = s.charCodeAt(this.i);
      if (c === 44) {
        this.i++;
        continue;
      }
      if (c === 93) {
        this.i++;
        return arr;
      }
      this.fail("expected ',' or ']' in an array");
    }
  }
  string() {
    const s = this.s;
    const start = ++this.i;
    let i = start;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c === 34) {
        this.i = i + 1;
        return s.slice(start, i);
      }
      if (c === 92) break;
      if (c < 32) this.fail("control character in a string", "JSON_INVALID", i);
    }
    let out = s.slice(start, i);
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 34) {
        this.i = i + 1;
        return out;
      }
      if (c < 32) this.fail("control character in a string", "JSON_INVALID", i);
      if (c !== 92) {
        let j = i + 1;
        while (j < s.length) {
          const d = s.charCodeAt(j);
          if (d === 34 || d === 92 || d < 32) break;
          j++;
        }
        out += s.slice(i, j);
        i = j;
        continue;
      }
      const e = s[i + 1];
      switch (e) {
        case '"':
          out += '"';
          break;
        case "\\":
          out += "\\";
          break;
        case "/":
          out += "/";
          break;
        case "b":
          out += "\b";
          break;
        case "f":
          out += "\f";
          break;
        case "n":
          out += "\n";
          break;
        case "r":
          out += "\r";
          break;
        case "t":
          out += "	";
          break;
        case "u": {
          const hex = s.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape", "JSON_INVALID", i);
          out += String.fromCharCode(parseInt(hex, 16));
          i += 6;
          continue;
        }
        default:
          this.fail("invalid escape in a string", "JSON_INVALID", i);
      }
      i += 2;
    }
    this.fail("unterminated string", "JSON_INVALID", start - 1);
  }
  number() {
    const s = this.s;
    const start = this.i;
    let i = start;
    let isInteger = true;
    if (s.charCodeAt(i) === 45) i++;
    const d0 = s.charCodeAt(i);
    if (d0 === 48) i++;
    else if (d0 >= 49 && d0 <= 57) {
      while (isDigit(s.charCodeAt(i))) i++;
    } else {
      if (s.startsWith("Infinity", i)) this.fail("NaN and Infinity are not JSON numbers", "JSON_INVALID", start);
      this.fail("invalid number", "JSON_INVALID", start);
    }
    if (s.charCodeAt(i) === 46) {
      isInteger = false;
      i++;
      if (!isDigit(s.charCodeAt(i))) this.fail("invalid number: digits expected after the decimal point", "JSON_INVALID", start);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    const e = s.charCodeAt(i);
    if (e === 101 || e === 69) {
      isInteger = false;
      i++;
      const sign = s.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      if (!isDigit(s.charCodeAt(i))) this.fail("invalid number: digits expected in the exponent", "JSON_INVALID", start);
      while (isDigit(s.charCodeAt(i))) i++;
    }
    if (isDigit(s.charCodeAt(i))) this.fail("invalid number: leading zero", "JSON_INVALID", start);
    this.i = i;
    return this.num(s.slice(start, i), isInteger);
  }
};
function isDigit(c) {
  return c >= 48 && c <= 57;
}

// src/octx/jsonl.ts
var LineSplitter = class {
  constructor(maxBytes, onLine) {
    this.maxBytes = maxBytes;
    this.onLine = onLine;
  }
  maxBytes;
  onLine;
  line = 0;
  carry = [];
  carryLen = 0;
  lastByte = -1;
  push(block) {
    let start = 0;
    let nl = block.indexOf(10);
    if (nl >= 0 && this.carryLen > 0) {
      this.add(block.subarray(0, nl));
      this.flushCarry();
      start = nl + 1;
      nl = block.indexOf(10, start);
    }
    if (nl >= 0) {
      const last = block.lastIndexOf(10);
      const valid = isUtf82(block.subarray(start, last));
      while (nl >= 0) {
        this.emit(block, start, nl, valid);
        start = nl + 1;
        nl = block.indexOf(10, start);
      }
    }
    if (start < block.length) this.add(block.subarray(start));
  }
  /** The last line, when the file does not end with a newline. */
  end() {
    if (this.carryLen > 0) this.flushCarry();
  }
  emit(block, start, end, valid) {
    this.line++;
    const stop = end > start && block[end - 1] === 13 ? end - 1 : end;
    let text;
    if (stop - start <= this.maxBytes) text = valid ? block.toString("utf8", start, stop) : decodeLine(block.subarray(start, stop));
    this.onLine(this.line, stop - start, text);
  }
  add(piece) {
    if (!piece.length) return;
    this.lastByte = piece[piece.length - 1];
    if (this.carryLen + piece.length <= this.maxBytes + 1) this.carry.push(Buffer.from(piece));
    else this.carry = [];
    this.carryLen += piece.length;
  }
  flushCarry() {
    this.line++;
    const length = this.lastByte === 13 ? this.carryLen - 1 : this.carryLen;
    let text;
    if (length <= this.maxBytes) text = decodeLine(Buffer.concat(this.carry).subarray(0, length));
    this.carry = [];
    this.carryLen = 0;
    this.lastByte = -1;
    this.onLine(this.line, length, text);
  }
};
function decodeLine(bytes) {
  return isUtf82(bytes) ? bytes.toString("utf8") : void 0;
}
var JsonlParser = class {
  constructor(file, maxDepth, maxLineBytes, diags, onRecord, maxRecords = Number.POSITIVE_INFINITY) {
    this.file = file;
    this.diags = diags;
    let overLimit = false;
    this.lines = new LineSplitter(maxLineBytes, (line, length, s) => {
      if (line > maxRecords) {
        if (!overLimit) this.fail(error("OCTX_RESOURCE_LIMIT", `${file} has more than ${maxRecords} lines (--max-jsonl-records)`, { file, line }));
        overLimit = true;
        return;
      }
      if (length > maxLineBytes) {
        this.fail(error("OCTX_JSONL_LINE_TOO_LONG", `${file}:${line} is longer than ${maxLineBytes} bytes (--max-line-bytes)`, { file, line }));
        return;
      }
      if (s === void 0) {
        this.fail(error("OCTX_JSON_INVALID", `${file}:${line} is not valid UTF-8`, { file, line }));
        return;
      }
      if (s.trim() === "") {
        this.fail(error("OCTX_JSONL_EMPTY_LINE", `${file}:${line} is empty; JSONL allows no blank lines`, { file, line }));
        return;
      }
      let v;
      try {
        v = parseJson(s, { maxDepth });
      } catch (e) {
        if (!(e instanceof JsonSyntaxError)) throw e;
        this.fail(error(e.code === "JSON_DUPLICATE_KEY" ? "OCTX_JSON_DUPLICATE_KEY" : "OCTX_JSON_INVALID", `${file}:${line}: ${e.reason}`, { file, line, column: e.column }));
        return;
      }
      if (typeof v !== "object" || v === null || Array.isArray(v)) {
        this.fail(error("OCTX_SCHEMA_VALIDATION", `${file}:${line} must be a JSON object`, { file, line }));
        return;
      }
      if (this.ok) onRecord(v, line);
    });
  }
  file;
  diags;
  ok = true;
  head = Buffer.alloc(0);
  bom = false;
  lines;
  push(block) {
    if (this.bom || !block.length) return;
    if (this.head) {
      block = this.head.length ? Buffer.concat([this.head, block]) : block;
      if (block.length < 3) {
        this.head = block;
        return;
      }
      this.head = void 0;
      if (hasBom(block)) {
        this.bom = true;
        this.fail(error("OCTX_JSON_INVALID", `${this.file} must not contain a UTF-8 BOM`, { file: this.file, line: 1 }));
        return;
      }
    }
    this.lines.push(block);
  }
  end() {
    if (this.head?.length) this.lines.push(this.head);
    this.head = void 0;
    if (!this.bom) this.lines.end();
    return this.ok;
  }
  fail(d) {
    this.diags.push(d);
    this.ok = false;
  }
};
var NEWLINE = Buffer.from("\n");

// src/core/uuid.ts
var UUIDV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
function isUuidV7(v) {
  return typeof v === "string" && UUIDV7.test(v);
}
var pool = Buffer.alloc(4096);
var poolAt = pool.length;

// src/octx/records-fast.ts
var KIND_CHUNK = 1;
var KIND_EVENT = 2;
var KIND_ENTITY = 3;
function recordOf(ids, id, kind) {
  const g = ids.index.get(id);
  return g !== void 0 && ids.kind[g] === kind ? g : -1;
}
var FORBIDDEN_EVENT = ["chunk_id", "references", "rank"];
var FORBIDDEN_ENTITY = ["normalized_name", "entity_type_id", "index_id", "index_status", "embedding", "vector"];
var ORDINAL_LIMIT = 2 ** 21;
var nonEmpty = (v) => typeof v === "string" && v.length > 0;
function hasAdjacentEqual(keys) {
  keys.sort();
  for (let i = 1; i < keys.length; i++) if (keys[i] === keys[i - 1]) return true;
  return false;
}
var SagIndexer = class {
  doubt = false;
  index = /* @__PURE__ */ new Map();
  kinds = [];
  counts = [0, 0, 0, 0];
  // Chunks: the documents they name, and (document, ordinal) packed for the duplicate check.
  docRefs = /* @__PURE__ */ new Map();
  ordinalKeys = [];
  // Events: parent id and level per event number (from firstEvent).
  firstEvent = -1;
  parentIds = [];
  levels = [];
  // Relations, as record-number pairs.
  chunkEventPairs = [];
  eventEntityPairs = [];
  // Claims the record's id: a canonical UUIDv7 not used before. One hash of the id.
  claim(v, k) {
    const id = v.id;
    if (typeof id !== "string" || !UUIDV7.test(id)) return false;
    const before = this.index.size;
    this.index.set(id, this.kinds.length);
    if (this.index.size === before) return false;
    this.kinds.push(k);
    this.counts[k]++;
    return true;
  }
  chunks(v) {
    if (this.doubt) return;
    if (!this.claim(v, KIND_CHUNK) || !nonEmpty(v.text) || typeof v.document_id !== "string") {
      this.doubt = true;
      return;
    }
    const ord = v.ordinal;
    if (typeof ord !== "number" || !Number.isInteger(ord) || ord < 0 || ord >= ORDINAL_LIMIT) {
      this.doubt = true;
      return;
    }
    let doc = this.docRefs.get(v.document_id);
    if (doc === void 0) this.docRefs.set(v.document_id, doc = this.docRefs.size);
    this.ordinalKeys.push(doc * ORDINAL_LIMIT + ord);
  }
  events(v) {
    if (this.doubt) return;
    if (this.firstEvent < 0) this.firstEvent = this.kinds.length;
    if (this.kinds.length - this.firstEvent !== this.parentIds.length) {
      this.doubt = true;
      return;
    }
    if (!this.claim(v, KIND_EVENT) || !nonEmpty(v.title) || typeof v.content !== "string" || v.summary !== void 0 && typeof v.summary !== "string" || v.category !== void 0 && typeof v.category !== "string") {
      this.doubt = true;
      return;
    }
    for (const k of FORBIDDEN_EVENT) if (k in v) {
      this.doubt = true;
      return;
    }
    const hasP = v.parent_id !== void 0 && v.parent_id !== null;
    const hasL = v.level !== void 0 && v.level !== null;
    if (hasP !== hasL) {
      this.doubt = true;
      return;
    }
    if (hasP && (typeof v.parent_id !== "string" || typeof v.level !== "number" || !Number.isInteger(v.level) || v.level < 1)) {
      this.doubt = true;
      return;
    }
    this.parentIds.push(hasP ? v.parent_id : void 0);
    this.levels.push(hasP ? v.level : 0);
  }
  entities(v) {
    if (this.doubt) return;
    if (!this.claim(v, KIND_ENTITY) || !nonEmpty(v.name) || !nonEmpty(v.type) || v.description !== void 0 && typeof v.description !== "string") {
      this.doubt = true;
      return;
    }
    for (const k of FORBIDDEN_ENTITY) if (k in v) {
      this.doubt = true;
      return;
    }
  }
  chunkEvents(v) {
    if (!this.doubt) this.pair(v, "chunk_id", "event_id", KIND_CHUNK, KIND_EVENT, this.chunkEventPairs);
  }
  eventEntities(v) {
    if (this.doubt) return;
    const w = v.weight;
    if (w !== void 0 && !(typeof w === "bigint" || typeof w === "number" && Number.isFinite(w)) || v.description !== void 0 && typeof v.description !== "string") {
      this.doubt = true;
      return;
    }
    this.pair(v, "event_id", "entity_id", KIND_EVENT, KIND_ENTITY, this.eventEntityPairs);
  }
  // Relations are taken after all records (the files come in that order), so both ends are known.
  pair(v, a, b, ka, kb, out) {
    const x = v[a];
    const y = v[b];
    if (typeof x !== "string" || typeof y !== "string") {
      this.doubt = true;
      return;
    }
    const gx = this.index.get(x);
    const gy = this.index.get(y);
    if (gx === void 0 || gy === void 0 || this.kinds[gx] !== ka || this.kinds[gy] !== kb) {
      this.doubt = true;
      return;
    }
    out.push(gx, gy);
  }
  /**
   * The ids as indexed so far, before the cross-record rules are checked: the ids finish() gives
   * when they hold (a vectors check can start on them early). Undefined once in doubt.
   */
  ids() {
    if (this.doubt) return void 0;
    this.kind ??= Uint8Array.from(this.kinds);
    return { index: this.index, kind: this.kind, counts: this.counts };
  }
  kind;
  finish(concepts, idSpace) {
    if (this.doubt) return void 0;
    const n = this.kinds.length;
    if (n * n >= 2 ** 53) return void 0;
    const kind = this.kind ??= Uint8Array.from(this.kinds);
    for (const id of idSpace) if (this.index.has(id)) return void 0;
    let covered = 0;
    for (const id of concepts.keys()) if (this.docRefs.has(id)) covered++;
    else return void 0;
    if (covered !== this.docRefs.size) return void 0;
    if (hasAdjacentEqual(Float64Array.from(this.ordinalKeys))) return void 0;
    const e0 = this.firstEvent;
    for (let i = 0; i < this.parentIds.length; i++) {
      const p = this.parentIds[i];
      if (p === void 0) continue;
      const pg = this.index.get(p);
      if (pg === void 0 || kind[pg] !== KIND_EVENT || this.levels[i] !== this.levels[pg - e0] + 1) return void 0;
    }
    const linked = new Uint8Array(n);
    const pairsOk = (flat, bit) => {
      const keys = new Float64Array(flat.length / 2);
      for (let i = 0; i < flat.length; i += 2) {
        keys[i / 2] = flat[i] * n + flat[i + 1];
        linked[flat[i]] |= bit;
        linked[flat[i + 1]] |= bit;
      }
      return !hasAdjacentEqual(keys);
    };
    if (!pairsOk(this.chunkEventPairs, 1) || !pairsOk(this.eventEntityPairs, 2)) return void 0;
    for (let g = 0; g < n; g++) {
      const need = kind[g] === KIND_CHUNK ? 0 : kind[g] === KIND_EVENT ? 3 : 2;
      if ((linked[g] & need) !== need) return void 0;
    }
    return { index: this.index, kind, counts: this.counts };
  }
};

// src/octx/vectors.ts
import { isAscii } from "node:buffer";

// src/core/lazy.ts
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
var requireCjs = createRequire(import.meta.url);
function vendored(id) {
  if (!import.meta.url.startsWith("file:")) return id;
  const copy = fileURLToPath(new URL(`./vendor/${id}.cjs`, import.meta.url));
  return existsSync(copy) ? copy : id;
}
function lazyRequire(id) {
  let loaded;
  return () => loaded ??= requireCjs(vendored(id));
}

// src/octx/vectors.ts
var arrowLib = lazyRequire("apache-arrow");
var VECTOR_CONFIG = "vectors/config.json";
var VECTOR_FILES = { chunks: "vectors/chunks.arrow", events: "vectors/events.arrow", entities: "vectors/entities.arrow" };
var VECTOR_PROFILES = "vectors/profiles.json";
var VECTOR_ROLES = Object.freeze({
  "chunk.heading": "vectors/chunk_heading.arrow",
  "chunk.content": "vectors/chunk_content.arrow",
  "event.title": "vectors/event_title.arrow",
  "event.content": "vectors/event_content.arrow",
  "entity.name": "vectors/entity_name.arrow",
  "event_entity.relation": "vectors/event_entity_relation.arrow"
});
var VECTOR_PATHS = [VECTOR_CONFIG, ...Object.values(VECTOR_FILES), VECTOR_PROFILES, ...Object.values(VECTOR_ROLES)];
var DEFAULT_ARROW_LIMITS = Object.freeze({
  maxArrowDimension: 65536,
  maxArrowBatches: 1e5,
  maxArrowRows: 1e7,
  maxArrowValues: 1e8
});
function recordTarget(ids, kind) {
  return {
    numberOf: (id) => recordOf(ids, id, kind),
    size: ids.kind.length,
    total: ids.counts[kind],
    firstMissing: (seen) => {
      for (const [id, g] of ids.index) if (ids.kind[g] === kind && !seen[g]) return id;
      return void 0;
    }
  };
}
function checkArrowFile(file, bytes, ids, kind, diags, limits2 = DEFAULT_ARROW_LIMITS) {
  return checkArrow(file, bytes, recordTarget(ids, kind), { coverage: "complete", limits: limits2 }, diags);
}
function checkArrow(file, bytes, target, rules, diags) {
  const bad = (msg) => {
    diags.push(error("OCTX_VECTORS_INVALID", `${file}: ${msg}`, { file }));
    return false;
  };
  const limit = (msg) => {
    diags.push(error("OCTX_RESOURCE_LIMIT", `${file}: ${msg}`, { file }));
    return false;
  };
  const { limits: limits2 } = rules;
  const magic = Buffer.from("ARROW1");
  if (bytes.length < 12 || !bytes.subarray(0, 6).equals(magic) || !bytes.subarray(bytes.length - 6).equals(magic)) {
    return bad("not an Arrow IPC file (the ARROW1 magic is missing; an Arrow stream is not accepted)");
  }
  let reader;
  try {
    reader = arrowLib().RecordBatchReader.from(bytes);
    reader.open();
  } catch (e) {
    return bad(`cannot read the Arrow file: ${e.message}`);
  }
  if (!reader.isFile()) return bad("not an Arrow IPC file");
  const fields = reader.schema.fields;
  const idField = fields.filter((f) => f.name === "record_id");
  const vecField = fields.filter((f) => f.name === "vector");
  if (idField.length !== 1 || vecField.length !== 1) return bad('needs exactly one "record_id" and one "vector" column');
  const idf = idField[0];
  const vf = vecField[0];
  if (!arrowLib().DataType.isUtf8(idf.type) || idf.nullable) return bad('"record_id" must be utf8 not null');
  if (!arrowLib().DataType.isFixedSizeList(vf.type) || vf.nullable) return bad('"vector" must be fixed_size_list<float32>[d] not null');
  const hashField = fields.filter((f) => f.name === "input_sha256");
  if (hashField.length > 1 || hashField[0] && !arrowLib().DataType.isUtf8(hashField[0].type)) return bad('"input_sha256", when present, must be one utf8 column');
  const fsl = vf.type;
  const child = fsl.children[0];
  if (!arrowLib().DataType.isFloat(child.type) || child.type.precision !== arrowLib().Precision.SINGLE) return bad('"vector" items must be float32');
  const dim = fsl.listSize;
  if (!(dim > 0)) {
    diags.push(error("OCTX_VECTOR_DIMENSION_INVALID", `${file}: vector dimension must be positive, got ${dim}`, { file }));
    return false;
  }
  if (dim > limits2.maxArrowDimension) return limit(`vector dimension ${dim} is above the limit of ${limits2.maxArrowDimension} (--max-arrow-dimension)`);
  if (rules.dimensions !== void 0 && dim !== rules.dimensions) return bad(`vector dimension is ${dim} but the profile declares ${rules.dimensions}`);
  const footerBatches = reader.numRecordBatches;
  const dictionaries = reader.footer?.numDictionaries ?? 0;
  if (footerBatches + dictionaries > limits2.maxArrowBatches) return limit(`${footerBatches + dictionaries} batches are above the limit of ${limits2.maxArrowBatches} (--max-arrow-batches)`);
  const seen = new Uint8Array(target.size);
  const strays = /* @__PURE__ */ new Set();
  let covered = 0;
  let batches = 0;
  let rows = 0;
  let ok = true;
  try {
    for (const batch of reader) {
      batches++;
      rows += batch.numRows;
      if (rows > limits2.maxArrowRows) return limit(`more than ${limits2.maxArrowRows} rows (--max-arrow-rows)`);
      if (rows * dim > limits2.maxArrowValues) return limit(`more than ${limits2.maxArrowValues} vector values (--max-arrow-values)`);
      const col = batch.getChild("record_id");
      const vecs = batch.getChild("vector");
      if (col.nullCount || vecs.nullCount) ok = bad("null record_id or vector");
      const idAt = recordIds(col);
      for (let i = 0; i < batch.numRows; i++) {
        const id = idAt(i);
        const g = target.numberOf(id);
        if (g < 0) {
          if (strays.has(id)) ok = bad(`record_id ${id} appears twice`);
          strays.add(id);
          ok = bad(`record_id ${id} is not a record of the target file`);
        } else if (seen[g]) ok = bad(`record_id ${id} appears twice`);
        else {
          seen[g] = 1;
          covered++;
        }
      }
      const values = vecs.data[0].children[0].values;
      for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) {
        ok = bad("vector values must be finite");
        break;
      }
    }
  } catch (e) {
    return bad(`cannot read the Arrow record batches (compressed or damaged?): ${e.message}`);
  }
  if (batches !== footerBatches) ok = bad(`the footer lists ${footerBatches} record batches but ${batches} were read`);
  if (rules.coverage === "complete" && covered < target.total) {
    const missing = target.firstMissing(seen);
    ok = bad(`record ${missing ?? "?"} has no vector${covered + 1 < target.total ? ` (${target.total - covered} records have none)` : ""}`);
  }
  return ok;
}
function recordIds(col) {
  const d = col.data.length === 1 ? col.data[0] : void 0;
  const offsets = d?.valueOffsets;
  const values = d?.values;
  if (!d || d.offset !== 0 || !offsets || !values || !isAscii(values)) return (i) => col.get(i);
  const text = Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("latin1");
  return (i) => text.slice(offsets[i], offsets[i + 1]);
}

// src/core/rules.ts
var registry = /* @__PURE__ */ new Map();
function defineRules(rules) {
  for (const r of rules) {
    const prev = registry.get(r.code);
    if (prev && prev.summary !== r.summary) throw new Error(`rule ${r.code} defined twice`);
    registry.set(r.code, r);
  }
}
defineRules([
  { code: "CTXFORGE_USAGE", format: "core", summary: "The command line is not valid." },
  { code: "CTXFORGE_IO", format: "core", summary: "A file could not be read or written." },
  { code: "CTXFORGE_IO_SYMLINK", format: "core", summary: "An output path is, or passes through, a symbolic link; nothing is written through one." },
  { code: "CTXFORGE_FORMAT_UNKNOWN", format: "core", summary: "The input is not a package or source tree of any supported format." },
  { code: "CTXFORGE_INTERNAL", format: "core", summary: "An unexpected internal error; please report it." },
  { code: "CTXFORGE_EPOCH_MISSING", format: "core", summary: "No build time: pass --source-date-epoch, set SOURCE_DATE_EPOCH, or build inside a git checkout." },
  { code: "CTXFORGE_HOST_CONFIG_NAME", format: "core", summary: `unpack or import: the package holds a file at a path an agent host reads as configuration (a segment starting with ".", AGENTS.md, CLAUDE.md, SKILL.md outside a skill's own … — src/core/host-config-names.ts). The tree must build into the same package, so nothing is renamed and nothing is written; install, sync and convert rename such files instead.` },
  { code: "CTXFORGE_OUTPUT_EXISTS", format: "core", summary: "The output already exists with other content." },
  { code: "CTXFORGE_KEY_INVALID", format: "core", summary: "A signing or verification key could not be read." },
  { code: "CTXFORGE_KEY_PERMISSIONS", format: "core", summary: "A private key file is readable by other users." },
  { code: "CTXFORGE_SECRET_FOUND", format: "core", summary: "A credential-shaped string was found in content about to be packaged." },
  // Reported by shared modules (core/sqlite.ts, core/skill-folder.ts, core/agent-skill.ts) that load
  // with the code using them; defined here so that the codes are known without loading them.
  { code: "CTXFORGE_SQLITE_UNAVAILABLE", format: "core", summary: "No SQLite engine can be loaded on this Node.js (better-sqlite3 missing or built for another Node version, and no usable node:sqlite): cartridges cannot be read or written until it is fixed." },
  { code: "SKILL_INVALID", format: "core", summary: "An Agent Skill (SKILL.md and its folder) breaks the agentskills.io specification." },
  { code: "SKILL_NORMALISED", format: "core", summary: "An Agent Skill was changed on its way into a format (info), only ever in these ways: a byte-order mark removed; for a cartridge, a list allowed-tools written as one string and unknown frontmatter keys moved into the signed acx_skill.ext." }
]);

// src/octx/codes.ts
var S = (n) => `OCTX §${n}`;
defineRules([
  { code: "OCTX_ASSET_DERIVED_FROM_SELF", format: "octx", summary: "asset.derived_from names the asset itself.", spec: S("5.3") },
  { code: "OCTX_CAPABILITY_DEPENDENCY_INVALID", format: "octx", summary: "A capability cannot be validated because what it depends on (the format, or sag-structured) is invalid.", spec: S("7") },
  { code: "OCTX_CAPABILITY_FILE_REQUIRED", format: "octx", summary: "A declared capability lacks one of its required files in files[].", spec: S("7") },
  { code: "OCTX_CAPABILITY_UNSUPPORTED", format: "octx", summary: "Unknown capability or version: not validated (warning; the package may still be valid).", spec: S("2, §11") },
  { code: "OCTX_CONCEPT_REQUIRED", format: "octx", summary: "files[] lists no Concept Document under knowledge/ (other than index.md and log.md).", spec: S("5.1") },
  { code: "OCTX_DOCUMENT_FRONTMATTER", format: "octx", summary: "A Concept Document lacks valid safe-YAML frontmatter with a non-empty type.", spec: S("6, §8") },
  { code: "OCTX_DOCUMENT_ENCODING", format: "octx", summary: "A Markdown document is not valid UTF-8.", spec: S("8") },
  { code: "OCTX_DOCUMENT_ID_INVALID", format: "octx", summary: "octx.document_id is missing or not a canonical lowercase UUIDv7.", spec: S("6, §9") },
  { code: "OCTX_EVENT_HIERARCHY_CYCLE", format: "octx", summary: "Event parent_id links form a cycle.", spec: "sag-structured/0.1" },
  { code: "OCTX_EVENT_LEVEL_INVALID", format: "octx", summary: "An event level does not equal its parent level + 1, or parent_id and level are not given together.", spec: "sag-structured/0.1" },
  { code: "OCTX_EVENT_WITHOUT_CHUNK", format: "octx", summary: "An event is linked to no chunk.", spec: "sag-structured/0.1" },
  { code: "OCTX_SAG_EVENT_IN_ENTITY_RELATION", format: "octx", summary: "An event is linked to no entity (octx 0.1.6's name; ctxforge reported OCTX_EVENT_WITHOUT_ENTITY before, kept as the alias).", spec: "sag-structured/0.1" },
  { code: "OCTX_ENTITY_WITHOUT_EVENT", format: "octx", summary: "An entity is linked to no event.", spec: "sag-structured/0.1" },
  { code: "OCTX_DOCUMENT_WITHOUT_CHUNK", format: "octx", summary: "A Concept Document has no chunk in data/chunks.jsonl.", spec: "sag-structured/0.1" },
  { code: "OCTX_RECORD_REFERENCE_UNKNOWN", format: "octx", summary: "A record refers to an ID that does not exist.", spec: "sag-structured/0.1" },
  { code: "OCTX_RELATION_DUPLICATE", format: "octx", summary: "The same relation pair appears twice.", spec: "sag-structured/0.1" },
  { code: "OCTX_CHUNK_ORDINAL_DUPLICATE", format: "octx", summary: "Two chunks of one document share an ordinal.", spec: "sag-structured/0.1" },
  { code: "OCTX_FILE_DIGEST_MISMATCH", format: "octx", summary: "A listed file is missing or its SHA-256 differs from files[].sha256.", spec: S("5.2") },
  { code: "OCTX_FILE_DUPLICATE", format: "octx", summary: "files[] lists a path twice.", spec: S("5.2") },
  { code: "OCTX_FILE_NOT_REGULAR", format: "octx", summary: "A payload path is a symlink, device or other special file.", spec: S("4") },
  { code: "OCTX_FORMAT_VERSION_UNSUPPORTED", format: "octx", summary: "format_version is not 0.1: refused explicitly, never guessed.", spec: S("11") },
  { code: "OCTX_ID_DUPLICATE", format: "octx", summary: "An ID is used twice in the shared asset/document/chunk/event/entity identity space.", spec: S("9, §13") },
  { code: "OCTX_JSONL_EMPTY_LINE", format: "octx", summary: "A JSONL file has an empty line.", spec: S("8") },
  { code: "OCTX_JSONL_LINE_TOO_LONG", format: "octx", summary: "A JSONL line is longer than the limit (--max-line-bytes).", spec: S("4") },
  { code: "OCTX_JSON_DUPLICATE_KEY", format: "octx", summary: "A JSON object has a duplicate key.", spec: S("5.3") },
  { code: "OCTX_JSON_INVALID", format: "octx", summary: "Not valid strict JSON (syntax, BOM, NaN/Infinity, invalid UTF-8, nesting).", spec: S("8") },
  { code: "OCTX_MANIFEST_MISSING", format: "octx", summary: "manifest.json is missing.", spec: S("3, §13") },
  { code: "OCTX_OKF_RESERVED_INVALID", format: "octx", summary: "index.md or log.md does not follow the OKF reserved-file structure.", spec: "OKF §6–§7" },
  { code: "OCTX_PACKAGE_DIGEST_MISMATCH", format: "octx", summary: "release.package_digest differs from the digest computed per §10.", spec: S("10") },
  { code: "OCTX_RELEASE_CREATED_AT_INVALID", format: "octx", summary: "release.created_at is not a real UTC instant in YYYY-MM-DDTHH:MM:SS[.fraction]Z form.", spec: S("5.1") },
  { code: "OCTX_SCHEMA_VALIDATION", format: "octx", summary: "A manifest field or record field is missing or has the wrong form.", spec: S("5, §7") },
  { code: "OCTX_STANDARD_PATH_UNDECLARED", format: "octx", summary: "A standard capability path is present but its capability is not declared.", spec: S("7") },
  { code: "OCTX_VECTORS_INVALID", format: "octx", summary: "vectors/config.json, vectors/profiles.json or an Arrow vectors file breaks the vectors/0.1 rules.", spec: "vectors/0.1" },
  { code: "OCTX_VECTOR_DIMENSION_INVALID", format: "octx", summary: "A vector dimension (Arrow list size or profile dimensions) is not positive.", spec: "vectors/0.1" },
  { code: "OCTX_RESOURCE_LIMIT", format: "octx", summary: "A record or Arrow limit is exceeded: records per JSONL file, vector dimension, batches, rows or values per Arrow file (--max-jsonl-records, --max-arrow-*).", spec: S("4") },
  { code: "OCTX_EXTENSION_PATH_INVALID", format: "octx", summary: "An extensions/ path is not extensions/<reverse-domain>/<major.minor>/….", spec: S("12") },
  { code: "OCTX_SIGNATURE_UNSUPPORTED", format: "octx", summary: "Warning: --key does not apply to an .octx, which carries no signature of its own; its release signs SHA256SUMS (minisign).", spec: S("10") },
  { code: "OCTX_ZIP_CORRUPT", format: "octx", summary: "The archive is not a readable ZIP or an entry is damaged.", spec: S("4") },
  { code: "OCTX_ZIP_NAME_ENCODING", format: "octx", summary: "An entry name is not UTF-8 (or non-ASCII without the UTF-8 flag).", spec: S("4") },
  { code: "OCTX_ZIP_PATH_UNSAFE", format: "octx", summary: "An entry name is absolute, has ., .. or empty segments, a backslash, NUL, or is not NFC.", spec: S("4") },
  { code: "OCTX_ZIP_DUPLICATE", format: "octx", summary: "Two entries share a name.", spec: S("4") },
  { code: "OCTX_ZIP_ENCRYPTED", format: "octx", summary: "An entry is encrypted.", spec: S("4") },
  { code: "OCTX_ZIP_METHOD_UNSUPPORTED", format: "octx", summary: "An entry uses a compression method other than STORE or DEFLATE.", spec: S("4") },
  { code: "OCTX_ZIP_SPECIAL_FILE", format: "octx", summary: "An entry is a symlink, device or other special file.", spec: S("4") },
  { code: "OCTX_ZIP_HEADER_MISMATCH", format: "octx", summary: "Local and central headers of an entry disagree.", spec: S("4") },
  { code: "OCTX_ZIP_OVERLAP", format: "octx", summary: "Entries share or overlap their data in the archive.", spec: S("4") },
  { code: "OCTX_ZIP_LIMIT", format: "octx", summary: "The archive exceeds a resource limit (entries, sizes, compression ratio).", spec: S("4") },
  { code: "OCTX_ZIP_MULTI_DISK", format: "octx", summary: "Multi-disk archives are not supported.", spec: S("4") },
  { code: "OCTX_PATH_UNSAFE", format: "octx", summary: "A working-directory payload path is not a safe relative NFC path.", spec: S("4") },
  { code: "OCTX_UNPACK_CONFLICT", format: "octx", summary: "Unpacking would overwrite an unrelated file, escape the target or collide on the file system.", spec: S("4") }
]);

// src/octx/records.ts
var SAG_FILES = {
  chunks: "data/chunks.jsonl",
  events: "data/events.jsonl",
  entities: "data/entities.jsonl",
  chunkEvents: "relations/chunk-events.jsonl",
  eventEntities: "relations/event-entities.jsonl"
};
var SAG_PATHS = Object.values(SAG_FILES);

// src/octx/record-pass.ts
function definedOnly(l) {
  return Object.fromEntries(Object.entries({ maxArrowDimension: l.maxArrowDimension, maxArrowBatches: l.maxArrowBatches, maxArrowRows: l.maxArrowRows, maxArrowValues: l.maxArrowValues }).filter(([, v]) => v !== void 0));
}
var WORKER_ABOVE = 8 * 1024 * 1024;
var InlinePass = class {
  constructor(limits2) {
    this.limits = limits2;
  }
  limits;
  indexer = new SagIndexer();
  parsers = /* @__PURE__ */ new Map();
  diags = [];
  parsed = true;
  parser(key) {
    let p = this.parsers.get(key);
    if (!p) {
      p = new JsonlParser(SAG_FILES[key], this.limits.maxDepth, this.limits.maxLineBytes, this.diags, (v) => this.indexer[key](v), this.limits.maxJsonlRecords);
      this.parsers.set(key, p);
    }
    return p;
  }
  /** The next block of a record file (the caller may reuse it afterwards). */
  push(key, chunk) {
    this.parser(key).push(chunk);
  }
  /** The file is done; `complete` is false when it could not be read whole. */
  end(key, complete) {
    this.parsed = this.parser(key).end() && complete && this.parsed;
  }
  async finish(concepts, idSpace) {
    const ids = this.parsed ? this.indexer.finish(concepts, idSpace) : void 0;
    return { parsed: this.parsed, diags: this.diags, proven: Boolean(ids), ids, ...this.vectorDiags ? { vectorDiags: this.vectorDiags } : {} };
  }
  vectorDiags;
  /**
   * Checks vectors files against the ids indexed so far, before finish(): if finish proves the
   * records, these are the ids it gives, so the findings stand; otherwise they are not used.
   */
  checkVectors(files) {
    const ids = this.parsed ? this.indexer.ids() : void 0;
    if (!ids) return;
    const diags = [];
    for (const f of files) checkArrowFile(f.path, f.bytes, ids, f.kind, diags, { ...DEFAULT_ARROW_LIMITS, ...definedOnly(this.limits) });
    this.vectorDiags = diags;
  }
  close() {
  }
};
var DOC_READ = 1;
var DOC_WROTE = 2;
var DOC_CONCEPT = 4;
var DOC_ID = 8;

// src/core/lower-hex.ts
var LOWER_HEX = new Uint8Array(256).fill(255);
for (let d = 0; d < 10; d++) LOWER_HEX[48 + d] = d;
for (let d = 0; d < 6; d++) LOWER_HEX[97 + d] = 10 + d;

// src/octx/doc-ids.ts
function writeIdBytes(id, out, at) {
  if (id.length !== 36 || id.charCodeAt(8) !== DASH || id.charCodeAt(13) !== DASH || id.charCodeAt(18) !== DASH || id.charCodeAt(23) !== DASH) return false;
  for (let k = 0; k < 16; k++) {
    const c = ID_CHAR[k];
    if ((LOWER_HEX[id.charCodeAt(c)] ?? 255) > 15 || (LOWER_HEX[id.charCodeAt(c + 1)] ?? 255) > 15) return false;
  }
  for (let k = 0; k < 16; k++) {
    const c = ID_CHAR[k];
    out[at + k] = LOWER_HEX[id.charCodeAt(c)] << 4 | LOWER_HEX[id.charCodeAt(c + 1)];
  }
  return true;
}
var DASH = 45;
var ID_CHAR = Int8Array.from({ length: 16 }, (_, k) => 2 * k + (k >= 4 ? 1 : 0) + (k >= 6 ? 1 : 0) + (k >= 8 ? 1 : 0) + (k >= 10 ? 1 : 0));

// src/core/hash.ts
import { createHash, hash } from "node:crypto";
function sha256Bytes(data) {
  return hash("sha256", data, "buffer");
}

// src/core/tree.ts
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join, sep } from "node:path";

// src/core/jcs.ts
var LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// src/core/path-table.ts
var PathTable = class _PathTable {
  constructor(data) {
    this.data = data;
    this.length = data.count;
    this.slab = Buffer.from(data.bytes);
    this.ends = new Uint32Array(data.ends, 0, data.count);
  }
  data;
  length;
  slab;
  ends;
  // A path being looked up, encoded once into a reused buffer (no allocation a lookup).
  probe = Buffer.allocUnsafe(256);
  slots;
  /**
   * The table of `paths`, in their order. A path with a lone surrogate has no UTF-8 form and would
   * not read back as itself, so it is refused (RangeError); names read from a disk never have one.
   */
  static of(paths) {
    let total = 0;
    for (const p of paths) {
      if (LONE_SURROGATE.test(p)) throw new RangeError(`a path with a lone surrogate has no UTF-8 form: ${JSON.stringify(p)}`);
      total += Buffer.byteLength(p, "utf8");
    }
    const bytes = new SharedArrayBuffer(Math.max(total, 1));
    const ends = new SharedArrayBuffer(Math.max(paths.length, 1) * 4);
    const slab = Buffer.from(bytes);
    const endsView = new Uint32Array(ends);
    let at = 0;
    paths.forEach((p, i) => {
      at += slab.write(p, at, "utf8");
      endsView[i] = at;
    });
    return new _PathTable({ bytes, ends, count: paths.length });
  }
  /** The table another thread shared (no copy of the bytes). */
  static fromShared(data) {
    return new _PathTable(data);
  }
  /** This table as data for postMessage. */
  get shared() {
    return this.data;
  }
  /** The path at position `i` (a new string each call). */
  at(i) {
    return this.slab.toString("utf8", this.start(i), this.ends[i]);
  }
  /** The UTF-8 length of the path at `i`. */
  byteLength(i) {
    return this.ends[i] - this.start(i);
  }
  /**
   * The position of `path`, or -1. Among equal paths (two names a disk decoded alike), the last,
   * as a map made from the list would answer. Through a hash of the bytes into an open-addressed
   * table of positions (8 bytes a path, made at the first lookup): a binary search over the bytes
   * cost the link check ~17 comparisons a lookup, and it looks up several paths a link.
   */
  find(path) {
    const n = this.encodeProbe(path);
    if (n < 0) return -1;
    const slots = this.slots ??= this.hashAll();
    const mask = slots.length - 1;
    for (let s = this.hashProbe(n) & mask; ; s = s + 1 & mask) {
      const i = slots[s] - 1;
      if (i < 0) return -1;
      if (this.compareProbe(i, n) === 0) return i;
    }
  }
  // Writes `path` as UTF-8 into the probe and returns its length, or -1 for a lone surrogate (not
  // in the table: of() refuses it, and its encoding would match a U+FFFD in a path that is).
  encodeProbe(path) {
    const len = path.length;
    if (len * 3 > this.probe.length) this.probe = Buffer.allocUnsafe(Math.max(len * 3, this.probe.length * 2));
    const p = this.probe;
    for (let k = 0; k < len; k++) {
      const c = path.charCodeAt(k);
      if (c >= 128) return LONE_SURROGATE.test(path) ? -1 : p.write(path, 0, "utf8");
      p[k] = c;
    }
    return len;
  }
  hashProbe(n) {
    return fnv1a(this.probe, 0, n);
  }
  hashAll() {
    let size = 8;
    while (size < this.length * 2) size *= 2;
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let i = 0; i < this.length; i++) {
      const start = this.start(i);
      for (let s = fnv1a(this.slab, start, this.ends[i]) & mask; ; s = s + 1 & mask) {
        const j = slots[s] - 1;
        if (j < 0 || this.compare(j, i) === 0) {
          slots[s] = i + 1;
          break;
        }
      }
    }
    return slots;
  }
  *[Symbol.iterator]() {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }
  start(i) {
    return i === 0 ? 0 : this.ends[i - 1];
  }
  // The path at `i` against the probe's first `n` bytes, in UTF-8 byte order. A loop here, not
  // Buffer.compare: paths are short and differ early, and a native call costs more than the loop.
  compareProbe(i, n) {
    const s = this.slab;
    const p = this.probe;
    const start = this.start(i);
    const len = this.ends[i] - start;
    const m = len < n ? len : n;
    for (let k = 0; k < m; k++) {
      const d = s[start + k] - p[k];
      if (d !== 0) return d;
    }
    return len - n;
  }
  /** The path at `i` against the path at `j`, in UTF-8 byte order (negative, 0, positive). */
  compare(i, j) {
    return this.slab.compare(this.slab, this.start(j), this.ends[j], this.start(i), this.ends[i]);
  }
};
function fnv1a(b, from, to) {
  let h = 2166136261;
  for (let k = from; k < to; k++) h = Math.imul(h ^ b[k], 16777619);
  return h >>> 0;
}

// src/core/tree.ts
function handoffPaths(h) {
  const table = PathTable.fromShared(h.paths);
  const pick = h.pick;
  return pick ? { count: pick.length, at: (k) => table.at(pick[k]) } : { count: table.length, at: (k) => table.at(k) };
}
function readHandoff(h, k, path) {
  if (h.kind === "disk") return readRegularFile(join(h.root, ...path.split("/")), path, h.maxBytes);
  try {
    return readExactly(h.fd, h.offsets[k], h.sizes[k]);
  } catch {
    throw new TreeReadError(`${path}: the archive ends inside it`, path);
  }
}
function statHandoff(h, counter, batch, out) {
  const files = handoffPaths(h);
  for (let start; (start = Atomics.add(counter, 0, batch)) < files.count; ) {
    for (let k = start; k < Math.min(start + batch, files.count); k++) out[k] = lstatSize(join(h.root, ...files.at(k).split("/")));
  }
}
function lstatSize(abs) {
  try {
    const st = lstatSync(abs);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}
var BLOCK = 1 << 20;
var spareBlocks = [];
function takeBlock() {
  return spareBlocks.pop() ?? Buffer.allocUnsafeSlow(BLOCK);
}
function giveBlock(b) {
  if (b.length === BLOCK && spareBlocks.length < SPARE_BLOCKS) spareBlocks.push(b);
}
var SPARE_BLOCKS = 16;
function* readBlocks(fd, offset, size) {
  const pooled = size >= BLOCK;
  const buf = pooled ? takeBlock() : Buffer.allocUnsafe(size || 1);
  try {
    for (let done = 0; done < size; ) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, size - done), offset + done);
      if (n === 0) return;
      done += n;
      yield buf.subarray(0, n);
    }
  } finally {
    if (pooled) giveBlock(buf);
  }
}
function readExactly(fd, offset, size) {
  const out = Buffer.allocUnsafe(size);
  for (let done = 0; done < size; ) {
    const n = readSync(fd, out, done, size - done, offset + done);
    if (n === 0) throw new Error(`ends after ${done} of ${size} bytes`);
    done += n;
  }
  return out;
}
function readUpTo(fd, size) {
  const buf = Buffer.allocUnsafe(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buf, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return off === size ? buf : buf.subarray(0, off);
}
var TreeReadError = class extends Error {
  /** `tooLarge`: the file is larger than the read's `maxBytes`, and was not read. */
  constructor(message, path, tooLarge = false) {
    super(message);
    this.path = path;
    this.tooLarge = tooLarge;
    this.name = "TreeReadError";
  }
  path;
  tooLarge;
};
var UNKNOWN_SIZE = Number.NaN;
function readRegularFile(abs, label, maxBytes = Infinity) {
  return withRegularFile(abs, label, (fd, size) => {
    if (size > maxBytes) throw new TreeReadError(`${label} is larger than ${maxBytes} bytes`, label, true);
    return readUpTo(fd, size);
  });
}
function withRegularFile(abs, label, use) {
  const { fd, size } = openRegularFile(abs, label);
  try {
    return use(fd, size);
  } finally {
    closeSync(fd);
  }
}
function openRegularFile(abs, label) {
  let fd;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = e.code;
    throw new TreeReadError(code === "ENOENT" ? `${label}: no such file` : code === "ELOOP" ? `${label}: not a regular file` : `${label}: ${e.message}`, label);
  }
  let ok = false;
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new TreeReadError(`${label}: not a regular file`, label);
    ok = true;
    return { fd, size: st.size };
  } finally {
    if (!ok) closeSync(fd);
  }
}

// src/core/placed-writes.ts
import { writeSync, writevSync } from "node:fs";
var FLUSH_BYTES = 1 << 20;
var FLUSH_PIECES = 512;
var STAGE_PIECE = 64 * 1024;
var PlacedWrites = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  /**
   * The queued pieces by position: where each goes, and where its bytes are — in the staging
   * buffer (`from` ≥ 0), or a large one held as given (`held[-1 - from]`). Typed arrays reused
   * from flush to flush, not an object and a buffer view a piece: those lived from queueing to the
   * flush, ~250 documents later, and so outlived V8's young generation by the hundreds on each
   * thread, every collection (issue 39).
   */
  at = new Float64Array(FLUSH_PIECES);
  from = new Int32Array(FLUSH_PIECES);
  length = new Int32Array(FLUSH_PIECES);
  order = new Int32Array(FLUSH_PIECES);
  held = [];
  count = 0;
  bytes = 0;
  /**
   * Small pieces (a document, a local header) are copied here, so that the caller's buffer can go
   * at once: kept until the flush, ~250 documents later, each buffer outlived V8's young generation,
   * and its memory (outside V8's heap) waited for the next full collection (issue 39).
   */
  stage;
  staged = 0;
  /**
   * Queues `bytes` for offset `at`. A large buffer is written as it is at the next flush, so the
   * caller must not reuse it before then (write() is the way for a reused buffer).
   */
  add(at, bytes) {
    if (!bytes.length) return;
    let from;
    if (bytes.length <= STAGE_PIECE) {
      if (this.staged + bytes.length > FLUSH_BYTES) this.flush();
      this.stage ??= Buffer.allocUnsafe(FLUSH_BYTES);
      bytes.copy(this.stage, this.staged);
      from = this.staged;
      this.staged += bytes.length;
    } else {
      from = -1 - this.held.length;
      this.held.push(bytes);
    }
    const k = this.count++;
    this.at[k] = at;
    this.from[k] = from;
    this.length[k] = bytes.length;
    this.bytes += bytes.length;
    if (this.bytes >= FLUSH_BYTES || this.count >= FLUSH_PIECES) this.flush();
  }
  /** Writes `bytes` at `at` now (with whatever is queued): the caller may reuse the buffer after. */
  write(at, bytes) {
    this.flush();
    writeAt(this.fd, bytes, at);
  }
  flush() {
    const n = this.count;
    if (!n) return;
    const { at, from, length } = this;
    const order = this.order.subarray(0, n);
    for (let k = 0; k < n; k++) order[k] = k;
    order.sort((a, b) => at[a] - at[b] || a - b);
    const held = this.held;
    this.held = [];
    this.count = 0;
    this.bytes = 0;
    this.staged = 0;
    for (let i = 0; i < n; ) {
      const start = at[order[i]];
      const run3 = [];
      let end = start;
      while (i < n && at[order[i]] === end) {
        const k = order[i];
        const f = from[k];
        run3.push(f >= 0 ? this.stage.subarray(f, f + length[k]) : held[-1 - f]);
        end += length[k];
        i++;
      }
      writeAllAt(this.fd, run3, start);
    }
  }
};
function writeAt(fd, bytes, at) {
  writeAllAt(fd, [bytes], at);
}
function writeAllAt(fd, buffers, at) {
  const total = buffers.reduce((n2, b) => n2 + b.length, 0);
  const n = writevSync(fd, buffers, at);
  if (n === total) return;
  const rest = Buffer.concat(buffers).subarray(n);
  for (let off = 0; off < rest.length; ) off += writeSync(fd, rest, off, rest.length - off, at + n + off);
}

// src/core/zip-placement.ts
import { crc32 } from "node:zlib";

// src/core/zip-layout.ts
var UTF8 = 1 << 11;
var MADE_BY_UNIX_63 = 3 << 8 | 63;
var MODE_FILE_644 = 33188 << 16 >>> 0;
var DOS_TIME_1980 = 0;
var DOS_DATE_1980 = 0 << 9 | 1 << 5 | 1;
var MAX32 = 4294967295;
function u64(buf, value, at) {
  buf.writeUInt32LE(value % 4294967296, at);
  buf.writeUInt32LE(Math.floor(value / 4294967296), at + 4);
}
var bigLocal = (size) => size >= MAX32;
function localHeaderLength(nameLength, size) {
  return 30 + nameLength + (bigLocal(size) ? 20 : 0);
}
function localHeader(name, size, crc) {
  const h = Buffer.alloc(localHeaderLength(name.length, size));
  writeLocalHeader(h, name, 0, name.length, size, crc);
  return h;
}
function writeLocalHeader(h, names, nameAt, nameLength, size, crc) {
  const big = bigLocal(size);
  const length = localHeaderLength(nameLength, size);
  h.fill(0, 0, length);
  h.writeUInt32LE(67324752, 0);
  h.writeUInt16LE(big ? 45 : 20, 4);
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(0, 8);
  h.writeUInt16LE(DOS_TIME_1980, 10);
  h.writeUInt16LE(DOS_DATE_1980, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(big ? MAX32 : size, 18);
  h.writeUInt32LE(big ? MAX32 : size, 22);
  h.writeUInt16LE(nameLength, 26);
  h.writeUInt16LE(big ? 20 : 0, 28);
  names.copy(h, 30, nameAt, nameAt + nameLength);
  if (big) {
    const x = 30 + nameLength;
    h.writeUInt16LE(1, x);
    h.writeUInt16LE(16, x + 2);
    u64(h, size, x + 4);
    u64(h, size, x + 12);
  }
  return length;
}

// src/core/zip-placement.ts
function queueEntry(out, headerAt, name, bytes) {
  const crc = crc32(bytes);
  const header = localHeader(name, bytes.length, crc);
  out.add(headerAt, header);
  out.add(headerAt + header.length, bytes);
  return crc;
}
var MAX_SIZE = 2 ** 53 - 1;

// src/octx/documents.ts
import { isUtf8 as isUtf83 } from "node:buffer";

// src/core/steps.ts
var NO_STEPS = () => {
};

// src/core/yaml-flat.ts
var KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;
var STRING = /^[A-Za-z](?:[A-Za-z0-9 .,;()/_+'-]*[A-Za-z0-9.,;()/_+-])?$/;
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
var WORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
var own = (s) => (" " + s).slice(1);
function scalar(s) {
  if (UUID.test(s)) return own(s);
  return STRING.test(s) && !WORD.test(s) ? own(s) : void 0;
}
function parseFlatYaml(text) {
  if (text.length > 4096 || text.includes("\r") || text.includes("	")) return void 0;
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  if (!lines.length) return void 0;
  const out = {};
  for (let i = 0; i < lines.length; ) {
    const l = lines[i];
    const colon = l.indexOf(":");
    if (colon <= 0) return void 0;
    const key = l.slice(0, colon);
    if (!KEY.test(key) || WORD.test(key) || Object.prototype.hasOwnProperty.call(out, key)) return void 0;
    i++;
    if (colon < l.length - 1) {
      if (l.charCodeAt(colon + 1) !== 32) return void 0;
      const v = scalar(l.slice(colon + 2));
      if (v === void 0) return void 0;
      out[key] = v;
      continue;
    }
    let list;
    let map;
    for (; i < lines.length && lines[i].startsWith("  "); i++) {
      const s = lines[i];
      if (s.startsWith("  - ")) {
        if (map) return void 0;
        const v2 = scalar(s.slice(4));
        if (v2 === void 0) return void 0;
        (list ??= []).push(v2);
        continue;
      }
      if (list) return void 0;
      const c = s.indexOf(":");
      const k = c > 2 ? s.slice(2, c) : "";
      if (!KEY.test(k) || WORD.test(k) || s.charCodeAt(c + 1) !== 32) return void 0;
      map ??= {};
      if (Object.prototype.hasOwnProperty.call(map, k)) return void 0;
      const v = scalar(s.slice(c + 2));
      if (v === void 0) return void 0;
      map[k] = v;
    }
    if (!list && !map) return void 0;
    out[key] = list ?? map;
  }
  return out;
}

// src/core/yaml-safe.ts
var reference = lazyRequire("yaml");
var jsYaml = lazyRequire("js-yaml");
var YamlSafetyError = class extends Error {
  constructor(message, line) {
    super(line ? `${message} (line ${line})` : message);
    this.line = line;
    this.name = "YamlSafetyError";
    this.reason = message;
  }
  line;
  reason;
};
function lineOf(doc, offset, lineOffset) {
  if (offset === void 0) return void 0;
  const src = doc._src;
  if (src === void 0) return void 0;
  let line = 1;
  for (let i = 0; i < offset && i < src.length; i++) if (src.charCodeAt(i) === 10) line++;
  return line + lineOffset;
}
var NEEDS_REFERENCE = /[&*!%]|\?(?:[ \t\r\n]|$)|[\]}][ \t]*:|[\]}"',]#|(?:^|[\n{[,])[ \t-]*:/;
var fast;
function fastParser() {
  if (fast) return fast;
  const js = jsYaml();
  const scalar2 = (tag, resolve, construct) => new js.Type(`tag:yaml.org,2002:${tag}`, { kind: "scalar", resolve, construct });
  const schemaFor = (bigInt) => js.FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar2("null", (s) => /^(?:~|[Nn]ull|NULL)?$/.test(s), () => null),
      scalar2("bool", (s) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s), (s) => s[0] === "t" || s[0] === "T"),
      scalar2("int", (s) => /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(s), (s) => {
        if (bigInt) return BigInt(s);
        return s.startsWith("0o") ? parseInt(s.slice(2), 8) : s.startsWith("0x") ? parseInt(s.slice(2), 16) : parseInt(s, 10);
      }),
      scalar2("float", (s) => /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/.test(s), (s) => {
        const l = s.toLowerCase();
        if (l.endsWith("nan")) return NaN;
        if (l.endsWith("inf")) return s[0] === "-" ? -Infinity : Infinity;
        return parseFloat(s);
      })
    ]
  });
  fast = { load: js.load, schemas: /* @__PURE__ */ new Map([[false, schemaFor(false)], [true, schemaFor(true)]]) };
  return fast;
}
function tryFast(text, opts, maxDepth) {
  if (maxDepth >= 3) {
    const flat = parseFlatYaml(text);
    if (flat) return { value: flat };
  }
  if (NEEDS_REFERENCE.test(text)) return void 0;
  const p = fastParser();
  try {
    const value = p.load(text, { schema: p.schemas.get(opts.intAsBigInt ?? false), json: false, maxDepth });
    return { value: value === void 0 ? null : value };
  } catch {
    return void 0;
  }
}
function parseYamlSafe(text, opts = {}) {
  const maxDepth = opts.maxDepth ?? 100;
  const quick = tryFast(text, opts, maxDepth);
  if (quick) return quick.value;
  return parseReference(text, opts, maxDepth);
}
function parseReference(text, opts = {}, maxDepth = opts.maxDepth ?? 100) {
  const { parseDocument, isScalar, visit } = reference();
  const lineOffset = opts.lineOffset ?? 0;
  const doc = parseDocument(text, { uniqueKeys: true, merge: false, strict: true, schema: "core", prettyErrors: false, intAsBigInt: opts.intAsBigInt ?? false });
  doc._src = text;
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line !== void 0 ? problem.linePos[0].line + lineOffset : lineOf(doc, problem.pos?.[0], lineOffset);
    const msg = problem.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    throw new YamlSafetyError(msg.includes("tag") ? `unsupported YAML tag: ${msg}` : msg, line);
  }
  const aliases = opts.aliases ?? 0;
  visit(doc, {
    Alias(_k, node) {
      if (!aliases) throw new YamlSafetyError("YAML aliases are not allowed", lineOf(doc, node.range?.[0], lineOffset));
    },
    Node(_k, node, path) {
      if (!aliases && node.anchor) throw new YamlSafetyError("YAML anchors are not allowed", lineOf(doc, node.range?.[0], lineOffset));
      if (node.tag && !String(node.tag).startsWith("tag:yaml.org,2002:")) {
        throw new YamlSafetyError(`custom YAML tag ${node.tag} is not allowed`, lineOf(doc, node.range?.[0], lineOffset));
      }
      if (path.length > maxDepth * 2) throw new YamlSafetyError(`YAML nested deeper than ${maxDepth}`, lineOf(doc, node.range?.[0], lineOffset));
    },
    Pair(_k, pair) {
      if (pair.key !== null && !isScalar(pair.key)) {
        const k = pair.key;
        throw new YamlSafetyError("YAML keys must be scalars", lineOf(doc, k.range?.[0], lineOffset));
      }
    }
  });
  if (!aliases) return doc.toJS({ maxAliasCount: 0 });
  try {
    return doc.toJS({ maxAliasCount: aliases });
  } catch (e) {
    throw new YamlSafetyError(`YAML aliases expand beyond ${aliases} nodes: ${e.message.split("\n")[0]}`);
  }
}
function isClosingFence(text, from, to) {
  if (to - from < 3) return false;
  const head = text.slice(from, from + 3);
  if (head !== "---" && head !== "...") return false;
  for (let i = from + 3; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
function splitFrontmatter(text, steps = NO_STEPS) {
  let i = 3;
  steps(3);
  if (!text.startsWith("---")) return { yaml: "", yamlLine: 1, body: text, bodyLine: 1, present: false };
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (text.charCodeAt(i) === 13) i++;
  steps(i - 2);
  if (text.charCodeAt(i) !== 10) return { yaml: "", yamlLine: 1, body: text, bodyLine: 1, present: false };
  const start = i + 1;
  let lines = 0;
  for (let from = start; from <= text.length; ) {
    const nl = text.indexOf("\n", from);
    const end = nl < 0 ? text.length : nl;
    steps(end - from + 1);
    const contentEnd = nl >= 0 && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (isClosingFence(text, from, contentEnd)) {
      const after = nl < 0 ? text.length : nl + 1;
      return { yaml: text.slice(start, from), yamlLine: 2, body: text.slice(after), bodyLine: 2 + lines + 1, present: true };
    }
    if (nl < 0) break;
    lines++;
    from = nl + 1;
  }
  return { yaml: "", yamlLine: 2, body: text, bodyLine: 1, present: false };
}

// src/links/html-links.ts
var isBlank = (c) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
var isLetter = (c) => (c | 32) >= 97 && (c | 32) <= 122;
var RAW_TEXT = /* @__PURE__ */ new Set(["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"]);
function rawTextEnd(html, name, from) {
  for (let k = html.indexOf("</", from); k >= 0; k = html.indexOf("</", k + 2)) {
    const after = html.charCodeAt(k + 2 + name.length);
    if (html.slice(k + 2, k + 2 + name.length).toLowerCase() === name && (Number.isNaN(after) || isBlank(after) || after === 47 || after === 62)) return k;
  }
  return -1;
}
function htmlLinkValues(html) {
  const out = [];
  const n = html.length;
  let i = 0;
  while (i < n) {
    const lt = html.indexOf("<", i);
    if (lt < 0) break;
    const c = html.charCodeAt(lt + 1);
    if (html.startsWith("<!--", lt)) {
      const e = html.indexOf("-->", lt + 4);
      if (e < 0) break;
      i = e + 3;
      continue;
    }
    if (c === 33 || c === 63 || c === 47) {
      const e = html.indexOf(">", lt + 2);
      if (e < 0) break;
      i = e + 1;
      continue;
    }
    if (!isLetter(c)) {
      i = lt + 1;
      continue;
    }
    let p = lt + 1;
    while (p < n && !isBlank(html.charCodeAt(p)) && html.charCodeAt(p) !== 47 && html.charCodeAt(p) !== 62) p++;
    const name = html.slice(lt + 1, p).toLowerCase();
    const found = [];
    let closed = false;
    while (p < n) {
      let ch = html.charCodeAt(p);
      if (isBlank(ch) || ch === 47) {
        p++;
        continue;
      }
      if (ch === 62) {
        p++;
        closed = true;
        break;
      }
      const a = p++;
      while (p < n && !isBlank(ch = html.charCodeAt(p)) && ch !== 47 && ch !== 62 && ch !== 61) p++;
      const attr = html.slice(a, p).toLowerCase();
      while (p < n && isBlank(html.charCodeAt(p))) p++;
      if (html.charCodeAt(p) !== 61) continue;
      p++;
      while (p < n && isBlank(html.charCodeAt(p))) p++;
      const q = html.charCodeAt(p);
      let start, end;
      if (q === 34 || q === 39) {
        start = p + 1;
        end = html.indexOf(q === 34 ? '"' : "'", start);
        if (end < 0) {
          p = n;
          break;
        }
        p = end + 1;
      } else {
        start = p;
        while (p < n && !isBlank(ch = html.charCodeAt(p)) && ch !== 62) p++;
        end = p;
      }
      if (attr === "href" || attr === "src") found.push({ start, value: html.slice(start, end) });
    }
    if (!closed) break;
    for (const f of found) out.push(f);
    i = p;
    if (RAW_TEXT.has(name)) {
      const e = rawTextEnd(html, name, p);
      if (e < 0) break;
      i = e;
    }
  }
  return out;
}
var NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function decodeAttribute(value) {
  if (!value.includes("&")) return value;
  return value.replace(/&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]{2,6}));/g, (m, hex, dec, name) => {
    if (name !== void 0) return NAMED[name] ?? m;
    const cp = parseInt(hex ?? dec, hex !== void 0 ? 16 : 10);
    return cp > 0 && cp <= 1114111 && !(cp >= 55296 && cp <= 57343) ? String.fromCodePoint(cp) : m;
  });
}

// src/links/source-lines.ts
var isSpace2 = (c) => c === 32 || c === 9;
var isTrimmable = (c) => c === 32 || c === 9 || c === 10 || c === 13;
function lineStarts(text) {
  const out = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) out.push(i + 1);
  return out;
}
function lineOf2(starts, offset) {
  let lo = 0, hi = starts.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
function recordLines(s, begin, end, indent, keepLastLF) {
  const rec = { begin, end, from: [], to: [], pad: [] };
  for (let line = begin; line < end; line++) {
    const lineStart = s.bMarks[line];
    let first = lineStart;
    let lineIndent = 0;
    const last = Math.min(line + 1 < end || keepLastLF ? s.eMarks[line] + 1 : s.eMarks[line], s.src.length);
    while (first < last && lineIndent < indent) {
      const ch = s.src.charCodeAt(first);
      if (isSpace2(ch)) lineIndent += ch === 9 ? 4 - (lineIndent + s.bsCount[line]) % 4 : 1;
      else if (first - lineStart < s.tShift[line]) lineIndent++;
      else break;
      first++;
    }
    rec.from.push(first);
    rec.to.push(last);
    rec.pad.push(lineIndent > indent ? lineIndent - indent : 0);
  }
  return rec;
}
function placeLines(rec, src, content) {
  const rawStart = [];
  const pieces = [];
  let at = 0;
  for (let i = 0; i < rec.from.length; i++) {
    rawStart.push(at);
    pieces.push(" ".repeat(rec.pad[i]) + src.slice(rec.from[i], rec.to[i]));
    at += rec.pad[i] + rec.to[i] - rec.from[i];
  }
  const raw = pieces.join("");
  let o = 0;
  if (raw !== content) {
    while (o < raw.length && isTrimmable(raw.charCodeAt(o))) o++;
    if (!raw.startsWith(content, o)) return void 0;
    for (let k = o + content.length; k < raw.length; k++) if (!isTrimmable(raw.charCodeAt(k))) return void 0;
  }
  return (j) => {
    if (j < 0 || j > content.length) return -1;
    const r = j + o;
    const li = lineOf2(rawStart, r);
    const k = r - rawStart[li] - rec.pad[li];
    return k < 0 ? -1 : rec.from[li] + k;
  };
}

// src/core/line-ends.ts
function lfLineEnds(text) {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

// src/links/parse.ts
var markdownIt = lazyRequire("markdown-it");
var cur;
var built;
var parser = () => built ??= makeParser();
function makeParser() {
  const md = new (markdownIt())("commonmark", { html: true });
  md.validateLink = () => true;
  md.normalizeLink = (s) => s;
  md.normalizeLinkText = (s) => s;
  const Base = md.block.State;
  md.block.State = class extends Base {
    getLines(begin, end, indent, keepLastLF) {
      if (cur && begin < end) cur.lines.set(begin, cur.lines.has(begin) ? null : recordLines(this, begin, end, indent, keepLastLF));
      return super.getLines(begin, end, indent, keepLastLF);
    }
  };
  const parseDest = md.helpers.parseLinkDestination;
  md.helpers.parseLinkDestination = (str, start, max) => {
    const r = parseDest(str, start, max);
    if (cur?.capture && r.ok) {
      cur.capture.start = start;
      cur.capture.end = r.pos;
    }
    return r;
  };
  const record = (state, r) => {
    if (!cur) return;
    let list = cur.inline.get(state.tokens);
    if (!list) cur.inline.set(state.tokens, list = []);
    list.push(r);
  };
  const isWs = (c) => c === 32 || c === 9 || c === 10;
  function wrapLink(name) {
    const rules = md.inline.ruler.__rules__;
    const orig = rules.find((r) => r.name === name).fn;
    md.inline.ruler.at(name, (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (silent || !cur) return true;
      const src = state.src;
      const end = state.pos;
      const open = name === "image" ? start + 1 : start;
      const labelEnd = md.helpers.parseLinkLabel(state, open, name === "link");
      if (labelEnd < 0) return true;
      const kind = name === "image" ? "image" : "inline";
      if (src.charCodeAt(labelEnd + 1) === 40 && src.charCodeAt(end - 1) === 41) {
        let p = labelEnd + 2;
        while (p < end && isWs(src.charCodeAt(p))) p++;
        const d = src.charCodeAt(p) === 41 ? void 0 : parseDest(src, p, state.posMax);
        if (!d?.ok) {
          record(state, { kind, start: p, end: p });
          return true;
        }
        const pointy = src.charCodeAt(p) === 60;
        const [ts, te] = [pointy ? p + 1 : p, pointy ? d.pos - 1 : d.pos];
        const keep = kind === "inline" && cur.opts.textFor?.has(src.slice(ts, te));
        record(state, { kind, start: ts, end: te, ...keep ? { text: src.slice(open + 1, labelEnd) } : {} });
        return true;
      }
      let label = end > labelEnd + 1 && src.charCodeAt(labelEnd + 1) === 91 ? src.slice(labelEnd + 2, end - 1) : "";
      if (!label) label = src.slice(open + 1, labelEnd);
      const norm = md.utils.normalizeReference(label);
      if (!norm.startsWith("^")) record(state, { kind: "reference", start: -1, end: -1, label: norm });
      return true;
    });
  }
  wrapLink("link");
  wrapLink("image");
  {
    const rules = md.inline.ruler.__rules__;
    const orig = rules.find((r) => r.name === "autolink").fn;
    md.inline.ruler.at("autolink", (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (!silent) record(state, { kind: "autolink", start: start + 1, end: state.pos - 1 });
      return true;
    });
  }
  {
    const rules = md.inline.ruler.__rules__;
    const orig = rules.find((r) => r.name === "backticks").fn;
    md.inline.ruler.at("backticks", (state, silent) => {
      const start = state.pos;
      const n0 = state.tokens.length;
      if (!orig(state, silent)) return false;
      if (silent || !cur?.opts.roles || state.tokens.length === n0 || state.tokens[state.tokens.length - 1].type !== "code_inline") return true;
      const role = /\{(?:std:)?(doc|ref|numref)\}$/.exec(state.src.slice(Math.max(0, start - 12), start));
      if (!role) return true;
      let n = 0;
      while (state.src.charCodeAt(start + n) === 96) n++;
      const inner = state.src.slice(start + n, state.pos - n);
      const tailFrom = Math.max(0, inner.length - 600);
      const t = /<([^<>\n]{1,500})>[ \t]*$/.exec(inner.slice(tailFrom));
      const lead = t ? 0 : inner.length - inner.trimStart().length;
      const from = t ? start + n + tailFrom + t.index + 1 : start + n + lead;
      const to = t ? from + t[1].length : from + inner.trim().length;
      record(state, { kind: "xref", start: from, end: to, syntax: role[1], titled: Boolean(t) });
      return true;
    });
  }
  {
    const rules = md.inline.ruler.__rules__;
    const orig = rules.find((r) => r.name === "html_inline").fn;
    md.inline.ruler.at("html_inline", (state, silent) => {
      const start = state.pos;
      if (!orig(state, silent)) return false;
      if (silent || !cur || state.src.startsWith("<!--", start)) return true;
      for (const v of htmlLinkValues(state.src.slice(start, state.pos))) record(state, { kind: "html", start: start + v.start, end: start + v.start + v.value.length });
      return true;
    });
  }
  function wiki(state, silent) {
    if (!cur?.opts.wiki) return false;
    const src = state.src;
    let p = state.pos;
    const embed = src.charCodeAt(p) === 33;
    if (embed) p++;
    if (src.charCodeAt(p) !== 91 || src.charCodeAt(p + 1) !== 91) return false;
    const from = p + 2;
    let q = from;
    const max = state.posMax;
    while (q < max) {
      const c = src.charCodeAt(q);
      if (c === 91 || c === 10) return false;
      if (c === 93) break;
      q++;
    }
    if (q + 1 >= max || src.charCodeAt(q + 1) !== 93 || q === from) return false;
    const inner = src.slice(from, q);
    const bar = inner.indexOf("|");
    const target = bar < 0 ? inner : inner.slice(0, bar);
    if (!embed && /^\s*(toc|_toc_)\s*$/i.test(inner)) return false;
    if (!silent) {
      record(state, { kind: embed ? "embed" : "wiki", start: from, end: from + target.length, alias: bar < 0 ? void 0 : inner.slice(bar + 1) });
      const t = state.push("text", "", 0);
      t.content = bar < 0 ? target.replace(/#/g, " ") : inner.slice(bar + 1);
    }
    state.pos = q + 2;
    return true;
  }
  md.inline.ruler.before("link", "wiki", wiki);
  {
    const rules = md.block.ruler.__rules__;
    const orig = rules.find((r) => r.name === "reference").fn;
    md.block.ruler.at("reference", (state, startLine, endLine, silent) => {
      if (!cur) return orig(state, startLine, endLine, silent);
      if (silent) {
        const saved = cur.capture;
        cur.capture = void 0;
        try {
          return orig(state, startLine, endLine, silent);
        } finally {
          cur.capture = saved;
        }
      }
      cur.capture = { start: -1, end: -1 };
      const n = state.tokens.length;
      let ok = false;
      try {
        ok = orig(state, startLine, endLine, silent);
      } finally {
        const c = cur.capture;
        cur.capture = void 0;
        const tok = state.tokens[n];
        if (ok && tok && c.start >= 0) {
          const label = tok.meta.label;
          if (label.startsWith("^")) {
            const open = state.bMarks[startLine] + state.tShift[startLine];
            const close = state.src.indexOf("]", open);
            cur.footnotes.push(close > open ? state.src.slice(open + 2, close) : label.slice(1));
          } else {
            const pointy = state.src.charCodeAt(c.start) === 60;
            cur.defs.push({ start: pointy ? c.start + 1 : c.start, end: pointy ? c.end - 1 : c.end, label });
          }
        }
      }
      return ok;
    });
  }
  md.core.ruler.at("inline", (state) => {
    for (const tok of state.tokens) if (tok.type === "inline") state.md.inline.parse(tok.content, state.md, state.env, tok.children);
  });
  return md;
}
var unplaced = () => -1;
function placeBlock(text, starts, lines, tok, atx) {
  if (!tok.map) return unplaced;
  if (atx) {
    const s0 = starts[tok.map[0]];
    if (s0 === void 0 || tok.content.includes("\n")) return unplaced;
    const sEnd = tok.map[0] + 1 < starts.length ? starts[tok.map[0] + 1] - 1 : text.length;
    const s = text.slice(s0, sEnd);
    let p = s.indexOf("#");
    if (p < 0) return unplaced;
    while (s.charCodeAt(p) === 35) p++;
    while (p < s.length && (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9)) p++;
    return s.startsWith(tok.content, p) ? (j) => s0 + p + j : unplaced;
  }
  const rec = lines.get(tok.map[0]);
  const place = rec && rec.end === tok.map[1] ? placeLines(rec, text, tok.content) : void 0;
  return place ?? unplaced;
}
function plainText(children) {
  let out = "";
  for (const c of children) {
    if (c.type === "text" || c.type === "code_inline") out += c.content;
    else if (c.type === "softbreak" || c.type === "hardbreak") out += " ";
  }
  return out;
}
var ATTR_ID = /(?:^|[ \t])#([^\s#{}="']+)/;
var INLINE_ATTR_AFTER = /^(?:em_close|strong_close|link_close|s_close|code_inline|image)$/;
var ATTRS = /\{[ \t]*:?([^{}\n]*)\}[ \t]*$/;
function headingAttrs(text) {
  const m = ATTRS.exec(text);
  if (!m) return { text };
  const body = m[1];
  const hash2 = ATTR_ID.exec(body);
  const kv = /(?:^|[ \t])id[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(body);
  const id = hash2?.[1] ?? kv?.[1] ?? kv?.[2] ?? kv?.[3];
  if (id === void 0 && !/(?:^|[ \t])\.[A-Za-z_-]/.test(body)) return { text };
  return { text: text.slice(0, m.index).trimEnd(), id };
}
var HTML_ID = /\b(?:id|name)[ \t]*=[ \t]*(?:"([^"\n]{1,200})"|'([^'\n]{1,200})'|([^\s"'>]{1,200}))/g;
var HTML_LINK = /\b(?:href|src|to)[ \t]*=/g;
var count = (re, s) => {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(s)) n++;
  return n;
};
function dedentAdmonitions(text) {
  if (!/^[ \t]*(?:!!!|\?\?\?\+?|===)[ \t]/m.test(text)) return void 0;
  const lines = text.split("\n");
  const shift = new Array(lines.length).fill(0);
  const stack = [];
  let fence;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const indent = l.length - l.replace(/^ +/, "").length;
    const blank2 = l.trim() === "";
    if (!blank2) while (stack.length && indent < stack[stack.length - 1]) stack.pop();
    const remove = blank2 ? Math.min(indent, stack.length ? stack[stack.length - 1] : 0) : stack.length ? stack[stack.length - 1] : 0;
    const rest = l.slice(remove);
    lines[i] = rest;
    shift[i] = remove;
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(rest);
    if (fence) {
      if (f && f[1][0] === fence.ch && f[1].length >= fence.n && rest.slice(f[0].length).trim() === "") fence = void 0;
      continue;
    }
    if (f) {
      fence = { ch: f[1][0], n: f[1].length, indent };
      continue;
    }
    if (/^(?:!!!|\?\?\?\+?|===)[ \t]+\S/.test(rest)) stack.push(remove + 4);
  }
  return { text: lines.join("\n"), shift };
}
function withoutComments(html) {
  if (!html.includes("<!--")) return html;
  let out = "";
  let i = 0;
  for (; ; ) {
    const a = html.indexOf("<!--", i);
    if (a < 0) return out + html.slice(i);
    out += html.slice(i, a);
    const b = html.indexOf("-->", a + 4);
    if (b < 0) return out;
    i = b + 3;
  }
}
var MDX_IMPORT = /^import\s+[^'"\n;]*?\bfrom\s*(['"])([^'"\n]{1,1000})\1|^import\s*(['"])([^'"\n]{1,1000})\3/;
function scanMarkdown(input, opts = {}) {
  const text = lfLineEnds(input);
  const dd = opts.admonitions ? dedentAdmonitions(text) : void 0;
  const src = dd ? dd.text : text;
  cur = { opts, inline: /* @__PURE__ */ new Map(), defs: [], footnotes: [], lines: /* @__PURE__ */ new Map() };
  let tokens;
  const state = cur;
  try {
    tokens = parser().parse(src, {});
  } finally {
    cur = void 0;
  }
  const starts = lineStarts(src);
  const mdSrc = src.includes("\0") ? src.replace(/\0/g, "�") : src;
  const origStarts = dd ? lineStarts(text) : starts;
  const toText = (off) => {
    if (!dd || off < 0) return off;
    const L = lineOf2(starts, off);
    return origStarts[L] + dd.shift[L] + (off - starts[L]);
  };
  const out = { links: [], headings: [], htmlIds: [], footnotes: state.footnotes, inHtml: 0, htmlLinks: [] };
  const pushHtml = (at, target, line) => {
    const t = toText(at);
    out.htmlLinks.push({ target, line: t >= 0 ? lineOf2(origStarts, t) + 1 : line, at: t >= 0 && text.startsWith(target, t) ? t : -1 });
  };
  const push = (kind, at, target, extra = {}) => {
    const t = toText(at);
    const ok = t >= 0 && text.startsWith(target, t);
    out.links.push({ kind, target, line: lineOf2(origStarts, Math.max(0, t)) + 1, at: ok ? t : -1, ...extra });
  };
  for (const d of state.defs) push("definition", d.start, src.slice(d.start, d.end), { label: d.label });
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.type === "html_block") {
      const html = withoutComments(tok.content);
      for (const m of html.matchAll(HTML_ID)) out.htmlIds.push(m[1] ?? m[2] ?? m[3]);
      out.inHtml += count(HTML_LINK, html) + count(/\]\(/g, html);
      const values = tok.map ? htmlLinkValues(tok.content) : [];
      if (values.length) {
        const toDoc2 = placeBlock(mdSrc, starts, state.lines, tok, false);
        const cl = lineStarts(tok.content);
        for (const v of values) pushHtml(v.value.includes("\n") ? -1 : toDoc2(v.start), v.value, tok.map[0] + 1 + lineOf2(cl, v.start));
      }
      const h = /<h[1-6][^>\n]{0,500}>([^<]{0,1000})</i.exec(html);
      if (h && tok.map) out.headings.push({ level: Number(/<h([1-6])/i.exec(h[0])[1]), text: h[1].trim(), line: tok.map[0] + 1, .../\bid\s*=\s*["']([^"']+)["']/i.exec(h[0]) ? { id: /\bid\s*=\s*["']([^"']+)["']/i.exec(h[0])[1] } : {} });
      continue;
    }
    if (tok.type !== "inline") continue;
    const prev = tokens[i - 1];
    const atx = prev?.type === "heading_open" && prev.markup.startsWith("#");
    const raws = state.inline.get(tok.children) ?? [];
    for (const c of tok.children) {
      if (c.type === "html_inline" && !c.content.startsWith("<!--")) {
        for (const m of c.content.matchAll(HTML_ID)) out.htmlIds.push(m[1] ?? m[2] ?? m[3]);
        out.inHtml += count(HTML_LINK, c.content);
      }
    }
    if (opts.admonitions) {
      const kids = tok.children;
      for (let k = 1; k < kids.length; k++) {
        const c = kids[k];
        if (c.type !== "text" || c.content.charCodeAt(0) !== 123 || !INLINE_ATTR_AFTER.test(kids[k - 1].type)) continue;
        const m = /^\{:?([^{}\n]*)\}/.exec(c.content);
        const id = m ? ATTR_ID.exec(m[1])?.[1] : void 0;
        if (id !== void 0) out.htmlIds.push(id);
      }
    }
    if (prev?.type === "heading_open" && tok.map) {
      const a = headingAttrs(plainText(tok.children).trim());
      out.headings.push({ level: Number(prev.tag.slice(1)), text: a.text, line: tok.map[0] + 1, ...a.id !== void 0 ? { id: a.id } : {} });
    } else if (prev?.type === "paragraph_open") {
      const fn = /^\[\^([^\]\s]+)\]:/.exec(tok.content);
      if (fn) out.footnotes.push(fn[1]);
    }
    const mdxImport = !!opts.mdx && prev?.type === "paragraph_open" && /^import\b/m.test(tok.content);
    if (!raws.length && !mdxImport) continue;
    const toDoc = placeBlock(mdSrc, starts, state.lines, tok, atx);
    for (const r of raws) {
      if (r.kind === "html") {
        pushHtml(toDoc(r.start), tok.content.slice(r.start, r.end), (tok.map?.[0] ?? 0) + 1);
        continue;
      }
      if (r.kind === "reference") {
        out.links.push({ kind: "reference", target: "", line: (tok.map?.[0] ?? 0) + 1, at: -1, label: r.label });
        continue;
      }
      push(r.kind, toDoc(r.start), tok.content.slice(r.start, r.end), r.alias !== void 0 ? { alias: r.alias } : r.syntax ? { syntax: r.syntax, titled: Boolean(r.titled) } : r.text !== void 0 ? { text: r.text } : {});
    }
    if (mdxImport) {
      let off = 0;
      for (const l of tok.content.split("\n")) {
        const m = MDX_IMPORT.exec(l);
        if (m) {
          const spec = m[2] ?? m[4];
          push("import", toDoc(off + m[0].lastIndexOf(spec)), spec);
        }
        off += l.length + 1;
      }
    }
  }
  out.links.sort((a, b) => a.line - b.line || a.at - b.at);
  return out;
}

// src/links/title.ts
var MARKUP = /[\\`*_<>&[\]!{}~|#$]/;
var ATX_START = /^ {0,3}#{1,6}(?:[ \t]|$)/;
function plainOpening(body) {
  let at = 0;
  for (; ; ) {
    const end = body.indexOf("\n", at);
    const line = end < 0 ? body.slice(at) : body.slice(at, end);
    if (line.trim() !== "") {
      let n = 0;
      while (n < line.length && line.charCodeAt(n) === 35) n++;
      if (n < 1 || n > 6 || line[n] !== " " && line[n] !== "	") return void 0;
      const text = line.slice(n).trim();
      return text && !MARKUP.test(text) ? text.replace(/\s+/g, " ") : void 0;
    }
    if (end < 0) return void 0;
    at = end + 1;
  }
}
var firstOf = (text, opts) => {
  for (const h of scanMarkdown(text, opts).headings) {
    const t = h.text.replace(/\s+/g, " ").trim();
    if (t) return t;
  }
  return void 0;
};
function firstHeading(body, opts = {}) {
  const plain = plainOpening(body);
  if (plain !== void 0) return plain;
  for (let at = 0; at < body.length; ) {
    const end = body.indexOf("\n", at);
    const stop = end < 0 ? body.length : end;
    if (ATX_START.test(body.slice(at, Math.min(stop, at + 12)))) {
      const found = firstOf(body.slice(0, stop), opts);
      if (found !== void 0 || stop === body.length) return found;
      break;
    }
    at = stop + 1;
  }
  return firstOf(body, opts);
}
var ownsTitle = (frontmatterTitle) => typeof frontmatterTitle === "string" && frontmatterTitle.trim() !== "";
function titleOf(frontmatterTitle, body, opts = {}) {
  return ownsTitle(frontmatterTitle) ? frontmatterTitle : firstHeading(body, opts);
}

// src/octx/documents.ts
function isKnowledgeMarkdown(path) {
  return path.startsWith("knowledge/") && path.endsWith(".md");
}
function isReserved(path) {
  const base = path.slice(path.lastIndexOf("/") + 1);
  return base === "index.md" || base === "log.md";
}
function isConcept(path) {
  return isKnowledgeMarkdown(path) && !isReserved(path);
}
function decode(bytes, file, diags) {
  const text = decodeUtf8(bytes);
  if (text === void 0) diags.push(error("OCTX_DOCUMENT_ENCODING", `${file} is not valid UTF-8`, { file }));
  return text;
}
var KEY_LINE = /* @__PURE__ */ new Map();
function lineOfYamlKey(yaml, key, firstLine) {
  let re = KEY_LINE.get(key);
  if (!re) KEY_LINE.set(key, re = new RegExp(`^[ \\t]*${key}[ \\t]*:`, "m"));
  const m = re.exec(yaml);
  if (!m) return firstLine;
  let line = firstLine;
  for (let i = yaml.indexOf("\n"); i !== -1 && i < m.index; i = yaml.indexOf("\n", i + 1)) line++;
  return line;
}
function checkKnowledge(path, bytes, maxDepth, diags, text) {
  if (isConcept(path)) return checkConcept(path, bytes, maxDepth, diags, text);
  checkReserved(path, bytes, maxDepth, diags, text);
  return void 0;
}
var HEAD_BYTES = 1024;
function splitHead(bytes) {
  const fenceEnd = fenceLineEnd(bytes);
  const cut = fenceEnd >= 0 && fenceEnd < HEAD_BYTES ? fenceEnd + 1 : bytes.length > HEAD_BYTES ? bytes.lastIndexOf(10, HEAD_BYTES - 1) + 1 : bytes.length;
  if (cut > 0 && cut < bytes.length) {
    const fm = splitFrontmatter(stripBom(bytes.toString("utf8", 0, cut)));
    if (fm.present) return { fm, whole: false };
  }
  return { fm: splitWhole(bytes), whole: true };
}
function fenceLineEnd(bytes) {
  const end = Math.min(bytes.length, HEAD_BYTES);
  for (let nl = bytes.indexOf(10); nl >= 0 && nl + 3 < end; nl = bytes.indexOf(10, nl + 1)) {
    const c = bytes[nl + 1];
    if ((c === 45 || c === 46) && bytes[nl + 2] === c && bytes[nl + 3] === c) return bytes.indexOf(10, nl + 4);
  }
  return -1;
}
var splitWhole = (bytes) => splitFrontmatter(stripBom(bytes.toString("utf8")));
function checkConcept(path, bytes, maxDepth, diags, decoded) {
  const doc = { path, idLine: 1 };
  let fm;
  let whole = true;
  if (decoded) {
    const text = decode(bytes, path, diags);
    decoded(text);
    if (text === void 0) return doc;
    fm = splitFrontmatter(text);
  } else {
    if (!isUtf83(bytes)) {
      decode(bytes, path, diags);
      return doc;
    }
    ({ fm, whole } = splitHead(bytes));
  }
  if (!fm.present) {
    diags.push(error("OCTX_DOCUMENT_FRONTMATTER", `${path} has no YAML frontmatter; a Concept Document starts with a --- fenced block holding type and octx.document_id`, {
      file: path,
      line: 1,
      hint: "run `ctxforge ids <workdir>` to add the missing frontmatter fields"
    }));
    return doc;
  }
  let data;
  try {
    data = parseYamlSafe(fm.yaml, { maxDepth, lineOffset: fm.yamlLine - 1 });
  } catch (e) {
    if (e instanceof YamlSafetyError) {
      diags.push(error("OCTX_DOCUMENT_FRONTMATTER", `${path}: invalid frontmatter: ${e.reason}`, { file: path, line: e.line ?? fm.yamlLine }));
      return doc;
    }
    throw e;
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    diags.push(error("OCTX_DOCUMENT_FRONTMATTER", `${path}: frontmatter must be a YAML mapping`, { file: path, line: fm.yamlLine }));
    return doc;
  }
  const d = data;
  if (typeof d.type !== "string" || d.type.trim() === "") {
    diags.push(error("OCTX_DOCUMENT_FRONTMATTER", `${path}: frontmatter needs a non-empty string "type" (OKF type, e.g. Reference)`, {
      file: path,
      line: lineOfYamlKey(fm.yaml, "type", fm.yamlLine)
    }));
  } else doc.type = d.type;
  doc.title = titleOf(d.title, whole || ownsTitle(d.title) ? fm.body : splitWhole(bytes).body);
  const octx = d.octx;
  const id = typeof octx === "object" && octx !== null && !Array.isArray(octx) ? octx.document_id : void 0;
  doc.idLine = lineOfYamlKey(fm.yaml, "document_id", fm.yamlLine);
  if (!isUuidV7(id)) {
    diags.push(error(
      "OCTX_DOCUMENT_ID_INVALID",
      id === void 0 ? `${path}: frontmatter lacks octx.document_id` : `${path}: octx.document_id ${JSON.stringify(id)} is not a lowercase canonical UUIDv7`,
      { file: path, line: id === void 0 ? fm.yamlLine : doc.idLine, hint: "run `ctxforge ids <workdir>` to stamp missing IDs (existing IDs are never changed)" }
    ));
  } else doc.id = id;
  return doc;
}
var H1 = /^# \S/m;
var INDEX_ENTRY = /^[*+-] \[[^\]]+\]\([^)]+\)/m;
var LOG_DATE = /^## (\d{4}-\d\d-\d\d)$/;
function checkReserved(path, bytes, maxDepth, diags, decoded) {
  const bad = (msg, line) => diags.push(error("OCTX_OKF_RESERVED_INVALID", `${path}: ${msg}`, { file: path, line }));
  const text = decode(bytes, path, diags);
  decoded?.(text);
  if (text === void 0) return;
  const fm = splitFrontmatter(text);
  const isIndex = path.endsWith("index.md");
  if (fm.present) {
    if (path !== "knowledge/index.md") bad("frontmatter is allowed only in knowledge/index.md", 1);
    else {
      try {
        const data = parseYamlSafe(fm.yaml, { maxDepth, lineOffset: fm.yamlLine - 1 });
        if (data !== null && data !== void 0) {
          if (typeof data !== "object" || Array.isArray(data)) bad("frontmatter must be a mapping", fm.yamlLine);
          else for (const k of Object.keys(data)) if (k !== "okf_version") bad(`frontmatter key ${JSON.stringify(k)} is not allowed (only okf_version)`, fm.yamlLine);
        }
      } catch (e) {
        if (e instanceof YamlSafetyError) bad(`invalid frontmatter: ${e.reason}`, e.line ?? fm.yamlLine);
        else throw e;
      }
    }
  }
  const body = fm.present ? fm.body : text;
  if (!H1.test(body)) bad('needs a "# " title heading');
  if (isIndex) {
    if (!INDEX_ENTRY.test(body)) bad('an index needs at least one list entry "- [Title](target)"');
    return;
  }
  const lines = body.split(/\r?\n/);
  let prev;
  lines.forEach((l, i) => {
    if (!l.startsWith("## ")) return;
    const m = LOG_DATE.exec(l);
    const line = i + (fm.present ? fm.bodyLine : 1);
    if (!m) {
      bad(`log heading ${JSON.stringify(l)} must be exactly "## YYYY-MM-DD" (OKF v0.1)`, line);
      return;
    }
    if (prev !== void 0 && m[1] > prev) bad(`log dates must be in descending order (${m[1]} after ${prev})`, line);
    prev = m[1];
  });
}

// src/core/secrets.ts
import { isUtf8 as isUtf84 } from "node:buffer";
var isWord = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122 || c === 95;
var isUpperAlnum = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 90;
var isAlnum = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122;
var isWordDash = (c) => isWord(c) || c === 45;
var isAlnumDash = (c) => isAlnum(c) || c === 45;
var isKeyChar = (c) => isWord(c) || c === 46 || c === 45;
var isValueChar = (c) => isKeyChar(c) || c === 47 || c === 43 || c === 61;
var isAwsSecretChar = (c) => isAlnum(c) || c === 47 || c === 43 || c === 61;
var isSpace3 = (c) => c === 32 || c === 9 || c === 11 || c === 12 || c === 13 || c === 10 || c === 160 || c === 65279 || c >= 8192 && c <= 8202 || c === 5760 || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288;
function boundary(s, i) {
  const before = i > 0 && isWord(s.charCodeAt(i - 1));
  const after = i < s.length && isWord(s.charCodeAt(i));
  return before !== after;
}
function runEnd(s, from, cls, steps) {
  let i = from;
  while (i < s.length && cls(s.charCodeAt(i))) i++;
  steps(i - from + 1);
  return i;
}
function fixedToken(kind, s, p, length, ok) {
  if (!boundary(s, p)) return {};
  for (let i = p + 4; i < p + length; i++) if (i >= s.length || !ok(s.charCodeAt(i))) return {};
  return boundary(s, p + length) ? { hit: { kind, index: p, length } } : {};
}
var AWS_PREFIXES = ["AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA"];
var PRIVATE_KEY = /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/y;
var PATTERNS = {
  aws: {
    name: "AWS access key id",
    at(s, p, _lit, steps) {
      steps(21);
      return fixedToken(this.name, s, p, 20, isUpperAlnum);
    }
  },
  awsSecret: {
    name: "AWS secret access key",
    at(s, p, lit, steps) {
      let i = runEnd(s, p + lit.length, isSpace3, steps);
      if (s[i] !== ":" && s[i] !== "=") return { skip: i };
      i = runEnd(s, i + 1, isSpace3, steps);
      if (s[i] === '"' || s[i] === "'") i++;
      steps(41);
      for (let k = i; k < i + 40; k++) if (k >= s.length || !isAwsSecretChar(s.charCodeAt(k))) return { skip: i };
      return boundary(s, i + 40) ? { hit: { kind: this.name, index: p, length: i + 40 - p } } : { skip: i };
    }
  },
  privateKey: {
    name: "private key block",
    at(s, p, _lit, steps) {
      steps(64);
      PRIVATE_KEY.lastIndex = 0;
      const m = PRIVATE_KEY.exec(s.slice(p, p + 64));
      return m ? { hit: { kind: this.name, index: p, length: m[0].length } } : {};
    }
  },
  github: {
    name: "GitHub token",
    at(s, p, lit, steps) {
      if (!boundary(s, p)) return {};
      const from = p + lit.length;
      const pat = lit.length > 4;
      const end = runEnd(s, from, pat ? isWord : isAlnum, steps);
      const n = end - from;
      const ok = pat ? n >= 22 && n <= 255 : n >= 36 && n <= 255 && boundary(s, end);
      return ok ? { hit: { kind: this.name, index: p, length: end - p } } : { skip: end };
    }
  },
  slackToken: {
    name: "Slack token",
    at(s, p, _lit, steps) {
      if (!boundary(s, p)) return {};
      const end = runEnd(s, p + 5, isAlnumDash, steps);
      for (let e = end; e >= p + 15; e--) {
        steps(1);
        if (boundary(s, e)) return { hit: { kind: this.name, index: p, length: e - p } };
      }
      return { skip: end };
    }
  },
  slackWebhook: {
    name: "Slack webhook",
    at(s, p, lit, steps) {
      let i = p + lit.length;
      for (const lead of ["T", "B", ""]) {
        if (lead && s[i] !== lead) return {};
        const end = runEnd(s, i + lead.length, isAlnum, steps);
        if (end === i + lead.length) return {};
        i = end;
        if (lead && s[i++] !== "/") return {};
      }
      return { hit: { kind: this.name, index: p, length: i - p } };
    }
  },
  stripe: {
    name: "Stripe key",
    at(s, p, lit, steps) {
      if (!boundary(s, p)) return {};
      const end = runEnd(s, p + lit.length, isAlnum, steps);
      return end - (p + lit.length) >= 16 && boundary(s, end) ? { hit: { kind: this.name, index: p, length: end - p } } : { skip: end };
    }
  },
  google: {
    name: "Google API key",
    at(s, p, _lit, steps) {
      steps(40);
      return fixedToken(this.name, s, p, 39, isWordDash);
    }
  },
  jwt: {
    name: "JSON Web Token",
    at(s, p, _lit, steps) {
      if (!boundary(s, p)) return {};
      const r1 = runEnd(s, p + 3, isWordDash, steps);
      if (r1 - (p + 3) < 8 || s[r1] !== "." || !s.startsWith("eyJ", r1 + 1)) return { skip: r1 };
      const r2 = runEnd(s, r1 + 4, isWordDash, steps);
      if (r2 - (r1 + 4) < 8 || s[r2] !== ".") return { skip: r1 };
      const r3 = runEnd(s, r2 + 1, isWordDash, steps);
      for (let e = r3; e >= r2 + 9; e--) {
        steps(1);
        if (boundary(s, e)) return { hit: { kind: this.name, index: p, length: e - p } };
      }
      return { skip: r1 };
    }
  }
};
var ANCHOR = /AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|aws_secret_access_key|-----BEGIN |gh[pousr]_|github_pat_|xox[abprs]-|https:\/\/hooks\.slack\.com\/services\/|[sr]k_(?:live|test)_|AIza|eyJ|secret|token|passwd|password|api[_-]?key|access[_-]?key|private[_-]?key|credential/gi;
var KEYWORD = /^(?:secret|token|passwd|password|api[_-]?key|access[_-]?key|private[_-]?key|credential)$/i;
function patternFor(lit) {
  const l = lit.toLowerCase();
  if (l === "aws_secret_access_key") return { key: "awsSecret", pattern: PATTERNS.awsSecret };
  if (KEYWORD.test(lit)) return { key: "assignment" };
  if (!PREFIX_EXACT.test(lit)) return void 0;
  if (AWS_PREFIXES.includes(lit)) return { key: "aws", pattern: PATTERNS.aws };
  if (lit === "-----BEGIN ") return { key: "privateKey", pattern: PATTERNS.privateKey };
  if (/^gh[pousr]_$/.test(lit) || lit === "github_pat_") return { key: "github", pattern: PATTERNS.github };
  if (/^xox[abprs]-$/.test(lit)) return { key: "slackToken", pattern: PATTERNS.slackToken };
  if (lit === "https://hooks.slack.com/services/") return { key: "slackWebhook", pattern: PATTERNS.slackWebhook };
  if (/^[sr]k_(?:live|test)_$/.test(lit)) return { key: "stripe", pattern: PATTERNS.stripe };
  if (lit === "AIza") return { key: "google", pattern: PATTERNS.google };
  return { key: "jwt", pattern: PATTERNS.jwt };
}
function entropy(s) {
  const counts = /* @__PURE__ */ new Map();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}
function assignmentAt(s, p, steps) {
  let start = p;
  while (start > 0 && isKeyChar(s.charCodeAt(start - 1))) start--;
  steps(p - start + 1);
  while (start < p && !isWord(s.charCodeAt(start))) start++;
  const keyEnd = runEnd(s, p, isKeyChar, steps);
  let i = runEnd(s, keyEnd, isSpace3, steps);
  if (s[i] !== ":" && s[i] !== "=") return { skip: keyEnd };
  i = runEnd(s, i + 1, isSpace3, steps);
  if (s[i] === '"' || s[i] === "'") i++;
  const valueEnd = runEnd(s, i, isValueChar, steps);
  const value = s.slice(i, valueEnd);
  if (value.length < 20) return { skip: Math.max(keyEnd, valueEnd) };
  steps(value.length);
  if (entropy(value) >= 3.5 && /\d/.test(value) && /[A-Za-z]/.test(value)) {
    const key = s.slice(start, keyEnd);
    const shown = key.length > 64 ? `${key.slice(0, 61)}…` : key;
    return { hit: { kind: `high-entropy value assigned to "${shown}"`, index: start, length: valueEnd - start }, skip: valueEnd };
  }
  return { skip: valueEnd };
}
function matchLine(s, push, steps) {
  const skipUntil = /* @__PURE__ */ new Map();
  const found = /* @__PURE__ */ new Set();
  ANCHOR.lastIndex = 0;
  for (; ; ) {
    const from = ANCHOR.lastIndex;
    const m = ANCHOR.exec(s);
    if (!m) {
      steps(s.length - from + 1);
      return;
    }
    steps(ANCHOR.lastIndex - from);
    const p = m.index;
    const lit = m[0];
    const which = patternFor(lit);
    if (!which) {
      ANCHOR.lastIndex = p + 1;
      continue;
    }
    const { key, pattern } = which;
    if (found.has(key) && key !== "assignment") {
      ANCHOR.lastIndex = p + 1;
      continue;
    }
    if ((skipUntil.get(key) ?? -1) > p) {
      ANCHOR.lastIndex = p + 1;
      continue;
    }
    const r = pattern ? pattern.at(s, p, lit, steps) : assignmentAt(s, p, steps);
    if (r.skip !== void 0) skipUntil.set(key, r.skip);
    if (r.hit) {
      push(r.hit);
      if (key !== "assignment") found.add(key);
    }
    ANCHOR.lastIndex = p + 1;
  }
}
var PREFIX_EXACT = /^(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|-----BEGIN |gh[pousr]_|github_pat_|xox[abprs]-|https:\/\/hooks\.slack\.com\/services\/|[sr]k_(?:live|test)_|AIza|eyJ)$/;
var ESCAPE = /\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|U([0-9a-fA-F]{8})|(.))/g;
var SIMPLE = { n: "\n", t: "	", r: "\r", b: "\b", f: "\f", "0": "\0", "/": "/", '"': '"', "'": "'", "\\": "\\", " ": " ", _: " ", N: "", L: "\u2028", P: "\u2029", e: "\x1B", a: "\x07", v: "\v" };
function decodeEscapes(s, steps) {
  if (!s.includes("\\") && !s.includes("''")) return s;
  steps(2 * s.length);
  return s.replace(/''/g, "'").replace(ESCAPE, (m, u, x, U, c) => {
    const hex = u ?? x ?? U;
    if (hex) {
      const n = parseInt(hex, 16);
      return n <= 1114111 ? String.fromCodePoint(n) : m;
    }
    return SIMPLE[c] ?? m;
  });
}
function lineFindings(line, next, add, steps) {
  matchLine(line, (h) => add(h.kind, h.index + 1), steps);
  const decoded = decodeEscapes(line, steps);
  if (decoded !== line) matchLine(decoded, (h) => add(h.kind, h.index + 1), steps);
  if (next === void 0) return;
  const head = line.replace(/\\$/, "").trimEnd();
  const tail = next.trimStart();
  if (!head || !tail) return;
  const joined = head + tail;
  const views = [[head.length, joined]];
  const dJoined = decodeEscapes(joined, steps);
  if (dJoined !== joined) views.push([decodeEscapes(head, steps).length, dJoined]);
  for (const [h, view] of views) {
    matchLine(view, (hit) => {
      if (hit.index < h && hit.index + hit.length > h) add(hit.kind, hit.index + 1);
    }, steps);
  }
}
function findSecrets(text, steps = NO_STEPS) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const marks = markedPositions(text, steps);
  let m = 0;
  let start = 0;
  let nl = text.indexOf("\n");
  let lineNo = 0;
  let current;
  for (; ; ) {
    lineNo++;
    const rawEnd = nl < 0 ? text.length : nl;
    steps(rawEnd - start + 1);
    const end = rawEnd > start && text.charCodeAt(rawEnd - 1) === 13 ? rawEnd - 1 : rawEnd;
    while (m < marks.length && marks[m] < start) m++;
    const marked = m < marks.length && marks[m] < end;
    const last = nl < 0;
    const nextStart = rawEnd + 1;
    const nextNl = last ? -1 : text.indexOf("\n", nextStart);
    const nextRaw = last ? 0 : nextNl < 0 ? text.length : nextNl;
    const nextEnd = last ? 0 : nextRaw > nextStart && text.charCodeAt(nextRaw - 1) === 13 ? nextRaw - 1 : nextRaw;
    let nextMarked = false;
    if (!last) {
      let k = m;
      while (k < marks.length && marks[k] < nextStart) k++;
      nextMarked = k < marks.length && marks[k] < nextEnd;
    }
    let line = current;
    current = void 0;
    if (marked || !last && (nextMarked || joinCrossesLiteral(text, start, end, nextStart, nextEnd, steps))) {
      line ??= text.slice(start, end);
      const next = last ? void 0 : text.slice(nextStart, nextEnd);
      const n = lineNo;
      lineFindings(line, next, (kind, column) => {
        const key = `${kind}\0${n}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push({ kind, line: n, column });
        }
      }, steps);
      current = next;
    }
    if (last) return out;
    start = nextStart;
    nl = nextNl;
  }
}
var LITERALS = [
  "akia",
  "asia",
  "agpa",
  "aida",
  "aroa",
  "anpa",
  "anva",
  "aipa",
  "aws_secret_access_key",
  "-----begin ",
  "ghp_",
  "gho_",
  "ghu_",
  "ghs_",
  "ghr_",
  "github_pat_",
  "xoxa-",
  "xoxb-",
  "xoxp-",
  "xoxr-",
  "xoxs-",
  "https://hooks.slack.com/services/",
  "sk_live_",
  "sk_test_",
  "rk_live_",
  "rk_test_",
  "aiza",
  "eyj",
  "secret",
  "token",
  "passwd",
  "password",
  "api_key",
  "api-key",
  "apikey",
  "access_key",
  "access-key",
  "accesskey",
  "private_key",
  "private-key",
  "privatekey",
  "credential"
];
var fold = (c) => c >= 65 && c <= 90 ? c | 32 : c;
var TRI_CODE = new Uint8Array(256);
for (let c = 97; c <= 122; c++) {
  TRI_CODE[c] = c - 96;
  TRI_CODE[c - 32] = c - 96;
}
TRI_CODE[45] = 27;
TRI_CODE[95] = 28;
var TRI_HIT = new Uint8Array(1 << 15);
var TRI_LITS = /* @__PURE__ */ new Map();
for (const l of LITERALS) {
  const h = TRI_CODE[l.charCodeAt(0)] << 10 | TRI_CODE[l.charCodeAt(1)] << 5 | TRI_CODE[l.charCodeAt(2)];
  TRI_HIT[h] = 1;
  TRI_LITS.set(h, [...TRI_LITS.get(h) ?? [], l]);
}
function literalAt(text, p, lits) {
  for (const l of lits) {
    let j = 3;
    while (j < l.length && fold(text.charCodeAt(p + j)) === l.charCodeAt(j)) j++;
    if (j === l.length) return l;
  }
  return void 0;
}
function literalAtBytes(b, p, lits) {
  for (const l of lits) {
    let j = 3;
    while (j < l.length && p + j < b.length && fold(b[p + j]) === l.charCodeAt(j)) j++;
    if (j === l.length) return true;
  }
  return false;
}
function markedPositions(text, steps) {
  const marks = [];
  const n = text.length;
  let h = 0;
  let inOrder = true;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    h = (h << 5 | (c < 256 ? TRI_CODE[c] : 0)) & 32767;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAt(text, i - 2, TRI_LITS.get(h)) !== void 0) {
      if (marks.length && marks[marks.length - 1] > i - 2) inOrder = false;
      marks.push(i - 2);
    }
    if (c === 92 && escapeSpellsAt(text.charCodeAt(i + 1), (k) => text.charCodeAt(i + 2 + k))) marks.push(i);
  }
  steps(n + 1);
  return inOrder ? marks : marks.sort((x, y) => x - y);
}
var LITERAL_CHAR = new Uint8Array(128);
for (const l of LITERALS) for (const ch of l + l.toUpperCase()) LITERAL_CHAR[ch.charCodeAt(0)] = 1;
var HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) {
  HEX_VALUE["0123456789abcdef".charCodeAt(d)] = d;
  HEX_VALUE["0123456789ABCDEF".charCodeAt(d)] = d;
}
var hexValue = (c) => c < 128 ? HEX_VALUE[c] : -1;
var escapeDigits = (c) => c === 117 ? 4 : c === 120 ? 2 : c === 85 ? 8 : 0;
function escapeSpellsAt(c, digit) {
  if (c === 47 || c === 32) return true;
  const digits = escapeDigits(c);
  if (!digits) return false;
  let v = 0;
  for (let k = 0; k < digits; k++) {
    const d = hexValue(digit(k));
    if (d < 0) return false;
    v = v * 16 + d;
  }
  return v < 128 && LITERAL_CHAR[v] === 1;
}
function endsInEscape(at, start, e) {
  if (e > start && at(e - 1) === 92) return true;
  let j = e;
  while (j > start && e - j < 8 && hexValue(at(j - 1)) >= 0) j--;
  if (j - 2 < start || at(j - 2) !== 92) return false;
  return e - j < escapeDigits(at(j - 1));
}
var JOIN_PAIRS = /* @__PURE__ */ new Set();
for (const l of LITERALS) for (let i = 0; i + 1 < l.length; i++) JOIN_PAIRS.add(l.charCodeAt(i) << 16 | l.charCodeAt(i + 1));
JOIN_PAIRS.add(39 << 16 | 39);
var JOIN_WINDOW = Math.max(...LITERALS.map((l) => l.length));
function crossesAt(window, h) {
  if (window.charCodeAt(h - 1) === 39 && window.charCodeAt(h) === 39) return true;
  for (let q = Math.max(0, h - JOIN_WINDOW); q < h && q + 2 < window.length; q++) {
    const c0 = window.charCodeAt(q);
    const c1 = window.charCodeAt(q + 1);
    const c2 = window.charCodeAt(q + 2);
    if (c0 > 255 || c1 > 255 || c2 > 255) continue;
    const lits = TRI_LITS.get(TRI_CODE[c0] << 10 | TRI_CODE[c1] << 5 | TRI_CODE[c2]);
    if (!lits || !TRI_CODE[c0] || !TRI_CODE[c1] || !TRI_CODE[c2]) continue;
    const l = literalAt(window, q, lits.filter((x) => q + x.length > h));
    if (l !== void 0) return true;
  }
  return false;
}
function joinCrossesLiteral(text, start, end, nextStart, nextEnd, steps) {
  let e = end;
  if (e > start && text.charCodeAt(e - 1) === 92) e--;
  while (e > start && isSpace3(text.charCodeAt(e - 1))) e--;
  let s = nextStart;
  while (s < nextEnd && isSpace3(text.charCodeAt(s))) s++;
  steps(end - e + s - nextStart + 1);
  if (e === start || s === nextEnd) return false;
  if (endsInEscape((i) => text.charCodeAt(i), start, e)) return true;
  if (!JOIN_PAIRS.has(fold(text.charCodeAt(e - 1)) << 16 | fold(text.charCodeAt(s)))) return false;
  const head = text.slice(Math.max(start, e - JOIN_WINDOW), e);
  const window = head + text.slice(s, Math.min(nextEnd, s + JOIN_WINDOW));
  steps(window.length);
  return crossesAt(window, head.length);
}
var isAsciiBlank = (c) => c === 32 || c >= 9 && c <= 13;
var TWO_QUOTES = Buffer.from("''");
function cleanBytes(b) {
  const n = b.length;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.indexOf(92) >= 0 || buf.indexOf(TWO_QUOTES) >= 0) return false;
  let h = 0;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const h1 = (h << 5 | TRI_CODE[b[i]]) & 32767;
    h = (h1 << 5 | TRI_CODE[b[i + 1]]) & 32767;
    if ((TRI_HIT[h1] | TRI_HIT[h]) === 0) continue;
    if (TRI_HIT[h1] === 1 && i >= 2 && literalAtBytes(b, i - 2, TRI_LITS.get(h1))) return false;
    if (TRI_HIT[h] === 1 && i >= 1 && literalAtBytes(b, i - 1, TRI_LITS.get(h))) return false;
  }
  for (; i < n; i++) {
    h = (h << 5 | TRI_CODE[b[i]]) & 32767;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAtBytes(b, i - 2, TRI_LITS.get(h))) return false;
  }
  let nextNl = buf.indexOf(10);
  for (let start = 0, nl = nextNl; nl >= 0; start = nl + 1, nl = nextNl) {
    const nextStart = nl + 1;
    nextNl = buf.indexOf(10, nextStart);
    let e = nl > start && b[nl - 1] === 13 ? nl - 1 : nl;
    while (e > start && isAsciiBlank(b[e - 1])) e--;
    if (e > start && b[e - 1] >= 128) return false;
    const nextRaw = nextNl < 0 ? n : nextNl;
    const nextEnd = nextRaw > nextStart && b[nextRaw - 1] === 13 ? nextRaw - 1 : nextRaw;
    let s = nextStart;
    while (s < nextEnd && isAsciiBlank(b[s])) s++;
    if (s < nextEnd && b[s] >= 128) return false;
    if (e === start || s === nextEnd) continue;
    if (!JOIN_PAIRS.has(fold(b[e - 1]) << 16 | fold(b[s]))) continue;
    const head = buf.toString("latin1", Math.max(start, e - JOIN_WINDOW), e);
    if (crossesAt(head + buf.toString("latin1", s, Math.min(nextEnd, s + JOIN_WINDOW)), head.length)) return false;
  }
  return true;
}
function secretLines(bytes, utf8) {
  const b = bytes;
  const n = b.length;
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const lits = literalStarts(b);
  const escapes = escapesThatSpell(buf);
  let li = 0;
  let ei = 0;
  const markedIn = (from, to) => {
    while (li < lits.length && lits[li] < from) li++;
    while (ei < escapes.length && escapes[ei] < from) ei++;
    return li < lits.length && lits[li] < to || ei < escapes.length && escapes[ei] < to;
  };
  const read = [];
  let k = 0;
  let start = 0;
  let nl = buf.indexOf(10);
  let isMarked = markedIn(0, nl < 0 ? n : nl);
  for (; ; ) {
    const rawEnd = nl < 0 ? n : nl;
    if (nl < 0) {
      if (isMarked) read.push(k, start, rawEnd, -1);
      return { count: k + 1, read };
    }
    const nextStart = nl + 1;
    const nextNl = buf.indexOf(10, nextStart);
    const nextRaw = nextNl < 0 ? n : nextNl;
    const nextMarked = markedIn(nextStart, nextRaw);
    if (isMarked || nextMarked || joinMayFind(b, buf, start, rawEnd, nextStart, nextRaw, utf8)) read.push(k, start, rawEnd, nextRaw);
    k++;
    start = nextStart;
    nl = nextNl;
    isMarked = nextMarked;
  }
}
var LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
var pairKey = (x, y) => LITTLE_ENDIAN ? x | y << 8 : x << 8 | y;
var PAIR_HIT = new Uint8Array(1 << 16);
for (const l of LITERALS) {
  const cases = (c) => c >= 97 && c <= 122 ? [c, c - 32] : [c];
  for (const a of cases(l.charCodeAt(0))) for (const b of cases(l.charCodeAt(1))) for (const c of cases(l.charCodeAt(2))) {
    PAIR_HIT[pairKey(a, b)] = 1;
    PAIR_HIT[pairKey(b, c)] = 1;
  }
}
function literalStartsAt(b, s) {
  if (s < 0 || s + 2 >= b.length) return false;
  const h = TRI_CODE[b[s]] << 10 | TRI_CODE[b[s + 1]] << 5 | TRI_CODE[b[s + 2]];
  return TRI_HIT[h] === 1 && literalAtBytes(b, s, TRI_LITS.get(h));
}
function literalStarts(b) {
  const n = b.length;
  const out = [];
  const a0 = 4 - (b.byteOffset & 3) & 3;
  const count2 = n > a0 ? n - a0 >> 2 : 0;
  const words = count2 ? new Uint32Array(b.buffer, b.byteOffset + a0, count2) : new Uint32Array(0);
  const a1 = a0 + 4 * count2;
  for (let s = 0; s < Math.min(a0, n); s++) if (literalStartsAt(b, s)) out.push(s);
  for (let j = 0; j < words.length; j++) {
    const w = words[j];
    if ((PAIR_HIT[w & 65535] | PAIR_HIT[w >>> 16]) === 0) continue;
    const p = a0 + 4 * j;
    for (let s = p - 1; s <= p + 2; s++) if (literalStartsAt(b, s)) out.push(s);
  }
  for (let s = Math.max(a0, a1 - 1); s < n; s++) if (literalStartsAt(b, s)) out.push(s);
  return out;
}
function escapesThatSpell(buf) {
  const out = [];
  for (let p = buf.indexOf(92); p >= 0; p = buf.indexOf(92, p + 1)) {
    if (escapeSpellsAt(buf[p + 1], (k) => buf[p + 2 + k])) out.push(p);
  }
  return out;
}
function joinMayFind(b, buf, start, rawEnd, nextStart, nextRaw, utf8) {
  let e = rawEnd > start && b[rawEnd - 1] === 13 ? rawEnd - 1 : rawEnd;
  if (e > start && b[e - 1] === 92) e--;
  while (e > start && byteBlank(b[e - 1], utf8)) e--;
  const nextEnd = nextRaw > nextStart && b[nextRaw - 1] === 13 ? nextRaw - 1 : nextRaw;
  let s = nextStart;
  while (s < nextEnd && byteBlank(b[s], utf8)) s++;
  if (utf8 && (e > start && b[e - 1] >= 128 || s < nextEnd && b[s] >= 128)) return true;
  if (e === start || s === nextEnd) return false;
  if (endsInEscape((i) => b[i], start, e)) return true;
  if (!JOIN_PAIRS.has(fold(b[e - 1]) << 16 | fold(b[s]))) return false;
  const head = buf.toString("latin1", Math.max(start, e - JOIN_WINDOW), e);
  return crossesAt(head + buf.toString("latin1", s, Math.min(nextEnd, s + JOIN_WINDOW)), head.length);
}
var byteBlank = (c, utf8) => c === 32 || c >= 9 && c <= 13 || !utf8 && c === 160;
function findSecretsInLines(bytes, lines, encoding, bom = false) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const skip = encoding === "utf8" && bom && hasUtf8Bom(buf) ? 3 : 0;
  const text = (start, rawEnd) => {
    if (start === 0) start = skip;
    const end = rawEnd > start && buf[rawEnd - 1] === 13 ? rawEnd - 1 : rawEnd;
    return buf.toString(encoding, start, Math.max(start, end));
  };
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const r = lines.read;
  let carried;
  let carriedLine = -1;
  for (let q = 0; q < r.length; q += 4) {
    const k = r[q];
    const line = carriedLine === k ? carried : text(r[q + 1], r[q + 2]);
    const next = r[q + 3] < 0 ? void 0 : text(r[q + 2] + 1, r[q + 3]);
    const n = k + 1;
    lineFindings(line, next, (kind, column) => {
      const key = `${kind}\0${n}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ kind, line: n, column });
      }
    }, NO_STEPS);
    carried = next;
    carriedLine = k + 1;
  }
  return out;
}
var hasUtf8Bom = (b) => b.length >= 3 && b[0] === 239 && b[1] === 187 && b[2] === 191;
function utf16Without(b) {
  if (b.length < 4 || b.indexOf(0) < 0) return void 0;
  const n = Math.min(b.length, 64 * 1024) & ~1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i++) if (b[i] === 0) {
    if (i & 1) odd++;
    else even++;
  }
  const half = n / 2;
  if (odd >= half * 0.3 && odd > 4 * even) return "utf-16le";
  if (even >= half * 0.3 && even > 4 * odd) return "utf-16be";
  return void 0;
}
function wideEncoding(b) {
  const bom = b[0] === 255 && b[1] === 254 ? "utf-16le" : b[0] === 254 && b[1] === 255 ? "utf-16be" : void 0;
  return bom ?? utf16Without(b);
}
function scanSecrets(text, file, where, allow = false, lineOffset = 0) {
  return secretDiagnostics(findSecrets(text), file, where, allow, lineOffset);
}
function secretDiagnostics(found, file, where, allow = false, lineOffset = 0) {
  return found.map((f) => {
    const msg = `${where} contains what looks like a ${f.kind}; refusing to package credentials`;
    const loc = { file, line: f.line + lineOffset, column: f.column, hint: "remove it, or pass --allow-secrets to build anyway (local use only)" };
    return allow ? warning("CTXFORGE_SECRET_FOUND", msg, loc) : error("CTXFORGE_SECRET_FOUND", msg, loc);
  });
}
function scanSecretBytes(bytes, file, where, allow = false) {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const wide = wideEncoding(b);
  if (!wide && cleanBytes(bytes)) return [];
  const utf8 = isUtf84(bytes);
  const narrow = secretDiagnostics(findSecretsInLines(bytes, secretLines(bytes, utf8), utf8 ? "utf8" : "latin1", true), file, where, allow);
  if (!wide) return narrow;
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const found of [scanSecrets(new TextDecoder(wide, { ignoreBOM: false }).decode(b), file, where, allow), narrow]) {
    for (const d of found) {
      const k = `${d.message}\0${d.line}`;
      if (!seen.has(k)) {
        seen.add(k);
        out.push(d);
      }
    }
  }
  return out;
}

// src/core/secret-stream.ts
import { isAscii as isAscii2, isUtf8 as isUtf85 } from "node:buffer";

// src/core/release.ts
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
var WORTH = 1 << 20;
var detach;
function detacher() {
  if (detach !== void 0) return detach;
  const native = ArrayBuffer.prototype.transfer;
  detach = typeof native === "function" ? native : null;
  if (!detach && process.versions.v8.startsWith("11.3.")) {
    try {
      setFlagsFromString("--harmony-rab-gsab-transfer");
      const staged = runInNewContext("ArrayBuffer.prototype.transfer");
      if (typeof staged === "function") detach = staged;
    } catch {
    }
  }
  return detach;
}
function ownsAll(bytes) {
  const memory = bytes.buffer;
  return memory instanceof ArrayBuffer && bytes.byteOffset === 0 && memory.byteLength === bytes.byteLength && memory.byteLength > 0;
}
function freeBytes(bytes) {
  const transfer = detacher();
  if (!transfer || !ownsAll(bytes)) return false;
  try {
    transfer.call(bytes.buffer, 0);
    return true;
  } catch {
    return false;
  }
}
function releaseBytes(bytes) {
  if (freeBytes(bytes) || !ownsAll(bytes) || bytes.buffer.byteLength < WORTH) return;
  try {
    structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  } catch {
  }
}

// src/core/secret-stream.ts
var SEGMENT_BYTES = 1 << 20;
var WIDE_PROBE = 64 * 1024;
var SecretStream = class {
  /** `segmentBytes`: how much is gathered before a segment is cut (tests make it small). */
  constructor(file, where, allow = false, segmentBytes = SEGMENT_BYTES) {
    this.file = file;
    this.where = where;
    this.allow = allow;
    this.segmentBytes = segmentBytes;
  }
  file;
  where;
  allow;
  segmentBytes;
  /** The bytes not yet scanned, [0, length) of one buffer reused from segment to segment. */
  pending;
  length = 0;
  /** undefined until decided; then whether the file is read as UTF-16 too (held whole). */
  wide;
  /** Lines before the pending bytes. */
  lineOffset = 0;
  first = true;
  utf8 = true;
  found = { utf8: new Findings(), latin1: new Findings() };
  /** The next block (the caller may reuse it once push returns). */
  push(chunk) {
    if (!chunk.length) return;
    if (this.wide === false) {
      this.scanInPlace(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      return;
    }
    this.append(chunk);
    if (this.wide === void 0 && this.length >= WIDE_PROBE) this.wide = wideEncoding(this.pending.subarray(0, this.length)) !== void 0;
    if (this.wide === false && this.length >= this.segmentBytes) this.cut();
  }
  /**
   * A block read once the file is known not to be UTF-16, scanned where it lies (memory holds a
   * line or two of it, not a copy: a build streams ten 100 MiB files at once): the pending bytes
   * and the block up to its second line end, copied, are one segment, ending with the block's
   * first whole line; the block from that line to its last line end is the next, in place; what
   * follows its last whole line is kept.
   */
  scanInPlace(chunk) {
    const n1 = chunk.indexOf(10);
    const n2 = n1 < 0 ? -1 : chunk.indexOf(10, n1 + 1);
    if (n2 < 0) {
      this.append(chunk);
      if (this.length >= this.segmentBytes) this.cut();
      return;
    }
    this.append(chunk.subarray(0, n2));
    this.lineOffset += this.segment(this.pending.subarray(0, this.length)) - 1;
    this.length = 0;
    if (this.pending.length > 64 * 1024) {
      releaseBytes(this.pending);
      this.pending = void 0;
    }
    const lastNl = chunk.lastIndexOf(10);
    let keepFrom = n1 + 1;
    if (lastNl > n2) {
      this.lineOffset += this.segment(chunk.subarray(n1 + 1, lastNl)) - 1;
      keepFrom = chunk.lastIndexOf(10, lastNl - 1) + 1;
    }
    this.append(chunk.subarray(keepFrom));
  }
  /** The findings of the whole file, as scanSecretBytes gives them. */
  end() {
    const pending = this.pending;
    const rest = pending ? pending.subarray(0, this.length) : Buffer.alloc(0);
    this.pending = void 0;
    this.length = 0;
    try {
      if (this.wide !== false) return scanSecretBytes(rest, this.file, this.where, this.allow);
      this.segment(rest);
      return secretDiagnostics((this.utf8 ? this.found.utf8 : this.found.latin1).list, this.file, this.where, this.allow);
    } finally {
      if (pending) releaseBytes(pending);
    }
  }
  /** One copy of each block: into the pending buffer, grown (doubled) when it is full. */
  append(chunk) {
    const need = this.length + chunk.length;
    if (!this.pending || need > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, 2 * (this.pending?.length ?? 0)));
      if (this.pending) {
        this.pending.copy(grown, 0, 0, this.length);
        releaseBytes(this.pending);
      }
      this.pending = grown;
    }
    this.pending.set(chunk, this.length);
    this.length = need;
  }
  /** Scans the pending bytes up to their last line end, keeping that last line for the next segment. */
  cut() {
    const all = this.pending.subarray(0, this.length);
    const lastNl = all.lastIndexOf(10);
    const prevNl = lastNl > 0 ? all.lastIndexOf(10, lastNl - 1) : -1;
    if (prevNl < 0) return;
    this.lineOffset += this.segment(all.subarray(0, lastNl)) - 1;
    all.copyWithin(0, prevNl + 1);
    this.length -= prevNl + 1;
  }
  /** The findings of one segment, in each text the file may turn out to be read in; its line count. */
  segment(bytes) {
    const first = this.first;
    this.first = false;
    if (isAscii2(bytes)) {
      const lines2 = secretLines(bytes, false);
      if (lines2.read.length) {
        const f = findSecretsInLines(bytes, lines2, "latin1");
        this.found.utf8.add(f, this.lineOffset);
        this.found.latin1.add(f, this.lineOffset);
      }
      return lines2.count;
    }
    if (this.utf8 && !isUtf85(bytes)) this.utf8 = false;
    const lines = secretLines(bytes, this.utf8);
    if (lines.read.length) {
      if (this.utf8) this.found.utf8.add(findSecretsInLines(bytes, lines, "utf8", first), this.lineOffset);
      this.found.latin1.add(findSecretsInLines(bytes, lines, "latin1"), this.lineOffset);
    }
    return lines.count;
  }
};
var Findings = class {
  list = [];
  seen = /* @__PURE__ */ new Set();
  add(found, lineOffset) {
    for (const f of found) {
      const line = f.line + lineOffset;
      const k = `${f.kind}\0${line}`;
      if (this.seen.has(k)) continue;
      this.seen.add(k);
      this.list.push({ kind: f.kind, line, column: f.column });
    }
  }
};

// src/links/fast.ts
var GIVE_UP = /[\\<\r\0]|\]:|\[\^|\[\[/;
function run(l, i) {
  let j = i;
  while (j < l.length && l.charCodeAt(j) === 96) j++;
  return j;
}
function closeSpan(l, i, j) {
  const n = j - i;
  let k = j;
  while (k < l.length) {
    if (l.charCodeAt(k) !== 96) {
      k++;
      continue;
    }
    const e = run(l, k);
    if (e - k === n) return e;
    k = e;
  }
  return -1;
}
var GAVE_UP = /* @__PURE__ */ Symbol("gave up");
function linkAt(l, i) {
  let j = i + 1;
  for (; ; ) {
    if (j >= l.length) return GAVE_UP;
    const c2 = l.charCodeAt(j);
    if (c2 === 91) return GAVE_UP;
    if (c2 === 93) break;
    if (c2 === 96) {
      const e = run(l, j);
      const k2 = closeSpan(l, j, e);
      if (k2 < 0) return GAVE_UP;
      j = k2;
      continue;
    }
    j++;
  }
  if (l.charCodeAt(j + 1) !== 40) return { next: i + 1 };
  let k = j + 2;
  while (k < l.length && (l.charCodeAt(k) === 32 || l.charCodeAt(k) === 9)) k++;
  if (k >= l.length) return GAVE_UP;
  if (l.charCodeAt(k) === 41) return { link: { start: k, end: k }, next: k + 1 };
  const start = k;
  let level = 0;
  while (k < l.length) {
    const c2 = l.charCodeAt(k);
    if (c2 === 32 || c2 === 9) break;
    if (c2 < 32 || c2 === 127) return GAVE_UP;
    if (c2 === 40) {
      if (++level > 32) return GAVE_UP;
    } else if (c2 === 41) {
      if (level === 0) break;
      level--;
    }
    k++;
  }
  if (k >= l.length) return GAVE_UP;
  if (level !== 0) return { next: i + 1 };
  const end = k;
  while (k < l.length && (l.charCodeAt(k) === 32 || l.charCodeAt(k) === 9)) k++;
  if (k >= l.length) return GAVE_UP;
  const c = l.charCodeAt(k);
  if (c === 41) return { link: { start, end }, next: k + 1 };
  if ((c === 34 || c === 39) && k > end) {
    const q = l.indexOf(String.fromCharCode(c), k + 1);
    if (q < 0) return GAVE_UP;
    k = q + 1;
    while (k < l.length && (l.charCodeAt(k) === 32 || l.charCodeAt(k) === 9)) k++;
    if (k >= l.length) return GAVE_UP;
    return l.charCodeAt(k) === 41 ? { link: { start, end }, next: k + 1 } : { next: i + 1 };
  }
  if (c === 40) return GAVE_UP;
  return { next: i + 1 };
}
function fastLinks(text) {
  if (GIVE_UP.test(text)) return void 0;
  const out = [];
  let fence;
  let off = 0;
  let lineNo = 0;
  while (off <= text.length) {
    let nl = text.indexOf("\n", off);
    if (nl < 0) nl = text.length;
    const l = text.slice(off, nl);
    lineNo++;
    const c0 = l.charCodeAt(0);
    let lead = 0;
    while (lead < l.length && l.charCodeAt(lead) === 32) lead++;
    const first = l.charCodeAt(lead);
    if (fence) {
      if (lead < 4 && first === fence.ch) {
        const e = lead + run2(l, lead, fence.ch);
        if (e - lead >= fence.n && l.slice(e).trim() === "") fence = void 0;
      }
    } else if (lead === l.length) {
    } else if (c0 === 9 || lead >= 4 || first === 9 || first === 62) {
      return void 0;
    } else if (first === 96 || first === 126) {
      const n = run2(l, lead, first);
      if (n >= 3) {
        if (lead > 0) return void 0;
        if (first === 96 && l.indexOf("`", n) >= 0) return void 0;
        fence = { ch: first, n };
      } else if (!scanLine(l, off, lineNo, out)) return void 0;
    } else {
      const item = /^(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$))+/.exec(l.slice(lead));
      if (item) {
        const rest = l.slice(lead + item[0].length);
        if (/^(?:`{3}|~{3}|>)/.test(rest) || /[ \t]{4}|\t/.test(item[0])) return void 0;
      }
      if ((l.includes("[") || l.includes("`")) && !scanLine(l, off, lineNo, out)) return void 0;
    }
    off = nl + 1;
  }
  return out;
}
function run2(l, i, ch) {
  let j = i;
  while (j < l.length && l.charCodeAt(j) === ch) j++;
  return j - i;
}
function scanLine(l, off, lineNo, out) {
  let i = 0;
  while (i < l.length) {
    const c = l.charCodeAt(i);
    if (c === 96) {
      const e = run(l, i);
      const k = closeSpan(l, i, e);
      if (k < 0) return false;
      i = k;
      continue;
    }
    if (c !== 91) {
      i++;
      continue;
    }
    const s = linkAt(l, i);
    if (s === GAVE_UP) return false;
    if (s.link) {
      const kind = i > 0 && l.charCodeAt(i - 1) === 33 ? "image" : "inline";
      out.push({ kind, target: l.slice(s.link.start, s.link.end), line: lineNo, at: off + s.link.start });
    }
    i = s.next;
  }
  return true;
}
function fastLinksFor(text, textFor) {
  const links = fastLinks(text);
  return links && textFor && links.some((l) => textFor.has(l.target)) ? void 0 : links;
}

// src/links/shortcodes.ts
var CODE_SHORTCODES = /* @__PURE__ */ new Set(["code", "code-toggle", "highlight", "codeblock", "code-block"]);
var OPEN = /\{\{([<%])\s*(\/?)\s*([A-Za-z][\w-]*)\b[^\n{}]{0,500}?\s*[>%]\}\}/g;
var blank = (s) => s.replace(/[^\n]/g, " ");
function maskHugo(body) {
  let s = body;
  const toml = /^\+\+\+[ \t]*\n[\s\S]*?\n\+\+\+[ \t]*(?:\n|$)/.exec(s);
  if (toml) s = blank(toml[0]) + s.slice(toml[0].length);
  if (!s.includes("{{")) return s;
  const out = [];
  let at = 0;
  OPEN.lastIndex = 0;
  for (let m = OPEN.exec(s); m; m = OPEN.exec(s)) {
    if (m[2] || !CODE_SHORTCODES.has(m[3]) || /\/\s*[>%]\}\}$/.test(m[0])) continue;
    const close = new RegExp(`\\{\\{[<%]\\s*/\\s*${m[3].replace(/-/g, "\\-")}\\s*[>%]\\}\\}`, "g");
    close.lastIndex = OPEN.lastIndex;
    const c = close.exec(s);
    const end = c ? c.index : s.length;
    out.push(s.slice(at, OPEN.lastIndex), blank(s.slice(OPEN.lastIndex, end)));
    at = end;
    OPEN.lastIndex = c ? c.index + c[0].length : s.length;
    if (c) {
      out.push(c[0]);
      at = OPEN.lastIndex;
    }
  }
  out.push(s.slice(at));
  return out.join("");
}

// src/links/slugs.ts
function githubSlug(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}
function vitepressSlug(text) {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[\u0000-\u001f]/g, "").replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, "-").replace(/-{2,}/g, "-").replace(/^-+|-+$/g, "").replace(/^(\d)/, "_$1").toLowerCase();
}
function mdbookSlug(text) {
  let out = "";
  for (const ch of text.trim()) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) out += /[A-Z]/.test(ch) ? ch.toLowerCase() : ch;
    else if (/\s/u.test(ch)) out += "-";
  }
  return out;
}
function mkdocsSlug(text) {
  const ascii = text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
  return ascii.replace(/[^\w\s-]/g, "").trim().toLowerCase().replace(/[-\s]+/g, "-");
}
function docutilsSlug(text) {
  return text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^[-0-9]+|-+$/g, "");
}
function zolaSlug(text) {
  return text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
function eleventyAnchorSlugs(heading) {
  const text = heading.replace(/\{%[^%\n]{0,500}%\}|\{\{[^}\n]{0,500}\}\}/g, "").trim();
  const anchor = text.trim().toLowerCase().replace(/\s+/g, "-");
  const filter = text.replace(/([A-Z]+)([A-Z][a-z\d]+)/g, "$1 $2").replace(/([a-z\d]+)([A-Z])/g, "$1 $2").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  return [anchor, filter];
}
function gitbookAnchorSlugs(heading) {
  const s = heading.toLowerCase().replace(/\|/g, " or ").replace(/\//g, " ").replace(/[^\p{L}\p{M}\p{N}\p{Pc}.&\s-]/gu, "").trim().replace(/\s+/g, "-");
  return /^\d/.test(s) ? [s, `id-${s}`] : [s];
}
function mintlifyAnchorSlugs(heading) {
  const s = heading.trim().toLowerCase().replace(/'/g, "’").replace(/\./g, "-").replace(/[()]/g, "");
  const each = s.replace(/\s/g, "-");
  const runs = s.replace(/\s+/g, "-");
  return each === runs ? [each] : [each, runs];
}
function slugify(text, g) {
  switch (g) {
    // Jekyll 4 reads Markdown as kramdown's GFM input, whose generate_gfm_header_id is GitHub's rule
    // (`2. Linux` → `2-linux`; Jekyll 4.3 with kramdown-parser-gfm 1.1 builds it so).
    case "vitepress":
      return vitepressSlug(text);
    case "mdbook":
      return mdbookSlug(text);
    case "mkdocs":
      return mkdocsSlug(text);
    case "zola":
      return zolaSlug(text);
    default:
      return githubSlug(text);
  }
}
function headingSlugs(headings, g) {
  const seen = /* @__PURE__ */ new Set();
  const counts = /* @__PURE__ */ new Map();
  const out = [];
  for (const h of headings) {
    if (h.id !== void 0) {
      seen.add(h.id);
      out.push(h.id);
      continue;
    }
    const base = slugify(h.text, g);
    let s = base;
    if (g === "mkdocs") {
      while (seen.has(s) || !s) {
        const m = /^(.*)_([0-9]+)$/.exec(s);
        s = m ? `${m[1]}_${Number(m[2]) + 1}` : `${s}_1`;
      }
    } else if (seen.has(s)) {
      let n = counts.get(base) ?? 0;
      do {
        n++;
        s = `${base}-${n}`;
      } while (seen.has(s));
      counts.set(base, n);
    }
    seen.add(s);
    out.push(s);
  }
  return out;
}
function footnoteAnchors(labels) {
  const out = [];
  labels.forEach((l, i) => {
    out.push(l, `fn-${l}`, `fnref-${l}`, `fn:${l}`, `fnref:${l}`, `user-content-fn-${l}`, `user-content-fnref-${l}`, `footnote-${l}`, `fn${i + 1}`, `fnref${i + 1}`);
  });
  return out;
}
function headingKey(text) {
  return text.normalize("NFC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

// src/links/site.ts
var MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;
var markdownIt2 = lazyRequire("markdown-it");
function anchorsOf(scan, g) {
  const ids = /* @__PURE__ */ new Set([...headingSlugs(scan.headings, g), ...scan.htmlIds, ...footnoteAnchors(scan.footnotes)]);
  if (g === "obsidian" || g === "foam") for (const s of headingSlugs(scan.headings, "github")) ids.add(s);
  if (g === "sphinx") for (const h of scan.headings) {
    ids.add(docutilsSlug(h.text));
    for (const s of headingSlugs([h], "github")) ids.add(s);
  }
  if (g === "eleventy") for (const h of scan.headings) for (const s of eleventyAnchorSlugs(h.text)) ids.add(s);
  if (g === "mintlify") {
    const seen = /* @__PURE__ */ new Map();
    for (const h of scan.headings) {
      if (h.id !== void 0) continue;
      for (const base of mintlifyAnchorSlugs(h.text)) {
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        ids.add(n === 1 ? base : `${base}-${n}`);
      }
    }
  }
  if (g === "gitbook") {
    for (const h of scan.headings) for (const s of gitbookAnchorSlugs(h.text)) ids.add(s);
    const seen = /* @__PURE__ */ new Map();
    for (const id of scan.htmlIds) {
      const n = seen.get(id) ?? 0;
      if (n) ids.add(`${id}-${n}`);
      seen.set(id, n + 1);
    }
  }
  return { ids, keys: new Set(scan.headings.map((x) => headingKey(x.text))) };
}

// src/links/labels.ts
var CAPTIONED = /* @__PURE__ */ new Set(["figure", "figure-md", "table", "list-table", "csv-table"]);
function headingTitle(text) {
  let t = text.trimEnd();
  if (t.endsWith("}") && t.lastIndexOf("{#") >= 0) t = t.slice(0, t.lastIndexOf("{#")).trimEnd();
  let e = t.length;
  while (e > 0 && t[e - 1] === "#") e--;
  if (e < t.length && (e === 0 || t[e - 1] === " " || t[e - 1] === "	")) t = t.slice(0, e).trimEnd();
  return t.replace(/[*_`]/g, "").trim();
}
function labelFacts(g, body) {
  const out = { all: [], titled: [], titles: /* @__PURE__ */ new Map() };
  if (g !== "sphinx" || !(body.includes(")=") || body.includes(":name:") || body.includes("{#") || body.includes("#") && body.includes("}{") || body.includes("){") || body.includes("{glossary}") || body.includes("{figure-md}"))) return out;
  const all = out.all;
  const stack = [];
  let dl = false;
  let waiting = [];
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const top = stack[stack.length - 1];
    if (waiting.length && !top && line.trim() !== "" && !/^[ \t]{0,3}\([^()\s]{1,200}\)=[ \t]*$/.test(line)) {
      const h = /^[ \t]{0,3}#{1,6}[ \t]+(.*)$/.exec(line);
      if (h) {
        out.titled.push(...waiting);
        const title = line.length <= 1e3 ? headingTitle(h[1]) : "";
        if (title) {
          for (const w of waiting) if (!out.titles.has(w.toLowerCase())) out.titles.set(w.toLowerCase(), title);
        }
      }
      waiting = [];
    }
    const f = /^[ \t]*(`{3,}|~{3,}|:{3,})(.*)$/.exec(line);
    if (f) {
      const [ch, n, rest] = [f[1][0], f[1].length, f[2].trim()];
      if (rest === "") {
        const i2 = stack.findIndex((x) => x.ch === ch && n >= x.n);
        if (i2 >= 0) {
          stack.length = i2;
          continue;
        }
      }
      if (!top?.code) {
        const d = /^\{([\w:-]+)\}\s*(\S*)/.exec(rest);
        if (d || ch !== ":") {
          stack.push({ ch, n, code: !d, glossary: d?.[1] === "glossary", directive: d?.[1] ?? "" });
          if (d?.[1] === "figure-md" && d[2]) {
            all.push(d[2]);
            out.titled.push(d[2]);
          }
          continue;
        }
      }
    }
    if (top?.code) continue;
    if (/^[ \t]{0,3}\{\.glossary\}[ \t]*$/.test(line)) {
      dl = true;
      continue;
    }
    if (dl) {
      if (/^#/.test(line)) dl = false;
      else if (/^[^\s:]/.test(line) && /^:[ \t]/.test(lines[i + 1] ?? "")) {
        all.push(line.trim().toLowerCase());
        continue;
      }
    }
    if (line.includes("]{") || line.includes("){")) for (const m of line.matchAll(/[\])]\{([^{}\n]{1,500})\}/g)) {
      const id2 = attrId(m[1]);
      if (id2) all.push(id2);
    }
    if (top?.glossary && /^\S/.test(line) && !line.startsWith(":")) {
      all.push(line.trim().toLowerCase());
      continue;
    }
    const label = /^[ \t]{0,3}(?:>[ \t]?){0,8}\(([^()\s]{1,200})\)=[ \t]*$/.exec(line);
    if (label) {
      all.push(label[1]);
      if (!top) waiting.push(label[1]);
      continue;
    }
    const l = /^[ \t]*:name:[ \t]+(\S{1,200})[ \t]*$/.exec(line);
    if (l) {
      all.push(l[1]);
      if (top && CAPTIONED.has(top.directive)) out.titled.push(l[1]);
      continue;
    }
    const b = /^[ \t]{0,3}\{([^{}\n]{1,500})\}[ \t]*$/.exec(line);
    const id = b ? attrId(b[1]) : void 0;
    if (id) all.push(id);
  }
  return out;
}
function attrId(attrs) {
  return /(?:^|[ \t])#([^\s#.{}="']{1,200})(?=[ \t]|$)/.exec(attrs)?.[1];
}

// src/links/profiles.ts
var NONE = { replace: [], last: [], extra: [] };
var APP_ROUTER = {
  index: ["page", "route"],
  onlyIndex: true,
  hiddenPrefix: "_",
  templateExt: /\.[cm]?[jt]sx?$/,
  groupSegment: /^(?:\([^/()]{1,200}\)|@[^/]{1,200})$/,
  dynamicSegment: /^\[[^/]{1,200}\]$/
};
var PLAIN = { pretty: false, html: false, index: ["index", "README"], caseFold: false, frontmatter: NONE, localeFolders: false, localeFallback: false, localeSuffix: false };
var MKDOCS_ROUTES = { ...PLAIN, pretty: true, pageRelative: true };
var PROFILES = {
  hugo: {
    name: "hugo",
    markers: [
      ...["hugo.toml", "hugo.yaml", "hugo.yml", "hugo.json", "config.toml"].map((path) => ({ path, docsDirs: ["content"] })),
      // A configuration folder (Docsy's site: config/_default/hugo.yaml), in any of Hugo's formats.
      ...["hugo", "config"].flatMap((n) => ["toml", "yaml", "yml", "json"].map((e) => ({ path: `config/_default/${n}.${e}`, docsDirs: ["content"] }))),
      // The older root names in YAML and JSON are common words: taken when they set a key only Hugo reads.
      ...["config.yaml", "config.yml", "config.json"].map((path) => ({ path, docsDirs: ["content"], contains: /^[ \t]*"?(?:baseURL|languageCode|defaultContentLanguage|contentDir)"?[ \t]*:/im }))
    ],
    routes: { pretty: true, html: false, index: ["_index", "index"], caseFold: true, frontmatter: { replace: ["url"], last: ["slug"], extra: ["aliases"] }, localeFolders: true, localeFallback: false, localeSuffix: true, autoSections: true },
    wiki: false,
    vault: false,
    navFiles: [],
    staticBeside: "static/",
    rootFallbackHook: "render-link.html"
  },
  jekyll: {
    name: "jekyll",
    markers: [{ path: "_config.yml", docsDirs: [""] }, { path: "_config.yaml", docsDirs: [""] }],
    routes: { ...PLAIN, html: true, index: ["index", "README"], frontmatter: { replace: ["permalink"], last: [], extra: ["redirect_from"] }, dated: { folder: "_posts", url: ":categories/:year/:month/:day/:title.html", categoryKeys: ["categories", "category"] }, hiddenPrefix: "_", patternKeys: ["slug"] },
    wiki: false,
    vault: false,
    navFiles: []
  },
  starlight: {
    name: "starlight",
    markers: ["astro.config.mjs", "astro.config.ts", "astro.config.js", "astro.config.mts"].map((path) => ({ path, docsDirs: ["src/content/docs"], code: true })),
    routes: { pretty: true, html: false, index: ["index"], caseFold: true, frontmatter: { replace: ["slug"], last: [], extra: [] }, localeFolders: true, localeFallback: true, localeSuffix: false },
    wiki: false,
    vault: false,
    navFiles: []
  },
  docsify: {
    name: "docsify",
    markers: [{ path: "index.html", docsDirs: [""], contains: /\$docsify|docsify(?:@\d[^"']*)?(?:\/lib)?\/docsify(?:\.min)?\.js/, code: true }],
    routes: { ...PLAIN, pretty: false, index: ["README"], sourceServed: true },
    wiki: false,
    vault: false,
    navFiles: ["_sidebar.md", "_navbar.md", "_coverpage.md"],
    routesFromCode: "index.html (window.$docsify alias routes are code)"
  },
  // Zola: `config.toml` (with Zola's required `base_url`, which Hugo spells `baseURL`) beside
  // `content/`; `a/b.md` at `/a/b/`, `_index.md` a section, `index.md` a page bundle's page; paths
  // slugified (lowercase); `path` and `slug` move a page, `aliases` add URLs; `page.fr.md` a
  // translation; `@/a/b.md` an internal link by file.
  zola: {
    name: "zola",
    markers: [{ path: "config.toml", docsDirs: ["content"], contains: /^[ \t]*base_url[ \t]*=/m }],
    routes: { pretty: true, html: false, index: ["_index", "index"], caseFold: true, frontmatter: { replace: ["path"], last: ["slug"], extra: ["aliases"] }, localeFolders: false, localeFallback: false, localeSuffix: true },
    wiki: false,
    vault: false,
    navFiles: [],
    staticBeside: "static/",
    filePrefix: "@/"
  },
  // Nextra (shuding/nextra): a Next.js site — `next.config.*` naming nextra, or `theme.config.*`
  // (both code) beside `pages/` (Nextra 2 and 3) or `content/` (Nextra 4's content directory);
  // `a/b.mdx` at `/a/b` (Next.js writes no trailing slash), `index.mdx` serves its folder, case as
  // written; `_meta` files are the sidebar (titles and order); Nextra 2's i18n suffixes every page
  // (`index.en-US.mdx`) and Next.js keeps a root link in the page's locale; Nextra 3 and 4 use
  // locale folders (`pages/en/`, `content/en/`). Redirects in next.config are code: their literal
  // sources are routes not judged.
  nextra: {
    name: "nextra",
    markers: [
      ...["js", "mjs", "cjs", "ts", "mts"].map((e) => ({ path: `next.config.${e}`, docsDirs: ["pages", "content", "src/pages", "src/content", "app", "src/app"], contains: /\bnextra\b/, code: true })),
      ...["tsx", "jsx", "ts", "js"].map((e) => ({ path: `theme.config.${e}`, docsDirs: ["pages", "content", "src/pages", "src/content"], code: true }))
    ],
    dirRoutes: { app: APP_ROUTER, "src/app": APP_ROUTER },
    routes: { pretty: false, html: false, index: ["index"], caseFold: false, frontmatter: NONE, localeFolders: true, localeFallback: false, localeSuffix: true, localeRelative: true, noTrailingSlash: true },
    wiki: false,
    vault: false,
    navFiles: [/^_meta(?:\.[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?|\.global)?\.(?:json|[cm]?[jt]sx?)$/],
    navFormat: "nextra-meta",
    staticBeside: "public/",
    routeSources: { pattern: /\bsource\s*:\s*(["'])(\/[^"'\n]{0,500})\1/g, reason: "redirects and rewrites in next.config (code)" }
  },
  // Mintlify (mintlify/docs): `docs.json` (or the older `mint.json`) at the docs root, JSON with a
  // `navigation`; `a/b.mdx` at `/a/b`, `index` serves its folder; the navigation gives the order
  // (titles are the pages' frontmatter); `redirects` are routes (wildcards not judged);
  // `snippets/` holds include-only snippets, imported by pages from `/` or relatively.
  mintlify: {
    name: "mintlify",
    markers: ["docs.json", "mint.json"].map((path) => ({ path, docsDirs: [""], contains: /"navigation"\s*:/ })),
    routes: { pretty: false, html: false, index: ["index"], caseFold: false, frontmatter: NONE, localeFolders: true, localeFallback: false, localeSuffix: false, notPages: ["snippets/"] },
    wiki: false,
    vault: false,
    navFiles: ["docs.json", "mint.json"],
    navFormat: "mintlify",
    // mintlify/docs `components/accordions.mdx`, `tabs.mdx` (`id`: "used for anchor linking … defaults to
    // the same value as `title`"), `steps.mdx` (`id`, `noAnchor`), `update.mdx` (`label` "creates an anchor
    // link using the same automatic anchor ID rules as headings").
    // `<ParamField>` and `<ResponseField>` are not documented to write anchors, though mintlify/docs links
    // them by their names (`#api-params` for `<ResponseField name="api.params">`): not judged.
    componentAnchors: {
      tags: ["Accordion", "Tab", "Step", "Update"],
      id: ["id"],
      text: ["title", "label"],
      maybe: { tags: ["ParamField", "ResponseField"], text: ["name", "path", "query", "body", "header"], reason: "anchors <ParamField>/<ResponseField> may write (not documented)" }
    }
  },
  // GitBook (Git Sync): `.gitbook.yaml` (its `root:` names the docs folder), `SUMMARY.md` the table
  // of contents, `README.md` a folder's page; `a/b.md` at `/a/b`; `redirects:` map a URL path to a
  // file; `.gitbook/assets/` holds the images.
  gitbook: {
    name: "gitbook",
    markers: [{ path: ".gitbook.yaml", docsDirs: [""], docsDirFrom: /^root[ \t]*:[ \t]*["']?(?:\.\/)?(?<dir>[^"'\s#]*)/m }],
    routes: { pretty: false, html: false, index: ["README"], caseFold: false, frontmatter: NONE, localeFolders: false, localeFallback: false, localeSuffix: false },
    wiki: false,
    vault: false,
    navFiles: ["SUMMARY.md"],
    navFormat: "summary",
    dotFolders: [".gitbook/assets/", ".gitbook/includes/"],
    navPublishes: "pages the table of contents does not list (GitBook publishes only those it lists)"
  },
  // Eleventy (11ty/11ty-website): `.eleventy.js` or `eleventy.config.*` (code: named, never run; its
  // `dir: { input: "src" }` read as a literal); `a/b.md` at `/a/b/`, `index.md` and `a/b/b.md` serve
  // their folder; `permalink` sets the URL, `permalink: false` writes nothing, a templated one
  // (`/{{ page.fileSlug }}/`) is not judged below its literal prefix; `_includes/` and `_data/`
  // are no pages; `*.11tydata.js` may compute routes.
  eleventy: {
    name: "eleventy",
    markers: [".eleventy.js", "eleventy.config.js", "eleventy.config.mjs", "eleventy.config.cjs", "eleventy.config.ts", "eleventy.config.mts"].map((path) => ({ path, docsDirs: [""], code: true, docsDirFrom: /\binput[ \t]*:[ \t]*(["'])(?:\.\/)?(?<dir>[^"'\n]{0,200})\1/ })),
    routes: { pretty: true, html: false, index: ["index"], caseFold: false, frontmatter: { replace: ["permalink"], last: [], extra: [] }, localeFolders: false, localeFallback: false, localeSuffix: false, unwritten: ["permalink"], folderNamesake: true, permalinkFiles: true, notPages: ["_includes/", "_data/"], templateExt: /\.(?:njk|liquid|html|webc|11ty\.[cm]?js|hbs|mustache|ejs|haml|pug)$/i },
    wiki: false,
    vault: false,
    navFiles: [],
    filesFromCode: "passthrough copies the configuration makes (code)",
    codeData: { file: /(?:\.11tydata)?\.(?:[cm]?js|ts|json)$/, mention: /\bpermalink\b/, reason: "routes a data file sets" }
  },
  sphinx: {
    name: "sphinx",
    markers: [{ path: "conf.py", docsDirs: [""], code: true }],
    routes: { ...PLAIN, html: true, index: ["index"] },
    wiki: false,
    vault: false,
    navFiles: [],
    unresolvedBare: "references Sphinx resolves through intersphinx inventories or extensions (conf.py is code)",
    unresolvedTarget: (t) => /[./]/.test(t) ? "references Sphinx resolves through intersphinx inventories or extensions (conf.py is code)" : void 0,
    xrefsElsewhere: { mention: /intersphinx/, reason: "labels of other projects (conf.py names intersphinx)" }
  }
};
var ANCESTOR_PROFILES = [PROFILES.zola, PROFILES.hugo, PROFILES.starlight, PROFILES.docsify, PROFILES.nextra, PROFILES.mintlify, PROFILES.gitbook, PROFILES.eleventy, PROFILES.sphinx, PROFILES.jekyll];

// src/links/xrefs.ts
var HUGO = /\{\{([<%])[ \t]*(ref|relref)[ \t]+([^{}\n]{1,500}?)[ \t]*([>%])\}\}/g;
var HUGO_ARG = /(?:^|[ \t])(?:(path|lang|outputFormat)[ \t]*=[ \t]*)?(?:"([^"]*)"|`([^`]*)`|([^\s"`=]+))/g;
var LIQUID = /\{%-?[ \t]*(link|post_url|raw|endraw|comment|endcomment)\b([^%\n]{0,500}?)-?%\}/g;
function anchorAfter(body, end) {
  if (body.charCodeAt(end) !== 35) return "";
  const m = /^#[^\s)\]"'<>{}]{0,200}/.exec(body.slice(end, end + 202));
  return m ? m[0] : "";
}
function hugoArgs(args) {
  let path;
  let lang;
  let at = -1;
  let positional = 0;
  HUGO_ARG.lastIndex = 0;
  for (let m = HUGO_ARG.exec(args); m; m = HUGO_ARG.exec(args)) {
    const v = m[2] ?? m[3] ?? m[4] ?? "";
    const off = m.index + m[0].lastIndexOf(v);
    if (m[1] === "path" || !m[1] && positional++ === 0) {
      path = v;
      at = off;
    } else if (m[1] === "lang") lang = v;
  }
  return { ...path !== void 0 ? { path } : {}, ...lang !== void 0 ? { lang } : {}, at };
}
function templateXrefs(g, body) {
  if (g === "hugo") {
    if (!body.includes("ref")) return [];
    const out = [];
    let starts;
    HUGO.lastIndex = 0;
    for (let m = HUGO.exec(body); m; m = HUGO.exec(body)) {
      if (m[1] === "<" !== (m[4] === ">")) continue;
      const a = hugoArgs(m[3]);
      if (a.path === void 0) continue;
      starts ??= lineStarts(body);
      const at = m.index + m[0].indexOf(m[3]) + a.at;
      out.push({ kind: "xref", syntax: m[2], target: a.path + anchorAfter(body, HUGO.lastIndex), line: lineOf2(starts, at) + 1, at: body.startsWith(a.path, at) ? at : -1, ...a.lang ? { lang: a.lang } : {} });
    }
    return out;
  }
  if (g === "jekyll") {
    if (!body.includes("{%")) return [];
    const out = [];
    let starts;
    let hidden;
    LIQUID.lastIndex = 0;
    for (let m = LIQUID.exec(body); m; m = LIQUID.exec(body)) {
      const tag = m[1];
      if (hidden) {
        if (tag === hidden) hidden = void 0;
        continue;
      }
      if (tag === "raw" || tag === "comment") {
        hidden = `end${tag}`;
        continue;
      }
      if (tag !== "link" && tag !== "post_url") continue;
      const arg = m[2].trim();
      if (!arg) continue;
      starts ??= lineStarts(body);
      const at = m.index + m[0].indexOf(arg, 2 + tag.length);
      out.push({ kind: "xref", syntax: tag, target: arg + anchorAfter(body, LIQUID.lastIndex), line: lineOf2(starts, at) + 1, at });
    }
    return out;
  }
  return [];
}
var mayHaveTemplateXrefs = (g, body) => g === "hugo" && body.includes("{{") && body.includes("ref") || g === "jekyll" && body.includes("{%");

// src/links/facts.ts
function isLinkDocument(spec, path) {
  return MARKDOWN_FILE.test(path) && spec.roots.some((r) => path.startsWith(r));
}
var scanOptions = (spec, path) => ({ wiki: spec.wiki, admonitions: spec.admonitions, mdx: /\.mdx$/i.test(path), roles: spec.generator === "sphinx", ...spec.textFor ? { textFor: spec.textFor } : {} });
var BRACED = /* @__PURE__ */ new Set(["hugo", "jekyll", "sphinx"]);
var withXrefs = (links, xrefs) => xrefs.length ? [...links, ...xrefs].sort((a, b) => a.line - b.line || a.at - b.at) : links;
var siteBody = (spec, body) => spec.generator === "hugo" ? maskHugo(body) : spec.generator === "jekyll" && body.includes("\n{:") ? kramdownHeadingIals(body) : spec.generator === "sphinx" && body.includes(".external") ? mystExternalLinks(body) : body;
function mystExternalLinks(body) {
  return body.replace(/\]\(([^()\s]{1,2000})\)\{([^{}\n]{0,500})\}/g, (m, target, attrs) => /(?:^|[ \t])\.external(?=[ \t]|$)/.test(attrs) && !/^[a-z][a-z0-9+.-]*:/i.test(target) ? `](external:${target}){${attrs}}` : m);
}
function kramdownHeadingIals(body) {
  const lines = body.split("\n");
  let fence = "";
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i];
    const f = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(l);
    if (f) {
      if (!fence) fence = f[1];
      else if (f[1].startsWith(fence[0]) && f[1].length >= fence.length) fence = "";
      continue;
    }
    if (fence || !/^\{:[ \t]*#[^{}\n]{0,500}\}[ \t]*$/.test(l) || !/^[ \t]{0,3}#{1,6}[ \t]/.test(lines[i - 1]) || lines[i - 1].trimEnd().endsWith("}")) continue;
    let h = lines[i - 1].trimEnd();
    let j = h.length;
    while (j > 0 && h.charCodeAt(j - 1) === 35) j--;
    if (j < h.length && (h[j - 1] === " " || h[j - 1] === "	")) h = h.slice(0, j).trimEnd();
    lines[i - 1] = `${h} ${l.trim()}`;
    lines[i] = "";
  }
  return lines.join("\n");
}
function definitionTermIds(body) {
  const lines = body.split("\n");
  const terms = [];
  for (let i = 0; i + 1 < lines.length; i++) if (/^:[ \t]/.test(lines[i + 1]) && /^[^\s:]/.test(lines[i])) terms.push({ text: lines[i].replace(/[`*_]/g, "").trim() });
  const ids = headingSlugs(terms, "github");
  return [...ids, ...ids.map((x) => `${x}-1`), ...ids.map((x) => `${x}-2`)];
}
var SUMMARY = /<summary\b[^>\n]{0,200}>([^<\n]{1,500})<\/summary>/gi;
var HEADING_WITH_COMPONENT = /^[ \t]{0,3}#{1,6}[ \t]+([^<\n]{1,500})<[A-Z][^\n]{0,1000}$/gm;
var ATTR = /(?:^|\s)([A-Za-z][\w-]{0,40})[ \t]*=[ \t]*(?:"([^"\n]{0,500})"|'([^'\n]{0,500})'|\{[ \t]*(?:"([^"\n]{0,500})"|'([^'\n]{0,500})')[ \t]*\})/g;
function componentAnchorIds(body, ca) {
  const out = [];
  const open = new RegExp(`<(?:${ca.tags.join("|")})(?=[\\s/>])([^<>]{0,2000})>`, "g");
  for (const m of body.matchAll(open)) {
    for (const at of m[1].matchAll(ATTR)) {
      const v = (at[2] ?? at[3] ?? at[4] ?? at[5] ?? "").trim();
      if (!v) continue;
      if (ca.id.includes(at[1])) out.push(v);
      else if (ca.text.includes(at[1])) out.push(...mintlifyAnchorSlugs(v));
    }
  }
  return out;
}
function keptAnchors(spec, s, body, labels) {
  const g = spec.generator;
  const a = anchorsOf(s, g);
  if (g === "hugo" && body.includes("\n: ")) for (const id of definitionTermIds(body)) a.ids.add(id);
  if (g === "gitbook" && body.includes("<summary")) for (const m of body.matchAll(SUMMARY)) for (const id of gitbookAnchorSlugs(m[1].trim())) a.ids.add(id);
  if (g === "sphinx") for (const l of labels ?? labelFacts(g, body).all) a.ids.add(l);
  const ca = PROFILES[g]?.componentAnchors;
  if (ca && body.includes("<")) {
    for (const id of componentAnchorIds(body, ca)) a.ids.add(id);
    if (ca.maybe) {
      const maybe = /* @__PURE__ */ new Map();
      for (const id of componentAnchorIds(body, { tags: ca.maybe.tags, id: [], text: ca.maybe.text })) maybe.set(id, ca.maybe.reason);
      for (const m of body.matchAll(HEADING_WITH_COMPONENT)) {
        const before = m[1].replace(/[`*_]/g, "").replace(/[\s\-–—:|]+$/, "").trim();
        if (before) {
          for (const id of mintlifyAnchorSlugs(before)) if (!a.ids.has(id)) maybe.set(id, "ids of headings that hold a component (not documented)");
        }
      }
      if (maybe.size) a.maybe = maybe;
    }
  }
  return { a, text: g === "obsidian" || g === "foam" ? body : "" };
}
function linkFactsOf(spec, path, bytes, text) {
  if (bytes.indexOf(91) < 0 && bytes.indexOf(60) < 0 && !(BRACED.has(spec.generator) && (bytes.indexOf(123) >= 0 || bytes.indexOf(")=") >= 0))) return null;
  const t = text === void 0 ? decodeUtf8(bytes) : text;
  if (t === void 0 || t === null) return null;
  const fm = splitFrontmatter(stripBom(t));
  const offset = fm.present ? fm.bodyLine - 1 : 0;
  const opts = scanOptions(spec, path);
  const body = siteBody(spec, fm.body);
  const xrefs = mayHaveTemplateXrefs(spec.generator, fm.body) ? templateXrefs(spec.generator, fm.body) : [];
  const roles = opts.roles && body.includes("}`");
  const links = opts.admonitions || opts.mdx || roles ? void 0 : fastLinksFor(body, spec.textFor);
  const found = spec.generator === "sphinx" ? labelFacts("sphinx", body).all : [];
  const labels = found.length ? { labels: found } : {};
  if (links) return { links: withXrefs(links, xrefs), offset, html: 0, ...labels };
  const s = scanMarkdown(body, opts);
  if (!s.htmlLinks.length) return { links: withXrefs(s.links, xrefs), offset, html: s.inHtml, anchors: keptAnchors(spec, s, body, found), ...labels };
  const all = [...s.links, ...s.htmlLinks.map((h) => ({ kind: "inline", target: decodeAttribute(h.target), line: h.line, at: h.at }))];
  all.sort((a, b) => a.line - b.line || a.at - b.at);
  return { links: withXrefs(all, xrefs), offset, html: Math.max(0, s.inHtml - s.htmlLinks.length), anchors: keptAnchors(spec, s, body, found), ...labels };
}

// src/octx/record-worker.ts
var limits = workerData;
var pass = new InlinePass(limits);
var reply = (m) => parentPort.postMessage(m);
parentPort.on("message", (m) => {
  if (m.op === "docs") {
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch, m.keep, m.place, m.links);
    reply({ op: "docs-done" });
    return;
  }
  if (m.op === "sizes") {
    statHandoff(m.handoff, new Int32Array(m.counter), m.batch, new Float64Array(m.out));
    reply({ op: "sized" });
    return;
  }
  if (m.op === "place") {
    placeFiles(m);
    return;
  }
  if (m.op === "finish") {
    void pass.finish(m.concepts, m.idSpace).then((result) => {
      if (result.vectorDiags) delete result.ids;
      reply({ op: "result", result });
    });
    return;
  }
  if (m.op === "vectors") {
    try {
      pass.checkVectors(m.files.map((f) => ({ path: f.path, kind: f.kind, bytes: readExactly(f.fd, f.offset, f.size) })));
    } catch {
    }
    return;
  }
  const h = createHash2("sha256");
  const scan = limits.secrets ? new SecretStream(SAG_FILES[m.key], SAG_FILES[m.key], limits.secrets.allow) : void 0;
  try {
    let done = 0;
    for (const c of readBlocks(m.fd, m.offset, m.size)) {
      h.update(c);
      pass.push(m.key, c);
      scan?.push(c);
      done += c.length;
    }
    if (done < m.size) throw new Error(`ends after ${done} of ${m.size} bytes`);
  } catch (e) {
    pass.end(m.key, false);
    reply({ op: "hashed", key: m.key, error: e.message });
    return;
  }
  pass.end(m.key, true);
  reply({ op: "hashed", key: m.key, sha256: h.digest("hex"), ...scan ? { secrets: scan.end() } : {} });
});
function shareDocs(h, counter, batch, keep, place, links) {
  const out = place ? openForPlacing(place.path) : void 0;
  const writes = out?.fd === void 0 ? void 0 : new PlacedWrites(out.fd);
  const paths = handoffPaths(h);
  try {
    for (; ; ) {
      const start = Atomics.add(counter, 0, batch);
      if (start >= paths.count) return;
      const count2 = Math.min(batch, paths.count - start);
      const b = {
        start,
        count: count2,
        state: new Uint8Array(count2),
        digests: new Uint8Array(count2 * 32),
        sizes: new Float64Array(count2),
        crcs: new Uint32Array(place ? count2 : 0),
        ids: new Uint8Array(count2 * 16),
        idLines: new Int32Array(count2),
        extras: []
      };
      const placed = [];
      let writeError = out?.error;
      for (let s = 0; s < count2; s++) {
        const k = start + s;
        const path = paths.at(k);
        const diags = [];
        let bytes;
        try {
          bytes = readHandoff(h, k, path);
        } catch (e) {
          b.extras.push({ k, error: e.message, ...e instanceof TreeReadError && e.tooLarge ? { tooLarge: true } : {} });
          continue;
        }
        sha256Bytes(bytes).copy(b.digests, s * 32);
        b.sizes[s] = bytes.length;
        b.state[s] = DOC_READ;
        let text;
        const doc = checkKnowledge(path, bytes, limits.maxDepth, diags, links ? (t) => {
          text = t ?? null;
        } : void 0);
        const extra = { k };
        if (doc) {
          if (keep === "ids" && (doc.id === void 0 || writeIdBytes(doc.id, b.ids, s * 16))) {
            b.state[s] |= DOC_CONCEPT | (doc.id === void 0 ? 0 : DOC_ID);
            b.idLines[s] = doc.idLine;
          } else extra.doc = doc;
        }
        if (diags.length) extra.diags = diags;
        if (limits.secrets) {
          const found = scanSecretBytes(bytes, path, path, limits.secrets.allow);
          if (found.length) extra.secrets = found;
        }
        if (links && isLinkDocument(links, path)) extra.links = linkFactsOf(links, path, bytes, text);
        if (extra.doc || extra.diags || extra.secrets || extra.links !== void 0) b.extras.push(extra);
        if (writes && !writeError && place.at[k] >= 0 && bytes.length === place.sizes[k]) {
          try {
            b.crcs[s] = queueEntry(writes, place.at[k], Buffer.from(path, "utf8"), bytes);
            placed.push(s);
          } catch (e) {
            writeError = writeErrorOf(e);
          }
        }
      }
      if (!writeError) try {
        writes?.flush();
      } catch (e) {
        writeError = writeErrorOf(e);
      }
      if (writeError && placed.length) b.writeError = writeError;
      else for (const s of placed) b.state[s] |= DOC_WROTE;
      reply({ op: "docs", batch: b });
    }
  } finally {
    if (out?.fd !== void 0) closeSync2(out.fd);
  }
}
var writeErrorOf = (e) => ({ message: e.message, code: e.code });
function openForPlacing(path) {
  try {
    return { fd: openSync2(path, constants2.O_WRONLY) };
  } catch (e) {
    return { error: writeErrorOf(e) };
  }
}
function placeFiles(m) {
  const out = openForPlacing(m.path);
  try {
    for (const f of m.files) {
      if (out.fd === void 0) {
        reply({ op: "placed", key: f.key, error: out.error.message, code: out.error.code, write: true });
        continue;
      }
      const h = createHash2("sha256");
      let crc = 0;
      let done = 0;
      let writing = false;
      try {
        for (const c of readBlocks(f.fd, f.offset, f.size)) {
          h.update(c);
          crc = crc322(c, crc);
          writing = true;
          writeAt(out.fd, c, f.at + done);
          writing = false;
          done += c.length;
        }
        if (done < f.size) throw new Error(`ends after ${done} of ${f.size} bytes`);
        reply({ op: "placed", key: f.key, sha256: h.digest("hex"), crc32: crc });
      } catch (e) {
        reply({ op: "placed", key: f.key, error: e.message, code: writing ? e.code : void 0, write: writing });
      }
    }
  } finally {
    if (out.fd !== void 0) closeSync2(out.fd);
  }
}
