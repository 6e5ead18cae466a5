// The secret scan of a file read block by block (a record file, a large extension payload), on the
// thread that reads it, as it is hashed and written: its findings are those of scanSecretBytes over
// the whole file, while memory holds about a block. The file is cut into segments at line ends, each
// segment beginning with the last line of the one before (so the join of those two lines is read),
// and each line's findings are numbered in the file. Whether the file is UTF-8 (else read as latin1)
// is known only at its end, so a segment that is not ASCII is read both ways until one line is not
// UTF-8. A file read as UTF-16 (by its BOM, or NUL-interleaved in its first 64 KiB) is held whole.
// Only the lines that can hold a finding are decoded (secretLines): a 100 MiB binary file is one
// pass over its bytes, not a text of each segment read line by line.
import { isAscii, isUtf8 } from 'node:buffer';
import type { Diagnostic } from './diagnostics.js';
import { releaseBytes } from './release.js';
import { findSecretsInLines, scanSecretBytes, secretDiagnostics, secretLines, wideEncoding, type SecretFinding } from './secrets.js';

/** Bytes gathered before a segment is cut (and the 64 KiB the UTF-16 check reads). */
const SEGMENT_BYTES = 1 << 20;
const WIDE_PROBE = 64 * 1024;

export class SecretStream {
  /** The bytes not yet scanned, [0, length) of one buffer reused from segment to segment. */
  private pending: Buffer | undefined;
  private length = 0;
  /** undefined until decided; then whether the file is read as UTF-16 too (held whole). */
  private wide: boolean | undefined;
  /** Lines before the pending bytes. */
  private lineOffset = 0;
  private first = true;
  private utf8 = true;
  private readonly found = { utf8: new Findings(), latin1: new Findings() };

  /** `segmentBytes`: how much is gathered before a segment is cut (tests make it small). */
  constructor(private readonly file: string, private readonly where: string, private readonly allow = false, private readonly segmentBytes = SEGMENT_BYTES) {}

  /** The next block (the caller may reuse it once push returns). */
  push(chunk: Uint8Array): void {
    if (!chunk.length) return;
    if (this.wide === false) { this.scanInPlace(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)); return; }
    this.append(chunk);
    if (this.wide === undefined && this.length >= WIDE_PROBE) this.wide = wideEncoding(this.pending!.subarray(0, this.length)) !== undefined;
    if (this.wide === false && this.length >= this.segmentBytes) this.cut();
  }

  /**
   * A block read once the file is known not to be UTF-16, scanned where it lies (memory holds a
   * line or two of it, not a copy: a build streams ten 100 MiB files at once): the pending bytes
   * and the block up to its second line end, copied, are one segment, ending with the block's
   * first whole line; the block from that line to its last line end is the next, in place; what
   * follows its last whole line is kept.
   */
  private scanInPlace(chunk: Buffer): void {
    const n1 = chunk.indexOf(10);
    const n2 = n1 < 0 ? -1 : chunk.indexOf(10, n1 + 1);
    if (n2 < 0) {
      this.append(chunk);
      if (this.length >= this.segmentBytes) this.cut();
      return;
    }
    this.append(chunk.subarray(0, n2));
    this.lineOffset += this.segment(this.pending!.subarray(0, this.length)) - 1;
    this.length = 0;
    // The probe's 64 KiB or a long line grew the buffer: what is kept from here on is a line or two.
    // Released, not dropped: it lived through a block's scan, long enough to be promoted, and a
    // build reads its large files sixteen at a time, so each left ~1 MiB for V8's next full
    // collection (40 files of 100 MiB: ~30 MB more peak than 10, issue 39).
    if (this.pending!.length > 64 * 1024) { releaseBytes(this.pending!); this.pending = undefined; }
    const lastNl = chunk.lastIndexOf(10);
    let keepFrom = n1 + 1;
    if (lastNl > n2) {
      this.lineOffset += this.segment(chunk.subarray(n1 + 1, lastNl)) - 1;
      keepFrom = chunk.lastIndexOf(10, lastNl - 1) + 1;
    }
    this.append(chunk.subarray(keepFrom));
  }

  /** The findings of the whole file, as scanSecretBytes gives them. */
  end(): Diagnostic[] {
    const pending = this.pending;
    const rest = pending ? pending.subarray(0, this.length) : Buffer.alloc(0);
    this.pending = undefined;
    this.length = 0;
    try {
      // Undecided, the whole file is here: exactly scanSecretBytes; so it is for UTF-16.
      if (this.wide !== false) return scanSecretBytes(rest, this.file, this.where, this.allow);
      this.segment(rest);
      return secretDiagnostics((this.utf8 ? this.found.utf8 : this.found.latin1).list, this.file, this.where, this.allow);
    } finally {
      if (pending) releaseBytes(pending);
    }
  }

  /** One copy of each block: into the pending buffer, grown (doubled) when it is full. */
  private append(chunk: Uint8Array): void {
    const need = this.length + chunk.length;
    if (!this.pending || need > this.pending.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, 2 * (this.pending?.length ?? 0)));
      if (this.pending) { this.pending.copy(grown, 0, 0, this.length); releaseBytes(this.pending); }
      this.pending = grown;
    }
    this.pending.set(chunk, this.length);
    this.length = need;
  }

  /** Scans the pending bytes up to their last line end, keeping that last line for the next segment. */
  private cut(): void {
    const all = this.pending!.subarray(0, this.length);
    const lastNl = all.lastIndexOf(10);
    const prevNl = lastNl > 0 ? all.lastIndexOf(10, lastNl - 1) : -1;
    // A segment needs two lines: with one (a line longer than a segment) the bytes wait.
    if (prevNl < 0) return;
    // The segment's last line is the kept one: the lines before it are the segment's less one.
    this.lineOffset += this.segment(all.subarray(0, lastNl)) - 1;
    all.copyWithin(0, prevNl + 1);
    this.length -= prevNl + 1;
  }

  /** The findings of one segment, in each text the file may turn out to be read in; its line count. */
  private segment(bytes: Buffer): number {
    const first = this.first;
    this.first = false;
    if (isAscii(bytes)) {
      const lines = secretLines(bytes, false);
      if (lines.read.length) {
        const f = findSecretsInLines(bytes, lines, 'latin1');
        this.found.utf8.add(f, this.lineOffset);
        this.found.latin1.add(f, this.lineOffset);
      }
      return lines.count;
    }
    if (this.utf8 && !isUtf8(bytes)) this.utf8 = false;
    const lines = secretLines(bytes, this.utf8);
    if (lines.read.length) {
      // The file's text drops one leading BOM (TextDecoder's rule); a later segment's is content.
      if (this.utf8) this.found.utf8.add(findSecretsInLines(bytes, lines, 'utf8', first), this.lineOffset);
      this.found.latin1.add(findSecretsInLines(bytes, lines, 'latin1'), this.lineOffset);
    }
    return lines.count;
  }
}

/** Findings in file order, each kind once a line (the first found), as findSecrets keeps them. */
class Findings {
  readonly list: SecretFinding[] = [];
  private readonly seen = new Set<string>();
  add(found: SecretFinding[], lineOffset: number): void {
    for (const f of found) {
      const line = f.line + lineOffset;
      const k = `${f.kind}\0${line}`;
      if (this.seen.has(k)) continue;
      this.seen.add(k);
      this.list.push({ kind: f.kind, line, column: f.column });
    }
  }
}
