// Knowledge documents (§6, OKF v0.1): concept frontmatter (safe YAML, non-empty type, UUIDv7
// octx.document_id) and the reserved index.md / log.md structure.
import { error, type Diagnostic } from '../core/diagnostics.js';
import { isUtf8 } from 'node:buffer';
import { parseYamlSafe, splitFrontmatter, YamlSafetyError, type Frontmatter } from '../core/yaml-safe.js';
import { isUuidV7 } from '../core/uuid.js';
import { decodeUtf8, stripBom } from '../core/utf8.js';
import { ownsTitle, titleOf } from '../links/title.js';

export interface ConceptDoc {
  path: string;
  id?: string;
  type?: string;
  title?: string;
  /** Line of the document_id (or of the frontmatter) for diagnostics. */
  idLine: number;
}

export function isKnowledgeMarkdown(path: string): boolean {
  return path.startsWith('knowledge/') && path.endsWith('.md');
}

export function isReserved(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  return base === 'index.md' || base === 'log.md';
}

export function isConcept(path: string): boolean {
  return isKnowledgeMarkdown(path) && !isReserved(path);
}

function decode(bytes: Buffer, file: string, diags: Diagnostic[]): string | undefined {
  const text = decodeUtf8(bytes);
  if (text === undefined) diags.push(error('OCTX_DOCUMENT_ENCODING', `${file} is not valid UTF-8`, { file }));
  // decodeUtf8 drops exactly one leading BOM; a second one is content, so such a file does not
  // start with frontmatter (notes-octx-0.1.6.md).
  return text;
}

const KEY_LINE = new Map<string, RegExp>();

/** Line of the first `key:` in the YAML text (one multiline search, no per-line split). */
function lineOfYamlKey(yaml: string, key: string, firstLine: number): number {
  let re = KEY_LINE.get(key);
  if (!re) KEY_LINE.set(key, (re = new RegExp(`^[ \\t]*${key}[ \\t]*:`, 'm')));
  const m = re.exec(yaml);
  if (!m) return firstLine;
  let line = firstLine;
  for (let i = yaml.indexOf('\n'); i !== -1 && i < m.index; i = yaml.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * Checks a knowledge Markdown file as what its path makes it: a Concept Document (returned) or a
 * reserved index.md / log.md. `text` is given the decoded text (undefined when it is not UTF-8), so
 * a check of the same read need not decode it again.
 */
export function checkKnowledge(path: string, bytes: Buffer, maxDepth: number, diags: Diagnostic[], text?: (t: string | undefined) => void): ConceptDoc | undefined {
  if (isConcept(path)) return checkConcept(path, bytes, maxDepth, diags, text);
  checkReserved(path, bytes, maxDepth, diags, text);
  return undefined;
}

/** How much of a document is decoded first when no caller wants its whole text: most frontmatter fits. */
export const HEAD_BYTES = 1024;

/**
 * The document's frontmatter split from its first HEAD_BYTES (cut at a line end, so at a character
 * boundary), or from its whole text when the closing fence is not in them. The body is then that
 * head's rest: `whole` says whether it is the document's whole body. A split of a head that ends
 * with a line end finds the same fence, YAML and lines as a split of the whole text, and decoding
 * the head alone is most of what a validate of small documents spent decoding (issue 39).
 */
function splitHead(bytes: Buffer): { fm: Frontmatter; whole: boolean } {
  // Cut after the first line that starts like a closing fence, when there is one in the first
  // HEAD_BYTES: most often the frontmatter's end, so only the frontmatter is decoded (the body is
  // decoded later only for a title the frontmatter does not give). If that line is no fence after
  // all, the split below finds none in the head and the whole text is split instead.
  const fenceEnd = fenceLineEnd(bytes);
  const cut = fenceEnd >= 0 && fenceEnd < HEAD_BYTES ? fenceEnd + 1
    : bytes.length > HEAD_BYTES ? bytes.lastIndexOf(0x0a, HEAD_BYTES - 1) + 1 : bytes.length;
  if (cut > 0 && cut < bytes.length) {
    const fm = splitFrontmatter(stripBom(bytes.toString('utf8', 0, cut)));
    if (fm.present) return { fm, whole: false };
  }
  return { fm: splitWhole(bytes), whole: true };
}

/**
 * Where the first line after the opening one that starts with `---` or `...` ends (its "\n"), when
 * it starts within the first HEAD_BYTES; -1 when none does. Line by line (a native search for each
 * line end): a search for the pattern would scan all of a document that has none.
 */
function fenceLineEnd(bytes: Buffer): number {
  const end = Math.min(bytes.length, HEAD_BYTES);
  for (let nl = bytes.indexOf(0x0a); nl >= 0 && nl + 3 < end; nl = bytes.indexOf(0x0a, nl + 1)) {
    const c = bytes[nl + 1];
    if ((c === 0x2d || c === 0x2e) && bytes[nl + 2] === c && bytes[nl + 3] === c) return bytes.indexOf(0x0a, nl + 4);
  }
  return -1;
}

/** A UTF-8 document's frontmatter split from its whole text. */
const splitWhole = (bytes: Buffer): Frontmatter => splitFrontmatter(stripBom(bytes.toString('utf8')));

export function checkConcept(path: string, bytes: Buffer, maxDepth: number, diags: Diagnostic[], decoded?: (t: string | undefined) => void): ConceptDoc {
  const doc: ConceptDoc = { path, idLine: 1 };
  let fm: Frontmatter;
  let whole = true;
  if (decoded) {
    const text = decode(bytes, path, diags);
    decoded(text);
    if (text === undefined) return doc;
    fm = splitFrontmatter(text);
  } else {
    if (!isUtf8(bytes)) { decode(bytes, path, diags); return doc; }
    ({ fm, whole } = splitHead(bytes));
  }
  if (!fm.present) {
    diags.push(error('OCTX_DOCUMENT_FRONTMATTER', `${path} has no YAML frontmatter; a Concept Document starts with a --- fenced block holding type and octx.document_id`, {
      file: path, line: 1, hint: 'run `ctxforge ids <workdir>` to add the missing frontmatter fields',
    }));
    return doc;
  }
  let data: unknown;
  try {
    data = parseYamlSafe(fm.yaml, { maxDepth, lineOffset: fm.yamlLine - 1 });
  } catch (e) {
    if (e instanceof YamlSafetyError) {
      diags.push(error('OCTX_DOCUMENT_FRONTMATTER', `${path}: invalid frontmatter: ${e.reason}`, { file: path, line: e.line ?? fm.yamlLine }));
      return doc;
    }
    throw e;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    diags.push(error('OCTX_DOCUMENT_FRONTMATTER', `${path}: frontmatter must be a YAML mapping`, { file: path, line: fm.yamlLine }));
    return doc;
  }
  const d = data as Record<string, unknown>;
  if (typeof d.type !== 'string' || d.type.trim() === '') {
    diags.push(error('OCTX_DOCUMENT_FRONTMATTER', `${path}: frontmatter needs a non-empty string "type" (OKF type, e.g. Reference)`, {
      file: path, line: lineOfYamlKey(fm.yaml, 'type', fm.yamlLine),
    }));
  } else doc.type = d.type;
  // The rest of the body is decoded for a title only when the frontmatter has none.
  doc.title = titleOf(d.title, whole || ownsTitle(d.title) ? fm.body : splitWhole(bytes).body);
  const octx = d.octx;
  const id = typeof octx === 'object' && octx !== null && !Array.isArray(octx) ? (octx as Record<string, unknown>).document_id : undefined;
  doc.idLine = lineOfYamlKey(fm.yaml, 'document_id', fm.yamlLine);
  if (!isUuidV7(id)) {
    diags.push(error('OCTX_DOCUMENT_ID_INVALID',
      id === undefined ? `${path}: frontmatter lacks octx.document_id` : `${path}: octx.document_id ${JSON.stringify(id)} is not a lowercase canonical UUIDv7`,
      { file: path, line: id === undefined ? fm.yamlLine : doc.idLine, hint: 'run `ctxforge ids <workdir>` to stamp missing IDs (existing IDs are never changed)' }));
  } else doc.id = id;
  return doc;
}

const H1 = /^# \S/m;
const INDEX_ENTRY = /^[*+-] \[[^\]]+\]\([^)]+\)/m;
const LOG_DATE = /^## (\d{4}-\d\d-\d\d)$/;

