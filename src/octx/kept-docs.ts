// The concept documents a package check keeps whole (inspect, diff, `validate --json` of an
// archive print them): id, type and title by the document's position in the payload list, as
// DocIds keeps ids, the titles' UTF-8 in one slab and each type once. An object, a property array
// and three strings a document (~175 bytes of V8's heap, 17.5 MB at 100 000) became ~70 bytes
// outside it (issue 39); the objects are made when the report's documents are first read.
import { DocIds } from './doc-ids.js';
import type { ConceptDoc } from './documents.js';
import { LONE_SURROGATE } from '../core/jcs.js';
import { grow } from '../core/arrays.js';
import { releaseBytes } from '../core/release.js';

// How a document's title is kept (the key itself is kept: a check that found no title sets it
// undefined, one that stopped before the title never sets it).
const NO_KEY = 0;
const UNDEFINED = 1;
const IN_SLAB = 2;
const AS_STRING = 3;

export class KeptDocs extends DocIds {
  // Each document's type as 1 + its index in `types` (0: no type).
  private readonly typeOf: Int32Array;
  private readonly types: string[] = [];
  private readonly typeIndex = new Map<string, number>();
  private readonly titleKind: Uint8Array;
  private readonly titleAt: Uint32Array;
  private readonly titleLength: Uint32Array;
  private slab = new Uint8Array(4096);
  private text = Buffer.from(this.slab.buffer);
  private used = 0;
  // Titles the slab cannot give back as they were (a lone surrogate has no UTF-8 form), or past its limit.
  private readonly strings = new Map<number, string>();

  constructor(length: number) {
    super(length);
    this.typeOf = new Int32Array(length);
    this.titleKind = new Uint8Array(length);
    this.titleAt = new Uint32Array(length);
    this.titleLength = new Uint32Array(length);
  }

  /** Keeps the document at `i`: its id and line, type and title (its path is the file list's). */
  keep(i: number, d: ConceptDoc): void {
    this.set(i, d.id, d.idLine);
    this.typeOf[i] = d.type === undefined ? 0 : this.typeNumber(d.type);
    this.strings.delete(i);
    if (!('title' in d)) this.titleKind[i] = NO_KEY;
    else if (d.title === undefined) this.titleKind[i] = UNDEFINED;
    else this.keepTitle(i, d.title);
  }

  /** The document at `i` as the check made it (its keys in the same order), with `path` as its path. */
  doc(i: number, path: string): ConceptDoc {
    const d: ConceptDoc = { path, idLine: this.idLine(i) };
    if (this.typeOf[i]) d.type = this.types[this.typeOf[i]! - 1]!;
    const kind = this.titleKind[i];
    if (kind === UNDEFINED) d.title = undefined;
    else if (kind === IN_SLAB) d.title = this.text.toString('utf8', this.titleAt[i]!, this.titleAt[i]! + this.titleLength[i]!);
    else if (kind === AS_STRING) d.title = this.strings.get(i)!;
    const id = this.id(i);
    if (id !== undefined) d.id = id;
    return d;
  }

  private typeNumber(type: string): number {
    let n = this.typeIndex.get(type);
    if (n === undefined) {
      this.types.push(type);
      this.typeIndex.set(type, (n = this.types.length));
    }
    return n;
  }

  private keepTitle(i: number, title: string): void {
    const most = title.length * 3;
    if (this.used + most > SLAB_MAX || LONE_SURROGATE.test(title)) {
      this.strings.set(i, title);
      this.titleKind[i] = AS_STRING;
      return;
    }
    if (this.used + most > this.slab.length) {
      const spent = this.slab;
      this.slab = grow(spent, this.used + most);
      this.text = Buffer.from(this.slab.buffer);
      releaseBytes(spent);
    }
    const n = this.text.write(title, this.used, 'utf8');
    this.titleAt[i] = this.used;
    this.titleLength[i] = n;
    this.used += n;
    this.titleKind[i] = IN_SLAB;
  }
}

// Titles past this many bytes in all stay strings (offsets are 32-bit; a slab twice this is allocatable).
const SLAB_MAX = 2 ** 30;
