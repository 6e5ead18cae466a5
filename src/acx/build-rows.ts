// A build's objects rows: one sqlar row for each content among the ROM files (at its first name in
// code-point order), by position in the file table, beside the few other rows (memory, capabilities,
// meta) as objects. The manifest hash, the checksum and the writer each take the rows in their own
// order, every file row made as it is used (100,000 rows were an object, a map entry and a copy
// each, held from the assembly to the write: issue 39).
import { compareUtf8 } from '../core/paths.js';
import { checksumHash, hashLines, manifestEntry, manifestHashAt, sortRomObjects } from './manifest.js';
import { sqlarObject, type ObjectRow } from './objects.js';
import type { RomFileTable } from './rom-files.js';
import type { RomSummary } from './sign.js';

const OID = /^sha256:[0-9a-f]{64}$/;

/** The table's positions in digest order, and where each run of one digest starts in it (and the end). */
export interface DigestRuns { order: Int32Array; starts: Int32Array }

/** The runs of equal content among the files: their positions sorted by digest, cut where it changes. */
export function digestRuns(files: RomFileTable): DigestRuns {
  const order = files.byDigest();
  const cuts: number[] = [];
  for (let k = 0; k < order.length; k++) if (k === 0 || files.compareDigests(order[k - 1]!, order[k]!) !== 0) cuts.push(k);
  cuts.push(order.length);
  return { order, starts: Int32Array.from(cuts) };
}

/** The runs of more than one file (files sharing their bytes), each as its positions. */
export function sharedRuns({ order, starts }: DigestRuns): Int32Array[] {
  const out: Int32Array[] = [];
  for (let r = 0; r + 1 < starts.length; r++) if (starts[r + 1]! - starts[r]! > 1) out.push(order.subarray(starts[r]!, starts[r + 1]!));
  return out;
}

export class BuildRows {
  /** One file of each content (its first name in code-point order), in the order of their digests. */
  private readonly reps: Int32Array;

  /**
   * `runs`: the table's positions in digest order and where each run of one digest starts in it
   * (digestRuns). `others` is read when the rows are used: rows added to it until then count.
   */
  constructor(private readonly files: RomFileTable, runs: DigestRuns, readonly others: ObjectRow[]) {
    const { order, starts } = runs;
    this.reps = new Int32Array(starts.length - 1);
    for (let r = 0; r + 1 < starts.length; r++) {
      let rep = order[starts[r]!]!;
      for (let k = starts[r]! + 1; k < starts[r + 1]!; k++) if (compareUtf8(files.name(order[k]!), files.name(rep)) < 0) rep = order[k]!;
      this.reps[r] = rep;
    }
  }

  /** The file whose content has this oid, or -1 (a binary search of the digests). */
  fileWith(oid: string): number {
    if (!OID.test(oid)) return -1;
    const want = Buffer.from(oid.slice(7), 'hex');
    let lo = 0;
    let hi = this.reps.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.files.compareDigestTo(this.reps[mid]!, want);
      if (c === 0) return this.reps[mid]!;
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  private fileRow(i: number): ObjectRow {
    return sqlarObject(this.files.name(i), this.files.oid(i), this.files.size(i), 'rom');
  }

  /** A row of a merged order: a file's position, or one of the others itself. */
  private row(v: number | ObjectRow): ObjectRow {
    return typeof v === 'number' ? this.fileRow(v) : v;
  }

  /**
   * `files` (positions) and `others` (rows), each already in order, as one order: a file goes first
   * while `before(file, row)` says so.
   */
  private merge(files: ArrayLike<number>, others: ObjectRow[], before: (file: number, row: ObjectRow) => boolean): (number | ObjectRow)[] {
    const out = new Array<number | ObjectRow>(files.length + others.length);
    let f = 0;
    let o = 0;
    for (let k = 0; k < out.length; k++) out[k] = o >= others.length || (f < files.length && before(files[f]!, others[o]!)) ? files[f++]! : others[o++]!;
    return out;
  }

  /** Every row in oid order (the writer's, the checksum's): the files' digest order merged with `rows` (some of the others). */
  private oidOrder(rows: ObjectRow[]): (number | ObjectRow)[] {
    const sorted = [...rows].sort((a, b) => (a.oid < b.oid ? -1 : a.oid > b.oid ? 1 : compareUtf8(a.source_ref, b.source_ref)));
    return this.merge(this.reps, sorted, (file, row) => this.files.oid(file) < row.oid);
  }

  /** Every row, in oid order, each file row made as it is given. */
  *inOidOrder(): Generator<ObjectRow> {
    for (const v of this.oidOrder(this.others)) yield this.row(v);
  }

  /** Every row as an object, files first (by content, in table order of their first file), then the others. */
  all(): ObjectRow[] {
    const firsts = [...this.reps].sort((a, b) => a - b);
    return [...firsts.map((i) => this.fileRow(i)), ...this.others];
  }

  /** The ROM manifest hash (container §3.3): the ROM rows by (kind, source_ref). */
  manifestHash(): string {
    const files = [...this.reps].sort((a, b) => compareUtf8(this.files.name(a), this.files.name(b)));
    const seq = this.merge(files, sortRomObjects(this.others), (file, row) => (compareUtf8('sqlar', row.kind) || compareUtf8(this.files.name(file), row.source_ref)) < 0);
    return manifestHashAt(seq.length, (k) => manifestEntry(this.row(seq[k]!)));
  }

  /** What the signed statement counts of the ROM rows: their checksum (the sorted "<oid>  <source_ref>" lines) and their number. */
  summary(): RomSummary {
    const rom = this.others.filter((r) => r.zone === 'rom');
    const fileCount = rom.length + this.reps.length;
    // An oid of another form orders its line otherwise: the lines, made and sorted (never for a build's own rows).
    if (!rom.every((r) => typeof r.oid === 'string' && OID.test(r.oid))) return { checksumHash: checksumHash(this.all()), fileCount };
    const seq = this.oidOrder(rom);
    return { checksumHash: hashLines(seq.length, (k) => { const r = this.row(seq[k]!); return `${r.oid}  ${r.source_ref}`; }), fileCount };
  }
}
