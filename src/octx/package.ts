// Validation of one OCTX package or working directory held in a Tree, layer by layer as the spec
// orders it: manifest → files and digests → documents → package digest (the format), then each
// declared capability, which a format failure blocks.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { sortUtf8, unsafePathReason } from '../core/paths.js';
import { DiskTree, fileChunks, KINDS, ListedFiles, listedEntries, TreeReadError, type TreeListing, type FileHandoff, type FileRange, type Tree, type TreeEntry } from '../core/tree.js';
import type { EarlyRanges } from '../core/zip-tree.js';
import type { ZipPlacement } from '../core/zip-placement.js';
import { createHash } from 'node:crypto';
import { JcsError } from '../core/jcs.js';
import { checkManifest, parseManifestBytes, MANIFEST, type FileEntry, type Manifest } from './manifest.js';
import { readManifestCompact, settleFiles, type DeclaredList } from './declared-files.js';
import { checkKnowledge, isConcept, isKnowledgeMarkdown, type ConceptDoc } from './documents.js';
import { packageDigest, packageDigestListed } from './digest.js';
import { readJsonl } from './jsonl.js';
import { checkSag, SAG_FILES, SAG_PATHS, type SagData } from './records.js';
import { releaseBytes } from '../core/release.js';
import { DOC_CONCEPT, DOC_ID, DOC_READ, DOC_WROTE, dropPrestartedWorker, InlinePass, prestartWorker, sizesOnWaitingWorker, waitingWorker, wantsWorker, WorkerPass, type PlacedFile, type RecordPassLimits, type SagKey, type VectorFile } from './record-pass.js';
import { checkArrowFile, checkVectorConfig, targetKind, VECTOR_CONFIG, VECTOR_FILES, VECTOR_PATHS, VECTOR_PROFILES, VECTOR_ROLES } from './vectors.js';
import { checkVectorProfiles } from './vector-profiles.js';
import { mapLimit } from '../core/concurrency.js';
import { scanSecretBytes } from '../core/secrets.js';
import { SecretStream } from '../core/secret-stream.js';
import { startProgress } from '../core/progress.js';
import type { LinkFactsSink } from '../links/facts.js';
import { pushAll } from '../core/arrays.js';
import { DigestArray } from '../core/digest-array.js';
import { DocIds } from './doc-ids.js';
import { KeptDocs } from './kept-docs.js';
import { EntryArray, EntryFiles, EntryPaths, ListingFiles, PositionsBuilder, type FileList, type PayloadFiles } from './payload-files.js';

export interface OctxReport {
  format_valid: boolean;
  valid: boolean;
  fully_validated: boolean;
  capabilities: Record<string, boolean | null>;
  diagnostics: Diagnostic[];
  open_error?: string;
  manifest?: Manifest;
  /** The payload file list (declared, or derived from a working directory). */
  files: FileEntry[];
  documents: ConceptDoc[];
  /** Digest computed per §10 (when the files matched). */
  package_digest?: string;
  declared_digest?: string;
  /** With `secrets`: each payload file's secret findings, by its index in `files`. */
  secrets?: (Diagnostic[] | undefined)[];
  /** With `asBuilt`, when it applied: the package digest of the manifest as built. */
  built_digest?: string;
  /**
   * Each payload file's SHA-256 (hex) by its index in `files`, made when asked: a build writes its
   * manifest from these without settling `files` (a hex string a file). Not enumerable: never printed.
   */
  sha256Of?: (i: number) => string;
}

// Records are indexed in this order: relations name records of all three kinds.
const SAG_ORDER = ['chunks', 'events', 'entities', 'chunkEvents', 'eventEntities'] as const;

// Documents shared with the record worker: only for knowledge bases large enough to pay for the
// messages, in batches that keep both threads busy to the end.
const SHARE_ABOVE = 2000;
const SHARE_BATCH = 64;

const HASH_IN_CHUNKS_ABOVE = 8 * 1024 * 1024;

const EXTENSION_PATH = /^extensions\/[a-z0-9-]+(?:\.[a-z0-9-]+)+\/\d+\.\d+\/.+/;

/** Working-directory payload: knowledge Markdown, the standard capability paths, extensions. */
export function isPayloadPath(p: string): boolean {
  return isKnowledgeMarkdown(p) || SAG_PATHS.includes(p) || VECTOR_PATHS.includes(p) || p.startsWith('extensions/');
}

/**
 * Hands the record files to the worker to copy into the archive: those still of their listed size
 * (one that is not is left unwritten: it changed since the listing).
 */
function placeRecords(tree: Tree, placement: ZipPlacement, entryOf: (key: SagKey) => number, worker: WorkerPass, byPath: { get(path: string): TreeEntry | undefined }): Map<SagKey, Promise<PlacedFile>> {
  const files: { key: SagKey; range: FileRange; at: number }[] = [];
  for (const key of SAG_ORDER) {
    const e = placement.layout.entry(entryOf(key));
    if (!e) continue;
    let range: FileRange | undefined;
    try { range = tree.openRange?.(SAG_FILES[key]); } catch { range = undefined; }
    if (!range) continue;
    if (range.size !== e.size || range.size !== byPath.get(SAG_FILES[key])?.size) { range.release(); continue; }
    files.push({ key, range, at: e.dataAt });
  }
  return worker.placeFiles(placement.path, files);
}

function emptyReport(diagnostics: Diagnostic[], openError?: string): OctxReport {
  return { format_valid: false, valid: false, fully_validated: false, capabilities: {}, diagnostics, open_error: openError, files: [], documents: [] };
}

/** A build's archive, and the entry of each payload file in it (by the file's index in the list `place` was given). */
export interface PayloadArchive {
  archive: ZipPlacement;
  entryOf: Int32Array;
}

