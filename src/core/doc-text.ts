// A Markdown document as the three formats store one: frontmatter fields, the exact head (the fenced
// frontmatter and the blank line after it) and the body; and the text a writer makes of fields and a
// body. Each format's documents reader and source writer share it, so that a document read and
// written again keeps its bytes.
import { fail } from './diagnostics.js';
import { decodeUtf8 } from './utf8.js';
import { parseYamlSafe, splitFrontmatter, stripBom } from './yaml-safe.js';
import { frontmatter } from './yaml-emit.js';
import { lfLineEnds } from './line-ends.js';

export interface DocText {
  /** Frontmatter fields as plain JSON values ({} when the document has none). */
  fields: Record<string, unknown>;
  /** Everything before the body: '' without frontmatter, else the fences and one blank line after them when there is one. */
  head: string;
  body: string;
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON values only: YAML integers beyond 2^53 and dates become numbers and strings, as a frontmatter reader sees them. */
export function plain(v: unknown): unknown {
  return JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)) ?? 'null');
}

/** The text of a document file: UTF-8 without BOM, line ends as \n. */
export function documentString(bytes: Buffer, file: string): string {
  const t = decodeUtf8(bytes);
  if (t === undefined) fail('CTXFORGE_IO', `${file} is not valid UTF-8`, { file }, 1);
  return lfLineEnds(stripBom(t));
}

export function splitDocText(text: string, file: string): DocText {
  const fm = splitFrontmatter(text);
  if (!fm.present) return { fields: {}, head: '', body: text };
  let v: unknown;
  try { v = parseYamlSafe(fm.yaml); } catch (e) { fail('CTXFORGE_IO', `${file}: frontmatter: ${(e as Error).message}`, { file, line: fm.yamlLine }, 1); }
  const body = fm.body.startsWith('\n') ? fm.body.slice(1) : fm.body;
  return { fields: isMap(v) ? (plain(v) as Record<string, unknown>) : {}, head: text.slice(0, text.length - body.length), body };
}

/** What every writer writes: the frontmatter, a blank line, the body. */
export function writeDocText(fields: Record<string, unknown>, body: string): string {
  return `${frontmatter(fields)}\n${body}`;
}
