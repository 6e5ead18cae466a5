// A ctxpkg source tree or a built .ctxpkg as neutral documents: each node file of nodes/ with its id,
// the package identity (name, version, the other ctxpkg.yaml fields); a `references` edge whose link
// is not in the text becomes a "See also" link, so formats without edges keep it. A built package
// holds no file paths: its nodes are read where `ctxforge import` puts them (nodes/<id>.md), and the
// relative links that breaks are named. From a built package the identity (name, description) comes
// only from what its signature covers: an identity-only signature binds `name` but neither the
// description nor the x-ctxforge record, which anyone could then set to rename the package.
import { fail, failWith, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { documentString, plain, splitDocText, type DocText } from '../core/doc-text.js';
import { MemoryTree, type Tree } from '../core/tree.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { beyondDerived, isMap, KEPT_HEAD, manifestExtension, MANIFEST_EXT } from '../doc-model.js';
import { isTree, wants, type ArtifactInput, type Doc, type Documents, type DocumentsOptions, type PackageMeta, type SkillFolder } from '../format.js';
import { CHECKPOINT_FILE } from './checkpoint.js';
import { docFromText, DOCUMENT_ROOT, LINKS_READ, nodeFile, SEE_ALSO } from './doc-fields.js';
import { importedPackage } from './import.js';
import { linkContext, linkedIds, seeAlsoLine, unresolvedLinks } from './link-edges.js';
import { DOCUMENTS_DIR, loadSource, MANIFEST_FILE } from './source.js';
import { derivedManifest } from './write-source.js';
import { readSkillFolders } from './skill-folders.js';

export async function readCtxpkgDocuments(input: Tree | ArtifactInput, opts: DocumentsOptions): Promise<Documents> {
  if (isTree(input)) return fromTree(input, wants(opts, 'docs'), wants(opts, 'skills'), false);
  const { files, coverage } = await importedPackage(input, opts);
  const read = await fromTree(new MemoryTree(files, input.label), wants(opts, 'docs'), wants(opts, 'skills'), true);
  return coverage === 'identity_only' ? signedIdentity(read, files, input.label) : read;
}

/** The documents of a package signed identity-only, their name its signed `name`, with no unsigned description. */
function signedIdentity(read: Documents, files: Map<string, string | Buffer>, label: string): Documents {
  const m = plain(parseYamlSafe(documentString(Buffer.from(files.get(MANIFEST_FILE) ?? ''), MANIFEST_FILE))) as Record<string, unknown>;
  const { description: _d, ...meta } = read.meta;
  void _d;
  const name = String(m.name);
  const note = warning('CTXPKG_SIGNATURE_IDENTITY_ONLY', `the signature covers only name, version and content: the package is named by its signed name ${JSON.stringify(name)}, and its description and x-ctxforge record, which anyone could change, are ignored`, { file: label });
  return { ...read, meta: { ...meta, name }, notes: [...read.notes, note] };
}

/** A kind: skills pack's Agent Skills (documents/<name>/…), when it has any. */
async function skillsOf(tree: Tree, entries?: Array<{ path: string }>): Promise<SkillFolder[]> {
  const list = entries ?? (await tree.list());
  return list.some((e) => e.path.startsWith(DOCUMENTS_DIR)) ? (await readSkillFolders(tree)).skills : [];
}

/** The manifest (and the skills, when wanted) alone, for a caller that wants no documents: nothing else is read. */
async function manifestOnly(tree: Tree, withSkills: boolean): Promise<Documents> {
  const st = await tree.stat(MANIFEST_FILE);
  if (st?.kind !== 'file') fail('CTXPKG_SOURCE_MANIFEST_MISSING', `${tree.label}: no ${MANIFEST_FILE} at the root of the source tree`, { file: MANIFEST_FILE }, 1);
  const m = plain(parseYamlSafe(documentString(await tree.read(MANIFEST_FILE), MANIFEST_FILE)));
  if (!isMap(m)) fail('CTXPKG_SOURCE_YAML', `${MANIFEST_FILE} must be a YAML mapping of manifest fields`, { file: MANIFEST_FILE, line: 1 }, 1);
  return { format: 'ctxpkg', meta: packageMeta(m, false, []), docs: [], assets: [], skills: withSkills ? await skillsOf(tree) : [], notes: [] };
}

async function fromTree(tree: Tree, withDocs: boolean, withSkills: boolean, built: boolean): Promise<Documents> {
  if (!withDocs) return manifestOnly(tree, withSkills);
  // The format's own loader judges the tree: what it cannot read is not converted.
  const { pkg, diags } = await loadSource(tree);
  failWith(diags, `${tree.label} is not a readable ctxpkg source tree`);
  const notes: Diagnostic[] = [];
  const m = plain(parseYamlSafe(pkg!.manifestText)) as Record<string, unknown>;
  const site = manifestExtension(m[MANIFEST_EXT]).site;
  const read: { text: DocText; doc: Doc; refs: string[] }[] = [];
  for (const n of pkg!.nodes) {
    const text = splitDocText(documentString(Buffer.from(n.text, 'utf8'), n.file), n.file);
    read.push({ text, ...docFromText(text, n.file.slice(DOCUMENT_ROOT.length), n.file) });
  }
  read.sort((a, b) => (a.doc.path < b.doc.path ? -1 : a.doc.path > b.doc.path ? 1 : 0));
  const byId = new Map(read.map((r) => [r.doc.id, r.doc]));
  // One index of the package's documents resolves every link (a ctxpkg holds no other files).
  const ctx = linkContext(read.map((r) => r.doc), [], site);
  const docs: Doc[] = [];
  let edges = false;
  for (const r of read) {
    let d = r.doc;
    const original = r.text.head + r.text.body;
    edges ||= r.refs.length > 0 || Array.isArray(d.carried?.ctxpkg?.edges);
    // An edge whose link is not in the text becomes one, so that the other formats keep it.
    const linked = new Set(linkedIds(d, ctx));
    const missing = [...new Set(r.refs)].filter((to) => !linked.has(to) && byId.has(to)).map((to) => byId.get(to)!);
    if (missing.length) {
      const suffix = `${d.body && !d.body.endsWith('\n') ? '\n' : ''}${d.body ? '\n' : ''}${seeAlsoLine(d, missing)}`;
      d = { ...d, body: d.body + suffix, carried: { ...d.carried, ctxpkg: { ...(d.carried?.ctxpkg ?? {}), [SEE_ALSO]: suffix } } };
    }
    if (nodeFile(d, ctx).text !== original) {
      // The writer would write this node otherwise (hand-written YAML, no title …): its head travels whole.
      const own = d.carried?.ctxpkg ?? {};
      d = { ...d, carried: { ...d.carried, ctxpkg: { [KEPT_HEAD]: r.text.head, [LINKS_READ]: linkedIds(d, ctx), ...(own[SEE_ALSO] ? { [SEE_ALSO]: own[SEE_ALSO] } : {}) } } };
    }
    docs.push(d);
  }
  if (built) {
    // A built package holds no file paths (nodes are placed at nodes/<id>.md): say which links that breaks.
    const lineOf = (r: (typeof read)[number], line: number) => line + r.text.head.split('\n').length - 1;
    const broken = read.flatMap((r) => unresolvedLinks(r.doc, ctx).map((l) => `${DOCUMENT_ROOT}${r.doc.path}:${lineOf(r, l.line)} → ${l.target}`));
    if (broken.length) {
      notes.push(warning('CONVERT_LINKS_UNRESOLVED', `a built .ctxpkg holds no file paths, so its documents are placed at ${DOCUMENT_ROOT}<id>.md, where ${broken.length} relative link${broken.length === 1 ? '' : 's'} ${broken.length === 1 ? 'does' : 'do'} not resolve (${broken.slice(0, 3).join(', ')}${broken.length > 3 ? ', …' : ''}); their references edges are kept, as See also links`, { hint: 'convert the ctxpkg source tree instead of the built package to keep the links' }));
    }
  }
  const entries = await tree.list();
  const skills = withSkills ? await skillsOf(tree, entries) : [];
  if (entries.some((e) => e.path === CHECKPOINT_FILE)) notes.push(info('CONVERT_LEFT_OUT', `${CHECKPOINT_FILE} (the checkpoint layer) has no place in the other formats`, { file: CHECKPOINT_FILE }));

  const meta = packageMeta(m, edges, notes);
  return { format: 'ctxpkg', meta, docs, assets: [], skills, notes, ...(built ? { pathsFromIds: true } : {}) };
}

/** The package identity and site record of ctxpkg.yaml; what the other formats cannot hold is carried. */
function packageMeta(m: Record<string, unknown>, edges: boolean, notes: Diagnostic[]): PackageMeta {
  const ext = manifestExtension(m[MANIFEST_EXT]);
  const { name, version, description, [MANIFEST_EXT]: _x, ...rest } = m;
  void _x;
  const meta: PackageMeta = { name: ext.name ?? String(name) };
  if (typeof version === 'string') meta.version = version;
  const desc = 'description' in ext ? ext.description : description;
  if (typeof desc === 'string') meta.description = desc;
  if (ext.site) meta.site = ext.site;
  const left = Object.keys(rest).filter((k) => !['conformance_level', 'dependencies'].includes(k) || (k === 'dependencies' && Array.isArray(rest.dependencies) && rest.dependencies.length));
  if (left.length) notes.push(info('CONVERT_LEFT_OUT', `${MANIFEST_FILE} fields ${left.join(', ')} have no place in the other formats' manifests (they travel in x-ctxforge for a conversion back)`, { file: MANIFEST_FILE }));
  const carried = { ...ext.carried };
  const mine = beyondDerived({ name, ...rest }, derivedManifest(meta, edges));
  if (Object.keys(mine).length) carried.ctxpkg = mine;
  if (Object.keys(carried).length) meta.carried = carried;
  return meta;
}
