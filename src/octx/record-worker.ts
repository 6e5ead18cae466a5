// The worker thread of the record pass (record-pass.ts): reads each record file through the
// descriptor it is given, hashes it and feeds the same inline pass, block by block; then checks
// the vectors files against the ids so far, and takes batches of the knowledge documents (with
// their link facts, for validate's link check). In a build it also writes what it read into the
// archive being made (core/zip-placement.ts).
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { closeSync, constants, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { DOC_CONCEPT, DOC_ID, DOC_READ, DOC_WROTE, InlinePass, type DocsKept, type RecordPassLimits, type RecordWorkerMessage, type RecordWorkerReply, type SharedDocBatch, type SharedDocResult } from './record-pass.js';
import { writeIdBytes } from './doc-ids.js';
import { sha256Bytes } from '../core/hash.js';
import { handoffPaths, readBlocks, readExactly, readHandoff, statHandoff, TreeReadError, type FileHandoff } from '../core/tree.js';
import { PlacedWrites, writeAt } from '../core/placed-writes.js';
import { queueEntry, type PlacedSlots } from '../core/zip-placement.js';
import { checkKnowledge } from './documents.js';
import type { Diagnostic } from '../core/diagnostics.js';
import { scanSecretBytes } from '../core/secrets.js';
import { SecretStream } from '../core/secret-stream.js';
import { SAG_FILES } from './records.js';
import { isLinkDocument, linkFactsOf, type LinkScanSpec } from '../links/facts.js';

const limits = workerData as RecordPassLimits;
const pass = new InlinePass(limits);
const reply = (m: RecordWorkerReply) => parentPort!.postMessage(m);

parentPort!.on('message', (m: RecordWorkerMessage) => {
  if (m.op === 'docs') {
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch, m.keep, m.place, m.links);
    reply({ op: 'docs-done' });
    return;
  }
  if (m.op === 'sizes') {
    statHandoff(m.handoff, new Int32Array(m.counter), m.batch, new Float64Array(m.out));
    reply({ op: 'sized' });
    return;
  }
  if (m.op === 'place') {
    placeFiles(m);
    return;
  }
  if (m.op === 'finish') {
    void pass.finish(m.concepts, m.idSpace).then((result) => {
      // The ids stay here when the vectors were checked here: a 100 000-entry map is costly to clone.
      if (result.vectorDiags) delete result.ids;
      reply({ op: 'result', result });
    });
    return;
  }
  if (m.op === 'vectors') {
    try {
      pass.checkVectors(m.files.map((f) => ({ path: f.path, kind: f.kind, bytes: readExactly(f.fd, f.offset, f.size) })));
    } catch {
      // Unreadable here: the main thread checks the vectors itself.
    }
    return;
  }
  const h = createHash('sha256');
  // In a build the record file is scanned for secrets as it is read (the build then copies these
  // same bytes, or fails: the copy is hashed again and must match).
  const scan = limits.secrets ? new SecretStream(SAG_FILES[m.key], SAG_FILES[m.key], limits.secrets.allow) : undefined;
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
    reply({ op: 'hashed', key: m.key, error: (e as Error).message });
    return;
  }
  pass.end(m.key, true);
  reply({ op: 'hashed', key: m.key, sha256: h.digest('hex'), ...(scan ? { secrets: scan.end() } : {}) });
});

