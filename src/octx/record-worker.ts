// The worker thread of the record pass (record-pass.ts): reads each record file through the
// descriptor it is given, hashes it and feeds the same inline pass, block by block; then checks
// the vectors files against the ids so far, and takes batches of the knowledge documents (with
// their link facts, for validate's link check). In a build it also writes what it read into the
// archive being made (core/zip-placement.ts).
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { closeSync, constants, openSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { InlinePass, type RecordPassLimits, type RecordWorkerMessage, type RecordWorkerReply, type SharedDocResult } from './record-pass.js';
import { handoffPaths, readBlocks, readExactly, readHandoff, TreeReadError, type FileHandoff } from '../core/tree.js';
import { PlacedWrites, writeAt } from '../core/placed-writes.js';
import { queueEntry, type PlacedSlots } from '../core/zip-placement.js';
import { sha256Hex } from '../core/hash.js';
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
    shareDocs(m.handoff, new Int32Array(m.counter), m.batch, m.place, m.links);
    reply({ op: 'docs-done' });
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
// in a build each document then goes into its place in the archive, a batch per write.
function shareDocs(h: FileHandoff, counter: Int32Array, batch: number, place: PlacedSlots | undefined, links: LinkScanSpec | undefined): void {
  const out = place ? openForPlacing(place.path) : undefined;
  const writes = out?.fd === undefined ? undefined : new PlacedWrites(out.fd);
  // The paths are read where the main thread wrote them, one at a time as they are taken.
  const paths = handoffPaths(h);
  try {
    for (;;) {
      const start = Atomics.add(counter, 0, batch);
      if (start >= paths.count) return;
      const results: SharedDocResult[] = [];
      const placed: SharedDocResult[] = [];
      let writeError = out?.error;
      for (let k = start; k < Math.min(start + batch, paths.count); k++) {
        const path = paths.at(k);
        const diags: Diagnostic[] = [];
        let bytes: Buffer;
        try {
          bytes = readHandoff(h, k, path);
        } catch (e) {
          results.push({ k, error: (e as Error).message, diags, ...(e instanceof TreeReadError && e.tooLarge ? { tooLarge: true } : {}) });
          continue;
        }
        let text: string | null | undefined;
        const r: SharedDocResult = { k, sha256: sha256Hex(bytes), bytes: bytes.length, doc: checkKnowledge(path, bytes, limits.maxDepth, diags, links ? (t) => { text = t ?? null; } : undefined), diags };
        if (limits.secrets) r.secrets = scanSecretBytes(bytes, path, path, limits.secrets.allow);
        // Validate's link check takes the document's links from this same read (and its text as decoded here).
        if (links && isLinkDocument(links, path)) r.links = linkFactsOf(links, path, bytes, text);
        results.push(r);
        // A document whose size is not the one laid out changed since the listing: left unwritten.
        if (writes && !writeError && place!.at[k]! >= 0 && bytes.length === place!.sizes[k]) {
          try {
            r.crc32 = queueEntry(writes, place!.at[k]!, Buffer.from(path, 'utf8'), bytes);
            placed.push(r);
          } catch (e) {
            writeError = writeErrorOf(e);
          }
        }
      }
      if (!writeError) try { writes?.flush(); } catch (e) { writeError = writeErrorOf(e); }
      // A failed write leaves the batch's documents unwritten, each said so.
      if (writeError) for (const r of placed) { delete r.crc32; r.writeError = writeError; }
      reply({ op: 'docs', results });
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
