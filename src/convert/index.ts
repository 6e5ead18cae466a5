// `ctxforge convert`: a source tree or built package of one format → another format's source tree.
// The source's format module reads it as neutral documents and the target's writes them (src/format.ts),
// so IDs, the package identity and what only the source's format holds travel both ways; what the
// target has no place for is named. Names the target cannot hold are renamed with every link to
// them (src/convert/renames.ts), and the site the documents came from travels in the manifest, so
// the converted tree's links are judged as that site serves them. An earlier conversion in --out is
// updated, its manifest kept: only files it recorded (src/convert/record.ts) are replaced or removed.
// A target that cannot hold something the source gives (a skill a cartridge cannot name) stops the
// conversion before anything is written.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fail, failWith, type Diagnostic } from '../core/diagnostics.js';
import { contentBytes, type Doc, type FileContent, type FormatName, type PackageMeta } from '../format.js';
import type { Tree } from '../core/tree.js';
import { documentString } from '../core/doc-text.js';
import { formatByName } from '../formats.js';
import { resolveInput } from '../inputs.js';
import { uuidv7 } from '../core/uuid.js';
import { reassignClaimedIds, refusedClaimWarnings } from '../core/id-claims.js';
import { apply, preview, type Applied } from '../sync/apply.js';
import { recordedSite } from '../links/check.js';
import { renameForTarget } from './renames.js';
import { CONVERT_RECORD_FILE, convertRecordText, readConvertRecord } from './record.js';
import '../sync/rules.js';

