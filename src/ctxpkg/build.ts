// Builds a source tree into `<name>-<version>.ctxpkg`: validate, scan for secrets, assemble, check
// the output like any received package, then rename it into place (nothing half-written on failure).
import { checkDocuments } from './documents.js';
import { checkCheckpoint } from './checkpoint.js';
import { join } from 'node:path';
import { writeFile, readFile, chmod } from 'node:fs/promises';
import { DiagnosticError, error, hasErrors, type Diagnostic } from '../core/diagnostics.js';
import { writeAtomic } from '../core/atomic.js';
import { sha256Hex } from '../core/hash.js';
import { scanSecretBytes, scanSecretName, scanSecrets } from '../core/secrets.js';
import { isoSeconds, resolveEpoch } from '../core/time.js';
import type { Tree } from '../core/tree.js';
import type { BuildOptions, BuiltArtifact } from '../format.js';
import { parseArtifactText } from './artifact.js';
import { checkContent, checkLevel, checkManifest, type CheckContext } from './check.js';
import { DOCUMENTS_DIR, loadSource, MANIFEST_FILE, type SourcePackage } from './source.js';
import { verifyDoc } from './verify.js';
import { artifactFileName, writePackage } from './writer.js';

/** Throws the first error, saying how many more there are (the CLI prints one diagnostic per failure). */
export function failWith(diags: Diagnostic[], what: string): never {
  const errs = diags.filter((d) => d.severity === 'error');
  const first = errs[0]!;
  const more = errs.length > 1 ? ` (and ${errs.length - 1} more error${errs.length > 2 ? 's' : ''}; run \`ctxforge validate\` on the ${what} to see all)` : '';
  throw new DiagnosticError({ ...first, message: first.message + more }, 1);
}

/** Every rule a source tree must pass before it is built. */
export function checkSourcePackage(pkg: SourcePackage): Diagnostic[] {
  const ctx: CheckContext = { locate: pkg.locate, mode: 'source' };
  const diags = [...checkManifest(pkg.manifest, ctx), ...checkContent(pkg.content, ctx), ...checkDocuments(pkg.manifest, pkg.content, ctx), ...checkCheckpoint(pkg.manifest, pkg.content, ctx)];
  if (!hasErrors(diags)) diags.push(...checkLevel(pkg.manifest, pkg.content, ctx).diags);
  return diags;
}

export function secretsIn(pkg: SourcePackage, allow: boolean): Diagnostic[] {
  const out = scanSecrets(pkg.manifestText, MANIFEST_FILE, MANIFEST_FILE, allow);
  for (const n of pkg.nodes) out.push(...scanSecretName(n.file, allow), ...scanSecrets(n.text, n.file, `node ${String(n.node.id)}`, allow));
  // kind: skills — each packaged file, in every encoding (a UTF-16 script too), and its name.
  for (const f of pkg.documentFiles) out.push(...scanSecretName(DOCUMENTS_DIR + f.path, allow), ...scanSecretBytes(f.bytes, DOCUMENTS_DIR + f.path, DOCUMENTS_DIR + f.path, allow));
  return out;
}

/**
 * provenance.project_hash: sha256 of the package as the writer normalises it, stamped with epoch 0
 * and without provenance or signature. It is derived from the source files alone, never from the
 * checkout (git status, HEAD), so a build of a working tree and a build of `<ref>:<path>` with the
 * same files give the same bytes, which `verify --reproduce` depends on; and sources that differ
 * only in what the writer fills in (an absent `dependencies`) give the same hash.
 */
export function projectHash(pkg: SourcePackage): string {
  return sha256Hex(Buffer.from(writePackage(pkg.manifest, pkg.content, { createdAt: isoSeconds(0) }).text, 'utf8'));
}

export async function buildSource(tree: Tree, opts: BuildOptions): Promise<BuiltArtifact> {
  const { pkg, diags } = await loadSource(tree);
  if (!pkg || hasErrors(diags)) failWith(diags, 'source tree');
  const problems = checkSourcePackage(pkg);
  if (hasErrors(problems)) failWith(problems, 'source tree');
  const secrets = secretsIn(pkg, !!opts.allowSecrets);
  if (hasErrors(secrets)) failWith(secrets, 'source tree');
  opts.warnings?.push(...diags, ...problems, ...secrets);

  const epoch = await resolveEpoch({ epoch: opts.epoch, dir: opts.sourceDir, sourceTime: opts.sourceTime, env: opts.env });
  const written = writePackage(pkg.manifest, pkg.content, { createdAt: isoSeconds(epoch), projectHash: projectHash(pkg), key: opts.key });
  const name = pkg.manifest.name as string;
  const version = pkg.manifest.version as string;
  const target = join(opts.outDir, artifactFileName(name, version));
  const bytes = Buffer.from(written.text, 'utf8');
  await writeAtomic(target, async (tmp) => { await writeFile(tmp, bytes); await chmod(tmp, 0o644); }, {
    check: async (tmp) => {
      const back = await readFile(tmp);
      const parsed = parseArtifactText(back, target);
      const report = parsed.doc ? verifyDoc(parsed.doc, {}) : { diagnostics: parsed.diags };
      if (hasErrors(report.diagnostics)) {
        const d = report.diagnostics.find((x) => x.severity === 'error')!;
        throw new DiagnosticError(error('CTXPKG_JSON_INVALID', `internal: the built package does not verify (${d.code}: ${d.message}); nothing was written`), 2);
      }
    },
  });
  return { path: target, format: 'ctxpkg', sha256: sha256Hex(bytes), size: bytes.length, name, version };
}
