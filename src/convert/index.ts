// `ctxforge convert`: one format's source tree → another's, keeping every document's ID, turning
// relative links into ctxpkg `references` edges and back, and naming what the target cannot hold.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { resolve, join } from 'node:path';
import { fail, type Diagnostic } from '../core/diagnostics.js';
import { DiskTree } from '../core/tree.js';
import { uuidv7 } from '../core/uuid.js';
import { reassignClaimedIds, refusedClaimWarnings } from '../core/id-claims.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { DOC_DIR, MANIFEST_FILE, octxIdFor, render } from '../sync/render.js';
import type { TargetFormat } from '../sync/model.js';
import { readCorpus } from './read.js';
import '../sync/rules.js';

export interface ConvertResult {
  from: TargetFormat;
  to: TargetFormat;
  out: string;
  documents: number;
  dryRun: boolean;
  files: Applied;
  diagnostics: Diagnostic[];
}

export async function convertTree(src: string, to: TargetFormat, outDir: string, o: { dryRun?: boolean; label?: string } = {}): Promise<ConvertResult> {
  const abs = resolve(src);
  const out = resolve(outDir);
  if (!existsSync(abs) || !lstatSync(abs).isDirectory()) fail('CTXFORGE_IO', `${src} is not a directory`, { file: src }, 2);
  if (out === abs || out.startsWith(`${abs}/`)) fail('CTXFORGE_USAGE', '--out must not lie inside the source tree', {}, 2);
  if (existsSync(out)) {
    if (lstatSync(out).isSymbolicLink() || !lstatSync(out).isDirectory()) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not a directory`, { file: outDir }, 2);
    // Converting again into an earlier conversion is fine (unchanged files stay); anything else is someone's work.
    if (readdirSync(out).length && !existsSync(join(out, MANIFEST_FILE[to]))) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not empty and holds no ${to} source tree`, { file: outDir, hint: 'pick an empty or new directory' }, 2);
  }
  const read = await readCorpus(new DiskTree(abs, o.label ?? src));
  if (read.format === to) fail('CTXFORGE_USAGE', `${src} is already a ${to} source tree`, {}, 2);
  // Two documents claiming one ID (a copied file): the first by path keeps it (src/core/id-claims.ts).
  read.notes.push(...refusedClaimWarnings(reassignClaimedIds(read.corpus.docs, (d) => uuidv7(0, `ctxforge-claim:${d.path}`)), 'SYNC_ID_CLAIMED', 'document'));
  const assetId = read.format === 'octx' ? undefined : octxIdFor(uuidv7(0, `ctxforge-asset:${read.meta.name}`));
  const r = render(to, read.corpus, read.meta, { assetId });
  const write = new Map(r.files);
  write.set(r.manifest.path, Buffer.from(manifestText(out, to, r.manifest, read.meta.version), 'utf8'));
  // A converted tree is generated: what an earlier conversion wrote and this one does not goes.
  const plan = { write, remove: listFiles(join(out, DOC_DIR[to]), DOC_DIR[to]).filter((p) => !write.has(p)) };
  const files = o.dryRun ? preview(out, plan) : await apply(out, plan);
  return { from: read.format, to, out: outDir, documents: read.corpus.docs.length, dryRun: !!o.dryRun, files, diagnostics: [...read.notes, ...r.notes] };
}

function listFiles(abs: string, rel: string): string[] {
  let entries;
  try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return []; }
  return entries.flatMap((e) => (e.isDirectory() ? listFiles(join(abs, e.name), `${rel}${e.name}/`) : e.isFile() ? [`${rel}${e.name}`] : []));
}

/**
 * The manifest of an earlier conversion is the user's (publisher, licence, tags …): it is kept, and
 * only its version follows the source's. A new tree gets the generated one.
 */
function manifestText(out: string, to: TargetFormat, generated: { path: string; text: string }, version: string | undefined): string {
  let have: string;
  try { have = readFileSync(join(out, generated.path), 'utf8'); } catch { return generated.text; }
  if (!version) return have;
  if (to === 'octx') return have.replace(/("release"\s*:\s*\{[^}]*"version"\s*:\s*)"[^"]*"/, `$1${JSON.stringify(version)}`);
  return have.replace(/^version:.*$/m, `version: ${JSON.stringify(version)}`);
}