// The worker's share of the knowledge documents: the checks the main thread runs on its share;
// in a build each document then goes into its place in the archive, a batch per write. What each
// document gave goes back in the batch's typed slots (SharedDocBatch), an object only for what
// does not fit one.
function shareDocs(h: FileHandoff, counter: Int32Array, batch: number, keep: DocsKept, place: PlacedSlots | undefined, links: LinkScanSpec | undefined): void {
  const out = place ? openForPlacing(place.path) : undefined;
  const writes = out?.fd === undefined ? undefined : new PlacedWrites(out.fd);
  // The paths are read where the main thread wrote them, one at a time as they are taken.
  const paths = handoffPaths(h);
  try {
    for (;;) {
      const start = Atomics.add(counter, 0, batch);
      if (start >= paths.count) return;
      const count = Math.min(batch, paths.count - start);
      const b: SharedDocBatch = {
        start, count, state: new Uint8Array(count), digests: new Uint8Array(count * 32), sizes: new Float64Array(count), crcs: new Uint32Array(place ? count : 0),
        ids: new Uint8Array(count * 16), idLines: new Int32Array(count), extras: [],
      };
      // The slots queued for writing (a failed write leaves them unwritten).
      const placed: number[] = [];
      let writeError = out?.error;
      for (let s = 0; s < count; s++) {
        const k = start + s;
        const path = paths.at(k);
        const diags: Diagnostic[] = [];
        let bytes: Buffer;
        try {
          bytes = readHandoff(h, k, path);
        } catch (e) {
          b.extras.push({ k, error: (e as Error).message, ...(e instanceof TreeReadError && e.tooLarge ? { tooLarge: true as const } : {}) });
          continue;
        }
        sha256Bytes(bytes).copy(b.digests, s * 32);
        b.sizes[s] = bytes.length;
        b.state[s] = DOC_READ;
        let text: string | null | undefined;
        const doc = checkKnowledge(path, bytes, limits.maxDepth, diags, links ? (t) => { text = t ?? null; } : undefined);
        const extra: SharedDocResult = { k };
        if (doc) {
          if (keep === 'ids' && (doc.id === undefined || writeIdBytes(doc.id, b.ids, s * 16))) {
            b.state[s]! |= DOC_CONCEPT | (doc.id === undefined ? 0 : DOC_ID);
            b.idLines[s] = doc.idLine;
          } else extra.doc = doc;
        }
        if (diags.length) extra.diags = diags;
        if (limits.secrets) {
          const found = scanSecretBytes(bytes, path, path, limits.secrets.allow);
          if (found.length) extra.secrets = found;
        }
        // Validate's link check takes the document's links from this same read (and its text as decoded here).
        if (links && isLinkDocument(links, path)) extra.links = linkFactsOf(links, path, bytes, text);
        if (extra.doc || extra.diags || extra.secrets || extra.links !== undefined) b.extras.push(extra);
        // A document whose size is not the one laid out changed since the listing: left unwritten.
        if (writes && !writeError && place!.at[k]! >= 0 && bytes.length === place!.sizes[k]) {
          try {
            b.crcs[s] = queueEntry(writes, place!.at[k]!, Buffer.from(path, 'utf8'), bytes);
            placed.push(s);
          } catch (e) {
            writeError = writeErrorOf(e);
          }
        }
      }
      if (!writeError) try { writes?.flush(); } catch (e) { writeError = writeErrorOf(e); }
      // A failed write leaves the batch's documents unwritten, said once for the batch (the build
      // fails with its first write error).
      if (writeError && placed.length) b.writeError = writeError;
      else for (const s of placed) b.state[s]! |= DOC_WROTE;
      reply({ op: 'docs', batch: b });
    }
  } finally {
    if (out?.fd !== undefined) closeSync(out.fd);
  }
}

type WriteError = { message: string; code?: string };
const writeErrorOf = (e: unknown): WriteError => ({ message: (e as Error).message, code: (e as NodeJS.ErrnoException).code });

function openForPlacing(path: string): { fd?: number; error?: WriteError } {
  try {
    return { fd: openSync(path, constants.O_WRONLY) };
  } catch (e) {
    return { error: writeErrorOf(e) };
  }
}

// Record files copied into their places in the archive, once their reading for the checks is done
// (the layout exists only after the listing, which that reading overlaps): read again, and hashed
// again so the build can tell that what it copied is what it checked.
function placeFiles(m: Extract<RecordWorkerMessage, { op: 'place' }>): void {
  const out = openForPlacing(m.path);
  try {
    for (const f of m.files) {
      if (out.fd === undefined) { reply({ op: 'placed', key: f.key, error: out.error!.message, code: out.error!.code, write: true }); continue; }
      const h = createHash('sha256');
      let crc = 0;
      let done = 0;
      let writing = false;
      try {
        for (const c of readBlocks(f.fd, f.offset, f.size)) {
          h.update(c);
          crc = crc32(c, crc);
          writing = true;
          writeAt(out.fd, c, f.at + done);
          writing = false;
          done += c.length;
        }
        if (done < f.size) throw new Error(`ends after ${done} of ${f.size} bytes`);
        reply({ op: 'placed', key: f.key, sha256: h.digest('hex'), crc32: crc });
      } catch (e) {
        reply({ op: 'placed', key: f.key, error: (e as Error).message, code: writing ? (e as NodeJS.ErrnoException).code : undefined, write: writing });
      }
    }
  } finally {
    if (out.fd !== undefined) closeSync(out.fd);
  }
}
