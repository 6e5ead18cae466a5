// The record pass of sag-structured/0.1: record files hashed and parsed line by line into the
// indexer in one read. A large knowledge base's records are a third of its validation time, and
// they depend on the documents only at the very end (document ids), so above a size, when the tree
// can say where their bytes lie on disk, they are read and parsed on a worker thread while the main
// thread reads and checks the documents: the two cores of a CI runner both work. The worker then
// checks the vectors files against the ids it holds and takes a share of the documents. Small
// packages, git trees and compressed entries stay on one thread. Both paths run the same parser,
// indexer and document checks, so they give the same findings.
import type { DocLinkFacts, LinkScanSpec } from '../links/facts.js';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../core/worker.js';
import type { Diagnostic } from '../core/diagnostics.js';
import type { FileHandoff, FileRange, Tree } from '../core/tree.js';
import type { PlacedSlots } from '../core/zip-placement.js';
import type { ConceptDoc } from './documents.js';
import { JsonlParser } from './jsonl.js';
import { SagIndexer, type RecordKind, type SagIds } from './records-fast.js';
import { checkArrowFile, DEFAULT_ARROW_LIMITS, type ArrowLimits } from './vectors.js';

/** The Arrow limits a caller set (an undefined field keeps the default). */
function definedOnly(l: Partial<ArrowLimits>): Partial<ArrowLimits> {
  return Object.fromEntries(Object.entries({ maxArrowDimension: l.maxArrowDimension, maxArrowBatches: l.maxArrowBatches, maxArrowRows: l.maxArrowRows, maxArrowValues: l.maxArrowValues }).filter(([, v]) => v !== undefined));
}
import { SAG_FILES } from './records.js';

export type SagKey = keyof typeof SAG_FILES;

export interface RecordPassLimits extends Partial<ArrowLimits> {
  maxDepth: number;
  maxLineBytes: number;
  maxJsonlRecords?: number;
  /** In a build: the worker also scans what it reads for secrets (findings are warnings when `allow`). */
  secrets?: { allow: boolean };
}

export interface RecordPassResult {
  /** Every record file was read whole and every line parsed. */
  parsed: boolean;
  /** What the parse found (the files' own lines: UTF-8, JSON, length). */
  diags: Diagnostic[];
  /** The fast path proved every record rule. */
  proven: boolean;
  /** The ids, when proven (from a worker only when it did not check the vectors itself). */
  ids?: SagIds;
  /** The findings of the vectors files, when the worker checked them (valid only when proven). */
  vectorDiags?: Diagnostic[];
}

/** A vectors file the worker checks against the record ids (its digest is checked by the main thread). */
export interface VectorFile {
  path: string;
  kind: RecordKind;
  range: FileRange;
}

/** Record files larger than this in total are parsed on a worker thread. */
export const WORKER_ABOVE = 8 * 1024 * 1024;

/** Whether record files of `totalBytes` go to a worker; CTXFORGE_RECORD_WORKER=1 / 0 forces it on / off. */
export function wantsWorker(totalBytes: number): boolean {
  const force = process.env.CTXFORGE_RECORD_WORKER;
  return force === '1' || (force !== '0' && totalBytes > WORKER_ABOVE);
}

/** The pass on this thread: the record files are pushed to it in blocks as they are hashed. */
export class InlinePass {
  private readonly indexer = new SagIndexer();
  private readonly parsers = new Map<SagKey, JsonlParser>();
  private readonly diags: Diagnostic[] = [];
  private parsed = true;

  constructor(private readonly limits: RecordPassLimits) {}

  private parser(key: SagKey): JsonlParser {
    let p = this.parsers.get(key);
    if (!p) {
      p = new JsonlParser(SAG_FILES[key], this.limits.maxDepth, this.limits.maxLineBytes, this.diags, (v) => this.indexer[key](v), this.limits.maxJsonlRecords);
      this.parsers.set(key, p);
    }
    return p;
  }

  /** The next block of a record file (the caller may reuse it afterwards). */
  push(key: SagKey, chunk: Buffer): void {
    this.parser(key).push(chunk);
  }

  /** The file is done; `complete` is false when it could not be read whole. */
  end(key: SagKey, complete: boolean): void {
    this.parsed = this.parser(key).end() && complete && this.parsed;
  }

