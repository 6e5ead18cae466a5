import { createRequire as __ctxforgeRequire } from 'node:module';
const require = __ctxforgeRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/punycode.js/punycode.js
var require_punycode = __commonJS({
  "node_modules/punycode.js/punycode.js"(exports, module) {
    "use strict";
    var maxInt = 2147483647;
    var base = 36;
    var tMin = 1;
    var tMax = 26;
    var skew = 38;
    var damp = 700;
    var initialBias = 72;
    var initialN = 128;
    var delimiter = "-";
    var regexPunycode = /^xn--/;
    var regexNonASCII = /[^\0-\x7F]/;
    var regexSeparators = /[\x2E\u3002\uFF0E\uFF61]/g;
    var errors = {
      "overflow": "Overflow: input needs wider integers to process",
      "not-basic": "Illegal input >= 0x80 (not a basic code point)",
      "invalid-input": "Invalid input"
    };
    var baseMinusTMin = base - tMin;
    var floor = Math.floor;
    var stringFromCharCode = String.fromCharCode;
    function error2(type) {
      throw new RangeError(errors[type]);
    }
    function map(array, callback) {
      const result = [];
      let length = array.length;
      while (length--) {
        result[length] = callback(array[length]);
      }
      return result;
    }
    function mapDomain(domain, callback) {
      const parts = domain.split("@");
      let result = "";
      if (parts.length > 1) {
        result = parts[0] + "@";
        domain = parts[1];
      }
      domain = domain.replace(regexSeparators, ".");
      const labels = domain.split(".");
      const encoded = map(labels, callback).join(".");
      return result + encoded;
    }
    function ucs2decode(string) {
      const output = [];
      let counter = 0;
      const length = string.length;
      while (counter < length) {
        const value = string.charCodeAt(counter++);
        if (value >= 55296 && value <= 56319 && counter < length) {
          const extra = string.charCodeAt(counter++);
          if ((extra & 64512) == 56320) {
            output.push(((value & 1023) << 10) + (extra & 1023) + 65536);
          } else {
            output.push(value);
            counter--;
          }
        } else {
          output.push(value);
        }
      }
      return output;
    }
    var ucs2encode = (codePoints) => String.fromCodePoint(...codePoints);
    var basicToDigit = function(codePoint) {
      if (codePoint >= 48 && codePoint < 58) {
        return 26 + (codePoint - 48);
      }
      if (codePoint >= 65 && codePoint < 91) {
        return codePoint - 65;
      }
      if (codePoint >= 97 && codePoint < 123) {
        return codePoint - 97;
      }
      return base;
    };
    var digitToBasic = function(digit, flag) {
      return digit + 22 + 75 * (digit < 26) - ((flag != 0) << 5);
    };
    var adapt = function(delta, numPoints, firstTime) {
      let k = 0;
      delta = firstTime ? floor(delta / damp) : delta >> 1;
      delta += floor(delta / numPoints);
      for (; delta > baseMinusTMin * tMax >> 1; k += base) {
        delta = floor(delta / baseMinusTMin);
      }
      return floor(k + (baseMinusTMin + 1) * delta / (delta + skew));
    };
    var decode3 = function(input) {
      const output = [];
      const inputLength = input.length;
      let i = 0;
      let n = initialN;
      let bias = initialBias;
      let basic = input.lastIndexOf(delimiter);
      if (basic < 0) {
        basic = 0;
      }
      for (let j = 0; j < basic; ++j) {
        if (input.charCodeAt(j) >= 128) {
          error2("not-basic");
        }
        output.push(input.charCodeAt(j));
      }
      for (let index = basic > 0 ? basic + 1 : 0; index < inputLength; ) {
        const oldi = i;
        for (let w = 1, k = base; ; k += base) {
          if (index >= inputLength) {
            error2("invalid-input");
          }
          const digit = basicToDigit(input.charCodeAt(index++));
          if (digit >= base) {
            error2("invalid-input");
          }
          if (digit > floor((maxInt - i) / w)) {
            error2("overflow");
          }
          i += digit * w;
          const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
          if (digit < t) {
            break;
          }
          const baseMinusT = base - t;
          if (w > floor(maxInt / baseMinusT)) {
            error2("overflow");
          }
          w *= baseMinusT;
        }
        const out = output.length + 1;
        bias = adapt(i - oldi, out, oldi == 0);
        if (floor(i / out) > maxInt - n) {
          error2("overflow");
        }
        n += floor(i / out);
        i %= out;
        output.splice(i++, 0, n);
      }
      return String.fromCodePoint(...output);
    };
    var encode2 = function(input) {
      const output = [];
      input = ucs2decode(input);
      const inputLength = input.length;
      let n = initialN;
      let delta = 0;
      let bias = initialBias;
      for (const currentValue of input) {
        if (currentValue < 128) {
          output.push(stringFromCharCode(currentValue));
        }
      }
      const basicLength = output.length;
      let handledCPCount = basicLength;
      if (basicLength) {
        output.push(delimiter);
      }
      while (handledCPCount < inputLength) {
        let m = maxInt;
        for (const currentValue of input) {
          if (currentValue >= n && currentValue < m) {
            m = currentValue;
          }
        }
        const handledCPCountPlusOne = handledCPCount + 1;
        if (m - n > floor((maxInt - delta) / handledCPCountPlusOne)) {
          error2("overflow");
        }
        delta += (m - n) * handledCPCountPlusOne;
        n = m;
        for (const currentValue of input) {
          if (currentValue < n && ++delta > maxInt) {
            error2("overflow");
          }
          if (currentValue === n) {
            let q = delta;
            for (let k = base; ; k += base) {
              const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
              if (q < t) {
                break;
              }
              const qMinusT = q - t;
              const baseMinusT = base - t;
              output.push(
                stringFromCharCode(digitToBasic(t + qMinusT % baseMinusT, 0))
              );
              q = floor(qMinusT / baseMinusT);
            }
            output.push(stringFromCharCode(digitToBasic(q, 0)));
            bias = adapt(delta, handledCPCountPlusOne, handledCPCount === basicLength);
            delta = 0;
            ++handledCPCount;
          }
        }
        ++delta;
        ++n;
      }
      return output.join("");
    };
    var toUnicode = function(input) {
      return mapDomain(input, function(string) {
        return regexPunycode.test(string) ? decode3(string.slice(4).toLowerCase()) : string;
      });
    };
    var toASCII = function(input) {
      return mapDomain(input, function(string) {
        return regexNonASCII.test(string) ? "xn--" + encode2(string) : string;
      });
    };
    var punycode2 = {
      /**
       * A string representing the current Punycode.js version number.
       * @memberOf punycode
       * @type String
       */
      "version": "2.3.1",
      /**
       * An object of methods to convert from JavaScript's internal character
       * representation (UCS-2) to Unicode code points, and back.
       * @see <https://mathiasbynens.be/notes/javascript-encoding>
       * @memberOf punycode
       * @type Object
       */
      "ucs2": {
        "decode": ucs2decode,
        "encode": ucs2encode
      },
      "decode": decode3,
      "encode": encode2,
      "toASCII": toASCII,
      "toUnicode": toUnicode
    };
    module.exports = punycode2;
  }
});

// src/octx/record-worker.ts
import { createHash as createHash2 } from "node:crypto";
import { crc32 as crc322 } from "node:zlib";
import { closeSync as closeSync2, constants as constants2, openSync as openSync2 } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";

// src/octx/jsonl.ts
import { isUtf8 as isUtf82 } from "node:buffer";

