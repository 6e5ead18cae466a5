// Reads a .ctxpkg file into text, values and syntax tree, with the pre-parse gates of §11 (size
// ceiling, ZIP and BOM detection, strict UTF-8, strict JSON, exactly two top-level members).
import { stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { error, type Diagnostic, type Location } from '../core/diagnostics.js';
import { decodeUtf8Strict, JsonSyntaxError, outsideSpaces, parseJsonWithRanges, withoutSpaces, type MemberRange } from '../core/strict-json.js';
import type { ArtifactInput, CommonOptions } from '../format.js';
import './rules.js';
import { lineAt, offsetOf, parseJsonTree, type JNode } from './json-tree.js';
import type { JsonObject } from './model.js';
import type { Path } from './check.js';

/** Default ceiling for one package file (the vectors' README: 64 MiB). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 1000;

export interface ArtifactDoc {
  label: string;
  text: string;
  bytes: Buffer;
  /** The whole document's syntax tree (built on first use). */
  readonly tree: JNode;
  /** The manifest member's syntax tree, offsets in `text` (built alone, on first use). */
  manifestNode: () => JNode;
  manifest: unknown;
  content: unknown;
  manifestRange: MemberRange;
  contentRange: MemberRange;
  /** The `content` member as §8 hashes it (whitespace between tokens removed): bytes or text. */
  compactContent: () => Buffer | string;
  locate: (path: Path) => Location;
}

/** Integers become bigint (exact); other numbers doubles, so float-ness survives for writers. */
export function numberHook(lexeme: string, isInteger: boolean): unknown {
  return isInteger ? BigInt(lexeme) : Number(lexeme);
}

export async function readArtifactBytes(input: ArtifactInput, opts: CommonOptions): Promise<{ bytes?: Buffer; diag?: Diagnostic }> {
  const max = opts.limits?.maxFileBytes ?? DEFAULT_MAX_BYTES;
  const file = input.label;
  if (input.bytes) {
    if (input.bytes.length > max) return { diag: error('CTXPKG_FILE_TOO_LARGE', `${file} is ${input.bytes.length} bytes, above the ceiling of ${max}`, { file }) };
    return { bytes: input.bytes };
  }
  const st = await stat(input.path!).catch(() => undefined);
  if (!st?.isFile()) return { diag: error('CTXPKG_JSON_INVALID', `${file} is not a readable file`, { file }) };
  if (st.size > max) return { diag: error('CTXPKG_FILE_TOO_LARGE', `${file} is ${st.size} bytes, above the ceiling of ${max}; not parsed`, { file, hint: 'raise it with --max-file-bytes if you trust the file' }) };
  // One read of the known size: the promise API reads in 512 KiB steps, ~50 vs ~35 ms for 55 MB.
  try {
    return { bytes: readFileSync(input.path!) };
  } catch (e) {
    return { diag: error('CTXPKG_JSON_INVALID', `${file} is not a readable file: ${(e as Error).message}`, { file }) };
  }
}

/**
 * A member's §8 bytes. An all-ASCII text (as many bytes as characters) has byte offsets equal to
 * its character offsets, so the file's own bytes are sliced instead of encoding a 64 MiB string
 * again for the hash; any other text is compacted as a string.
 */
function compactMember(bytes: Buffer, text: string, spaces: readonly number[], r: MemberRange): Buffer | string {
  if (text.length !== bytes.length) return withoutSpaces(text, spaces, r.valueStart, r.valueEnd);
  const keep = outsideSpaces(spaces, r.valueStart, r.valueEnd);
  if (keep.length === 2) return bytes.subarray(keep[0], keep[1]);
  const parts: Buffer[] = [];
  for (let k = 0; k < keep.length; k += 2) parts.push(bytes.subarray(keep[k], keep[k + 1]));
  return Buffer.concat(parts);
}

