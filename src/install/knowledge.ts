// A package's knowledge documents as installed files: each document as Markdown with a small
// frontmatter (id, title, type, description, tags, one JSON value a line), its assets beside it, and
// an llms.txt index. `serve --lock` reads them back through parseKnowledgeDoc, after checking each
// file against the lock. Every file is written under a name no agent host reads as configuration
// (src/core/host-config-names.ts); the index links to the names written.
import type { Asset, Doc, PackageMeta } from '../format.js';
import { hostSafeNames } from '../core/host-config-names.js';
import { compareUtf8 } from '../core/paths.js';
import { KNOWLEDGE_INDEX } from './hosts.js';
import type { FileRole } from './lock.js';

export interface KnowledgeFile {
  rel: string;
  bytes: Buffer;
  role: FileRole;
  /** The path the package gave the file, where `rel` is another (a host configuration name renamed). */
  original?: string;
}

const FIELDS = ['id', 'title', 'type', 'description', 'tags'] as const;

/** The installed text of one document: a frontmatter of JSON values (valid YAML), then its body. */
export function renderKnowledgeDoc(d: Doc): string {
  const lines = ['---', `id: ${JSON.stringify(d.id)}`, `title: ${JSON.stringify(d.title)}`];
  if (d.type !== undefined) lines.push(`type: ${JSON.stringify(d.type)}`);
  if (d.description !== undefined) lines.push(`description: ${JSON.stringify(d.description)}`);
  if (d.tags?.length) lines.push(`tags: ${JSON.stringify(d.tags)}`);
  lines.push('---', '');
  return lines.join('\n') + d.body;
}

/** A document written by renderKnowledgeDoc, read back; undefined when the text is not one. */
export function parseKnowledgeDoc(text: string, path: string): Doc | undefined {
  if (!text.startsWith('---\n')) return undefined;
  const end = text.indexOf('\n---\n', 3);
  if (end < 0) return undefined;
  const fields: Record<string, unknown> = {};
  for (const line of text.slice(4, end).split('\n')) {
    const m = /^([a-z]+): (.*)$/.exec(line);
    if (!m || !(FIELDS as readonly string[]).includes(m[1]!)) return undefined;
    try { fields[m[1]!] = JSON.parse(m[2]!); } catch { return undefined; }
  }
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const id = str(fields.id);
  const title = str(fields.title);
  if (id === undefined || title === undefined) return undefined;
  const tags = Array.isArray(fields.tags) && fields.tags.every((t) => typeof t === 'string') ? (fields.tags as string[]) : undefined;
  const doc: Doc = { id, path, title, body: text.slice(end + 5) };
  if (str(fields.type) !== undefined) doc.type = str(fields.type);
  if (str(fields.description) !== undefined) doc.description = str(fields.description);
  if (tags) doc.tags = tags;
  return doc;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
// Package text is hostile: in the index it stays text, never a link, image or HTML of its own.
const plain = (s: string) => oneLine(s).replace(/([\\`*_[\]()<>!#|])/g, '\\$1');

/** llms.txt (llmstxt.org) for the installed folder: title, summary, one link per document. */
export function renderKnowledgeIndex(meta: PackageMeta, docs: Doc[]): string {
  const lines = [`# ${plain(meta.name)}`, ''];
  lines.push(`> ${meta.description ? plain(meta.description) : `${docs.length} document${docs.length === 1 ? '' : 's'}${meta.version ? ` of version ${plain(meta.version)}` : ''}.`}`, '', '## Docs', '');
  for (const d of [...docs].sort((a, b) => compareUtf8(a.path, b.path))) {
    const href = d.path.split('/').map(encodeURIComponent).join('/');
    lines.push(`- [${plain(d.title)}](${href})${d.description ? `: ${plain(d.description)}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Every file of a package's knowledge folder, relative to it. A document or asset whose path an agent
 * host reads as configuration (`AGENTS.md`, `.claude/skills/x/SKILL.md`) is written under its
 * host-safe name (`AGENTS.knowledge.md`, `dot-claude/skills/x/SKILL.knowledge.md`), never colliding
 * with another file or the index, and keeps its own path in `original`.
 */
export function knowledgeFiles(meta: PackageMeta, docs: Doc[], assets: Asset[]): KnowledgeFile[] {
  if (!docs.length && !assets.length) return [];
  const names = hostSafeNames([...docs.map((d) => d.path), ...assets.map((a) => a.path)], [KNOWLEDGE_INDEX]);
  const placed = (path: string) => {
    const rel = names.get(path) ?? path;
    return rel === path ? { rel } : { rel, original: path };
  };
  const written = docs.map((d) => ({ ...d, path: names.get(d.path) ?? d.path }));
  return [
    ...docs.map((d) => ({ ...placed(d.path), bytes: Buffer.from(renderKnowledgeDoc(d), 'utf8'), role: 'document' as const })),
    ...assets.map((a) => ({ ...placed(a.path), bytes: a.bytes, role: 'asset' as const })),
    { rel: KNOWLEDGE_INDEX, bytes: Buffer.from(renderKnowledgeIndex(meta, written), 'utf8'), role: 'index' as const },
  ];
}
