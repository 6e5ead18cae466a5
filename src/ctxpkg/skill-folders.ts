// Agent Skills folders in and out of a lean-ctx `kind: skills` pack: read from a source tree
// (documents/<name>/…) or a verified built package (content.documents, each blob checked against its
// sha256), and written as source-tree files exactly as the skill has them (frontmatter keys of any
// host kept; only a byte-order mark removed), within lean-ctx's own limits: its document path rule
// and its caps for one pack (256 files, 1 MiB a file, 8 MiB in all).
import { error, fail, info, type Diagnostic } from '../core/diagnostics.js';
import type { Tree } from '../core/tree.js';
import { isTree, type ArtifactInput, type SkillFolder } from '../format.js';
import { groupSkillFiles } from '../doc-model.js';
import { isObject } from './model.js';
import { readAndVerify } from './read.js';
import { DOCUMENT_CAPS, documentPathProblem, zstdDecode } from './documents.js';
import { DOCUMENTS_DIR } from './source.js';

const MIB = 1024 * 1024;
const mib = (n: number) => `${(n / MIB).toFixed(n % MIB === 0 ? 0 : 2)} MiB`;


/**
 * The skills of a ctxpkg skills-pack source tree (documents/<name>/…) or of a built package, which is
 * verified first: an invalid package gives no skills. Documents outside a folder are not skills.
 */
export async function readSkillFolders(input: Tree | ArtifactInput): Promise<SkillFolder[]> {
  if (isTree(input)) {
    const files: Array<{ path: string; bytes: Buffer }> = [];
    for (const e of await input.list()) if (e.kind === 'file' && e.path.startsWith(DOCUMENTS_DIR)) files.push({ path: e.path.slice(DOCUMENTS_DIR.length), bytes: await input.read(e.path) });
    return groupSkillFiles(files);
  }
  const r = await readAndVerify(input, {});
  if (!r.valid || !r.doc) {
    const d = r.diagnostics.find((x) => x.severity === 'error')!;
    fail(d.code, `cannot read the skills of ${input.label}: it does not verify (${d.message})`, { file: input.label });
  }
  const content = r.doc.content as Record<string, unknown>;
  const docs = isObject(content.documents) && Array.isArray(content.documents.files) ? content.documents.files : [];
  const files: Array<{ path: string; bytes: Buffer }> = [];
  for (const f of docs) {
    if (!isObject(f) || typeof f.path !== 'string' || typeof f.body !== 'string') continue;
    const bytes = zstdDecode(Buffer.from(f.body, 'base64'));
    if (!bytes) fail('CTXPKG_DOCUMENTS_INVALID', `${input.label}: document ${JSON.stringify(f.path)} uses compressed zstd blocks, which this Node.js cannot decode`, { file: input.label }, 2);
    files.push({ path: f.path, bytes });
  }
  return groupSkillFiles(files);
}

export interface WrittenSkills {
  /** Source-tree path → bytes, for every skill the pack can hold. */
  files: Map<string, Buffer>;
  notes: Diagnostic[];
  /** Skills no pack can hold (a file over 1 MiB, a path lean-ctx refuses, a skill alone over a cap), with the reasons. */
  refused: Map<string, Diagnostic[]>;
  /** The pack as a whole over a cap: nothing should be written (one pack per skill fits). */
  pack: Diagnostic[];
  /** Folders (ending in /) the written skills replace in the tree. */
  owned: string[];
}

export interface WriteOptions {
  /** Documents the pack already holds outside the skills being written (path below documents/ → bytes). */
  existing?: Map<string, number>;
}

/** Skills as ctxpkg skills-pack source files, `documents/<name>/…`, checked against lean-ctx's limits. */
export function writeSkillFolders(skills: SkillFolder[], o: WriteOptions = {}): WrittenSkills {
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
      if (f.rel === 'SKILL.md' && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
        b = b.subarray(3);
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
