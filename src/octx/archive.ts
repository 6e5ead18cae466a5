// Opening a built .octx: the ZIP security checks of §4 mapped onto OCTX diagnostics.
import { error, type Diagnostic } from '../core/diagnostics.js';
import type { Limits } from '../core/limits.js';
import { ZipTree, ZipSecurityError, type EarlyRanges } from '../core/zip-tree.js';
import type { ArtifactInput } from '../format.js';

export async function openOctx(input: ArtifactInput, limits?: Partial<Limits>, early?: EarlyRanges): Promise<{ tree?: ZipTree; diagnostics: Diagnostic[] }> {
  try {
    const tree = await ZipTree.open(input.bytes ?? input.path!, { label: input.label, limits, early });
    return { tree, diagnostics: [] };
  } catch (e) {
    if (!(e instanceof ZipSecurityError)) throw e;
    return {
      diagnostics: e.problems.map((p) => error(`OCTX_ZIP_${p.kind}`, p.message, p.entry ? { file: p.entry } : {})),
    };
  }
}
