// Stable-ID items of a cartridge for diff: skills by name, memory by id, capabilities by id,
// knowledge and other ROM files by path, meta keys, and the ROM manifest hash itself.
import { fail, hasErrors } from '../core/diagnostics.js';
import { sha256Hex } from '../core/hash.js';
import type { Tree } from '../core/tree.js';
import type { ArtifactInput, CommonOptions, Item, PackageSummary } from '../format.js';
import { checkArtifact } from './artifact.js';
import { keptBytes, loadSource } from './source.js';
import { assemble } from './build.js';
import { oidOf, type ObjectRow } from './objects.js';
import { ROM_INDEX_PATH } from './rom-index.js';
import { knowledgeId } from './verify.js';

/**
 * A knowledge file is identified by the `id` its frontmatter carries (sync and convert write one, so
 * a moved page stays the same item), else by its path; an id two files share falls back to paths.
 */
function knowledgeKeys(ids: ReadonlyMap<string, string>): Map<string, string> {
  const count = new Map<string, number>();
  for (const id of ids.values()) count.set(id, (count.get(id) ?? 0) + 1);
  return new Map([...ids].filter(([, id]) => count.get(id) === 1));
}

/**
 * `files` are the ROM files with their oids, every path (files sharing bytes share one objects row,
 * so the objects alone would miss paths); the other items come from the objects.
 */
function itemsFrom(objects: ObjectRow[], files: ReadonlyMap<string, string>, meta: Map<string, string>, manifestHash: string, skipMeta: Set<string>, knowledgeIds: ReadonlyMap<string, string> = new Map()): Item[] {
  const items: Item[] = [];
  const kid = knowledgeKeys(knowledgeIds);
  const rom = objects.filter((o) => o.zone === 'rom');
  const skills = new Map<string, string[]>();
  for (const [ref, oid] of files) {
    if (ref === ROM_INDEX_PATH || !ref.startsWith('rom/')) continue;
    if (ref.startsWith('rom/skills/')) {
      const name = ref.split('/')[2]!;
      skills.set(name, [...(skills.get(name) ?? []), `${ref} ${oid}`]);
    } else items.push({ kind: ref.startsWith('rom/knowledge/') ? 'knowledge' : 'file', id: kid.get(ref) ?? ref.slice(4), path: ref, digest: oid });
  }
  for (const o of rom) {
    const ref = o.source_ref;
    if (o.kind === 'sqlar') continue;
    else if (o.kind === 'memory') items.push({ kind: 'memory', id: ref.slice(7), digest: o.oid });
    else if (ref.startsWith('capability:')) items.push({ kind: 'capability', id: ref.slice(11), digest: o.oid });
    else if (ref.startsWith('cartridge:') && !skipMeta.has(ref.slice(10))) items.push({ kind: 'meta', id: ref.slice(10), digest: o.oid, title: meta.get(ref.slice(10)) });
  }
  for (const [name, parts] of skills) items.push({ kind: 'skill', id: name, path: `rom/skills/${name}/SKILL.md`, digest: `sha256:${sha256Hex(parts.sort().join('\n'))}` });
  if (!skipMeta.has('acx.created_at')) items.push({ kind: 'manifest', id: 'rom', digest: manifestHash });
  return items;
}

export async function cartridgeItems(input: ArtifactInput, opts: CommonOptions): Promise<PackageSummary> {
  const c = await checkArtifact(input, { limits: opts.limits, env: opts.env }, { knowledgeIds: true });
  if (!c.check) fail(c.result.diagnostics[0]!.code, c.result.diagnostics[0]!.message, { file: input.label });
  const meta = c.check.meta;
  return {
    format: 'acx', identity: `${meta.get('acx.publisher_id') ?? ''}/${meta.get('acx.artifact_id') ?? ''}`, name: meta.get('acx.artifact_id') ?? '', version: meta.get('acx.artifact_version') ?? '',
    items: itemsFrom(c.check.romObjects(), c.check.romFiles(), meta, c.check.report.manifestHash, new Set(), c.check.knowledgeIds),
  };
}

export async function sourceItems(tree: Tree): Promise<PackageSummary> {
  const { source, diagnostics } = await loadSource(tree, { allowSecrets: true, keepBytes: true });
  if (!source || hasErrors(diagnostics)) {
    const e = diagnostics.find((x) => x.severity === 'error')!;
    fail(e.code, e.message, { file: e.file, line: e.line });
  }
  // Without a committed created_at the build time fills it, so that key and the manifest hash are not stable items.
  const a = assemble(source, 0, undefined, false);
  if (!a.content) { const e = a.diagnostics[0]!; fail(e.code, e.message, { file: e.file }); }
  const skip = new Set(source.createdAtGiven ? [] : ['acx.created_at']);
  const meta = a.content.meta;
  const ids = new Map<string, string>();
  for (const f of source.files.under('rom/knowledge/')) { const id = knowledgeId(keptBytes(f)); if (id) ids.set(f.name, id); }
  const files = a.content.files;
  return { format: 'acx', identity: `${meta.get('acx.publisher_id')}/${source.artifact}`, name: source.artifact, version: source.version, items: itemsFrom(a.content.objects.all(), new Map(Array.from({ length: files.length }, (_, i) => [files.name(i), files.oid(i)])), meta, a.manifestHash!, skip, ids) };
}
