import { createRequire as __ctxforgeRequire } from 'node:module';
const require = __ctxforgeRequire(import.meta.url);

// src/core/read-back-worker.ts
import { parentPort } from "node:worker_threads";

// src/core/zip-placement.ts
import { crc32 } from "node:zlib";
import { closeSync as closeSync2, openSync as openSync2 } from "node:fs";
import { createHash } from "node:crypto";

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

// src/core/placed-writes.ts
var FLUSH_BYTES = 1 << 20;

// src/core/tree.ts
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from "node:fs";
function* readBlocks(fd, offset, size) {
  const buf = Buffer.allocUnsafe(Math.min(size, 1 << 20) || 1);
  for (let done = 0; done < size; ) {
    const n = readSync(fd, buf, 0, Math.min(buf.length, size - done), offset + done);
    if (n === 0) return;
    done += n;
    yield buf.subarray(0, n);
  }
}

// src/core/zip-placement.ts
var READ_BACK_HERE_UP_TO = 16 * 1024 * 1024;
var MAX_SIZE = 2 ** 53 - 1;
function readBack(plan) {
  const { path, size, headerAt, dataAt, sizes, crcs, names, nameAt, nameLength, tail } = plan;
  const count = dataAt.length;
  const centralAt = count ? dataAt[count - 1] + sizes[count - 1] : 0;
  if (centralAt + tail.length !== size) return { error: `the archive is ${size} bytes, its layout ${centralAt + tail.length}` };
  let part = -1;
  let start = 0;
  let end = 0;
  const nameBytes = Buffer.from(names.buffer, names.byteOffset, names.byteLength);
  const tailBytes = Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength);
  let longestName = 0;
  for (let i = 0; i < count; i++) longestName = Math.max(longestName, nameLength[i]);
  const header = Buffer.allocUnsafe(localHeaderLength(longestName, MAX_SIZE));
  let expected = tailBytes;
  let crc = 0;
  const next = () => {
    for (; ; ) {
      if (part >= 0 && (part & 1) === 1 && crc >>> 0 !== crcs[part >> 1]) return { error: "crc", entry: part >> 1 };
      part++;
      start = end;
      if (part === 2 * count) {
        expected = tailBytes;
        end = size;
        return void 0;
      }
      const i = part >> 1;
      if ((part & 1) === 0) {
        if (headerAt[i] !== start) return { error: "the archive is not laid out entry after entry", entry: i };
        expected = header;
        end = start + writeLocalHeader(header, nameBytes, nameAt[i], nameLength[i], sizes[i], crcs[i]);
        if (end !== dataAt[i]) return { error: "its local header is not the length laid out", entry: i };
        return void 0;
      }
      crc = 0;
      end = start + sizes[i];
      if (end > start) return void 0;
    }
  };
  const fd = openSync2(path, "r");
  try {
    const h = createHash("sha256");
    let pos = 0;
    let failure = next();
    if (failure) return failure;
    for (const block of readBlocks(fd, 0, size)) {
      const n = block.length;
      h.update(block);
      for (let at = pos; at < pos + n; ) {
        const to = Math.min(end, pos + n);
        if ((part & 1) === 1 && part < 2 * count) crc = crc32(block.subarray(at - pos, to - pos), crc);
        else if (block.compare(expected, at - start, to - start, at - pos, to - pos) !== 0) {
          return part === 2 * count ? { error: "the central directory is not the one laid out" } : { error: "its local header is not the one laid out", entry: part >> 1 };
        }
        at = to;
        if (at === end && part < 2 * count) {
          failure = next();
          if (failure) return failure;
        }
      }
      pos += n;
    }
    if (pos < size) return { error: `the archive ends after ${pos} of ${size} bytes` };
    return { sha256: h.digest("hex") };
  } finally {
    closeSync2(fd);
  }
}

// src/core/read-back-worker.ts
parentPort.once("message", (plan) => {
  let result;
  try {
    result = readBack(plan);
  } catch (e) {
    result = { error: e.message };
  }
  parentPort.postMessage(result);
});
