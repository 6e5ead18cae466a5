// An upload body read from a file on disk: opened afresh for every attempt, and never more or
// fewer bytes than the Content-Length announced, whatever happens to the file meanwhile.
import { createReadStream, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import type { UploadBody } from './http.js';

export function fileBody(path: string, size: number): UploadBody {
  return {
    length: size,
    open(): Readable {
      // A file that grew or shrank since it was hashed is not the asset we meant to upload; the
      // caller turns this into "changed on disk" instead of retrying it.
      const now = statSync(path).size;
      if (now !== size) throw new Error(`${path} is ${now} bytes, expected ${size}`);
      // createReadStream cannot express an empty range (end is inclusive).
      if (size === 0) return Readable.from([]);
      return createReadStream(path, { start: 0, end: size - 1, highWaterMark: 1 << 20 });
    },
  };
}