  async finish(concepts: ReadonlyMap<string, string>, idSpace: ReadonlySet<string>): Promise<RecordPassResult> {
    const ids = this.parsed ? this.indexer.finish(concepts, idSpace) : undefined;
    return { parsed: this.parsed, diags: this.diags, proven: Boolean(ids), ids, ...(this.vectorDiags ? { vectorDiags: this.vectorDiags } : {}) };
  }

  private vectorDiags: Diagnostic[] | undefined;

  /**
   * Checks vectors files against the ids indexed so far, before finish(): if finish proves the
   * records, these are the ids it gives, so the findings stand; otherwise they are not used.
   */
  checkVectors(files: { path: string; kind: RecordKind; bytes: Buffer }[]): void {
    const ids = this.parsed ? this.indexer.ids() : undefined;
    if (!ids) return;
    const diags: Diagnostic[] = [];
    for (const f of files) checkArrowFile(f.path, f.bytes, ids, f.kind, diags, { ...DEFAULT_ARROW_LIMITS, ...definedOnly(this.limits) });
    this.vectorDiags = diags;
  }

  close(): void {}
}

/**
 * What the worker found for a batch of shared knowledge documents (the hand-off's files `start` to
 * `start + count - 1`), in typed arrays, one slot a document: a reply of an object, a digest string
 * and a document object a file made ~500 bytes of V8's heap a document on each thread, cloned and
 * alive together while the main thread checked its own share, which kept its young generation at
 * its largest (issue 39). Only what does not fit a slot comes as an object (`extras`).
 */
export interface SharedDocBatch {
  start: number;
  count: number;
  /** Each document's state: DOC_READ, DOC_WROTE, DOC_CONCEPT, DOC_ID bits. */
  state: Uint8Array;
  /** Of each document read: its SHA-256, 32 bytes at 32 × its slot. */
  digests: Uint8Array;
  /** Of each document read: its size (a directory's listing does not stat it). */
  sizes: Float64Array;
  /** In a build: each written document's CRC-32. */
  crcs: Uint32Array;
  /** Of each concept document kept here: its id as 16 bytes (DOC_ID), and the id's line. */
  ids: Uint8Array;
  idLines: Int32Array;
  /** The documents with more to say than their slot holds, in slot order. */
  extras: SharedDocResult[];
  /** In a build: why the batch's documents that were queued could not be written (each stays unwritten). */
  writeError?: { message: string; code?: string };
}

/** Slot states of a SharedDocBatch. */
export const DOC_READ = 1; // read: its digest is in `digests`
export const DOC_WROTE = 2; // written into its place in the archive, with the CRC-32 in `crcs`
export const DOC_CONCEPT = 4; // a concept document kept in the slot (id, if DOC_ID, and line)
export const DOC_ID = 8; // with an id as 16 bytes

/** What a shared document's slot cannot hold (`k` indexes the hand-off's paths). */
export interface SharedDocResult {
  k: number;
  /** Why it could not be read (the slot is not DOC_READ). */
  error?: string;
  /** A concept document kept whole: the report keeps every field, or its id is not a canonical UUID. */
  /** The document is larger than the hand-off's maxBytes: not read (the check says so, as for a listed size). */
  tooLarge?: true;
  doc?: ConceptDoc;
  /** The checks' findings, when there are some. */
  diags?: Diagnostic[];
  /** In a build: the secret scan's findings in the document (core/secrets.ts), when there are some. */
  secrets?: Diagnostic[];
  /** Validate: the document's link facts (links/facts.ts), when the share was given a scan. */
  links?: DocLinkFacts | null;
}

/** A record file's copy into the archive: its SHA-256 and CRC-32 as copied, or why not (`write`: writing failed). */
export type PlacedFile = { sha256: string; crc32: number } | { error: Error; write: boolean };

