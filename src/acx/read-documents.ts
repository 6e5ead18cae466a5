// A cartridge source tree or a built .acx as neutral documents: the Markdown of knowledge/ with the
// `id` each file carries, the files beside it as assets, and the package identity (artifact, version,
// description, the other cartridge.yaml fields), the Agent Skills of skills/; memory, capabilities,
// attestations and other ROM files are named in notes, since no other format has a place for them.
// From a built cartridge the identity (name, description) comes only from meta its signature covers:
// a meta row added after signing (ACX_META_UNSIGNED) could otherwise rename the package for install
// and serve.
import { fail, failWith, info, warning, type Diagnostic } from '../core/diagnostics.js';
import { documentString, plain, splitDocText } from '../core/doc-text.js';
import { parseJson } from '../core/strict-json.js';
import { MemoryTree, type Tree } from '../core/tree.js';
import { parseYamlSafe } from '../core/yaml-safe.js';
import { beyondDerived, isMap, manifestExtension, withKeptHead } from '../doc-model.js';
import { isTree, wants, type ArtifactInput, type Asset, type Doc, type Documents, type DocumentsOptions } from '../format.js';
import { docFromText, documentText, DOCUMENT_ROOT } from './doc-fields.js';
import { rejudged, type Checked } from './artifact.js';
import { importedCartridge, importedFrom } from './import.js';
import { loadSource } from './source.js';
import { readSkillFolders, SOURCE_SKILLS_DIR } from './skill-folders.js';
import { derivedCartridge, EXTENSION_META, MANIFEST_FILE } from './write-source.js';

const KINDS: Record<string, string> = { skills: 'Agent Skills (use `ctxforge skills export` / `import`)', memory: 'ROM memory records', capabilities: 'capability records', attestations: 'attestations', rom: 'other ROM files' };

export async function readAcxDocuments(input: Tree | ArtifactInput, opts: DocumentsOptions): Promise<Documents> {
  if (isTree(input)) return fromTree(input, wants(opts, 'docs'), wants(opts, 'skills'));
  return fromImported(input, await importedCartridge(input, opts), opts);
}

/**
 * The documents of a cartridge already checked with every file kept (as verifyWithDocuments checks
 * it): judged again under no trust inputs of the caller's, exactly as readAcxDocuments judges it,
 * without reading its files a second time.
 */
export async function acxDocumentsFrom(input: ArtifactInput, checked: Checked, opts: DocumentsOptions): Promise<Documents> {
  return fromImported(input, importedFrom(input, rejudged(input, checked, { env: opts.env })), opts);
}

async function fromImported(input: ArtifactInput, imported: { files: Map<string, string | Buffer>; unsignedMeta: string[] }, opts: DocumentsOptions): Promise<Documents> {
  const { files, unsignedMeta } = imported;
  if (unsignedMeta.includes(ARTIFACT_META)) fail('ACX_META_UNSIGNED', `cannot read ${input.label}: its name (${ARTIFACT_META}) is not covered by the signature`, { file: input.label });
  return fromTree(new MemoryTree(files, input.label), wants(opts, 'docs'), wants(opts, 'skills'), new Set(unsignedMeta));
}

/** A knowledge file (`knowledge/….md` in the source tree) as a document; throws a diagnostic for text that is not UTF-8 or frontmatter that does not parse. */
export function knowledgeDoc(raw: Buffer, treePath: string): Doc {
  const text = splitDocText(documentString(raw, treePath), treePath);
  return withKeptHead(docFromText(text, treePath.slice(DOCUMENT_ROOT.length)), 'acx', text, documentText);
}

/** The meta key of the cartridge's name; with acx.description and the x-ctxforge record, what identity is read from. */
const ARTIFACT_META = 'acx.artifact_id';
const DESCRIPTION_META = 'acx.description';

