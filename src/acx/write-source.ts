// Neutral documents as a cartridge source tree: knowledge/<path> for each document and asset, and
// cartridge.yaml — a new one from the package identity, or the existing one with its version and the
// `acx.x-ctxforge` meta entry set as data.
import type { Diagnostic } from '../core/diagnostics.js';
import { editYaml, yamlDocumentText } from '../core/yaml-edit.js';
import { canonical, isMap, manifestExtensionFor, nameSlug } from '../doc-model.js';
import { documentFile, withBody, type Documents, type FileContent, type PackageMeta, type SourceFiles, type WriteSourceOptions } from '../format.js';
import { documentText, DOCUMENT_ROOT } from './doc-fields.js';
import { writeSkillFolders } from './skill-folders.js';
import { sqlarNameProblem } from './sqlar.js';

export const MANIFEST_FILE = 'cartridge.yaml';
/** The meta entry (a JSON text, as meta values are strings) that holds the x-ctxforge extension. */
export const EXTENSION_META = 'acx.x-ctxforge';
const SUFFIX = ' (documentation packaged by ctxforge)';

/** The cartridge.yaml fields the writer fills in by itself: a reader carries only what differs from them. */
export function derivedCartridge(meta: PackageMeta): Record<string, unknown> {
  return { publisher: 'dev.ctxforge.local', artifact: nameSlug(meta.name), license: 'NOASSERTION' };
}

/** A description as a cartridge must have one: 20 to 500 characters. */
function cartridgeDescription(meta: PackageMeta): string {
  const d = meta.description ?? `${meta.name}: documentation packaged by ctxforge`;
  return d.length >= 20 ? d.slice(0, 500) : `${d}${SUFFIX}`;
}

export function writeAcxSource(docs: Documents, opts: WriteSourceOptions): SourceFiles {
  const files = new Map<string, FileContent>();
  const notes: Diagnostic[] = [];
  // A body given when needed is read when the file is written (the render), never held for the whole tree.
  for (const d of docs.docs) files.set(DOCUMENT_ROOT + d.path, documentFile(d, documentText));
  for (const a of docs.assets) files.set(DOCUMENT_ROOT + a.path, a.bytes);
  // Skills through the cartridge's own skill layout (six-key SKILL.md, host fields signed apart, §3.2 names).
  const skills = writeSkillFolders(docs.skills);
  for (const [p, b] of skills.files) files.set(p, b);
  notes.push(...skills.notes);
  const meta = docs.meta;
  const c = meta.carried?.acx ?? {};
  const derived = derivedCartridge(meta);
  const artifact = typeof c.artifact === 'string' ? c.artifact : (derived.artifact as string);
  const description = cartridgeDescription(meta);
  const ext = manifestExtensionFor(meta, 'acx', { name: artifact, description });
  const extText = ext ? canonical(ext) : undefined;
  let text: string;
  if (opts.existingManifest !== undefined) {
    text = editYaml(opts.existingManifest, MANIFEST_FILE, [
      ...(meta.version !== undefined ? [{ path: ['version'], value: meta.version }] : []),
      { path: ['meta', EXTENSION_META], value: extText },
    ]);
  } else {
    const { artifact: _a, version: _v, description: _d, publisher, license, meta: metaMap, ...rest } = c;
    void _a; void _v; void _d;
    const m = { ...(isMap(metaMap) ? metaMap : {}), ...(extText ? { [EXTENSION_META]: extText } : {}) };
    text = yamlDocumentText({
      publisher: publisher ?? derived.publisher, artifact, version: meta.version ?? '0.1.0', description, license: license ?? derived.license,
      ...rest, ...(Object.keys(m).length ? { meta: m } : {}),
    });
  }
  return { files, manifest: { path: MANIFEST_FILE, text }, notes };
}

/** Why a cartridge cannot hold a document or asset at `path` (below knowledge/, stored as rom/knowledge/…: ACX §3.2), or undefined when it can. */
export function acxNameProblem(path: string, kind: 'document' | 'asset'): string | undefined {
  const why = sqlarNameProblem(`rom/${DOCUMENT_ROOT}${path}`);
  if (why) return why;
  return kind === 'document' && !path.endsWith('.md') ? 'a knowledge document\'s name ends in .md' : undefined;
}
