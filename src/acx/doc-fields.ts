// One cartridge knowledge file (knowledge/**.md) as a neutral Doc and back: id (else the path without
// .md), type, title, description, tags and nav_order in its frontmatter; its other fields; the
// blocks it carries for the other formats.
import { writeDocText, type DocText } from '../core/doc-text.js';
import { titleOf } from '../links/title.js';
import { carriedBlocks, documentTextWithKeptHead, KEPT_HEAD, NAV_ORDER, setCommonFields, takeCarried } from '../doc-model.js';
import type { Doc } from '../format.js';

export const DOCUMENT_ROOT = 'knowledge/';

export function docFromText(t: DocText, path: string): Doc {
  const { carried, rest } = takeCarried(t.fields, 'acx');
  const { id, type, title, description, tags, [NAV_ORDER]: nav, ...own } = rest;
  const d: Doc = { id: typeof id === 'string' && id ? id : path.replace(/\.md$/, ''), path, title: titleOf(title, t.body) ?? path, body: t.body };
  setCommonFields(d, { type, description, tags, nav }, own);
  if (Object.keys(own).length) carried.acx = own;
  if (Object.keys(carried).length) d.carried = carried;
  return d;
}

function fieldsOf(d: Doc, own: Record<string, unknown>): Record<string, unknown> {
  const { [KEPT_HEAD]: _h, ...rest } = own;
  void _h;
  return { id: d.id, type: d.type, title: d.title, description: d.description, tags: d.tags?.length ? d.tags : undefined, [NAV_ORDER]: d.order, ...rest, ...carriedBlocks(d.carried, 'acx') };
}

/** The file text of a knowledge document: its kept head when it still says what the document says, else written afresh. */
export function documentText(d: Doc): string {
  return documentTextWithKeptHead(d, 'acx', (t: DocText) => docFromText(t, d.path), (fields) => writeDocText(fieldsOf(d, fields), d.body));
}