// src/core/diagnostics.ts
function error(code2, message, loc = {}) {
  return clean({ severity: "error", code: code2, message, ...loc });
}
function warning(code2, message, loc = {}) {
  return clean({ severity: "warning", code: code2, message, ...loc });
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
function stripBom(text2) {
  return text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
}

// src/core/strict-json.ts
var JsonSyntaxError = class extends Error {
  code;
  offset;
  line;
  column;
  constructor(code2, message, text2, offset) {
    const { line, column } = lineColumn(text2, offset);
    super(`${message} at line ${line}, column ${column}`);
    this.name = "JsonSyntaxError";
    this.code = code2;
    this.offset = offset;
    this.line = line;
    this.column = column;
    this.reason = message;
  }
  reason;
};
function lineColumn(text2, offset) {
  let line = 1;
  let last = -1;
  for (let i = text2.indexOf("\n"); i !== -1 && i < offset; i = text2.indexOf("\n", i + 1)) {
    line++;
    last = i;
  }
  return { line, column: offset - last };
}
function parseJson(text2, options = {}) {
  if (!options.number) {
    const quick = parseFast(text2, options.maxDepth ?? 100);
    if (quick) return quick.value;
  }
  return parseJsonStrict(text2, options);
}
function parseJsonStrict(text2, options = {}) {
  return new Parser(text2, options, false).parseDocument().value;
}
function keyTokens(text2) {
  let n = 0;
  for (let i = text2.indexOf(":"); i !== -1; i = text2.indexOf(":", i + 1)) {
    let q = i - 1;
    let spaced = false;
    while (q >= 0 && isSpace(text2.charCodeAt(q))) {
      q--;
      spaced = true;
    }
    if (q < 0 || text2.charCodeAt(q) !== 34) continue;
    let b = 0;
    while (q - 1 - b >= 0 && text2.charCodeAt(q - 1 - b) === 92) b++;
    if (b % 2 === 1) continue;
    if (spaced) return -1;
    n++;
  }
  return n;
}
var isSpace = (c) => c === 32 || c === 9 || c === 10 || c === 13;
function parseFast(text2, maxDepth) {
  let value;
  try {
    value = JSON.parse(text2);
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
  return keyTokens(text2) === keys ? { value } : void 0;
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
  fail(message, code2 = "JSON_INVALID", at = this.i) {
    throw new JsonSyntaxError(code2, message, this.s, at);
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
  push(block2) {
    let start = 0;
    let nl = block2.indexOf(10);
    if (nl >= 0 && this.carryLen > 0) {
      this.add(block2.subarray(0, nl));
      this.flushCarry();
      start = nl + 1;
      nl = block2.indexOf(10, start);
    }
    if (nl >= 0) {
      const last = block2.lastIndexOf(10);
      const valid = isUtf82(block2.subarray(start, last));
      while (nl >= 0) {
        this.emit(block2, start, nl, valid);
        start = nl + 1;
        nl = block2.indexOf(10, start);
      }
    }
    if (start < block2.length) this.add(block2.subarray(start));
  }
  /** The last line, when the file does not end with a newline. */
  end() {
    if (this.carryLen > 0) this.flushCarry();
  }
  emit(block2, start, end, valid) {
    this.line++;
    const stop = end > start && block2[end - 1] === 13 ? end - 1 : end;
    let text2;
    if (stop - start <= this.maxBytes) text2 = valid ? block2.toString("utf8", start, stop) : decodeLine(block2.subarray(start, stop));
    this.onLine(this.line, stop - start, text2);
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
    let text2;
    if (length <= this.maxBytes) text2 = decodeLine(Buffer.concat(this.carry).subarray(0, length));
    this.carry = [];
    this.carryLen = 0;
    this.lastByte = -1;
    this.onLine(this.line, length, text2);
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
  push(block2) {
    if (this.bom || !block2.length) return;
    if (this.head) {
      block2 = this.head.length ? Buffer.concat([this.head, block2]) : block2;
      if (block2.length < 3) {
        this.head = block2;
        return;
      }
      this.head = void 0;
      if (hasBom(block2)) {
        this.bom = true;
        this.fail(error("OCTX_JSON_INVALID", `${this.file} must not contain a UTF-8 BOM`, { file: this.file, line: 1 }));
        return;
      }
    }
    this.lines.push(block2);
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
  const text2 = Buffer.from(values.buffer, values.byteOffset, values.byteLength).toString("latin1");
  return (i) => text2.slice(offsets[i], offsets[i + 1]);
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
  { code: "CTXFORGE_OUTPUT_EXISTS", format: "core", summary: "The output already exists with other content." },
  { code: "CTXFORGE_KEY_INVALID", format: "core", summary: "A signing or verification key could not be read." },
  { code: "CTXFORGE_KEY_PERMISSIONS", format: "core", summary: "A private key file is readable by other users." },
  { code: "CTXFORGE_SECRET_FOUND", format: "core", summary: "A credential-shaped string was found in content about to be packaged." }
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
  constructor(message, path) {
    super(message);
    this.path = path;
    this.name = "TreeReadError";
  }
  path;
};
function readRegularFile(abs, label) {
  return withRegularFile(abs, label, (fd, size) => {
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
    const code2 = e.code;
    throw new TreeReadError(code2 === "ENOENT" ? `${label}: no such file` : code2 === "ELOOP" ? `${label}: not a regular file` : `${label}: ${e.message}`, label);
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
      const run3 = [];
      let end = at;
      while (i < pieces.length && pieces[i].at === end) {
        run3.push(pieces[i].bytes);
        end += pieces[i].bytes.length;
        i++;
      }
      writeAllAt(this.fd, run3, at);
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
var READ_BACK_HERE_UP_TO = 16 * 1024 * 1024;
var MAX_SIZE = 2 ** 53 - 1;

// src/core/hash.ts
import { createHash } from "node:crypto";
function sha256Hex(data) {
  return createHash("sha256").update(data).digest("hex");
}

// src/core/steps.ts
var NO_STEPS = () => {
};

// src/core/yaml-flat.ts
var KEY = /^[A-Za-z][A-Za-z0-9_-]*$/;
var STRING = /^[A-Za-z](?:[A-Za-z0-9 .,;()/_+'-]*[A-Za-z0-9.,;()/_+-])?$/;
var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
var WORD = /^(?:null|Null|NULL|true|True|TRUE|false|False|FALSE)$/;
var own = (s) => Buffer.from(s, "latin1").toString("latin1");
function scalar(s) {
  if (UUID.test(s)) return own(s);
  return STRING.test(s) && !WORD.test(s) ? own(s) : void 0;
}
function parseFlatYaml(text2) {
  if (text2.length > 4096 || text2.includes("\r") || text2.includes("	")) return void 0;
  const lines = text2.split("\n");
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
    let list2;
    let map;
    for (; i < lines.length && lines[i].startsWith("  "); i++) {
      const s = lines[i];
      if (s.startsWith("  - ")) {
        if (map) return void 0;
        const v2 = scalar(s.slice(4));
        if (v2 === void 0) return void 0;
        (list2 ??= []).push(v2);
        continue;
      }
      if (list2) return void 0;
      const c = s.indexOf(":");
      const k = c > 2 ? s.slice(2, c) : "";
      if (!KEY.test(k) || WORD.test(k) || s.charCodeAt(c + 1) !== 32) return void 0;
      map ??= {};
      if (Object.prototype.hasOwnProperty.call(map, k)) return void 0;
      const v = scalar(s.slice(c + 2));
      if (v === void 0) return void 0;
      map[k] = v;
    }
    if (!list2 && !map) return void 0;
    out[key] = list2 ?? map;
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
function tryFast(text2, opts, maxDepth) {
  if (NEEDS_REFERENCE.test(text2)) return void 0;
  if (maxDepth >= 3) {
    const flat = parseFlatYaml(text2);
    if (flat) return { value: flat };
  }
  const p = fastParser();
  try {
    const value = p.load(text2, { schema: p.schemas.get(opts.intAsBigInt ?? false), json: false, maxDepth });
    return { value: value === void 0 ? null : value };
  } catch {
    return void 0;
  }
}
function parseYamlSafe(text2, opts = {}) {
  const maxDepth = opts.maxDepth ?? 100;
  const quick = tryFast(text2, opts, maxDepth);
  if (quick) return quick.value;
  return parseReference(text2, opts, maxDepth);
}
function parseReference(text2, opts = {}, maxDepth = opts.maxDepth ?? 100) {
  const { parseDocument, isScalar, visit } = reference();
  const lineOffset = opts.lineOffset ?? 0;
  const doc = parseDocument(text2, { uniqueKeys: true, merge: false, strict: true, schema: "core", prettyErrors: false, intAsBigInt: opts.intAsBigInt ?? false });
  doc._src = text2;
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
function isClosingFence(text2, from, to) {
  if (to - from < 3) return false;
  const head = text2.slice(from, from + 3);
  if (head !== "---" && head !== "...") return false;
  for (let i = from + 3; i < to; i++) {
    const c = text2.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}
function splitFrontmatter(text2, steps = NO_STEPS) {
  let i = 3;
  steps(3);
  if (!text2.startsWith("---")) return { yaml: "", yamlLine: 1, body: text2, bodyLine: 1, present: false };
  while (text2.charCodeAt(i) === 32 || text2.charCodeAt(i) === 9) i++;
  if (text2.charCodeAt(i) === 13) i++;
  steps(i - 2);
  if (text2.charCodeAt(i) !== 10) return { yaml: "", yamlLine: 1, body: text2, bodyLine: 1, present: false };
  const start = i + 1;
  let lines = 0;
  for (let from = start; from <= text2.length; ) {
    const nl = text2.indexOf("\n", from);
    const end = nl < 0 ? text2.length : nl;
    steps(end - from + 1);
    const contentEnd = nl >= 0 && text2.charCodeAt(end - 1) === 13 ? end - 1 : end;
    if (isClosingFence(text2, from, contentEnd)) {
      const after = nl < 0 ? text2.length : nl + 1;
      return { yaml: text2.slice(start, from), yamlLine: 2, body: text2.slice(after), bodyLine: 2 + lines + 1, present: true };
    }
    if (nl < 0) break;
    lines++;
    from = nl + 1;
  }
  return { yaml: "", yamlLine: 2, body: text2, bodyLine: 1, present: false };
}

// node_modules/mdurl/index.mjs
var mdurl_exports = {};
__export(mdurl_exports, {
  decode: () => decode_default,
  encode: () => encode_default,
  format: () => format,
  parse: () => parse_default
});

// node_modules/mdurl/lib/decode.mjs
var decodeCache = {};
function getDecodeCache(exclude) {
  let cache = decodeCache[exclude];
  if (cache) {
    return cache;
  }
  cache = decodeCache[exclude] = [];
  for (let i = 0; i < 128; i++) {
    const ch = String.fromCharCode(i);
    cache.push(ch);
  }
  for (let i = 0; i < exclude.length; i++) {
    const ch = exclude.charCodeAt(i);
    cache[ch] = "%" + ("0" + ch.toString(16).toUpperCase()).slice(-2);
  }
  return cache;
}
function decode(string, exclude) {
  if (typeof exclude !== "string") {
    exclude = decode.defaultChars;
  }
  const cache = getDecodeCache(exclude);
  return string.replace(/(%[a-f0-9]{2})+/gi, function(seq) {
    let result = "";
    for (let i = 0, l = seq.length; i < l; i += 3) {
      const b1 = parseInt(seq.slice(i + 1, i + 3), 16);
      if (b1 < 128) {
        result += cache[b1];
        continue;
      }
      if ((b1 & 224) === 192 && i + 3 < l) {
        const b2 = parseInt(seq.slice(i + 4, i + 6), 16);
        if ((b2 & 192) === 128) {
          const chr = b1 << 6 & 1984 | b2 & 63;
          if (chr < 128) {
            result += "��";
          } else {
            result += String.fromCharCode(chr);
          }
          i += 3;
          continue;
        }
      }
      if ((b1 & 240) === 224 && i + 6 < l) {
        const b2 = parseInt(seq.slice(i + 4, i + 6), 16);
        const b3 = parseInt(seq.slice(i + 7, i + 9), 16);
        if ((b2 & 192) === 128 && (b3 & 192) === 128) {
          const chr = b1 << 12 & 61440 | b2 << 6 & 4032 | b3 & 63;
          if (chr < 2048 || chr >= 55296 && chr <= 57343) {
            result += "���";
          } else {
            result += String.fromCharCode(chr);
          }
          i += 6;
          continue;
        }
      }
      if ((b1 & 248) === 240 && i + 9 < l) {
        const b2 = parseInt(seq.slice(i + 4, i + 6), 16);
        const b3 = parseInt(seq.slice(i + 7, i + 9), 16);
        const b4 = parseInt(seq.slice(i + 10, i + 12), 16);
        if ((b2 & 192) === 128 && (b3 & 192) === 128 && (b4 & 192) === 128) {
          let chr = b1 << 18 & 1835008 | b2 << 12 & 258048 | b3 << 6 & 4032 | b4 & 63;
          if (chr < 65536 || chr > 1114111) {
            result += "����";
          } else {
            chr -= 65536;
            result += String.fromCharCode(55296 + (chr >> 10), 56320 + (chr & 1023));
          }
          i += 9;
          continue;
        }
      }
      result += "�";
    }
    return result;
  });
}
decode.defaultChars = ";/?:@&=+$,#";
decode.componentChars = "";
var decode_default = decode;

// node_modules/mdurl/lib/encode.mjs
var encodeCache = {};
function getEncodeCache(exclude) {
  let cache = encodeCache[exclude];
  if (cache) {
    return cache;
  }
  cache = encodeCache[exclude] = [];
  for (let i = 0; i < 128; i++) {
    const ch = String.fromCharCode(i);
    if (/^[0-9a-z]$/i.test(ch)) {
      cache.push(ch);
    } else {
      cache.push("%" + ("0" + i.toString(16).toUpperCase()).slice(-2));
    }
  }
  for (let i = 0; i < exclude.length; i++) {
    cache[exclude.charCodeAt(i)] = exclude[i];
  }
  return cache;
}
function encode(string, exclude, keepEscaped) {
  if (typeof exclude !== "string") {
    keepEscaped = exclude;
    exclude = encode.defaultChars;
  }
  if (typeof keepEscaped === "undefined") {
    keepEscaped = true;
  }
  const cache = getEncodeCache(exclude);
  let result = "";
  for (let i = 0, l = string.length; i < l; i++) {
    const code2 = string.charCodeAt(i);
    if (keepEscaped && code2 === 37 && i + 2 < l) {
      if (/^[0-9a-f]{2}$/i.test(string.slice(i + 1, i + 3))) {
        result += string.slice(i, i + 3);
        i += 2;
        continue;
      }
    }
    if (code2 < 128) {
      result += cache[code2];
      continue;
    }
    if (code2 >= 55296 && code2 <= 57343) {
      if (code2 >= 55296 && code2 <= 56319 && i + 1 < l) {
        const nextCode = string.charCodeAt(i + 1);
        if (nextCode >= 56320 && nextCode <= 57343) {
          result += encodeURIComponent(string[i] + string[i + 1]);
          i++;
          continue;
        }
      }
      result += "%EF%BF%BD";
      continue;
    }
    result += encodeURIComponent(string[i]);
  }
  return result;
}
encode.defaultChars = ";/?:@&=+$,-_.!~*'()#";
encode.componentChars = "-_.!~*'()";
var encode_default = encode;

// node_modules/mdurl/lib/format.mjs
function format(url) {
  let result = "";
  result += url.protocol || "";
  result += url.slashes ? "//" : "";
  result += url.auth ? url.auth + "@" : "";
  if (url.hostname && url.hostname.indexOf(":") !== -1) {
    result += "[" + url.hostname + "]";
  } else {
    result += url.hostname || "";
  }
  result += url.port ? ":" + url.port : "";
  result += url.pathname || "";
  result += url.search || "";
  result += url.hash || "";
  return result;
}

// node_modules/mdurl/lib/parse.mjs
function Url() {
  this.protocol = null;
  this.slashes = null;
  this.auth = null;
  this.port = null;
  this.hostname = null;
  this.hash = null;
  this.search = null;
  this.pathname = null;
}
var protocolPattern = /^([a-z0-9.+-]+:)/i;
var portPattern = /:[0-9]*$/;
var simplePathPattern = /^(\/\/?(?!\/)[^\?\s]*)(\?[^\s]*)?$/;
var delims = ["<", ">", '"', "`", " ", "\r", "\n", "	"];
var unwise = ["{", "}", "|", "\\", "^", "`"].concat(delims);
var autoEscape = ["'"].concat(unwise);
var nonHostChars = ["%", "/", "?", ";", "#"].concat(autoEscape);
var hostEndingChars = ["/", "?", "#"];
var hostnameMaxLen = 255;
var hostnamePartPattern = /^[+a-z0-9A-Z_-]{0,63}$/;
var hostnamePartStart = /^([+a-z0-9A-Z_-]{0,63})(.*)$/;
var hostlessProtocol = {
  javascript: true,
  "javascript:": true
};
var slashedProtocol = {
  http: true,
  https: true,
  ftp: true,
  gopher: true,
  file: true,
  "http:": true,
  "https:": true,
  "ftp:": true,
  "gopher:": true,
  "file:": true
};
function urlParse(url, slashesDenoteHost) {
  if (url && url instanceof Url) return url;
  const u = new Url();
  u.parse(url, slashesDenoteHost);
  return u;
}
Url.prototype.parse = function(url, slashesDenoteHost) {
  let lowerProto, hec, slashes;
  let rest = url;
  rest = rest.trim();
  if (!slashesDenoteHost && url.split("#").length === 1) {
    const simplePath = simplePathPattern.exec(rest);
    if (simplePath) {
      this.pathname = simplePath[1];
      if (simplePath[2]) {
        this.search = simplePath[2];
      }
      return this;
    }
  }
  let proto = protocolPattern.exec(rest);
  if (proto) {
    proto = proto[0];
    lowerProto = proto.toLowerCase();
    this.protocol = proto;
    rest = rest.substr(proto.length);
  }
  if (slashesDenoteHost || proto || rest.match(/^\/\/[^@\/]+@[^@\/]+/)) {
    slashes = rest.substr(0, 2) === "//";
    if (slashes && !(proto && hostlessProtocol[proto])) {
      rest = rest.substr(2);
      this.slashes = true;
    }
  }
  if (!hostlessProtocol[proto] && (slashes || proto && !slashedProtocol[proto])) {
    let hostEnd = -1;
    for (let i = 0; i < hostEndingChars.length; i++) {
      hec = rest.indexOf(hostEndingChars[i]);
      if (hec !== -1 && (hostEnd === -1 || hec < hostEnd)) {
        hostEnd = hec;
      }
    }
    let auth, atSign;
    if (hostEnd === -1) {
      atSign = rest.lastIndexOf("@");
    } else {
      atSign = rest.lastIndexOf("@", hostEnd);
    }
    if (atSign !== -1) {
      auth = rest.slice(0, atSign);
      rest = rest.slice(atSign + 1);
      this.auth = auth;
    }
    hostEnd = -1;
    for (let i = 0; i < nonHostChars.length; i++) {
      hec = rest.indexOf(nonHostChars[i]);
      if (hec !== -1 && (hostEnd === -1 || hec < hostEnd)) {
        hostEnd = hec;
      }
    }
    if (hostEnd === -1) {
      hostEnd = rest.length;
    }
    if (rest[hostEnd - 1] === ":") {
      hostEnd--;
    }
    const host = rest.slice(0, hostEnd);
    rest = rest.slice(hostEnd);
    this.parseHost(host);
    this.hostname = this.hostname || "";
    const ipv6Hostname = this.hostname[0] === "[" && this.hostname[this.hostname.length - 1] === "]";
    if (!ipv6Hostname) {
      const hostparts = this.hostname.split(/\./);
      for (let i = 0, l = hostparts.length; i < l; i++) {
        const part = hostparts[i];
        if (!part) {
          continue;
        }
        if (!part.match(hostnamePartPattern)) {
          let newpart = "";
          for (let j = 0, k = part.length; j < k; j++) {
            if (part.charCodeAt(j) > 127) {
              newpart += "x";
            } else {
              newpart += part[j];
            }
          }
          if (!newpart.match(hostnamePartPattern)) {
            const validParts = hostparts.slice(0, i);
            const notHost = hostparts.slice(i + 1);
            const bit = part.match(hostnamePartStart);
            if (bit) {
              validParts.push(bit[1]);
              notHost.unshift(bit[2]);
            }
            if (notHost.length) {
              rest = notHost.join(".") + rest;
            }
            this.hostname = validParts.join(".");
            break;
          }
        }
      }
    }
    if (this.hostname.length > hostnameMaxLen) {
      this.hostname = "";
    }
    if (ipv6Hostname) {
      this.hostname = this.hostname.substr(1, this.hostname.length - 2);
    }
  }
  const hash = rest.indexOf("#");
  if (hash !== -1) {
    this.hash = rest.substr(hash);
    rest = rest.slice(0, hash);
  }
  const qm = rest.indexOf("?");
  if (qm !== -1) {
    this.search = rest.substr(qm);
    rest = rest.slice(0, qm);
  }
  if (rest) {
    this.pathname = rest;
  }
  if (slashedProtocol[lowerProto] && this.hostname && !this.pathname) {
    this.pathname = "";
  }
  return this;
};
Url.prototype.parseHost = function(host) {
  let port = portPattern.exec(host);
  if (port) {
    port = port[0];
    if (port !== ":") {
      this.port = port.substr(1);
    }
    host = host.substr(0, host.length - port.length);
  }
  if (host) {
    this.hostname = host;
  }
};
var parse_default = urlParse;

// node_modules/uc.micro/build/index.mjs
var build_exports = {};
__export(build_exports, {
  Any: () => Any,
  Cc: () => Cc,
  Cf: () => Cf,
  P: () => P,
  S: () => S2,
  Z: () => Z
});
var Any = /[\0-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
var Cc = /[\0-\x1F\x7F-\x9F]/;
var Cf = /[\xAD\u0600-\u0605\u061C\u06DD\u070F\u0890\u0891\u08E2\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]|\uD804[\uDCBD\uDCCD]|\uD80D[\uDC30-\uDC3F]|\uD82F[\uDCA0-\uDCA3]|\uD834[\uDD73-\uDD7A]|\uDB40[\uDC01\uDC20-\uDC7F]/;
var P = /[!-#%-\*,-\/:;\?@\[-\]_\{\}\xA1\xA7\xAB\xB6\xB7\xBB\xBF\u037E\u0387\u055A-\u055F\u0589\u058A\u05BE\u05C0\u05C3\u05C6\u05F3\u05F4\u0609\u060A\u060C\u060D\u061B\u061D-\u061F\u066A-\u066D\u06D4\u0700-\u070D\u07F7-\u07F9\u0830-\u083E\u085E\u0964\u0965\u0970\u09FD\u0A76\u0AF0\u0C77\u0C84\u0DF4\u0E4F\u0E5A\u0E5B\u0F04-\u0F12\u0F14\u0F3A-\u0F3D\u0F85\u0FD0-\u0FD4\u0FD9\u0FDA\u104A-\u104F\u10FB\u1360-\u1368\u1400\u166E\u169B\u169C\u16EB-\u16ED\u1735\u1736\u17D4-\u17D6\u17D8-\u17DA\u1800-\u180A\u1944\u1945\u1A1E\u1A1F\u1AA0-\u1AA6\u1AA8-\u1AAD\u1B4E\u1B4F\u1B5A-\u1B60\u1B7D-\u1B7F\u1BFC-\u1BFF\u1C3B-\u1C3F\u1C7E\u1C7F\u1CC0-\u1CC7\u1CD3\u2010-\u2027\u2030-\u2043\u2045-\u2051\u2053-\u205E\u207D\u207E\u208D\u208E\u2308-\u230B\u2329\u232A\u2768-\u2775\u27C5\u27C6\u27E6-\u27EF\u2983-\u2998\u29D8-\u29DB\u29FC\u29FD\u2CF9-\u2CFC\u2CFE\u2CFF\u2D70\u2E00-\u2E2E\u2E30-\u2E4F\u2E52-\u2E5D\u3001-\u3003\u3008-\u3011\u3014-\u301F\u3030\u303D\u30A0\u30FB\uA4FE\uA4FF\uA60D-\uA60F\uA673\uA67E\uA6F2-\uA6F7\uA874-\uA877\uA8CE\uA8CF\uA8F8-\uA8FA\uA8FC\uA92E\uA92F\uA95F\uA9C1-\uA9CD\uA9DE\uA9DF\uAA5C-\uAA5F\uAADE\uAADF\uAAF0\uAAF1\uABEB\uFD3E\uFD3F\uFE10-\uFE19\uFE30-\uFE52\uFE54-\uFE61\uFE63\uFE68\uFE6A\uFE6B\uFF01-\uFF03\uFF05-\uFF0A\uFF0C-\uFF0F\uFF1A\uFF1B\uFF1F\uFF20\uFF3B-\uFF3D\uFF3F\uFF5B\uFF5D\uFF5F-\uFF65]|\uD800[\uDD00-\uDD02\uDF9F\uDFD0]|\uD801\uDD6F|\uD802[\uDC57\uDD1F\uDD3F\uDE50-\uDE58\uDE7F\uDEF0-\uDEF6\uDF39-\uDF3F\uDF99-\uDF9C]|\uD803[\uDD6E\uDEAD\uDED0\uDF55-\uDF59\uDF86-\uDF89]|\uD804[\uDC47-\uDC4D\uDCBB\uDCBC\uDCBE-\uDCC1\uDD40-\uDD43\uDD74\uDD75\uDDC5-\uDDC8\uDDCD\uDDDB\uDDDD-\uDDDF\uDE38-\uDE3D\uDEA9\uDFD4\uDFD5\uDFD7\uDFD8]|\uD805[\uDC4B-\uDC4F\uDC5A\uDC5B\uDC5D\uDCC6\uDDC1-\uDDD7\uDE41-\uDE43\uDE60-\uDE6C\uDEB9\uDF3C-\uDF3E]|\uD806[\uDC3B\uDD44-\uDD46\uDDE2\uDE3F-\uDE46\uDE9A-\uDE9C\uDE9E-\uDEA2\uDF00-\uDF09\uDFE1]|\uD807[\uDC41-\uDC45\uDC70\uDC71\uDEF7\uDEF8\uDF43-\uDF4F\uDFFF]|\uD809[\uDC70-\uDC74]|\uD80B[\uDFF1\uDFF2]|\uD81A[\uDE6E\uDE6F\uDEF5\uDF37-\uDF3B\uDF44]|\uD81B[\uDD6D-\uDD6F\uDE97-\uDE9A\uDFE2]|\uD82F\uDC9F|\uD836[\uDE87-\uDE8B]|\uD839\uDDFF|\uD83A[\uDD5E\uDD5F]/;
var S2 = /[\$\+<->\^`\|~\xA2-\xA6\xA8\xA9\xAC\xAE-\xB1\xB4\xB8\xD7\xF7\u02C2-\u02C5\u02D2-\u02DF\u02E5-\u02EB\u02ED\u02EF-\u02FF\u0375\u0384\u0385\u03F6\u0482\u058D-\u058F\u0606-\u0608\u060B\u060E\u060F\u06DE\u06E9\u06FD\u06FE\u07F6\u07FE\u07FF\u0888\u09F2\u09F3\u09FA\u09FB\u0AF1\u0B70\u0BF3-\u0BFA\u0C7F\u0D4F\u0D79\u0E3F\u0F01-\u0F03\u0F13\u0F15-\u0F17\u0F1A-\u0F1F\u0F34\u0F36\u0F38\u0FBE-\u0FC5\u0FC7-\u0FCC\u0FCE\u0FCF\u0FD5-\u0FD8\u109E\u109F\u1390-\u1399\u166D\u17DB\u1940\u19DE-\u19FF\u1B61-\u1B6A\u1B74-\u1B7C\u1FBD\u1FBF-\u1FC1\u1FCD-\u1FCF\u1FDD-\u1FDF\u1FED-\u1FEF\u1FFD\u1FFE\u2044\u2052\u207A-\u207C\u208A-\u208C\u20A0-\u20C1\u2100\u2101\u2103-\u2106\u2108\u2109\u2114\u2116-\u2118\u211E-\u2123\u2125\u2127\u2129\u212E\u213A\u213B\u2140-\u2144\u214A-\u214D\u214F\u218A\u218B\u2190-\u2307\u230C-\u2328\u232B-\u2429\u2440-\u244A\u249C-\u24E9\u2500-\u2767\u2794-\u27C4\u27C7-\u27E5\u27F0-\u2982\u2999-\u29D7\u29DC-\u29FB\u29FE-\u2B73\u2B76-\u2BFF\u2CE5-\u2CEA\u2E50\u2E51\u2E80-\u2E99\u2E9B-\u2EF3\u2F00-\u2FD5\u2FF0-\u2FFF\u3004\u3012\u3013\u3020\u3036\u3037\u303E\u303F\u309B\u309C\u3190\u3191\u3196-\u319F\u31C0-\u31E5\u31EF\u3200-\u321E\u322A-\u3247\u3250\u3260-\u327F\u328A-\u32B0\u32C0-\u33FF\u4DC0-\u4DFF\uA490-\uA4C6\uA700-\uA716\uA720\uA721\uA789\uA78A\uA828-\uA82B\uA836-\uA839\uAA77-\uAA79\uAB5B\uAB6A\uAB6B\uFB29\uFBB2-\uFBD2\uFD40-\uFD4F\uFD90\uFD91\uFDC8-\uFDCF\uFDFC-\uFDFF\uFE62\uFE64-\uFE66\uFE69\uFF04\uFF0B\uFF1C-\uFF1E\uFF3E\uFF40\uFF5C\uFF5E\uFFE0-\uFFE6\uFFE8-\uFFEE\uFFFC\uFFFD]|\uD800[\uDD37-\uDD3F\uDD79-\uDD89\uDD8C-\uDD8E\uDD90-\uDD9C\uDDA0\uDDD0-\uDDFC]|\uD802[\uDC77\uDC78\uDEC8]|\uD803[\uDD8E\uDD8F\uDED1-\uDED8]|\uD805\uDF3F|\uD807[\uDFD5-\uDFF1]|\uD81A[\uDF3C-\uDF3F\uDF45]|\uD82F\uDC9C|\uD833[\uDC00-\uDCEF\uDCFA-\uDCFC\uDD00-\uDEB3\uDEBA-\uDED0\uDEE0-\uDEF0\uDF50-\uDFC3]|\uD834[\uDC00-\uDCF5\uDD00-\uDD26\uDD29-\uDD64\uDD6A-\uDD6C\uDD83\uDD84\uDD8C-\uDDA9\uDDAE-\uDDEA\uDE00-\uDE41\uDE45\uDF00-\uDF56]|\uD835[\uDEC1\uDEDB\uDEFB\uDF15\uDF35\uDF4F\uDF6F\uDF89\uDFA9\uDFC3]|\uD836[\uDC00-\uDDFF\uDE37-\uDE3A\uDE6D-\uDE74\uDE76-\uDE83\uDE85\uDE86]|\uD838[\uDD4F\uDEFF]|\uD83B[\uDCAC\uDCB0\uDD2E\uDEF0\uDEF1]|\uD83C[\uDC00-\uDC2B\uDC30-\uDC93\uDCA0-\uDCAE\uDCB1-\uDCBF\uDCC1-\uDCCF\uDCD1-\uDCF5\uDD0D-\uDDAD\uDDE6-\uDE02\uDE10-\uDE3B\uDE40-\uDE48\uDE50\uDE51\uDE60-\uDE65\uDF00-\uDFFF]|\uD83D[\uDC00-\uDED8\uDEDC-\uDEEC\uDEF0-\uDEFC\uDF00-\uDFD9\uDFE0-\uDFEB\uDFF0]|\uD83E[\uDC00-\uDC0B\uDC10-\uDC47\uDC50-\uDC59\uDC60-\uDC87\uDC90-\uDCAD\uDCB0-\uDCBB\uDCC0\uDCC1\uDCD0-\uDCD8\uDD00-\uDE57\uDE60-\uDE6D\uDE70-\uDE7C\uDE80-\uDE8A\uDE8E-\uDEC6\uDEC8\uDECD-\uDEDC\uDEDF-\uDEEA\uDEEF-\uDEF8\uDF00-\uDF92\uDF94-\uDFEF\uDFFA]/;
var Z = /[ \xA0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/;

// node_modules/entities/dist/decode-codepoint.js
var c1 = [
  8364,
  0,
  8218,
  402,
  8222,
  8230,
  8224,
  8225,
  710,
  8240,
  352,
  8249,
  338,
  0,
  381,
  0,
  0,
  8216,
  8217,
  8220,
  8221,
  8226,
  8211,
  8212,
  732,
  8482,
  353,
  8250,
  339,
  0,
  382,
  376
];
function isInvalidCodePoint(codePoint) {
  return codePoint === 0 || codePoint >= 55296 && codePoint <= 57343 || codePoint > 1114111;
}
function replaceCodePoint(codePoint) {
  if (isInvalidCodePoint(codePoint)) {
    return 65533;
  }
  if (codePoint >= 128 && codePoint <= 159) {
    return c1[codePoint - 128] || codePoint;
  }
  return codePoint;
}
function codePointToString(codePoint) {
  return codePoint - 1 >>> 0 < 127 || codePoint - 160 >>> 0 < 55136 ? String.fromCharCode(codePoint) : String.fromCodePoint(replaceCodePoint(codePoint));
}

// node_modules/entities/dist/internal/decode-shared.js
var BASE91_INVERSE = /* @__PURE__ */ (() => {
  const table2 = new Uint8Array(127);
  let code2 = 0;
  for (let char = 33; char <= 126; char++) {
    if (char !== 34 && char !== 36 && char !== 92) {
      table2[char] = code2++;
    }
  }
  return table2;
})();
function decodeTrieDict(input, resultLength, atomCount, dict1AtomCount, ngramCount, dictSize) {
  const base = 91;
  const inputLength = input.length;
  const twoCharBias = dictSize * (base - 1);
  let pos = 0;
  const readSlotCode = () => {
    const c12 = BASE91_INVERSE[input.charCodeAt(pos++)];
    return c12 < dictSize ? c12 : c12 * base - twoCharBias + BASE91_INVERSE[input.charCodeAt(pos++)];
  };
  const dict2AtomCount = atomCount - dict1AtomCount;
  const slotCount = atomCount + ngramCount;
  const single = new Int32Array(slotCount);
  single.fill(-1, dict1AtomCount, dictSize);
  single.fill(-1, dictSize + dict2AtomCount, slotCount);
  const start = new Int32Array(slotCount);
  const length = new Int32Array(slotCount);
  function decodeDelta(count2, off) {
    let previous = 0;
    let slot = off;
    const end = off + count2;
    while (slot < end) {
      const code2 = BASE91_INVERSE[input.charCodeAt(pos++)];
      if (code2 < 89) {
        previous += code2;
        single[slot++] = previous;
      } else if (code2 === 89) {
        let runLength = BASE91_INVERSE[input.charCodeAt(pos++)] + 2;
        while (runLength--)
          single[slot++] = ++previous;
      } else {
        const next = BASE91_INVERSE[input.charCodeAt(pos++)];
        previous += 89 + // eslint-disable-next-line unicorn/prefer-minimal-ternary -- branches read a different number of side-effecting input bytes
        (next < 90 ? next * base + BASE91_INVERSE[input.charCodeAt(pos++)] : BASE91_INVERSE[input.charCodeAt(pos++)] * 8281 + BASE91_INVERSE[input.charCodeAt(pos++)] * base + BASE91_INVERSE[input.charCodeAt(pos++)]);
        single[slot++] = previous;
      }
    }
  }
  decodeDelta(dict1AtomCount, 0);
  decodeDelta(dict2AtomCount, dictSize);
  const references = new Int32Array(ngramCount * 2);
  let poolSize = 0;
  let ngramIndex = 0;
  function readNgramReferences(count2, startSlot) {
    for (let index = 0; index < count2; index++) {
      const slot = startSlot + index;
      const a = readSlotCode();
      const b = readSlotCode();
      references[ngramIndex * 2] = a;
      references[ngramIndex * 2 + 1] = b;
      ngramIndex += 1;
      start[slot] = poolSize;
      const entryLength = (single[a] < 0 ? length[a] : 1) + (single[b] < 0 ? length[b] : 1);
      length[slot] = entryLength;
      poolSize += entryLength;
    }
  }
  readNgramReferences(ngramCount - dictSize + dict1AtomCount, dictSize + dict2AtomCount);
  readNgramReferences(dictSize - dict1AtomCount, dict1AtomCount);
  const pool = new Uint16Array(poolSize);
  let write = 0;
  for (let index = 0; index < ngramIndex; index++) {
    for (let half = 0; half < 2; half++) {
      const source = references[index * 2 + half];
      const value = single[source];
      if (value < 0) {
        let read = start[source];
        const readEnd = read + length[source];
        while (read < readEnd)
          pool[write++] = pool[read++];
      } else {
        pool[write++] = value;
      }
    }
  }
  const out = new Uint16Array(resultLength);
  let outIndex = 0;
  while (pos < inputLength) {
    let slot = BASE91_INVERSE[input.charCodeAt(pos++)];
    if (slot >= dictSize) {
      slot = slot * base - twoCharBias + BASE91_INVERSE[input.charCodeAt(pos++)];
    }
    const value = single[slot];
    if (value < 0) {
      let read = start[slot];
      const readEnd = read + length[slot];
      while (read < readEnd)
        out[outIndex++] = pool[read++];
    } else {
      out[outIndex++] = value;
    }
  }
  return out;
}

// node_modules/entities/dist/generated/decode-data-html.js
var htmlDecodeTree = /* @__PURE__ */ decodeTrieDict("!}.&u%}'&}*'~!6*)%&,~!J~!J~%L~y<~!R,~~%Lu~~#GD~~#|)1#%}^%}2%+#.##%##%}&%##%'#%##&%#%#'%#&#%#&#'#%%#&#%##%#)%''%&%#%#'%#%%#%%}%%%#%#&(23#%%#&-%0%('1#(##%#'##+%'*.:1}#%#6-+(%'%%#%%%}#L'2351&('%}&/N'(0(/*-%(%%}#'+&T%7.2}#&%&#%#36/5##%&%%#&#%%#))2%%##%&&'0~!#*+&'%1~!%).'3q?&%'1~!.##%6(~!+%%%(Gw'rT~!E#<nA%#jZ~!H%(~!42##~!*31&~!G%U~#)5~#`3~!J~!Z~%]~%Y~%C~!q~!u~#kz~%#~!6'~!D~!U~!?~#T~!c%~!G#'~%7|~!G~!J~!G&~#pb~(Df}#%}*&}#%##%##%##&#-}&'#'&%#.++}%mI,#,@&(}*%}*'%&##&#%##%}&0}#.},U},%}+%}&%}#%##&}B%(}(%}+%)})%##%#&}&%##%&}<%}>%#%&}*%}(%}9%}/%})%}*%}*%}?&}&%}3%}&*#%})%#%#)}#&#-#+*%E%%'%'#%}#*V##&##I}#&&##%&%#&&Qf%%))w/0+&%#(#.%-''''++++7}>%4'',##1,#%#&%##&#'##&#*#9)%&%}#*}%,#+P(%A&%#'&##wSD',9E00#y#@}(+}&%&>~!#~!X}#*}(&&}(&}(,%}%&#+&}#&}I%#%}%)#(},'%#*}4%%#%}(''}#/##(##),%-##%%)#&}(.}&%#&}%%}*&#%},&&}&%}#%*'#%})%}D&}&%}-&}6&#&}-,%}#%})-(~+`~,=?~I9'9%~!,#%})%})%}@%}?%}(~!?~#<~#pP~#BG~#=1#%K+~#?#~%;)~#A~#mF1~#A'~'X%'~#lR~#N~'N~#r~#m#-~#i'?%#'%~#B%##%,%#~#_%#0%~#]732~,w~2+#:&#%&'0%&>%}#>##F+)#%&&#(+_}4&}-%}(&}@&}O7Fdf0@+/v4}&WU##&/0#&'('B#%}.%}'+#%}#%%&#&%#%##+#&#)#6#'#.},%}c%},%#%##%&#&%#&~#>'*-.%##%##%}#%%}%'~#)D1}#%*&~#_%%'(~#S2%'.}#~#=##*'*-%}&'%'##&&~'E%.#&~#M4}%%##&'%#~#O1##%&#'+~#<B%##%%'%+~#;#@%}#&%#&&%#(~#H1}'%'##&&~#?A}&'~#D#%32}'&&&&~#[}'(#%}'~#;C})&}%%#%~#=&%,3}%'(#%%~#^'#&&)#%'~#Y%-~#d-%'~#^%%&#&&&}#~#b~2t*&'~&(~&@~0%~e~3}%*''0})&}+~!9##-}#%-hD*)1fC#%/&/fB#40~!+#)*4~!+~!K'&:~!/*7~!.#~!H~!L':~%x&~!H#~!*~%1~!I#~!+A~#p'~!F~~#-#~,,(~.Z~!V~%;'B'mq-W~!N~%I%#&&#&}#%},%%}'%}+X#%}#&}(%}'%}<%}#%}%%'}'%}:~![)9@~%>~#UA%-%##&~!C%~!-.9:~!1~!-^2/:a~!y,D*J#-5)/4~%23,~#G~!L1~!0X3`~!2+~!!0-~&E~!W~!o,>Y&]~%cZx_&~#O*9#A#'#+I'%#)~!0B*-5A+-((F&*M#)(-7-5+'-3a5Vi~!Y~!?+[)%3),ERHm~!+:D,VG.+)?fB%%*(%)'(#&80%1'8`K8?`+'Z#&O&'H5#*9)A%%5&3))0%39+.*7#()&&*=4@**L)<'_&*+..;(#*+)./&0#3)%')-8(4ixD(&.}%,('aI:,)%,k2231T)I'#/-W7,/'Q#.'Y24+h')37</31&83##&0#),H(?'&?/1##%#&&#%''-%&&&#(&''&#.-'%#%%(,')*'&#&#'##%(%(#%('#&##%%%%('%#%#%%#%#&%##h>w+v<ayvyvcg.uuhKr}g/v|g>u9i[~>g5uI~=RvdwEg;v/g;uk!!TTSx]@RT!U!#!@VBRUU!'UTe-d0c`e&gSdicedFcrdTaqb.kYcAohdYd@a3e+d}dMdtd.aJ#bqcK`dle/e.e'dwdPdodddjbEb}ogd^ofdpduc6j?l%d{drdqc)d7bacOdQ%T#Y)X.sR[yH>6Vyv3[xwLu>vo'!*.[yBacahoj>6Rew3[xqdZa#!a&#^(X-[yG>6Vyu3[xvg3sEr|g.u/Ri9db0T#^(Xa)!-[y;>6Vylg4wKs{JwNZt3@3r=c4Z([xlg;wKt!cpq's@v7A'*a(a+!-a#[y<3Dt?3Dt'>6Vym3[xmg9rxsNJwLZt4~?r?db1T#`-!(Xa,!0[yS>6Vz%NuQs.g4wKtnJwNZtS@3r>c4Z([y%g;wKtrdga8!a(!#&T*Y-Xa#!a0<or[yc3Dtq>6Vz43[y3JwNZtf@3s!Ju}!%Dti:pm3c_%X#tjB5pkd6q!r]u?voC'*-a.a2!0a&a+[yI3DtI3Ds~3DtH>6Vyw3[xx;:s#~<5pKJwNZtE@3r~d`a)!a2T#a.(!+U.X1[yT3Dt`3Dtv>6Vz&3[y&g9rxwzcxstPu.<rAJwLZtT~?r@dZa%!a.&^*Za(/Reu[ya>6Vz23[y1g3sEr}wkg{NuQRg{ci(U#5@b`~,cg#U(2WnH5wugcRh7dX#T(Y,a'Ta!!a,[yZ<]mj>6Vz,3[y+Pv#5ReZKu+=,%!H}7ABwkaS?Rh:BcW(X#<]mrj:ubv/ARekdg%!(!a.*Ta(Y.X1!#sP>Rl*Dt6[y>>6Vyo3Wf*jOvuumvuRgRJuq*!:9<B@bX~3jVv&v@s@5Re[d/rQt{uAvo&a&a*)a2!,0Wf!3Dt0=Bs'>6Re}3[xy~<5s%JwJZt1~Gs)c;&!#2sJkNuXvzq7rxu,Re8dka4!a8(aEZ+a@Y.X1Xa)[yd=Bs(3DtP>6Vz53[y4cX#X&Re:avRe9~<5s&JwJZtQ~Gs*i^rzvdRg+Jv{%!2sbB@bX}kdga,!Za?&^*T1/!a'Dt+[y6>6Vyf3Wf%g/u;s4hGu6?Rh-JvZ,!c%#&RoX54Rivj7uyvf8RgTKvZB%*!2sGh<vu5Rgq<=C::9bb~#dZ#T&Ta6Y.X*Dt>[y93Wf)coZ(T,6VyifluvRgC@95@B@bX~/hFu34cC#T,k/unq8w8Q5RkUklwQuzunq8w8Q5Rk8d/rJu?v8w9)-&!a0a;a&aIWejg3sEr/h1s<DtDJvyZqY5aws3Jvy!&Wei~Hr1:au5@Bag>23E~5c:Z&bX};kKv?w&unuVu5Rjc;>bs)#~@:Rh.=ay<a]C;b`}Vd6s/t{uAvoaxa()!a,a7%-a#a2Dt,[yF2Wo[>6Vyt3[xuNuPRi&NuPwpi#RoWh?vf8Ri%Jv]!%Ri:KvxD!.'2WeAjZu`q9rxu,Re7woeAg-unLq(qA_/*2Wg_g3u5q^9:4E}/jTrxrzv=Wkkd~0UX#^^Xa-a1a5T&a=U1a'*aEa]!a*aPaA-adok[y54Rn>;:p3~Dp5g9rpsFNvZqjg3uJp4~<5p0Pw;5qlJwNZt*@3p1Pw:5p/Ou!5p2JvG'!6Vye=<qnJvh_[xhg3v,Rh3kOwOw-sDuev/Re^dha[a%!%!a+#Ta7)-5TaCaO!aka!a)sf[yb2>Rl!9ARiq5E}Qg=ucRkBE|oJrJ_@Wk~@Wk{JrJ_@Wk|@WkyJrJ_@Wk}@WkzJvO_[y2g-vMRmiKuYC!)&>Ri;>Ri<@3RkNc](X#@9Rk=g5vuRmhKvDB!+'=]meg3u4Rmgd)#Y'Vz3CARmfd`a+!%T'!+#Ta1Ta6TaM-sTDt9[yA9sYd'%Y#s[[xpj:ueunaXRgEjRq,v-vuqdd2'`#6Rev<32@5>:2<E}5xIo9a*X#Y(;5RePJvD_g>vyRgNj8w)v8<wggs:RgXiZt|vjx,hSq3ah!-(~@:Ro/Ou!5RhWj^v(pyw8unRhUdx-UY#^Ua.a3a70!)%UX1TaDa)'omRiRRhE[y:3Dsz=Br,>6Vyj3[xkg6ruwjcqsrPw;5r*Ku]D'Zt-@3r(~?r.i[vwv]dU1a--U#`a4(g/vsRhPOu!5RhLj:rmu9Wo!~@:wdh@g/vsRiTjXuvvNr}:RhBj^v(pyw8unRn]dz1UYa'a+^Y(!aETZalaRY.Ta?a4[yDJw1!#qLsW>6Vyrfzq-pLflpwRe|Js>%!Dt@3Dt&Jvy_[xs~HrnjMuwpsw'RecKu+D#'!t<~Grl~?rjg5u-x,gwp{ah!-(~@:Rg~Ou!5Rh'jXuvvNr}:Rh#cW#X/c;&!#2sLi[v7u7RgpJv)(!iLrxu,Re6j7v@s@5Se[e7d`aW!Za(a`T.a#!a3!&aDa-!9)Dt_=6s+3[x~~DR|h~DS6avhGun5RkZj3w)v-]mkKunB!&*]kb97R|i<ARk<c:Z(6Vy}Juh'!wziMRoS:F|vkLuauJv5vtvQRh1d='T+Y#VyO~DR|jcF#T'7R|g97R|kJv3'!ay<Rj,Jvh&!:ReXcsa6*a+#a#_aIRf9aLRf?c,Z&Rf5Rf7c.Z&Rf;Rf>cQ#%T'p-Rf8Rf=ct#%'(*!,p,Rf4p+Rf6Rf:Rf<d~'Ua%U*^UYa(!a,-!#a4YaTalaEX0a8a<Weo3Dt/3Dsx=Br93Wen~Dr;~<5p<JwNZt2@3p=Pw:5p;Ou!5r3c7&!#:p>3Ds}KvGB)_6Vyk2sM=<r7x'eovA(!hFu1ARf}cV#X&@r5j6rvwQa^Rf3c=Za'wkghJv__g;unRggA53B9=b^}%j6uduo5Jq;!(hIv%2Re`Ou4ARe_e%a#^^^Xa&!a*a2!&a6YaP!*ad!#a:aE/5Rn?[y@>6Vyp;:pE~DrY~<5pBJwNZt8@3pCh=rt3rWPw:5pAJup_[xoNuPpF9c!#'45pD5ARn)d8#X'X*3@rU72s]h>v<<sSjJpqvewOJq/(!hNw'5ReBk0s2u3w/w'5ReE5@Jq.!a+JQ!&WeU23d(#Y&RjG5]jBk!u7w&u0udARjEe#+^^^Ub#!a2/a`Z(agT1!a-a;|@TaG!aS[yV=Re~fow'RguNuPRe?bz#'>RoUWeL>:Cbb|?JwPZtVg6ruRmzJvD'!6Vz(g/vmRh~Jvy_[y(g9voRgyx*cy(#2>Ri2B9b]~9kIw9u7rluJu3Rg]dI#a%UY'@=p%CAx.gQZ&RhwwygtRm{x5g_Z'+ABqR9Woa=Bp&dV#^*Xa'!&@o{g4v]Rk;Jv{!%Rk[wkkiA5RkiwwfUB=x,fUuqC&*!>RfTg8v0RfV~ARfSd;rJsAuAv9wR'ae+/aO!a@aza/a#[yQ@Wg!2Wemg3sEr0JvB_g>uvReWg2v+Re=KupB_+[y!2AbY~-~Hr2AJwD!(h<~El>h<~El?Kun@+_:9b`}Kg-v/Ri3g;vtwyk_9]k_d=&T#*U.6qh@Ab`|K9:H|CJv[!&3Dtex'fDwC%!Rf[9WlMd[(^X,!a%Z06Vz!@WgBg=v~Rgvg,QRe@awd,#Y+jTv|Q~EfWj]uNr|~FRfXdy#Y&^Ua%!aO.!(a)Ua;=!a@aKap!a-,a!Ta]a[rSa]p?[y82sK=Bq~;:p:~<5p8Pw:5p7d'#Y'Wf(;RnRi[u4w&RgJJvG'!6Vyh=<r#ijuuv/sIKuYD'ZtG@3p9~Gr&d2#`(g<vtRgFj`u5w&rqpxRf2CJuY!+:wfnTOu!5Rg}jNs1ucv&RfwJvA!&3@q|BDcC#T,k/unq8w8Q5RkTklwQuzunq8w8Q5Rk9dga#!a'!a=#a0!:+Tb*b@aO.a4!aba8aFJv^}?!VyR~Dr<g;u%Rn.~<5p[x'e`wNZtR@3p]Pw:5pZhNvjBp.woe_g5u-r4JwF!%DtO3:ooc7&!#:p^3DtpLuGw(!+%)Dtk6Vz#2sd=<r8d'#Y([y#<x3gJt`w@!)%}MRiowzikRij=]ilxAf3,U(#B2Rf#g0v-Rm[ck{`U#]giKv3>)!&6Ri154s,KuGB_%@r68r:dJ|t`#X(9<E|u2@H|rx3gJu?w'!+'1Nu7Reg4=H~+9<wxgY95Rm]xLggZ-`(X}U2:Ri4h<uOawRmsJv__5@bb{jbV~3dka#a'a]!,#a+U=a>b6a3b%!/aKa/)!arwve^VyJ;:pR~DpTg3uJpS~<5pOPw;5qmPw:5pNOu!5pQJvG'!6Vyx=<qoJvA!{~Jup!%@qk7Rn/KvyD!}''[xz;>wkh'?Rh,x8gyt`w5D!&),(SgyccRgztJ@3pPB5p#d'(Y#<]mmifubw&RgoJvE&!82s^JvF&!8Rf,ADb]~;x=h'rNu]vK!,%'*0RnORh)4Rh*AqQg-vaRnNg;wHwkh'ba~4cE#Ta*x3gctyw@'!+%RnFRnD<4Rn@hFvK5RnCxWg[#`&a0Ua()`1Rm75Rg[c]%X#qi8Rg^NvdRj>BwzgZauwji7Rm6A4wgg]d1#&(*,.0a#Rm;Rm<Rm=Rm>Rm?Rm@RmARmBe%#^^^Xaea?aC/b+(,!a+a#!a/!>a&Ta<aKbD!2wphBRnk[yPw}hE|.=Br-3Dtm>6Vy~g6urRf.x,hPrNav!%'RnqRo%Ro#Nu;q[Pw;5r+JwNZtM@3r)d'#Y'Weh;xChL#`&RnmRnoKu}>%(!Rne~Bs-;2wjcussJv+'!aYSO}6@B<5?ba~8LrNvj!.%*ROwungw~ng~:9;Ri^>wtnig;wHRnixDh@|(UZ.x1h@|)!#:2<H|*xHn]#-UX'3Ro)z=iT}6ARns=Bwsn_wpnaRncw]aR(#UXa&Ua*a/=]iPd'#Y&Ro'WnXf{QRm2hNvj]nZd`'T~&1`{|`#9b]{}c:'!#Wl{>@=be}]?cl{{U#:5Abb}Jds#^YaF!a*b4a#a3aPa>&Tb!bH!*a_!Eau?/a&RjY<]gj>6Vz*;:pe~DrZg,QRj1JwNZtX@wihspcJvZ&!VyX9WmOJu|!|N2WmHJvh&!]ht~Bpbcn&T(!#RmQ<s7Nu;padH#X'`+WmJ@>RmKCARhnKup=!)&Wf+:RhqNuPpf9c!#'45pd5AwghpARn(Ls@w!%,)!RmP@Wfe<E|IJva!&WmNg8vsRmLd`*.`#Y'Xa!axRn*]hrA8Rhug5s@rXg8u!RmMd8#X'X*3@rV72smdI*#UY&RmICARho~GsgxVgd)Ta'U-Y&Xa!T#RnEWnA@Wffg1uDRi0hFvK5RnBxGnG&#`%owp)@wsf+bX}Ze-*1!a*^^^Ua|!#a.aq&Ya2!a>.a6!a:aO`aJDtL[y`@Wg#>6Vz12@wzoYRoZNuPRi!NuPRhzg=ucRi,@=b`{Yg=ucRi-ACJvB!&Sh[ebSh]ebi`wUuFRm4Jw2_[y0JvB!.<Ju(!&SoG}6Shd}6<Ju(!&SoH}6She}6Kur@._g5vHRieJvx!{L2G{Kx6gd'T#?Rh82Wi5cZ#X(g1w)Rm5dW-Y(Ta#!a)!#aYa=wnfE=su2>>bU{0j9udv:<svj8uQv-7RgHdE%#^'sq9sp=>Bb_{TJv`!&g/r|snj6v(us5d,#Y(56H}[978H}]Jw5!&g1rushJvB!+j;v{u5?zDhd}6}bj;v{u5?zDhe}6}ce*#`(^^^a[aea!=!a6a*aoXb1a.!aAbL!b>,b'aL!aV@Wf|2Wlg3[y/JwNZt^@3piPw:5pgJunZou3@rsJva&!Vy_g<v~Rm#JvG'!6Vz0=<r{Ju{%!:pj@WfsiXuJu3Rm:JvZ&!WfA~Bph@c4Z&Dtwax5rubx(#:awRk1@d,#Y&RfjRfid1#,Y(@Wfp2Wlrg5s@ryKu[@!,'=]ig9wlk?Rk>g5u-rqJvy'!@9RkQcH(T#=>Ri~@<wkj(Wj(KuZB*!&<7rw@9RkRcH(T#=>Ri}@<wkj)Wj)dg(Ta2Xa9X#`-!a*CARhg@@=I}d9x;c~#X%so=<sj>2@@=aybb}XjWv0Q~EfEj3vLv;<d,#Y(56H}`978H}_dgaPaFa'a/!#a3Y0a_a;a|!1(a7-[yE3[xt;:pJNvZrrg3uJrvJwNZt=@3pIh=rt3rxPw:5pGOu!5rpJvG'!6Vys=<rz@c4Z&Dt(ax5rtJvZ!&~BpH@wsfNg-vaRlNci*U#=<wei<F}a5@Jq.!a*JQ!%@qZ23d(#Y&RjH5]jCk!u7w&u0udARjFd/prq=tyvpaEa(a:.!a1aZ(@@=I}:9wpd%=<sX55w_h}@@=I{t=ay<aU@@=I}T=ay<2@@=I})?C9:9au@9Cb]}DP~=x-fAZ(2Wl1=ay<aU@@=I}>5@d##Y+jTv|vV~EfFj]uNpn~FRfGdgaK!Z2&!a8a-Tb({E!acTbM*!a(DtY[yYd'%Y#sl[y*hHvh>Re5x2c{Z}.j4uCvcawRiMd+#X+_x&d!},<5RkX;2Hzw@x,gavfB-!{CcF&T#Roe;RodwWbBg5urRgaKvHC*_6Vz+<4opieuew&Rmq@d]&Y)X,T#X0Rh}<BqP=4qS9:ReMg/ujReNJw0!/<Jui%!bd{kawwnemRelAxUa?a3#*.&UX(Ya+a/RhvRnQ<o}9Wmtd-#Y&RgSRmw9;Rmxay=Rmyg-vaRmuxEhSrNu,v-voC!%(aR.a(a7+1Ro1>Ro5CE{A9b]{@;5x#eO{:g;urRi+KrNA!%(Ro3>Ro79;Ri_Ku@>{;&!x%gX|{KunA_+g5QRj/g3u5Rj#g>uERj%wio/xRhS&!,!#^1U}wba{8>>@=be}qC@:D5ba{7Ku+A&!}x?ba}t>>@=be}se(aA^^^Uat!b0#{pa+awUazbGa#aLb9bgaWac'a5TbS=Br!d1#`%scp_Jvl!#rT>Re0JvX&!VyN=H{Fcm#U&:pY=ReaJv2&!]h0=]nUJvG'!6Vy|=<r%JrM_=]h2@Wlud'#)U'Wf'b]{i=]h/Jvh!&~BpWg=v]RnMx+ny#'Nu;pVwjnu=]nwxJnx,T#`&Reqwjnt=]nvieu9vrRjLLuYwP(#+!th@wih5pX~Gr'g5v/Rh4KunA'!-CARnP@wwiN:Rm_9x'cvw>!|l=<saKvAA!0&3@q}>w^e1bp#&Re2Re3BDx7gH#T|f5H|eKuZ>!%(:qNAH{]Jv6!+3B2B9=b^{X<5<B92:E{ZLvhwA(a;a%!igQuyRmad+#Y}m@3Rh5d8#X'X*:AqUAHzmaxwbh<aXRnVcF}RT#Nw&cj#U(BWnug/vsRntdka)(a3+.Zb7aYYan1!bVa@Xa}[y^@b[{G=H{+hFu73Rj&Pv#5ReQcK%T#sig1v{Rj'Ku+D#'!t]~Grm~?rkKuMB!01d5#`'Vy.ta3Dtu~Hroc8#'{^45s85AwZbP&!#Rn!wghxWn#KvEA!)&2RlA2RlBx:h|#(T,=]j09Wobz>x]z/@awRoTd+#Y(az]hFhCrm4d,#Y+jTv|Q~EfMj]uNr|~FRfOdCa!Xa9_X#@<plJvf!%b`{(9;Rgwc;.!#2x7cw#T|UDb]|T5Ju={(!=@E{&Jv)&!Ab`{'awJvf!~*>>@=be{#KuY>!+&4Ezyi[ugv&RjIdea+T)#UXa&T-T&a!Rh9auRmW=]kLg5vuRn+g3u4Rn-Ow6ARn,hHus5xNk?#UX(U~)/g8v0RkD~AwkkF?Ri.OuNBwkkA?Ri/d|a2`a*^UYa.!aBTZaTa'Xa;!(!2!-a#b2[yC>6Vyq3[xr2Wi?g1rusVh%s?DtF~<5rbJs;%!DtBfswKtCj[uvuSsEu3RgVx3o:u+wN'*Zt;@3rd~Grh~?rfg8w)Lq)qE&-a%!>bI|`jWv0vV~EfCjTv|vV~Ef@j]uNpn~FRfBcK#T']gWNu7x,k7q4ai(0!hHv8<RhmkMu9vrsBuev/RhlCJvB!,g<v{wchh~@:Rhji[vrv{wchi~@:RhkdS&a5UY#Ta!RgPwwiI5BwciI~@:Rh`x'iJvj'!5]iJPu8Bwch]~@:Rhach)U#h3rp]gLh@t|Ax,hTq3ah!-(~@:Ro0Ou!5RhXj^v(pyw8unRhVd|)`,^UYas!a?/a2Z'a^Ta{Tb7Ta(a#!a,Wf&9sZ3DtAadamov=Bqt3[xig8vsRm~>waiL2b`{QJv*_Ouv2qgj<v]v2BqfdR'X*X#Y-@3qr~Gqv~?p6hHv-]glPup5Lq+q?_%*b_{qF{n9b^{rOu4ARhpKvCD!+&~Bqp:5Dbb}nwoiKl&unuTuBv]v+ueunaXRf0=Jvh!0nKufu8v1w&w7q%w&uHrz:Rgnj5w,uxDJq/(!hNw'5ReCk0s2u3w/w'5ReFd>Za&!*UaA=<wkgsRnSJv^!%Refifw3vyRgOKu_B'!,<]gkiiu:w&Rh<=C@a^<B57@2F{[<B5@aW:=3away9A5aW=<B=C@a^<B57@2F{Ie-#`(^^^bCara.b8aza6!/bZ,!adTbnTbOb+aFaS!aAT9@Wf~2Wli3Dtl2@d,#Y&RfnRfmJwJZtN~GqyJva&!VyMg<v~Rm%iXuJu3Rm9Jv[_=]ih9wlkDRkCd1#`(@Wg>2Wls3cH#T(@<Rj*=>Ri|b~'#23s9h<~El.d'#Y&Dtxi^rzvdRl#d*#U%(o|B2s`hJwSaxRmDKv4B&!1:Rmdd5#`'Vx}to~Hq{x'f1v3(!BA5ba|bJv_&!Wfug1v]ReIdO+U/Y#&G}-8wze=Rh{g1v]ReHg/uQRf/by#)ibQwERl/cH#T(@<Rj+=>Ri{cNu+vlax-!(#a0qa9<Rii2;;bU{H;x<i=&X#Rk`<4wwi=C9H~8xAI(Y#<azRi@45wXI<B9;5bb~7dL(X#Xa(+!aL6Vy{g5QqOau:5au2@ay547EzbxOcU(UX-T#Ta#:Cbb|A?wjh/b_|SOw6ARgtihr}u7Rhy<d1#T)X1@@=I|~=ay<2@@=aybb}Sj3vLv;<d,#Y(56H}A978H}@dGpvs@uAu`vcw9*!aFa+ai%(b!aXa8.a?a[ozWey=sU2@G}Nch&U#Rf_WexKu+D#'!t:~Gr`~?r^j]uNr|~FRg*j^psurwJt|RmcKv)@&!)7Rkv~Br[@wxfO:Rl3co#U'6Rezj_q#vIuavjRltwzeyh@vr5JqD0!>aY?C9:9au@9Cb]}9cl#U*5;5<H||jbuus1ucv&Rfvg1v~d/pppzqFr^a--a~!aMat1(hFv;Wiz@@=Izoj5uuv-7Rix~Cw`fk2WlVcZ#X,k)u3vWs@u2]ktg;wEx'fBq(_2Wg/jTv|vV~EfoJv]!15x'hzqG!(P~EfU~CRl_j6v(us5x4i-#T(2WmZ?C2F|d>Kq<aj1!*jTqIsBv=Wl`~Cw`fi2WlWj`v0u*~>RlR=c>Z,k#u3vWs@u2]kr<c1Z+jTqIsBv=Wla~Cw`fm2WlXdmb3!a{(arZa`bkTa%TbQTa-a9+c'!aM!/[yL=Bqug.w'RifhFvyDRj.g>vgwyk^9]k^Jv3_@WfbAARkhJw2_[x|JvB_wkoIRoKwkoJRoLd'(Y#<]gm=<9<H|yd'%_X#skDtb3awwqkgNulRkgdB#^',9:p'hJwSaxRmEBwVb8@4=H|qLu+w50&!)@3qs~?pU>Awwn;;Rn=c:Z'ARn<=<qwKvC@!/&~BqqJv6!&]eVb^z^xRge'/a%+^`#Sge}6<4Rn3=]n0Pw2>Rn8Jw0!&>Rn:>Rn6cY#a7+!a&=<wkaNw~h3z_c5Z{=wjh#=]nLKv^D!&)Vyz=bW|swYb<WetcG#T(2wxa@qVx@gD#Y&b^|V5JwG&!5bb|pg/w&RgD@x=kHs=uAvn!a%%/'+RmSRh694Ro`g-vaRmRhHv-]mlxCcS#`&ba~.5cD#Ta)P~=d,#Y(56H{>978H{Dd_#{2^Y%_+qbbb{6g3sERhsbU{?dfa.,`a(Xa<!aiX#(55RiG54RiHcI#T'WiU3RiVNvdwtfcRlKNvdd,#Y&RlHRlExQgf.1*^T'X#Sgf}6Wn4=]hfPrk>Rn7Jw0!&>Rn5>Rn9Lunw?&a2!,5<oq@@wqfdRlJj5Q~=d,#Y(~ARfcOuN]fdDKw;ay(}i!547E}j?cI#T(@5bV}iCbV}hdv(^^Tb?a40,b##Tbo!a*bR!a<b|a/!aKai!aU[yK=]o^g:v>ReGJwPZtK<7Rh+h<~El,Pv#5ReR@awwxjCg,ulRjDJv6&!]j!z?aQeeg>w=Sh<eeJw;!&axEzOg,Qosc!#*:wkeJ]eJ>x'h-u(!%Ro.w~h.zPdNZ(X,Ya![x{;9ReY;wkgxRiF:x?ap#Y&RmUg<s2Rkod]+UY0TZ'!a&A9sw<=bczLNvuw{gqzNhJwSaxRmCKuLay!#&s_Rf-55b^{uJvZa!!c%#(55Ri654wmiu5RiuawLu,vp!+}^%b_}Y9;wkgxba}o>A9:=b^}zKuh=a''!3awRk3c*'!#aHRk6c+Z&Rk5Rk4Jv)&!awRjSawd9*`#0?C2@EzMj8u<uJ5RmbjQrquJu3x,k>uq@_+=ayb^|W~ARkEOuN]k@7dhzV^X/X&a-#zRzSb`zXcJzTT#2WkVKvDBzW!%FzY9;5bbzWjQrquJu3Jw3%!b`zU=ayb^zQd:#X(T-a!6Vyywxh}=b]{Jg=u1RiAdGp~qHtzv!w(wA+a+a;<!aJaYai'anasb(=azRmV:Cbb{MLq2vb!%')RjuRjrRjtRjqx3jnqCw3!%')Rk(Rk+Rk&Rk)Lq2vb!%')Rj{RjxRjzRjwLq2vb!%')RjsRjpRjfRjex3jcqCw3!%')Rk'Rk*RjkRjl9<CbbzfOu4ARhxLq2vb!%')RjyRjvRjhRjgx=joq*uKvb!%')+-Rk.Rk%Rj~Rk-Rk#Rj}x=jdq*uKvb!%')+-Rk,Rk!Rj|RjmRjjRjidAq&qKs@uAv8Aa.'*-a@a&0!aM@a5[y73Dsy3Ds|3Dt):wxgI2sHJwJZt.~Gqxwsf0ikrzt}Rl0Jvy_[xj~HqzKv_A|D!&WfP8axRoVcf,U#k(v]v+ueunaXRf1Ju}'!g8u#Ri=jQw!sCunLprq>!,')~<5qeGzq9F{W=c##%s5au:5aU3CBE|;d4#X(D!a&6Vygx(b;#(=]ed?C2F{N<capoq2r[a&!aPa9,'Pw;5s:@@=I|,55w_h|@@=IzcP~=x'fCqB_2Wl2>aU@@=I|1OuNBc1Z+jTqIsBv=Wlc~Cw`fl2WlZ~AcTa%!Z+jTqIsBv=Wlb~Cw`fh2WlYk+uNqJsBv=WlSg,u3dca3#UXaMYa)TaB-=cM|7T#<bI}l5@B932:aV2G{BOuNBJq:|M!5Ezt=<B=C@a^<B57@2F{v>cB{/T#=ay<bI{3Jv6!a.6BKq0ah&+!5E}HP~Ef{978BaU@@=Iza<7d#.Y#978BaU@@=IzH~AJq0!(@@=IzG978BaU@@=IzFe,aU*Y&^^^bvJb,b:bFad!a,c2Ta>aL.bo6!a#CbTa'T#Re{2Wlh2@G{yg6t~Ro_NvdRfticuRQRllJv3&!x&c|zs@Jw3!%RflwpfkRlpKuL;%(!Re<@G|C2GzdhIvuBwgjAg-u0RjAKQB%!(GzZ@G|5NuuRl7d='T+Y#Vy[g<v~Rm!==G|>JvA!)@wma=]m1ifuaw&RmnLs@vT'!|/+[y,g:v>ReTJw1!#qX=x!eC{bLu+wT&)ZtZauq_~Graci&U#F|89:r_Lupvq!.)&2RlG8RfaC=x!eF{_h?rpWlmd&'!#X|&]k::xJey#`'T|+<E|&2@H|%dE#(^,g;u.RiEg6vjRiC9xCkA{O|zY#g=ucRmXKs0@!&*@G|m@awRknJuh!,3d(}gY}eJvj!%Rm):Jw3!%Rm+Rm-Ls0w(&!a(a#@b[|6cZ#X'7RkxWgAOu4ARn'dH'U#Y*Vz-Wm'CARm}d]*#a%^a*T'aK!a<9bV{PC=p*Jw4!&SgxcbB5r]idw(wBRmF7xFkt#&`(Rm/Rm8E|!JuY_9:Rl5=wrgr2:bbxd@xXfB(a*#T+!.X0X1Ta/a'T&RlDRfL>RlyARl9b[z[>RfZ:RlL:RfRwlg/ARl;9;RlxKv,A/!%7s69<74=BA5ba{-8Bde#`a<XaKYa1,a'P~=wxfB2bZ}}?C972@@=I}r8@55B9;5bb}G978B2@@=aybb}3j3vLv;<Jw3&!>Rfk=ayb^}4~Ad1#`*@@=aybb{w2@>==<bbz]dx+UY#^UaF!a9!bB'Ya1.!ajXa#%olRhD[y=3Dt#Ov5BrHKuMB%!(Rf^Wep~HrJwkiQjKr|~FRg)Ku+D#'!t5~GrF~?rDdV)UY,Z/_7RkuG{<~BrBg,rlsO:235B@bX}|d?a1!#`(6Vyn5@d##Y+jTv|vV~EfIj]uNpn~FRfH7Lq2vb1!a9-978BaU@@=Iz9978BbU}#~AJq0!(@@=Iz8978BaU@@=Iz7~AJQ|}!978BbU}!JvkaK!AdUa21-U#`a+(g/vsRn~Ou!5RPj:rmu9WhOjXuvvNr}:RhAj^v(pyw8unRn[kPr}p|u7vwv]RiSBd;pppzq@qHQa?(b.!a.a`@.|xa(hFv;Wiyj5uuv-7Riw~Cw`fg2WlU978BbU|wOuNBJqG!(P~EfD~CRlQcZ#X,k)u3vWs@u2]ksg;wEx'f@q1_2Wg.j]uNpn~FRfqJv]!15x'h{qG!(@@=IzK~CRl^j6v(us5x4i,#T(2WmY?C2F{1>Kq<aj1!*jTqIsBv=Wld~Cw`fj2Wl[j`v0u*~>RlT=c>Z,k#u3vWs@u2]kq<c1Z+jTqIsBv=Wle~Cw`fn2Wl]dn1#c(a(b^a2!b/bAT(bj!aDa7bu,a_a{c0!2T0g:v>ReD2@G{42@G{5~DpM~<5rc=Bx6i>{RT#RnI@zCx]y]z:2Jv[!zr5Awyk]9]k]dD(Y+X#6Vz.g=wKtgwhaCwgmTWj2Lu,w%_+/[y-B;b^xeg3u3Rj-2@bX{*KrJ<!+'@Wg(g?QRlC@Jv`!%b[zIwsfII}8JQ_@w|kW|=Jv(%!AqcOuNBJvEzh!bYzjLs@wP#(0!oy@>RkdJwMZtc3Dtd@BcG#T'9bWxg2@2Fznd*#Y+;2x'c}w<zizixNgwa#Z'U+!/!a'!a+w~g~z6wcn{Rn}wcnzRn|5Rh%=]nJg5vuRmvNvdRlvcprJu}w*az*a#!%.a.'Bot9qT]kj@Wg'ay2Gzv@Jv`!%b[zEwsfHI}1;ck#Ux`<Cbbx_Lu+w!a&0*!wko*wwo,So,}6Juqxf!E}PigQuyRm`d3(`#8>Rn%:A5B;bZ~%KvhCa!a2!x>k7#Uxb@b{#xaRk7Jw0!)>wwhlShl}6>wwhmShm}6CJvB!.x'hhvj{!!5Bwkhhbaz}x'hivjz~!5Bwkhibaz|xEhTrNu,v-vpD!a%&/)a3a.,%Ro2t[CE{)@3re9b]{%wjo09:rgc:Z&Ro6=<riifuaw&RmoKrNA!%(Ro4>Ro89;Ri`dSaL'UYzxZb)7Rka3xRhT&!,!#^1U}vbaz{>>@=be}yC@:D5bazzKu+A&!}{?ba}y>>@=be}wxBh[t`u~vJvr!%a!a()a,a0a4RoC=]o;Ju(!%RoGRhdwjh`=]oAg>w#Ro?g5vuRo=NvdRl|Ku]C.!&;RoEJvB!%RoORoMBx'h[v+_?w~h`}~5?w~hd~!xKh]oiptu-utv.vp!#%&a30a@a'a+(a/aOp(o~p!RoDJu(!%RoHRhewjha=]oBNvdRl}g>w#Ro@g5vuRo>c[#X']o<CauRoRAd-#Y':RkpauRoQKu]C.!&;RoFJvB!%RoNRoPBx'h]v+_?w~ha}t5?w~he}ue!/UbhYacXaW^Tc&a;b:a-c/#b&aja1(!cL+!bKbt!bmcRc9aIc?8[yW3Dtt94Rg`Jv}!&SiRMzBhEebShEMNuPRe>x7gL#TzuwjirRipc<Z&>on;>z=h-MSh.Mwqczx'a7vj&!>Re4@=ResJt__NuPRi*NuPRi)j]uNr|~FRfzKrJ>_+@Wfy@Wf]2WocKrJ<!+'@Wg%g/QRl@@Jv`!&awRl<wsfFIzgLu(w*!.*&ShBMwvhIRhI9;RhNx1hK'!#Sn]Mx1hK~0!#:2<H~7cNu+w7D*'1ZtW>Rn1~?rOc:Z&Rn2=<rQ<7wjh&=BSnLMc]#X(6Vz)w[b=a!U#9wzgMc3#&(RgMRitRis<x,gKt`ax!&+SioM=BSilMc3#&(RgKRinRimKurB,!&SiQMzBhDebShDM6BJQ!(P~Efx978B2@@=I}WLrJw!!,a*&@G}O@9wkibRid@@x'fKwC!&SlDMSfLMjUv~Q~EfKKv3@a+!(hFv-]mpx/hYZ(C5RiWz<o/MwkhY?So/M@x,gbvfB*&!SgEM:SoeeehFu3:Rgbda(,^TZa)X/7Sg[eb:2RgI~BrMC@wgkc:wwkcRerx3h(uUvK!&*,SnOM4Sh*MArRg;wHRh(x=h;rJvPwI!a4',a'0@Wg&=BSh/Mg>w=Rh=g3w*wwgGRgGcW(X#;Sg}M2Gzk@Jv`!&awRl=wsfGIz`dKZ*T'Y-:RhR7RhQg5u-p`j6v(us5d,#Y+~Awkia?RicOuNBwkibba}Ld6p~tyu_vbAa'a+!a/'a3aEa8a!>Sh,ebJv{!&Sh@ebSaReb9;SgwebNuPRi(NvdRl)NuPRi'hHu^<Rm^Jvv_@Wl(g;u1Si/ebKu'B&!*Sh?eb@Wl'z@aPeb95Si.ebcpputyvjB)!,&a+0a%ShAMWeK@G}C@WfJ9;RhMwvhH9w{ia}ix,hJvRA1(!zAn[MRhHx1hJ~*!#hFv(BSn[MBJQ!(@@=I~'978B2@@=I}2db.Ua<'X}+T#a0XaG2G}E;wkg|wuh!Rh!x,hZu,@)!&So0MVy)C5RiXACJvB!&5RiY5RiZg8w)cG}*T#2@bU}=KsA>(!a.3wkhZba~(x,h^u(A!&(SoCMRhb5Bz=h[eb?w~hb~6x,h_u(A!&(SoDMRhc5Bz=h]eb?w~hc~6e)aA1T#T,^^^c-bMb&blcPaP(a/!0!bA=b5c@a(!bfbrc#2afwmhARnjwchORnp2Wlf3DtsNvdRl-2@wpa<]m0bx(#:awRk2@Jw3!%RfhwpfgRlnKQB%!(G{V@G|'NuuRl6d='T+Y#VyUg<v~Rl~==G|<Jv+'!aYShC}6@B<5?ba~8@Jw3'!g2QRljhLrpWlOd+#Y'g.w'rIg>w*wgj@g-u0Rj@Lu+wT&)ZtUauq]~GrGci&U#F|39:rELrNvj!.%*RhCwunfw~nf~:9;Ri]>wtnhg;wHRnhx3hDs@v~!/+'@Wfr@9RkSNu&Rlo=@<5GzoKs0@_+@Wl+@awRkmJuh!-3d(}pY#qWJvj!%Rm(:Jw3!%Rm,Rm*de&!1U-U#`)Re;@G|.@9Ri82@wjfvRlq=@<5GzpLvOvr!).&2RlF8Rf`C=x!eE{.Jw3_g2QRlkhLrpWlPde(!#U{s,UXa*Ta'[y'g:v>ReS;x0PZ&RnlRnn~HrKJw1}f!=x!eB|2w]aP(#Xa&a*Ta.Ua2a7=]iOd'#Y&Ro&WnWg;u.RiDg6vjRiBNvdRlzhNvj]nYJuW_2Wm3x)kFze{9d])!a.!,Y01!#&aC!a3RndC=ox~BrC@2b^{pg,rlse7x'ksuq!%Rm.E{xidw(wBRmGx9o+)X#wwo-So-}69:Rl4@xSf@a#XZ'X)X,Ta(/ARl8b[xc>RfY:RlI:RfQwlg.ARl:9;Rlwdn'#^XafaQa1X1TaHTa)@b[{zcZ#X'7RkwWg@Ou4ARn&x)kG#{,g7u/RkGdH'U#Y*Vz'Wm&CARm|bx#(A]gUbUzJj9Q~=d,#Y(56H}l978H{U7d,0#U*2>ABb_xZ978BbU{e~AJQ{g!978BbU{hxMh?ad{oUYZ.x1h?{l!#:2<H{mx3n[t{vl!,&a%3Ro(z=iS}6ARnr=Bwsn^wvn`Rnbd`*T}B0!#^X'BG{c9b]{a>>@=be}F?JvS!&BG{d7BG}(Bde#`a1X,Ya@!a'P~=wxf@2bZ}I56B2@@=aybb}08@55B9;5bb}<j3vLv;<Jw3&!>Rfg=ayb^}&OuNBKuLA!)a!P~=x#fD{f2@>==<bbzl?C972@@=Ix^d6rSu,v7w*C(0a)a6#B+a%!sQ[y?3Dt%3[xn~<5rLOu!5p@Ku+D#'!t7~GrP~?rNKvlaya7'!h+v-5qMg=t|cd,U#5AAaa5Abb{S@52B5@a[@52B5Gx[iXueu;d<#`a(!/549C;ag>23ExY5@Dah89b^~689Jv)!~2b[~1Lv'w(%*!a#bX|aPrmawRe]keu7uhv-q6rxu,q`xTo]/a5aU!bNaDXbi!b-!ao!b<bwA!#5@B932:aV2G|:d-)Y#hJrL>RhG<7@C5<H|_=Cau:5aj5@B932:bJ|ng>vIbs)#?C2F|9jPv0w.vISh-MKvUaz(.!9ABbb|[5;5<H|Eg>unwfh;9:4E|YjQsBt|vjx'hYq3!(?C2F|J:2<BaY?C2F|GOu!5x,g|p{ah!-(?C2F|c9:4E|OjXuvvNr}:Rh&i[w*t|cd+U#jJvsu)vsSn~Mkfrmu9p}u7vwv]So!McW#Xa!ax5@A5aY:5;5<H|>kJv~vYrquJu3x4ib#T)2@SmZM?C2F|Bj:rmu9@xPhI(a*a#U#`a3-5Abb|L~@:RhK9:4E|0@52B5G|#C::aY?C2F|-:2<BaY?C2F|.5Jvk!a)javYrquJu3x4ia#T)2@SmYM?C2F|HAxPhH(!a#U#`a*-5Abb|4~@:RhJ9:4E|R@52B5G|F:2<BaY?C2F|Sc^#Xa2j=Qq5CJvB!-g<v{z;hhM?C2F|Zi[vrv{z;hiM?C2F|XKsA>!a)-g<v{z;h[eb?C2F|]i[vrv{z;h]eb?C2F|^iZu.vix,hZq3ah!.(?C2F|QOu!5ShXM:2<BaY?C2F|P", 13494, 2713, 49, 25, 61);

// node_modules/entities/dist/internal/bin-trie-flags.js
var BinTrieFlags;
(function(BinTrieFlags2) {
  BinTrieFlags2[BinTrieFlags2["VALUE_LENGTH"] = 49152] = "VALUE_LENGTH";
  BinTrieFlags2[BinTrieFlags2["FLAG13"] = 8192] = "FLAG13";
  BinTrieFlags2[BinTrieFlags2["BRANCH_LENGTH"] = 8064] = "BRANCH_LENGTH";
  BinTrieFlags2[BinTrieFlags2["JUMP_TABLE"] = 127] = "JUMP_TABLE";
  BinTrieFlags2[BinTrieFlags2["VALUE_MASK"] = 8191] = "VALUE_MASK";
})(BinTrieFlags || (BinTrieFlags = {}));

// node_modules/entities/dist/decode.js
var CharCodes;
(function(CharCodes2) {
  CharCodes2[CharCodes2["AMP"] = 38] = "AMP";
  CharCodes2[CharCodes2["NUM"] = 35] = "NUM";
  CharCodes2[CharCodes2["SEMI"] = 59] = "SEMI";
  CharCodes2[CharCodes2["EQUALS"] = 61] = "EQUALS";
  CharCodes2[CharCodes2["ZERO"] = 48] = "ZERO";
  CharCodes2[CharCodes2["NINE"] = 57] = "NINE";
  CharCodes2[CharCodes2["LOWER_A"] = 97] = "LOWER_A";
  CharCodes2[CharCodes2["LOWER_X"] = 120] = "LOWER_X";
})(CharCodes || (CharCodes = {}));
var TO_LOWER_BIT = 32;
var CONSUMED_SHIFT = 21;
var CODE_POINT_MASK = 2097151;
var CONSUMED_OVERFLOW = 2047;
var longNumericConsumed = 0;
function unpackConsumed(packed) {
  const consumed = packed >>> CONSUMED_SHIFT;
  return consumed === CONSUMED_OVERFLOW ? longNumericConsumed : consumed;
}
function isNumber(code2) {
  return code2 - CharCodes.ZERO >>> 0 <= 9;
}
function isHexadecimalCharacter(code2) {
  return (code2 | TO_LOWER_BIT) - CharCodes.LOWER_A >>> 0 <= 5;
}
function isAlpha(code2) {
  return (code2 | TO_LOWER_BIT) - CharCodes.LOWER_A >>> 0 <= 25;
}
function isEntityInAttributeInvalidEnd(code2) {
  return code2 === CharCodes.EQUALS || isAlpha(code2) || isNumber(code2);
}
var EntityDecoderState;
(function(EntityDecoderState2) {
  EntityDecoderState2[EntityDecoderState2["EntityStart"] = 0] = "EntityStart";
  EntityDecoderState2[EntityDecoderState2["NumericStart"] = 1] = "NumericStart";
  EntityDecoderState2[EntityDecoderState2["NumericDecimal"] = 2] = "NumericDecimal";
  EntityDecoderState2[EntityDecoderState2["NumericHex"] = 3] = "NumericHex";
  EntityDecoderState2[EntityDecoderState2["NamedEntity"] = 4] = "NamedEntity";
})(EntityDecoderState || (EntityDecoderState = {}));
var DecodingMode;
(function(DecodingMode2) {
  DecodingMode2[DecodingMode2["Legacy"] = 0] = "Legacy";
  DecodingMode2[DecodingMode2["Strict"] = 1] = "Strict";
  DecodingMode2[DecodingMode2["Attribute"] = 2] = "Attribute";
})(DecodingMode || (DecodingMode = {}));
function determineBranch(decodeTree, current, nodeIndex, char) {
  const branchCount = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
  const jumpOffset = current & BinTrieFlags.JUMP_TABLE;
  if (jumpOffset) {
    if (branchCount === 0) {
      return char === jumpOffset ? nodeIndex : -1;
    }
    const slot = char - jumpOffset;
    if (slot >>> 0 >= branchCount)
      return -1;
    const stored = decodeTree[nodeIndex + slot];
    return stored === 0 ? -1 : nodeIndex + branchCount + stored - 1 & 65535;
  }
  if (branchCount === 0)
    return -1;
  const packedKeySlots = branchCount + 1 >> 1;
  const branchEnd = nodeIndex + packedKeySlots + branchCount;
  for (let index = 0; index < branchCount; index++) {
    const packed = decodeTree[nodeIndex + (index >> 1)];
    const key = packed >> ((index & 1) << 3) & 255;
    if (key === char) {
      const pointerIndex = nodeIndex + packedKeySlots + index;
      return branchEnd + decodeTree[pointerIndex] & 65535;
    }
    if (key > char)
      return -1;
  }
  return -1;
}
function readTrieValue(decodeTree, nodeIndex, valueLength) {
  if (valueLength === 1) {
    return String.fromCharCode(decodeTree[nodeIndex] & BinTrieFlags.VALUE_MASK);
  }
  if (valueLength === 2) {
    return String.fromCharCode(decodeTree[nodeIndex + 1]);
  }
  return String.fromCharCode(decodeTree[nodeIndex + 1], decodeTree[nodeIndex + 2]);
}
function parseNumericEntity(input, numberStart, inputLength) {
  let offset = numberStart + 1;
  let cp = 0;
  let digitStart = offset;
  if (offset < inputLength && (input.charCodeAt(offset) | TO_LOWER_BIT) === CharCodes.LOWER_X) {
    offset += 1;
    digitStart = offset;
    while (offset < inputLength) {
      const char = input.charCodeAt(offset);
      if (isNumber(char)) {
        cp = cp * 16 + (char - CharCodes.ZERO);
      } else if (isHexadecimalCharacter(char)) {
        cp = cp * 16 + ((char | TO_LOWER_BIT) - CharCodes.LOWER_A + 10);
      } else {
        break;
      }
      offset += 1;
    }
  } else {
    while (offset < inputLength) {
      const digit = input.charCodeAt(offset) - CharCodes.ZERO;
      if (digit >>> 0 > 9)
        break;
      cp = cp * 10 + digit;
      offset += 1;
    }
  }
  if (offset === digitStart)
    return 0;
  if (offset < inputLength && input.charCodeAt(offset) === CharCodes.SEMI) {
    offset += 1;
  }
  if (cp > 1114111)
    cp = 1114112;
  let consumed = offset - numberStart;
  if (consumed >= CONSUMED_OVERFLOW) {
    longNumericConsumed = consumed;
    consumed = CONSUMED_OVERFLOW;
  }
  return consumed << CONSUMED_SHIFT | cp;
}
function decodeWithTrie(input, isStrict, isAttribute) {
  const decodeTree = htmlDecodeTree;
  let offset = input.indexOf("&");
  if (offset < 0)
    return input;
  const inputLength = input.length;
  let chunkStart = 0;
  let result = "";
  const root = decodeTree[0];
  const rootJumpOffset = root & BinTrieFlags.JUMP_TABLE;
  const rootBranchCount = (root & BinTrieFlags.BRANCH_LENGTH) >> 7;
  do {
    const entityStart = offset + 1;
    const firstChar = input.charCodeAt(entityStart);
    let consumed;
    let value;
    if (firstChar === CharCodes.NUM) {
      const packed = parseNumericEntity(input, entityStart, inputLength);
      consumed = unpackConsumed(packed);
      if (isStrict && consumed > 0 && input.charCodeAt(entityStart + consumed - 1) !== CharCodes.SEMI) {
        consumed = 0;
      }
      value = consumed === 0 ? "" : codePointToString(packed & CODE_POINT_MASK);
    } else if (isAlpha(firstChar)) {
      consumed = 0;
      value = "";
      const rootSlotIndex = firstChar - rootJumpOffset;
      let nodeIndex;
      if (rootSlotIndex >>> 0 < rootBranchCount) {
        const stored = decodeTree[1 + rootSlotIndex];
        nodeIndex = stored === 0 ? -1 : rootBranchCount + stored & 65535;
      } else {
        nodeIndex = -1;
      }
      let bestNodeIndex = 0;
      let bestValueLength = 0;
      let current = nodeIndex < 0 ? 0 : decodeTree[nodeIndex];
      let index = entityStart + 1;
      trie: while (index < inputLength) {
        while (
          // Value-less, non-run node with a nonzero jump offset.
          (current & (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) === 0 && (current & BinTrieFlags.JUMP_TABLE) !== 0
        ) {
          const jumpOffset = current & BinTrieFlags.JUMP_TABLE;
          const branchCount = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
          if (branchCount === 0) {
            if (input.charCodeAt(index) !== jumpOffset)
              break trie;
            nodeIndex += 1;
          } else {
            const slot = input.charCodeAt(index) - jumpOffset;
            if (slot >>> 0 >= branchCount)
              break trie;
            const stored = decodeTree[nodeIndex + 1 + slot];
            if (stored === 0)
              break trie;
            nodeIndex = nodeIndex + branchCount + stored & 65535;
          }
          current = decodeTree[nodeIndex];
          index += 1;
          if (index >= inputLength)
            break trie;
        }
        if ((current & (BinTrieFlags.VALUE_LENGTH | BinTrieFlags.FLAG13)) === BinTrieFlags.FLAG13) {
          const runLength = (current & BinTrieFlags.BRANCH_LENGTH) >> 7;
          if (input.charCodeAt(index) !== (current & BinTrieFlags.JUMP_TABLE)) {
            break;
          }
          index += 1;
          const remaining = runLength - 1;
          let wordIndex = nodeIndex + 1;
          let charIndexInPacked = 0;
          for (; charIndexInPacked + 1 < remaining; charIndexInPacked += 2) {
            const packed = decodeTree[wordIndex];
            if (input.charCodeAt(index) !== (packed & 255))
              break trie;
            index += 1;
            if (input.charCodeAt(index) !== (packed >> 8 & 255))
              break trie;
            index += 1;
            wordIndex += 1;
          }
          if (charIndexInPacked < remaining) {
            if (input.charCodeAt(index) !== (decodeTree[wordIndex] & 255))
              break;
            index += 1;
          }
          nodeIndex += 1 + (runLength >> 1);
          current = decodeTree[nodeIndex];
          continue;
        }
        const valueLength = current >>> 14;
        const char = input.charCodeAt(index);
        if (valueLength !== 0) {
          if (char === CharCodes.SEMI) {
            consumed = index - entityStart + 1;
            value = valueLength === 1 ? String.fromCharCode(current & BinTrieFlags.VALUE_MASK) : readTrieValue(decodeTree, nodeIndex, valueLength);
            break;
          }
          if (!isStrict && (current & BinTrieFlags.FLAG13) === 0) {
            consumed = index - entityStart;
            bestNodeIndex = nodeIndex;
            bestValueLength = valueLength;
          }
          if (valueLength === 1)
            break;
        }
        const next = determineBranch(decodeTree, current, nodeIndex + (valueLength || 1), char);
        if (next < 0)
          break;
        nodeIndex = next;
        current = decodeTree[nodeIndex];
        index += 1;
      }
      if (value === "") {
        const finalVL = current >>> 14;
        if (finalVL !== 0 && !isStrict && (current & BinTrieFlags.FLAG13) === 0) {
          consumed = index - entityStart;
          bestNodeIndex = nodeIndex;
          bestValueLength = finalVL;
        }
        if (consumed > 0) {
          value = readTrieValue(decodeTree, bestNodeIndex, bestValueLength);
        }
      }
    } else {
      consumed = 0;
      value = "";
    }
    if (consumed === 0 || isAttribute && firstChar !== CharCodes.NUM && input.charCodeAt(entityStart + consumed - 1) !== CharCodes.SEMI && entityStart + consumed < inputLength && isEntityInAttributeInvalidEnd(input.charCodeAt(entityStart + consumed))) {
      offset = entityStart;
    } else {
      if (chunkStart < offset) {
        result += input.slice(chunkStart, offset);
      }
      result += value;
      offset = chunkStart = entityStart + consumed;
    }
    if (input.charCodeAt(offset) !== CharCodes.AMP) {
      offset = input.indexOf("&", offset);
    }
  } while (offset >= 0);
  return result + input.slice(chunkStart);
}
function decodeHTMLStrict(htmlString) {
  return decodeWithTrie(htmlString, true, false);
}

// node_modules/entities/dist/index.js
var EntityLevel;
(function(EntityLevel2) {
  EntityLevel2[EntityLevel2["XML"] = 0] = "XML";
  EntityLevel2[EntityLevel2["HTML"] = 1] = "HTML";
})(EntityLevel || (EntityLevel = {}));
var EncodingMode;
(function(EncodingMode2) {
  EncodingMode2[EncodingMode2["UTF8"] = 0] = "UTF8";
  EncodingMode2[EncodingMode2["ASCII"] = 1] = "ASCII";
  EncodingMode2[EncodingMode2["Extensive"] = 2] = "Extensive";
  EncodingMode2[EncodingMode2["Attribute"] = 3] = "Attribute";
  EncodingMode2[EncodingMode2["Text"] = 4] = "Text";
})(EncodingMode || (EncodingMode = {}));

// node_modules/linkify-it/build/index.mjs
var REBuilder = class {
  src_Any = Any.source;
  src_Cc = Cc.source;
  src_Z = Z.source;
  src_P = P.source;
  src_ZPCc = [
    this.src_Z,
    this.src_P,
    this.src_Cc
  ].join("|");
  src_ZCc = [this.src_Z, this.src_Cc].join("|");
  cache = {};
  opts = {
    maxLength: 1e4,
    urlAuth: false,
    schema_names: []
  };
  constructor(opts = {}) {
    this.opts = {
      ...this.opts,
      ...opts
    };
  }
  set(opts = {}) {
    this.opts = {
      ...this.opts,
      ...opts
    };
    this.cache = {};
    return this;
  }
  escapeRE(str) {
    return str.replace(/[.?*+^$[\]\\(){}|-]/g, "\\$&");
  }
  nestedPairRE(open, close, depth = 4) {
    const openRE = this.escapeRE(open);
    const closeRE = this.escapeRE(close);
    const atom = `(?:(?!${this.src_ZCc}|${openRE}|${closeRE}).)`;
    let pair = `${openRE}${atom}{0,1000}${closeRE}`;
    for (let level = 2; level <= depth; level++) pair = `${openRE}(?:${atom}|${pair}){0,1000}${closeRE}`;
    return pair;
  }
  get_text_separators() {
    return this.cache.text_separators ??= /[><\uff5c]/;
  }
  get_pseudo_letter() {
    return this.cache.src_pseudo_letter ??= new RegExp(`(?:(?!${this.get_text_separators().source}|${this.src_ZPCc})${this.src_Any})`);
  }
  get_ipv4_addr() {
    return this.cache.src_ip4 ??= /* @__PURE__ */ new RegExp("(?:(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])[.]){3}(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])");
  }
  get_ipv6_addr() {
    const h16 = "[0-9A-Fa-f]{1,4}";
    const ls32 = `(?:(?:${h16}:${h16})|${this.get_ipv4_addr().source})`;
    return this.cache.src_ip6_addr ??= new RegExp(`(?:(?:${h16}:){6}${ls32}|::(?:${h16}:){5}${ls32}|(?:${h16})?::(?:${h16}:){4}${ls32}|(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}|(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}|(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}|(?:(?:${h16}:){0,4}${h16})?::${ls32}|(?:(?:${h16}:){0,5}${h16})?::${h16}|(?:(?:${h16}:){0,6}${h16})?::)`);
  }
  get_ipv6_url_host() {
    return this.cache.src_ip6_host ??= new RegExp(`\\[${this.get_ipv6_addr().source}\\]`);
  }
  get_ipv6_mail_host() {
    return this.cache.src_ipv6_mail_host ??= new RegExp(`\\[IPv6:${this.get_ipv6_addr().source}\\]`);
  }
  get_auth() {
    return this.cache.src_auth ??= new RegExp(`(?:(?:(?!${this.src_ZCc}|[@/\\[\\]()]).){1,50}@)?`);
  }
  get_port() {
    return this.cache.src_port ??= /* @__PURE__ */ new RegExp("(?::(?:6(?:[0-4]\\d{3}|5(?:[0-4]\\d{2}|5(?:[0-2]\\d|3[0-5])))|[1-5]?\\d{1,4}))?");
  }
  get_host_terminator() {
    return this.cache.src_host_terminator ??= new RegExp(`(?=$|${this.get_text_separators().source}|${this.src_ZPCc})(?!${this.opts["---"] ? "-(?!--)|" : "-|"}_|:\\d|\\.-|\\.(?!$|${this.src_ZPCc}))`);
  }
  get_path_terminator() {
    return this.cache.src_path_terminator ??= new RegExp(`${this.src_ZPCc}|${this.get_text_separators().source}`);
  }
  get_path() {
    return this.cache.src_path ??= new RegExp(`(?:[/?#](?:${this.nestedPairRE("[", "]")}|${this.nestedPairRE("(", ")")}|${this.nestedPairRE("{", "}")}|\\"(?:(?!${this.src_ZCc}|["]).){1,100}\\"|\\'(?:(?!${this.src_ZCc}|[']).){1,100}\\'|\\'(?=${this.get_pseudo_letter().source}|[-])|\\.{2,20}[:]?[a-zA-Z0-9%/&]|\\.(?!${this.src_ZCc}|[.]|$)|` + (this.opts["---"] ? "\\-(?!--(?:[^-]|$))(?:-{0,19})|" : "\\-{1,20}|") + `,(?!${this.src_ZCc}|$)|;(?!${this.src_ZCc}|$)|\\!{1,20}(?!${this.src_ZCc}|[!]|$)|\\?(?!${this.src_ZCc}|[?]|$)|` + this.get_path_extra().source + `[\\\\/:%@#&=_~*]|(?!${this.get_path_terminator().source}).){1,${this.opts.maxLength}}|\\/)?`);
  }
  get_mail_name() {
    return this.cache.src_mail_name ??= /* @__PURE__ */ new RegExp("[-!#$%&'*+/=?^_`{|}~a-zA-Z0-9](?:[-!#$%&'*+/=?^_`{|}~a-zA-Z0-9]|[.](?=[-!#$%&'*+/=?^_`{|}~a-zA-Z0-9])){0,63}");
  }
  get_xn() {
    return this.cache.src_xn ??= /* @__PURE__ */ new RegExp("xn--[a-z0-9\\-]{1,59}");
  }
  get_tld() {
    if (this.cache.tld) return this.cache.tld;
    const tlds_src = [...new Set(this.opts.tlds || [])].sort().reverse().join("|");
    this.cache.tld = new RegExp(`${tlds_src || "$#none#$"}|${this.get_xn().source}`);
    return this.cache.tld;
  }
  get_domain_root() {
    return this.cache.src_domain_root ??= new RegExp("(?:" + this.get_xn().source + `|${this.get_pseudo_letter().source}{1,63})`);
  }
  get_domain() {
    return this.cache.src_domain ??= new RegExp("(?:" + this.get_xn().source + `|(?:${this.get_pseudo_letter().source})|(?:${this.get_pseudo_letter().source}(?:-|${this.get_pseudo_letter().source}){0,61}${this.get_pseudo_letter().source}))`);
  }
  get_url_host_port() {
    return this.cache.url_host_port ??= new RegExp("(?:" + this.get_ipv6_url_host().source + `|(?:(?:(?:${this.get_domain().source})\\.){0,10}${this.get_domain().source}))` + this.get_port().source + this.get_host_terminator().source);
  }
  get_fuzzy_url_host_port() {
    return this.cache.fuzzy_url_host_port ??= new RegExp("(?:" + (this.opts.fuzzyIP ? this.get_ipv4_addr().source + "|" : "") + `(?:(?:(?:${this.get_domain().source})\\.){1,10}(?:${this.get_tld().source})))` + this.get_host_terminator().source);
  }
  get_mail_host() {
    return this.cache.src_mail_host ??= new RegExp("(?:" + this.get_ipv6_mail_host().source + `|(?:(?:(?:${this.get_domain().source})\\.){0,4}${this.get_domain().source}))` + this.get_host_terminator().source);
  }
  get_fuzzy_mail_host() {
    return this.cache.src_fuzzy_mail_host ??= new RegExp("(?:" + this.get_ipv6_mail_host().source + `|(?:(?:(?:${this.get_domain().source})[.]){1,4}${this.get_domain_root().source}))` + this.get_host_terminator().source);
  }
  get_path_extra() {
    return this.cache.src_path_extra ??= /* @__PURE__ */ new RegExp("");
  }
  get_fuzzy_mail_host_search() {
    return this.cache.mail_fuzzy_host_search ??= new RegExp(`@${this.get_fuzzy_mail_host().source}`, "ig");
  }
  get_fuzzy_link_search() {
    return this.cache.link_fuzzy_search ??= new RegExp(`(^|(?![.:/\\-_@])(?:[$+<=>^\`|｜]|${this.src_ZPCc}))(?:(?![$+<=>^\`|｜])${this.get_fuzzy_url_host_port().source}${this.get_path().source})`, "ig");
  }
  get_http_validator() {
    return this.cache.http_validator ??= new RegExp("\\/\\/" + (this.opts.urlAuth ? this.get_auth().source : "") + this.get_url_host_port().source + this.get_path().source, "iy");
  }
  get_relative_proto_validator() {
    return this.cache.relative_proto_validator ??= new RegExp((this.opts.urlAuth ? this.get_auth().source : "") + `(?:localhost|${this.get_ipv6_url_host().source}|(?:(?:${this.get_domain().source})[.]){1,10}${this.get_domain_root().source})` + this.get_port().source + this.get_host_terminator().source + this.get_path().source, "iy");
  }
  get_mail_name_validator() {
    return this.cache.mail_name_validator ??= new RegExp(`(?:^|${this.get_text_separators().source}|"|\\(|${this.src_ZCc})(${this.get_mail_name().source})$`);
  }
  get_mailto_validator() {
    return this.cache.mailto_validator ??= new RegExp(`${this.get_mail_name().source}@${this.get_mail_host().source}`, "iy");
  }
  get_schema_names() {
    return this.cache.schema_names ??= new RegExp((this.opts.schema_names || []).map((name) => this.escapeRE(name)).join("|"));
  }
  get_schema_search() {
    return this.cache.schema_search ??= new RegExp(`(^|(?!_)(?:[><｜]|${this.src_ZPCc}))(${this.get_schema_names().source})`, "ig");
  }
  get_schema_at_start() {
    return this.cache.schema_at_start ??= new RegExp(`^${this.get_schema_search().source}`, "i");
  }
};
var web_schema = {
  validate: (text2, pos, self) => {
    const re = self.re.get_http_validator();
    re.lastIndex = pos;
    const m = re.exec(text2);
    return m ? m[0].length : 0;
  },
  normalize: (match, self) => self.normalize(match)
};
var defaultSchemas = {
  "http:": web_schema,
  "https:": web_schema,
  "ftp:": web_schema,
  "//": {
    validate: function(text2, pos, self) {
      const re = self.re.get_relative_proto_validator();
      re.lastIndex = pos;
      const m = re.exec(text2);
      if (m) {
        if (pos >= 3 && text2[pos - 3] === ":") return 0;
        if (pos >= 3 && text2[pos - 3] === "/") return 0;
        return m[0].length;
      }
      return 0;
    },
    normalize: (match, self) => self.normalize(match)
  },
  "mailto:": {
    validate: function(text2, pos, self) {
      const re = self.re.get_mailto_validator();
      re.lastIndex = pos;
      const m = re.exec(text2);
      return m ? m[0].length : 0;
    },
    normalize: (match, self) => self.normalize(match)
  }
};
var tlds_2ch = "a:cdefgilmnoqrstuwxz|b:abdefghijmnorstvwyz|c:acdfghiklmnoruvwxyz|d:ejkmoz|e:cegrstu|f:ijkmor|g:abdefghilmnpqrstuwy|h:kmnrtu|i:delmnoqrst|j:emop|k:eghimnprwyz|l:abcikrstuvy|m:acdeghklmnopqrstuvwxyz|n:acefgilopruz|o:m|p:aefghklmnrstwy|q:a|r:eosuw|s:abcdeghijklmnortuvxyz|t:cdfghjklmnortvwz|u:agksyz|v:aceginu|w:fs|y:et|z:amw";
var tlds_default = "biz|com|edu|gov|net|org|pro|web|xxx|aero|asia|coop|info|museum|name|shop|рф";
function unpackTlds() {
  const result = tlds_default.split("|");
  tlds_2ch.split("|").forEach((item) => {
    const sep2 = item.indexOf(":");
    const prefix = item.slice(0, sep2);
    for (const suffix of item.slice(sep2 + 1)) result.push(prefix + suffix);
  });
  return result;
}
var defaultOptions = {
  fuzzyLink: false,
  fuzzyEmail: true,
  fuzzyIP: false,
  "---": false,
  tlds: unpackTlds(),
  urlAuth: false,
  maxLength: 1e4
};
var Match = class {
  /** Prefix (protocol) for matched string. Empty for fuzzy links. */
  schema;
  /** First position of matched string. */
  index;
  /** Next position after matched string. */
  lastIndex;
  /** Matched string. */
  raw;
  /** Normalized text of matched string. */
  text;
  /** Normalized URL of matched string. */
  url;
  constructor(text2, schema, index, lastIndex) {
    const raw = text2.slice(index, lastIndex);
    this.schema = schema.toLowerCase();
    this.index = index;
    this.lastIndex = lastIndex;
    this.raw = raw;
    this.text = raw;
    this.url = raw;
  }
};
var LinkifyIt = class {
  __opts__;
  __schemas__;
  re;
  /**
  * Creates new linkifier instance.
  *
  * By default understands:
  *
  * - `http(s)://...` , `ftp://...`, `mailto:...` & `//...` links
  * - "fuzzy" emails (foo@bar.com).
  *
  * See {@link LinkifyConstructorOptions} for available options.
  *
  * @param options Recognition options.
  *
  * @example
  * ```javascript
  * import { LinkifyIt } from 'linkify-it'
  *
  * const linkify = new LinkifyIt({ fuzzyLink: true })
  *
  * linkify
  *   .tlds(require('tlds'))       // Reload with full TLD list
  *   .tlds('onion', true)         // Add unofficial `.onion` domain
  *   .add('ftp:', null)           // Disable `ftp:` protocol
  *   .set({ fuzzyIP: true })      // Enable IPs in fuzzy links
  *
  * console.log(linkify.test('Site github.com!')) // true
  * console.log(linkify.match('Site github.com!'))
  * ```
  */
  constructor(options = {}) {
    const { rebuilder, ...linkifyOptions } = options;
    this.__opts__ = {
      ...defaultOptions,
      ...linkifyOptions
    };
    this.__schemas__ = { ...defaultSchemas };
    this.re = rebuilder || new REBuilder();
    this.re.set({
      ...this.__opts__,
      schema_names: Object.keys(this.__schemas__)
    });
  }
  /**
  * Add new rule definition.
  *
  * `schema` is a link prefix (usually, protocol name with `:` at the end,
  * `skype:` for example). `linkify-it` makes sure that prefix is not
  * preceded with alphanumeric char and symbols. Only whitespaces and
  * punctuation allowed.
  *
  * `definition` is a rule to check tail after link prefix. To disable an
  * existing rule, pass `null`.
  *
  * @param schema Rule name (fixed pattern prefix).
  * @param definition Schema definition, or `null` to disable the rule.
  *
  * See [twitter mentions example](https://github.com/markdown-it/linkify-it/blob/master/examples/twitter.mjs).
  */
  add(schema, definition = null) {
    if (!definition) delete this.__schemas__[schema];
    else {
      const def = {
        normalize: (match, self) => self.normalize(match),
        ...definition
      };
      this.__schemas__[schema] = def;
    }
    this.re.set({
      ...this.__opts__,
      schema_names: Object.keys(this.__schemas__)
    });
    return this;
  }
  /**
  * Set recognition options for links without schema.
  *
  * @param options Recognition options.
  */
  set(options = {}) {
    this.__opts__ = {
      ...this.__opts__,
      ...options
    };
    this.re.set({
      ...this.__opts__,
      schema_names: Object.keys(this.__schemas__)
    });
    return this;
  }
  /**
  * Searches linkifiable pattern and returns `true` on success or `false` on fail.
  *
  * @param text Text to scan.
  */
  test(text2) {
    if (!text2.length) return false;
    let m, re;
    re = this.re.get_schema_search();
    re.lastIndex = 0;
    while ((m = re.exec(text2)) !== null) if (this.testSchemaAt(text2, m[2], re.lastIndex)) return true;
    if (this.__opts__.fuzzyLink && this.__schemas__["http:"]) {
      re = this.re.get_fuzzy_link_search();
      re.lastIndex = 0;
      if (re.exec(text2) !== null) return true;
    }
    if (this.__opts__.fuzzyEmail && this.__schemas__["mailto:"]) {
      if (text2.indexOf("@") >= 0) {
        const mailHostRe = this.re.get_fuzzy_mail_host_search();
        const mailNameRe = this.re.get_mail_name_validator();
        mailHostRe.lastIndex = 0;
        while ((m = mailHostRe.exec(text2)) !== null) {
          const name = text2.slice(Math.max(0, m.index - 65), m.index);
          if (mailNameRe.test(name)) return true;
        }
      }
    }
    return false;
  }
  /**
  * Similar to {@link LinkifyIt.test} but checks only specific protocol tail exactly
  * at given position. Returns length of found pattern (0 on fail).
  *
  * @param text Text to scan.
  * @param schema Rule (schema) name.
  * @param pos Text offset to check from.
  */
  testSchemaAt(text2, schema, pos) {
    if (!this.__schemas__[schema.toLowerCase()]) return 0;
    return this.__schemas__[schema.toLowerCase()].validate(text2.slice(0, pos + this.__opts__.maxLength), pos, this);
  }
  /**
  * Returns array of found link descriptions or `null` on fail. We strongly
  * recommend to use {@link LinkifyIt.test} first, for best speed.
  *
  * @param text Text to scan.
  */
  match(text2) {
    const result = [];
    const schemaRe = this.re.get_schema_search();
    let fuzzyLinkRe;
    let mailHostRe;
    let mailNameRe;
    let fuzzyLinkCandidate;
    let fuzzyEmailCandidate;
    let schemaPrefix;
    let schemaDone = false;
    let fuzzyLinkDone = false;
    let fuzzyEmailDone = false;
    let pos = 0;
    if (!text2.length) return null;
    schemaRe.lastIndex = 0;
    if (this.__opts__.fuzzyLink && this.__schemas__["http:"]) {
      fuzzyLinkRe = this.re.get_fuzzy_link_search();
      fuzzyLinkRe.lastIndex = 0;
    }
    if (this.__opts__.fuzzyEmail && this.__schemas__["mailto:"]) {
      mailHostRe = this.re.get_fuzzy_mail_host_search();
      mailHostRe.lastIndex = 0;
      mailNameRe = this.re.get_mail_name_validator();
    }
    for (; ; ) {
      const scanFrom = Math.max(pos - 1, 0);
      if (mailHostRe && mailNameRe && !fuzzyEmailDone && (!fuzzyEmailCandidate || fuzzyEmailCandidate.index < pos)) {
        if (mailHostRe.lastIndex < scanFrom) mailHostRe.lastIndex = scanFrom;
        for (; ; ) {
          const m = mailHostRe.exec(text2);
          if (!m) {
            fuzzyEmailDone = true;
            fuzzyEmailCandidate = void 0;
            break;
          }
          const name = mailNameRe.exec(text2.slice(Math.max(0, m.index - 65), m.index));
          if (!name) continue;
          fuzzyEmailCandidate = {
            schema: "mailto:",
            index: m.index - name[1].length,
            lastIndex: m.index + m[0].length
          };
          if (fuzzyEmailCandidate.index >= pos) break;
          if (mailHostRe.lastIndex < scanFrom) mailHostRe.lastIndex = scanFrom;
        }
      }
      if (fuzzyLinkRe && !fuzzyLinkDone && (!fuzzyLinkCandidate || fuzzyLinkCandidate.index < pos)) {
        if (fuzzyLinkRe.lastIndex < scanFrom) fuzzyLinkRe.lastIndex = scanFrom;
        for (; ; ) {
          const m = fuzzyLinkRe.exec(text2);
          if (!m) {
            fuzzyLinkDone = true;
            fuzzyLinkCandidate = void 0;
            break;
          }
          fuzzyLinkCandidate = {
            schema: "",
            index: m.index + m[1].length,
            lastIndex: m.index + m[0].length
          };
          if (fuzzyLinkCandidate.index >= pos) break;
          if (fuzzyLinkRe.lastIndex < scanFrom) fuzzyLinkRe.lastIndex = scanFrom;
        }
      }
      let fuzzyCandidate = fuzzyEmailCandidate;
      if (!fuzzyCandidate || fuzzyLinkCandidate && (fuzzyLinkCandidate.index < fuzzyCandidate.index || fuzzyLinkCandidate.index === fuzzyCandidate.index && fuzzyLinkCandidate.lastIndex > fuzzyCandidate.lastIndex)) fuzzyCandidate = fuzzyLinkCandidate;
      let schemaCandidate;
      if (!schemaDone) for (; ; ) {
        if (!schemaPrefix) {
          if (schemaRe.lastIndex < scanFrom) schemaRe.lastIndex = scanFrom;
          const m = schemaRe.exec(text2);
          if (!m) {
            schemaDone = true;
            break;
          }
          schemaPrefix = {
            schema: m[2],
            index: m.index + m[1].length,
            lastIndex: m.index + m[0].length
          };
        }
        if (schemaPrefix.index < pos) {
          schemaPrefix = void 0;
          continue;
        }
        if (fuzzyCandidate && schemaPrefix.index > fuzzyCandidate.index) break;
        const prefix = schemaPrefix;
        schemaPrefix = void 0;
        const len = this.testSchemaAt(text2, prefix.schema, prefix.lastIndex);
        if (len) {
          schemaCandidate = {
            schema: prefix.schema,
            index: prefix.index,
            lastIndex: prefix.lastIndex + len
          };
          break;
        }
      }
      let candidate = schemaCandidate;
      if (!candidate || fuzzyEmailCandidate && (fuzzyEmailCandidate.index < candidate.index || fuzzyEmailCandidate.index === candidate.index && fuzzyEmailCandidate.lastIndex > candidate.lastIndex)) candidate = fuzzyEmailCandidate;
      if (!candidate || fuzzyLinkCandidate && (fuzzyLinkCandidate.index < candidate.index || fuzzyLinkCandidate.index === candidate.index && fuzzyLinkCandidate.lastIndex > candidate.lastIndex)) candidate = fuzzyLinkCandidate;
      if (!candidate) break;
      if (candidate === fuzzyEmailCandidate) fuzzyEmailCandidate = void 0;
      else if (candidate === fuzzyLinkCandidate) fuzzyLinkCandidate = void 0;
      const match = new Match(text2, candidate.schema, candidate.index, candidate.lastIndex);
      if (match.schema) this.__schemas__[match.schema].normalize(match, this);
      else this.normalize(match);
      result.push(match);
      pos = candidate.lastIndex;
    }
    if (result.length) return result;
    return null;
  }
  /**
  * Returns fully-formed (not fuzzy) link if it starts at the beginning
  * of the string, and null otherwise.
  *
  * @param text Text to scan.
  */
  matchAtStart(text2) {
    if (!text2.length) return null;
    const m = this.re.get_schema_at_start().exec(text2);
    if (!m) return null;
    const len = this.testSchemaAt(text2, m[2], m[0].length);
    if (!len) return null;
    const match = new Match(text2, m[2], m.index + m[1].length, m.index + m[0].length + len);
    this.__schemas__[match.schema].normalize(match, this);
    return match;
  }
  /**
  * Load (or merge) new TLDs list. Those are used for fuzzy links (without
  * prefix) to avoid false positives. By default this algorithm is used:
  *
  * - hostname with any 2-letter root zones are ok.
  * - biz|com|edu|gov|net|org|pro|web|xxx|aero|asia|coop|info|museum|name|shop|рф
  *   are ok.
  * - encoded (`xn--...`) root zones are ok.
  *
  * If list is replaced, then exact match for 2-chars root zones will be checked.
  *
  * @param list List of TLDs.
  * @param keepOld Merge with current list if `true` (`false` by default).
  */
  tlds(list2, keepOld = false) {
    list2 = Array.isArray(list2) ? list2 : [list2];
    if (!keepOld) this.__opts__.tlds = list2;
    else this.__opts__.tlds = this.__opts__.tlds.concat(list2);
    this.re.set({
      ...this.__opts__,
      schema_names: Object.keys(this.__schemas__)
    });
    return this;
  }
  /**
  * Default normalizer (if schema does not define its own).
  *
  * @param match Match to normalize.
  */
  normalize(match) {
    if (!match.schema) match.url = `http://${match.url}`;
    if (match.schema === "mailto:" && !/^mailto:/i.test(match.url)) match.url = `mailto:${match.url}`;
  }
};

// node_modules/markdown-it/dist/markdown-it.mjs
var import_punycode = __toESM(require_punycode(), 1);
var __defProp2 = Object.defineProperty;
var __exportAll = (all, no_symbols) => {
  let target = {};
  for (var name in all) __defProp2(target, name, {
    get: all[name],
    enumerable: true
  });
  if (!no_symbols) __defProp2(target, Symbol.toStringTag, { value: "Module" });
  return target;
};
var utils_exports = /* @__PURE__ */ __exportAll({
  arrayReplaceAt: () => arrayReplaceAt,
  asciiTrim: () => asciiTrim,
  callable: () => callable,
  escapeHtml: () => escapeHtml,
  escapeRE: () => escapeRE,
  fromCodePoint: () => fromCodePoint,
  isMdAsciiPunct: () => isMdAsciiPunct,
  isPunctChar: () => isPunctChar,
  isPunctCharCode: () => isPunctCharCode,
  isSpace: () => isSpace2,
  isValidEntityCode: () => isValidEntityCode,
  isWhiteSpace: () => isWhiteSpace,
  lib: () => lib,
  normalizeReference: () => normalizeReference,
  unescapeAll: () => unescapeAll,
  unescapeMd: () => unescapeMd
});
function callable(cls) {
  const wrapper = function(...args) {
    return Reflect.construct(cls, args, new.target && new.target !== wrapper ? new.target : cls);
  };
  Object.defineProperty(wrapper, "name", { value: cls.name });
  Object.setPrototypeOf(wrapper, cls);
  wrapper.prototype = cls.prototype;
  return wrapper;
}
function arrayReplaceAt(src, pos, newElements) {
  return [].concat(src.slice(0, pos), newElements, src.slice(pos + 1));
}
function isValidEntityCode(c) {
  if (c >= 55296 && c <= 57343) return false;
  if (c >= 64976 && c <= 65007) return false;
  if ((c & 65535) === 65535 || (c & 65535) === 65534) return false;
  if (c >= 0 && c <= 8) return false;
  if (c === 11) return false;
  if (c >= 14 && c <= 31) return false;
  if (c >= 127 && c <= 159) return false;
  if (c > 1114111) return false;
  return true;
}
function fromCodePoint(c) {
  if (c > 65535) {
    c -= 65536;
    const surrogate1 = 55296 + (c >> 10);
    const surrogate2 = 56320 + (c & 1023);
    return String.fromCharCode(surrogate1, surrogate2);
  }
  return String.fromCharCode(c);
}
var UNESCAPE_MD_RE = /\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g;
var UNESCAPE_ALL_RE = new RegExp(`${UNESCAPE_MD_RE.source}|${/&([a-z#][a-z0-9]{1,31});/gi.source}`, "gi");
var DIGITAL_ENTITY_TEST_RE = /^#((?:x[a-f0-9]{1,8}|[0-9]{1,8}))$/i;
function replaceEntityPattern(match, name) {
  if (name.charCodeAt(0) === 35 && DIGITAL_ENTITY_TEST_RE.test(name)) {
    const code2 = name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (isValidEntityCode(code2)) return fromCodePoint(code2);
    return match;
  }
  const decoded = decodeHTMLStrict(match);
  if (decoded !== match) return decoded;
  return match;
}
function unescapeMd(str) {
  if (str.indexOf("\\") < 0) return str;
  return str.replace(UNESCAPE_MD_RE, "$1");
}
function unescapeAll(str) {
  if (str.indexOf("\\") < 0 && str.indexOf("&") < 0) return str;
  return str.replace(UNESCAPE_ALL_RE, function(match, escaped, entity2) {
    if (escaped) return escaped;
    return replaceEntityPattern(match, entity2);
  });
}
var HTML_ESCAPE_TEST_RE = /[&<>"]/;
var HTML_ESCAPE_REPLACE_RE = /[&<>"]/g;
var HTML_REPLACEMENTS = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;"
};
function replaceUnsafeChar(ch) {
  return HTML_REPLACEMENTS[ch];
}
function escapeHtml(str) {
  if (HTML_ESCAPE_TEST_RE.test(str)) return str.replace(HTML_ESCAPE_REPLACE_RE, replaceUnsafeChar);
  return str;
}
var REGEXP_ESCAPE_RE = /[.?*+^$[\]\\(){}|-]/g;
function escapeRE(str) {
  return str.replace(REGEXP_ESCAPE_RE, "\\$&");
}
function isSpace2(code2) {
  switch (code2) {
    case 9:
    case 32:
      return true;
  }
  return false;
}
function isWhiteSpace(code2) {
  if (code2 >= 8192 && code2 <= 8202) return true;
  switch (code2) {
    case 9:
    case 10:
    case 11:
    case 12:
    case 13:
    case 32:
    case 160:
    case 5760:
    case 8239:
    case 8287:
    case 12288:
      return true;
  }
  return false;
}
function isPunctChar(ch) {
  return P.test(ch) || S2.test(ch);
}
function isPunctCharCode(code2) {
  return isPunctChar(fromCodePoint(code2));
}
function isMdAsciiPunct(ch) {
  switch (ch) {
    case 33:
    case 34:
    case 35:
    case 36:
    case 37:
    case 38:
    case 39:
    case 40:
    case 41:
    case 42:
    case 43:
    case 44:
    case 45:
    case 46:
    case 47:
    case 58:
    case 59:
    case 60:
    case 61:
    case 62:
    case 63:
    case 64:
    case 91:
    case 92:
    case 93:
    case 94:
    case 95:
    case 96:
    case 123:
    case 124:
    case 125:
    case 126:
      return true;
    default:
      return false;
  }
}
function normalizeReference(str) {
  str = str.trim().replace(/\s+/g, " ");
  return str.toLowerCase().toUpperCase();
}
function isAsciiTrimmable(c) {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
function asciiTrim(str) {
  let start = 0;
  for (; start < str.length; start++) if (!isAsciiTrimmable(str.charCodeAt(start))) break;
  let end = str.length - 1;
  for (; end >= start; end--) if (!isAsciiTrimmable(str.charCodeAt(end))) break;
  return str.slice(start, end + 1);
}
var lib = {
  mdurl: mdurl_exports,
  ucmicro: build_exports
};
function parseLinkLabel(state, start, disableNested) {
  let level, found, marker, prevPos;
  const max = state.posMax;
  const oldPos = state.pos;
  state.pos = start + 1;
  level = 1;
  while (state.pos < max) {
    marker = state.src.charCodeAt(state.pos);
    if (marker === 93) {
      level--;
      if (level === 0) {
        found = true;
        break;
      }
    }
    prevPos = state.pos;
    state.md.inline.skipToken(state);
    if (marker === 91) {
      if (prevPos === state.pos - 1) level++;
      else if (disableNested) {
        state.pos = oldPos;
        return -1;
      }
    }
  }
  let labelEnd = -1;
  if (found) labelEnd = state.pos;
  state.pos = oldPos;
  return labelEnd;
}
function parseLinkDestination(str, start, max) {
  let code2;
  let pos = start;
  const result = {
    ok: false,
    pos: 0,
    str: ""
  };
  if (str.charCodeAt(pos) === 60) {
    pos++;
    while (pos < max) {
      code2 = str.charCodeAt(pos);
      if (code2 === 10) return result;
      if (code2 === 60) return result;
      if (code2 === 62) {
        result.pos = pos + 1;
        result.str = unescapeAll(str.slice(start + 1, pos));
        result.ok = true;
        return result;
      }
      if (code2 === 92 && pos + 1 < max) {
        pos += 2;
        continue;
      }
      pos++;
    }
    return result;
  }
  let level = 0;
  while (pos < max) {
    code2 = str.charCodeAt(pos);
    if (code2 === 32) break;
    if (code2 < 32 || code2 === 127) break;
    if (code2 === 92 && pos + 1 < max) {
      if (str.charCodeAt(pos + 1) === 32) {
        pos++;
        continue;
      }
      pos += 2;
      continue;
    }
    if (code2 === 40) {
      level++;
      if (level > 32) return result;
    }
    if (code2 === 41) {
      if (level === 0) break;
      level--;
    }
    pos++;
  }
  if (start === pos) return result;
  if (level !== 0) return result;
  result.str = unescapeAll(str.slice(start, pos));
  result.pos = pos;
  result.ok = true;
  return result;
}
function parseLinkTitle(str, start, max, prev_state) {
  let code2;
  let pos = start;
  const state = {
    ok: false,
    can_continue: false,
    pos: 0,
    str: "",
    marker: 0
  };
  if (prev_state) {
    state.str = prev_state.str;
    state.marker = prev_state.marker;
  } else {
    if (pos >= max) return state;
    let marker = str.charCodeAt(pos);
    if (marker !== 34 && marker !== 39 && marker !== 40) return state;
    start++;
    pos++;
    if (marker === 40) marker = 41;
    state.marker = marker;
  }
  while (pos < max) {
    code2 = str.charCodeAt(pos);
    if (code2 === state.marker) {
      state.pos = pos + 1;
      state.str += unescapeAll(str.slice(start, pos));
      state.ok = true;
      return state;
    } else if (code2 === 40 && state.marker === 41) return state;
    else if (code2 === 92 && pos + 1 < max) pos++;
    pos++;
  }
  state.can_continue = true;
  state.str += unescapeAll(str.slice(start, pos));
  return state;
}
var helpers_exports = /* @__PURE__ */ __exportAll({
  parseLinkDestination: () => parseLinkDestination,
  parseLinkLabel: () => parseLinkLabel,
  parseLinkTitle: () => parseLinkTitle
});
function _typeof(o) {
  "@babel/helpers - typeof";
  return _typeof = "function" == typeof Symbol && "symbol" == typeof Symbol.iterator ? function(o2) {
    return typeof o2;
  } : function(o2) {
    return o2 && "function" == typeof Symbol && o2.constructor === Symbol && o2 !== Symbol.prototype ? "symbol" : typeof o2;
  }, _typeof(o);
}
function toPrimitive(t, r) {
  if ("object" != _typeof(t) || !t) return t;
  var e = t[Symbol.toPrimitive];
  if (void 0 !== e) {
    var i = e.call(t, r || "default");
    if ("object" != _typeof(i)) return i;
    throw new TypeError("@@toPrimitive must return a primitive value.");
  }
  return ("string" === r ? String : Number)(t);
}
function toPropertyKey(t) {
  var i = toPrimitive(t, "string");
  return "symbol" == _typeof(i) ? i : i + "";
}
function _defineProperty(e, r, t) {
  return (r = toPropertyKey(r)) in e ? Object.defineProperty(e, r, {
    value: t,
    enumerable: true,
    configurable: true,
    writable: true
  }) : e[r] = t, e;
}
var Token = class {
  constructor(type, tag, nesting) {
    _defineProperty(
      this,
      /**
      * Source map info. Format: `[ line_begin, line_end ]`
      */
      "map",
      null
    );
    _defineProperty(
      this,
      /**
      * nesting level, the same as `state.level`
      */
      "level",
      0
    );
    _defineProperty(
      this,
      /**
      * An array of child nodes (inline and img tokens)
      */
      "children",
      null
    );
    _defineProperty(
      this,
      /**
      * In a case of self-closing tag (code, html, fence, etc.),
      * it has contents of this tag.
      */
      "content",
      ""
    );
    _defineProperty(
      this,
      /**
      * '*' or '_' for emphasis, fence string for fence, etc.
      */
      "markup",
      ""
    );
    _defineProperty(
      this,
      /**
      * Additional information:
      *
      * - Info string for "fence" tokens
      * - The value "auto" for autolink "link_open" and "link_close" tokens
      * - The string value of the item marker for ordered-list "list_item_open" tokens
      */
      "info",
      ""
    );
    _defineProperty(
      this,
      /**
      * True for block-level tokens, false for inline tokens.
      * Used in renderer to calculate line breaks
      */
      "block",
      false
    );
    _defineProperty(
      this,
      /**
      * If it's true, ignore this element when rendering. Used for tight lists
      * to hide paragraphs.
      */
      "hidden",
      false
    );
    this.type = type;
    this.tag = tag;
    this.attrs = null;
    this.nesting = nesting;
    this.meta = null;
  }
  /**
  * Search attribute index by name.
  */
  attrIndex(name) {
    if (!this.attrs) return -1;
    const attrs = this.attrs;
    for (let i = 0, len = attrs.length; i < len; i++) if (attrs[i][0] === name) return i;
    return -1;
  }
  /**
  * Add `[ name, value ]` attribute to list. Init attrs if necessary
  */
  attrPush(attrData) {
    if (this.attrs) this.attrs.push(attrData);
    else this.attrs = [attrData];
  }
  /**
  * Set `name` attribute to `value`. Override old value if exists.
  */
  attrSet(name, value) {
    const idx = this.attrIndex(name);
    const attrData = [name, value];
    if (idx < 0) this.attrPush(attrData);
    else this.attrs[idx] = attrData;
  }
  /**
  * Get the value of attribute `name`, or null if it does not exist.
  */
  attrGet(name) {
    const idx = this.attrIndex(name);
    let value = null;
    if (idx >= 0) value = this.attrs[idx][1];
    return value;
  }
  /**
  * Join value to existing attribute via space. Or create new attribute if not
  * exists. Useful to operate with token classes.
  */
  attrJoin(name, value) {
    const idx = this.attrIndex(name);
    if (idx < 0) this.attrPush([name, value]);
    else this.attrs[idx][1] = `${this.attrs[idx][1]} ${value}`;
  }
};
var Ruler = class {
  constructor() {
    _defineProperty(
      this,
      /** @internal */
      "__rules__",
      []
    );
    _defineProperty(
      this,
      /** @internal */
      "__cache__",
      null
    );
  }
  /** @internal */
  __find__(name) {
    for (let i = 0; i < this.__rules__.length; i++) if (this.__rules__[i].name === name) return i;
    return -1;
  }
  /** @internal */
  __compile__() {
    const chains = /* @__PURE__ */ new Set();
    this.__rules__.forEach((rule) => {
      if (!rule.enabled) return;
      rule.alt.forEach((altName) => {
        if (altName) chains.add(altName);
      });
    });
    this.__cache__ = /* @__PURE__ */ Object.create(null);
    this.__cache__[""] = [];
    this.__rules__.forEach((rule) => {
      if (rule.enabled) this.__cache__[""].push(rule.fn);
    });
    chains.forEach((chain) => {
      this.__cache__[chain] = [];
      this.__rules__.forEach((rule) => {
        if (rule.enabled && rule.alt.indexOf(chain) >= 0) this.__cache__[chain].push(rule.fn);
      });
    });
  }
  /**
  * Replace rule by name with new function & options. Throws error if name not
  * found.
  *
  * @example Replace existing typographer replacement rule with new one
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * const md = new MarkdownIt()
  *
  * md.core.ruler.at('replacements', function replace(state) {
  *   //...
  * });
  * ```
  */
  at(name, fn, options = {}) {
    const index = this.__find__(name);
    if (index === -1) throw new Error(`Parser rule not found: ${name}`);
    this.__rules__[index].fn = fn;
    this.__rules__[index].alt = options.alt || [];
    this.__cache__ = null;
  }
  /**
  * Add new rule to chain before one with given name. See also
  * {@link Ruler.after}, {@link Ruler.push}.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * const md = new MarkdownIt()
  *
  * md.block.ruler.before('paragraph', 'my_rule', function replace(state) {
  *   //...
  * });
  * ```
  */
  before(beforeName, ruleName, fn, options = {}) {
    const index = this.__find__(beforeName);
    if (index === -1) throw new Error(`Parser rule not found: ${beforeName}`);
    this.__rules__.splice(index, 0, {
      name: ruleName,
      enabled: true,
      fn,
      alt: options.alt || []
    });
    this.__cache__ = null;
  }
  /**
  * Add new rule to chain after one with given name. See also
  * {@link Ruler.before}, {@link Ruler.push}.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * const md = new MarkdownIt()
  *
  * md.inline.ruler.after('text', 'my_rule', function replace(state) {
  *   //...
  * });
  * ```
  */
  after(afterName, ruleName, fn, options = {}) {
    const index = this.__find__(afterName);
    if (index === -1) throw new Error(`Parser rule not found: ${afterName}`);
    this.__rules__.splice(index + 1, 0, {
      name: ruleName,
      enabled: true,
      fn,
      alt: options.alt || []
    });
    this.__cache__ = null;
  }
  /**
  * Push new rule to the end of chain. See also
  * {@link Ruler.before}, {@link Ruler.after}.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * const md = new MarkdownIt()
  *
  * md.core.ruler.push('my_rule', function replace(state) {
  *   //...
  * });
  * ```
  */
  push(ruleName, fn, options = {}) {
    this.__rules__.push({
      name: ruleName,
      enabled: true,
      fn,
      alt: options.alt || []
    });
    this.__cache__ = null;
  }
  /**
  * Enable rules with given names. If any rule name not found - throw Error.
  * Errors can be disabled by second param.
  *
  * See also {@link Ruler.disable}, {@link Ruler.enableOnly}.
  *
  * Returns list of found rule names (if no exception happened).
  */
  enable(list2, ignoreInvalid = false) {
    if (!Array.isArray(list2)) list2 = [list2];
    const result = [];
    list2.forEach((name) => {
      const idx = this.__find__(name);
      if (idx < 0) {
        if (ignoreInvalid) return;
        throw new Error(`Rules manager: invalid rule name ${name}`);
      }
      this.__rules__[idx].enabled = true;
      result.push(name);
    });
    this.__cache__ = null;
    return result;
  }
  /**
  * Enable rules with given names, and disable everything else. If any rule name
  * not found - throw Error. Errors can be disabled by second param.
  *
  * See also {@link Ruler.disable}, {@link Ruler.enable}.
  */
  enableOnly(list2, ignoreInvalid = false) {
    if (!Array.isArray(list2)) list2 = [list2];
    this.__rules__.forEach((rule) => {
      rule.enabled = false;
    });
    this.enable(list2, ignoreInvalid);
  }
  /**
  * Disable rules with given names. If any rule name not found - throw Error.
  * Errors can be disabled by second param.
  *
  * See also {@link Ruler.enable}, {@link Ruler.enableOnly}.
  *
  * Returns list of found rule names (if no exception happened).
  */
  disable(list2, ignoreInvalid = false) {
    if (!Array.isArray(list2)) list2 = [list2];
    const result = [];
    list2.forEach((name) => {
      const idx = this.__find__(name);
      if (idx < 0) {
        if (ignoreInvalid) return;
        throw new Error(`Rules manager: invalid rule name ${name}`);
      }
      this.__rules__[idx].enabled = false;
      result.push(name);
    });
    this.__cache__ = null;
    return result;
  }
  /**
  * Return array of active functions (rules) for given chain name. It analyzes
  * rules configuration, compiles caches if not exists and returns result.
  *
  * Default chain name is `''` (empty string). It can't be skipped. That's
  * done intentionally, to keep signature monomorphic for high speed.
  */
  getRules(chainName) {
    if (!this.__cache__) this.__compile__();
    return this.__cache__[chainName] || [];
  }
};
var default_rules = {};
default_rules.code_inline = function(tokens, idx, options, env, slf) {
  const token = tokens[idx];
  return `<code${slf.renderAttrs(token)}>${escapeHtml(token.content)}</code>`;
};
default_rules.code_block = function(tokens, idx, options, env, slf) {
  const token = tokens[idx];
  return `<pre${slf.renderAttrs(token)}><code>${escapeHtml(tokens[idx].content)}</code></pre>
`;
};
default_rules.fence = function(tokens, idx, options, env, slf) {
  const token = tokens[idx];
  const info = token.info ? unescapeAll(token.info).trim() : "";
  let langName = "";
  let langAttrs = "";
  if (info) {
    const arr = info.split(/(\s+)/g);
    langName = arr[0];
    langAttrs = arr.slice(2).join("");
  }
  let highlighted;
  if (options.highlight) highlighted = options.highlight(token.content, langName, langAttrs) || escapeHtml(token.content);
  else highlighted = escapeHtml(token.content);
  if (highlighted.indexOf("<pre") === 0) return highlighted + "\n";
  if (info) {
    const i = token.attrIndex("class");
    const tmpAttrs = token.attrs ? token.attrs.slice() : [];
    if (i < 0) tmpAttrs.push(["class", `${options.langPrefix}${langName}`]);
    else {
      tmpAttrs[i] = [tmpAttrs[i][0], tmpAttrs[i][1]];
      tmpAttrs[i][1] += ` ${options.langPrefix}${langName}`;
    }
    const tmpToken = { attrs: tmpAttrs };
    return `<pre><code${slf.renderAttrs(tmpToken)}>${highlighted}</code></pre>
`;
  }
  return `<pre><code${slf.renderAttrs(token)}>${highlighted}</code></pre>
`;
};
default_rules.image = function(tokens, idx, options, env, slf) {
  const token = tokens[idx];
  token.attrs[token.attrIndex("alt")][1] = slf.renderInlineAsText(token.children, options, env);
  return slf.renderToken(tokens, idx, options);
};
default_rules.hardbreak = function(tokens, idx, options) {
  return options.xhtmlOut ? "<br />\n" : "<br>\n";
};
default_rules.softbreak = function(tokens, idx, options) {
  return options.breaks ? options.xhtmlOut ? "<br />\n" : "<br>\n" : "\n";
};
default_rules.text = function(tokens, idx) {
  return escapeHtml(tokens[idx].content);
};
default_rules.html_block = function(tokens, idx) {
  return tokens[idx].content;
};
default_rules.html_inline = function(tokens, idx) {
  return tokens[idx].content;
};
var Renderer = class {
  constructor() {
    _defineProperty(
      this,
      /**
      * Contains render rules for tokens. Can be updated and extended.
      *
      * See [source code](https://github.com/markdown-it/markdown-it/blob/master/src/renderer.ts)
      * for more details and examples.
      *
      * @example Custom render rules
      * ```javascript
      * import MarkdownIt from 'markdown-it'
      * const md = new MarkdownIt()
      *
      * md.renderer.rules.strong_open  = function () { return '<b>'; };
      * md.renderer.rules.strong_close = function () { return '</b>'; };
      *
      * const result = md.renderInline(...);
      * ```
      *
      * @example Each rule is called as independent static function with fixed signature
      * ```javascript
      * function my_token_render(tokens, idx, options, env, renderer) {
      *   // ...
      *   return renderedHTML;
      * }
      * ```
      */
      "rules",
      Object.assign({}, default_rules)
    );
  }
  /**
  * Render token attributes to string.
  */
  renderAttrs(token) {
    let i, l, result;
    if (!token.attrs) return "";
    result = "";
    for (i = 0, l = token.attrs.length; i < l; i++) result += ` ${escapeHtml(token.attrs[i][0])}="${escapeHtml(String(token.attrs[i][1]))}"`;
    return result;
  }
  /**
  * Default token renderer. Can be overriden by custom function
  * in {@link Renderer.rules}.
  */
  renderToken(tokens, idx, options) {
    const token = tokens[idx];
    let result = "";
    if (token.hidden) return "";
    let prev = idx - 1;
    while (prev >= 0 && tokens[prev].hidden && tokens[prev].nesting === 0) prev--;
    if (token.block && token.nesting !== -1 && prev >= 0 && tokens[prev].hidden && tokens[prev].nesting === -1) result += "\n";
    result += (token.nesting === -1 ? "</" : "<") + token.tag;
    result += this.renderAttrs(token);
    if (token.nesting === 0 && options.xhtmlOut) result += " /";
    let needLf = false;
    if (token.block) {
      needLf = true;
      if (token.nesting === 1) {
        let next = idx + 1;
        while (next < tokens.length && tokens[next].hidden && tokens[next].nesting === 0) next++;
        if (next < tokens.length) {
          const nextToken = tokens[next];
          if (nextToken.type === "inline" || nextToken.hidden) needLf = false;
          else if (nextToken.nesting === -1 && nextToken.tag === token.tag) needLf = false;
        }
      }
    }
    result += needLf ? ">\n" : ">";
    return result;
  }
  /**
  * The same as {@link Renderer.render}, but for single token of `inline` type.
  */
  renderInline(tokens, options, env) {
    let result = "";
    const rules = this.rules;
    for (let i = 0, len = tokens.length; i < len; i++) {
      const type = tokens[i].type;
      if (typeof rules[type] !== "undefined") result += rules[type](tokens, i, options, env, this);
      else result += this.renderToken(tokens, i, options);
    }
    return result;
  }
  /**
  * Special kludge for image `alt` attributes to conform CommonMark spec.
  * Don't try to use it! Spec requires to show `alt` content with stripped markup,
  * instead of simple escaping.
  */
  renderInlineAsText(tokens, options, env) {
    let result = "";
    for (let i = 0, len = tokens.length; i < len; i++) switch (tokens[i].type) {
      case "text":
      case "code_inline":
        result += tokens[i].content;
        break;
      case "image":
        result += this.renderInlineAsText(tokens[i].children, options, env);
        break;
      case "html_inline":
      case "html_block":
        result += tokens[i].content;
        break;
      case "softbreak":
      case "hardbreak":
        result += "\n";
    }
    return result;
  }
  /**
  * Takes token stream and generates HTML. Probably, you will never need to call
  * this method directly.
  */
  render(tokens, options, env) {
    let result = "";
    const rules = this.rules;
    for (let i = 0, len = tokens.length; i < len; i++) {
      const type = tokens[i].type;
      if (type === "inline") result += this.renderInline(tokens[i].children, options, env);
      else if (typeof rules[type] !== "undefined") result += rules[type](tokens, i, options, env, this);
      else result += this.renderToken(tokens, i, options);
    }
    return result;
  }
};
var StateCore = class {
  constructor(src, md2, env) {
    _defineProperty(this, "tokens", []);
    _defineProperty(this, "inlineMode", false);
    _defineProperty(this, "Token", Token);
    this.src = src;
    this.env = env;
    this.md = md2;
  }
};
var UNNORMALIZED_NEWLINE_RE = /\r\n?/g;
var NULL_RE = /\0/g;
function normalize(state) {
  let str;
  str = state.src.replace(UNNORMALIZED_NEWLINE_RE, "\n");
  str = str.replace(NULL_RE, "�");
  state.src = str;
}
function block(state) {
  let token;
  if (state.inlineMode) {
    token = new state.Token("inline", "", 0);
    token.content = state.src;
    token.map = [0, 1];
    token.children = [];
    state.tokens.push(token);
  } else state.md.block.parse(state.src, state.md, state.env, state.tokens);
}
function strip_references(state) {
  const tokens = state.tokens;
  let last = 0;
  for (let curr = 0; curr < tokens.length; curr++) {
    if (tokens[curr].type === "reference_definition") continue;
    if (curr !== last) tokens[last] = tokens[curr];
    last++;
  }
  if (tokens.length !== last) tokens.length = last;
}
function inline(state) {
  const tokens = state.tokens;
  for (let i = 0, l = tokens.length; i < l; i++) {
    const tok = tokens[i];
    if (tok.type === "inline") state.md.inline.parse(tok.content, state.md, state.env, tok.children);
  }
}
function isLinkOpen$1(str) {
  return /^<a[>\s]/i.test(str);
}
function isLinkClose$1(str) {
  return /^<\/a\s*>/i.test(str);
}
function linkify$1(state) {
  const blockTokens = state.tokens;
  if (!state.md.options.linkify) return;
  for (let j = 0, l = blockTokens.length; j < l; j++) {
    if (blockTokens[j].type !== "inline" || !state.md.linkify.test(blockTokens[j].content)) continue;
    const tokens = blockTokens[j].children;
    const replacements = [];
    let htmlLinkLevel = 0;
    for (let i = tokens.length - 1; i >= 0; i--) {
      const currentToken = tokens[i];
      if (currentToken.type === "link_close") {
        i--;
        while (tokens[i].level !== currentToken.level && tokens[i].type !== "link_open") i--;
        continue;
      }
      if (currentToken.type === "html_inline") {
        if (isLinkOpen$1(currentToken.content) && htmlLinkLevel > 0) htmlLinkLevel--;
        if (isLinkClose$1(currentToken.content)) htmlLinkLevel++;
      }
      if (htmlLinkLevel > 0) continue;
      if (currentToken.type === "text" && state.md.linkify.test(currentToken.content)) {
        const text2 = currentToken.content;
        let links = state.md.linkify.match(text2);
        const nodes = [];
        let level = currentToken.level;
        let lastPos = 0;
        if (links.length > 0 && links[0].index === 0 && i > 0 && tokens[i - 1].type === "text_special") links = links.slice(1);
        for (let ln = 0; ln < links.length; ln++) {
          const url = links[ln].url;
          const fullUrl = state.md.normalizeLink(url);
          if (!state.md.validateLink(fullUrl)) continue;
          let urlText = links[ln].text;
          if (!links[ln].schema) urlText = state.md.normalizeLinkText(`http://${urlText}`).replace(/^http:\/\//, "");
          else if (links[ln].schema === "mailto:" && !/^mailto:/i.test(urlText)) urlText = state.md.normalizeLinkText(`mailto:${urlText}`).replace(/^mailto:/, "");
          else urlText = state.md.normalizeLinkText(urlText);
          const pos = links[ln].index;
          if (pos > lastPos) {
            const token = new state.Token("text", "", 0);
            token.content = text2.slice(lastPos, pos);
            token.level = level;
            nodes.push(token);
          }
          const token_o = new state.Token("link_open", "a", 1);
          token_o.attrs = [["href", fullUrl]];
          token_o.level = level++;
          token_o.markup = "linkify";
          token_o.info = "auto";
          nodes.push(token_o);
          const token_t = new state.Token("text", "", 0);
          token_t.content = urlText;
          token_t.level = level;
          nodes.push(token_t);
          const token_c = new state.Token("link_close", "a", -1);
          token_c.level = --level;
          token_c.markup = "linkify";
          token_c.info = "auto";
          nodes.push(token_c);
          lastPos = links[ln].lastIndex;
        }
        if (lastPos < text2.length) {
          const token = new state.Token("text", "", 0);
          token.content = text2.slice(lastPos);
          token.level = level;
          nodes.push(token);
        }
        replacements.push({
          index: i,
          nodes
        });
      }
    }
    if (replacements.length > 0) {
      let newTokensLength = tokens.length;
      for (const replacement of replacements) newTokensLength += replacement.nodes.length - 1;
      const newTokens = new Array(newTokensLength);
      let replacementIndex = 0;
      let newTokenIndex = 0;
      replacements.reverse();
      for (let i = 0; i < tokens.length; i++) {
        const replacement = replacements[replacementIndex];
        if ((replacement === null || replacement === void 0 ? void 0 : replacement.index) === i) {
          for (const node of replacement.nodes) newTokens[newTokenIndex++] = node;
          replacementIndex++;
        } else newTokens[newTokenIndex++] = tokens[i];
      }
      blockTokens[j].children = newTokens;
    }
  }
}
var RARE_RE = /\+-|\.\.|\?\?\?\?|!!!!|,,|--/;
var SCOPED_ABBR_TEST_RE = /\((c|tm|r)\)/i;
var SCOPED_ABBR_RE = /\((c|tm|r)\)/gi;
var SCOPED_ABBR = {
  c: "©",
  r: "®",
  tm: "™"
};
function replaceFn(match, name) {
  return SCOPED_ABBR[name.toLowerCase()];
}
function replace_scoped(inlineTokens) {
  let inside_autolink = 0;
  for (let i = inlineTokens.length - 1; i >= 0; i--) {
    const token = inlineTokens[i];
    if (token.type === "text" && !inside_autolink) token.content = token.content.replace(SCOPED_ABBR_RE, replaceFn);
    if (token.type === "link_open" && token.info === "auto") inside_autolink--;
    if (token.type === "link_close" && token.info === "auto") inside_autolink++;
  }
}
function replace_rare(inlineTokens) {
  let inside_autolink = 0;
  for (let i = inlineTokens.length - 1; i >= 0; i--) {
    const token = inlineTokens[i];
    if (token.type === "text" && !inside_autolink) {
      if (RARE_RE.test(token.content)) token.content = token.content.replace(/\+-/g, "±").replace(/\.{2,}/g, "…").replace(/([?!])…/g, "$1..").replace(/([?!]){4,}/g, "$1$1$1").replace(/,{2,}/g, ",").replace(/(^|[^-])---(?=[^-]|$)/gm, "$1—").replace(/(^|\s)--(?=\s|$)/gm, "$1–").replace(/(^|[^-\s])--(?=[^-\s]|$)/gm, "$1–");
    }
    if (token.type === "link_open" && token.info === "auto") inside_autolink--;
    if (token.type === "link_close" && token.info === "auto") inside_autolink++;
  }
}
function replace(state) {
  let blkIdx;
  if (!state.md.options.typographer) return;
  for (blkIdx = state.tokens.length - 1; blkIdx >= 0; blkIdx--) {
    if (state.tokens[blkIdx].type !== "inline") continue;
    if (SCOPED_ABBR_TEST_RE.test(state.tokens[blkIdx].content)) replace_scoped(state.tokens[blkIdx].children);
    if (RARE_RE.test(state.tokens[blkIdx].content)) replace_rare(state.tokens[blkIdx].children);
  }
}
var QUOTE_TEST_RE = /['"]/;
var QUOTE_RE = /['"]/g;
var APOSTROPHE = "’";
var MAX_OPENERS = 1e3;
function truncateStack(stack, heads, length) {
  while (stack.length > length) {
    const item = stack.pop();
    if (item.isSingleQuote) heads.single = item.prevSameQuoteIdx;
    else heads.double = item.prevSameQuoteIdx;
  }
}
function addReplacement(replacements, tokenIdx, pos, ch) {
  if (!replacements[tokenIdx]) replacements[tokenIdx] = [];
  replacements[tokenIdx].push({
    pos,
    ch
  });
}
function applyReplacements(str, replacements) {
  let result = "";
  let lastPos = 0;
  replacements.sort((a, b) => a.pos - b.pos);
  for (let i = 0; i < replacements.length; i++) {
    const replacement = replacements[i];
    result += str.slice(lastPos, replacement.pos) + replacement.ch;
    lastPos = replacement.pos + 1;
  }
  return result + str.slice(lastPos);
}
function process_inlines(tokens, state) {
  let j;
  const stack = [];
  const heads = {
    single: -1,
    double: -1
  };
  const replacements = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const thisLevel = tokens[i].level;
    for (j = stack.length - 1; j >= 0; j--) if (stack[j].level <= thisLevel) break;
    truncateStack(stack, heads, j + 1);
    if (token.type !== "text") continue;
    const text2 = token.content;
    let pos = 0;
    const max = text2.length;
    OUTER: while (pos < max) {
      QUOTE_RE.lastIndex = pos;
      const t = QUOTE_RE.exec(text2);
      if (!t) break;
      let canOpen = true;
      let canClose = true;
      pos = t.index + 1;
      const isSingle = t[0] === "'";
      let lastChar = 32;
      if (t.index - 1 >= 0) lastChar = text2.charCodeAt(t.index - 1);
      else for (j = i - 1; j >= 0; j--) {
        if (tokens[j].type === "softbreak" || tokens[j].type === "hardbreak") break;
        if (!tokens[j].content) continue;
        lastChar = tokens[j].content.charCodeAt(tokens[j].content.length - 1);
        break;
      }
      let nextChar = 32;
      if (pos < max) nextChar = text2.charCodeAt(pos);
      else for (j = i + 1; j < tokens.length; j++) {
        if (tokens[j].type === "softbreak" || tokens[j].type === "hardbreak") break;
        if (!tokens[j].content) continue;
        nextChar = tokens[j].content.charCodeAt(0);
        break;
      }
      const isLastPunctChar = isMdAsciiPunct(lastChar) || isPunctCharCode(lastChar);
      const isNextPunctChar = isMdAsciiPunct(nextChar) || isPunctCharCode(nextChar);
      const isLastWhiteSpace = isWhiteSpace(lastChar);
      const isNextWhiteSpace = isWhiteSpace(nextChar);
      if (isNextWhiteSpace) canOpen = false;
      else if (isNextPunctChar) {
        if (!(isLastWhiteSpace || isLastPunctChar)) canOpen = false;
      }
      if (isLastWhiteSpace) canClose = false;
      else if (isLastPunctChar) {
        if (!(isNextWhiteSpace || isNextPunctChar)) canClose = false;
      }
      if (nextChar === 34 && t[0] === '"') {
        if (lastChar >= 48 && lastChar <= 57) canClose = canOpen = false;
      }
      if (canOpen && canClose) {
        canOpen = isLastPunctChar;
        canClose = isNextPunctChar;
      }
      if (!canOpen && !canClose) {
        if (isSingle) addReplacement(replacements, i, t.index, APOSTROPHE);
        continue;
      }
      if (canClose) {
        j = isSingle ? heads.single : heads.double;
        if (j >= 0 && stack[j].level === thisLevel) {
          const item = stack[j];
          let openQuote;
          let closeQuote;
          if (isSingle) {
            openQuote = state.md.options.quotes[2];
            closeQuote = state.md.options.quotes[3];
          } else {
            openQuote = state.md.options.quotes[0];
            closeQuote = state.md.options.quotes[1];
          }
          addReplacement(replacements, i, t.index, closeQuote);
          addReplacement(replacements, item.tokenIdx, item.contentPos, openQuote);
          truncateStack(stack, heads, j);
          continue OUTER;
        }
      }
      if (canOpen) {
        if (stack.length >= MAX_OPENERS) return;
        stack.push({
          tokenIdx: i,
          contentPos: t.index,
          isSingleQuote: isSingle,
          level: thisLevel,
          prevSameQuoteIdx: isSingle ? heads.single : heads.double
        });
        if (isSingle) heads.single = stack.length - 1;
        else heads.double = stack.length - 1;
      } else if (canClose && isSingle) addReplacement(replacements, i, t.index, APOSTROPHE);
    }
  }
  Object.keys(replacements).forEach(function(tokenIdx) {
    const idx = Number(tokenIdx);
    tokens[idx].content = applyReplacements(tokens[idx].content, replacements[tokenIdx]);
  });
}
function smartquotes(state) {
  if (!state.md.options.typographer) return;
  for (let blkIdx = state.tokens.length - 1; blkIdx >= 0; blkIdx--) {
    if (state.tokens[blkIdx].type !== "inline" || !QUOTE_TEST_RE.test(state.tokens[blkIdx].content)) continue;
    process_inlines(state.tokens[blkIdx].children, state);
  }
}
function join_alt(tokens) {
  let curr, last;
  const max = tokens.length;
  for (curr = 0; curr < max; curr++) if (tokens[curr].type === "text_special") tokens[curr].type = "text";
  for (curr = last = 0; curr < max; curr++) if (tokens[curr].type === "text" && curr + 1 < max && tokens[curr + 1].type === "text") tokens[curr + 1].content = tokens[curr].content + tokens[curr + 1].content;
  else {
    if (curr !== last) tokens[last] = tokens[curr];
    last++;
  }
  if (curr !== last) tokens.length = last;
}
function text_join(state) {
  let curr, last;
  const blockTokens = state.tokens;
  const l = blockTokens.length;
  for (let j = 0; j < l; j++) {
    if (blockTokens[j].type !== "inline") continue;
    const tokens = blockTokens[j].children;
    const max = tokens.length;
    for (curr = 0; curr < max; curr++) {
      if (tokens[curr].type === "text_special") tokens[curr].type = "text";
      if (tokens[curr].children) join_alt(tokens[curr].children);
    }
    for (curr = last = 0; curr < max; curr++) if (tokens[curr].type === "text" && curr + 1 < max && tokens[curr + 1].type === "text") tokens[curr + 1].content = tokens[curr].content + tokens[curr + 1].content;
    else {
      if (curr !== last) tokens[last] = tokens[curr];
      last++;
    }
    if (curr !== last) tokens.length = last;
  }
}
var _rules$2 = [
  ["normalize", normalize],
  ["block", block],
  ["strip_references", strip_references],
  ["inline", inline],
  ["linkify", linkify$1],
  ["replacements", replace],
  ["smartquotes", smartquotes],
  ["text_join", text_join]
];
var ParserCore = class {
  constructor() {
    _defineProperty(
      this,
      /**
      * {@link Ruler} instance. Keep configuration of core rules.
      */
      "ruler",
      new Ruler()
    );
    _defineProperty(this, "State", StateCore);
    for (let i = 0; i < _rules$2.length; i++) this.ruler.push(_rules$2[i][0], _rules$2[i][1]);
  }
  /**
  * Executes core chain rules.
  */
  process(state) {
    const rules = this.ruler.getRules("");
    for (let i = 0, l = rules.length; i < l; i++) rules[i](state);
  }
};
var StateBlock = class {
  constructor(src, md2, env, tokens) {
    _defineProperty(this, "bMarks", []);
    _defineProperty(this, "eMarks", []);
    _defineProperty(this, "tShift", []);
    _defineProperty(this, "sCount", []);
    _defineProperty(this, "bsCount", []);
    _defineProperty(this, "blkIndent", 0);
    _defineProperty(this, "line", 0);
    _defineProperty(this, "lineMax", 0);
    _defineProperty(this, "tight", false);
    _defineProperty(this, "listIndent", -1);
    _defineProperty(this, "parentType", "root");
    _defineProperty(this, "level", 0);
    _defineProperty(this, "Token", Token);
    this.src = src;
    this.md = md2;
    this.env = env;
    this.tokens = tokens;
    const s = this.src;
    for (let start = 0, pos = 0, indent = 0, offset = 0, len = s.length, indent_found = false; pos < len; pos++) {
      const ch = s.charCodeAt(pos);
      if (!indent_found) {
        if (isSpace2(ch)) {
          indent++;
          if (ch === 9) offset += 4 - offset % 4;
          else offset++;
          continue;
        } else indent_found = true;
      }
      if (ch === 10 || pos === len - 1) {
        if (ch !== 10) pos++;
        this.bMarks.push(start);
        this.eMarks.push(pos);
        this.tShift.push(indent);
        this.sCount.push(offset);
        this.bsCount.push(0);
        indent_found = false;
        indent = 0;
        offset = 0;
        start = pos + 1;
      }
    }
    this.bMarks.push(s.length);
    this.eMarks.push(s.length);
    this.tShift.push(0);
    this.sCount.push(0);
    this.bsCount.push(0);
    this.lineMax = this.bMarks.length - 1;
  }
  push(type, tag, nesting) {
    const token = new Token(type, tag, nesting);
    token.block = true;
    if (nesting < 0) this.level--;
    token.level = this.level;
    if (nesting > 0) this.level++;
    this.tokens.push(token);
    return token;
  }
  isEmpty(line) {
    return this.bMarks[line] + this.tShift[line] >= this.eMarks[line];
  }
  skipEmptyLines(from) {
    for (let max = this.lineMax; from < max; from++) if (this.bMarks[from] + this.tShift[from] < this.eMarks[from]) break;
    return from;
  }
  skipSpaces(pos) {
    for (let max = this.src.length; pos < max; pos++) if (!isSpace2(this.src.charCodeAt(pos))) break;
    return pos;
  }
  skipSpacesBack(pos, min) {
    if (pos <= min) return pos;
    while (pos > min) if (!isSpace2(this.src.charCodeAt(--pos))) return pos + 1;
    return pos;
  }
  skipChars(pos, code2) {
    for (let max = this.src.length; pos < max; pos++) if (this.src.charCodeAt(pos) !== code2) break;
    return pos;
  }
  skipCharsBack(pos, code2, min) {
    if (pos <= min) return pos;
    while (pos > min) if (code2 !== this.src.charCodeAt(--pos)) return pos + 1;
    return pos;
  }
  getLines(begin, end, indent, keepLastLF) {
    if (begin >= end) return "";
    const queue = new Array(end - begin);
    for (let i = 0, line = begin; line < end; line++, i++) {
      let lineIndent = 0;
      const lineStart = this.bMarks[line];
      let first = lineStart;
      let last;
      if (line + 1 < end || keepLastLF) last = this.eMarks[line] + 1;
      else last = this.eMarks[line];
      while (first < last && lineIndent < indent) {
        const ch = this.src.charCodeAt(first);
        if (isSpace2(ch)) {
          if (ch === 9) lineIndent += 4 - (lineIndent + this.bsCount[line]) % 4;
          else lineIndent++;
        } else if (first - lineStart < this.tShift[line]) lineIndent++;
        else break;
        first++;
      }
      if (lineIndent > indent) queue[i] = new Array(lineIndent - indent + 1).join(" ") + this.src.slice(first, last);
      else queue[i] = this.src.slice(first, last);
    }
    return queue.join("");
  }
};
var MAX_AUTOCOMPLETED_CELLS = 65536;
function getLine(state, line) {
  const pos = state.bMarks[line] + state.tShift[line];
  const max = state.eMarks[line];
  return state.src.slice(pos, max);
}
function escapedSplit(str) {
  const result = [];
  const max = str.length;
  let pos = 0;
  let ch = str.charCodeAt(pos);
  let isEscaped = false;
  let lastPos = 0;
  let current = "";
  while (pos < max) {
    if (ch === 124) {
      if (!isEscaped) {
        result.push(current + str.substring(lastPos, pos));
        current = "";
        lastPos = pos + 1;
      } else {
        current += str.substring(lastPos, pos - 1);
        lastPos = pos;
      }
    }
    isEscaped = ch === 92;
    pos++;
    ch = str.charCodeAt(pos);
  }
  result.push(current + str.substring(lastPos));
  return result;
}
function table(state, startLine, endLine, silent) {
  if (startLine + 2 > endLine) return false;
  let nextLine = startLine + 1;
  if (state.sCount[nextLine] < state.blkIndent) return false;
  if (state.sCount[nextLine] - state.blkIndent >= 4) return false;
  let pos = state.bMarks[nextLine] + state.tShift[nextLine];
  if (pos >= state.eMarks[nextLine]) return false;
  const firstCh = state.src.charCodeAt(pos++);
  if (firstCh !== 124 && firstCh !== 45 && firstCh !== 58) return false;
  if (pos >= state.eMarks[nextLine]) return false;
  const secondCh = state.src.charCodeAt(pos++);
  if (secondCh !== 124 && secondCh !== 45 && secondCh !== 58 && !isSpace2(secondCh)) return false;
  if (firstCh === 45 && isSpace2(secondCh)) return false;
  while (pos < state.eMarks[nextLine]) {
    const ch = state.src.charCodeAt(pos);
    if (ch !== 124 && ch !== 45 && ch !== 58 && !isSpace2(ch)) return false;
    pos++;
  }
  let lineText = getLine(state, startLine + 1);
  let columns = lineText.split("|");
  const aligns = [];
  for (let i = 0; i < columns.length; i++) {
    const t = columns[i].trim();
    if (!t) {
      if (i === 0 || i === columns.length - 1) continue;
      else return false;
    }
    if (!/^:?-+:?$/.test(t)) return false;
    if (t.charCodeAt(t.length - 1) === 58) aligns.push(t.charCodeAt(0) === 58 ? "center" : "right");
    else if (t.charCodeAt(0) === 58) aligns.push("left");
    else aligns.push("");
  }
  lineText = getLine(state, startLine).trim();
  if (lineText.indexOf("|") === -1) return false;
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  columns = escapedSplit(lineText);
  if (columns.length && columns[0] === "") columns.shift();
  if (columns.length && columns[columns.length - 1] === "") columns.pop();
  const columnCount = columns.length;
  if (columnCount === 0 || columnCount !== aligns.length) return false;
  if (silent) return true;
  const oldParentType = state.parentType;
  state.parentType = "table";
  const terminatorRules = state.md.block.ruler.getRules("blockquote");
  const token_to = state.push("table_open", "table", 1);
  const tableLines = [startLine, 0];
  token_to.map = tableLines;
  const token_tho = state.push("thead_open", "thead", 1);
  token_tho.map = [startLine, startLine + 1];
  const token_htro = state.push("tr_open", "tr", 1);
  token_htro.map = [startLine, startLine + 1];
  for (let i = 0; i < columns.length; i++) {
    const token_ho = state.push("th_open", "th", 1);
    if (aligns[i]) token_ho.attrs = [["style", `text-align:${aligns[i]}`]];
    const token_il = state.push("inline", "", 0);
    token_il.content = columns[i].trim();
    token_il.children = [];
    state.push("th_close", "th", -1);
  }
  state.push("tr_close", "tr", -1);
  state.push("thead_close", "thead", -1);
  let tbodyLines;
  let autocompletedCells = 0;
  for (nextLine = startLine + 2; nextLine < endLine; nextLine++) {
    if (state.sCount[nextLine] < state.blkIndent) break;
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    if (terminate) break;
    lineText = getLine(state, nextLine).trim();
    if (!lineText) break;
    if (state.sCount[nextLine] - state.blkIndent >= 4) break;
    columns = escapedSplit(lineText);
    if (columns.length && columns[0] === "") columns.shift();
    if (columns.length && columns[columns.length - 1] === "") columns.pop();
    autocompletedCells += columnCount - columns.length;
    if (autocompletedCells > MAX_AUTOCOMPLETED_CELLS) break;
    if (nextLine === startLine + 2) {
      const token_tbo = state.push("tbody_open", "tbody", 1);
      token_tbo.map = tbodyLines = [startLine + 2, 0];
    }
    const token_tro = state.push("tr_open", "tr", 1);
    token_tro.map = [nextLine, nextLine + 1];
    for (let i = 0; i < columnCount; i++) {
      const token_tdo = state.push("td_open", "td", 1);
      if (aligns[i]) token_tdo.attrs = [["style", `text-align:${aligns[i]}`]];
      const token_il = state.push("inline", "", 0);
      token_il.content = columns[i] ? columns[i].trim() : "";
      token_il.children = [];
      state.push("td_close", "td", -1);
    }
    state.push("tr_close", "tr", -1);
  }
  if (tbodyLines) {
    state.push("tbody_close", "tbody", -1);
    tbodyLines[1] = nextLine;
  }
  state.push("table_close", "table", -1);
  tableLines[1] = nextLine;
  state.parentType = oldParentType;
  state.line = nextLine;
  return true;
}
function code(state, startLine, endLine) {
  if (state.sCount[startLine] - state.blkIndent < 4) return false;
  let nextLine = startLine + 1;
  let last = nextLine;
  while (nextLine < endLine) {
    if (state.isEmpty(nextLine)) {
      nextLine++;
      continue;
    }
    if (state.sCount[nextLine] - state.blkIndent >= 4) {
      nextLine++;
      last = nextLine;
      continue;
    }
    break;
  }
  state.line = last;
  const token = state.push("code_block", "code", 0);
  token.content = state.getLines(startLine, last, 4 + state.blkIndent, false) + "\n";
  token.map = [startLine, state.line];
  return true;
}
function fence(state, startLine, endLine, silent) {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (pos + 3 > max) return false;
  const marker = state.src.charCodeAt(pos);
  if (marker !== 126 && marker !== 96) return false;
  let mem = pos;
  pos = state.skipChars(pos, marker);
  let len = pos - mem;
  if (len < 3) return false;
  const markup = state.src.slice(mem, pos);
  const params = state.src.slice(pos, max);
  if (marker === 96) {
    if (params.indexOf(String.fromCharCode(marker)) >= 0) return false;
  }
  if (silent) return true;
  let nextLine = startLine;
  let haveEndMarker = false;
  for (; ; ) {
    nextLine++;
    if (nextLine >= endLine) break;
    pos = mem = state.bMarks[nextLine] + state.tShift[nextLine];
    max = state.eMarks[nextLine];
    if (pos < max && state.sCount[nextLine] < state.blkIndent) break;
    if (state.src.charCodeAt(pos) !== marker) continue;
    if (state.sCount[nextLine] - state.blkIndent >= 4) continue;
    pos = state.skipChars(pos, marker);
    if (pos - mem < len) continue;
    pos = state.skipSpaces(pos);
    if (pos < max) continue;
    haveEndMarker = true;
    break;
  }
  len = state.sCount[startLine];
  state.line = nextLine + (haveEndMarker ? 1 : 0);
  const token = state.push("fence", "code", 0);
  token.info = params;
  token.content = state.getLines(startLine + 1, nextLine, len, true);
  token.markup = markup;
  token.map = [startLine, state.line];
  return true;
}
function blockquote(state, startLine, endLine, silent) {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  const oldLineMax = state.lineMax;
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (state.src.charCodeAt(pos) !== 62) return false;
  if (silent) return true;
  const oldBMarks = [];
  const oldBSCount = [];
  const oldSCount = [];
  const oldTShift = [];
  const terminatorRules = state.md.block.ruler.getRules("blockquote");
  const oldParentType = state.parentType;
  state.parentType = "blockquote";
  let lastLineEmpty = false;
  let nextLine;
  for (nextLine = startLine; nextLine < endLine; nextLine++) {
    const isOutdented = state.sCount[nextLine] < state.blkIndent;
    pos = state.bMarks[nextLine] + state.tShift[nextLine];
    max = state.eMarks[nextLine];
    if (pos >= max) break;
    if (state.src.charCodeAt(pos++) === 62 && !isOutdented) {
      let initial = state.sCount[nextLine] + 1;
      let spaceAfterMarker;
      let adjustTab;
      if (state.src.charCodeAt(pos) === 32) {
        pos++;
        initial++;
        adjustTab = false;
        spaceAfterMarker = true;
      } else if (state.src.charCodeAt(pos) === 9) {
        spaceAfterMarker = true;
        if ((state.bsCount[nextLine] + initial) % 4 === 3) {
          pos++;
          initial++;
          adjustTab = false;
        } else adjustTab = true;
      } else spaceAfterMarker = false;
      let offset = initial;
      oldBMarks.push(state.bMarks[nextLine]);
      state.bMarks[nextLine] = pos;
      while (pos < max) {
        const ch = state.src.charCodeAt(pos);
        if (isSpace2(ch)) {
          if (ch === 9) offset += 4 - (offset + state.bsCount[nextLine] + (adjustTab ? 1 : 0)) % 4;
          else offset++;
        } else break;
        pos++;
      }
      lastLineEmpty = pos >= max;
      oldBSCount.push(state.bsCount[nextLine]);
      state.bsCount[nextLine] = state.sCount[nextLine] + 1 + (spaceAfterMarker ? 1 : 0);
      oldSCount.push(state.sCount[nextLine]);
      state.sCount[nextLine] = offset - initial;
      oldTShift.push(state.tShift[nextLine]);
      state.tShift[nextLine] = pos - state.bMarks[nextLine];
      continue;
    }
    if (lastLineEmpty) break;
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    if (terminate) {
      state.lineMax = nextLine;
      if (state.blkIndent !== 0) {
        oldBMarks.push(state.bMarks[nextLine]);
        oldBSCount.push(state.bsCount[nextLine]);
        oldTShift.push(state.tShift[nextLine]);
        oldSCount.push(state.sCount[nextLine]);
        state.sCount[nextLine] -= state.blkIndent;
      }
      break;
    }
    oldBMarks.push(state.bMarks[nextLine]);
    oldBSCount.push(state.bsCount[nextLine]);
    oldTShift.push(state.tShift[nextLine]);
    oldSCount.push(state.sCount[nextLine]);
    state.sCount[nextLine] = -1;
  }
  const oldIndent = state.blkIndent;
  state.blkIndent = 0;
  const token_o = state.push("blockquote_open", "blockquote", 1);
  token_o.markup = ">";
  const lines = [startLine, 0];
  token_o.map = lines;
  state.md.block.tokenize(state, startLine, nextLine);
  const token_c = state.push("blockquote_close", "blockquote", -1);
  token_c.markup = ">";
  state.lineMax = oldLineMax;
  state.parentType = oldParentType;
  lines[1] = state.line;
  for (let i = 0; i < oldTShift.length; i++) {
    state.bMarks[i + startLine] = oldBMarks[i];
    state.tShift[i + startLine] = oldTShift[i];
    state.sCount[i + startLine] = oldSCount[i];
    state.bsCount[i + startLine] = oldBSCount[i];
  }
  state.blkIndent = oldIndent;
  return true;
}
function hr(state, startLine, endLine, silent) {
  const max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  const marker = state.src.charCodeAt(pos++);
  if (marker !== 42 && marker !== 45 && marker !== 95) return false;
  let cnt = 1;
  while (pos < max) {
    const ch = state.src.charCodeAt(pos++);
    if (ch !== marker && !isSpace2(ch)) return false;
    if (ch === marker) cnt++;
  }
  if (cnt < 3) return false;
  if (silent) return true;
  state.line = startLine + 1;
  const token = state.push("hr", "hr", 0);
  token.map = [startLine, state.line];
  token.markup = Array(cnt + 1).join(String.fromCharCode(marker));
  return true;
}
function skipBulletListMarker(state, startLine) {
  const max = state.eMarks[startLine];
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  const marker = state.src.charCodeAt(pos++);
  if (marker !== 42 && marker !== 45 && marker !== 43) return -1;
  if (pos < max) {
    if (!isSpace2(state.src.charCodeAt(pos))) return -1;
  }
  return pos;
}
function skipOrderedListMarker(state, startLine) {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  const max = state.eMarks[startLine];
  let pos = start;
  if (pos + 1 >= max) return -1;
  let ch = state.src.charCodeAt(pos++);
  if (ch < 48 || ch > 57) return -1;
  for (; ; ) {
    if (pos >= max) return -1;
    ch = state.src.charCodeAt(pos++);
    if (ch >= 48 && ch <= 57) {
      if (pos - start >= 10) return -1;
      continue;
    }
    if (ch === 41 || ch === 46) break;
    return -1;
  }
  if (pos < max) {
    ch = state.src.charCodeAt(pos);
    if (!isSpace2(ch)) return -1;
  }
  return pos;
}
function markTightParagraphs(state, idx) {
  const level = state.level + 2;
  for (let i = idx + 2, l = state.tokens.length - 2; i < l; i++) if (state.tokens[i].level === level && state.tokens[i].type === "paragraph_open") {
    state.tokens[i + 2].hidden = true;
    state.tokens[i].hidden = true;
    i += 2;
  }
}
function list(state, startLine, endLine, silent) {
  let max, pos, start, token;
  let nextLine = startLine;
  let tight = true;
  if (state.sCount[nextLine] - state.blkIndent >= 4) return false;
  if (state.listIndent >= 0 && state.sCount[nextLine] - state.listIndent >= 4 && state.sCount[nextLine] < state.blkIndent) return false;
  let isTerminatingParagraph = false;
  if (silent && state.parentType === "paragraph") {
    if (state.sCount[nextLine] >= state.blkIndent) isTerminatingParagraph = true;
  }
  let isOrdered;
  let markerValue;
  let posAfterMarker;
  if ((posAfterMarker = skipOrderedListMarker(state, nextLine)) >= 0) {
    isOrdered = true;
    start = state.bMarks[nextLine] + state.tShift[nextLine];
    markerValue = Number(state.src.slice(start, posAfterMarker - 1));
    if (isTerminatingParagraph && markerValue !== 1) return false;
  } else if ((posAfterMarker = skipBulletListMarker(state, nextLine)) >= 0) isOrdered = false;
  else return false;
  if (isTerminatingParagraph) {
    if (state.skipSpaces(posAfterMarker) >= state.eMarks[nextLine]) return false;
  }
  if (silent) return true;
  const markerCharCode = state.src.charCodeAt(posAfterMarker - 1);
  const listTokIdx = state.tokens.length;
  if (isOrdered) {
    token = state.push("ordered_list_open", "ol", 1);
    if (markerValue !== 1) token.attrs = [["start", markerValue]];
  } else token = state.push("bullet_list_open", "ul", 1);
  const listLines = [nextLine, 0];
  token.map = listLines;
  token.markup = String.fromCharCode(markerCharCode);
  let prevEmptyEnd = false;
  const terminatorRules = state.md.block.ruler.getRules("list");
  const oldParentType = state.parentType;
  state.parentType = "list";
  while (nextLine < endLine) {
    pos = posAfterMarker;
    max = state.eMarks[nextLine];
    const initial = state.sCount[nextLine] + posAfterMarker - (state.bMarks[nextLine] + state.tShift[nextLine]);
    let offset = initial;
    while (pos < max) {
      const ch = state.src.charCodeAt(pos);
      if (ch === 9) offset += 4 - (offset + state.bsCount[nextLine]) % 4;
      else if (ch === 32) offset++;
      else break;
      pos++;
    }
    const contentStart = pos;
    let indentAfterMarker;
    if (contentStart >= max) indentAfterMarker = 1;
    else indentAfterMarker = offset - initial;
    if (indentAfterMarker > 4) indentAfterMarker = 1;
    const indent = initial + indentAfterMarker;
    token = state.push("list_item_open", "li", 1);
    token.markup = String.fromCharCode(markerCharCode);
    const itemLines = [nextLine, 0];
    token.map = itemLines;
    if (isOrdered) token.info = state.src.slice(start, posAfterMarker - 1);
    const oldTight = state.tight;
    const oldTShift = state.tShift[nextLine];
    const oldSCount = state.sCount[nextLine];
    const oldListIndent = state.listIndent;
    state.listIndent = state.blkIndent;
    state.blkIndent = indent;
    state.tight = true;
    state.tShift[nextLine] = contentStart - state.bMarks[nextLine];
    state.sCount[nextLine] = offset;
    if (contentStart >= max && state.isEmpty(nextLine + 1)) state.line = Math.min(state.line + 2, endLine);
    else state.md.block.tokenize(state, nextLine, endLine);
    if (!state.tight || prevEmptyEnd) tight = false;
    prevEmptyEnd = state.line - nextLine > 1 && state.isEmpty(state.line - 1);
    state.blkIndent = state.listIndent;
    state.listIndent = oldListIndent;
    state.tShift[nextLine] = oldTShift;
    state.sCount[nextLine] = oldSCount;
    state.tight = oldTight;
    token = state.push("list_item_close", "li", -1);
    token.markup = String.fromCharCode(markerCharCode);
    nextLine = state.line;
    itemLines[1] = nextLine;
    if (nextLine >= endLine) break;
    if (state.sCount[nextLine] < state.blkIndent) break;
    if (state.sCount[nextLine] - state.blkIndent >= 4) break;
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    if (terminate) break;
    if (isOrdered) {
      posAfterMarker = skipOrderedListMarker(state, nextLine);
      if (posAfterMarker < 0) break;
      start = state.bMarks[nextLine] + state.tShift[nextLine];
    } else {
      posAfterMarker = skipBulletListMarker(state, nextLine);
      if (posAfterMarker < 0) break;
    }
    if (markerCharCode !== state.src.charCodeAt(posAfterMarker - 1)) break;
  }
  if (isOrdered) token = state.push("ordered_list_close", "ol", -1);
  else token = state.push("bullet_list_close", "ul", -1);
  token.markup = String.fromCharCode(markerCharCode);
  listLines[1] = nextLine;
  state.line = nextLine;
  state.parentType = oldParentType;
  if (tight) markTightParagraphs(state, listTokIdx);
  return true;
}
var MAX_LABEL_LENGTH = 999;
function countCodePoints(str) {
  let length = str.length;
  for (let i = 0; i < str.length - 1; i++) {
    const high = str.charCodeAt(i);
    if (high < 55296 || high > 56319) continue;
    const low = str.charCodeAt(i + 1);
    if (low >= 56320 && low <= 57343) {
      length--;
      i++;
    }
  }
  return length;
}
function lineEnd(state, line) {
  return Math.min(state.eMarks[line] + 1, state.src.length);
}
function getNextLinePos(state, nextLine) {
  const endLine = state.lineMax;
  if (nextLine >= endLine || state.isEmpty(nextLine)) return -1;
  let isContinuation = false;
  if (state.sCount[nextLine] - state.blkIndent > 3) isContinuation = true;
  if (state.sCount[nextLine] < 0) isContinuation = true;
  if (!isContinuation) {
    const terminatorRules = state.md.block.ruler.getRules("reference");
    const oldParentType = state.parentType;
    state.parentType = "reference";
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    state.parentType = oldParentType;
    if (terminate) return -1;
  }
  return state.bMarks[nextLine] + state.tShift[nextLine];
}
function reference2(state, startLine, _endLine, silent) {
  const src = state.src;
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let nextLine = startLine + 1;
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (src.charCodeAt(pos) !== 91) return false;
  let max = lineEnd(state, startLine);
  let rawLabel = "";
  let labelEnd = -1;
  let segmentStart = ++pos;
  while (pos < max) {
    if (rawLabel.length + pos - segmentStart > MAX_LABEL_LENGTH * 2) return false;
    let ch = src.charCodeAt(pos);
    if (ch === 91) return false;
    if (ch === 93) {
      labelEnd = pos;
      break;
    }
    if (ch === 92) ch = src.charCodeAt(++pos);
    if (ch === 10 && pos < max) {
      const nextPos = getNextLinePos(state, nextLine);
      if (nextPos < 0) return false;
      rawLabel += src.slice(segmentStart, max);
      pos = segmentStart = nextPos;
      max = lineEnd(state, nextLine++);
      continue;
    }
    pos++;
  }
  if (labelEnd < 0 || src.charCodeAt(labelEnd + 1) !== 58) return false;
  rawLabel += src.slice(segmentStart, labelEnd);
  if (rawLabel.length > MAX_LABEL_LENGTH && countCodePoints(rawLabel) > MAX_LABEL_LENGTH) return false;
  pos = labelEnd + 2;
  while (pos < max) {
    const ch = src.charCodeAt(pos);
    if (ch === 10) {
      const nextPos = getNextLinePos(state, nextLine);
      if (nextPos < 0) break;
      pos = nextPos;
      max = lineEnd(state, nextLine++);
    } else if (isSpace2(ch)) pos++;
    else break;
  }
  const destRes = state.md.helpers.parseLinkDestination(src, pos, max);
  if (!destRes.ok) return false;
  const href = state.md.normalizeLink(destRes.str);
  if (!state.md.validateLink(href)) return false;
  pos = destRes.pos;
  const destEndPos = pos;
  const destEndMax = max;
  const destEndLineNo = nextLine;
  while (pos < max) {
    const ch = src.charCodeAt(pos);
    if (ch === 10) {
      const nextPos = getNextLinePos(state, nextLine);
      if (nextPos < 0) break;
      pos = nextPos;
      max = lineEnd(state, nextLine++);
    } else if (isSpace2(ch)) pos++;
    else break;
  }
  const titleStart = pos;
  let titleRes = state.md.helpers.parseLinkTitle(src, pos, max);
  while (titleRes.can_continue) {
    const nextPos = getNextLinePos(state, nextLine);
    if (nextPos < 0) break;
    pos = nextPos;
    max = lineEnd(state, nextLine++);
    titleRes = state.md.helpers.parseLinkTitle(src, pos, max, titleRes);
  }
  let title;
  if (titleStart !== destEndPos && titleRes.ok) {
    title = titleRes.str;
    pos = titleRes.pos;
  } else {
    title = "";
    pos = destEndPos;
    max = destEndMax;
    nextLine = destEndLineNo;
  }
  while (pos < max) {
    if (!isSpace2(src.charCodeAt(pos))) break;
    pos++;
  }
  if (pos < max && src.charCodeAt(pos) !== 10) {
    if (title) {
      title = "";
      pos = destEndPos;
      max = destEndMax;
      nextLine = destEndLineNo;
      while (pos < max) {
        if (!isSpace2(src.charCodeAt(pos))) break;
        pos++;
      }
    }
  }
  if (pos < max && src.charCodeAt(pos) !== 10) return false;
  const label = normalizeReference(rawLabel);
  if (!label) return false;
  if (silent) return true;
  if (typeof state.env.references === "undefined") state.env.references = {};
  if (typeof state.env.references[label] === "undefined") state.env.references[label] = {
    title,
    href
  };
  const token = state.push("reference_definition", "", 0);
  token.map = [startLine, nextLine];
  token.hidden = true;
  const meta = /* @__PURE__ */ Object.create(null);
  meta.label = label;
  token.meta = meta;
  state.line = nextLine;
  return true;
}
var html_blocks_default = [
  "address",
  "article",
  "aside",
  "base",
  "basefont",
  "blockquote",
  "body",
  "caption",
  "center",
  "col",
  "colgroup",
  "dd",
  "details",
  "dialog",
  "dir",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "frame",
  "frameset",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "head",
  "header",
  "hr",
  "html",
  "iframe",
  "legend",
  "li",
  "link",
  "main",
  "menu",
  "menuitem",
  "nav",
  "noframes",
  "ol",
  "optgroup",
  "option",
  "p",
  "param",
  "search",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "title",
  "tr",
  "track",
  "ul"
];
var open_tag = `<[A-Za-z][A-Za-z0-9\\-]*(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)*\\s*\\/?>`;
var close_tag = "<\\/[A-Za-z][A-Za-z0-9\\-]*\\s*>";
new RegExp(`^(?:${open_tag}|${close_tag}|<!---?>|<!--(?:[^-]|-[^-]|--[^>])*-->|<[?][\\s\\S]*?[?]>|<![A-Za-z][^>]*>|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>)`);
var HTML_OPEN_CLOSE_TAG_RE = new RegExp(`^(?:${open_tag}|${close_tag})`);
var HTML_SEQUENCES = [
  [
    /^<(script|pre|style|textarea)(?=(\s|>|$))/i,
    /<\/(script|pre|style|textarea)>/i,
    true
  ],
  [
    /^<!--/,
    /-->/,
    true
  ],
  [
    /^<\?/,
    /\?>/,
    true
  ],
  [
    /^<![A-Za-z]/,
    />/,
    true
  ],
  [
    /^<!\[CDATA\[/,
    /\]\]>/,
    true
  ],
  [
    new RegExp(`^</?(${html_blocks_default.join("|")})(?=(\\s|/?>|$))`, "i"),
    /^$/,
    true
  ],
  [
    new RegExp(`${HTML_OPEN_CLOSE_TAG_RE.source}\\s*$`),
    /^$/,
    false
  ]
];
function html_block(state, startLine, endLine, silent) {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (!state.md.options.html) return false;
  if (state.src.charCodeAt(pos) !== 60) return false;
  let lineText = state.src.slice(pos, max);
  let i = 0;
  for (; i < HTML_SEQUENCES.length; i++) if (HTML_SEQUENCES[i][0].test(lineText)) break;
  if (i === HTML_SEQUENCES.length) return false;
  if (silent) return HTML_SEQUENCES[i][2];
  let nextLine = startLine + 1;
  const endsOnBlankLine = HTML_SEQUENCES[i][1].test("");
  if (!HTML_SEQUENCES[i][1].test(lineText)) for (; nextLine < endLine; nextLine++) {
    if (state.sCount[nextLine] < state.blkIndent) {
      if (endsOnBlankLine || !state.isEmpty(nextLine)) break;
    }
    pos = state.bMarks[nextLine] + state.tShift[nextLine];
    max = state.eMarks[nextLine];
    lineText = state.src.slice(pos, max);
    if (HTML_SEQUENCES[i][1].test(lineText)) {
      if (lineText.length !== 0) nextLine++;
      break;
    }
  }
  state.line = nextLine;
  const token = state.push("html_block", "", 0);
  token.map = [startLine, nextLine];
  token.content = state.getLines(startLine, nextLine, state.blkIndent, true);
  return true;
}
function heading(state, startLine, endLine, silent) {
  let pos = state.bMarks[startLine] + state.tShift[startLine];
  let max = state.eMarks[startLine];
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  let ch = state.src.charCodeAt(pos);
  if (ch !== 35 || pos >= max) return false;
  let level = 1;
  ch = state.src.charCodeAt(++pos);
  while (ch === 35 && pos < max && level <= 6) {
    level++;
    ch = state.src.charCodeAt(++pos);
  }
  if (level > 6 || pos < max && !isSpace2(ch)) return false;
  if (silent) return true;
  max = state.skipSpacesBack(max, pos);
  const tmp = state.skipCharsBack(max, 35, pos);
  if (tmp > pos && isSpace2(state.src.charCodeAt(tmp - 1))) max = tmp;
  state.line = startLine + 1;
  const token_o = state.push("heading_open", `h${level}`, 1);
  token_o.markup = "########".slice(0, level);
  token_o.map = [startLine, state.line];
  const token_i = state.push("inline", "", 0);
  token_i.content = asciiTrim(state.src.slice(pos, max));
  token_i.map = [startLine, state.line];
  token_i.children = [];
  const token_c = state.push("heading_close", `h${level}`, -1);
  token_c.markup = "########".slice(0, level);
  return true;
}
function lheading(state, startLine, endLine) {
  const terminatorRules = state.md.block.ruler.getRules("paragraph");
  if (state.sCount[startLine] - state.blkIndent >= 4) return false;
  const oldParentType = state.parentType;
  state.parentType = "paragraph";
  let level = 0;
  let marker;
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    if (state.sCount[nextLine] - state.blkIndent > 3) continue;
    if (state.sCount[nextLine] >= state.blkIndent) {
      let pos = state.bMarks[nextLine] + state.tShift[nextLine];
      const max = state.eMarks[nextLine];
      if (pos < max) {
        marker = state.src.charCodeAt(pos);
        if (marker === 45 || marker === 61) {
          pos = state.skipChars(pos, marker);
          pos = state.skipSpaces(pos);
          if (pos >= max) {
            level = marker === 61 ? 1 : 2;
            break;
          }
        }
      }
    }
    if (state.sCount[nextLine] < 0) continue;
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    if (terminate) break;
  }
  if (!level) {
    state.parentType = oldParentType;
    return false;
  }
  const content = asciiTrim(state.getLines(startLine, nextLine, state.blkIndent, false));
  state.line = nextLine + 1;
  const token_o = state.push("heading_open", `h${level}`, 1);
  token_o.markup = String.fromCharCode(marker);
  token_o.map = [startLine, state.line];
  const token_i = state.push("inline", "", 0);
  token_i.content = content;
  token_i.map = [startLine, state.line - 1];
  token_i.children = [];
  const token_c = state.push("heading_close", `h${level}`, -1);
  token_c.markup = String.fromCharCode(marker);
  state.parentType = oldParentType;
  return true;
}
function paragraph(state, startLine, endLine) {
  const terminatorRules = state.md.block.ruler.getRules("paragraph");
  const oldParentType = state.parentType;
  let nextLine = startLine + 1;
  state.parentType = "paragraph";
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    if (state.sCount[nextLine] - state.blkIndent > 3) continue;
    if (state.sCount[nextLine] < 0) continue;
    let terminate = false;
    for (let i = 0, l = terminatorRules.length; i < l; i++) if (terminatorRules[i](state, nextLine, endLine, true)) {
      terminate = true;
      break;
    }
    if (terminate) break;
  }
  const content = asciiTrim(state.getLines(startLine, nextLine, state.blkIndent, false));
  state.line = nextLine;
  const token_o = state.push("paragraph_open", "p", 1);
  token_o.map = [startLine, state.line];
  const token_i = state.push("inline", "", 0);
  token_i.content = content;
  token_i.map = [startLine, state.line];
  token_i.children = [];
  state.push("paragraph_close", "p", -1);
  state.parentType = oldParentType;
  return true;
}
var _rules$1 = [
  [
    "table",
    table,
    ["paragraph", "reference"]
  ],
  ["code", code],
  [
    "fence",
    fence,
    [
      "paragraph",
      "reference",
      "blockquote",
      "list"
    ]
  ],
  [
    "blockquote",
    blockquote,
    [
      "paragraph",
      "reference",
      "blockquote",
      "list"
    ]
  ],
  [
    "hr",
    hr,
    [
      "paragraph",
      "reference",
      "blockquote",
      "list"
    ]
  ],
  [
    "list",
    list,
    [
      "paragraph",
      "reference",
      "blockquote"
    ]
  ],
  ["reference", reference2],
  [
    "html_block",
    html_block,
    [
      "paragraph",
      "reference",
      "blockquote"
    ]
  ],
  [
    "heading",
    heading,
    [
      "paragraph",
      "reference",
      "blockquote"
    ]
  ],
  ["lheading", lheading],
  ["paragraph", paragraph]
];
var ParserBlock = class {
  constructor() {
    _defineProperty(
      this,
      /**
      * {@link Ruler} instance. Keep configuration of block rules.
      */
      "ruler",
      new Ruler()
    );
    _defineProperty(this, "State", StateBlock);
    for (let i = 0; i < _rules$1.length; i++) this.ruler.push(_rules$1[i][0], _rules$1[i][1], { alt: (_rules$1[i][2] || []).slice() });
  }
  tokenize(state, startLine, endLine) {
    const rules = this.ruler.getRules("");
    const len = rules.length;
    const maxNesting = state.md.options.maxNesting;
    let line = startLine;
    let hasEmptyLines = false;
    while (line < endLine) {
      state.line = line = state.skipEmptyLines(line);
      if (line >= endLine) break;
      if (state.sCount[line] < state.blkIndent) break;
      if (state.level >= maxNesting) {
        state.line = endLine;
        break;
      }
      const prevLine = state.line;
      let ok = false;
      for (let i = 0; i < len; i++) {
        ok = rules[i](state, line, endLine, false);
        if (ok) {
          if (prevLine >= state.line) throw new Error("block rule didn't increment state.line");
          break;
        }
      }
      if (!ok) throw new Error("none of the block rules matched");
      state.tight = !hasEmptyLines;
      if (state.isEmpty(state.line - 1)) hasEmptyLines = true;
      line = state.line;
      if (line < endLine && state.isEmpty(line)) {
        hasEmptyLines = true;
        line++;
        state.line = line;
      }
    }
  }
  /**
  * Process input string and push block tokens into `outTokens`
  */
  parse(src, md2, env, outTokens) {
    if (!src) return;
    const state = new this.State(src, md2, env, outTokens);
    this.tokenize(state, state.line, state.lineMax);
  }
};
var StateInline = class {
  constructor(src, md2, env, outTokens) {
    _defineProperty(this, "pos", 0);
    _defineProperty(this, "level", 0);
    _defineProperty(this, "pending", "");
    _defineProperty(this, "pendingLevel", 0);
    _defineProperty(this, "cache", {});
    _defineProperty(this, "backticks", {});
    _defineProperty(this, "backticksScanned", false);
    _defineProperty(this, "skipHtmlSpecial", false);
    _defineProperty(this, "linkLevel", 0);
    _defineProperty(this, "delimiters", []);
    _defineProperty(this, "_prev_delimiters", []);
    _defineProperty(this, "Token", Token);
    this.src = src;
    this.env = env;
    this.md = md2;
    this.tokens = outTokens;
    this.tokens_meta = Array(outTokens.length);
    this.posMax = this.src.length;
  }
  pushPending() {
    const token = new Token("text", "", 0);
    token.content = this.pending;
    token.level = this.pendingLevel;
    this.tokens.push(token);
    this.pending = "";
    return token;
  }
  push(type, tag, nesting) {
    if (this.pending) this.pushPending();
    const token = new Token(type, tag, nesting);
    let token_meta = void 0;
    if (nesting < 0) {
      this.level--;
      this.delimiters = this._prev_delimiters.pop();
    }
    token.level = this.level;
    if (nesting > 0) {
      this.level++;
      this._prev_delimiters.push(this.delimiters);
      this.delimiters = [];
      token_meta = { delimiters: this.delimiters };
    }
    this.pendingLevel = this.level;
    this.tokens.push(token);
    this.tokens_meta.push(token_meta);
    return token;
  }
  scanDelims(start, canSplitWord) {
    const max = this.posMax;
    const marker = this.src.charCodeAt(start);
    let lastChar;
    if (start === 0) lastChar = 32;
    else if (start === 1) {
      lastChar = this.src.charCodeAt(0);
      if ((lastChar & 63488) === 55296) lastChar = 65533;
    } else {
      lastChar = this.src.charCodeAt(start - 1);
      if ((lastChar & 64512) === 56320) {
        const highSurr = this.src.charCodeAt(start - 2);
        lastChar = (highSurr & 64512) === 55296 ? 65536 + (highSurr - 55296 << 10) + (lastChar - 56320) : 65533;
      } else if ((lastChar & 64512) === 55296) lastChar = 65533;
    }
    let pos = start;
    while (pos < max && this.src.charCodeAt(pos) === marker) pos++;
    const count2 = pos - start;
    let nextChar = pos < max ? this.src.charCodeAt(pos) : 32;
    if ((nextChar & 64512) === 55296) {
      const lowSurr = this.src.charCodeAt(pos + 1);
      nextChar = (lowSurr & 64512) === 56320 ? 65536 + (nextChar - 55296 << 10) + (lowSurr - 56320) : 65533;
    } else if ((nextChar & 64512) === 56320) nextChar = 65533;
    const isLastPunctChar = isMdAsciiPunct(lastChar) || isPunctCharCode(lastChar);
    const isNextPunctChar = isMdAsciiPunct(nextChar) || isPunctCharCode(nextChar);
    const isLastWhiteSpace = isWhiteSpace(lastChar);
    const isNextWhiteSpace = isWhiteSpace(nextChar);
    const left_flanking = !isNextWhiteSpace && (!isNextPunctChar || isLastWhiteSpace || isLastPunctChar);
    const right_flanking = !isLastWhiteSpace && (!isLastPunctChar || isNextWhiteSpace || isNextPunctChar);
    return {
      can_open: left_flanking && (canSplitWord || !right_flanking || isLastPunctChar),
      can_close: right_flanking && (canSplitWord || !left_flanking || isNextPunctChar),
      length: count2
    };
  }
};
function isTerminatorChar(ch) {
  switch (ch) {
    case 10:
    case 33:
    case 35:
    case 36:
    case 37:
    case 38:
    case 42:
    case 43:
    case 45:
    case 58:
    case 60:
    case 61:
    case 62:
    case 64:
    case 91:
    case 92:
    case 93:
    case 94:
    case 95:
    case 96:
    case 123:
    case 125:
    case 126:
      return true;
    default:
      return false;
  }
}
function text(state, silent) {
  let pos = state.pos;
  while (pos < state.posMax && !isTerminatorChar(state.src.charCodeAt(pos))) pos++;
  if (pos === state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, pos);
  state.pos = pos;
  return true;
}
function isAsciiAlpha(code2) {
  return code2 >= 65 && code2 <= 90 || code2 >= 97 && code2 <= 122;
}
function isSchemeChar(code2) {
  return code2 >= 65 && code2 <= 90 || code2 >= 97 && code2 <= 122 || code2 >= 48 && code2 <= 57 || code2 === 43 || code2 === 45 || code2 === 46;
}
function linkify(state, silent) {
  if (!state.md.options.linkify) return false;
  if (state.linkLevel > 0) return false;
  const pos = state.pos;
  const max = state.posMax;
  if (pos + 3 > max) return false;
  if (state.src.charCodeAt(pos) !== 58) return false;
  if (state.src.charCodeAt(pos + 1) !== 47) return false;
  if (state.src.charCodeAt(pos + 2) !== 47) return false;
  const protoMin = pos - Math.min(10, state.pending.length, pos);
  let protoStart = pos;
  while (protoStart > protoMin && isSchemeChar(state.src.charCodeAt(protoStart - 1))) protoStart--;
  if (protoStart === pos || !isAsciiAlpha(state.src.charCodeAt(protoStart))) return false;
  const protoLength = pos - protoStart;
  const link2 = state.md.linkify.matchAtStart(state.src.slice(protoStart));
  if (!link2) return false;
  let url = link2.url;
  if (url.length <= protoLength) return false;
  let urlEnd = url.length;
  while (urlEnd > 0 && url.charCodeAt(urlEnd - 1) === 42) urlEnd--;
  if (urlEnd !== url.length) url = url.slice(0, urlEnd);
  const fullUrl = state.md.normalizeLink(url);
  if (!state.md.validateLink(fullUrl)) return false;
  if (!silent) {
    state.pending = state.pending.slice(0, -protoLength);
    const token_o = state.push("link_open", "a", 1);
    token_o.attrs = [["href", fullUrl]];
    token_o.markup = "linkify";
    token_o.info = "auto";
    const token_t = state.push("text", "", 0);
    token_t.content = state.md.normalizeLinkText(url);
    const token_c = state.push("link_close", "a", -1);
    token_c.markup = "linkify";
    token_c.info = "auto";
  }
  state.pos += url.length - protoLength;
  return true;
}
function newline(state, silent) {
  let pos = state.pos;
  if (state.src.charCodeAt(pos) !== 10) return false;
  const pmax = state.pending.length - 1;
  const max = state.posMax;
  if (!silent) {
    if (pmax >= 0 && state.pending.charCodeAt(pmax) === 32) {
      if (pmax >= 1 && state.pending.charCodeAt(pmax - 1) === 32) {
        let ws = pmax - 1;
        while (ws >= 1 && state.pending.charCodeAt(ws - 1) === 32) ws--;
        state.pending = state.pending.slice(0, ws);
        state.push("hardbreak", "br", 0);
      } else {
        state.pending = state.pending.slice(0, -1);
        state.push("softbreak", "br", 0);
      }
    } else state.push("softbreak", "br", 0);
  }
  pos++;
  while (pos < max && isSpace2(state.src.charCodeAt(pos))) pos++;
  state.pos = pos;
  return true;
}
var ESCAPED = [];
for (let i = 0; i < 256; i++) ESCAPED.push(0);
"\\!\"#$%&'()*+,./:;<=>?@[]^_`{|}~-".split("").forEach(function(ch) {
  ESCAPED[ch.charCodeAt(0)] = 1;
});
function escape(state, silent) {
  let pos = state.pos;
  const max = state.posMax;
  if (state.src.charCodeAt(pos) !== 92) return false;
  pos++;
  if (pos >= max) return false;
  let ch1 = state.src.charCodeAt(pos);
  if (ch1 === 10) {
    if (!silent) state.push("hardbreak", "br", 0);
    pos++;
    while (pos < max) {
      ch1 = state.src.charCodeAt(pos);
      if (!isSpace2(ch1)) break;
      pos++;
    }
    state.pos = pos;
    return true;
  }
  if (ch1 === 32) {
    if (!silent) {
      const token = state.push("text_special", "", 0);
      token.content = "\\";
      token.markup = "\\";
      token.info = "escape";
    }
    state.pos = pos;
    return true;
  }
  let escapedStr = state.src[pos];
  if (ch1 >= 55296 && ch1 <= 56319 && pos + 1 < max) {
    const ch2 = state.src.charCodeAt(pos + 1);
    if (ch2 >= 56320 && ch2 <= 57343) {
      escapedStr += state.src[pos + 1];
      pos++;
    }
  }
  const origStr = "\\" + escapedStr;
  if (!silent) {
    const token = state.push("text_special", "", 0);
    if (ch1 < 256 && ESCAPED[ch1] !== 0) token.content = escapedStr;
    else token.content = origStr;
    token.markup = origStr;
    token.info = "escape";
  }
  state.pos = pos + 1;
  return true;
}
function buildLastRuns(src) {
  const lastRuns = {};
  let pos = 0;
  while ((pos = src.indexOf("`", pos)) !== -1) {
    const start = pos;
    while (src.charCodeAt(++pos) === 96) ;
    lastRuns[pos - start] = start;
  }
  return lastRuns;
}
function backtick(state, silent) {
  var _state$backticks$open;
  const start = state.pos;
  if (state.src.charCodeAt(start) !== 96) return false;
  const max = state.posMax;
  let pos = start + 1;
  while (pos < max && state.src.charCodeAt(pos) === 96) pos++;
  const marker = state.src.slice(start, pos);
  const openerLength = marker.length;
  if (!state.backticksScanned) {
    state.backticks = buildLastRuns(state.src);
    state.backticksScanned = true;
  }
  if (((_state$backticks$open = state.backticks[openerLength]) !== null && _state$backticks$open !== void 0 ? _state$backticks$open : -1) >= pos) {
    let matchEnd = pos;
    let matchStart;
    while ((matchStart = state.src.indexOf("`", matchEnd)) !== -1 && matchStart < max) {
      matchEnd = matchStart + 1;
      while (state.src.charCodeAt(matchEnd) === 96) matchEnd++;
      if (matchEnd > max) break;
      if (matchEnd - matchStart === openerLength) {
        if (!silent) {
          const token = state.push("code_inline", "code", 0);
          token.markup = marker;
          let content = state.src.slice(pos, matchStart).replace(/\n/g, " ");
          if (content.startsWith(" ") && content.endsWith(" ") && /[^ ]/.test(content)) content = content.slice(1, -1);
          token.content = content;
        }
        state.pos = matchEnd;
        return true;
      }
    }
  }
  if (!silent) state.pending += marker;
  state.pos = pos;
  return true;
}
function strikethrough_tokenize(state, silent) {
  const start = state.pos;
  const marker = state.src.charCodeAt(start);
  if (silent) return false;
  if (marker !== 126) return false;
  const scanned = state.scanDelims(state.pos, true);
  let len = scanned.length;
  const ch = String.fromCharCode(marker);
  if (len < 2) return false;
  let token;
  if (len % 2) {
    token = state.push("text", "", 0);
    token.content = ch;
    len--;
  }
  for (let i = 0; i < len; i += 2) {
    token = state.push("text", "", 0);
    token.content = ch + ch;
    state.delimiters.push({
      marker,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close
    });
  }
  state.pos += scanned.length;
  return true;
}
function postProcess$1(state, delimiters) {
  let token;
  const loneMarkers = [];
  const max = delimiters.length;
  for (let i = 0; i < max; i++) {
    const startDelim = delimiters[i];
    if (startDelim.marker !== 126) continue;
    if (startDelim.end === -1) continue;
    const endDelim = delimiters[startDelim.end];
    token = state.tokens[startDelim.token];
    token.type = "s_open";
    token.tag = "s";
    token.nesting = 1;
    token.markup = "~~";
    token.content = "";
    token = state.tokens[endDelim.token];
    token.type = "s_close";
    token.tag = "s";
    token.nesting = -1;
    token.markup = "~~";
    token.content = "";
    if (state.tokens[endDelim.token - 1].type === "text" && state.tokens[endDelim.token - 1].content === "~") loneMarkers.push(endDelim.token - 1);
  }
  while (loneMarkers.length) {
    const i = loneMarkers.pop();
    let j = i + 1;
    while (j < state.tokens.length && state.tokens[j].type === "s_close") j++;
    j--;
    if (i !== j) {
      token = state.tokens[j];
      state.tokens[j] = state.tokens[i];
      state.tokens[i] = token;
    }
  }
}
function strikethrough_postProcess(state) {
  const tokens_meta = state.tokens_meta;
  const max = state.tokens_meta.length;
  postProcess$1(state, state.delimiters);
  for (let curr = 0; curr < max; curr++) {
    var _tokens_meta$curr;
    const delimiters = (_tokens_meta$curr = tokens_meta[curr]) === null || _tokens_meta$curr === void 0 ? void 0 : _tokens_meta$curr.delimiters;
    if (delimiters) postProcess$1(state, delimiters);
  }
}
var strikethrough_default = {
  tokenize: strikethrough_tokenize,
  postProcess: strikethrough_postProcess
};
function emphasis_tokenize(state, silent) {
  const start = state.pos;
  const marker = state.src.charCodeAt(start);
  if (silent) return false;
  if (marker !== 95 && marker !== 42) return false;
  const scanned = state.scanDelims(state.pos, marker === 42);
  for (let i = 0; i < scanned.length; i++) {
    const token = state.push("text", "", 0);
    token.content = String.fromCharCode(marker);
    state.delimiters.push({
      marker,
      length: scanned.length,
      token: state.tokens.length - 1,
      end: -1,
      open: scanned.can_open,
      close: scanned.can_close
    });
  }
  state.pos += scanned.length;
  return true;
}
function postProcess(state, delimiters) {
  const max = delimiters.length;
  for (let i = max - 1; i >= 0; i--) {
    const startDelim = delimiters[i];
    if (startDelim.marker !== 95 && startDelim.marker !== 42) continue;
    if (startDelim.end === -1) continue;
    const endDelim = delimiters[startDelim.end];
    const isStrong = i > 0 && delimiters[i - 1].end === startDelim.end + 1 && delimiters[i - 1].marker === startDelim.marker && delimiters[i - 1].token === startDelim.token - 1 && delimiters[startDelim.end + 1].token === endDelim.token + 1;
    const ch = String.fromCharCode(startDelim.marker);
    const token_o = state.tokens[startDelim.token];
    token_o.type = isStrong ? "strong_open" : "em_open";
    token_o.tag = isStrong ? "strong" : "em";
    token_o.nesting = 1;
    token_o.markup = isStrong ? ch + ch : ch;
    token_o.content = "";
    const token_c = state.tokens[endDelim.token];
    token_c.type = isStrong ? "strong_close" : "em_close";
    token_c.tag = isStrong ? "strong" : "em";
    token_c.nesting = -1;
    token_c.markup = isStrong ? ch + ch : ch;
    token_c.content = "";
    if (isStrong) {
      state.tokens[delimiters[i - 1].token].content = "";
      state.tokens[delimiters[startDelim.end + 1].token].content = "";
      i--;
    }
  }
}
function emphasis_post_process(state) {
  const tokens_meta = state.tokens_meta;
  const max = state.tokens_meta.length;
  postProcess(state, state.delimiters);
  for (let curr = 0; curr < max; curr++) {
    var _tokens_meta$curr;
    const delimiters = (_tokens_meta$curr = tokens_meta[curr]) === null || _tokens_meta$curr === void 0 ? void 0 : _tokens_meta$curr.delimiters;
    if (delimiters) postProcess(state, delimiters);
  }
}
var emphasis_default = {
  tokenize: emphasis_tokenize,
  postProcess: emphasis_post_process
};
function link(state, silent) {
  let code2, label, res, ref;
  let href = "";
  let title = "";
  let start = state.pos;
  let parseReference2 = true;
  if (state.src.charCodeAt(state.pos) !== 91) return false;
  const oldPos = state.pos;
  const max = state.posMax;
  const labelStart = state.pos + 1;
  const labelEnd = state.md.helpers.parseLinkLabel(state, state.pos, true);
  if (labelEnd < 0) return false;
  let pos = labelEnd + 1;
  if (pos < max && state.src.charCodeAt(pos) === 40) {
    parseReference2 = false;
    pos++;
    for (; pos < max; pos++) {
      code2 = state.src.charCodeAt(pos);
      if (!isSpace2(code2) && code2 !== 10) break;
    }
    if (pos >= max) return false;
    start = pos;
    res = state.md.helpers.parseLinkDestination(state.src, pos, state.posMax);
    if (res.ok) {
      href = state.md.normalizeLink(res.str);
      if (state.md.validateLink(href)) pos = res.pos;
      else href = "";
      start = pos;
      for (; pos < max; pos++) {
        code2 = state.src.charCodeAt(pos);
        if (!isSpace2(code2) && code2 !== 10) break;
      }
      res = state.md.helpers.parseLinkTitle(state.src, pos, state.posMax);
      if (pos < max && start !== pos && res.ok) {
        title = res.str;
        pos = res.pos;
        for (; pos < max; pos++) {
          code2 = state.src.charCodeAt(pos);
          if (!isSpace2(code2) && code2 !== 10) break;
        }
      }
    }
    if (pos >= max || state.src.charCodeAt(pos) !== 41) parseReference2 = true;
    pos++;
  }
  if (parseReference2) {
    if (typeof state.env.references === "undefined") return false;
    if (pos < max && state.src.charCodeAt(pos) === 91) {
      start = pos + 1;
      pos = state.md.helpers.parseLinkLabel(state, pos);
      if (pos >= 0) label = state.src.slice(start, pos++);
      else pos = labelEnd + 1;
    } else pos = labelEnd + 1;
    if (!label) label = state.src.slice(labelStart, labelEnd);
    label = normalizeReference(label);
    ref = state.env.references[label];
    if (!ref) {
      state.pos = oldPos;
      return false;
    }
    href = ref.href;
    title = ref.title;
  }
  if (!silent) {
    state.pos = labelStart;
    state.posMax = labelEnd;
    const token_o = state.push("link_open", "a", 1);
    const attrs = [["href", href]];
    token_o.attrs = attrs;
    if (title) attrs.push(["title", title]);
    if (label) {
      const meta = /* @__PURE__ */ Object.create(null);
      meta.label = label;
      token_o.meta = meta;
    }
    state.linkLevel++;
    state.md.inline.tokenize(state);
    state.linkLevel--;
    state.push("link_close", "a", -1);
  }
  state.pos = pos;
  state.posMax = max;
  return true;
}
function image(state, silent) {
  let code2, content, label, pos, ref, res, title, start;
  let href = "";
  const oldPos = state.pos;
  const max = state.posMax;
  if (state.src.charCodeAt(state.pos) !== 33) return false;
  if (state.src.charCodeAt(state.pos + 1) !== 91) return false;
  const labelStart = state.pos + 2;
  const labelEnd = state.md.helpers.parseLinkLabel(state, state.pos + 1, false);
  if (labelEnd < 0) return false;
  pos = labelEnd + 1;
  if (pos < max && state.src.charCodeAt(pos) === 40) {
    pos++;
    for (; pos < max; pos++) {
      code2 = state.src.charCodeAt(pos);
      if (!isSpace2(code2) && code2 !== 10) break;
    }
    if (pos >= max) return false;
    start = pos;
    res = state.md.helpers.parseLinkDestination(state.src, pos, state.posMax);
    if (res.ok) {
      href = state.md.normalizeLink(res.str);
      if (state.md.validateLink(href)) pos = res.pos;
      else href = "";
    }
    start = pos;
    for (; pos < max; pos++) {
      code2 = state.src.charCodeAt(pos);
      if (!isSpace2(code2) && code2 !== 10) break;
    }
    res = state.md.helpers.parseLinkTitle(state.src, pos, state.posMax);
    if (pos < max && start !== pos && res.ok) {
      title = res.str;
      pos = res.pos;
      for (; pos < max; pos++) {
        code2 = state.src.charCodeAt(pos);
        if (!isSpace2(code2) && code2 !== 10) break;
      }
    } else title = "";
    if (pos >= max || state.src.charCodeAt(pos) !== 41) {
      state.pos = oldPos;
      return false;
    }
    pos++;
  } else {
    if (typeof state.env.references === "undefined") return false;
    if (pos < max && state.src.charCodeAt(pos) === 91) {
      start = pos + 1;
      pos = state.md.helpers.parseLinkLabel(state, pos);
      if (pos >= 0) label = state.src.slice(start, pos++);
      else pos = labelEnd + 1;
    } else pos = labelEnd + 1;
    if (!label) label = state.src.slice(labelStart, labelEnd);
    label = normalizeReference(label);
    ref = state.env.references[label];
    if (!ref) {
      state.pos = oldPos;
      return false;
    }
    href = ref.href;
    title = ref.title;
  }
  if (!silent) {
    content = state.src.slice(labelStart, labelEnd);
    const tokens = [];
    state.md.inline.parse(content, state.md, state.env, tokens);
    const token = state.push("image", "img", 0);
    const attrs = [["src", href], ["alt", ""]];
    token.attrs = attrs;
    token.children = tokens;
    token.content = content;
    if (title) attrs.push(["title", title]);
    if (label) {
      const meta = /* @__PURE__ */ Object.create(null);
      meta.label = label;
      token.meta = meta;
    }
  }
  state.pos = pos;
  state.posMax = max;
  return true;
}
var EMAIL_RE = /^([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*)$/;
var AUTOLINK_RE = /^([a-zA-Z][a-zA-Z0-9+.-]{1,31}):([^<>\x00-\x20]*)$/;
function autolink(state, silent) {
  let pos = state.pos;
  if (state.src.charCodeAt(pos) !== 60) return false;
  const start = state.pos;
  const max = state.posMax;
  for (; ; ) {
    if (++pos >= max) return false;
    const ch = state.src.charCodeAt(pos);
    if (ch === 60) return false;
    if (ch === 62) break;
  }
  const url = state.src.slice(start + 1, pos);
  if (AUTOLINK_RE.test(url)) {
    const fullUrl = state.md.normalizeLink(url);
    if (!state.md.validateLink(fullUrl)) return false;
    if (!silent) {
      const token_o = state.push("link_open", "a", 1);
      token_o.attrs = [["href", fullUrl]];
      token_o.markup = "autolink";
      token_o.info = "auto";
      const token_t = state.push("text", "", 0);
      token_t.content = state.md.normalizeLinkText(url);
      const token_c = state.push("link_close", "a", -1);
      token_c.markup = "autolink";
      token_c.info = "auto";
    }
    state.pos += url.length + 2;
    return true;
  }
  if (EMAIL_RE.test(url)) {
    const fullUrl = state.md.normalizeLink(`mailto:${url}`);
    if (!state.md.validateLink(fullUrl)) return false;
    if (!silent) {
      const token_o = state.push("link_open", "a", 1);
      token_o.attrs = [["href", fullUrl]];
      token_o.markup = "autolink";
      token_o.info = "auto";
      const token_t = state.push("text", "", 0);
      token_t.content = state.md.normalizeLinkText(url);
      const token_c = state.push("link_close", "a", -1);
      token_c.markup = "autolink";
      token_c.info = "auto";
    }
    state.pos += url.length + 2;
    return true;
  }
  return false;
}
function isLinkOpen(str) {
  return /^<a[>\s]/i.test(str);
}
function isLinkClose(str) {
  return /^<\/a\s*>/i.test(str);
}
function isLetter(ch) {
  const lc = ch | 32;
  return lc >= 97 && lc <= 122;
}
function scanSpecial(state, pos) {
  const src = state.src;
  let start;
  let terminator;
  if (src.startsWith("<!--", pos)) {
    if (src.startsWith(">", pos + 4)) return pos + 5;
    if (src.startsWith("->", pos + 4)) return pos + 6;
    start = pos + 4;
    terminator = "-->";
  } else if (src.startsWith("<![CDATA[", pos)) {
    start = pos + 9;
    terminator = "]]>";
  } else if (src.charCodeAt(pos + 1) === 63) {
    start = pos + 2;
    terminator = "?>";
  } else if (isLetter(src.charCodeAt(pos + 2))) {
    start = pos + 3;
    terminator = ">";
  } else return -1;
  if (state.skipHtmlSpecial) return -1;
  const end = src.indexOf(terminator, start);
  if (end < 0) {
    state.skipHtmlSpecial = true;
    return -1;
  }
  return end + terminator.length;
}
function html_inline(state, silent) {
  if (!state.md.options.html) return false;
  const max = state.posMax;
  const pos = state.pos;
  if (state.src.charCodeAt(pos) !== 60 || pos + 2 >= max) return false;
  let end;
  const ch = state.src.charCodeAt(pos + 1);
  if (ch === 33 || ch === 63) end = scanSpecial(state, pos);
  else if (ch === 47 || isLetter(ch)) {
    const match = state.src.slice(pos).match(HTML_OPEN_CLOSE_TAG_RE);
    end = match ? pos + match[0].length : -1;
  } else return false;
  if (end < 0) return false;
  if (!silent) {
    const token = state.push("html_inline", "", 0);
    token.content = state.src.slice(pos, end);
    if (isLinkOpen(token.content)) state.linkLevel++;
    if (isLinkClose(token.content)) state.linkLevel--;
  }
  state.pos = end;
  return true;
}
var DIGITAL_RE = /^&#((?:x[a-f0-9]{1,6}|[0-9]{1,7}));/i;
var NAMED_RE = /^&([a-z][a-z0-9]{1,31});/i;
function entity(state, silent) {
  const pos = state.pos;
  const max = state.posMax;
  if (state.src.charCodeAt(pos) !== 38) return false;
  if (pos + 1 >= max) return false;
  if (state.src.charCodeAt(pos + 1) === 35) {
    const match = state.src.slice(pos).match(DIGITAL_RE);
    if (match) {
      if (!silent) {
        const code2 = match[1][0].toLowerCase() === "x" ? parseInt(match[1].slice(1), 16) : parseInt(match[1], 10);
        const token = state.push("text_special", "", 0);
        token.content = isValidEntityCode(code2) ? fromCodePoint(code2) : fromCodePoint(65533);
        token.markup = match[0];
        token.info = "entity";
      }
      state.pos += match[0].length;
      return true;
    }
  } else {
    const match = state.src.slice(pos).match(NAMED_RE);
    if (match) {
      const decoded = decodeHTMLStrict(match[0]);
      if (decoded !== match[0]) {
        if (!silent) {
          const token = state.push("text_special", "", 0);
          token.content = decoded;
          token.markup = match[0];
          token.info = "entity";
        }
        state.pos += match[0].length;
        return true;
      }
    }
  }
  return false;
}
function processDelimiters(delimiters) {
  const openersBottom = {};
  const max = delimiters.length;
  if (!max) return;
  let headerIdx = 0;
  let lastTokenIdx = -2;
  const jumps = [];
  for (let closerIdx = 0; closerIdx < max; closerIdx++) {
    const closer = delimiters[closerIdx];
    jumps.push(0);
    if (delimiters[headerIdx].marker !== closer.marker || lastTokenIdx !== closer.token - 1) headerIdx = closerIdx;
    lastTokenIdx = closer.token;
    closer.length = closer.length || 0;
    if (!closer.close) continue;
    if (!openersBottom.hasOwnProperty(closer.marker)) openersBottom[closer.marker] = [
      -1,
      -1,
      -1,
      -1,
      -1,
      -1
    ];
    const minOpenerIdx = openersBottom[closer.marker][(closer.open ? 3 : 0) + closer.length % 3];
    let openerIdx = headerIdx - jumps[headerIdx] - 1;
    let newMinOpenerIdx = openerIdx;
    for (; openerIdx > minOpenerIdx; openerIdx -= jumps[openerIdx] + 1) {
      const opener = delimiters[openerIdx];
      if (opener.marker !== closer.marker) continue;
      if (opener.open && opener.end < 0) {
        let isOddMatch = false;
        if (opener.close || closer.open) {
          if ((opener.length + closer.length) % 3 === 0) {
            if (opener.length % 3 !== 0 || closer.length % 3 !== 0) isOddMatch = true;
          }
        }
        if (!isOddMatch) {
          const lastJump = openerIdx > 0 && !delimiters[openerIdx - 1].open ? jumps[openerIdx - 1] + 1 : 0;
          jumps[closerIdx] = closerIdx - openerIdx + lastJump;
          jumps[openerIdx] = lastJump;
          closer.open = false;
          opener.end = closerIdx;
          opener.close = false;
          newMinOpenerIdx = -1;
          lastTokenIdx = -2;
          break;
        }
      }
    }
    if (newMinOpenerIdx !== -1) openersBottom[closer.marker][(closer.open ? 3 : 0) + (closer.length || 0) % 3] = newMinOpenerIdx;
  }
}
function link_pairs(state) {
  const tokens_meta = state.tokens_meta;
  const max = state.tokens_meta.length;
  processDelimiters(state.delimiters);
  for (let curr = 0; curr < max; curr++) {
    var _tokens_meta$curr;
    const delimiters = (_tokens_meta$curr = tokens_meta[curr]) === null || _tokens_meta$curr === void 0 ? void 0 : _tokens_meta$curr.delimiters;
    if (delimiters) processDelimiters(delimiters);
  }
}
function fragments_join(state) {
  let curr, last;
  let level = 0;
  const tokens = state.tokens;
  const max = state.tokens.length;
  for (curr = last = 0; curr < max; curr++) {
    if (tokens[curr].nesting < 0) level--;
    tokens[curr].level = level;
    if (tokens[curr].nesting > 0) level++;
    if (tokens[curr].type === "text" && curr + 1 < max && tokens[curr + 1].type === "text") tokens[curr + 1].content = tokens[curr].content + tokens[curr + 1].content;
    else {
      if (curr !== last) tokens[last] = tokens[curr];
      last++;
    }
  }
  if (curr !== last) tokens.length = last;
}
var _rules = [
  ["text", text],
  ["linkify", linkify],
  ["newline", newline],
  ["escape", escape],
  ["backticks", backtick],
  ["strikethrough", strikethrough_default.tokenize],
  ["emphasis", emphasis_default.tokenize],
  ["link", link],
  ["image", image],
  ["autolink", autolink],
  ["html_inline", html_inline],
  ["entity", entity]
];
var _rules2 = [
  ["balance_pairs", link_pairs],
  ["strikethrough", strikethrough_default.postProcess],
  ["emphasis", emphasis_default.postProcess],
  ["fragments_join", fragments_join]
];
var ParserInline = class {
  constructor() {
    _defineProperty(
      this,
      /**
      * {@link Ruler} instance. Keep configuration of inline rules.
      */
      "ruler",
      new Ruler()
    );
    _defineProperty(
      this,
      /**
      * {@link Ruler} instance. Second ruler used for post-processing
      * (e.g. in emphasis-like rules).
      */
      "ruler2",
      new Ruler()
    );
    _defineProperty(this, "State", StateInline);
    for (let i = 0; i < _rules.length; i++) this.ruler.push(_rules[i][0], _rules[i][1]);
    for (let i = 0; i < _rules2.length; i++) this.ruler2.push(_rules2[i][0], _rules2[i][1]);
  }
  skipToken(state) {
    const pos = state.pos;
    const rules = this.ruler.getRules("");
    const len = rules.length;
    const maxNesting = state.md.options.maxNesting;
    const cache = state.cache;
    if (typeof cache[pos] !== "undefined") {
      state.pos = cache[pos];
      return;
    }
    let ok = false;
    if (state.level < maxNesting) for (let i = 0; i < len; i++) {
      state.level++;
      ok = rules[i](state, true);
      state.level--;
      if (ok) {
        if (pos >= state.pos) throw new Error("inline rule didn't increment state.pos");
        break;
      }
    }
    else state.pos = state.posMax;
    if (!ok) state.pos++;
    cache[pos] = state.pos;
  }
  tokenize(state) {
    const rules = this.ruler.getRules("");
    const len = rules.length;
    const end = state.posMax;
    const maxNesting = state.md.options.maxNesting;
    while (state.pos < end) {
      const prevPos = state.pos;
      let ok = false;
      if (state.level < maxNesting) for (let i = 0; i < len; i++) {
        ok = rules[i](state, false);
        if (ok) {
          if (prevPos >= state.pos) throw new Error("inline rule didn't increment state.pos");
          break;
        }
      }
      if (ok) {
        if (state.pos >= end) break;
        continue;
      }
      state.pending += state.src[state.pos++];
    }
    if (state.pending) state.pushPending();
  }
  /**
  * Process input string and push inline tokens into `outTokens`
  */
  parse(str, md2, env, outTokens) {
    const state = new this.State(str, md2, env, outTokens);
    this.tokenize(state);
    const rules = this.ruler2.getRules("");
    const len = rules.length;
    for (let i = 0; i < len; i++) rules[i](state);
  }
};
var config = {
  default: {
    options: {
      html: false,
      xhtmlOut: false,
      breaks: false,
      langPrefix: "language-",
      linkify: false,
      typographer: false,
      quotes: "“”‘’",
      highlight: null,
      maxNesting: 100
    },
    components: {
      core: {},
      block: {},
      inline: {}
    }
  },
  zero: {
    options: {
      html: false,
      xhtmlOut: false,
      breaks: false,
      langPrefix: "language-",
      linkify: false,
      typographer: false,
      quotes: "“”‘’",
      highlight: null,
      maxNesting: 20
    },
    components: {
      core: { rules: [
        "normalize",
        "block",
        "strip_references",
        "inline",
        "text_join"
      ] },
      block: { rules: ["paragraph"] },
      inline: {
        rules: ["text"],
        rules2: ["balance_pairs", "fragments_join"]
      }
    }
  },
  commonmark: {
    options: {
      html: true,
      xhtmlOut: true,
      breaks: false,
      langPrefix: "language-",
      linkify: false,
      typographer: false,
      quotes: "“”‘’",
      highlight: null,
      maxNesting: 20
    },
    components: {
      core: { rules: [
        "normalize",
        "block",
        "strip_references",
        "inline",
        "text_join"
      ] },
      block: { rules: [
        "blockquote",
        "code",
        "fence",
        "heading",
        "hr",
        "html_block",
        "lheading",
        "list",
        "reference",
        "paragraph"
      ] },
      inline: {
        rules: [
          "autolink",
          "backticks",
          "emphasis",
          "entity",
          "escape",
          "html_inline",
          "image",
          "link",
          "newline",
          "text"
        ],
        rules2: [
          "balance_pairs",
          "emphasis",
          "fragments_join"
        ]
      }
    }
  }
};
var BAD_PROTO_RE = /^(vbscript|javascript|file|data):/;
var GOOD_DATA_RE = /^data:image\/(gif|png|jpeg|webp);/;
var RECODE_HOSTNAME_FOR = [
  "http:",
  "https:",
  "mailto:"
];
var MarkdownIt = class {
  /**
  * Link validation function. CommonMark allows too much in links. By default
  * we disable `javascript:`, `vbscript:`, `file:` schemas, and almost all `data:...` schemas
  * except some embedded image types.
  *
  * You can change this behaviour:
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * const md = new MarkdownIt()
  *
  * // enable everything
  * md.validateLink = function () { return true; }
  * ```
  */
  validateLink(url) {
    const str = url.trim().toLowerCase();
    return BAD_PROTO_RE.test(str) ? GOOD_DATA_RE.test(str) : true;
  }
  /**
  * Function used to encode link url to a machine-readable format,
  * which includes url-encoding, punycode, etc.
  */
  normalizeLink(url) {
    const parsed = parse_default(url, true);
    if (parsed.hostname) {
      if (!parsed.protocol || RECODE_HOSTNAME_FOR.indexOf(parsed.protocol) >= 0) try {
        parsed.hostname = import_punycode.default.toASCII(parsed.hostname);
      } catch (er) {
      }
    }
    if (parsed.auth) parsed.auth = encode_default(parsed.auth);
    if (parsed.hostname) parsed.hostname = encode_default(parsed.hostname);
    if (parsed.pathname) parsed.pathname = encode_default(parsed.pathname);
    if (parsed.search) parsed.search = encode_default(parsed.search);
    if (parsed.hash) parsed.hash = encode_default(parsed.hash);
    return format(parsed);
  }
  /**
  * Function used to decode link url to a human-readable format`
  */
  normalizeLinkText(url) {
    const parsed = parse_default(url, true);
    if (parsed.hostname) {
      if (!parsed.protocol || RECODE_HOSTNAME_FOR.indexOf(parsed.protocol) >= 0) try {
        parsed.hostname = import_punycode.default.toUnicode(parsed.hostname);
      } catch (er) {
      }
    }
    return decode_default(format(parsed), decode_default.defaultChars + "%");
  }
  constructor(...args) {
    _defineProperty(
      this,
      /**
      * Instance of {@link ParserInline}. You may need it to add new rules when
      * writing plugins. For simple rules control use {@link MarkdownIt.disable}
      * and {@link MarkdownIt.enable}.
      */
      "inline",
      new ParserInline()
    );
    _defineProperty(
      this,
      /**
      * Instance of {@link ParserBlock}. You may need it to add new rules when
      * writing plugins. For simple rules control use {@link MarkdownIt.disable}
      * and {@link MarkdownIt.enable}.
      */
      "block",
      new ParserBlock()
    );
    _defineProperty(
      this,
      /**
      * Instance of {@link ParserCore} chain executor. You may need it to add new
      * rules when writing plugins. For simple rules control use
      * {@link MarkdownIt.disable} and {@link MarkdownIt.enable}.
      */
      "core",
      new ParserCore()
    );
    _defineProperty(
      this,
      /**
      * Instance of {@link Renderer}. Use it to modify output look. Or to add rendering
      * rules for new token types, generated by plugins.
      *
      * See {@link Renderer} docs and
      * [source code](https://github.com/markdown-it/markdown-it/blob/master/src/renderer.ts).
      *
      * @example
      * ```javascript
      * import MarkdownIt from 'markdown-it'
      * const md = new MarkdownIt()
      *
      * function myToken(tokens, idx, options, env, self) {
      *   //...
      *   return result;
      * };
      *
      * md.renderer.rules['my_token'] = myToken
      * ```
      */
      "renderer",
      new Renderer()
    );
    _defineProperty(
      this,
      /**
      * [linkify-it](https://github.com/markdown-it/linkify-it) instance.
      * Used by [linkify](https://github.com/markdown-it/markdown-it/blob/master/src/rules_core/linkify.ts)
      * rule.
      */
      "linkify",
      new LinkifyIt()
    );
    _defineProperty(
      this,
      /**
      * Assorted utility functions, useful to write plugins. See details
      * [here](https://github.com/markdown-it/markdown-it/blob/master/src/common/utils.ts).
      */
      "utils",
      utils_exports
    );
    _defineProperty(
      this,
      /**
      * Link components parser functions, useful to write plugins. See details
      * [here](https://github.com/markdown-it/markdown-it/blob/master/src/helpers).
      */
      "helpers",
      Object.assign({}, helpers_exports)
    );
    const [presetNameOrOptions, options] = args;
    if (typeof presetNameOrOptions === "string") {
      this.configure(presetNameOrOptions);
      if (options) this.set(options);
    } else {
      this.configure("default");
      this.set(presetNameOrOptions || {});
    }
  }
  /**
  * Set parser options (in the same format as in constructor). Probably, you
  * will never need it, but you can change options after constructor call.
  *
  * __Note:__ To achieve the best possible performance, don't modify a
  * `markdown-it` instance options on the fly. If you need multiple configurations
  * it's best to create multiple instances and initialize each with separate
  * config.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  *
  * const md = new MarkdownIt()
  *   .set({ html: true, breaks: true })
  *   .set({ typographer: true })
  * ```
  */
  set(options) {
    Object.assign(this.options, options);
    return this;
  }
  /**
  * Batch load of all options and compenent settings. This is internal method,
  * and you probably will not need it. But if you will - see available presets
  * and data structure [here](https://github.com/markdown-it/markdown-it/tree/master/src/presets)
  *
  * We strongly recommend to use presets instead of direct config loads. That
  * will give better compatibility with next versions.
  */
  configure(presets) {
    let p;
    if (typeof presets === "string") {
      const presetName = presets;
      p = config[presetName];
      if (!p) throw new Error(`Wrong 'markdown-it' preset "${presetName}", check name`);
    } else p = presets;
    if (!p) throw new Error("Wrong `markdown-it` preset, can't be empty");
    if (p.options) this.options = { ...p.options };
    const components = p.components;
    if (components) {
      var _components$inline;
      [
        "core",
        "block",
        "inline"
      ].forEach((name) => {
        var _components$name;
        const rules = (_components$name = components[name]) === null || _components$name === void 0 ? void 0 : _components$name.rules;
        if (rules) this[name].ruler.enableOnly(rules);
      });
      const rules2 = (_components$inline = components.inline) === null || _components$inline === void 0 ? void 0 : _components$inline.rules2;
      if (rules2) this.inline.ruler2.enableOnly(rules2);
    }
    return this;
  }
  /**
  * Enable list or rules. It will automatically find appropriate components,
  * containing rules with given names. If rule not found, and `ignoreInvalid`
  * not set - throws exception.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  *
  * const md = new MarkdownIt()
  *   .enable(['sub', 'sup'])
  *   .disable('smartquotes')
  * ```
  */
  enable(list2, ignoreInvalid = false) {
    let result = [];
    if (!Array.isArray(list2)) list2 = [list2];
    [
      "core",
      "block",
      "inline"
    ].forEach((chain) => {
      result = result.concat(this[chain].ruler.enable(list2, true));
    });
    result = result.concat(this.inline.ruler2.enable(list2, true));
    const missed = list2.filter((name) => result.indexOf(name) < 0);
    if (missed.length && !ignoreInvalid) throw new Error(`MarkdownIt. Failed to enable unknown rule(s): ${missed}`);
    return this;
  }
  /**
  * The same as {@link MarkdownIt.enable}, but turn specified rules off.
  */
  disable(list2, ignoreInvalid = false) {
    let result = [];
    if (!Array.isArray(list2)) list2 = [list2];
    [
      "core",
      "block",
      "inline"
    ].forEach((chain) => {
      result = result.concat(this[chain].ruler.disable(list2, true));
    });
    result = result.concat(this.inline.ruler2.disable(list2, true));
    const missed = list2.filter((name) => result.indexOf(name) < 0);
    if (missed.length && !ignoreInvalid) throw new Error(`MarkdownIt. Failed to disable unknown rule(s): ${missed}`);
    return this;
  }
  /**
  * Load specified plugin with given params into current parser instance.
  * It's just a sugar to call `plugin(md, params)` with curring.
  *
  * @example
  * ```javascript
  * import MarkdownIt from 'markdown-it'
  * import iterator from 'markdown-it-for-inline'
  *
  * const md = new MarkdownIt()
  *   .use(iterator, 'foo_replace', 'text', function (tokens, idx) {
  *     tokens[idx].content = tokens[idx].content.replace(/foo/g, 'bar')
  *   })
  * ```
  */
  use(plugin, ...params) {
    plugin.apply(plugin, [this, ...params]);
    return this;
  }
  /**
  * Parse input string and return list of block tokens (special token type
  * "inline" will contain list of inline tokens). You should not call this
  * method directly, until you write custom renderer (for example, to produce
  * AST).
  *
  * `env` is used to pass data between "distributed" rules and return additional
  * metadata like reference info, needed for the renderer. It also can be used to
  * inject data in specific cases. Usually, you will be ok to pass `{}`,
  * and then pass updated object to renderer.
  */
  parse(src, env) {
    if (typeof src !== "string") throw new Error("Input data should be a String");
    const state = new this.core.State(src, this, env);
    this.core.process(state);
    return state.tokens;
  }
  /**
  * Render markdown string into html. It does all magic for you :).
  *
  * `env` can be used to inject additional metadata (`{}` by default).
  * But you will not need it with high probability. See also comment
  * in {@link MarkdownIt.parse}.
  */
  render(src, env = {}) {
    return this.renderer.render(this.parse(src, env), this.options, env);
  }
  /**
  * The same as {@link MarkdownIt.parse} but skip all block rules. It returns
  * the block tokens list with the single `inline` element, containing parsed
  * inline tokens in `children` property. Also updates `env` object.
  */
  parseInline(src, env) {
    const state = new this.core.State(src, this, env);
    state.inlineMode = true;
    this.core.process(state);
    return state.tokens;
  }
  /**
  * Similar to {@link MarkdownIt.render} but for single paragraph content.
  * Result will NOT be wrapped into `<p>` tags.
  */
  renderInline(src, env = {}) {
    return this.renderer.render(this.parseInline(src, env), this.options, env);
  }
};
_defineProperty(MarkdownIt, "Token", Token);
_defineProperty(MarkdownIt, "Ruler", Ruler);
_defineProperty(MarkdownIt, "Renderer", Renderer);
_defineProperty(MarkdownIt, "ParserCore", ParserCore);
_defineProperty(MarkdownIt, "StateCore", StateCore);
_defineProperty(MarkdownIt, "ParserBlock", ParserBlock);
_defineProperty(MarkdownIt, "StateBlock", StateBlock);
_defineProperty(MarkdownIt, "ParserInline", ParserInline);
_defineProperty(MarkdownIt, "StateInline", StateInline);
var MarkdownItCallable = callable(MarkdownIt);

// src/links/parse.ts
var cur;
var md = new MarkdownItCallable("commonmark", { html: true });
md.validateLink = () => true;
md.normalizeLink = (s) => s;
md.normalizeLinkText = (s) => s;
var parseDest = md.helpers.parseLinkDestination;
md.helpers.parseLinkDestination = (str, start, max) => {
  const r = parseDest(str, start, max);
  if (cur?.capture && r.ok) {
    cur.capture.start = start;
    cur.capture.end = r.pos;
  }
  return r;
};
var record = (state, r) => {
  if (!cur) return;
  let list2 = cur.inline.get(state.tokens);
  if (!list2) cur.inline.set(state.tokens, list2 = []);
  list2.push(r);
};
var isWs = (c) => c === 32 || c === 9 || c === 10;
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
      record(state, { kind, start: pointy ? p + 1 : p, end: pointy ? d.pos - 1 : d.pos });
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
var HTML_LINK_VALUE = /(?:^|[\s"'/])(?:href|src)[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s"'=<>`]+))/gi;
function htmlLinkValues(html) {
  const out = [];
  for (const m of html.matchAll(HTML_LINK_VALUE)) {
    const value = m[1] ?? m[2] ?? m[3];
    const end = m.index + m[0].length - (m[3] === void 0 ? 1 : 0);
    out.push({ start: end - value.length, value });
  }
  return out;
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
function lineStarts(text2) {
  const out = [0];
  for (let i = text2.indexOf("\n"); i >= 0; i = text2.indexOf("\n", i + 1)) out.push(i + 1);
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
var trimEndSpaces = (s) => {
  let e = s.length;
  while (e > 0 && (s.charCodeAt(e - 1) === 32 || s.charCodeAt(e - 1) === 9)) e--;
  return e;
};
function placeContent(text2, starts, tok, atx) {
  const content = tok.content;
  const cl = lineStarts(content);
  const line0 = tok.map ? tok.map[0] : 0;
  const docStart = [];
  for (let i = 0; i < cl.length; i++) {
    const L = line0 + i;
    const s0 = starts[L];
    if (s0 === void 0) {
      docStart.push(-1);
      continue;
    }
    const sEnd = L + 1 < starts.length ? starts[L + 1] - 1 : text2.length;
    const s = text2.slice(s0, sEnd);
    const c = content.slice(cl[i], i + 1 < cl.length ? cl[i + 1] - 1 : content.length);
    if (atx) {
      let p = s.indexOf("#");
      while (p >= 0 && s.charCodeAt(p) === 35) p++;
      while (p >= 0 && p < s.length && (s.charCodeAt(p) === 32 || s.charCodeAt(p) === 9)) p++;
      docStart.push(p >= 0 && s.startsWith(c, p) ? s0 + p : -1);
    } else {
      const base = trimEndSpaces(s) - trimEndSpaces(c);
      docStart.push(base >= 0 ? s0 + base : -1);
    }
  }
  return { lineStart: cl, docStart, line0 };
}
function plainText(children) {
  let out = "";
  for (const c of children) {
    if (c.type === "text" || c.type === "code_inline") out += c.content;
    else if (c.type === "softbreak" || c.type === "hardbreak") out += " ";
  }
  return out;
}
var ATTRS = /\{[ \t]*:?([^{}\n]*)\}[ \t]*$/;
function headingAttrs(text2) {
  const m = ATTRS.exec(text2);
  if (!m) return { text: text2 };
  const body = m[1];
  const hash = /(?:^|[ \t])#([^\s#.{}="']+)/.exec(body);
  const kv = /(?:^|[ \t])id[ \t]*=[ \t]*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/.exec(body);
  const id = hash?.[1] ?? kv?.[1] ?? kv?.[2] ?? kv?.[3];
  if (id === void 0 && !/(?:^|[ \t])\.[A-Za-z_-]/.test(body)) return { text: text2 };
  return { text: text2.slice(0, m.index).trimEnd(), id };
}
var HTML_ID = /\b(?:id|name)[ \t]*=[ \t]*(?:"([^"\n]{1,200})"|'([^'\n]{1,200})'|([^\s"'>]{1,200}))/g;
var HTML_LINK = /\b(?:href|src|to)[ \t]*=/g;
var count = (re, s) => {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(s)) n++;
  return n;
};
function dedentAdmonitions(text2) {
  if (!/^[ \t]*(?:!!!|\?\?\?\+?|===)[ \t]/m.test(text2)) return void 0;
  const lines = text2.split("\n");
  const shift = new Array(lines.length).fill(0);
  const stack = [];
  let fence2;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const indent = l.length - l.replace(/^ +/, "").length;
    const blank = l.trim() === "";
    if (!blank) while (stack.length && indent < stack[stack.length - 1]) stack.pop();
    const remove = blank ? Math.min(indent, stack.length ? stack[stack.length - 1] : 0) : stack.length ? stack[stack.length - 1] : 0;
    const rest = l.slice(remove);
    lines[i] = rest;
    shift[i] = remove;
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(rest);
    if (fence2) {
      if (f && f[1][0] === fence2.ch && f[1].length >= fence2.n && rest.slice(f[0].length).trim() === "") fence2 = void 0;
      continue;
    }
    if (f) {
      fence2 = { ch: f[1][0], n: f[1].length, indent };
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
  const text2 = input.includes("\r") ? input.replace(/\r\n?/g, "\n") : input;
  const dd = opts.admonitions ? dedentAdmonitions(text2) : void 0;
  const src = dd ? dd.text : text2;
  cur = { opts, inline: /* @__PURE__ */ new Map(), defs: [], footnotes: [] };
  let tokens;
  const state = cur;
  try {
    tokens = md.parse(src, {});
  } finally {
    cur = void 0;
  }
  const starts = lineStarts(src);
  const origStarts = dd ? lineStarts(text2) : starts;
  const toText = (off) => {
    if (!dd || off < 0) return off;
    const L = lineOf2(starts, off);
    return origStarts[L] + dd.shift[L] + (off - starts[L]);
  };
  const out = { links: [], headings: [], htmlIds: [], footnotes: state.footnotes, inHtml: 0, htmlLinks: [] };
  const pushHtml = (at, target, line) => {
    const t = toText(at);
    out.htmlLinks.push({ target, line: t >= 0 ? lineOf2(origStarts, t) + 1 : line, at: t >= 0 && text2.startsWith(target, t) ? t : -1 });
  };
  const push = (kind, at, target, extra = {}) => {
    const t = toText(at);
    const ok = t >= 0 && text2.startsWith(target, t);
    out.links.push({ kind, target, line: lineOf2(origStarts, Math.max(0, t)) + 1, at: ok ? t : -1, ...extra });
  };
  for (const d of state.defs) push("definition", d.start, src.slice(d.start, d.end), { label: d.label });
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    if (tok.type === "html_block") {
      const html = withoutComments(tok.content);
      for (const m of html.matchAll(HTML_ID)) out.htmlIds.push(m[1] ?? m[2] ?? m[3]);
      out.inHtml += count(HTML_LINK, html) + count(/\]\(/g, html);
      if (tok.map) {
        const base = starts[tok.map[0]];
        const comments = [...tok.content.matchAll(/<!--[\s\S]*?(?:-->|$)/g)].map((m) => [m.index, m.index + m[0].length]);
        for (const v of htmlLinkValues(tok.content)) {
          if (comments.some(([a, b]) => v.start >= a && v.start < b)) continue;
          pushHtml(src.startsWith(v.value, base + v.start) ? base + v.start : -1, v.value, tok.map[0] + 1 + count(/\n/g, tok.content.slice(0, v.start)));
        }
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
    if (prev?.type === "heading_open" && tok.map) {
      const a = headingAttrs(plainText(tok.children).trim());
      out.headings.push({ level: Number(prev.tag.slice(1)), text: a.text, line: tok.map[0] + 1, ...a.id !== void 0 ? { id: a.id } : {} });
    } else if (prev?.type === "paragraph_open") {
      const fn = /^\[\^([^\]\s]+)\]:/.exec(tok.content);
      if (fn) out.footnotes.push(fn[1]);
    }
    const mdxImport = !!opts.mdx && prev?.type === "paragraph_open" && /^import\b/m.test(tok.content);
    if (!raws.length && !mdxImport) continue;
    const place = placeContent(src, starts, tok, atx);
    const toDoc = (j) => {
      const li = lineOf2(place.lineStart, j);
      const base = place.docStart[li];
      return base < 0 ? -1 : base + (j - place.lineStart[li]);
    };
    for (const r of raws) {
      if (r.kind === "html") {
        pushHtml(toDoc(r.start), tok.content.slice(r.start, r.end), (tok.map?.[0] ?? 0) + 1);
        continue;
      }
      if (r.kind === "reference") {
        out.links.push({ kind: "reference", target: "", line: (tok.map?.[0] ?? 0) + 1, at: -1, label: r.label });
        continue;
      }
      push(r.kind, toDoc(r.start), tok.content.slice(r.start, r.end), r.alias !== void 0 ? { alias: r.alias } : {});
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
      const text2 = line.slice(n).trim();
      return text2 && !MARKUP.test(text2) ? text2.replace(/\s+/g, " ") : void 0;
    }
    if (end < 0) return void 0;
    at = end + 1;
  }
}
var firstOf = (text2, opts) => {
  for (const h of scanMarkdown(text2, opts).headings) {
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
function titleOf(frontmatterTitle, body, opts = {}) {
  return typeof frontmatterTitle === "string" && frontmatterTitle.trim() !== "" ? frontmatterTitle : firstHeading(body, opts);
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
function decode2(bytes, file, diags) {
  const text2 = decodeUtf8(bytes);
  if (text2 === void 0) diags.push(error("OCTX_DOCUMENT_ENCODING", `${file} is not valid UTF-8`, { file }));
  return text2;
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
function checkKnowledge(path, bytes, maxDepth, diags, text2) {
  if (isConcept(path)) return checkConcept(path, bytes, maxDepth, diags, text2);
  checkReserved(path, bytes, maxDepth, diags, text2);
  return void 0;
}
function checkConcept(path, bytes, maxDepth, diags, decoded) {
  const doc = { path, idLine: 1 };
  const text2 = decode2(bytes, path, diags);
  decoded?.(text2);
  if (text2 === void 0) return doc;
  const fm = splitFrontmatter(text2);
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
  doc.title = titleOf(d.title, fm.body);
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
  const text2 = decode2(bytes, path, diags);
  decoded?.(text2);
  if (text2 === void 0) return;
  const fm = splitFrontmatter(text2);
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
  const body = fm.present ? fm.body : text2;
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
function findSecrets(text2, steps = NO_STEPS) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const marks = markedPositions(text2, steps);
  let m = 0;
  let start = 0;
  let nl = text2.indexOf("\n");
  let lineNo = 0;
  let current;
  for (; ; ) {
    lineNo++;
    const rawEnd = nl < 0 ? text2.length : nl;
    steps(rawEnd - start + 1);
    const end = rawEnd > start && text2.charCodeAt(rawEnd - 1) === 13 ? rawEnd - 1 : rawEnd;
    while (m < marks.length && marks[m] < start) m++;
    const marked = m < marks.length && marks[m] < end;
    const last = nl < 0;
    const nextStart = rawEnd + 1;
    const nextNl = last ? -1 : text2.indexOf("\n", nextStart);
    const nextRaw = last ? 0 : nextNl < 0 ? text2.length : nextNl;
    const nextEnd = last ? 0 : nextRaw > nextStart && text2.charCodeAt(nextRaw - 1) === 13 ? nextRaw - 1 : nextRaw;
    let nextMarked = false;
    if (!last) {
      let k = m;
      while (k < marks.length && marks[k] < nextStart) k++;
      nextMarked = k < marks.length && marks[k] < nextEnd;
    }
    let line = current;
    current = void 0;
    if (marked || !last && (nextMarked || joinCrossesLiteral(text2, start, end, nextStart, nextEnd, steps))) {
      line ??= text2.slice(start, end);
      const next = last ? void 0 : text2.slice(nextStart, nextEnd);
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
function literalAt(text2, p, lits) {
  for (const l of lits) {
    let j = 3;
    while (j < l.length && fold(text2.charCodeAt(p + j)) === l.charCodeAt(j)) j++;
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
function markedPositions(text2, steps) {
  const marks = [];
  const n = text2.length;
  let h = 0;
  let inOrder = true;
  for (let i = 0; i < n; i++) {
    const c = text2.charCodeAt(i);
    h = (h << 5 | (c < 256 ? TRI_CODE[c] : 0)) & 32767;
    if (TRI_HIT[h] === 1 && i >= 2 && literalAt(text2, i - 2, TRI_LITS.get(h)) !== void 0) {
      if (marks.length && marks[marks.length - 1] > i - 2) inOrder = false;
      marks.push(i - 2);
    }
    if (c === 92 || c === 39 && text2.charCodeAt(i + 1) === 39) marks.push(i);
  }
  steps(n + 1);
  return inOrder ? marks : marks.sort((x, y) => x - y);
}
var JOIN_PAIRS = /* @__PURE__ */ new Set();
for (const l of LITERALS) for (let i = 0; i + 1 < l.length; i++) JOIN_PAIRS.add(l.charCodeAt(i) << 16 | l.charCodeAt(i + 1));
JOIN_PAIRS.add(39 << 16 | 39);
var JOIN_WINDOW = Math.max(...LITERALS.map((l) => l.length));
function crossesAt(window, h) {
  if (window.charCodeAt(h - 1) === 39 && window.charCodeAt(h) === 39) return true;
  for (let q = Math.max(0, h - JOIN_WINDOW); q < h && q + 2 < window.length; q++) {
    const c0 = window.charCodeAt(q);
    const c12 = window.charCodeAt(q + 1);
    const c2 = window.charCodeAt(q + 2);
    if (c0 > 255 || c12 > 255 || c2 > 255) continue;
    const lits = TRI_LITS.get(TRI_CODE[c0] << 10 | TRI_CODE[c12] << 5 | TRI_CODE[c2]);
    if (!lits || !TRI_CODE[c0] || !TRI_CODE[c12] || !TRI_CODE[c2]) continue;
    const l = literalAt(window, q, lits.filter((x) => q + x.length > h));
    if (l !== void 0) return true;
  }
  return false;
}
function joinCrossesLiteral(text2, start, end, nextStart, nextEnd, steps) {
  let e = end;
  if (e > start && text2.charCodeAt(e - 1) === 92) e--;
  while (e > start && isSpace3(text2.charCodeAt(e - 1))) e--;
  let s = nextStart;
  while (s < nextEnd && isSpace3(text2.charCodeAt(s))) s++;
  steps(end - e + s - nextStart + 1);
  if (e === start || s === nextEnd) return false;
  if (!JOIN_PAIRS.has(fold(text2.charCodeAt(e - 1)) << 16 | fold(text2.charCodeAt(s)))) return false;
  const head = text2.slice(Math.max(start, e - JOIN_WINDOW), e);
  const window = head + text2.slice(s, Math.min(nextEnd, s + JOIN_WINDOW));
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
function scanTexts(bytes) {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  const wide = wideEncoding(b);
  if (wide) out.push(new TextDecoder(wide, { ignoreBOM: false }).decode(b));
  out.push(decodeUtf8(b) ?? b.toString("latin1"));
  return out;
}
function scanSecrets(text2, file, where, allow = false, lineOffset = 0) {
  return secretDiagnostics(findSecrets(text2), file, where, allow, lineOffset);
}
function secretDiagnostics(found, file, where, allow = false, lineOffset = 0) {
  return found.map((f) => {
    const msg = `${where} contains what looks like a ${f.kind}; refusing to package credentials`;
    const loc = { file, line: f.line + lineOffset, column: f.column, hint: "remove it, or pass --allow-secrets to build anyway (local use only)" };
    return allow ? warning("CTXFORGE_SECRET_FOUND", msg, loc) : error("CTXFORGE_SECRET_FOUND", msg, loc);
  });
}
function scanSecretBytes(bytes, file, where, allow = false) {
  if (!wideEncoding(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) && cleanBytes(bytes)) return [];
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  for (const text2 of scanTexts(bytes)) {
    for (const d of scanSecrets(text2, file, where, allow)) {
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
import { isAscii as isAscii2, isUtf8 as isUtf83 } from "node:buffer";
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
  pending = [];
  pendingBytes = 0;
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
    this.pending.push(Buffer.from(chunk));
    this.pendingBytes += chunk.length;
    if (this.wide === void 0 && this.pendingBytes >= WIDE_PROBE) this.decideWide();
    if (this.wide === false && this.pendingBytes >= this.segmentBytes) this.cut();
  }
  /** The findings of the whole file, as scanSecretBytes gives them. */
  end() {
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    if (this.wide === void 0) {
      return scanSecretBytes(rest, this.file, this.where, this.allow);
    }
    if (this.wide) return scanSecretBytes(rest, this.file, this.where, this.allow);
    this.segment(rest);
    return secretDiagnostics((this.utf8 ? this.found.utf8 : this.found.latin1).list, this.file, this.where, this.allow);
  }
  decideWide() {
    const head = Buffer.concat(this.pending);
    this.pending = [head];
    this.wide = wideEncoding(head) !== void 0;
  }
  /** Scans the pending bytes up to their last line end, keeping that last line for the next segment. */
  cut() {
    const all = Buffer.concat(this.pending);
    const lastNl = all.lastIndexOf(10);
    const prevNl = lastNl > 0 ? all.lastIndexOf(10, lastNl - 1) : -1;
    if (prevNl < 0) {
      this.pending = [all];
      return;
    }
    this.segment(all.subarray(0, lastNl));
    let lines = 0;
    for (let i = all.indexOf(10); i >= 0 && i <= prevNl; i = all.indexOf(10, i + 1)) lines++;
    const keep = Buffer.from(all.subarray(prevNl + 1));
    this.pending = [keep];
    this.pendingBytes = keep.length;
    this.lineOffset += lines;
  }
  /** The findings of one segment, in each text the file may turn out to be read in. */
  segment(bytes) {
    const first = this.first;
    this.first = false;
    if (cleanBytes(bytes)) return;
    if (isAscii2(bytes)) {
      const f = findSecrets(bytes.toString("latin1"));
      this.found.utf8.add(f, this.lineOffset);
      this.found.latin1.add(f, this.lineOffset);
      return;
    }
    if (this.utf8 && !isUtf83(bytes)) this.utf8 = false;
    if (this.utf8) {
      let text2 = bytes.toString("utf8");
      if (first && text2.charCodeAt(0) === 65279) text2 = text2.slice(1);
      this.found.utf8.add(findSecrets(text2), this.lineOffset);
    }
    this.found.latin1.add(findSecrets(bytes.toString("latin1")), this.lineOffset);
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
function fastLinks(text2) {
  if (GIVE_UP.test(text2)) return void 0;
  const out = [];
  let fence2;
  let off = 0;
  let lineNo = 0;
  while (off <= text2.length) {
    let nl = text2.indexOf("\n", off);
    if (nl < 0) nl = text2.length;
    const l = text2.slice(off, nl);
    lineNo++;
    const c0 = l.charCodeAt(0);
    let lead = 0;
    while (lead < l.length && l.charCodeAt(lead) === 32) lead++;
    const first = l.charCodeAt(lead);
    if (fence2) {
      if (lead < 4 && first === fence2.ch) {
        const e = lead + run2(l, lead, fence2.ch);
        if (e - lead >= fence2.n && l.slice(e).trim() === "") fence2 = void 0;
      }
    } else if (lead === l.length) {
    } else if (c0 === 9 || lead >= 4 || first === 9 || first === 62) {
      return void 0;
    } else if (first === 96 || first === 126) {
      const n = run2(l, lead, first);
      if (n >= 3) {
        if (lead > 0) return void 0;
        if (first === 96 && l.indexOf("`", n) >= 0) return void 0;
        fence2 = { ch: first, n };
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

// src/links/slugs.ts
function githubSlug(text2) {
  return text2.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}
function vitepressSlug(text2) {
  return text2.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/[\u0000-\u001f]/g, "").replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, "-").replace(/-{2,}/g, "-").replace(/^-+|-+$/g, "").replace(/^(\d)/, "_$1").toLowerCase();
}
function mdbookSlug(text2) {
  let out = "";
  for (const ch of text2.trim()) {
    if (/[\p{L}\p{N}_-]/u.test(ch)) out += /[A-Z]/.test(ch) ? ch.toLowerCase() : ch;
    else if (/\s/u.test(ch)) out += "-";
  }
  return out;
}
function mkdocsSlug(text2) {
  const ascii = text2.normalize("NFKD").replace(/[^\x00-\x7f]/g, "");
  return ascii.replace(/[^\w\s-]/g, "").trim().toLowerCase().replace(/[-\s]+/g, "-");
}
function slugify(text2, g) {
  switch (g) {
    case "vitepress":
      return vitepressSlug(text2);
    case "mdbook":
      return mdbookSlug(text2);
    case "mkdocs":
      return mkdocsSlug(text2);
    default:
      return githubSlug(text2);
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
function headingKey(text2) {
  return text2.normalize("NFC").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

// src/links/site.ts
var MARKDOWN_FILE = /\.(md|mdx|markdown)$/i;
var unescape = new MarkdownItCallable().utils.unescapeAll;
function anchorsOf(scan, g) {
  const ids = /* @__PURE__ */ new Set([...headingSlugs(scan.headings, g), ...scan.htmlIds, ...footnoteAnchors(scan.footnotes)]);
  if (g === "obsidian" || g === "foam") for (const s of headingSlugs(scan.headings, "github")) ids.add(s);
  return { ids, keys: new Set(scan.headings.map((x) => headingKey(x.text))) };
}

// src/links/facts.ts
function isLinkDocument(spec, path) {
  return MARKDOWN_FILE.test(path) && spec.roots.some((r) => path.startsWith(r));
}
var scanOptions = (spec, path) => ({ wiki: spec.wiki, admonitions: spec.admonitions, mdx: /\.mdx$/i.test(path) });
function keptAnchors(spec, s, body) {
  const g = spec.generator;
  return { a: anchorsOf(s, g), text: g === "obsidian" || g === "foam" ? body : "" };
}
function linkFactsOf(spec, path, bytes, text2) {
  if (bytes.indexOf(91) < 0 && bytes.indexOf(60) < 0) return null;
  const t = text2 === void 0 ? decodeUtf8(bytes) : text2;
  if (t === void 0 || t === null) return null;
  const fm = splitFrontmatter(stripBom(t));
  const offset = fm.present ? fm.bodyLine - 1 : 0;
  const opts = scanOptions(spec, path);
  const links = opts.admonitions || opts.mdx ? void 0 : fastLinks(fm.body);
  if (links) return { links, offset, html: 0 };
  const s = scanMarkdown(fm.body, opts);
  return { links: s.links, offset, html: s.inHtml, anchors: keptAnchors(spec, s, fm.body) };
}

// src/octx/record-worker.ts
var limits = workerData;
var pass = new InlinePass(limits);
var reply = (m) => parentPort.postMessage(m);
parentPort.on("message", (m) => {
  if (m.op === "docs") {
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch, m.place, m.links);
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
function shareDocs(h, counter, batch, place, links) {
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
        let text2;
        const r = { k, sha256: sha256Hex(bytes), doc: checkKnowledge(path, bytes, limits.maxDepth, diags, links ? (t) => {
          text2 = t ?? null;
        } : void 0), diags };
        if (limits.secrets) r.secrets = scanSecretBytes(bytes, path, path, limits.secrets.allow);
        if (links && isLinkDocument(links, path)) r.links = linkFactsOf(links, path, bytes, text2);
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
/*! Bundled license information:

markdown-it/dist/markdown-it.mjs:
  (*! markdown-it 15.0.3 https://github.com/markdown-it/markdown-it @license MIT *)
*/
