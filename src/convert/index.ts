// `ctxforge convert`: a source tree or built package of one format → another format's source tree.
// The source's format module reads it as neutral documents and the target's writes them (src/format.ts),
// so IDs, the package identity and what only the source's format holds travel both ways; what the
// target has no place for is named. An earlier conversion in --out is updated, its manifest kept.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fail, type Diagnostic } from '../core/diagnostics.js';
import type { FormatName } from '../format.js';
import { formatByName } from '../formats.js';
import { resolveInput } from '../inputs.js';
import { uuidv7 } from '../core/uuid.js';
import { reassignClaimedIds, refusedClaimWarnings } from '../core/id-claims.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import '../sync/rules.js';

export interface ConvertResult {
  from: FormatName;
  to: FormatName;
  out: string;
  documents: number;
  dryRun: boolean;
  files: Applied;
  diagnostics: Diagnostic[];
}

function listFiles(abs: string, rel: string): string[] {
  let entries;
  try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return []; }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(join(abs, e.name), `${rel}${e.name}/`) : e.isFile() ? [`${rel}${e.name}`] : []));
}

/** `spec`: a source tree, a built artifact, or `<ref>:<path>`, resolved against `cwd`. */
export async function convertPath(spec: string, to: FormatName, outDir: string, o: { dryRun?: boolean; cwd?: string } = {}): Promise<ConvertResult> {
  const cwd = o.cwd ?? process.cwd();
  const target = formatByName(to);
  if (!target?.writeSource) fail('CTXFORGE_USAGE', `cannot write ${to} source trees`, {}, 2);
  const out = resolve(cwd, outDir);
  const r = await resolveInput(spec, { cwd });
  if (r.kind === 'source' && r.dir && (out === r.dir || out.startsWith(r.dir + sep))) fail('CTXFORGE_USAGE', '--out must not lie inside the source tree', {}, 2);
  if (r.module.name === to) fail('CTXFORGE_USAGE', `${spec} is already ${r.module.title}${r.kind === 'artifact' ? '; `ctxforge import` turns it into a source tree' : ''}`, {}, 2);
  if (!r.module.documents) fail('CTXFORGE_USAGE', `${r.module.title} cannot be read as documents`, {}, 2);
  let existingManifest: string | undefined;
  if (existsSync(out)) {
    if (lstatSync(out).isSymbolicLink() || !lstatSync(out).isDirectory()) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not a directory`, { file: outDir }, 2);
    const manifest = join(out, target.manifestFile);
    // Converting again into an earlier conversion is fine (unchanged files stay); anything else is someone's work.
    if (readdirSync(out).length && !existsSync(manifest)) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not empty and holds no ${to} source tree`, { file: outDir, hint: 'pick an empty or new directory' }, 2);
    if (existsSync(manifest)) {
      if (!lstatSync(manifest).isFile()) fail('SYNC_TARGET_SYMLINK', `${target.manifestFile} in ${outDir} is not a regular file; ctxforge never reads or writes through a link`, { file: target.manifestFile }, 2);
      existingManifest = readFileSync(manifest, 'utf8');
    }
  }
  const docs = await r.module.documents(r.kind === 'source' ? r.tree : r.input, {});
  // Two documents claiming one ID (a copied file): the first by path keeps it (src/core/id-claims.ts).
  docs.notes.push(...refusedClaimWarnings(reassignClaimedIds(docs.docs, (d) => uuidv7(0, `ctxforge-claim:${d.path}`)), 'SYNC_ID_CLAIMED', 'document'));
  const written = target.writeSource(docs, { existingManifest });
  const write = new Map(written.files);
  write.set(written.manifest.path, Buffer.from(written.manifest.text, 'utf8'));
  // A converted tree is generated: what an earlier conversion wrote and this one does not goes.
  const plan = { write, remove: listFiles(join(out, ...target.documentRoot.split('/').filter(Boolean)), target.documentRoot).filter((p) => !write.has(p)) };
  const files = o.dryRun ? preview(out, plan) : await apply(out, plan);
  return { from: r.module.name, to, out: outDir, documents: docs.docs.length, dryRun: !!o.dryRun, files, diagnostics: [...docs.notes, ...written.notes] };
}