export interface ConvertResult {
  from: FormatName;
  to: FormatName;
  out: string;
  documents: number;
  /** Agent Skills written into the target (a cartridge holds them; the other formats leave them out, named). */
  skills: number;
  dryRun: boolean;
  files: Applied;
  diagnostics: Diagnostic[];
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
  let recorded: Set<string> | undefined;
  if (existsSync(out)) {
    if (lstatSync(out).isSymbolicLink() || !lstatSync(out).isDirectory()) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not a directory`, { file: outDir }, 2);
    const manifest = join(out, target.manifestFile);
    // Converting again into an earlier conversion is fine (unchanged files stay); anything else is someone's work.
    if (readdirSync(out).length && !existsSync(manifest)) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} is not empty and holds no ${to} source tree`, { file: outDir, hint: 'pick an empty or new directory' }, 2);
    if (existsSync(manifest)) {
      if (!lstatSync(manifest).isFile()) fail('SYNC_TARGET_SYMLINK', `${target.manifestFile} in ${outDir} is not a regular file; ctxforge never reads or writes through a link`, { file: target.manifestFile }, 2);
      existingManifest = readFileSync(manifest, 'utf8');
      // A target tree nobody recorded converting is someone's work: converting into it could overwrite or remove it.
      recorded = readConvertRecord(out, target, outDir);
      if (!recorded) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} holds a ${to} source tree that no conversion recorded (no ${CONVERT_RECORD_FILE}): converting into it could overwrite or remove files written by hand`, { file: outDir, hint: 'pick an empty or new directory' }, 2);
    }
  }
  const read = await r.module.documents(r.kind === 'source' ? r.tree : r.input, {});
  // Two documents claiming one ID (a copied file): the first by path keeps it (src/core/id-claims.ts).
  read.notes.push(...refusedClaimWarnings(reassignClaimedIds(read.docs, (d) => uuidv7(0, `ctxforge-claim:${d.path}`)), 'SYNC_ID_CLAIMED', 'document'));
  // The site the documents were written for: a synced tree's ID map, else the manifest's record (as the link check takes them).
  const idMap = r.kind === 'source' ? await recordedSite(r.tree) : undefined;
  const site = idMap?.generator ? { generator: idMap.generator, root: idMap.root } : read.meta.site;
  const leftOut = [...new Set([...(read.meta.site?.leftOut ?? []), ...(idMap?.leftOut ?? [])])];
  const renamed = renameForTarget({ ...read, meta: withSite(read.meta, site, leftOut) }, target);
  if (r.kind === 'source') renamed.notes = await inSourceTree(renamed.notes, r.tree, r.module.documentRoot, read.docs);
  failWith(renamed.notes, 'a file must be renamed for the target format, and a link to it cannot follow');
  let docs = renamed.docs;
  let written = target.writeSource(docs, { existingManifest });
  // Files the target leaves out (images in OCTX or ctxpkg) are named in its site record, so its link
  // check counts the links to them instead of calling them broken.
  const dropped = docs.assets.map((a) => a.path).filter((p) => !written.files.has(target.documentRoot + p));
  const kept = new Set(docs.assets.map((a) => a.path).filter((p) => written.files.has(target.documentRoot + p)));
  const all = [...new Set([...(docs.meta.site?.leftOut ?? []), ...dropped])].filter((p) => !kept.has(p)).sort();
  const again = withSite(docs.meta, docs.meta.site, all);
  if (JSON.stringify(again.site ?? null) !== JSON.stringify(docs.meta.site ?? null)) {
    docs = { ...docs, meta: again };
    written = target.writeSource(docs, { existingManifest });
  }
  // What the target cannot hold (a skill a cartridge cannot name) is an error: nothing is written.
  failWith(written.notes, `${outDir}: the ${to} source tree cannot hold everything the source gives, so nothing was written`);
  const write = new Map(written.files);
  // A file a person added to an earlier conversion is theirs: it is neither replaced nor removed.
  const mine = [...write].filter(([p, b]) => recorded && !recorded.has(p) && differs(join(out, ...p.split('/')), b)).map(([p]) => p);
  if (mine.length) fail('CONVERT_OUTPUT_NOT_EMPTY', `${outDir} holds ${mine.length} file${mine.length === 1 ? '' : 's'} no conversion wrote that this one would replace: ${mine.slice(0, 3).join(', ')}${mine.length > 3 ? ', …' : ''}`, { file: `${outDir}/${mine[0]}`, hint: 'move or rename them, or pick an empty or new directory' }, 2);
  const skills = docs.skills.filter((s) => target.skills && [...written.files.keys()].some((p) => p.startsWith(`${target.skills!.root}${s.name}/`))).length;
  write.set(written.manifest.path, Buffer.from(written.manifest.text, 'utf8'));
  write.set(CONVERT_RECORD_FILE, Buffer.from(convertRecordText(written.files.keys(), target), 'utf8'));
  // A converted tree is generated: what an earlier conversion wrote and this one does not goes.
  const plan = { write, remove: [...(recorded ?? [])].filter((p) => !write.has(p)).sort() };
  const files = o.dryRun ? preview(out, plan) : await apply(out, plan);
  return { from: r.module.name, to, out: outDir, documents: docs.docs.length, skills, dryRun: !!o.dryRun, files, diagnostics: [...read.notes, ...renamed.notes, ...written.notes] };
}

/** Whether the file at `abs` is there and holds other bytes than `b` (a link or a folder counts as other). */
function differs(abs: string, b: FileContent): boolean {
  try {
    if (!lstatSync(abs).isFile()) return true;
    return !readFileSync(abs).equals(contentBytes(b));
  } catch {
    return false;
  }
}

/** Package metadata with its site record: the generator and root when known, and the files left out on the way. */
function withSite(meta: PackageMeta, site: { generator: string; root: string } | undefined, leftOut: string[]): PackageMeta {
  const { site: _s, ...rest } = meta;
  void _s;
  if (!site && !leftOut.length) return rest;
  return { ...rest, site: { generator: site?.generator ?? 'github', root: site?.root ?? '', ...(leftOut.length ? { leftOut } : {}) } };
}

/** Notes on documents, placed where the user sees them: the file in the source tree, the line in that file. */
async function inSourceTree(notes: Diagnostic[], tree: Tree, root: string, docs: readonly Doc[]): Promise<Diagnostic[]> {
  const bodies = new Map(docs.map((d) => [d.path, d.body]));
  const offsets = new Map<string, number>();
  const offsetOf = async (path: string): Promise<number> => {
    let n = offsets.get(path);
    if (n !== undefined) return n;
    n = 0;
    try {
      const text = documentString(await tree.read(root + path), root + path);
      const body = bodies.get(path) ?? '';
      if (text.endsWith(body)) n = text.slice(0, text.length - body.length).split('\n').length - 1;
    } catch { /* the body's own line, then */ }
    offsets.set(path, n);
    return n;
  };
  return Promise.all(notes.map(async (d) => (d.file === undefined ? d : { ...d, file: root + d.file, ...(d.line !== undefined ? { line: d.line + await offsetOf(d.file) } : {}) })));
}
