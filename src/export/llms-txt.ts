// llms.txt (llmstxt.org) from a package's documents: an H1 title, a blockquote summary, and one
// section a top-level folder of `- [title](path): description` links — what agent tooling looks for.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DiskTree } from '../core/tree.js';
import { readCorpus } from '../convert/read.js';
import { DOC_DIR } from '../sync/render.js';
import type { Corpus, PackageMeta, TargetFormat } from '../sync/model.js';
import { resolveInput } from '../inputs.js';
import { importPath, unpackPath } from '../import.js';

export interface LlmsTxt {
  text: string;
  format: TargetFormat;
  documents: number;
  sections: string[];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const linkText = (s: string) => oneLine(s).replace(/([[\]])/g, '\\$1');

/** The first sentence of prose in a body, for documents that carry no description. */
function firstSentence(body: string): string | undefined {
  for (const l of body.split(/\n\s*\n/)) {
    const t = oneLine(l);
    if (!t || /^(#|```|~~~|[-*+] |\||<|!\[)/.test(t)) continue;
    const m = /^(.{1,200}?[.!?])(\s|$)/.exec(t);
    return m ? m[1] : t.slice(0, 200);
  }
  return undefined;
}

function heading(folder: string): string {
  const t = folder.replace(/[-_]+/g, ' ').trim();
  return t ? t[0]!.toUpperCase() + t.slice(1) : folder;
}

export function renderLlmsTxt(format: TargetFormat, corpus: Corpus, meta: PackageMeta, baseUrl = ''): LlmsTxt {
  const groups = new Map<string, typeof corpus.docs>();
  for (const d of [...corpus.docs].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const top = d.path.includes('/') ? d.path.slice(0, d.path.indexOf('/')) : '';
    groups.set(top, [...(groups.get(top) ?? []), d]);
  }
  const base = baseUrl && !baseUrl.endsWith('/') ? `${baseUrl}/` : baseUrl;
  const summary = meta.description ? oneLine(meta.description) : `${corpus.docs.length} documents${meta.version ? ` of version ${meta.version}` : ''}.`;
  const lines = [`# ${oneLine(meta.name)}`, '', `> ${summary}`, ''];
  const sections: string[] = [];
  const order = [...groups.keys()].sort((a, b) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1));
  for (const g of order) {
    const name = g === '' ? 'Docs' : heading(g);
    sections.push(name);
    lines.push(`## ${name}`, '');
    for (const d of groups.get(g)!) {
      const href = encodeURI(`${base}${DOC_DIR[format]}${d.path}`);
      const about = d.description ?? firstSentence(d.body);
      lines.push(`- [${linkText(d.title)}](${href})${about ? `: ${oneLine(about)}` : ''}`);
    }
    lines.push('');
  }
  return { text: lines.join('\n'), format, documents: corpus.docs.length, sections };
}

/** llms.txt of a source tree (any format) or a built artifact (read through import / unpack into a temp directory). */
export async function exportLlmsTxt(spec: string, o: { cwd?: string; baseUrl?: string } = {}): Promise<LlmsTxt> {
  const cwd = o.cwd ?? process.cwd();
  const r = await resolveInput(spec, { cwd });
  if (r.kind === 'source') {
    const read = await readCorpus(r.tree);
    return renderLlmsTxt(read.format, read.corpus, read.meta, o.baseUrl);
  }
  const tmp = await mkdtemp(join(tmpdir(), 'ctxforge-llms-'));
  try {
    const dir = join(tmp, 'src');
    if (r.module.name === 'octx') await unpackPath(resolve(cwd, spec), dir, { cwd });
    else await importPath(resolve(cwd, spec), dir, { cwd });
    const read = await readCorpus(new DiskTree(dir, spec));
    return renderLlmsTxt(read.format, read.corpus, read.meta, o.baseUrl);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
