// The format-neutral shape sync and convert move knowledge through; the types live with the format
// contract (src/format.ts), which every format module reads and writes.
import type { Diagnostic } from '../core/diagnostics.js';
import type { Doc, Asset, PackageMeta } from '../format.js';

export type { Doc, Asset, PackageMeta };
export type TargetFormat = 'octx' | 'ctxpkg' | 'acx';
export const TARGET_FORMATS: readonly TargetFormat[] = ['octx', 'ctxpkg', 'acx'];

export interface Corpus {
  docs: Doc[];
  assets: Asset[];
}

/** What a step left out or changed on the way, as info diagnostics (never silently dropped). */
export type Notes = Diagnostic[];
