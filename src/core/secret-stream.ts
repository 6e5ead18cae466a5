// The secret scan of a file read block by block (a record file, a large extension payload), on the
// thread that reads it, as it is hashed and written: its findings are those of scanSecretBytes over
// the whole file, while memory holds about a block. The file is cut into segments at line ends, each
// segment beginning with the last line of the one before (so the join of those two lines is read),
// and each line's findings are numbered in the file. Whether the file is UTF-8 (else read as latin1)
// is known only at its end, so a segment that is not ASCII is read both ways until one line is not
// UTF-8. A file read as UTF-16 (by its BOM, or NUL-interleaved in its first 64 KiB) is held whole.
import { isAscii, isUtf8 } from 'node:buffer';
import type { Diagnostic } from './diagnostics.js';
import { cleanBytes, findSecrets, scanSecretBytes, secretDiagnostics, wideEncoding, type SecretFinding } from './secrets.js';

/** Bytes gathered before a segment is cut (and the 64 KiB the UTF-16 check reads). */
const SEGMENT_BYTES = 1 << 20;
const WIDE_PROBE = 64 * 1024;

export class SecretStream {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
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
    this.pending.push(Buffer.from(chunk));
    this.pendingBytes += chunk.length;
    if (this.wide === undefined && this.pendingBytes >= WIDE_PROBE) this.decideWide();
    if (this.wide === false && this.pendingBytes >= this.segmentBytes) this.cut();
  }

  /** The findings of the whole file, as scanSecretBytes gives them. */
  end(): Diagnostic[] {
    const rest = Buffer.concat(this.pending);
    this.pending = [];
    if (this.wide === undefined) {
      // The whole file is here: exactly scanSecretBytes.
      return scanSecretBytes(rest, this.file, this.where, this.allow);
    }
    if (this.wide) return scanSecretBytes(rest, this.file, this.where, this.allow);
    this.segment(rest);
    return secretDiagnostics((this.utf8 ? this.found.utf8 : this.found.latin1).list, this.file, this.where, this.allow);
  }

  private decideWide(): void {
    const head = Buffer.concat(this.pending);
    this.pending = [head];
    // The decision reads the first 64 KiB only (and the BOM), so it is the whole file's.
    this.wide = wideEncoding(head) !== undefined;
  }

  /** Scans the pending bytes up to their last line end, keeping that last line for the next segment. */
  private cut(): void {
    const all = Buffer.concat(this.pending);
    const lastNl = all.lastIndexOf(10);
    const prevNl = lastNl > 0 ? all.lastIndexOf(10, lastNl - 1) : -1;
    // A segment needs two lines: with one (a line longer than a segment) the bytes wait.
    if (prevNl < 0) { this.pending = [all]; return; }
    this.segment(all.subarray(0, lastNl));
    let lines = 0;
    for (let i = all.indexOf(10); i >= 0 && i <= prevNl; i = all.indexOf(10, i + 1)) lines++;
    const keep = Buffer.from(all.subarray(prevNl + 1));
    this.pending = [keep];
    this.pendingBytes = keep.length;
    this.lineOffset += lines;
  }

  /** The findings of one segment, in each text the file may turn out to be read in. */
  private segment(bytes: Buffer): void {
    const first = this.first;
    this.first = false;
    if (cleanBytes(bytes)) return;
    if (isAscii(bytes)) {
      const f = findSecrets(bytes.toString('latin1'));
      this.found.utf8.add(f, this.lineOffset);
      this.found.latin1.add(f, this.lineOffset);
      return;
    }
    if (this.utf8 && !isUtf8(bytes)) this.utf8 = false;
    if (this.utf8) {
      // The file's text drops one leading BOM (TextDecoder's rule); a later segment's is content.
      let text = bytes.toString('utf8');
      if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.found.utf8.add(findSecrets(text), this.lineOffset);
    }
    this.found.latin1.add(findSecrets(bytes.toString('latin1')), this.lineOffset);
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