export interface CheckOptions {
  workdir: boolean;
  limits?: Partial<Limits>;
  /**
   * A build: called once the payload list is known, with the manifest and each payload file's
   * listed size; the archive it returns (if any) is written as the files are read, each file from
   * the bytes that were checked (core/zip-placement.ts). Entries whose file changed since the
   * listing, or whose write failed, are left unwritten, for the caller to report.
   */
  place?: (manifest: Manifest, files: PayloadFiles, sizes: Float64Array) => PayloadArchive | undefined;
  /**
   * A record pass started while the archive was opened (earlyRecordPass): used when it read every
   * record file from where the opened tree says it lies, else closed (the caller closes it too,
   * for the paths that return before the records: closing twice is harmless).
   */
  started?: WorkerPass;
  /**
   * A build: every payload file is scanned for secrets from the bytes read for its checks, on the
   * thread that reads them (findings are warnings when `allow`), and the findings are returned.
   */
  secrets?: { allow: boolean };
  /**
   * What the report keeps of each concept document: everything (default: inspect, diff), or only
   * its path, id and the id's line ('ids': validate and build, which need no more).
   */
  documents?: 'all' | 'ids';
  /** Validate: the link check, handed each document as it is read (here or on the worker). */
  linkFacts?: LinkFactsSink;
  /**
   * A build: the manifest as it will be built from this one (its build time set). For a working
   * directory without files[] and without a declared digest to check, the package digest is
   * computed of that manifest instead (report.built_digest), so a build computes it once.
   */
  asBuilt?: (manifest: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * A record pass on a worker, fed each record file as openOctx finds it: the ranges to hand to
 * openOctx, and the pass to hand to checkPackage — started at the first record file found, so that
 * an archive without records (large for another reason: 50k documents) starts no thread for
 * nothing (~0.3 s of CPU and ~20 MB).
 */
export function earlyRecordPass(limits?: Partial<Limits>): { pass: EarlyPass; ranges: EarlyRanges } {
  const l = resolveLimits(limits);
  let started: WorkerPass | undefined;
  const keyOf = new Map<string, SagKey>(SAG_ORDER.map((k) => [SAG_FILES[k], k]));
  const pass: EarlyPass = {
    get started() { return started; },
    covers: (tree, keys) => started?.covers(tree, keys) ?? false,
    close: () => started?.close(),
  };
  return { pass, ranges: { paths: [...keyOf.keys()], onRange: (path, range) => (started ??= new WorkerPass(l)).addFile(keyOf.get(path)!, range) } };
}

/** The record pass of earlyRecordPass: `started` once a record file was found. */
export interface EarlyPass {
  readonly started: WorkerPass | undefined;
  covers(tree: Tree, keys: readonly SagKey[]): boolean;
  close(): void;
}

export async function checkPackage(tree: Tree, opts: CheckOptions): Promise<OctxReport> {
  const limits: Limits & RecordPassLimits = { ...resolveLimits(opts.limits), ...(opts.secrets ? { secrets: opts.secrets } : {}) };
  const scan = opts.secrets;
  const diags: Diagnostic[] = [];
  const mstat = await tree.stat(MANIFEST);
  if (!mstat || mstat.kind !== 'file') {
    return emptyReport([error('OCTX_MANIFEST_MISSING', `${tree.label} has no manifest.json`, { hint: opts.workdir ? 'run `ctxforge init octx <dir>` to start a working directory' : undefined })], 'manifest missing');
  }
  if (mstat.size > limits.maxFileBytes) return emptyReport([error('OCTX_ZIP_LIMIT', 'manifest.json is larger than the per-file limit', { file: MANIFEST })], 'limit');
  const parsed = await readManifestOf(tree, limits.maxDepth, opts.workdir);
  if (!parsed.raw) return emptyReport(parsed.diagnostics, parsed.openError);
  const mc = checkManifest(parsed.raw, parsed.text, opts.workdir, parsed.declared !== undefined);
  const declaredList = parsed.declared;
  if (declaredList) settleFiles(parsed.raw, declaredList);
  // The manifest's text serves only its own findings' lines: a built manifest lists every file
  // (~150 bytes a document), so it is not held while the files are read.
  parsed.text = undefined;
  mc.text = undefined;
  if (parsed.owned) releaseBytes(parsed.owned);
  parsed.owned = undefined;
  diags.push(...mc.diagnostics);
  const capabilities = { ...mc.capabilities };
  if (mc.unsupportedVersion) {
    for (const name of Object.keys(capabilities)) {
      diags.push(error('OCTX_CAPABILITY_DEPENDENCY_INVALID', `capability ${name} is not validated: the OCTX format itself is invalid`));
    }
    return { ...emptyReport(diags), capabilities, manifest: mc.manifest };
  }
  const manifest = mc.manifest!;
  // Record files come first, each read in blocks: hashed and parsed on the same pass, their records
  // streamed into the indexer, which keeps a few fields per record. What the parse found is used
  // only if the format layer passes. The pass starts before the listing (a directory walk, which
  // the worker's reading then overlaps) and is dropped if the files turn out not to be listed.
  const sagWanted = 'sag-structured' in capabilities && capabilities['sag-structured'] !== null;
  const early = opts.started && sagWanted && opts.started.covers(tree, SAG_ORDER) ? opts.started : undefined;
  if (!early) opts.started?.close();
  let pass = early ?? (sagWanted ? startPass(tree, limits) : undefined);
  try {
    // The tree's listing as a table where it keeps one (a directory, a git tree): made here, where a
    // declared file list would otherwise not start it, so that entry() answers from it.
    const table = tree.listing ? await tree.listing() : undefined;
    // The documents' worker of a large directory or a build (below), started now, while this thread
    // reads the manifest's list and sizes the files, instead of when the sharing begins: its start
    // (~150–200 ms of the other core) is then over before the first document is handed out.
    if (table && !(pass instanceof WorkerPass) && (opts.place !== undefined || (!pass && !scan))) prestartFor(tree, table, limits);
    // Entries one at a time where the tree makes them so, else its listing.
    let listing: TreeEntry[] | undefined = table || tree.eachEntry ? undefined : await tree.list();
    if (!listing && !table) for (const _ of tree.eachEntry!()) break;
    const entries = (): Iterable<TreeEntry> => listing ?? (table ? listedEntries(table) : tree.eachEntry!());
    // The tree's own index when it has one: a second map of every path costs ~35 bytes a file.
    const byPath = entryLookup(tree, listing);

    // The payload list: declared, or (working directory without files[]) every payload file in the
    // tree: of a listing table, positions in it (no object and no path string a file: issue 39).
    let files: PayloadFiles;
    // The list's entries, when it has them (declared, or derived from a tree without a listing table).
    let entryList: FileList | undefined;
    const declared = declaredList !== undefined || Array.isArray(parsed.raw.files);
    const own = !declared ? table : undefined;
    const derivedProblem = (path: string, kind: TreeEntry['kind']): boolean => {
      const why = unsafePathReason(path);
      if (why) { diags.push(error('OCTX_PATH_UNSAFE', `${path}: ${why}`, { file: path })); return true; }
      if (kind !== 'file') { diags.push(error('OCTX_FILE_NOT_REGULAR', `${path} is a ${kind === 'symlink' ? 'symbolic link' : 'special file'}; only regular files can be packaged`, { file: path })); return true; }
      return false;
    };
    if (declaredList) {
      // Read apart from the manifest's bytes (declared-files.ts): the same entries, settled.
      entryList = declaredList;
      files = new EntryFiles(entryList, (p) => byPath.get(p));
    } else if (declared) {
      entryList = new EntryArray((parsed.raw.files as unknown[]).filter((f): f is FileEntry => typeof (f as FileEntry)?.path === 'string' && typeof (f as FileEntry)?.sha256 === 'string'));
      files = new EntryFiles(entryList, (p) => byPath.get(p));
    } else if (own) {
      const positions = new PositionsBuilder();
      for (let at = 0; at < own.paths.length; at++) {
        const path = own.paths.at(at);
        if (isPayloadPath(path) && !derivedProblem(path, KINDS[own.kinds[at]!]!)) positions.add(at);
      }
      files = new ListingFiles(own, positions.done());
    } else {
      const derived: FileEntry[] = [];
      for (const e of entries()) if (isPayloadPath(e.path) && !derivedProblem(e.path, e.kind)) derived.push({ path: e.path, sha256: '' });
      entryList = new EntryArray(derived);
      files = new EntryFiles(entryList, (p) => byPath.get(p));
    }
    if (opts.workdir && declared) {
      // Of a table, by its kinds: an entry of a directory's listing would stat the file.
      const notRegular = (path: string) => diags.push(error('OCTX_FILE_NOT_REGULAR', `${path} is not a regular file`, { file: path }));
      if (table) {
        for (let at = 0; at < table.paths.length; at++) {
          if (KINDS[table.kinds[at]!] === 'file') continue;
          const path = table.paths.at(at);
          if (isPayloadPath(path)) notRegular(path);
        }
      }
      else for (const e of entries()) if (isPayloadPath(e.path) && e.kind !== 'file') notRegular(e.path);
    }
    // Not held while the files are read (an archive's listing is a copy: an object a file).
    listing = undefined;

    // Hash every listed file; parse concept documents and reserved files on the same read.
    const idSpace = new Set<string>();
    if (typeof manifest.asset?.id === 'string') idSpace.add(manifest.asset.id);
    // Validate and build keep each document's id as bytes, and a derived list's digests too (what
    // V8's heap holds a document it lets grow 2-4× before it collects: issue 39); the other callers,
    // which print each document's type and title, keep those by position too.
    const whole = opts.documents === 'ids' ? undefined : new KeptDocs(files.length);
    const ids = whole ?? new DocIds(files.length);
    const digests = declared ? undefined : new DigestArray(files.length);
    const sha256Of = (i: number) => digests ? digests.hex(i) : entryList!.sha256(i);
    let digestsOk = true;
    // A file's findings, kept only when it has some (an empty list a document is ~30 bytes each).
    // Both by the file's index, holding only files being checked or with findings: an array of
    // every file grown a slot at a time left each of its ever larger copies to survive V8's young
    // generation and be promoted, megabytes that alone grew the young generation to its largest (issue 39).
    const docDiags = new Map<number, Diagnostic[]>();
    const secretsOf: (Diagnostic[] | undefined)[] = [];
    const keepDiags = (i: number) => { if (!docDiags.get(i)?.length) docDiags.delete(i); };
    const keepSecrets = (i: number, found: Diagnostic[]) => { if (found.length) secretsOf[i] = found; };
    const keepDoc = (i: number, d: ConceptDoc) => { if (whole) whole.keep(i, d); else ids.set(i, d.id, d.idLine); };
    const sagAt = SAG_PATHS.map((p) => files.indexOf(p));
    const sagStream = sagWanted && sagAt.every((i) => i >= 0);
    if (!sagStream) { pass?.close(); pass = undefined; }
    // Each file's listed size by position: no object a file (issue 39).
    // A build needs every size before its first write: asked on both threads when the documents'
    // worker is already waiting (an lstat a file; ~0.4 s of this thread at 50,000 files alone).
    if (opts.place && tree instanceof DiskTree && waitingWorker() !== undefined) await tree.sizeAll(sizesOnWaitingWorker);
    const placed = opts.place?.(manifest, files, Float64Array.from({ length: files.length }, (_, i) => files.size(i)));
    const placement = placed?.archive;
    const entryOf = placed?.entryOf ?? new Int32Array(0);
    if (pass instanceof WorkerPass && 'vectors' in capabilities && capabilities.vectors !== null) {
      pass.checkVectors(vectorRanges(tree, Object.values(VECTOR_FILES).filter((p) => files.indexOf(p) >= 0)));
    }
    const progress = startProgress(`checking ${tree.label.replace(/\/+$/, '').split('/').pop()}`, files.length);
    // A listed file's entry, when it can be read: present, regular, within the limit. `sized`:
    // its read applies the limit (tooLarge) and the caller counts its bytes, so its size is not
    // asked here — of a directory, a stat (sizeOnRead).
    const begin = (i: number, path: string, sized = false): { e?: TreeEntry; local: Diagnostic[] } | undefined => {
      // Of a sized file only the kind: an entry of a directory's listing would stat it.
      const e = sized ? undefined : files.entry(i, path);
      const kind = sized ? files.kind(i, path) : e?.kind;
      if (!sized) progress.tick(e?.size ?? 0);
      const local: Diagnostic[] = [];
      docDiags.set(i, local);
      if (kind !== 'file') {
        digestsOk = false;
        local.push(error('OCTX_FILE_DIGEST_MISMATCH', `${path} is listed in files[] but ${kind ? 'is not a regular file' : 'is missing'}`, { file: path }));
        return undefined;
      }
      if (e && e.size > limits.maxFileBytes) { tooLarge(path, local); return undefined; }
      // One string a path: the listing's, for the manifest's equal copy (~60 bytes a file).
      if (entryList && e) entryList.samePath(i, e.path);
      return { e, local };
    };
    function tooLarge(path: string, local: Diagnostic[]): void {
      digestsOk = false;
      local.push(error('OCTX_ZIP_LIMIT', `${path} is larger than the per-file limit`, { file: path }));
    }
    // The documents of a directory are read whole with the limit applied by the read (no stat of
    // each before it: issue 39's profile, ~0.4 s of 2.9 s at 50 000 documents).
    const sizeOnRead = tree.sizeOnRead === true;
    // The digest read (as hex, or its bytes from the worker; or the read's failure) against files[];
    // true when the file is as listed.
    const settle = (i: number, path: string, local: Diagnostic[], digest: string | Uint8Array | Error): boolean => {
      if (digest instanceof Error) {
        digestsOk = false;
        local.push(error('OCTX_ZIP_CORRUPT', `${path}: ${digest.message}`, { file: path }));
        return false;
      }
      if (digests) {
        if (typeof digest === 'string') digests.set(i, digest);
        else digests.setBytes(i, digest, 0);
        return true;
      }
      const actual = typeof digest === 'string' ? digest : Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength).toString('hex');
      const listed = entryList!.sha256(i);
      if (actual !== listed) {
        digestsOk = false;
        local.push(error('OCTX_FILE_DIGEST_MISMATCH', `${path}: SHA-256 is ${actual}, files[] declares ${listed}`, { file: path, hint: 'the file changed after the package was built; rebuild it' }));
        return false;
      }
      return true;
    };
    // `via`: the bytes' way in, when not read here whole: pushed block by block to a consumer, or
    // read and hashed elsewhere (the record worker), which gives the digest.
    const checkFile = async (i: number, via?: { onChunk?: (c: Buffer) => void; digest?: () => Promise<string>; secrets?: () => Diagnostic[] }) => {
      const path = files.path(i);
      const sized = sizeOnRead && !via && isKnowledgeMarkdown(path);
      const b = begin(i, path, sized);
      if (!b) return false;
      // A large file whose content no rule reads (an extension payload) is hashed in chunks, so
      // memory holds a chunk of it, not all of it; so is a record file, parsed on the way.
      const hashOnly = !!b.e && b.e.size > HASH_IN_CHUNKS_ABOVE && !isKnowledgeMarkdown(path) && !SAG_PATHS.includes(path) && !VECTOR_PATHS.includes(path);
      let bytes: Buffer | undefined;
      let actual: string | Error;
      try {
        if (via?.digest) {
          actual = await via.digest();
          if (scan && via.secrets) keepSecrets(i, via.secrets());
        } else if (hashOnly || via?.onChunk) {
          const h = createHash('sha256');
          const out = placement?.stream(entryOf[i]!);
          const secrets = scan ? new SecretStream(path, path, scan.allow) : undefined;
          for await (const c of fileChunks(tree, path)) { h.update(c); via?.onChunk?.(c); out?.push(c); secrets?.push(c); }
          actual = h.digest('hex');
          out?.end();
          if (secrets) keepSecrets(i, secrets.end());
        } else {
          // Without a build to place them, the bytes are checked below with no await before, and
          // nothing keeps them: a transient view will do (no copy per document).
          bytes = (!placement ? tree.readTransient?.(path) : undefined) ?? await tree.read(path, sized ? limits.maxFileBytes : undefined);
          actual = sha256Hex(bytes);
          if (scan) keepSecrets(i, scanSecretBytes(bytes, path, path, scan.allow));
        }
      } catch (err) {
        actual = err as Error;
      }
      if (sized) {
        progress.tick(bytes?.length ?? 0);
        if (actual instanceof TreeReadError && actual.tooLarge) { tooLarge(path, b.local); return false; }
      }
      if (!settle(i, path, b.local, actual)) { if (bytes) opts.linkFacts?.observe(path, bytes); return false; }
      if (!bytes) return true;
      placement?.put(entryOf[i]!, bytes);
      if (isKnowledgeMarkdown(path)) {
        // The link check takes the document's links from this read, and its text as decoded here.
        let text: string | null | undefined;
        const doc = checkKnowledge(path, bytes, limits.maxDepth, b.local, opts.linkFacts ? (t) => { text = t ?? null; } : undefined);
        if (doc) keepDoc(i, doc);
        opts.linkFacts?.observe(path, bytes, text);
      } else opts.linkFacts?.observe(path, bytes);
      return true;
    };
    const sagIndex = (key: SagKey) => sagAt[SAG_PATHS.indexOf(SAG_FILES[key])]!;
    // On a worker the record files are read while the documents are checked here; inline they are
    // read first, in rule order.
    let sagJobs: Promise<boolean>[] = [];
    const worker = pass instanceof WorkerPass ? pass : undefined;
    const inline = pass instanceof InlinePass ? pass : undefined;
    if (worker) {
      sagJobs = SAG_ORDER.map((key) => checkFile(sagIndex(key), {
        digest: () => worker.digest(key),
        secrets: () => worker.secrets(key),
      }));
    }
    else if (inline) for (const key of SAG_ORDER) inline.end(key, await checkFile(sagIndex(key), { onChunk: (c) => inline.push(key, c) }));
    // In a build the worker copies the record files into the archive once it has read them (the
    // layout did not exist when it started), before it takes any document.
    const placedRecords = placement && worker ? placeRecords(tree, placement, (key) => entryOf[sagIndex(key)]!, worker, byPath) : undefined;
    // Positions by the file, in typed arrays: a list of 100 000 numbers is 800 KB of V8's large-object
    // space, garbage V8 keeps until its next full collection (issue 39).
    let rest = Int32Array.from({ length: files.length }, (_, i) => i).filter((i) => !sagStream || !sagAt.includes(i));
    // With a worker, the knowledge documents are shared with it (claimed in batches from one
    // counter); the rest, and everything without a worker, is checked here. Without a records'
    // worker, a build, and a validate of a large working directory, start one for the documents
    // alone: their per-file cost (open, stat, read, close, hash, YAML) is what it spends its time on.
    // Of a directory, the worker's read applies the limit (the hand-off's maxBytes).
    const canShare = (i: number) => {
      const path = files.path(i);
      if (!isKnowledgeMarkdown(path)) return false;
      if (sizeOnRead) return files.kind(i, path) === 'file';
      const e = files.entry(i, path);
      return e?.kind === 'file' && e.size <= limits.maxFileBytes;
    };
    // CTXFORGE_RECORD_WORKER=0 / 1 turns it off / on at any size, as it does the records' worker.
    const force = process.env.CTXFORGE_RECORD_WORKER;
    const docsOnly = !(pass instanceof WorkerPass) && tree.handoff !== undefined && force !== '0' && (placement !== undefined || (!pass && !scan));
    // Without records' worker or a build, only a folder on disk shares: an archive's hand-off (a
    // shared table of its paths, ~5 MB at 100 000) is not made to be dropped, nor its share counted.
    const mayShare = pass instanceof WorkerPass || placement !== undefined || tree.localPath !== undefined;
    const shareable = mayShare && (pass instanceof WorkerPass || docsOnly) ? rest.filter(canShare) : new Int32Array(0);
    const handoff = mayShare && shareable.length >= (docsOnly && force === '1' ? 1 : SHARE_ABOVE) ? shareOf(tree, files, shareable) : undefined;
    if (handoff?.kind === 'disk' && sizeOnRead) handoff.maxBytes = limits.maxFileBytes;
    // A validate shares only from a directory, where each document costs an open, a stat and a
    // close: from an archive it is one positioned read, and handing the checks over saved the main
    // thread nothing while the worker added ~20 MB to the peak (measured on the 50 000-document
    // bench). A build shares from any tree: its worker also scans and places its share.
    const sharer = !handoff ? undefined : pass instanceof WorkerPass ? pass : placement || handoff.kind === 'disk' ? new WorkerPass(limits) : undefined;
    if (handoff && sharer) {
      const inShare = new Uint8Array(files.length);
      for (const i of shareable) inShare[i] = 1;
      const counter = new SharedArrayBuffer(4);
      const claims = new Int32Array(counter);
      const theirs = sharer.shareDocs(handoff, counter, SHARE_BATCH, whole ? 'all' : 'ids', (batch) => {
        if (batch.writeError) placement!.failed(Object.assign(new Error(batch.writeError.message), { code: batch.writeError.code }));
        let x = 0;
        for (let s = 0; s < batch.count; s++) {
          const k = batch.start + s;
          const i = shareable[k]!;
          // The slot's object, if it has one (extras come in slot order).
          const r = batch.extras[x]?.k === k ? batch.extras[x++] : undefined;
          const state = batch.state[s]!;
          if (state & DOC_WROTE) placement!.wrote(entryOf[i]!, batch.crcs[s]!);
          const path = files.path(i);
          if (r?.links !== undefined) opts.linkFacts?.add(path, r.links);
          const b = begin(i, path, sizeOnRead);
          if (sizeOnRead) progress.tick(batch.sizes[s]!);
          if (b && r?.tooLarge) { tooLarge(path, b.local); continue; }
          if (!b || !settle(i, path, b.local, state & DOC_READ ? batch.digests.subarray(s * 32, s * 32 + 32) : new Error(r?.error))) continue;
          if (state & DOC_CONCEPT) ids.setBytes(i, state & DOC_ID ? batch.ids : undefined, s * 16, batch.idLines[s]!);
          else if (r?.doc) keepDoc(i, r.doc);
          if (r?.secrets) keepSecrets(i, r.secrets);
          if (r?.diags) pushAll(b.local, r.diags);
          keepDiags(i);
        }
      }, placement?.slots(shareable.map((i) => entryOf[i]!)), opts.linkFacts?.spec);
      await mapLimit(rest.filter((i) => !inShare[i]), 16, (i) => checkFile(i).then(() => keepDiags(i)));
      for (let start; (start = Atomics.add(claims, 0, SHARE_BATCH)) < shareable.length;) {
        await mapLimit(shareable.slice(start, start + SHARE_BATCH), 16, (i) => checkFile(i).then(() => keepDiags(i)));
        // The worker's replies are taken between batches: the checks above settle in microtasks
        // only, so without this turn of the event loop every batch the worker finished would wait,
        // whole, until this thread's share were done (~40 MB of replies at 100 000 documents).
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      // A documents-only worker has done its one job.
      await theirs.finally(() => { if (sharer !== pass) sharer.close(); });
    } else await mapLimit(rest, 16, (i) => checkFile(i).then(() => keepDiags(i)));
    await Promise.all(sagJobs);
    // A record file's copy stands only if it is what was checked.
    if (placedRecords) {
      for (const [key, copied] of placedRecords) {
        const r = await copied;
        if ('sha256' in r) { if (r.sha256 === sha256Of(sagIndex(key))) placement!.wroteData(entryOf[sagIndex(key)]!, r.crc32); }
        else if (r.write) placement!.failed(r.error);
      }
    }
    placement?.flush();
    progress.done();
    for (const i of [...docDiags.keys()].sort((a, b) => a - b)) pushAll(diags, docDiags.get(i)!);
    // The report's lazy members keep this scope: its lists a file are let go here.
    docDiags.clear();
    rest = new Int32Array(0);

    // Membership of the few standard paths; of a listing, through its table.
    const listed: ReadonlySet<string> = own && files.positions ? listingSet(own, files.positions)
      : declaredList ? new EntryPaths(declaredList) : new Set(entryList!.entries().map((f) => f.path));
    if (!someFile(files, isConcept)) {
      diags.push(error('OCTX_CONCEPT_REQUIRED', 'the package needs at least one Concept Document: a knowledge/**/*.md other than index.md and log.md', { file: opts.workdir ? 'knowledge/' : MANIFEST }));
    }
    // The ids, and each id's first document; then, on a worker, the record pass's cross-checks,
    // which need only these, run while this thread does the rest (the package digest among it).
    // Their result is used only if the format layer passes.
    const concepts = new Map<string, string>();
    const duplicate = (path: string, id: string, idLine: number) => error('OCTX_ID_DUPLICATE', `${path}: document_id ${id} is already used by the asset or another document`, { file: path, line: idLine });
    // Duplicates by sorting the ids' bytes; the ids as strings only for the record pass's checks
    // (which alone read the first document of each id).
    for (const i of ids.duplicates(typeof manifest.asset?.id === 'string' ? manifest.asset.id : undefined)) diags.push(duplicate(files.path(i), ids.id(i)!, ids.idLine(i)));
    if (pass) {
      for (let i = 0; i < ids.length; i++) {
        const id = ids.id(i);
        if (!id) continue;
        idSpace.add(id);
        if (!concepts.has(id)) concepts.set(id, files.path(i));
      }
    }
    const finishing = pass && digestsOk ? pass.finish(concepts, idSpace) : undefined;
    finishing?.catch(() => undefined); // awaited below when used; a failure unused is no failure
    // Equal paths (two names a disk decoded alike) once each, as a set of them would list them.
    let previous: string | undefined;
    for (const p of listed) {
      if (p === previous) continue;
      previous = p;
      if (SAG_PATHS.includes(p) && !('sag-structured' in capabilities)) {
        diags.push(error('OCTX_STANDARD_PATH_UNDECLARED', `${p} is a sag-structured/0.1 path but the manifest does not declare that capability`, { file: p, hint: 'add "capabilities": {"sag-structured": {"version": "0.1"}} or move private data under extensions/' }));
      }
      if (VECTOR_PATHS.includes(p) && !('vectors' in capabilities)) {
        diags.push(error('OCTX_STANDARD_PATH_UNDECLARED', `${p} is a vectors/0.1 path but the manifest does not declare that capability`, { file: p }));
      }
      if (p.startsWith('extensions/') && !EXTENSION_PATH.test(p)) {
        diags.push(error('OCTX_EXTENSION_PATH_INVALID', `${p} must be extensions/<reverse-domain-namespace>/<major.minor>/…`, { file: p }));
      }
    }

    let computed: string | undefined;
    let builtDigest: string | undefined;
    const declaredDigest = typeof manifest.release?.package_digest === 'string' ? manifest.release.package_digest : undefined;
    if (digestsOk && !diags.some((d) => d.code === 'OCTX_SCHEMA_VALIDATION')) {
      try {
        const asBuilt = declared || declaredDigest !== undefined ? undefined : opts.asBuilt;
        if (declaredList) {
          // The list read apart, by position in UTF-8 order of path: what packageDigest of the
          // whole manifest gives (its entries are all plain {path, sha256}).
          const order = sortUtf8(Array.from({ length: declaredList.length }, (_, i) => i), (i) => declaredList.path(i));
          computed = packageDigestListed(parsed.subject!, { count: order.length, path: (k) => declaredList.path(order[k]!), sha256: (k) => declaredList.sha256(order[k]!) });
        } else if (declared) computed = packageDigest(parsed.raw);
        else {
          // The derived list by position in UTF-8 order of path, its digests as hex one at a time:
          // no object and string a file (issue 39).
          const order = files.sorted ? undefined : sortUtf8(Array.from({ length: files.length }, (_, i) => i), (i) => files.path(i));
          const at = (k: number) => (order ? order[k]! : k);
          const subject = { ...parsed.raw, files: null };
          computed = packageDigestListed(asBuilt ? asBuilt(subject) : subject, { count: files.length, path: (k) => files.path(at(k)), sha256: (k) => sha256Of(at(k)) });
        }
        if (asBuilt) builtDigest = computed;
        if (declaredDigest && declaredDigest !== computed) {
          diags.push(error('OCTX_PACKAGE_DIGEST_MISMATCH', `release.package_digest is ${declaredDigest} but the manifest and file list give ${computed}`, { file: MANIFEST, hint: 'the manifest was edited after the build; rebuild the package' }));
        }
      } catch (e) {
        if (!(e instanceof JcsError)) throw e;
        diags.push(error('OCTX_SCHEMA_VALIDATION', `manifest cannot be canonicalized for the package digest: ${e.message}`, { file: MANIFEST }));
      }
    }
    const formatValid = !diags.some((d) => d.severity === 'error');

    // Capabilities, each blocked by a format failure; vectors also by sag-structured.
    let sagIds: ReturnType<typeof checkSag> | undefined;
    let sagProven = false;
    // The vectors files' findings, when the record worker checked them against the ids it holds.
    let vectorDiags: Diagnostic[] | undefined;
    const blocked = (name: string, why: string) => { capabilities[name] = false; diags.push(error('OCTX_CAPABILITY_DEPENDENCY_INVALID', `capability ${name} is not validated: ${why}`)); };
    if ('sag-structured' in capabilities && capabilities['sag-structured'] !== null) {
      if (!formatValid) blocked('sag-structured', 'the OCTX format layer is invalid');
      else {
        const capDiags: Diagnostic[] = [];
        const missing = SAG_PATHS.filter((p) => !listed.has(p));
        for (const p of missing) capDiags.push(error('OCTX_CAPABILITY_FILE_REQUIRED', `sag-structured/0.1 requires ${p} in files[]`, { file: MANIFEST }));
        if (!missing.length) {
          // The records were parsed while hashed; only when the indexer has doubts are the files read
          // again whole, for the checker that names each finding at its line.
          const parse = await (finishing ?? pass!.finish(concepts, idSpace));
          capDiags.push(...parse.diags);
          sagIds = parse.ids;
          sagProven = parse.proven;
          if (parse.proven) vectorDiags = parse.vectorDiags;
          if (parse.parsed && !parse.proven) {
            const read = async (p: string) => readJsonl(p, await tree.read(p), limits.maxDepth, limits.maxLineBytes, capDiags, limits.maxJsonlRecords)!;
            const data: SagData = {
              chunks: await read(SAG_FILES.chunks), events: await read(SAG_FILES.events), entities: await read(SAG_FILES.entities),
              chunkEvents: await read(SAG_FILES.chunkEvents), eventEntities: await read(SAG_FILES.eventEntities),
            };
            sagIds = checkSag(data, concepts, idSpace, capDiags);
            sagProven = Boolean(sagIds);
          }
        }
        diags.push(...capDiags);
        capabilities['sag-structured'] = !capDiags.some((d) => d.severity === 'error');
      }
    }
    if ('vectors' in capabilities && capabilities.vectors !== null) {
      if (!formatValid) blocked('vectors', 'the OCTX format layer is invalid');
      else if (capabilities['sag-structured'] !== true || !sagProven) blocked('vectors', 'vectors/0.1 depends on a valid sag-structured/0.1');
      else {
        const capDiags: Diagnostic[] = [];
        const arrows = Object.values(VECTOR_FILES).filter((p) => listed.has(p));
        const configLayout = listed.has(VECTOR_CONFIG) || arrows.length > 0;
        if (listed.has(VECTOR_PROFILES)) {
          // The profiles layout (octx 0.1.6); the two layouts are alternatives, never mixed.
          if (configLayout) capDiags.push(error('OCTX_VECTORS_INVALID', `vectors/0.1 takes one layout: ${VECTOR_PROFILES} with role files, or ${VECTOR_CONFIG} with {chunks,events,entities}.arrow, not both`, { file: VECTOR_PROFILES }));
          else if (sagIds) {
            await checkVectorProfiles({
              listed, read: (p) => tree.read(p), ids: sagIds, maxDepth: limits.maxDepth, limits,
              relationKeys: async () => (readJsonl(SAG_FILES.eventEntities, await tree.read(SAG_FILES.eventEntities), limits.maxDepth, limits.maxLineBytes, [], limits.maxJsonlRecords) ?? [])
                .map((r) => `event_entity:${String(r.value.event_id)}:${String(r.value.entity_id)}`),
            }, capDiags);
          }
        } else {
          const roleFiles = Object.values(VECTOR_ROLES).filter((p) => listed.has(p));
          for (const f of roleFiles) capDiags.push(error('OCTX_STANDARD_PATH_UNDECLARED', `${f} is a vectors role file but the package has no ${VECTOR_PROFILES} declaring its role`, { file: f }));
          if (!listed.has(VECTOR_CONFIG)) capDiags.push(error('OCTX_CAPABILITY_FILE_REQUIRED', `vectors/0.1 requires ${VECTOR_CONFIG} (or ${VECTOR_PROFILES}) in files[]`, { file: MANIFEST }));
          if (!arrows.length) capDiags.push(error('OCTX_CAPABILITY_FILE_REQUIRED', 'vectors/0.1 requires at least one of vectors/chunks.arrow, vectors/events.arrow, vectors/entities.arrow', { file: MANIFEST }));
          if (!capDiags.length) {
            checkVectorConfig(await tree.read(VECTOR_CONFIG), limits.maxDepth, capDiags);
            if (vectorDiags) capDiags.push(...vectorDiags);
            else for (const a of arrows) checkArrowFile(a, await tree.read(a), sagIds!, targetKind(a), capDiags, limits);
          }
        }
        diags.push(...capDiags);
        capabilities.vectors = !capDiags.some((d) => d.severity === 'error');
      }
    }
    const caps = Object.values(capabilities);
    const report: OctxReport = {
      format_valid: formatValid,
      valid: formatValid && !caps.includes(false),
      fully_validated: formatValid && caps.every((c) => c === true),
      capabilities,
      diagnostics: diags,
      manifest,
      files: declaredList ? [] : entryList?.entries() ?? [],
      documents: [],
      package_digest: computed,
      declared_digest: declaredDigest,
      ...(scan ? { secrets: secretsOf } : {}),
      ...(builtDigest ? { built_digest: builtDigest } : {}),
    };
    // The file list's digests and the documents, in their usual form once a caller reads them
    // (validate never does: its result is the findings).
    Object.defineProperty(report, 'sha256Of', { value: sha256Of, enumerable: false, configurable: true, writable: true });
    if (declaredList) settleOnRead(report, 'files', () => (parsed.raw!.files as FileEntry[]).slice());
    if (digests) {
      settleOnRead(report, 'files', () => {
        if (entryList) { const list = entryList.entries(); list.forEach((f, i) => { f.sha256 = digests.hex(i); }); return list; }
        return Array.from({ length: files.length }, (_, i) => ({ path: files.path(i), sha256: digests.hex(i) }));
      });
    }
    settleOnRead(report, 'documents', () => docsOf(ids, files, whole));
    return report;
  } finally {
    pass?.close();
    // A worker started ahead that no share took (the tree's files turned out not to be shared).
    dropPrestartedWorker();
  }
}

/**
 * Starts the documents' worker ahead (prestartWorker) when `tree` is a folder on disk that lists
 * enough knowledge documents to be shared. A worker no share takes is stopped when the check ends.
 */
function prestartFor(tree: Tree, table: TreeListing, limits: RecordPassLimits): void {
  const force = process.env.CTXFORGE_RECORD_WORKER;
  // One already waiting (validate's prepareSource started it): the listing is not counted again.
  if (force === '0' || tree.handoff === undefined || tree.localPath === undefined || waitingWorker() !== undefined) return;
  if (knowledgeFiles(table, force === '1' ? 1 : SHARE_ABOVE)) prestartWorker(limits);
}

/** A validate's first step on a source tree (FormatModule.prepareSource): its listing, and the documents' worker when it will share. */
export async function prepareCheck(tree: Tree, opts: Pick<CheckOptions, 'limits'>): Promise<void> {
  if (!tree.listing) return;
  prestartFor(tree, await tree.listing(), { ...resolveLimits(opts.limits) });
}

/** Whether `table` lists at least `n` knowledge documents (regular files). */
function knowledgeFiles(table: TreeListing, n: number): boolean {
  let found = 0;
  for (let at = 0; at < table.paths.length && found < n; at++) if (KINDS[table.kinds[at]!] === 'file' && isKnowledgeMarkdown(table.paths.at(at))) found++;
  return found >= n;
}

interface ReadManifest {
  raw?: Record<string, unknown>;
  /** The manifest's text, or what answers lineOfKey without it; let go once its findings have lines. */
  text?: string | ((key: string) => number | undefined);
  diagnostics: Diagnostic[];
  openError?: string;
  /** files[] read apart (declared-files.ts): `raw.files` is then made only when read. */
  declared?: DeclaredList;
  /** With `declared`: the manifest's members for the package digest, `files` a stand-in. */
  subject?: Record<string, unknown>;
  /** With `declared`: the bytes `text` answers from, this reader's own, to release once it is let go. */
  owned?: Buffer;
}

/**
 * The manifest, parsed. An archive's files[] is read apart from its bytes when it has the common
 * shape (a built manifest: ~150 bytes a file, issue 39); the bytes are not held past this call
 * except by `text`, which the caller lets go.
 */
async function readManifestOf(tree: Tree, maxDepth: number, workdir: boolean): Promise<ReadManifest> {
  const bytes = await tree.read(MANIFEST);
  // A built manifest lists every file (15 MB at 100,000 documents): where the bytes are this
  // reader's own, they are released as soon as the findings have their lines, instead of staying
  // resident until V8's next full collection (at 100,000 documents, the end of the run).
  const owned = !workdir && tree.readsOwned ? bytes : undefined;
  const compact = workdir ? undefined : readManifestCompact(bytes, maxDepth, tree.entry ? (p) => tree.entry!(p)?.path : undefined);
  if (!compact) return parseManifestBytes(bytes, maxDepth);
  return { raw: compact.raw, text: compact.lineOf, diagnostics: [], declared: compact.files, subject: { ...compact.raw }, owned };
}

/**
 * The tree's hand-off of the files at `shareable`: of a directory's listed files by their positions
 * in its listing (no path made and looked up again a file), else by path.
 */
function shareOf(tree: Tree, files: PayloadFiles, shareable: Int32Array): FileHandoff | undefined {
  if (!tree.handoff) return undefined;
  const positions = files.positions;
  if (positions && tree instanceof DiskTree) return tree.handoffListed(shareable.map((i) => positions[i]!));
  return tree.handoff(Array.from(shareable, (i) => files.path(i)));
}

/** Whether any file's path passes `test` (a path made a file until one does). */
function someFile(files: PayloadFiles, test: (path: string) => boolean): boolean {
  for (let i = 0; i < files.length; i++) if (test(files.path(i))) return true;
  return false;
}

/** The files at `positions` of a listing as a set of paths, answered through the listing's table. */
function listingSet(listing: TreeListing, positions: Int32Array): ReadonlySet<string> {
  const member = new Uint8Array(listing.paths.length);
  for (const at of positions) member[at] = 1;
  return new ListedFiles(listing, (at) => member[at] === 1);
}

/** The listed entry at a path: through the tree's own index when it keeps one, else through a map made here. */
function entryLookup(tree: Tree, entries: readonly TreeEntry[] | undefined): { get(path: string): TreeEntry | undefined } {
  if (tree.entry) return { get: (p) => tree.entry!(p) };
  return new Map((entries ?? []).map((e) => [e.path, e]));
}

/**
 * The documents kept, an object each in the file list's order: whole, or as ids (path, id and the
 * id's line).
 */
function docsOf(ids: DocIds, files: PayloadFiles, whole: KeptDocs | undefined): ConceptDoc[] {
  const out: ConceptDoc[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (!ids.has(i)) continue;
    const path = files.path(i);
    if (whole) { out.push(whole.doc(i, path)); continue; }
    const id = ids.id(i);
    out.push(id === undefined ? { path, idLine: ids.idLine(i) } : { path, id, idLine: ids.idLine(i) });
  }
  return out;
}

/** Makes `report[key]` on its first read (then a plain member: an enumerable, writable value). */
function settleOnRead<K extends keyof OctxReport>(report: OctxReport, key: K, make: () => OctxReport[K]): void {
  Object.defineProperty(report, key, {
    enumerable: true,
    configurable: true,
    get() {
      const v = make();
      Object.defineProperty(report, key, { value: v, enumerable: true, configurable: true, writable: true });
      return v;
    },
    set(v: OctxReport[K]) {
      Object.defineProperty(report, key, { value: v, enumerable: true, configurable: true, writable: true });
    },
  });
}

/**
 * The record pass for this tree: on a worker when the records are large and the tree can hand over
 * where all five files lie on disk; otherwise inline. Started before the tree is listed, so that
 * the worker reads records while this thread walks a directory. A file that cannot be opened here
 * leaves the inline pass to report it where every file is reported.
 */
function startPass(tree: Tree, limits: RecordPassLimits): InlinePass | WorkerPass {
  if (!tree.openRange) return new InlinePass(limits);
  const ranges = new Map<SagKey, FileRange>();
  try {
    for (const key of SAG_ORDER) {
      const r = tree.openRange(SAG_FILES[key]);
      if (!r) break;
      ranges.set(key, r);
    }
  } catch {
    // Reported by the inline pass's own read.
  }
  const total = [...ranges.values()].reduce((n, r) => n + r.size, 0);
  if (ranges.size !== SAG_ORDER.length || !wantsWorker(total)) {
    for (const r of ranges.values()) r.release();
    return new InlinePass(limits);
  }
  return new WorkerPass(limits, ranges);
}

/** The vectors files for the worker to check, when all of them can be handed over (else this thread checks them). */
function vectorRanges(tree: Tree, vectorPaths: string[]): VectorFile[] {
  const vectors: VectorFile[] = [];
  try {
    for (const path of vectorPaths) {
      const range = tree.openRange!(path);
      if (!range) break;
      vectors.push({ path, kind: targetKind(path), range });
    }
  } catch {
    // Checked on the main thread, which reports what it cannot read.
  }
  if (vectors.length === vectorPaths.length) return vectors;
  for (const v of vectors) v.range.release();
  return [];
}
