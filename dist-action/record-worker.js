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
function clean(d) {
  for (const k of ["file", "line", "column", "hint"]) if (d[k] === void 0) delete d[k];
  return d;
}

// src/core/utf8.ts
import { isUtf8 } from "node:buffer";
function decodeUtf8(bytes) {
  if (!isUtf8(bytes)) return void 0;
  const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  return s.charCodeAt(0) === 65279 ? s.slice(1) : s;
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
      if (block[0] === 239 && block[1] === 187 && block[2] === 191) {
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

// src/core/tree.ts
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
import { join, sep } from "node:path";
function readHandoff(h, k) {
  const path = h.paths[k];
  if (h.kind === "disk") return readRegularFile(join(h.root, ...path.split("/")), path);
  try {
    return readExactly(h.fd, h.offsets[k], h.sizes[k]);
  } catch {
    throw new TreeReadError(`${path}: the archive ends inside it`, path);
  }
}
function* readBlocks(fd, offset, size) {
  const buf = Buffer.allocUnsafe(Math.min(size, 1 << 20) || 1);
  for (let done = 0; done < size; ) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, size - done), offset + done);
    if (n === 0) return;
    done += n;
    yield buf.subarray(0, n);
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
var TreeReadError = class extends Error {
  constructor(message, path) {
    super(message);
    this.path = path;
    this.name = "TreeReadError";
  }
  path;
};
function readRegularFile(abs, label) {
  return withRegularFile(abs, label, (fd, size) => {
    const buf = Buffer.allocUnsafe(size);
    let off = 0;
    while (off < buf.length) {
      const n = readSync(fd, buf, off, buf.length - off, off);
      if (n === 0) break;
      off += n;
    }
    return off === buf.length ? buf : buf.subarray(0, off);
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
var PlacedWrites = class {
  constructor(fd) {
    this.fd = fd;
  }
  fd;
  pieces = [];
  bytes = 0;
  /**
   * Queues `bytes` for offset `at`. The buffer is written as it is at the next flush, so the caller
   * must not reuse it before then (write() is the way for a reused buffer).
   */
  add(at, bytes) {
    if (!bytes.length) return;
    this.pieces.push({ at, bytes });
    this.bytes += bytes.length;
    if (this.bytes >= FLUSH_BYTES || this.pieces.length >= FLUSH_PIECES) this.flush();
  }
  /** Writes `bytes` at `at` now (with whatever is queued): the caller may reuse the buffer after. */
  write(at, bytes) {
    this.flush();
    writeAt(this.fd, bytes, at);
  }
  flush() {
    if (!this.pieces.length) return;
    const pieces = this.pieces.sort((a, b) => a.at - b.at);
    this.pieces = [];
    this.bytes = 0;
    for (let i = 0; i < pieces.length; ) {
      const at = pieces[i].at;
      const run = [];
      let end = at;
      while (i < pieces.length && pieces[i].at === end) {
        run.push(pieces[i].bytes);
        end += pieces[i].bytes.length;
        i++;
      }
      writeAllAt(this.fd, run, at);
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
  const big = bigLocal(size);
  const h = Buffer.alloc(localHeaderLength(name.length, size));
  h.writeUInt32LE(67324752, 0);
  h.writeUInt16LE(big ? 45 : 20, 4);
  h.writeUInt16LE(UTF8, 6);
  h.writeUInt16LE(0, 8);
  h.writeUInt16LE(DOS_TIME_1980, 10);
  h.writeUInt16LE(DOS_DATE_1980, 12);
  h.writeUInt32LE(crc, 14);
  h.writeUInt32LE(big ? MAX32 : size, 18);
  h.writeUInt32LE(big ? MAX32 : size, 22);
  h.writeUInt16LE(name.length, 26);
  h.writeUInt16LE(big ? 20 : 0, 28);
  name.copy(h, 30);
  if (big) {
    const x = 30 + name.length;
    h.writeUInt16LE(1, x);
    h.writeUInt16LE(16, x + 2);
    u64(h, size, x + 4);
    u64(h, size, x + 12);
  }
  return h;
}

// src/core/zip-placement.ts
function queueEntry(out, headerAt, name, bytes) {
  const crc = crc32(bytes);
  const header = localHeader(name, bytes.length, crc);
  out.add(headerAt, header);
  out.add(headerAt + header.length, bytes);
  return crc;
}
var READ_BACK_HERE_UP_TO = 16 * 1024 * 1024;

// src/core/hash.ts
import { createHash } from "node:crypto";
function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
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
  const scalar = (tag, resolve, construct) => new js.Type(`tag:yaml.org,2002:${tag}`, { kind: "scalar", resolve, construct });
  const schemaFor = (bigInt) => js.FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar("null", (s) => /^(?:~|[Nn]ull|NULL)?$/.test(s), () => null),
      scalar("bool", (s) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s), (s) => s[0] === "t" || s[0] === "T"),
      scalar("int", (s) => /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/.test(s), (s) => {
        if (bigInt) return BigInt(s);
        return s.startsWith("0o") ? parseInt(s.slice(2), 8) : s.startsWith("0x") ? parseInt(s.slice(2), 16) : parseInt(s, 10);
      }),
      scalar("float", (s) => /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/.test(s), (s) => {
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
  visit(doc, {
    Alias(_k, node) {
      throw new YamlSafetyError("YAML aliases are not allowed", lineOf(doc, node.range?.[0], lineOffset));
    },
    Node(_k, node, path) {
      if (node.anchor) throw new YamlSafetyError("YAML anchors are not allowed", lineOf(doc, node.range?.[0], lineOffset));
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
  return doc.toJS({ maxAliasCount: 0 });
}
function splitFrontmatter(text) {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return { yaml: "", yamlLine: 1, body: text, bodyLine: 1, present: false };
  const rest = text.slice(open[0].length);
  const m = /(^|\n)((?:---|\.\.\.)[ \t]*)(\r?\n|$)/.exec(rest);
  const idx = m ? m.index + m[1].length : -1;
  const fenceLen = m ? m[2].length + m[3].length : 0;
  if (idx < 0) return { yaml: "", yamlLine: 2, body: text, bodyLine: 1, present: false };
  const yaml = rest.slice(0, idx);
  const yamlLines = yaml.split("\n").length - (yaml.endsWith("\n") || yaml === "" ? 1 : 0);
  return { yaml, yamlLine: 2, body: rest.slice(idx + fenceLen), bodyLine: 2 + yamlLines + 1, present: true };
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
function firstH1(body) {
  const m = /^#[ \t]+(.+?)[ \t#]*$/m.exec(body);
  return m ? m[1] : void 0;
}
function checkKnowledge(path, bytes, maxDepth, diags) {
  if (isConcept(path)) return checkConcept(path, bytes, maxDepth, diags);
  checkReserved(path, bytes, maxDepth, diags);
  return void 0;
}
function checkConcept(path, bytes, maxDepth, diags) {
  const doc = { path, idLine: 1 };
  const text = decode(bytes, path, diags);
  if (text === void 0) return doc;
  const fm = splitFrontmatter(text);
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
  if (typeof d.title === "string") doc.title = d.title;
  else doc.title = firstH1(fm.body);
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
function checkReserved(path, bytes, maxDepth, diags) {
  const bad = (msg, line) => diags.push(error("OCTX_OKF_RESERVED_INVALID", `${path}: ${msg}`, { file: path, line }));
  const text = decode(bytes, path, diags);
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

// src/octx/record-worker.ts
var limits = workerData;
var pass = new InlinePass(limits);
var reply = (m) => parentPort.postMessage(m);
parentPort.on("message", (m) => {
  if (m.op === "docs") {
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch, m.place);
    reply({ op: "docs-done" });
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
  try {
    let done = 0;
    for (const c of readBlocks(m.fd, m.offset, m.size)) {
      h.update(c);
      pass.push(m.key, c);
      done += c.length;
    }
    if (done < m.size) throw new Error(`ends after ${done} of ${m.size} bytes`);
  } catch (e) {
    pass.end(m.key, false);
    reply({ op: "hashed", key: m.key, error: e.message });
    return;
  }
  pass.end(m.key, true);
  reply({ op: "hashed", key: m.key, sha256: h.digest("hex") });
});
function shareDocs(h, counter, batch, place) {
  const out = place ? openForPlacing(place.path) : void 0;
  const writes = out?.fd === void 0 ? void 0 : new PlacedWrites(out.fd);
  try {
    for (; ; ) {
      const start = Atomics.add(counter, 0, batch);
      if (start >= h.paths.length) return;
      const results = [];
      const placed = [];
      let writeError = out?.error;
      for (let k = start; k < Math.min(start + batch, h.paths.length); k++) {
        const path = h.paths[k];
        const diags = [];
        let bytes;
        try {
          bytes = readHandoff(h, k);
        } catch (e) {
          results.push({ k, error: e.message, diags });
          continue;
        }
        const r = { k, sha256: sha256Hex(bytes), doc: checkKnowledge(path, bytes, limits.maxDepth, diags), diags };
        results.push(r);
        if (writes && !writeError && place.at[k] >= 0 && bytes.length === place.sizes[k]) {
          try {
            r.crc32 = queueEntry(writes, place.at[k], Buffer.from(path, "utf8"), bytes);
            placed.push(r);
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
      if (writeError) for (const r of placed) {
        delete r.crc32;
        r.writeError = writeError;
      }
      reply({ op: "docs", results });
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
