// Agent Skills folders in and out of a lean-ctx `kind: skills` pack: read from a source tree
// (documents/<name>/…) or a verified built package (content.documents, each blob checked against its
// sha256), and written as source-tree files exactly as the skill has them (frontmatter keys of any
// host kept; only a byte-order mark removed), within lean-ctx's own limits: its document path rule
// and its caps for one pack (256 files, 1 MiB a file, 8 MiB in all).
import { error, fail, info, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { documentString, plain } from '../core/doc-text.js';
import { hasBom, withoutBom } from '../core/utf8.js';
import { isTree, type ArtifactInput, type CommonOptions, type FormatSkills, type SkillFolder, type SkillsRead, type SkillsWriteOptions, type WrittenSkills } from '../format.js';
import { groupSkillFiles } from '../doc-model.js';
import { isObject } from './model.js';
import { readAndVerify } from './read.js';
import { DOCUMENT_CAPS, documentPathProblem, zstdDecode } from './documents.js';
import { DOCUMENTS_DIR, MANIFEST_FILE } from './source.js';

const MIB = 1024 * 1024;
const mib = (n: number) => `${(n / MIB).toFixed(n % MIB === 0 ? 0 : 2)} MiB`;

/** The blobs of a package's content.documents, decoded; `undecodable` names those in compressed zstd blocks this Node.js cannot decode. */
export function documentBlobs(content: unknown): { files: Array<{ path: string; bytes: Buffer }>; undecodable: string[] } {
  const docs = isObject(content) && isObject(content.documents) && Array.isArray(content.documents.files) ? content.documents.files : [];
  const files: Array<{ path: string; bytes: Buffer }> = [];
  const undecodable: string[] = [];
  for (const f of docs) {
    if (!isObject(f) || typeof f.path !== 'string' || typeof f.body !== 'string') continue;
    let bytes: Buffer | undefined;
    try { bytes = zstdDecode(Buffer.from(f.body, 'base64')); } catch { bytes = undefined; }
    if (bytes) files.push({ path: f.path, bytes });
    else undecodable.push(f.path);
  }
  return { files, undecodable };
}

/**
 * The skills of a ctxpkg skills-pack source tree (documents/<name>/…) or of a built package, which is
 * verified first: an invalid package gives no skills, a valid one its warnings. Documents outside a
 * folder are not skills.
 */
export async function readSkillFolders(input: Tree | ArtifactInput, opts: CommonOptions = {}): Promise<SkillsRead> {
  if (isTree(input)) {
    const files: Array<{ path: string; bytes: Buffer }> = [];
    for (const e of await input.list()) if (e.kind === 'file' && e.path.startsWith(DOCUMENTS_DIR)) files.push({ path: e.path.slice(DOCUMENTS_DIR.length), bytes: await input.read(e.path) });
    return { skills: groupSkillFiles(files), diagnostics: [], unbound: [] };
  }
  const r = await readAndVerify(input, { limits: opts.limits, env: opts.env });
  if (!r.valid || !r.doc) {
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    fail(d.code, `cannot read the skills of ${input.label}: it does not verify (${d.message})`, { file: input.label });
  }
  const { files, undecodable } = documentBlobs(r.doc.content);
  if (undecodable.length) fail('CTXPKG_DOCUMENTS_INVALID', `${input.label}: document ${JSON.stringify(undecodable[0])} uses compressed zstd blocks, which this Node.js cannot decode`, { file: input.label }, 2);
  // Every blob's bytes are bound to its path by the package hash: nothing is unbound in a ctxpkg.
  return { skills: groupSkillFiles(files), diagnostics: r.diagnostics.filter((x) => x.severity === 'warning'), unbound: [] };
}

/** Why a ctxpkg source tree cannot take skills: only a package of kind: skills holds them. */
async function refuses(tree: Tree): Promise<string | undefined> {
  let kind: unknown;
  try { kind = (plain(parseYamlSafe(documentString(await tree.read(MANIFEST_FILE), MANIFEST_FILE))) as Record<string, unknown> | null)?.kind; } catch { kind = undefined; }
  return kind === 'skills' ? undefined : `it is a ctxpkg source tree of kind ${kind === undefined ? 'context' : JSON.stringify(kind)}; skills go into a pack with kind: skills (set kind: skills in its ${MANIFEST_FILE}, or \`ctxforge init ctxpkg DIR\` a new pack)`;
}

/** Skills as ctxpkg skills-pack source files, `documents/<name>/…`, checked against lean-ctx's limits. */
export function writeSkillFolders(skills: SkillFolder[], o: SkillsWriteOptions = {}): WrittenSkills {
  const files = new Map<string, Buffer>();
  const notes: Diagnostic[] = [];
  const refused = new Map<string, Diagnostic[]>();
  const owned: string[] = [];
  const capNames = `lean-ctx's caps for one skills pack (${DOCUMENT_CAPS.files} files, ${mib(DOCUMENT_CAPS.fileBytes)} a file, ${mib(DOCUMENT_CAPS.totalBytes)} in all)`;
  for (const s of skills) {
    const why: Diagnostic[] = [];
    const out = new Map<string, Buffer>();
    let bytes = 0;
    for (const f of s.files) {
      const doc = `${s.name}/${f.rel}`;
      const p = documentPathProblem(doc);
      if (p) { why.push(error('CTXPKG_DOCUMENTS_INVALID', `a skills pack document path ${p} (lean-ctx's path rule)`, { file: doc })); continue; }
      let b = f.bytes;
      if (f.rel === 'SKILL.md' && hasBom(b)) {
        b = withoutBom(b);
        notes.push(info('SKILL_NORMALISED', `byte-order mark removed (skills-ref rejects it in the installed copy)`, { file: doc }));
      }
      if (b.length > DOCUMENT_CAPS.fileBytes) why.push(error('CTXPKG_DOCUMENTS_INVALID', `${b.length} bytes (${mib(b.length)}), over lean-ctx's cap of ${mib(DOCUMENT_CAPS.fileBytes)} a file: no skills pack can hold it`, { file: doc }));
      bytes += b.length;
      out.set(`${DOCUMENTS_DIR}${doc}`, b);
    }
    const over: string[] = [];
    if (s.files.length > DOCUMENT_CAPS.files) over.push(`${s.files.length} files (cap ${DOCUMENT_CAPS.files})`);
    if (bytes > DOCUMENT_CAPS.totalBytes) over.push(`${mib(bytes)} (cap ${mib(DOCUMENT_CAPS.totalBytes)})`);
    if (over.length) why.push(error('CTXPKG_DOCUMENTS_INVALID', `skill ${s.name} alone holds ${over.join(' and ')}: over ${capNames}, so no single pack can hold it`, { file: s.name }));
    if (why.length) { refused.set(s.name, why); notes.push(...why); continue; }
    for (const [k, v] of out) files.set(k, v);
    owned.push(`${DOCUMENTS_DIR}${s.name}/`);
  }
  // The pack as a whole: what it keeps plus what is written.
  const pack: Diagnostic[] = [];
  const sizes = new Map(o.existing ?? []);
  for (const k of [...sizes.keys()]) if (owned.some((d) => `${DOCUMENTS_DIR}${k}`.startsWith(d))) sizes.delete(k);
  for (const [k, v] of files) sizes.set(k.slice(DOCUMENTS_DIR.length), v.length);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const over: string[] = [];
  if (sizes.size > DOCUMENT_CAPS.files) over.push(`${sizes.size} files (cap ${DOCUMENT_CAPS.files})`);
  if (total > DOCUMENT_CAPS.totalBytes) over.push(`${mib(total)} (cap ${mib(DOCUMENT_CAPS.totalBytes)})`);
  if (over.length) {
    pack.push(error('CTXPKG_DOCUMENTS_INVALID', `the pack would hold ${over.join(' and ')}: over ${capNames}. Each skill fits a pack of its own: make one pack per skill (\`ctxforge init ctxpkg DIR\` with kind: skills, then \`ctxforge skills import SKILL-FOLDER DIR\`)`));
  }
  return { files, notes, refused, pack, owned };
}

/** A ctxpkg kind: skills pack's Agent Skills layout (src/format.ts): documents/<name>/…, kept as written. */
export const ctxpkgSkills: FormatSkills = {
  root: DOCUMENTS_DIR,
  folders: [DOCUMENTS_DIR],
  movesUnknownKeys: false,
  refuses,
  read: readSkillFolders,
  write: writeSkillFolders,
};
