// Resolves what a user names on the command line — an artifact file, a source directory, or (with
// the git module) `<ref>:<path>` — into a format module plus a Tree or an artifact input.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DiskTree, type Tree } from './core/tree.js';
import { fail } from './core/diagnostics.js';
import type { ArtifactInput, FormatModule } from './format.js';
import { detectArtifact, detectSource, formatByName } from './formats.js';

export type ResolvedInput =
  | { kind: 'artifact'; module: FormatModule; input: ArtifactInput; label: string }
  | { kind: 'source'; module: FormatModule; tree: Tree; dir?: string; time?: () => Promise<number | null>; label: string };

export interface ResolveOptions {
  cwd?: string;
  /** Force a format instead of detecting it. */
  format?: string;
}

/** Hook for `<ref>:<path>` inputs; the git module installs it. */
export type RefResolver = (spec: string, cwd: string) => Promise<{ tree: Tree; blob?: Buffer; label: string; time?: () => Promise<number | null> } | null>;
let refResolver: RefResolver | null = null;
export function setRefResolver(r: RefResolver): void {
  refResolver = r;
}

export async function resolveInput(spec: string, opts: ResolveOptions = {}): Promise<ResolvedInput> {
  const cwd = opts.cwd ?? process.cwd();
  const abs = resolve(cwd, spec);
  const st = await stat(abs).catch(() => undefined);
  const forced = opts.format ? formatByName(opts.format) : undefined;
  if (opts.format && !forced) fail('CTXFORGE_USAGE', `unknown format ${JSON.stringify(opts.format)} (known: octx, ctxpkg, acx)`, {}, 2);
  if (st?.isDirectory()) {
    const tree = new DiskTree(abs, spec);
    const module = forced ?? (await detectSource(tree));
    if (!module) {
      fail('CTXFORGE_FORMAT_UNKNOWN', `${spec} is not a source tree of any supported format`, {
        hint: 'an OCTX working directory has manifest.json and knowledge/; a ctxpkg source tree has ctxpkg.yaml; a cartridge source tree has cartridge.yaml',
      });
    }
    return { kind: 'source', module, tree, dir: abs, label: spec };
  }
  if (st?.isFile()) {
    const input: ArtifactInput = { label: spec, path: abs };
    const module = forced ?? (await detectArtifact(input));
    if (!module) fail('CTXFORGE_FORMAT_UNKNOWN', `${spec} is not an .octx, .ctxpkg or .acx package`);
    return { kind: 'artifact', module, input, label: spec };
  }
  if (!st && refResolver && spec.includes(':')) {
    const r = await refResolver(spec, cwd);
    if (r) {
      if (r.blob) {
        const input: ArtifactInput = { label: r.label, bytes: r.blob };
        const module = forced ?? (await detectArtifact(input));
        if (!module) fail('CTXFORGE_FORMAT_UNKNOWN', `${spec} is not an .octx, .ctxpkg or .acx package`);
        return { kind: 'artifact', module, input, label: r.label };
      }
      const module = forced ?? (await detectSource(r.tree));
      if (!module) fail('CTXFORGE_FORMAT_UNKNOWN', `${spec} is not a source tree of any supported format`);
      return { kind: 'source', module, tree: r.tree, time: r.time, label: r.label };
    }
  }
  fail('CTXFORGE_IO', `${spec}: no such file or directory${spec.includes(':') ? ' (and not a readable <ref>:<path>)' : ''}`, {}, 2);
}