/** `unsigned`: a built cartridge's meta keys its signature does not cover (none for a source tree). */
async function fromTree(tree: Tree, withDocs: boolean, withSkills: boolean, unsigned: ReadonlySet<string> = new Set()): Promise<Documents> {
  // The cartridge's own loader judges the tree; a credential in it is the build's business, not a
  // reader's. Without documents only cartridge.yaml is read.
  if (withDocs) {
    const loaded = await loadSource(tree, { allowSecrets: true });
    failWith(loaded.diagnostics, `${tree.label} is not a readable cartridge source tree`);
  } else if ((await tree.stat(MANIFEST_FILE))?.kind !== 'file') fail('ACX_SOURCE_MISSING', `${tree.label} has no ${MANIFEST_FILE}`, { file: MANIFEST_FILE }, 1);
  const notes: Diagnostic[] = [];
  const docs: Doc[] = [];
  const assets: Asset[] = [];
  const groups = new Map<string, string[]>();
  for (const e of withDocs ? await tree.list() : []) {
    if (e.kind !== 'file') continue;
    if (e.path.startsWith(DOCUMENT_ROOT)) {
      const path = e.path.slice(DOCUMENT_ROOT.length);
      if (!path.endsWith('.md')) { assets.push({ path, bytes: await tree.read(e.path) }); continue; }
      docs.push(knowledgeDoc(await tree.read(e.path), e.path));
    } else if (e.path.includes('/') && !e.path.startsWith(SOURCE_SKILLS_DIR)) {
      const top = e.path.split('/')[0]!;
      groups.set(top, [...(groups.get(top) ?? []), e.path]);
    }
  }
  for (const [top, list] of groups) notes.push(info('CONVERT_LEFT_OUT', `${top}/ (${KINDS[top] ?? 'files'}, ${list.length} file${list.length === 1 ? '' : 's'}) has no place in the other formats' documents`, { file: list[0] }));

  const y = plain(parseYamlSafe(documentString(await tree.read(MANIFEST_FILE), MANIFEST_FILE))) as Record<string, unknown>;
  const { version, artifact, ...rest } = y;
  let { description } = y;
  const metaMap = isMap(rest.meta) ? { ...rest.meta } : {};
  const ignored = [EXTENSION_META, DESCRIPTION_META].filter((k) => unsigned.has(k));
  if (ignored.length) {
    notes.push(warning('ACX_META_UNSIGNED', `meta ${ignored.join(', ')} ${ignored.length === 1 ? 'is' : 'are'} not covered by the signature and ${ignored.length === 1 ? 'is' : 'are'} ignored: the package's name and description come only from signed fields`, { file: tree.label }));
    if (unsigned.has(EXTENSION_META)) delete metaMap[EXTENSION_META];
    if (unsigned.has(DESCRIPTION_META)) description = undefined;
  }
  let extValue: unknown;
  if (typeof metaMap[EXTENSION_META] === 'string') {
    try { extValue = parseJson(metaMap[EXTENSION_META] as string); } catch {
      notes.push(warning('CONVERT_LEFT_OUT', `meta ${EXTENSION_META} in ${MANIFEST_FILE} is not JSON and is ignored`, { file: MANIFEST_FILE }));
    }
  }
  delete metaMap[EXTENSION_META];
  if (Object.keys(metaMap).length) rest.meta = metaMap;
  else delete rest.meta;
  const ext = manifestExtension(plain(extValue));
  const meta: Documents['meta'] = { name: ext.name ?? String(artifact) };
  if (typeof version === 'string') meta.version = version;
  const desc = 'description' in ext ? ext.description : description;
  if (typeof desc === 'string') meta.description = desc;
  if (ext.site) meta.site = ext.site;
  const carried = { ...ext.carried };
  const mine = beyondDerived({ artifact, ...rest }, derivedCartridge(meta));
  if (Object.keys(mine).length) carried.acx = mine;
  if (Object.keys(carried).length) meta.carried = carried;
  return { format: 'acx', meta, docs, assets, skills: withSkills ? (await readSkillFolders(tree)).skills : [], notes };
}