/** OKF reserved files, with upstream's checks (stricter than OKF §9; notes-octx §5). */
export function checkReserved(path: string, bytes: Buffer, maxDepth: number, diags: Diagnostic[], decoded?: (t: string | undefined) => void): void {
  const bad = (msg: string, line?: number) => diags.push(error('OCTX_OKF_RESERVED_INVALID', `${path}: ${msg}`, { file: path, line }));
  const text = decode(bytes, path, diags);
  decoded?.(text);
  if (text === undefined) return;
  const fm = splitFrontmatter(text);
  const isIndex = path.endsWith('index.md');
  if (fm.present) {
    if (path !== 'knowledge/index.md') bad('frontmatter is allowed only in knowledge/index.md', 1);
    else {
      try {
        const data = parseYamlSafe(fm.yaml, { maxDepth, lineOffset: fm.yamlLine - 1 });
        if (data !== null && data !== undefined) {
          if (typeof data !== 'object' || Array.isArray(data)) bad('frontmatter must be a mapping', fm.yamlLine);
          else for (const k of Object.keys(data)) if (k !== 'okf_version') bad(`frontmatter key ${JSON.stringify(k)} is not allowed (only okf_version)`, fm.yamlLine);
        }
      } catch (e) {
        if (e instanceof YamlSafetyError) bad(`invalid frontmatter: ${e.reason}`, e.line ?? fm.yamlLine);
        else throw e;
      }
    }
  }
  const body = fm.present ? fm.body : text;
  if (!H1.test(body)) bad('needs a "# " title heading');
  if (isIndex) {
    if (!INDEX_ENTRY.test(body)) bad('an index needs at least one list entry "- [Title](target)"');
    return;
  }
  const lines = body.split(/\r?\n/);
  let prev: string | undefined;
  lines.forEach((l, i) => {
    if (!l.startsWith('## ')) return;
    const m = LOG_DATE.exec(l);
    const line = i + (fm.present ? fm.bodyLine : 1);
    if (!m) { bad(`log heading ${JSON.stringify(l)} must be exactly "## YYYY-MM-DD" (OKF v0.1)`, line); return; }
    if (prev !== undefined && m[1]! > prev) bad(`log dates must be in descending order (${m[1]} after ${prev})`, line);
    prev = m[1];
  });
}