export function parseArtifactText(bytes: Buffer, file: string, maxDepth = DEFAULT_MAX_DEPTH): { doc?: ArtifactDoc; diags: Diagnostic[] } {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    return { diags: [error('CTXPKG_ZIP_UNSUPPORTED', `${file} is a ZIP container; the ZIP form is a draft, not CTXPKG v2 (which is one JSON document)`, { file })] };
  }
  let text: string;
  try {
    text = decodeUtf8Strict(bytes, file);
  } catch (e) {
    return { diags: [error('CTXPKG_ENCODING', (e as JsonSyntaxError).reason ?? String(e), { file, line: 1 })] };
  }
  let parsed;
  try {
    parsed = parseJsonWithRanges(text, { maxDepth, number: numberHook });
  } catch (e) {
    if (e instanceof JsonSyntaxError) {
      const code = e.code === 'JSON_DUPLICATE_KEY' ? 'CTXPKG_DUPLICATE_MEMBER' : e.code === 'JSON_DEPTH' ? 'CTXPKG_JSON_DEPTH' : 'CTXPKG_JSON_INVALID';
      const hint = code === 'CTXPKG_DUPLICATE_MEMBER' ? 'a repeated member lets the hashed bytes and the loaded data differ; it is always rejected' : undefined;
      return { diags: [error(code, e.reason, { file, line: e.line, column: e.column, ...(hint ? { hint } : {}) })] };
    }
    if (e instanceof RangeError) return { diags: [error('CTXPKG_JSON_DEPTH', 'JSON nested too deeply to read', { file })] };
    throw e;
  }
  const top = parsed.value;
  if (typeof top !== 'object' || top === null || Array.isArray(top)) {
    return { diags: [error('CTXPKG_TOP_LEVEL', 'the document must be a JSON object {"manifest": …, "content": …}', { file, line: 1 })] };
  }
  const keys = parsed.members.map((m) => m.key);
  const extra = keys.filter((k) => k !== 'manifest' && k !== 'content');
  const mr = parsed.members.find((m) => m.key === 'manifest');
  const cr = parsed.members.find((m) => m.key === 'content');
  if (extra.length || !mr || !cr) {
    const what = extra.length ? `unexpected top-level member${extra.length > 1 ? 's' : ''} ${extra.map((k) => JSON.stringify(k)).join(', ')}` : `missing top-level member "${!mr ? 'manifest' : 'content'}"`;
    const off = extra.length ? parsed.members.find((m) => m.key === extra[0])!.keyStart : 0;
    return { diags: [error('CTXPKG_TOP_LEVEL', `exactly two top-level members are allowed, "manifest" and "content": ${what}`, { file, line: lineAt(text, off) })] };
  }
  // The syntax tree of the whole document (a second parse of a file that may be 64 MiB) is built
  // only when a finding needs a line; signatures need the manifest's, which is parsed alone.
  // Manifest paths (most findings, and warnings located eagerly) are found in the manifest's tree.
  let tree: JNode | undefined;
  let manifestTree: JNode | undefined;
  const whole = () => (tree ??= parseJsonTree(text, maxDepth + 1));
  const manifestNode = () => (manifestTree ??= parseJsonTree(text, maxDepth, { start: mr.valueStart, end: mr.valueEnd }));
  const inManifest = (rest: Path): number => {
    const m = manifestNode();
    const o = offsetOf(m, rest);
    // Nothing found below the manifest: the whole tree would point at its "manifest" key.
    return o === m.start ? mr.keyStart : o;
  };
  const locate = (path: Path): Location => ({ file, line: lineAt(text, path[0] === 'manifest' ? inManifest(path.slice(1)) : offsetOf(whole(), path)) });
  const t = top as JsonObject;
  return {
    diags: [],
    doc: {
      label: file, text, bytes, manifest: t.manifest, content: t.content, manifestRange: mr, contentRange: cr, locate,
      compactContent: () => compactMember(bytes, text, parsed.spaces, cr),
      get tree() { return whole(); },
      manifestNode,
    },
  };
}
