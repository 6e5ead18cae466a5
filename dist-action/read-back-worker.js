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
var DOS_DATE_1980 = 0 << 9 | 1 << 5 | 1;

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
function readBack(plan) {
  const { path, size, dataAt, sizes, crcs } = plan;
  const fd = openSync2(path, "r");
  try {
    const h = createHash("sha256");
    let i = 0;
    let crc = 0;
    let pos = 0;
    for (const block of readBlocks(fd, 0, size)) {
      const n = block.length;
      h.update(block);
      for (let at = pos; i < dataAt.length; ) {
        const start = dataAt[i];
        const end = start + sizes[i];
        if (start >= pos + n) break;
        const to = Math.min(end, pos + n);
        const from = Math.max(at, start);
        if (to > from) crc = crc32(block.subarray(from - pos, to - pos), crc);
        at = to;
        if (to < end) break;
        if (crc >>> 0 !== crcs[i]) return { error: "crc", entry: i };
        crc = 0;
        i++;
      }
      pos += n;
    }
    if (pos < size) return { error: `the archive ends after ${pos} of ${size} bytes` };
    if (i !== dataAt.length) return { error: "the archive ends inside its entries" };
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