type ToWorker =
  | { op: 'file'; key: SagKey; fd: number; offset: number; size: number }
  | { op: 'docs'; handoff: FileHandoff; counter: SharedArrayBuffer; batch: number; keep: DocsKept; place?: PlacedSlots; links?: LinkScanSpec }
  | { op: 'place'; path: string; files: { key: SagKey; fd: number; offset: number; size: number; at: number }[] }
  | { op: 'vectors'; files: { path: string; kind: RecordKind; fd: number; offset: number; size: number }[] }
  | { op: 'finish'; concepts: ReadonlyMap<string, string>; idSpace: ReadonlySet<string> }
  | { op: 'sizes'; handoff: FileHandoff & { kind: 'disk' }; counter: SharedArrayBuffer; batch: number; out: SharedArrayBuffer };
type FromWorker =
  | { op: 'sized' }
  | { op: 'hashed'; key: SagKey; sha256?: string; error?: string; secrets?: Diagnostic[] }
  | { op: 'placed'; key: SagKey; sha256?: string; crc32?: number; error?: string; code?: string; write?: boolean }
  | { op: 'docs'; batch: SharedDocBatch }
  | { op: 'docs-done' }
  | { op: 'result'; result: RecordPassResult };
/** What the main thread keeps of a concept document: its id and the id's line, or every field. */
export type DocsKept = 'ids' | 'all';

export type { ToWorker as RecordWorkerMessage, FromWorker as RecordWorkerReply };

/**
 * The pass on a worker thread, which reads the record files itself through descriptors the main
 * thread opened (positioned reads are safe across threads), so nothing is copied between threads
 * and memory holds one block per file. Each file's digest comes back as soon as it is read.
 */
export class WorkerPass {
  private readonly worker: Worker;
  private failure: Error | undefined;
  private readonly hashed = new Map<SagKey, { resolve: (s: string) => void; reject: (e: Error) => void; promise: Promise<string> }>();
  private result: { resolve: (r: RecordPassResult) => void; reject: (e: Error) => void } | undefined;
  private waiting = 0;

  private readonly vectors: VectorFile[] = [];
  private readonly ranges = new Map<SagKey, FileRange>();
  /** Where each file was read from, for covers(). */
  private readonly given = new Map<SagKey, { fd: number; offset: number; size: number }>();
  private readonly placing = new Map<SagKey, { range: FileRange; resolve: (p: PlacedFile) => void }>();

