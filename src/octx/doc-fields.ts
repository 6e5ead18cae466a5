// One OKF concept document (knowledge/**.md) as a neutral Doc and back: type, title, description,
// tags and nav_order; octx.document_id (a neutral ID that is no UUIDv7 gets a derived one and rides
// along as `x-id`); the document's other fields; the blocks it carries for the other formats.
import { fail } from '../core/diagnostics.js';
import { writeDocText, type DocText } from '../core/doc-text.js';
import { titleOf } from '../links/title.js';
import { isUuidV7, uuidv7 } from '../core/uuid.js';
import { carriedBlocks, DEFAULT_TYPE, documentTextWithKeptHead, isMap, KEPT_HEAD, NAV_ORDER, setCommonFields, takeCarried } from '../doc-model.js';
import type { Doc } from '../format.js';

export const DOCUMENT_ROOT = 'knowledge/';
/** The neutral ID of a document whose ID is not a UUIDv7 (a ctxpkg node id, a cartridge file's id). */
const NEUTRAL_ID = 'x-id';

/** The document_id for a neutral ID: itself when it is a UUIDv7, else one derived from it (the same every time). */
export function octxIdFor(id: string): string {
  return isUuidV7(id) ? id : uuidv7(0, `ctxforge-id:${id}`);
}

/** A concept document's fields and body as a Doc; `path` is below knowledge/. */
export function docFromText(t: DocText, path: string, file: string): Doc {
  const { carried, rest } = takeCarried(t.fields, 'octx');
  const { type, title, description, tags, octx, [NEUTRAL_ID]: xid, [NAV_ORDER]: nav, ...own } = rest;
  const docId = isMap(octx) && typeof octx.document_id === 'string' ? octx.document_id : undefined;
  if (!docId) fail('OCTX_DOCUMENT_ID_INVALID', `${file} has no octx.document_id; run \`ctxforge ids\` first`, { file }, 1);
  const id = typeof xid === 'string' && xid ? xid : docId;
  const d: Doc = { id, path, title: titleOf(title, t.body) ?? path, body: t.body };
  setCommonFields(d, { type, description, tags, nav }, own);
  // The octx map's other keys stay the document's; its document_id only when it is not the derived one.
  const rest2 = { ...(octx as Record<string, unknown>) };
  if (rest2.document_id === octxIdFor(id)) delete rest2.document_id;
  if (Object.keys(rest2).length) own.octx = rest2;
  if (Object.keys(own).length) carried.octx = own;
  if (Object.keys(carried).length) d.carried = carried;
  return d;
}

/** The frontmatter a new concept document gets. */
function fieldsOf(d: Doc, own: Record<string, unknown>): Record<string, unknown> {
  const { octx, [KEPT_HEAD]: _h, ...rest } = own;
  void _h;
  const id = octxIdFor(d.id);
  return {
    type: d.type ?? DEFAULT_TYPE, title: d.title, description: d.description, tags: d.tags?.length ? d.tags : undefined, [NAV_ORDER]: d.order,
    ...rest, octx: { document_id: id, ...(isMap(octx) ? octx : {}) }, ...(id !== d.id ? { [NEUTRAL_ID]: d.id } : {}), ...carriedBlocks(d.carried, 'octx'),
  };
}

/** The file text of a document: its kept head when it still says what the document says, else written afresh. */
export function documentText(d: Doc): string {
  return documentTextWithKeptHead(d, 'octx', (t: DocText) => docFromText(t, d.path, d.path), (fields) => writeDocText(fieldsOf(d, fields), d.body));
}
