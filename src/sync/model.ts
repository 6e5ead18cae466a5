// The names sync uses for the formats it writes and the neutral documents it writes through them; the
// types live with the format contract (src/format.ts), which every format module reads and writes.
import type { Doc, Asset, PackageMeta, FormatName } from '../format.js';

export type { Doc, Asset, PackageMeta };
export type TargetFormat = FormatName;
export const TARGET_FORMATS: readonly TargetFormat[] = ['octx', 'ctxpkg', 'acx'];