  constructor(limits: RecordPassLimits, ranges: ReadonlyMap<SagKey, FileRange> = new Map()) {
    this.worker = spawn(limits);
    // Never the reason the process stays up: it is held only while a result is awaited.
    this.worker.unref();
    this.worker.on('message', (m: FromWorker) => {
      if (m.op === 'hashed') {
        const h = this.hashed.get(m.key)!;
        this.release(m.key);
        this.unhold();
        if (m.secrets) this.secretFindings.set(m.key, m.secrets);
        if (m.sha256) h.resolve(m.sha256);
        else h.reject(new Error(m.error ?? 'cannot read'));
      } else if (m.op === 'placed') {
        const p = this.placing.get(m.key)!;
        this.placing.delete(m.key);
        p.range.release();
        this.unhold();
        p.resolve(m.sha256 ? { sha256: m.sha256, crc32: m.crc32! } : { error: Object.assign(new Error(m.error ?? 'cannot copy'), { code: m.code }), write: Boolean(m.write) });
      } else if (m.op === 'docs') this.onDocs?.(m.batch);
      else if (m.op === 'docs-done') {
        this.unhold();
        this.docsDone?.();
      } else if (m.op === 'result') {
        this.unhold();
        this.result?.resolve(m.result);
        this.close();
      }
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the record worker stopped (exit code ${code})`)));
    for (const [key, r] of ranges) this.addFile(key, r);
  }

  /** A record file for the worker to read (each key once; the pass releases the range). */
  addFile(key: SagKey, r: FileRange): void {
    if (this.hashed.has(key) || this.failure) { r.release(); return; }
    let resolve!: (s: string) => void;
    let reject!: (e: Error) => void;
    const promise = new Promise<string>((res, rej) => { resolve = res; reject = rej; });
    promise.catch(() => undefined); // observed by digest(); unobserved when the pass is closed early
    this.hashed.set(key, { resolve, reject, promise });
    this.ranges.set(key, r);
    this.given.set(key, { fd: r.fd, offset: r.offset, size: r.size });
    this.hold();
    this.worker.postMessage({ op: 'file', key, fd: r.fd, offset: r.offset, size: r.size } satisfies ToWorker);
  }

  /**
   * Whether this pass read every record file from exactly where `tree` says it lies: a pass started
   * while an archive was still being checked (openOctx's early ranges) stands only then.
   */
  covers(tree: Tree, keys: readonly SagKey[]): boolean {
    if (this.failure || !tree.openRange) return false;
    return keys.every((key) => {
      const g = this.given.get(key);
      let r: FileRange | undefined;
      try { r = tree.openRange!(SAG_FILES[key]); } catch { return false; }
      r?.release();
      return Boolean(g && r && g.fd === r.fd && g.offset === r.offset && g.size === r.size);
    });
  }

  /**
   * The vectors files, checked against the record ids once the records are read. Before any share
   * of documents: Arrow's ~200 ms of loading and the check then run while the main thread still
   * reads documents. The pass releases the ranges.
   */
  checkVectors(vectors: VectorFile[]): void {
    this.vectors.push(...vectors);
    if (vectors.length) this.worker.postMessage({ op: 'vectors', files: vectors.map((v) => ({ path: v.path, kind: v.kind, fd: v.range.fd, offset: v.range.offset, size: v.range.size })) } satisfies ToWorker);
  }

  private onDocs: ((b: SharedDocBatch) => void) | undefined;
  private docsDone: (() => void) | undefined;
  private docsFailed: ((e: Error) => void) | undefined;

  /**
   * Once its record files are read, the worker also takes knowledge documents: both threads claim
   * batches of the hand-off's files from one shared counter (Int32 slot 0), so whichever is free
   * takes the next batch. Resolves when the worker has claimed its last batch and reported it.
   * `keep` says what of a concept document comes back: its id and line in the batch's slots, or
   * every field (as an extra).
   */
  shareDocs(handoff: FileHandoff, counter: SharedArrayBuffer, batch: number, keep: DocsKept, onBatch: (b: SharedDocBatch) => void, place?: PlacedSlots, links?: LinkScanSpec): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.onDocs = onBatch;
      this.docsDone = resolve;
      this.docsFailed = reject;
      this.hold();
      this.worker.postMessage({ op: 'docs', handoff, counter, batch, keep, place, links } satisfies ToWorker);
    });
  }

  /**
   * In a build: the worker copies record files into the archive at `path` (each `at` its data's
   * offset), after reading them for the checks and before taking documents. Each promise settles
   * with what was copied; the pass releases the ranges.
   */
  placeFiles(path: string, files: { key: SagKey; range: FileRange; at: number }[]): Map<SagKey, Promise<PlacedFile>> {
    const out = new Map<SagKey, Promise<PlacedFile>>();
    for (const f of files) {
      out.set(f.key, new Promise<PlacedFile>((resolve) => {
        if (this.failure) { f.range.release(); resolve({ error: this.failure, write: false }); return; }
        this.placing.set(f.key, { range: f.range, resolve });
        this.hold();
      }));
    }
    if (files.length && !this.failure) {
      this.worker.postMessage({ op: 'place', path, files: files.map((f) => ({ key: f.key, fd: f.range.fd, offset: f.range.offset, size: f.range.size, at: f.at })) } satisfies ToWorker);
    }
    return out;
  }

  /** The SHA-256 of a record file, once the worker has read it. */
  digest(key: SagKey): Promise<string> {
    return this.hashed.get(key)!.promise;
  }

  private readonly secretFindings = new Map<SagKey, Diagnostic[]>();

  /** In a build, once digest() has settled: the secret scan's findings in a record file as the worker read it. */
  secrets(key: SagKey): Diagnostic[] {
    return this.secretFindings.get(key) ?? [];
  }

  finish(concepts: ReadonlyMap<string, string>, idSpace: ReadonlySet<string>): Promise<RecordPassResult> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.result = { resolve, reject };
      this.hold();
      this.worker.postMessage({ op: 'finish', concepts, idSpace } satisfies ToWorker);
    });
  }

  close(): void {
    for (const key of [...this.ranges.keys()]) this.release(key);
    this.settlePlacing(new Error('the record pass was closed'));
    for (const v of this.vectors.splice(0)) v.range.release();
    this.worker.unref();
    void this.worker.terminate();
  }

  private fail(e: Error): void {
    if (this.failure) return;
    this.failure = e;
    for (const h of this.hashed.values()) h.reject(e);
    this.docsFailed?.(e);
    this.settlePlacing(e);
    this.result?.reject(e);
    this.result = undefined;
  }

  private settlePlacing(why: Error): void {
    for (const [key, p] of this.placing) {
      this.placing.delete(key);
      p.range.release();
      p.resolve({ error: why, write: false });
    }
  }

  private hold(): void { if (this.waiting++ === 0) this.worker.ref(); }
  private unhold(): void { if (--this.waiting === 0) this.worker.unref(); }

  private release(key: SagKey): void {
    const r = this.ranges.get(key);
    this.ranges.delete(key);
    r?.release();
  }
}

// Records are parsed into garbage that dies at once, so a small young generation costs the worker
// nothing in time and keeps ~25 MB off the process's peak (issue 7's 200 MB bound on 1 GiB).
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

function spawn(limits: RecordPassLimits): Worker {
  const key = JSON.stringify(limits);
  const waiting = ahead;
  ahead = undefined;
  if (waiting && waiting.key === key && waiting.alive) {
    waiting.taken();
    return waiting.worker;
  }
  waiting?.worker.terminate().catch(() => undefined);
  return startWorker(import.meta.url, 'record-worker', { workerData: limits, resourceLimits: WORKER_LIMITS });
}

/**
 * A worker started before its pass knew it would want one (prestartWorker), for the next pass of
 * the same limits: starting a worker — a thread, Node's bootstrap, the worker's modules — takes
 * ~150–200 ms of the other core, which a large tree's checks otherwise wait out before the worker
 * takes its first documents (on 50,000 documents, ~8% of a validate of the directory).
 */
let ahead: { key: string; worker: Worker; alive: boolean; taken(): void } | undefined;

/**
 * Starts the worker a pass of `limits` will take, unless one is already waiting. Never holds the
 * process up. The waiting worker's thread id.
 */
export function prestartWorker(limits: RecordPassLimits): number {
  if (ahead) return ahead.worker.threadId;
  const worker = startWorker(import.meta.url, 'record-worker', { workerData: limits, resourceLimits: WORKER_LIMITS });
  worker.unref();
  // A worker that fails before a pass takes it is dropped here; the pass then starts its own.
  const gone = () => { if (ahead?.worker === worker) ahead.alive = false; };
  worker.on('error', gone);
  worker.on('exit', gone);
  ahead = { key: JSON.stringify(limits), worker, alive: true, taken: () => { worker.off('error', gone); worker.off('exit', gone); } };
  return worker.threadId;
}

/**
 * The waiting worker's part in DiskTree.sizeAll (statHandoff on its thread, the same claims as this
 * thread's): nothing to wait for when no worker waits. A size it did not write stays NaN, asked
 * again by the listing when used.
 */
export function sizesOnWaitingWorker(h: FileHandoff & { kind: 'disk' }, counter: SharedArrayBuffer, batch: number, out: SharedArrayBuffer): Promise<void> {
  const waiting = ahead;
  if (!waiting?.alive) return Promise.resolve();
  const w = waiting.worker;
  return new Promise((resolve) => {
    const done = () => {
      w.off('message', onMessage);
      w.off('exit', done);
      w.unref();
      resolve();
    };
    const onMessage = (m: FromWorker) => { if (m.op === 'sized') done(); };
    w.on('message', onMessage);
    w.on('exit', done);
    // Held while it answers: an unreferenced worker would let the process end under the await.
    w.ref();
    w.postMessage({ op: 'sizes', handoff: h, counter, batch, out } satisfies ToWorker);
  });
}

/** The thread id of the worker waiting for a pass, if one is (tests). */
export function waitingWorker(): number | undefined {
  return ahead?.alive ? ahead.worker.threadId : undefined;
}

/** Stops a prestarted worker no pass took (its tree turned out not to need one). */
export function dropPrestartedWorker(): void {
  const waiting = ahead;
  ahead = undefined;
  if (!waiting) return;
  waiting.taken();
  waiting.worker.terminate().catch(() => undefined);
}
