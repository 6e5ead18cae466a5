// OCTX v0.1 as a format module: the registry's one entry point to everything OCTX.
import type { FormatModule, ArtifactInput, ValidationResult, ValidateOptions } from '../format.js';
import { isTree } from '../format.js';
import { error, fail, warning } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import './codes.js';
import { openOctx } from './archive.js';
import { checkPackage, earlyRecordPass, prepareCheck, type OctxReport } from './package.js';
import { buildOctx } from './build.js';
import { inspectOctx } from './inspect.js';
import { octxItems } from './items.js';
import { stampIds } from './ids.js';
import { initOctx } from './init.js';
import { readOctxDocuments } from './read-documents.js';
import { octxNameProblem, writeOctxSource } from './write-source.js';
import { parseJson } from '../core/strict-json.js';
import { wantsWorker } from './record-pass.js';
import { statSync } from 'node:fs';

function toResult(path: string, kind: 'artifact' | 'source', r: OctxReport): ValidationResult {
  return {
    path,
    format: 'octx',
    kind,
    valid: r.valid,
    diagnostics: r.diagnostics,
    details: {
      format_valid: r.format_valid,
      fully_validated: r.fully_validated,
      capabilities: r.capabilities,
      ...(r.open_error ? { open_error: r.open_error } : {}),
      ...(r.package_digest ? { package_digest: r.package_digest } : {}),
      ...(r.manifest?.asset?.id ? { asset_id: r.manifest.asset.id } : {}),
      ...(r.manifest?.release?.version ? { version: r.manifest.release.version } : {}),
    },
  };
}

/** The size of a file, or 0 when it cannot be read (openOctx then says why). */
function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export async function validateOctxArtifact(input: ArtifactInput, opts: ValidateOptions = {}): Promise<ValidationResult & { report?: OctxReport }> {
  // A large archive likely holds large records: their worker starts on each record file as soon
  // as its headers are read, while the rest of the central directory is checked here.
  const early = input.path && wantsWorker(sizeOf(input.path)) ? earlyRecordPass(opts.limits) : undefined;
  let opened;
  try {
    opened = await openOctx(input, opts.limits, early?.ranges);
  } catch (e) {
    early?.pass.close();
    throw e;
  }
  if (!opened.tree) {
    early?.pass.close();
    return { path: input.label, format: 'octx', kind: 'artifact', valid: false, diagnostics: opened.diagnostics, details: { format_valid: false, fully_validated: false, capabilities: {}, open_error: 'security' } };
  }
  try {
    const report = await checkPackage(opened.tree, { workdir: false, limits: opts.limits, started: early?.pass.started, documents: 'ids' });
    return { ...toResult(input.label, 'artifact', report), report };
  } finally {
    early?.pass.close();
    opened.tree.close();
  }
}

export const octx: FormatModule = {
  name: 'octx',
  title: 'OCTX v0.1',
  extension: '.octx',
  manifestFile: 'manifest.json',
  documentRoot: 'knowledge/',

  sniffArtifact(head: Buffer, fileName: string): boolean {
    const zip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6);
    return zip && (fileName.endsWith('.octx') || head.includes('manifest.json'));
  },

  async stampIds(dir, opts) {
    const r = await stampIds(dir, opts);
    return { stamped: r.stamped.map((s) => ({ path: s.path, id: s.document_id, type: s.type })), diagnostics: r.diagnostics };
  },

  async isSource(tree: Tree): Promise<boolean> {
    const m = await tree.stat('manifest.json');
    if (!m || m.kind !== 'file' || m.size > 16 * 1024 * 1024) return false;
    const text = (await tree.read('manifest.json')).toString('utf8').replace(/^\ufeff/, '');
    try {
      return (parseJson(text) as Record<string, unknown>)?.format === 'octx';
    } catch {
      // A broken manifest is still an OCTX working directory, so that validate reports why.
      return /"format"\s*:\s*"octx"/.test(text) || (await tree.stat('knowledge')) !== undefined || (await tree.list()).some((e) => e.path.startsWith('knowledge/'));
    }
  },

  async validateArtifact(input: ArtifactInput, opts: ValidateOptions = {}): Promise<ValidationResult> {
    // The check's report (every file and document) stays inside: a result is what `validate
    // --json` prints, the same members as a working directory's (it printed ~18 MB at 50,000 files).
    const { report: _report, ...r } = await validateOctxArtifact(input, opts);
    // A pinned signer that nothing can be checked against is said, never passed over silently; the
    // package itself is judged as without the key (it has no signature to fail).
    if (!opts.key) return r;
    const d = warning('OCTX_SIGNATURE_UNSUPPORTED', `--key does not apply: ${input.label} is an .octx, which carries no signature of its own to pin`, {
      file: input.label, hint: 'a ctxforge release signs SHA256SUMS: check it with `minisign -Vm SHA256SUMS -p minisign.pub`, then `sha256sum -c SHA256SUMS`',
    });
    return { ...r, diagnostics: [...r.diagnostics, d], details: { ...r.details, signature: 'not applicable' } };
  },

  async prepareSource(tree: Tree, opts: ValidateOptions): Promise<void> {
    await prepareCheck(tree, { limits: opts.limits });
  },

  async validateSource(tree: Tree, opts: ValidateOptions): Promise<ValidationResult> {
    return toResult(tree.label, 'source', await checkPackage(tree, { workdir: true, limits: opts.limits, documents: 'ids', ...(opts.linkFacts ? { linkFacts: opts.linkFacts } : {}) }));
  },

  build: buildOctx,

  async inspect(input: ArtifactInput, opts: ValidateOptions) {
    const opened = await openOctx(input, opts.limits);
    if (!opened.tree) fail(opened.diagnostics[0]!.code, `${input.label} cannot be opened: ${opened.diagnostics.map((d) => d.message).join('; ')}`);
    try {
      const report = await checkPackage(opened.tree, { workdir: false, limits: opts.limits });
      return inspectOctx(opened.tree, report, input.path, input.bytes?.length);
    } finally {
      opened.tree.close();
    }
  },

  async items(input: Tree | ArtifactInput, opts) {
    if (isTree(input)) return octxItems(input, true, opts.limits, undefined, opts.only, opts.other);
    const opened = await openOctx(input, opts.limits);
    if (!opened.tree) fail(opened.diagnostics[0]!.code, `${input.label} cannot be opened: ${opened.diagnostics[0]!.message}`);
    try {
      return await octxItems(opened.tree, false, opts.limits);
    } finally {
      opened.tree.close();
    }
  },

  init: initOctx,
  documents: readOctxDocuments,
  writeSource: writeOctxSource,
  nameProblem: octxNameProblem,
};
