// A ctxpkg source tree or a built .ctxpkg as neutral documents: each node file of nodes/ with its id,
// the package identity (name, version, the other ctxpkg.yaml fields); a `references` edge whose link
// is not in the text becomes a "See also" link, so formats without edges keep it. A built package
// holds no file paths: its nodes are read where `ctxforge import` puts them (nodes/<id>.md).
import { failWith, info, type Diagnostic } from '../core/diagnostics.js';
import { documentString, plain, splitDocText, type DocText } from '../core/doc-text.js';
import { MemoryTree, type Tree } from '../core/tree.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { beyondDerived, KEPT_HEAD, manifestExtension, MANIFEST_EXT } from '../doc-model.js';
import { isTree, type ArtifactInput, type Doc, type Documents, type DocumentsOptions } from '../format.js';
import { CHECKPOINT_FILE } from './checkpoint.js';
import { docFromText, DOCUMENT_ROOT, LINKS_READ, nodeFile, SEE_ALSO } from './doc-fields.js';
import { importedFiles } from './import.js';
import { linkedIds, seeAlsoLine } from './link-edges.js';
import { DOCUMENTS_DIR, loadSource, MANIFEST_FILE } from './source.js';
import { derivedManifest } from './write-source.js';
import { readSkillFolders } from './skill-folders.js';

export async function readCtxpkgDocuments(input: Tree | ArtifactInput, opts: DocumentsOptions): Promise<Documents> {
  if (isTree(input)) return fromTree(input);
  const files = await importedFiles(input, opts);
  return fromTree(new MemoryTree(new Map([...files].map(([k, v]) => [k, Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8')])), input.label));
}

async function fromTree(tree: Tree): Promise<Documents> {
  // The format's own loader judges the tree: what it cannot read is not converted.
  const { pkg, diags } = await loadSource(tree);
  failWith(diags, `${tree.label} is not a readable ctxpkg source tree`);
  const notes: Diagnostic[] = [];
  const read: { text: DocText; doc: Doc; refs: string[] }[] = [];
  for (const n of pkg!.nodes) {
    const text = splitDocText(documentString(Buffer.from(n.text, 'utf8'), n.file), n.file);
    read.push({ text, ...docFromText(text, n.file.slice(DOCUMENT_ROOT.length), n.file) });
  }
  read.sort((a, b) => (a.doc.path < b.doc.path ? -1 : a.doc.path > b.doc.path ? 1 : 0));
  const byPath = new Map(read.map((r) => [r.doc.path, r.doc]));
  const byId = new Map(read.map((r) => [r.doc.id, r.doc]));
  const docs: Doc[] = [];
  let edges = false;
  for (const r of read) {
    let d = r.doc;
    const original = r.text.head + r.text.body;
    edges ||= r.refs.length > 0 || Array.isArray(d.carried?.ctxpkg?.edges);
    // An edge whose link is not in the text becomes one, so that the other formats keep it.
    const linked = new Set(linkedIds(d, byPath));
    const missing = [...new Set(r.refs)].filter((to) => !linked.has(to) && byId.has(to)).map((to) => byId.get(to)!);
    if (missing.length) {
      const suffix = `${d.body && !d.body.endsWith('\n') ? '\n' : ''}${d.body ? '\n' : ''}${seeAlsoLine(d, missing)}`;
      d = { ...d, body: d.body + suffix, carried: { ...d.carried, ctxpkg: { ...(d.carried?.ctxpkg ?? {}), [SEE_ALSO]: suffix } } };
    }
    if (nodeFile(d, byPath).text !== original) {
      // The writer would write this node otherwise (hand-written YAML, no title …): its head travels whole.
      const own = d.carried?.ctxpkg ?? {};
      d = { ...d, carried: { ...d.carried, ctxpkg: { [KEPT_HEAD]: r.text.head, [LINKS_READ]: linkedIds(d, byPath), ...(own[SEE_ALSO] ? { [SEE_ALSO]: own[SEE_ALSO] } : {}) } } };
    }
    docs.push(d);
  }
  const entries = await tree.list();
  const skills = entries.some((e) => e.path.startsWith(DOCUMENTS_DIR)) ? await readSkillFolders(tree) : [];
  if (entries.some((e) => e.path === CHECKPOINT_FILE)) notes.push(info('CONVERT_LEFT_OUT', `${CHECKPOINT_FILE} (the checkpoint layer) has no place in the other formats`, { file: CHECKPOINT_FILE }));

  const m = plain(parseYamlSafe(pkg!.manifestText.replace(/^\uFEFF/, ''))) as Record<string, unknown>;
  const ext = manifestExtension(m[MANIFEST_EXT]);
  const { name, version, description, [MANIFEST_EXT]: _x, ...rest } = m;
  void _x;
  const meta: Documents['meta'] = { name: ext.name ?? String(name) };
  if (typeof version === 'string') meta.version = version;
  const desc = 'description' in ext ? ext.description : description;
  if (typeof desc === 'string') meta.description = desc;
  const left = Object.keys(rest).filter((k) => !['conformance_level', 'dependencies'].includes(k) || (k === 'dependencies' && Array.isArray(rest.dependencies) && rest.dependencies.length));
  if (left.length) notes.push(info('CONVERT_LEFT_OUT', `${MANIFEST_FILE} fields ${left.join(', ')} have no place in the other formats' manifests (they travel in x-ctxforge for a conversion back)`, { file: MANIFEST_FILE }));
  const carried = { ...ext.carried };
  const mine = beyondDerived({ name, ...rest }, derivedManifest(meta, edges));
  if (Object.keys(mine).length) carried.ctxpkg = mine;
  if (Object.keys(carried).length) meta.carried = carried;
  return { format: 'ctxpkg', meta, docs, assets: [], skills, notes };
}
