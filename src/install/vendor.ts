// Vendoring: a lock-recorded path outside the project is never read again (a committed lock never
// makes ctxforge read there, docs/security.md §4), so `install` of a local artifact from outside the
// project copies the verified bytes into the project (default `.agents/artifacts/`) and records that
// path, the original as `vendored_from` (informational). `install --frozen` and `serve --lock` then
// check the artifact as they do any other. With --no-vendor the path outside is recorded and the
// install says, when it happens, that those commands will need --offline.
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { DiagnosticError, error, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { unsafePathReason } from '../core/paths.js';
import { lkind, symlinkOnTheWay } from './apply.js';
import type { Ctx } from './context.js';
import type { LockSource } from './lock.js';
import { printable } from './portable.js';
import { CHECKSUMS_FILE, CHECKSUMS_SIGNATURE, type Acquired } from './source.js';

export const VENDOR_DEFAULT = '.agents/artifacts';

export interface VendorPlan {
  /** Root-relative files to write, with their bytes. */
  files: { path: string; bytes: Buffer }[];
  source: LockSource;
  diagnostics: Diagnostic[];
}

/**
 * What to vendor for an acquired artifact (nothing when it is not a local file outside the project):
 * the artifact itself, and with a release its SHA256SUMS and signature in a folder of its own, so a
 * later check finds the release beside it as install found it.
 */
export function vendorPlan(acq: Acquired, source: LockSource, ctx: Ctx, vendor: string | false | undefined, recordedFiles: ReadonlySet<string>, force: boolean): VendorPlan {
  const out: VendorPlan = { files: [], source, diagnostics: [] };
  if (ctx.scope !== 'project' || source.type !== 'path' || !isAbsolute(source.location)) return out;
  if (vendor === false) {
    out.diagnostics.push(warning('CTXFORGE_INSTALL_SOURCE_OUTSIDE', `the artifact is outside the project, and ${ctx.lockLabel} records it there (--no-vendor): a committed lock never makes ctxforge read outside the project, so \`install --frozen\` and \`serve --lock\` will need --offline (they compare the installed files with the lock and cannot verify the artifact)`, {
      file: source.location, hint: 'install without --no-vendor to copy it into the project (.agents/artifacts/), or install from an https URL',
    }));
    return out;
  }
  const dir = (vendor ?? VENDOR_DEFAULT).replace(/\/+$/, '');
  const why = unsafePathReason(dir);
  if (why || !dir) throw new DiagnosticError(error('CTXFORGE_USAGE', `--vendor ${printable(dir)}: ${why ?? 'empty'}; it must be a folder inside the project, relative to its root`), 2);
  const folder = acq.release ? `${dir}/${acq.file.replace(/\.[^.]+$/, '') || acq.file}` : dir;
  const bytes: Buffer = acq.input.bytes ?? readFileSync(acq.input.path!);
  const files: { path: string; bytes: Buffer }[] = [{ path: `${folder}/${acq.file}`, bytes }];
  if (acq.release) {
    files.push({ path: `${folder}/${CHECKSUMS_FILE}`, bytes: acq.release.sums });
    if (acq.release.minisig !== undefined) files.push({ path: `${folder}/${CHECKSUMS_SIGNATURE}`, bytes: Buffer.from(acq.release.minisig, 'utf8') });
  }
  for (const f of files) {
    const link = symlinkOnTheWay(ctx.root, f.path);
    if (link) throw new DiagnosticError(error('CTXFORGE_IO_SYMLINK', `${printable(link)} is a symbolic link; the vendored artifact is never written through one, nothing was written`, { file: link }), 2);
    const abs = join(ctx.root, ...f.path.split('/'));
    const kind = lkind(abs);
    if (kind === null || recordedFiles.has(f.path) || force) continue;
    if (kind !== 'file' || sha256Hex(readFileSync(abs)) !== sha256Hex(f.bytes)) {
      throw new DiagnosticError(error('CTXFORGE_INSTALL_FOREIGN', `${printable(f.path)} is where the artifact is vendored, holds something else, and no lock entry records it; nothing was written`, {
        file: f.path, hint: 'move it away, vendor elsewhere (--vendor DIR), or pass --force to replace it',
      }), 1);
    }
  }
  out.files = files;
  out.source = { ...source, location: files[0]!.path, vendored_from: source.location };
  out.diagnostics.push(info('CTXFORGE_INSTALL_SOURCE_OUTSIDE', `the artifact is outside the project, so it was copied to ${printable(files[0]!.path)} and ${ctx.lockLabel} records that path (commit it with the lock: \`install --frozen\` and \`serve --lock\` verify it there)`, {
    file: source.location, hint: '--no-vendor records the path outside instead (those commands then need --offline)',
  }));
  return out;
}

/** Writes the vendored files (each atomically, never through a link). */
export async function writeVendored(root: string, p: VendorPlan): Promise<void> {
  for (const f of p.files) await writeFileAtomic(join(root, ...f.path.split('/')), f.bytes, 0o644, root);
}
